"""The Korean notebook 01's PlayBoard in JupyterLab: its status line, messages and buttons
are in Korean, and it plays.

The words expected are the library's own, computed here under ``language("ko")`` (a
PlayBoard built here, or the status line of the position replayed here); the position is
the kernel's board replayed with course_lib.ataxx, as in test_01_playboard.py.
"""

from __future__ import annotations

import re

import pytest

from course_lib.agents import RandomAgent
from course_lib.ataxx import FIRST, State, square_name
from course_lib.i18n import _, language
from course_lib.viz import PlayBoard
from course_lib.viz.board import describe_move

NOTEBOOK = "ko/01_rules_and_moves.ipynb"
CELL = "board = PlayBoard(RandomAgent(seed=1))"
HANGUL = re.compile("[\uac00-\ud7a3]")


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    return lab.open(NOTEBOOK)


@pytest.fixture(scope="module")
def board(notebook, helpers):
    notebook.run_all()
    return helpers.BoardPage(notebook, notebook.cell_index(CELL), language="ko")


def _korean(message: str) -> str:
    with language("ko"):
        return _(message)


def test_before_it_runs_the_cell_shows_the_korean_sentence(notebook):
    with language("ko"):
        sentence = PlayBoard(RandomAgent(seed=1))._repr_mimebundle_()["text/plain"]
    assert HANGUL.search(sentence)
    notebook.assert_static_view(notebook.cell_index(CELL), sentence, whole=True)


def _buttons(board) -> list[str]:
    return board.notebook.js("""
        return Array.from(panel.content.widgets[arguments[0]].node.querySelectorAll(
            '.jp-OutputArea .ataxx-playboard button:not(.ataxx-cell)')).map(
            b => b.innerText.trim());""", board.index)


def test_status_line_message_and_buttons_are_korean(board):
    state, moves, _selected = board.library()
    assert len(moves) >= 6                                 # the notebook's moves
    board.assert_shows(state)
    assert sorted(_buttons(board)) == sorted([_korean("New game"), _korean("Undo")])
    assert set(_buttons(board)).isdisjoint({"New game", "Undo"})
    drawn = board.drawn()
    kernel_status = board.notebook.kernel(f"print({board.name}.status)").strip()
    assert drawn["status"] == kernel_status
    mover = "x" if state.to_move == FIRST else "o"
    assert drawn["status"].startswith(_korean("{side} to move").format(
        side=f"{mover} ({_korean('you')})"))
    assert "to move" not in drawn["status"] and HANGUL.search(drawn["message"])


def test_clicks_play_and_the_messages_say_so_in_korean(board, notebook):
    state, before, _selected = board.library()
    clone = next(m for m in state.legal_moves() if m.is_clone)
    source = square_name(*clone.source)
    board.square(source).click()
    board.assert_shows(state, selected=clone.source)
    with language("ko"):
        picked = _("Stone on {square} picked up: click a highlighted square (one step clones "
                   "it, two steps jumps).").format(square=source)
    assert board.drawn()["message"] == picked
    board.square(square_name(*clone.destination)).click()
    notebook.wait_idle()
    after, moves, selected = board.library()
    assert moves[:len(before) + 1] == [*before, clone] and selected is None
    board.assert_shows(after)
    with language("ko"):
        played = _("You played {move}.").format(move=describe_move(clone))
    assert board.drawn()["message"].startswith(played)


def test_undo_and_new_game_in_korean(board, notebook):
    state, before, _selected = board.library()
    positions = [State.start()]
    for move in before:
        positions.append(positions[-1].apply(move))
    last = max(i for i, move in enumerate(before)
               if positions[i].to_move == FIRST and not move.is_pass)
    board.button(_korean("Undo")).click()
    notebook.wait_idle()
    after, moves, _selected = board.library()
    assert moves == before[:last] and after == positions[last]
    board.assert_shows(after)
    with language("ko"):
        took_back = _("Took back {moves}. {side} to move.").format(
            moves=", ".join(move.uai() for move in before[last:]), side=f"x ({_('you')})")
    assert board.drawn()["message"] == took_back
    board.button(_korean("New game")).click()
    notebook.wait_idle()
    state, moves, selected = board.library()
    assert moves == [] and state == State.start() and selected is None
    board.assert_shows(State.start())
