"""Notebook 01, rules and moves: its helpers and its exercises.

Helpers: what seeded random games look like, ply by ply (the notebook plots the branching
factor across a game and the distribution of game lengths), and a stopwatch, ``timed``, that
later notebooks use too.

``playout_profile`` plays the same games as ``fast.random_playouts`` (same seed, same games,
move for move) and also records, at every ply, how many legal moves the side to move had, what
kind of move was played and why each game ended.

>>> from course_lib.ataxx import fast
>>> profile = playout_profile(fast.START, 100, seed=1)
>>> winners, lengths = fast.random_playouts(fast.START, 100, seed=1)
>>> bool((profile.lengths == lengths).all() and (profile.winners == winners).all())
True
>>> float(profile.branching()[0])             # every game starts with 16 moves
16.0
"""

from __future__ import annotations

import time
from typing import Any, Callable, NamedTuple

import numpy as np
from numba import njit

from .. import checks
from ..ataxx import State, fast, perft
from ..ataxx._bitboard import (BIT, MAX_TURNS, N_SQUARES, RING1, U0, _apply_move, _can_move,
                               _count_moves, _empty_squares, _popcount, _random_move)
from ..ataxx.fast import MAX_PLAYOUTS, Position, _is_whole, _position, _seed, _turns
from ..errors import InvalidArgumentError
from ..exercises import register
from ..i18n import N_
from .compare import same_move as _same_move
from .compare import whole_number as _whole_number

__all__ = ["END_REASONS", "PlayoutProfile", "playout_profile", "timed"]

END_REASONS = ("a player has no stones left", "the board is full",
               f"{MAX_TURNS} turns have been played", "neither player can move")
"""Why a game ended, in the words of ``State.outcome_reason()``; ``PlayoutProfile.reasons``
holds indices into this tuple."""

_CLONE, _JUMP, _PASS = 0, 1, 2


class PlayoutProfile(NamedTuple):
    """What ``playout_profile`` measured over its games.

    Attributes:
        winners: int8 per game, 1 or 2 for the winner, 0 for a draw (as ``random_playouts``).
        lengths: int32 per game, the turns played from the position (passes included).
        reasons: int8 per game, why it ended: an index into ``END_REASONS``.
        moves_by_ply: int64 per ply, the legal moves summed over the games that played that
            ply (a forced pass counts as one move; with ``pairs`` the pairs are counted).
        games_by_ply: int64 per ply, how many games played that ply (were not over yet).
        clones, jumps, passes: how many moves of each kind were played in all the games.
    """

    winners: np.ndarray
    lengths: np.ndarray
    reasons: np.ndarray
    moves_by_ply: np.ndarray
    games_by_ply: np.ndarray
    clones: int
    jumps: int
    passes: int

    def branching(self) -> np.ndarray:
        """The mean number of legal moves at each ply, over the games that reached it
        (float64, one value per ply up to the longest game)."""
        reached = self.games_by_ply > 0
        return self.moves_by_ply[reached] / self.games_by_ply[reached]

    def reason_counts(self) -> dict[str, int]:
        """How many games ended for each reason, ``{reason in words: count}``."""
        return {reason: int((self.reasons == i).sum()) for i, reason in enumerate(END_REASONS)}


