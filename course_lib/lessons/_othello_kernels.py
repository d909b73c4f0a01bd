"""Compiled alpha-beta for the Othello study with the study's move orders.

The same search as ``course_lib.games.othello_fast.fast_alphabeta`` (negamax form, the same
counters, the first best root move kept), with the moves of every node tried in one of these
orders, ties kept in board order (index 0 to 63) as ``sorted(..., reverse=True)`` keeps them:

- 0 ``none``: board order;
- 1 ``position``: at every node, the research map's weight of the target square, largest
  first;
- 2 ``gain``: the number of discs the move flips, most first;
- 3 ``intuition``: at the root only, every move scored by a depth-3 alpha-beta search (the
  move, then 2 plies, board order, full window), best first; below the root, board order;
- 4 ``killers``: the (at most two) moves that last made a node at the same ply fail high first;
- 5 ``history``: by the history score (depth squared added each time a move fails high);
- 6 ``killers-history``: killers first, then by history score;
- 7 ``position-root``: the position order at the root only; below the root, board order;
- 8 ``intuition-all``: the intuition order at every node (a forced pass has nothing to order).

The intuition order's shallow searches are counted apart (``shallow``), not in ``counts``.

As the readable ``Searcher`` keeps them, the tables start empty for each search, the root
never fails high into them, and a forced pass that fails high enters them as a move.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..ataxx._bitboard import _lowest_bit_index, _popcount
from ..games.othello_fast import ONE, ZERO, _evaluate, _flips, _moves

ORDER_CODES = {"none": 0, "position": 1, "gain": 2, "intuition": 3, "killers": 4,
               "history": 5, "killers-history": 6, "position-root": 7, "intuition-all": 8}
POSITION, INTUITION, POSITION_ROOT, INTUITION_ALL = 1, 3, 7, 8
PASS_MOVE = 64
"""The pass, as the killer and history tables write it (squares are 0..63)."""
KILLER_FIRST = 1 << 50
"""Added to the ordering key of a killer move: killers go before any history score."""
SCORING_CODES = {"heuristic": 0, "margin": 1, "win": 2}
INF = 1 << 40
WIN = 1000


@njit(cache=True)
def _score(me: np.uint64, opp: np.uint64, kind: int, weights: np.ndarray, scoring: int) -> int:
    """A leaf's value for the mover: the evaluation; a finished game, with ``scoring`` 1,
    +-(WIN + disc margin), with ``scoring`` 2, +-WIN whatever the margin (a draw 0)."""
    if scoring == 2 and _moves(me, opp) == ZERO and _moves(opp, me) == ZERO:
        diff = _popcount(me) - _popcount(opp)
        return WIN if diff > 0 else -WIN if diff < 0 else 0
    return _evaluate(me, opp, kind, weights, scoring == 1)


@njit(cache=True)
def _ordered(me: np.uint64, opp: np.uint64, moves: np.uint64, order: int,
             position: np.ndarray, squares: np.ndarray, ply: int, killers: np.ndarray,
             history: np.ndarray) -> int:
    """Write the squares of ``moves`` into ``squares`` in the order to try them; return how
    many there are."""
    keys = np.zeros(64, dtype=np.int64)
    n = 0
    while moves:
        square = _lowest_bit_index(moves)
        moves &= moves - ONE
        key = 0
        if order == 1:
            key = position[square]
        elif order == 2:
            key = _popcount(_flips(me, opp, square))
        elif 4 <= order <= 6:
            if order != 5 and (killers[ply, 0] == square or killers[ply, 1] == square):
                key = KILLER_FIRST
            if order != 4:
                key += history[square]
        _insert(keys, squares, n, key, square)
        n += 1
    return n


@njit(cache=True)
def _insert(keys: np.ndarray, squares: np.ndarray, n: int, key: int, square: int) -> None:
    """Put ``square`` with ``key`` among the first ``n`` entries, kept largest key first:
    after every entry whose key is >= ``key`` (stable)."""
    j = n
    while j > 0 and keys[j - 1] < key:
        keys[j] = keys[j - 1]
        squares[j] = squares[j - 1]
        j -= 1
    keys[j] = key
    squares[j] = square


@njit(cache=True)
def _fail_high(move: int, ply: int, depth: int, order: int, killers: np.ndarray,
               history: np.ndarray) -> None:
    """A move that made its node fail high becomes a killer of its ply and earns history."""
    if order == 4 or order == 6:
        if killers[ply, 0] != move:
            killers[ply, 1] = killers[ply, 0]
            killers[ply, 0] = move
    if order == 5 or order == 6:
        history[move] += depth * depth


@njit(cache=True)
def _search(me: np.uint64, opp: np.uint64, depth: int, alpha: int, beta: int, ply: int,
            kind: int, weights: np.ndarray, scoring: int, order: int, position: np.ndarray,
            counts: np.ndarray, shallow: np.ndarray, killers: np.ndarray,
            history: np.ndarray, best_move: np.ndarray) -> int:
    """Negamax alpha-beta; counts[0] nodes, [1] leaves, [2] cutoffs, [3 + ply] nodes per ply;
    ``shallow`` the same counters for the intuition orders' shallow searches. At the root
    (``ply`` 0, searched with beta = +inf: it never fails high) ``best_move[0]`` receives the
    first best move (-1: the pass). A root-only order (``intuition``, ``position-root``) hands
    board order to the children."""
    # Typed constants, never literals, as arguments of this recursive kernel: a literal would
    # compile (and cache) one more specialisation of it, and numba's cache mixes those up.
    none, one, two, inf = np.int64(0), np.int64(1), np.int64(2), np.int64(INF)
    counts[0] += 1
    counts[3 + ply] += 1
    moves = _moves(me, opp)
    is_pass = False
    if moves == ZERO:
        if _moves(opp, me) == ZERO:
            counts[1] += 1
            return _score(me, opp, kind, weights, scoring)
        is_pass = True
    if depth == 0:
        counts[1] += 1
        return _score(me, opp, kind, weights, scoring)
    inner = none if order == INTUITION or order == POSITION_ROOT else order
    if is_pass:
        if ply == 0:
            best_move[0] = -1
        value = -_search(opp, me, depth - 1, -beta, -alpha, ply + 1, kind, weights, scoring,
                         inner, position, counts, shallow, killers, history, best_move)
        if value >= beta:
            _fail_high(PASS_MOVE, ply, depth, order, killers, history)
        return value
    squares = np.empty(64, dtype=np.int64)
    if order == INTUITION or order == INTUITION_ALL:
        n = _ordered(me, opp, moves, none, position, squares, ply, killers, history)
        scores = np.zeros(64, dtype=np.int64)
        for i in range(n):                  # a depth-3 search of each move: the move, 2 plies
            square = squares[i]
            flipped = _flips(me, opp, square)
            scores[i] = -_search(opp & ~flipped, me | flipped | (ONE << np.uint64(square)), two,
                                 -inf, inf, one, kind, weights, scoring, none, position, shallow,
                                 shallow, killers, history, best_move)
        _sort_by_scores(squares, scores, n)
    else:
        here = np.int64(POSITION) if order == POSITION_ROOT else order
        n = _ordered(me, opp, moves, here, position, squares, ply, killers, history)
    best = -INF
    for i in range(n):
        square = squares[i]
        flipped = _flips(me, opp, square)
        value = -_search(opp & ~flipped, me | flipped | (ONE << np.uint64(square)), depth - 1,
                         -beta, -alpha, ply + 1, kind, weights, scoring, inner, position, counts,
                         shallow, killers, history, best_move)
        if value > best:
            best = value
            if ply == 0:
                best_move[0] = square
        if best >= beta:
            _fail_high(square, ply, depth, order, killers, history)
            if i + 1 < n:
                counts[2] += 1
            break
        if best > alpha:
            alpha = best
    return best


@njit(cache=True)
def _sort_by_scores(squares: np.ndarray, scores: np.ndarray, n: int) -> None:
    """Sort ``squares[:n]`` by ``scores``, best first, ties kept in their order (stable)."""
    for i in range(1, n):
        _insert(scores, squares, i, scores[i], squares[i])


@njit(cache=True)
def _root(me: np.uint64, opp: np.uint64, depth: int, kind: int, weights: np.ndarray,
          scoring: int, order: int, position: np.ndarray, counts: np.ndarray,
          shallow: np.ndarray) -> tuple[int, int]:
    """The root: every move searched with the window (alpha, +inf); (the first best move, or
    -1 for the pass; its value). ``shallow`` receives the counters of the intuition orders'
    shallow searches."""
    killers = np.full((depth + 2, 2), -1, dtype=np.int64)
    history = np.zeros(PASS_MOVE + 1, dtype=np.int64)
    best_move = np.full(1, -2, dtype=np.int64)
    inf = np.int64(INF)
    value = _search(me, opp, depth, -inf, inf, np.int64(0), kind, weights, scoring, order,
                    position, counts, shallow, killers, history, best_move)
    return best_move[0], value
