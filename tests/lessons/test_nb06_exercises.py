"""Notebook 06's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from scratch. The checks every notebook
shares, a likely mistake getting its hint among them, are in test_exercise_notebooks.py."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from course_lib.agents.mcts import MCTSAgent, Node

from course_lib.lessons import nb06
from course_lib.exercises import _EXERCISES, verdict
from course_lib.games import TicTacToe

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "06_mcts.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_the_registered_questions(solution):
    """The counts, positions, budgets and seeds the notebook shows are the ones the answers are
    computed on."""
    cells = [("".join(c["source"]), c["cell_type"]) for c in solution["cells"]]
    start = next(i for i, (text, kind) in enumerate(cells)
                 if kind == "markdown" and text.startswith("## Exercises"))
    text = "\n".join(source for source, _ in cells[start:])
    counts = nb06.UCB_COUNTS
    assert (f"N(v') = {counts['visits']} times and has Q(v') = {counts['wins']} wins" in
            text.replace("\n", " "))
    assert f"N(v) = {counts['parent_visits']} times" in text.replace("\n", " ")
    for setup in (nb06.SELECT, nb06.LCB, nb06.VISITS):
        assert f'"{setup["position"]}"' in text or setup["position"] == ".../.../..."
        assert f"MCTSAgent(iterations={setup['iterations']}, seed={setup['seed']})" in text
    assert "TicTacToe()" in text                            # the empty board of exercise 4
    assert "square 4" in text and "square 0" in text


# --- The right answers, computed another way --------------------------------------------------


def _counts(setup: dict) -> tuple[int, list[tuple[int, int, float]]]:
    """(root visits, [(move, N, Q) per root child]) after the exercise's search."""
    agent = nb06.searched(setup)
    return agent.root.visits, [(ch.move, ch.visits, ch.wins) for ch in agent.root.children]


def _first_best(scored: list[tuple[int, float]]) -> int:
    best = max(score for _, score in scored)
    return next(move for move, score in scored if score == best)


def test_ucb_value_by_hand():
    expected = 12 / 20 + 1.4 * math.sqrt(2 * math.log(50) / 20)
    assert _EXERCISES["06-ucb-value"].solve() == pytest.approx(expected, abs=1e-12)
    assert verdict("06-ucb-value", round(expected, 3)) == "06-ucb-value: right"
    assert verdict("06-ucb-value", 1.4756) == "06-ucb-value: right"
    forgot_the_two = 0.6 + 1.4 * math.sqrt(math.log(50) / 20)
    assert verdict("06-ucb-value", forgot_the_two).startswith("06-ucb-value: wrong")


def test_selected_child_by_hand():
    parent, children = _counts(nb06.SELECT)
    state = TicTacToe.from_string(nb06.SELECT["position"])
    assert sorted(move for move, _, _ in children) == state.legal_moves()   # all tried
    scored = [(move, q / n + 1.4 * math.sqrt(2 * math.log(parent) / n))
              for move, n, q in children]
    values = sorted(score for _, score in scored)
    assert values[-1] - values[-2] > 0.01                   # no near tie to get wrong by hand
    answer = _first_best(scored)
    assert _EXERCISES["06-selected-child"].solve() == answer
    most_visited = _first_best([(move, n) for move, n, _ in children])
    best_rate = _first_best([(move, q / n) for move, n, q in children])
    assert answer not in (most_visited, best_rate)          # what the hint promises


def test_lcb_move_by_hand():
    parent, children = _counts(nb06.LCB)
    scored = [(move, q / n - 1.4 * math.sqrt(2 * math.log(parent) / n))
              for move, n, q in children]
    values = sorted(score for _, score in scored)
    assert values[-1] - values[-2] > 0.01
    answer = _first_best(scored)
    assert _EXERCISES["06-lcb-move"].solve() == answer
    visits_pick = _first_best([(move, n) for move, n, _ in children])
    value_pick = _first_best([(move, q / n) for move, n, q in children])
    assert len({answer, visits_pick, value_pick}) == 3      # what the question says
    assert _EXERCISES["06-lcb-move"].mistake == value_pick


def test_visits_after_by_running_the_four_phases_by_hand():
    setup = nb06.VISITS
    agent = MCTSAgent(seed=setup["seed"])
    root = Node(TicTacToe.from_string(setup["position"]))
    for _ in range(setup["iterations"]):
        path = agent.select(root)
        leaf = agent.expand(path[-1])
        if leaf is not path[-1]:
            path.append(leaf)
        agent.backpropagate(path, agent.simulate(leaf))
    centre = next(child for child in root.children if child.move == 4)
    node = next(child for child in centre.children if child.move == 0)
    assert _EXERCISES["06-visits-after"].solve() == node.visits
    assert _EXERCISES["06-visits-after"].mistake == centre.visits
    # every visit of a node that is not a finished game went to a child, except its first
    assert node.visits == sum(child.visits for child in node.children) + 1


def test_right_answers_in_other_forms():
    for name in ("06-selected-child", "06-lcb-move", "06-visits-after"):
        right = _EXERCISES[name].solve()
        for answer in (right, np.int64(right), float(right)):
            assert verdict(name, answer) == f"{name}: right"
        assert verdict(name, str(right)).startswith(f"{name}: wrong")
        assert verdict(name, right + 0.5).startswith(f"{name}: wrong")
    assert verdict("06-ucb-value", np.float64(_EXERCISES["06-ucb-value"].solve())) == \
        "06-ucb-value: right"
