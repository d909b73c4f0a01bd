"""Notebook 07's exercises: the solution notebook's answers are right, a wrong answer gets its
hint, ``...`` is "not answered yet", ``check`` never raises, and the right answers agree with
computations written here from the formulas of COURSE_SPEC section 5."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from course_lib.exercise_bank import nb07
from course_lib.exercises import _EXERCISES, check, verdict

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "07_measuring_strength.ipynb"
CHECK_CALL = re.compile(r'check\("([^"]+)",\s*(\w+)\)')
PREFIX = "07"


def _build_tool():
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def exercise_cells(notebook: dict) -> list[str]:
    """The first code cell (the imports) and every code cell after the '## Exercises' heading."""
    sources = [(c["cell_type"], "".join(c["source"])) for c in notebook["cells"]]
    start = next(i for i, (kind, text) in enumerate(sources)
                 if kind == "markdown" and text.startswith("## Exercises"))
    imports = next(text for kind, text in sources if kind == "code")
    return [imports] + [text for kind, text in sources[start:] if kind == "code"]


def run_exercises(notebook: dict) -> tuple[dict, dict[str, str], str]:
    """Execute the exercise cells; return (namespace, {exercise: answer variable}, printed)."""
    namespace: dict = {}
    printed = io.StringIO()
    calls = {}
    with contextlib.redirect_stdout(printed):
        for source in exercise_cells(notebook):
            exec(compile(source, "<notebook cell>", "exec"), namespace)
            calls.update(CHECK_CALL.findall(source))
    return namespace, calls, printed.getvalue()


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


@pytest.fixture(scope="module")
def solved(solution):
    return run_exercises(solution)


def registered() -> list[str]:
    check("07-llr", ...)                       # loads the exercise bank
    return sorted(name for name in _EXERCISES if name.startswith(PREFIX + "-"))


# --- The solution notebook --------------------------------------------------------------------


def test_every_registered_exercise_is_asked_in_the_notebook(solved):
    _, calls, _ = solved
    assert sorted(calls) == registered()
    assert 2 <= len(calls) <= 4


def test_solution_answers_are_right(solved):
    namespace, calls, printed = solved
    for name, variable in calls.items():
        assert verdict(name, namespace[variable]) == f"{name}: right"
    assert [line for line in printed.splitlines() if line.startswith(PREFIX + "-")] == [
        f"{name}: right" for name in calls]


def test_solution_answers_are_marked_for_the_student_copy(solution, solved):
    _, calls, _ = solved
    code = "\n".join(exercise_cells(solution))
    for variable in calls.values():
        assert re.search(rf"^{variable} = .*# SOLUTION$", code, flags=re.MULTILINE), variable


def test_student_copy_is_not_answered_yet(solution):
    student = _build_tool().student_copy(solution)
    assert "# SOLUTION" not in json.dumps(student)
    _, calls, printed = run_exercises(student)
    assert [line for line in printed.splitlines() if line.startswith(PREFIX + "-")] == [
        f"{name}: not answered yet (replace ... with your answer)" for name in calls]


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


# --- Wrong answers and strange answers ------------------------------------------------------

# A likely mistake for each exercise.
WRONG = {
    "07-llr": 30 * 0.13359 - 25 * 0.15423,            # the draws counted as losses
    "07-straight-wins": 23,                           # the lecture's answer, for 50 Elo
    "07-match-elo": -400 * math.log10(80 / 45 - 1),   # the draws left out of the score
    "07-expected-score": 1 / (1 + 10 ** (-120 / 40)),  # divided by 40, not 400
}

STRANGE = ["a string", "", "0.666", None, [1, 2], [], {}, (), float("nan"), float("inf"),
           True, False, np.array([1, 2]), np.array([]), b"bytes", object(), -1, 10**100, print,
           complex(1, 1)]


def test_every_exercise_has_a_wrong_answer_sample():
    assert registered() == sorted(WRONG)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_wrong_answer_gets_the_hint(name):
    text = verdict(name, WRONG[name])
    assert text.startswith(f"{name}: wrong: {WRONG[name]!r} is not it; hint: ")
    assert text.endswith(_EXERCISES[name].hint)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_ellipsis_is_not_answered_yet(name, capsys):
    check(name, ...)
    assert capsys.readouterr().out == f"{name}: not answered yet (replace ... with your answer)\n"


@pytest.mark.parametrize("name", sorted(WRONG))
@pytest.mark.parametrize("answer", STRANGE, ids=lambda a: type(a).__name__)
def test_strange_answers_never_raise(name, answer, capsys):
    assert check(name, answer) is None
    out = capsys.readouterr().out
    assert out.startswith(f"{name}: wrong: ") and out.endswith("\n")


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
