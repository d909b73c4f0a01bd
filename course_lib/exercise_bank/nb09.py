"""Notebook 09, the Othello study redone: the exercises.

Each right answer is computed here by the library when a check runs. The positions and the
match are the questions; the notebook shows the same texts and arguments.
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

from ..case_studies.othello_study import search, study_method
from ..exercises import register
from ..games.othello import Othello
from .compare import whole_number

MOBILITY_TEXTS = (
    "......../......../......../...ox.../...xo.../......../......../........ x",
    "......../......../..o...../..ooox../..xxx.../...x..../......../........ o",
    "......../......../...o.x../..oooo../..xxxo../...x.o../......../........ x",
    "x......./.xo...../..oxo.../..xoxo../..ooxx../...oxo../.....o../........ x",
    "xxxxxxo./xxxxxoo./xxxooxo./xxoxoxo./xxxoxxo./xxoxxxo./x.ooooo./........ o",
)
"""09-mobility: the student's mobility evaluation is checked on these positions, for both
players."""

INTUITION_TEXT = "......../......../..o...../..ooox../..xxx.../...x..../......../........ o"
"""09-intuition-cost: how many nodes the intuition order's own searches cost here."""
INTUITION_DEPTH = 5

STUDY_MATCH = {"weights": "arbitrary", "depth": 5, "games": 15}
"""09-distinct-games: how many different games the study's method plays with these settings."""


def mobility_reference(state: Othello, player: int) -> int:
    """The number of squares ``player`` could play minus the opponent's."""
    return len(state.moves_for(player)) - len(state.moves_for(3 - player))


def _own_moves_only(state: Othello, player: int) -> int:
    """The likely mistake: only the player's own moves."""
    return len(state.moves_for(player))


def _mobility_values() -> list[int]:
    return [mobility_reference(Othello.from_text(text), player)
            for text in MOBILITY_TEXTS for player in (1, 2)]


def _same_evaluation(answer: Any, expected: list[int]) -> bool:
    """An evaluation function giving ``expected`` on the positions, for both players; what it
    prints is swallowed."""
    if not callable(answer) or isinstance(answer, type):
        return False
    values = []
    with contextlib.redirect_stdout(io.StringIO()):
        for text in MOBILITY_TEXTS:
            for player in (1, 2):
                value = answer(Othello.from_text(text), player)
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    return False
                values.append(value)
    return values == expected


def _intuition_cost() -> int:
    result = search(Othello.from_text(INTUITION_TEXT), INTUITION_DEPTH, "research",
                    order="intuition")
    return result.stats.ordering_nodes


def _intuition_total() -> int:
    return search(Othello.from_text(INTUITION_TEXT), INTUITION_DEPTH, "research",
                  order="intuition").stats.nodes


def _distinct_games() -> int:
    return study_method(**STUDY_MATCH).distinct_games


register(
    "09-mobility", _mobility_values,
    mistake=_own_moves_only,
    hint="mobility is a difference, like material: the squares the player could play minus "
         "the squares the opponent could play, whoever is to move (and a pass is not a square); "
         "answer with the function itself (no parentheses).",
    compare=_same_evaluation)

register(
    "09-intuition-cost", _intuition_cost,
    mistake=_intuition_total(),
    hint="count only the shallow searches that order the root moves: a depth-3 search of each "
         "root move (the move, then 2 plies below it), nodes below the root; stats.nodes "
         "counts the main search too, stats.ordering_nodes only those.",
    compare=whole_number)

register(
    "09-distinct-games", _distinct_games,
    mistake=STUDY_MATCH["games"],
    hint="both agents are deterministic and every game starts from the same position: a game "
         "is decided by who plays black; count the different move sequences "
         "(study_method(...).distinct_games).",
    compare=whole_number)
