"""The Korean notebooks 06 and 07 in JupyterLab: the MCTS growth viewer and LiveSprt speak
Korean (the sentence before a cell runs, the line above the picture, the buttons) and show
the library's own line and picture.

The words expected are the library's, computed here or in the kernel under
``language("ko")``; the English tests (test_06_mcts_viewer.py, test_07_live_sprt.py) play
with the widgets, these check what the Korean edition adds.
"""

from __future__ import annotations

import re

import pytest

from course_lib.i18n import _, language

HANGUL = re.compile("[\uac00-\ud7a3]")
VIEWER_CELL = "viewer = MCTSGrowthViewer(position"
LIVE_CELL = 'live = LiveSprt("alphabeta:depth=3,tier=fast", "alphabeta:depth=2,tier=fast")'


def _korean(message: str) -> str:
    with language("ko"):
        return _(message)


def _buttons(notebook, index: int) -> list[str]:
    return notebook.js("""
        return Array.from(panel.content.widgets[arguments[0]].node.querySelectorAll(
            '.jp-OutputArea button')).map(b => b.innerText.trim()).filter(t => t);""", index)


@pytest.fixture(scope="module")
def mcts(lab, kernels_closed):
    return lab.open("ko/06_mcts.ipynb")


@pytest.fixture(scope="module")
def sprt(lab, kernels_closed):
    return lab.open("ko/07_measuring_strength.ipynb")


def test_the_korean_viewer_before_and_after_it_runs(mcts, helpers):
    first = _korean("A viewer of this MCTS tree growing, from {first:,} to {last:,} "
                    "iterations in {count} checkpoints, appears here when this cell runs: a "
                    "slider and a play button, then the tree at each checkpoint. Shown: "
                    "{shown}.").split("{")[0]
    assert HANGUL.search(first)
    mcts.assert_static_view(mcts.cell_index(VIEWER_CELL), first)

    mcts.run_all()
    viewer = helpers.PicturePage(mcts, mcts.cell_index(VIEWER_CELL), ".course-mcts-picture",
                                 ".course-mcts-text")
    line = viewer.ask("W.description")
    assert HANGUL.search(line)
    viewer.assert_shows(line, viewer.ask("W.svg(W.index)"))


def test_the_korean_live_sprt_before_and_after_it_runs(sprt, helpers):
    first = _korean("A sequential test of {a} against {b} appears here when this cell runs: "
                    "Start plays the games and redraws the LLR as they finish, Stop ends the "
                    "test. Now: {status}.").split("{")[0]
    assert HANGUL.search(first)
    sprt.assert_static_view(sprt.cell_index(LIVE_CELL), first)

    sprt.run_all()
    index = sprt.cell_index(LIVE_CELL)
    live = helpers.PicturePage(sprt, index, ".course-sprt-picture", ".course-sprt-status")
    drawn = live.assert_shows(live.ask("W.status"), live.ask("W.svg()"))
    assert _korean("LLR (H1 vs H0)") in drawn["svg"]
    assert sorted(_buttons(sprt, index)) == sorted([_korean("Start"), _korean("Stop")])
