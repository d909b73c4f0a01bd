"""Small helpers for the search experiments of the notebooks.

Introduced in notebook 04 (alpha-beta):

- ``middle_game(seed)``: a reproducible middle-game ATAXX position, for measuring searches on
  positions like those of real games rather than on the start position;
- ``random_tree(seed)``: a seeded random game tree as nested lists (``GameTree``'s format), for
  checking a search on many small trees;
- ``skipped_leaves(tree)``: the leaves of a nested-list tree that a search never evaluated, by
  name (``'1.2'`` is the third leaf below the root's second move);
- ``window_search(state, depth, alpha, beta)``: one alpha-beta call with a given window, to
  see the window contract at work;
- ``minimal_tree_leaves(b, d)`` and ``minimal_tree_nodes(b, d)``: the size of Knuth and Moore's
  minimal tree, the fewest leaves (and nodes) alpha-beta can visit in a uniform tree.

Introduced in notebooks 05 and 06:

- ``stored_measurement(name)``: a long measurement run once by a script in ``benchmarks/`` and
  kept as JSON in ``course_lib/data/`` (too long to run in a notebook).

>>> from course_lib.games import TEXTBOOK_TREE, GameTree
>>> skipped_leaves(TEXTBOOK_TREE)
['1.1', '1.2']
>>> skipped_leaves(TEXTBOOK_TREE, algorithm="minimax")
[]
>>> random_tree(7, depth=2, branching=(2, 3))
[[7, 2], [-9, 6], [-7, 0]]
>>> window_search(GameTree(TEXTBOOK_TREE), 2, 5, 10)
WindowResult(value=5, nodes=8)
>>> minimal_tree_leaves(3, 2), minimal_tree_nodes(3, 2)    # the textbook tree: b = 3, d = 2
(5, 9)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Iterator, NamedTuple

from ..errors import CourseError
from ..rng import SplitMix64, check_seed

__all__ = ["WindowResult", "middle_game", "minimal_tree_leaves", "minimal_tree_nodes",
           "random_tree", "skipped_leaves", "stored_measurement", "window_search"]


class WindowResult(NamedTuple):
    """What one alpha-beta call with a window returned, and how many nodes it visited."""

    value: float
    nodes: int


def window_search(state: Any, depth: int, alpha: float, beta: float,
                  algorithm: str = "alphabeta", evaluation: Any = None) -> WindowResult:
    """Call ``Searcher.alphabeta`` (or ``Searcher.negamax_alphabeta`` with
    ``algorithm='negamax-alphabeta'``) on ``state`` with the window (alpha, beta), as the root
    of a search for the player to move, without move ordering.

    The value follows the window contract: the true value v when alpha <= v <= beta, at most
    alpha when v < alpha, at least beta when v > beta. In both forms it is from the view of the
    player to move in ``state``.
    """
    from .evaluation import default_evaluation
    from .search import Searcher

    if algorithm not in ("alphabeta", "negamax-alphabeta"):
        raise ValueError(f"algorithm must be 'alphabeta' or 'negamax-alphabeta', got "
                         f"{algorithm!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number >= 0, got {depth!r}")
    if not alpha <= beta:
        raise ValueError(f"the window needs alpha <= beta, got ({alpha!r}, {beta!r})")
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
    from .search import search

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
    from ..games import GameTree
    from .search import search

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


# --- The minimal tree (Knuth and Moore, 1975) -------------------------------------------------


def _check_uniform_tree(b: Any, d: Any) -> None:
    if isinstance(b, bool) or not isinstance(b, (int, float)) or not b >= 1:
        raise CourseError(f"the branching factor b must be a number >= 1, got {b!r}")
    if isinstance(d, bool) or not isinstance(d, int) or d < 0:
        raise CourseError(f"the depth d must be a whole number >= 0, got {d!r}")


def minimal_tree_leaves(b: float, d: int) -> float:
    """The fewest leaves alpha-beta can evaluate in a uniform tree (every inner node has ``b``
    moves, every leaf is ``d`` plies down): b^ceil(d/2) + b^floor(d/2) - 1 (Knuth and Moore,
    1975). Any order of the moves visits at least these leaves, and the best order (the best
    move first at every node) visits exactly these. It is the number of nodes at level ``d``
    of the *minimal tree*; a whole number when ``b`` is one.

    >>> minimal_tree_leaves(3, 2)          # the textbook tree: 5 of its 9 leaves
    5
    >>> [minimal_tree_leaves(10, d) for d in range(5)]
    [1, 10, 19, 109, 199]
    """
    _check_uniform_tree(b, d)
    return b ** ((d + 1) // 2) + b ** (d // 2) - 1


def minimal_tree_nodes(b: float, d: int) -> float:
    """The nodes of the minimal tree to depth ``d``, the root included: the sum of
    ``minimal_tree_leaves(b, k)`` over the levels k = 0..d. The course's searches count
    nodes this way (``stats.nodes``), so this is the yardstick for their node counts.

    >>> minimal_tree_nodes(10, 2)          # 1 + 10 + 19
    30
    """
    _check_uniform_tree(b, d)
    return sum(minimal_tree_leaves(b, k) for k in range(d + 1))


# --- Measurements kept as data -----------------------------------------------------------------


def stored_measurement(name: str) -> dict:
    """The measurement ``name`` kept in ``course_lib/data/<name>.json``: figures from a long
    run of a script in ``benchmarks/`` (the file's ``script`` key says which, ``date`` and
    ``machine`` where), for the notebooks to show without running it again.

    >>> stored_measurement("mcts_c")["script"].split()[0]
    'benchmarks/bench_mcts_c.py'
    """
    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise CourseError(f"a stored measurement is named by letters, digits and _, got {name!r}")
    path = resources.files("course_lib").joinpath("data", f"{name}.json")
    if not path.is_file():
        known = sorted(p.name[:-5] for p in resources.files("course_lib").joinpath("data")
                       .iterdir() if p.name.endswith(".json"))
        raise CourseError(f"no stored measurement {name!r}; there are: {', '.join(known)}")
    return json.loads(path.read_text())
