"""MCTS pictures and the growth viewer, checked headless (Agg).

Expectations come from the searched trees themselves, walked here (visit counts, wins, which
nodes are proven), from the UCB formula of the spec written out here, from the agents' own
snapshots and selection rule, and from counting; never from the drawing code under test.
"""

from __future__ import annotations

import io
import math

import matplotlib

matplotlib.use("Agg", force=True)

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from course_lib.agents.mcts import MCTSAgent, to_networkx  # noqa: E402
from course_lib.agents.mcts_fast import FastMCTSAgent  # noqa: E402
from course_lib.ataxx import State  # noqa: E402
from course_lib.games import TicTacToe  # noqa: E402
from course_lib.viz import (MCTSGrowth, MCTSGrowthViewer, draw_mcts_tree,  # noqa: E402
                            mcts_tree_graph, plot_ucb_terms,
                            plot_visit_shares)

SOLVABLE = "XO./.X./..O"            # X to move, six empty squares: small enough to prove


@pytest.fixture(autouse=True)
def no_show_and_close(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a drawing function called plt.show()")
    monkeypatch.setattr(plt, "show", refuse)
    yield
    plt.close("all")


# --- helpers written for the tests: walking the real tree -----------------------------------


def all_nodes(root):
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(node.children)
    return out


def node_at(root, moves):
    """The tree node reached from the root by these moves."""
    node = root
    for move in moves:
        (node,) = [ch for ch in node.children if ch.move == move]
    return node


def path_moves(graph, node_id):
    """The moves from the graph's root down to ``node_id``."""
    moves = []
    while graph.in_degree(node_id):
        moves.append(graph.nodes[node_id]["move"])
        (node_id,) = graph.predecessors(node_id)
    return moves[::-1]


def nodes_collection(ax):
    (art,) = [c for c in ax.collections if c.get_gid() == "mcts-nodes"]
    return art


def searched(iterations=300, seed=1, state=None, **options):
    agent = MCTSAgent(iterations=iterations, seed=seed, **options)
    agent.choose_move(state if state is not None else TicTacToe())
    return agent


# --- the tree --------------------------------------------------------------------------------


@pytest.mark.parametrize("max_nodes", [1, 25, 80])
def test_tree_has_one_marker_per_kept_node_the_most_visited(max_nodes):
    agent = searched(300)
    everything = all_nodes(agent.root)
    ax = draw_mcts_tree(agent, max_nodes=max_nodes)
    art = nodes_collection(ax)
    expected = min(max_nodes, len(everything))
    assert len(art.get_offsets()) == expected
    # A parent has at least its children's visits, so the kept nodes are the largest counts.
    graph = mcts_tree_graph(agent, max_nodes=max_nodes)
    drawn = sorted((graph.nodes[n]["visits"] for n in graph), reverse=True)
    assert drawn == sorted((n.visits for n in everything), reverse=True)[:expected]
    # Ties at the cut go to the first in move order, as in mcts.to_networkx: the same nodes.
    reference = to_networkx(agent.root, max_nodes=max_nodes)
    assert {tuple(path_moves(graph, n)) for n in graph} == \
        {tuple(path_moves(reference, n)) for n in reference}
    # And the graph is the real tree: each node's visits and wins, reached by its moves.
    for n in graph:
        real = node_at(agent.root, path_moves(graph, n))
        assert graph.nodes[n]["visits"] == real.visits
        assert graph.nodes[n]["wins"] == real.wins


def test_marker_area_grows_with_visits_and_colour_is_the_movers_win_rate():
    agent = searched(400, seed=3)
    ax = draw_mcts_tree(agent, max_nodes=60)
    graph = mcts_tree_graph(agent, max_nodes=60)
    art = nodes_collection(ax)
    sizes = art.get_sizes()
    rates = np.asarray(art.get_array(), dtype=float)
    visits = [graph.nodes[n]["visits"] for n in sorted(graph)]
    assert len(sizes) == len(visits) == 60
    assert len(set(visits)) > 5
    # Area linear in visits (area = a + b N, b > 0): every node on the line through two.
    lo, hi = visits.index(min(visits)), visits.index(max(visits))
    slope = (sizes[hi] - sizes[lo]) / (visits[hi] - visits[lo])
    assert slope > 0
    for v, size in zip(visits, sizes):
        assert size == pytest.approx(sizes[lo] + slope * (v - visits[lo]))
    assert sizes[hi] / sizes[lo] > 20              # and the range is wide enough to see
    for i in range(len(visits)):
        for j in range(len(visits)):
            if visits[i] < visits[j]:
                assert sizes[i] < sizes[j]
            elif visits[i] == visits[j]:
                assert sizes[i] == pytest.approx(sizes[j])
    # The colour array: wins/visits of the real node, for the player who moved into it; the
    # root (no move led there) is NaN, drawn in the colormap's 'bad' grey.
    for n in sorted(graph):
        real = node_at(agent.root, path_moves(graph, n))
        if real is agent.root:
            assert math.isnan(rates[n])
        else:
            assert rates[n] == pytest.approx(real.wins / real.visits)
    assert art.norm.vmin == 0 and art.norm.vmax == 1


def test_colorbar_is_there_and_labelled():
    ax = draw_mcts_tree(searched(100))
    art = nodes_collection(ax)
    assert art.colorbar is not None
    assert "win rate" in art.colorbar.ax.get_ylabel()
    assert len(ax.figure.axes) == 2
    ax2 = draw_mcts_tree(searched(100), colorbar=False)
    assert nodes_collection(ax2).colorbar is None and len(ax2.figure.axes) == 1


def test_title_says_when_the_tree_is_cut():
    agent = searched(300)
    total = len(all_nodes(agent.root))
    assert total > 80
    title = draw_mcts_tree(agent).get_title()
    assert f"the 80 most visited of {total:,} nodes" in title
    assert f"{agent.root.visits:,}" in title
    small = searched(5)
    assert "all 6 nodes" in draw_mcts_tree(small).get_title()


def test_children_left_to_right_in_move_order_and_moves_on_top_edges():
    agent = searched(300, seed=2)
    ax = draw_mcts_tree(agent, max_nodes=40, label_depth=1)
    graph = mcts_tree_graph(agent, max_nodes=40)
    xy = nodes_collection(ax).get_offsets()
    for n in graph:
        kids = list(graph.successors(n))
        real = node_at(agent.root, path_moves(graph, n))
        order = [c.move for c in real.children]
        kids.sort(key=lambda k: order.index(graph.nodes[k]["move"]))
        xs = [xy[k][0] for k in kids]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        for k in kids:
            assert xy[k][1] < xy[n][1]                     # below the parent
    labels = [t for t in ax.texts if str(t.get_gid()).startswith("mcts-move:")]
    depth1 = [n for n in graph if graph.in_degree(n) and graph.nodes[n]["depth"] == 1]
    assert sorted(t.get_text() for t in labels) == sorted(str(graph.nodes[n]["move"])
                                                          for n in depth1)


def test_proven_nodes_are_ringed():
    agent = searched(400, seed=2, state=TicTacToe.from_string(SOLVABLE), solver=True)
    everything = all_nodes(agent.root)
    proven = [n for n in everything if n.proven is not None]
    assert proven and agent.root.proven is not None
    ax = draw_mcts_tree(agent, max_nodes=None)
    (rings,) = [c for c in ax.collections if c.get_gid() == "mcts-proven"]
    assert len(rings.get_offsets()) == len(proven)
    labels = {t.get_gid(): t.get_text() for t in ax.texts
              if str(t.get_gid()).startswith("mcts-proven-label:")}
    root_label = labels.pop("mcts-proven-label:0")
    expected = {1.0: "W", 0.5: "D", 0.0: "L"}
    assert sorted(labels.values()) == sorted(expected[n.proven] for n in proven
                                             if n is not agent.root)
    # X to move wins this position (X threatens two lines at once after the right move):
    # the root says so in words, and its proof, for O who "moved" into it, is a loss.
    assert agent.root.proven == 0.0
    assert root_label == "X wins"


def test_the_fast_tier_draws_the_same_tree_on_ataxx():
    readable = MCTSAgent(iterations=60, seed=5)
    fast = FastMCTSAgent(iterations=60, seed=5)
    readable.choose_move(State.start())
    fast.choose_move(State.start())
    a = mcts_tree_graph(readable, max_nodes=30)
    b = mcts_tree_graph(fast, max_nodes=30)
    key = lambda g: [(g.nodes[n]["label"], g.nodes[n]["visits"], g.nodes[n]["wins"],
                      g.nodes[n]["depth"]) for n in sorted(g)]
    assert key(a) == key(b)
    ax = draw_mcts_tree(fast, max_nodes=30)
    assert len(nodes_collection(ax).get_offsets()) == 30
    assert "x to move" in [t.get_text() for t in ax.get_yticklabels()]


def test_drawing_is_deterministic_and_uses_the_given_axes():
    def svg():
        fig, ax = plt.subplots(figsize=(8, 5))
        assert draw_mcts_tree(searched(150, seed=4), ax=ax) is ax
        buffer = io.StringIO()
        with matplotlib.rc_context({"svg.hashsalt": "t"}):
            fig.savefig(buffer, format="svg", metadata={"Date": None})
        return buffer.getvalue()
    assert svg() == svg()


def test_tree_errors_say_what_to_do():
    with pytest.raises(ValueError, match="choose_move"):
        draw_mcts_tree(MCTSAgent(iterations=10))
    with pytest.raises(ValueError, match="max_nodes"):
        draw_mcts_tree(searched(10), max_nodes=0)


# --- growth ----------------------------------------------------------------------------------


def test_growth_trees_have_the_checkpoint_visits_and_are_one_search():
    checkpoints = [1, 7, 50, 200]
    growth = MCTSGrowth(TicTacToe(), checkpoints, seed=3, c=1.0)
    assert [root.visits for root in growth.roots] == checkpoints
    for root, k in zip(growth.roots, checkpoints):
        assert len(all_nodes(root)) == k + 1          # one new node per iteration here
    # The same search run once to the end, its root recorded after every iteration.
    once = MCTSAgent(iterations=200, seed=3, c=1.0, snapshot_every=1)
    once.choose_move(TicTacToe())
    snaps = {s.iteration: s for s in once.last_result.stats.snapshots}
    moves = once.last_result.stats.root_moves
    for root, k in zip(growth.roots, checkpoints):
        by_move = {ch.move: (ch.visits, ch.wins) for ch in root.children}
        expected = {m: (v, w) for m, v, w in zip(moves, snaps[k].visits, snaps[k].wins) if v}
        assert by_move == expected


def test_growth_on_ataxx_uses_the_fast_tier_and_matches_the_readable_one():
    fast = MCTSGrowth(State.start(), [5, 40], seed=2)
    readable = MCTSGrowth(State.start(), [5, 40], seed=2, tier="reference")
    assert type(fast.agents[0]).__name__ == "FastMCTSAgent"
    assert type(readable.agents[0]).__name__ == "MCTSAgent"
    for a, b in zip(fast.roots, readable.roots):
        assert [(str(c.move), c.visits) for c in a.children] == \
            [(str(c.move), c.visits) for c in b.children]


def test_growth_refuses_what_would_break_it():
    with pytest.raises(ValueError, match="increase"):
        MCTSGrowth(TicTacToe(), [10, 5])
    with pytest.raises(ValueError, match="iterations"):
        MCTSGrowth(TicTacToe(), [5], iterations=10)
    with pytest.raises(ValueError, match="both"):
        MCTSGrowth(TicTacToe(), [5], final="both")
    with pytest.raises(ValueError, match="ATAXX"):
        MCTSGrowth(TicTacToe(), [5], tier="fast")


def test_viewer_slider_and_show_agree():
    checkpoints = [1, 10, 60, 300]
    viewer = MCTSGrowthViewer(TicTacToe(), checkpoints, seed=1, max_nodes=30)
    assert viewer.index == 0 and viewer.current_iterations == 1
    first_picture = viewer.picture.value
    assert shown(viewer) == (viewer.description, [0])
    assert viewer.description.startswith("after 1 iteration: 2 nodes")
    for k in (2, 1, 3):
        viewer.slider.value = k
        n = checkpoints[k]
        root = viewer.current_root
        assert viewer.current_iterations == n == root.visits
        best = max(root.children, key=lambda ch: ch.visits)
        assert viewer.description.startswith(f"after {n:,} iterations: "
                                             f"{len(all_nodes(root)):,} nodes")
        assert f"N = {best.visits:,}" in viewer.description
        # The line and the picture are one widget: both of checkpoint k, always together.
        assert shown(viewer) == (viewer.description, [k])
        assert f"after {n:,} iterations" in viewer.picture.value
        assert viewer.text is viewer.picture
    viewer.show(1)
    assert viewer.slider.value == 1 and viewer.current_iterations == 10
    viewer.show(99)
    assert viewer.index == 3
    viewer.show(0)
    assert viewer.picture.value == first_picture
    viewer.show_iterations(60)
    assert viewer.index == 2
    with pytest.raises(ValueError, match="checkpoint"):
        viewer.show_iterations(61)
    with pytest.raises(TypeError):
        viewer.show("1")


def shown(viewer):
    """(the line of text, the checkpoints whose tree is drawn) as the viewer's widget shows
    them; a tree is recognised by its title."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(viewer.picture.value)
    [line] = [e for e in root.iter("div") if e.get("class") == "course-mcts-text"]
    [svg] = [e for e in root if e.tag.endswith("svg")]
    texts = " ".join("".join(t.itertext()) for t in svg.iter() if t.tag.endswith("text"))
    drawn = [k for k, n in enumerate(viewer.growth.checkpoints)
             if f"after {n:,} iteration{'s' if n != 1 else ''}:" in texts]
    return line.text, drawn


def svg_size(svg):
    """The width and height of an SVG, in points."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    return float(root.get("width").removesuffix("pt")), float(root.get("height").removesuffix("pt"))


def test_viewer_draws_each_tree_at_its_size_within_the_notebook():
    checkpoints = [1, 5, 300, 2000]
    viewer = MCTSGrowthViewer(TicTacToe(), checkpoints, seed=1)
    sizes = [svg_size(viewer.svg(k)) for k in range(len(checkpoints))]
    nodes = [len(all_nodes(root)) for root in viewer.growth.roots]
    assert nodes == sorted(nodes) and nodes[0] == 2
    # A bigger tree is never drawn smaller; the 2-node tree is smaller than the big ones.
    areas = [w * h for w, h in sizes]
    assert areas == sorted(areas) and areas[0] < 0.5 * areas[-1]
    # Never wider than 9.6 inches (the course's pictures fit the notebook).
    assert all(w <= 9.6 * 72 + 1e-6 for w, _ in sizes)
    assert max(w for w, _ in sizes) > 9 * 72             # the big trees use the width
    # And the browser may shrink it further: the SVG in the widget scales to its box.
    assert 'style="max-width:100%;height:auto"' in viewer.picture.value


def test_viewer_outside_a_browser_says_what_appears():
    import base64
    import re

    viewer = MCTSGrowthViewer(TicTacToe(), [1, 10], seed=1)
    bundle = viewer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("A viewer of this MCTS tree growing, from 1 to 10 "
                                           "iterations in 2 checkpoints, appears here")
    assert viewer.description in bundle["text/plain"]
    data = re.search(r'data:image/svg\+xml;base64,([^"]+)"', bundle["text/html"]).group(1)
    assert base64.b64decode(data).decode() == viewer.svg(0)
    with pytest.raises(ValueError, match="checkpoint"):
        viewer.svg(2)


def test_viewer_takes_a_growth():
    growth = MCTSGrowth(TicTacToe(), [2, 20], seed=9)
    viewer = MCTSGrowthViewer(growth)
    assert viewer.growth is growth and viewer.slider.max == 1
    viewer.show(1)
    assert viewer.current_root is growth.roots[1]


# --- visit shares ----------------------------------------------------------------------------


def share_lines(ax):
    return {line.get_gid(): line for line in ax.get_lines()
            if str(line.get_gid()).startswith("share:")}


@pytest.mark.parametrize("top", [2, 6, 20])
def test_visit_shares_sum_to_one_at_each_snapshot(top):
    agent = MCTSAgent(iterations=400, seed=6, snapshot_every=25)
    move = agent.choose_move(TicTacToe())
    ax = plot_visit_shares(agent, top=top)
    lines = share_lines(ax)
    stats = agent.last_result.stats
    expected_x = [25 * (i + 1) for i in range(16)]
    for line in lines.values():
        assert list(line.get_xdata()) == expected_x
    totals = np.sum([line.get_ydata() for line in lines.values()], axis=0)
    assert totals == pytest.approx([1.0] * 16)
    assert len(lines) == min(top, 9) + (1 if top < 9 else 0)
    # The move played, in bold, with its share of each snapshot.
    best = lines[f"share:{move}"]
    i = stats.root_moves.index(move)
    assert list(best.get_ydata()) == pytest.approx(
        [s.visits[i] / sum(s.visits) for s in stats.snapshots])
    assert best.get_linewidth() > max(l.get_linewidth() for g, l in lines.items()
                                      if g != f"share:{move}")


def test_visit_shares_highlight_the_move_played_even_if_not_the_most_visited():
    agent = MCTSAgent(iterations=200, seed=1, final="value", snapshot_every=20)
    move = agent.choose_move(TicTacToe())
    most = max(agent.root.children, key=lambda ch: ch.visits).move
    assert move != most                         # the highest win rate, not the most visits
    lines = share_lines(plot_visit_shares(agent, top=1))
    assert set(lines) == {f"share:{move}", "share:other"}
    assert "played" in lines[f"share:{move}"].get_label()


def test_visit_shares_need_snapshots():
    with pytest.raises(ValueError, match="snapshot_every"):
        plot_visit_shares(searched(50))


# --- UCB terms -------------------------------------------------------------------------------


def bars(ax, gid):
    patches = [p for p in ax.patches if p.get_gid() == gid]
    return sorted(patches, key=lambda p: p.get_x())


@pytest.mark.parametrize("c", [0.0, 0.7, 1.4, 3.0])
def test_ucb_bars_add_up_to_the_ucb_value(c):
    agent = searched(500, seed=8)
    root = agent.root
    ax = plot_ucb_terms(root, c)
    exploit, explore = bars(ax, "ucb-exploit"), bars(ax, "ucb-explore")
    assert len(exploit) == len(explore) == len(root.children)
    n = root.visits
    values = []
    for child, lo, hi in zip(root.children, exploit, explore):
        q = child.wins / child.visits
        u = c * math.sqrt(2 * math.log(n) / child.visits)
        assert lo.get_height() == pytest.approx(q)
        assert hi.get_y() == pytest.approx(q)
        assert hi.get_height() == pytest.approx(u)
        assert lo.get_height() + hi.get_height() == pytest.approx(q + u)
        values.append(q + u)
    # The marked child is the one with the highest UCB (first of equal), the agent's choice.
    (frame,) = [p for p in ax.patches if p.get_gid() == "ucb-selected"]
    best = max(range(len(values)), key=lambda i: (values[i], -i))
    assert frame.get_x() + frame.get_width() / 2 == pytest.approx(
        exploit[best].get_x() + exploit[best].get_width() / 2)
    if c == agent.c:
        assert root.children[best] is agent.best_child(root)


def test_ucb_of_an_agent_uses_its_c_and_top_keeps_the_highest():
    agent = searched(300, seed=8, c=0.5)
    ax = plot_ucb_terms(agent)
    assert "c = 0.5" in " ".join(t.get_text() for t in ax.get_legend().get_texts())
    ax = plot_ucb_terms(agent, top=3)
    kept = bars(ax, "ucb-exploit")
    assert len(kept) == 3
    log_n = math.log(agent.root.visits)
    values = sorted((ch.wins / ch.visits + 0.5 * math.sqrt(2 * log_n / ch.visits)
                     for ch in agent.root.children), reverse=True)[:3]
    totals = sorted((p.get_height() + q.get_height()
                     for p, q in zip(kept, bars(ax, "ucb-explore"))), reverse=True)
    assert totals == pytest.approx(values)


def selected_bar(ax):
    (frame,) = [p for p in ax.patches if p.get_gid() == "ucb-selected"]
    return round(frame.get_x() + frame.get_width() / 2)      # bars stand at 0, 1, 2, ...


def test_ucb_ties_go_to_the_first_child():
    agent = searched(9, seed=1)                 # each of the 9 moves tried once
    root = agent.root
    assert [ch.visits for ch in root.children] == [1] * 9
    rates = [ch.wins for ch in root.children]
    assert rates.count(max(rates)) > 1         # equal UCB values: a tie to break
    index = selected_bar(plot_ucb_terms(root, 1.4))
    assert index == rates.index(max(rates))
    assert root.children[index] is agent.best_child(root)


def test_ucb_skips_children_proven_lost_for_the_mover():
    agent = searched(200, seed=1, state=TicTacToe.from_string("X../.O./..."), solver=True)
    cases = []
    for parent in all_nodes(agent.root):
        kids = parent.children
        if parent.visits < 2 or not any(ch.proven == 0.0 for ch in kids) or \
                all(ch.proven == 0.0 for ch in kids):
            continue
        for c in (1.4, 4.0, 10.0):
            ucbs = [ch.wins / ch.visits + c * math.sqrt(2 * math.log(parent.visits) / ch.visits)
                    for ch in kids]
            top = max(range(len(kids)), key=lambda i: (ucbs[i], -i))
            if kids[top].proven == 0.0:         # the highest UCB is a proven loss
                allowed = [i for i in range(len(kids)) if kids[i].proven != 0.0]
                cases.append((parent, c, max(allowed, key=lambda i: (ucbs[i], -i))))
    assert cases, "no node where a proven loss has the highest UCB: pick another seed"
    for parent, c, expected in cases:
        assert selected_bar(plot_ucb_terms(parent, c)) == expected
        plt.close("all")


# --- the effect of c -------------------------------------------------------------------------
