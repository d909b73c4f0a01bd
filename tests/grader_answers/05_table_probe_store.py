# Answers to 05-table-probe-store, as students write them (see tests/test_grader_answers.py).

# --- right: probe, move first, search, store, as the docstring orders it
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            elif kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    if best <= original_alpha:
        kind = "upper"
    elif best >= beta:
        kind = "lower"
    else:
        kind = "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- right: a helper for the probe, the entry stored as a list
import math


def probe(table, key, depth, alpha, beta):
    entry = table.get(key)
    if entry is None or entry[0] != depth:
        return alpha, beta
    _, value, kind, _ = entry
    if kind == "exact":
        return value, value
    if kind == "lower":
        return max(alpha, value), beta
    return alpha, min(beta, value)


def table_search(state, depth, alpha, beta, evaluate, table):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    key = state.key()
    entry = table.get(key)
    start_alpha = alpha
    alpha, beta = probe(table, key, depth, alpha, beta)
    if alpha >= beta:
        return entry[1], entry[3]
    moves = state.legal_moves()
    if entry is not None and entry[3] in moves:
        moves = [entry[3]] + [m for m in moves if m != entry[3]]
    best, best_move = -math.inf, None
    for move in moves:
        score, _ = table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)
        if -score > best:
            best, best_move = -score, move
            alpha = max(alpha, best)
        if alpha >= beta:
            break
    kind = "upper" if best <= start_alpha else "lower" if best >= beta else "exact"
    table[key] = [depth, best, kind, best_move]
    return best, best_move


# --- bug table_bound_replaces_window: a bound replaces the window's end
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "exact":
                alpha = beta = v
            elif kind == "lower":
                alpha = v
            else:
                beta = v
            if alpha >= beta:
                return v, m
        if m in moves:
            moves = [m] + [x for x in moves if x != m]
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug: the table's move put in front, and left in its place too
# says: a second time
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    entry = table.get(key)
    if entry:
        d, v, kind, m = entry
        if d == depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            if kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves = [m] + moves
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug table_wrong_depth: an entry from a deeper search is used too
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d >= depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            elif kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug table_bounds_as_exact: any entry at this depth is returned at once
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug table_kind_wrong: "failed low" judged with the raised alpha
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            elif kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug table_move_not_first: the stored move never tried first
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            elif kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug table_never_stored: the table is replaced by a new dict, so nothing reaches the caller's
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    table = dict(table)
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            elif kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug: the leaves stored in the table too
# says: the table differs first at the entry of node
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    key = state.key()
    if depth == 0 or not moves:
        value = evaluate(state, state.to_move)
        table[key] = (depth, value, "exact", None)
        return value, None
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            elif kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- bug: the value stored clamped to the window (fail-hard), against the docstring
# says: the table differs first at the entry of node
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "exact":
                return v, m
            if kind == "lower":
                alpha = max(alpha, v)
            elif kind == "upper":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "upper" if best <= original_alpha else "lower" if best >= beta else "exact"
    stored = min(max(best, original_alpha), beta)
    table[key] = (depth, stored, kind, best_move)
    return best, best_move


# --- bug: the kinds written in capitals
# says: kind 'EXACT'
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    original_alpha = alpha
    if key in table:
        d, v, kind, m = table[key]
        if d == depth:
            if kind == "EXACT":
                return v, m
            if kind == "LOWER":
                alpha = max(alpha, v)
            elif kind == "UPPER":
                beta = min(beta, v)
            if alpha >= beta:
                return v, m
        if m in moves:
            moves.remove(m)
            moves.insert(0, m)
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    kind = "UPPER" if best <= original_alpha else "LOWER" if best >= beta else "EXACT"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- unanswered: the skeleton
def table_search(state, depth, alpha, beta, evaluate, table):
    """Return (value, move): negamax alpha-beta (as in 04) with a transposition table."""
    ...


# --- degenerate: indexes the table without looking first
# says: KeyError
def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    depth_stored, value, kind, move = table[state.key()]
    return value, move


# --- bug table_never_stored: the 04 search, the table left alone
import math


def table_search(state, depth, alpha, beta, evaluate, table):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move
