"""The helpers of ``course_lib.lessons.nb05`` (notebook 05)."""

from __future__ import annotations

import math
import random

import pytest

from course_lib.agents import GameClock, GreedyAgent, make_agent
from course_lib.agents.players import next_iteration_fits
from course_lib.lessons.nb05 import (SIDE, Stopwatch, clock_schedule, clock_spending,
                                         depth_reached, entry_kinds, expected_collisions,
                                         zobrist_difference, zobrist_key)
from course_lib.agents.fast_search import FastTranspositionTable, fast_search
from course_lib.agents.search import search
from course_lib.agents.transposition import (EXACT, LOWER, UPPER, ZOBRIST_KEYS,
                                             ZOBRIST_SECOND_TO_MOVE, TranspositionTable,
                                             position_hash)
from course_lib.ataxx import PASS, State

MIDDLE = "2oo2o/x1oo1oo/x4oo/xx3oo/x3ooo/x6/xx5 x 4 16"


def _xor(keys) -> int:
    h = 0
    for key in keys:
        h ^= zobrist_key(key)
    return h


# --- Zobrist keys ---------------------------------------------------------------------------


def test_zobrist_key_names_the_tables_entries():
    assert zobrist_key(((1, 1), 1)) == ZOBRIST_KEYS[0][1]
    assert zobrist_key(((7, 7), 2)) == ZOBRIST_KEYS[48][2]
    assert zobrist_key(((2, 3), 2)) == ZOBRIST_KEYS[7 + 2][2]
    assert zobrist_key(SIDE) == ZOBRIST_SECOND_TO_MOVE


def test_difference_of_a_position_with_itself_is_empty():
    state = State.from_fen(MIDDLE)
    assert zobrist_difference(state, state) == []


@pytest.mark.parametrize("seed", range(6))
def test_difference_xors_to_the_hash_difference_along_random_games(random_game, seed):
    states = random_game(seed)
    for before, after in zip(states, states[1:]):
        keys = zobrist_difference(before, after)
        assert _xor(keys) == position_hash(before) ^ position_hash(after)
        move = after.last_move
        if move == PASS:
            assert keys == [SIDE]
            continue
        captures = (before.gain(move) - (0 if move.is_jump else 1)) // 2
        assert len(keys) == (3 if move.is_jump else 2) + 2 * captures


def test_difference_between_unrelated_positions():
    a, b = State.start(), State.from_fen(MIDDLE)
    assert _xor(zobrist_difference(a, b)) == position_hash(a) ^ position_hash(b)
    assert SIDE not in zobrist_difference(a, b)          # x to move in both


def test_difference_lists_old_owner_then_new_owner():
    before = State.from_fen("7/7/7/1o5/7/x6/7 x 0 10")
    after = before.play("b3")                          # a clone that captures b4
    assert zobrist_difference(before, after) == [((4, 2), 2), ((4, 2), 1), ((5, 2), 1), SIDE]


# --- Collisions -----------------------------------------------------------------------------


def test_expected_collisions_small_cases_exactly():
    # Two keys from two values: the second repeats the first with probability 1/2.
    assert expected_collisions(2, 1) == pytest.approx(0.5)
    # Three keys from four values: E[distinct] = 4 * (1 - (3/4)**3).
    assert expected_collisions(3, 2) == pytest.approx(3 - 4 * (1 - 0.75 ** 3))
    assert expected_collisions(0, 16) == 0
    assert expected_collisions(1, 16) == 0
    assert expected_collisions(5, 0) == 4.0


@pytest.mark.parametrize("n,bits", [(1000, 16), (54_440, 24), (10**6, 40), (10**9, 64),
                                    (300, 20)])
def test_expected_collisions_agrees_with_the_pair_count_when_small(n, bits):
    pairs = n * (n - 1) / 2 / 2 ** bits
    if pairs < 0.05:
        assert expected_collisions(n, bits) == pytest.approx(pairs, rel=1e-3)
    assert expected_collisions(n, bits) <= pairs


