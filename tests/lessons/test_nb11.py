"""course_lib.lessons.nb11, the helpers of notebook 11: each result checked against the engine
driven directly, and bad input refused in words."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from course_lib.lessons.nb04 import middle_game
from course_lib.ataxx import State
from course_lib.engine import SWITCHES, Engine, SearchLimits
from course_lib.lessons.nb11 import (COUNTERS, EARLIER_LADDER, LADDER_RECORDS, STOPS, clock_game,
                                     depth_in_nodes, differences, earlier_ladder_setup,
                                     expected_games, ladder_results, ladder_setup, measure,
                                     middle_games, moves_searched_again, null_cut_node, only,
                                     clock_test, move_kinds, reason, teaching_against_engine,
                                     tree_search, twins,
                                     without)
from course_lib.errors import CourseError
from course_lib.match.ladder import (default_switches, implied_defaults, ladder_stages,
                                     rung_technique)


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


def test_teaching_against_engine_is_each_search_run_directly():
    from course_lib.agents.fast_search import fast_search
    states = middle_games(2)
    found = teaching_against_engine(states, 3)
    assert found["teaching, gain order and table"].nodes == sum(
        fast_search(s, 3, order="gain", table_slots=1 << 16).stats.nodes for s in states)
    assert found["engine, tt and order"].nodes == measure(
        states, 3, only("tt", "order")).total_nodes
    assert found["engine, no ordering, no table"].nodes == measure(states, 3, only()).total_nodes
    assert all(timed.seconds > 0 for timed in found.values())


def test_teaching_against_engine_times_the_median_of_its_repeats():
    states = middle_games(1)
    once = teaching_against_engine(states, 3)
    thrice = teaching_against_engine(states, 3, repeats=3)
    assert {label: timed.nodes for label, timed in thrice.items()} == \
        {label: timed.nodes for label, timed in once.items()}
    for timed in thrice.values():
        assert len(timed.runs) == 3 and all(seconds > 0 for seconds in timed.runs)
        assert timed.seconds == sorted(timed.runs)[1]
    assert all(len(timed.runs) == 1 for timed in once.values())
    with pytest.raises(CourseError, match="repeats"):
        teaching_against_engine(states, 3, repeats=0)


def test_teaching_against_engine_builds_no_table_while_its_clock_runs(monkeypatch):
    """Both searches' tables are built before their clock starts: the engine's with the
    engine, the teaching search's before each timed search, not inside it."""
    from course_lib.agents.fast_search import FastTranspositionTable
    from course_lib.engine import Engine
    from course_lib.lessons import nb11
    events = []

    class Clock:
        @staticmethod
        def perf_counter():
            events.append("clock")
            return time.perf_counter()

    def logged(cls, method):
        original = getattr(cls, method)

        def wrapper(self, *args, **kwargs):
            events.append("table")
            return original(self, *args, **kwargs)
        monkeypatch.setattr(cls, method, wrapper)

    logged(FastTranspositionTable, "__init__")
    logged(Engine, "set_hash")
    monkeypatch.setattr(nb11, "time", Clock)
    teaching_against_engine(middle_games(1), 2)
    timers = [i for i, event in enumerate(events) if event == "clock"]
    assert len(timers) == 2 * (len(nb11.TEACHING) + len(nb11.ENGINE))
    assert events.count("table") >= 2 + 2               # two teaching tables, two engines' at least
    for start, stop in zip(timers[::2], timers[1::2]):
        assert "table" not in events[start:stop], events


def test_tree_search_records_the_re_searches_of_pvs_by_hand():
    """[[3, 5], [6, 7], [2, 9]]: move 0 gives 3; move 1's null window (3, 4) meets 6 at once,
    so it is searched again; move 2's null window (6, 7) meets 2: no second search."""
    found = tree_search([[3, 5], [6, 7], [2, 9]], 2, "pvs")
    assert (found.value, found.move) == (6, 1)
    assert moves_searched_again(found) == [1]
    plain = tree_search([[3, 5], [6, 7], [2, 9]], 2)
    assert (plain.value, plain.move) == (6, 1) and moves_searched_again(plain) == []
    labels = [d["label"] for _, d in found.tree.nodes(data=True)]
    assert "1 again" in labels


