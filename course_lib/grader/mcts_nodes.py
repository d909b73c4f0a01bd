"""Plain MCTS nodes for the 06 exercises, copied from trees the course's ``MCTSAgent`` grew.

A ``GraderNode`` has the attributes a student's UCB selection or backpropagation reads and
writes: ``move``, ``player`` (who made the move into the node; ``wins`` count for that player),
``to_move``, ``visits``, ``wins``, ``children`` and ``parent``.

>>> root = GraderNode(None, 2, 1, visits=3, wins=1.0)
>>> child = root.add(GraderNode(4, 1, 2, visits=2, wins=1.5))
>>> child.parent is root, root.children[0].win_rate
(True, 0.75)
"""

from __future__ import annotations

from typing import Any


class GraderNode:
    """One node of an MCTS tree (see the module's docstring)."""

    __slots__ = ("move", "player", "to_move", "visits", "wins", "children", "parent", "name")

    def __init__(self, move: Any, player: int, to_move: int, visits: int = 0,
                 wins: float = 0.0, name: str = "root") -> None:
        self.move = move
        self.player = player
        self.to_move = to_move
        self.visits = visits
        self.wins = wins
        self.children: list[GraderNode] = []
        self.parent: GraderNode | None = None
        self.name = name

    def add(self, child: GraderNode) -> GraderNode:
        child.parent = self
        if child.name == "root":
            child.name = str(child.move) if self.name == "root" else f"{self.name}.{child.move}"
        self.children.append(child)
        return child

    @property
    def win_rate(self) -> float:
        return self.wins / self.visits if self.visits else 0.0

    def state_of(self) -> tuple:
        """Everything a selection or a backpropagation must leave as it was, or may change."""
        return (self.move, self.player, self.to_move, self.visits, self.wins,
                tuple(id(c) for c in self.children), id(self.parent))

    def __repr__(self) -> str:
        return f"<node {self.name}: visits {self.visits}, wins {self.wins:g}>"


def from_agent(node: Any, parent: GraderNode | None = None) -> GraderNode:
    """A copy of an ``MCTSAgent`` node and everything below it; the moves the node has not
    tried yet become children with 0 visits (after the tried ones, in move order)."""
    copy = GraderNode(node.move, node.player, node.state.to_move, node.visits, node.wins)
    if parent is not None:
        parent.add(copy)
    for child in node.children:
        from_agent(child, copy)
    for move in node.untried or []:
        copy.add(GraderNode(move, node.state.to_move, 3 - node.state.to_move))
    return copy


def inner_nodes(root: GraderNode) -> list[GraderNode]:
    """The nodes that have children, depth first."""
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        if node.children and node.visits > 0:
            found.append(node)
        stack.extend(reversed(node.children))
    return found
