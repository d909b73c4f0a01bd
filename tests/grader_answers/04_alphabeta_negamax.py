# Answers to 04-alphabeta-negamax, as students write them (see tests/test_grader_answers.py).

# --- right: the course's loop, alpha raised after the cut test
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- right: alpha raised first, then the cut when the window closes
def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best, best_move = None, None
    for move in state.legal_moves():
        score, _ = negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)
        score = -score
        if best is None or score > best:
            best, best_move = score, move
        alpha = max(alpha, score)
        if alpha >= beta:
            break
    return best, best_move


# --- right: fail-hard, alpha returned (beta at a cut)
def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best_move = None
    for move in moves:
        score = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if score >= beta:
            return beta, move
        if score > alpha or best_move is None:
            alpha, best_move = max(alpha, score), move
    return alpha, best_move


# --- right: a while loop over the moves, the window in a tuple
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    window = (alpha, beta)
    best, best_move, i = -math.inf, None, 0
    while i < len(moves) and best < window[1]:
        child_window = (-window[1], -window[0])
        value = -negamax_alphabeta(state.apply(moves[i]), depth - 1, *child_window, evaluate)[0]
        if value > best:
            best, best_move = value, moves[i]
            window = (max(window[0], best), window[1])
        i += 1
    return best, best_move


# --- bug negamax_window: the window passed down negated but not swapped
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -alpha, -beta, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug negamax_window: the window passed down as it is
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, alpha, beta, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug negamax_sign: the child's value kept as it is
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug cut_strict: the cut on >
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best > beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug cut_strict: alpha raised, then the cut only when alpha passes beta
def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        alpha = max(alpha, value)
        if alpha > beta:
            break
    return best, best_move


# --- bug window_not_narrowed: alpha never raised
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
    return best, best_move


# --- bug wrong_view: the leaves scored for player 1
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, 1), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug: beta lowered by the child's value as well
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
        beta = min(beta, -value) if -value > alpha else beta
    return best, best_move


# --- bug: the best child searched again with the full window after the loop
# says: a second time
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    exact = -negamax_alphabeta(state.apply(best_move), depth - 1, -math.inf, math.inf,
                               evaluate)[0]
    return exact, best_move


# --- bug window_not_narrowed: the alpha of the parent kept for every child, the cut on the value
import math


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        if value >= beta:
            return value, move
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- unanswered: the skeleton
def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    """Return (value, move): alpha-beta in negamax form."""
    ...


# --- degenerate: NaN for every value
# says: a value is a number
def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    return float("nan"), None


# --- degenerate: returns a generator
# says: returns a pair (value, move)
def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    for move in state.legal_moves():
        yield move
