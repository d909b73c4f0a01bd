"""The exercises of notebook 04, alpha-beta, registered with ``course_lib.exercises``.

Each right answer is computed here by the library's searches when a check runs. The trees,
windows and positions are the questions; the notebook shows the same ones.
"""

from __future__ import annotations

import itertools
from typing import Any

from ..agents.experiments import skipped_leaves, window_search
from ..agents.search import search
from ..ataxx import State
from ..exercises import register
from ..games import TEXTBOOK_TREE, GameTree
from .compare import whole_number as _whole_number

SKIP_TREE = [[[5, 2], [7, 3]], [[4, 1], [6, 8]], [[9, 6], [10, 4]]]
"""04-skipped-leaves: which leaves of this tree (MAX, MIN, MAX, leaves) does alpha-beta never
score?"""

WINDOW_TREE = [[7, 3, 8], [2, 9, 6], [4, 1, 5]]
WINDOW = (5, 10)
"""04-window-value: the value alpha-beta (MAX/MIN form) returns on WINDOW_TREE with WINDOW."""

ORDER_TREE = TEXTBOOK_TREE
"""04-best-order-leaves: the fewest leaves alpha-beta scores on this tree, over every order of
the moves at every node."""

GAIN_FEN = "x3ooo/x4oo/xx4o/x4o1/x2oo2/x2o3/x6 x 2 12"
GAIN_DEPTH = 2
"""04-nodes-gain: the nodes alpha-beta visits from GAIN_FEN to GAIN_DEPTH with gain ordering."""


def _skipped() -> list[str]:
    return skipped_leaves(SKIP_TREE)


def _same_leaves(answer: Any, expected: list[str]) -> bool:
    """A list, tuple or set of leaf names ('0.1.1'), in any order, each named once."""
    if not isinstance(answer, (list, tuple, set, frozenset)):
        return False
    if not all(isinstance(name, str) for name in answer):
        return False
    names = [name.strip() for name in answer]
    return len(names) == len(set(names)) and set(names) == set(expected)


def _window_value() -> float:
    """The value of the MAX/MIN form; the negamax form must agree (it is the same search)."""
    root = GameTree(WINDOW_TREE)
    value = window_search(root, 2, *WINDOW).value
    other = window_search(root, 2, *WINDOW, algorithm="negamax-alphabeta").value
    if value != other:
        raise RuntimeError(f"04-window-value: the two forms return {value} and {other}")
    return value


def _reorderings(tree: Any) -> list[Any]:
    """Every tree made from ``tree`` by reordering the children of any of its nodes."""
    if not isinstance(tree, list):
        return [tree]
    options = [_reorderings(child) for child in tree]
    trees = []
    for order in itertools.permutations(range(len(tree))):
        for children in itertools.product(*(options[i] for i in order)):
            trees.append(list(children))
    return trees


def _fewest_leaves() -> int:
    return min(search(GameTree(tree), "alphabeta", depth=2).stats.leaves
               for tree in _reorderings(ORDER_TREE))


def _nodes_with_gain() -> int:
    return search(State.from_fen(GAIN_FEN), "alphabeta", depth=GAIN_DEPTH,
                  order="gain").stats.nodes


register(
    "04-skipped-leaves", _skipped,
    mistake=["0.1.1", "1.1", "2.1.1"],  # named the skipped MAX node, not its leaves
    hint="search from the left and keep alpha (what MAX can count on) and beta (what MIN can "
         "count on). A MIN node stops as soon as a child is worth alpha or less; a MAX node "
         "stops as soon as a child is worth beta or more. Every leaf below a skipped child is "
         "skipped too: when a MIN node stops, the leaves of its remaining MAX nodes are never "
         "scored. Answer with a list of names such as ['0.1.1', '2.0.0']. "
         "skipped_leaves(tree_1) computes it.",
    compare=_same_leaves)

register(
    "04-window-value", _window_value,
    mistake=5,  # alpha itself, as a fail-hard search says
    hint="the true value of the tree is 3, below the window, so the search promises a value "
         "of at most 5, but which one? Start with alpha = 5, beta = 10 at the root and follow "
         "the code: a MIN node stops at its first leaf that is 5 or less and returns that "
         "leaf; the root returns the largest value its children returned. "
         "window_search(GameTree(tree_2), 2, 5, 10).value computes it.",
    compare=_whole_number)

register(
    "04-best-order-leaves", _fewest_leaves,
    mistake=7,  # the count in the order given
    hint="put the best move first at every node. At the root, search first the MIN node whose "
         "value is highest (its three leaves must all be scored to know its value). In the "
         "other MIN nodes, put first a leaf worth no more than that value: one leaf is then "
         "enough to cut. Write the reordered tree and count with "
         "search(GameTree(tree), 'alphabeta', 2).stats.leaves.",
    compare=_whole_number)

register(
    "04-nodes-gain", _nodes_with_gain,
    mistake=2006,  # the count without ordering
    hint="count every node the search enters: the root, each of x's moves and each answer "
         "searched below them, but not the answers a cut skipped. "
         "search(position_4, algorithm='alphabeta', depth=2, order='gain').stats.nodes "
         "counts them; the printed count is without ordering.",
    compare=_whole_number)
