"""The board picture (SVG) and the PlayBoard widget, both checked without a browser.

Expected values come from the rules (State.apply on the same moves, the grid itself) and from
square names written out in the tests, never from the drawing or the widget under test.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from course_lib.agents import RandomAgent
from course_lib.ataxx import BLOCKED, EMPTY, FIRST, PASS, SECOND, Move, State
from course_lib.viz import board_svg, show_board
from course_lib.viz.board import BOARD_COLOR, HIGHLIGHT_COLOR, LAST_MOVE_COLOR
from course_lib.viz.widget import PlayBoard

SVG_NS = "{http://www.w3.org/2000/svg}"
GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
# x's only stone, a7, is walled in by o on every square within two steps: x must pass.
X_WALLED_IN = "xoo4/ooo4/ooo4/7/7/7/7 x 0 1"
# The mirror image: o's only stone is walled in by x, and x is to move.
O_WALLED_IN = "oxx4/xxx4/xxx4/7/7/7/7 x 0 1"
# o has no stones: the game is over, x wins.
O_WIPED_OUT = "x6/7/7/7/7/7/7 o 0 1"


def name(x: int, y: int) -> str:
    """The test's own square naming (spec section 2): file a..g is y, rank is 8 - x."""
    return "abcdefg"[y - 1] + str(8 - x)


def squares_holding(state: State, cell: int) -> set[str]:
    return {name(x, y) for x in range(1, 8) for y in range(1, 8) if state.grid[x][y] == cell}


def elements(svg: str, cls: str) -> list[ET.Element]:
    """The elements whose class list contains ``cls``."""
    root = ET.fromstring(svg)
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def marked(svg: str, cls: str) -> set[str]:
    return {e.get("data-square") for e in elements(svg, cls)}


def texts(svg: str, cls: str) -> list[ET.Element]:
    return [e for e in elements(svg, cls) if e.tag == SVG_NS + "text"]


# --- The SVG --------------------------------------------------------------------------------


def test_svg_is_deterministic_and_valid_xml():
    state = State.start().play("b6").play("g7e5")
    again = State.start().play("b6").play("g7e5")          # built anew: same picture
    svg = board_svg(state, highlight=[(3, 3), "d4"])
    assert svg == board_svg(again, highlight=["d4", (3, 3)])
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    assert board_svg(state) != board_svg(State.start())


def test_svg_is_the_same_in_another_process():
    code = ("from course_lib.ataxx import State; from course_lib.viz import board_svg; "
            "import sys; sys.stdout.write(board_svg(State.from_fen('x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1')"
            ".play('a7c6'), highlight=[(7, 2), (6, 1), (5, 1)]))")
    outputs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        outputs.append(subprocess.run([sys.executable, "-c", code], env=env, check=True,
                                      capture_output=True, text=True).stdout)
    here = board_svg(State.from_fen(GAP_FEN).play("a7c6"), highlight=[(7, 2), (6, 1), (5, 1)])
    assert outputs[0] == outputs[1] == here


def test_svg_size_sets_the_width():
    root = ET.fromstring(board_svg(State.start(), size=500))
    assert root.get("width") == "500"
    with pytest.raises(ValueError):
        board_svg(State.start(), size=0)


def _centres(svg: str) -> dict[str, tuple[float, float]]:
    """Centre of each board square's rectangle, by its name."""
    out = {}
    for rect in elements(svg, "ataxx-square"):
        x, y = float(rect.get("x")), float(rect.get("y"))
        w, h = float(rect.get("width")), float(rect.get("height"))
        out[rect.get("data-square")] = (x + w / 2, y + h / 2)
    return out


def test_svg_has_49_squares_in_place():
    svg = board_svg(State.start())
    centres = _centres(svg)
    assert set(centres) == {name(x, y) for x in range(1, 8) for y in range(1, 8)}
    # x grows downwards, y to the right: a7 = (1, 1) is top-left, g1 = (7, 7) bottom-right.
    assert centres["a7"][0] < centres["b7"][0] and centres["a7"][1] < centres["a6"][1]
    assert centres["a7"] < centres["g1"]


