# Answers to 07-sprt-llr, as students write them (see tests/test_grader_answers.py).

# --- right: a win, a loss, a draw, then the two bounds
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log(p1 / p0)
    elif result == 0:
        llr += math.log((1 - p1) / (1 - p0))
    if llr >= math.log((1 - beta) / alpha):
        return llr, "accept H1"
    if llr <= math.log(beta / (1 - alpha)):
        return llr, "accept H0"
    return llr, "continue"


# --- right: the bounds first, the step as a difference of logs
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    lower = math.log(beta) - math.log(1 - alpha)
    upper = math.log(1 - beta) - math.log(alpha)
    step = {1: math.log(p1) - math.log(p0), 0: math.log(1 - p1) - math.log(1 - p0), 0.5: 0.0}
    new = llr + step[result]
    decision = "accept H1" if new >= upper else "accept H0" if new <= lower else "continue"
    return new, decision


# --- right: numpy's log (np.float64 comes back)
import numpy as np


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 0.5:
        step = 0.0
    elif result == 1:
        step = np.log(p1 / p0)
    else:
        step = np.log((1 - p1) / (1 - p0))
    llr = llr + step
    if llr <= np.log(beta / (1 - alpha)):
        return llr, "accept H0"
    if llr >= np.log((1 - beta) / alpha):
        return llr, "accept H1"
    return llr, "continue"


# --- bug llr_steps_swapped: a win moves the LLR down
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log((1 - p1) / (1 - p0))
    elif result == 0:
        llr += math.log(p1 / p0)
    if llr >= math.log((1 - beta) / alpha):
        return llr, "accept H1"
    if llr <= math.log(beta / (1 - alpha)):
        return llr, "accept H0"
    return llr, "continue"


# --- bug llr_ratio_inverted: H0 over H1
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log(p0 / p1)
    elif result == 0:
        llr += math.log((1 - p0) / (1 - p1))
    if llr >= math.log((1 - beta) / alpha):
        return llr, "accept H1"
    if llr <= math.log(beta / (1 - alpha)):
        return llr, "accept H0"
    return llr, "continue"


# --- bug llr_draw_as_loss: anything but a win counted as a loss
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log(p1 / p0)
    else:
        llr += math.log((1 - p1) / (1 - p0))
    if llr >= math.log((1 - beta) / alpha):
        return llr, "accept H1"
    if llr <= math.log(beta / (1 - alpha)):
        return llr, "accept H0"
    return llr, "continue"


# --- bug sprt_bounds_swapped: alpha and beta exchanged in both bounds
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log(p1 / p0)
    elif result == 0:
        llr += math.log((1 - p1) / (1 - p0))
    if llr >= math.log((1 - alpha) / beta):
        return llr, "accept H1"
    if llr <= math.log(alpha / (1 - beta)):
        return llr, "accept H0"
    return llr, "continue"


# --- bug sprt_bounds_swapped: alpha and beta exchanged in the lower bound only
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log(p1 / p0)
    elif result == 0:
        llr += math.log((1 - p1) / (1 - p0))
    if llr >= math.log((1 - beta) / alpha):
        return llr, "accept H1"
    if llr <= math.log(alpha / (1 - beta)):
        return llr, "accept H0"
    return llr, "continue"


# --- bug sprt_bounds_not_log: the bounds left as ratios
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log(p1 / p0)
    elif result == 0:
        llr += math.log((1 - p1) / (1 - p0))
    if llr >= (1 - beta) / alpha:
        return llr, "accept H1"
    if llr <= beta / (1 - alpha):
        return llr, "accept H0"
    return llr, "continue"


# --- bug: a draw counted as half a win and half a loss
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    llr += result * math.log(p1 / p0) + (1 - result) * math.log((1 - p1) / (1 - p0))
    if llr >= math.log((1 - beta) / alpha):
        return llr, "accept H1"
    if llr <= math.log(beta / (1 - alpha)):
        return llr, "accept H0"
    return llr, "continue"


# --- bug: every logarithm in base 10 (the decisions agree, the LLR does not)
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log10(p1 / p0)
    elif result == 0:
        llr += math.log10((1 - p1) / (1 - p0))
    if llr >= math.log10((1 - beta) / alpha):
        return llr, "accept H1"
    if llr <= math.log10(beta / (1 - alpha)):
        return llr, "accept H0"
    return llr, "continue"


# --- bug: the upper bound written log(beta / alpha)
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    if result == 1:
        llr += math.log(p1 / p0)
    elif result == 0:
        llr += math.log((1 - p1) / (1 - p0))
    if llr >= math.log(beta / alpha):
        return llr, "accept H1"
    if llr <= math.log(beta / (1 - alpha)):
        return llr, "accept H0"
    return llr, "continue"


# --- unanswered: the skeleton
def sprt_step(llr, result, p0, p1, alpha, beta):
    """Return (new_llr, decision) after one more game of the SPRT."""
    ...


# --- degenerate: the decision alone
# says: it returns (new_llr, decision)
def sprt_step(llr, result, p0, p1, alpha, beta):
    return "continue"


# --- degenerate: never decides
def sprt_step(llr, result, p0, p1, alpha, beta):
    return llr, "continue"


# --- degenerate: the decision written in other words
# says: 'accept H0' or 'accept H1'
import math


def sprt_step(llr, result, p0, p1, alpha, beta):
    llr += math.log(p1 / p0) if result == 1 else math.log((1 - p1) / (1 - p0)) if result == 0 else 0
    return llr, "H1" if llr > 2.9 else "H0" if llr < -2.9 else "continue"
