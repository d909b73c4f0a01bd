"""Notebook 06's MCTSGrowthViewer in JupyterLab: the play button, the slider dragged back.

After every action the line of text must be the library's description of the checkpoint the
viewer is at and the picture the library's drawing of that tree; while the tree grows, every
state the page goes through shows the line and the picture of the same checkpoint. Each
picture fits the notebook's width, and a small tree is drawn smaller than a big one.
"""

from __future__ import annotations

import json
import time

import pytest

NOTEBOOK = "06_mcts.ipynb"
CELL = "viewer = MCTSGrowthViewer(position"


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    return lab.open(NOTEBOOK)


@pytest.fixture(scope="module")
def viewer(notebook, helpers):
    notebook.run_all()
    return helpers.PicturePage(notebook, notebook.cell_index(CELL), ".course-mcts-picture",
                               ".course-mcts-text")


def test_before_it_runs_the_cell_shows_a_sentence_and_a_picture(notebook):
    notebook.assert_static_view(notebook.cell_index(CELL), "A viewer of this MCTS tree growing")


def test_play_and_drag_keep_line_and_picture_together(viewer, lab):
    from selenium.webdriver.common.action_chains import ActionChains

    lines = json.loads(viewer.ask("__import__('json').dumps("
                                  "[W.growth.describe(k) for k in range(len(W.growth))])"))
    last = len(lines) - 1

    def at() -> int:
        return int(viewer.ask("W.index"))

    def shows(k: int) -> dict:
        assert at() == k
        drawn = viewer.assert_shows(lines[k], viewer.ask(f"W.svg({k})"))
        assert 0 < drawn["svg_width"] <= drawn["area_width"], "wider than the notebook"
        assert drawn["scrollbars"] == [], "scrollbars in the output"
        return drawn

    start = at()
    assert start < last
    shows(start)

    # Play: the tree grows to the last checkpoint, the line and the picture in step.
    viewer.observe()
    play = viewer.notebook.find(viewer.index, ".widget-play .fa-play")
    viewer.notebook.driver.execute_script("arguments[0].closest('button').click();", play)
    deadline = time.monotonic() + 120
    while at() != last:
        assert time.monotonic() < deadline, "the play button did not reach the last checkpoint"
        time.sleep(0.5)
    big = shows(last)
    seen = viewer.together(lines, lambda k: viewer.ask(f"W.svg({k})"))
    assert seen[0] == start and seen[-1] == last and seen == sorted(seen) and len(seen) >= 3

    # Dragged all the way back: the first tree, drawn smaller than the last.
    handle = viewer.handle()
    width = viewer.notebook.js("return arguments[0].closest('.noUi-target')"
                               ".getBoundingClientRect().width;", handle)
    ActionChains(lab.driver).drag_and_drop_by_offset(handle, -int(width) - 20, 0).perform()
    viewer.notebook.wait_idle()
    small = shows(0)
    assert small["svg_width"] * small["svg_height"] < 0.5 * big["svg_width"] * big["svg_height"]