def test_tree_search_with_reductions_labels_them():
    found = tree_search([6, [[9], 9, 8, [[9, 5], [5, 8]], [[5, 0], 3]]], 4, "pvs", "lmr")
    labels = [d["label"] for _, d in found.tree.nodes(data=True)]
    assert "3 -1" in labels and "4 -1" in labels and "4 again" in labels
    assert found.value == tree_search([6, [[9], 9, 8, [[9, 5], [5, 8]], [[5, 0], 3]]], 4).value


def test_null_cut_node_is_a_node_cut_after_its_pass():
    from course_lib.engine.readable import ReadableEngine
    state = State.from_fen("oxx1oxx/oxoooxx/xoooox1/xoo4/xoo4/xoo4/x6 x 0 22")
    engine = ReadableEngine(hash_mb=1, pvs=True, nullmove=True, rfp=False, lmp=False)
    engine.search(state, 3)                            # as section 2's cell builds it
    found = engine.root_search(state, 4, record=2)
    node = null_cut_node(found)
    kids = [found.tree.nodes[k] for k in found.tree.successors(node)]
    assert kids[0]["label"] == "null" and found.tree.nodes[node]["cut_by"]
    assert all(k["pruned"] for k in kids[1:]) and len(kids) > 1
    with pytest.raises(CourseError, match="no null move"):
        null_cut_node(tree_search([[3, 5], [6, 7]], 2, "pvs"))


def test_twins_are_equal_counters():
    pairs = twins(middle_games(1), 3, without())
    assert len(pairs[0][0]) == len(COUNTERS) and pairs[0][0] == pairs[0][1]


def test_ladder_results_and_expected_games_read_the_stored_ladder(tmp_path):
    results = ladder_results()
    stages = ladder_stages(results)
    assert len(stages) >= 3 and all(stage.confirm is not None for stage in stages[:2])
    assert all(r["decision"] in ("accept H0", "accept H1") for r in results)
    low, middle, high = expected_games(results[0])
    assert middle > low and middle > high          # the ASN is longest between the bounds
    assert ladder_results(tmp_path / "none.jsonl") == []


def test_the_clock_test_is_the_latest_engine_record_of_the_value_networks_ladder(tmp_path):
    """Section 3's test at a clock: the engine rung's last record, its A today's default written
    out, its B the same engine with other switches; None when no such record is stored."""
    from course_lib.match.ladder import default_switches, spec_switches
    test = clock_test()
    assert test["rung"] == "engine" and test["time_per_move_ms"] > 0
    assert spec_switches(test["spec_a"]) == default_switches()
    assert spec_switches(test["spec_b"]) != default_switches()
    path = tmp_path / "ladder.json"
    path.write_text('[{"rung": "search"}]')
    assert clock_test(path) is None


@pytest.mark.parametrize("call, words", [
    (lambda: tree_search([[1, 2]], 2, "nullmove"), "game tree"),
    (lambda: tree_search([[1, 2]], 0), "depth"),
    (lambda: tree_search("not a tree", 2), "explicit tree"),
    (lambda: moves_searched_again("a search"), "recorded root search"),
    (lambda: null_cut_node(None), "recorded root search"),
    (lambda: twins(5, 3), "positions"),
    (lambda: measure(5, 3), "positions"),
    (lambda: measure([State.start()], 3, hash_mb=0), "hash_mb"),
    (lambda: twins([State.start()], 2.5), "depth"),
    (lambda: teaching_against_engine([3], 2), "each position"),
    (lambda: expected_games({"rung": "tt"}), "ladder result record"),
    (lambda: depth_in_nodes(State.start(), 0), "nodes"),
    (lambda: depth_in_nodes(State.start(), 10**16), "nodes"),
    (lambda: middle_games(1, first_seed=-1), "first_seed"),
    (lambda: differences([1], [1]), "measure"),
    (lambda: clock_game(1000, 0, opening_plies=-2), "opening_plies"),
])
def test_public_helpers_refuse_bad_input_in_words(call, words):
    with pytest.raises(CourseError, match=words):
        call()


