"""An explicit game tree written as nested lists: the textbook's examples, searched for real.

A list is an inner node whose items are its children; a number is a leaf, its value from the
view of player 1 (MAX). Player 1 moves at the root, and the players alternate. A move is the
index of a child. A node written ``("pass", subtree)`` belongs to a player who cannot move: its
one move, ``"pass"``, leads to ``subtree`` with the other player to move.

>>> root = GameTree(TEXTBOOK_TREE)
>>> root.apply(1).apply(0).leaf_value
2
>>> blocked = GameTree([[3, ("pass", [4, 9])], [2, 7]]).apply(0).apply(1)
>>> blocked.legal_moves(), blocked.to_move, blocked.apply("pass").to_move
(['pass'], 1, 2)
"""

from __future__ import annotations

import math
from typing import Any

from ..errors import IllegalMoveError, InvalidArgumentError

MAX_TREE_NODES = 1_000_000
"""An explicit tree holds at most this many nodes (a list that contains itself has no end)."""

PASS = "pass"
"""The move of a node written ``("pass", subtree)``."""

TEXTBOOK_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""The textbook's three-ply tree: MAX over three MIN nodes; minimax value 3."""


class GameTree:
    """A node of an explicit game tree; ``path`` is the moves from the root (child indices,
    and ``"pass"`` where a player cannot move)."""

    __slots__ = ("tree", "node", "path", "to_move")

    def __init__(self, tree: Any, path: tuple[int, ...] = ()) -> None:
        _check_tree(tree)
        node = tree
        if isinstance(path, (str, bytes)) or not hasattr(path, "__iter__"):
            raise InvalidArgumentError(f"path must be a tuple of child indices, got {path!r:.60}")
        for index in path:
            if not _is_move(node, index):
                raise InvalidArgumentError(
                    f"path {tuple(path)!r:.60} leaves the tree at {index!r:.20}: each index "
                    "must be a child of the node reached so far ('pass' at a pass node)")
            node = _child(node, index)
        self.tree = tree
        self.node = node
        self.path = tuple(path)
        self.to_move = 1 if len(self.path) % 2 == 0 else 2

    @property
    def leaf_value(self) -> float | None:
        """The value of a leaf for player 1; None for an inner node."""
        return None if isinstance(self.node, (list, tuple)) else self.node

    @property
    def name(self) -> str:
        """A label for pictures: 'root', or the path such as '1.0'."""
        return ".".join(map(str, self.path)) if self.path else "root"

    def legal_moves(self) -> list[int | str]:
        if isinstance(self.node, tuple):
            return [PASS]
        return list(range(len(self.node))) if isinstance(self.node, list) else []

    def apply(self, move: int | str) -> GameTree:
        if not _is_move(self.node, move):
            raise IllegalMoveError(f"node {self.name} has no move {move!r:.40}; its moves are "
                                   f"{self.legal_moves()}")
        child = GameTree.__new__(GameTree)
        child.tree = self.tree
        child.node = _child(self.node, move)
        child.path = self.path + (move,)
        child.to_move = 3 - self.to_move
        return child

    def is_terminal(self) -> bool:
        return not isinstance(self.node, (list, tuple))

    is_over = is_terminal

    def winner(self) -> int | None:
        value = self.leaf_value
        if value is None:
            return None
        return 1 if value > 0 else 2 if value < 0 else 0

    def key(self) -> tuple:
        return self.path

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameTree) and other.tree is self.tree and other.path == self.path

    def __hash__(self) -> int:
        return hash(self.path)

    def __repr__(self) -> str:
        return f"GameTree(<{self.name}>)"


def _is_move(node: Any, move: Any) -> bool:
    if isinstance(node, tuple):
        return move == PASS
    return isinstance(node, list) and type(move) is int and 0 <= move < len(node)


def _child(node: Any, move: Any) -> Any:
    return node[1] if isinstance(node, tuple) else node[move]


def _check_tree(tree: Any) -> None:
    """Raise InvalidArgumentError unless ``tree`` is a finite number, a non-empty list of
    trees or a pass ``("pass", tree)``, with at most MAX_TREE_NODES nodes in all."""
    todo, seen = [tree], 0
    while todo:
        node = todo.pop()
        seen += 1
        if seen > MAX_TREE_NODES:
            raise InvalidArgumentError(
                f"a game tree has at most {MAX_TREE_NODES:,} nodes (does a list contain itself?)")
        if isinstance(node, tuple) and len(node) == 2 and node[0] == PASS:
            todo.append(node[1])
            continue
        if isinstance(node, bool) or not isinstance(node, (list, int, float)) or (
                not isinstance(node, list) and not -math.inf < node < math.inf):
            raise InvalidArgumentError(
                "a game tree is a list of children, a finite number (a leaf) or "
                f"('pass', subtree), got {node!r:.60}")
        if isinstance(node, list):
            if not node:
                raise InvalidArgumentError("an inner node of a game tree needs at least one "
                                           "child; write a leaf as a number")
            todo.extend(node)
