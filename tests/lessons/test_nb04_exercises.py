"""Notebook 04's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from scratch. The checks every notebook
shares, a likely mistake getting its hint among them, are in test_exercise_notebooks.py."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest

from course_lib.agents.stats import minimal_tree_leaves
from course_lib.ataxx import State
from course_lib.lessons import nb04
from course_lib.exercises import _EXERCISES, exercise_cells, verdict
from course_lib.games import TEXTBOOK_TREE

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "04_alphabeta.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_the_registered_questions(solution):
    """The trees, window and position the notebook shows are the ones the answers use."""
    code = "\n".join(exercise_cells(solution))
    assert f"tree_1 = {nb04.SKIP_TREE!r}" in code
    assert f"tree_2 = {nb04.WINDOW_TREE!r}" in code
    assert "window_search(GameTree(tree_2), 2, 5, 10)" in code and nb04.WINDOW == (5, 10)
    assert nb04.ORDER_TREE == TEXTBOOK_TREE
    assert f'State.from_fen("{nb04.GAIN_FEN}")' in code
    assert 'depth=2, order="gain"' in code and nb04.GAIN_DEPTH == 2
    text = "\n".join("".join(c["source"]) for c in solution["cells"])
    assert "(5, 10)" in text and "the textbook tree" in text


def test_right_answers_in_other_forms():
    leaves = _EXERCISES["04-skipped-leaves"].solve()
    for answer in [leaves, tuple(leaves), set(leaves), frozenset(leaves), leaves[::-1],
                   [f" {name} " for name in leaves]]:
        assert verdict("04-skipped-leaves", answer) == "04-skipped-leaves: right"
    for name in ("04-window-value", "04-best-order-leaves", "04-nodes-gain"):
        value = _EXERCISES[name].solve()
        for answer in [value, np.int64(value), float(value)]:
            assert verdict(name, answer) == f"{name}: right"
        assert verdict(name, str(value)).startswith(f"{name}: wrong")


# --- The right answers, computed another way --------------------------------------------------


def _alphabeta(tree, alpha, beta, maximizing, path, scored):
    """Alpha-beta on nested lists, written out again: MAX/MIN form, cut on >= beta and
    <= alpha, the best value found returned (fail-soft); scored leaves noted in ``scored``."""
    if not isinstance(tree, list):
        scored.append(path)
        return tree
    value = -math.inf if maximizing else math.inf
    for index, child in enumerate(tree):
        child_value = _alphabeta(child, alpha, beta, not maximizing, path + (index,), scored)
        if maximizing:
            value = max(value, child_value)
            if value >= beta:
                break
            alpha = max(alpha, value)
        else:
            value = min(value, child_value)
            if value <= alpha:
                break
            beta = min(beta, value)
    return value


def _leaf_paths(tree, path=()):
    if not isinstance(tree, list):
        return [path]
    return [leaf for i, child in enumerate(tree) for leaf in _leaf_paths(child, path + (i,))]


def test_skipped_leaves_by_hand():
    scored = []
    _alphabeta(nb04.SKIP_TREE, -math.inf, math.inf, True, (), scored)
    skipped = [".".join(map(str, p)) for p in _leaf_paths(nb04.SKIP_TREE) if p not in scored]
    assert _EXERCISES["04-skipped-leaves"].solve() == skipped
    # Traced by hand: a beta cut at 0.1 (7 >= 5), an alpha cut at 1 (4 <= 5), a beta cut at
    # 2.1 (10 >= 9); the root's value is 9.
    assert skipped == ["0.1.1", "1.1.0", "1.1.1", "2.1.1"]
    assert _alphabeta(nb04.SKIP_TREE, -math.inf, math.inf, True, (), []) == 9


def test_window_value_by_hand():
    value = _alphabeta(nb04.WINDOW_TREE, *nb04.WINDOW, True, (), [])
    assert _EXERCISES["04-window-value"].solve() == value == 4
    true_value = _alphabeta(nb04.WINDOW_TREE, -math.inf, math.inf, True, (), [])
    assert true_value == 3 < nb04.WINDOW[0]           # the value is below the window ...
    assert true_value < value < nb04.WINDOW[0]        # ... and the result is neither v nor alpha


def test_fewest_leaves_is_the_minimal_tree():
    # b = 3 moves everywhere, d = 2 plies: b^ceil(d/2) + b^floor(d/2) - 1 leaves (Knuth and
    # Moore), and no order does better, as trying all 1296 orders with our own search shows.
    fewest = math.inf
    for root in itertools.permutations(TEXTBOOK_TREE):
        for children in itertools.product(*[itertools.permutations(c) for c in root]):
            scored = []
            _alphabeta([list(c) for c in children], -math.inf, math.inf, True, (), scored)
            fewest = min(fewest, len(scored))
    assert _EXERCISES["04-best-order-leaves"].solve() == fewest == 3 + 3 - 1
    assert minimal_tree_leaves(3, 2) == fewest          # the helper notebook 04 teaches
    assert len(nb04._reorderings(TEXTBOOK_TREE)) == 6 * 6 ** 3


def _material(state: State, player: int) -> int:
    return state.stones(player) - state.stones(3 - player)


def _negamax_gain(state: State, depth: int, alpha: float, beta: float, counter: list) -> float:
    """Negamax alpha-beta on ATAXX with moves sorted by gain (stable, best first)."""
    counter[0] += 1
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return _material(state, state.to_move)
    moves = sorted(moves, key=lambda m: -state.gain(m))
    best = -math.inf
    for move in moves:
        best = max(best, -_negamax_gain(state.apply(move), depth - 1, -beta, -alpha, counter))
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best


def test_nodes_with_gain_by_hand():
    state = State.from_fen(nb04.GAIN_FEN)
    counter = [0]
    _negamax_gain(state, nb04.GAIN_DEPTH, -math.inf, math.inf, counter)
    assert _EXERCISES["04-nodes-gain"].solve() == counter[0]
    from course_lib.agents.search import search
    assert search(state, "alphabeta", depth=2).stats.nodes == _EXERCISES["04-nodes-gain"].mistake
