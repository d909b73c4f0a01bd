"""Search-tree pictures, the SearchStepper widget and the node-count plot, checked headless.

Expectations come from the spec's facts about the textbook tree (value 3 via the first branch;
the second and third leaves of the middle branch pruned), from the searched positions themselves
(GameTree node names, tic-tac-toe and ATAXX move counts), from the recorded events, and from
formulas written out here; never from the drawing code under test.
"""

from __future__ import annotations

import io
import math
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import matplotlib

matplotlib.use("Agg", force=True)

import matplotlib.colors as mcolors  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import pytest  # noqa: E402

import course_lib.viz.trees as trees_module  # noqa: E402
from course_lib.agents.search import search  # noqa: E402
from course_lib.ataxx import State  # noqa: E402
from course_lib.games import TEXTBOOK_TREE, GameTree, TicTacToe  # noqa: E402
from course_lib.viz import (SearchStepper, draw_alphabeta, draw_tree,  # noqa: E402
                            measure_node_counts, plot_node_counts, tidy_layout)
from course_lib.viz.trees import LEGEND_FOLDED, MAX_FIGURE_WIDTH  # noqa: E402

ALPHA_CUT_TEXT = "alpha cut (at a MIN node)"
BETA_CUT_TEXT = "beta cut (at a MAX node)"
MID_GAME = "XO./.X./..O"           # X to move, six empty squares
LATE_GAME = "XOX/.O./..X"          # O to move, four empty squares


@pytest.fixture(autouse=True)
def no_show_and_close(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a drawing function called plt.show()")
    monkeypatch.setattr(plt, "show", refuse)
    yield
    plt.close("all")


def textbook(algorithm="alphabeta"):
    return search(GameTree(TEXTBOOK_TREE), algorithm=algorithm, depth=3, record=True)


def kids(tree, node):
    return sorted(tree.successors(node), key=lambda n: tree.nodes[n]["order"])


def root_of(tree):
    (root,) = [n for n in tree if tree.in_degree(n) == 0]
    return root


# --- The layout -----------------------------------------------------------------------------


def random_tree(seed: int) -> nx.DiGraph:
    """A random tree whose 'order' (visit order) is a depth-first order, with the nodes
    inserted into the graph in a shuffled order and with ids unrelated to the visit order."""
    rng = random.Random(seed)
    ids = rng.sample(range(1000, 9000), 60)
    parents = {0: None}
    children = {0: []}
    count = 1
    frontier = [0]
    while frontier and count < 60:
        node = frontier.pop(rng.randrange(len(frontier)))
        for _ in range(rng.randint(1, 4)):
            if count == 60:
                break
            parents[count] = node
            children[count] = []
            children[node].append(count)
            frontier.append(count)
            count += 1
    order, stack = [], [0]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(reversed(children[node]))
    graph = nx.DiGraph()
    shuffled = list(order)
    rng.shuffle(shuffled)
    for node in shuffled:
        graph.add_node(ids[node], order=order.index(node))
    for node, parent in parents.items():
        if parent is not None:
            graph.add_edge(ids[parent], ids[node])
    return graph


def layout_cases():
    cases = [("textbook-alphabeta", textbook().tree),
             ("textbook-minimax", textbook("minimax").tree)]
    for fen_like, depth, algorithm in [(MID_GAME, 2, "alphabeta"), (LATE_GAME, 3, "alphabeta"),
                                       (MID_GAME, 2, "minimax"),
                                       (MID_GAME, 3, "negamax-alphabeta")]:
        result = search(TicTacToe.from_string(fen_like), algorithm=algorithm, depth=depth,
                        record=True)
        cases.append((f"ttt-{algorithm}-{depth}", result.tree))
    cases.append(("ataxx-2", search(State.start(), algorithm="alphabeta", depth=2,
                                    record=True).tree))
    cases.extend((f"random-{seed}", random_tree(seed)) for seed in range(6))
    return cases


def depth_of(tree, node):
    depth = 0
    while tree.in_degree(node):
        node = next(iter(tree.predecessors(node)))
        depth += 1
    return depth


@pytest.mark.parametrize("name, tree", layout_cases(),
                         ids=lambda c: c if isinstance(c, str) else "")
def test_layout_properties(name, tree):
    pos = tidy_layout(tree)
    assert set(pos) == set(tree)
    # Leaves (childless nodes, pruned children included) sit at 0, 1, 2, ... in visit order.
    leaves = sorted((n for n in tree if tree.out_degree(n) == 0),
                    key=lambda n: tree.nodes[n]["order"])
    assert [pos[n][0] for n in leaves] == list(range(len(leaves)))
    for node in tree:
        assert pos[node][1] == -depth_of(tree, node)            # depth downwards, root on top
        children = kids(tree, node)
        if children:
            xs = [pos[c][0] for c in children]
            assert pos[node][0] == pytest.approx((xs[0] + xs[-1]) / 2)       # centred
            assert all(a < b for a, b in zip(xs, xs[1:]))                     # order kept
    levels: dict[float, list[float]] = {}
    for x, y in pos.values():
        levels.setdefault(y, []).append(x)
    for y, xs in levels.items():
        xs.sort()
        assert all(b - a >= 1 - 1e-9 for a, b in zip(xs, xs[1:])), (name, y)  # no overlap
    assert tidy_layout(tree) == pos                                            # deterministic


def test_layout_of_the_textbook_tree():
    tree = textbook().tree
    pos = tidy_layout(tree)
    root = root_of(tree)
    branches = kids(tree, root)
    assert [pos[b][0] for b in branches] == [1.0, 4.0, 7.0]     # three leaves under each
    assert pos[root] == (4.0, 0.0)
    assert sorted(x for x, y in pos.values() if y == -2) == list(range(9))


def test_layout_does_not_depend_on_insertion_order():
    tree = random_tree(3)
    again = nx.DiGraph()
    again.add_nodes_from(sorted(tree.nodes(data=True), reverse=True))
    again.add_edges_from(reversed(list(tree.edges)))
    assert tidy_layout(again) == tidy_layout(tree)


def test_layout_refuses_a_graph_that_is_not_a_tree():
    diamond = nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3)])
    with pytest.raises(ValueError, match="not a tree"):
        tidy_layout(diamond)


