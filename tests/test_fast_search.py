"""The fast (numba) alpha-beta against the readable one.

Oracle: the readable tier, ``Searcher("negamax-alphabeta", ...)`` and ``iterative_deepening`` in
``course_lib.agents.search``. For the same position, depth, evaluation and options the fast tier
must give the same move, value and root values and the same counts (nodes, leaves, cutoffs,
table hits and cutoffs, nodes per depth, ordering nodes). No expected value here comes from the
fast tier itself.

The readable tier runs some 30-50 k nodes/s, so the suite spends its readable budget where the
risks are: every option combination at depths 1-2 everywhere, and at depths 3-4 on positions with
few moves (openings, blocked squares, forced passes, the end of a game), with a deeper sample in
the middle game.
"""

from __future__ import annotations

import functools
import itertools
import time

import numpy as np
import pytest

from course_lib.errors import CourseError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from course_lib.agents import RandomAgent, SearchAgent, make_agent
from course_lib.agents import _fast_search_kernels as K
from course_lib.agents.evaluation import WIN_SCORE, exact, material, open_lines, square_weights
from course_lib.agents.fast_search import (FastTranspositionTable, fast_iterative_deepening,
                                           fast_search)
from course_lib.agents.search import Searcher, iterative_deepening
from course_lib.agents.transposition import TranspositionTable, position_hash, ZOBRIST_KEYS, \
    ZOBRIST_SECOND_TO_MOVE
from course_lib.ataxx import PASS, State
from course_lib.ataxx.fast import encode_move
from course_lib.games import TicTacToe

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
ROOT_PASS_FEN = "xxxxooo/xxxxooo/xxxxooo/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1"
"""x cannot move (no empty square within two of its stones): the root's only move is the pass."""
INNER_PASS_FEN = "xxxxooo/xxxxooo/xxx1ooo/ooooooo/ooooooo/oooooo1/ooooo2 o 0 1"
"""Once o takes d4, x must pass while o fills the corner: passes and a full board in the tree."""
WIPEOUT_FEN = "7/1xx4/4o2/7/o6/7/6x x 3 3"
"""x, to move, takes o's last stones within three plies whatever o does: finished games
(a side without stones) throughout the tree."""

ORDERS = ["none", "static", "gain", "intuition"]
EVALUATIONS = {"material": material, "weights": square_weights,
               "exact-material": exact(material), "exact-weights": exact(square_weights)}
TABLES = [0, 64, 4096]                 # 64 slots: many replacements, table moves from elsewhere
COMBOS = [dict(order=o, killers=k, history=h, table_slots=t, evaluation=e)
          for o, k, h, t, e in itertools.product(ORDERS, [False, True], [False, True], TABLES,
                                                 EVALUATIONS)]


# --- positions --------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def game(seed: int, fen: str = "x5o/7/7/7/7/7/o5x x 0 1") -> tuple[State, ...]:
    """Every state of one seeded random game, to its end."""
    agent, state = RandomAgent(seed=seed), State.from_fen(fen)
    states = [state]
    while not state.is_over():
        state = state.apply(agent.choose_move(state))
        states.append(state)
    return tuple(states)


def long_game(seed: int, fen: str = "x5o/7/7/7/7/7/o5x x 0 1", plies: int = 60):
    """The first seeded random game from ``seed`` on that lasts more than ``plies`` plies."""
    while len(game(seed, fen)) <= plies:
        seed += 1
    return game(seed, fen)


def near_the_end(seed: int) -> State:
    """A position of a long random game with at most four empty squares, still to play."""
    states = long_game(seed, plies=80)
    return next(s for s in states if s.empty_squares <= 4 and s.legal_moves())


@functools.lru_cache(maxsize=None)
def small_positions() -> dict[str, State]:
    """Positions with few moves: every option at depths up to 4 stays cheap for the oracle."""
    return {
        "start": State.start(),
        "opening": game(1)[4],
        "gap": State.from_fen(GAP_FEN),
        "gap-opening": game(2, GAP_FEN)[5],
        "root-pass": State.from_fen(ROOT_PASS_FEN),
        "inner-pass": State.from_fen(INNER_PASS_FEN),
        "near-end": near_the_end(3),
        "near-end-2": near_the_end(11),
    }


@functools.lru_cache(maxsize=None)
def middle_positions() -> dict[str, State]:
    """Middle-game positions, 20-50 plies into seeded random games (40-60 moves each)."""
    return {"middle-20": long_game(4)[20], "middle-35": long_game(5)[35],
            "middle-50": long_game(6)[50], "gap-middle-30": long_game(7, GAP_FEN)[30]}


