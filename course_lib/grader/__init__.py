"""Implement-it exercises: the student writes the search, the grader checks it node by node.

The student writes plain code against the game interface; ``grade`` hands it traced positions
(see ``course_lib.grader.trace``), runs it on explicit trees (one with passes), tic-tac-toe
and ATAXX positions, with player 1 and with player 2 to move, and compares the move, the value,
the nodes evaluated and the exact sequence of nodes visited (a node searched twice is visited
twice) with the reference solution. The function runs in a child process stopped at a time cap
for the whole call (see ``course_lib.grader.isolation``), so ``grade`` always returns. On a
mismatch the result names the first place where the two differ (a node, a game, a position, a
table entry), draws both searches side by side, and recognises the kind of mistake when a
known mistaken variant does what the student's function does on every case where it goes
wrong; otherwise the report says what it saw there. "Not answered yet" is only for a function
whose body is still the skeleton's.

A wrong answer's report is graduated (``HINT_LEVELS``): the first wrong try gets a question
about the idea and no code, the next different one the place where it goes wrong (and the
picture), the next what the code does there and the fix. The tries are counted per exercise
in the kernel; ``grade(name, f, hint_level=2)`` asks for a level at once.

>>> from course_lib.grader import grade, skeleton, solution, EXERCISES
>>> EXERCISES[:3]
['02-evaluation', '03-minimax', '03-negamax']
>>> print(skeleton("03-negamax").splitlines()[0])
def negamax(state, depth, evaluate):
>>> print(grade("03-negamax", solution("03-negamax")))
03-negamax: right
>>> def negamax(state, depth, evaluate):
...     ...
>>> print(grade("03-negamax", negamax))
03-negamax: not answered yet (replace ... with your code and run the cell)
"""

from __future__ import annotations

from typing import Callable

from .exercises import MISTAKE_KINDS, SPECS, MistakeKind
from .result import HINT_LEVELS, GradeResult, grade
from .trace import Trace, TracedState

EXERCISES = sorted(SPECS)
"""The exercise names, each beginning with its notebook's number."""

__all__ = ["EXERCISES", "GradeResult", "HINT_LEVELS", "MISTAKE_KINDS", "MistakeKind", "Trace",
           "TracedState", "example_mistake", "grade", "mistakes", "skeleton", "solution",
           "solution_source"]


def _spec(name: str):
    if name not in SPECS:
        from ..errors import CourseError
        raise CourseError(f"no exercise {name!r}; the exercises are {', '.join(EXERCISES)}")
    return SPECS[name]


def skeleton(name: str) -> str:
    """The source the notebook shows for exercise ``name``: signature, contract, ``...``."""
    return _spec(name).skeleton


def solution(name: str) -> Callable:
    """The reference solution of exercise ``name`` (a function)."""
    return _spec(name).solution


def solution_source(name: str) -> str:
    """The reference solution's source, for the instructor's copy of the notebook."""
    return _spec(name).solution_source


def mistakes(name: str) -> list[str]:
    """The kinds of mistake the grader recognises in exercise ``name`` (keys of
    ``MISTAKE_KINDS``), each once."""
    return list(dict.fromkeys(m.key for m in _spec(name).mistakes))


def example_mistake(name: str, kind: str) -> Callable:
    """A function for exercise ``name`` that makes the mistake ``kind`` (one of
    ``mistakes(name)``) and nothing else wrong: a notebook grades it to show what a wrong
    answer's report and picture look like.

    >>> mistaken = example_mistake("04-alphabeta-negamax", "cut_strict")
    >>> print(grade("04-alphabeta-negamax", mistaken, hint_level=3))
    ... # doctest: +ELLIPSIS
    04-alphabeta-negamax: wrong (hint 3 of 3)
    ...
      hint: a cut on > instead of >=: ...
    """
    spec = _spec(name)
    for mistake in spec.mistakes:
        if mistake.key == kind:
            from .exercises import build_mistake
            return build_mistake(spec, mistake)
    from ..errors import CourseError
    raise CourseError(f"exercise {name} has no mistake {kind!r}; it has "
                      f"{', '.join(mistakes(name))}")
