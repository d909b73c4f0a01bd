"""Checked exercises: a notebook cell asks, the student answers, a check cell says how it went.

In a notebook::

    answer = ...                     # the student replaces ... with an answer
    check("01-moves-after-b6", answer)

``check`` prints one of three verdicts and never raises, so Run All and CI pass on a student's
copy whatever is in it: *right*, *wrong* (with a hint), or *not answered yet* (the answer is
still ``...``). The right answers are computed by the library when the check runs, never
written down.

Hints come in levels, from the idea to the recipe. An exercise registers one hint, or a few
from the most general to the most precise: the first is a question about the idea and never
shows code; the last may say exactly what to compute. The first wrong answer gets the first
hint, each *different* wrong answer after it the next one (running the same wrong answer again
is not a new try), and a right answer starts the count again; ``check(name, answer,
hint_level=2)`` asks for a level at once (and counts no try). The tries are counted in the
kernel (``TRIES``), per exercise.

>>> register("demo-sum", lambda: 2 + 2,
...          hint=("what does adding two numbers give?", "two and two", "2 + 2"))
>>> check("demo-sum", ...)
demo-sum: not answered yet (replace ... with your answer)
>>> check("demo-sum", 5)                     # doctest: +NORMALIZE_WHITESPACE
demo-sum: wrong: 5 is not it; hint 1 of 3: what does adding two numbers give? (another
wrong answer gives hint 2; check("demo-sum", answer, hint_level=2) shows it now)
>>> check("demo-sum", 5)         # the same answer again  # doctest: +NORMALIZE_WHITESPACE
demo-sum: wrong: 5 is not it; hint 1 of 3: what does adding two numbers give? (another
wrong answer gives hint 2; check("demo-sum", answer, hint_level=2) shows it now)
>>> check("demo-sum", 3)                     # doctest: +NORMALIZE_WHITESPACE
demo-sum: wrong: 3 is not it; hint 2 of 3: two and two (another wrong answer gives hint 3;
check("demo-sum", answer, hint_level=3) shows it now)
>>> check("demo-sum", 4)
demo-sum: right
>>> check("demo-sum", 3, hint_level=3)
demo-sum: wrong: 3 is not it; hint 3 of 3: 2 + 2

Predict, then run: before a cell measures something surprising, the student writes down a
guess; ``predict`` notes it (checking only its form, never blocking Run All) and
``compare_prediction``, in the measuring cell, says how close it was.

>>> register_prediction("demo-double", "twice 21", low=0)
>>> predict("demo-double", 40)
demo-double: your prediction, 40, is noted; the measurement below says how close it is.
>>> compare_prediction("demo-double", 42)
demo-double: you predicted 40, and it is 42: close (within 25 percent).
"""

from __future__ import annotations

import contextlib
import io
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .errors import CourseError
from .i18n import _


# --- Tries and hint levels --------------------------------------------------------------------

class Tries:
    """Wrong tries per exercise in this kernel. A wrong answer counts as a try when it differs
    from that exercise's previous wrong answer (``fingerprint`` tells them apart); a right
    answer sets the count back to 0. ``course_lib.grader`` counts its exercises here too.

    >>> tries = Tries()
    >>> tries.wrong("x", "a"), tries.wrong("x", "a"), tries.wrong("x", "b")
    (1, 1, 2)
    >>> tries.right("x"); tries.count("x")
    0
    """

    def __init__(self) -> None:
        self._count: dict[str, int] = {}
        self._last: dict[str, Any] = {}

    def wrong(self, name: str, fingerprint: Any) -> int:
        """Note a wrong answer to ``name``; return the tries so far, this one included."""
        if self._count.get(name, 0) == 0 or self._last.get(name) != fingerprint:
            self._count[name] = self._count.get(name, 0) + 1
            self._last[name] = fingerprint
        return self._count[name]

    def right(self, name: str) -> None:
        """A right answer: the next wrong one is a first try again."""
        self._count.pop(name, None)
        self._last.pop(name, None)

    def count(self, name: str) -> int:
        return self._count.get(name, 0)

    def reset(self) -> None:
        """Forget every try (a fresh kernel)."""
        self._count.clear()
        self._last.clear()


TRIES = Tries()
"""The tries of every exercise in this kernel, checked (``check``) or graded (``grade``)."""


def asked_level(asked: Any, levels: int) -> int | None:
    """``asked`` as a hint level from 1 to ``levels``, or None when it is not a whole number
    (then the tries decide)."""
    if isinstance(asked, int) and not isinstance(asked, bool):
        return min(max(asked, 1), levels)
    return None