def all_positions() -> dict[str, State]:
    return {**small_positions(), **middle_positions()}


# --- the two tiers ----------------------------------------------------------------------------

def readable(state: State, depth: int, order="none", killers=False, history=False,
             table_slots=0, evaluation="material"):
    table = TranspositionTable(table_slots) if table_slots else None
    searcher = Searcher("negamax-alphabeta", EVALUATIONS[evaluation], order, killers, history,
                        table)
    return searcher.run(state, depth)


def summary(result) -> dict:
    """Everything both tiers must agree on (all but the time)."""
    s = result.stats
    return dict(move=result.move, value=result.value, depth=result.depth,
                root_values=result.root_values, nodes=s.nodes, leaves=s.leaves,
                cutoffs=s.cutoffs, tt_hits=s.tt_hits, tt_cutoffs=s.tt_cutoffs,
                nodes_per_depth=s.nodes_per_depth, ordering_nodes=s.ordering_nodes,
                stats_depth=s.depth)


def check(state: State, depth: int, **options) -> dict:
    expected = summary(readable(state, depth, **options))
    got = summary(fast_search(state, depth, **options))
    assert got == expected, (state.fen(), depth, options)
    return got


def combo_id(combo: dict) -> str:
    return "{order}-k{killers:d}-h{history:d}-tt{table_slots}-{evaluation}".format(**combo)


# --- the same results and counts --------------------------------------------------------------
# Which (position, depth) each option combination is checked on. The intuition order costs the
# oracle a depth-3 search of every root move whatever the depth (30-60 k nodes in the middle
# game), so those combinations visit fewer places.

SMALL = ["start", "opening", "gap", "gap-opening", "root-pass", "inner-pass", "near-end",
         "near-end-2"]
CHEAP_DEPTH_4 = ["start", "gap", "inner-pass", "near-end"]
MIDDLE = ["middle-20", "middle-35", "middle-50", "gap-middle-30"]


def cases_for(index: int, combo: dict) -> list[tuple[str, int]]:
    """The (position name, depth) pairs that combination number ``index`` is checked on:
    every depth from 1 to 4 on small positions, in rotation, and the middle game."""
    intuition = combo["order"] == "intuition"
    cases = [("root-pass", depth) for depth in (1, 2, 3, 4)]
    cases.append((CHEAP_DEPTH_4[index % 4], 4))
    cases.append((SMALL[index % 8], 3))
    if not intuition:
        cases.append((SMALL[(index + 3) % 8], 3))
        cases += [(name, depth) for name in SMALL for depth in (1, 2)]
        cases += [(name, 1) for name in MIDDLE]
        cases.append((MIDDLE[index % 4], 2))
        if combo["order"] == "gain" or combo["table_slots"] and index % 3 == 0:
            cases.append((MIDDLE[index % 4], 3))
    else:
        cases.append((SMALL[(index + 1) % 8], 1 + index % 2))
        if index % 12 == 3:
            cases.append((MIDDLE[index % 4], 1))
    return cases


@pytest.mark.parametrize("index", range(len(COMBOS)), ids=lambda i: combo_id(COMBOS[i]))
def test_every_option_combination(index):
    combo = COMBOS[index]
    positions = all_positions()
    for name, depth in cases_for(index, combo):
        check(positions[name], depth, **combo)


def test_every_combination_meets_every_depth_and_position():
    """The rotation above leaves no hole: each option value meets every depth 1..4, and each
    position is searched."""
    seen_depths: dict[tuple, set] = {}
    seen_positions = set()
    for index, combo in enumerate(COMBOS):
        for name, depth in cases_for(index, combo):
            seen_positions.add(name)
            for key, value in combo.items():
                seen_depths.setdefault((key, value), set()).add(depth)
    assert seen_positions == set(SMALL) | set(MIDDLE)
    assert all(depths == {1, 2, 3, 4} for depths in seen_depths.values()), seen_depths


@pytest.mark.parametrize("name", ["middle-20", "middle-35", "gap-middle-30"])
def test_depth_4_in_the_middle_game_with_good_ordering(name):
    state = middle_positions()[name]
    check(state, 4, order="gain", killers=True, history=True, table_slots=1 << 12)


@pytest.mark.parametrize("name, options", [
    ("near-end-2", dict(order="gain", table_slots=1 << 12)),
    ("gap", dict(order="gain", killers=True, history=True, table_slots=1 << 12)),
])
def test_depth_5_with_a_table_where_moves_are_few(name, options):
    # Depth 5 is where a node meets, at the same remaining depth, a transposition of a node
    # of the principal variation: the only place where an EXACT entry differs from a bound.
    check(small_positions()[name], 5, **options)


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), ply=st.integers(0, 70),
       combo=st.sampled_from([c for c in COMBOS if c["order"] != "intuition"]),
       depth=st.integers(1, 3), blocked=st.booleans())