@njit(cache=True)
def _profile_playouts(first: np.uint64, second: np.uint64, blocked: np.uint64, to_move: int,
                      turns: int, rng: np.ndarray, pairs: bool, winners: np.ndarray,
                      lengths: np.ndarray, reasons: np.ndarray, moves_by_ply: np.ndarray,
                      games_by_ply: np.ndarray, kinds: np.ndarray) -> None:
    """``_random_playouts`` (the same draws, so the same games) that also fills the per-ply
    move counts, the end reasons and ``kinds`` (clones, jumps, passes played)."""
    stones_buf = np.empty(N_SQUARES, dtype=np.int64)
    targets_buf = np.empty(N_SQUARES, dtype=np.uint64)
    for g in range(winners.shape[0]):
        if to_move == 1:
            me, opp = first, second
        else:
            me, opp = second, first
        played = 0
        reason = 0
        while True:
            empty = _empty_squares(me, opp, blocked)
            # The end checks in the order of State.outcome_reason().
            if me == U0 or opp == U0:
                reason = 0
                break
            if empty == U0:
                reason = 1
                break
            if turns + played >= MAX_TURNS:
                reason = 2
                break
            if blocked != U0 and not _can_move(me, empty) and not _can_move(opp, empty):
                reason = 3
                break
            n = _count_moves(me, empty, pairs)
            moves_by_ply[played] += n if n > 0 else 1      # a forced pass is one legal move
            games_by_ply[played] += 1
            code = _random_move(me, empty, rng, pairs, stones_buf, targets_buf)
            if code < 0:
                kinds[2] += 1
            elif (RING1[code >> 6] & BIT[code & 63]) != U0:
                kinds[0] += 1
            else:
                kinds[1] += 1
            me, opp = _apply_move(me, opp, code)
            me, opp = opp, me                              # the other side moves next
            played += 1
        if (to_move + played) % 2 == 1:                    # the first player is to move now
            f, s = me, opp
        else:
            f, s = opp, me
        nf = _popcount(f)
        ns = _popcount(s)
        winners[g] = 1 if nf > ns else (2 if ns > nf else 0)
        lengths[g] = played
        reasons[g] = reason


def playout_profile(position: Position, n_games: int, seed: int,
                    pairs: bool = False) -> PlayoutProfile:
    """Play ``n_games`` seeded random games from ``position`` and measure them.

    The games are exactly those of ``fast.random_playouts(position, n_games, seed, pairs)``:
    the same winners and lengths. ``position`` is a State, a FastState or a FEN string.
    ``pairs=True``: the random player picks among (source, destination) pairs, and the move
    counts are pair counts.

    >>> profile = playout_profile("x5o/7/7/7/7/7/o5x x 0 1", 3, seed=5)
    >>> int(profile.games_by_ply[0]), int(profile.lengths.sum()) == int(profile.games_by_ply.sum())
    (3, True)
    """
    fs = _position(position)
    if not _is_whole(n_games) or not 0 <= n_games <= MAX_PLAYOUTS:
        raise InvalidArgumentError(
            f"n_games must be a whole number from 0 to {MAX_PLAYOUTS:,}, got {n_games!r}")
    rng = np.array([_seed(seed)], dtype=np.uint64)
    n = int(n_games)
    winners = np.zeros(n, dtype=np.int8)
    lengths = np.zeros(n, dtype=np.int32)
    reasons = np.zeros(n, dtype=np.int8)
    moves_by_ply = np.zeros(MAX_TURNS, dtype=np.int64)
    games_by_ply = np.zeros(MAX_TURNS, dtype=np.int64)
    kinds = np.zeros(3, dtype=np.int64)
    _profile_playouts(fs.first, fs.second, fs.blocked, fs.to_move, _turns(fs), rng,
                      bool(pairs), winners, lengths, reasons, moves_by_ply, games_by_ply, kinds)
    longest = int(lengths.max()) if n else 0
    return PlayoutProfile(winners, lengths, reasons, moves_by_ply[:longest],
                          games_by_ply[:longest], int(kinds[_CLONE]), int(kinds[_JUMP]),
                          int(kinds[_PASS]))


MAX_REPEAT = 10**6
"""The most calls ``timed`` makes of one function."""


