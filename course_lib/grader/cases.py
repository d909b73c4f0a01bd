"""The positions the grader runs a student's function on: explicit trees (one with a pass),
tic-tac-toe and ATAXX positions, MCTS nodes and SPRT game sequences.

Gomoku positions for the line-score exercise (both boards, both players to move, stones at
the edge, a five within reach).

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


# --- Gomoku, for the line score ----------------------------------------------------------------

def _gomoku_from_stones(black: str, white: str, size: int, rule: str) -> Any:
    from ..games.gomoku import Gomoku, geometry
    board = geometry(size)
    cells = [0] * board.points
    for player, names in ((1, black), (2, white)):
        for name in names.split():
            cells[board.index[name]] = player
    return Gomoku(cells, size=size, rule=rule)


def _gomoku_random(seed: int, stones: int, size: int, rule: str) -> Any:
    """A game of ``stones`` random moves near the stones (seeded), from the empty board."""
    from ..games.gomoku import Gomoku
    from ..rng import SplitMix64
    rng = SplitMix64(seed)
    state = Gomoku(size=size, rule=rule, radius=1)
    for _ in range(stones):
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return Gomoku(state.cells, size=size, rule=rule)


def gomoku_positions() -> list[tuple[str, Any]]:
    """(label, position) for the line-score cases; each is asked about every empty point
    within 2 of a stone, for both players."""
    return [
        ("19x19 omok, 12 stones, x to move",
         _gomoku_from_stones("h10 i11 l12 k12 h12 j12", "i10 j11 k10 i9 k13 j13", 19, "omok")),
        ("19x19, o to move: x has an open three and a four with a gap",
         _gomoku_from_stones("h10 i10 j10 m5 m6 m8", "c3 r17 a19 s1 q3", 19, "freestyle")),
        ("15x15, o to move, stones along the edges",
         _gomoku_from_stones("a1 a2 a3 o13 n15 d1 h15", "b1 a4 o15 o14 c1 g15", 15,
                             "freestyle")),
        ("15x15, o to move, a five within reach of both",
         _gomoku_from_stones("d4 e5 f6 g7 j2 k2", "d10 e10 f10 g10 l9", 15, "freestyle")),
        ("19x19 omok, 40 stones of a random game, x to move", _gomoku_random(3, 40, 19, "omok")),
        ("15x15, 61 stones of a random game, o to move", _gomoku_random(7, 61, 15, "freestyle")),
    ]
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
