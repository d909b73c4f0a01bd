"""Gomoku's numba tier: alpha-beta with the pattern evaluation, compiled, the same search as
the readable tier's.

``fast_gomoku_alphabeta(state, depth)`` searches like
``Searcher("negamax-alphabeta", evaluation=gomoku.patterns).run(state, depth)`` (moves in
``legal_moves()`` order, no table) and returns the same move, value and node, leaf and cutoff
counts; the tests hold the two together. The game is the state's: freestyle, on the whole board
(``radius=0``) or restricted to the points near the stones (``radius`` 1 or 2); the Korean
double-three rule is not compiled (such a state is refused).

How it works: one board (an int8 array of 225 cells) is changed in place and changed back
(make / unmake), and with it the pattern scores of the 88 lines (only the 4 lines through the
stone are rescored, as the readable ``Gomoku.pattern_totals`` does) and, for each point, how
many stones lie within ``radius`` (a point with a count above 0 is a candidate).

>>> from course_lib.games.gomoku import Gomoku
>>> state = Gomoku(radius=1).play("h8").play("h9")
>>> result = fast_gomoku_alphabeta(state, 2)
>>> result.move, result.stats.nodes
('g9', 72)
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from ..agents.stats import SearchResult, SearchStats
from ..errors import GameOverError, InvalidArgumentError
from .gomoku import (LINES, LINES_THROUGH, SIZE, SQUARE_NAMES, WEIGHTS, Gomoku, _RUN_FEATURE)

POINTS = SIZE * SIZE
CENTRE = POINTS // 2
_INF = 1 << 60

_LINE_POINTS = np.full((len(LINES), SIZE), -1, dtype=np.int64)
_LINE_LENGTH = np.zeros(len(LINES), dtype=np.int64)
for _n, _line in enumerate(LINES):
    _LINE_POINTS[_n, :len(_line)] = _line
    _LINE_LENGTH[_n] = len(_line)
_THROUGH = np.array(LINES_THROUGH, dtype=np.int64)
_FEATURE = np.full((6, 3, 3), -1, dtype=np.int64)
for (_length, _left, _right), _f in _RUN_FEATURE.items():
    _FEATURE[_length, _left, _right] = _f
_WEIGHT = np.array(WEIGHTS, dtype=np.int64)
_STEPS = np.array([[0, 1], [1, 0], [1, 1], [1, -1]], dtype=np.int64)


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
        length = min(j - i, 5)
        f = feature[length, left, right]
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


@njit(cache=True)
def _near_add(near, index, radius, delta):
    row = index // 15
    col = index % 15
    for r in range(max(0, row - radius), min(15, row + radius + 1)):
        for c in range(max(0, col - radius), min(15, col + radius + 1)):
            near[r * 15 + c] += delta


@njit(cache=True)
def _makes_five(cells, index, player, steps):
    row = index // 15
    col = index % 15
    for d in range(4):
        dr = steps[d, 0]
        dc = steps[d, 1]
        n = 1
        r, c = row + dr, col + dc
        while 0 <= r < 15 and 0 <= c < 15 and cells[r * 15 + c] == player:
            n += 1
            r += dr
            c += dc
        r, c = row - dr, col - dc
        while 0 <= r < 15 and 0 <= c < 15 and cells[r * 15 + c] == player:
            n += 1
            r -= dr
            c -= dc
        if n >= 5:
            return True
    return False


@njit(cache=True)
def _moves(cells, near, radius, stones, out):
    """The legal moves in board order into ``out``; their number."""
    n = 0
    if radius > 0 and stones == 0:
        out[0] = 112
        return 1
    for i in range(225):
        if cells[i] == 0 and (radius == 0 or near[i] > 0):
            out[n] = i
            n += 1
    if n == 0 and radius > 0:                       # nothing near: the rules' moves
        for i in range(225):
            if cells[i] == 0:
                out[n] = i
                n += 1
    return n


@njit(cache=True)
def _alphabeta(cells, line_scores, totals, near, radius, me, stones, won, depth, alpha, beta,
               ply, buffers, counts, line_points, line_length, through, feature, weight,
               steps):
    """Negamax alpha-beta as the readable ``Searcher.negamax_alphabeta`` (order none):
    counts[0] nodes, [1] leaves, [2] cutoffs, [3 + ply] nodes per ply."""
    counts[0] += 1
    counts[3 + ply] += 1
    if depth == 0 or won or stones == 225:
        counts[1] += 1
        return totals[me] - totals[3 - me]
    n = _moves(cells, near, radius, stones, buffers[ply])
    best = -(1 << 60)
    for k in range(n):
        index = buffers[ply, k]
        cells[index] = me
        _rescore(cells, index, line_scores, totals, line_points, line_length, through, feature,
                 weight)
        if radius > 0:
            _near_add(near, index, radius, 1)
        five = _makes_five(cells, index, me, steps)
        value = -_alphabeta(cells, line_scores, totals, near, radius, 3 - me, stones + 1, five,
                            depth - 1, -beta, -alpha, ply + 1, buffers, counts, line_points,
                            line_length, through, feature, weight, steps)
        cells[index] = 0
        _rescore(cells, index, line_scores, totals, line_points, line_length, through, feature,
                 weight)
        if radius > 0:
            _near_add(near, index, radius, -1)
        if value > best:
            best = value
        if best >= beta:
            if k < n - 1:
                counts[2] += 1
            break
        if best > alpha:
            alpha = best
    return best


@njit(cache=True)
def _root(cells, line_scores, totals, near, radius, me, stones, depth, buffers, counts,
          line_points, line_length, through, feature, weight, steps):
    # Typed constants, never literals, as arguments of the recursive kernel: a literal would
    # compile (and cache) one more specialisation of it, which numba's cache mixes up.
    one = np.int64(1)
    inf = np.int64(1 << 60)
    counts[0] += 1
    counts[3] += 1
    n = _moves(cells, near, radius, stones, buffers[0])
    best_move = -1
    best = -inf
    alpha = -inf
    for k in range(n):
        index = buffers[0, k]
        cells[index] = me
        _rescore(cells, index, line_scores, totals, line_points, line_length, through, feature,
                 weight)
        if radius > 0:
            _near_add(near, index, radius, 1)
        five = _makes_five(cells, index, me, steps)
        value = -_alphabeta(cells, line_scores, totals, near, radius, 3 - me, stones + 1, five,
                            depth - 1, -inf, -alpha, one, buffers, counts, line_points,
                            line_length, through, feature, weight, steps)
        cells[index] = 0
        _rescore(cells, index, line_scores, totals, line_points, line_length, through, feature,
                 weight)
        if radius > 0:
            _near_add(near, index, radius, -1)
        if value > best:
            best_move = index
            best = value
        if best > alpha:
            alpha = best
    return best_move, best


def fast_gomoku_alphabeta(state: Gomoku, depth: int) -> SearchResult:
    """Alpha-beta (negamax form, ``legal_moves()`` order, no table) with the pattern
    evaluation, compiled: the same move, value and node, leaf and cutoff counts as the readable
    ``Searcher("negamax-alphabeta", evaluation=patterns)``."""
    if not isinstance(state, Gomoku):
        raise InvalidArgumentError(f"fast_gomoku_alphabeta takes a Gomoku state, got "
                          f"{type(state).__name__}")
    if state.forbid_double_three:
        raise InvalidArgumentError("the compiled Gomoku search plays freestyle only; the double-three "
                          "rule is in the readable tier (search the state with "
                          "course_lib.agents.search)")
    if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 30:
        raise InvalidArgumentError(f"depth must be a whole number from 1 to 30, got {depth!r}")
    if state.is_terminal():
        raise GameOverError("the position is terminal: there is no move to search")
    cells = np.array(state.cells, dtype=np.int8)
    line_scores = np.zeros((len(LINES), 2), dtype=np.int64)
    totals = np.zeros(3, dtype=np.int64)
    for n in range(len(LINES)):
        s1, s2 = _score_line(cells, _LINE_POINTS[n], _LINE_LENGTH[n], _FEATURE, _WEIGHT)
        line_scores[n] = s1, s2
        totals[1] += s1
        totals[2] += s2
    near = np.zeros(POINTS, dtype=np.int64)
    radius = state.radius
    if radius:
        for i in range(POINTS):
            if state.cells[i]:
                _near_add(near, i, radius, 1)
    buffers = np.zeros((depth + 1, POINTS), dtype=np.int64)
    counts = np.zeros(4 + depth, dtype=np.int64)
    stones = sum(1 for c in state.cells if c)
    started = time.perf_counter()
    index, value = _root(cells, line_scores, totals, near, radius, state.to_move, stones,
                         depth, buffers, counts, _LINE_POINTS, _LINE_LENGTH, _THROUGH, _FEATURE,
                         _WEIGHT, _STEPS)
    seconds = time.perf_counter() - started
    per_ply = [int(n) for n in counts[3:3 + depth + 1]]
    while per_ply and per_ply[-1] == 0:
        per_ply.pop()
    stats = SearchStats(nodes=int(counts[0]), leaves=int(counts[1]), cutoffs=int(counts[2]),
                        depth=depth, seconds=seconds, nodes_per_depth=per_ply)
    return SearchResult(move=SQUARE_NAMES[index], value=int(value), depth=depth, stats=stats)