# --- Drawing ----------------------------------------------------------------------------------


def node_collections(ax):
    return {c.get_gid(): c for c in ax.collections if (c.get_gid() or "").startswith("node:")}


def gid_node(gid):
    return int(gid.rsplit(":", 1)[1])


def texts_with(ax, prefix):
    return {t.get_gid(): t.get_text() for t in ax.texts if (t.get_gid() or "").startswith(prefix)}


def lines_with(ax, prefix):
    return [line for line in ax.lines if (line.get_gid() or "").startswith(prefix)]


def pointing_up(collection) -> bool:
    """True for an upward triangle: one vertex on top, two at the bottom."""
    vertices = {(round(x, 6), round(y, 6)) for x, y in collection.get_paths()[0].vertices}
    ys = sorted(y for _, y in vertices)
    assert len(vertices) == 3
    return ys[1] == ys[0]


def is_grey(color) -> bool:
    r, g, b, _ = mcolors.to_rgba(color)
    return max(r, g, b) - min(r, g, b) < 0.02 and r < 0.97


def lightness(color) -> float:
    return sum(mcolors.to_rgb(color)) / 3


def legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def fmt(value):
    """The test's own number format: 3, ∞, -∞."""
    if value == math.inf:
        return "∞"
    if value == -math.inf:
        return "-∞"
    return str(int(value)) if float(value).is_integer() else str(value)


def test_draw_tree_minimax_textbook():
    result = textbook("minimax")
    ax = draw_tree(result)
    nodes = node_collections(ax)
    assert len(nodes) == 1 + 3 + 9 == result.tree.number_of_nodes()
    kinds = Counter(gid.split(":")[1] for gid in nodes)
    assert kinds == {"max": 1, "min": 3, "leaf": 9}
    for gid, collection in nodes.items():
        if gid.startswith("node:max:"):
            assert pointing_up(collection)
        elif gid.startswith("node:min:"):
            assert not pointing_up(collection)
    # Values: the leaves, each MIN node the smallest of its leaves, the root the largest.
    mins = [min(branch) for branch in TEXTBOOK_TREE]
    expected = Counter(map(str, [v for branch in TEXTBOOK_TREE for v in branch] + mins
                           + [max(mins)]))
    assert Counter(texts_with(ax, "value:").values()) == expected
    root = root_of(result.tree)
    assert texts_with(ax, f"value:{root}") == {f"value:{root}": "3"}
    # Edge labels are the moves: each of the 4 inner nodes has moves 0, 1, 2.
    assert Counter(texts_with(ax, "edge-label:").values()) == {"0": 4, "1": 4, "2": 4}
    assert not texts_with(ax, "window:")             # windows only when asked for
    labels = legend_texts(ax)
    assert any("MAX" in t for t in labels) and any("MIN" in t for t in labels)
    assert any("leaf" in t for t in labels)


