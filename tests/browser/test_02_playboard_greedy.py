"""Notebook 02's PlayBoard against greedy in JupyterLab: the game Run All played, then a jump
clicked with the mouse; the drawn board compared with the library's position each time."""

from __future__ import annotations

import pytest

from course_lib.agents import GreedyAgent
from course_lib.ataxx import square_name
from course_lib.viz import PlayBoard

NOTEBOOK = "02_greedy_and_evaluation.ipynb"
CELL = "board = PlayBoard(GreedyAgent())"


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    return lab.open(NOTEBOOK)


@pytest.fixture(scope="module")
def board(notebook, helpers):
    notebook.run_all()
    return helpers.BoardPage(notebook, notebook.cell_index(CELL))


def test_before_it_runs_the_cell_shows_a_sentence_and_a_picture(notebook):
    sentence = PlayBoard(GreedyAgent())._repr_mimebundle_()["text/plain"]
    notebook.assert_static_view(notebook.cell_index(CELL), sentence, whole=True)


def test_run_all_then_a_jump_by_mouse(board, notebook):
    state, before, _ = board.library()
    assert len(before) >= 6                                      # the notebook's three moves
    board.assert_shows(state)
    jump = next(m for m in state.legal_moves() if not m.is_pass and not m.is_clone)
    board.square(square_name(*jump.source)).click()
    board.assert_shows(state, selected=jump.source)
    board.square(square_name(*jump.destination)).click()
    notebook.wait_idle()
    after, moves, _ = board.library()
    assert moves[:len(before) + 1] == [*before, jump] and len(moves) > len(before) + 1
    board.assert_shows(after)
