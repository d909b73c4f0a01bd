"""The readable engine (course_lib/engine/readable.py) against the compiled one: the same move,
value, node count and counters for every switch, and what a recorded tree shows."""

from __future__ import annotations

import pytest

from course_lib.ataxx import State
from course_lib.engine import Engine, SearchLimits
from course_lib.engine.engine import OFF_BY_DEFAULT, SWITCHES
from course_lib.engine.readable import ReadableEngine, reduction
from course_lib.errors import CourseError
from course_lib.games import GameTree
from course_lib.grader.cases import tree_evaluation

COUNTERS = ("nodes", "cutoffs", "first_move_cutoffs", "tt_hits", "tt_cutoffs", "null_tries",
            "null_cutoffs", "reductions", "re_searches", "futility_cuts", "late_moves_pruned")

POSITIONS = {
    "few moves, x behind": "ooooooo/6o/7/oooooo1/oooooo1/xxxxxxx/xxxxxxx x 1 22",
    "null moves cut": "oxx1oxx/oxoooxx/xoooox1/xoo4/xoo4/xoo4/x6 x 0 22",
    "o to move, an ending": "xxxxxxx/xxxxxxx/xxxxx2/xxxo3/ooooooo/ooooooo/ooooooo o 0 20",
}
"""Positions small enough for the readable engine at depth 4; in the second the null move cuts,
in the first the aspiration window fails low at depth 4."""


def _with(*names: str) -> dict:
    """The table and the ordering on with ``names``, every other switch off: a setting that
    does not depend on what the default is."""
    return {name: name in ("tt", "order") + names for name in SWITCHES}


SETTINGS = {
    "the default": {},
    "every switch on": {name: True for name in SWITCHES},
    "every switch off": {name: False for name in SWITCHES},
    "pvs and null move": _with("pvs", "nullmove"),
    "pvs and lmr": _with("pvs", "lmr"),
    "lmr alone": _with("lmr"),
    "aspiration": _with("aspiration"),
    "killers and history": _with("killers", "history"),
    "late move pruning": _with("lmp"),
    "reverse futility with pvs": _with("pvs", "rfp"),
    "reverse futility without pvs (idle)": _with("rfp"),
    "late move pruning without order (idle)": {**_with("lmp"), "order": False},
}
"""Twelve settings, each a different engine: the default, all on, all off, and nine written out
in full (the table and the ordering with the switches named)."""


def test_the_settings_are_twelve_different_engines():
    default = {name: name not in OFF_BY_DEFAULT for name in SWITCHES}
    assert len({tuple(sorted({**default, **s}.items())) for s in SETTINGS.values()}) == 12


def _both(fen: str, depth: int, switches: dict) -> tuple:
    state = State.from_fen(fen)
    readable = ReadableEngine(hash_mb=1, **switches).search(state, depth)
    engine = Engine(hash_mb=1, **switches)
    move, _ = engine.search(state, SearchLimits(depth=depth))
    return readable, (move, engine.last_value, engine.last_stats)


@pytest.mark.parametrize("setting", SETTINGS)
@pytest.mark.parametrize("position", POSITIONS)
def test_the_readable_engine_is_the_compiled_one(position, setting):
    readable, (move, value, stats) = _both(POSITIONS[position], 4, SETTINGS[setting])
    assert readable.move.uai() == move.uai()
    assert readable.value == value
    assert [getattr(readable.stats, c) for c in COUNTERS] == [getattr(stats, c) for c in COUNTERS]


def test_the_techniques_act_on_these_positions():
    """The comparison above is not of idle switches: each technique does something there."""
    on = {name: True for name in SWITCHES}
    found = {p: ReadableEngine(hash_mb=1, **on).search(State.from_fen(f), 4)
             for p, f in POSITIONS.items()}
    stats = [f.stats for f in found.values()]
    assert sum(s.null_cutoffs for s in stats) > 0
    assert sum(s.reductions for s in stats) > 0 and sum(s.re_searches for s in stats) > 0
    assert sum(s.tt_cutoffs for s in stats) > 0
    assert sum(s.futility_cuts for s in stats) > 0
    assert sum(s.late_moves_pruned for s in stats) > 0
    failed = [s.failed for f in found.values() for s in f.root_searches if s.failed]
    assert failed, "no aspiration window failed"


