"""Every notebook's exercises, checked the same way: each registered exercise is asked in its
solution notebook, the solution's answers are right and marked for the student copy, the student
copy prints "not answered yet", ``check`` never raises, whatever the answer, and the likely
mistake registered with each exercise gets its hints, level by level: in notebooks 02 to 08 the
first is a question about the idea, without code. ``check`` counts the tries, and the
predictions of "predict, then run" are noted and compared without ever raising.

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
from course_lib.exercises import (TRIES, _EXERCISES, check, compare_prediction, exercise_cells,
                                  predict, register, register_prediction, registered,
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
    assert 2 <= len(calls) <= 5


DEMO = re.compile(r'grade\("([^"]+)", example_mistake\(')
"""A cell that prints the report on a known mistake, to show what a wrong answer looks like."""


def _verdict_lines(printed: str, names: list[str], notebook: dict) -> list[str]:
    """The lines a check or grade call printed for the exercises ``names``, sorted, without the
    wrong verdicts that demonstration cells print on purpose."""
    shown = set(DEMO.findall("\n".join(exercise_cells(notebook))))
    found = []
    for line in printed.splitlines():
        name = line.split(":")[0]
        if name in names and not (name in shown and line.startswith(f"{name}: wrong")):
            found.append(line)
    return sorted(found)


def test_solution_answers_are_right(notebook):
    prefix, solution, (namespace, calls, printed) = notebook
    for name, variable in calls.items():
        assert verdict(name, namespace[variable]) == f"{name}: right"
    written = implemented(solution)
    assert _verdict_lines(printed, list(calls) + written, solution) == sorted(
        f"{name}: right" for name in list(calls) + written)


def test_student_copy_is_not_answered_yet(notebook):
    prefix, solution, _ = notebook
    student = _build_tool().student_copy(solution)
    assert "SOLUTION" not in json.dumps(student) and "HIDDEN TESTS" not in json.dumps(student)
    _, calls, printed = run_exercise_cells(student)
    written = implemented(solution)
    assert _verdict_lines(printed, list(calls) + written, student) == sorted(
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


def test_every_exercise_has_a_likely_mistake_that_gets_its_hints(notebook):
    for name in registered(notebook[0]):
        exercise = _EXERCISES[name]
        assert exercise.mistake is not None, f"{name} registers no likely mistake"
        assert not exercise.compare(exercise.mistake, exercise.solve()), name
        levels = len(exercise.hints)
        for level, hint in enumerate(exercise.hints, start=1):
            text = verdict(name, exercise.mistake, hint_level=level)
            said = f"hint: {hint}" if levels == 1 else f"hint {level} of {levels}: {hint}"
            assert text.startswith(f"{name}: wrong: ") and f" is not it; {said}" in text, text
            assert ("hint_level=" in text) == (level < levels), text


CODE = re.compile(r"\w\(|\w\.\w|\w=|==|\[\d|\bmath\b|_\w")
"""What looks like code in a hint: a call, an attribute, a keyword, an index, a name_with_."""


@pytest.mark.parametrize("prefix", ["02", "03", "04", "05", "06", "07", "08"])
def test_the_first_hint_asks_about_the_idea_and_the_code_comes_last(prefix):
    for name in registered(prefix):
        hints = _EXERCISES[name].hints
        assert len(hints) == 3, name
        assert hints[0].endswith("?") and not CODE.search(hints[0]), (name, hints[0])
        assert CODE.search(hints[2]), (name, hints[2])         # the recipe, at last


@pytest.fixture
def fresh_tries():
    TRIES.reset()
    yield TRIES
    TRIES.reset()


def test_check_gives_the_next_hint_for_each_different_wrong_answer(fresh_tries, capsys):
    register("99-demo", lambda: 4, hint=("what is two and two?", "count on your fingers",
                                         "2 + 2"))
    said = []
    for answer in (5, 5, 3, 6, 7):
        check("99-demo", answer)
        said.append(capsys.readouterr().out)
    assert [text.split("hint ")[1][:6] for text in said] == ["1 of 3", "1 of 3", "2 of 3",
                                                             "3 of 3", "3 of 3"]
    assert 'check("99-demo", answer, hint_level=2) shows it now' in said[0]
    check("99-demo", 4)
    assert capsys.readouterr().out == "99-demo: right\n"
    check("99-demo", 5)                                      # counted afresh after a right one
    assert "hint 1 of 3" in capsys.readouterr().out
    check("99-demo", 8, hint_level=3)                        # asked for: given, not counted
    assert "hint 3 of 3: 2 + 2\n" == capsys.readouterr().out.split("; ")[-1]
    assert fresh_tries.count("99-demo") == 1
    check("99-demo", ...)
    assert "not answered yet" in capsys.readouterr().out and fresh_tries.count("99-demo") == 1
    _EXERCISES.pop("99-demo")


def test_a_prediction_is_noted_compared_and_never_raises(capsys):
    register_prediction("99-guess", "a share of games", low=0, high=1)
    register_prediction("99-pick", "where the visits go", choices=("a", "b", "c"))
    predict("99-guess", ...)
    assert "no prediction yet" in capsys.readouterr().out
    compare_prediction("99-guess", 0.5)
    assert "no prediction was noted" in capsys.readouterr().out
    for strange in STRANGE + [2.0, -1, "0.5"]:
        predict("99-guess", strange)
        assert "is not a prediction here" in capsys.readouterr().out
    predict("99-guess", 0.4)
    assert "is noted" in capsys.readouterr().out
    compare_prediction("99-guess", 0.45)
    assert capsys.readouterr().out == ("99-guess: you predicted 0.4, and it is 0.45: close "
                                       "(within 25 percent).\n")
    compare_prediction("99-guess", 0.1)
    assert "off by a factor of 4.0 (your guess was too high)" in capsys.readouterr().out
    predict("99-pick", "(B)")
    compare_prediction("99-pick", "c")
    assert capsys.readouterr().out.endswith("you chose (b); the measurement says (c).\n")
    predict("99-pick", "d")
    assert "answer with one of 'a', 'b', 'c'" in capsys.readouterr().out
    compare_prediction("99-pick", "c")                       # a malformed guess is not kept
    assert "no prediction was noted" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["04-alphabeta-savings", "06-c-zero", "07-test-length"])
def test_each_notebooks_prediction_is_asked_and_compared_in_it(name):
    path = next(p for p in SOLUTIONS if p.name.startswith(name[:2]))
    sources = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"]
               if c["cell_type"] == "code"]
    asked = [i for i, text in enumerate(sources) if f'predict("{name}", ...)' in text]
    measured = [i for i, text in enumerate(sources) if f'compare_prediction("{name}",' in text]
    assert len(asked) == 1 and len(measured) == 1 and asked[0] < measured[0]


def test_a_function_answer_still_a_skeleton_is_not_answered_yet():
    def skeleton(state, player):
        """The docstring the student was given."""
        ...

    def wrote_something(state, player):
        return 0

    from course_lib.exercises import register
    register("99-function", lambda: 1, hint="an evaluation of 1 everywhere",
             compare=lambda answer, expected: answer(None, 1) == expected)
    try:
        assert verdict("99-function", skeleton) == f"99-function: {NOT_ANSWERED}"
        assert verdict("99-function", wrote_something).startswith("99-function: wrong: ")
    finally:
        _EXERCISES.pop("99-function")
