"""Play one game, or a match of colour-swapped pairs, between two agents in this process.

Agents are anything with ``choose_move(state)`` (see ``course_lib.agents``). For games between
separate programs under the referee protocol, see the referee (a later part of the course).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..agents.base import RandomAgent, as_agent
from ..ataxx import MAX_TURNS, Move, State
from ..checks import MAX_SEED, describe, whole
from ..errors import InvalidArgumentError
from ..rng import check_seed

MAX_PAIRS = 500_000
"""The most colour-swapped pairs one match plays: a million games."""


def is_legal(state: Any, move: Any) -> bool:
    """Whether ``move`` may be played in ``state``: one of ``legal_moves()``, or (ATAXX) a
    clone written with another friendly source next to its destination, which the rules
    allow too (``legal_moves()`` lists each clone once, with its canonical source).

    >>> from course_lib.ataxx import Move, State
    >>> state = State.start().play(Move(1, 1, 2, 2)).play(Move(7, 1, 6, 2))
    >>> Move(2, 2, 1, 2) in state.legal_moves(), is_legal(state, Move(2, 2, 1, 2))
    (False, True)
    >>> is_legal(state, Move(3, 3, 1, 2))           # no stone at (3, 3)
    False
    """
    try:
        legal = state.legal_moves()
        if move in legal:
            return True
        return (isinstance(move, Move) and hasattr(state, "canonical")
                and state.canonical(move) in legal)
    except Exception:                                   # not a move of this game at all
        return False


def start_position(start: Any) -> Any:
    """The position a game starts from: ATAXX's start for None, a State read from a FEN for
    text, or a position of any game (anything with ``legal_moves``, ``apply`` and
    ``is_over``); anything else is refused in words.

    >>> start_position("x5o/7/7/7/7/7/o5x o 0 1").to_move
    2
    """
    if start is None or isinstance(start, str):
        return State.of(start)
    if not all(callable(getattr(start, name, None)) for name in ("legal_moves", "apply",
                                                                 "is_over")):
        raise InvalidArgumentError(f"start must be a position (a State, an Othello, ...) or an "
                                   f"ATAXX FEN, got {describe(start)} of type "
                                   f"{type(start).__name__}")
    return start


def _played(state: Any, move: Any) -> Any:
    """The position after the legal ``move`` (a clone played with its canonical source)."""
    if isinstance(move, Move) and hasattr(state, "canonical"):
        return state.apply(state.canonical(move))
    return state.apply(move)


@dataclass
class GameRecord:
    """A finished (or abandoned) game: its moves, the winner (1, 2 or 0) and why it ended."""

    start: Any
    moves: list[Any]
    final: Any
    winner: int
    reason: str
    names: tuple[str, str] = ("first", "second")

    @property
    def turns(self) -> int:
        return len(self.moves)


def play_game(first: Any, second: Any, start: Any = None,
              on_move: Callable[[Any, Any], None] | None = None) -> GameRecord:
    """Play ``first`` (player 1) against ``second`` (player 2) from ``start`` (default: the
    ATAXX start position) until the game is over. A move that is not legal loses the game
    for the player who made it. ``on_move(state, move)`` is called before each move is played.
    Moves are recorded as the agents gave them: an ATAXX clone written with a source other than
    the canonical one is legal and kept so (``is_legal``).
    """
    agents = {1: as_agent(first), 2: as_agent(second)}
    state = start_position(start)
    initial = state
    moves = []
    names = (getattr(agents[1], "name", "first"), getattr(agents[2], "name", "second"))
    while not state.is_over():
        player = state.to_move
        move = agents[player].choose_move(state)
        if not is_legal(state, move):
            return GameRecord(initial, moves, state, 3 - player,
                              f"player {player} ({names[player - 1]}) played the illegal move "
                              f"{move!r}", names)
        if on_move is not None:
            on_move(state, move)
        moves.append(move)
        state = _played(state, move)
    reason = state.outcome_reason() if hasattr(state, "outcome_reason") else "game over"
    return GameRecord(initial, moves, state, state.winner(), reason, names)


def random_opening(plies: int, seed: int, start: Any = None) -> Any:
    """The position after ``plies`` seeded random moves from ``start`` (stops if the game ends;
    ``start`` as ``play_game`` takes it)."""
    whole(plies, "plies", 0, MAX_TURNS)
    state = start_position(start)
    agent = RandomAgent(seed=seed)
    for _ in range(plies):
        if state.is_over():
            break
        state = state.apply(agent.choose_move(state))
    return state


@dataclass
class MatchResult:
    """Wins, draws and losses of agent A against agent B, and every game."""

    name_a: str
    name_b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    games: list[GameRecord] = field(default_factory=list)

    @property
    def score(self) -> float:
        """A's score: 1 per win, 1/2 per draw, as a fraction of the games."""
        played = self.wins + self.draws + self.losses
        return (self.wins + 0.5 * self.draws) / played if played else 0.0

    def __str__(self) -> str:
        return (f"{self.name_a} vs {self.name_b}: +{self.wins} ={self.draws} -{self.losses} "
                f"(score {self.score:.1%})")


def play_match(make_a: Callable[[], Any], make_b: Callable[[], Any], pairs: int,
               opening_plies: int = 4, seed: int = 0) -> MatchResult:
    """Play ``pairs`` colour-swapped pairs of games between fresh agents from ``make_a`` and
    ``make_b``: each pair starts from the same seeded random opening, A playing first in one
    game and second in the other.
    """
    whole(pairs, "pairs", 1, MAX_PAIRS)
    whole(opening_plies, "opening_plies", 0, MAX_TURNS)
    check_seed(seed)
    whole(seed + pairs, "seed + pairs", 0, MAX_SEED)         # the last opening's seed
    a_name = getattr(make_a(), "name", "A")
    b_name = getattr(make_b(), "name", "B")
    result = MatchResult(a_name, b_name)
    for pair in range(pairs):
        opening = random_opening(opening_plies, seed=seed + pair)
        for a_first in (True, False):
            a, b = make_a(), make_b()
            record = play_game(a, b, opening) if a_first else play_game(b, a, opening)
            a_player = 1 if a_first else 2
            if record.winner == 0:
                result.draws += 1
            elif record.winner == a_player:
                result.wins += 1
            else:
                result.losses += 1
            result.games.append(record)
    return result
