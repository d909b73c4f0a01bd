"""Looking back at a game move by move: what each move won, and what the reply took back.

Introduced in notebook 02, to find where looking one move ahead goes wrong: a greedy move that
wins material, answered by a reply that takes back more.

>>> from course_lib.agents import GreedyAgent
>>> from course_lib.ataxx import State
>>> from course_lib.match import play_game
>>> game = play_game(GreedyAgent(), GreedyAgent(), State.from_fen("5oo/7/1x5/2x4/7/7/2o3x x 0 1"))
>>> first = exchanges(game)[0]
>>> first.move.uai(), first.reply.uai(), (first.before, first.after_move, first.after_reply)
('c4e6', 'f6', (0, 2, -3))
>>> first.won, first.lost, first.punished
(2, 5, True)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .evaluation import Evaluation, default_evaluation


class Exchange(NamedTuple):
    """One move of a game and the reply that followed it, scored from the mover's view."""

    ply: int
    """The move's index in the game's list of moves (0 for the first move after the start)."""
    state: Any
    """The position before the move."""
    move: Any
    reply: Any
    before: float
    """The mover's evaluation of ``state``."""
    after_move: float
    """... of the position after the move."""
    after_reply: float
    """... of the position after the move and the reply."""

    @property
    def won(self) -> float:
        """What the move won: ``after_move - before``."""
        return self.after_move - self.before

    @property
    def lost(self) -> float:
        """What the reply took back: ``after_move - after_reply``."""
        return self.after_move - self.after_reply

    @property
    def punished(self) -> bool:
        """The move won something, and the reply took back more than that."""
        return self.won > 0 and self.lost > self.won


def exchanges(game: Any, evaluation: Evaluation | None = None) -> list[Exchange]:
    """Every move of ``game`` (a ``GameRecord``) that has a reply, with the mover's evaluation
    (default: the game's default, material for ATAXX) before the move, after it, and after the
    reply. A pass is a move like any other; the last move of the game has no reply and is left
    out."""
    state = game.start
    evaluate = evaluation or default_evaluation(state)
    found = []
    for ply, (move, reply) in enumerate(zip(game.moves, game.moves[1:])):
        mover = state.to_move
        after = state.apply(move)
        answered = after.apply(reply)
        found.append(Exchange(ply, state, move, reply, evaluate(state, mover),
                              evaluate(after, mover), evaluate(answered, mover)))
        state = after
    return found
