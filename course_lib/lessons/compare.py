"""How the exercises compare an answer with the right one: shared by every notebook's module.

>>> whole_number(50.0, 50), whole_number("50", 50), whole_number(True, 1)
(True, False, False)
>>> within(1e-3)(7 / 16, 0.4375), within(1.0)(61.5, 60.0), within(1e-3)("0.4375", 0.4375)
(True, False, False)
"""

from __future__ import annotations

from typing import Any, Callable

import math

import numpy as np

from ..ataxx import Move, State


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
    """``answer`` as a finite float if it is a number (not a bool, not text), else None."""
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
