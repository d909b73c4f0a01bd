"""A tiny seeded random generator that both tiers share, bit for bit.

SplitMix64 (Steele, Lea and Flood, 2014) is a few lines of 64-bit arithmetic. The readable tier
runs it in plain Python and the numba tier runs the same arithmetic compiled, so a seeded random
game is the same game in both tiers: a test can replay one against the other.

>>> rng = SplitMix64(7)
>>> [rng.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
"""

from __future__ import annotations

import operator

from .errors import InvalidArgumentError

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9
MIX_2 = 0x94D049BB133111EB


def check_seed(seed: int) -> int:
    """Return ``seed`` if it is a whole number from 0 to 2**64 - 1, else raise
    InvalidArgumentError (a ValueError)."""
    if isinstance(seed, bool):
        raise InvalidArgumentError(f"seed must be a whole number, got {seed!r}")
    try:
        seed = operator.index(seed)          # int, or a numpy integer
    except TypeError:
        raise InvalidArgumentError(f"seed must be a whole number, got {seed!r} "
                         f"of type {type(seed).__name__}") from None
    if not 0 <= seed <= MASK64:
        raise InvalidArgumentError(f"seed must be between 0 and 2**64 - 1, got {seed}")
    return seed


class SplitMix64:
    """Seeded 64-bit generator; ``below(n)`` draws a whole number in ``range(n)``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = check_seed(seed)

    def next_u64(self) -> int:
        """Advance the generator and return 64 random bits as an int."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * MIX_1) & MASK64
        z = ((z ^ (z >> 27)) * MIX_2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1 (``next_u64() % n``; the bias is below 2**-50)."""
        try:
            n = operator.index(n)       # a float n would silently give a float back
        except TypeError:
            raise InvalidArgumentError(f"below(n) needs a whole number n, got {n!r}") from None
        if n <= 0:
            raise InvalidArgumentError(f"below(n) needs n >= 1, got {n}")
        return self.next_u64() % n

    def random(self) -> float:
        """A float in [0, 1) from the top 53 bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))
