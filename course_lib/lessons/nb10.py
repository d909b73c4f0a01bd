"""Notebook 10, the Gomoku AI redone: its helpers and its exercises.

The project's experiments, redone: its candidate-move restriction, its search cost,
and tactical positions, each measured seeded and bounded.

The positions are the questions: ``MIDDLE_GAME`` (twelve stones around the centre, the
benchmark's position), seeded games (``seeded_game``) and the tactical positions of
``TACTICS``. Every search is the course's alpha-beta with the project's pattern evaluation
(``course_lib.games.gomoku.patterns``), readable or compiled
(``course_lib.games.gomoku_fast``).

>>> state = middle_game(radius=1)
>>> len(state.legal_moves()), state.to_move
(29, 1)
>>> open_threes(Gomoku.from_text(TACTICS["double threat"][0]), 1)
0
"""

from __future__ import annotations

import contextlib
import io
from typing import Any

from ..errors import InvalidArgumentError
from ..games.gomoku import (COLUMNS, FEATURES, LINES, SIZE, SQUARE_INDEX, SQUARE_NAMES, Gomoku,
                            line_runs, pattern_counts)
from ..rng import SplitMix64, check_seed
from ..exercises import register
from .compare import whole_number

MIDDLE_GAME = ("h8", "h9", "i9", "g7", "j10", "i8", "g9", "k11", "f8", "g8", "i10", "f10")
"""Twelve stones around the centre (six each), black (x) to move: the benchmark's position."""


def _board(rows: dict[int, str], to_move: str) -> str:
    """A text form from a few rows (row number 1..15 -> 15 characters)."""
    lines = [rows.get(r, "." * SIZE) for r in range(1, SIZE + 1)]
    return "/".join(lines) + " " + to_move


def _stones(black: str, white: str) -> str:
    """The text form of a position given its black and white points (black to move when the
    counts are equal)."""
    cells = [0] * (SIZE * SIZE)
    for player, points in ((1, black), (2, white)):
        for name in points.split():
            cells[SQUARE_INDEX[name]] = player
    return Gomoku(cells).text()


TACTICS: dict[str, tuple[str, tuple[str, ...]]] = {
    # x has four in a row h8-k8 closed by o on g8: x wins at l8.
    "win in one": (_stones("h8 i8 j8 k8", "g8 c3 m13 b14"), ("l8",)),
    # o has four in a column e6-e9 closed at the top by x on e5: x must play e10.
    "block a four": (_stones("e5 h7 h8 j8 k11", "e6 e7 e8 e9 m2"), ("e10",)),
    # x to move: h8 makes two open threes at once (row f8-h8 and column h6-h8), a double
    # threat o cannot answer both of (freestyle allows it).
    "double threat": (_stones("h6 h7 f8 g8", "c3 f4 l4 m12"), ("h8",)),
}
"""Tactical positions: name -> (text form, the right moves)."""

RADIUS_MISS = _stones("e8 f8 h5 h6", "b2 n2 b14 n14")
"""x to move: h8, two points from every stone, makes ``XX_X`` in its row and its column (two
broken threes at once); a depth-3 search on the whole board or within radius 2 plays it, within
radius 1 it is not a candidate."""


def middle_game(radius: int = 1) -> Gomoku:
    """The benchmark's middle-game position in the game restricted to ``radius``."""
    state = Gomoku(radius=radius)
    for move in MIDDLE_GAME:
        state = state.play(move)
    return state


def seeded_game(seed: int, moves: int = 40, radius: int = 1) -> list[Gomoku]:
    """The positions of a game of ``moves`` random moves drawn among the candidate moves of
    ``radius`` (seeded), from the empty board; stops early at a five.

    >>> [p.last_move for p in seeded_game(1, 3)]
    [None, 'h8', 'i9']
    """
    if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= SIZE * SIZE:
        raise InvalidArgumentError(f"moves must be a whole number 0..225, got {moves!r}")
    rng = SplitMix64(check_seed(seed))
    state = Gomoku(radius=radius)
    positions = [state]
    while len(positions) < moves and not state.is_over():
        options = state.legal_moves()
        state = state.apply(options[rng.below(len(options))])
        positions.append(state)
    return positions


