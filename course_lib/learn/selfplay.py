"""Training data for the learned evaluation: games the engine plays against itself.

Each game starts with a few random plies (so the games differ), then the engine (fast tier,
``course_lib.engine``) plays both sides to a fixed depth. Every position where the game is still
going is kept, from the side to move's view (its stones, the opponent's), labelled with how the
game ended for that side: 1 a win, 0.5 a draw, 0 a loss, and with the engine's score of the
position (its search to the same depth, in hundredths of a stone; a forced win or loss counts
as every square, +-4900). Same seed, same games: the random
plies take the seed, and a search to a fixed depth does not depend on the clock.

>>> data = self_play(games=2, seed=3, depth=1)
>>> len(data.me) == len(data.result) == len(data.game)
True
>>> set(data.result.tolist()) <= {0.0, 0.5, 1.0}
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..ataxx import fast
from ..ataxx.fast import FastState, _mover
from ..checks import whole
from ..errors import InvalidArgumentError
from ..interrupt import quiet_worker

__all__ = ["GameRecords", "SELF_PLAY_SWITCHES", "self_play"]

SELF_PLAY_SWITCHES = {"pvs": True, "aspiration": True, "tt": True, "lmr": True,
                      "nullmove": False, "killers": True, "history": True, "order": True,
                      "rfp": False, "lmp": False}
"""The engine's switches in self-play: its default when the shipped weights were made, kept
here so that ``python -m course_lib learn --seed 1`` plays the same games, and so remakes the
same weights, whatever the engine's default becomes."""


@dataclass
class GameRecords:
    """Positions of self-play games, one row each (numpy arrays of the same length).

    ``me``, ``opp``: the bitboards of the side to move and of the other side (uint64);
    ``result``: how the game ended for the side to move (1, 0.5, 0); ``score``: the engine's
    score of the position for the side to move; ``game``: the game's number; ``ply``: plies
    played before the position; ``empty``: empty squares; ``move``: the move played from the
    position (its code, ``course_lib.ataxx.fast``), or None when not recorded.
    """

    me: np.ndarray
    opp: np.ndarray
    result: np.ndarray
    score: np.ndarray
    game: np.ndarray
    ply: np.ndarray
    empty: np.ndarray
    move: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.me)

    def _fields(self) -> tuple[str, ...]:
        return FIELDS + (("move",) if self.move is not None else ())

    def select(self, rows: np.ndarray) -> "GameRecords":
        """The records at ``rows`` (an index or boolean array)."""
        return GameRecords(**{name: getattr(self, name)[rows] for name in self._fields()})

    def save(self, path: str) -> None:
        """Write the records as a compressed .npz."""
        np.savez_compressed(path, **{name: getattr(self, name) for name in self._fields()})

    @classmethod
    def load(cls, path: str) -> "GameRecords":
        """Records written by ``save``."""
        from .ntuple import unreadable
        try:
            with np.load(path, allow_pickle=False) as data:
                names = FIELDS + (("move",) if "move" in data.files else ())
                return cls(**{name: data[name] for name in names})
        except (OSError, KeyError, ValueError, EOFError, TypeError) as error:
            why = unreadable(error, "an .npz file of self-play games")
            raise InvalidArgumentError(f"cannot read game records from {path}: {why} (python -m "
                                       "course_lib learn --data writes them)") from None

    @classmethod
    def concatenate(cls, parts: list["GameRecords"]) -> "GameRecords":
        """The records of ``parts`` one after the other (``move`` kept if every part has it).

        >>> one = self_play(games=1, seed=3, depth=1)
        >>> len(GameRecords.concatenate([one, one])) == 2 * len(one)
        True
        """
        if not parts:
            raise InvalidArgumentError("no records to put together")
        names = FIELDS + (("move",) if all(p.move is not None for p in parts) else ())
        return cls(**{name: np.concatenate([getattr(p, name) for p in parts])
                      for name in names})


