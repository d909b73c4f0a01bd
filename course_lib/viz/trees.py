"""Search trees as pictures: a tidy layout, the tree drawn with matplotlib, the alpha-beta diagram.

The trees are the ones a search records (``search(..., record=True)``, see
``course_lib.agents.stats``): a networkx DiGraph whose nodes carry ``kind`` ('max'/'min',
relative to the root player), ``value``, ``alpha_in``/``beta_in`` (the window on entry, from
the root player's view), ``leaf``, ``pruned``, ``cut_by`` and ``order`` (visit order).

- ``tidy_layout(tree)``: leaves and pruned children left to right in visit order, one unit
  apart; each parent centred over its first and last child; depth downwards (root at y = 0).
- ``draw_tree(result)``: MAX nodes as upward triangles, MIN nodes as downward triangles, leaves
  (positions scored by the evaluation) as squares; values inside, moves on the edges.
- ``draw_alphabeta(result)``: the same, plus the window [alpha, beta] on entry beside each node,
  pruned children and their edges grey and dashed, and a bar across the pruned edges where a cut
  happened, in one colour for alpha cuts (at MIN nodes) and another for beta cuts (at MAX
  nodes).
- ``draw_moment(result, index=i)``: the alpha-beta diagram after the first i + 1 recorded
  events (what ``SearchStepper`` shows): nodes still to come faded, the current one haloed.

A value that is only a bound is written with its sign: an alpha-beta search returns, for a node
whose window closed, a value the node's true value is at most (``≤2``) or at least (``≥5``).
Which it is follows from the recorded tree: a MAX node's true value lies between the largest
lower bound and the largest upper bound of its children, a pruned child may be anything. A node
whose children were not recorded (``children_not_recorded``: a recording that stops some plies
below the root) is read from its window: a fail-soft value at or below alpha is at most that
value, at or above beta at least that value.

Pictures of big trees are unreadable, so the drawing functions refuse a tree with more than
``max_nodes`` nodes (default 200) and say how to draw less: ``max_depth=1`` draws the first
levels only (each node whose children are hidden says how many nodes hang below it), and
``subtree(result, node)`` cuts out one branch. A picture is never wider than
``MAX_FIGURE_WIDTH`` inches (960 pixels at the notebook's 100 dots per inch): a wider tree is
drawn smaller, and where a cut left several pruned children side by side they are drawn as one
grey square marked ``×n`` (``fold=True``; by default only when the tree would not fit).

Nothing here calls ``plt.show()``; with ``ax=None`` a new figure sized to the tree is made with
pyplot (so that a notebook shows it). The same tree and options always give the same picture.

>>> from course_lib.agents.search import search
>>> from course_lib.games import GameTree, TEXTBOOK_TREE
>>> result = search(GameTree(TEXTBOOK_TREE), algorithm="alphabeta", depth=3, record=True)
>>> layout = tidy_layout(result.tree)
>>> layout[0], layout[5], layout[7]
((4.0, 0.0), (4.0, -1.0), (4.0, -2.0))
>>> names = node_names(result.tree)
>>> names[0], names[5], names[7]
('root', '1', '1.1')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidArgumentError
from ..i18n import N_, _

# --- Colours and words ------------------------------------------------------------------------
# Okabe-Ito hues (safe for colour-blind readers); MAX and MIN also differ by shape, the two
# kinds of cut also by their label.

MAX_FILL, MAX_EDGE = "#bfe0f5", "#0072b2"       # sky blue / blue
MIN_FILL, MIN_EDGE = "#f9d3bb", "#d55e00"       # vermillion, lightened / vermillion
LEAF_FILL, LEAF_EDGE = "#ffffff", "#333333"
PRUNED_FILL, PRUNED_COLOR = "#f2f2f2", "#aaaaaa"
EDGE_COLOR = "#666666"
TEXT_COLOR = "#222222"
WINDOW_COLOR = "#555555"
ALPHA_CUT_COLOR = "#cc79a7"                      # reddish purple
BETA_CUT_COLOR = "#009e73"                       # bluish green
CURRENT_COLOR = "#f0e442"                        # yellow halo behind the current node
FADED_ALPHA = 0.18

CUT_COLOR = {"alpha": ALPHA_CUT_COLOR, "beta": BETA_CUT_COLOR}
CUT_SYMBOL = {"alpha": N_("\u03b1 cut"), "beta": N_("\u03b2 cut")}

LEGEND_MAX = N_("MAX node (root player to move)")
LEGEND_MIN = N_("MIN node (opponent to move)")
LEGEND_LEAF = N_("leaf (scored by the evaluation)")
LEGEND_PRUNED = N_("pruned: never visited")
LEGEND_ALPHA_CUT = N_("alpha cut (at a MIN node)")
LEGEND_BETA_CUT = N_("beta cut (at a MAX node)")
LEGEND_CURRENT = N_("current node")
LEGEND_HIDDEN = N_("+n: nodes below, not drawn")
LEGEND_FOLDED = N_("\u00d7n: n pruned children drawn as one")

DEFAULT_MAX_NODES = 200
INFINITY = "\u221e"

# Sizes in points at scale 1, and the figure's inches per layout unit.
_TRIANGLE = 28.0
_SQUARE = 22.0
_VALUE_FONT = 9.5
_SMALL_FONT = 8.0
_UNIT_INCHES = 0.66
_LEVEL_INCHES = 1.05
MAX_FIGURE_WIDTH = 9.6
"""The widest picture, in inches: 960 pixels at 100 dots per inch, the width of a notebook."""
_MAX_FIGURE_WIDTH = MAX_FIGURE_WIDTH


# --- Trees: reading what a search recorded ----------------------------------------------------


def tree_of(tree_or_result: Any) -> Any:
    """The recorded tree (a networkx DiGraph) of a SearchResult, or the tree itself."""
    if hasattr(tree_or_result, "events") and hasattr(tree_or_result, "tree"):
        if tree_or_result.tree is None:
            raise InvalidArgumentError("this search result has no recorded tree: "
                                       "run the search with record=True")
        return tree_or_result.tree
    if hasattr(tree_or_result, "successors") and hasattr(tree_or_result, "in_degree"):
        return tree_or_result
    raise InvalidArgumentError("expected a search result (search(..., record=True)) or its .tree, "
                               f"got {type(tree_or_result).__name__}")


def _visit_rank(tree: Any) -> dict[Any, Any]:
    """Each node's sort key: its recorded visit ``order``, else its place in the graph."""
    return {node: (data.get("order", index), index)
            for index, (node, data) in enumerate(tree.nodes(data=True))}


