"""What a search reports: counts, the move it chose, and (if asked) the tree it searched.

A *node* is one position the search visits, the root and the leaves included: every search in
the course counts a node at the moment it enters a position, in both tiers. A *leaf* is a node
that is scored by the evaluation instead of being expanded. A *cutoff* is a node whose remaining
children were skipped because the window closed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidArgumentError


@dataclass
class SearchStats:
    """Counts filled in by a search while it runs.

    >>> stats = SearchStats(nodes=1200, seconds=0.5)
    >>> stats.nodes_per_second
    2400.0
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    tt_hits: int = 0
    """Transposition-table probes that found an entry of this position with enough depth."""
    tt_cutoffs: int = 0
    """Of those, the hits that ended the node at once."""
    ordering_nodes: int = 0
    """Nodes spent by a shallow search that orders the root moves (included in ``nodes``)."""
    depth: int = 0
    """The depth of the last finished search (for iterative deepening: the deepest finished)."""
    seconds: float = 0.0
    nodes_per_depth: list[int] = field(default_factory=list)
    """``nodes_per_depth[ply]``: nodes visited at that distance from the root."""

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def count_node(self, ply: int) -> None:
        self.nodes += 1
        while ply >= len(self.nodes_per_depth):
            self.nodes_per_depth.append(0)
        self.nodes_per_depth[ply] += 1

    def add(self, other: SearchStats) -> None:
        """Add another search's counts to these (iterative deepening sums its iterations)."""
        self.nodes += other.nodes
        self.leaves += other.leaves
        self.cutoffs += other.cutoffs
        self.tt_hits += other.tt_hits
        self.tt_cutoffs += other.tt_cutoffs
        self.ordering_nodes += other.ordering_nodes
        self.seconds += other.seconds
        for ply, count in enumerate(other.nodes_per_depth):
            if ply == len(self.nodes_per_depth):
                self.nodes_per_depth.append(0)
            self.nodes_per_depth[ply] += count

    def summary(self) -> str:
        text = (f"{self.nodes:,} nodes, {self.leaves:,} leaves, {self.cutoffs:,} cutoffs, "
                f"depth {self.depth}")
        if self.tt_hits:
            text += f", {self.tt_hits:,} table hits"
        return text


@dataclass
class SearchResult:
    """What a search found: the move to play, its value, and how the search went.

    ``value`` is from the view of the player to move at the root. ``root_values`` pairs each
    root move with the value the search gave it (for alpha-beta, moves after the best one may
    carry only a bound). ``tree`` is a networkx DiGraph when the search was asked to record.
    """

    move: Any
    value: float
    depth: int
    stats: SearchStats
    root_values: list[tuple[Any, float]] = field(default_factory=list)
    tree: Any = None
    events: list[dict] | None = None


class TreeRecorder:
    """Records a search as a list of events, and as a networkx graph built from them.

    The searches call ``enter`` when they visit a node, ``leave`` when its value is known and
    ``prune`` when they skip the remaining children of a node. Node ids count up in visit order
    (the root is 0).
    """

    def __init__(self) -> None:
        self.events: list[dict] = []
        self.nodes: list[dict] = []
        self.edges: list[tuple[int, int]] = []

    def enter(self, parent: int | None, move: Any, state: Any, ply: int, is_max: bool,
              alpha: float | None = None, beta: float | None = None) -> int:
        node = len(self.nodes)
        self.nodes.append({
            "move": move, "label": _label(move), "to_move": state.to_move, "depth": ply,
            "kind": "max" if is_max else "min", "alpha_in": alpha, "beta_in": beta,
            "value": None, "alpha_out": None, "beta_out": None, "leaf": False,
            "pruned": False, "cut_by": None, "state": state, "order": node})
        if parent is not None:
            self.edges.append((parent, node))
        self.events.append({"event": "enter", "node": node, "alpha": alpha, "beta": beta})
        return node

    def leave(self, node: int, value: float, alpha: float | None = None,
              beta: float | None = None, leaf: bool = False) -> None:
        self.nodes[node].update(value=value, alpha_out=alpha, beta_out=beta, leaf=leaf)
        self.events.append({"event": "leaf" if leaf else "leave", "node": node, "value": value,
                            "alpha": alpha, "beta": beta})

    def prune(self, node: int, state: Any, moves: list[Any], ply: int, is_max: bool,
              cut_by: str) -> None:
        """The children reached by ``moves`` were skipped at ``node``: a cut by ``cut_by``
        ('alpha' or 'beta')."""
        skipped = []
        for move in moves:
            child = len(self.nodes)
            self.nodes.append({
                "move": move, "label": _label(move), "to_move": 3 - state.to_move,
                "depth": ply + 1, "kind": "min" if is_max else "max", "alpha_in": None,
                "beta_in": None, "value": None, "alpha_out": None, "beta_out": None,
                "leaf": False, "pruned": True, "cut_by": cut_by, "state": None,
                "order": child})
            self.edges.append((node, child))
            skipped.append(child)
        self.nodes[node]["cut_by"] = cut_by
        self.events.append({"event": "cut", "node": node, "cut_by": cut_by, "skipped": skipped})

    def graph(self) -> Any:
        """The recorded tree as a networkx DiGraph; node attributes as recorded."""
        import networkx as nx

        graph = nx.DiGraph()
        for node, attributes in enumerate(self.nodes):
            graph.add_node(node, **attributes)
        graph.add_edges_from(self.edges)
        return graph


def _label(move: Any) -> str:
    if move is None:
        return "root"
    uai = getattr(move, "uai", None)
    return uai() if callable(uai) else str(move)


# --- The minimal tree (Knuth and Moore, 1975) -------------------------------------------------


def _check_uniform_tree(b: Any, d: Any) -> None:
    if isinstance(b, bool) or not isinstance(b, (int, float)) or not b >= 1:
        raise InvalidArgumentError(f"the branching factor b must be a number >= 1, got {b!r}")
    if isinstance(d, bool) or not isinstance(d, int) or d < 0:
        raise InvalidArgumentError(f"the depth d must be a whole number >= 0, got {d!r}")


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
