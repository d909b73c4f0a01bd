"""The errors course_lib raises at its boundary.

Every error is a ``ValueError`` subclass, so ``except ValueError`` catches them all, and every
message names what was given and what was expected. The commands print such an error as one
line on stderr and exit with status 2.

>>> from course_lib.ataxx import State
>>> try:
...     State.start().play(123)
... except CourseError as error:
...     print(type(error).__name__, "-", error)
InvalidMoveError - a move is a Move or text (UAI 'b6', 'a7c5', '0000' or protocol '1 1 2 2'), got 123 of type int
"""

from __future__ import annotations


class CourseError(ValueError):
    """Base class of the errors raised by course_lib for bad input."""


class InvalidFenError(CourseError):
    """A FEN string could not be read; the message names the field and why."""


class InvalidMoveError(CourseError):
    """A move could not be read, or its coordinates are outside the board."""


class IllegalMoveError(CourseError):
    """A well-formed move that the rules do not allow in this position."""


class InvalidAgentSpecError(CourseError):
    """An agent spec string names an unknown agent or key, or a value out of range."""


class InvalidArgumentError(CourseError, TypeError):
    """An argument of the wrong kind or out of its range: a depth, a seed, a count, a bound.

    It is also a ``TypeError``, so code written for Python's own ``TypeError`` on a wrong
    type still catches it.
    """


class InvalidPositionError(CourseError):
    """A position built from parts that do not fit together (grid, side to move, counters)."""


class GameOverError(IllegalMoveError):
    """A move was played, or asked of an agent, in a finished game: no move is left."""


class EvaluationMismatchError(InvalidAgentSpecError):
    """An agent's evaluation does not fit the game it is asked to play (say, tic-tac-toe's
    open lines on an ATAXX board); the message names the evaluations that do fit."""


class InvalidUaiCommandError(CourseError):
    """A UAI command line, or a number in it, that the engine cannot use."""


class NotEnoughMemoryError(InvalidArgumentError):
    """A setting that asks for more memory than the machine has free (a transposition table
    of ``hash`` MB, say), refused before anything is allocated; the message says how much was
    asked for and how much there is."""
