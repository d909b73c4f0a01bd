"""Notebook 11, from alpha-beta to an engine: its helpers and its exercises.

Helpers: each technique of the engine measured
alone, the engine's values against the plain search's, its SPRT ladder and its clock.

>>> only("tt")["tt"], only("tt")["lmr"]
(True, False)
>>> without("lmr")["lmr"], without("lmr")["tt"]
(False, True)
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..ataxx import State
from ..ataxx.fast import to_fast
from ..engine.engine import SWITCHES, Engine, SearchLimits, time_budget
from ..errors import InvalidArgumentError
from ..exercises import register
from .compare import whole_number as _whole_number
from .compare import within

__all__ = ["middle_games", "only", "without", "Measured", "measure", "depth_in_nodes", "differences",
           "load_ladder", "LADDER", "clock_game", "ClockMove"]

LADDER = Path(__file__).resolve().parents[1] / "data" / "engine_ladder.json"
"""The stored SPRT of each technique, written by ``benchmarks/engine_ladder.py``."""


def middle_games(count: int, first_seed: int = 1) -> list[State]:
    """The first ``count`` unfinished positions ``course_lib.lessons.nb04.middle_game``
    gives for the seeds ``first_seed``, ``first_seed + 1``, ... (a seed whose game ended is
    skipped).

    >>> middle_games(2)[0].fen()
    '2oo2o/x1oo1oo/x4oo/xx3oo/x3ooo/x6/xx5 x 4 16'
    """
    from .nb04 import middle_game

    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidArgumentError(f"count must be a whole number >= 1, got {count!r}")
    states: list[State] = []
    seed = first_seed
    while len(states) < count:
        state = middle_game(seed)
        if not state.is_over():
            states.append(state)
        seed += 1
    return states


def _check_names(names: tuple[str, ...]) -> None:
    for name in names:
        if name not in SWITCHES:
            raise InvalidArgumentError(f"the engine has no switch {name!r}; its switches are "
                                       + ", ".join(SWITCHES))


def only(*names: str) -> dict[str, bool]:
    """The switches with ``names`` on and every other one off (``only()``: all off, the plain
    alpha-beta with iterative deepening)."""
    _check_names(names)
    return {switch: switch in names for switch in SWITCHES}


def without(*names: str) -> dict[str, bool]:
    """Every switch on except ``names``."""
    _check_names(names)
    return {switch: switch not in names for switch in SWITCHES}


@dataclass
class Measured:
    """The engine searched on each position to one depth, a fresh engine per position."""

    nodes: list[int]
    seconds: list[float]
    moves: list[str]
    scores: list[int]
    """The root value in hundredths of a stone, side to move's view (a forced end of the game
    as the engine's MATE-based value)."""

    @property
    def total_nodes(self) -> int:
        return sum(self.nodes)

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds)


def _states(positions: Any) -> list[Any]:
    if isinstance(positions, (State, str)):
        positions = [positions]
    states = [State.from_fen(p) if isinstance(p, str) else p for p in positions]
    if not states:
        raise InvalidArgumentError("give at least one position to search")
    return states


def measure(positions: Any, depth: int, switches: dict[str, bool] | None = None,
            hash_mb: int = 4, evaluation: str = "material") -> Measured:
    """Search every position to ``depth`` with a new ``Engine(hash_mb, evaluation,
    **switches)`` each.

    >>> m = measure([State.start()], 3, only())
    >>> m.moves, m.scores                   # a clone is written as its square
    (['b7'], [100])
    """
    states = _states(positions)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise InvalidArgumentError(f"depth must be a whole number >= 1, got {depth!r}")
    result = Measured([], [], [], [])
    for state in states:
        engine = Engine(hash_mb=hash_mb, evaluation=evaluation, **(switches or {}))
        engine.warm_up()
        started = time.perf_counter()
        move, info = engine.search(state, SearchLimits(depth=depth))
        result.seconds.append(time.perf_counter() - started)
        result.nodes.append(info.nodes)
        result.moves.append(move.uai())
        result.scores.append(engine.last_value)
    return result


def depth_in_nodes(position: Any, nodes: int, switches: dict[str, bool] | None = None,
                   hash_mb: int = 4) -> int:
    """The deepest iteration a new engine finishes on ``position`` within ``nodes`` nodes.

    >>> depth_in_nodes(State.start(), 2_000)
    3
    """
    (state,) = _states(position)
    engine = Engine(hash_mb=hash_mb, **(switches or {}))
    _, info = engine.search(state, SearchLimits(nodes=nodes))
    return info.depth


def differences(measured: Measured, reference: Measured) -> tuple[int, int]:
    """(positions where the move differs, positions where the value differs) between two
    ``measure`` results on the same positions."""
    if len(measured.moves) != len(reference.moves):
        raise InvalidArgumentError("the two measurements are not on the same positions: "
                                   f"{len(measured.moves)} and {len(reference.moves)}")
    moves = sum(a != b for a, b in zip(measured.moves, reference.moves))
    scores = sum(a != b for a, b in zip(measured.scores, reference.scores))
    return moves, scores


