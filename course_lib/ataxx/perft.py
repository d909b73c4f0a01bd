"""perft: count the move sequences of a given length, the standard test of a move generator.

perft(0) = 1; at depth >= 1 a finished game counts 0; a forced pass counts as one move.

>>> from course_lib.ataxx import State
>>> [perft(State.start(), d) for d in range(4)]
[1, 16, 256, 6460]
"""

from __future__ import annotations

from .rules import Move, State


def perft(state: State, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``state`` (every leaf played)."""
    if depth == 0:
        return 1
    total = 0
    for move in state.legal_moves():
        total += perft(state.apply(move), depth - 1)
    return total


def divide(state: State, depth: int) -> list[tuple[Move, int]]:
    """perft split by first move: ``[(move, perft(child, depth - 1)), ...]``."""
    if depth < 1:
        raise ValueError(f"divide needs depth >= 1, got {depth}")
    return [(move, perft(state.apply(move), depth - 1)) for move in state.legal_moves()]
