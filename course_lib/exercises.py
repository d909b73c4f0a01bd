"""Checked exercises: a notebook cell asks, the student answers, a check cell says how it went.

In a notebook::

    answer = ...                     # the student replaces ... with an answer
    check("01-moves-after-b6", answer)

``check`` prints one of three verdicts and never raises, so Run All and CI pass on a student's
copy whatever is in it: *right*, *wrong* (with a hint), or *not answered yet* (the answer is
still ``...``). The right answers are computed by the library when the check runs, never
written down.

>>> register("demo-sum", lambda: 2 + 2, hint="add the two numbers")
>>> check("demo-sum", ...)
demo-sum: not answered yet (replace ... with your answer)
>>> check("demo-sum", 5)
demo-sum: wrong: 5 is not it; hint: add the two numbers
>>> check("demo-sum", 4)
demo-sum: right
"""

from __future__ import annotations

import contextlib
import io
import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from .i18n import _


@dataclass
class Exercise:
    name: str
    solve: Callable[[], Any]
    hint: str
    compare: Callable[[Any, Any], bool]
    mistake: Any = None
    """A likely wrong answer, the one the hint is written for (the tests check that it gets
    the hint); None when none is given."""


_EXERCISES: dict[str, Exercise] = {}


def _same(answer: Any, expected: Any) -> bool:
    if isinstance(expected, float) or isinstance(answer, float):
        try:
            return math.isclose(float(answer), float(expected), rel_tol=1e-3, abs_tol=1e-9)
        except (TypeError, ValueError):
            return False
    return answer == expected


def register(name: str, solve: Callable[[], Any], hint: str,
             compare: Callable[[Any, Any], bool] = _same, mistake: Any = None) -> None:
    """Add an exercise whose right answer is ``solve()``; ``mistake`` is a likely wrong answer,
    the one ``hint`` is written for. A hint written ``N_("...")`` (``course_lib.i18n``) is
    shown translated in the language the course speaks."""
    _EXERCISES[name] = Exercise(name, solve, hint, compare, mistake)


def check(name: str, answer: Any) -> None:
    """Print the verdict on ``answer`` for exercise ``name``; never raises."""
    print(verdict(name, answer))


def verdict(name: str, answer: Any) -> str:
    """The verdict on ``answer`` for exercise ``name``, as text; never raises."""
    exercise = _EXERCISES.get(name)
    if exercise is None:
        _load_course_exercises(name[:2] if re.match(r"\d\d-", str(name)) else None)
        exercise = _EXERCISES.get(name)
    if exercise is None:
        _load_course_exercises()
        exercise = _EXERCISES.get(name)
    if exercise is None:
        text = _("{name}: no such exercise (known: {known})").format(
            name=name, known=", ".join(sorted(_EXERCISES)))
    elif answer is ... or _is_stub(answer):
        text = _("{name}: not answered yet (replace ... with your answer)").format(name=name)
    else:
        hint = _(exercise.hint)                # hints are marked with N_ where registered
        try:                                   # a strange answer must not stop Run All
            right = bool(exercise.compare(answer, exercise.solve()))
        except Exception as error:
            right = False
            hint = _("{hint} (checking it raised {error})").format(
                hint=hint, error=type(error).__name__)
        if right:
            return _("{name}: right").format(name=name)
        try:
            shown = repr(answer)
        except Exception:
            shown = f"<a {type(answer).__name__}>"
        if len(shown) > 80:
            shown = shown[:77] + "..."
        text = _("{name}: wrong: {answer} is not it; hint: {hint}").format(
            name=name, answer=shown, hint=hint)
    return text


def _is_stub(answer: Any) -> bool:
    """Is ``answer`` a function whose body is still only ``...`` (or a docstring and ``...``),
    as in the student's copy? Its compiled code then only returns None."""
    import dis
    if not hasattr(answer, "__code__"):
        return False
    steps = [(i.opname, i.argval) for i in dis.get_instructions(answer)
             if i.opname not in ("RESUME", "NOP", "CACHE")]
    return steps in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def _load_course_exercises(prefix: str | None = None) -> None:
    """Import the module of notebook ``prefix`` (``"06"``: ``course_lib.lessons.nb06``), which
    registers that notebook's exercises, or with no prefix every notebook's module."""
    import importlib
    import pkgutil

    from . import lessons
    names = [m.name for m in pkgutil.iter_modules(lessons.__path__)
             if re.fullmatch(r"nb\d\d", m.name)]
    if prefix is not None:
        names = [name for name in names if name == f"nb{prefix}"]
    for name in names:
        importlib.import_module(f"{lessons.__name__}.{name}")


# --- Running a notebook's exercise cells (for tests and for the build tool) -------------------

CHECK_CALL = re.compile(r'check\("([^"]+)",\s*(\w+)\)')
"""A check cell's call: ``check("NN-name", answer_variable)``."""


def exercise_cells(notebook: dict) -> list[str]:
    """The sources of a notebook's first code cell (its imports) and of every code cell after
    its ``## Exercises`` heading."""
    sources = [(c["cell_type"], "".join(c["source"])) for c in notebook["cells"]]
    start = next(i for i, (kind, text) in enumerate(sources)
                 if kind == "markdown" and text.startswith("## Exercises"))
    imports = next(text for kind, text in sources if kind == "code")
    return [imports] + [text for kind, text in sources[start:] if kind == "code"]


def run_exercise_cells(notebook: dict) -> tuple[dict, dict[str, str], str]:
    """Run a notebook's exercise cells (see ``exercise_cells``) in a fresh namespace; return
    (the namespace, {exercise name: its answer variable}, what the cells printed)."""
    namespace: dict = {}
    printed = io.StringIO()
    calls: dict[str, str] = {}
    with contextlib.redirect_stdout(printed):
        for source in exercise_cells(notebook):
            exec(compile(source, "<notebook cell>", "exec"), namespace)
            calls.update(CHECK_CALL.findall(source))
    return namespace, calls, printed.getvalue()


def registered(prefix: str) -> list[str]:
    """The names of the registered exercises of notebook ``prefix`` (``"03"``), sorted."""
    _load_course_exercises(prefix)
    return sorted(name for name in _EXERCISES if name.startswith(prefix + "-"))