def _roots(tree: Any, rank: dict[Any, Any]) -> list[Any]:
    return sorted((n for n in tree if tree.in_degree(n) == 0), key=rank.__getitem__)


def _children_map(tree: Any, rank: dict[Any, Any]) -> dict[Any, list[Any]]:
    return {node: sorted(tree.successors(node), key=rank.__getitem__) for node in tree}


def _preorder(tree: Any) -> tuple[list[Any], dict[Any, list[Any]], dict[Any, int]]:
    """(nodes in depth-first visit order, children of each node, depth of each node).

    Raises ValueError if the graph is not a tree (or a forest of trees)."""
    rank = _visit_rank(tree)
    kids = _children_map(tree, rank)
    depth: dict[Any, int] = {}
    order: list[Any] = []
    for root in _roots(tree, rank):
        stack = [(root, 0)]
        while stack:
            node, d = stack.pop()
            if node in depth:
                raise InvalidArgumentError("the graph is not a tree: a node is reached twice")
            depth[node] = d
            order.append(node)
            stack.extend((kid, d + 1) for kid in reversed(kids[node]))
    if len(depth) != tree.number_of_nodes() or any(tree.in_degree(n) > 1 for n in tree):
        raise InvalidArgumentError("the graph is not a tree: every node needs exactly one parent "
                                   "except the root")
    return order, kids, depth


def tidy_layout(tree: Any) -> dict[Any, tuple[float, float]]:
    """A tidy drawing position ``(x, y)`` for every node of a search tree.

    Leaves (and pruned children, which have no subtree) get x = 0, 1, 2, ... in visit order;
    each parent is centred over its children (the midpoint of its first and last child); y is
    minus the depth, so the root is at the top. Children keep their visit order from left to
    right. ``tree`` may also be a search result.

    >>> import networkx as nx
    >>> tidy_layout(nx.DiGraph([(0, 1), (0, 2), (2, 3), (2, 4)]))
    {0: (0.75, 0.0), 1: (0.0, -1.0), 2: (1.5, -1.0), 3: (1.0, -2.0), 4: (2.0, -2.0)}
    """
    tree = tree_of(tree)
    order, kids, depth = _preorder(tree)
    pos: dict[Any, tuple[float, float]] = {}
    next_x = 0
    for node in order:                       # leaves first, in visit order
        if not kids[node]:
            pos[node] = (float(next_x), float(-depth[node]))
            next_x += 1
    for node in reversed(order):             # then parents, children before parents
        if kids[node]:
            first, last = pos[kids[node][0]][0], pos[kids[node][-1]][0]
            pos[node] = ((first + last) / 2, float(-depth[node]))
    return {node: pos[node] for node in tree}