def test_svg_coordinate_labels():
    svg = board_svg(State.start())
    centres = _centres(svg)
    cell = centres["b7"][0] - centres["a7"][0]

    def read(cls: str, axis: int) -> list[tuple[str, float]]:
        labels = [(t.text, float(t.get("x" if axis == 0 else "y"))) for t in texts(svg, cls)]
        return sorted(labels, key=lambda item: item[1])

    files, ranks = read("ataxx-file", 0), read("ataxx-rank", 1)
    proto_y, proto_x = read("ataxx-protocol-y", 0), read("ataxx-protocol-x", 1)
    assert [t for t, _ in files] == list("abcdefg")
    assert [t for t, _ in ranks] == list("7654321")
    assert [t for t, _ in proto_y] == list("1234567")
    assert [t for t, _ in proto_x] == list("1234567")
    # Each label lines up with its column or row of squares.
    for (label, pos), y in zip(proto_y, range(1, 8)):
        assert abs(pos - centres[name(1, y)][0]) < cell / 2, label
    for (label, pos), y in zip(files, range(1, 8)):
        assert abs(pos - centres[name(7, y)][0]) < cell / 2, label
    for (label, pos), x in zip(ranks, range(1, 8)):
        assert abs(pos - centres[name(x, 1)][1]) < cell / 2, label
    for (label, pos), x in zip(proto_x, range(1, 8)):
        assert abs(pos - centres[name(x, 7)][1]) < cell / 2, label
    # Standard labels on the left and bottom, protocol labels on the top and right.
    assert float(texts(svg, "ataxx-rank")[0].get("x")) < centres["a7"][0]
    assert float(texts(svg, "ataxx-protocol-x")[0].get("x")) > centres["g7"][0]
    assert float(texts(svg, "ataxx-protocol-y")[0].get("y")) < centres["a7"][1]
    assert float(texts(svg, "ataxx-file")[0].get("y")) > centres["a1"][1]


def test_svg_stones_match_the_grid_and_differ_in_colour():
    state = State.start().play("b6").play("f7").play("c5").play("g7e5")
    svg = board_svg(state)
    assert marked(svg, "ataxx-stone-x") == squares_holding(state, FIRST)
    assert marked(svg, "ataxx-stone-o") == squares_holding(state, SECOND)
    x_fill = {e.get("fill") for e in elements(svg, "ataxx-stone-x")}
    o_fill = {e.get("fill") for e in elements(svg, "ataxx-stone-o")}
    assert len(x_fill) == len(o_fill) == 1 and x_fill != o_fill


def test_svg_draws_blocked_squares():
    state = State.from_fen(GAP_FEN)
    svg = board_svg(state)
    assert marked(svg, "ataxx-blocked") == {"c5", "e5", "c3", "e3"} == squares_holding(state, BLOCKED)
    assert not marked(svg, "ataxx-blocked") & (marked(svg, "ataxx-stone-x") | marked(svg, "ataxx-stone-o"))
    assert marked(board_svg(State.start()), "ataxx-blocked") == set()


def test_svg_marks_a_clone_and_a_jump_differently():
    clone = board_svg(State.start().play("b6"))                # from a7, which keeps its stone
    jump = board_svg(State.start().play("a7c5"))               # a7 is left empty
    assert marked(clone, "ataxx-last-to") == {"b6"}
    assert marked(clone, "ataxx-last-from") == {"a7"}
    assert marked(jump, "ataxx-last-to") == {"c5"}
    assert marked(jump, "ataxx-last-from") == {"a7"}
    assert elements(clone, "ataxx-clone") and not elements(clone, "ataxx-jump")
    assert elements(jump, "ataxx-jump") and not elements(jump, "ataxx-clone")
    assert "a7" not in marked(jump, "ataxx-stone-x")
    # A clone's source gets its canonical name: a6 cloned by a7 or b7, drawn from a7.
    canonical = board_svg(State.from_fen("xx4o/7/7/7/7/7/o5x x 0 1").play("1 2 2 1"))
    assert marked(canonical, "ataxx-last-from") == {"a7"}


