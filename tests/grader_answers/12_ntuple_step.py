# Answers to 12-ntuple-step, as students write them (see tests/test_grader_answers.py).

# --- right: two loops, the bias last
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1]
    for index in lookups:
        f += weights[index]
    p = 1 / (1 + math.exp(-f))
    for index in lookups:
        weights[index] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
    return p


# --- right: numpy, repeats added with np.add.at
import numpy as np


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + weights[lookups].sum()
    p = 1 / (1 + np.exp(-f))
    np.add.at(weights, lookups, -learning_rate * (p - target))
    weights[-1] -= learning_rate * (p - target)
    return float(p)


# --- right: the derivative counted per weight first, then one update each
import math
from collections import Counter


def gradient_step(weights, lookups, target, learning_rate):
    score = weights[-1] + sum(weights[i] for i in lookups)
    p = math.exp(score) / (1 + math.exp(score))
    for index, times in Counter(lookups).items():
        weights[index] -= learning_rate * times * (p - target)
    weights[len(weights) - 1] -= learning_rate * (p - target)
    return p


# --- bug step_uphill: the derivative added instead of subtracted
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    for i in lookups:
        weights[i] += learning_rate * (p - target)
    weights[-1] += learning_rate * (p - target)
    return p
# says: at step 1 (lookups [0, 2, 4], target 1.0) p is right


# --- bug step_uphill: the error written target - p, then subtracted
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    error = target - p
    for i in lookups:
        weights[i] -= learning_rate * error
    weights[-1] -= learning_rate * error
    return p


# --- bug no_sigmoid: the score used as the prediction
def gradient_step(weights, lookups, target, learning_rate):
    p = weights[-1] + sum(weights[i] for i in lookups)
    for i in lookups:
        weights[i] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
    return p
# says: your function returned p =


# --- bug bias_not_trained: only the looked-up weights move
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    for i in lookups:
        weights[i] -= learning_rate * (p - target)
    return p
# says: the bias is


# --- bug score_without_bias: the bias is trained but left out of the score
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    for i in lookups:
        weights[i] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
    return p


# --- bug repeats_once: numpy's fancy index moves a repeated weight once
import numpy as np


def gradient_step(weights, lookups, target, learning_rate):
    p = 1 / (1 + np.exp(-(weights[-1] + weights[lookups].sum())))
    weights[lookups] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
    return p
# says: weights[1] is


# --- bug p_after_step: the prediction computed again after the step, and returned
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    for i in lookups:
        weights[i] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
    f = weights[-1] + sum(weights[i] for i in lookups)
    return 1 / (1 + math.exp(-f))
# says: your function returned p =


# --- bug weights_not_in_place: the weights trained on a copy, the caller's never change
import math


def gradient_step(weights, lookups, target, learning_rate):
    weights = list(weights)
    f = weights[-1] + sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    for i in lookups:
        weights[i] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
    return p
# says: your weights did not change
# says: change them in place


# --- bug weights_not_in_place: numpy's weights = weights - ..., a new array the caller never sees
import numpy as np


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + weights[lookups].sum()
    p = 1 / (1 + np.exp(-f))
    gradient = np.zeros_like(weights)
    np.add.at(gradient, lookups, p - target)
    gradient[-1] = p - target
    weights = weights - learning_rate * gradient
    return float(p)
# says: your weights did not change


# --- degenerate: the loss returned instead of p
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    for i in lookups:
        weights[i] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
    return -(target * math.log(p) + (1 - target) * math.log(1 - p))


# --- degenerate: the return forgotten
import math


def gradient_step(weights, lookups, target, learning_rate):
    f = weights[-1] + sum(weights[i] for i in lookups)
    p = 1 / (1 + math.exp(-f))
    for i in lookups:
        weights[i] -= learning_rate * (p - target)
    weights[-1] -= learning_rate * (p - target)
# says: it returned None


# --- unanswered: the skeleton's body
def gradient_step(weights, lookups, target, learning_rate):
    """Train the network on one position."""
    ...