def test_clock_game_keeps_its_own_clock():
    moves = clock_game(600, 10, seed=3)
    assert moves and [m.ply for m in moves] == list(range(len(moves)))
    for side in (0, 1):
        own = [m for m in moves if m.ply % 2 == side]
        for before, after in zip(own, own[1:]):
            assert after.left_ms == pytest.approx(before.left_ms + 10 - before.used_ms)
    for m in moves:
        assert 0 <= m.empty <= 49 and m.depth >= 0 and m.used_ms >= 0
        # with 20 ms or less left the share is 0 (time_budget), the hard limit 0.5 ms
        assert m.soft_ms >= 0 and m.hard_ms >= 0.5
        assert m.soft_ms > 0 or m.left_ms < 21             # the clock is read in whole ms
    # a search ends before its soft limit only when it has nothing more to find, or when the
    # hard limit comes first: the soft limit is read after an iteration, the hard one is a timer
    assert all(m.stopped in STOPS for m in moves)
    assert all(m.stopped != "the soft or the hard limit" for m in moves if m.used_ms < m.soft_ms)
    with pytest.raises(CourseError, match="game_ms"):
        clock_game(0)
    with pytest.raises(CourseError, match="inc_ms"):
        clock_game(1000, -1)


# --- What notebook 11's text says about what it shows ------------------------------------------

NULL_FEN = "oxx1oxx/oxoooxx/xoooox1/xoo4/xoo4/xoo4/x6 x 0 22"


def test_every_counter_moves_on_the_null_move_position_and_the_twins_agree():
    """Section 2's last twin line: with every switch on, to depth 4, the table, null moves and
    re-searches are used (their counters are not 0), and the readable engine still agrees."""
    ((readable, compiled),) = twins([State.from_fen(NULL_FEN)], 4, only(*SWITCHES))
    assert readable == compiled
    assert all(readable[COUNTERS.index(c)] > 0 for c in COUNTERS)


def test_the_rejected_techniques_read_as_the_notebook_reads_them():
    """Section 3: H1 was 30 nElo for pvs, lmr, nullmove and 25 for the others; a wrong H0 at H1
    is accepted with a chance of about beta; five of the six intervals include 0, lmr's lies
    below; several reach up near H1; every test stopped far below its plan's length at elo0,
    its naive estimate below 0; lmr first, killers last, aspiration before pvs and history."""
    first = ladder_stages(ladder_results())[0].tests
    rejected = {r["rung"]: r for r in first if r["decision"] == "accept H0"}
    assert {name: r["elo1"] for name, r in rejected.items()} == {
        "pvs": 30, "lmr": 30, "nullmove": 30, "aspiration": 25, "history": 25, "killers": 25}
    for r in rejected.values():
        at_elo1 = next(p for p in r["expected_games"] if p["elo"] == r["elo1"])
        assert 0.04 < 1 - at_elo1["accept_h1"] < 0.06
        assert r["normalized_elo"] < r["elo0"] and r["games"] < expected_games(r)[0] / 1.2
        assert expected_games(r)[0] == expected_games(r)[2]      # one marker for both
    intervals = {name: r["unbiased_normalized_interval"] for name, r in rejected.items()}
    assert [name for name, (low, high) in intervals.items() if not low <= 0 <= high] == ["lmr"]
    assert intervals["lmr"][1] < 0
    assert sum(high >= 0.85 * rejected[name]["elo1"] for name, (_, high) in intervals.items()) >= 3
    games = {name: r["games"] for name, r in rejected.items()}
    assert min(games, key=games.get) == "lmr" and max(games, key=games.get) == "killers"
    assert games["aspiration"] < min(games["pvs"], games["history"])
    assert all(r["stopped_by"] == "decision" for r in ladder_results())