def test_draw_tree_options_and_axes():
    result = textbook()
    fig, ax = plt.subplots()
    before = plt.get_fignums()
    assert draw_tree(result, ax=ax, show_values=False, labels=None, legend=False) is ax
    assert plt.get_fignums() == before                # drew on the given Axes only
    assert not texts_with(ax, "value:") and not texts_with(ax, "edge-label:")
    assert ax.get_legend() is None
    named = draw_tree(result, labels="name", show_windows=True)
    # 'name' labels: the GameTree's own names of the children (pruned ones: parent + move).
    expected = []
    for node, data in result.tree.nodes(data=True):
        if data["state"] is not None and data["depth"] > 0:
            expected.append(data["state"].name)
        elif data["pruned"]:
            parent = next(iter(result.tree.predecessors(node)))
            expected.append(f"{result.tree.nodes[parent]['state'].name}.{data['move']}")
    assert sorted(texts_with(named, "edge-label:").values()) == sorted(expected)
    windows = [(e["alpha"], e["beta"]) for e in result.events if e["event"] == "enter"]
    assert sorted(texts_with(named, "window:").values()) == \
        sorted(f"[{fmt(a)}, {fmt(b)}]" for a, b in windows)
    with pytest.raises(ValueError, match="labels"):
        draw_tree(result, labels="colour")


def test_draw_tree_needs_a_recorded_search():
    with pytest.raises(ValueError, match="record=True"):
        draw_tree(search(GameTree(TEXTBOOK_TREE), algorithm="minimax", depth=3))
    with pytest.raises(TypeError):
        draw_tree([[3, 12, 8]])


def test_alphabeta_diagram_of_the_textbook_tree():
    result = textbook()
    tree = result.tree
    ax = draw_alphabeta(result)
    nodes = node_collections(ax)
    assert len(nodes) == tree.number_of_nodes()
    # The spec: the second and third leaves of the middle branch are pruned.
    root = root_of(tree)
    middle = kids(tree, root)[1]
    pruned = set(kids(tree, middle)[1:])
    drawn_pruned = {gid_node(g) for g in nodes if g.startswith("node:pruned:")}
    assert drawn_pruned == pruned
    for gid, collection in nodes.items():
        grey = is_grey(collection.get_facecolor()[0]) and is_grey(collection.get_edgecolor()[0])
        dashed = collection.get_linestyle()[0][1] is not None
        assert grey == dashed == (gid_node(gid) in pruned), gid
    edges = {int(line.get_gid().split(":")[2]): line for line in lines_with(ax, "edge:")}
    assert len(edges) == tree.number_of_edges()
    lightest_visited = max(lightness(line.get_color()) for child, line in edges.items()
                           if child not in pruned)
    for child, line in edges.items():
        assert (line.get_linestyle() == "--") == (child in pruned)
        if child in pruned:                          # pruned edges: grey, lighter than the rest
            assert is_grey(line.get_color())
            assert lightness(line.get_color()) > lightest_visited
    # One alpha cut, at the middle MIN node, in the legend's alpha-cut colour.
    texts = legend_texts(ax)
    assert ALPHA_CUT_TEXT in texts and BETA_CUT_TEXT not in texts     # no beta cut happened
    handles = dict(zip(texts, ax.get_legend().legend_handles))
    cuts = lines_with(ax, "cut:")
    assert [c.get_gid() for c in cuts] == [f"cut:alpha:{middle}"]
    alpha_color = mcolors.to_hex(handles[ALPHA_CUT_TEXT].get_color())
    assert alpha_color != mcolors.to_hex(trees_module.BETA_CUT_COLOR)
    assert mcolors.to_hex(cuts[0].get_color()) == alpha_color
    # The cut node is framed in the cut's colour.
    frame = nodes[f"node:min:{middle}"].get_edgecolor()[0]
    assert mcolors.to_hex(frame) == alpha_color
    # The bar lies across the pruned edges: between the node and its children, and its
    # ends beyond the pruned edges' x at that height.
    (bar_x0, bar_x1), (bar_y, _) = cuts[0].get_xdata(), cuts[0].get_ydata()
    pos = tidy_layout(tree)
    assert pos[middle][1] > bar_y > pos[min(pruned)][1]
    t = (pos[middle][1] - bar_y) / (pos[middle][1] - pos[min(pruned)][1])
    for child in pruned:
        at = pos[middle][0] + t * (pos[child][0] - pos[middle][0])
        assert bar_x0 < at < bar_x1
    first = kids(tree, middle)[0]
    assert not bar_x0 < pos[middle][0] + t * (pos[first][0] - pos[middle][0]) < bar_x1
    # Windows on entry, from the events; values on exit; the middle node's value is a bound.
    windows = {e["node"]: f"[{fmt(e['alpha'])}, {fmt(e['beta'])}]"
               for e in result.events if e["event"] == "enter"}
    assert texts_with(ax, "window:") == {f"window:{n}": w for n, w in windows.items()}
    assert windows[middle] == "[3, ∞]" and windows[root] == "[-∞, ∞]"
    values = texts_with(ax, "value:")
    assert values[f"value:{root}"] == "3"
    assert values[f"value:{middle}"] == "≤2"         # min(2, ?, ?) is at most 2
    assert values[f"value:{kids(tree, root)[2]}"] == "2"      # min(14, 5, 2), all seen
    assert not any(f"value:{n}" in values for n in pruned)
    leaves = [v for v in values.items() if tree.nodes[gid_node(v[0])]["leaf"]]
    assert sorted(int(v) for _, v in leaves) == sorted([3, 12, 8, 2, 14, 5, 2])


