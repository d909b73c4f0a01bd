"""Tic-tac-toe: a game whose whole tree fits in a picture and in a few seconds of search.

Squares are numbered 0..8 row by row; X (player 1) moves first.

>>> state = TicTacToe().apply(4).apply(0)
>>> print(state)
O . .
. X .
. . .
>>> state.legal_moves()
[1, 2, 3, 5, 6, 7, 8]
"""

from __future__ import annotations

from typing import Sequence

from ..checks import check_player, is_whole
from ..errors import GameOverError, IllegalMoveError, InvalidPositionError

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8),      # rows
         (0, 3, 6), (1, 4, 7), (2, 5, 8),      # columns
         (0, 4, 8), (2, 4, 6))                 # diagonals
SYMBOL = {0: ".", 1: "X", 2: "O"}


class TicTacToe:
    """A tic-tac-toe position: ``cells[i]`` is 0 (empty), 1 (X) or 2 (O)."""

    __slots__ = ("cells", "to_move", "last_move")

    def __init__(self, cells: Sequence[int] = (0,) * 9, to_move: int | None = None,
                 last_move: int | None = None) -> None:
        try:
            cells = tuple(cells)
        except TypeError:
            cells = ()
        if len(cells) != 9 or any(type(c) is not int or c not in (0, 1, 2) for c in cells):
            raise InvalidPositionError("cells must be 9 values, each 0 (empty), 1 (X) or 2 (O)")
        xs, os = cells.count(1), cells.count(2)
        if xs - os not in (0, 1):
            raise InvalidPositionError(f"X moves first, so X has as many marks as O or one more; "
                             f"got {xs} X and {os} O")
        owners = {cells[a] for a, b, c in LINES if cells[a] and cells[a] == cells[b] == cells[c]}
        if len(owners) == 2:
            raise InvalidPositionError("both X and O have three in a line, but the game ends "
                                       "at the first line: no game reaches this position")
        if owners == {1} and xs != os + 1 or owners == {2} and xs != os:
            who = "X" if owners == {1} else "O"
            raise InvalidPositionError(f"{who} has three in a line, so {who} made the last "
                                       f"move; with {xs} X and {os} O it did not")
        self.cells = cells
        self.to_move = 1 if xs == os else 2
        if to_move is not None and (not is_whole(to_move) or to_move != self.to_move):
            raise InvalidPositionError(
                f"with {xs} X and {os} O it is player {self.to_move} to move, not {to_move!r}")
        self.last_move = last_move

    @classmethod
    def from_string(cls, text: str) -> TicTacToe:
        """Read 9 characters X, O, . (or -), the rows separated by / (spaces and newlines
        ignored): ``'X.O/.X./...'``. Any other character is refused."""
        if not isinstance(text, str):
            raise InvalidPositionError(f"expected text of 9 squares written X, O or ., got "
                                       f"{type(text).__name__}")
        junk = sorted({c for c in text.upper() if c not in "XO.-/ \n\t"})
        if junk:
            raise InvalidPositionError(
                f"expected 9 squares written X, O or . (rows separated by /), got "
                f"{''.join(junk)[:20]!r} in {text[:100]!r}")
        chars = [c for c in text.upper() if c in "XO.-"]
        if len(chars) != 9:
            raise InvalidPositionError(
                f"expected 9 squares written X, O or ., got {len(chars)} in {text[:100]!r}")
        return cls([{"X": 1, "O": 2}.get(c, 0) for c in chars])

    def line_owner(self) -> int:
        """1 or 2 if that player has three in a line, else 0."""
        cells = self.cells
        for a, b, c in LINES:
            if cells[a] and cells[a] == cells[b] == cells[c]:
                return cells[a]
        return 0

    def legal_moves(self) -> list[int]:
        if self.is_terminal():
            return []
        return [i for i, c in enumerate(self.cells) if c == 0]

    def apply(self, move: int) -> TicTacToe:
        if type(move) is not int or not 0 <= move <= 8 or self.cells[move] != 0:
            shown = "".join(".XO"[c] for c in self.cells)
            raise IllegalMoveError(f"move {move!r:.40} is not an empty square 0..8 of the board "
                                   f"{shown[:3]}/{shown[3:6]}/{shown[6:]}")
        if self.line_owner():
            raise GameOverError(f"the game is over ({SYMBOL[self.line_owner()]} has three in "
                                f"a line): move {move} cannot be played")
        cells = list(self.cells)
        cells[move] = self.to_move
        child = TicTacToe.__new__(TicTacToe)         # a legal move from a real position gives
        child.cells = tuple(cells)                   # a real position: no need to check it again
        child.to_move = 3 - self.to_move
        child.last_move = move
        return child

    def is_terminal(self) -> bool:
        return self.line_owner() != 0 or 0 not in self.cells

    is_over = is_terminal

    def winner(self) -> int | None:
        if not self.is_terminal():
            return None
        return self.line_owner()

    def open_lines(self, player: int) -> int:
        """Lines with no mark of the opponent: lines still open to ``player``."""
        check_player(player)
        other = 3 - player
        return sum(1 for line in LINES if all(self.cells[i] != other for i in line))

    def key(self) -> tuple:
        return self.cells

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TicTacToe) and self.cells == other.cells

    def __hash__(self) -> int:
        return hash(self.cells)

    def __str__(self) -> str:
        return "\n".join(" ".join(SYMBOL[c] for c in self.cells[r:r + 3]) for r in (0, 3, 6))

    def __repr__(self) -> str:
        rows = ["".join(SYMBOL[c] for c in self.cells[r:r + 3]) for r in (0, 3, 6)]
        return f"TicTacToe.from_string({'/'.join(rows)!r})"
