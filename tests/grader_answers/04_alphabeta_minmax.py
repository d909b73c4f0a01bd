# Answers to 04-alphabeta-minmax, as students write them (see tests/test_grader_answers.py).

# --- right: one loop for both sides
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best = -math.inf if maximizing else math.inf
    best_move = None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
        if (value > best) if maximizing else (value < best):
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


# --- right: max_value and min_value, the cut tested before the window moves
def alphabeta(state, depth, alpha, beta, player, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, player), None
    if state.to_move == player:
        return max_value(state, depth, alpha, beta, player, evaluate)
    return min_value(state, depth, alpha, beta, player, evaluate)


def max_value(state, depth, alpha, beta, player, evaluate):
    value, choice = float("-inf"), None
    for move in state.legal_moves():
        score = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)[0]
        if score > value:
            value, choice = score, move
        if value >= beta:
            return value, choice
        alpha = max(alpha, value)
    return value, choice


def min_value(state, depth, alpha, beta, player, evaluate):
    value, choice = float("inf"), None
    for move in state.legal_moves():
        score = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)[0]
        if score < value:
            value, choice = score, move
        if value <= alpha:
            return value, choice
        beta = min(beta, value)
    return value, choice


# --- right: fail-hard, the bound returned at a cut
def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best_move = None
    if state.to_move == player:
        for move in moves:
            score = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)[0]
            if score >= beta:
                return beta, move
            if score > alpha or best_move is None:
                alpha, best_move = max(alpha, score), move
        return alpha, best_move
    for move in moves:
        score = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)[0]
        if score <= alpha:
            return alpha, move
        if score < beta or best_move is None:
            beta, best_move = min(beta, score), move
    return beta, best_move


# --- bug cut_strict: the cuts on > and <
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
        if maximizing:
            if best > beta:
                break
            alpha = max(alpha, best)
        else:
            if best < alpha:
                break
            beta = min(beta, best)
    return best, best_move


# --- bug window_not_narrowed: alpha and beta never move
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
        if (maximizing and best >= beta) or (not maximizing and best <= alpha):
            break
    return best, best_move


# --- bug window_not_passed: each child gets the full window
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, -math.inf, math.inf, player,
                             evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
        if maximizing:
            if best >= beta:
                break
            alpha = max(alpha, best)
        else:
            if best <= alpha:
                break
            beta = min(beta, best)
    return best, best_move


# --- bug max_is_player_one: MAX at player 1's nodes whoever the search is for
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best_move = None
    if state.to_move == 1:
        best = -math.inf
        for move in moves:
            value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
            if value > best:
                best, best_move = value, move
            if best >= beta:
                break
            alpha = max(alpha, best)
    else:
        best = math.inf
        for move in moves:
            value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
            if value < best:
                best, best_move = value, move
            if best <= alpha:
                break
            beta = min(beta, best)
    return best, best_move


# --- bug wrong_view: the leaves scored for player 1
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, 1), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


# --- bug: the MIN branch raises alpha instead of lowering beta
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
        if maximizing:
            if best >= beta:
                break
            alpha = max(alpha, best)
        else:
            if best <= alpha:
                break
            alpha = max(alpha, best)
    return best, best_move


# --- bug: the cut tested on the child's value, and the best not kept before the break
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
        if maximizing and value >= beta:
            break
        if not maximizing and value <= alpha:
            break
        if value > best if maximizing else value < best:
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
    return best, best_move


# --- bug: the child searched twice, once to compare and once to keep
# says: a second time
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        child = state.apply(move)
        value = alphabeta(child, depth - 1, alpha, beta, player, evaluate)[0]
        if value > best if maximizing else value < best:
            best = alphabeta(child, depth - 1, alpha, beta, player, evaluate)[0]
            best_move = move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


# --- bug ties_replaced: the last of equal moves kept
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
        if value >= best if maximizing else value <= best:
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


# --- bug: the window is swapped for the MIN player's children
import math


def alphabeta(state, depth, alpha, beta, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    maximizing = state.to_move == player
    best, best_move = (-math.inf if maximizing else math.inf), None
    for move in moves:
        window = (alpha, beta) if maximizing else (-beta, -alpha)
        value, _ = alphabeta(state.apply(move), depth - 1, *window, player, evaluate)
        if value > best if maximizing else value < best:
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


# --- unanswered: the skeleton
def alphabeta(state, depth, alpha, beta, player, evaluate):
    """Return (value, move): minimax with the window (alpha, beta)."""
    ...


# --- degenerate: the window's end returned without a search
def alphabeta(state, depth, alpha, beta, player, evaluate):
    return alpha, None


# --- degenerate: raises until it is written
# says: NotImplementedError
def alphabeta(state, depth, alpha, beta, player, evaluate):
    raise NotImplementedError("to do")


# --- degenerate: returns a dictionary
# says: returns a pair (value, move)
def alphabeta(state, depth, alpha, beta, player, evaluate):
    return {"value": evaluate(state, player), "move": None}