def test_svg_last_move_options_and_pass():
    state = State.start().play("b6")
    assert not elements(board_svg(state, last_move=False), "ataxx-last-to")
    explicit = board_svg(state, last_move=Move(7, 7, 5, 5))
    assert marked(explicit, "ataxx-last-to") == {"e3"} and marked(explicit, "ataxx-last-from") == {"g1"}
    walled = State.from_fen(X_WALLED_IN)
    assert walled.legal_moves() == [PASS]
    passed = board_svg(walled.apply(PASS))
    assert not elements(passed, "ataxx-last-to") and not elements(passed, "ataxx-last-from")
    notes = " ".join(t.text for t in texts(passed, "ataxx-note"))
    assert "x passed" in notes
    assert not elements(board_svg(State.start()), "ataxx-last-to")


def test_svg_highlights_and_selection():
    svg = board_svg(State.start(), highlight=[(3, 3), "d4", (3, 3)], selected="a7")
    assert marked(svg, "ataxx-highlight") == {"c5", "d4"}
    assert marked(svg, "ataxx-selected") == {"a7"}
    assert not elements(board_svg(State.start()), "ataxx-highlight")
    for bad in [(0, 1), (8, 8), "z9", 5, (1, 2, 3)]:
        with pytest.raises(ValueError):
            board_svg(State.start(), highlight=[bad])


def test_svg_caption_counts_turn_and_result():
    state = State.start().play("b6")
    caption = " ".join(t.text for t in ET.fromstring(board_svg(state)).iter(SVG_NS + "text"))
    assert "x 3" in caption and "o 2" in caption and "o to move" in caption and "turn 2" in caption
    assert "b6" in caption
    over = State.from_fen(O_WIPED_OUT)
    assert over.is_over()
    caption = " ".join(t.text for t in ET.fromstring(board_svg(over)).iter(SVG_NS + "text"))
    assert "x wins" in caption and "no stones" in caption and "to move" not in caption
    assert not texts(board_svg(over, caption=False), "ataxx-status")


def test_state_repr_svg_and_show_board():
    state = State.from_fen(GAP_FEN).play("b6")
    assert state._repr_svg_() == board_svg(state)
    picture = show_board(state, highlight=["a5"], size=200)
    assert picture._repr_svg_() == board_svg(state, highlight=["a5"], size=200)
    assert marked(picture._repr_svg_(), "ataxx-highlight") == {"a5"}
    assert show_board(GAP_FEN)._repr_svg_() == board_svg(State.from_fen(GAP_FEN))


