"""How the exercises compare an answer with the right one: shared by every notebook's module.

>>> whole_number(50.0, 50), whole_number("50", 50), whole_number(True, 1)
(True, False, False)
>>> within(1e-3)(7 / 16, 0.4375), within(1.0)(61.5, 60.0), within(1e-3)("0.4375", 0.4375)
(True, False, False)
>>> within(1e-3)(np.array([0.4375]), 0.4375)          # numpy's one-element array: its number
True
"""

from __future__ import annotations

from typing import Any, Callable

import math

import numpy as np

from ..ataxx import Move, State
from ..checks import describe
from ..errors import CourseError
from ..i18n import _


def whole_number(answer: Any, expected: int) -> bool:
    """A number equal to the whole number ``expected``: an int, a numpy integer, or a float
    with nothing after the point (50.0). A bool or a text is never right."""
    if isinstance(answer, (bool, np.bool_)):
        return False
    if isinstance(answer, (int, np.integer)):
        return int(answer) == expected
    if isinstance(answer, (float, np.floating)):
        return bool(np.isfinite(answer)) and float(answer) == expected
    return False


def number(answer: Any) -> float | None:
    """``answer`` as a finite float if it is a number (not a bool, not text), or a numpy array
    holding one number (what a numpy formula of one value gives), else None."""
    if isinstance(answer, np.ndarray) and answer.size == 1 and answer.dtype.kind in "iuf":
        answer = answer.reshape(()).item()
    if isinstance(answer, (bool, np.bool_)) or not isinstance(
            answer, (int, float, np.integer, np.floating)):
        return None
    value = float(answer)
    return value if math.isfinite(value) else None


def within(tolerance: float) -> Callable[[Any, float], bool]:
    """Compare a number with ``expected``: right when it is within ``tolerance`` of it
    (``within(1e-3)`` takes 0.4375 or 7 / 16 for 0.4375)."""
    def compare(answer: Any, expected: float) -> bool:
        value = number(answer)
        return value is not None and abs(value - expected) <= tolerance
    return compare


def number_within(tolerance: float) -> Callable[[Any, float], bool]:
    """``within(tolerance)``, but an answer that is no number is refused in words
    (CourseError): its verdict says that a number was expected, not a hint about the idea.

    >>> number_within(1e-3)(np.float64(0.4375), 0.4375)
    True
    >>> number_within(1e-3)("0.4375", 0.4375)
    Traceback (most recent call last):
    ...
    course_lib.errors.CourseError: expected a number (an int or a float, or a numpy array of one number), got '0.4375'
    """
    close = within(tolerance)

    def compare(answer: Any, expected: float) -> bool:
        if number(answer) is None:
            raise CourseError(_("expected a number (an int or a float, or a numpy array "
                                "of one number), got {answer}").format(answer=describe(answer)))
        return close(answer, expected)
    return compare


def same_move(fen: str) -> Callable[[Any, Any], bool]:
    """Compare a move answer in the position ``fen``: a Move, or text in UAI ('b6', 'a7c5') or
    protocol ('1 1 2 2') form. A clone is right from any source, as it gives the same position."""
    def compare(answer: Any, expected: Any) -> bool:
        state = State.from_fen(fen)
        if isinstance(answer, str):
            try:
                answer = state.parse_move(answer.strip())
            except ValueError:
                return False
        if not isinstance(answer, Move):
            return False
        try:
            state.check_move(answer)            # a legal move of x, whatever its source
        except ValueError:
            return False
        return state.canonical(answer) == state.canonical(expected)
    return compare
