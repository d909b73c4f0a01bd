"""Othello's numba tier: the same rules on 64-bit bitboards, compiled (move generation, flips,
perft, and alpha-beta with the study's evaluations), held to the readable
``course_lib.games.othello`` and ``course_lib.agents.search`` by the tests.

A bitboard is one ``np.uint64`` whose bit ``s`` is square ``s`` of the readable tier:
s = 8 * (row - 1) + column, a1 = bit 0, h1 = bit 7, a2 = bit 8, h8 = bit 63 (rows from the top).
The kernels work from the mover's side: ``me`` is the side to move, ``opp`` the other.

Moves are found for all squares at once: in each of the 8 directions, the opponent discs next to
one's own are grown along the direction (at most 6 steps), and one step further on an empty
square is a move. Shifting east or west must not wrap around a row, so those shifts are masked
by the columns they cannot reach.

>>> from course_lib.games.othello import Othello
>>> fast_legal_moves(Othello())
['d3', 'c4', 'f5', 'e6']
>>> [fast_perft(Othello(), d) for d in range(1, 7)]
[4, 12, 56, 244, 1396, 8200]
"""

from __future__ import annotations

import time

import numpy as np
from numba import njit

from ..agents.stats import SearchResult, SearchStats
from ..ataxx._bitboard import _lowest_bit_index, _popcount
from ..errors import GameOverError, InvalidArgumentError
from .othello import (ARBITRARY_WEIGHTS, PASS, RESEARCH_WEIGHTS, SQUARE_NAMES, Othello,
                      check_perft)

FULL = np.uint64(0xFFFFFFFFFFFFFFFF)
NOT_A = np.uint64(0xFEFEFEFEFEFEFEFE)      # every square but column a
NOT_H = np.uint64(0x7F7F7F7F7F7F7F7F)      # every square but column h
ZERO = np.uint64(0)
ONE = np.uint64(1)
U1, U7, U8, U9 = np.uint64(1), np.uint64(7), np.uint64(8), np.uint64(9)


@njit(cache=True)
def _shift(board: np.uint64, direction: int) -> np.uint64:
    """Every square of ``board`` moved one step: 0 east, 1 west, 2 south (down a row), 3 north,
    4 south-east, 5 south-west, 6 north-east, 7 north-west; nothing wraps around the edges."""
    if direction == 0:
        return (board << U1) & NOT_A
    if direction == 1:
        return (board >> U1) & NOT_H
    if direction == 2:
        return board << U8
    if direction == 3:
        return board >> U8
    if direction == 4:
        return (board << U9) & NOT_A
    if direction == 5:
        return (board << U7) & NOT_H
    if direction == 6:
        return (board >> U7) & NOT_A
    return (board >> U9) & NOT_H


@njit(cache=True)
def _moves(me: np.uint64, opp: np.uint64) -> np.uint64:
    """The squares where ``me`` can place a disc (a bitboard)."""
    empty = ~(me | opp)
    moves = ZERO
    for d in range(8):
        run = _shift(me, d) & opp
        for _ in range(5):
            run |= _shift(run, d) & opp
        moves |= _shift(run, d) & empty
    return moves


@njit(cache=True)
def _flips(me: np.uint64, opp: np.uint64, square: int) -> np.uint64:
    """The opponent discs a disc of ``me`` on ``square`` flips."""
    start = ONE << np.uint64(square)
    flipped = ZERO
    for d in range(8):
        run = ZERO
        x = _shift(start, d)
        while x & opp:
            run |= x
            x = _shift(x, d)
        if x & me:
            flipped |= run
    return flipped


@njit(cache=True)
def _perft(me: np.uint64, opp: np.uint64, depth: int) -> int:
    moves = _moves(me, opp)
    if moves == ZERO:
        if _moves(opp, me) == ZERO:
            return 1                              # the game is over: one finished sequence
        if depth == 1:
            return 1                              # the pass
        return _perft(opp, me, depth - 1)
    if depth == 1:
        return _popcount(moves)
    total = 0
    while moves:
        square = _lowest_bit_index(moves)
        bit = ONE << np.uint64(square)
        moves &= moves - ONE
        flipped = _flips(me, opp, square)
        total += _perft(opp & ~flipped, me | flipped | bit, depth - 1)
    return total


