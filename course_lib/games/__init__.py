"""The game interface that every agent uses, and two small games for pictures.

A game state offers (see ``GameState``): ``to_move``, ``legal_moves()``, ``apply(move)``,
``is_terminal()``, ``is_over()`` and ``winner()``. ATAXX's ``course_lib.ataxx.State``,
``TicTacToe``, ``GameTree``, ``Othello`` and ``Gomoku`` all do, so every agent plays them
unchanged.

>>> from course_lib.games import GameTree
>>> tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree.legal_moves()
[0, 1, 2]
"""

from .base import GameState
from .gomoku import Gomoku
from .othello import Othello
from .tictactoe import TicTacToe
from .tree import TEXTBOOK_TREE, GameTree

__all__ = ["GameState", "GameTree", "Gomoku", "Othello", "TEXTBOOK_TREE", "TicTacToe"]
