"""Notebook 04's SearchStepper in JupyterLab: the buttons, the slider dragged with the mouse
and moved with the arrow keys.

After every action the line of text must be the library's description of the event the
stepper is at (asked from the kernel), and the picture the library's drawing of that event;
every state the page goes through on the way must show a line and the picture of the same
event.
"""

from __future__ import annotations

import pytest

NOTEBOOK = "04_alphabeta.ipynb"
CELL = 'stepper = SearchStepper(by_alphabeta, labels="name")'


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    return lab.open(NOTEBOOK)


@pytest.fixture(scope="module")
def stepper(notebook, helpers):
    notebook.run_all()
    return helpers.PicturePage(notebook, notebook.cell_index(CELL), ".course-stepper-picture",
                               ".course-stepper-text")


def test_before_it_runs_the_cell_shows_a_sentence_and_a_picture(notebook):
    notebook.assert_static_view(notebook.cell_index(CELL), "A stepper through this search's")


def test_the_controls_move_the_line_and_the_picture_together(stepper, lab, helpers):
    helpers.check_stepper(stepper, lab.driver)
