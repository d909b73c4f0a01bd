"""The errors course_lib raises at its boundary.

Every error is a ``ValueError`` subclass, so ``except ValueError`` catches them all, and every
message names what was given and what was expected.
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
