"""The helpers of notebook 06 (``course_lib.lessons.nb06``).

Oracles: UCB and LCB written out here from the lecture's formula, the agent's own
``best_child`` (the table must mark the child that selection really takes), the agent's
``simulate`` (a traced playout must be the playout the agent then plays), and ``play_match``
(``play_sprt`` plays the same pairs from the same openings).
"""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg", force=True)

import pytest  # noqa: E402

from course_lib.agents import GreedyAgent, RandomAgent  # noqa: E402
from course_lib.agents.mcts import MCTSAgent, Node  # noqa: E402
from course_lib.agents.mcts_fast import FastMCTSAgent  # noqa: E402
from course_lib.ataxx import State  # noqa: E402
from course_lib.games import TicTacToe  # noqa: E402
from course_lib.lessons.nb06 import (ChildTable, children_table, measure_c_effect,  # noqa: E402
                                     play_sprt, plot_c_effect, trace_playout)
from course_lib.match import play_match, random_opening  # noqa: E402
from course_lib.strength import Sprt  # noqa: E402

POSITIONS = ["X.O/.X./...", "X../.../..O", "X.O/.../...", ".../.X./...", "........."]


def searched(text: str, iterations: int, seed: int, **options) -> MCTSAgent:
    agent = MCTSAgent(iterations=iterations, seed=seed, **options)
    agent.search(TicTacToe.from_string(text))
    return agent


# --- children_table --------------------------------------------------------------------------


@pytest.mark.parametrize("text", POSITIONS)
@pytest.mark.parametrize("iterations", [12, 40, 150])
@pytest.mark.parametrize("c", [0.0, 0.5, 1.4, 3.0])
def test_table_rows_follow_the_formula_and_mark_best_child(text, iterations, c):
    agent = searched(text, iterations, seed=3, c=c)
    root = agent.root
    table = children_table(agent, c=c)
    assert [row.move for row in table] == [child.move for child in root.children]
    for row, child in zip(table, root.children):
        rate = child.wins / child.visits
        spread = c * math.sqrt(2 * math.log(root.visits) / child.visits)
        assert (row.visits, row.wins) == (child.visits, child.wins)
        assert row.win_rate == pytest.approx(rate)
        assert row.ucb == pytest.approx(rate + spread)
        assert row.lcb == pytest.approx(rate - spread)
    if root.untried:
        assert table.selected is None and table.untried == len(root.untried)
    else:
        assert table.selected == agent.best_child(root).move
        assert table.untried == 0


def test_the_marked_child_is_the_one_the_next_iteration_enters():
    agent = searched("X.O/.../...", 40, seed=1)
    table = children_table(agent)
    before = {child.move: child.visits for child in agent.root.children}
    agent.iterate(agent.root)
    after = {child.move: child.visits for child in agent.root.children}
    assert [move for move in after if after[move] != before[move]] == [table.selected]


def test_table_text_marks_one_row_and_says_what_comes_next():
    text = str(children_table(searched("X.O/.X./...", 30, seed=2)))
    lines = text.splitlines()
    assert lines[0].split() == ["move", "N", "Q", "Q/N", "UCB", "LCB", "next"]
    assert sum(line.endswith("<-") for line in lines) == 1
    assert lines[-1].endswith("the next iteration selects 6")
    early = str(children_table(searched("X.O/.X./...", 3, seed=2)))
    assert "<-" not in early and early.endswith("3 moves not tried yet: the next iteration "
                                                "expands one")


def test_table_of_the_fast_tier_matches_the_readable_one():
    state = random_opening(6, seed=5)
    for iterations in (30, 300):
        fast = FastMCTSAgent(iterations=iterations, seed=1)
        readable = MCTSAgent(iterations=iterations, seed=1)
        fast.search(state)
        readable.search(state)
        a, b = children_table(fast), children_table(readable)
        assert [(r.move, r.visits, r.wins, r.ucb) for r in a] == \
            [(r.move, r.visits, r.wins, r.ucb) for r in b]
        assert (a.selected, a.untried) == (b.selected, b.untried)


def test_solver_skips_children_proven_lost():
    agent = searched("X.O/.X./...", 40, seed=1, solver=True)
    lost = {child.move for child in agent.root.children if child.proven == 0.0}
    assert lost                                   # the point of the test
    table = children_table(agent)
    if table.selected is not None:
        assert table.selected not in lost
        assert table.selected == agent.best_child(agent.root).move


