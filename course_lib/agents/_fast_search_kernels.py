"""The compiled kernels behind ``course_lib.agents.fast_search``: negamax alpha-beta on bitboards.

Read ``fast_search.py`` first, and ``Searcher.negamax_alphabeta`` in ``search.py``: these
kernels are that method, line for line, on the bitboards of ``course_lib.ataxx._bitboard``.
Everything here takes only numpy arrays and scalars.

One search shares a few arrays, allocated once by ``fast_search.py``:

- ``ws``, the int64 *workspace*, one flat array cut into parts (offsets below; ``P`` plies):
  the counters ``ws[C_*]`` (``ws[STOP]`` is set to 1 from outside to abandon the search), the
  nodes per ply, the killers (two per ply, ``NO_MOVE`` when empty), the history scores
  (``history[code + 1]``, index 0 for the pass), and per ply a move buffer and a key buffer;
- the transposition table as two parallel arrays: ``tt_keys[slot]`` (uint64 Zobrist hash) and
  ``tt_data[slot] = (depth, value, kind, move)``, depth ``-1`` for an empty slot;
- ``zobrist[square, player]``, the readable tier's Zobrist keys, and ``z_side``.

Why one flat array instead of one array per thing: every array argument of a call costs a few
words to pass and a reference count to keep, and the search is a call per node. With four
array arguments the recursion stays cheap.

Values are int64 (material and square weights are whole numbers); ``INF`` stands for the
readable tier's ``math.inf`` and lies far beyond any evaluation.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..ataxx._bitboard import (BIT, FULL, MOVE_BUFFER, RING1, U0, U1, _apply_move,
                               _generate_moves, _lowest_bit_index, _popcount)
from .evaluation import ATAXX_SQUARE_WEIGHTS, WIN_SCORE
from .search import INTUITION_DEPTH

INF = 1 << 50
NO_MOVE = -2
"""No move (an empty killer slot, no table move); the pass is -1, a move is >= 0."""
PASS_CODE = -1

EXACT, LOWER, UPPER = 0, 1, 2                     # the readable transposition.py kinds

EVAL_MATERIAL, EVAL_WEIGHTS, EVAL_EXACT_MATERIAL, EVAL_EXACT_WEIGHTS = 0, 1, 2, 3
"""The exact kinds are ``evaluation.exact(material)`` and ``exact(square_weights)``: a finished
game (a side without stones, or no empty square) scores +-(WIN_SCORE + |material|), 0 if drawn."""
ORDER_NONE, ORDER_STATIC, ORDER_GAIN, ORDER_INTUITION = 0, 1, 2, 3
ROOT_GIVEN, ROOT_ORDERED, ROOT_INTUITION = 0, 1, 2
"""How the root moves are ordered: as given, by ``Searcher.ordered`` at ply 0, or by the shallow
intuition search."""

# --- the workspace ------------------------------------------------------------------------
C_NODES, C_LEAVES, C_CUTOFFS, C_TT_HITS, C_TT_CUTOFFS, C_ORDERING, C_ABORTED, STOP = range(8)
N_COUNTS = 8
HISTORY_SIZE = 49 * 64 + 1
MB = MOVE_BUFFER


def workspace_size(plies: int) -> int:
    """Length of the workspace for plies 0..plies-1."""
    return N_COUNTS + plies + 2 * plies + HISTORY_SIZE + 2 * plies * MB


def per_ply_offset(plies: int) -> int:
    return N_COUNTS


def killers_offset(plies: int) -> int:
    return N_COUNTS + plies


def history_offset(plies: int) -> int:
    return N_COUNTS + 3 * plies


def moves_offset(plies: int) -> int:
    return N_COUNTS + 3 * plies + HISTORY_SIZE


HISTORY_CAP = (1 << 55) - 1
"""History scores above this are capped in the ordering key (they would need some 10**12 fail
highs at depth 64 to get there)."""

_KEY_TABLE = np.int64(1 << 61)
_KEY_BASE = np.int64(1 << 56)                    # base score: 0..31 in bits 56..60
_KEY_KILLER = np.int64(1 << 55)

# The evaluation and ordering tables, frozen into the compiled code from evaluation.py.
SQUARE_WEIGHT = np.array([w for row in ATAXX_SQUARE_WEIGHTS for w in row], dtype=np.int64)
WEIGHT_LAYERS = np.array([sum(1 << s for s in range(49) if SQUARE_WEIGHT[s] > w)
                          for w in range(int(SQUARE_WEIGHT.max()))], dtype=np.uint64)
"""``WEIGHT_LAYERS[w]``: the squares of weight > w, so that the weighted sum of a set of
stones is a sum of popcounts (a stone on a weight-3 square is counted in three layers)."""


@njit(cache=True, nogil=True)
def _evaluate(me: np.uint64, opp: np.uint64, blocked: np.uint64, eval_kind: int) -> int:
    """Material or square weights, from the view of the side whose stones are ``me``; the exact
    kinds score a finished game as a win or a loss first (``evaluation.exact``)."""
    if eval_kind >= EVAL_EXACT_MATERIAL and (
            me == U0 or opp == U0 or (me | opp | blocked) == FULL):
        margin = _popcount(me) - _popcount(opp)
        if margin > 0:
            return WIN_SCORE + margin
        if margin < 0:
            return -(WIN_SCORE - margin)
        return 0
    if eval_kind == EVAL_MATERIAL or eval_kind == EVAL_EXACT_MATERIAL:
        return _popcount(me) - _popcount(opp)
    total = 0
    for w in range(WEIGHT_LAYERS.shape[0]):
        total += _popcount(me & WEIGHT_LAYERS[w]) - _popcount(opp & WEIGHT_LAYERS[w])
    return total


@njit(cache=True, nogil=True)
def _base_score(code: int, opp: np.uint64, order_kind: int) -> int:
    """``search.move_score``: static = weight of the destination, gain = 1 for a clone plus 2
    per captured stone; the pass scores 0."""
    if code < 0:
        return 0
    t = code & 63
    if order_kind == ORDER_STATIC:
        return SQUARE_WEIGHT[t]
    s = code >> 6
    gain = 2 * _popcount(opp & RING1[t])
    if (RING1[s] & BIT[t]) != U0:
        gain += 1
    return gain


@njit(cache=True, nogil=True)
def _child_hash(h: np.uint64, code: int, opp: np.uint64, player: int, zobrist: np.ndarray,
                z_side: np.uint64) -> np.uint64:
    """The Zobrist hash after ``player`` plays ``code`` (``opp``: the other side's stones)."""
    h = h ^ z_side
    if code < 0:
        return h
    other = 3 - player
    s = code >> 6
    t = code & 63
    h = h ^ zobrist[t, player]
    if (RING1[s] & BIT[t]) == U0:                 # a jump: the source empties
        h = h ^ zobrist[s, player]
    captured = opp & RING1[t]
    while captured != U0:
        c = _lowest_bit_index(captured)
        captured &= captured - U1
        h = h ^ zobrist[c, other] ^ zobrist[c, player]
    return h


@njit(cache=True, nogil=True)
def _position_hash(first: np.uint64, second: np.uint64, to_move: int, zobrist: np.ndarray,
                   z_side: np.uint64) -> np.uint64:
    """``transposition.position_hash`` on bitboards."""
    h = z_side if to_move == 2 else U0
    board = first
    while board != U0:
        s = _lowest_bit_index(board)
        board &= board - U1
        h = h ^ zobrist[s, 1]
    board = second
    while board != U0:
        s = _lowest_bit_index(board)
        board &= board - U1
        h = h ^ zobrist[s, 2]
    return h


@njit(cache=True, nogil=True)
def _order_keys(ws: np.ndarray, at: int, n: int, opp: np.uint64, table_move: int,
                killer_at: int, history_at: int, order_kind: int, use_killers: bool,
                use_history: bool) -> None:
    """The key of ``Searcher.ordered`` for the moves ``ws[at:at+n]``, packed into one int64
    (written at ``ws[at+MB:]``) that compares in the same order: (table move, base score,
    killer, history)."""
    k0 = ws[killer_at]
    k1 = ws[killer_at + 1]
    for i in range(n):
        code = ws[at + i]
        key = np.int64(0)
        if code == table_move:
            key += _KEY_TABLE
        if order_kind == ORDER_STATIC or order_kind == ORDER_GAIN:
            key += _KEY_BASE * _base_score(code, opp, order_kind)
        if use_killers and (code == k0 or code == k1):
            key += _KEY_KILLER
        if use_history:
            score = ws[history_at + code + 1]
            key += score if score < HISTORY_CAP else HISTORY_CAP
        ws[at + MB + i] = key


@njit(cache=True, nogil=True)
def _pick(ws: np.ndarray, keys_at: int, n: int) -> int:
    """The untried move with the largest key, the earliest on ties (a stable descending sort,
    taken one move at a time, as a cutoff often comes after the first few); marks it tried."""
    best_i = 0
    best_key = np.int64(-1)
    for i in range(n):
        key = ws[keys_at + i]
        if key > best_key:
            best_key = key
            best_i = i
    ws[keys_at + best_i] = -1
    return best_i


@njit(cache=True, nogil=True)
def _out_of_budget(ws: np.ndarray, before: int, node_limit: int) -> bool:
    """Should the search stop, now that the node count went from ``before`` to ``ws[C_NODES]``?
    Over ``node_limit`` (when > 0), or the stop flag raised; the flag is looked at each time
    the count passes a multiple of 256, as the readable tier looks at its clock."""
    nodes = ws[C_NODES]
    if node_limit > 0 and nodes > node_limit:
        return True
    return (nodes >> 8) != (before >> 8) and ws[STOP] != 0


@njit(cache=True, nogil=True)
def _fail_high(ws: np.ndarray, code: int, killer_at: int, history_at: int, depth: int,
               use_killers: bool, use_history: bool) -> None:
    """``Searcher._fail_high``: the move becomes the first killer of its ply (the old first
    one moves to second) and earns ``depth * depth`` history."""
    if use_killers and ws[killer_at] != code:
        ws[killer_at + 1] = ws[killer_at]
        ws[killer_at] = code
    if use_history:
        ws[history_at + code + 1] += depth * depth


@njit(cache=True, nogil=True)
def _leaf_children(ws: np.ndarray, at: int, n: int, me: np.uint64, opp: np.uint64,
                   blocked: np.uint64, beta: int,
                   ply: int, eval_kind: int, ordered: bool, node_limit: int
                   ) -> tuple[int, int, int]:
    """A node at depth 1: its ``n`` children (moves ``ws[at:]``, keys ``ws[at+MB:]``) are
    leaves. Returns (best, best move, cut) exactly as the move loop of ``_negamax`` would,
    visiting the children in key order until one fails high, and counts only the visited ones.

    In key order (descending key, then ascending index), the loop stops at the first child
    whose value is >= beta: the one with the largest key among those, the lowest index on ties.
    Its rank in that order tells how many children were visited. Without such a child all are
    visited, and the best move is the first in key order among those of the highest value.
    ``cut`` is the index of the move that failed high, or -1; the cutoff is counted here.
    """
    values = at + 2 * MB                           # the next ply's move buffer is free here
    keys = at + MB
    cut = -1
    cut_key = np.int64(-1)
    top = -INF
    for i in range(n):
        child_me, child_opp = _apply_move(me, opp, ws[at + i])
        value = _evaluate(child_me, child_opp, blocked, eval_kind)   # -(the child's view)
        ws[values + i] = value
        if value > top:
            top = value
        if value >= beta:
            if not ordered:
                cut = i                            # generation order: the first one
                break
            if ws[keys + i] > cut_key:
                cut_key = ws[keys + i]
                cut = i
    if cut >= 0:
        if ordered:                                # its rank: children tried before it
            rank = 0
            for j in range(n):
                key = ws[keys + j]
                if key > cut_key or (key == cut_key and j < cut):
                    rank += 1
        else:
            rank = cut
        visited = rank + 1
        best = ws[values + cut]
        best_move = ws[at + cut]
        if rank < n - 1:
            ws[C_CUTOFFS] += 1
    else:
        visited = n
        best = top
        pick = -1
        pick_key = np.int64(-1)
        for i in range(n):
            if ws[values + i] == top:
                if not ordered:
                    pick = i
                    break
                if ws[keys + i] > pick_key:
                    pick_key = ws[keys + i]
                    pick = i
        best_move = ws[at + pick]
    before = ws[C_NODES]
    ws[C_NODES] += visited
    ws[N_COUNTS + ply + 1] += visited
    ws[C_LEAVES] += visited
    if _out_of_budget(ws, before, node_limit):
        ws[C_ABORTED] = 1
    return best, best_move, cut


@njit(cache=True, nogil=True)
def _negamax(me: np.uint64, opp: np.uint64, blocked: np.uint64, h: np.uint64, player: int,
             depth: int, alpha: int, beta: int, ply: int, plies: int, ws: np.ndarray,
             tt_keys: np.ndarray, tt_data: np.ndarray, zobrist: np.ndarray, z_side: np.uint64,
             eval_kind: int, order_kind: int, use_killers: bool, use_history: bool,
             use_tt: bool, node_limit: int) -> int:
    """``Searcher.negamax_alphabeta``: the value of the position for ``player`` (to move, stones
    ``me``) within (alpha, beta), fail-hard contract, counting as the readable tier does.

    On abandon (``ws[STOP]`` set, or more than ``node_limit`` nodes when > 0) it sets
    ``ws[C_ABORTED]`` and returns 0 at once, all the way up. A node at depth 1 scores its
    children (all leaves) in one go (``_leaf_children``): the same result and counts, without
    a call or a sort per leaf.
    """
    ws[C_NODES] += 1
    ws[N_COUNTS + ply] += 1
    if _out_of_budget(ws, ws[C_NODES] - 1, node_limit):
        ws[C_ABORTED] = 1
        return 0
    empty = FULL & ~(me | opp | blocked)
    if depth == 0 or me == U0 or opp == U0 or empty == U0:
        ws[C_LEAVES] += 1
        return _evaluate(me, opp, blocked, eval_kind)

    table_move = np.int64(NO_MOVE)
    alpha_on_entry = alpha
    slot = 0
    if use_tt:
        slot = np.int64(h & np.uint64(tt_keys.shape[0] - 1))
        if tt_data[slot, 0] >= 0 and tt_keys[slot] == h:
            entry_value = tt_data[slot, 1]
            entry_kind = tt_data[slot, 2]
            table_move = tt_data[slot, 3]
            if tt_data[slot, 0] == depth:          # same depth: the value is this search's
                ws[C_TT_HITS] += 1
                if entry_kind == EXACT:
                    alpha = entry_value
                    beta = entry_value
                elif entry_kind == LOWER:
                    if entry_value > alpha:
                        alpha = entry_value
                else:
                    if entry_value < beta:
                        beta = entry_value
                if alpha >= beta:
                    ws[C_TT_CUTOFFS] += 1
                    return entry_value

    at = N_COUNTS + 3 * plies + HISTORY_SIZE + 2 * ply * MB      # this ply's move buffer
    killer_at = N_COUNTS + plies + 2 * ply
    history_at = N_COUNTS + 3 * plies
    n = _generate_moves(me, empty, ws[at:at + MB], False)
    if n == 0:
        ws[at] = PASS_CODE
        n = 1
    ordered = (order_kind == ORDER_STATIC or order_kind == ORDER_GAIN or use_killers
               or use_history or table_move != NO_MOVE)
    if ordered:
        _order_keys(ws, at, n, opp, table_move, killer_at, history_at, order_kind,
                    use_killers, use_history)

    best = -INF
    best_move = np.int64(NO_MOVE)
    if depth == 1:
        # The children are all leaves, and a leaf's value does not depend on the window: score
        # them all, then work out which of them the ordered loop below would have visited.
        best, best_move, cut = _leaf_children(ws, at, n, me, opp, blocked, beta, ply,
                                              eval_kind, ordered, node_limit)
        if ws[C_ABORTED] != 0:
            return 0
        if cut >= 0:
            _fail_high(ws, best_move, killer_at, history_at, depth, use_killers, use_history)
    else:
        other = 3 - player
        for k in range(n):
            i = _pick(ws, at + MB, n) if ordered else k
            code = ws[at + i]
            child_me, child_opp = _apply_move(me, opp, code)
            child_h = _child_hash(h, code, opp, player, zobrist, z_side) if use_tt else h
            value = -_negamax(child_opp, child_me, blocked, child_h, other, depth - 1, -beta,
                              -alpha, ply + 1, plies, ws, tt_keys, tt_data, zobrist, z_side,
                              eval_kind, order_kind, use_killers, use_history, use_tt,
                              node_limit)
            if ws[C_ABORTED] != 0:
                return 0
            if value > best:
                best = value
                best_move = code
            if best >= beta:                        # fail high: Searcher._fail_high, _cut
                _fail_high(ws, code, killer_at, history_at, depth, use_killers, use_history)
                if k < n - 1:
                    ws[C_CUTOFFS] += 1
                break
            if best > alpha:
                alpha = best
    if use_tt:
        if best <= alpha_on_entry:
            kind = UPPER
        elif best >= beta:
            kind = LOWER
        else:
            kind = EXACT
        tt_keys[slot] = h
        tt_data[slot, 0] = depth
        tt_data[slot, 1] = best
        tt_data[slot, 2] = kind
        tt_data[slot, 3] = best_move
    return best


@njit(cache=True, nogil=True)
def _search_root(me: np.uint64, opp: np.uint64, blocked: np.uint64, h: np.uint64, player: int,
                 depth: int, root_moves: np.ndarray, root_mode: int, root_values: np.ndarray,
                 plies: int, ws: np.ndarray, scratch: np.ndarray, tt_keys: np.ndarray,
                 tt_data: np.ndarray, zobrist: np.ndarray, z_side: np.uint64, eval_kind: int,
                 order_kind: int, use_killers: bool, use_history: bool, use_tt: bool,
                 node_limit: int) -> tuple[int, int]:
    """``Searcher.run`` for negamax-alphabeta: order ``root_moves`` in place (``root_mode``),
    search each, write ``root_values`` (in the new order); return (best index, best value).
    No table probe or store at the root; beta stays +inf there.

    The intuition search counts in the workspace ``scratch`` (same layout, its own counters);
    its nodes are then added to ``ws[C_NODES]`` and ``ws[C_ORDERING]`` only, as in
    ``Searcher._intuition_order``. Like the readable one it has no deadline (nor node limit).
    """
    n = root_moves.shape[0]
    ws[C_NODES] += 1
    ws[N_COUNTS] += 1
    if _out_of_budget(ws, ws[C_NODES] - 1, node_limit):
        ws[C_ABORTED] = 1
        return -1, 0
    other = 3 - player
    # Plain (non-literal) typed constants: a literal argument would compile (and cache) one more
    # specialisation of the recursive kernel, and numba's cache mixes those up (a segfault).
    zero = np.int64(0)
    one = np.int64(1)
    inf = np.int64(INF)
    off = np.bool_(False)
    no_move = np.int64(NO_MOVE)

    if root_mode == ROOT_INTUITION:
        scores = np.empty(n, dtype=np.int64)
        for i in range(n):
            code = root_moves[i]
            child_me, child_opp = _apply_move(me, opp, code)
            scores[i] = -_negamax(child_opp, child_me, blocked, h, other,
                                  np.int64(INTUITION_DEPTH - 1), -inf, inf, one, plies,
                                  scratch, tt_keys, tt_data, zobrist, z_side, eval_kind,
                                  np.int64(ORDER_NONE), off, off, off, zero)
        ws[C_NODES] += scratch[C_NODES]
        ws[C_ORDERING] += scratch[C_NODES]
        order = np.argsort(-scores, kind="mergesort")        # stable, descending
        root_moves[:] = root_moves[order].copy()
    elif root_mode == ROOT_ORDERED:
        if (order_kind == ORDER_STATIC or order_kind == ORDER_GAIN or use_killers
                or use_history):
            # ply 0 of the workspace buffers is free: the root's moves live in root_moves
            at = N_COUNTS + 3 * plies + HISTORY_SIZE
            for i in range(n):
                ws[at + i] = root_moves[i]
            _order_keys(ws, at, n, opp, no_move, N_COUNTS + plies, N_COUNTS + 3 * plies,
                        order_kind, use_killers, use_history)
            for k in range(n):
                root_moves[k] = ws[at + _pick(ws, at + MB, n)]

    best_i = -1
    best = -INF
    alpha = -INF
    for i in range(n):
        code = root_moves[i]
        child_me, child_opp = _apply_move(me, opp, code)
        child_h = _child_hash(h, code, opp, player, zobrist, z_side) if use_tt else h
        value = -_negamax(child_opp, child_me, blocked, child_h, other, depth - 1, -inf, -alpha,
                          one, plies, ws, tt_keys, tt_data, zobrist, z_side, eval_kind,
                          order_kind, use_killers, use_history, use_tt, node_limit)
        if ws[C_ABORTED] != 0:
            return -1, 0
        root_values[i] = value
        if value > best:                          # strictly better: ties keep the first move
            best = value
            best_i = i
        if best > alpha:
            alpha = best
    return best_i, best
