"""The words notebooks 08 and 09 print from the library, in Korean in the Korean edition: every
hint of their exercises, the entry test of 08's exercise 5 and its check, the Elo table's
figure, the evaluation test's reading against the research map, and the Othello board; in
English they are unchanged."""

from __future__ import annotations

import re

import pytest

from course_lib.agents import make_agent
from course_lib.exercises import _EXERCISES, registered, verdict
from course_lib.i18n import _, language
from test_i18n_lessons_05_07 import _drawn_without_boxes, _korean

HANGUL = re.compile("[\uac00-\ud7a3]")


@pytest.mark.parametrize("notebook, exercises", [("08", 5), ("09", 3)])
def test_every_hint_of_notebooks_08_and_09_is_translated(notebook, exercises):
    names = registered(notebook)
    assert len(names) == exercises
    for name in names:
        for hint in _EXERCISES[name].hints:
            with language("ko"):
                korean = _(hint)
            assert korean == _korean(hint) and HANGUL.search(korean), (name, hint)


class FirstMove:
    name = "first-move"

    def choose_move(self, state):
        return state.legal_moves()[0]


def test_the_entry_test_and_its_check_speak_korean(capsys):
    from course_lib.lessons.nb08 import entry_test

    with language("ko"):
        entry = entry_test(FirstMove, pairs=1)
        printed = capsys.readouterr().out
        refusal = verdict("08-tournament-entry", entry)
    assert printed == ("first-move vs greedy: +0 =0 -2 (score 0.0%); 통과하지 못함: 점수의 "
                       "절반보다 많이 얻어야 합니다\n")
    assert refusal.startswith("08-tournament-entry: 틀렸습니다: 이 참가 시험은 greedy와(과) 2판을")
    assert str(entry).endswith("does not pass: more than half the points are needed")
    assert "this entry test played 2 games against greedy" in verdict("08-tournament-entry",
                                                                      entry)


def test_the_research_map_is_named_in_korean_in_the_evaluation_test():
    from course_lib.lessons.nb02 import accepted_h0, reading, time_words

    test = accepted_h0("the research map")
    english = reading(test) + time_words(test)
    with language("ko"):
        korean = reading(test) + time_words(test)
    assert "the research map" in english and "연구 기반 맵" not in english
    assert "연구 기반 맵" in korean and "the research map" not in korean


def test_korean_elo_table_plot_has_korean_labels_and_no_box():
    from course_lib.strength import round_robin_elo
    from course_lib.viz import plot_elo_table

    table = round_robin_elo({("A", "B"): (5, 1, 2), ("A", "C"): (3, 0, 5),
                             ("B", "C"): (4, 0, 4)})
    _drawn_without_boxes(lambda: plot_elo_table(table))
    with language("ko"):
        ax = plot_elo_table(table)
    assert (ax.get_xlabel(), ax.get_title()) == (
        _korean("logistic Elo (average 0), {percent}% interval").format(percent="95"),
        _korean("Round robin ratings"))
    ax = plot_elo_table(table)
    assert (ax.get_xlabel(), ax.get_title()) == ("logistic Elo (average 0), 95% interval",
                                                 "Round robin ratings")


WIPED_OUT = "......../" * 3 + "...xx.../...xo.../" + "......../" * 2 + "........ x"
"""Black to move; f5 turns white's only disc: no white disc is left."""


def test_the_othello_board_speaks_korean_and_english_again_after():
    from course_lib.viz import PlayBoard

    agent = make_agent("random:seed=1")
    with language("ko"):
        board = PlayBoard(agent, game="othello")
        sentence = board._repr_mimebundle_()["text/plain"]
        assert sentence.startswith("이 셀을 실행하면 오셀로을(를) 둘 수 있는 보드가")
        assert _korean("click a highlighted square to place a disc there") in sentence
        assert _korean("black (x)") in board.message
        assert board.status == "x (나) 차례 \u00b7 1수째 \u00b7 x 2 \u2013 o 2"
        assert board.game.tooltip("d3") == "d3  (d열, 3행)"
        over = PlayBoard(agent, game="othello", start=WIPED_OUT)
        over.play("f5")
        assert over.status.startswith(f"게임 끝 ({_korean('a player has no discs left')}): x 승")
    assert board.status == "x (you) to move \u00b7 move 1 \u00b7 x 2 \u2013 o 2"
    assert board.game.tooltip("d3") == "d3  (column d, row 3)"
    assert "black (x)" in PlayBoard(agent, game="othello").message
    assert over.status.startswith("Game over (a player has no discs left): x wins")


def test_othello_pictures_have_korean_captions_in_korean():
    from course_lib.games import Othello

    state = Othello().play("d3")
    over = Othello.from_text(WIPED_OUT).play("f5")
    english = state.svg() + over.svg()
    with language("ko"):
        korean = state.svg() + over.svg()
    assert "o to move, x 4 - o 1 (last move d3)" in english
    assert "game over (a player has no discs left): black (x) wins, x 5 - o 0" in english
    assert str(state).splitlines()[-1] == "o to move, x 4 - o 1"
    assert "o 차례, x 4 - o 1 (마지막 수 d3)" in korean
    assert "게임 끝 (한쪽의 돌이 모두 없어졌습니다): 흑 (x) 승, x 5 - o 0" in korean
