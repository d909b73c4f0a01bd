"""ATAXX: the readable rules (``rules``, ``notation``, ``perft``) and the numba tier (``fast``).

>>> from course_lib.ataxx import State
>>> print(State.start())
  a b c d e f g
7 x . . . . . o 7
6 . . . . . . . 6
5 . . . . . . . 5
4 . . . . . . . 4
3 . . . . . . . 3
2 . . . . . . . 2
1 o . . . . . x 1
  a b c d e f g
x to move, turn 1, x 2 - o 2
"""

from .notation import START_FEN, parse_fen, parse_move, write_fen
from .perft import MAX_PERFT_DEPTH, divide, perft
from .rules import (BLOCKED, EMPTY, FIRST, MAX_TURNS, NEIGHBOURS, PASS, SECOND, SIZE, SQUARES,
                    Move, Player, Square, State, distance, on_board, opponent, parse_square,
                    square_name)

__all__ = [
    "BLOCKED", "EMPTY", "FIRST", "MAX_PERFT_DEPTH", "MAX_TURNS", "NEIGHBOURS", "PASS", "SECOND", "SIZE", "SQUARES",
    "START_FEN", "Move", "Player", "Square", "State", "distance", "divide", "on_board",
    "opponent", "parse_fen", "parse_move", "parse_square", "perft", "square_name", "write_fen",
]
