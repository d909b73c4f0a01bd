"""The interface shared by every game in the course.

Two players, 1 and 2, move in turn (a pass is a move like any other); the game is zero-sum and
has perfect information. A state never changes: ``apply`` returns a new one.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GameState(Protocol):
    """What an agent may ask of a position.

    - ``to_move``: the player to move, 1 or 2.
    - ``legal_moves()``: the moves of the player to move, in a fixed order; empty exactly
      when ``is_terminal()``. A player who cannot move but whose game goes on gets a pass.
    - ``apply(move)``: the position after the move.
    - ``is_terminal()``: nothing is left to play here: the searches stop and evaluate.
    - ``is_over()``: the game has ended by its rules (for ATAXX this also counts the 400-turn
      cap, which the searches do not look at).
    - ``winner()``: 1 or 2, 0 for a draw, None while the game goes on.
    """

    to_move: int

    def legal_moves(self) -> list[Any]: ...

    def apply(self, move: Any) -> "GameState": ...

    def is_terminal(self) -> bool: ...

    def is_over(self) -> bool: ...

    def winner(self) -> int | None: ...