def load_ladder(path: str | Path | None = None) -> list[dict]:
    """The records of ``benchmarks/engine_ladder.py`` (one per SPRT), or [] if none is stored."""
    path = LADDER if path is None else Path(path)
    if not path.exists():
        return []
    records = json.loads(path.read_text())
    if not isinstance(records, list):
        raise InvalidArgumentError(f"{path} should hold a list of SPRT records")
    return records


@dataclass
class ClockMove:
    """One move of ``clock_game``: the mover's clock before it, the engine's two limits, and
    the time it took (ms)."""

    ply: int
    empty: int
    left_ms: float
    soft_ms: float
    hard_ms: float
    used_ms: float
    depth: int


def clock_game(game_ms: int, inc_ms: int = 0, seed: int = 0, opening_plies: int = 4,
               hash_mb: int = 4) -> list[ClockMove]:
    """A game of the engine against itself, each side with ``game_ms`` on its clock plus
    ``inc_ms`` a move, from ``opening_plies`` seeded random moves; every move's clock and
    budget. Its times are measured, so they differ from run to run.
    """
    from ..match.play import random_opening

    for name, value in (("game_ms", game_ms), ("inc_ms", inc_ms)):
        if isinstance(value, bool) or not isinstance(value, int) or value < (
                1 if name == "game_ms" else 0):
            raise InvalidArgumentError(f"{name} must be a whole number of ms, got {value!r}")
    state = random_opening(opening_plies, seed)
    engines = {1: Engine(hash_mb=hash_mb), 2: Engine(hash_mb=hash_mb)}
    left = {1: float(game_ms), 2: float(game_ms)}
    moves: list[ClockMove] = []
    ply = 0
    while not state.is_over():
        player = state.to_move
        fs = to_fast(state)
        empty = 49 - bin(fs.first | fs.second | fs.blocked).count("1")
        limits = SearchLimits(btime_ms=int(left[1]), wtime_ms=int(left[2]),
                              binc_ms=inc_ms, winc_ms=inc_ms)
        soft, hard = time_budget(limits, player, empty)
        started = time.perf_counter()
        move, info = engines[player].search(state, limits)
        used = (time.perf_counter() - started) * 1000
        moves.append(ClockMove(ply, empty, left[player], soft * 1000, hard * 1000, used,
                               info.depth))
        left[player] += inc_ms - used
        if left[player] < 0:
            break                                   # lost on time
        state = state.apply(move)
        ply += 1
    return moves


# --- The exercises of notebook 11 ----------------------------------------------------------------

SAVING_FEN = "2xxooo/2xxooo/2xooo1/2xoo2/x6/x6/xxxxx1x x 2 16"
SAVING_DEPTH = 5
"""11-lmr-saving: how many fewer nodes the engine with only late move reductions on visits to
depth SAVING_DEPTH than the engine with every switch off (a new engine each time)."""

BUDGET_FEN = "x2xoo1/xx1xo1o/xx5/xx3oo/xxx3o/5oo/6o x 5 16"
NODE_BUDGET = 5_000_000
"""11-depth-in-nodes: the deepest iteration a new engine (every switch on, ``without()``; null-move
pruning too, which is off by default) finishes on
BUDGET_FEN within NODE_BUDGET nodes."""

CLOCK_MS = 60_000
CLOCK_INC_MS = 500
CLOCK_EMPTY = 30
"""11-soft-limit: the engine's soft limit in ms (no new iteration after it) for x to move with
CLOCK_MS on its clock, CLOCK_INC_MS a move and CLOCK_EMPTY empty squares."""


def _lmr_saving() -> int:
    plain = measure([SAVING_FEN], SAVING_DEPTH, only()).total_nodes
    return plain - measure([SAVING_FEN], SAVING_DEPTH, only("lmr")).total_nodes


def _depth_in_nodes() -> int:
    return depth_in_nodes(BUDGET_FEN, NODE_BUDGET, without())


def _soft_limit() -> float:
    soft, _ = time_budget(SearchLimits(btime_ms=CLOCK_MS, binc_ms=CLOCK_INC_MS), 1, CLOCK_EMPTY)
    return soft * 1000


register(
    "11-lmr-saving", _lmr_saving,
    mistake=2_499_667,  # the nodes with late move reductions on, not the nodes saved
    hint="search the position twice to depth 5, each time with a new engine: "
         "measure([position_1], 5, only()) (every switch off) and measure([position_1], 5, "
         "only('lmr')); the answer is the first total_nodes less the second, not either count.",
    compare=_whole_number)

register(
    "11-depth-in-nodes", _depth_in_nodes,
    mistake=8,  # the iteration that was cut short by the budget
    hint="give the engine every switch and the budget as its only limit, "
         "Engine(**without()).search(position_2, SearchLimits(nodes=5_000_000)) or "
         "depth_in_nodes(position_2, 5_000_000, without()), and read "
         "info.depth: the deepest iteration finished, not the one the budget cut short.",
    compare=_whole_number)

register(
    "11-soft-limit", _soft_limit,
    mistake=2983.6957,  # the whole share (60000 / 23 + 375), not 60 % of it
    hint="time_budget(SearchLimits(btime_ms=60_000, binc_ms=500), 1, 30) gives (soft, hard) "
         "in seconds; the soft limit is the first, times 1000 for ms. By hand: the share is "
         "left / (empty / 2 + 8) + 3/4 of the increment, and the soft limit is 60 % of it.",
    compare=within(0.01))
