"""Training data at scale: engine self-play in chunks, on a Dask cluster, resumable and seeded.

A run is described by a ``DataSpec``: ``games`` games of the engine against itself at a fixed
``nodes`` per move (so a move does not depend on the machine's speed or load), each game opened
by a seeded number of random plies (``opening_plies``, low and high included) and drawn again
while the engine scores the opening beyond ``max_opening_score`` (hundredths of a stone) for
either side, as in the public engines' data generation. Every position the engine moves from is
kept, from the side to move's view, with the game's result, the search score and the move
played (``GameRecords``; its ``ply`` counts the engine's moves of the game before the position,
the random opening left out).

The games are cut into chunks of ``chunk_games``; game ``g`` takes its random plies from
``np.random.default_rng([seed, g])``, so a chunk is the same whatever worker plays it, and the
data are the same for any number of workers. ``generate(spec, folder)`` writes
``folder/spec.json`` and one ``chunk_NNNNN.npz`` per chunk as each one finishes (written to a
temporary name, then renamed); run again, it plays only the chunks that are missing, so a run
stopped at any moment loses at most the chunks in flight. Run again with more ``games`` (the
other settings the same), it grows: the chunks played stay as they are, the new ones are
played, and the folder holds what a run of that many games from nothing would.
``load_data(folder)`` reads the chunks in order.

The chunks are played by a ``concurrent.futures``-style executor: a Dask ``LocalCluster`` over
the machine's cores by default, a running Dask scheduler with ``scheduler="tcp://host:8786"``
(its workers need course_lib installed), or any executor given (``executor=``; the tests use
this process alone). The records travel back to this process, which writes them: workers on
other machines need no shared disk.

>>> spec = DataSpec(seed=1, games=2, nodes=300, chunk_games=1, opening_plies=(2, 2))
>>> records = play_chunk(spec, 0)
>>> int(records.game.max()), set(records.result.tolist()) <= {0.0, 0.5, 1.0}
(0, True)
"""

from __future__ import annotations

import json
import os
import time
import warnings
from concurrent.futures import Executor, Future, as_completed
from dataclasses import asdict, dataclass, replace
from typing import Any, Callable

import numpy as np

from ..ataxx import fast
from ..ataxx.fast import FastState, _mover
from ..errors import InvalidArgumentError
from .selfplay import WIN_SCORE, GameRecords

__all__ = ["DataSpec", "DATA_SWITCHES", "play_chunk", "generate", "load_data", "chunk_path",
           "GenerationReport"]

DATA_SWITCHES = {"pvs": False, "aspiration": False, "tt": True, "lmr": False, "nullmove": False,
                 "killers": False, "history": False, "order": True, "rfp": False, "lmp": False}
"""The engine's switches in a data run, kept here so that a chunk stays the same games whatever
the engine's default becomes: the table and the ordering, the default when the shipped run
(``selfplay_s1``) played its chunks 199 to 1599. Its first 199 chunks were played earlier, when
the default was every switch on but null-move pruning, so this module replays those with other
switches than they had."""

SPEC_FILE = "spec.json"
MAX_OPENING_TRIES = 1000
"""Openings drawn for one game before giving up (an impossible ``max_opening_score``)."""


