"""Notebook 11 in JupyterLab: Run All in the student's copy, then every figure the notebook
draws (the trees of each technique, the ladder, the clock) is an image that loaded and fits the
page, and the implement-it check says "not answered yet" while the exercise's demo is wrong."""

from __future__ import annotations

import pytest

NOTEBOOK = "11_engine.ipynb"
FIGURES = {
    "draw_alphabeta(pvs_search": 1,
    'lmr_search = tree_search(LMR_TREE': 1,
    "draw_alphabeta(subtree(null_search": 1,
    "fig, axes = plt.subplots(len(last), 1": 1,
    "fig, (left, right) = plt.subplots": 1,
    "game = clock_game(1000, 10, seed=1,": 1,
    'demo = grade("11-pvs"': 1,
}
"""A line of each figure's cell, and how many pictures it shows."""


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    opened = lab.open(NOTEBOOK)
    opened.run_all(timeout=400)
    return opened


def _shown(notebook, index: int) -> dict:
    notebook.scroll_to(index)
    return notebook.wait(lambda: notebook.js("""
        const area = panel.content.widgets[arguments[0]].node.querySelector('.jp-OutputArea');
        if (!area) { return null; }
        const images = Array.from(area.querySelectorAll('img'));
        if (images.some(i => !i.complete)) { return null; }
        return {text: area.innerText, width: area.clientWidth,
                images: images.map(i => [i.naturalWidth, i.getBoundingClientRect().width])};""",
                                             index), 30, f"cell {index} shows nothing")


@pytest.mark.parametrize("line", FIGURES)
def test_each_figure_rendered_within_the_page(notebook, line):
    shown = _shown(notebook, notebook.cell_index(line))
    assert len(shown["images"]) == FIGURES[line], shown["text"][:300]
    for natural, drawn in shown["images"]:
        assert natural > 100 and 0 < drawn <= shown["width"]


def test_the_exercises_say_not_answered_yet_and_the_demo_wrong(notebook):
    check = _shown(notebook, notebook.cell_index('result = grade("11-pvs", pvs)'))
    assert check["text"].strip().startswith("11-pvs: not answered yet")
    demo = _shown(notebook, notebook.cell_index('demo = grade("11-pvs"'))
    assert demo["text"].strip().startswith("11-pvs: wrong")
    first = _shown(notebook, notebook.cell_index('check("11-research-moves", answer_1)'))
    assert "not answered yet" in first["text"]