def test_imports_stay_light():
    code = ("import sys; import course_lib.ataxx, course_lib.viz; "
            "from course_lib.ataxx import State; State.start()._repr_svg_(); "
            "heavy = [m for m in ('matplotlib', 'ipywidgets', 'numba') if m in sys.modules]; "
            "assert not heavy, heavy; "
            "from course_lib.viz import PlayBoard; assert 'ipywidgets' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


# --- The widget -----------------------------------------------------------------------------


def friendly_neighbours(state: State, x: int, y: int) -> list[tuple[int, int]]:
    return sorted((nx, ny) for nx in range(x - 1, x + 2) for ny in range(y - 1, y + 2)
                  if 1 <= nx <= 7 and 1 <= ny <= 7 and (nx, ny) != (x, y)
                  and state.grid[nx][ny] == state.to_move)


def within_two(state: State, x: int, y: int) -> set[tuple[int, int]]:
    """The test's own list of a stone's destinations: empty squares 1 or 2 steps away."""
    return {(tx, ty) for tx in range(1, 8) for ty in range(1, 8)
            if state.grid[tx][ty] == EMPTY and max(abs(tx - x), abs(ty - y)) in (1, 2)}


def replay(start: State, moves: list[Move]) -> State:
    state = start
    for move in moves:
        assert move in state.legal_moves(), (move, state)
        state = state.apply(move)
    return state


@pytest.mark.parametrize("agent_seed, human_seed", [(11, 5), (3, 8)])
def test_full_game_by_clicking_the_buttons(agent_seed, human_seed):
    board = PlayBoard(RandomAgent(seed=agent_seed), human="first")
    chooser = RandomAgent(seed=human_seed)
    chosen = []
    for _ in range(400):
        if board.state.is_over():
            break
        # Passes happen by themselves: whenever the human is asked, there is a real choice.
        assert board.state.to_move == FIRST and board.state.has_move()
        move = chooser.choose_move(board.state)
        source = move.source
        if move.is_clone:       # click the last friendly neighbour, not the canonical source
            source = friendly_neighbours(board.state, *move.destination)[-1]
        board.buttons[source].click()
        assert board.selected == source
        assert set(board.destinations) == within_two(board.state, *source)
        board.buttons[move.destination].click()
        assert board.selected is None
        chosen.append(move)
    assert board.state.is_over()

    # The same game, replayed on State: the agent was asked once per turn of its own.
    shadow = RandomAgent(seed=agent_seed)
    state, human_moves = State.start(), []
    for move in board.history:
        if state.to_move == SECOND:
            assert move == shadow.choose_move(state)
        elif move.is_pass:
            assert state.legal_moves() == [PASS]
        else:
            human_moves.append(move)
        state = state.apply(move)
    assert human_moves == chosen
    assert state == board.state and state.fen() == board.state.fen()

    # Game over shows the result and why.
    x, o = state.stones(FIRST), state.stones(SECOND)
    result = "x wins" if x > o else "o wins" if o > x else "draw"
    verdict = "You win!" if x > o else "draw" if x == o else "wins."
    assert result in board.status and verdict in board.status
    assert state.outcome_reason() in board.status
    before = board.state
    board.click(4, 4)
    assert board.state is before and "over" in board.message


def test_click_method_is_what_the_button_does():
    by_method, by_button = PlayBoard(RandomAgent(seed=2)), PlayBoard(RandomAgent(seed=2))
    for square in [(1, 1), (3, 3), (7, 7), (6, 6)]:
        by_method.click(*square)
        by_button.buttons[square].click()
        assert by_method.state == by_button.state
        assert by_method.selected == by_button.selected
        assert by_method.message == by_button.message
    assert by_method.history == by_button.history and len(by_method.history) == 4


def test_clone_from_a_non_canonical_source_is_played_canonically():
    start = State.from_fen("xx4o/7/7/7/7/7/o5x x 0 1")
    board = PlayBoard(start=start, human="both")
    board.click(1, 2)           # b7, the larger of the two friendly neighbours of a6
    board.click(2, 1)           # a6
    assert board.history == [Move(1, 1, 2, 1)]
    assert board.state == start.apply(Move(1, 1, 2, 1))


def test_a_click_may_name_the_square():
    by_name, by_pair = PlayBoard(RandomAgent(seed=2)), PlayBoard(RandomAgent(seed=2))
    for name, pair in [("a7", (1, 1)), ("b6", (2, 2))]:
        by_name.click(name)
        by_pair.click(*pair)
        assert by_name.message == by_pair.message and by_name.state == by_pair.state
    assert by_name.history[0] == Move(1, 1, 2, 2)
    by_name.click("h9")
    assert "not a square" in by_name.message and by_name.selected is None


def test_selection_reselect_and_deselect():
    board = PlayBoard(RandomAgent(seed=1))
    board.click(1, 1)
    assert board.selected == (1, 1)
    assert set(board.destinations) == within_two(board.state, 1, 1)
    board.click(7, 7)                                 # another own stone: picked up instead
    assert board.selected == (7, 7)
    assert set(board.destinations) == within_two(board.state, 7, 7)
    board.click(7, 7)                                 # the same stone again: dropped
    assert board.selected is None and board.destinations == ()
    assert board.history == [] and board.state == State.start()


def test_buttons_show_stones_selection_and_last_move():
    board = PlayBoard(RandomAgent(seed=1))
    svg = board_svg(board.state)
    fill = {e.get("data-square"): e.get("fill")
            for cls in ("ataxx-stone-x", "ataxx-stone-o") for e in elements(svg, cls)}
    assert board.buttons[1, 1].style.text_color == fill["a7"]      # x: as in the SVG
    assert board.buttons[1, 7].style.text_color == fill["g7"]      # o: as in the SVG
    assert fill["a7"] != fill["g7"]
    assert board.buttons[1, 1].description == "\u25cf"
    # An empty square's text is blank but not "": JupyterLab's button view keeps its old
    # text when the new description is "", so a stone that left would stay drawn.
    assert board.buttons[4, 4].description.strip() == "" != board.buttons[4, 4].description
    board.click(1, 1)
    targets = within_two(board.state, 1, 1)
    for square, button in board.buttons.items():
        expected = HIGHLIGHT_COLOR if square in targets or square == (1, 1) else BOARD_COLOR
        assert button.style.button_color == expected, square
    board.click(2, 2)
    reply = board.history[-1]
    assert LAST_MOVE_COLOR in board.buttons[reply.destination].layout.border_top
    assert all(b.style.button_color == BOARD_COLOR for b in board.buttons.values())


@pytest.mark.parametrize("clicks", [
    [(4, 4)],                   # an empty square with nothing picked up
    [(1, 7)],                   # an o stone
    [(1, 1), (4, 4)],           # three steps away
    [(1, 1), (1, 7)],           # onto an o stone
    [(1, 1), (7, 1)],           # far away, onto an o stone
    [(0, 3)], [(8, 1)], [("a", 1)], [(1.0, 1)], [(None, None)], [(True, 1)],
])
def test_illegal_clicks_change_nothing_and_say_why(clicks):
    board = PlayBoard(RandomAgent(seed=1))
    start_fen = board.state.fen()
    for square in clicks:
        board.message = ""
        board.click(*square)
    assert board.message
    assert board.state.fen() == start_fen and board.history == []
    assert board.selected is None


def test_blocked_squares_cannot_be_entered():
    board = PlayBoard(RandomAgent(seed=1), start=GAP_FEN)
    assert board.state.fen() == GAP_FEN
    board.click(3, 3)                                 # c5 is blocked
    assert board.message and board.selected is None
    board.click(1, 1)
    assert (3, 3) not in board.destinations
    assert set(board.destinations) == within_two(board.state, 1, 1)
    board.message = ""
    board.click(3, 3)
    assert board.message and board.history == [] and board.state.fen() == GAP_FEN


def test_human_forced_pass_happens_by_itself():
    start = State.from_fen(X_WALLED_IN)
    assert start.legal_moves() == [PASS]

    def first_move(state):
        return state.legal_moves()[0]

    after_pass = start.apply(PASS)
    reply = after_pass.legal_moves()[0]
    expected = after_pass.apply(reply)
    assert expected.to_move == FIRST and expected.has_move()        # the fixture works
    board = PlayBoard(first_move, start=start)
    assert board.history == [PASS, reply]
    assert board.state == expected
    assert "pass" in board.message
    board.undo()                       # a forced pass is not a move to take back
    assert board.history == [PASS, reply] and "Nothing" in board.message


def test_agent_forced_pass_happens_by_itself():
    start = State.from_fen(O_WALLED_IN)
    board = PlayBoard(RandomAgent(seed=4), start=start)
    board.click(3, 3)
    board.click(4, 4)
    expected = start.apply(Move(3, 3, 4, 4)).apply(PASS)
    assert board.history == [Move(3, 3, 4, 4), PASS]
    assert board.state == expected and board.state.to_move == FIRST


def test_human_walled_in_for_good_plays_to_the_end():
    # x's stone on a7 has only blocked squares within two steps: it passes every turn.
    fen = "x--3o/---4/---4/7/7/7/o6 x 0 1"
    board = PlayBoard(RandomAgent(seed=9), start=fen)
    assert board.state.is_over()
    assert all(m == PASS for m in board.history[::2]) and len(board.history) > 2
    assert PASS not in board.history[1::2]
    assert board.state == replay(State.from_fen(fen), board.history)
    assert "Game over" in board.status


def test_agent_moves_first_when_the_human_plays_second():
    board = PlayBoard(RandomAgent(seed=3), human="second")
    expected = RandomAgent(seed=3).choose_move(State.start())
    assert board.history == [expected]
    assert board.state == State.start().apply(expected) and board.state.to_move == SECOND
    board.click(1, 7)                                 # the human's o stone
    assert board.selected == (1, 7)
    board.click(1, 1)                                 # an x stone is not a destination
    assert board.selected is None and len(board.history) == 1


def test_start_position_as_state_or_fen():
    by_fen = PlayBoard(RandomAgent(seed=1), start=GAP_FEN)
    by_state = PlayBoard(RandomAgent(seed=1), start=State.from_fen(GAP_FEN))
    assert by_fen.state == by_state.state == State.from_fen(GAP_FEN)
    with pytest.raises(ValueError):
        PlayBoard(human="white")


def test_new_game_starts_again():
    board = PlayBoard(RandomAgent(seed=6), human="second")
    board.click(1, 7)
    board.click(2, 6)
    assert len(board.history) >= 3
    board.new_game_button.click()
    assert len(board.history) == 1 and board.selected is None
    assert board.state == State.start().apply(board.history[0])
    assert board.state.to_move == SECOND


def test_undo_takes_back_the_move_and_the_reply():
    board = PlayBoard(RandomAgent(seed=4))
    board.click(1, 1)
    board.click(2, 2)
    first_two = list(board.history)
    middle = board.state
    board.click(7, 7)
    board.click(6, 6)
    assert len(board.history) == 4
    board.undo_button.click()
    assert board.history == first_two and board.state == middle
    assert board.state == replay(State.start(), first_two)
    board.undo()
    assert board.history == [] and board.state == State.start()
    board.undo()
    assert board.history == [] and "Nothing" in board.message


def test_two_humans_and_a_function_agent():
    def never(state):
        raise AssertionError("no agent plays when the human plays both sides")

    board = PlayBoard(never, human="both")
    board.click(1, 1); board.click(2, 2)      # x
    board.click(1, 7); board.click(2, 6)      # o
    assert board.history == [Move(1, 1, 2, 2), Move(1, 7, 2, 6)]
    assert board.state == State.start().apply(Move(1, 1, 2, 2)).apply(Move(1, 7, 2, 6))
    board.undo()                              # with two humans, undo takes back one move
    assert board.history == [Move(1, 1, 2, 2)]


def test_a_broken_agent_never_breaks_the_board():
    def crash(state):
        raise RuntimeError("boom")

    board = PlayBoard(crash, human="second")          # the agent should move at once
    assert board.history == [] and board.state == State.start()
    assert "boom" in board.message
    board.message = ""
    board.click(1, 7)
    assert "not your turn" in board.message and board.history == []

    illegal = PlayBoard(lambda state: Move(4, 4, 5, 5))
    illegal.click(1, 1)
    illegal.click(2, 2)
    assert illegal.history == [Move(1, 1, 2, 2)]      # the human's move stands
    assert illegal.state == State.start().apply(Move(1, 1, 2, 2))
    assert "failed" in illegal.message
    illegal.undo()
    assert illegal.history == [] and illegal.state == State.start()


def test_game_over_position_shows_the_result_and_refuses_clicks():
    board = PlayBoard(RandomAgent(seed=1), start=O_WIPED_OUT)
    assert "x wins" in board.status and "no stones" in board.status and "You win" in board.status
    board.click(1, 1)
    assert "over" in board.message and board.history == [] and board.selected is None


def test_play_method_takes_text_moves():
    board = PlayBoard(RandomAgent(seed=1))
    board.play("b6")
    assert board.history[0] == Move(1, 1, 2, 2) and len(board.history) == 2
    before = board.state
    board.play("a1a2")                                 # an o stone: not x's move
    assert board.state is before and board.message.startswith("Not played")
    board.play("zz")
    assert board.state is before and board.message


def glyphs(board: PlayBoard) -> dict:
    return {square: button.description for square, button in board.buttons.items()}


def expected_glyphs(state: State) -> dict:
    """The test's own rule: a stone is a filled circle, a blocked square a cross, an empty
    square a no-break space (never "")."""
    text = {EMPTY: "\u00a0", FIRST: "\u25cf", SECOND: "\u25cf", BLOCKED: "\u2715"}
    return {(x, y): text[state.grid[x][y]] for x in range(1, 8) for y in range(1, 8)}


def test_squares_a_stone_left_are_redrawn_empty():
    """After a jump, Undo and New game every button's text is its square's, and no button's
    text is "" (which the browser would not draw, leaving the old stone)."""
    board = PlayBoard(RandomAgent(seed=1), start=GAP_FEN)
    assert glyphs(board) == expected_glyphs(board.state)
    board.play("a7c6")                                 # a jump: a7 is left empty
    assert board.state.grid[1][1] == EMPTY
    assert glyphs(board) == expected_glyphs(board.state)
    jump = next(m for m in board.state.legal_moves() if not m.is_pass and not m.is_clone)
    board.play(jump)
    assert board.history[-2] == jump and board.state.grid[jump.source[0]][jump.source[1]] != FIRST
    board.undo()
    assert glyphs(board) == expected_glyphs(board.state)
    board.new_game()
    assert glyphs(board) == expected_glyphs(State.from_fen(GAP_FEN))
    for button in board.buttons.values():
        assert button.description != ""


def test_widget_displays_itself():
    board = PlayBoard(RandomAgent(seed=1))
    bundle = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == board.model_id



def test_widget_says_what_it_is_where_it_cannot_be_drawn():
    """Before its cell runs, a notebook shows the stored text or HTML: a sentence and a picture
    of the position, not the widget's raw repr."""
    import base64
    import re

    board = PlayBoard(RandomAgent(seed=1))
    board.play("b6")
    bundle = board._repr_mimebundle_()
    plain = bundle["text/plain"]
    assert plain.startswith("A board to play ATAXX on appears here when this cell runs")
    assert "children=" not in plain and "\n" not in plain
    assert f"x {board.state.stones(FIRST)} \u2013 o {board.state.stones(SECOND)}" in plain
    data = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)"', bundle["text/html"])
    assert base64.b64decode(data.group(1)).decode() == board_svg(board.state)
    assert "<svg" not in bundle["text/html"]              # an inline SVG would be dropped
    assert repr(board) == f"<PlayBoard: {board.status}>"


