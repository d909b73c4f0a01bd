"""The notebooks' exercises: the solution notebooks' answers are right, a wrong answer gets its
hint, ``...`` is "not answered yet", and ``check`` never raises, whatever the answer."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import re
from pathlib import Path

import numpy as np
import pytest

from course_lib.exercise_bank import nb01 as course_exercises
from course_lib.ataxx import MAX_TURNS, Move, State, fast
from course_lib.exercises import _EXERCISES, check, verdict

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = {"01": "01_rules_and_moves.ipynb"}
CHECK_CALL = re.compile(r'check\("([^"]+)",\s*(\w+)\)')


def _build_tool():
    spec = importlib.util.spec_from_file_location("build_notebooks",
                                                  ROOT / "tools" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def exercise_cells(notebook: dict) -> list[str]:
    """The first code cell (the imports) and every code cell after the '## Exercises' heading."""
    cells = notebook["cells"]
    sources = [(c["cell_type"], "".join(c["source"])) for c in cells]
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


@pytest.fixture(scope="module", params=sorted(NOTEBOOKS))
def solution(request):
    prefix = request.param
    notebook = json.loads((ROOT / "notebooks" / "solutions" / NOTEBOOKS[prefix]).read_text())
    return prefix, notebook


def registered(prefix: str) -> list[str]:
    return sorted(name for name in _EXERCISES if name.startswith(prefix + "-"))


# --- The solution notebooks ----------------------------------------------------------------


def test_every_registered_exercise_is_asked_in_its_notebook(solution):
    prefix, notebook = solution
    _, calls, _ = run_exercises(notebook)
    assert sorted(calls) == registered(prefix)
    assert 2 <= len(calls) <= 4


def test_solution_answers_are_right(solution):
    prefix, notebook = solution
    namespace, calls, printed = run_exercises(notebook)
    for name, variable in calls.items():
        assert verdict(name, namespace[variable]) == f"{name}: right"
    assert printed.splitlines() == [f"{name}: right" for name in calls]


def test_solution_answers_are_marked_for_the_student_copy(solution):
    prefix, notebook = solution
    _, calls, _ = run_exercises(notebook)
    code = "\n".join(exercise_cells(notebook))
    for variable in calls.values():
        assert re.search(rf"^{variable} = .*# SOLUTION$", code, flags=re.MULTILINE), variable


def test_student_copy_is_not_answered_yet(solution):
    prefix, notebook = solution
    student = _build_tool().student_copy(notebook)
    assert "# SOLUTION" not in json.dumps(student)
    _, calls, printed = run_exercises(student)
    assert printed.splitlines() == [
        f"{name}: not answered yet (replace ... with your answer)" for name in calls]


# --- Wrong answers and strange answers ------------------------------------------------------

# A likely mistake for each exercise, when there is one, else a near miss.
WRONG = {
    "01-turns-left": MAX_TURNS - 60,            # forgot the +1 for o to move
    "01-legal-moves": len(fast.legal_moves(fast.to_fast(State.from_fen(course_exercises.MOVES_FEN)),
                                           pairs=True)),   # counted (source, destination) pairs
    "01-best-gain": "d6",                       # a best clone; the jump c5e7 gains more
    "01-perft-2": 17 * 40,                      # x's 17 moves times o's 40, as if nothing changed
}

STRANGE = ["a string", "", "   ", None, [1, 2], [], {}, (), 3.5, float("nan"), True, False,
           np.array([1, 2]), np.array([]), np.float64(1.5), b"bytes", object(), State.start(),
           Move(1, 1, 2, 2), "0000", "1 1 9 9", "zz", -1, 10**100, print]


def test_every_exercise_has_a_wrong_answer_sample():
    assert sorted(name for name in _EXERCISES if name.startswith("01-")) == sorted(WRONG)


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


def test_right_answers_agree_with_an_independent_computation():
    e = course_exercises
    fullmove = int(e.TURNS_FEN.split()[3])
    assert _EXERCISES["01-turns-left"].solve() == MAX_TURNS - (2 * (fullmove - 1) + 1)
    assert _EXERCISES["01-legal-moves"].solve() == len(fast.legal_moves(fast.to_fast(
        State.from_fen(e.MOVES_FEN))))
    assert _EXERCISES["01-perft-2"].solve() == fast.perft(e.PERFT_FEN, 2)
    best = _EXERCISES["01-best-gain"].solve()      # raises unless exactly one move is best
    assert best.uai() == "c5e7"


def test_right_answers_in_other_forms():
    for answer in ["c5e7", " c5e7 ", "3 3 1 5", Move(3, 3, 1, 5)]:
        assert verdict("01-best-gain", answer) == "01-best-gain: right"
    n = _EXERCISES["01-legal-moves"].solve()
    assert verdict("01-legal-moves", np.int64(n)) == "01-legal-moves: right"
    assert verdict("01-legal-moves", float(n)) == "01-legal-moves: right"
    assert verdict("01-legal-moves", n + 0.5).startswith("01-legal-moves: wrong")
    assert verdict("01-perft-2", str(_EXERCISES["01-perft-2"].solve())).startswith(
        "01-perft-2: wrong")


def test_a_move_answer_must_be_legal():
    # a7 is empty in this position: a "clone" from it to b7 is not a move of x.
    state = State.from_fen(course_exercises.GAIN_FEN)
    assert state[1, 1] == 0
    assert verdict("01-best-gain", Move(1, 1, 1, 2)).startswith("01-best-gain: wrong")
    assert verdict("01-best-gain", "0000").startswith("01-best-gain: wrong")
