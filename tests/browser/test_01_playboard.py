"""Notebook 01's PlayBoard in JupyterLab, played with the mouse and the keyboard.

After every action the drawn board must be the library's position: the kernel is asked for
the board's start and moves, the position is replayed here with course_lib.ataxx, and every
square's stone, the highlighted squares and the status line are compared with it.
"""

from __future__ import annotations

import pytest

from course_lib.agents import RandomAgent
from course_lib.ataxx import EMPTY, FIRST, SQUARES, State, square_name
from course_lib.viz import PlayBoard

NOTEBOOK = "01_rules_and_moves.ipynb"
CELL = "board = PlayBoard(RandomAgent(seed=1))"


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    return lab.open(NOTEBOOK)


@pytest.fixture(scope="module")
def board(notebook, helpers):
    notebook.run_all()
    return helpers.BoardPage(notebook, notebook.cell_index(CELL))


def test_before_it_runs_the_cell_shows_a_sentence_and_a_picture(notebook):
    sentence = PlayBoard(RandomAgent(seed=1))._repr_mimebundle_()["text/plain"]
    notebook.assert_static_view(notebook.cell_index(CELL), sentence, whole=True)


def test_run_all_draws_the_game_the_notebook_played(board):
    state, moves, selected = board.library()
    assert len(moves) >= 6 and selected is None                  # the notebook's moves
    board.assert_shows(state)
    drawn = board.drawn()
    assert drawn["scrollbars"] == [], "scrollbars in the output"
    assert drawn["width"][0] <= drawn["width"][1]                # within the output area


def test_mouse_a_jump_leaves_its_square_empty(board, notebook):
    state, before, _ = board.library()
    empty = next(square for square in SQUARES if state.grid[square[0]][square[1]] == EMPTY)
    board.square(square_name(*empty)).click()                    # nothing to pick up there
    board.assert_shows(state)
    jump = next(m for m in state.legal_moves() if not m.is_pass and not m.is_clone)
    board.square(square_name(*jump.source)).click()
    board.assert_shows(state, selected=jump.source)
    board.square(square_name(*jump.destination)).click()
    notebook.wait_idle()
    after, moves, selected = board.library()
    assert moves[:len(before) + 1] == [*before, jump] and len(moves) == len(before) + 2
    assert selected is None
    board.assert_shows(after)


def test_keyboard_tab_and_enter_play_a_clone(board, notebook):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    state, before, _ = board.library()
    clone = next(m for m in state.legal_moves() if m.is_clone)
    order = [square_name(*square) for square in SQUARES]          # the buttons' tab order
    source, target = square_name(*clone.source), square_name(*clone.destination)
    board.square(source).send_keys(Keys.ENTER)
    board.assert_shows(state, selected=clone.source)
    steps = order.index(target) - order.index(source)
    keys = ActionChains(notebook.driver)
    for _ in range(abs(steps)):
        if steps > 0:
            keys.send_keys(Keys.TAB)
        else:
            keys.key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT)
    keys.send_keys(Keys.SPACE).perform()
    notebook.wait_idle()
    after, moves, _ = board.library()
    assert moves[:len(before) + 1] == [*before, clone]
    board.assert_shows(after)


def test_undo_takes_back_the_move_and_the_reply(board, notebook):
    state, before, _ = board.library()
    # The last move x chose (not a forced pass), and all after it, are taken back.
    positions = [State.start()]
    for move in before:
        positions.append(positions[-1].apply(move))
    last = max(i for i, move in enumerate(before)
               if positions[i].to_move == FIRST and not move.is_pass)
    board.button("Undo").click()
    notebook.wait_idle()
    after, moves, _ = board.library()
    assert moves == before[:last] and after == positions[last]
    board.assert_shows(after)


def test_new_game_draws_the_start_again(board, notebook):
    board.button("New game").click()
    notebook.wait_idle()
    state, moves, selected = board.library()
    assert moves == [] and state == State.start() and selected is None
    board.assert_shows(State.start())
