# Answers to 06-ucb-select, as students write them (see tests/test_grader_answers.py).

# --- right: the unvisited first, then the highest score
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    best, best_score = None, -math.inf
    for child in node.children:
        score = child.wins / child.visits + c * math.sqrt(2 * math.log(node.visits) / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


# --- right: an unvisited child scores infinity; max keeps the first of equal scores
import math


def ucb_select(node, c):
    def score(child):
        if child.visits == 0:
            return math.inf
        exploit = child.wins / child.visits
        explore = c * math.sqrt(2 * math.log(node.visits) / child.visits)
        return exploit + explore
    return max(node.children, key=score)


# --- right: numpy scores, argmax takes the first best
import numpy as np


def ucb_select(node, c):
    visits = np.array([child.visits for child in node.children], dtype=float)
    wins = np.array([child.wins for child in node.children], dtype=float)
    if (visits == 0).any():
        return node.children[int(np.argmax(visits == 0))]
    scores = wins / visits + c * np.sqrt(2 * np.log(node.visits) / visits)
    return node.children[np.argmax(scores)]


# --- right: the exploration written as c * sqrt(2) * sqrt(ln N / n)
import math


def ucb_select(node, c):
    unvisited = [child for child in node.children if child.visits == 0]
    if unvisited:
        return unvisited[0]
    scores = [ch.wins / ch.visits + c * math.sqrt(2) * math.sqrt(math.log(node.visits) / ch.visits)
              for ch in node.children]
    return node.children[scores.index(max(scores))]


# --- bug ucb_wrong_log: the log of the child's visits
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    return max(node.children, key=lambda ch: ch.wins / ch.visits
               + c * math.sqrt(2 * math.log(ch.visits) / ch.visits))


# --- bug ucb_wrong_log: the log of the node's visits plus one
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    total = math.log(node.visits + 1)
    return max(node.children, key=lambda ch: ch.wins / ch.visits + c * math.sqrt(2 * total / ch.visits))


# --- bug ucb_wrong_log: the log of the children's visits added up
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    n = sum(child.visits for child in node.children)
    return max(node.children,
               key=lambda ch: ch.wins / ch.visits + c * math.sqrt(2 * math.log(n) / ch.visits))


# --- bug ucb_factor_missing: no 2 under the square root
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    return max(node.children, key=lambda ch: ch.wins / ch.visits
               + c * math.sqrt(math.log(node.visits) / ch.visits))


# --- bug: the square root over the numerator only
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    return max(node.children, key=lambda ch: ch.wins / ch.visits
               + c * math.sqrt(2 * math.log(node.visits)) / ch.visits)


# --- bug ucb_no_sqrt: no square root at all
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    return max(node.children, key=lambda ch: ch.wins / ch.visits
               + c * 2 * math.log(node.visits) / ch.visits)


# --- bug ucb_wrong_side: the win rate of the other player
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    return max(node.children, key=lambda ch: (ch.visits - ch.wins) / ch.visits
               + c * math.sqrt(2 * math.log(node.visits) / ch.visits))


# --- bug ties_replaced: >= keeps the last of equal scores
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    best, best_score = None, -math.inf
    for child in node.children:
        score = child.wins / child.visits + c * math.sqrt(2 * math.log(node.visits) / child.visits)
        if score >= best_score:
            best, best_score = child, score
    return best


# --- bug ucb_unvisited_not_first: an unvisited child is skipped
import math


def ucb_select(node, c):
    best, best_score = None, -math.inf
    for child in node.children:
        if child.visits == 0:
            continue
        score = child.wins / child.visits + c * math.sqrt(2 * math.log(node.visits) / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


# --- bug: the last unvisited child taken instead of the first
import math


def ucb_select(node, c):
    unvisited = [child for child in node.children if child.visits == 0]
    if unvisited:
        return unvisited[-1]
    return max(node.children, key=lambda ch: ch.wins / ch.visits
               + c * math.sqrt(2 * math.log(node.visits) / ch.visits))


# --- bug: the node's own win rate in place of the child's
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    return max(node.children, key=lambda ch: node.wins / node.visits
               + c * math.sqrt(2 * math.log(node.visits) / ch.visits))


# --- bug: the logarithm in base 10
import math


def ucb_select(node, c):
    for child in node.children:
        if child.visits == 0:
            return child
    return max(node.children, key=lambda ch: ch.wins / ch.visits
               + c * math.sqrt(2 * math.log10(node.visits) / ch.visits))


# --- unanswered: the skeleton
def ucb_select(node, c):
    """Return the child of node that MCTS's selection goes down to."""
    ...


# --- degenerate: the index of the child instead of the child
# says: not one of node.children
def ucb_select(node, c):
    for i, child in enumerate(node.children):
        if child.visits == 0:
            return i
    return 0


# --- degenerate: counts the visit itself
# says: changed node
def ucb_select(node, c):
    node.visits += 1
    return node.children[0]


# --- degenerate: always the first child
def ucb_select(node, c):
    return node.children[0]