FIELDS = ("me", "opp", "result", "score", "game", "ply", "empty")
WIN_SCORE = 4900
"""The score a forced win counts as in the records (every square of the board, in hundredths
of a stone)."""


MAX_GAMES = 10**7
"""The most self-play games one run plays."""
MAX_DEPTH = 12
"""The deepest self-play search (depth 4 made the shipped weights; each ply more costs several
times the time)."""
MAX_WORKERS = 256


def _play_games(job: tuple[int, int, int, int, int, int]) -> list[tuple[int, ...]]:
    """Games ``first .. first + count - 1`` of a self-play run: one row per position."""
    from ..engine import Engine, SearchLimits

    first, count, seed, depth, low, high = job
    engine = Engine(hash_mb=4, **SELF_PLAY_SWITCHES)
    rows: list[tuple[int, ...]] = []
    for g in range(first, first + count):
        rng = np.random.default_rng([seed, g])      # each game its own stream: any split of
        engine.new_game()                           # the games over workers plays the same
        fs: FastState = fast.START
        opening = int(rng.integers(low, high + 1))
        kept: list[tuple[int, ...]] = []
        ply = 0
        while not fast.is_over(fs):
            me, opp = _mover(fs)
            empty = 49 - bin(int(me) | int(opp) | int(fs.blocked)).count("1")
            move, info = engine.search(fs, SearchLimits(depth=depth))
            score = (info.score_cp if info.mate is None
                     else (WIN_SCORE if info.mate > 0 else -WIN_SCORE))
            kept.append((int(me), int(opp), fs.to_move, score, ply, empty))
            if ply < opening:
                moves = fast.legal_moves(fs)
                code = int(moves[rng.integers(len(moves))])
            else:
                code = fast.encode_move(move)
            fs = fast.apply(fs, code)
            ply += 1
        winner = fast.winner(fs)
        for me, opp, to_move, score, at, empty in kept:
            result = 0.5 if winner == 0 else (1.0 if winner == to_move else 0.0)
            rows.append((me, opp, int(result * 2), score, g, at, empty))
    return rows


def self_play(games: int, seed: int, depth: int = 3, random_plies: tuple[int, int] = (2, 8),
              workers: int = 1, progress: Callable[[int], None] | None = None) -> GameRecords:
    """Play ``games`` games of the engine against itself to ``depth`` plies a move, each
    opened by a number of random plies drawn from ``random_plies`` (low, high, both included);
    return every position still in play with its final result for the side to move and the
    engine's score of it.

    ``workers`` processes share the games (the same games, whatever their number);
    ``progress`` (optional) is called with the number of games finished so far.
    """
    games = whole(games, "games", 1, MAX_GAMES)
    seed = whole(seed, "seed", 0, 2**32 - 1)
    depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
    workers = whole(workers, "workers", 1, MAX_WORKERS)
    low, high = random_plies
    if not 0 <= low <= high:
        raise InvalidArgumentError(f"random_plies must be (low, high) with 0 <= low <= high, "
                                   f"got {random_plies!r}")
    chunk = 25
    jobs = [(first, min(chunk, games - first), seed, depth, low, high)
            for first in range(0, games, chunk)]
    rows: list[tuple[int, ...]] = []
    done = 0
    if workers == 1:
        results = map(_play_games, jobs)
        pool = None
    else:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=quiet_worker)
        results = pool.imap(_play_games, jobs)
    try:
        for job, part in zip(jobs, results):
            rows.extend(part)
            done += job[1]
            if progress is not None:
                progress(done)
    finally:
        if pool is not None:
            pool.terminate()
    columns = list(zip(*rows))
    return GameRecords(
        me=np.array(columns[0], dtype=np.uint64), opp=np.array(columns[1], dtype=np.uint64),
        result=np.array(columns[2], dtype=np.float64) / 2,
        score=np.array(columns[3], dtype=np.int32), game=np.array(columns[4], dtype=np.int32),
        ply=np.array(columns[5], dtype=np.int16), empty=np.array(columns[6], dtype=np.int8))
