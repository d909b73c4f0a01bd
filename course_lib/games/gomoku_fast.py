"""Gomoku's numba tier: the rules (15x15 or 19x19, freestyle or omok) and alpha-beta with the
pattern evaluation, compiled; the same game and the same searches as the readable tier's.

- ``fast_legal_moves(state)``: the state's ``legal_moves()``, computed by the compiled rules
  (the double-three test included);
- ``fast_gomoku_alphabeta(state, depth, table_bits=None)``: like
  ``Searcher("negamax-alphabeta", evaluation=gomoku.patterns, table=...).run(state, depth)``
  (moves in ``legal_moves()`` order, the table's move first where it has one): the same move,
  value and node, leaf, cutoff and table counts;
- ``fast_gomoku_deepening(state, max_depth, table_bits=None, max_nodes=None)``: iterative
  deepening as ``agents.search.iterative_deepening`` (each iteration tries the root's moves in
  the order of the previous iteration's values; the table carries over), the same iterations;
  ``max_nodes`` is a budget in nodes instead of seconds: the iteration that goes over it is
  abandoned, and the last finished one gives the move, the same on every machine. With
  ``reorder=False`` every iteration searches the board order afresh: plain alpha-beta under
  the same budget.

The tests hold the two tiers together. The game is the state's: its size, its rule, and its
radius (0: every empty point; 1 or 2: only the points near the stones).

How it works: one board (an int8 array) is changed in place and changed back (make / unmake),
and with it the pattern scores of the lines (only the 4 lines through the stone are rescored,
as the readable ``Gomoku.pattern_totals`` does), for each point how many stones lie within
``radius`` (a point with a count above 0 is a candidate), and the Zobrist hash of the position
(the readable tier's keys, so both tables fill the same slots).

>>> from course_lib.games.gomoku import Gomoku
>>> state = Gomoku(radius=1).play("h8").play("h9")
>>> result = fast_gomoku_alphabeta(state, 2)
>>> result.move, result.stats.nodes
('g9', 72)
"""

from __future__ import annotations

import functools
import time

import numpy as np
from numba import njit

from ..agents.search import MAX_DEPTH
from ..agents.stats import SearchResult, SearchStats
from ..errors import GameOverError, InvalidArgumentError
from .gomoku import (WEIGHTS, ZOBRIST_KEYS, ZOBRIST_WHITE_TO_MOVE, Gomoku, _RUN_FEATURE,
                     geometry)

_INF = 1 << 62
_NODES, _LEAVES, _CUTOFFS, _TT_HITS, _TT_CUTOFFS, _ABORTED, _PER_PLY = range(7)
"""The slots of the counts array; nodes per ply from ``_PER_PLY`` on."""
_EXACT, _LOWER, _UPPER = 0, 1, 2                   # as agents.transposition

_FEATURE = np.full((6, 3, 3), -1, dtype=np.int64)
for (_length, _left, _right), _f in _RUN_FEATURE.items():
    _FEATURE[_length, _left, _right] = _f
_WEIGHT = np.array(WEIGHTS, dtype=np.int64)
_ZOBRIST = np.array(ZOBRIST_KEYS, dtype=np.uint64)
_ZOBRIST_SIDE = np.uint64(ZOBRIST_WHITE_TO_MOVE)


@functools.lru_cache(maxsize=None)
def _arrays(size: int) -> tuple:
    """The board's geometry as arrays: the lines' points (-1 past a line's end) and lengths,
    the 4 lines through each point, the 11-point segments around each point."""
    board = geometry(size)
    points = np.full((len(board.lines), size), -1, dtype=np.int64)
    lengths = np.zeros(len(board.lines), dtype=np.int64)
    for n, line in enumerate(board.lines):
        points[n, :len(line)] = line
        lengths[n] = len(line)
    return (points, lengths, np.array(board.lines_through, dtype=np.int64),
            np.array(board.segments, dtype=np.int64))


# -- the rules, compiled ------------------------------------------------------------------------