def test_table_refuses_what_it_cannot_show():
    with pytest.raises(ValueError, match="no visited children"):
        children_table(Node(TicTacToe()))
    agent = searched("X.O/.X./...", 10, seed=1)
    with pytest.raises(ValueError, match="c must be"):
        children_table(agent, c=-1)
    with pytest.raises(ValueError, match="c must be"):
        children_table(agent, c=True)
    with pytest.raises(TypeError):
        children_table("not a node")
    with pytest.raises(TypeError):
        children_table(MCTSAgent())                 # no search yet: no root
    assert isinstance(children_table(agent.root), ChildTable)
    assert children_table(agent).row(1).visits == agent.root.children[0].visits
    with pytest.raises(KeyError):
        children_table(agent).row(42)


# --- trace_playout ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_traced_playout_is_the_one_simulate_plays(seed):
    agent = MCTSAgent(seed=seed)
    state = TicTacToe.from_string("X.O/.X./...").apply(1)
    before = agent.rng.state
    playout = trace_playout(agent, state)
    assert agent.rng.state == before              # nothing drawn from the agent's generator
    replay = state
    for move in playout.moves:
        assert move in replay.legal_moves()
        replay = replay.apply(move)
    assert replay.is_over() and replay.cells == playout.final.cells
    assert agent.simulate(Node(state)) == playout.outcome
    assert agent.rng.state != before              # simulate did draw


def test_traced_playout_on_ataxx_and_its_text():
    agent = MCTSAgent(seed=4)
    state = random_opening(10, seed=2)
    playout = trace_playout(agent, state)
    assert agent.simulate(Node(state)) == playout.outcome
    assert playout.final.is_over()
    assert str(playout).startswith(f"{len(playout.moves)} random moves: ")
    assert str(playout).endswith("for player 1 (x)")
    finished = trace_playout(MCTSAgent(seed=1), TicTacToe.from_string("XXX/OO./..."))
    assert finished.moves == [] and finished.outcome == 1.0
    assert "(none: the game is over)" in str(finished)


def test_trace_playout_needs_the_readable_random_playout():
    state = TicTacToe()
    with pytest.raises(ValueError, match="random"):
        trace_playout(MCTSAgent(playout="greedy"), state)
    with pytest.raises(ValueError, match="random"):
        trace_playout(FastMCTSAgent(), State.start())


# --- play_sprt -------------------------------------------------------------------------------


def _greedy_vs_random(test: Sprt, max_games: int, **options):
    return play_sprt(GreedyAgent, lambda: RandomAgent(seed=3), test, max_games, **options)


