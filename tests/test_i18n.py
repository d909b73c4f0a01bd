"""The words a student reads, in the language the course speaks: English by default and
unchanged, Korean after ``use_language("ko")``, English for any message not translated yet;
the library's catalog has an entry for every marked string, and its compiled form is the
.po compiled and shipped with the package."""

from __future__ import annotations

import fnmatch
import re
import shutil
import sys
import tomllib
from pathlib import Path

import polib
import pytest

from course_lib.agents import RandomAgent
from course_lib.ataxx import State
from course_lib.errors import InvalidArgumentError
from course_lib.exercises import _EXERCISES, registered, verdict
from course_lib.i18n import _, current_language, language, use_language
from course_lib.viz import PlayBoard
from course_lib.viz.board import OUTCOME_REASONS, board_svg

ROOT = Path(__file__).resolve().parents[1]
HANGUL = re.compile("[\uac00-\ud7a3]")
KO_PO = ROOT / "course_lib" / "locale" / "ko" / "LC_MESSAGES" / "course_lib.po"


sys.path.insert(0, str(ROOT / "tools"))
import translate  # noqa: E402 - tools/translate.py


def _korean(message: str) -> str:
    """The Korean the catalog (the .po file, read here with polib) gives ``message``."""
    entry = polib.pofile(str(KO_PO)).find(message)
    assert entry is not None and entry.msgstr, message
    return entry.msgstr


# --- Choosing the language ---------------------------------------------------------------------

def test_english_is_the_default_and_a_with_block_restores_the_language():
    assert current_language() == "en"
    with language("ko"):
        assert current_language() == "ko"
        with language("en"):
            assert current_language() == "en"
        assert current_language() == "ko"
    assert current_language() == "en"


@pytest.mark.parametrize("name", ["fr", "KO", "", None, 1])
def test_an_unknown_language_is_refused_with_the_known_ones(name):
    with pytest.raises(InvalidArgumentError, match="'en' \\(English\\) or 'ko' \\(Korean\\)"):
        use_language(name)
    assert current_language() == "en"


def test_a_message_without_a_translation_stays_english():
    with language("ko"):
        assert _("a sentence nobody marked") == "a sentence nobody marked"
        assert _("") == ""                      # not the catalog's header


# --- Check lines and hints -----------------------------------------------------------------------

def test_english_check_lines_are_unchanged():
    registered("01")
    exercise = _EXERCISES["01-perft-2"]
    assert verdict("01-perft-2", exercise.solve()) == "01-perft-2: right"
    assert verdict("01-perft-2", ...) == ("01-perft-2: not answered yet (replace ... with "
                                          "your answer)")
    assert verdict("01-perft-2", 680) == (f"01-perft-2: wrong: 680 is not it; hint: "
                                          f"{exercise.hints[0]}")
    assert exercise.hints[0].startswith("for each move of x, count the replies of o.")


def test_korean_check_lines_say_right_wrong_and_not_answered_yet_in_korean():
    registered("01")
    exercise = _EXERCISES["01-perft-2"]
    with language("ko"):
        assert verdict("01-perft-2", exercise.solve()) == "01-perft-2: 정답입니다"
        assert verdict("01-perft-2", ...) == ("01-perft-2: 아직 답하지 않았습니다 (...을 답으로 "
                                              "바꾸십시오)")
        wrong = verdict("01-perft-2", 680)
    assert wrong == (f"01-perft-2: 틀렸습니다: 680은(는) 답이 아닙니다. 힌트: "
                     f"{_korean(exercise.hints[0])}")


def test_every_hint_of_notebook_01_is_translated():
    names = registered("01")
    assert len(names) == 4
    for name in names:
        hint = _EXERCISES[name].hints[0]
        with language("ko"):
            korean = _(hint)
        assert korean == _korean(hint) and HANGUL.search(korean), name


def test_a_check_that_raises_is_reported_in_korean_too():
    from course_lib.exercises import register

    def broken(answer, expected):
        raise TypeError("no")

    register("demo-raises", lambda: 1, hint="a hint", compare=broken)
    try:
        with language("ko"):
            assert verdict("demo-raises", 2) == ("demo-raises: 틀렸습니다: 2은(는) 답이 아닙니다. "
                                                 "힌트: a hint (확인하는 중에 TypeError이(가) "
                                                 "났습니다)")
    finally:
        del _EXERCISES["demo-raises"]


# --- The board widget ------------------------------------------------------------------------

def test_english_board_words_are_unchanged():
    board = PlayBoard(RandomAgent(seed=1))
    assert (board.new_game_button.description, board.undo_button.description) == (
        "New game", "Undo")
    board.click(1, 1)
    assert board.message.startswith("Stone on a7 picked up: click a highlighted square")
    board.click(2, 2)
    assert board.message == ("You played b6 (clone from a7). random:seed=1 (o) played f7 "
                             "(clone from g7).")
    assert board.status == ("x (you) to move \u00b7 turn 3 \u00b7 x 3 \u2013 o 3 \u00b7 "
                            "last move: o f7 (clone from g7)")


