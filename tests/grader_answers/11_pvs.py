# Answers to 11-pvs, as students write them (see tests/test_grader_answers.py).

# --- right: the course's loop, the first move apart
import math


def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
            if alpha < value < beta:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- right: a flag for the first move, the window raised before the cut test
def pvs(state, depth, alpha, beta, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best, best_move, first = None, None, True
    for move in state.legal_moves():
        nxt = state.apply(move)
        if first:
            score, _ = pvs(nxt, depth - 1, -beta, -alpha, evaluate)
            score = -score
            first = False
        else:
            score, _ = pvs(nxt, depth - 1, -(alpha + 1), -alpha, evaluate)
            score = -score
            if score > alpha and score < beta:
                score, _ = pvs(nxt, depth - 1, -beta, -alpha, evaluate)
                score = -score
        if best is None or score > best:
            best, best_move = score, move
        if score > alpha:
            alpha = score
        if alpha >= beta:
            break
    return best, best_move


# --- right: the first move searched before the loop, the rest in a slice
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best = -pvs(state.apply(moves[0]), depth - 1, -beta, -alpha, evaluate)[0]
    best_move = moves[0]
    if best >= beta:
        return best, best_move
    alpha = max(alpha, best)
    for move in moves[1:]:
        child = state.apply(move)
        value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
        if alpha < value < beta:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
            if value >= beta:
                break
            alpha = max(alpha, value)
    return best, best_move


# --- right: a helper that searches a child and flips its value
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None

    def child_value(child, low, high):
        return -pvs(child, depth - 1, -high, -low, evaluate)[0]

    best, best_move = float("-inf"), None
    for k, move in enumerate(moves):
        child = state.apply(move)
        if k > 0:
            value = child_value(child, alpha, alpha + 1)
            if value <= alpha or value >= beta:
                pass
            else:
                value = child_value(child, alpha, beta)
        else:
            value = child_value(child, alpha, beta)
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_no_research: the null window's answer kept as the value
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        if i == 0:
            value = -pvs(state.apply(move), depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(state.apply(move), depth - 1, -alpha - 1, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_research_too_often: searched again whenever it beats alpha, beta or not
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
            if value > alpha:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_first_move_null: every move asked the null-window question first
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for move in moves:
        child = state.apply(move)
        value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
        if alpha < value < beta:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_null_window_wrong: the null window written from this node's view
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, alpha, alpha + 1, evaluate)[0]
            if alpha < value < beta:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_null_window_wrong: the null window one below alpha
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha, -alpha + 1, evaluate)[0]
            if alpha < value < beta:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_research_ignored: the second search's value stored under another name
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
            if alpha < value < beta:
                exact = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug window_not_narrowed: alpha never raised, so every null window asks about the old one
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
            if alpha < value < beta:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
    return best, best_move


# --- bug: the re-search's value not negated
# says: does not search it again there
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
            if alpha < value < beta:
                value = pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- right: fail-hard, the window's end returned at a cut and when nothing beat alpha
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best_move = None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
            if alpha < value < beta:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value >= beta:
            return beta, move
        if value > alpha or best_move is None:
            alpha, best_move = max(alpha, value), move
    return alpha, best_move


# --- bug: the first move searched twice, once with the null window and once in full
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
        if i == 0 or alpha < value < beta:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_null_window_stale: the null window asks about the alpha the node was entered with
# says: the right one does not search it again there
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    start = alpha
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -(start + 1), -start, evaluate)[0]
            if start < value < beta:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- bug pvs_null_window_stale: the first alpha kept for the null window, the test right
def pvs(state, depth, alpha, beta, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    first_alpha = alpha
    best, best_move = float("-inf"), None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -first_alpha - 1, -first_alpha, evaluate)[0]
            if alpha < value < beta:
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- unanswered: the skeleton
def pvs(state, depth, alpha, beta, evaluate):
    """Return (value, move): alpha-beta that searches as principal variation search does."""
    ...


# --- degenerate: the value only, no move
# says: returns a pair (value, move)
def pvs(state, depth, alpha, beta, evaluate):
    return evaluate(state, state.to_move)


# --- degenerate: a bare except around the loop swallows the grader's stop
# seconds: 4
def pvs(state, depth, alpha, beta, evaluate):
    while True:
        try:
            state.legal_moves()
        except:  # noqa: E722
            pass
