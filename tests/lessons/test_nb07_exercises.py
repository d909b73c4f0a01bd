"""Notebook 07's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from the formulas of COURSE_SPEC section 5.
The checks every notebook shares, a likely mistake getting its hint among them, are in
test_exercise_notebooks.py."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from course_lib.lessons import nb07
from course_lib.exercises import _EXERCISES, run_exercise_cells, verdict

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "07_measuring_strength.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


@pytest.fixture(scope="module")
def solved(solution):
    return run_exercise_cells(solution)


def test_the_notebook_asks_the_registered_questions(solution, solved):
    """The numbers the notebook shows are the ones the answers are computed from."""
    namespace, _, _ = solved
    text = "\n".join("".join(c["source"]) for c in solution["cells"])
    assert namespace["results_1"] == nb07.LLR_RESULTS
    assert namespace["test_2"] == nb07.STRAIGHT_WINS_TEST
    assert namespace["results_3"] == nb07.MATCH_RESULTS
    assert f"A is {nb07.ELO_DIFFERENCE} Elo stronger than B" in text
    assert "{wins} wins, {draws} draws and {losses} losses".format(**nb07.LLR_RESULTS) in text
    assert "H1: {elo1} Elo".format(**nb07.STRAIGHT_WINS_TEST) in text
    assert "{wins} wins, {draws} draws and {losses} losses".format(**nb07.MATCH_RESULTS) in text


# --- The right answers, computed another way --------------------------------------------------


def logistic(d: float) -> float:
    return 1 / (1 + 10 ** (-d / 400))


def test_llr_by_the_lectures_formula():
    p0, p1 = 0.5, logistic(50)
    wins, losses = nb07.LLR_RESULTS["wins"], nb07.LLR_RESULTS["losses"]
    expected = wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))
    assert _EXERCISES["07-llr"].solve() == pytest.approx(expected, rel=1e-12)
    assert abs(expected) < math.log(0.95 / 0.05)       # the test continues, as the text asks


def test_straight_wins_by_division():
    settings = nb07.STRAIGHT_WINS_TEST
    step = math.log(logistic(settings["elo1"]) / logistic(settings["elo0"]))
    upper = math.log((1 - settings["beta"]) / settings["alpha"])
    assert _EXERCISES["07-straight-wins"].solve() == math.ceil(upper / step) == 36


def test_match_elo_from_the_score():
    w, d, l = (nb07.MATCH_RESULTS[k] for k in ("wins", "draws", "losses"))
    score = (w + d / 2) / (w + d + l)
    assert _EXERCISES["07-match-elo"].solve() == pytest.approx(-400 * math.log10(1 / score - 1))


def test_expected_score_by_the_formula():
    assert _EXERCISES["07-expected-score"].solve() == pytest.approx(logistic(120), rel=1e-12)


def test_right_answers_in_other_forms():
    assert verdict("07-llr", round(_EXERCISES["07-llr"].solve(), 3)) == "07-llr: right"
    assert verdict("07-llr", np.float64(_EXERCISES["07-llr"].solve())) == "07-llr: right"
    assert verdict("07-straight-wins", 36.0) == "07-straight-wins: right"
    assert verdict("07-straight-wins", np.int64(36)) == "07-straight-wins: right"
    assert verdict("07-straight-wins", 35.6).startswith("07-straight-wins: wrong")
    elo = _EXERCISES["07-match-elo"].solve()
    for answer in [round(elo, 1), round(elo), elo + 0.4]:
        assert verdict("07-match-elo", answer) == "07-match-elo: right"
    assert verdict("07-match-elo", elo + 0.6).startswith("07-match-elo: wrong")
    assert verdict("07-expected-score", 0.666) == "07-expected-score: right"
    assert verdict("07-expected-score", 66.6).startswith("07-expected-score: wrong")