def _postorder(order: list[Any], kids: dict[Any, list[Any]]) -> list[Any]:
    """The nodes with every node after its children, children in visit order."""
    out: list[Any] = []
    seen_as_child = {kid for node in order for kid in kids[node]}
    for root in (n for n in order if n not in seen_as_child):
        stack: list[tuple[Any, bool]] = [(root, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded or not kids[node]:
                out.append(node)
            else:
                stack.append((node, True))
                stack.extend((kid, False) for kid in reversed(kids[node]))
    return out


def _label(tree: Any, node: Any) -> str:
    data = tree.nodes[node]
    label = data.get("label")
    if label is None:
        move = data.get("move")
        label = str(node) if move is None else str(move)
    return str(label)


def node_names(tree_or_result: Any) -> dict[Any, str]:
    """A readable name for every node: ``'root'``, then the moves from the root joined by dots
    (``'1.0'`` is the first child of the root's second child in the textbook tree). A node
    attribute ``name`` (set by ``subtree``) takes precedence."""
    tree = tree_of(tree_or_result)
    order, kids, _ = _preorder(tree)
    names: dict[Any, str] = {}
    has_parent = {kid for node in order for kid in kids[node]}
    for node in order:
        given = tree.nodes[node].get("name")
        if given is not None:
            names[node] = str(given)
        elif node not in has_parent:
            names[node] = "root"
        for kid in kids[node]:
            if tree.nodes[kid].get("name") is None:
                label = _label(tree, kid)
                names[kid] = label if names[node] == "root" else f"{names[node]}.{label}"
    return names


def subtree(tree_or_result: Any, node: Any, max_depth: int | None = None) -> Any:
    """The branch below ``node`` (a node id, or a name such as ``'1.0'``) as a new DiGraph,
    ``max_depth`` levels deep at most. Nodes keep their attributes and their names in the
    whole tree (attribute ``name``)."""
    import networkx as nx

    tree = tree_of(tree_or_result)
    names = node_names(tree)
    if node not in tree:
        by_name = {name: n for n, name in names.items()}
        if node not in by_name:
            raise InvalidArgumentError(f"no node {node!r} in this tree (give a node id or a name "
                                       "such as 'root' or '1.0')")
        node = by_name[node]
    lengths = nx.single_source_shortest_path_length(tree, node, cutoff=max_depth)
    keep = set(lengths)
    part = nx.DiGraph()
    rank = _visit_rank(tree)
    for n in sorted(keep, key=rank.__getitem__):
        part.add_node(n, **{**tree.nodes[n], "name": names[n]})
    part.add_edges_from((a, b) for a, b in tree.edges if a in keep and b in keep)
    return part


def format_value(value: Any) -> str:
    """A number for pictures and sentences: 3, 2.5, ∞, -∞ ('?' for None)."""
    if value is None:
        return "?"
    if isinstance(value, float):
        if math.isinf(value):
            return INFINITY if value > 0 else "-" + INFINITY
        if value.is_integer():
            return str(int(value))
        return f"{value:g}"
    return str(value)


def format_window(alpha: Any, beta: Any) -> str:
    """The window (alpha, beta) as text: ``[3, ∞]``; empty if no window was recorded."""
    if alpha is None and beta is None:
        return ""
    return f"[{format_value(alpha)}, {format_value(beta)}]"


def value_bounds(tree_or_result: Any) -> dict[Any, tuple[float, float] | None]:
    """For every node, the interval (low, high) its true minimax value is known to lie in,
    from the recorded tree alone; None for a node whose value is not known yet.

    A leaf is exact; a pruned child may be anything (-inf, inf); a MAX node lies between the
    largest low and the largest high of its children, a MIN node between the smallest ones.
    """
    tree = tree_of(tree_or_result)
    order, kids, _ = _preorder(tree)
    bounds: dict[Any, tuple[float, float] | None] = {}
    for node in _postorder(order, kids):
        data = tree.nodes[node]
        value = data.get("value")
        if data.get("pruned"):
            bounds[node] = (-math.inf, math.inf)
        elif value is None:
            bounds[node] = None
        elif data.get("leaf") or not kids[node]:
            bounds[node] = _window_bounds(data) if data.get("children_not_recorded") \
                else (value, value)
        else:
            known = [bounds[k] for k in kids[node]]
            if any(b is None for b in known):
                bounds[node] = (value, value)
            elif data.get("kind") == "min":
                bounds[node] = (min(b[0] for b in known), min(b[1] for b in known))
            else:
                bounds[node] = (max(b[0] for b in known), max(b[1] for b in known))
    return bounds


def _window_bounds(data: dict) -> tuple[float, float]:
    """A node searched but recorded without its children: its fail-soft value against the
    window it was entered with (root player's view)."""
    value, alpha, beta = data["value"], data.get("alpha_in"), data.get("beta_in")
    if alpha is not None and value <= alpha:
        return (-math.inf, value)
    if beta is not None and value >= beta:
        return (value, math.inf)
    return (value, value)


def value_text(value: Any, bounds: tuple[float, float] | None) -> str:
    """The value as written on a node: ``3``, or ``≤2`` / ``≥5`` when it is only a bound."""
    if value is None:
        return ""
    text = format_value(value)
    if bounds is None:
        return text
    low, high = bounds
    if low < value == high:
        return "\u2264" + text
    if low == value < high:
        return "\u2265" + text
    return text


# --- Replaying the events: the state of a search after its first events --------------------


@dataclass
class SearchMoment:
    """What a search knows after events ``0..index``: which nodes it has entered and left,
    the cuts made, and for each open node its current window and best value so far."""

    index: int
    current: Any
    entered: set = field(default_factory=set)
    finished: dict = field(default_factory=dict)       # node -> value on exit
    cuts: dict = field(default_factory=dict)           # node -> 'alpha' / 'beta'
    skipped: set = field(default_factory=set)
    windows: dict = field(default_factory=dict)        # node -> (alpha, beta) to show
    best_so_far: dict = field(default_factory=dict)    # open node -> best child value yet


def replay(tree_or_result: Any, events: list[dict], index: int) -> SearchMoment:
    """The search's state after ``events[0..index]`` (``index`` counts from 0).

    An open node's window is its window on entry narrowed by the children it has finished
    (MAX raises alpha, MIN lowers beta): the window its next child will be given. A finished
    node keeps its window on entry."""
    tree = tree_of(tree_or_result)
    if not 0 <= index < len(events):
        raise IndexError(f"event index {index} is outside 0..{len(events) - 1}")
    moment = SearchMoment(index=index, current=events[index]["node"])
    entry: dict[Any, tuple[Any, Any]] = {}
    for event in events[:index + 1]:
        node, kind = event["node"], event["event"]
        if kind == "enter":
            moment.entered.add(node)
            entry[node] = (event.get("alpha"), event.get("beta"))
        elif kind in ("leaf", "leave"):
            moment.finished[node] = event.get("value")
            parent = next(iter(tree.predecessors(node)), None)
            if parent is not None and parent not in moment.finished:
                best = moment.best_so_far.get(parent)
                value = event.get("value")
                if value is not None:
                    if tree.nodes[parent].get("kind") == "min":
                        best = value if best is None else min(best, value)
                    else:
                        best = value if best is None else max(best, value)
                    moment.best_so_far[parent] = best
        elif kind == "cut":
            moment.cuts[node] = event.get("cut_by")
            moment.skipped.update(event.get("skipped", ()))
    for node in moment.entered:
        alpha, beta = entry[node]
        best = moment.best_so_far.get(node)
        if node not in moment.finished and best is not None and alpha is not None:
            if tree.nodes[node].get("kind") == "min":
                beta = min(beta, best)
            else:
                alpha = max(alpha, best)
        moment.windows[node] = (alpha, beta)
    for node in moment.finished:
        moment.best_so_far.pop(node, None)
    return moment


def has_windows(events: list[dict]) -> bool:
    """Whether a search recorded windows: alpha-beta does, minimax and negamax do not (they
    record the root's [-inf, inf] only)."""
    return any(e.get("alpha") is not None for e in events[1:] if e["event"] == "enter")


# --- Drawing ------------------------------------------------------------------------------------


@dataclass
class _Look:
    shape: str
    fill: str
    edge: str
    linestyle: str = "-"
    linewidth: float = 1.3
    alpha: float = 1.0
    value: str = ""
    window: str = ""
    category: str = "max"          # max / min / leaf / pruned / unseen
    halo: bool = False


def _horizon(tree: Any, result: Any) -> int | None:
    """The depth at which pruned children would have been leaves: the deepest recorded leaf,
    and never beyond the search's depth limit."""
    depths = [d.get("depth") for _, d in tree.nodes(data=True)
              if d.get("leaf") and isinstance(d.get("depth"), int)]
    horizon = max(depths) if depths else None
    limit = getattr(result, "depth", None)
    if isinstance(limit, int) and (horizon is None or limit < horizon):
        horizon = limit
    return horizon


def _truncate(tree: Any, max_depth: int | None) -> tuple[Any, dict[Any, int]]:
    """The first ``max_depth`` levels, and for each node at the border how many nodes hang
    below it."""
    if max_depth is None:
        return tree, {}
    if not isinstance(max_depth, int) or isinstance(max_depth, bool) or max_depth < 0:
        raise InvalidArgumentError(f"max_depth must be a whole number >= 0 or None, got "
                                   f"{max_depth!r}")
    order, kids, depth = _preorder(tree)
    keep = [n for n in order if depth[n] <= max_depth]
    hidden: dict[Any, int] = {}
    below: dict[Any, int] = {}
    for node in _postorder(order, kids):
        below[node] = sum(1 + below[k] for k in kids[node])
    for node in keep:
        if depth[node] == max_depth and kids[node]:
            hidden[node] = below[node]
    return tree.subgraph(keep), hidden


def _fold_pruned(tree: Any) -> tuple[Any, dict[Any, list[Any]]]:
    """The tree with each node's pruned children (two or more) replaced by the first of them,
    and, for each kept one, the pruned siblings it stands for (itself first)."""
    order, kids, _ = _preorder(tree)
    folded: dict[Any, list[Any]] = {}
    drop: set[Any] = set()
    for node in order:
        pruned = [k for k in kids[node] if tree.nodes[k].get("pruned")]
        if len(pruned) > 1:
            folded[pruned[0]] = pruned
            for other in pruned[1:]:
                drop.add(other)
                stack = list(kids[other])
                while stack:                    # a pruned child has no children, but be sure
                    below = stack.pop()
                    drop.add(below)
                    stack.extend(kids[below])
    if not drop:
        return tree, {}
    return tree.subgraph([n for n in order if n not in drop]), folded


def _too_wide(tree: Any) -> bool:
    slots, _ = _extent(tidy_layout(tree))
    return _UNIT_INCHES * (slots + 1.6) > _MAX_FIGURE_WIDTH


def _check_size(tree: Any, max_nodes: int | None) -> None:
    count = tree.number_of_nodes()
    if count == 0:
        raise InvalidArgumentError("the tree is empty: nothing to draw")
    if max_nodes is not None and count > max_nodes:
        raise InvalidArgumentError(
            f"this tree has {count:,} nodes, more than max_nodes={max_nodes}: a picture that "
            "big is unreadable. Draw the first levels with max_depth=1 (or 2), one branch with "
            "subtree(result, node), or pass a larger max_nodes.")


def figure_size(tree_or_result: Any) -> tuple[float, float]:
    """The figure size (inches) the drawing functions choose for a tree: about 0.6 inch per
    leaf and an inch per level, plus room for the legend, and never wider than
    ``MAX_FIGURE_WIDTH``."""
    tree = tree_of(tree_or_result)
    layout = tidy_layout(tree)
    slots, levels = _extent(layout)
    width = min(_MAX_FIGURE_WIDTH, max(5.0, _UNIT_INCHES * (slots + 1.6)))
    height = max(2.6, _LEVEL_INCHES * (levels - 1) + 2.0)
    return width, height


def _extent(layout: dict[Any, tuple[float, float]]) -> tuple[int, int]:
    xs = [x for x, _ in layout.values()]
    ys = [y for _, y in layout.values()]
    return int(round(max(xs) - min(xs))) + 1, int(round(max(ys) - min(ys))) + 1


def _new_axes(size: tuple[float, float]) -> Any:
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=size, layout="constrained")
    ax._course_lib_own = True
    return ax


def _box_inches(ax: Any) -> tuple[float, float]:
    """The Axes' size in inches. An Axes made here fills its figure once the constrained
    layout has run; for another Axes its current position is the best guess."""
    fig = ax.figure
    if getattr(ax, "_course_lib_own", False):
        return fig.get_figwidth() * 0.97, fig.get_figheight() * 0.93
    box = ax.get_position()
    return box.width * fig.get_figwidth(), box.height * fig.get_figheight()


def _scale(ax: Any, slots: int, levels: int) -> float:
    """How much to shrink markers and text so that they fit the Axes (1 = full size)."""
    width_in, height_in = _box_inches(ax)
    width_pt, height_pt = width_in * 72, height_in * 72
    per_unit = width_pt / (slots + 1.4)
    per_level = height_pt / (levels - 1 + 1.0) if levels > 1 else 2 * per_unit
    scale = min(per_unit / (_UNIT_INCHES * 72), per_level / (0.75 * _LEVEL_INCHES * 72), 1.0)
    return max(scale, 0.35)


def _node_look(data: dict, horizon: int | None, bounds: Any, windows: bool,
               values: bool) -> _Look:
    kind = data.get("kind", "max")
    shape = "^" if kind == "max" else "v"
    if data.get("pruned"):
        would_be_leaf = horizon is not None and data.get("depth") is not None \
            and data["depth"] >= horizon
        return _Look("s" if would_be_leaf else shape, PRUNED_FILL, PRUNED_COLOR, "--", 1.2,
                     category="pruned")
    if data.get("leaf"):
        look = _Look("s", LEAF_FILL, LEAF_EDGE, category="leaf")
    elif kind == "min":
        look = _Look("v", MIN_FILL, MIN_EDGE, category="min")
    else:
        look = _Look("^", MAX_FILL, MAX_EDGE, category="max")
    if values:
        look.value = value_text(data.get("value"), bounds)
    if windows:
        look.window = format_window(data.get("alpha_in"), data.get("beta_in"))
    return look


def _render(ax: Any, tree: Any, *, result: Any = None, show_values: bool = True,
            show_windows: bool = False, labels: str | None = "move", cuts: bool = False,
            max_nodes: int | None = DEFAULT_MAX_NODES, max_depth: int | None = None,
            moment: SearchMoment | None = None, legend: bool = True,
            title: str | None = None, fold: bool | None = None) -> Any:
    """Draw ``tree`` on ``ax`` (a new figure if None) and return the Axes."""
    from matplotlib.lines import Line2D

    if labels not in ("move", "name", None, False):
        raise InvalidArgumentError(f"labels must be 'move', 'name' or None, got {labels!r}")
    if fold not in (None, True, False):
        raise InvalidArgumentError(f"fold must be True, False or None (fold when too wide), "
                                   f"got {fold!r}")
    full = tree
    tree, hidden = _truncate(tree, max_depth)
    _check_size(tree, max_nodes)
    folded: dict[Any, list[Any]] = {}
    if fold or (fold is None and _too_wide(tree)):
        tree, folded = _fold_pruned(tree)
    layout = tidy_layout(tree)
    slots, levels = _extent(layout)
    if ax is None:
        ax = _new_axes(figure_size(tree))
    scale = _scale(ax, slots, levels)
    order, kids, _depths = _preorder(tree)
    bounds = value_bounds(full)
    names = node_names(full) if labels == "name" else {}
    horizon = _horizon(full, result)

    looks: dict[Any, _Look] = {}
    for node in order:
        data = tree.nodes[node]
        look = _node_look(data, horizon, bounds.get(node), show_windows, show_values)
        if moment is not None:
            _apply_moment(look, node, data, moment, bounds.get(node), show_windows,
                          show_values)
        looks[node] = look

    tri, sq = _TRIANGLE * scale, _SQUARE * scale
    value_font, small_font = _VALUE_FONT * scale, _SMALL_FONT * scale

    # Edges, under the nodes; their labels on a white patch.
    for parent in order:
        px, py = layout[parent]
        for kid in kids[parent]:
            kx, ky = layout[kid]
            look = looks[kid]
            pruned = look.category == "pruned"
            ax.plot([px, kx], [py, ky], color=PRUNED_COLOR if pruned else EDGE_COLOR,
                    linestyle="--" if pruned else "-", linewidth=1.1 if pruned else 1.3,
                    alpha=look.alpha, zorder=1, gid=f"edge:{parent}:{kid}",
                    solid_capstyle="butt")
            if labels:
                text = names[kid] if labels == "name" else _label(tree, kid)
                if kid in folded:
                    texts = [names[k] if labels == "name" else _label(full, k)
                             for k in folded[kid]]
                    joined = ",".join(texts)
                    text = joined if len(joined) <= 6 else ""     # the ×n says enough
                t = 0.55
                ax.text(px + t * (kx - px), py + t * (ky - py), text, fontsize=small_font,
                        ha="center", va="center", zorder=2, alpha=look.alpha,
                        color=PRUNED_COLOR if pruned else "#444444",
                        gid=f"edge-label:{kid}",
                        bbox=dict(boxstyle="square,pad=0.12", facecolor="white",
                                  edgecolor="none", alpha=look.alpha))

    # Cuts: a bar across the pruned edges, just below the node where the cut happened.
    cut_nodes = [n for n in order if tree.nodes[n].get("cut_by")
                 and not tree.nodes[n].get("pruned")]
    # The kinds of cut the whole search made (the key shows them in every frame of a replay,
    # and none for a search that cuts nothing, such as minimax).
    cut_kinds = {tree.nodes[n]["cut_by"] for n in cut_nodes
                 if any(tree.nodes[k].get("pruned") for k in kids[n])} if cuts else set()
    if moment is not None:
        cut_nodes = [n for n in cut_nodes if n in moment.cuts]
    if cuts:
        for node in cut_nodes:
            pruned = [k for k in kids[node] if tree.nodes[k].get("pruned")]
            if not pruned:
                continue
            by = tree.nodes[node]["cut_by"]
            color = CUT_COLOR.get(by, "#000000")
            px, py = layout[node]
            t = 0.32
            xs = [px + t * (layout[k][0] - px) for k in pruned]
            y = py + t * (layout[pruned[0]][1] - py)
            ax.plot([min(xs) - 0.16, max(xs) + 0.16], [y, y], color=color,
                    linewidth=3.2 * scale ** 0.5, solid_capstyle="round", zorder=2.5,
                    gid=f"cut:{by}:{node}")
            symbol = CUT_SYMBOL.get(by, N_("cut"))
            ax.annotate(_(symbol), (max(xs) + 0.16, y), xytext=(3, 0),
                        textcoords="offset points", ha="left", va="center", color=color,
                        fontsize=small_font, fontweight="bold", zorder=2.5,
                        gid=f"cut-label:{node}")
            looks[node].edge = color
            looks[node].linewidth = 2.6

    # Nodes.
    for node in order:
        x, y = layout[node]
        look = looks[node]
        size = sq if look.shape == "s" else tri
        if look.halo:
            ax.scatter([x], [y], s=(size * 1.45) ** 2, marker="o", c=CURRENT_COLOR,
                       edgecolors="#b8a600", linewidths=1.0, alpha=0.75, zorder=2.8,
                       gid="current")
        ax.scatter([x], [y], s=size ** 2, marker=look.shape, c=[look.fill],
                   edgecolors=[look.edge], linewidths=look.linewidth,
                   linestyles=look.linestyle, alpha=look.alpha, zorder=3,
                   gid=f"node:{look.category}:{node}")
        if look.value:
            shift = {"^": -0.13, "v": 0.13}.get(look.shape, 0.0) * size
            font = max(value_font * (1.0 if len(look.value) <= 2 else 0.85
                                     if len(look.value) == 3 else 0.72), 5.5)
            ax.annotate(look.value, (x, y), xytext=(0, shift), textcoords="offset points",
                        ha="center", va="center", fontsize=font, fontweight="bold",
                        color=TEXT_COLOR, zorder=4, gid=f"value:{node}")
        if look.window:
            if kids[node] or node in hidden:
                ax.annotate(look.window, (x, y), xytext=(-(size / 2 + 2.5), 0),
                            textcoords="offset points", ha="right", va="center",
                            fontsize=small_font, color=WINDOW_COLOR, zorder=4,
                            gid=f"window:{node}")
            else:
                ax.annotate(look.window, (x, y), xytext=(0, -(size / 2 + 2)),
                            textcoords="offset points", ha="center", va="top",
                            fontsize=small_font, color=WINDOW_COLOR, zorder=4,
                            gid=f"window:{node}")
        if node in folded:
            ax.annotate(f"\u00d7{len(folded[node])}", (x, y), xytext=(0, -(size / 2 + 2)),
                        textcoords="offset points", ha="center", va="top",
                        fontsize=small_font, color=PRUNED_COLOR, fontweight="bold",
                        zorder=4, alpha=look.alpha, gid=f"folded:{node}")
        if node in hidden:
            ax.annotate(f"+{hidden[node]:,}", (x, y), xytext=(0, -(size / 2 + 2)),
                        textcoords="offset points", ha="center", va="top",
                        fontsize=small_font, color=PRUNED_COLOR, fontstyle="italic",
                        zorder=4, gid=f"hidden:{node}")

    xs = [p[0] for p in layout.values()]
    ys = [p[1] for p in layout.values()]
    left_pad = 1.15 if show_windows else 0.6
    ax.set_xlim(min(xs) - left_pad, max(xs) + 0.75)
    bottom = min(ys) - (0.45 if (show_windows or hidden or folded) else 0.3)
    top = max(ys) + 0.32
    ax.set_ylim(bottom, top)
    ax.set_axis_off()
    if title:
        ax.set_title(title, fontsize=10)

    if legend:
        categories = {look.category for look in looks.values()}
        handles = []

        def marker(shape: str, fill: str, edge: str, label: str, **kw: Any) -> None:
            handles.append(Line2D([], [], marker=shape, linestyle=kw.pop("ls", "none"),
                                  markerfacecolor=fill, markeredgecolor=edge,
                                  markersize=kw.pop("ms", 10), color=kw.pop("color", edge),
                                  label=label, **kw))

        marker("^", MAX_FILL, MAX_EDGE, _(LEGEND_MAX))
        marker("v", MIN_FILL, MIN_EDGE, _(LEGEND_MIN))
        if "leaf" in categories or moment is not None:
            marker("s", LEAF_FILL, LEAF_EDGE, _(LEGEND_LEAF), ms=8)
        if "pruned" in categories or cut_kinds:
            marker("s", PRUNED_FILL, PRUNED_COLOR, _(LEGEND_PRUNED), ms=8, ls="--",
                   color=PRUNED_COLOR)
        if "alpha" in cut_kinds:
            handles.append(Line2D([], [], color=ALPHA_CUT_COLOR, linewidth=3,
                                  label=_(LEGEND_ALPHA_CUT)))
        if "beta" in cut_kinds:
            handles.append(Line2D([], [], color=BETA_CUT_COLOR, linewidth=3,
                                  label=_(LEGEND_BETA_CUT)))
        if moment is not None:
            marker("o", CURRENT_COLOR, "#b8a600", _(LEGEND_CURRENT), ms=11)
        if hidden:
            handles.append(Line2D([], [], linestyle="none", label=_(LEGEND_HIDDEN)))
        if folded:
            handles.append(Line2D([], [], linestyle="none", label=_(LEGEND_FOLDED)))
        _place_legend(ax, handles, bottom, top)
    return ax


def _place_legend(ax: Any, handles: list, bottom: float, top: float) -> None:
    """The key inside the Axes, under the tree, in as many columns as the width allows; the
    y range grows downwards to make room for it. (A key outside the Axes would make a
    constrained layout squeeze a small Axes to nothing.)"""
    width_in, height_in = _box_inches(ax)
    ncol = max(1, min(3, len(handles), int(width_in // 2.4)))
    rows = -(-len(handles) // ncol)
    font = 8.0
    legend_in = rows * font * 1.55 / 72 + 0.1
    span = top - bottom
    room = span * legend_in / max(height_in - legend_in, 0.5 * height_in)
    ax.set_ylim(bottom - room, top)
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 0.0), ncol=ncol,
              fontsize=font, frameon=False, handlelength=2.4, columnspacing=1.4,
              borderaxespad=0.0)


def _apply_moment(look: _Look, node: Any, data: dict, moment: SearchMoment, bounds: Any,
                  windows: bool, values: bool) -> None:
    """Restyle a node for a moment of the search: not reached yet -> faded, no text."""
    if data.get("pruned"):
        if node not in moment.skipped:       # not cut yet: looks like any node to come
            look.alpha, look.value, look.window = FADED_ALPHA, "", ""
            look.linestyle, look.category = "-", "unseen"
            look.fill = {"^": MAX_FILL, "v": MIN_FILL}.get(look.shape, LEAF_FILL)
            look.edge = {"^": MAX_EDGE, "v": MIN_EDGE}.get(look.shape, LEAF_EDGE)
        return
    if node not in moment.entered:
        look.alpha, look.value, look.window = FADED_ALPHA, "", ""
        look.category = "unseen"
        return
    look.halo = node == moment.current
    if node in moment.finished:
        look.value = value_text(moment.finished[node], bounds) if values else ""
    else:
        best = moment.best_so_far.get(node)
        if values and best is not None:
            sign = "\u2264" if data.get("kind") == "min" else "\u2265"
            look.value = sign + format_value(best)
        else:
            look.value = ""
    if windows:
        alpha, beta = moment.windows.get(node, (None, None))
        look.window = format_window(alpha, beta)


def draw_tree(tree_or_result: Any, ax: Any = None, show_values: bool = True,
              show_windows: bool = False, labels: str | None = "move",
              max_nodes: int | None = DEFAULT_MAX_NODES, max_depth: int | None = None,
              legend: bool = True, title: str | None = None, fold: bool | None = None) -> Any:
    """Draw a recorded search tree with matplotlib and return the Axes.

    MAX nodes (the root player to move) are upward triangles, MIN nodes downward triangles,
    leaves (scored by the evaluation) squares; pruned children, if any, are grey and dashed.

    Args:
        tree_or_result: a SearchResult from ``search(..., record=True)``, or its ``.tree``.
        ax: the matplotlib Axes to draw on; None makes a new figure sized to the tree.
        show_values: write each node's value inside it (``≤v``/``≥v`` for a bound).
        show_windows: write the window [alpha, beta] on entry beside each node (if recorded).
        labels: ``'move'`` writes the moves on the edges, ``'name'`` the node names
            (``'1.0'``), None nothing.
        max_nodes: refuse (ValueError) a tree with more nodes than this, after ``max_depth``;
            None draws anything.
        max_depth: draw only the first levels; a node whose children are hidden says how many
            nodes hang below it.
        legend: draw the key under the tree.
        title: an optional title.
        fold: draw the pruned children of a node as one square marked ``×n`` (True), each
            on its own (False), or fold only when the tree would be wider than
            ``MAX_FIGURE_WIDTH`` (None, the default).
    """
    result = tree_or_result if hasattr(tree_or_result, "events") else None
    return _render(ax, tree_of(tree_or_result), result=result, show_values=show_values,
                   show_windows=show_windows, labels=labels, cuts=False,
                   max_nodes=max_nodes, max_depth=max_depth, legend=legend, title=title,
                   fold=fold)


def draw_alphabeta(tree_or_result: Any, ax: Any = None, show_values: bool = True,
                   labels: str | None = "move", max_nodes: int | None = DEFAULT_MAX_NODES,
                   max_depth: int | None = None, legend: bool = True,
                   title: str | None = None, fold: bool | None = None) -> Any:
    """Draw the alpha-beta diagram of a recorded search and return the Axes.

    As ``draw_tree``, plus: the window [alpha, beta] each node was entered with (from the root
    player's view; ∞ for no bound yet), its value on exit inside it, pruned children and their
    edges grey and dashed, and at each node where a cut happened a bar across the pruned edges
    and a frame around the node, in one colour for an alpha cut (at a MIN node: MAX already
    has something better) and another for a beta cut (at a MAX node). ``fold`` as in
    ``draw_tree``: by default, a tree too wide for the notebook draws each cut's pruned
    children as one square marked ``×n``.
    """
    result = tree_or_result if hasattr(tree_or_result, "events") else None
    return _render(ax, tree_of(tree_or_result), result=result, show_values=show_values,
                   show_windows=True, labels=labels, cuts=True, max_nodes=max_nodes,
                   max_depth=max_depth, legend=legend, title=title, fold=fold)


def draw_moment(tree_or_result: Any, events: list[dict] | None = None, index: int = 0,
                ax: Any = None, labels: str | None = "move",
                max_nodes: int | None = DEFAULT_MAX_NODES, legend: bool = True) -> Any:
    """The alpha-beta diagram after ``events[0..index]``: nodes not reached yet are faded, the
    current node has a yellow halo, open nodes show their current window and their best value
    so far (``≥3`` at a MAX node). ``events`` defaults to the result's."""
    if events is None:
        events = getattr(tree_or_result, "events", None)
        if events is None:
            raise InvalidArgumentError("no events: pass a search result recorded with record=True")
    tree = tree_of(tree_or_result)
    result = tree_or_result if hasattr(tree_or_result, "events") else None
    return _render(ax, tree, result=result, show_values=True, show_windows=has_windows(events),
                   labels=labels, cuts=True, max_nodes=max_nodes,
                   moment=replay(tree, events, index), legend=legend)
