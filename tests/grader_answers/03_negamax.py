# Answers to 03-negamax, as students write them (see tests/test_grader_answers.py).

# --- right: the textbook loop, the child's value negated
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- right: is_terminal first, None as "nothing yet", the moves asked for afterwards
def negamax(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best = None
    choice = None
    for move in state.legal_moves():
        score, _ = negamax(state.apply(move), depth - 1, evaluate)
        if best is None or -score > best:
            best, choice = -score, move
    return best, choice


# --- right: max over a list of (value, index); max keeps the first of equal values
def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or len(moves) == 0:
        return evaluate(state, state.to_move), None
    scored = [(-negamax(state.apply(m), depth - 1, evaluate)[0], -i) for i, m in enumerate(moves)]
    value, index = max(scored)
    return value, moves[-index]


# --- right: numpy holds the values; argmax picks the first best
import numpy as np


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    values = np.array([-negamax(state.apply(m), depth - 1, evaluate)[0] for m in moves],
                      dtype=float)
    best = int(np.argmax(values))
    return values[best], moves[best]


# --- right: the recursion in a helper with another name
def negamax(state, depth, evaluate):
    return search(state, depth, evaluate)


def search(node, depth, evaluate):
    children = node.legal_moves()
    if depth <= 0 or not children:
        return evaluate(node, node.to_move), None
    best_value, best_move = float("-inf"), None
    for child_move in children:
        child_value, _ = search(node.apply(child_move), depth - 1, evaluate)
        if -child_value > best_value:
            best_value, best_move = -child_value, child_move
    return best_value, best_move


# --- right: the moves asked for again after the loop (no node searched twice)
import math


def negamax(state, depth, evaluate):
    if depth == 0 or not state.legal_moves():
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in state.legal_moves():
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move
    if best_move is None:
        best_move = state.legal_moves()[0]
    return best, best_move


# --- right: the leaves below the last ply evaluated straight from their parent
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        child = state.apply(move)
        if depth == 1:
            value = -evaluate(child, child.to_move)
        else:
            value = -negamax(child, depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug negamax_sign: the child's value is not negated
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value, _ = negamax(state.apply(move), depth - 1, evaluate)
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug wrong_view: the leaves scored for player 1 (right whenever player 1 is to move there)
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, 1), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug: player 1 maximizes, player 2 minimizes, with negamax's negation kept
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    values = [-negamax(state.apply(m), depth - 1, evaluate)[0] for m in moves]
    best = max(values) if state.to_move == 1 else min(values)
    return best, moves[values.index(best)]


# --- bug wrong_view: the leaves scored for the player who just moved
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, 3 - state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug ties_replaced: >= keeps the last of equal moves
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value >= best:
            best, best_move = value, move
    return best, best_move


# --- bug depth_off_by_one: stops one ply early
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth <= 1 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug depth_not_decreased: the children searched with the same depth
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug pass_missing: a player who has to pass is scored as a leaf
import math


def negamax(state, depth, evaluate):
    moves = [m for m in state.legal_moves() if str(m) not in ("pass", "0000")]
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug: the child searched once to compare and again to keep
# says: a second time
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        if -negamax(state.apply(move), depth - 1, evaluate)[0] > best:
            best = -negamax(state.apply(move), depth - 1, evaluate)[0]
            best_move = move
    return best, best_move


# --- bug: the best child searched again after the loop, for its value
# says: a second time
def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best_move = moves[0]
    best = None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if best is None or value > best:
            best, best_move = value, move
    return -negamax(state.apply(best_move), depth - 1, evaluate)[0], best_move


# --- bug: a pass keeps the sign (the same player is thought to move again)
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = negamax(state.apply(move), depth - 1, evaluate)[0]
        if str(move) not in ("pass", "0000"):
            value = -value
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- bug: the move kept is the last one tried, not the best
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        best = max(best, value)
        best_move = move
    return best, best_move


# --- bug: forgets the return at the end
# says: gave None
import math


def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax(state.apply(move), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, move


# --- unanswered: the skeleton as the notebook shows it
def negamax(state, depth, evaluate):
    """Return (value, move): the value of state for the player to move there (state.to_move),
    searching depth plies, and the move to play (None when state is a leaf)."""
    ...


# --- unanswered: pass instead of ..., typed without a file
# source: none
def negamax(state, depth, evaluate):
    pass


# --- degenerate: the value and the move in the wrong order
# says: not a legal move
def negamax(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return None, evaluate(state, state.to_move)
    best = max(moves, key=lambda m: -negamax(state.apply(m), depth - 1, evaluate)[1])
    return best, -negamax(state.apply(best), depth - 1, evaluate)[1]


# --- degenerate: an endless loop that asks nothing of the position
# seconds: 1
# says: still running after 1 seconds
def negamax(state, depth, evaluate):
    while True:
        pass


# --- degenerate: a bare except swallows the grader's stop, and the loop never ends
# seconds: 2
# says: catches every exception
def negamax(state, depth, evaluate):
    best = None
    while best is None:
        try:
            moves = state.legal_moves()
            best = max(-negamax(state.apply(m), depth - 1, evaluate)[0] for m in moves)
        except:
            pass
    return best, None


# --- degenerate: sleeps at every node
# seconds: 1.5
# says: stopped
import time


def negamax(state, depth, evaluate):
    time.sleep(0.5)
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    return max((-negamax(state.apply(m), depth - 1, evaluate)[0], m) for m in moves)


# --- degenerate: waits for input
# says: EOFError
def negamax(state, depth, evaluate):
    answer = input("which move? ")
    return 0, state.legal_moves()[int(answer)]


# --- degenerate: ends the process
# says: the process running it ended
import os


def negamax(state, depth, evaluate):
    os._exit(3)


# --- degenerate: calls itself without end
# says: RecursionError
def negamax(state, depth, evaluate):
    value, _ = negamax(state, depth - 1, evaluate)
    return -value, None
