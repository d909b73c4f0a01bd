"""Notebook 03, minimax and negamax: its exercises, registered with ``course_lib.exercises``.

Each right answer is computed here by the library's searches when a check runs. The trees and
positions are the questions; the notebook shows the same ones.
"""

from __future__ import annotations

from typing import Any

from ..agents.evaluation import exact, open_lines
from ..agents.search import search
from ..ataxx import State, perft
from ..exercises import register
from ..games import GameTree, TicTacToe
from ..i18n import N_
from .compare import same_move as _same_move
from .compare import whole_number as _whole_number

TREE = [[[4, 6], [9, 3]], [[2, 7], [8, 1]], [[5, 3], [10, 1]]]
"""03-tree-value: the minimax value of this tree (MAX at the root, then MIN, then MAX)."""

LEAVES_FEN = "7/7/7/2oo3/2x4/7/7 x 0 10"
"""03-leaves-depth-2: how many leaves does minimax to depth 2 score from here?"""

MOVE_FEN = "7/4o2/2oo1o1/3x3/4xx1/7/7 x 0 10"
"""03-minimax-move: which move does minimax to depth 2 (material) play here?"""

TICTACTOE = "X.O/.../..."
"""03-tictactoe-winner: who wins this tic-tac-toe position with best play (X to move)?"""


def _tree_value() -> float:
    return search(GameTree(TREE), algorithm="minimax", depth=_height(TREE)).value


def _height(tree: Any) -> int:
    """The number of plies from the root of a nested-list tree to its deepest leaf."""
    return 1 + max(_height(child) for child in tree) if isinstance(tree, list) else 0


def _leaves_at_depth_2() -> int:
    return search(State.from_fen(LEAVES_FEN), algorithm="minimax", depth=2).stats.leaves


def _minimax_move():
    """Minimax's move at depth 2; the position is chosen so that only one move has the best
    value (so no tie rule is needed to answer)."""
    result = search(State.from_fen(MOVE_FEN), algorithm="minimax", depth=2)
    best = [move for move, value in result.root_values if value == result.value]
    if len(best) != 1:
        raise RuntimeError(f"03-minimax-move: {len(best)} moves share the best value")
    return result.move


def _tictactoe_winner() -> int:
    """1 (X), 2 (O) or 0 (a draw): the game's result with best play from TICTACTOE."""
    state = TicTacToe.from_string(TICTACTOE)
    value = search(state, algorithm="minimax", depth=9, evaluation=exact(open_lines)).value
    if value == 0:
        return 0
    return state.to_move if value > 0 else 3 - state.to_move


def _same_winner(answer: Any, expected: int) -> bool:
    """1, 2 or 0 as numbers, or the words 'X', 'O' and 'draw' (any case)."""
    if isinstance(answer, str):
        words = {"x": 1, "o": 2, "draw": 0}
        return words.get(answer.strip().lower()) == expected
    return _whole_number(answer, expected)


register(
    "03-tree-value", _tree_value,
    mistake=max(leaf for a in TREE for b in a for leaf in b),  # the best leaf
    hint=(
        N_("which player chooses at each level of the tree, and what does each of them want?"),
        N_("work from the bottom up. Each innermost pair such as [4, 6] holds the two leaves of a "
           "MAX node: the root player picks the larger. Each of the three items of the whole list "
           "is a MIN node over two such pairs: the opponent picks the smaller. The root is MAX "
           "over the three MIN nodes."),
        N_("search(GameTree(tree_1), 'minimax', depth=3).value computes it.")),
    compare=_whole_number)

register(
    "03-leaves-depth-2", _leaves_at_depth_2,
    mistake=perft(State.from_fen(LEAVES_FEN), 2),  # forgot finished games
    hint=(
        N_("which nodes does the evaluation score: only those two plies down, or others too?"),
        N_("a leaf is a node scored by the evaluation: every position at depth 2, and also every "
           "position at depth 1 where the game is over (a move that captures all of o's stones "
           "ends it, and that position has no children). perft(position, 2) counts only the first "
           "kind."),
        N_("search(position_2, 'minimax', depth=2).stats.leaves counts both.")),
    compare=_whole_number)

register(
    "03-minimax-move", _minimax_move,
    mistake="e5",  # greedy's move
    hint=(
        N_("greedy looks at what a move wins; what does minimax at depth 2 look at after each "
           "move of x?"),
        N_("minimax at depth 2 scores each move of x by o's best reply, the one that leaves x the "
           "least material; the move with the most material after one move (greedy's) is not it."),
        N_("search(position_3, 'minimax', depth=2).move gives it; write the move as text: a clone "
           "is its destination ('b6'), a jump source then destination ('a7c5').")),
    compare=_same_move(MOVE_FEN))

register(
    "03-tictactoe-winner", _tictactoe_winner,
    mistake=0,  # "tic-tac-toe is a draw"
    hint=(
        N_("with best play on both sides: can X make two threats at once, so that O can block "
           "only one?"),
        N_("search the whole tree, with finished games scored as wins, losses and draws: a value "
           "above 0 means the player to move (X) wins, below 0 that O wins, 0 a draw. Answer 1 "
           "for X, 2 for O, 0 for a draw."),
        N_("search(position_4, 'minimax', depth=9, evaluation=exact(open_lines)).value gives the "
           "value.")),
    compare=_same_winner)