@njit(cache=True)
def _makes_five(cells, index, player, size):
    row = index // size
    col = index % size
    for d in range(4):
        dr = 0 if d == 0 else 1
        dc = 1 if d == 0 or d == 2 else (0 if d == 1 else -1)
        n = 1
        r, c = row + dr, col + dc
        while 0 <= r < size and 0 <= c < size and cells[r * size + c] == player:
            n += 1
            r += dr
            c += dc
        r, c = row - dr, col - dc
        while 0 <= r < size and 0 <= c < size and cells[r * size + c] == player:
            n += 1
            r -= dr
            c -= dc
        if n >= 5:
            return True
    return False


@njit(cache=True)
def _run_around(seg, i, player):
    a = i
    while a > 0 and seg[a - 1] == player:
        a -= 1
    b = i + 1
    while b < 11 and seg[b] == player:
        b += 1
    return a, b


@njit(cache=True)
def _line_kind(cells, segments, index, player, d, seg):
    """As ``gomoku.line_kind``: 0 nothing, 1 an open three, 2 a four, 3 a five."""
    for k in range(11):
        j = segments[index, d, k]
        seg[k] = cells[j] if j >= 0 else 3
    seg[5] = player
    a, b = _run_around(seg, 5, player)
    if b - a >= 5:
        return 3
    near = 0
    for k in range(2, 9):
        if seg[k] == player:
            near += 1
    if near < 3:
        return 0
    three = False
    for e in range(1, 10):
        if seg[e] != 0:
            continue
        seg[e] = player
        a, b = _run_around(seg, 5, player)
        seg[e] = 0
        if b - a >= 5:
            return 2
        if b - a == 4 and seg[a - 1] == 0 and seg[b] == 0:
            three = True
    return 1 if three else 0


@njit(cache=True)
def _double_three(cells, segments, index, player, seg):
    """As ``gomoku.is_double_three``."""
    threes = 0
    for d in range(4):
        kind = _line_kind(cells, segments, index, player, d, seg)
        if kind == 3:
            return False
        if kind == 1:
            threes += 1
    return threes >= 2


@njit(cache=True)
def _moves(cells, near, radius, stones, omok, me, segments, centre, out, seg):
    """The legal moves in board order into ``out`` (as ``Gomoku.legal_moves`` of a game that
    goes on); their number."""
    if radius > 0 and stones == 0:
        out[0] = centre
        return 1
    n = 0
    for i in range(cells.shape[0]):
        if cells[i] == 0 and (radius == 0 or near[i] > 0):
            if omok == 0 or not _double_three(cells, segments, i, me, seg):
                out[n] = i
                n += 1
    if n == 0 and radius > 0:                       # nothing near: the rules' moves
        for i in range(cells.shape[0]):
            if cells[i] == 0 and (omok == 0 or not _double_three(cells, segments, i, me, seg)):
                out[n] = i
                n += 1
    return n


@njit(cache=True)
def _near_add(near, index, radius, delta, size):
    row = index // size
    col = index % size
    for r in range(max(0, row - radius), min(size, row + radius + 1)):
        for c in range(max(0, col - radius), min(size, col + radius + 1)):
            near[r * size + c] += delta


# -- the pattern scores, kept line by line --------------------------------------------------------

@njit(cache=True)
def _score_line(cells, points, n, feature, weight):
    """The pattern sums (black's, white's) of one line, as ``gomoku.line_scores``."""
    s1 = 0
    s2 = 0
    i = 0
    while i < n:
        p = cells[points[i]]
        if p == 0:
            i += 1
            continue
        j = i + 1
        while j < n and cells[points[j]] == p:
            j += 1
        left = 2 if i == 0 else (0 if cells[points[i - 1]] == 0 else 1)
        right = 2 if j == n else (0 if cells[points[j]] == 0 else 1)
        f = feature[min(j - i, 5), left, right]
        if f >= 0:
            if p == 1:
                s1 += weight[f]
            else:
                s2 += weight[f]
        i = j
    return s1, s2


@njit(cache=True)
def _rescore(cells, index, line_scores, totals, line_points, line_length, through, feature,
             weight):
    """Rescore the 4 lines through ``index`` and update the totals."""
    for k in range(4):
        n = through[index, k]
        s1, s2 = _score_line(cells, line_points[n], line_length[n], feature, weight)
        totals[1] += s1 - line_scores[n, 0]
        totals[2] += s2 - line_scores[n, 1]
        line_scores[n, 0] = s1
        line_scores[n, 1] = s2


