"""Boundary checks of the MCTS pictures (``course_lib.viz.mcts_plots``): a wrong type or a value
out of range is refused with a CourseError that names the argument and what was expected."""

from __future__ import annotations

import re

import matplotlib
import pytest

from course_lib.agents.mcts import MCTSAgent
from course_lib.errors import CourseError
from course_lib.games import TicTacToe
from course_lib.viz.mcts_plots import (MCTSGrowth, draw_mcts_tree, mcts_tree_graph,
                                       plot_ucb_terms, plot_visit_shares)

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def agent():
    searched = MCTSAgent(iterations=60, seed=3, snapshot_every=10)
    searched.choose_move(TicTacToe())
    return searched


@pytest.fixture(scope="module")
def growth():
    return MCTSGrowth(TicTacToe(), checkpoints=[1, 5], tier="reference", seed=1)


BAD = [
    ("mcts_tree_graph", lambda a, g: mcts_tree_graph("tree"),
     "expected an MCTS agent (after a search), its .root, or a tree node; got 'tree'"),
    ("mcts_tree_graph", lambda a, g: mcts_tree_graph(MCTSAgent(iterations=5)),
     "this agent has no tree yet"),
    ("mcts_tree_graph", lambda a, g: mcts_tree_graph(a, max_nodes=0),
     "max_nodes must be None or a whole number from 1 to 100,000, got 0"),
    ("mcts_tree_graph", lambda a, g: mcts_tree_graph(a, max_nodes="10"),
     "max_nodes must be None or a whole number"),
    ("draw_mcts_tree", lambda a, g: draw_mcts_tree(a, ax="left"),
     "ax must be a matplotlib Axes (or None for a new figure), got 'left'"),
    ("draw_mcts_tree", lambda a, g: draw_mcts_tree(a, label_depth=-1),
     "label_depth must be a whole number from 0 to 1,000, got -1"),
    ("draw_mcts_tree", lambda a, g: draw_mcts_tree(a, show_visits="yes"),
     "show_visits must be True or False"),
    ("draw_mcts_tree", lambda a, g: draw_mcts_tree(a, title=3),
     "title must be text (or None for the default), got 3"),
    ("draw_mcts_tree", lambda a, g: draw_mcts_tree(mcts_tree_graph(a), max_nodes=2.5),
     "max_nodes must be None or a whole number"),
    ("plot_visit_shares", lambda a, g: plot_visit_shares(TicTacToe()),
     "expected an MCTS agent after a search, its last_result, or its stats"),
    ("plot_visit_shares", lambda a, g: plot_visit_shares(a, top=0),
     "top must be a whole number from 1 to 1,000, got 0"),
    ("plot_visit_shares", lambda a, g: plot_visit_shares(a, logx="log"),
     "logx must be True or False"),
    ("plot_ucb_terms", lambda a, g: plot_ucb_terms(a, c=-1),
     "c must be a number from 0 to 100, got -1"),
    ("plot_ucb_terms", lambda a, g: plot_ucb_terms(a, c=float("nan")),
     "c must be a number from 0 to 100"),
    ("plot_ucb_terms", lambda a, g: plot_ucb_terms(a, c="1.4"),
     "c must be a number from 0 to 100, got '1.4'"),
    ("plot_ucb_terms", lambda a, g: plot_ucb_terms(a, top=True),
     "top must be None or a whole number"),
    ("plot_ucb_terms", lambda a, g: plot_ucb_terms(42),
     "expected an MCTS agent (after a search), its .root, or a tree node; got 42"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=5),
     "checkpoints must be a list of increasing iteration counts"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=[]),
     "give at least one checkpoint"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=[1, 0.5]),
     "a checkpoint must be a whole number from 1 to 1,000,000,000"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=[5, 5]),
     "checkpoints must increase"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=[1], tier="gpu"),
     "tier must be one of auto, reference, fast, got 'gpu'"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=[1], tier="fast"),
     "tier='fast' plays ATAXX only"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=[1], agent_factory=3),
     "agent_factory must be a function"),
    ("MCTSGrowth", lambda a, g: MCTSGrowth(TicTacToe(), checkpoints=[1], iterations=9),
     "iterations is set by the checkpoints"),
    ("MCTSGrowth.graph", lambda a, g: g.graph(2),
     "index (a checkpoint's number, counted from 0) must be a whole number from 0 to 1, got 2"),
    ("MCTSGrowth.describe", lambda a, g: g.describe("0"),
     "index (a checkpoint's number, counted from 0) must be a whole number"),
    ("MCTSGrowth.draw", lambda a, g: g.draw(-1), "must be a whole number from 0 to 1, got -1"),
    ("MCTSGrowth.draw", lambda a, g: g.draw(0, max_nodes=-3), "max_nodes must be None"),
]


@pytest.mark.parametrize("call, words", [(call, words) for _, call, words in BAD],
                         ids=[f"{name}-{i}" for i, (name, _, _) in enumerate(BAD)])
def test_a_bad_argument_is_refused_in_words(agent, growth, call, words):
    with pytest.raises(CourseError, match=re.escape(words)):
        call(agent, growth)


def test_the_same_calls_with_good_arguments_draw(agent, growth):
    import matplotlib.pyplot as plt
    assert mcts_tree_graph(agent, max_nodes=5).number_of_nodes() == 5
    assert draw_mcts_tree(agent, max_nodes=None, label_depth=0, show_visits=0).get_title()
    assert plot_visit_shares(agent, top=2, logx=1).get_xscale() == "log"
    assert plot_ucb_terms(agent, c=0, top=3).get_title().startswith("UCB at the root")
    assert growth.graph(1).graph["root_visits"] == 5 and "after 1 iteration" in growth.describe(0)
    assert growth.draw(1, max_nodes=3).get_title().startswith("MCTS tree after 5 iterations")
    plt.close("all")
