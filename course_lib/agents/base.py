"""What an agent is, and the simplest one.

An agent is any object with a ``name`` and a ``choose_move(state)`` method that returns one of
``state.legal_moves()``. It works on any game whose states offer ``legal_moves()``,
``apply(move)``, ``is_over()`` and ``to_move``. A plain function ``state -> move`` can stand in
for an agent: ``as_agent`` wraps it.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, runtime_checkable

from ..rng import SplitMix64


@runtime_checkable
class Agent(Protocol):
    """The one method every agent has."""

    name: str

    def choose_move(self, state: Any) -> Any:
        """Return one of ``state.legal_moves()``."""
        ...


class RandomAgent:
    """Plays uniformly at random among the legal moves, from a seeded generator.

    It passes only when it must (a pass is then the only legal move). With the same seed it
    plays the same moves; its generator is the same SplitMix64 that the numba tier runs, so a
    seeded random game is the same game in both tiers.

    >>> from course_lib.ataxx import State
    >>> agent = RandomAgent(seed=1)
    >>> agent.choose_move(State.start()) in State.start().legal_moves()
    True
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = SplitMix64(seed)
        self.name = f"random:seed={seed}"

    def choose_move(self, state: Any) -> Any:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        return moves[self.rng.below(len(moves))]

    def reset(self) -> None:
        """Start the generator again from the seed."""
        self.rng = SplitMix64(self.seed)


class _FunctionAgent:
    def __init__(self, function: Callable[[Any], Any], name: str) -> None:
        self.function = function
        self.name = name

    def choose_move(self, state: Any) -> Any:
        return self.function(state)


def as_agent(agent: Any) -> Agent:
    """Return ``agent`` if it has ``choose_move``; wrap a plain function ``state -> move``."""
    if hasattr(agent, "choose_move"):
        return agent
    if callable(agent):
        return _FunctionAgent(agent, getattr(agent, "__name__", "function"))
    raise TypeError(
        f"{agent!r} is not an agent: expected an object with choose_move(state) "
        "or a function state -> move")