def test_random_positions_and_options(seed, ply, combo, depth, blocked):
    states = game(seed, GAP_FEN if blocked else "x5o/7/7/7/7/7/o5x x 0 1")
    state = states[min(ply, len(states) - 1)]
    if not state.legal_moves():
        state = states[-2]
    if depth == 3 and len(state.legal_moves()) > 24 and combo["order"] != "gain":
        depth = 2                                       # keep the oracle's time bounded
    check(state, depth, **combo)


def test_the_comparisons_exercise_every_feature():
    """Guards the tests above against comparing searches where an option changes nothing."""
    state = middle_positions()["middle-35"]
    base = dict(order="none", killers=False, history=False, table_slots=0,
                evaluation="material")
    runs = {name: fast_search(state, 4, **{**base, **change}).stats for name, change in {
        "plain": {}, "static": dict(order="static"), "gain": dict(order="gain"),
        "intuition": dict(order="intuition"), "killers": dict(killers=True),
        "history": dict(history=True), "table": dict(table_slots=1 << 12),
        "weights": dict(evaluation="weights")}.items()}
    nodes = {name: stats.nodes for name, stats in runs.items()}
    assert len(set(nodes.values())) == len(nodes), nodes            # every option counts
    assert runs["plain"].cutoffs > 0
    assert runs["table"].tt_hits > runs["table"].tt_cutoffs > 0
    assert runs["intuition"].ordering_nodes > 0
    assert sum(runs["intuition"].nodes_per_depth) + runs["intuition"].ordering_nodes \
        == runs["intuition"].nodes
    small_table = fast_search(state, 4, table_slots=64)
    assert small_table.stats.tt_hits > 0
    passing = fast_search(State.from_fen(INNER_PASS_FEN), 4, table_slots=64)
    assert passing.stats.tt_hits > 0


@pytest.mark.parametrize("evaluation", ["exact-material", "exact-weights"])
@pytest.mark.parametrize("options", [
    dict(order="none"), dict(order="gain", killers=True, history=True, table_slots=64),
    dict(order="static", table_slots=4096), dict(order="intuition", history=True),
], ids=str)
def test_exact_evaluations_where_games_finish_in_the_tree(options, evaluation):
    """The exact kinds differ from the plain ones only at finished games: a side without stones
    (the wipe-out), a full board (inner-pass, near-end), with blocked squares (gap)."""
    places = [(State.from_fen(WIPEOUT_FEN), d) for d in (1, 2, 3, 4)]
    places += [(small_positions()[name], d) for name in ("inner-pass", "near-end", "near-end-2")
               for d in (2, 4)]
    places.append((State.from_fen("x1o1-2/1-5/7/7/7/7/7 x 0 1"), 3))     # gaps, 2 stones
    for state, depth in places:
        check(state, depth, evaluation=evaluation, **options)


def test_an_exact_evaluation_sees_the_wipe_out_that_material_does_not():
    state = State.from_fen(WIPEOUT_FEN)
    plain = [fast_search(state, d, order="gain").value for d in (1, 2, 3, 4)]
    exact_values = [fast_search(state, d, order="gain", evaluation="exact-material").value
                    for d in (1, 2, 3, 4)]
    assert all(abs(v) < 49 for v in plain), plain        # stones only: a lead of a few
    assert exact_values[:2] == plain[:2]                 # no game ends within two plies
    assert exact_values[2] > WIN_SCORE and exact_values[3] > WIN_SCORE
    spec = make_agent("alphabeta:depth=3,eval=exact-material,tier=fast")
    reference = make_agent("alphabeta:depth=3,eval=exact-material")
    assert spec.choose_move(state) == reference.choose_move(state)
    assert spec.last_result.value == reference.last_result.value == exact_values[2]


def test_the_root_pass():
    result = check(State.from_fen(ROOT_PASS_FEN), 3, order="gain", table_slots=64)
    assert result["move"] == PASS and [m for m, _ in result["root_values"]] == [PASS]


# --- iterative deepening ----------------------------------------------------------------------