def test_games_come_in_colour_swapped_pairs_like_play_match():
    test = Sprt(elo0=0, elo1=5)                   # a test that does not decide in 8 games
    games = _greedy_vs_random(test, 8, opening_plies=4, seed=11)
    assert len(games) == 8 and test.state == "continue"
    match = play_match(GreedyAgent, lambda: RandomAgent(seed=3), pairs=4, opening_plies=4,
                       seed=11)
    for index, game in enumerate(games):
        assert game.index == index and game.a_first == (index % 2 == 0)
        assert game.opening == random_opening(4, seed=11 + index // 2)
        record = match.games[index]
        assert (game.winner, game.turns, game.reason) == (record.winner, record.turns,
                                                          record.reason)
        assert game.moves == record.moves
        a_player = 1 if game.a_first else 2
        expected = 0.5 if game.winner == 0 else float(game.winner == a_player)
        assert game.score == expected
    assert [g.llr for g in games] == test.llr_history
    assert test.wins == match.wins and test.losses == match.losses


def test_it_stops_when_the_test_decides():
    test = Sprt()
    seen = []
    games = _greedy_vs_random(test, 100, seed=1, on_game=seen.append)
    assert test.state == "accept H1"
    assert seen == games and len(games) == test.games < 100
    states = []
    replay = Sprt()
    for game in games:
        states.append(replay.add(game.score))
    assert states[-1] == "accept H1" and set(states[:-1]) == {"continue"}


def test_it_stops_at_the_cap_undecided_and_is_reproducible():
    first, second = Sprt(), Sprt()
    a = _greedy_vs_random(first, 5, seed=2)
    b = _greedy_vs_random(second, 5, seed=2)
    assert len(a) == 5 and first.state == "continue"
    assert [(g.winner, g.moves) for g in a] == [(g.winner, g.moves) for g in b]
    assert first.llr == second.llr


def test_each_side_keeps_its_search_results():
    test = Sprt()
    games = play_sprt(lambda: FastMCTSAgent(iterations=50, seed=1), GreedyAgent, test, 2,
                      seed=4)
    for game in games:
        a_player = 1 if game.a_first else 2
        state, a_moves = game.opening, []
        for move in game.moves:
            if state.to_move == a_player:
                a_moves.append(move)
            state = state.apply(move)
        assert [r.move for r in game.a_results] == a_moves
        assert len(game.a_results) + len(game.b_results) == game.turns
        assert all(r.stats.iterations == 50 for r in game.a_results)
    assert str(games[0]).startswith("game   1 (A plays first): ")


def test_agents_without_results_keep_none():
    games = play_sprt(lambda: RandomAgent(seed=1), lambda: RandomAgent(seed=2), Sprt(), 1)
    assert games[0].a_results == [] and games[0].b_results == []


def test_play_sprt_refuses_bad_input():
    decided = Sprt()
    decided.feed([1] * 23)
    with pytest.raises(ValueError, match="decided"):
        _greedy_vs_random(decided, 4)
    for bad in (0, -1, 2.5, True, None):
        with pytest.raises(ValueError, match="max_games"):
            _greedy_vs_random(Sprt(), bad)


# --- The effect of c ---------------------------------------------------------------------------


def test_measure_c_effect_is_deterministic_and_in_range():
    cs = [0.0, 0.5, 1.4, 4.0]
    first = measure_c_effect(TicTacToe(), cs, iterations=300, seed=4)
    again = measure_c_effect(TicTacToe(), cs, iterations=300, seed=4)
    assert first == again
    assert [row["c"] for row in first] == cs
    for row in first:
        assert 0.0 <= row["top_share"] <= 1.0
        assert 0.0 <= row["entropy"] <= 1.0
        assert 0.0 <= row["win_rate"] <= 1.0
        # The same search run here: the shares from the root's children.
        agent = MCTSAgent(iterations=300, seed=4, c=row["c"])
        move = agent.choose_move(TicTacToe())
        visits = [ch.visits for ch in agent.root.children]
        assert row["move"] == str(move)
        assert row["top_share"] == pytest.approx(max(visits) / sum(visits))
        p = [v / sum(visits) for v in visits]
        assert row["entropy"] == pytest.approx(-sum(x * math.log(x) for x in p if x) / math.log(9))
        chosen = next(ch for ch in agent.root.children if ch.move == move)
        assert row["win_rate"] == pytest.approx(chosen.wins / chosen.visits)
    # Small c piles the visits onto one move; large c spreads them.
    assert first[0]["top_share"] > first[-1]["top_share"]
    assert first[0]["entropy"] < first[-1]["entropy"]
    other_seed = measure_c_effect(TicTacToe(), cs, iterations=300, seed=5)
    assert other_seed != first


def test_measure_c_effect_same_on_both_tiers():
    cs = [0.3, 2.0]
    fast = measure_c_effect(State.start(), cs, iterations=80, seed=1, tier="fast")
    reference = measure_c_effect(State.start(), cs, iterations=80, seed=1, tier="reference")
    assert fast == reference


def test_plot_c_effect_draws_the_table():
    table = measure_c_effect(TicTacToe(), [2.0, 0.0, 1.0], iterations=200, seed=1)
    ax = plot_c_effect(table)
    lines = {l.get_gid(): l for l in ax.get_lines()}
    rows = sorted(table, key=lambda r: r["c"])
    for key in ("top_share", "entropy", "win_rate"):
        line = lines[f"c-effect:{key}"]
        assert list(line.get_xdata()) == [0.0, 1.0, 2.0]
        assert list(line.get_ydata()) == [r[key] for r in rows]
    moves = [t.get_text() for t in ax.texts if str(t.get_gid()).startswith("c-effect:move")]
    assert moves == [r["move"] for r in rows]
    ax2 = plot_c_effect(TicTacToe(), cs=[2.0, 0.0, 1.0], iterations=200, seed=1)
    assert [list(l.get_ydata()) for l in ax2.get_lines()] == \
        [list(l.get_ydata()) for l in ax.get_lines()]



def test_entropy_counts_the_moves_not_tried_yet():
    # 5 iterations, 9 legal moves: 5 children visited once each, 4 moves with no visit.
    (row,) = measure_c_effect(TicTacToe(), [1.0], iterations=5, seed=0)
    assert row["tried"] == 5
    assert row["top_share"] == pytest.approx(1 / 5)
    assert row["entropy"] == pytest.approx(math.log(5) / math.log(9))


def test_where_visits_go_reads_the_roots_visits():
    from types import SimpleNamespace

    from course_lib.lessons.nb06 import where_visits_go

    def root(visits):
        return SimpleNamespace(children=[SimpleNamespace(move=m, visits=v)
                                         for m, v in enumerate(visits)])
    assert where_visits_go(root([1, 1, 1, 1, 93, 1, 1, 1, 1])) == "c"        # 93 of 101
    assert where_visits_go(root([10, 10, 10, 10, 30, 10, 10, 10, 10])) == "b"
    assert where_visits_go(root([12, 10, 10, 10, 11, 10, 10, 10, 10])) == "a"
    searched = MCTSAgent(iterations=2000, seed=1, c=0)
    searched.choose_move(TicTacToe())
    top = max(child.visits for child in searched.root.children)
    assert where_visits_go(searched.root) == "c" and top > 0.8 * 2000


# --- Bad input, refused in words ------------------------------------------------------------------

def test_children_table_refuses_bad_input_in_words():
    from course_lib.errors import CourseError
    agent = searched("X.O/.X./...", 10, seed=1)
    for c in (-1, True, "1.4", math.nan, math.inf, 10**4):
        with pytest.raises(CourseError, match="c must be a number from 0 to 1000"):
            children_table(agent, c=c)
    with pytest.raises(CourseError, match="needs a tree node or an MCTS agent"):
        children_table(42)


def test_trace_playout_refuses_bad_input_in_words():
    from course_lib.errors import CourseError
    with pytest.raises(CourseError, match="state must be a game position"):
        trace_playout(MCTSAgent(seed=1), "X.O/.X./...")
    with pytest.raises(CourseError, match="readable MCTSAgent"):
        trace_playout("mcts", TicTacToe())


@pytest.mark.parametrize("change, words", [
    ({"make_a": "greedy"}, "make_a must be a function that makes agent A"),
    ({"make_b": None}, "make_b must be a function that makes agent B"),
    ({"test": "sprt"}, "test must be an Sprt"),
    ({"max_games": 10**7}, "max_games must be a whole number from 1 to 100,000"),
    ({"opening_plies": -1}, "opening_plies must be a whole number from 0 to 100"),
    ({"opening_plies": 1.5}, "opening_plies must be a whole number"),
    ({"seed": -1}, "seed must be a whole number from 0 to "),
    ({"seed": 2**64 - 2}, "seed must be a whole number from 0 to "),
    ({"on_game": "print"}, "on_game must be None or a function"),
])
def test_play_sprt_refuses_bad_input_in_words(change, words):
    from course_lib.errors import CourseError
    arguments = {"make_a": GreedyAgent, "make_b": lambda: RandomAgent(seed=1), "test": Sprt(),
                 "max_games": 2, "opening_plies": 4, "seed": 0, "on_game": None}
    arguments.update(change)
    with pytest.raises(CourseError, match=words):
        play_sprt(**arguments)


@pytest.mark.parametrize("arguments, words", [
    ((None,), "state must be a game position"),
    ((TicTacToe.from_string("XXX/OO./..."),), "the game is over in this position"),
    ((TicTacToe(), 1.4), "cs must be a list of values of c"),
    ((TicTacToe(), "0.5"), "cs must be a list of values of c"),
    ((TicTacToe(), [0.5, -1]), "each c must be a number from 0 to 1000"),
    ((TicTacToe(), [0.5, "2"]), "each c must be a number from 0 to 1000"),
    ((TicTacToe(), []), "give at least one value of c"),
    ((TicTacToe(), [1.0], 0), "iterations must be a whole number from 1 to "),
    ((TicTacToe(), [1.0], 10.5), "iterations must be a whole number from 1 to "),
    ((TicTacToe(), [1.0], 10, -1), "seed must be a whole number from 0 to "),
    ((TicTacToe(), [1.0], 10, 0, "quick"), "tier must be one of"),
])
def test_measure_c_effect_refuses_bad_input_in_words(arguments, words):
    from course_lib.errors import CourseError
    with pytest.raises(CourseError, match=words):
        measure_c_effect(*arguments)
