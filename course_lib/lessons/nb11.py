"""Notebook 11, from alpha-beta to an engine: its helpers and its exercises.

Helpers: the engine measured technique by technique, the teaching search beside it, the readable
engine's trees (``course_lib.engine.readable``) for the pictures, the stored ladder
(``course_lib/data/engine_ladder_nodes.jsonl``) and the clock.

>>> only("tt")["tt"], only("tt")["lmr"]
(True, False)
>>> without("lmr")["lmr"], without("lmr")["tt"]
(False, True)
"""

from __future__ import annotations

import json
import math
import re
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, NamedTuple

from ..agents.fast_search import FastTranspositionTable, fast_search
from ..agents.spec import parse_spec
from ..ataxx import State
from ..ataxx.fast import to_fast
from ..checks import MAX_NODES, choice, whole
from ..engine.engine import (MATE, MATE_BOUND, MAX_DEPTH, SWITCHES, Engine, EngineStats,
                             SearchLimits, time_budget)
from ..engine.readable import ReadableEngine, RootSearch, stones_taken
from ..errors import CourseError, InvalidArgumentError
from ..exercises import register
from ..games import GameTree
from ..i18n import N_, _
from ..match.ladder import (CONFIRM_BOUNDS, CONFIRM_WHY, TECHNIQUE_BOUNDS, TESTED_FROM,
                            TESTED_WITH, Rung, load_records, rung_plan)
from ..strength import SCALE_UNITS
from . import stored_measurement

__all__ = ["middle_games", "only", "without", "Measured", "measure", "depth_in_nodes",
           "differences", "tree_search", "moves_searched_again", "null_cut_node", "twins",
           "teaching_against_engine", "Timed", "ladder_results", "expected_games",
           "LADDER_RECORDS", "EARLIER_LADDER", "ladder_setup", "earlier_ladder_setup", "reason",
           "clock_test", "MoveKinds", "move_kinds", "COUNTERS", "clock_game", "ClockMove", "STOPS"]

LADDER_RECORDS = Path(__file__).resolve().parents[1] / "data" / "engine_ladder_nodes.jsonl"
"""The engine's ladder as ``python -m course_lib ladder`` stored it (one JSON record a line)."""


def middle_games(count: int, first_seed: int = 1) -> list[State]:
    """The first ``count`` unfinished positions ``course_lib.lessons.nb04.middle_game``
    gives for the seeds ``first_seed``, ``first_seed + 1``, ... (a seed whose game ended is
    skipped).

    >>> middle_games(2)[0].fen()
    '2oo2o/x1oo1oo/x4oo/xx3oo/x3ooo/x6/xx5 x 4 16'
    """
    from .nb04 import middle_game

    count = whole(count, "count (positions)", 1, 1000)
    first_seed = whole(first_seed, "first_seed", 0, 10**9)
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
    stats: list[EngineStats]
    """Each search's counters (cut-offs, table hits, reductions, ...)."""

    @property
    def total_nodes(self) -> int:
        return sum(self.nodes)

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds)


def _states(positions: Any) -> list[State]:
    if isinstance(positions, (State, str)):
        positions = [positions]
    if not isinstance(positions, (list, tuple)):
        raise InvalidArgumentError("positions is an ATAXX State, a FEN string, or a list of "
                                   f"them, got {type(positions).__name__}")
    states = []
    for position in positions:
        if isinstance(position, str):
            position = State.from_fen(position)
        if not isinstance(position, State):
            raise InvalidArgumentError("each position is an ATAXX State or a FEN string, got "
                                       f"{type(position).__name__}")
        states.append(position)
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
    depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
    result = Measured([], [], [], [], [])
    for state in states:
        engine = Engine(hash_mb=hash_mb, evaluation=evaluation, **(switches or {}))
        engine.warm_up()
        started = time.perf_counter()
        move, info = engine.search(state, SearchLimits(depth=depth))
        result.seconds.append(time.perf_counter() - started)
        result.nodes.append(info.nodes)
        result.moves.append(move.uai())
        result.scores.append(engine.last_value)
        result.stats.append(engine.last_stats)
    return result


def depth_in_nodes(position: Any, nodes: int, switches: dict[str, bool] | None = None,
                   hash_mb: int = 4) -> int:
    """The deepest iteration a new engine finishes on ``position`` within ``nodes`` nodes.

    >>> depth_in_nodes(State.start(), 2_000)
    4
    """
    (state,) = _states(position)
    nodes = whole(nodes, "nodes", 1, MAX_NODES)
    engine = Engine(hash_mb=hash_mb, **(switches or {}))
    _, info = engine.search(state, SearchLimits(nodes=nodes))
    return info.depth