def png_bytes(ax) -> bytes:
    buffer = io.BytesIO()
    ax.figure.savefig(buffer, format="png", metadata={"Software": None})
    return buffer.getvalue()


def test_the_key_shows_only_the_cuts_the_search_made():
    """Minimax cuts nothing: no cut entries, in the diagram or in any frame of the stepper.
    An alpha-beta search with both kinds of cut shows both, in every frame."""
    minimax = textbook("minimax")
    for ax in (draw_alphabeta(minimax), trees_module.draw_moment(minimax, index=0),
               trees_module.draw_moment(minimax, index=len(minimax.events) - 1)):
        texts = legend_texts(ax)
        assert ALPHA_CUT_TEXT not in texts and BETA_CUT_TEXT not in texts, texts
        plt.close(ax.figure)
    both = next(r for r in (search(TicTacToe.from_string(p), algorithm="alphabeta", depth=d,
                                   record=True)
                            for p, d in ((MID_GAME, 2), (MID_GAME, 3), (LATE_GAME, 3)))
                if {"alpha", "beta"} <= {data.get("cut_by") for _, data in r.tree.nodes(data=True)})
    for ax in (draw_alphabeta(both), trees_module.draw_moment(both, index=0)):
        texts = legend_texts(ax)
        assert ALPHA_CUT_TEXT in texts and BETA_CUT_TEXT in texts, texts
        plt.close(ax.figure)


@pytest.mark.parametrize("position, depth", [(MID_GAME, 2), (LATE_GAME, 3), (MID_GAME, 3)])
def test_folded_diagram_draws_each_cuts_pruned_children_as_one(position, depth):
    result = search(TicTacToe.from_string(position), algorithm="alphabeta", depth=depth,
                    record=True)
    tree = result.tree
    ax = draw_alphabeta(result, fold=True)
    drawn = {gid_node(g) for g in node_collections(ax)}
    folded = texts_with(ax, "folded:")
    for node in tree:
        pruned = [k for k in tree.successors(node) if tree.nodes[k]["pruned"]]
        if len(pruned) > 1:                         # one square stands for all of them
            first = min(pruned, key=lambda k: tree.nodes[k]["order"])
            assert [k for k in pruned if k in drawn] == [first]
            assert folded[f"folded:{first}"] == f"\u00d7{len(pruned)}"
        else:
            assert all(k in drawn for k in pruned)
    visited = {n for n in tree if not tree.nodes[n]["pruned"]}
    assert visited <= drawn
    assert len(folded) == sum(1 for n in tree
                              if sum(tree.nodes[k]["pruned"] for k in tree.successors(n)) > 1)
    assert (LEGEND_FOLDED in legend_texts(ax)) == bool(folded)
    plt.close(ax.figure)


