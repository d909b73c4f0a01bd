"""The positions the grader runs a student's function on: explicit trees (one with a pass),
tic-tac-toe and ATAXX positions, MCTS nodes and SPRT game sequences.

The explicit trees are ``course_lib.games.GameTree``s, where a node written
``("pass", subtree)`` belongs to a player who cannot move.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..games import TEXTBOOK_TREE, GameTree, TicTacToe
from ..games.tree import PASS as PASS_MOVE


def tree_evaluation(state: Any, player: int) -> float:
    """An explicit tree's evaluation: a leaf's value; an inner node (at the depth limit) is
    valued as its first leaf (follow child 0, or the pass, down). From ``player``'s view."""
    node = state.node
    while not isinstance(node, (int, float)):
        node = node[1] if isinstance(node, tuple) else node[0]
    return node if player == 1 else -node


def ttt_evaluation(state: Any, player: int) -> int:
    """Tic-tac-toe: +100 for a won game, -100 for a lost one, else open lines for ``player``
    minus those for the opponent (the lecture's evaluation, with wins beyond it)."""
    owner = state.line_owner()
    if owner:
        return 100 if owner == player else -100
    return state.open_lines(player) - state.open_lines(3 - player)


def ataxx_evaluation(state: Any, player: int) -> int:
    """ATAXX material: stones of ``player`` minus the opponent's."""
    return state.material(player)


# --- The positions ----------------------------------------------------------------------------

PASS_TREE = [[("pass", [5, 1]), 4], [6, ("pass", [2, 8])], [3, 9]]
"""MAX, then MIN; in two MIN nodes' subtrees a player has to pass."""

TIE_TREE = [[4, 6], [7, 4], [5, 4]]
"""Two root moves worth 4: the first one is played."""

DEEP_TREE = [[[5, 2], [7, 3]], [[4, 1], [6, 8]], [[9, 6], [10, 4]]]
"""Three plies (MAX, MIN, MAX) of leaves."""

CUT_TREE = [[3, 8], [2, 9, 1], [3, 4], [7, 5]]
"""A child equal to the best so far: a cut needs >=, not >."""

WINDOW_TREE = [[7, 3, 8], [2, 9, 6], [4, 1, 5]]

DEEPENING_TREE = [[[2, 8], [7, 7]], [[5, 7], [4, 4]], [[7, 6], [2, 1]]]
"""The best move changes with the depth: move 2 at depth 1, move 1 at depth 2, move 0 at 3."""

TTT_POSITIONS = ["X.O/.X./O..", "XO./.O./..X", "X../.O./..."]
"""Tic-tac-toe positions (X moves first; the side to move follows from the marks)."""

TTT_O_TO_MOVE = ["X.O/.X./...", "XX./.O./..."]
"""Tic-tac-toe positions with O to move (O must block X's diagonal in the first, X's row in
the second)."""

ATAXX_FENS = [
    "x5o/7/7/7/7/7/o5x x 0 1",
    "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/7/7 x 0 9",
]
"""ATAXX positions searched to depth 2; in the second, x has no move and must pass."""

ATAXX_O_TO_MOVE = ["x5o/1x5/7/7/7/7/o5x o 0 1",
                   "xxxxxxx/xxxxxxx/xxxxx2/xxxo3/ooooooo/ooooooo/ooooooo o 0 20"]
"""ATAXX positions with o to move: after x's first clone, and an ending."""

EVAL_FENS = [
    "x5o/7/7/7/7/7/o5x x 0 1",
    "x3ooo/x4oo/xx4o/x4o1/x2oo2/x2o3/x6 x 2 12",
    "xxxxxxx/xxxxxxx/ooooooo/ooooooo/7/7/7 o 0 9",
    "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1",
    "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooo2/oooo3 o 0 30",
    "ooooooo/ooooooo/ooooooo/oooxooo/ooooooo/ooooooo/oooooo1 x 0 40",
]


def second_player_tree(tree: Any) -> GameTree:
    """An explicit tree with player 2 to move at its root (leaf values stay player 1's)."""
    state = GameTree(tree)
    state.to_move = 2
    return state


def ataxx(fen: str) -> Any:
    from ..ataxx import State
    return State.from_fen(fen)


def ttt(text: str) -> TicTacToe:
    return TicTacToe.from_string(text)


TREES = {"the textbook tree": TEXTBOOK_TREE, "a tree with passes": PASS_TREE,
         "a tree with a tie": TIE_TREE, "a three-ply tree": DEEP_TREE,
         "a tree with an equal child": CUT_TREE}


# --- Othello, for 09-flips ---------------------------------------------------------------------

class OthelloBoard(NamedTuple):
    """What 09-flips hands the function: an Othello position's ``cells`` and ``to_move``, and
    nothing that computes a flip (``Othello.flips`` would be the answer)."""

    cells: tuple
    to_move: int

    def __str__(self) -> str:
        from ..games.othello import Othello
        return str(Othello(self.cells, self.to_move))


FLIPS_TEXTS = [
    "......../......../......../...ox.../...xo.../......../......../........ x",
    "......../......../...x..../...xx.../...xo.../......../......../........ o",
    "...ooooo/.ox.ooo./.oo.oo../.oxooooo/o.xxox.x/..x.x.x./.x..ox../....o... x",
    "...ooooo/....ooo./..o.oo../.xxxxxx./..ooxo.x/..o.x.../....x.../........ o",
    "xo...ooo/xxooooo./xoxoxoxx/xooxxoxx/.ooxxoox/oxooxoxx/xx.oooxx/ox.o.oox x",
    ".ox.ooo./ooxoooo./.oxxxxxx/oxoooxxx/oxxooxx./oxoxxxxx/ox.xooo./xxxxo.ox o",
]
"""Othello positions, x and o to move (texts of ``Othello.from_text``): the start, after d3,
two middle games and two endings of seeded random games. 09-flips asks about every empty
square of each, those where nothing turns over included. Every known mistake goes wrong with o
to move, and every one but taking black for the mover with x to move too (a test holds it)."""


def othello_board(text: str) -> OthelloBoard:
    from ..games.othello import Othello
    state = Othello.from_text(text)
    return OthelloBoard(state.cells, state.to_move)