def differences(measured: Measured, reference: Measured) -> tuple[int, int]:
    """(positions where the move differs, positions where the value differs) between two
    ``measure`` results on the same positions."""
    for name, given in (("measured", measured), ("reference", reference)):
        if not isinstance(given, Measured):
            raise InvalidArgumentError(f"{name} must be what measure(...) returns, got "
                                       f"{type(given).__name__}")
    if len(measured.moves) != len(reference.moves):
        raise InvalidArgumentError("the two measurements are not on the same positions: "
                                   f"{len(measured.moves)} and {len(reference.moves)}")
    moves = sum(a != b for a, b in zip(measured.moves, reference.moves))
    scores = sum(a != b for a, b in zip(measured.scores, reference.scores))
    return moves, scores


# --- The teaching search beside the engine (section 1) ----------------------------------------

TEACHING = {"teaching, no ordering, no table": ("none", 0),
            "teaching, gain order": ("gain", 0),
            "teaching, table": ("none", 1 << 16),
            "teaching, gain order and table": ("gain", 1 << 16)}
ENGINE = {"engine, no ordering, no table": (),
          "engine, order": ("order",),
          "engine, tt": ("tt",),
          "engine, tt and order": ("tt", "order")}
"""The settings ``teaching_against_engine`` compares: each search with neither, either or both
of its table and its ordering (the engine's other switches off, as by default)."""


class Timed(NamedTuple):
    """One setting of ``teaching_against_engine``: its nodes, summed over the positions (the
    same in every run), the median of its runs' seconds, and each run's seconds, in the order
    of the runs."""

    nodes: int
    seconds: float
    runs: tuple[float, ...]


def teaching_against_engine(positions: Any, depth: int, repeats: int = 1) -> dict[str, Timed]:
    """{setting: Timed} summed over ``positions``: the teaching alpha-beta (``fast_search``,
    one search to ``depth``, its table used at equal depth only) and the engine (iterative
    deepening to ``depth``, its table used at greater or equal depth), each with and without
    its table and its ordering (``TEACHING``, ``ENGINE``). The two count nodes differently
    (the engine counts every child of a node one ply above the horizon), so compare each one's
    savings, and times across them. Each run times every setting once, one after the other;
    ``repeats`` runs, and each setting's median kept beside its runs. Both searches' tables
    are built before their clock starts (an engine's with the engine, a teaching table empty
    and new for each search).

    >>> found = teaching_against_engine([State.start()], 2, repeats=3)
    >>> found["teaching, gain order"].nodes, found["engine, tt and order"].nodes
    (48, 290)
    >>> len(found["teaching, gain order"].runs)
    3
    """
    states = _states(positions)
    depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
    repeats = whole(repeats, "repeats", 1, 100)
    for order, slots in TEACHING.values():
        fast_search(states[0], 1, order=order, table_slots=slots)     # compiled before timing
    nodes: dict[str, int] = {}
    runs: dict[str, list[float]] = {label: [] for label in (*TEACHING, *ENGINE)}
    for _ in range(repeats):
        for label, (order, slots) in TEACHING.items():
            tables = [FastTranspositionTable(slots) if slots else None for _ in states]
            started = time.perf_counter()
            nodes[label] = sum(fast_search(s, depth, order=order, table=table).stats.nodes
                               for s, table in zip(states, tables))
            runs[label].append(time.perf_counter() - started)
        for label, names in ENGINE.items():
            run = measure(states, depth, only(*names))
            nodes[label] = run.total_nodes
            runs[label].append(run.total_seconds)
    return {label: Timed(nodes[label], statistics.median(times), tuple(times))
            for label, times in runs.items()}


# --- The readable engine's trees (section 2) ---------------------------------------------------

TREE_SWITCHES = ("pvs", "lmr")
"""The switches that act on an explicit game tree (the others need ATAXX: its pass, its keys,
its captures, or iterative deepening)."""


def _tree_value(state: Any, player: int) -> float:
    """An explicit tree's leaf (or the first leaf below a node at the horizon) for ``player``."""
    from ..grader.cases import tree_evaluation
    return tree_evaluation(state, player)