def test_pictures_fit_the_notebook_and_fold_only_when_too_wide():
    small = draw_alphabeta(textbook())
    assert not texts_with(small, "folded:")              # the textbook tree fits unfolded
    wide = search(TicTacToe.from_string(MID_GAME), algorithm="alphabeta", depth=3, record=True)
    assert trees_module._too_wide(wide.tree)
    ax = draw_alphabeta(wide)
    assert texts_with(ax, "folded:")
    for axes in (small, ax, draw_tree(wide, fold=False)):
        assert axes.figure.get_figwidth() <= MAX_FIGURE_WIDTH
    with pytest.raises(ValueError, match="fold"):
        draw_alphabeta(wide, fold="yes")
    plt.close("all")


def test_pictures_are_deterministic():
    first = png_bytes(draw_alphabeta(textbook()))
    second = png_bytes(draw_alphabeta(textbook()))
    assert first == second
    assert first != png_bytes(draw_tree(textbook()))


@pytest.mark.parametrize("position, depth", [(MID_GAME, 2), (LATE_GAME, 3), (MID_GAME, 3)])
def test_alphabeta_diagram_of_tic_tac_toe(position, depth):
    result = search(TicTacToe.from_string(position), algorithm="alphabeta", depth=depth,
                    record=True)
    ax = draw_alphabeta(result, fold=False)
    nodes = node_collections(ax)
    assert len(nodes) == result.tree.number_of_nodes()
    cut_events = [e for e in result.events if e["event"] == "cut"]
    skipped = {n for e in cut_events for n in e["skipped"]}
    assert {gid_node(g) for g in nodes if g.startswith("node:pruned:")} == skipped
    assert sorted(c.get_gid() for c in lines_with(ax, "cut:")) == \
        sorted(f"cut:{e['cut_by']}:{e['node']}" for e in cut_events)
    # A cut by alpha happens at a MIN node, a cut by beta at a MAX node.
    for e in cut_events:
        assert result.tree.nodes[e["node"]]["kind"] == {"alpha": "min", "beta": "max"}[e["cut_by"]]
    visited = len([e for e in result.events if e["event"] == "enter"])
    assert len(texts_with(ax, "window:")) == visited
    # Every node's marker lies inside the Axes' view.
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    for collection in nodes.values():
        (x, y), = collection.get_offsets()
        assert x0 < x < x1 and y0 < y < y1


def test_big_trees_are_refused_or_cut_to_the_first_levels():
    result = search(State.start(), algorithm="alphabeta", depth=3, record=True)
    assert result.tree.number_of_nodes() > 200
    with pytest.raises(ValueError, match="max_depth"):
        draw_tree(result)
    with pytest.raises(ValueError, match="max_nodes"):
        draw_alphabeta(result)
    ax = draw_tree(result, max_depth=1)
    assert len(node_collections(ax)) == 1 + 16        # the start position has 16 moves
    hidden = texts_with(ax, "hidden:")
    assert len(hidden) == 16
    below = {n: len(nx.descendants(result.tree, n)) for n in kids(result.tree, 0)}
    assert hidden == {f"hidden:{n}": f"+{count:,}" for n, count in below.items()}
    with pytest.raises(ValueError, match="max_depth"):
        draw_tree(result, max_depth=-1)


# --- The stepper ------------------------------------------------------------------------------


def names_from_states(result):
    """Node names from the GameTree states themselves ('root', '1', '1.0'); a pruned child is
    its parent's name and its move."""
    names = {}
    for node, data in result.tree.nodes(data=True):
        if data["state"] is not None:
            names[node] = data["state"].name
    for node, data in result.tree.nodes(data=True):
        if data["state"] is None:
            parent = next(iter(result.tree.predecessors(node)))
            prefix = "" if names[parent] == "root" else names[parent] + "."
            names[node] = f"{prefix}{data['move']}"
    return names