def try_level(name: str, levels: int, asked: Any, answer: Any) -> int:
    """The hint level of a wrong ``answer`` to ``name``: ``asked`` if it is a level (no try is
    counted then), else the number of different wrong answers so far, at most ``levels``."""
    level = asked_level(asked, levels)
    return level if level is not None else min(TRIES.wrong(name, fingerprint(answer)), levels)


def next_hint_words(level: int, levels: int, call: str, what: str = "") -> str:
    """What a report says after hint ``level`` of ``levels``: how to get the next one
    (``call`` is the call that asks for it, with ``{level}`` where the level goes; ``what``
    what that hint holds); empty at the last level."""
    if level >= levels:
        return ""
    about = f" ({what})" if what else ""
    return _("another wrong answer gives hint {level}{about}; {call} shows it now").format(
        level=level + 1, about=about, call=call.format(level=level + 1))


def fingerprint(answer: Any) -> Any:
    """What tells two answers apart for counting tries: a function by its source (or its
    compiled code), anything else by its repr; never raises."""
    code = getattr(answer, "__code__", None)
    if code is not None:
        import inspect
        try:
            return inspect.getsource(answer)
        except (OSError, TypeError):
            return (code.co_code, repr(code.co_consts), code.co_names)
    try:
        return repr(answer)
    except Exception:                                # noqa: BLE001 - any object may be given
        return id(answer)


# --- Checked exercises -------------------------------------------------------------------------

@dataclass
class Exercise:
    name: str
    solve: Callable[[], Any]
    hints: tuple[str, ...]
    """From the most general (a question about the idea) to the most precise (the recipe)."""
    compare: Callable[[Any, Any], bool]
    mistake: Any = None
    """A likely wrong answer, the one the hints are written for (the tests check that it is
    wrong); None when none is given."""


_EXERCISES: dict[str, Exercise] = {}


class Wrong:
    """What a ``compare`` may return for a wrong answer instead of False: ``words`` say what
    the answer is, and the verdict shows them in place of the answer's repr, before the hint.

    >>> register("demo-list", lambda: [1, 2], hint="count to two",
    ...          compare=lambda a, e: a == e or Wrong(f"a list of {len(a)}"))
    >>> verdict("demo-list", [1, 2, 3])
    'demo-list: wrong: a list of 3 is not it; hint: count to two'
    """

    def __init__(self, words: str) -> None:
        self.words = words

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"Wrong({self.words!r})"


def _same(answer: Any, expected: Any) -> bool:
    if isinstance(expected, float) or isinstance(answer, float):
        try:
            return math.isclose(float(answer), float(expected), rel_tol=1e-3, abs_tol=1e-9)
        except (TypeError, ValueError):
            return False
    return answer == expected


def register(name: str, solve: Callable[[], Any], hint: str | Sequence[str],
             compare: Callable[[Any, Any], bool] = _same, mistake: Any = None) -> None:
    """Add an exercise whose right answer is ``solve()``. ``hint`` is one hint, or a few from
    a question about the idea to the recipe (one more each wrong try); ``mistake`` is a likely
    wrong answer, the one the hints are written for. ``compare(answer, right)`` may raise
    CourseError to say in words why an answer is not the one asked for: the verdict then
    gives those words instead of a hint; it may return ``Wrong(words)``, and the verdict then
    names the answer in those words before the hint. A hint written ``N_("...")``
    (``course_lib.i18n``) is shown translated in the language the course speaks."""
    hints = (hint,) if isinstance(hint, str) else tuple(hint)
    if not hints or not all(isinstance(h, str) and h for h in hints):
        raise ValueError(f"{name}: a hint is a non-empty text, or a sequence of them")
    _EXERCISES[name] = Exercise(name, solve, hints, compare, mistake)


def check(name: str, answer: Any, hint_level: int | None = None) -> None:
    """Print the verdict on ``answer`` for exercise ``name``; never raises. A wrong answer
    gets the hint of its try (see the module's text), or of ``hint_level`` when it is given."""
    print(verdict(name, answer, hint_level, count=True))


def _exercise(name: Any) -> Exercise | None:
    exercise = _EXERCISES.get(name)
    if exercise is None:
        _load_course_exercises(name[:2] if re.match(r"\d\d-", str(name)) else None)
        exercise = _EXERCISES.get(name)
    if exercise is None:
        _load_course_exercises()
        exercise = _EXERCISES.get(name)
    return exercise


