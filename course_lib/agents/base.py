"""What an agent is, and the simplest one.

An agent is any object with a ``name`` and a ``choose_move(state)`` method that returns one of
``state.legal_moves()``. It works on any game whose states offer ``legal_moves()``,
``apply(move)``, ``is_over()`` and ``to_move``. A plain function ``state -> move`` can stand in
for an agent: ``as_agent`` wraps it.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, runtime_checkable

from ..errors import GameOverError, InvalidArgumentError
from ..rng import SplitMix64


@runtime_checkable
class Agent(Protocol):
    """The one method every agent has."""

    name: str

    def choose_move(self, state: Any) -> Any:
        """Return one of ``state.legal_moves()``."""
        ...


def check_can_move(state: Any) -> list[Any]:
    """The legal moves of ``state``, or GameOverError, in words, if the game is over (every
    end rule counts, the 400-turn cap of ATAXX too) or ``state`` is not a game position.

    Every agent calls this first in ``choose_move``.

    >>> from course_lib.ataxx import State
    >>> len(check_can_move(State.start()))
    16
    >>> check_can_move(State.from_fen("x5o/7/7/7/7/7/o5x x 0 201"))
    Traceback (most recent call last):
    ...
    course_lib.errors.GameOverError: the game is over (400 turns have been played): there is no move to choose
    """
    if not (callable(getattr(state, "legal_moves", None))
            and callable(getattr(state, "is_over", None))):
        raise InvalidArgumentError(
            f"an agent moves in a game position (with legal_moves() and is_over()), got "
            f"{type(state).__name__}")
    moves = state.legal_moves()
    if not moves or state.is_over():
        reason = getattr(state, "outcome_reason", lambda: "")()
        because = f" ({reason})" if reason else ""
        raise GameOverError(f"the game is over{because}: there is no move to choose")
    return moves


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
        try:
            self.rng = SplitMix64(seed)
        except ValueError as error:                # check_seed's words, the library's type
            raise InvalidArgumentError(str(error)) from None
        self.seed = seed
        self.name = f"random:seed={seed}"

    def choose_move(self, state: Any) -> Any:
        moves = check_can_move(state)
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
    raise InvalidArgumentError(
        f"{agent!r:.200} is not an agent: expected an object with choose_move(state) "
        "or a function state -> move")
