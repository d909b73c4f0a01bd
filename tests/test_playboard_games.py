"""The PlayBoard widget on Othello, Gomoku and tic-tac-toe, clicked without a browser.

What a board does is checked against the test's own rules (which squares flip, where five in a
row is, which squares are taken), and every game a board played is replayed here with the
game's ``play``: the board holds exactly the moves it says it played.
"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

import pytest

from course_lib.agents import RandomAgent
from course_lib.errors import CourseError
from course_lib.games import Gomoku, Othello, TicTacToe
from course_lib.viz import PlayBoard

NBSP = "\u00a0"
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def names(size: int) -> list[str]:
    return [f"{'abcdefghijklmno'[c]}{r + 1}" for r in range(size) for c in range(size)]


def othello_flips(cells, index: int, me: int) -> list[int]:
    """The test's own Othello rule: the discs a disc of ``me`` on ``index`` turns over."""
    if cells[index] != 0:
        return []
    row, col = divmod(index, 8)
    out = []
    for dr, dc in DIRECTIONS:
        run, r, c = [], row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and cells[r * 8 + c] == 3 - me:
            run.append(r * 8 + c)
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and cells[r * 8 + c] == me:
            out += run
    return out


def othello_squares(state: Othello) -> set[str]:
    return {name for i, name in enumerate(names(8))
            if othello_flips(state.cells, i, state.to_move)}


def replay(start, moves):
    state = start
    for move in moves:
        state = state.play(move)
    return state


def glyphs(board: PlayBoard) -> dict:
    return {key: button.description for key, button in board.buttons.items()}


def expected_glyphs(cells, keys, marks=("\u25cf", "\u25cf")) -> dict:
    """The test's own rule: a stone is its mark, an empty square a no-break space (never "",
    which the browser would not redraw)."""
    return {key: {0: NBSP, 1: marks[0], 2: marks[1]}[cell] for key, cell in zip(keys, cells)}


