"""MCTS as pictures: the tree, how it grows, where the visits go and the UCB rule.

Everything here reads a finished search of ``MCTSAgent`` or ``FastMCTSAgent``
(``course_lib.agents.mcts`` / ``mcts_fast``): an agent, its ``root`` (a ``Node`` or a
``FastNode``, the same attributes), or its ``last_result``.

- ``draw_mcts_tree(agent)``: the tree in our tidy layout (``viz.trees.tidy_layout``: leaves left
  to right in move order, parents centred), only the ``max_nodes`` most visited nodes. A node's
  area grows with its visits N; its colour is its win rate Q/N *for the player who moved into
  it* (diverging, 0.5 white; the root, which no move led to, grey); edges are wider where more
  visits went; the moves label the edges of the top levels; a ring marks a node the solver
  proved (W, D, L for the player who moved in).
- ``MCTSGrowth(state, checkpoints)``: the same seeded search stopped after 1, 2, 5, ...
  iterations (one agent per checkpoint: with a seed, the first k iterations of any search are
  the same, so the tree after k iterations is the tree of a search of k iterations).
  ``MCTSGrowthViewer`` (``viz.mcts_widget``) puts it under a slider.
- ``plot_visit_shares(agent)``: each root move's share of the root children's visits as the
  search goes on (from ``snapshot_every``), the move played in bold.
- ``plot_ucb_terms(node, c)``: for each child, UCB = Q/N (exploitation) + c sqrt(2 ln N(v) / N)
  (exploration) as stacked bars; the child that selection takes next is marked.

Nothing here calls ``plt.show()``; with ``ax=None`` a new figure is made with pyplot. The same
search always gives the same picture.

>>> from course_lib.agents.mcts import MCTSAgent
>>> from course_lib.games import TicTacToe
>>> agent = MCTSAgent(iterations=200, seed=1)
>>> _ = agent.choose_move(TicTacToe())
>>> graph = mcts_tree_graph(agent, max_nodes=10)
>>> graph.number_of_nodes(), graph.graph["root_visits"], graph.graph["truncated"]
(10, 200, True)
>>> growth = MCTSGrowth(TicTacToe(), checkpoints=[1, 10, 100], seed=1)
>>> [root.visits for root in growth.roots]
[1, 10, 100]
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..agents.mcts import best_line, iter_nodes, ucb
from ..agents.stats import _label as move_label
from ..checks import MAX_ITERATIONS, choice, describe, flag, number, whole
from ..errors import CourseError, InvalidArgumentError
from ..i18n import N_, _
from .trees import MAX_FIGURE_WIDTH

# --- Colours and sizes ------------------------------------------------------------------------

WIN_RATE_CMAP = "RdBu"              # red: the mover loses there, blue: the mover wins there
ROOT_COLOR = "#bdbdbd"
NODE_EDGE = "#333333"
EDGE_COLOR = "#9a9a9a"
PROVEN_COLOR = "#000000"
PROVEN_LETTER = {1.0: "W", 0.5: "D", 0.0: "L"}
EXPLOIT_COLOR = "#0072b2"           # Okabe-Ito blue
EXPLORE_COLOR = "#e69f00"           # Okabe-Ito orange
SELECTED_COLOR = "#d55e00"          # Okabe-Ito vermillion
BEST_COLOR = "#d55e00"
OTHER_COLOR = "#999999"
LINE_COLORS = ("#0072b2", "#009e73", "#cc79a7", "#56b4e9", "#e69f00", "#000000", "#f0e442")

COLORBAR_LABEL = N_("win rate Q/N for the player who moved into the node")
DEFAULT_MAX_NODES = 80
MAX_FIGURE_HEIGHT = 8.0             # inches: the tallest tree picture (768 pixels on screen)
DEFAULT_CHECKPOINTS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
TIERS = ("auto", "reference", "fast")

_MIN_DIAMETER = 3.5                 # points: a node visited once
_MAX_DIAMETER = 54.0                # points at most: the root


MAX_DRAWN_NODES = 100_000
"""The most nodes a picture (or its graph) may be asked to hold."""


def _max_nodes(value: Any) -> int | None:
    return whole(value, "max_nodes", 1, MAX_DRAWN_NODES, optional=True)


def _ax(ax: Any) -> Any:
    """``ax`` when it is None (a new figure) or a matplotlib Axes, else InvalidArgumentError."""
    if ax is not None:
        from matplotlib.axes import Axes
        if not isinstance(ax, Axes):
            raise InvalidArgumentError(f"ax must be a matplotlib Axes (or None for a new "
                                       f"figure), got {describe(ax)} of type "
                                       f"{type(ax).__name__}")
    return ax


def _title(title: Any) -> str | None:
    if title is not None and not isinstance(title, str):
        raise InvalidArgumentError(f"title must be text (or None for the default), got "
                                   f"{describe(title)} of type {type(title).__name__}")
    return title


# --- Reading a search: agent, root or result --------------------------------------------------


def _root_of(obj: Any) -> tuple[Any, Any]:
    """(the root node, the agent or None) of an agent after a search or of a root node."""
    if hasattr(obj, "visits") and hasattr(obj, "children"):
        return obj, None
    root = getattr(obj, "root", None)
    if root is not None and hasattr(root, "children"):
        return root, obj
    if hasattr(obj, "choose_move"):
        raise CourseError("this agent has no tree yet: call agent.choose_move(state) or "
                          "agent.search(state) first")
    raise InvalidArgumentError("expected an MCTS agent (after a search), its .root, or a tree "
                               f"node; got {describe(obj)} of type {type(obj).__name__}")


def player_names(state: Any) -> dict[int, str]:
    """How the pictures call players 1 and 2: X / O for tic-tac-toe, x / o for ATAXX."""
    from ..ataxx.rules import State
    from ..games.tictactoe import TicTacToe

    if isinstance(state, TicTacToe):
        return {1: "X", 2: "O"}
    if isinstance(state, State):
        return {1: "x", 2: "o"}
    return {1: "player 1", 2: "player 2"}


def count_nodes(root_or_agent: Any) -> int:
    """The number of nodes in the tree below a root (root included); for an agent whose last
    search made this tree, its ``stats.tree_nodes``."""
    root, agent = _root_of(root_or_agent)
    result = getattr(agent, "last_result", None) if agent is not None else None
    if result is not None and getattr(result.stats, "tree_nodes", 0) and \
            root.visits == getattr(agent.root, "visits", None):
        return int(result.stats.tree_nodes)
    return sum(1 for _ in iter_nodes(root))


def mcts_tree_graph(root_or_agent: Any, max_nodes: int | None = DEFAULT_MAX_NODES) -> Any:
    """The part of an MCTS tree a picture shows, as a networkx DiGraph.

    The ``max_nodes`` most visited nodes are kept (best first by visits, each after its parent,
    ties to the first in move order, the rule of ``mcts.to_networkx``; a parent never has fewer
    visits than a child, so these are the ``max_nodes`` largest visit counts of the tree).
    Nodes are numbered 0, 1, ... depth first with children in move order (0 is the root), so
    ``tidy_layout`` puts the moves left to right in move order.

    Node attributes: ``label`` (the move as text, 'root'), ``move``, ``visits``, ``wins``,
    ``win_rate`` (for ``player``, the player who moved into the node), ``player``,
    ``to_move``, ``depth``, ``proven``, ``terminal``, ``order`` (the node number) and
    ``hidden`` (children not kept). Graph attributes (``graph.graph``): ``root_visits``,
    ``total_nodes`` (in the whole tree), ``kept``, ``truncated``, ``to_move`` (at the root),
    ``players`` (names of players 1 and 2) and ``best_line`` (the most visited line, as text).
    """
    import networkx as nx

    root, agent = _root_of(root_or_agent)
    _max_nodes(max_nodes)
    if root.visits == 0:
        raise CourseError("the tree is empty: run at least one iteration")
    order = itertools.count()
    # Entry: [node, parent entry, child index in move order, depth, kept children]
    root_entry: list = [root, None, 0, 0, []]
    heap = [(-root.visits, next(order), root_entry)]
    kept = 0
    while heap and (max_nodes is None or kept < max_nodes):
        _, _, entry = heapq.heappop(heap)
        node, parent, _, depth, _ = entry
        kept += 1
        if parent is not None:
            parent[4].append(entry)
        for index, child in enumerate(node.children):
            if child.visits > 0:
                heapq.heappush(heap, (-child.visits, next(order),
                                      [child, entry, index, depth + 1, []]))
    truncated = bool(heap)
    total = count_nodes(root_or_agent if agent is not None else root) if truncated else kept

    state = root.state
    graph = nx.DiGraph(root_visits=root.visits, total_nodes=total, kept=kept,
                       truncated=truncated, to_move=root.to_move,
                       players=player_names(state),
                       best_line=[move_label(m) for m in best_line(root, 8)])
    stack = [(root_entry, None)]
    while stack:
        entry, parent_id = stack.pop()
        node, _, _, depth, kids = entry
        node_id = graph.number_of_nodes()
        visits, wins = node.visits, node.wins
        graph.add_node(node_id, label="root" if parent_id is None else move_label(node.move),
                       move=node.move, visits=visits, wins=wins,
                       win_rate=wins / visits if visits else 0.0, player=node.player,
                       to_move=node.to_move, depth=depth, proven=node.proven,
                       terminal=_terminal(node),
                       order=node_id,
                       hidden=sum(1 for ch in node.children if ch.visits > 0) - len(kids))
        if parent_id is not None:
            graph.add_edge(parent_id, node_id)
        for kid in sorted(kids, key=lambda e: e[2], reverse=True):
            stack.append((kid, node_id))
    return graph


def _terminal(node: Any) -> bool:
    """Is the game over at this node? (``Node.terminal``; a ``FastNode`` has to ask its state,
    which only a node without children can be.)"""
    terminal = getattr(node, "terminal", None)
    if terminal is not None:
        return bool(terminal)
    return not node.children and bool(node.state.is_over())


def _graph_of(obj: Any, max_nodes: int | None) -> Any:
    if hasattr(obj, "graph") and isinstance(getattr(obj, "graph", None), dict) \
            and "root_visits" in obj.graph:
        return obj                                  # already made by mcts_tree_graph
    return mcts_tree_graph(obj, max_nodes)


# --- The tree ---------------------------------------------------------------------------------


def _new_axes(size: tuple[float, float]) -> Any:
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def tree_figure_size(graph: Any) -> tuple[float, float]:
    """The figure size (inches) ``draw_mcts_tree`` picks for a tree graph: wider with more
    leaves and taller with more levels, so that a small tree is drawn small, and never wider
    than the notebook (``MAX_FIGURE_WIDTH``, as the other tree pictures) nor taller than
    ``MAX_FIGURE_HEIGHT``."""
    leaves = sum(1 for n in graph if graph.out_degree(n) == 0)
    levels = 1 + max(d for _, d in graph.nodes(data="depth"))
    width = min(MAX_FIGURE_WIDTH, max(5.0, 0.19 * leaves + 3.0))
    height = min(MAX_FIGURE_HEIGHT, max(3.6, 1.1 * levels + 1.6))
    return width, height


def _axes_points(ax: Any) -> tuple[float, float]:
    box = ax.get_position()
    fig = ax.figure
    return box.width * fig.get_figwidth() * 72, box.height * fig.get_figheight() * 72


def node_diameters(visits: Sequence[float], largest: float, max_diameter: float) -> list[float]:
    """Marker diameters (points) with the marker *area* linear in the visits: a node with half
    the visits of the largest has half its area (never smaller than a few points)."""
    lo = _MIN_DIAMETER ** 2
    hi = max(max_diameter, _MIN_DIAMETER + 1) ** 2
    return [math.sqrt(lo + (hi - lo) * v / largest) for v in visits]


def _fit_diameter(visits: Sequence[int], xs: Sequence[float], ys: Sequence[float],
                  largest: int, upper: float, unit_pt: float) -> float:
    """The largest root diameter (at most ``upper``) for which no two neighbours on one level
    overlap (a small gap left), found by bisection; never below a few points."""
    levels: dict[float, list[tuple[float, int]]] = {}
    for x, y, v in zip(xs, ys, visits):
        levels.setdefault(y, []).append((x, v))
    pairs = []
    for row in levels.values():
        row.sort()
        pairs.extend(((b[0] - a[0]) * unit_pt, a[1], b[1]) for a, b in zip(row, row[1:]))

    def fits(diameter: float) -> bool:
        for gap, va, vb in pairs:
            da, db = node_diameters([va, vb], largest, diameter)
            if (da + db) / 2 > 0.92 * gap:
                return False
        return True

    low, high = _MIN_DIAMETER + 2.0, max(upper, _MIN_DIAMETER + 2.0)
    if fits(high):
        return high
    for _ in range(30):
        middle = (low + high) / 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def _nice_counts(largest: int) -> list[int]:
    """Round visit counts for the size key: about 1/10 and 1/100 of the root's visits (at
    least 1, the second smaller than the first)."""
    out: list[int] = []
    for fraction in (0.1, 0.01):
        target = largest * fraction
        if target < 1:
            target = 1
        exp = 10 ** math.floor(math.log10(target))
        nice = int(min((1, 2, 5, 10), key=lambda m: abs(m * exp - target)) * exp)
        if not out or nice < out[-1]:
            out.append(nice)
    return out


def _after_iterations(k: int) -> str:
    """'after k iterations', in the language the course speaks."""
    return _("after 1 iteration") if k == 1 else _("after {k:,} iterations").format(k=k)


def _most_visited(kept: int, total: int, truncated: bool, whole: str) -> str:
    """Which nodes a tree picture shows: the most visited of them, or ``whole`` (a message
    with ``{kept}``) when it shows them all."""
    if truncated:
        return _("the {kept:,} most visited of {total:,} nodes").format(kept=kept, total=total)
    return whole.format(kept=kept)


def draw_mcts_tree(root_or_agent: Any, ax: Any = None, max_nodes: int | None = DEFAULT_MAX_NODES,
                   label_depth: int = 2, show_visits: bool = True, colorbar: bool = True,
                   legend: bool = True, title: str | None = None) -> Any:
    """Draw an MCTS tree with our tidy layout and return the Axes.

    Args:
        root_or_agent: an agent after a search, its ``root`` (``Node`` or ``FastNode``), or a
            graph from ``mcts_tree_graph``.
        ax: the Axes to draw on; None makes a new figure sized to the tree.
        max_nodes: draw only the ``max_nodes`` most visited nodes (the title says so when the
            tree is bigger); None draws every node. Ignored for a graph (it was cut when
            it was made).
        label_depth: write the moves on the edges down to this depth (0: none).
        show_visits: write N inside the nodes that are big enough for it.
        colorbar: add a colorbar for the win rates (next to ``ax``).
        legend: a key for the marker sizes (and the proven nodes, if any).
        title: replaces the default title.

    The node markers are one scatter collection (gid ``mcts-nodes``), in the graph's node
    order; its array holds the win rates (NaN at the root, drawn grey).
    """
    import matplotlib as mpl
    import numpy as np
    from matplotlib.lines import Line2D

    _ax(ax)
    _title(title)
    _max_nodes(max_nodes)
    whole(label_depth, "label_depth", 0, 1000)
    show_visits, colorbar, legend = (flag(show_visits, "show_visits"), flag(colorbar, "colorbar"),
                                     flag(legend, "legend"))
    graph = _graph_of(root_or_agent, max_nodes)
    layout = _tidy(graph)
    nodes = sorted(graph)                            # 0 .. n-1, the scatter order
    if ax is None:
        ax = _new_axes(tree_figure_size(graph))
    xs = [layout[n][0] for n in nodes]
    ys = [layout[n][1] for n in nodes]
    slots = int(round(max(xs) - min(xs))) + 1
    levels = int(round(max(ys) - min(ys))) + 1
    width_pt, height_pt = _axes_points(ax)
    unit_pt = width_pt / (slots + 1.2)
    level_pt = height_pt / (levels + 0.5)
    root_visits = graph.graph["root_visits"]
    data = [graph.nodes[n] for n in nodes]
    max_diameter = _fit_diameter([d["visits"] for d in data], xs, ys, root_visits,
                                 min(_MAX_DIAMETER, 0.7 * level_pt), unit_pt)
    diameters = node_diameters([d["visits"] for d in data], root_visits, max_diameter)

    cmap = mpl.colormaps[WIN_RATE_CMAP].with_extremes(bad=ROOT_COLOR)
    norm = mpl.colors.Normalize(vmin=0.0, vmax=1.0)
    rates = np.array([math.nan if d["depth"] == 0 else d["win_rate"] for d in data])

    # Edges, wider where more visits went, under the nodes.
    for parent, kid in graph.edges:
        (px, py), (kx, ky) = layout[parent], layout[kid]
        share = graph.nodes[kid]["visits"] / root_visits
        ax.plot([px, kx], [py, ky], color=EDGE_COLOR, linewidth=0.5 + 3.5 * share,
                solid_capstyle="round", zorder=1, gid=f"mcts-edge:{parent}:{kid}")

    nodes_art = ax.scatter(xs, ys, s=[d * d for d in diameters], c=rates, cmap=cmap,
                           norm=norm, edgecolors=NODE_EDGE, linewidths=0.6, zorder=3,
                           plotnonfinite=True, gid="mcts-nodes")

    proven = [i for i, d in enumerate(data) if d["proven"] is not None]
    if proven:
        ax.scatter([xs[i] for i in proven], [ys[i] for i in proven],
                   s=[(diameters[i] + 6) ** 2 for i in proven], facecolors="none",
                   edgecolors=PROVEN_COLOR, linewidths=1.6, zorder=2.9, gid="mcts-proven")
        names = graph.graph["players"]
        for i in proven:
            text = PROVEN_LETTER.get(data[i]["proven"], "?")
            if data[i]["depth"] == 0:              # no move led here: say who wins
                outcome = data[i]["proven"]
                text = (_("draw") if outcome == 0.5 else _("{side} wins").format(
                    side=names[data[i]['player'] if outcome == 1.0 else data[i]['to_move']]))
            root = data[i]["depth"] == 0
            ax.annotate(text, (xs[i], ys[i]),
                        xytext=((diameters[i] / 2 + 5, 0) if root
                                else (0, -(diameters[i] / 2 + 5))),
                        textcoords="offset points", fontsize=6.5, fontweight="bold",
                        color=PROVEN_COLOR, ha="left" if root else "center",
                        va="center" if root else "top", zorder=4,
                        bbox=dict(boxstyle="square,pad=0.05", facecolor="white",
                                  edgecolor="none", alpha=0.8),
                        gid=f"mcts-proven-label:{nodes[i]}")

    # N inside the nodes that have room for it; the text dark or light against the fill.
    if show_visits:
        for i, d in enumerate(data):
            text = f"{d['visits']:,}"
            font = 6.5
            if diameters[i] < 0.62 * font * len(text) + 4:
                continue
            if d["depth"] == 0:
                fill = mpl.colors.to_rgb(ROOT_COLOR)
            else:
                fill = cmap(norm(d["win_rate"]))[:3]
            light = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
            ax.annotate(text, (xs[i], ys[i]), ha="center", va="center", fontsize=font,
                        color="white" if light < 0.45 else "#111111", zorder=4,
                        gid=f"mcts-visits:{nodes[i]}")

    # The moves on the edges of the top levels, just above the child.
    if label_depth:
        font = 6.5
        labelled = [i for i, d in enumerate(data) if 1 <= d["depth"] <= label_depth]
        longest = max((len(data[i]["label"]) for i in labelled), default=0)
        rotate = 0.62 * font * longest > 0.95 * unit_pt
        for i in labelled:
            ax.annotate(data[i]["label"], (xs[i], ys[i]), xytext=(0, diameters[i] / 2 + 2),
                        textcoords="offset points", ha="center", va="bottom", fontsize=font,
                        rotation=90 if rotate else 0, color="#222222", zorder=5,
                        gid=f"mcts-move:{nodes[i]}",
                        bbox=dict(boxstyle="square,pad=0.08", facecolor="white",
                                  edgecolor="none", alpha=0.85))

    # Who moved into the nodes of each level: the labels of the y axis.
    names = graph.graph["players"]
    ticks, words = [], []
    for depth in range(levels):
        movers = {d["player"] for d in data if d["depth"] == depth}
        if depth == 0:
            words.append(_("{player} to move").format(
                player=names.get(graph.graph['to_move'], '?')))
        elif len(movers) == 1:
            words.append(_("{player} moved").format(player=names.get(movers.pop(), '?')))
        else:
            continue
        ticks.append(-depth)
    ax.set_yticks(ticks, words, fontsize=8, color="#555555")
    ax.set_xticks([])
    ax.tick_params(axis="y", length=0)
    ax.set_frame_on(False)
    ax.set_xlim(min(xs) - 0.9, max(xs) + 0.9)
    ax.set_ylim(min(ys) - 0.45, max(ys) + 0.6)

    if colorbar:
        bar = ax.figure.colorbar(nodes_art, ax=ax, shrink=0.8, pad=0.01, fraction=0.04)
        bar.set_label(_(COLORBAR_LABEL), fontsize=8)
        bar.set_ticks([0, 0.25, 0.5, 0.75, 1])
        bar.ax.tick_params(labelsize=7)

    if legend:
        handles = []
        counts = _nice_counts(root_visits)
        (biggest,) = node_diameters(counts[:1], root_visits, max_diameter)
        for count in counts:
            (d,) = node_diameters([count], root_visits, max_diameter)
            handles.append(Line2D([], [], linestyle="none", marker="o", markersize=d,
                                  markerfacecolor="white", markeredgecolor=NODE_EDGE,
                                  markeredgewidth=0.6, label=f"N = {count:,}"))
        if proven:
            handles.append(Line2D([], [], linestyle="none", marker="o", markersize=9,
                                  markerfacecolor="none", markeredgecolor=PROVEN_COLOR,
                                  markeredgewidth=1.6,
                                  label=_("proven (W/D/L)")))
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.0, 0.0), fontsize=7,
                  frameon=False,
                  ncol=len(handles), borderpad=0.2, handletextpad=0.4, columnspacing=1.2,
                  handlelength=max(1.0, 1.05 * biggest / 7), handleheight=biggest / 7)

    if title is None:
        kept, total = graph.graph["kept"], graph.graph["total_nodes"]
        title = _("MCTS tree, root visited {visits:,} times: {shown}").format(
            visits=root_visits, shown=_most_visited(kept, total, graph.graph["truncated"],
                                                    _("all {kept:,} nodes")))
    if title:
        ax.set_title(title, fontsize=10)
    return ax


def _tidy(graph: Any) -> dict[Any, tuple[float, float]]:
    from .trees import tidy_layout

    return tidy_layout(graph)


# --- Growth: the same search stopped at several iteration counts ----------------------------


def _tier_for(state: Any, tier: str) -> str:
    from ..ataxx.rules import State

    choice(tier, "tier", TIERS)
    if tier == "auto":
        return "fast" if isinstance(state, State) else "reference"
    if tier == "fast" and not isinstance(state, State):
        raise CourseError("tier='fast' plays ATAXX only; use tier='reference' for other games")
    return tier


def make_mcts_agent(state: Any, tier: str = "auto", **options: Any) -> Any:
    """An MCTS agent for ``state``: ``MCTSAgent``, or ``FastMCTSAgent`` for ATAXX when
    ``tier`` is 'fast' (or 'auto', the default). Both build the same tree for the same seed."""
    if _tier_for(state, tier) == "fast":
        from ..agents.mcts_fast import FastMCTSAgent
        return FastMCTSAgent(**options)
    from ..agents.mcts import MCTSAgent
    return MCTSAgent(**options)


class MCTSGrowth:
    """One seeded MCTS search of ``state`` seen after several iteration counts.

    For each checkpoint k a fresh agent searches k iterations: the generator is seeded once
    and every iteration draws in the same order, so the tree after k iterations of a longer
    search is exactly this tree (rebuilding costs the sum of the checkpoints, which for
    1, 2, 5, 10, ... is about twice the last).

    Args:
        state: the position to search.
        checkpoints: increasing iteration counts, e.g. ``[1, 10, 100, 1000]``.
        agent_factory: ``factory(iterations) -> agent``, to build the agents yourself (then
            determinism is up to the factory). Default: ``make_mcts_agent(state, tier,
            iterations=k, **options)``.
        tier: 'auto' (the fast tier for ATAXX), 'reference' or 'fast'.
        **options: MCTS options (``c``, ``seed``, ``expand_after``, ``playout``, ``solver``
            ...); not ``iterations`` or ``time_ms`` (the checkpoints are the budget) nor
            ``final='both'`` (it searches past the budget).

    Attributes: ``checkpoints``, ``agents``, ``roots`` (the tree after each checkpoint),
    ``results`` (each search's SearchResult), ``state``.
    """

    def __init__(self, state: Any, checkpoints: Sequence[int] = DEFAULT_CHECKPOINTS,
                 agent_factory: Callable[[int], Any] | None = None, tier: str = "auto",
                 **options: Any) -> None:
        if isinstance(checkpoints, (str, bytes)) or not hasattr(checkpoints, "__iter__"):
            raise InvalidArgumentError(f"checkpoints must be a list of increasing iteration "
                                       f"counts such as [1, 10, 100], got {describe(checkpoints)}")
        checkpoints = list(checkpoints)
        if not checkpoints:
            raise CourseError("give at least one checkpoint (an iteration count)")
        checkpoints = [whole(k, "a checkpoint", 1, MAX_ITERATIONS) for k in checkpoints]
        if any(b <= a for a, b in zip(checkpoints, checkpoints[1:])):
            raise CourseError(f"checkpoints must increase, got {checkpoints!r}")
        for key in ("iterations", "time_ms"):
            if key in options:
                raise CourseError(f"{key} is set by the checkpoints; leave it out")
        if options.get("final") == "both":
            raise CourseError("final='both' searches past the budget, so the tree after k "
                              "iterations would have more; use another final rule here")
        if agent_factory is not None and not callable(agent_factory):
            raise InvalidArgumentError(f"agent_factory must be a function factory(iterations) "
                                       f"-> agent, got {describe(agent_factory)}")
        if agent_factory is None:
            _tier_for(state, tier)                   # check the tier before any search
            agent_factory = lambda k: make_mcts_agent(state, tier, iterations=k, **options)
        self.state = state
        self.checkpoints = checkpoints
        self.options = dict(options)
        self.agents = []
        self.results = []
        for k in checkpoints:
            agent = agent_factory(k)
            self.results.append(agent.search(state))
            self.agents.append(agent)
        self._graphs: dict[tuple[int, Any], Any] = {}

    @property
    def roots(self) -> list[Any]:
        return [agent.root for agent in self.agents]

    def __len__(self) -> int:
        return len(self.checkpoints)

    def _index(self, index: Any) -> int:
        """``index`` when it numbers a checkpoint (0 to len - 1), else InvalidArgumentError."""
        return whole(index, "index (a checkpoint's number, counted from 0)", 0,
                     len(self.checkpoints) - 1)

    def graph(self, index: int, max_nodes: int | None = DEFAULT_MAX_NODES) -> Any:
        """``mcts_tree_graph`` of the tree at checkpoint ``index`` (cached)."""
        index, max_nodes = self._index(index), _max_nodes(max_nodes)
        key = (index, max_nodes)
        if key not in self._graphs:
            self._graphs[key] = mcts_tree_graph(self.agents[index], max_nodes)
        return self._graphs[key]

    def describe(self, index: int) -> str:
        """The tree at checkpoint ``index`` in words."""
        index = self._index(index)
        k = self.checkpoints[index]
        stats = self.results[index].stats
        root = self.roots[index]
        best = max(root.children, key=lambda ch: ch.visits)      # first of equal: move order
        return _("{after}: {nodes:,} nodes, max depth {depth}; most visited move {move} "
                 "(N = {visits:,}, win rate {rate:.2f})").format(
            after=_after_iterations(k), nodes=stats.tree_nodes, depth=stats.max_depth,
            move=move_label(best.move), visits=best.visits, rate=best.wins / best.visits)

    def draw(self, index: int, ax: Any = None, max_nodes: int | None = DEFAULT_MAX_NODES,
             **kwargs: Any) -> Any:
        """``draw_mcts_tree`` of the tree at checkpoint ``index``."""
        graph = self.graph(index, max_nodes)
        if "title" not in kwargs:
            k = self.checkpoints[index]
            kept, total = graph.graph["kept"], graph.graph["total_nodes"]
            kwargs["title"] = _("MCTS tree {after}: {shown}").format(
                after=_after_iterations(k),
                shown=_most_visited(kept, total, graph.graph["truncated"], _("{kept:,} nodes")))
        return draw_mcts_tree(graph, ax=ax, **kwargs)

    def __repr__(self) -> str:
        return f"<MCTSGrowth at {', '.join(f'{k:,}' for k in self.checkpoints)} iterations>"


# --- Visit shares over the search -------------------------------------------------------------


def _stats_and_move(obj: Any) -> tuple[Any, Any]:
    """(MCTSStats, the move played or None) of an agent, a SearchResult or an MCTSStats."""
    if hasattr(obj, "snapshots"):
        return obj, None
    result = getattr(obj, "last_result", obj)
    stats = getattr(result, "stats", None)
    if stats is None or not hasattr(stats, "snapshots"):
        raise InvalidArgumentError("expected an MCTS agent after a search, its last_result, or "
                                   f"its stats; got {describe(obj)} of type "
                                   f"{type(obj).__name__}")
    return stats, getattr(result, "move", None)


def plot_visit_shares(stats_or_agent: Any, ax: Any = None, top: int = 6, logx: bool = False,
                      title: str | None = None) -> Any:
    """Each root move's share of the root children's visits after each snapshot; return the
    Axes.

    The ``top`` moves with the most visits at the end get a line each (the move played, or
    else the most visited, in bold vermillion and always among them); the rest are summed into
    one grey dashed line, so at every snapshot the lines add up to 1. Needs snapshots: run the
    agent with ``snapshot_every=`` (e.g. 10).
    """
    stats, played = _stats_and_move(stats_or_agent)
    whole(top, "top", 1, 1000)
    logx = flag(logx, "logx")
    _ax(ax)
    _title(title)
    if not stats.snapshots:
        raise CourseError("this search kept no snapshots: run the agent with snapshot_every=10 "
                         "(or another interval) and search again")
    iterations, shares = stats.visit_shares()
    moves = list(stats.root_moves)
    final = stats.snapshots[-1].visits
    ranked = sorted(range(len(moves)), key=lambda i: (-final[i], i))
    if played is not None and played in moves:
        best = moves.index(played)
    else:
        best = ranked[0]
    shown = [i for i in ranked[:top]]
    if best not in shown:
        shown = shown[:-1] + [best]
    shown.sort(key=lambda i: (i != best, -final[i], i))
    rest = [i for i in range(len(moves)) if i not in shown]

    if ax is None:
        import matplotlib.pyplot as plt
        ax = plt.subplots(figsize=(6.8, 4.0), layout="constrained")[1]
    colors = iter(LINE_COLORS)
    highest = 0.0
    for i in shown:
        label = move_label(moves[i])
        ys = [row[i] for row in shares]
        highest = max(highest, *ys)
        if i == best:
            ax.plot(iterations, ys, color=BEST_COLOR, linewidth=2.8, zorder=4,
                    label=(_("{move} (played)") if played is not None
                           else _("{move} (most visited)")).format(move=label),
                    gid=f"share:{label}")
        else:
            ax.plot(iterations, ys, color=next(colors, "#444444"), linewidth=1.3, zorder=3,
                    label=label, gid=f"share:{label}")
    if rest:
        ys = [sum(row[i] for i in rest) for row in shares]
        highest = max(highest, *ys)
        ax.plot(iterations, ys, color=OTHER_COLOR, linewidth=1.2, linestyle="--", zorder=2,
                label=(_("the other {count} moves") if len(rest) != 1
                       else _("the other move")).format(count=len(rest)),
                gid="share:other")
    ax.set_ylim(0, min(1.02, 1.12 * highest + 0.02))
    if logx:
        ax.set_xscale("log")
    ax.set_xlabel(_("iterations"))
    ax.set_ylabel(_("share of the root's visits"))
    ax.grid(True, linewidth=0.5, alpha=0.5)
    ax.legend(fontsize=8, loc="best", title=_("root move"), title_fontsize=8)
    ax.set_title(title if title is not None else
                 _("Where the visits go: each root move's share of the visits"), fontsize=10)
    return ax


# --- The UCB rule at one node -----------------------------------------------------------------


@dataclass
class UCBTerms:
    """The UCB value of one child split in two: ``exploit`` = Q/N, ``explore`` =
    c sqrt(2 ln N(parent) / N); ``value`` is ``mcts.ucb`` itself."""

    move: Any
    visits: int
    wins: float
    exploit: float
    explore: float
    value: float
    skipped: bool = False
    """The solver skips a child proven a loss for the mover."""


def ucb_terms(node: Any, c: float) -> list[UCBTerms]:
    """The UCB terms of every visited child of ``node``, in move order."""
    log_n = math.log(node.visits)
    rows = []
    for child in node.children:
        if child.visits == 0:
            continue
        exploit = child.wins / child.visits
        explore = c * math.sqrt(2.0 * log_n / child.visits)
        rows.append(UCBTerms(child.move, child.visits, child.wins, exploit, explore,
                             ucb(child, log_n, c), skipped=child.proven == 0.0))
    return rows


def selected_index(rows: Sequence[UCBTerms]) -> int | None:
    """Which child the selection phase takes: the highest UCB (ties to the first), skipping
    children proven lost for the mover; None if every child is skipped."""
    best, best_value = None, -math.inf
    for i, row in enumerate(rows):
        if not row.skipped and row.value > best_value:
            best, best_value = i, row.value
    return best


def plot_ucb_terms(node: Any, c: float | None = None, ax: Any = None, top: int | None = None,
                   title: str | None = None) -> Any:
    """For each child of ``node``: its UCB value as two stacked bars, exploitation Q/N (blue)
    and exploration c sqrt(2 ln N(v) / N(v')) (orange); the child the selection phase would
    take next is outlined and marked. Return the Axes.

    ``node`` may be an agent (its root; ``c`` then defaults to the agent's). With ``top``,
    only the ``top`` children with the highest UCB are drawn (in move order).
    """
    if not hasattr(node, "children"):
        root, agent = _root_of(node)
        if c is None:
            c = agent.c
        node = root
    if c is None:
        c = 1.4
    c = number(c, "c", 0, 100)
    top = whole(top, "top", 1, 1000, optional=True)
    _ax(ax)
    _title(title)
    if node.visits == 0 or not node.children:
        raise CourseError("this node has no visited children: nothing to compare")
    rows = ucb_terms(node, c)
    chosen = selected_index(rows)
    indices = list(range(len(rows)))
    if top is not None:
        keep = sorted(indices, key=lambda i: (-rows[i].value, i))[:top]
        indices = sorted(keep)
    if ax is None:
        import matplotlib.pyplot as plt
        ax = plt.subplots(figsize=(max(5.5, 0.42 * len(indices) + 2.0), 4.0),
                          layout="constrained")[1]
    xs = list(range(len(indices)))
    exploit = [rows[i].exploit for i in indices]
    explore = [rows[i].explore for i in indices]
    ax.bar(xs, exploit, color=EXPLOIT_COLOR, width=0.7, label=_("exploitation Q/N"),
           gid="ucb-exploit")
    ax.bar(xs, explore, bottom=exploit, color=EXPLORE_COLOR, width=0.7,
           label=_("exploration c\u00b7\u221a(2 ln N(v) / N(v')), c = {c:g}").format(c=c),
           gid="ucb-explore")
    skipped = [x for x, i in zip(xs, indices) if rows[i].skipped]
    for n, x in enumerate(skipped):
        ax.bar([x], [rows[indices[x]].value], width=0.7, facecolor="none", edgecolor="#777777",
               hatch="///", linewidth=0, gid=f"ucb-skipped:{x}",
               label=_("proven a loss for the mover: skipped") if n == 0 else None)
    if chosen is not None and chosen in indices:
        x = indices.index(chosen)
        value = rows[chosen].value
        ax.bar([x], [value], width=0.78, facecolor="none", edgecolor=SELECTED_COLOR,
               linewidth=2.2, zorder=4, gid="ucb-selected")
        ax.annotate(_("selected"), (x, value), xytext=(0, 4), textcoords="offset points",
                    ha="center", va="bottom", fontsize=8, color=SELECTED_COLOR,
                    fontweight="bold", gid="ucb-selected-label")
        ax.axhline(value, color=SELECTED_COLOR, linewidth=0.8, linestyle=":", zorder=1)
    ax.set_xticks(xs, [f"{move_label(rows[i].move)}\nN={rows[i].visits}" for i in indices],
                  fontsize=7.5, rotation=0 if len(indices) <= 14 else 90)
    ax.set_xlim(-0.6, len(indices) - 0.4)
    high = max(rows[i].value for i in indices)
    entries = 3 if skipped else 2
    ncol = 2 if len(indices) >= 10 else 1
    ax.set_ylim(0, high * (1.1 + 0.13 * -(-entries // ncol)) + 0.02)
    ax.set_ylabel(_("UCB = exploitation + exploration"))
    ax.set_xlabel(_("child (move and visits N(v'))"))
    ax.grid(True, axis="y", linewidth=0.5, alpha=0.5)
    ax.legend(fontsize=8, loc="upper center", ncol=ncol, framealpha=0.9)
    if title is None:
        path, up = [], node
        while up.parent is not None:
            path.append(move_label(up.move))
            up = up.parent
        where = (_("UCB at the root, N(v) = {visits:,}") if not path else
                 _("UCB at the node {path}, N(v) = {visits:,}"))
        untried = getattr(node, "untried", None)
        title = where.format(path=" ".join(reversed(path)), visits=node.visits)
        if untried:
            title += _(" ({count} untried: the next visit expands one instead)").format(
                count=len(untried))
        elif top is not None and len(indices) < len(rows):
            title += _(": the {shown} highest of {count} children").format(
                shown=len(indices), count=len(rows))
    ax.set_title(title, fontsize=10)
    return ax