def test_expected_collisions_matches_a_simulation():
    rng = random.Random(5)
    n, bits, runs = 2000, 12, 200
    found = sum(n - len({rng.getrandbits(bits) for _ in range(n)}) for _ in range(runs)) / runs
    assert found == pytest.approx(expected_collisions(n, bits), rel=0.02)


def test_expected_collisions_refuses_negative_arguments():
    with pytest.raises(ValueError):
        expected_collisions(-1, 8)
    with pytest.raises(ValueError):
        expected_collisions(10, -1)


# --- Table entries --------------------------------------------------------------------------


def test_entry_kinds_of_both_tiers_agree():
    state = State.from_fen(MIDDLE)
    readable = TranspositionTable(1 << 12)
    search(state, depth=3, order="gain", table=readable)
    compiled = FastTranspositionTable(1 << 12)
    fast_search(state, 3, order="gain", table=compiled)
    kinds = entry_kinds(readable)
    assert kinds == entry_kinds(compiled)
    assert sum(kinds.values()) == readable.filled() == compiled.filled() > 0


def test_entry_kinds_counts_each_kind():
    table = TranspositionTable(8)
    for key, kind in enumerate([EXACT, LOWER, LOWER, UPPER, UPPER, UPPER]):
        table.store(key, 1, 0, kind, None)
    assert entry_kinds(table) == {"exact": 1, "lower": 2, "upper": 3}


# --- Time -----------------------------------------------------------------------------------


@pytest.mark.parametrize("tier,options", [("reference", {}), ("fast", {"table_slots": 1 << 10})])
def test_depth_reached_finishes_some_iterations(tier, options):
    depth, nodes, elapsed = depth_reached(State.from_fen(MIDDLE), 300, tier, order="gain",
                                          **options)
    assert depth >= 1 and nodes > 0 and elapsed > 0


def test_depth_reached_refuses_an_unknown_tier():
    with pytest.raises(ValueError, match="tier"):
        depth_reached(State.start(), 10, "quantum")


def test_clock_schedule_is_the_game_clock_spending_its_budgets():
    empties = [45, 44, 42, 41, 40, 38, 30, 20, 10, 5, 2, 1]
    budgets = clock_schedule(empties, total_ms=10_000)
    clock = GameClock(10_000)
    for empty, budget in zip(empties, budgets):
        assert budget == clock.budget_ms(empty_squares=empty)
        clock.used_ms += budget
    assert sum(budgets) <= 10_000 - 50
    assert clock_schedule([], total_ms=500) == []
    assert clock_schedule([45], total_ms=1000, reserve_ms=0) == [GameClock(1000, 0).budget_ms(
        empty_squares=45)]


def test_clock_schedule_never_spends_the_reserve():
    budgets = clock_schedule([1] * 200, total_ms=2_000, reserve_ms=100)
    assert sum(budgets) <= 1_900
    assert budgets == sorted(budgets, reverse=True)


def test_stopwatch_plays_as_the_agent_and_records():
    state = State.from_fen(MIDDLE)
    watch = Stopwatch(make_agent("alphabeta:depth=2,order=gain"))
    move = watch.choose_move(state)
    assert move == make_agent("alphabeta:depth=2,order=gain").choose_move(state)
    assert watch.depths == [2] and len(watch.ms) == 1 and watch.ms[0] >= 0
    assert watch.last_result.depth == 2
    assert watch.name == "alphabeta:depth=2,order=gain"
    assert Stopwatch(lambda s: s.legal_moves()[0], name="first").name == "first"


def test_stopwatch_with_a_plain_function_records_no_depth():
    watch = Stopwatch(lambda s: s.legal_moves()[0])
    watch.choose_move(State.start())
    assert watch.depths == [None] and watch.last_result is None
    assert math.isfinite(watch.ms[0])


def test_stopwatch_greedy_depth_is_one():
    watch = Stopwatch(GreedyAgent())
    for _ in range(3):
        watch.choose_move(State.start())
    assert watch.depths == [1, 1, 1] and len(watch.ms) == 3


