"""Notebook 02, greedy play and evaluation functions: its helpers and its exercises.

Helper: ``exchanges`` looks back at a game move by move, what each move won and what the reply
took back, to find where looking one move ahead goes wrong: a greedy move that
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

from ..agents import GreedyAgent, make_agent, square_weights
from ..agents.evaluation import Evaluation, default_evaluation
from ..ataxx import FIRST, State
from ..exercises import register
from ..match import play_match
from .compare import same_move as _same_move
from .compare import whole_number as _whole_number
from .compare import within


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


# --- The exercises of notebook 02 ----------------------------------------------------------------

TIE_FEN = "x5x/7/5x1/3o3/o1o2x1/7/2o4 x 3 10"
"""02-greedy-tie: several moves share greedy's best value; which one does it play?"""

WEIGHTS_FEN = "x5x/7/2o2x1/3o3/2o4/7/2o1x2 x 5 11"
"""02-square-weights: the square-weights evaluation of this position for x."""

REPLY_FEN = "1o5/2o1x2/3xx2/1o5/1x5/7/7 x 3 11"
"""02-after-reply: x's material after greedy's move for x and greedy's reply for o."""

MATCH = {"spec_a": "greedy:eval=weights", "pairs": 10, "opening_plies": 6, "seed": 200}
"""02-match-score: A = greedy with square weights against B = greedy with material."""


def _greedy_tie_move():
    """Greedy's move; the position is chosen so that the tie rule decides it."""
    state = State.from_fen(TIE_FEN)
    agent = GreedyAgent()
    move = agent.choose_move(state)
    result = agent.last_result
    tied = [m for m, value in result.root_values if value == result.value]
    if len(tied) < 2:
        raise RuntimeError(f"02-greedy-tie: only {len(tied)} move has the best value")
    return move


def _square_weights() -> int:
    return square_weights(State.from_fen(WEIGHTS_FEN), FIRST)


def _after_reply() -> int:
    state = State.from_fen(REPLY_FEN)
    after = state.apply(GreedyAgent().choose_move(state))
    return after.apply(GreedyAgent().choose_move(after)).material(FIRST)


def _match_score() -> float:
    result = play_match(lambda: make_agent(MATCH["spec_a"]), GreedyAgent, pairs=MATCH["pairs"],
                        opening_plies=MATCH["opening_plies"], seed=MATCH["seed"])
    return result.score


register(
    "02-greedy-tie", _greedy_tie_move,
    mistake="f3d3",  # tied, but its source f3 is on row 5, below f5 (row 3)
    hint="find the moves with the highest material for x, then take the first in canonical "
         "order: ascending (x1, y1, x2, y2) in protocol coordinates, where x is the row counted "
         "from the TOP (f5 is row 3, f3 is row 5). GreedyAgent().choose_move(position_1) plays "
         "it. Write the move as text: a clone is its destination ('b6'), a jump source then "
         "destination ('a7c5').",
    compare=_same_move(TIE_FEN))

register(
    "02-square-weights", _square_weights,
    mistake=0,  # material: the stone counts are even
    hint="add up the weights of x's stones (3 in a corner, 2 on an edge, 1 inside) and "
         "subtract those of o's stones. square_weights(position_2, FIRST) computes it.",
    compare=_whole_number)

register(
    "02-after-reply", _after_reply,
    mistake=6,  # x's material after its own move, before o's reply
    hint="count x's stones minus o's after both moves, not only after x's: o's greedy reply "
         "captures what it can. GreedyAgent().choose_move(...) gives each move; "
         "exchanges(play_game(GreedyAgent(), GreedyAgent(), position_3))[0].after_reply "
         "gives the answer.",
    compare=_whole_number)

register(
    "02-match-score", _match_score,
    mistake=0.65,  # the score of B, greedy with material
    hint="A is the first agent given to play_match, here greedy with square weights; the score "
         "is A's wins plus half its draws, divided by the games, a number between 0 and 1. "
         "play_match(make_a, GreedyAgent, pairs=10, opening_plies=6, seed=200).score "
         "computes it.",
    compare=within(1e-3))