# -- the search ---------------------------------------------------------------------------------

@njit(cache=True)
def _place(board, index, me, delta):
    """Put a stone of ``me`` on ``index`` (``delta`` 1) or take it off (``delta`` -1), with
    the scores and the candidate counts."""
    (cells, line_scores, totals, near, radius, size, line_points, line_length, through,
     feature, weight) = board
    cells[index] = me if delta > 0 else 0
    _rescore(cells, index, line_scores, totals, line_points, line_length, through, feature,
             weight)
    if radius > 0:
        _near_add(near, index, radius, delta, size)


@njit(cache=True)
def _hash_step(table, index, me):
    """The hash change of placing a stone of ``me`` on ``index``: its key and the side key."""
    keys = table[7]
    return keys[index, me] ^ table[8]


@njit(cache=True)
def _alphabeta(board, rules, table, h, me, stones, won, depth, alpha, beta, ply, buffers,
               counts, budget):
    """Negamax alpha-beta as the readable ``Searcher.negamax_alphabeta`` (order none, the
    table's move first): the value for ``me``; 0 once the budget is spent (counts[_ABORTED])."""
    cells = board[0]
    totals = board[2]
    near = board[3]
    radius = board[4]
    omok, segments, centre, seg = rules
    tt_keys, tt_depth, tt_value, tt_flag, tt_move, mask, use_table, _, _ = table
    counts[0] += 1
    counts[6 + ply] += 1
    if counts[0] > budget:
        counts[5] = 1
        return 0
    n = 0
    if depth > 0 and not won:
        n = _moves(cells, near, radius, stones, omok, me, segments, centre, buffers[ply], seg)
    if n == 0:
        counts[1] += 1
        return totals[me] - totals[3 - me]
    alpha_on_entry = alpha
    slot = h & mask
    table_move = -1
    if use_table and tt_depth[slot] >= 0 and tt_keys[slot] == h:
        table_move = tt_move[slot]
        if tt_depth[slot] == depth:
            counts[3] += 1
            value = tt_value[slot]
            if tt_flag[slot] == 0:
                alpha = value
                beta = value
            elif tt_flag[slot] == 1:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                counts[4] += 1
                return value
    moves = buffers[ply]
    if table_move >= 0:                               # the table's move first
        for k in range(n):
            if moves[k] == table_move:
                for j in range(k, 0, -1):
                    moves[j] = moves[j - 1]
                moves[0] = table_move
                break
    best = -(1 << 62)
    best_move = -1
    for k in range(n):
        index = moves[k]
        _place(board, index, me, 1)
        five = _makes_five(cells, index, me, board[5])
        value = -_alphabeta(board, rules, table, h ^ _hash_step(table, index, me), 3 - me,
                            stones + 1, five, depth - 1, -beta, -alpha, ply + 1, buffers,
                            counts, budget)
        _place(board, index, me, -1)
        if counts[5]:
            return 0
        if value > best:
            best = value
            best_move = index
        if best >= beta:
            if k < n - 1:
                counts[2] += 1
            break
        if best > alpha:
            alpha = best
    if use_table:
        tt_keys[slot] = h
        tt_depth[slot] = depth
        tt_value[slot] = best
        tt_flag[slot] = 2 if best <= alpha_on_entry else (1 if best >= beta else 0)
        tt_move[slot] = best_move
    return best


@njit(cache=True)
def _root(board, rules, table, h, me, stones, depth, order, n, values, buffers, counts,
          budget):
    """The root of one search, as ``Searcher.run``: its moves ``order[:n]`` in that order, each
    child searched with the window (-inf, -alpha); ``values`` gets each move's value. The index
    of the best move (the first of the best values), or -1 once the budget is spent."""
    one = np.int64(1)
    inf = np.int64(1 << 62)
    counts[0] += 1
    counts[6] += 1
    cells = board[0]
    best_move = -1
    best = -inf
    alpha = -inf
    for k in range(n):
        index = order[k]
        _place(board, index, me, 1)
        five = _makes_five(cells, index, me, board[5])
        value = -_alphabeta(board, rules, table, h ^ _hash_step(table, index, me), 3 - me,
                            stones + 1, five, depth - one, -inf, -alpha, one, buffers, counts,
                            budget)
        _place(board, index, me, -1)
        if counts[5]:
            return -1
        values[k] = value
        if value > best:
            best_move = k
            best = value
        if best > alpha:
            alpha = best
    return best_move


