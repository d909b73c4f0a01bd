"""The PlayBoard of notebooks 09 (Othello) and 10 (Gomoku) in JupyterLab, played with the mouse.

Each notebook is looked at before it runs (a sentence and a picture, no widget), run (Run All),
and its board is clicked: a legal square, a refused one, Undo, New game, a square played
with the keyboard. After every action the drawn
board must be the library's position: the kernel is asked for the board's start and moves,
the game is replayed here with ``course_lib.games``, and every square's stone, colour and
shading, the last move's frame and the status line are compared with it; on Othello, the discs
the last move flipped must wear their ring, and no square a rounded corner. On the Gomoku board
the stones are measured in a screenshot: each disc's centre must be its point's crossing; and
a five must be framed.

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
GOMOKU_CELL = ('PlayBoard(study.FastPlayer(radius=1, max_nodes=20_000, table_bits=16), '
               'game="gomoku"')
GOMOKU_OPTIONS = {"size": 19, "rule": "omok", "radius": 2}


def the_notebooks_gomoku_board() -> PlayBoard:
    """The notebook's Gomoku board, made here as the cell makes it."""
    from course_lib.lessons import nb10 as study
    return PlayBoard(study.FastPlayer(radius=1, max_nodes=20_000, table_bits=16),
                     game="gomoku", **GOMOKU_OPTIONS)


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
    sentence = the_notebooks_gomoku_board()._repr_mimebundle_()["text/plain"]
    assert sentence.startswith("A board to play Gomoku on appears here")
    gomoku.assert_static_view(gomoku.cell_index(GOMOKU_CELL), sentence, whole=True)


def test_gomoku_run_all_draws_an_empty_19x19_board_that_fits(gomoku_board):
    state, moves = gomoku_board.library()
    assert moves == [] and state == Gomoku(**GOMOKU_OPTIONS)
    gomoku_board.assert_shows(state)
    drawn = gomoku_board.drawn()
    assert len(drawn["squares"]) == 361
    assert drawn["scrollbars"] == [], "scrollbars in the output"
    assert drawn["width"][0] <= drawn["width"][1]                  # 19 columns fit
    assert 20 <= drawn["cell"] <= 34


def test_gomoku_mouse_two_stones_and_the_agents_replies(gomoku_board, gomoku, lab):
    for move in ("j10", "k11"):
        before = gomoku_board.library()[1]
        gomoku_board.square(move).click()
        gomoku.wait_idle()
        after, moves = gomoku_board.library()
        assert moves[:len(before) + 1] == [*before, move] and len(moves) == len(before) + 2
        gomoku_board.assert_shows(after, last=moves[-1])
    screenshot(lab, gomoku, gomoku_board.index, "gomoku_after.png")


def disc_centre(png: bytes, dark: bool) -> tuple[float, float, int, int]:
    """The centre of the disc in a button's screenshot, in pixels from its top left corner:
    the mean position of the centres of its dark pixels (a black stone) or of its light ones
    (a white stone); and the image's size."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    pixels = image.load()
    points = [(x, y) for y in range(height) for x in range(width)
              if (pixels[x, y] < 60 if dark else pixels[x, y] > 225)]
    assert len(points) > width * height / 4, "no disc in the screenshot"
    return (sum(x for x, _ in points) / len(points) + 0.5,
            sum(y for _, y in points) / len(points) + 0.5, width, height)


def crossing(png: bytes) -> tuple[float, float]:
    """Where an empty point's two lines cross in its button's screenshot, in pixels from its
    top left corner: the centres of the column and of the row darkest on average."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    pixels = image.load()
    column = min(range(width), key=lambda x: sum(pixels[x, y] for y in range(height)))
    row = min(range(height), key=lambda y: sum(pixels[x, y] for x in range(width)))
    return column + 0.5, row + 0.5


def test_gomoku_stones_sit_on_their_crossings(gomoku_board, gomoku, lab):
    """Measured in the browser's own pictures of the buttons: each stone's centre is within
    half a pixel of where the lines of an empty point of the same size cross, and of its
    button's middle. The glyph the board drew before sat about 2.5 px low."""
    state, moves = gomoku_board.library()
    assert state.cells[state.geometry.index["j10"]] == 1            # x, the human's
    white = moves[1]                                                # o, the agent's reply
    lab.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});",
                              gomoku_board.square("j10"))
    empty = [name for name in ("e5", "p15", "e15", "p5")
             if state.cells[state.geometry.index[name]] == 0][0]
    lx, ly = crossing(gomoku_board.square(empty).screenshot_as_png)
    for name, dark in (("j10", True), (white, False)):
        if name == moves[-1]:
            continue                     # the last move wears a frame: its box differs
        cx, cy, width, height = disc_centre(gomoku_board.square(name).screenshot_as_png, dark)
        assert abs(cx - lx) <= 0.5 and abs(cy - ly) <= 0.5, \
            f"{name}: disc centre ({cx:.2f}, {cy:.2f}), crossing ({lx:.2f}, {ly:.2f})"
        assert abs(cx - width / 2) <= 0.5 and abs(cy - height / 2) <= 0.5


def test_gomoku_mouse_far_from_the_stones_is_refused_in_words(gomoku_board, gomoku):
    state, before = gomoku_board.library()
    gomoku_board.square("a19").click()
    gomoku.wait_idle()
    after, moves = gomoku_board.library()
    assert moves == before and after == state
    message = gomoku_board.drawn()["message"]
    assert message.startswith("Not played") and "radius=2" in message
    gomoku_board.assert_shows(state, last=before[-1])


def test_gomoku_five_is_framed(gomoku_board, gomoku, lab, helpers):
    """From a position where x has four in a row, a click makes five: the game is over and
    the five's stones, and only they, wear the five's frame."""
    from course_lib.viz.playboard_games import GomokuBoard

    four = Gomoku(size=19)
    for move in ("f10", "a1", "g10", "a3", "h10", "a5", "i10", "a7"):
        four = four.play(move)
    gomoku.kernel(f"_b = {gomoku_board.name}\n"
                  f"_b.start = type(_b.start).from_text({four.text()!r}, rule='omok', radius=2)\n"
                  "_b.new_game()\ndel _b")
    gomoku_board.square("j10").click()
    gomoku.wait_idle()
    state, moves = gomoku_board.library()
    assert moves == ["j10"] and state.winner() == 1
    gomoku_board.assert_shows(state)
    frame = GomokuBoard.five_frame.split()
    framed = {name for name, _, _, _, width, colour in gomoku_board.drawn()["squares"]
              if width == frame[0] and helpers.hex_color(colour) == frame[2]}
    assert framed == {"f10", "g10", "h10", "i10", "j10"}
    screenshot(lab, gomoku, gomoku_board.index, "gomoku_five.png")


def test_gomoku_new_game_clears_the_board(gomoku_board, gomoku):
    gomoku.kernel(f"_b = {gomoku_board.name}\n_b.start = type(_b.start)(size=19, rule='omok', "
                  "radius=2)\ndel _b")
    gomoku_board.button("New game").click()
    gomoku.wait_idle()
    state, moves = gomoku_board.library()
    assert moves == [] and state == Gomoku(**GOMOKU_OPTIONS)
    gomoku_board.assert_shows(state)