def tree_search(nodes: Any, depth: int, *switches: str) -> RootSearch:
    """The readable engine's search of the explicit tree ``nodes`` (``GameTree``: lists of
    children, numbers for the leaves, values for the player to move at the root) to ``depth``,
    recorded for ``draw_alphabeta``, with ``switches`` (of ``TREE_SWITCHES``) on and every
    other one off.

    >>> found = tree_search([[3, 5], [6, 7], [2, 9]], 2, "pvs")
    >>> found.value, found.move, found.nodes
    (6, 1, 12)
    """
    for name in switches:
        choice(name, "a switch that acts on a game tree", TREE_SWITCHES)
    depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
    try:
        tree = GameTree(nodes)
    except Exception as error:                       # noqa: BLE001 - said in words below
        raise InvalidArgumentError(f"nodes is an explicit tree (lists of children, numbers "
                                   f"for the leaves): {error}") from None
    engine = ReadableEngine(evaluation=_tree_value, frontier=False, **only(*switches))
    return engine.root_search(tree, depth, record=True)


def moves_searched_again(search: RootSearch) -> list:
    """The root moves a recorded search searched a second time at full depth and with the
    full window (labelled "again" in its picture), in the order it did.

    >>> moves_searched_again(tree_search([[3, 5], [6, 7], [2, 9]], 2, "pvs"))
    [1]
    """
    tree = _tree_of(search)
    return [data["move"] for node, data in sorted(tree.nodes(data=True))
            if data["depth"] == 1 and data.get("note") == "again"]


def null_cut_node(search: RootSearch) -> int:
    """The first node (in the order searched) of a recorded search that its null move cut:
    draw it with ``draw_alphabeta(subtree(search, node))``."""
    tree = _tree_of(search)
    for node, data in sorted(tree.nodes(data=True)):
        if data.get("note") == "null":
            parent = next(iter(tree.predecessors(node)))
            if tree.nodes[parent]["cut_by"]:
                return parent
    raise InvalidArgumentError("no null move cut a node in this search: record one with "
                               "nullmove and pvs on, 4 plies deep or more")


def _tree_of(search: Any) -> Any:
    if not isinstance(search, RootSearch) or search.tree is None:
        raise InvalidArgumentError("search must be a recorded root search (tree_search, or "
                                   "ReadableEngine.root_search(..., record=...))")
    return search.tree


COUNTERS = ("nodes", "cutoffs", "first_move_cutoffs", "tt_hits", "tt_cutoffs", "null_tries",
            "null_cutoffs", "reductions", "re_searches", "futility_cuts", "late_moves_pruned")
"""The counters the readable engine and the compiled one keep alike."""


