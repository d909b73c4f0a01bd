"""A transposition table keyed by Zobrist hashes.

Zobrist hashing gives every (square, player) a random 64-bit key and XORs together the keys of
the stones on the board, plus one key when the second player is to move. Two move orders that
reach the same position give the same hash, so the search can reuse what it found.

The table has a fixed number of slots (a power of two); a position goes to slot
``hash & (slots - 1)`` and a new entry always replaces the old one. The numba tier uses the same
keys and the same table, so both tiers visit the same nodes.

>>> from course_lib.ataxx import State
>>> start = State.start()
>>> position_hash(start) == position_hash(start.play("b6"))
False
>>> a = start.play("b6").play("f6").play("b7")
>>> b = start.play("b7").play("f6").play("b6")
>>> position_hash(a) == position_hash(b)
True
"""

from __future__ import annotations

from typing import Any

from ..checks import check_memory, describe, is_whole
from ..errors import InvalidArgumentError
from ..rng import MASK64, SplitMix64

EXACT, LOWER, UPPER = 0, 1, 2
"""Entry kinds: the exact value, a lower bound (the node failed high), an upper bound."""

ZOBRIST_SEED = 20261122


def _zobrist_keys() -> tuple[list[list[int]], int]:
    rng = SplitMix64(ZOBRIST_SEED)
    keys = [[0, rng.next_u64(), rng.next_u64()] for _ in range(49)]   # [square][player]
    return keys, rng.next_u64()


ZOBRIST_KEYS, ZOBRIST_SECOND_TO_MOVE = _zobrist_keys()
"""``ZOBRIST_KEYS[square][player]`` with square = (x-1)*7 + (y-1); the extra key marks o to move."""


def position_hash(state: Any) -> int:
    """A 64-bit hash of the position: Zobrist for ATAXX, ``hash(state.key())`` for others."""
    grid = getattr(state, "grid", None)
    if grid is None:
        if not callable(getattr(state, "key", None)):
            raise InvalidArgumentError(f"position_hash hashes a game position (a State, or a "
                                       f"state with key()), got {type(state).__name__}")
        return hash(state.key()) & MASK64
    h = ZOBRIST_SECOND_TO_MOVE if state.to_move == 2 else 0
    square = 0
    for x in range(1, 8):
        row = grid[x]
        for y in range(1, 8):
            cell = row[y]
            if cell == 1 or cell == 2:
                h ^= ZOBRIST_KEYS[square][cell]
            square += 1
    return h


SLOT_BYTES = 16
"""The memory a slot of ``TranspositionTable`` takes before it is filled (two list entries)."""
FAST_SLOT_BYTES = 40
"""The memory a slot of the fast tier's table takes (a 64-bit key and four 64-bit fields)."""
MAX_SLOTS = 1 << 26
"""The largest table, in slots (``alphabeta:tt=26``)."""


def check_table_slots(slots: object, per_slot: int = SLOT_BYTES) -> int:
    """``slots`` when it is a power of two from 1 to ``MAX_SLOTS`` that fits in the memory the
    machine has free (``per_slot`` bytes each), else InvalidArgumentError in words."""
    if not is_whole(slots) or not 1 <= slots <= MAX_SLOTS or slots & (slots - 1):
        raise InvalidArgumentError(f"slots must be a power of two from 1 to 2**26 = "
                                   f"{MAX_SLOTS:,} (2**16 = 65,536, say), got {describe(slots)}")
    check_memory(slots * per_slot, f"a transposition table of {slots:,} slots")
    return int(slots)


class TranspositionTable:
    """``slots`` entries (a power of two, at most ``MAX_SLOTS``) of (hash, depth, value, kind,
    best move).

    >>> TranspositionTable(1 << 10).slots
    1024
    """

    def __init__(self, slots: int = 1 << 16) -> None:
        slots = check_table_slots(slots)
        self.slots = slots
        self.mask = slots - 1
        self.keys: list[int | None] = [None] * slots
        self.entries: list[tuple | None] = [None] * slots

    def probe(self, key: int) -> tuple[int, float, int, Any] | None:
        """(depth, value, kind, best move) stored for this hash, or None."""
        index = key & self.mask
        return self.entries[index] if self.keys[index] == key else None

    def store(self, key: int, depth: int, value: float, kind: int, move: Any) -> None:
        index = key & self.mask
        self.keys[index] = key
        self.entries[index] = (depth, value, kind, move)

    def filled(self) -> int:
        """How many slots hold an entry."""
        return sum(k is not None for k in self.keys)
