"""Notebook 04, alpha-beta: its helpers and its exercises.

Helpers (later notebooks use ``middle_game`` too):

- ``middle_game(seed)``: a reproducible middle-game ATAXX position, for measuring searches on
  positions like those of real games rather than on the start position;
- ``random_tree(seed)``: a seeded random game tree as nested lists (``GameTree``'s format), for
  checking a search on many small trees;
- ``skipped_leaves(tree)``: the leaves of a nested-list tree that a search never evaluated, by
  name (``'1.2'`` is the third leaf below the root's second move);
- ``window_search(state, depth, alpha, beta)``: one alpha-beta call with a given window, to
  see the window contract at work.

The size of Knuth and Moore's minimal tree, which notebook 04 compares node counts with, is
``course_lib.agents.stats.minimal_tree_nodes``.

>>> from course_lib.games import TEXTBOOK_TREE, GameTree
>>> skipped_leaves(TEXTBOOK_TREE)
['1.1', '1.2']
>>> skipped_leaves(TEXTBOOK_TREE, algorithm="minimax")
[]
>>> random_tree(7, depth=2, branching=(2, 3))
[[7, 2], [-9, 6], [-7, 0]]
>>> window_search(GameTree(TEXTBOOK_TREE), 2, 5, 10)
WindowResult(value=5, nodes=8)
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Iterator, NamedTuple

from .. import checks
from ..agents.search import search
from ..ataxx import State
from ..errors import InvalidArgumentError
from ..exercises import register, register_prediction
from ..games import TEXTBOOK_TREE, GameTree
from ..i18n import N_
from ..rng import SplitMix64, check_seed
from .compare import whole_number as _whole_number

__all__ = ["WindowResult", "middle_game", "random_tree", "skipped_leaves", "window_search"]


class WindowResult(NamedTuple):
    """What one alpha-beta call with a window returned, and how many nodes it visited."""

    value: float
    nodes: int


MAX_WINDOW_DEPTH = 64
"""The deepest ``window_search`` goes (the readable search: a few plies are already slow)."""


def _window_end(value: Any, name: str) -> float:
    """An end of a window: a real number, -inf and inf included (not NaN)."""
    real = (checks.is_whole(value) or isinstance(value, float)
            or type(value).__name__.startswith("float"))
    if real and not math.isnan(value):
        return value
    raise InvalidArgumentError(f"{name} must be a number (-inf and inf included), got "
                               f"{checks.describe(value)} of type {type(value).__name__}")


def window_search(state: Any, depth: int, alpha: float, beta: float,
                  algorithm: str = "alphabeta", evaluation: Any = None) -> WindowResult:
    """Call ``Searcher.alphabeta`` (or ``Searcher.negamax_alphabeta`` with
    ``algorithm='negamax-alphabeta'``) on ``state`` with the window (alpha, beta), as the root
    of a search for the player to move, without move ordering.

    The value follows the window contract: the true value v when alpha <= v <= beta, at most
    alpha when v < alpha, at least beta when v > beta. In both forms it is from the view of the
    player to move in ``state``.
    """
    from ..agents.evaluation import default_evaluation
    from ..agents.search import Searcher

    state = checks.game_state(state)
    depth = checks.whole(depth, "depth", 0, MAX_WINDOW_DEPTH)
    alpha, beta = _window_end(alpha, "alpha"), _window_end(beta, "beta")
    if not alpha <= beta:
        raise InvalidArgumentError(f"the window needs alpha <= beta, got ({alpha!r}, {beta!r})")
    algorithm = checks.choice(algorithm, "algorithm", ("alphabeta", "negamax-alphabeta"))
    evaluation = checks.function(evaluation, "evaluation", "an evaluation (state, player) -> "
                                 "number", optional=True)
    searcher = Searcher(algorithm, evaluation=evaluation or default_evaluation(state))
    searcher.root_player = state.to_move
    method = searcher.alphabeta if algorithm == "alphabeta" else searcher.negamax_alphabeta
    value = method(state, depth, alpha, beta, 0, None, None)
    return WindowResult(value, searcher.stats.nodes)


def middle_game(seed: int, opening_plies: int = 6, turns: int = 24) -> Any:
    """The ATAXX position after ``opening_plies`` seeded random moves from the start
    (``random_opening``) and then ``turns`` moves of alpha-beta to depth 2 (material, gain
    ordering) for both players.

    The random moves make the positions differ from seed to seed; the searched moves make them
    look like a game between players who try, with both sides keeping stones on the board. The
    same seed always gives the same position. If the game ends early, the finished position is
    returned: check ``is_over()`` before searching it.

    >>> middle_game(1).fen()
    '2oo2o/x1oo1oo/x4oo/xx3oo/x3ooo/x6/xx5 x 4 16'
    """
    from ..match.play import random_opening

    check_seed(seed)
    for name, value in (("opening_plies", opening_plies), ("turns", turns)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
    state = random_opening(opening_plies, seed)
    for _ in range(turns):
        if state.is_over():
            break
        state = state.apply(search(state, "negamax-alphabeta", depth=2, order="gain").move)
    return state


def random_tree(seed: int, depth: int = 3, branching: tuple[int, int] = (2, 3),
                values: tuple[int, int] = (-9, 9)) -> list:
    """A random game tree as nested lists: every inner node has between ``branching[0]`` and
    ``branching[1]`` children, every leaf is ``depth`` plies below the root and holds a whole
    number from ``values[0]`` to ``values[1]``. Drawn with the course's seeded ``SplitMix64``,
    so the same seed gives the same tree."""
    low, high = branching
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number >= 1, got {depth!r}")
    if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high):
        raise ValueError(f"branching must be (least, most) children with 1 <= least <= most, "
                         f"got {branching!r}")
    if not (isinstance(values[0], int) and isinstance(values[1], int)
            and values[0] <= values[1]):
        raise ValueError(f"values must be (lowest, highest) whole numbers, got {values!r}")
    rng = SplitMix64(seed)

    def grow(level: int) -> Any:
        if level == depth:
            return values[0] + rng.below(values[1] - values[0] + 1)
        return [grow(level + 1) for _ in range(low + rng.below(high - low + 1))]

    return grow(0)


def skipped_leaves(tree: list, algorithm: str = "alphabeta", **options: Any) -> list[str]:
    """The names of the leaves of the nested-list ``tree`` that
    ``search(GameTree(tree), algorithm, ...)`` never evaluated, left to right. A leaf's name is
    its path of moves joined by dots (``'2.0.1'``). The search goes to the bottom of the tree;
    ``options`` go to ``search`` (``order=...``)."""

    root = GameTree(tree)
    result = search(root, algorithm, depth=_height(tree), record=True, **options)
    graph = result.tree
    evaluated = {graph.nodes[n]["state"].path for n in graph if graph.nodes[n]["leaf"]}
    return [".".join(map(str, path)) for path in _leaf_paths(tree) if path not in evaluated]


def _height(tree: Any) -> int:
    return 1 + max(_height(child) for child in tree) if isinstance(tree, list) else 0


def _leaf_paths(tree: Any, path: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    if isinstance(tree, list):
        for index, child in enumerate(tree):
            yield from _leaf_paths(child, path + (index,))
    else:
        yield path


# --- The exercises of notebook 04 ----------------------------------------------------------------

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
    hint=(
        N_("as the search goes from the left, what can MAX already count on, and when can a node "
           "stop because nothing below it can change the answer?"),
        N_("keep alpha (what MAX can count on) and beta (what MIN can count on). A MIN node stops "
           "as soon as a child is worth alpha or less; a MAX node stops as soon as a child is "
           "worth beta or more. Every leaf below a skipped child is skipped too: when a MIN node "
           "stops, the leaves of its remaining MAX nodes are never scored."),
        N_("answer with a list of leaf names such as ['0.1.1', '2.0.0']; skipped_leaves(tree_1) "
           "computes it.")),
    compare=_same_leaves)

register(
    "04-window-value", _window_value,
    mistake=5,  # alpha itself, as a fail-hard search says
    hint=(
        N_("the true value lies below the window: what does the promise say the result is, and "
           "does the code return exactly that bound, or something else at most that bound?"),
        N_("start with alpha = 5, beta = 10 at the root and follow the code of section 2: a MIN "
           "node stops at its first leaf that is 5 or less and returns that leaf; the root "
           "returns the largest value its children returned."),
        N_("window_search(GameTree(tree_2), 2, 5, 10).value computes it.")),
    compare=_whole_number)

register(
    "04-best-order-leaves", _fewest_leaves,
    mistake=7,  # the count in the order given
    hint=(
        N_("with the best move first at every node, how many answers does it take to refute a "
           "move that is not the best?"),
        N_("at the root, search first the MIN node whose value is highest: its three leaves must "
           "all be scored to know its value. In the other MIN nodes, put first a leaf worth no "
           "more than that value: one leaf is then enough to cut."),
        N_("write the reordered tree and count with search(GameTree(tree), 'alphabeta', "
           "2).stats.leaves.")),
    compare=_whole_number)

register(
    "04-nodes-gain", _nodes_with_gain,
    mistake=2006,  # the count without ordering
    hint=(
        N_("which nodes does the search count, and what does ordering by gain change about the "
           "cuts?"),
        N_("count every node the search enters: the root, each of x's moves and each answer "
           "searched below them, but not the answers a cut skipped; with captures tried first, "
           "cuts come sooner."),
        N_("search(position_4, algorithm='alphabeta', depth=2, order='gain').stats.nodes counts "
           "them; the printed count is without ordering.")),
    compare=_whole_number)

register_prediction(
    "04-alphabeta-savings",
    N_("how many times as many nodes as alpha-beta (no ordering) minimax visits at depth 5"),
    low=1)