def test_korean_board_has_korean_buttons_status_and_messages():
    with language("ko"):
        board = PlayBoard(RandomAgent(seed=1))
        assert (board.new_game_button.description, board.undo_button.description) == (
            "새 게임", "무르기")
        assert board.undo_button.tooltip == _korean("Take back your last move and the reply")
        assert board.message == "새 게임: x (흑)(으)로 random:seed=1와(과) 둡니다."
        board.click(1, 1)
        assert board.message.startswith("a7의 돌을 골랐습니다")
        board.click(2, 2)
        assert board.message == "내 수: b6 (a7에서 복제). random:seed=1 (o)의 수: f7 (g7에서 복제)."
        assert board.status == ("x (나) 차례 \u00b7 3수째 \u00b7 x 3 \u2013 o 3 \u00b7 "
                                "마지막 수: o f7 (g7에서 복제)")
        board.click(4, 4)
        assert board.message == "d4은(는) 빈칸입니다: 먼저 둘 차례인 x (흑)의 돌 하나를 누르십시오."
        board.undo()
        assert board.message == "b6, f7을(를) 물렀습니다. x (나) 차례입니다."
        sentence = board._repr_mimebundle_()["text/plain"]
    assert sentence.startswith("이 셀을 실행하면 ATAXX을(를) 둘 수 있는 보드가 여기에 나타납니다")
    # The words are chosen when shown: the same board speaks English again afterwards.
    assert board.status == "x (you) to move \u00b7 turn 1 \u00b7 x 2 \u2013 o 2"


def test_korean_board_says_the_game_is_over_and_why():
    with language("ko"):
        board = PlayBoard(RandomAgent(seed=1), start="7/7/2x4/3oo2/7/7/7 x 0 20")
        board.play("d5")
        assert board.status == ("게임 끝 (한쪽의 돌이 모두 없어졌습니다): x 승, x 4 \u2013 o 0. "
                                "이겼습니다!")
        board.click(1, 1)
        assert board.message.startswith("게임이 끝났습니다 (한쪽의 돌이 모두 없어졌습니다).")


ENDINGS = ["7/7/2x4/3oo2/7/7/7 x 0 20 d5",
           "xxxxooo/xxxxooo/xxxoooo/ooo1ooo/ooooooo/ooooooo/xxxxxxx x 0 40 d4",
           "xx5/7/7/7/7/7/6o o 0 200 f1",
           "x1-----/-------/-------/---1---/-------/-------/------o x 0 1 b7"]


def test_every_reason_a_game_ends_for_is_marked_and_translated():
    reasons = []
    for line in ENDINGS:
        fen, move = line.rsplit(" ", 1)
        reasons.append(State.from_fen(fen).play(move).outcome_reason())
    assert sorted(reasons) == sorted(OUTCOME_REASONS)
    with language("ko"):
        assert all(HANGUL.search(_(reason)) for reason in reasons)


def test_board_pictures_have_korean_captions_in_korean():
    state = State.start().play("b6")
    english = board_svg(state)
    with language("ko"):
        korean = board_svg(state)
    assert "o to move, turn 2" in english and "last move: x b6 (clone from a7)" in english
    assert "o 차례, 2수째" in korean and "마지막 수: x b6 (a7에서 복제)" in korean


# --- The catalog and its compiled form -----------------------------------------------------------

def test_every_marked_string_has_a_korean_entry_and_the_mo_is_the_po_compiled():
    assert translate.library_problems("ko") == []


@pytest.fixture
def locale_copy(tmp_path):
    copy = tmp_path / "locale"
    shutil.copytree(ROOT / "course_lib" / "locale", copy)
    return copy


def test_a_po_changed_without_compiling_is_reported(locale_copy):
    tool = translate
    po_path = tool.library_po("ko", locale_copy)
    po = polib.pofile(str(po_path))
    po.find("Undo").msgstr = "되돌리기"
    po.save()
    assert tool.library_problems("ko", locale_copy) == [
        f"{po_path.parent / 'course_lib.mo'} is not its .po compiled: run python "
        "tools/translate.py compile"]


def test_a_marked_string_with_no_entry_is_reported(locale_copy):
    tool = translate
    po_path = tool.library_po("ko", locale_copy)
    po = polib.pofile(str(po_path))
    po.remove(po.find("Undo"))
    po.save()
    problems = tool.library_problems("ko", locale_copy)
    assert f"{po_path}: no translation of 'Undo'" in problems


def test_the_compiled_catalogs_are_installed_with_the_package():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["course_lib"]
    compiled = sorted((ROOT / "course_lib" / "locale").rglob("*.mo"))
    assert compiled
    for path in compiled:
        relative = path.relative_to(ROOT / "course_lib").as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
