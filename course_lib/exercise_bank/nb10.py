"""Notebook 10, the Gomoku AI redone: the exercises.

Each right answer is computed here by the library when a check runs. The positions are the
questions; the notebook shows the same texts and arguments.
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

from ..case_studies.gomoku_study import TACTICS, _stones, middle_game, open_threes, seeded_game
from ..exercises import register
from ..games.gomoku import Gomoku, pattern_counts
from .compare import whole_number

THREE_TEXTS = tuple(text for text, _ in TACTICS.values()) + (
    middle_game(0).text(),
    seeded_game(3, 40, radius=1)[-1].text(),
    seeded_game(8, 60, radius=1)[-1].text(),
    _stones("e1 e2 e3", "a4 a5 a6"),
)
"""10-open-threes: the student's counting function is checked on these positions, for both
players (the last has a three against the edge, which is not open)."""

BRANCHING_RADIUS = 2
"""10-candidates: how many candidate moves the middle-game position has within this radius."""


def _open_threes_values() -> list[int]:
    return [open_threes(Gomoku.from_text(text), player)
            for text in THREE_TEXTS for player in (1, 2)]


def _runs_of_three(state: Gomoku, player: int) -> int:
    """The likely mistake: every run of three, open or closed."""
    counts = pattern_counts(state, player)
    return counts["f4 open three"] + counts["f5 closed three"]


def _same_counts(answer: Any, expected: list[int]) -> bool:
    """A function giving ``expected`` on the positions, for both players; what it prints is
    swallowed."""
    if not callable(answer) or isinstance(answer, type):
        return False
    values = []
    with contextlib.redirect_stdout(io.StringIO()):
        for text in THREE_TEXTS:
            for player in (1, 2):
                value = answer(Gomoku.from_text(text), player)
                if isinstance(value, bool) or not isinstance(value, int):
                    return False
                values.append(value)
    return values == expected


def _candidates() -> int:
    return len(middle_game(BRANCHING_RADIUS).legal_moves())


register(
    "10-open-threes", _open_threes_values,
    mistake=_runs_of_three,
    hint="an open three is exactly three stones in a row with an empty point at both ends: a "
         "run of 4 or more is not a three, and a three touching the edge or an opponent's "
         "stone is closed; look along rows, columns and both diagonals (gomoku.LINES lists "
         "them), and answer with the function itself (no parentheses).",
    compare=_same_counts)

register(
    "10-candidates", _candidates,
    mistake=len(middle_game(1).legal_moves()),
    hint="radius 2 keeps the empty points at most 2 rows and 2 columns from a stone (a 5x5 "
         "square around each), not 1: len(middle_game(2).legal_moves()).",
    compare=whole_number)