def test_the_hard_limit_is_a_fifth_of_what_is_left_after_the_reserve():
    """Section 4's table: with 1,000 ms or 200 ms left the hard limit is (left - 20) / 5."""
    from course_lib.engine import time_budget
    for left, empty in [(1000, 45), (1000, 5), (200, 25)]:
        _, hard = time_budget(SearchLimits(btime_ms=left, binc_ms=100), 1, empty)
        assert hard * 1000 == pytest.approx((left - 20) / 5)


def test_the_tests_that_accepted_h0_stopped_before_their_plans_length_at_elo0():
    """Section 3: every test that accepted H0 stopped before its plan's length at H0's Elo,
    lmr and nullmove at under half of it, pvs and killers at more than two thirds."""
    stopped = {r["rung"]: r["games"] / expected_games(r)[0]
               for r in ladder_stages(ladder_results())[0].tests if r["decision"] == "accept H0"}
    assert len(stopped) == 6 and all(share < 1 for share in stopped.values())
    assert stopped["lmr"] < 0.5 and stopped["nullmove"] < 0.5
    assert stopped["pvs"] > 2 / 3 and stopped["killers"] > 2 / 3


def test_the_confirmation_is_a_non_regression_test_that_accepted_h1():
    """Section 3 reads the confirmation: bounds [-25, 0], H1 accepted, a median-unbiased
    interval above 0, beside five switches turned off whose own tests' naive estimates were
    all below 0."""
    records = {r["rung"]: r for r in ladder_results()}
    confirm = records["confirm"]
    assert (confirm["elo0"], confirm["elo1"], confirm["decision"]) == (-25.0, 0.0, "accept H1")
    assert confirm["unbiased_normalized_interval"][0] > 0
    turned_off = ("pvs", "aspiration", "lmr", "killers", "history")
    assert all(f"{name}=0" in confirm["spec_a"] and f"{name}=1" in confirm["spec_b"]
               for name in turned_off)
    assert all(records[name]["normalized_elo"] < 0 for name in turned_off)


def test_the_switches_say_what_the_engine_does():
    """Section 1 prints SWITCHES: the ordering's key is 1 per stone taken and 4 for a clone
    (no hole term), and the aspiration window is centred on the score of two iterations
    before, as the readable search of section 2 shows on the aspiration position."""
    from course_lib.engine.engine import ASPIRATION_DELTA, ORDER_WEIGHTS
    from course_lib.engine.readable import ReadableEngine
    assert ORDER_WEIGHTS == (1, 4, 0)
    assert "by stones taken, a clone counting 4 more" in SWITCHES["order"]
    assert "two iterations before" in SWITCHES["aspiration"]
    found = ReadableEngine(hash_mb=1, aspiration=True, pvs=False, rfp=False, lmp=False).search(
        State.from_fen(ASPIRATION_FEN), 4)                 # as section 2's cell builds it
    values = {r.depth: r.value for r in found.root_searches}
    first_at_4 = next(r for r in found.root_searches if r.depth == 4)
    assert (first_at_4.alpha + first_at_4.beta) / 2 == values[2] != values[3]
    assert first_at_4.beta - first_at_4.alpha == 2 * ASPIRATION_DELTA


ASPIRATION_FEN = "ooooooo/6o/7/oooooo1/oooooo1/xxxxxxx/xxxxxxx x 1 22"


