"""perft: count the move sequences of a given length, the standard test of a move generator.

perft(0) = 1; at depth >= 1 a finished game counts 0; a forced pass counts as one move.

>>> from course_lib.ataxx import State
>>> [perft(State.start(), d) for d in range(4)]
[1, 16, 256, 6460]
"""

from __future__ import annotations

from ..errors import InvalidArgumentError
from .rules import MAX_TURNS, Move, State

MAX_PERFT_DEPTH = MAX_TURNS
"""The deepest perft asked for: no game lasts more than 400 turns, so every deeper count is 0.
(Time is the real limit: each ply multiplies it by about 30 from the start position.)"""


def perft(state: State, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``state`` (every leaf played)."""
    _check_state(state)
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


def _check_depth(depth: int, least: int = 0) -> None:
    if isinstance(depth, bool) or not isinstance(depth, int) or not least <= depth <= MAX_PERFT_DEPTH:
        raise InvalidArgumentError(
            f"perft depth must be a whole number from {least} to {MAX_PERFT_DEPTH} (no game lasts "
            f"more than {MAX_TURNS} turns), got {depth!r}")


def _check_state(state: object) -> None:
    if not isinstance(state, State):
        raise InvalidArgumentError(
            f"perft counts from a State (State.start() or State.from_fen(...)), got "
            f"{type(state).__name__}")


def divide(state: State, depth: int) -> list[tuple[Move, int]]:
    """perft split by first move: ``[(move, perft(child, depth - 1)), ...]``."""
    _check_state(state)
    _check_depth(depth, least=1)
    if state.is_over():
        return []
    return [(move, _perft(state.apply(move), depth - 1)) for move in state.legal_moves()]