def twins(positions: Any, depth: int, switches: dict[str, bool] | None = None
          ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """For each position, the ``COUNTERS`` of the readable engine and of the compiled one,
    each new, searching it to ``depth`` with ``switches`` (the default if None).

    >>> readable, compiled = twins([State.start()], 2)[0]
    >>> readable == compiled, readable[0]
    (True, 130)
    """
    states = _states(positions)
    depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
    switches = dict(switches or {})
    pairs = []
    for state in states:
        readable = ReadableEngine(hash_mb=4, **switches).search(state, depth).stats
        compiled = measure([state], depth, switches).stats[0]
        pairs.append((tuple(getattr(readable, c) for c in COUNTERS),
                      tuple(getattr(compiled, c) for c in COUNTERS)))
    return pairs


# --- The ladder (section 3) --------------------------------------------------------------------

def ladder_results(path: str | Path | None = None) -> list[dict]:
    """The result record of every test of the stored ladder, in the order they finished.

    >>> [r["rung"] for r in ladder_results()][:2]
    ['tt', 'order']
    """
    return [r for r in load_records(LADDER_RECORDS if path is None else path)
            if r.get("kind") == "result"]


def expected_games(record: dict) -> tuple[float, float, float]:
    """A test's expected number of games (its plan: the Brownian ASN) if the truth is H0's
    Elo, halfway between the bounds, and H1's.

    >>> [round(g) for g in expected_games(ladder_results()[0])]
    [417, 697, 417]
    """
    try:
        points = {p["elo"]: p["expected_games"] for p in record["expected_games"]}
        low, high = record["elo0"], record["elo1"]
        return points[low], points[(low + high) / 2], points[high]
    except (KeyError, TypeError):
        raise InvalidArgumentError("record must be a ladder result record (ladder_results()), "
                                   "with its plan's expected games") from None


EARLIER_LADDER = Path(__file__).resolve().parents[1] / "data" / "engine_ladder.json"
"""The earlier ladder, played at a time a move (one JSON list of result records)."""


def _shared(records: list[dict], values: Callable[[dict], dict], what: str) -> dict:
    """{name: value} of ``values(record)``, the same for every record, else an error."""
    found: dict = {}
    for record in records:
        for name, value in values(record).items():
            found.setdefault(name, set()).add(value)
    mixed = [name for name, seen in found.items() if len(seen) != 1]
    if not records or mixed:
        raise InvalidArgumentError(f"{what} do not share one setting"
                                   + (f": {', '.join(mixed)} differ" if mixed else ": none"))
    return {name: seen.pop() for name, seen in found.items()}


def _budget(spec: str, key: str) -> int:
    """The ``key`` of an agent spec (``parse_spec``), refused in words when it gives none."""
    options = parse_spec(spec)[1]
    if key not in options:
        raise InvalidArgumentError(f"the engine spec {spec!r} gives no {key}=")
    return options[key]


def ladder_setup(path: str | Path | None = None) -> dict:
    """What every test of the stored ladder shared, read from its records: the nodes a move of
    A and of B, alpha, beta, the openings, and the chance (at most) of a test still running at
    its cap.

    >>> setup = ladder_setup()
    >>> setup["nodes"], setup["alpha"], setup["cap_probability"]
    (100000, 0.05, 0.001)
    """
    records = load_records(LADDER_RECORDS if path is None else path)
    results = _shared([r for r in records if r.get("kind") == "result"],
                      lambda r: {"nodes": _budget(r["spec_a"], "nodes"),
                                 "nodes_b": _budget(r["spec_b"], "nodes"), "alpha": r["alpha"],
                                 "beta": r["beta"], "openings": r["openings"]},
                      "the ladder's tests")
    plans = _shared([r for r in records if r.get("kind") == "rung"],
                    lambda r: {"cap_probability": r["plan"]["cap_probability"]},
                    "the ladder's plans")
    if results.pop("nodes_b") != results["nodes"]:
        raise InvalidArgumentError("A and B of the ladder's tests had different budgets")
    return {**results, **plans}


def earlier_ladder_setup(path: str | Path | None = None) -> dict:
    """What every test of a technique (``TECHNIQUE_BOUNDS``) in the earlier ladder
    (``EARLIER_LADDER``) shared: its time a move, its bounds and their scale, and its cap of
    games; ``unit`` is the scale's unit in the language the course speaks.

    >>> setup = earlier_ladder_setup()
    >>> setup["ms"], (setup["elo0"], setup["elo1"]), setup["unit"], setup["max_games"]
    (20, (0, 10), 'normalized Elo', 300)
    """
    records = [r for r in json.loads(Path(EARLIER_LADDER if path is None else path).read_text())
               if r.get("technique") in TECHNIQUE_BOUNDS]
    setup = _shared(records, lambda r: {"ms": r["time_per_move_ms"], "elo0": r["elo0"],
                                        "elo1": r["elo1"], "scale": r["scale"],
                                        "max_games": r["max_games"]},
                    "the earlier ladder's tests")
    return {**setup, "unit": _(SCALE_UNITS[setup["scale"]])}


def _fields(template: str, text: str) -> dict | None:
    """The values of the ``{fields}`` of ``template`` that give ``text``, or None (a field
    named twice must have the same value both times)."""
    seen: set[str] = set()

    def group(found: re.Match) -> str:
        name = found.group(1)
        if name in seen:
            return f"(?P={name})"
        seen.add(name)
        return f"(?P<{name}>.+)"

    pattern = re.sub(r"\\\{(\w+)\\\}", group, re.escape(template))
    match = re.fullmatch(pattern, text)
    return match.groupdict() if match else None


def reason(record: dict) -> str:
    """Why a test of the stored ladder asked what it asked (its record's ``why``), in the
    course's language: the ladder's own words (``TECHNIQUE_BOUNDS``, ``CONFIRM_BOUNDS``)
    translated, a reason the library does not hold as it is stored.

    >>> reason(ladder_results()[-1])[:51]
    'aspiration (off in the default it is tested from): '
    """
    if not isinstance(record, dict) or not isinstance(record.get("why"), str):
        raise InvalidArgumentError("record must be a ladder result record (ladder_results())")
    reasons = {why for _, _, why in TECHNIQUE_BOUNDS.values()} | {CONFIRM_BOUNDS[2]}
    for template in (*TESTED_FROM.values(), TESTED_WITH, CONFIRM_WHY):
        fields = _fields(template, record["why"])
        if fields is not None and fields["why"] in reasons:
            return _(template).format(**{**fields, "why": _(fields["why"])})
    return record["why"]


def clock_test(path: str | Path | None = None) -> dict | None:
    """The latest stored test of the engine's default against another setting of its switches
    at a time a move, with the value network (``benchmarks/network_ladder.py --rung engine``,
    in the stored measurement ``network_ladder``, or the JSON list at ``path``), or None when
    none is stored.

    >>> clock_test()["time_per_move_ms"], clock_test()["result"]
    (100, 'accepted')
    """
    records = (stored_measurement("network_ladder") if path is None
               else json.loads(Path(path).read_text()))
    found = [r for r in records if isinstance(r, dict) and r.get("rung") == "engine"]
    return found[-1] if found else None


class MoveKinds(NamedTuple):
    """The legal moves of some positions, counted: all of them, the jumps, and the jumps that
    take no stone (what late move pruning skips)."""

    moves: int
    jumps: int
    quiet_jumps: int


def move_kinds(positions: Any) -> MoveKinds:
    """Count the legal moves of ``positions`` by kind.

    >>> move_kinds([State.start()])
    MoveKinds(moves=16, jumps=10, quiet_jumps=10)
    """
    moves = [(state, move) for state in _states(positions) for move in state.legal_moves()]
    jumps = [(state, move) for state, move in moves if move.is_jump]
    return MoveKinds(len(moves), len(jumps),
                     sum(stones_taken(state, move) == 0 for state, move in jumps))


@dataclass
class ClockMove:
    """One move of ``clock_game``: the mover's clock before it, the engine's two limits, the
    time it took (ms), the deepest iteration it finished, and what ended its search
    (``STOPS``)."""

    ply: int
    empty: int
    left_ms: float
    soft_ms: float
    hard_ms: float
    used_ms: float
    depth: int
    stopped: str = ""


STOPS = ("one legal move", "a forced end found", "the hard limit, set below the soft one",
         "the soft or the hard limit")
"""What can end the engine's search of a move on a clock (``Engine.search``): the first two
end it after the iteration that shows it, whatever the time; otherwise the clock does, at the
first iteration's end past the soft limit or at the hard limit, and when little time is left
the hard limit can come before the soft one."""


def _stopped(moves: int, value: int, depth: int, soft_ms: float, hard_ms: float) -> str:
    """Which of ``STOPS`` ended a search with ``moves`` legal moves at the root that found
    ``value`` (the engine's, side to move's view) at ``depth``.

    >>> _stopped(1, 0, 1, 20.0, 50.0), _stopped(9, MATE - 3, 3, 20.0, 50.0)
    ('one legal move', 'a forced end found')
    >>> _stopped(9, 100, 5, 20.0, 50.0), _stopped(9, 100, 5, 50.0, 36.0)
    ('the soft or the hard limit', 'the hard limit, set below the soft one')
    """
    if moves == 1:
        return STOPS[0]
    if abs(value) >= MATE_BOUND and MATE - abs(value) <= depth:
        return STOPS[1]
    return STOPS[2] if hard_ms < soft_ms else STOPS[3]


def clock_game(game_ms: int, inc_ms: int = 0, seed: int = 0, opening_plies: int = 4,
               hash_mb: int = 4) -> list[ClockMove]:
    """A game of the engine against itself, each side with ``game_ms`` on its clock plus
    ``inc_ms`` a move, from ``opening_plies`` seeded random moves; every move's clock and
    budget. Its times are measured, so they differ from run to run.
    """
    from ..match.play import random_opening

    game_ms = whole(game_ms, "game_ms", 1, 10**7, "ms")
    inc_ms = whole(inc_ms, "inc_ms", 0, 10**6, "ms")
    whole(opening_plies, "opening_plies", 0, 40)
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
                               info.depth, _stopped(len(state.legal_moves()),
                                                    engines[player].last_value, info.depth,
                                                    soft * 1000, hard * 1000)))
        left[player] += inc_ms - used
        if left[player] < 0:
            break                                   # lost on time
        state = state.apply(move)
        ply += 1
    return moves