def _boards(state: Othello) -> tuple[np.uint64, np.uint64]:
    if not isinstance(state, Othello):
        raise InvalidArgumentError(f"the Othello fast tier takes an Othello state, got "
                          f"{type(state).__name__}")
    me = opp = 0
    for s, cell in enumerate(state.cells):
        if cell == state.to_move:
            me |= 1 << s
        elif cell:
            opp |= 1 << s
    return np.uint64(me), np.uint64(opp)


def fast_legal_moves(state: Othello) -> list[str]:
    """``state.legal_moves()`` computed by the compiled kernels (the same list, same order)."""
    me, opp = _boards(state)
    moves = int(_moves(me, opp))
    if moves == 0:
        return [PASS] if int(_moves(opp, me)) else []
    return [SQUARE_NAMES[s] for s in range(64) if moves >> s & 1]


def fast_flips(state: Othello, move: str) -> list[str]:
    """``state.flips(move)`` computed by the compiled kernels."""
    if move == PASS:
        return []
    me, opp = _boards(state)
    flipped = int(_flips(me, opp, SQUARE_NAMES.index(move)))
    return [SQUARE_NAMES[s] for s in range(64) if flipped >> s & 1]


def fast_perft(state: Othello, depth: int) -> int:
    """``othello.perft(state, depth)`` compiled: move sequences of ``depth`` plies, a pass
    counting as a move, a game over before ``depth`` plies counting once where it ends."""
    depth = check_perft(state, depth)
    if depth == 0:
        return 1
    me, opp = _boards(state)
    return _perft_in_chunks(me, opp, depth)


CHUNK_PLIES = 8
"""The deepest perft one call of the compiled kernel makes: a deeper one is split into the
subtrees of its moves, so that Ctrl-C stops it promptly (see ``course_lib.ataxx.fast``)."""


def _perft_in_chunks(me: np.uint64, opp: np.uint64, depth: int) -> int:
    """``_perft`` (the same count, ``depth`` >= 1), split at the top into calls of at most
    ``CHUNK_PLIES`` plies."""
    if depth <= CHUNK_PLIES:
        return int(_perft(me, opp, depth))
    moves = int(_moves(me, opp))
    if moves == 0:
        if int(_moves(opp, me)) == 0:
            return 1                              # the game is over: one finished sequence
        return _perft_in_chunks(opp, me, depth - 1)
    total = 0
    for square in range(64):
        if moves >> square & 1:
            flipped = int(_flips(me, opp, square))
            total += _perft_in_chunks(np.uint64(int(opp) & ~flipped),
                                      np.uint64(int(me) | flipped | 1 << square), depth - 1)
    return total


# -- alpha-beta, compiled: the same search as the readable negamax-alphabeta --------------------

EVALUATION_CODES = {"discs": 0, "arbitrary": 1, "research": 2}
"""The evaluations the compiled search knows, by the names of ``othello.EVALUATIONS``."""
WIN_SCORE = 1000
_INF = 1 << 40
_WEIGHTS = np.zeros((3, 64), dtype=np.int64)
_WEIGHTS[1] = ARBITRARY_WEIGHTS
_WEIGHTS[2] = RESEARCH_WEIGHTS


@njit(cache=True)
def _evaluate(me: np.uint64, opp: np.uint64, kind: int, weights: np.ndarray,
              exact: bool) -> int:
    """The evaluation from the mover's side: discs (kind 0) or a weight map; with ``exact``, a
    finished game scores +-(WIN_SCORE + |disc difference|), a draw 0."""
    if exact and _moves(me, opp) == ZERO and _moves(opp, me) == ZERO:
        diff = _popcount(me) - _popcount(opp)
        if diff > 0:
            return WIN_SCORE + diff
        if diff < 0:
            return -(WIN_SCORE - diff)
        return 0
    if kind == 0:
        return _popcount(me) - _popcount(opp)
    total = 0
    x = me
    while x:
        total += weights[_lowest_bit_index(x)]
        x &= x - ONE
    x = opp
    while x:
        total -= weights[_lowest_bit_index(x)]
        x &= x - ONE
    return total


