"""Notebook 11's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from scratch (the engine driven directly, the
clock's share worked out by hand). The checks every notebook shares are in
test_exercise_notebooks.py."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from course_lib.engine import SWITCHES, Engine, SearchLimits
from course_lib.lessons import nb11
from course_lib.exercises import _EXERCISES, exercise_cells, registered, verdict

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "11_engine.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_the_registered_questions(solution):
    code = "\n".join(exercise_cells(solution))
    text = "\n".join("".join(c["source"]) for c in solution["cells"])
    for fen in (nb11.SAVING_FEN, nb11.BUDGET_FEN):
        assert f'State.from_fen("{fen}")' in code
    assert f"to depth {nb11.SAVING_DEPTH}" in text
    assert f"budget of {nb11.NODE_BUDGET:,} nodes" in text
    assert f"{nb11.CLOCK_MS:,} ms on its clock" in text
    assert f"increment of {nb11.CLOCK_INC_MS} ms" in text
    assert f"{nb11.CLOCK_EMPTY} empty squares" in text


@pytest.mark.parametrize("name", ["11-lmr-saving", "11-depth-in-nodes"])
def test_whole_number_answers_in_other_forms(name):
    right = _EXERCISES[name].solve()
    for answer in (right, np.int64(right), float(right)):
        assert verdict(name, answer) == f"{name}: right"
    assert verdict(name, str(right)).startswith(f"{name}: wrong")
    assert verdict(name, right + 1).startswith(f"{name}: wrong")


def test_registered():
    assert registered("11") == ["11-depth-in-nodes", "11-lmr-saving", "11-soft-limit"]


def _nodes(fen: str, depth: int, **switches: bool) -> int:
    return Engine(hash_mb=4, **switches).search(fen, SearchLimits(depth=depth))[1].nodes


def test_lmr_saving_from_two_engines():
    off = {name: False for name in SWITCHES}
    plain = _nodes(nb11.SAVING_FEN, nb11.SAVING_DEPTH, **off)
    reduced = _nodes(nb11.SAVING_FEN, nb11.SAVING_DEPTH, **{**off, "lmr": True})
    assert 0 < reduced < plain
    assert _EXERCISES["11-lmr-saving"].solve() == plain - reduced


def test_depth_in_nodes_from_the_running_totals():
    """A new engine's count to depth d is the total of its iterations 1..d: the answer is the
    deepest d whose total fits in the budget (far from the budget, so the few nodes the limit
    may overshoot do not matter)."""
    every_switch = {name: True for name in SWITCHES}
    totals = {d: _nodes(nb11.BUDGET_FEN, d, **every_switch) for d in range(1, 10)}
    fits = [d for d, n in totals.items() if n <= nb11.NODE_BUDGET]
    deepest = max(fits)
    assert totals[deepest + 1] > nb11.NODE_BUDGET * 1.01
    assert _EXERCISES["11-depth-in-nodes"].solve() == deepest


def test_soft_limit_by_hand():
    moves = nb11.CLOCK_EMPTY / 2 + 8
    share = nb11.CLOCK_MS / moves + 0.75 * nb11.CLOCK_INC_MS
    soft = 0.6 * share
    assert _EXERCISES["11-soft-limit"].solve() == pytest.approx(soft)
    assert verdict("11-soft-limit", round(soft, 3)) == "11-soft-limit: right"
    assert verdict("11-soft-limit", soft / 1000).startswith("11-soft-limit: wrong")
    assert verdict("11-soft-limit", share).startswith("11-soft-limit: wrong")