def test_a_recording_cut_below_the_root_draws_bounds_as_bounds():
    """Section 2's aspiration picture, recorded 1 ply deep: the failed search's values are all
    bounds (the root's -800 inside nothing), the second's first move is exact."""
    from course_lib.engine.readable import ReadableEngine
    from course_lib.viz.trees import value_bounds, value_text
    found = ReadableEngine(hash_mb=1, aspiration=True, pvs=False, rfp=False, lmp=False).search(
        State.from_fen(ASPIRATION_FEN), 4, record=1)       # as section 2's cell builds it
    failed, inside = [r for r in found.root_searches if r.depth == 4]
    assert failed.failed == "low" and not inside.failed

    def texts(search):
        bounds = value_bounds(search.tree)
        return [value_text(search.tree.nodes[n]["value"], bounds[n])
                for n in sorted(search.tree.nodes)]
    assert all(text.startswith("\u2264") for text in texts(failed))
    assert texts(failed)[0] == "\u2264-800"
    assert texts(inside)[:2] == ["-800", "-800"]
    assert all(text.startswith("\u2264") for text in texts(inside)[2:])
    # recorded in full, the same search has no node marked as cut short
    full = ReadableEngine(hash_mb=1).root_search(State.from_fen(ASPIRATION_FEN), 2, record=True)
    assert not any(d.get("children_not_recorded") for _, d in full.tree.nodes(data=True))


def test_the_settings_every_test_shared_are_read_from_the_records(tmp_path):
    """Section 3 prints the budget, alpha, beta, the cap's chance and the openings from the
    records (each record's own, not the library's defaults), and the earlier ladder's time a
    move, bounds and cap from its file; settings that differ between tests are refused."""
    from course_lib.match.ladder import CAP_PROBABILITY, DEFAULT_NODES, load_records
    records = load_records(LADDER_RECORDS)
    results = [r for r in records if r["kind"] == "result"]
    setup = ladder_setup()
    assert setup["nodes"] == DEFAULT_NODES and setup["cap_probability"] == CAP_PROBABILITY
    assert all(f"nodes={setup['nodes']}," in r["spec_a"] + "," for r in results)
    assert all((r["alpha"], r["beta"], r["openings"]) ==
               (setup["alpha"], setup["beta"], setup["openings"]) for r in results)
    earlier = [r for r in json.loads(EARLIER_LADDER.read_text()) if r["technique"] != "learned"]
    assert earlier_ladder_setup() == {"ms": earlier[0]["time_per_move_ms"], "elo0": 0,
                                      "elo1": 10, "scale": "normalized", "max_games": 300,
                                      "unit": "normalized Elo"}
    from course_lib.i18n import language
    with language("ko"):
        assert earlier_ladder_setup()["unit"] == "정규화 Elo"
    mixed = tmp_path / "mixed.jsonl"
    changed = dict(results[1], alpha=0.1)
    mixed.write_text("\n".join(json.dumps(r) for r in [results[0], changed]
                               + [r for r in records if r["kind"] == "rung"]) + "\n")
    with pytest.raises(CourseError, match="alpha differ"):
        ladder_setup(mixed)


def test_the_reasons_are_the_records_in_the_courses_language():
    """Section 3 prints each test's reason: in English the record's own text, in Korean the
    ladder's words translated (the technique's name and the switches kept); a reason the
    library does not hold is printed as stored."""
    from course_lib.i18n import language
    results = ladder_results()
    assert [reason(r) for r in results] == [r["why"] for r in results]
    with language("ko"):
        korean = [reason(r) for r in results]
    for record, text in zip(results, korean):
        assert text != record["why"] and any("\uac00" <= ch <= "\ud7a3" for ch in text), text
        assert (text.startswith(f"{rung_technique(record['rung'])} (")
                or record["rung"].startswith("confirm"))
    confirms = [text for record, text in zip(results, korean)
                if record["rung"].startswith("confirm")]
    assert "pvs off, aspiration off" in confirms[0] and "pvs on, rfp on, lmp on" in confirms[1]
    # a reason whose template names a switch twice (reverse futility needs pvs) is read too
    rfp = korean[[r["rung"] for r in results].index("rfp")]
    assert rfp.startswith("rfp (") and "pvs" in rfp
    own = dict(results[0], why="tt: a reason of its own")
    with language("ko"):
        assert reason(own) == "tt: a reason of its own"
    with pytest.raises(CourseError, match="ladder result record"):
        reason({"rung": "tt"})


