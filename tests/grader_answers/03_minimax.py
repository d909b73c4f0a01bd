# Answers to 03-minimax, as students write them (see tests/test_grader_answers.py).

# --- right: one loop, MAX or MIN by who is to move
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best = -math.inf if maximizing else math.inf
    best_move = None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if (maximizing and value > best) or (not maximizing and value < best):
            best, best_move = value, move
    return best, best_move


# --- right: two helpers, max_value and min_value, as in the textbook
def minimax(state, depth, player, evaluate):
    if state.to_move == player:
        return max_value(state, depth, player, evaluate)
    return min_value(state, depth, player, evaluate)


def max_value(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best, best_move = float("-inf"), None
    for move in moves:
        child = state.apply(move)
        value = minimax(child, depth - 1, player, evaluate)[0]
        if value > best:
            best, best_move = value, move
    return best, best_move


def min_value(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best, best_move = float("inf"), None
    for move in moves:
        value = minimax(state.apply(move), depth - 1, player, evaluate)[0]
        if value < best:
            best, best_move = value, move
    return best, best_move


# --- right: values listed, then max or min, index of the first best
def minimax(state, depth, player, evaluate):
    if depth == 0 or state.is_over():
        return evaluate(state, player), None
    moves = state.legal_moves()
    values = [minimax(state.apply(m), depth - 1, player, evaluate)[0] for m in moves]
    pick = max if state.to_move == player else min
    best = pick(values)
    return best, moves[values.index(best)]


# --- right: minimax as negamax with a sign for the player
def minimax(state, depth, player, evaluate):
    sign = 1 if state.to_move == player else -1
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best, best_move = None, None
    for move in moves:
        value = minimax(state.apply(move), depth - 1, player, evaluate)[0]
        if best is None or sign * value > sign * best:
            best, best_move = value, move
    return best, best_move


# --- right: numpy for the values (np.float64 and np.int64 come back)
import numpy as np


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return np.float64(evaluate(state, player)), None
    values = np.array([minimax(state.apply(m), depth - 1, player, evaluate)[0] for m in moves])
    index = np.argmax(values) if state.to_move == player else np.argmin(values)
    return values[index], moves[index]


# --- bug max_is_player_one: player 1 is MAX whoever the search is for
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best_move = None
    if state.to_move == 1:
        best = -math.inf
        for move in moves:
            value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
            if value > best:
                best, best_move = value, move
    else:
        best = math.inf
        for move in moves:
            value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
            if value < best:
                best, best_move = value, move
    return best, best_move


# --- bug wrong_view: the leaves scored for player 1
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, 1), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
    return best, best_move


# --- bug: player 1 is MAX and the leaves are scored for player 1: minimax for player 1 only
def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, 1), None
    values = [minimax(state.apply(m), depth - 1, player, evaluate)[0] for m in moves]
    best = max(values) if state.to_move == 1 else min(values)
    return best, moves[values.index(best)]


# --- bug wrong_view: the leaves scored for the player to move there
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
    return best, best_move


# --- bug min_missing: every node takes the largest value
def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    values = [minimax(state.apply(m), depth - 1, player, evaluate)[0] for m in moves]
    return max(values), moves[values.index(max(values))]


# --- bug ties_replaced: the last of equal moves kept, at MAX and at MIN
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if value >= best if maximizing else value <= best:
            best, best_move = value, move
    return best, best_move


# --- bug ties_replaced: the last of equal moves kept at MAX nodes only
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if value >= best if maximizing else value < best:
            best, best_move = value, move
    return best, best_move


# --- bug depth_not_decreased: the depth is passed on unchanged
def minimax(state, depth, player, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, player), None
    scores = [(minimax(state.apply(m), depth, player, evaluate)[0], m)
              for m in state.legal_moves()]
    pick = max if state.to_move == player else min
    best = pick(s for s, _ in scores)
    return best, next(m for s, m in scores if s == best)


# --- bug depth_off_by_one: the search goes one ply too deep
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth < 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
    return best, best_move


# --- bug pass_missing: "no move but a pass: the game is over"
def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves or moves == ["pass"] or str(moves[0]) == "0000":
        return evaluate(state, player), None
    values = [minimax(state.apply(m), depth - 1, player, evaluate)[0] for m in moves]
    best = max(values) if state.to_move == player else min(values)
    return best, moves[values.index(best)]


# --- bug: the child searched twice, once in the test and once to keep its value
# says: a second time
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        child = state.apply(move)
        if maximizing and minimax(child, depth - 1, player, evaluate)[0] > best:
            best, best_move = minimax(child, depth - 1, player, evaluate)[0], move
        elif not maximizing and minimax(child, depth - 1, player, evaluate)[0] < best:
            best, best_move = minimax(child, depth - 1, player, evaluate)[0], move
    return best, best_move


# --- bug: MIN's best starts at minus infinity, so MIN never finds a better child
import math


def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = -math.inf, None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
    return best, best_move


# --- bug: the evaluation called at every node, and the value of an inner node is its own
import math


def minimax(state, depth, player, evaluate):
    here = evaluate(state, player)
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return here, None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
    return best, best_move


# --- unanswered: the skeleton, docstring kept
def minimax(state, depth, player, evaluate):
    """Return (value, move): the minimax value of state for player."""
    ...


# --- degenerate: the first legal move, no search
def minimax(state, depth, player, evaluate):
    moves = state.legal_moves()
    return evaluate(state, player), (moves[0] if moves else None)


# --- degenerate: a bare except inside the loop swallows its own error at a leaf, for ever
# seconds: 2
# says: still running after 2 seconds
def minimax(state, depth, player, evaluate):
    best = 0
    moves = state.legal_moves()
    i = 0
    while i < len(moves) + 1:
        try:
            best = max(best, minimax(state.apply(moves[i % len(moves)]), depth, player,
                                     evaluate)[0])
        except:
            continue
        i += 1
    return best, moves[0]


# --- degenerate: prints every node, then returns a value with no move
# says: returned (3, None)
def minimax(state, depth, player, evaluate):
    print("at", state, "depth", depth)
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    values = [minimax(state.apply(m), depth - 1, player, evaluate)[0] for m in moves]
    return (max(values) if state.to_move == player else min(values)), None
