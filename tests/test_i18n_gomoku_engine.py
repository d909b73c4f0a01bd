"""The words of notebooks 10 and 11 in Korean: the Gomoku board widget, the paired SPRT's
reading, the players' and tests' names, the figure legend and the exercises' hints and
feedback; English unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import polib

from course_lib.exercises import _EXERCISES, registered
from course_lib.i18n import _, language
from course_lib.lessons import nb10
from course_lib.strength import Sprt
from course_lib.viz import PlayBoard

HANGUL = re.compile("[\uac00-\ud7a3]")
KO_PO = Path(__file__).resolve().parents[1] / "course_lib" / "locale" / "ko" / "LC_MESSAGES" \
    / "course_lib.po"


def _board() -> PlayBoard:
    return PlayBoard(None, game="gomoku", size=19, rule="omok", radius=2,
                     start=nb10.DOUBLE_THREE)


def test_english_gomoku_board_words_are_unchanged():
    board = _board()
    assert board.status == "x (you) to move \u00b7 move 9"
    board.click("j10")
    assert board.message == ("Not played: j10 makes two open threes at once (a double three), "
                             "which omok forbids")
    board.click("s19")
    assert board.message == ("Not played: s19 is more than 2 points from every stone; this "
                             "restricted game (radius=2) plays only near the stones")
    assert board.game.tooltip("j10") == "j10  (column j, row 10)"


def test_korean_gomoku_board_refuses_and_counts_in_korean():
    with language("ko"):
        board = _board()
        assert board.status == "x (나) 차례 \u00b7 9수째"
        board.click("j10")
        assert board.message == ("두지 못했습니다: j10: 열린 삼을 한꺼번에 둘 만듭니다(삼삼). "
                                 "오목 규칙은 이를 금지합니다")
        board.click("j8")
        assert board.message == "두지 못했습니다: j8: 이미 돌이 있습니다. 돌은 빈 점에 놓습니다"
        board.click("s19")
        assert board.message.startswith("두지 못했습니다: s19: 모든 돌에서 2점보다 멀리 있습니다.")
        assert board.game.tooltip("j10") == "j10  (j열, 10행)"
        sentence = board._repr_mimebundle_()["text/plain"]
    assert "점을 클릭하면 그곳에 착수합니다" in sentence
    # The same board speaks English again afterwards: its words are chosen when shown.
    assert board.status == "x (you) to move \u00b7 move 9"


def test_a_five_ends_the_game_in_either_language():
    start = nb10.position("j10 k10 l10 m10", "a1 a3 a5 a7")
    board = PlayBoard(None, game="gomoku", size=19, rule="omok", start=start)
    board.click("n10")
    assert board.status.startswith("Game over (black (x) has five in a row): x wins")
    with language("ko"):
        assert board.status.startswith("게임 끝 (흑 (x)의 오목): ")


def test_the_paired_sprt_reading_speaks_korean_with_the_same_figures():
    test = Sprt.from_totals(pairs=[7, 0, 54, 0, 33], **{k: v for k, v in
                                                        nb10.SPRT_SETTINGS.items() if k != "kind"})
    english = nb10.sprt_reading(test, 200)
    with language("ko"):
        korean = nb10.sprt_reading(test, 200)
    assert english.startswith("accept H1 after 94 pairs")
    assert korean.startswith("94쌍 뒤 H1을 채택") and "로지스틱 Elo" in korean
    figures = re.compile(r"[+-]\d+\.\d")
    assert figures.findall(korean) == figures.findall(english)
    short = Sprt(**nb10.SPRT_SETTINGS)
    short.feed([1.0, 1.0])
    with language("ko"):
        undecided, running = nb10.sprt_reading(short, 2), nb10.sprt_reading(short, 10)
    assert undecided.startswith("미결정: 검정이 결정 없이 상한인 2쌍에 이르렀습니다.\n")
    assert running.startswith("2쌍 뒤에도 진행 중: 아직 결정이 없습니다.\n")
    assert undecided.endswith("(검정이 경계에서 멈추지 않았습니다).")


def test_players_tests_and_legends_are_named_in_korean():
    player = nb10.FastPlayer(max_nodes=20_000, table_bits=16)
    assert player.name == "alpha-beta radius 1, 20,000 nodes, deepening, root reordered, table"
    with language("ko"):
        assert player.name == "알파베타 반경 1, 노드 20,000개, 반복 심화, 루트 재정렬, 전치표"
        labels = [nb10.TEST_LABELS[name] for name in nb10.TEST_LABELS]
        state = nb10.middle_game()
        ax = nb10.draw_runs(state)
        legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert all(HANGUL.search(label) for label in labels)
    assert legend[0] == f"마지막 수, {state.last_move}" and "f6 열린 이" in legend
    assert nb10.TEST_LABELS["radius 2 against radius 1, depth 3"].startswith("radius 2 against")


def test_every_hint_of_notebooks_10_and_11_is_translated():
    catalog = polib.pofile(str(KO_PO))
    names = registered("10") + registered("11")
    assert len(names) == 5
    for name in names:
        for hint in _EXERCISES[name].hints:
            entry = catalog.find(hint)
            assert entry is not None and entry.msgstr and "fuzzy" not in entry.flags, hint
            with language("ko"):
                assert _(hint) == entry.msgstr and HANGUL.search(_(hint)), name


def test_the_exercises_feedback_of_notebook_10_speaks_korean():
    from course_lib.exercises import verdict

    def none_found(state, player):
        return 0

    english = verdict("10-open-threes", none_found)
    with language("ko"):
        korean = verdict("10-open-threes", none_found)
        not_a_function = verdict("10-open-threes", 3)
        radius_one = verdict("10-candidates", (8, 3))
        hint = _(_EXERCISES["10-candidates"].hints[0])
    assert "your count differs on" in english and "for player 2 (o)" in english
    words = korean.split(": ", 2)[2]                   # after "10-open-threes: 틀렸습니다"
    assert "your count differs" not in words and "for player" not in words
    assert HANGUL.search(words.split("THREE_TEXTS")[0])
    assert sorted(re.findall(r"\d+", korean)) == sorted(re.findall(r"\d+", english))
    assert HANGUL.search(not_a_function) and "the function itself" not in not_a_function
    assert "(8, 3)" in radius_one and "the count within radius 1" not in radius_one
    assert "반경 1" in hint
    assert hint in radius_one and HANGUL.search(hint)
