"""Notebook 03's widgets in JupyterLab: the SearchStepper over the textbook tree's minimax
search (its buttons and slider), and the PlayBoard against minimax (a jump clicked)."""

from __future__ import annotations

import pytest

from course_lib.ataxx import State, square_name

NOTEBOOK = "03_minimax_and_negamax.ipynb"
STEPPER = 'stepper = SearchStepper(result, labels="name")'
BOARD = 'PlayBoard(make_agent("minimax:depth=2"))'


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    return lab.open(NOTEBOOK)


@pytest.fixture(scope="module")
def ran(notebook):
    notebook.run_all()
    return notebook


def test_before_it_runs_the_cells_show_a_sentence_and_a_picture(notebook):
    for cell, words in ((STEPPER, "A stepper through this search's"),
                        (BOARD, "A board to play ATAXX on appears here")):
        notebook.assert_static_view(notebook.cell_index(cell), words)


def test_stepper_line_and_picture_follow_the_controls(ran, lab, helpers):
    stepper = helpers.PicturePage(ran, ran.cell_index(STEPPER), ".course-stepper-picture",
                                  ".course-stepper-text")
    helpers.check_stepper(stepper, lab.driver)


def test_board_against_minimax(ran, helpers):
    board = helpers.BoardPage(ran, ran.cell_index(BOARD))
    state, before, _ = board.library()
    assert before == [] and state == State.start()
    board.assert_shows(state)
    jump = next(m for m in state.legal_moves() if not m.is_pass and not m.is_clone)
    board.square(square_name(*jump.source)).click()
    board.assert_shows(state, selected=jump.source)
    board.square(square_name(*jump.destination)).click()
    ran.wait_idle()
    after, moves, _ = board.library()
    assert moves[0] == jump and len(moves) == 2                  # and minimax's reply
    board.assert_shows(after)