def timed(function: Callable[..., Any], *args: Any, repeat: int = 1,
          **kwargs: Any) -> tuple[Any, float]:
    """Call ``function(*args, **kwargs)`` ``repeat`` times; return ``(result, seconds)`` with
    the result of the last call and the fastest call's wall-clock time.

    >>> result, seconds = timed(sum, [1, 2, 3], repeat=2)
    >>> result, seconds >= 0
    (6, True)
    """
    function = checks.function(function, "function", "a function to time (called as "
                               "function(*args, **kwargs))")
    repeat = checks.whole(repeat, "repeat", 1, MAX_REPEAT)
    best = float("inf")
    result = None
    for _ in range(int(repeat)):
        started = time.perf_counter()
        result = function(*args, **kwargs)
        best = min(best, time.perf_counter() - started)
    return result, best


# --- The exercises of notebook 01 ----------------------------------------------------------------

# --- Notebook 01: rules and moves ------------------------------------------------------------
# The positions are the questions; the notebook shows the same FEN strings.

TURNS_FEN = "2o1oo1/oooo3/2o1ox1/1x1xx2/1x2xxx/1x2x2/3xxx1 o 0 31"
"""01-turns-left: how many more turns can be played before the 400-turn limit?"""

MOVES_FEN = "7/4o2/4o2/5x1/4x1x/o4x1/1o3x1 x 0 7"
"""01-legal-moves: how many legal moves does x have?"""

GAIN_FEN = "5oo/1x2o2/2x4/7/1xx4/o5x/6x x 0 7"
"""01-best-gain: which move gives x the largest lead in stones (x's minus o's)?"""

PERFT_FEN = "7/7/1x1o3/3o3/7/7/7 x 0 1"
"""01-perft-2: perft(2) of this position."""


def _turns_left() -> int:
    return MAX_TURNS - State.from_fen(TURNS_FEN).turns


def _legal_move_count() -> int:
    return len(State.from_fen(MOVES_FEN).legal_moves())


def _best_gain_move():
    """The move with the highest gain; the position is chosen so that only one move has it."""
    state = State.from_fen(GAIN_FEN)
    moves = state.legal_moves()
    best = max(state.gain(move) for move in moves)
    winners = [move for move in moves if state.gain(move) == best]
    if len(winners) != 1:
        raise RuntimeError(f"01-best-gain: {len(winners)} moves share the best gain {best}")
    return winners[0]


def _perft_2() -> int:
    return perft(State.from_fen(PERFT_FEN), 2)


register(
    "01-turns-left", _turns_left,
    mistake=MAX_TURNS - 60,  # forgot the +1 for o to move
    hint=N_("the last FEN field is the fullmove number: turns played = 2 * (fullmove - 1), "
            "plus 1 when o is to move (State.from_fen(fen).turns computes it); the game stops "
            "when 400 turns have been played in all."),
    compare=_whole_number)

register(
    "01-legal-moves", _legal_move_count,
    # counted (source, destination) pairs
    mistake=len(fast.legal_moves(fast.to_fast(State.from_fen(MOVES_FEN)), pairs=True)),
    hint=N_("count one clone per empty square next to an x stone (not one per stone next to it), "
            "plus one jump per (x stone, empty square two steps away). "
            "len(position.legal_moves()) counts them."),
    compare=_whole_number)

register(
    "01-best-gain", _best_gain_move,
    mistake="d6",  # a best clone; the jump c5e7 gains more
    hint=N_("the lead is x's stones minus o's. A clone's new stone adds 1 to it, and every "
            "capture adds 2 (one more x stone, one less o stone); a jump adds only its captures. "
            "position.gain(move) gives each move's gain. "
            "Write the move as text: a clone is its destination ('b6'), a jump source then "
            "destination ('a7c5')."),
    compare=_same_move(GAIN_FEN))

register(
    "01-perft-2", _perft_2,
    mistake=17 * 40,  # x's 17 moves times o's 40, as if nothing changed
    hint=N_("for each move of x, count the replies of o. A move that captures o's last stones "
            "ends the game, and a finished game has no replies: it adds 0. "
            "perft(position, 2) computes it."),
    compare=_whole_number)
