"""Notebook 12's exercises: the notebook asks about the bank's own numbers, and the right answers
agree with computations written here from scratch (the cross-entropy by hand with math, what a
lone stone adds from the readable evaluation of one-stone boards and the empty board, and the
per-window mean of the likely mistake from a count of the windows over each square). The
checks every notebook shares are in test_exercise_notebooks.py."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from course_lib.lessons import nb12
from course_lib.exercises import _EXERCISES, exercise_cells, registered, verdict
from course_lib.learn.ntuple import evaluate_readable, load_weights

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "12_learning.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_the_registered_questions(solution):
    text = "\n".join("".join(c["source"]) for c in solution["cells"])
    assert f"scores a position {nb12.NETWORK_SCORE}" in text
    assert f"`win_scale` of {nb12.WIN_SCALE}" in text
    assert f"sigmoid({nb12.NETWORK_SCORE} / {nb12.WIN_SCALE})" in text
    assert f"(result {nb12.GAME_RESULT:.0f})" in text
    assert f"prediction for the position was {nb12.SEARCH_PREDICTION}" in text
    assert f"λ = {nb12.LAM}" in text
    assert "on the centre d4 than on the corner a7" in text
    assert nb12.CORNER == (0, 0) and nb12.CENTRE == (3, 3)      # a7 and d4, row from the top
    code = "\n".join(exercise_cells(solution))
    assert "answer_1" in code and "answer_2" in code


def test_registered():
    assert registered("12") == ["12-log-loss", "12-lone-stone"]


def test_log_loss_by_hand():
    p = 1 / (1 + math.exp(-nb12.NETWORK_SCORE / nb12.WIN_SCALE))
    target = nb12.LAM * nb12.GAME_RESULT + (1 - nb12.LAM) * nb12.SEARCH_PREDICTION
    assert target == pytest.approx(0.42)
    loss = -(target * math.log(p) + (1 - target) * math.log(1 - p))
    assert _EXERCISES["12-log-loss"].solve() == pytest.approx(loss, abs=1e-12)
    assert verdict("12-log-loss", round(loss, 4)) == "12-log-loss: right"
    against_result = -math.log(1 - p)                  # the registered mistake
    assert verdict("12-log-loss", against_result).startswith("12-log-loss: wrong")
    in_bits = loss / math.log(2)
    assert verdict("12-log-loss", in_bits).startswith("12-log-loss: wrong")


def _windows_over(r: int, c: int) -> int:
    """How many 3x3 and 2x2 windows of the 7x7 board hold square (r, c)."""
    count = 0
    for n in (3, 2):
        rows = sum(1 for r0 in range(8 - n) if r0 <= r < r0 + n)
        cols = sum(1 for c0 in range(8 - n) if c0 <= c < c0 + n)
        count += rows * cols
    return count


def _lone_stone(weights: np.ndarray, r: int, c: int) -> int:
    """What the mover's stone alone on (r, c) adds to the score: the readable score of that
    board less the empty board's."""
    return evaluate_readable(1 << (r * 7 + c), 0, 0, weights) - evaluate_readable(0, 0, 0, weights)


def test_window_counts():
    assert _windows_over(0, 0) == 2 and _windows_over(3, 3) == 9 + 4
    assert sum(_windows_over(r, c) for r in range(7) for c in range(7)) == 25 * 9 + 36 * 4


def test_lone_stone_from_the_readable_evaluation():
    weights = load_weights().weights
    expected = _lone_stone(weights, *nb12.CENTRE) - _lone_stone(weights, *nb12.CORNER)
    assert _EXERCISES["12-lone-stone"].solve() == expected
    assert verdict("12-lone-stone", expected) == "12-lone-stone: right"
    assert verdict("12-lone-stone", -expected).startswith("12-lone-stone: wrong")
    assert verdict("12-lone-stone", _lone_stone(weights, *nb12.CENTRE)).startswith(
        "12-lone-stone: wrong")


def test_the_lone_stone_mistake_is_the_mean_per_window():
    weights = load_weights().weights
    per_window = (_lone_stone(weights, *nb12.CENTRE) / _windows_over(*nb12.CENTRE)
                  - _lone_stone(weights, *nb12.CORNER) / _windows_over(*nb12.CORNER))
    assert _EXERCISES["12-lone-stone"].mistake == pytest.approx(per_window, abs=1e-6)


def test_the_log_loss_mistake_is_the_loss_against_the_result_alone():
    p = 1 / (1 + math.exp(-nb12.NETWORK_SCORE / nb12.WIN_SCALE))
    assert _EXERCISES["12-log-loss"].mistake == pytest.approx(-math.log(1 - p), abs=1e-6)