def test_the_same_engine_carries_its_table_from_one_search_to_the_next():
    state = State.from_fen(POSITIONS["null moves cut"])
    readable, engine = ReadableEngine(hash_mb=1), Engine(hash_mb=1)
    for depth in (2, 3, 3):
        found = readable.search(state, depth)
        engine.search(state, SearchLimits(depth=depth))
        assert found.nodes == engine.last_stats.nodes


def test_defaults_are_the_engines():
    assert ReadableEngine().switches == {name: name not in OFF_BY_DEFAULT for name in SWITCHES}


def test_reduction_is_the_kernels_table():
    from course_lib.engine._kernels import LMR_TABLE
    assert all(reduction(d, m) == LMR_TABLE[d, m] for d in range(1, 64) for m in range(1, 64))
    assert reduction(0, 5) == reduction(5, 0) == 0


def test_pvs_and_aspiration_keep_the_value_on_a_tree():
    """On an explicit tree, PVS finds alpha-beta's value and move, with re-searches."""
    tree = [[3, 5], [6, 7], [2, 9]]

    def value(state, player):
        return tree_evaluation(state, player)

    alone = {"frontier": False, "tt": False, "order": False, "rfp": False, "lmp": False}
    plain = ReadableEngine(evaluation=value, pvs=False, **alone)
    pvs = ReadableEngine(evaluation=value, pvs=True, **alone)
    a, b = plain.root_search(GameTree(tree), 2), pvs.root_search(GameTree(tree), 2)
    assert (a.value, a.move) == (b.value, b.move) == (6, 1)
    assert pvs.pvs_re_searches == 1 and plain.pvs_re_searches == 0


def test_a_recorded_tree_labels_each_search_and_record_n_keeps_n_plies():
    state = State.from_fen(POSITIONS["null moves cut"])
    engine = ReadableEngine(hash_mb=1, pvs=True, nullmove=True)
    engine.search(state, 3)
    top = engine.root_search(state, 4, record=2)
    depths = {data["depth"] for _, data in top.tree.nodes(data=True)}
    assert depths == {0, 1, 2}
    notes = [data.get("note") for _, data in top.tree.nodes(data=True)]
    assert "null" in notes
    again = ReadableEngine(hash_mb=1, pvs=True, nullmove=True)
    again.search(state, 3)
    assert again.root_search(state, 4).nodes == top.nodes       # recording changes nothing


@pytest.mark.parametrize("bad, words", [
    ({"depth": 0}, "depth"), ({"depth": 2.0}, "depth"), ({"record": -1}, "record"),
    ({"record": "yes"}, "record"), ({"depth": 0, "record": False}, "depth")])
def test_bad_arguments_are_refused_in_words(bad, words):
    engine = ReadableEngine(hash_mb=1)
    arguments = {"depth": 2, **bad}
    with pytest.raises(CourseError, match=words):
        if "record" in bad:
            engine.root_search(State.start(), arguments["depth"], record=bad["record"])
        else:
            engine.search(State.start(), arguments["depth"])


def test_bad_settings_are_refused_in_words():
    with pytest.raises(CourseError, match="no switch"):
        ReadableEngine(nmp=True)
    with pytest.raises(CourseError, match="True or False"):
        ReadableEngine(lmr=1)
    with pytest.raises(CourseError, match="evaluation"):
        ReadableEngine(evaluation=3)
    with pytest.raises(CourseError, match="ATAXX"):
        ReadableEngine().search(GameTree([1, 2]), 1)
    with pytest.raises(CourseError, match="null-move"):
        ReadableEngine(evaluation=tree_evaluation, nullmove=True).root_search(GameTree([1, 2]), 1)