@pytest.mark.parametrize("options", [
    dict(order="none"), dict(order="gain", killers=True), dict(order="intuition", history=True),
    dict(order="static", killers=True, history=True, table_slots=256),
    dict(order="gain", killers=True, history=True, table_slots=4096, evaluation="weights"),
    dict(order="intuition", killers=True, table_slots=64),
], ids=str)
def test_iterative_deepening_matches_the_readable_one(options):
    readable_options = dict(options)
    slots = readable_options.pop("table_slots", 0)
    evaluation = EVALUATIONS[readable_options.pop("evaluation", "material")]
    names = ["opening", "gap", "inner-pass"]
    if options["order"] != "intuition":
        names.append("middle-35")
    for name in names:
        state = all_positions()[name]
        max_depth = 3 if name.startswith("middle") else 4
        table = TranspositionTable(slots) if slots else None
        expected = [summary(r) for r in iterative_deepening(
            state, max_depth=max_depth, evaluation=evaluation, table=table, **readable_options)]
        got = [summary(r) for r in fast_iterative_deepening(state, max_depth=max_depth,
                                                            **options)]
        assert [r["depth"] for r in got] == list(range(1, max_depth + 1))
        assert got == expected, (name, options)


def test_a_node_budget_discards_the_unfinished_iteration():
    state = middle_positions()["middle-20"]
    full = list(fast_iterative_deepening(state, max_depth=4, order="gain", killers=True))
    for finished in (1, 2, 3):
        budget = full[finished - 1].stats.nodes                      # cumulative nodes
        got = list(fast_iterative_deepening(state, max_depth=4, order="gain", killers=True,
                                            max_nodes=budget))
        assert [summary(r) for r in got] == [summary(r) for r in full[:finished]]
        got = list(fast_iterative_deepening(state, max_depth=4, order="gain", killers=True,
                                            max_nodes=budget + 1))
        assert len(got) == finished


def test_a_timed_search_returns_a_legal_move_in_time():
    state = middle_positions()["middle-35"]
    fast_search(state, 2)                                            # compiled or loaded
    for seconds in (0.02, 0.1):
        started = time.perf_counter()
        results = list(fast_iterative_deepening(state, seconds=seconds))   # no ordering: slow
        elapsed = time.perf_counter() - started
        assert results, "depth 1 takes microseconds"
        assert results[-1].move in state.legal_moves()
        assert [r.depth for r in results] == list(range(1, len(results) + 1))
        assert results[-1].depth < 12                                 # it did stop early
        assert elapsed < seconds + 0.15, elapsed                      # bounded overrun
        expected = readable(state, results[0].depth)
        assert (results[0].move, results[0].value) == (expected.move, expected.value)


def test_a_budget_already_spent_still_finishes_depth_1_as_the_readable_tier_does():
    # Both tiers look at the time every 256 nodes, so a depth-1 search (fewer nodes) finishes.
    state = middle_positions()["middle-50"]
    expected = [summary(r) for r in iterative_deepening(state, seconds=1e-9)]
    got = [summary(r) for r in fast_iterative_deepening(state, seconds=1e-9)]
    assert [r["depth"] for r in got] == [1]
    assert got == expected


def test_a_timed_fast_agent_moves_within_its_budget():
    agent = make_agent("alphabeta:time=30,tier=fast")
    state = middle_positions()["middle-50"]
    agent.choose_move(state)                                         # warm up
    started = time.perf_counter()
    move = agent.choose_move(state)
    assert time.perf_counter() - started < 0.03 + 0.15
    assert move in state.legal_moves() and agent.last_result.depth >= 1


# --- agents -----------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["alphabeta:depth=4,order=gain",
                                  "alphabeta:depth=3,order=gain,killers=1,history=1,tt=8"])
def test_the_fast_agent_plays_the_reference_moves(spec):
    fast_agent, reference = make_agent(spec + ",tier=fast"), make_agent(spec)
    assert make_agent(spec + ",tier=reference").tier == "reference" == reference.tier
    state = State.start()
    for _ in range(12):                  # one game: the table carries over from move to move
        move = fast_agent.choose_move(state)
        assert move == reference.choose_move(state), state.fen()
        assert summary(fast_agent.last_result) == summary(reference.last_result)
        state = state.apply(move)
    for state in (middle_positions()["middle-20"], small_positions()["near-end"]):
        assert fast_agent.choose_move(state) == reference.choose_move(state)
        assert summary(fast_agent.last_result) == summary(reference.last_result)
    fast_agent.reset()
    assert fast_agent.table is None or fast_agent.table.filled() == 0


# --- the Zobrist keys -------------------------------------------------------------------------