@dataclass(frozen=True)
class DataSpec:
    """What a data run plays (see the module's docstring). ``evaluation`` is the engine's
    (``material`` or the n-tuple network ``learned``); ``hash_mb`` its table, cleared at
    every game."""

    seed: int
    games: int
    nodes: int = 5000
    opening_plies: tuple[int, int] = (8, 12)
    max_opening_score: int = 300
    chunk_games: int = 50
    evaluation: str = "learned"
    hash_mb: int = 4

    def __post_init__(self) -> None:
        for name, least in (("seed", 0), ("games", 1), ("nodes", 1), ("chunk_games", 1),
                            ("hash_mb", 1), ("max_opening_score", 0)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                    or value < least:
                raise InvalidArgumentError(f"DataSpec.{name} must be a whole number >= "
                                           f"{least}, got {value!r}")
        low, high = self.opening_plies
        if not 0 <= low <= high <= 40:
            raise InvalidArgumentError(f"opening_plies must be (low, high) with 0 <= low <= "
                                       f"high <= 40, got {self.opening_plies!r}")
        object.__setattr__(self, "opening_plies", (int(low), int(high)))
        if self.evaluation not in ("material", "learned"):
            raise InvalidArgumentError(f"evaluation must be 'material' or 'learned', got "
                                       f"{self.evaluation!r}")

    @property
    def chunks(self) -> int:
        """How many chunks the games make (the last one may hold fewer games)."""
        return -(-self.games // self.chunk_games)

    def to_json(self) -> dict:
        return {**asdict(self), "opening_plies": list(self.opening_plies)}

    @classmethod
    def from_json(cls, data: dict) -> "DataSpec":
        return cls(**{**data, "opening_plies": tuple(data["opening_plies"])})


def _score(info: Any) -> int:
    """The search score for the side to move; a forced result as +-``WIN_SCORE``."""
    if info.mate is None:
        return int(info.score_cp)
    return WIN_SCORE if info.mate > 0 else -WIN_SCORE


def _opening(engine: Any, spec: DataSpec, rng: np.random.Generator) -> FastState:
    """A position after a seeded number of random plies that the engine scores within
    ``max_opening_score`` for both sides (drawn again otherwise)."""
    from ..engine import SearchLimits

    for _ in range(MAX_OPENING_TRIES):
        fs = fast.START
        plies = int(rng.integers(spec.opening_plies[0], spec.opening_plies[1] + 1))
        for _ in range(plies):
            if fast.is_over(fs):
                break
            moves = fast.legal_moves(fs)
            fs = fast.apply(fs, int(moves[rng.integers(len(moves))]))
        if fast.is_over(fs):
            continue
        engine.new_game()
        _, info = engine.search(fs, SearchLimits(nodes=spec.nodes))
        if abs(_score(info)) <= spec.max_opening_score:
            return fs
    raise InvalidArgumentError(f"no opening of {spec.opening_plies} random plies scored within "
                               f"{spec.max_opening_score} in {MAX_OPENING_TRIES} tries: raise "
                               "max_opening_score")


_ENGINES: dict[tuple, Any] = {}
"""One engine per worker process and settings: its compiled code is loaded once."""


def play_chunk(spec: DataSpec, index: int) -> GameRecords:
    """The positions of chunk ``index`` (games ``index * chunk_games`` onwards): the same
    records in any process, on any machine."""
    from ..engine import Engine, SearchLimits

    if not 0 <= index < spec.chunks:
        raise InvalidArgumentError(f"chunk {index} does not exist: the run has chunks 0 to "
                                   f"{spec.chunks - 1}")
    key = (spec.evaluation, spec.hash_mb)
    if key not in _ENGINES:
        _ENGINES[key] = Engine(hash_mb=spec.hash_mb, evaluation=spec.evaluation,
                               **DATA_SWITCHES)
    engine = _ENGINES[key]
    limits = SearchLimits(nodes=spec.nodes)
    rows: list[tuple[int, ...]] = []
    first = index * spec.chunk_games
    for g in range(first, min(first + spec.chunk_games, spec.games)):
        rng = np.random.default_rng([spec.seed, g])
        fs = _opening(engine, spec, rng)
        engine.new_game()
        kept = []
        ply = 0
        while not fast.is_over(fs):
            me, opp = _mover(fs)
            move, info = engine.search(fs, limits)
            code = fast.encode_move(move)
            kept.append((int(me), int(opp), fs.to_move, _score(info), ply, code))
            fs = fast.apply(fs, code)
            ply += 1
        winner = fast.winner(fs)
        for me, opp, to_move, score, at, code in kept:
            halves = 1 if winner == 0 else (2 if winner == to_move else 0)
            rows.append((me, opp, halves, score, g, at, code))
    columns = list(zip(*rows)) if rows else [()] * 7
    me = np.array(columns[0], dtype=np.uint64)
    opp = np.array(columns[1], dtype=np.uint64)
    occupied = np.array([int(a | b).bit_count() for a, b in zip(me, opp)], dtype=np.int8)
    return GameRecords(me=me, opp=opp, result=np.array(columns[2], dtype=np.float64) / 2,
                       score=np.array(columns[3], dtype=np.int32),
                       game=np.array(columns[4], dtype=np.int32),
                       ply=np.array(columns[5], dtype=np.int16),
                       empty=(49 - occupied).astype(np.int8),
                       move=np.array(columns[6], dtype=np.int16))


def chunk_path(folder: str, index: int) -> str:
    """Where chunk ``index`` of a run in ``folder`` is written."""
    return os.path.join(folder, f"chunk_{index:05d}.npz")


def _check_folder(spec: DataSpec, folder: str) -> None:
    """Create ``folder`` with the spec, or check that the spec already there is this one, or
    the same run with more games, which grows it (game ``g`` depends only on the seed and
    ``g``, so every chunk played stays a chunk of the larger run; the spec file then says
    ``spec``)."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, SPEC_FILE)
    if os.path.exists(path):
        with open(path) as handle:
            stored = DataSpec.from_json(json.load(handle))
        if replace(stored, games=spec.games) != spec:
            raise InvalidArgumentError(
                f"{folder} holds the chunks of another run ({stored}); give a new folder, or "
                f"the same settings to go on with it (more games grow it)")
        if spec.games < stored.games:
            raise InvalidArgumentError(
                f"{folder} holds a run of {stored.games} games; a run can grow (every chunk "
                f"played stays as it is) but not shrink: give --games {stored.games} or more, "
                f"or train on fewer chunks (--chunks)")
        if spec.games > stored.games and stored.games % stored.chunk_games:
            raise InvalidArgumentError(
                f"{folder} holds a run of {stored.games} games whose last chunk is not whole "
                f"({stored.chunk_games} games a chunk), so it cannot grow: give --games "
                f"{stored.games}, or a new folder")
        if spec.games == stored.games:
            return
    with open(path + ".tmp", "w") as handle:
        json.dump(spec.to_json(), handle, indent=1)
    os.replace(path + ".tmp", path)


@dataclass
class GenerationReport:
    """What ``generate`` did: chunks played now and found done, positions written now, wall
    seconds, and the workers it had."""

    played: int
    skipped: int
    positions: int
    seconds: float
    workers: int

    @property
    def positions_per_second(self) -> float:
        return self.positions / self.seconds if self.seconds > 0 else 0.0

    def record(self, spec: DataSpec, folder: str) -> dict:
        """This run as a JSON object: the settings, the chunks and positions in ``folder``
        now, what this run played, its time and rate, the machine and its load."""
        import platform
        from datetime import datetime, timezone
        done = [i for i in range(spec.chunks) if os.path.exists(chunk_path(folder, i))]
        return {"spec": spec.to_json(), "folder": os.path.abspath(folder),
                "chunks_done": len(done), "chunks": spec.chunks, "played": self.played,
                "skipped": self.skipped, "positions": self.positions,
                "seconds": round(self.seconds, 1),
                "positions_per_second": round(self.positions_per_second, 1),
                "workers": self.workers,
                "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "machine": f"{platform.machine()}, {os.cpu_count()} cores shared, load "
                           f"{os.getloadavg()[0]:.1f} at the end"}


def _local_client(workers: int | None) -> Any:
    from dask.distributed import Client, LocalCluster

    with warnings.catch_warnings():       # its HTTP server takes another port if 8787 is used
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=None, silence_logs=40)
    return Client(cluster)


def generate(spec: DataSpec, folder: str, executor: Executor | None = None,
             scheduler: str | None = None, workers: int | None = None,
             progress: Callable[[int, int, int], None] | None = None) -> GenerationReport:
    """Play the chunks of ``spec`` not yet in ``folder`` and write each as it finishes.

    ``executor`` (anything with ``submit`` returning futures) plays them; without one, a Dask
    client: of the scheduler at ``scheduler``, else of a ``LocalCluster`` of ``workers``
    processes (default: one per core), closed at the end. ``progress(done, total,
    positions)`` is called after each chunk written (``done`` counts the chunks found done
    too).
    """
    _check_folder(spec, folder)
    missing = [i for i in range(spec.chunks) if not os.path.exists(chunk_path(folder, i))]
    skipped = spec.chunks - len(missing)
    started = time.perf_counter()
    positions = 0
    client = None
    if executor is None and missing:
        if scheduler is not None:
            from dask.distributed import Client
            client = Client(scheduler)
        else:
            client = _local_client(workers)
        executor = client.get_executor()
        workers = sum(client.nthreads().values())
    try:
        futures: dict[Future, int] = {executor.submit(play_chunk, spec, i): i
                                      for i in missing} if missing else {}
        done = skipped
        for future in as_completed(futures):
            index = futures[future]
            records = future.result()
            path = chunk_path(folder, index)
            records.save(path + ".tmp.npz")
            os.replace(path + ".tmp.npz", path)
            positions += len(records)
            done += 1
            if progress is not None:
                progress(done, spec.chunks, positions)
    finally:
        if client is not None:
            cluster = client.cluster
            client.close()
            if cluster is not None:
                cluster.close()
    return GenerationReport(played=len(missing), skipped=skipped, positions=positions,
                            seconds=time.perf_counter() - started, workers=workers or 1)


def load_data(folder: str, chunks: int | None = None) -> GameRecords:
    """The records of a run in ``folder``, chunk by chunk in order (the first ``chunks``
    only, if given); every chunk must be there."""
    path = os.path.join(folder, SPEC_FILE)
    if not os.path.exists(path):
        raise InvalidArgumentError(f"{folder} holds no data run (no {SPEC_FILE}): make one "
                                   "with python -m course_lib network data")
    with open(path) as handle:
        spec = DataSpec.from_json(json.load(handle))
    count = spec.chunks if chunks is None else min(chunks, spec.chunks)
    missing = [i for i in range(count) if not os.path.exists(chunk_path(folder, i))]
    if missing:
        raise InvalidArgumentError(f"{folder}: {len(missing)} of {count} chunks are missing "
                                   f"(the first is {missing[0]}); run the same data command "
                                   "again to play them")
    parts = [GameRecords.load(chunk_path(folder, i)) for i in range(count)]
    return GameRecords.concatenate(parts)