def branching(positions: list[Gomoku], radii: tuple[int, ...] = (1, 2)) -> list[dict[str, Any]]:
    """Per position: the stones, the rules' moves (every empty point) and the candidate moves
    within each radius.

    >>> branching([Gomoku().play("h8")])
    [{'stones': 1, 'all': 224, 'radius 1': 8, 'radius 2': 24}]
    """
    rows = []
    for state in positions:
        row: dict[str, Any] = {"stones": sum(1 for c in state.cells if c),
                               "all": sum(1 for c in state.cells if not c)}
        for r in radii:
            row[f"radius {r}"] = len(state.candidate_moves(r))
        rows.append(row)
    return rows


def open_threes(state: Gomoku, player: int) -> int:
    """How many open threes (``_XXX_``: three stones of ``player`` in a row, both ends empty)
    the board holds, in rows, columns and diagonals: the pattern evaluation's f4 count.

    >>> open_threes(Gomoku.from_text(_stones("e8 f8 g8", "a1 o15")), 1)
    1
    """
    return pattern_counts(state, player)["f4 open three"]


def tactic(name: str) -> tuple[Gomoku, tuple[str, ...]]:
    """The tactical position ``name`` (a key of ``TACTICS``), radius 1, and its right moves."""
    if name not in TACTICS:
        raise InvalidArgumentError(f"no tactical position {name!r}; they are "
                                   + ", ".join(TACTICS))
    text, right = TACTICS[name]
    return Gomoku.from_text(text, radius=1), right


def feature_runs(state: Gomoku) -> list[tuple[int, int, tuple[str, ...]]]:
    """Every run the pattern evaluation counts: (player, feature index 0..7 for f1..f8, the
    run's points), line by line, as ``gomoku.line_runs`` counts them.

    >>> feature_runs(Gomoku().play("h8"))[0]
    (1, 7, ('h8',))
    """
    found = []
    for line in LINES:
        values = [state.cells[j] for j in line]
        i = 0
        for player, feature in line_runs(values):
            while values[i] != player or (i > 0 and values[i - 1] == player):
                i += 1
            j = i
            while j < len(values) and values[j] == player:
                j += 1
            found.append((player, feature, tuple(SQUARE_NAMES[line[k]] for k in range(i, j))))
            i = j
    return found


RUN_COLOURS = {3: "tab:red", 4: "tab:orange", 5: "tab:blue"}
"""The colour of each feature's runs in ``draw_runs``: f4 red, f5 orange, f6 blue."""


def draw_runs(state: Gomoku, ax: Any = None, smallest: int = 5) -> Any:
    """Draw the board, its stones, and the runs that the pattern evaluation counts as features
    f1 to f``smallest + 1`` (``feature_runs``), on ``ax`` or a new figure; return the axes.

    >>> state = middle_game()
    >>> ax = draw_runs(state)
    >>> len(ax.collections) == sum(1 for cell in state.cells if cell)    # a marker per stone
    True
    """
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 5.5))
    ax.set_facecolor("#e3b873")
    for k in range(SIZE):
        ax.plot([0, SIZE - 1], [k, k], color="#5a4020", lw=0.5)
        ax.plot([k, k], [0, SIZE - 1], color="#5a4020", lw=0.5)
    for _, feature, points in feature_runs(state):
        if feature <= smallest and len(points) > 1:
            xy = [divmod(SQUARE_INDEX[p], SIZE)[::-1] for p in points]
            ax.plot([x for x, _ in xy], [y for _, y in xy], color=RUN_COLOURS.get(feature, "k"),
                    lw=9, alpha=0.45, solid_capstyle="round")
    for i, cell in enumerate(state.cells):
        if cell:
            row, column = divmod(i, SIZE)
            ax.scatter(column, row, s=140, color="#1a1a1a" if cell == 1 else "#f4f4f4",
                       edgecolors="black", zorder=3)
    ax.set_xlim(-0.7, SIZE - 0.3)
    ax.set_ylim(SIZE - 0.3, -0.7)
    ax.set_xticks(range(SIZE), list(COLUMNS))
    ax.set_yticks(range(SIZE), range(1, SIZE + 1))
    ax.set_aspect("equal")
    for feature, colour in RUN_COLOURS.items():
        ax.plot([], [], color=colour, lw=6, alpha=0.45, label=FEATURES[feature])
    ax.legend(loc="lower left", fontsize=8)
    return ax


# --- The exercises of notebook 10 ----------------------------------------------------------------

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
