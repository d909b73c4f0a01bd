"""The PlayBoard of notebooks 09 (Othello) and 10 (Gomoku) in JupyterLab, played with the mouse.

Each notebook is looked at before it runs (a sentence and a picture, no widget), run (Run All),
and its board is clicked: a legal square, a refused one, Undo, New game, a square played
with the keyboard. After every action the drawn
board must be the library's position: the kernel is asked for the board's start and moves,
the game is replayed here with ``course_lib.games``, and every square's stone, colour and
shading, the last move's frame and the status line are compared with it; on Othello, the discs
the last move flipped must wear their ring, and no square a rounded corner.

With ``COURSE_SCREENSHOTS=DIR`` in the environment, a screenshot of each board is saved there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from course_lib.agents import make_agent
from course_lib.games import Gomoku, Othello
from course_lib.viz import PlayBoard

OTHELLO_NOTEBOOK = "09_othello_study.ipynb"
OTHELLO_CELL = 'PlayBoard(make_agent("alphabeta:depth=4,eval=research"), game="othello")'
GOMOKU_NOTEBOOK = "10_gomoku.ipynb"
GOMOKU_CELL = 'PlayBoard(make_agent("alphabeta:depth=2"), game="gomoku", radius=2)'


def screenshot(lab, notebook, index, name):
    where = os.environ.get("COURSE_SCREENSHOTS")
    if where:
        notebook.output(index, ".course-playboard")
        notebook.js("panel.content.widgets[arguments[0]].node.querySelector("
                    "'.course-playboard').scrollIntoView({block: 'start'});", index)
        lab.screenshot(Path(where) / name)


# --- 09: Othello ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def othello(lab, kernels_closed):
    return lab.open(OTHELLO_NOTEBOOK)


@pytest.fixture(scope="module")
def othello_board(othello, helpers):
    othello.run_all()
    return helpers.GamePage(othello, othello.cell_index(OTHELLO_CELL), "othello")


def test_othello_before_it_runs_shows_a_sentence_and_a_picture(othello):
    sentence = PlayBoard(make_agent("alphabeta:depth=4,eval=research"),
                         game="othello")._repr_mimebundle_()["text/plain"]
    assert sentence.startswith("A board to play Othello on appears here")
    othello.assert_static_view(othello.cell_index(OTHELLO_CELL), sentence, whole=True)


def test_othello_run_all_draws_the_start_with_the_legal_squares_shaded(othello_board, lab):
    state, moves = othello_board.library()
    assert moves == [] and state == Othello()
    othello_board.assert_shows(state)
    drawn = othello_board.drawn()
    assert drawn["scrollbars"] == [], "scrollbars in the output"
    assert drawn["width"][0] <= drawn["width"][1]                  # within the output area
    shaded = {name for name, _, _, background, _, _ in drawn["squares"]
              if background != drawn["squares"][0][3]}
    assert shaded == {"d3", "c4", "f5", "e6"}
    screenshot(lab, othello_board.notebook, othello_board.index, "othello_start.png")


def test_othello_mouse_a_disc_and_the_agents_reply(othello_board, othello, lab):
    state, before = othello_board.library()
    move = state.legal_moves()[-1]
    othello_board.square(move).click()
    othello.wait_idle()
    after, moves = othello_board.library()
    assert moves[:len(before) + 1] == [*before, move] and len(moves) == len(before) + 2
    assert after == state.play(move).play(moves[-1])               # alpha-beta answered
    othello_board.assert_shows(after, last=moves[-1])
    screenshot(lab, othello, othello_board.index, "othello_after.png")


_RINGS = """
const cell = panel.content.widgets[arguments[0]];
if (!cell.node.isConnected) { return null; }
const cells = Array.from(cell.node.querySelectorAll('.jp-OutputArea button.othello-cell'));
return cells.length ? cells.map(b => {
    const style = getComputedStyle(b);
    return [b.title.split(' ')[0], style.webkitTextStrokeWidth, style.webkitTextStrokeColor,
            style.borderTopLeftRadius, style.borderBottomRightRadius];
}) : null;
"""


def test_othello_the_discs_the_reply_flipped_are_ringed_and_corners_are_square(othello_board,
                                                                               othello, helpers):
    from course_lib.viz.playboard_games import FLIPPED_RING

    state, moves = othello_board.library()
    assert moves and moves[-1] != "pass"            # after the mouse test: the agent's reply
    before = Othello()
    for move in moves[:-1]:
        before = before.play(move)
    flipped = set(before.flips(moves[-1]))          # the library's rule
    assert flipped

    def look():
        othello.scroll_to(othello_board.index)
        return othello.js(_RINGS, othello_board.index)

    drawn = othello.wait(look, 30, "no Othello squares drawn")
    width, colour = FLIPPED_RING.split()
    ringed = {name for name, stroke, stroke_colour, _, _ in drawn
              if stroke == width and helpers.hex_color(stroke_colour) == colour}
    assert ringed == flipped, (ringed, flipped)
    assert all(a == b == "0px" for _, _, _, a, b in drawn), "rounded square corners"


def test_othello_mouse_on_an_occupied_square_is_refused_in_words(othello_board, othello):
    state, before = othello_board.library()
    taken = next(f"{'abcdefgh'[i % 8]}{i // 8 + 1}" for i, c in enumerate(state.cells) if c)
    othello_board.square(taken).click()
    othello.wait_idle()
    after, moves = othello_board.library()
    assert moves == before and after == state
    message = othello_board.drawn()["message"]
    assert message.startswith("Not played") and "occupied" in message
    othello_board.assert_shows(state)


def test_othello_undo_draws_the_start_again(othello_board, othello):
    othello_board.button("Undo").click()
    othello.wait_idle()
    state, moves = othello_board.library()
    assert moves == [] and state == Othello()
    othello_board.assert_shows(state)


def test_othello_keyboard_enter_on_a_square_plays_it(othello_board, othello):
    from selenium.webdriver.common.keys import Keys

    state, before = othello_board.library()
    move = state.legal_moves()[0]
    othello_board.square(move).send_keys(Keys.ENTER)
    othello.wait_idle()
    after, moves = othello_board.library()
    assert moves[:len(before) + 1] == [*before, move] and len(moves) == len(before) + 2
    othello_board.assert_shows(after, last=moves[-1])


# --- 10: Gomoku -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gomoku(lab, othello, kernels_closed):
    lab.shutdown_kernels()                       # one kernel at a time: 09's is done
    return lab.open(GOMOKU_NOTEBOOK)


@pytest.fixture(scope="module")
def gomoku_board(gomoku, helpers):
    gomoku.run_all()
    return helpers.GamePage(gomoku, gomoku.cell_index(GOMOKU_CELL), "gomoku")


def test_gomoku_before_it_runs_shows_a_sentence_and_a_picture(gomoku):
    sentence = PlayBoard(make_agent("alphabeta:depth=2"), game="gomoku",
                         radius=2)._repr_mimebundle_()["text/plain"]
    assert sentence.startswith("A board to play Gomoku on appears here")
    gomoku.assert_static_view(gomoku.cell_index(GOMOKU_CELL), sentence, whole=True)


def test_gomoku_run_all_draws_an_empty_board_that_fits(gomoku_board):
    state, moves = gomoku_board.library()
    assert moves == [] and state == Gomoku(radius=2) and state.radius == 2
    gomoku_board.assert_shows(state)
    drawn = gomoku_board.drawn()
    assert len(drawn["squares"]) == 225
    assert drawn["scrollbars"] == [], "scrollbars in the output"
    assert drawn["width"][0] <= drawn["width"][1]                  # 15 columns fit
    assert 20 <= drawn["cell"] <= 34


def test_gomoku_mouse_two_stones_and_the_agents_replies(gomoku_board, gomoku, lab):
    state, _ = gomoku_board.library()
    for move in ("h8", "i9"):
        before = gomoku_board.library()[1]
        gomoku_board.square(move).click()
        gomoku.wait_idle()
        after, moves = gomoku_board.library()
        assert moves[:len(before) + 1] == [*before, move] and len(moves) == len(before) + 2
        gomoku_board.assert_shows(after, last=moves[-1])
    screenshot(lab, gomoku, gomoku_board.index, "gomoku_after.png")


def test_gomoku_mouse_far_from_the_stones_is_refused_in_words(gomoku_board, gomoku):
    state, before = gomoku_board.library()
    gomoku_board.square("a15").click()
    gomoku.wait_idle()
    after, moves = gomoku_board.library()
    assert moves == before and after == state
    message = gomoku_board.drawn()["message"]
    assert message.startswith("Not played") and "radius=2" in message
    gomoku_board.assert_shows(state, last=before[-1])


def test_gomoku_new_game_clears_the_board(gomoku_board, gomoku):
    gomoku_board.button("New game").click()
    gomoku.wait_idle()
    state, moves = gomoku_board.library()
    assert moves == [] and state == Gomoku(radius=2)
    gomoku_board.assert_shows(state)