def svg_fills(svg: str) -> dict:
    """The fill of each stone the picture draws, by its square's name (from the circles'
    centres and the named click targets)."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    targets = [(float(e.get("x")), float(e.get("y")), float(e.get("width")), e.get("data-square"))
               for e in root.iter(f"{ns}rect") if e.get("data-square")]
    out = {}
    for circle in root.iter(f"{ns}circle"):
        if float(circle.get("r")) < 6:
            continue                                # the legal-move dots
        cx, cy = float(circle.get("cx")), float(circle.get("cy"))
        for x, y, w, name in targets:
            if x <= cx < x + w and y <= cy < y + w:
                out[name] = circle.get("fill")
    return out


def check_drawn(board: PlayBoard, keys, marks=("\u25cf", "\u25cf")) -> None:
    state = board.state
    assert glyphs(board) == expected_glyphs(state.cells, keys, marks)
    assert all(b.description != "" for b in board.buttons.values())
    colours = {cell: {board.buttons[k].style.text_color for k, c in zip(keys, state.cells)
                      if c == cell} for cell in (1, 2)}
    assert all(len(found) <= 1 for found in colours.values())
    if colours[1] and colours[2]:
        assert colours[1] != colours[2]


# --- Othello --------------------------------------------------------------------------------


def test_othello_shades_the_legal_squares_and_a_click_places_a_disc():
    board = PlayBoard(RandomAgent(seed=1), game="othello")
    start = Othello()
    assert board.state == start and board.highlighted == {"d3", "c4", "f5", "e6"}
    assert board.highlighted == othello_squares(start)
    shaded = {k for k, b in board.buttons.items()
              if b.style.button_color == board.game.highlight_color}
    assert shaded == othello_squares(start)
    assert len({b.style.button_color for k, b in board.buttons.items() if k not in shaded}) == 1
    board.click("d3")
    assert board.history[0] == "d3" and len(board.history) == 2
    after = replay(start, board.history)
    assert board.state == after
    assert board.state.cells[8 * 3 + 3] == 1                 # d4 flipped to x
    assert board.highlighted == othello_squares(after)
    check_drawn(board, names(8))


@pytest.mark.parametrize("agent_seed, human_seed", [(3, 4), (8, 1)])
def test_othello_whole_game_by_clicking_the_buttons(agent_seed, human_seed):
    board = PlayBoard(RandomAgent(seed=agent_seed), game="othello")
    chooser = RandomAgent(seed=human_seed)
    for _ in range(100):
        if board.state.is_over():
            break
        state = board.state
        assert state.to_move == 1 and othello_squares(state)   # passes happen by themselves
        move = chooser.choose_move(state)
        assert move in board.highlighted
        board.buttons[move].click()
        check_drawn(board, names(8))
    state = board.state
    assert state.is_over() and state == replay(Othello(), board.history)
    shadow = RandomAgent(seed=agent_seed)
    position = Othello()
    for move in board.history:                  # the agent was asked once per turn of its own
        if position.to_move == 2:
            assert move == shadow.choose_move(position)
        position = position.play(move)
    x, o = state.cells.count(1), state.cells.count(2)
    assert f"x {x} \u2013 o {o}" in board.status and board.status.startswith("Game over")
    assert ("You win!" if x > o else "It is a draw." if x == o else "wins.") in board.status
    assert board.highlighted == set()
    before = board.state
    board.click("a1")
    assert board.state is before and "over" in board.message


OTHELLO_BEFORE_PASS = ("xxoooooo/xxooooo./xooxoooo/xxooxxoo/xooxxooo/xooxoxoo/xxxoxxo./xxxxxxxx"
                       " x")


def test_othello_the_agents_pass_is_played_by_itself():
    start = Othello.from_text(OTHELLO_BEFORE_PASS)
    # h2 leaves o without a flipping square (the test's own rule), x still has one.
    after = start.play("h2")
    assert not othello_squares(after)
    board = PlayBoard(RandomAgent(seed=1), game="othello", start=OTHELLO_BEFORE_PASS)
    board.click("h2")
    assert board.history[:2] == ["h2", "pass"]
    assert "passes" in board.message
    assert board.state == replay(start, board.history)


def test_othello_the_humans_pass_is_played_by_itself_and_said():
    text = OTHELLO_BEFORE_PASS
    position = Othello.from_text(text).play("h2")          # o to move, no flipping square
    board = PlayBoard(lambda state: state.legal_moves()[0], game="othello", human="second",
                      start=position)
    assert board.history[0] == "pass" and "o has no legal move and passes" in board.message
    assert board.state == replay(position, board.history)
    board.undo()                                  # a forced pass is not a move to take back
    assert board.history[0] == "pass" and "Nothing" in board.message


@pytest.mark.parametrize("square, words", [("d4", "occupied"), ("a1", "flips no disc"),
                                            ("h8", "flips no disc")])
def test_othello_refused_squares_change_nothing_and_say_why(square, words):
    board = PlayBoard(RandomAgent(seed=1), game="othello")
    board.click(square)
    assert board.message.startswith("Not played") and words in board.message
    assert board.history == [] and board.state == Othello()


@pytest.mark.parametrize("clicks", [("z9",), ("i1",), (3, 4), (None,), ("",)])
def test_clicks_off_the_board_say_so(clicks):
    board = PlayBoard(RandomAgent(seed=1), game="othello")
    board.click(*clicks)
    assert "not a square" in board.message and board.history == []


def test_othello_undo_and_new_game():
    board = PlayBoard(RandomAgent(seed=5), game="othello")
    board.click("f5")
    middle, first_two = board.state, list(board.history)
    move = sorted(board.highlighted)[0]
    board.click(move)
    assert len(board.history) == 4
    board.undo_button.click()
    assert board.history == first_two and board.state == middle
    board.undo()
    assert board.history == [] and board.state == Othello()
    assert "Nothing" not in board.message
    board.undo()
    assert "Nothing" in board.message
    board.click("c4")
    board.new_game_button.click()
    assert board.history == [] and board.state == Othello()
    check_drawn(board, names(8))


def test_othello_stones_are_drawn_in_the_pictures_colours():
    board = PlayBoard(RandomAgent(seed=2), game="othello")
    board.click("e6")
    fills = svg_fills(board.state.svg())
    assert len(fills) == board.state.cells.count(1) + board.state.cells.count(2)
    for name, fill in fills.items():
        assert board.buttons[name].style.text_color == fill, name


def test_othello_last_move_is_framed():
    board = PlayBoard(RandomAgent(seed=2), game="othello")
    board.click("c4")
    last = board.history[-1]
    assert "3px solid" in board.buttons[last].layout.border
    plain = [k for k, b in board.buttons.items() if "3px" in b.layout.border]
    assert plain == [last]


def flagged(board: PlayBoard) -> set[str]:
    return {k for k, b in board.buttons.items() if "othello-flipped" in b._dom_classes}


def last_flips(board: PlayBoard) -> set[str]:
    """The test's own rule: the discs the last move (not a pass) turned over, from the
    position before it, replayed from the board's start and history."""
    played = list(board.history)
    if not played or played[-1] == "pass":
        return set()
    before = replay(board.start, played[:-1])
    index = names(8).index(played[-1])
    return {names(8)[i] for i in othello_flips(before.cells, index, before.to_move)}