# --- The exercises of notebook 11 ----------------------------------------------------------------

RESEARCH_TREE = [[2, 9], [4, 6], [3, 8], [7, 5], [1, 3]]
"""11-research-moves: which root moves does principal variation search search a second time,
on this tree, to depth 2?"""


def _research_moves() -> list:
    return moves_searched_again(tree_search(RESEARCH_TREE, 2, "pvs"))


def _same_moves(answer: Any, expected: list) -> bool:
    """Is ``answer`` the list of root moves ``expected``? An answer that is not a list of move
    numbers is told so in words."""
    if not (isinstance(answer, (list, tuple)) and all(
            isinstance(m, int) and not isinstance(m, bool) for m in answer)):
        raise CourseError(f"answer with a list of root move numbers, counted from 0, such as "
                          f"[0, 2]; got {answer!r}")
    return list(answer) == expected


NARROW_BOUNDS = (0.0, 20.0)
"""11-narrow-bounds: the bounds (normalized Elo) of a test the ladder did not play; how many
games does its plan expect if the truth is H0's Elo?"""


def _narrow_bounds_games() -> float:
    elo0, elo1 = NARROW_BOUNDS
    plan = rung_plan(Rung("narrow", "a", "b", elo0, elo1, "11-narrow-bounds"))
    return next(p["expected_games"] for p in plan["points"] if p["elo"] == elo0)


