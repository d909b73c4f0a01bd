"""The words notebooks 05 to 07 print from the library, in Korean in the Korean edition: every
hint of their exercises, the MCTS growth viewer, the LiveSprt widget, and the figures they
draw (with no letter drawn as a box); in English they are unchanged."""

from __future__ import annotations

import matplotlib
import pytest

from course_lib.exercises import _EXERCISES, registered
from course_lib.games import TicTacToe
from course_lib.i18n import _, language
from course_lib.strength import Sprt
from korean_helpers import HANGUL, drawn_in_korean
from korean_helpers import korean as _korean

matplotlib.use("Agg")


@pytest.mark.parametrize("notebook", ["05", "06", "07"])
def test_every_hint_of_notebooks_05_to_07_is_translated(notebook):
    names = registered(notebook)
    assert len(names) == 4
    for name in names:
        for hint in _EXERCISES[name].hints:
            with language("ko"):
                korean = _(hint)
            assert korean == _korean(hint) and HANGUL.search(korean), (name, hint)


def test_the_mcts_viewer_speaks_korean_and_english_again_after():
    from course_lib.viz import MCTSGrowthViewer

    with language("ko"):
        viewer = MCTSGrowthViewer(TicTacToe(), [1, 10], seed=1)
        assert viewer.slider.description == _korean("checkpoint")
        assert viewer.play.tooltip == _korean("grow the tree")
        assert viewer.description.startswith(_korean("after 1 iteration"))
        sentence = viewer._repr_mimebundle_()["text/plain"]
        assert HANGUL.search(sentence) and "A viewer" not in sentence
    assert viewer.description.startswith("after 1 iteration: ")


def test_live_sprt_speaks_korean():
    from course_lib.viz import LiveSprt

    with language("ko"):
        live = LiveSprt("greedy", "random")
        assert (live.start_button.description, live.stop_button.description) == (
            _korean("Start"), _korean("Stop"))
        assert live.status == _korean("ready: {a} vs {b}, H0 {elo0:g} Elo, H1 {elo1:g} Elo, "
                                      "{model} model; click Start").format(
            a="greedy", b="random", elo0=0, elo1=50, model="binomial")
        svg = live.svg()
    assert _korean("LLR (H1 vs H0)") in svg and _korean("games played") in svg
    assert "LLR (H1 vs H0)" in LiveSprt("greedy", "random").svg()


def _drawn_without_boxes(draw) -> None:
    """Draw a figure in Korean on the Agg canvas; a letter no font has fails, and the figure
    must hold Korean words."""
    assert any(HANGUL.search(text) for text in drawn_in_korean(draw))


def test_a_korean_word_in_mathtext_is_caught():
    """The check above can fail: a Hangul word inside $...$ has no glyph."""
    import matplotlib.pyplot as plt

    def draw():
        ax = plt.subplots()[1]
        ax.plot([1, 2], label="$b^{d}$ (\ubaa8\ub4e0 \ub178\ub4dc)")
        ax.legend()
        return ax

    with pytest.raises(AssertionError, match="does not have a glyph"):
        _drawn_without_boxes(draw)


def test_korean_node_count_plot_has_no_box():
    """The b^d legend was mathtext, which has no font fallback: its Hangul came out as boxes."""
    from course_lib.viz import plot_node_counts

    _drawn_without_boxes(lambda: plot_node_counts([1, 2, 3], {"a": [10, 90, 700]}, branching=10))


def test_korean_mcts_and_sprt_figures_have_no_box():
    from course_lib.agents.mcts import MCTSAgent
    from course_lib.viz import draw_mcts_tree, plot_llr, plot_ucb_terms, plot_visit_shares

    agent = MCTSAgent(iterations=60, seed=1, snapshot_every=10)
    agent.search(TicTacToe())
    _drawn_without_boxes(lambda: draw_mcts_tree(agent, max_nodes=20))
    _drawn_without_boxes(lambda: plot_ucb_terms(agent.root, c=1.4))
    _drawn_without_boxes(lambda: plot_visit_shares(agent))
    test = Sprt()
    test.feed([1, 0, 1, 1])
    _drawn_without_boxes(lambda: plot_llr(test))


def test_the_stopped_test_table_of_07_speaks_korean_with_its_unit():
    from course_lib.lessons.nb07 import stopped_estimates

    test = Sprt(elo0=0, elo1=40, kind="pentanomial", scale="normalized")
    found = stopped_estimates(test, 40, runs=20, seed=1)
    with language("ko"):
        lines = str(found).splitlines()
    assert len(lines) == 4 and all(HANGUL.search(line) for line in lines)
    assert all(_korean("normalized Elo") in line for line in lines)
    assert _korean("median-unbiased") in lines[2]
    assert "normalized Elo" in str(found)                # English again outside the block