@pytest.mark.parametrize("agent_seed, human_seed", [(3, 4), (11, 2)])
def test_othello_the_discs_the_last_move_flipped_are_ringed(agent_seed, human_seed):
    board = PlayBoard(RandomAgent(seed=agent_seed), game="othello")
    chooser = RandomAgent(seed=human_seed)
    assert flagged(board) == set()                          # the start: no move yet
    ringed = 0
    while not board.state.is_over():
        board.click(chooser.choose_move(board.state))
        expected = last_flips(board)
        assert flagged(board) == expected, board.history
        assert board.history[-1] not in flagged(board)      # the move itself is framed
        ringed += bool(expected)
    assert ringed > 10
    board.undo()                                            # back to an earlier position
    assert flagged(board) == last_flips(board)
    board.new_game()
    assert flagged(board) == set()


def test_othello_a_pass_rings_nothing():
    board = PlayBoard(RandomAgent(seed=1), game="othello", start=OTHELLO_BEFORE_PASS)
    board.click("h2")                                       # x plays h2, o must pass
    assert board.history[-1] == "pass" and flagged(board) == set()


def test_othello_board_css_rings_flipped_discs_and_has_square_corners():
    board = PlayBoard(RandomAgent(seed=1), game="othello")
    style = board.children[0].value
    corners = re.search(r"\.othello-playboard \.othello-cell \{[^}]*border-radius: 0;", style)
    assert corners, style
    ring = re.search(r"\.othello-flipped \{ -webkit-text-stroke: (\d+)px (#[0-9a-f]{6})", style)
    assert ring and int(ring.group(1)) >= 2, style
    colour = ring.group(2)
    game = board.game
    assert colour not in {*game.stone_fill.values(), game.board_color, game.highlight_color}
    # the ring rule comes after the light disc's outline rule, so it wins on a light disc
    assert style.index(".othello-flipped") > style.index(".othello-o {")


def test_othello_start_from_text_or_state_and_the_agent_moves_first():
    text = Othello().play("d3").text()
    by_text = PlayBoard(RandomAgent(seed=1), game="othello", start=text, human="second")
    by_state = PlayBoard(RandomAgent(seed=1), start=Othello.from_text(text), human="second")
    assert by_text.start == by_state.start == Othello.from_text(text)
    assert by_text.history == [] and by_text.state.to_move == 2   # o to move: the human
    first = PlayBoard(RandomAgent(seed=1), game="othello", human="second")
    assert len(first.history) == 1 and first.state.to_move == 2
    assert first.history[0] == RandomAgent(seed=1).choose_move(Othello())


# --- Gomoku ---------------------------------------------------------------------------------

# x on g8, i8, h7, h9: h8 makes two open threes (row 8 and column h) at once; o far away.
DOUBLE_THREE = Gomoku([0] * 225)
for _name in ("g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7"):
    DOUBLE_THREE = DOUBLE_THREE.play(_name)


def test_gomoku_double_three_is_refused_with_the_reason():
    text = DOUBLE_THREE.text()
    board = PlayBoard(RandomAgent(seed=1), game="gomoku", start=text, forbid_double_three=True)
    assert board.state.forbid_double_three
    board.click("h8")
    assert board.message.startswith("Not played") and "two open threes" in board.message
    assert board.history == [] and board.state.cells[112] == 0
    free = PlayBoard(RandomAgent(seed=1), game="gomoku", start=text)
    free.click("h8")
    assert free.history[0] == "h8" and free.state.cells[112] == 1     # without the rule
    assert free.state == replay(Gomoku.from_text(text), free.history)


def test_gomoku_five_in_a_row_ends_the_game():
    board = PlayBoard(game="gomoku", human="both")
    for x, o in zip(["c3", "d4", "e5", "f6"], ["c4", "c5", "c6", "c7"]):
        board.click(x)
        board.click(o)
    assert not board.state.is_over()
    board.click("g7")                           # the diagonal c3..g7: five
    assert board.state.is_over() and board.state.winner() == 1
    assert board.status.startswith("Game over") and "x wins" in board.status
    before = board.state
    board.click("a1")
    assert board.state is before and "over" in board.message
    board.undo()                                # with two humans: one move back
    assert board.history == ["c3", "c4", "d4", "c5", "e5", "c6", "f6", "c7"]


def test_gomoku_radius_is_the_restricted_game():
    board = PlayBoard(RandomAgent(seed=3), game="gomoku", radius=1)
    board.click("h8")
    reply = board.history[1]
    row, col = int(reply[1:]), "abcdefghijklmno".index(reply[0])
    assert abs(row - 8) <= 1 and abs(col - 7) <= 1          # the agent played near the stone
    board.click("a15")
    assert "Not played" in board.message and len(board.history) == 2
    assert board.state.radius == 1


