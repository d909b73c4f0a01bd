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
from course_lib.grader import EXERCISES

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS = sorted((ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))
NOT_ANSWERED = "not answered yet (replace ... with your answer)"
STRANGE = ["a string", "", "   ", None, [1, 2], [], {}, (), 3.5, float("nan"), True, False,
           np.array([1, 2]), np.array([]), np.float64(1.5), b"bytes", object(), State.start(),
           TicTacToe(), Move(1, 1, 2, 2), "0000", "1 1 9 9", "zz", -1, 10**100, print]


def implemented(notebook: dict) -> list[str]:
    """The implement-it exercises a notebook asks (the grade_ids of answer cells that name one of
    the grader's exercises), in order."""
    return [cell["metadata"]["nbgrader"]["grade_id"] for cell in notebook["cells"]
            if cell["metadata"].get("nbgrader", {}).get("solution")
            and cell["metadata"]["nbgrader"]["grade_id"] in EXERCISES]


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


DEMO = re.compile(r'grade\("([^"]+)", example_mistake\(')
"""A cell that prints the report on a known mistake, to show what a wrong answer looks like."""


def _verdict_lines(printed: str, names: list[str], notebook: dict) -> list[str]:
    """The lines a check or grade call printed for the exercises ``names``, in order, without
    the wrong verdicts that demonstration cells print on purpose."""
    lines = [line for line in printed.splitlines() if line.split(":")[0] in names]
    for name in DEMO.findall("\n".join(exercise_cells(notebook))):
        lines.remove(f"{name}: wrong")
    return lines


def test_solution_answers_are_right(notebook):
    prefix, solution, (namespace, calls, printed) = notebook
    for name, variable in calls.items():
        assert verdict(name, namespace[variable]) == f"{name}: right"
    written = implemented(solution)
    assert _verdict_lines(printed, list(calls) + written, solution) == [
        f"{name}: right" for name in list(calls) + written]


def test_student_copy_is_not_answered_yet(notebook):
    prefix, solution, _ = notebook
    student = _build_tool().student_copy(solution)
    assert "SOLUTION" not in json.dumps(student) and "HIDDEN TESTS" not in json.dumps(student)
    _, calls, printed = run_exercise_cells(student)
    written = implemented(solution)
    assert _verdict_lines(printed, list(calls) + written, student) == (
        [f"{name}: {NOT_ANSWERED}" for name in calls]
        + [f"{name}: not answered yet (replace ... with your code and run the cell)"
           for name in written])


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


def test_a_function_answer_still_a_skeleton_is_not_answered_yet():
    def skeleton(state, player):
        """The docstring the student was given."""
        ...

    def wrote_something(state, player):
        return 0

    assert verdict("09-mobility", skeleton) == f"09-mobility: {NOT_ANSWERED}"
    assert verdict("09-mobility", wrote_something).startswith("09-mobility: wrong: ")
