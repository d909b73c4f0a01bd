"""Every notebook's exercises, checked the same way: each registered exercise is asked in its
solution notebook, the solution's answers are right and marked for the student copy, the student
copy prints "not answered yet", ``check`` never raises, whatever the answer, and the likely
mistake registered with each exercise gets its hint.

The files test_exercises*.py add, per notebook, the right answers computed again by code of
their own.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import numpy as np
import pytest

from course_lib.ataxx import Move, State
from course_lib.exercises import (_EXERCISES, check, exercise_cells, registered,
                                  run_exercise_cells, verdict)
from course_lib.games import TicTacToe

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))
NOT_ANSWERED = "not answered yet (replace ... with your answer)"
STRANGE = ["a string", "", "   ", None, [1, 2], [], {}, (), 3.5, float("nan"), True, False,
           np.array([1, 2]), np.array([]), np.float64(1.5), b"bytes", object(), State.start(),
           TicTacToe(), Move(1, 1, 2, 2), "0000", "1 1 9 9", "zz", -1, 10**100, print]


def _build_tool():
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", params=SOLUTIONS, ids=lambda path: path.name[:2])
def notebook(request):
    """(prefix, the solution notebook, what running its exercise cells gave)."""
    solution = json.loads(request.param.read_text())
    return request.param.name[:2], solution, run_exercise_cells(solution)


def test_every_notebook_has_solutions():
    assert len(SOLUTIONS) >= 8


def test_every_registered_exercise_is_asked_in_its_notebook(notebook):
    prefix, _, (_, calls, _) = notebook
    assert sorted(calls) == registered(prefix)
    assert 2 <= len(calls) <= 4


def test_solution_answers_are_right(notebook):
    prefix, _, (namespace, calls, printed) = notebook
    for name, variable in calls.items():
        assert verdict(name, namespace[variable]) == f"{name}: right"
    assert [line for line in printed.splitlines() if line.startswith(prefix + "-")] == [
        f"{name}: right" for name in calls]


def test_solution_answers_are_marked_for_the_student_copy(notebook):
    _, solution, (_, calls, _) = notebook
    code = "\n".join(exercise_cells(solution))
    for variable in calls.values():
        assert re.search(rf"^{variable} = .*# SOLUTION$", code, flags=re.MULTILINE), variable


def test_student_copy_is_not_answered_yet(notebook):
    prefix, solution, _ = notebook
    student = _build_tool().student_copy(solution)
    assert "# SOLUTION" not in json.dumps(student)
    _, calls, printed = run_exercise_cells(student)
    assert [line for line in printed.splitlines() if line.startswith(prefix + "-")] == [
        f"{name}: {NOT_ANSWERED}" for name in calls]


def test_ellipsis_is_not_answered_yet(notebook, capsys):
    prefix = notebook[0]
    for name in registered(prefix):
        check(name, ...)
        assert capsys.readouterr().out == f"{name}: {NOT_ANSWERED}\n"


@pytest.mark.parametrize("answer", STRANGE, ids=lambda a: type(a).__name__)
def test_strange_answers_never_raise(notebook, answer, capsys):
    for name in registered(notebook[0]):
        assert check(name, answer) is None
        out = capsys.readouterr().out
        assert out.startswith(f"{name}: wrong: ") and out.endswith("\n")


def test_every_exercise_has_a_likely_mistake_that_gets_its_hint(notebook):
    for name in registered(notebook[0]):
        exercise = _EXERCISES[name]
        assert exercise.mistake is not None, f"{name} registers no likely mistake"
        assert not exercise.compare(exercise.mistake, exercise.solve()), name
        text = verdict(name, exercise.mistake)
        assert text.startswith(f"{name}: wrong: {exercise.mistake!r} is not it; hint: "), text
        assert text.endswith(exercise.hint), text