# --- The search stepper: its line and its picture, one widget -------------------------------


def test_stepper_line_and_picture_change_together():
    """Every value the stepper's widget takes holds the line of one event and that event's
    picture: the text never runs ahead of the picture."""
    import base64
    import re

    from course_lib.agents.search import search
    from course_lib.games import TEXTBOOK_TREE, GameTree
    from course_lib.viz import SearchStepper

    result = search(GameTree(TEXTBOOK_TREE), "alphabeta", depth=3, record=True)
    stepper = SearchStepper(result, labels="name")
    pictures = {i: stepper.svg(i) for i in (0, 1, 2, 5, 12)}   # drawn one by one, here
    assert len(set(pictures.values())) == len(pictures)
    seen = []
    stepper.picture.observe(lambda change: seen.append(change["new"]), names="value")
    stepper.next(); stepper.next(); stepper.step(5); stepper.slider.value = 12
    stepper.reset()
    assert len(seen) == 5
    for value, index in zip(seen, (1, 2, 5, 12, 0)):
        view = ET.fromstring(value)
        line = "".join(next(e for e in view.iter("div")
                            if e.get("class") == "course-stepper-text").itertext())
        assert line == stepper.line(index)
        assert line.startswith(f"Event {index} / {len(result.events) - 1}: ")
        [svg] = [e for e in view if e.tag.endswith("svg")]
        assert svg.get("style") == "max-width:100%;height:auto"      # fits the notebook
        svg.attrib.pop("style")
        svg.tail = None
        assert ET.tostring(svg) == ET.tostring(ET.fromstring(pictures[index]))
    assert stepper.text is stepper.picture
    bundle = stepper._repr_mimebundle_()
    assert bundle["text/plain"].startswith(
        f"A stepper through this search's {len(result.events)} events appears here")
    assert stepper.line(0) in bundle["text/plain"]
    data = re.search(r'data:image/svg\+xml;base64,([^"]+)"', bundle["text/html"]).group(1)
    assert base64.b64decode(data).decode() == pictures[0]
    with pytest.raises(ValueError, match="no event"):
        stepper.svg(len(result.events))