def _cells() -> dict:
    notebook = Path(__file__).resolve().parents[2] / "notebooks" / "solutions" / "11_engine.ipynb"
    return {cell["id"]: cell for cell in json.loads(notebook.read_text())["cells"]}


def test_move_kinds_counts_the_jumps_and_the_quiet_ones_and_section_2_quotes_them():
    """The shares of section 2's prose (about three quarters jumps, over half quiet jumps) are
    the ones its cell prints from move_kinds, and move_kinds counts as the readable engine's
    late move pruning judges a quiet jump."""
    from course_lib.engine.readable import stones_taken
    positions = middle_games(2)
    kinds = move_kinds(positions)
    moves = [(s, m) for s in positions for m in s.legal_moves()]
    assert kinds.moves == len(moves)
    assert kinds.quiet_jumps == sum(m.is_jump and stones_taken(s, m) == 0 for s, m in moves)
    assert 0 < kinds.quiet_jumps <= kinds.jumps < kinds.moves
    cells = _cells()
    printed = "".join("".join(o.get("text", "")) for o in cells["nb11-24c"]["outputs"])
    found = re.search(r"(\d+) legal moves: (\d+)% jumps, (\d+)% quiet jumps", printed)
    assert found, printed
    jumps, quiet = int(found.group(2)), int(found.group(3))
    prose = " ".join("".join(cells["nb11-24b"]["source"]).split())
    assert "about three quarters of the moves are jumps" in prose and 70 <= jumps <= 80
    assert "over half of all the moves quiet jumps" in prose and 50 < quiet


def test_the_third_stage_reads_as_the_notebook_reads_it():
    """Section 3's third stage: the five switches off in today's default, each tested again
    from it, all accepted H0 (so no confirmation); lmr and nullmove stopped far sooner than
    their plan's length at H0's Elo, lmr's interval below 0 and nullmove's reaching above it;
    killers at about that length; aspiration and history longer than even the length halfway,
    their naive estimates above 0 but below halfway to H1, their intervals past H1. The prose
    quotes the records' own figures."""
    stage = ladder_stages(ladder_results())[2]
    assert stage.default == default_switches() and stage.confirm is None
    tests = {rung_technique(r["rung"]): r for r in stage.tests}
    assert set(tests) == {"aspiration", "lmr", "nullmove", "killers", "history"}
    assert all(r["rung"].endswith("(stage 3)") and r["decision"] == "accept H0"
               for r in tests.values())
    assert implied_defaults(stage.default, stage.tests) == stage.default
    plan = {name: expected_games(r) for name, r in tests.items()}
    assert all(tests[n]["games"] < plan[n][0] / 2 for n in ("lmr", "nullmove"))
    assert abs(tests["killers"]["games"] - plan["killers"][0]) <= 2
    interval = {name: r["unbiased_normalized_interval"] for name, r in tests.items()}
    assert interval["lmr"][1] < 0 < interval["nullmove"][1]
    for name in ("aspiration", "history"):
        r = tests[name]
        assert r["games"] > plan[name][1]
        assert 0 < r["normalized_elo"] < r["elo1"] / 2 and interval[name][1] > r["elo1"]
    prose = " ".join(" ".join("".join(c["source"]) for c in _cells().values()
                              if c["cell_type"] == "markdown").split()).replace("−", "-")
    for name in tests:
        assert f"{tests[name]['games']:,}" in prose, name
    assert f"({interval['lmr'][0]:.1f} to {interval['lmr'][1]:.1f} normalized Elo)" in prose
    assert f"reaches +{interval['nullmove'][1]:.1f}" in prose
    for name in ("aspiration", "history"):
        assert f"{interval[name][0]:.1f} to +{interval[name][1]:.1f}" in prose
        assert f"+{tests[name]['normalized_elo']:.1f}" in prose
        assert f"+{tests[name]['unbiased_normalized_elo']:.1f}" in prose
