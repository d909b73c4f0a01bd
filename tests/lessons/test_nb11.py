"""course_lib.lessons.nb11, the helpers of notebook 11: each result checked against the engine
driven directly, and bad input refused in words."""

from __future__ import annotations

import json

import pytest

from course_lib.lessons.nb04 import middle_game
from course_lib.ataxx import State
from course_lib.engine import SWITCHES, Engine, SearchLimits
from course_lib.lessons.nb11 import (clock_game, depth_in_nodes, differences, load_ladder,
                                       measure, middle_games, only, without)
from course_lib.errors import CourseError


def test_only_and_without_are_complements():
    assert only() == {name: False for name in SWITCHES}
    assert without() == {name: True for name in SWITCHES}
    for name in SWITCHES:
        assert [k for k, v in only(name).items() if v] == [name]
        assert [k for k, v in without(name).items() if not v] == [name]
    assert only("pvs", "nullmove") == {name: name in ("pvs", "nullmove") for name in SWITCHES}


@pytest.mark.parametrize("bad", ["nmp", "", "LMR"])
def test_an_unknown_switch_is_refused(bad):
    with pytest.raises(CourseError, match="no switch"):
        only(bad)
    with pytest.raises(CourseError, match="no switch"):
        without(bad)


def test_middle_games_skip_finished_games():
    states = middle_games(5, first_seed=1)
    assert len(states) == 5 and not any(s.is_over() for s in states)
    seeds = [seed for seed in range(1, 40) if not middle_game(seed).is_over()][:5]
    assert [s.fen() for s in states] == [middle_game(seed).fen() for seed in seeds]
    with pytest.raises(CourseError, match="count"):
        middle_games(0)


def test_measure_is_the_engine_searched_directly():
    states = middle_games(3)
    switches = only("tt", "order")
    measured = measure(states, 4, switches, hash_mb=2)
    for i, state in enumerate(states):
        engine = Engine(hash_mb=2, **switches)
        move, info = engine.search(state, SearchLimits(depth=4))
        assert measured.moves[i] == move.uai()
        assert measured.nodes[i] == info.nodes
        assert measured.scores[i] == engine.last_value
    assert measured.total_nodes == sum(measured.nodes)
    assert measured.total_seconds > 0


def test_measure_takes_fen_strings_and_refuses_bad_depths():
    fen = middle_games(1)[0].fen()
    assert measure(fen, 3).moves == measure([State.from_fen(fen)], 3).moves
    for bad in (0, -1, 2.0, True):
        with pytest.raises(CourseError, match="depth"):
            measure([fen], bad)
    with pytest.raises(CourseError, match="at least one position"):
        measure([], 3)


def test_the_plain_engine_finds_the_plain_search_values():
    """Every switch off is plain alpha-beta: its values do not depend on anything else, so the
    same position gives the same value whatever the table size."""
    states = middle_games(4)
    a, b = measure(states, 4, only(), hash_mb=1), measure(states, 4, only(), hash_mb=8)
    assert differences(a, b) == (0, 0)
    assert a.nodes == b.nodes


def test_differences_counts_positions():
    states = middle_games(6)
    plain = measure(states, 4, only())
    assert differences(plain, plain) == (0, 0)
    reduced = measure(states, 4, only("lmr"))
    moves = sum(a != b for a, b in zip(plain.moves, reduced.moves))
    values = sum(a != b for a, b in zip(plain.scores, reduced.scores))
    assert differences(reduced, plain) == (moves, values)
    with pytest.raises(CourseError, match="same positions"):
        differences(plain, measure(states[:2], 4, only()))


def test_depth_in_nodes_is_the_deepest_iteration_within_the_budget():
    """A fresh engine's node count to depth d is the total of its iterations 1..d, so the
    deepest finished iteration in a budget is the largest d whose count fits in it."""
    state = middle_games(1)[0]
    counts = [Engine(hash_mb=4).search(state, SearchLimits(depth=d))[1].nodes
              for d in range(1, 8)]
    budget = (counts[4] + counts[5]) // 2
    assert depth_in_nodes(state, budget) == 5
    assert depth_in_nodes(state, counts[-1] * 2) >= 7


def test_load_ladder(tmp_path):
    assert load_ladder(tmp_path / "none.json") == []
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps([{"technique": "tt", "result": "accepted"}]))
    assert load_ladder(path)[0]["technique"] == "tt"
    path.write_text(json.dumps({"technique": "tt"}))
    with pytest.raises(CourseError, match="list"):
        load_ladder(path)


def test_clock_game_keeps_its_own_clock():
    moves = clock_game(600, 10, seed=3)
    assert moves and [m.ply for m in moves] == list(range(len(moves)))
    for side in (0, 1):
        own = [m for m in moves if m.ply % 2 == side]
        for before, after in zip(own, own[1:]):
            assert after.left_ms == pytest.approx(before.left_ms + 10 - before.used_ms)
    for m in moves:
        assert 0 <= m.empty <= 49 and m.depth >= 0 and m.used_ms >= 0
        assert m.soft_ms > 0 and m.hard_ms > 0
    with pytest.raises(CourseError, match="game_ms"):
        clock_game(0)
    with pytest.raises(CourseError, match="inc_ms"):
        clock_game(1000, -1)
