"""The protocol agent never loses on time, whatever its spec: a spec without a time control
(fixed-depth searches, MCTS with a number of iterations) gets a fair share of the game clock,
stops when it is spent, plays its best move so far, and says so once on stderr.

In-process tests check what budget each kind of agent is given and what it plays with it;
refereed games of slow specs under a short clock check that no game ends on time. (How the
agents fare at the referee's real 10 s clock is measured by benchmarks/bench_agent_clock.py.)
"""

from __future__ import annotations

import io
import sys

import pytest

from course_lib.agents import make_agent
from course_lib.agents.mcts import MCTSAgent
from course_lib.agents.search import Searcher
from course_lib.ataxx import MAX_TURNS, State
from course_lib.match.protocol import (MOVE_RESERVE_MS, choose_with_time, clock_rule,
                                       move_share_ms, serve)
from course_lib.match.referee import ENDINGS, referee

AGENT = [sys.executable, "-m", "course_lib", "agent"]


def share_for(state: State, remaining_ms: float) -> float:
    """The budget of an agent with no time control, from the rule's own parts."""
    reserve = MOVE_RESERVE_MS * ((MAX_TURNS - state.turns + 1) // 2)
    return move_share_ms(max(0.0, remaining_ms - reserve), state.empty_squares)


# --- which agents are bounded, and the sentence they log -----------------------------------------


@pytest.mark.parametrize("spec", ["random:seed=3", "greedy", "alphabeta:game=9000",
                                  "alphabeta:time=200", "mcts:time=100", "mcts:seed=1,time=50"])
def test_agents_with_a_time_control_or_none_needed_get_no_rule(spec):
    assert clock_rule(make_agent(spec)) is None


@pytest.mark.parametrize("spec, words", [
    ("mcts:seed=1", "1000 iterations"),
    ("mcts:iterations=100000", "100000 iterations"),
    ("mcts:tier=fast", "1000 iterations"),
    ("alphabeta:depth=9", "up to depth 9"),
    ("alphabeta:depth=7,tier=fast", "up to depth 7"),
    ("alphabeta:depth=5,form=minmax", "up to depth 5"),
    ("minimax:depth=6", "up to depth 6"),
    ("negamax", "up to depth 3"),
])
def test_untimed_specs_get_a_rule_that_names_their_limit(spec, words):
    rule = clock_rule(make_agent(spec))
    assert rule.startswith(f"{spec} has no time control") and words in rule


def test_the_rule_is_logged_once_per_program():
    agent = make_agent("minimax:depth=2")
    out, log = io.StringIO(), io.StringIO()
    serve(agent, io.StringIO("READY FIRST\nTURN 10000 10000\nOPP 7 1 6 2 3\n"
                             "TURN 9000 9000\nREADY SECOND\nOPP 1 1 2 2 3\nTURN 8000 8000\n"),
          out, log=log)
    assert [line.split()[0] for line in out.getvalue().splitlines()] == [
        "OK", "MOVE", "MOVE", "OK", "MOVE"]
    assert log.getvalue().count("has no time control") == 1, log.getvalue()


# --- the budget each kind gets ---------------------------------------------------------------


class RecordingMCTS(MCTSAgent):
    """An MCTS agent that notes the budget it is given on every move."""

    def choose_move(self, state):
        self.seen = (self.iterations, self.time_ms)
        return super().choose_move(state)


def test_mcts_keeps_its_iterations_and_gets_a_share_of_the_clock_as_its_time():
    state = State.start()
    agent = RecordingMCTS(iterations=100_000, seed=1)
    choose_with_time(agent, state, remaining_ms=1500, bound_untimed=True)
    iterations, time_ms = agent.seen
    assert iterations == 100_000 and time_ms == pytest.approx(share_for(state, 1500))
    assert agent.last_result.stats.iterations < 100_000       # the time ended the search
    assert (agent.iterations, agent.time_ms) == (100_000, None)   # put back


def test_mcts_final_both_gets_the_share_divided_by_its_cap():
    state = State.start()
    agent = RecordingMCTS(iterations=1000, final="both", both_cap=2.0)
    choose_with_time(agent, state, remaining_ms=5000, bound_untimed=True)
    assert agent.seen[1] == pytest.approx(share_for(state, 5000) / 2)


def test_a_time_per_move_is_cut_to_the_same_share():
    state = State.start().play("b6")
    agent = RecordingMCTS(time_ms=5000, seed=1)
    choose_with_time(agent, state, remaining_ms=1500)
    assert agent.seen[1] == int(share_for(state, 1500)) and agent.time_ms == 5000


def test_a_game_clock_is_set_from_the_time_left_less_the_reserve():
    from course_lib.match.protocol import usable_ms
    state = State.start()
    agent = make_agent("alphabeta:game=100000")
    agent._timed_move = lambda s: agent.clock.remaining_ms        # what the clock holds
    held = choose_with_time(agent, state, remaining_ms=3000)
    assert held == pytest.approx(usable_ms(3000) - MOVE_RESERVE_MS * MAX_TURNS / 2)


def test_without_bound_untimed_an_mcts_agent_just_searches():
    agent = RecordingMCTS(iterations=30)
    choose_with_time(agent, State.start(), remaining_ms=1500)
    assert agent.seen == (30, None) and agent.last_result.stats.iterations == 30


def test_near_the_end_of_the_clock_mcts_runs_a_single_iteration():
    agent = RecordingMCTS(iterations=100_000, seed=2)
    choose_with_time(agent, State.start(), remaining_ms=MOVE_RESERVE_MS * 100,
                     bound_untimed=True)
    assert agent.seen[1] < 1 and agent.last_result.stats.iterations == 1


@pytest.mark.parametrize("spec", ["alphabeta:depth=3,order=gain,killers=1,history=1,tt=12",
                                  "alphabeta:depth=3,order=gain,tier=fast",
                                  "alphabeta:depth=2,form=minmax,order=static",
                                  "minimax:depth=2"])
def test_with_time_enough_a_bounded_search_plays_its_fixed_depth_move(spec, random_game):
    # Iterative deepening would reorder the root by the previous iteration and could pick
    # another of equally good moves: the bounded agent must not.
    bounded, fixed = make_agent(spec), make_agent(spec)
    positions = [s for s in random_game(5)[:60:3] if not s.is_over()]
    for state in positions:
        move = choose_with_time(bounded, state, remaining_ms=1e9, bound_untimed=True)
        assert bounded.last_result.depth == fixed.depth
        assert move == fixed.choose_move(state), state.fen()
        assert bounded.last_result.value == fixed.last_result.value


@pytest.mark.parametrize("spec", ["minimax:depth=5", "negamax:depth=5",
                                  "alphabeta:depth=7,form=minmax", "alphabeta:depth=9"])
def test_a_bounded_search_plays_the_move_of_its_own_deepest_finished_search(spec):
    state = State.start().play("b6").play("b2")
    agent = make_agent(spec)
    move = choose_with_time(agent, state, remaining_ms=600, bound_untimed=True)
    reached = agent.last_result.depth
    assert 1 <= reached < agent.depth
    # The same algorithm, searched to that depth without a clock, plays the same move.
    alone = Searcher(agent.algorithm, agent.evaluation).run(state, reached)
    assert (move, agent.last_result.value) == (alone.move, alone.value)


# --- refereed games under a short clock ----------------------------------------------------------


TIME_MS = 2500


def _game(first: str, second: str, time_ms: int = TIME_MS):
    return referee(AGENT + [first], AGENT + [second], time_ms=time_ms)


@pytest.mark.parametrize("spec", ["mcts:seed=1", "alphabeta:depth=9", "minimax:depth=5",
                                  "mcts:iterations=100000,final=both,seed=4"])
@pytest.mark.parametrize("first", [True, False], ids=["first", "second"])
def test_slow_specs_never_lose_on_time_against_greedy(spec, first):
    result = _game(spec, "greedy") if first else _game("greedy", spec)
    side = 0 if first else 1
    assert result.reason in ENDINGS, result.detail
    assert result.time_used_ms[side] < TIME_MS
    assert result.stderr[side].count("has no time control") == 1, result.stderr[side]


WALLED_FEN = "x--4/---4/---4/7/7/7/6o x 0 1"
"""x's only stone is walled in by blocked squares: x passes every turn, and o moves until the
board is full, at least 39 moves since a move fills at most one of the 39 empty squares."""


@pytest.mark.parametrize("spec", ["mcts:seed=1,iterations=100000", "minimax:depth=5"])
def test_a_slow_spec_makes_forty_moves_or_more_within_its_clock(spec):
    result = referee(AGENT + ["greedy"], AGENT + [spec], time_ms=2000, start_fen=WALLED_FEN)
    assert result.reason == "board-full", result.detail
    assert result.turns >= 78 and result.moves[::2] == [[-1, -1, -1, -1]] * (result.turns // 2)
    assert result.time_used_ms[1] < 2000


def test_a_long_time_per_move_keeps_to_the_clock_too():
    result = referee(AGENT + ["greedy"], AGENT + ["mcts:seed=1,time=5000"], time_ms=2000,
                     start_fen=WALLED_FEN)
    assert result.reason == "board-full", result.detail
    assert result.turns >= 78 and result.time_used_ms[1] < 2000
    assert "has no time control" not in result.stderr[1]