def expected_description(event, names, windows=True):
    name = names[event["node"]]
    who = "root" if name == "root" else f"node {name}"
    if event["event"] == "enter":
        if not windows:
            return f"enter {who}"
        return f"enter {who} with window [{fmt(event['alpha'])}, {fmt(event['beta'])}]"
    if event["event"] == "leaf":
        return f"leaf {name} = {fmt(event['value'])}"
    if event["event"] == "leave":
        return f"{who} = {fmt(event['value'])}"
    skipped = ", ".join(names[n] for n in event["skipped"])
    return f"cut at {who} ({event['cut_by']} cut): skip {skipped}"


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax-alphabeta", "minimax"])
def test_stepper_descriptions_follow_the_events(algorithm):
    result = textbook(algorithm)
    stepper = SearchStepper(result)
    names = names_from_states(result)
    # Minimax records no windows (only [-inf, inf] at the root): its sentences have none.
    windows = algorithm != "minimax"
    expected = [expected_description(e, names, windows) for e in result.events]
    seen = stepper.descriptions
    assert seen == expected
    for i in (0, 7, 11, 12, 13, len(expected) - 1):
        stepper.step(i)
        assert stepper.description == expected[i]
        assert stepper.description in stepper.text.value
    if algorithm != "minimax":
        wanted = ["enter node 1.0 with window [3, ∞]", "leaf 1.0 = 2",
                  "cut at node 1 (alpha cut): skip 1.1, 1.2", "node 1 = 2", "root = 3"]
        where = [seen.index(w) for w in wanted]
        assert where == sorted(where) and where[1:3] == [where[0] + 1, where[0] + 2]
        assert seen[0] == "enter root with window [-∞, ∞]"
    else:
        assert seen[0] == "enter root" and "leaf 1.1 = 4" in seen


def test_stepper_controls_move_together():
    result = textbook()
    stepper = SearchStepper(result)
    last = len(result.events) - 1
    assert stepper.index == 0 and stepper.slider.value == 0
    assert stepper.slider.min == 0 and stepper.slider.max == last
    assert stepper.previous_button.disabled and not stepper.next_button.disabled

    stepper.step(5)
    assert stepper.index == stepper.slider.value == 5
    stepper.next()
    assert stepper.index == 6
    stepper.previous()
    stepper.previous()
    assert stepper.index == 4
    stepper.slider.value = 10                      # as if the slider were dragged
    assert stepper.index == 10
    assert stepper.description == expected_description(result.events[10],
                                                       names_from_states(result))
    assert stepper.description in stepper.text.value
    stepper.next_button.click()
    assert stepper.index == stepper.slider.value == 11
    stepper.previous_button.click()
    stepper.previous_button.click()
    assert stepper.index == 9
    stepper.reset_button.click()
    assert stepper.index == 0
    stepper.previous()                              # stays on the first event
    assert stepper.index == 0
    stepper.step(10_000)
    assert stepper.index == last and stepper.next_button.disabled
    stepper.next()
    assert stepper.index == last
    stepper.step(-3)
    assert stepper.index == 0


def test_stepper_picture_fades_what_is_still_to_come():
    result = textbook()
    stepper = SearchStepper(result)
    pictures = {}
    last = len(result.events) - 1
    cut = next(i for i, e in enumerate(result.events) if e["event"] == "cut")
    for i in sorted({*range(0, last, 4), cut - 1, cut, cut + 1, last}):
        event = result.events[i]
        stepper.step(i)
        ET.fromstring(stepper.picture.value)        # valid SVG
        pictures[i] = stepper.picture.value
        ax = stepper.figure.axes[0]
        reached = {e["node"] for e in result.events[:i + 1] if e["event"] == "enter"}
        reached |= {n for e in result.events[:i + 1] if e["event"] == "cut"
                    for n in e["skipped"]}
        faded = {gid_node(g) for g, c in node_collections(ax).items()
                 if (c.get_alpha() if c.get_alpha() is not None else 1) < 1}
        assert faded == set(result.tree) - reached, i
        halo = [c for c in ax.collections if c.get_gid() == "current"]
        assert len(halo) == 1
        assert tuple(halo[0].get_offsets()[0]) == tidy_layout(result.tree)[event["node"]]
    assert len(set(pictures.values())) == len(pictures)       # every step looks different
    stepper.step(4)
    assert stepper.picture.value == pictures[4]                # and the same step the same