@njit(cache=True)
def _alphabeta(me: np.uint64, opp: np.uint64, depth: int, alpha: int, beta: int, ply: int,
               kind: int, weights: np.ndarray, exact: bool, counts: np.ndarray) -> int:
    """Negamax alpha-beta, generation order, counting as the readable ``Searcher`` does:
    counts[0] nodes, [1] leaves, [2] cutoffs, [3 + ply] nodes per ply."""
    counts[0] += 1
    counts[3 + ply] += 1
    moves = _moves(me, opp)
    is_pass = False
    if moves == ZERO:
        if _moves(opp, me) == ZERO:                # the game is over: a leaf
            counts[1] += 1
            return _evaluate(me, opp, kind, weights, exact)
        is_pass = True
    if depth == 0:
        counts[1] += 1
        return _evaluate(me, opp, kind, weights, exact)
    if is_pass:
        return -_alphabeta(opp, me, depth - 1, -beta, -alpha, ply + 1, kind, weights, exact,
                           counts)
    best = -_INF
    while moves:
        square = _lowest_bit_index(moves)
        moves &= moves - ONE
        flipped = _flips(me, opp, square)
        value = -_alphabeta(opp & ~flipped, me | flipped | (ONE << np.uint64(square)),
                            depth - 1, -beta, -alpha, ply + 1, kind, weights, exact, counts)
        if value > best:
            best = value
        if best >= beta:
            if moves:
                counts[2] += 1
            break
        if best > alpha:
            alpha = best
    return best


@njit(cache=True)
def _root(me: np.uint64, opp: np.uint64, depth: int, kind: int, weights: np.ndarray,
          exact: bool, counts: np.ndarray) -> tuple[int, int]:
    """The root: every move searched with the window (alpha, +inf); the first best move."""
    # Typed constants, never literals, as arguments of the recursive kernel: a literal would
    # compile (and cache) one more specialisation of it, and numba's cache mixes those up (a
    # segfault; the ATAXX search kernels note the same).
    one = np.int64(1)
    inf = np.int64(_INF)
    counts[0] += 1
    counts[3] += 1
    moves = _moves(me, opp)
    if moves == ZERO:                              # the pass (the caller checks the game goes on)
        return -1, -_alphabeta(opp, me, depth - 1, -inf, inf, one, kind, weights, exact, counts)
    best_move, best, alpha = -2, -inf, -inf
    while moves:
        square = _lowest_bit_index(moves)
        moves &= moves - ONE
        flipped = _flips(me, opp, square)
        value = -_alphabeta(opp & ~flipped, me | flipped | (ONE << np.uint64(square)),
                            depth - 1, -inf, -alpha, one, kind, weights, exact, counts)
        if value > best:
            best_move, best = square, value
        if best > alpha:
            alpha = best
    return best_move, best


def fast_alphabeta(state: Othello, depth: int, evaluation: str = "discs",
                   exact: bool = False) -> SearchResult:
    """Alpha-beta (negamax form, moves in board order, no table) compiled: the same move,
    value and node, leaf and cutoff counts as the readable
    ``Searcher("negamax-alphabeta", evaluation)`` with ``othello.EVALUATIONS[evaluation]``
    (wrapped in ``exact`` when ``exact``).

    >>> result = fast_alphabeta(Othello(), 5, "research")
    >>> result.move, result.value, result.stats.nodes
    ('d3', 7, 481)
    """
    if evaluation not in EVALUATION_CODES:
        raise InvalidArgumentError(f"unknown Othello evaluation {evaluation!r}; the compiled search "
                          f"knows {', '.join(EVALUATION_CODES)}")
    if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= 60:
        raise InvalidArgumentError(f"depth must be a whole number from 1 to 60, got {depth!r}")
    if not state.legal_moves():
        raise GameOverError("the position is terminal: there is no move to search")
    me, opp = _boards(state)
    counts = np.zeros(4 + depth, dtype=np.int64)
    started = time.perf_counter()
    square, value = _root(me, opp, depth, EVALUATION_CODES[evaluation],
                          _WEIGHTS[EVALUATION_CODES[evaluation]], exact, counts)
    seconds = time.perf_counter() - started
    per_ply = [int(n) for n in counts[3:3 + depth + 1]]
    while per_ply and per_ply[-1] == 0:
        per_ply.pop()
    stats = SearchStats(nodes=int(counts[0]), leaves=int(counts[1]), cutoffs=int(counts[2]),
                        depth=depth, seconds=seconds, nodes_per_depth=per_ply)
    move = PASS if square == -1 else SQUARE_NAMES[square]
    return SearchResult(move=move, value=int(value), depth=depth, stats=stats)