def verdict(name: str, answer: Any, hint_level: int | None = None, count: bool = False) -> str:
    """The verdict on ``answer`` for exercise ``name``, as text; never raises. Its hint is
    the first one (or the one of ``hint_level``); with ``count`` the tries are counted, as
    ``check`` does."""
    exercise = _exercise(name)
    if exercise is None:
        return _("{name}: no such exercise (known: {known})").format(
            name=name, known=", ".join(sorted(_EXERCISES)))
    if answer is ... or _is_stub(answer):
        return _("{name}: not answered yet (replace ... with your answer)").format(name=name)
    try:                                       # a strange answer must not stop Run All
        compared = exercise.compare(answer, exercise.solve())
        right, raised = bool(compared), ""
    except CourseError as error:               # the check says in words what is amiss
        return _("{name}: wrong: {words}").format(name=name, words=error)
    except Exception as error:
        compared, right, raised = False, False, type(error).__name__
    if right:
        if count:
            TRIES.right(name)
        return _("{name}: right").format(name=name)
    levels = len(exercise.hints)
    level = try_level(name, levels, hint_level, answer) if count \
        else asked_level(hint_level, levels) or 1
    shown = compared.words if isinstance(compared, Wrong) else _shown(answer)
    hint = _(exercise.hints[level - 1])        # hints are marked with N_ where registered
    if raised:
        hint = _("{hint} (checking it raised {error})").format(hint=hint, error=raised)
    if levels == 1:
        return _("{name}: wrong: {answer} is not it; hint: {hint}").format(
            name=name, answer=shown, hint=hint)
    more = next_hint_words(level, levels, f'check("{name}", answer, hint_level={{level}})')
    return (_("{name}: wrong: {answer} is not it; hint {level} of {levels}: {hint}").format(
        name=name, answer=shown, level=level, levels=levels, hint=hint)
            + (f" ({more})" if more else ""))


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


# --- Predictions ------------------------------------------------------------------------------

@dataclass
class Prediction:
    """Something a notebook asks the student to guess before a cell measures it."""

    name: str
    what: str
    """What is predicted, in words (said back when the guess is malformed); a text marked
    ``N_("...")`` is said in the language the course speaks."""
    choices: tuple[str, ...] = ()
    """For a choice: the options, as the question writes them ('a', 'b', ...); empty for a
    number."""
    low: float = -math.inf
    high: float = math.inf
    """The range in which a guess of a number makes sense."""


_PREDICTIONS: dict[str, Prediction] = {}
_PREDICTED: dict[str, Any] = {}
"""What the student predicted, in this kernel: name -> the guess (a float or a choice)."""

CLOSE = 1.25
"""A guess within this factor of the measurement (either side) is close."""


def register_prediction(name: str, what: str, choices: Sequence[str] = (),
                        low: float = -math.inf, high: float = math.inf) -> None:
    """Add a prediction: a number between ``low`` and ``high``, or one of ``choices``."""
    _PREDICTIONS[name] = Prediction(name, what, tuple(str(c).lower() for c in choices), low,
                                    high)


def _prediction(name: Any) -> Prediction | None:
    if name not in _PREDICTIONS:
        _load_course_exercises(name[:2] if re.match(r"\d\d-", str(name)) else None)
    return _PREDICTIONS.get(name)


def _guess(spec: Prediction, guess: Any) -> tuple[Any, str]:
    """(the guess as a float or a choice, "") or (None, what is wrong with it)."""
    if spec.choices:
        text = str(guess).strip().strip("()'\"").strip().lower() if isinstance(guess, str) \
            else None
        if text in spec.choices:
            return text, ""
        return None, _("answer with one of {choices}").format(
            choices=", ".join(repr(c) for c in spec.choices))
    what = _(spec.what)
    number = _("answer with a number ({what})").format(what=what)
    if isinstance(guess, bool) or not isinstance(guess, (int, float)) \
            and not hasattr(guess, "__float__"):
        return None, number
    try:
        value = float(guess)
    except (TypeError, ValueError, OverflowError):
        return None, number
    if not (math.isfinite(value) and spec.low <= value <= spec.high):
        span = (_("{what} is a number from {low} to {high}") if math.isfinite(spec.high)
                else _("{what} is a number of at least {low}"))
        return None, span.format(what=what, low=f"{spec.low:g}", high=f"{spec.high:g}")
    return value, ""


def predict(name: str, guess: Any) -> None:
    """Note the student's prediction for ``name`` (checking only its form) and say so;
    never raises. ``...`` is no prediction yet."""
    spec = _prediction(name)
    if spec is None:
        print(_("{name}: no such prediction (known: {known})").format(
            name=name, known=", ".join(sorted(_PREDICTIONS))))
        return
    _PREDICTED.pop(name, None)
    if guess is ...:
        print(_("{name}: no prediction yet (replace ... with your guess, then run the cells "
                "below: the measurement compares)").format(name=name))
        return
    value, problem = _guess(spec, guess)
    if problem:
        print(_("{name}: {guess} is not a prediction here: {problem}.").format(
            name=name, guess=_shown(guess), problem=problem))
        return
    _PREDICTED[name] = value
    print(_("{name}: your prediction, {guess}, is noted; the measurement below says how close "
            "it is.").format(name=name, guess=_shown(guess)))


