"""The divergence picture: the student's search and the right one, side by side.

Both panels draw the same tree: the nodes either search visited, around the first node where
they differ. In each panel the nodes that search visited are drawn strong, the others faded,
numbered by their first visit, and a node searched more than once says how many times (x2);
the first differing node has a red ring in both.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..i18n import _
from .grading import is_number, tree_leaves
from .trace import move_label, path_name

MAX_NODES = 70
WIDTH_INCHES = 9.6                                     # 960 px at 100 dpi
ROOMY_LEAVES = 14
"""Up to this many leaves in a panel, nodes and their numbers are drawn larger."""
RING = 1.65
"""The red ring around the first differing node, in node radii; the words around a node keep
clear of it."""


def _select(mine: list, right: list, focus: tuple | None, whole: list) -> list[tuple]:
    """The nodes to draw: all of both searches (and of the explicit tree) when they are few,
    else the nodes around the path to ``focus``."""
    order: list[tuple] = []
    seen = set()
    for path in (whole or right) + mine:
        for k in range(len(path) + 1):
            prefix = path[:k]
            if prefix not in seen:
                seen.add(prefix)
                order.append(prefix)
    if len(order) <= MAX_NODES or focus is None:
        return order[:MAX_NODES * 3]
    chain = {focus[:k] for k in range(len(focus) + 1)}
    kept = [p for p in order if p in chain or p[:-1] in chain]
    if len(kept) > MAX_NODES:                           # keep the siblings nearest the chain
        near = [p for p in kept if p in chain]
        others = [p for p in kept if p not in chain]
        kept = near + others[:MAX_NODES - len(near)]
    return kept


def _layout(nodes: list[tuple]) -> dict[tuple, tuple[float, float]]:
    children: dict[tuple, list[tuple]] = {}
    roots = []
    present = set(nodes)
    for p in nodes:
        if p and p[:-1] in present:
            children.setdefault(p[:-1], []).append(p)
        else:
            roots.append(p)
    positions: dict[tuple, tuple[float, float]] = {}
    next_x = [0.0]
    depth0 = min(len(p) for p in nodes)

    def place(p: tuple) -> float:
        kids = children.get(p, [])
        if not kids:
            x = next_x[0]
            next_x[0] += 1
        else:
            xs = [place(k) for k in kids]
            x = (xs[0] + xs[-1]) / 2
        positions[p] = (x, -(len(p) - depth0))
        return x

    for r in roots:
        place(r)
    return positions


def divergence_figure(mine: list, right: list, focus: tuple | None, what: str,
                      tree: Any = None, right_node: tuple | None = None,
                      mine_returns: list | None = None, right_returns: list | None = None) -> Any:
    """A matplotlib Figure (not shown by pyplot) 960 px wide; ``focus`` is the first node
    where the two searches differ. With ``*_returns`` ((node, value) for each call, in order)
    each node also shows, above it on the right, the last value it returned."""
    from matplotlib.figure import Figure

    values: dict = {}
    if tree is not None:
        values = tree_leaves(tree)
    nodes = _select(mine, right, focus, list(values))
    if right_node is not None and right_node != focus and right_node not in nodes:
        nodes.append(right_node)
    if not nodes:
        return None
    positions = _layout(nodes)
    levels = 1 + max(-y for _x, y in positions.values())
    width = max(x for x, _ in positions.values()) + 1
    height = min(6.0, 1.3 + 0.9 * levels)
    figure = Figure(figsize=(WIDTH_INCHES, height))
    axes = figure.subplots(1, 2)
    show_labels = width <= 30
    roomy = width <= ROOMY_LEAVES                      # few leaves: larger nodes and words
    area = 240 if roomy else 110 if show_labels else 40          # a node's marker, in pt²
    radius = area ** 0.5 / 2
    font = 8 if roomy else 6
    panels = ((axes[0], mine, _("your {what}").format(what=_(what)), "tab:blue",
               dict(mine_returns or [])),
              (axes[1], right, _("the right one"), "tab:green", dict(right_returns or [])))
    for ax, visits, title, colour, returned in panels:
        visited = set(visits)
        rank: dict = {}
        for i, p in enumerate(visits):
            rank.setdefault(p, i + 1)
        times = Counter(visits)
        for p in nodes:
            if p and p[:-1] in positions:
                (x0, y0), (x1, y1) = positions[p[:-1]], positions[p]
                strong = p in visited and p[:-1] in visited
                ax.plot([x0, x1], [y0, y1], color=colour if strong else "0.85",
                        lw=1.6 if strong else 0.8, zorder=1)
        for p in nodes:
            x, y = positions[p]
            strong = p in visited
            ax.scatter([x], [y], s=area, color=colour if strong else "0.9",
                       edgecolors=colour if strong else "0.75", zorder=2)
            if strong and show_labels:
                ax.text(x, y, str(rank[p]), ha="center", va="center", fontsize=font,
                        color="white", zorder=3, gid=f"visit:{rank[p]}")
            if times[p] > 1:         # above the ring (the value returned: above on the right)
                ax.annotate(f"x{times[p]}", (x, y), xytext=(0, RING * radius + 1),
                            textcoords="offset points", ha="center", va="bottom",
                            fontsize=font + 2, fontweight="bold", color="red", zorder=3,
                            gid="times")
            if show_labels and p:
                px, py = positions[p[:-1]] if p[:-1] in positions else (x, y + 1)
                ax.text((x + px) / 2, (y + py) / 2, move_label(p[-1]), ha="center",
                        va="center", fontsize=font, color="0.3" if strong else "0.65",
                        bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none"))
            if values.get(p) is not None:
                ax.annotate(f"{values[p]:g}", (x, y), xytext=(0, -RING * radius - 2),
                            textcoords="offset points", ha="center", va="top",
                            fontsize=font + 2, color="black" if strong else "0.6")
            if p in returned and show_labels and is_number(returned[p]):
                corner = 0.75 * RING * radius
                ax.annotate(f"{returned[p]:g}", (x, y), xytext=(corner, corner),
                            textcoords="offset points", ha="left", va="bottom",
                            fontsize=font + 1, color="purple", zorder=3, gid="returned")
        ring = area * RING ** 2 if show_labels else 140
        if focus is not None and focus in positions:
            x, y = positions[focus]
            ax.scatter([x], [y], s=ring, facecolors="none", edgecolors="red", linewidths=2,
                       zorder=4)
        if right_node is not None and right_node != focus and right_node in positions:
            x, y = positions[right_node]
            ax.scatter([x], [y], s=ring, facecolors="none", edgecolors="orange", linewidths=2,
                       linestyle="--", zorder=4)
        ax.set_title(title, fontsize=10)
        ax.set_xlim(-0.7, width - 0.3)
        ax.set_ylim(-levels + 0.4, 0.5)
        ax.axis("off")
    if focus is not None:
        other = ""
        if right_node is not None and right_node != focus:
            other = _(", where the right one visits {node} (orange ring)").format(
                node=path_name(right_node))
        returned = _(" (purple: the value each call returned)") if mine_returns else ""
        figure.suptitle(_("first difference: your node {node} (red ring){other}\n"
                          "numbers are the order of the visits{returned}").format(
                              node=path_name(focus), other=other, returned=returned),
                        fontsize=9)
    figure.tight_layout()
    return figure