@njit(cache=True)
def _legal(board, rules, me, stones, out):
    return _moves(board[0], board[3], board[4], stones, rules[0], me, rules[1], rules[2], out,
                  rules[3])


class _Search:
    """One position made ready for the kernels: the board, the rules, the table."""

    def __init__(self, state: Gomoku, table_bits: int | None) -> None:
        size = state.size
        line_points, line_length, through, segments = _arrays(size)
        cells = np.array(state.cells, dtype=np.int8)
        line_scores = np.zeros((len(line_length), 2), dtype=np.int64)
        totals = np.zeros(3, dtype=np.int64)
        for n in range(len(line_length)):
            s1, s2 = _score_line(cells, line_points[n], line_length[n], _FEATURE, _WEIGHT)
            line_scores[n] = s1, s2
            totals[1] += s1
            totals[2] += s2
        near = np.zeros(size * size, dtype=np.int64)
        radius = np.int64(state.radius)
        if radius:
            for i in range(size * size):
                if state.cells[i]:
                    _near_add(near, np.int64(i), radius, np.int64(1), np.int64(size))
        self.board = (cells, line_scores, totals, near, radius, np.int64(size), line_points,
                      line_length, through, _FEATURE, _WEIGHT)
        self.rules = (np.int64(state.rule == "omok"), segments,
                      np.int64(state.geometry.centre), np.zeros(11, dtype=np.int64))
        slots = 1 << (table_bits or 0)
        self.table = (np.zeros(slots, dtype=np.uint64), np.full(slots, -1, dtype=np.int64),
                      np.zeros(slots, dtype=np.int64), np.zeros(slots, dtype=np.int64),
                      np.full(slots, -1, dtype=np.int64), np.uint64(slots - 1),
                      table_bits is not None, _ZOBRIST, _ZOBRIST_SIDE)
        self.hash = np.uint64(state.zobrist())
        self.me = np.int64(state.to_move)
        self.stones = np.int64(sum(1 for c in state.cells if c))
        self.names = state.geometry.names
        self.points = size * size

    def legal(self) -> np.ndarray:
        out = np.zeros(self.points, dtype=np.int64)
        return out[:_legal(self.board, self.rules, self.me, self.stones, out)]

    def root(self, depth: int, order: np.ndarray, budget: int) -> tuple:
        """One search of ``depth`` trying the root's moves in ``order``: (the index in order
        of the best move or -1 if over budget, the values, the counts, seconds)."""
        buffers = np.zeros((depth + 1, self.points), dtype=np.int64)
        counts = np.zeros(_PER_PLY + depth + 1, dtype=np.int64)
        values = np.zeros(len(order), dtype=np.int64)
        started = time.perf_counter()
        best = _root(self.board, self.rules, self.table, self.hash, self.me, self.stones,
                     np.int64(depth), order, np.int64(len(order)), values, buffers, counts,
                     np.int64(budget))
        return best, values, counts, time.perf_counter() - started


def _stats(counts: np.ndarray, depth: int, seconds: float) -> SearchStats:
    per_ply = [int(n) for n in counts[_PER_PLY:]]
    while per_ply and per_ply[-1] == 0:
        per_ply.pop()
    return SearchStats(nodes=int(counts[_NODES]), leaves=int(counts[_LEAVES]),
                       cutoffs=int(counts[_CUTOFFS]), tt_hits=int(counts[_TT_HITS]),
                       tt_cutoffs=int(counts[_TT_CUTOFFS]), depth=depth, seconds=seconds,
                       nodes_per_depth=per_ply)


