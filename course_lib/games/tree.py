"""An explicit game tree written as nested lists: the textbook's examples, searched for real.

A list is an inner node whose items are its children; a number is a leaf, its value from the
view of player 1 (MAX). Player 1 moves at the root, and the players alternate. A move is the
index of a child.

>>> root = GameTree(TEXTBOOK_TREE)
>>> root.apply(1).apply(0).leaf_value
2
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import IllegalMoveError, InvalidArgumentError

MAX_TREE_NODES = 1_000_000
"""An explicit tree holds at most this many nodes (a list that contains itself has no end)."""

TEXTBOOK_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""The textbook's three-ply tree: MAX over three MIN nodes; minimax value 3."""


class GameTree:
    """A node of an explicit game tree; ``path`` is the list of child indices from the root."""

    __slots__ = ("tree", "node", "path", "to_move")

    def __init__(self, tree: Any, path: tuple[int, ...] = ()) -> None:
        _check_tree(tree)
        node = tree
        if isinstance(path, (str, bytes)) or not hasattr(path, "__iter__"):
            raise InvalidArgumentError(f"path must be a tuple of child indices, got {path!r:.60}")
        for index in path:
            if not isinstance(node, list) or type(index) is not int or not 0 <= index < len(node):
                raise InvalidArgumentError(
                    f"path {tuple(path)!r:.60} leaves the tree at {index!r:.20}: each index "
                    "must be a child of the node reached so far")
            node = node[index]
        self.tree = tree
        self.node = node
        self.path = tuple(path)
        self.to_move = 1 if len(self.path) % 2 == 0 else 2

    @property
    def leaf_value(self) -> float | None:
        """The value of a leaf for player 1; None for an inner node."""
        return None if isinstance(self.node, list) else self.node

    @property
    def name(self) -> str:
        """A label for pictures: 'root', or the path such as '1.0'."""
        return ".".join(map(str, self.path)) if self.path else "root"

    def legal_moves(self) -> list[int]:
        return list(range(len(self.node))) if isinstance(self.node, list) else []

    def apply(self, move: int) -> GameTree:
        if not isinstance(self.node, list) or type(move) is not int \
                or not 0 <= move < len(self.node):
            raise IllegalMoveError(f"node {self.name} has no child {move!r:.40}")
        child = GameTree.__new__(GameTree)
        child.tree = self.tree
        child.node = self.node[move]
        child.path = self.path + (move,)
        child.to_move = 3 - self.to_move
        return child

    def is_terminal(self) -> bool:
        return not isinstance(self.node, list)

    is_over = is_terminal

    def winner(self) -> int | None:
        value = self.leaf_value
        if value is None:
            return None
        return 1 if value > 0 else 2 if value < 0 else 0

    def key(self) -> tuple:
        return self.path

    def __repr__(self) -> str:
        return f"GameTree(<{self.name}>)"


def _check_tree(tree: Any) -> None:
    """Raise InvalidArgumentError unless ``tree`` is a finite number or a non-empty list of
    trees, with at most MAX_TREE_NODES nodes in all."""
    todo, seen = [tree], 0
    while todo:
        node = todo.pop()
        seen += 1
        if seen > MAX_TREE_NODES:
            raise InvalidArgumentError(
                f"a game tree has at most {MAX_TREE_NODES:,} nodes (does a list contain itself?)")
        if isinstance(node, bool) or not isinstance(node, (list, int, float)) or (
                not isinstance(node, list) and not -math.inf < node < math.inf):
            raise InvalidArgumentError(
                f"a game tree is a list of children or a finite number (a leaf), got {node!r:.60}")
        if isinstance(node, list):
            if not node:
                raise InvalidArgumentError("an inner node of a game tree needs at least one "
                                           "child; write a leaf as a number")
            todo.extend(node)