# --- when to stop deepening ---------------------------------------------------------------------

@pytest.mark.parametrize("finished, budget_s, fits", [
    ([0.010], 0.030, True),                  # next: 2 x 10 ms, done at 30 ms: just fits
    ([0.010], 0.029, False),
    ([0.001, 0.004, 0.020], 0.200, True),    # growth 16/3: next 85 ms, done at 105 ms
    ([0.001, 0.004, 0.020], 0.100, False),
    ([0.010, 0.011], 0.020, True),           # growth below 2 counts as 2: next 2 ms
    ([0.010, 0.011], 0.012, False),
    ([0.0, 0.0, 0.0], 0.001, True),          # iterations too quick to time
])
def test_an_iteration_is_started_only_if_it_is_expected_to_finish(finished, budget_s, fits):
    assert next_iteration_fits(finished, budget_s) is fits


class ScriptedDeepening:
    """Stands in for iterative deepening: iteration d 'takes' ``costs[d - 1]`` seconds of a
    fake clock, and the agent's clock reads the fake one."""

    def __init__(self, costs):
        self.costs, self.now, self.started = costs, 0.0, []

    def perf_counter(self):
        return self.now

    def __call__(self, state, max_depth, seconds, **options):
        for depth, cost in enumerate(self.costs, start=1):
            if depth > max_depth:
                return
            self.started.append(depth)
            if self.now + cost > seconds:          # the hard deadline: abandoned
                self.now = seconds
                return
            self.now += cost
            yield fast_search(state, 1)            # any result; its depth is not used


def test_the_timed_agent_keeps_the_time_an_abandoned_iteration_would_waste(monkeypatch):
    from course_lib.agents import players
    script = ScriptedDeepening([0.001, 0.002, 0.010, 0.050, 0.300])
    monkeypatch.setattr(players.time, "perf_counter", script.perf_counter)
    monkeypatch.setattr(players, "iterative_deepening", script)
    agent = make_agent("alphabeta:time=200")
    agent.choose_move(State.from_fen(MIDDLE))
    # After 4 iterations (63 ms) the next is predicted at 50 ms x 5 = 250 ms: not started.
    assert script.started == [1, 2, 3, 4] and len(agent.iterations) == 4
    assert script.now == pytest.approx(0.063)
    script2 = ScriptedDeepening([0.001, 0.002, 0.010, 0.050, 0.300])
    monkeypatch.setattr(players, "iterative_deepening", script2)
    monkeypatch.setattr(players.time, "perf_counter", script2.perf_counter)
    make_agent("alphabeta:time=400").choose_move(State.from_fen(MIDDLE))
    assert script2.started == [1, 2, 3, 4, 5]      # 63 + 250 ms fits in 400 ms


def test_clock_spending_records_what_the_clock_gave_and_what_was_spent():
    start = State.from_fen(MIDDLE)
    agent = make_agent("alphabeta:game=600,order=gain,tier=fast")
    trace = clock_spending(agent, GreedyAgent(), start)
    assert trace.final.is_over()
    moves = len(trace.given)
    assert moves > 1 and len(trace.spent) == len(trace.empty_squares) == moves
    assert trace.empty_squares[0] == start.empty_squares
    assert trace.empty_squares == sorted(trace.empty_squares, reverse=True)
    for i in range(moves):                 # the clock's own arithmetic, move after move
        replay = GameClock(600)
        replay.used_ms = sum(trace.spent[:i])
        assert trace.given[i] == replay.budget_ms(empty_squares=trace.empty_squares[i])
        assert trace.spent[i] >= 0
    assert trace.left_ms == pytest.approx(600 - sum(trace.spent))
    assert trace.left_ms == pytest.approx(agent.clock.remaining_ms)
    with pytest.raises(ValueError, match="game clock"):
        clock_spending(make_agent("alphabeta:depth=1"), GreedyAgent(), start)