def compare_prediction(name: str, measured: Any) -> None:
    """Say how close the prediction noted for ``name`` was to ``measured`` (a number, or the
    right choice); never raises."""
    print(prediction_words(name, measured))


def prediction_words(name: str, measured: Any) -> str:
    """What ``compare_prediction`` prints."""
    spec = _prediction(name)
    if spec is None:
        return _("{name}: no such prediction").format(name=name)
    if name not in _PREDICTED:
        return _("{name}: no prediction was noted (write yours in the prediction cell above and "
                 "run it, then this cell again).").format(name=name)
    guess = _PREDICTED[name]
    if spec.choices:
        if guess == str(measured).lower():
            return _("{name}: you chose ({guess}), and so it is.").format(name=name, guess=guess)
        return _("{name}: you chose ({guess}); the measurement says ({measured}).").format(
            name=name, guess=guess, measured=str(measured).lower())
    value = float(measured)
    said = dict(name=name, guess=f"{guess:g}", measured=f"{value:.3g}")
    if guess > 0 and value > 0:
        factor = max(guess / value, value / guess)
        if factor <= CLOSE:
            return _("{name}: you predicted {guess}, and it is {measured}: close (within "
                     "{percent} percent).").format(percent=round((CLOSE - 1) * 100), **said)
        return (_("{name}: you predicted {guess}, and it is {measured}: off by a factor of "
                  "{factor} (your guess was too low).") if guess < value
                else _("{name}: you predicted {guess}, and it is {measured}: off by a factor "
                       "of {factor} (your guess was too high).")).format(
            factor=f"{factor:.1f}", **said)
    return _("{name}: you predicted {guess}, and it is {measured}: off by {off}.").format(
        off=f"{abs(value - guess):.3g}", **said)


def _shown(answer: Any) -> str:
    """The answer as a verdict shows it: its repr, a numpy number as the plain number it holds
    (``-158``, not ``np.int64(-158)``), cut to 80 characters.

    >>> import numpy as np
    >>> _shown(np.int64(-158)), _shown(np.float64(0.5)), _shown("b6")
    ('-158', '0.5', "'b6'")
    """
    item = getattr(answer, "item", None)
    if type(answer).__module__ == "numpy" and getattr(answer, "shape", None) == () and item:
        answer = item()                              # a numpy scalar: the Python number
    try:
        text = repr(answer)
    except Exception:                                # noqa: BLE001 - any object may be given
        text = f"<a {type(answer).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


# --- Running a notebook's exercise cells (for tests and for the build tool) -------------------

CHECK_CALL = re.compile(r'check\("([^"]+)",\s*(\w+)\)')
"""A check cell's call: ``check("NN-name", answer_variable)``."""

WRITEFILE = re.compile(r'%%writefile\s+"?([^"\n]+)"?\n')
"""A cell that writes its text to a file (IPython's ``%%writefile PATH``, PATH in quotes)."""


def exercise_cells(notebook: dict) -> list[str]:
    """The sources of a notebook's first code cell (its imports) and of every code cell after
    its ``## Exercises`` heading."""
    sources = [(c["cell_type"], "".join(c["source"])) for c in notebook["cells"]]
    start = next(i for i, (kind, text) in enumerate(sources)
                 if kind == "markdown" and text.startswith("## Exercises"))
    imports = next(text for kind, text in sources if kind == "code")
    return [imports] + [text for kind, text in sources[start:] if kind == "code"]


def run_cell(source: str, namespace: dict) -> None:
    """Run one cell's source in ``namespace``, as IPython would for the cells the exercises
    use: Python, or ``%%writefile "PATH"`` (its ``{name}`` parts taken from the namespace)
    followed by the file's text."""
    written = WRITEFILE.match(source)
    if written:
        from pathlib import Path
        Path(written.group(1).format_map(namespace)).write_text(source[written.end():])
        return
    exec(compile(source, "<notebook cell>", "exec"), namespace)


def run_exercise_cells(notebook: dict) -> tuple[dict, dict[str, str], str]:
    """Run a notebook's exercise cells (see ``exercise_cells``) in a fresh namespace; return
    (the namespace, {exercise name: its answer variable}, what the cells printed)."""
    namespace: dict = {}
    printed = io.StringIO()
    calls: dict[str, str] = {}
    with contextlib.redirect_stdout(printed):
        for source in exercise_cells(notebook):
            run_cell(source, namespace)
            calls.update(CHECK_CALL.findall(source))
    return namespace, calls, printed.getvalue()


def registered(prefix: str) -> list[str]:
    """The names of the registered exercises of notebook ``prefix`` (``"03"``), sorted."""
    _load_course_exercises(prefix)
    return sorted(name for name in _EXERCISES if name.startswith(prefix + "-"))
