"""What the board games on a square grid (Othello, Gomoku) share: their text form and square
names.

The text form is the rows of the board from the top, each written with ``x`` (black, the first
player), ``o`` (white) and ``.`` (empty), joined by ``/``; then a space and the side to move.
Squares are named by their column letter from ``a`` and their row counted from 1 at the top.

>>> read_text("x./.o o", size=2, game="a 2x2 game")
([1, 0, 0, 2], 2)
>>> write_text([1, 0, 0, 2], size=2, to_move=2)
'x./.o o'
"""

from __future__ import annotations

from typing import Sequence

from ..errors import InvalidFenError

EMPTY, BLACK, WHITE = 0, 1, 2
SYMBOLS = {EMPTY: ".", BLACK: "x", WHITE: "o"}
_CELLS = {".": EMPTY, "x": BLACK, "o": WHITE}


def square_names(columns: str) -> tuple[str, ...]:
    """Every square's name, row by row from the top: ``a1, b1, ...`` for a square board with
    one letter per column."""
    return tuple(f"{column}{row}" for row in range(1, len(columns) + 1) for column in columns)


def read_text(text: str, size: int, game: str, example: str | None = None,
              point: str = "square") -> tuple[list[int], int]:
    """Read a position's text form on a ``size`` x ``size`` board: the cells row by row
    (0 empty, 1 black, 2 white) and the side to move (1 or 2). ``game`` names the game in
    messages ("an Othello"), ``point`` what it calls a square; ``example`` is a text form to
    show in them."""
    if not isinstance(text, str):
        raise InvalidFenError(f"{game} position is text, got {type(text).__name__}")
    like = f", like {example!r}" if example else ""
    fields = text.split()
    if len(fields) != 2:
        shown = text if len(text) <= 80 else text[:60] + "..."
        raise InvalidFenError(
            f"{shown!r} has {len(fields)} fields; {game} position is the board ({size} rows of "
            f"{size} 'x', 'o' or '.' separated by '/') and the side to move, separated by a "
            f"space{like}")
    board, side = fields
    rows = board.split("/")
    if len(rows) != size:
        raise InvalidFenError(f"the board has {len(rows)} rows; expected {size} rows "
                              "separated by '/'")
    cells: list[int] = []
    for number, row in enumerate(rows, start=1):
        if len(row) != size:
            raise InvalidFenError(f"row {number} ({row!r}) has {len(row)} {point}s; expected "
                                  f"{size}, each 'x', 'o' or '.'")
        for char in row:
            if char not in _CELLS:
                raise InvalidFenError(
                    f"row {number} ({row!r}) has the character {char!r}; expected 'x' "
                    "(black), 'o' (white) or '.' (empty)")
            cells.append(_CELLS[char])
    if side not in ("x", "o"):
        raise InvalidFenError(f"the side to move is {side!r}; expected 'x' (black) or "
                              "'o' (white)")
    return cells, BLACK if side == "x" else WHITE


def write_text(cells: Sequence[int], size: int, to_move: int) -> str:
    """The text form of a position (the inverse of ``read_text``)."""
    rows = ("".join(SYMBOLS[c] for c in cells[r * size:(r + 1) * size]) for r in range(size))
    return "/".join(rows) + " " + SYMBOLS[to_move]

