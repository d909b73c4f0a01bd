"""Notebook 02, greedy play and evaluation functions: the exercises.

Each right answer is computed here by the library when a check runs. The positions and the
match are the questions; the notebook shows the same FEN strings and arguments.
"""

from __future__ import annotations

from ..agents import GreedyAgent, make_agent, square_weights
from ..ataxx import FIRST, State
from ..exercises import register
from ..match import play_match
from .compare import same_move as _same_move
from .compare import whole_number as _whole_number
from .compare import within

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