def test_stepper_shows_open_nodes_current_window():
    result = textbook()
    stepper = SearchStepper(result)
    tree = result.tree
    root, middle = root_of(tree), kids(tree, root_of(tree))[1]
    # Just after the middle branch's first leaf (2) was scored, before the cut: the middle
    # MIN node has seen 2 (so its value is at most 2) and the root has 3 (at least 3).
    index = next(i for i, e in enumerate(result.events)
                 if e["event"] == "leaf" and e["value"] == 2)
    stepper.step(index)
    values = texts_with(stepper.figure.axes[0], "value:")
    assert values[f"value:{middle}"] == "≤2" and values[f"value:{root}"] == "≥3"
    windows = texts_with(stepper.figure.axes[0], "window:")
    assert windows[f"window:{root}"] == "[3, ∞]"


def test_stepper_needs_events():
    with pytest.raises(ValueError, match="record=True"):
        SearchStepper(search(GameTree(TEXTBOOK_TREE), algorithm="alphabeta", depth=3))
    with pytest.raises(ValueError, match="max_nodes"):
        SearchStepper(search(State.start(), algorithm="alphabeta", depth=3, record=True))


# --- Node counts ---------------------------------------------------------------------------------


def test_plot_node_counts_draws_data_and_reference_curves():
    depths = [1, 2, 3, 4]
    counts = {"minimax": [17, 273, 6733, 162621], "alpha-beta": [17, 53, 733, 2305]}
    b = 16
    ax = plot_node_counts(depths, counts, branching=b)
    assert ax.get_yscale() == "log"
    by_label = {line.get_label(): line for line in ax.lines}
    for label, values in counts.items():
        assert list(by_label[label].get_xdata()) == depths
        assert list(by_label[label].get_ydata()) == values
    dashed = [line for line in ax.lines if line.get_linestyle() == "--"]
    assert len(dashed) == 2
    full = next(line for line in dashed if "minimal" not in line.get_label())
    minimal = next(line for line in dashed if "minimal" in line.get_label())
    xs, ys = full.get_xdata(), full.get_ydata()
    assert min(xs) == 1 and max(xs) == 4
    assert all(y == pytest.approx(b ** x) for x, y in zip(xs, ys))
    # Knuth and Moore's minimal tree, counted by hand for b = 16: its levels hold
    # 1, 16, 16 + 16 - 1 = 31, 256 + 16 - 1 = 271, 256 + 256 - 1 = 511 nodes.
    assert list(minimal.get_xdata()) == depths
    assert list(minimal.get_ydata()) == [1 + 16, 1 + 16 + 31, 1 + 16 + 31 + 271,
                                         1 + 16 + 31 + 271 + 511]
    legend = legend_texts(ax)
    assert set(counts) <= set(legend)
    assert any("minimal tree" in t for t in legend)
    assert any("b^" in t for t in legend)
    fig, given = plt.subplots()
    assert plot_node_counts(depths, counts, 16, ax=given) is given
    with pytest.raises(ValueError):
        plot_node_counts(depths, {"short": [1, 2]}, 16)
    with pytest.raises(ValueError):
        plot_node_counts(depths, counts, 1)


def test_measure_node_counts():
    configs = {"minimax": {"algorithm": "minimax"}, "alpha-beta": {"algorithm": "alphabeta"}}
    counts = measure_node_counts(TicTacToe(), [1, 2], configs)
    assert counts["minimax"] == [1 + 9, 1 + 9 + 9 * 8]           # the empty board's tree
    assert all(a <= m for a, m in zip(counts["alpha-beta"], counts["minimax"]))
    # ATAXX start: 16 moves, then 256 (perft in the spec); no game ends that early.
    assert measure_node_counts(State.start(), [1, 2], {"m": {"algorithm": "minimax"}}) == \
        {"m": [1 + 16, 1 + 16 + 256]}
    with pytest.raises(ValueError):
        measure_node_counts(TicTacToe(), [0], configs)


def test_measure_node_counts_gives_each_search_a_fresh_table():
    from course_lib.agents.transposition import TranspositionTable

    config = {"tt": {"algorithm": "negamax-alphabeta", "table": TranspositionTable(1 << 10)}}
    state = TicTacToe.from_string(MID_GAME)
    alone = search(state, algorithm="negamax-alphabeta", depth=4,
                   table=TranspositionTable(1 << 10)).stats.nodes
    assert measure_node_counts(state, [3, 4], config)["tt"][1] == alone
    assert measure_node_counts(state, [4], config)["tt"] == [alone]


# --- Imports ---------------------------------------------------------------------------------