def _within_a_tenth(answer: Any, expected: float) -> bool:
    """Is the number of games ``answer`` within a tenth of ``expected``? An answer that is
    not a number is told so in words."""
    if isinstance(answer, bool) or not isinstance(answer, (int, float)) \
            or not math.isfinite(answer):
        raise CourseError(f"answer with a number of games, such as 1000; got {answer!r}")
    return abs(answer - expected) <= 0.1 * expected


LETTERS = ("a", "b", "c")
"""11-fixed-length's choices."""


def _same_letter(answer: Any, expected: str) -> bool:
    """Is ``answer`` the letter ``expected`` (any case, spaces around ignored)? An answer that
    is not one of ``LETTERS`` is told so in words."""
    letter = answer.strip().lower() if isinstance(answer, str) else None
    if letter not in LETTERS:
        raise CourseError(f"answer with one of the letters {', '.join(map(repr, LETTERS))}, "
                          f"as a string; got {answer!r}")
    return letter == expected


register(
    "11-research-moves", _research_moves,
    mistake=[1, 2, 3],  # every move worth more than the first, as if alpha stayed at 2
    hint=(N_("a later move is searched again only when its null-window answer lies strictly "
             "between alpha and beta. After each root move, what is alpha at the root, and what "
             "does the next move's null window ask?"),
          N_("follow alpha from move to move: move 0 gives 2, so alpha is 2, and move 1 is "
             "asked 'more than 2?'. If move 1 is searched again, its value raises alpha: what "
             "does move 2 then have to beat, and does MIN's first leaf there already answer "
             "'no'?"),
          N_("move 0: alpha 2. Move 1: MIN answers 4, more than 2, so it is searched again and "
             "alpha becomes 4. Move 2: its first leaf, 3, is at most 4, so MIN answers at once: "
             "not again. Do moves 3 and 4 the same way, alpha being the best value so far, and "
             "list the moves searched again.")),
    compare=_same_moves)

register(
    "11-narrow-bounds", _narrow_bounds_games,
    mistake=834,  # twice the 417 of [0, 40], as if the games grew with 1 / width
    hint=(N_("compare the plans of section 3: what happens to the expected games at elo0 when "
             "the width of the bounds goes from 40 to 30, and from 30 to 25?"),
          N_("from [0, 40] to [0, 30] the expected games at elo0 go from 417 to 733, 1.76 "
             "times, while the width shrank by 40 / 30 = 1.33: which power of 1.33 is 1.76? "
             "Check it on 30 to 25."),
          N_("the expected games follow about 1 / width²: [0, 20] is half as wide as [0, 40], "
             "so its plan expects about (40 / 20)² times the 417 games of [0, 40] at elo0.")),
    compare=_within_a_tenth)

register(
    "11-fixed-length", lambda: "a",
    mistake="b",  # the stopping's correction kept, as if it belonged to the games themselves
    hint=(N_("what does the median-unbiased estimate correct? Think of what made the naive one "
             "lean the way its test stopped."),
          N_("the bias of section 3 comes from when the test stopped: a test that stops as soon "
             "as its LLR crosses a bound stops more often when its results happen to run past "
             "that bound. Does that happen when the number of games is fixed before any result "
             "is seen?"),
          N_("with a fixed number of games, the score of those games is read as it is: no "
             "stopping rule to correct for. Which printed figure is that score's Elo?")),
    compare=_same_letter)