def _check(state: object, who: str, table_bits: object) -> None:
    if not isinstance(state, Gomoku):
        raise InvalidArgumentError(f"{who} takes a Gomoku state, got {type(state).__name__}")
    if table_bits is not None and (isinstance(table_bits, bool) or not isinstance(table_bits, int)
                                   or not 1 <= table_bits <= 26):
        raise InvalidArgumentError(f"table_bits must be None (no table) or a whole number from "
                                   f"1 to 26 (a table of 2**table_bits slots), got "
                                   f"{table_bits!r}")
    if state.is_terminal():
        raise GameOverError("the position is terminal: there is no move to search")


def _check_depth(name: str, depth: object) -> int:
    if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= MAX_DEPTH:
        raise InvalidArgumentError(f"{name} must be a whole number from 1 to {MAX_DEPTH}, got "
                                   f"{depth!r}")
    return depth


def fast_legal_moves(state: Gomoku) -> list[str]:
    """``state.legal_moves()``, computed by the compiled rules.

    >>> omok = Gomoku.from_text(Gomoku().text(), rule="omok")
    >>> fast_legal_moves(omok) == omok.legal_moves()
    True
    """
    if not isinstance(state, Gomoku):
        raise InvalidArgumentError(f"fast_legal_moves takes a Gomoku state, got "
                                   f"{type(state).__name__}")
    if state.is_terminal():
        return []
    search = _Search(state, None)
    return [search.names[i] for i in search.legal()]


def fast_gomoku_alphabeta(state: Gomoku, depth: int, table_bits: int | None = None
                          ) -> SearchResult:
    """Alpha-beta (negamax form, ``legal_moves()`` order) with the pattern evaluation to
    ``depth`` plies, compiled; with ``table_bits``, a transposition table of 2**table_bits
    slots. The same move, value and counts as the readable
    ``Searcher("negamax-alphabeta", evaluation=patterns, table=TranspositionTable(slots))``."""
    _check(state, "fast_gomoku_alphabeta", table_bits)
    depth = _check_depth("depth", depth)
    search = _Search(state, table_bits)
    order = search.legal()
    best, values, counts, seconds = search.root(depth, order, _INF)
    return SearchResult(move=search.names[order[best]], value=int(values[best]), depth=depth,
                        stats=_stats(counts, depth, seconds),
                        root_values=[(search.names[i], int(v)) for i, v in zip(order, values)])


def fast_gomoku_deepening(state: Gomoku, max_depth: int, table_bits: int | None = None,
                          max_nodes: int | None = None, reorder: bool = True
                          ) -> list[SearchResult]:
    """Iterative deepening, compiled: depth 1, 2, ... ``max_depth``; the result of every
    finished iteration, the last one giving the move to play. As the readable
    ``iterative_deepening(state, max_depth, evaluation=patterns, table=...)``: each iteration
    tries the root's moves in the order of the previous iteration's values (best first, ties
    in the previous order), the table (``table_bits``) carries over, and each result's stats
    add up the iterations so far.

    ``max_nodes``: a budget in nodes for the whole move; the iteration that goes over it is
    abandoned (at least depth 1 is always finished: it may go over). ``reorder=False``: every
    iteration tries the root's moves in board order (plain alpha-beta, searched deeper while
    the budget lasts).
    """
    _check(state, "fast_gomoku_deepening", table_bits)
    max_depth = _check_depth("max_depth", max_depth)
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int)
                                  or max_nodes < 1):
        raise InvalidArgumentError(f"max_nodes must be None (no budget) or a whole number of "
                                   f"nodes >= 1, got {max_nodes!r}")
    search = _Search(state, table_bits)
    board_order = search.legal()
    order = board_order
    total = SearchStats()
    results: list[SearchResult] = []
    for depth in range(1, max_depth + 1):
        budget = _INF if max_nodes is None or depth == 1 else max_nodes - total.nodes
        best, values, counts, seconds = search.root(depth, order, budget)
        if best < 0:
            break
        total.add(_stats(counts, depth, seconds))
        total.depth = depth
        stats = SearchStats(**{**total.__dict__, "nodes_per_depth": list(total.nodes_per_depth)})
        results.append(SearchResult(
            move=search.names[order[best]], value=int(values[best]), depth=depth, stats=stats,
            root_values=[(search.names[i], int(v)) for i, v in zip(order, values)]))
        if reorder:
            order = order[np.argsort(-values, kind="stable")]
    return results