def test_viz_exports_stay_lazy():
    code = ("import sys; import course_lib.viz as viz; "
            "from course_lib.viz import tidy_layout; "
            "heavy = [m for m in ('matplotlib', 'ipywidgets') if m in sys.modules]; "
            "assert not heavy, heavy; "
            "assert {'draw_tree', 'draw_alphabeta', 'SearchStepper', 'plot_node_counts', "
            "'measure_node_counts', 'tidy_layout'} <= set(viz.__all__); "
            "from course_lib.viz import SearchStepper, draw_alphabeta; "
            "assert 'ipywidgets' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- Compact pictures ----------------------------------------------------------------------------


def test_compact_png_is_a_small_palette_picture_of_the_same_figure():
    import io

    import numpy as np
    from PIL import Image

    from course_lib.viz.plots import compact_png

    ax = draw_alphabeta(search(TicTacToe.from_string(MID_GAME), algorithm="alphabeta", depth=3,
                               record=True))
    full = io.BytesIO()
    ax.figure.savefig(full, format="png", dpi=ax.figure.dpi, bbox_inches="tight")
    small = compact_png(ax.figure)
    picture, reference = Image.open(io.BytesIO(small)), Image.open(io.BytesIO(full.getvalue()))
    assert picture.mode == "P" and len(picture.getcolors(256)) <= 256
    assert picture.size == reference.size
    assert len(small) < len(full.getvalue()) / 2
    # The same picture to the eye: every pixel within a few levels of the full-colour one.
    a = np.asarray(picture.convert("RGBA").convert("RGB"), dtype=int)
    b = np.asarray(reference.convert("RGB"), dtype=int)
    assert np.mean(np.abs(a - b)) < 3
    assert compact_png(plt.figure()) is None                   # nothing drawn
    with pytest.raises(ValueError, match="colors"):
        compact_png(ax.figure, colors=1)
    plt.close("all")


def test_use_compact_figures_sets_the_notebook_png_formatter():
    from IPython.core.interactiveshell import InteractiveShell
    from matplotlib.figure import Figure

    from course_lib.viz.plots import use_compact_figures

    assert use_compact_figures(shell=None) in (False, True)    # outside IPython: nothing to do
    shell = InteractiveShell.instance()
    try:
        assert use_compact_figures(colors=64, shell=shell)
        fig, ax = plt.subplots()
        ax.plot([0, 1], [1, 0])
        data = shell.display_formatter.formatters["image/png"](fig)
        import io

        from PIL import Image
        picture = Image.open(io.BytesIO(data))
        assert picture.mode == "P" and len(picture.getcolors(256)) <= 64
        with pytest.raises(ValueError):
            use_compact_figures(colors=0, shell=shell)
    finally:
        shell.display_formatter.formatters["image/png"].pop(Figure, None)
        InteractiveShell.clear_instance()
        plt.close("all")


def test_an_explicit_tree_can_hold_a_pass():
    """A node written ("pass", subtree) has the one move "pass", which hands the turn over;
    minimax and alpha-beta search through it with the same value."""
    from course_lib.agents.search import search
    from course_lib.errors import IllegalMoveError, InvalidArgumentError
    from course_lib.games import GameTree

    tree = [[("pass", [5, 1]), 4], [6, ("pass", [2, 8])], [3, 9]]
    node = GameTree(tree).apply(0).apply(0)
    assert node.legal_moves() == ["pass"] and not node.is_terminal()
    after = node.apply("pass")
    assert after.to_move == 3 - node.to_move and after.path == (0, 0, "pass")
    assert GameTree(tree, (0, 0, "pass")) == after
    with pytest.raises(IllegalMoveError, match="pass"):
        node.apply(0)
    with pytest.raises(IllegalMoveError):
        GameTree(tree).apply("pass")
    with pytest.raises(InvalidArgumentError, match="pass"):
        GameTree([("skip", [1, 2])])
    # MAX at the root, MIN below; after a pass MIN moves again at the third ply:
    # branch 0: MIN of (MIN over 5, 1 = 1) and 4 = 1; branch 1: MIN of 6 and (MIN 2, 8 = 2) = 2;
    # branch 2: MIN of 3, 9 = 3. MAX takes 3.
    values = {search(GameTree(tree), algorithm, depth=4).value
              for algorithm in ("minimax", "negamax", "alphabeta", "negamax-alphabeta")}
    assert values == {3}
