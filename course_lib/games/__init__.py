"""The game interface that every agent uses, and two small games for pictures.

A game state offers (see ``GameState``): ``to_move``, ``legal_moves()``, ``apply(move)``,
``is_terminal()``, ``is_over()`` and ``winner()``. ATAXX's ``course_lib.ataxx.State``,
``TicTacToe`` and ``GameTree`` all do, so every agent plays all three unchanged.

>>> from course_lib.games import GameTree
>>> tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree.legal_moves()
[0, 1, 2]
"""

from .base import GameState
from .tictactoe import TicTacToe
from .tree import TEXTBOOK_TREE, GameTree

__all__ = ["GameState", "GameTree", "TEXTBOOK_TREE", "TicTacToe"]