def test_the_hashes_are_the_readable_ones():
    zobrist = np.array(ZOBRIST_KEYS, dtype=np.uint64)
    side = np.uint64(ZOBRIST_SECOND_TO_MOVE)
    for state in game(8)[:60:3] + game(9, GAP_FEN)[:40:4]:
        fs_first = sum(1 << (x - 1) * 7 + (y - 1) for x in range(1, 8) for y in range(1, 8)
                       if state.grid[x][y] == 1)
        fs_second = sum(1 << (x - 1) * 7 + (y - 1) for x in range(1, 8) for y in range(1, 8)
                        if state.grid[x][y] == 2)
        h = K._position_hash(np.uint64(fs_first), np.uint64(fs_second), state.to_move, zobrist,
                             side)
        assert int(h) == position_hash(state)
        me, opp = (fs_first, fs_second) if state.to_move == 1 else (fs_second, fs_first)
        for move in state.legal_moves():
            child = K._child_hash(np.uint64(h), encode_move(move), np.uint64(opp),
                                  state.to_move, zobrist, side)
            assert int(child) == position_hash(state.apply(move)), (state.fen(), move)


# --- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, words", [
    (lambda: fast_search(TicTacToe(), 2), TypeError, "ATAXX"),
    (lambda: fast_search(State.start(), 0), ValueError, "depth"),
    (lambda: fast_search(State.start(), 2.0), ValueError, "depth"),
    (lambda: fast_search(State.start(), True), ValueError, "depth"),
    (lambda: fast_search(State.start(), 65), ValueError, "from 1 to 64"),
    (lambda: fast_search(State.start(), 2**63), ValueError, "from 1 to 64"),
    (lambda: fast_iterative_deepening(State.start(), seconds=float("inf")), ValueError,
     "finite"),
    (lambda: fast_search(State.start(), 2, order="magic"), ValueError, "intuition"),
    (lambda: fast_search(State.start(), 2, table_slots=3), ValueError, "power of two"),
    (lambda: fast_search(State.start(), 2, table_slots=-4), ValueError, "power of two"),
    (lambda: fast_search(State.start(), 2, evaluation="openlines"), ValueError, "weights"),
    (lambda: fast_search(State.start(), 2, evaluation=exact(open_lines)), ValueError,
     "reference tier"),
    (lambda: fast_search(State.start(), 2, killers="yes"), ValueError, "killers"),
    (lambda: fast_search(State.start(), 2, table_slots=64, table=FastTranspositionTable(64)),
     ValueError, "not both"),
    (lambda: fast_search(State.start(), 2, table=TranspositionTable(64)), TypeError,
     "FastTranspositionTable"),
    (lambda: fast_search(State.from_fen("7/7/7/7/7/7/xxxx3 x 0 1"), 2), ValueError, "terminal"),
    (lambda: fast_iterative_deepening(State.start(), seconds=0), ValueError, "seconds"),
    (lambda: fast_iterative_deepening(State.start(), max_depth=0), ValueError, "max_depth"),
    (lambda: fast_iterative_deepening(State.start(), max_nodes=0), ValueError, "max_nodes"),
    (lambda: make_agent("alphabeta:tier=warp"), ValueError, "fast, reference"),
    (lambda: make_agent("alphabeta:tier=fast,form=minmax"), ValueError, "form=negamax"),
    (lambda: make_agent("alphabeta:tier=fast,eval=exact-openlines"), ValueError, "material"),
    (lambda: make_agent("minimax:tier=fast"), ValueError, "no key 'tier'"),
    (lambda: make_agent("alphabeta:tier=fast").choose_move(TicTacToe()), TypeError, "ATAXX"),
    (lambda: SearchAgent(tier="turbo"), ValueError, "tier"),
])
def test_errors_say_what_is_wrong(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)
    assert isinstance(raised.value, CourseError)      # the library's own error type


def test_warm_up_loads_the_compiled_search_and_changes_nothing():
    agent = make_agent("alphabeta:depth=3,order=gain,tier=fast")
    twin = make_agent("alphabeta:depth=3,order=gain,tier=fast")
    agent.warm_up()
    state = State.start()
    assert agent.choose_move(state) == twin.choose_move(state)
    assert agent.last_result.stats.nodes == twin.last_result.stats.nodes
    make_agent("alphabeta:depth=2").warm_up()          # the readable tier: nothing to load


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_a_clocked_agent_with_its_clock_spent_still_moves(tier):
    # Near the end of a long game the clock's budget rounds down to 0 ms: the agent must still
    # answer with a searched (depth 1) move, not raise and forfeit the game.
    agent = make_agent(f"alphabeta:game=10000,order=gain,tier={tier}")
    agent.clock.used_ms = 9_990
    state = State.start()
    assert agent.clock.budget_ms(empty_squares=state.empty_squares) == 0
    move = agent.choose_move(state)
    assert move in state.legal_moves() and agent.last_result.depth == 1
