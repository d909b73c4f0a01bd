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
    _check_depth(depth)
    return _perft(state, depth)


def _perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_over():                  # a finished game (all end rules) has no sequences
        return 0
    total = 0
    for move in state.legal_moves():
        total += _perft(state.apply(move), depth - 1)
    return total


def _check_depth(depth: int) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"perft depth must be a whole number >= 0, got {depth!r}")


def divide(state: State, depth: int) -> list[tuple[Move, int]]:
    """perft split by first move: ``[(move, perft(child, depth - 1)), ...]``."""
    _check_depth(depth)
    if depth < 1:
        raise ValueError(f"divide needs depth >= 1, got {depth}")
    if state.is_over():
        return []
    return [(move, _perft(state.apply(move), depth - 1)) for move in state.legal_moves()]