def test_gomoku_board_fits_the_notebook_and_draws_its_lines():
    board = PlayBoard(RandomAgent(seed=1), game="gomoku")
    assert len(board.buttons) == 225
    widths = [int(w) for w in re.findall(r"(\d+)px", board.children[2].layout
                                         .grid_template_columns)]
    columns = board.children[2].layout.grid_template_columns
    assert "repeat(15," in columns
    width = widths[0] + 15 * widths[1] + widths[2]
    assert width <= 520
    corner = board.buttons["a1"]._dom_classes
    middle = board.buttons["h8"]._dom_classes
    assert "gomoku-pt-tl" in corner and "gomoku-pt-mm" in middle
    board.click("h8")
    check_drawn(board, names(15))
    assert "3px solid" in board.buttons[board.history[-1]].layout.border


# --- Tic-tac-toe ----------------------------------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_tictactoe_whole_game_against_an_agent(seed):
    board = PlayBoard(RandomAgent(seed=seed), game="tictactoe")
    chooser = RandomAgent(seed=seed + 10)
    while not board.state.is_terminal():
        move = chooser.choose_move(board.state)
        board.click(board.game.keys[move])
        check_drawn(board, names(3), marks=("X", "O"))
    cells = board.state.cells
    owners = {cells[a] for a, b, c in LINES if cells[a] and cells[a] == cells[b] == cells[c]}
    assert len(owners) <= 1
    winner = owners.pop() if owners else 0
    assert winner or 0 not in cells
    assert board.status.startswith("Game over")
    assert ("X wins" if winner == 1 else "O wins" if winner == 2 else "draw") in board.status
    state = TicTacToe()
    for move in board.history:
        state = state.apply(move)
    assert state == board.state


def test_tictactoe_refusals_and_names():
    board = PlayBoard(RandomAgent(seed=1), game="tictactoe", start="X.O/.X./O..")
    assert board.state.cells == (1, 0, 2, 0, 1, 0, 2, 0, 0)
    board.click("a1")
    assert "taken" in board.message and board.history == []
    board.click(8)                                  # the square's number: c3, three X
    assert board.history == [8] and board.state.winner() == 1
    assert "X has three in a row" in board.status and "You win!" in board.status
    board.play("b1")
    assert "over" in board.message


# --- for every game -------------------------------------------------------------------------


@pytest.mark.parametrize("game, start, sentence", [
    ("othello", Othello().play("d3"), "A board to play Othello on appears here"),
    ("gomoku", Gomoku().play("h8"), "A board to play Gomoku on appears here"),
    ("tictactoe", TicTacToe().apply(4), "A board to play tic-tac-toe on appears here"),
])
def test_each_game_says_what_it_is_where_it_cannot_be_drawn(game, start, sentence):
    board = PlayBoard(RandomAgent(seed=1), game=game, start=start, human="both")
    bundle = board._repr_mimebundle_()
    plain = bundle["text/plain"]
    assert plain.startswith(sentence) and board.status in plain and "\n" not in plain
    data = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)"', bundle["text/html"])
    svg = base64.b64decode(data.group(1)).decode()
    assert ET.fromstring(svg).tag.endswith("svg")
    occupied = {key for key, cell in zip(board.game.keys, board.state.cells) if cell}
    assert set(svg_fills(svg)) == occupied and occupied
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert repr(board) == f"<PlayBoard of {board.game.name}: {board.status}>"


def test_the_game_follows_from_the_start_state():
    from course_lib.ataxx import State

    for start, name in [(None, "ATAXX"), (State.start(), "ATAXX"), (Othello(), "Othello"),
                        (Gomoku(), "Gomoku"), (TicTacToe(), "tic-tac-toe"),
                        ("x5o/7/7/7/7/7/o5x x 0 1", "ATAXX")]:
        board = PlayBoard(RandomAgent(seed=1), start=start)
        assert board.game.name == name
    assert len(PlayBoard(RandomAgent(seed=1)).buttons) == 49
    assert len(PlayBoard(RandomAgent(seed=1), game="Tic-Tac-Toe").buttons) == 9


@pytest.mark.parametrize("kwargs", [
    {"game": "chess"}, {"game": 3}, {"game": "othello", "start": "x"},
    {"game": "othello", "start": Gomoku()}, {"game": "othello", "radius": 2},
    {"game": "gomoku", "depth": 3}, {"game": "gomoku", "radius": 20},
    {"game": "tictactoe", "start": "XX"}, {"game": "othello", "human": "white"},
    {"game": "gomoku", "cell_size": 0},
])
def test_bad_arguments_are_refused_in_words(kwargs):
    with pytest.raises(CourseError) as error:
        PlayBoard(RandomAgent(seed=1), **kwargs)
    assert len(str(error.value)) > 20
