"""The grader's reports, its divergence picture and the prediction lines in the language the
course speaks: English unchanged by default, Korean framing after ``use_language("ko")``."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from course_lib.exercises import compare_prediction, predict
from course_lib.grader import example_mistake, grade
from course_lib.i18n import language

HANGUL = re.compile("[\uac00-\ud7a3]")
LATIN = re.compile("[A-Za-z]+")


@pytest.fixture(scope="module")
def negamax_sign():
    """03's negamax with the child's value not negated, graded in English and in Korean."""
    function = example_mistake("03-negamax", "negamax_sign")
    english = grade("03-negamax", function, hint_level=1)
    with language("ko"):
        korean = grade("03-negamax", function, hint_level=1)
        reports = {level: korean.report(level) for level in (1, 2, 3)}
    return english, korean, reports


def _without_names(text: str, result) -> str:
    """The report without what is not framing: the exercise name, the case's label and the
    grade call that asks for the next hint (code, the same in every language)."""
    call = re.compile(r'grade\("[^"]+", \w+, hint_level=\d\)')
    return call.sub("", text.replace(result.case, "")).replace(result.name, "")


def test_english_report_of_a_wrong_negamax_is_unchanged(negamax_sign):
    english, _, _ = negamax_sign
    assert english.report(1).splitlines() == [
        "03-negamax: wrong (hint 1 of 3)",
        "  it differs from the right one on 18 of the 18 cases.",
        "  a question: a child's value is written for the player to move in the child; what is "
        "it worth to the player at this node?",
        "  (another wrong answer gives hint 2 (where it goes wrong); grade(\"03-negamax\", "
        "negamax, hint_level=2) shows it now)"]
    assert english.report(3).splitlines() == [
        "03-negamax: wrong (hint 3 of 3)",
        "  on the textbook tree (depth 2):",
        "  your negamax visited the right nodes in the right order, but returned (14, 2) where "
        "the right one returns (3, 0).",
        "  The first value that differs, in the order the calls returned: node 0, where yours "
        "returned 12 and the right one -3.",
        "  hint: a negamax sign not flipped: negate the value the child's call returns before "
        "comparing it with the best so far."]


def test_korean_report_of_a_wrong_negamax_has_korean_framing_and_no_english(negamax_sign):
    english, korean, reports = negamax_sign
    assert reports[1].splitlines()[0] == "03-negamax: 틀렸습니다 (힌트 1/3)"
    assert reports[2].splitlines()[0] == "03-negamax: 틀렸습니다 (힌트 2/3)"
    assert reports[3].splitlines()[0] == "03-negamax: 틀렸습니다 (힌트 3/3)"
    assert "  질문: " in reports[1] and "  질문: " in reports[2] and "  힌트: " in reports[3]
    assert "여러분의 네가맥스" in reports[3] and "정답 풀이" in reports[3]
    for level, text in reports.items():
        framing = _without_names(text, korean)
        assert LATIN.findall(framing) == [], (level, text)
        assert all(HANGUL.search(line) for line in framing.splitlines() if line.strip()), text
    # the same finding, only the words differ: the numbers of the comparison are all there
    for number in ("(14, 2)", "(3, 0)", "12", "-3"):
        assert number in reports[3]
    assert (korean.where, korean.mistake, korean.divergence) == \
        (english.where, english.mistake, english.divergence)


def test_the_divergence_picture_speaks_the_language_it_was_drawn_in():
    function = example_mistake("04-alphabeta-minmax", "cut_strict")
    english = grade("04-alphabeta-minmax", function, hint_level=2).figure()
    assert [ax.get_title() for ax in english.axes] == ["your alpha-beta", "the right one"]
    assert english._suptitle.get_text().startswith("first difference: your node 2.1 (red ring), "
                                                   "where the right one visits 3 (orange ring)")
    with language("ko"):
        korean = grade("04-alphabeta-minmax", function, hint_level=2).figure()
    assert [ax.get_title() for ax in korean.axes] == ["여러분의 알파베타", "정답 풀이"]
    title = korean._suptitle.get_text()
    assert HANGUL.search(title) and LATIN.findall(title) == [], title
    assert "2.1" in title and "3" in title


def _printed(call, *args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        call(*args)
    return out.getvalue().strip()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_predictions_are_noted_and_compared_in_the_language_spoken(lang):
    name = "04-alphabeta-savings"
    with language(lang):
        lines = [_printed(predict, name, ...), _printed(predict, name, "many"),
                 _printed(predict, name, 0), _printed(predict, name, 100),
                 _printed(compare_prediction, name, 230.9)]
    if lang == "en":
        assert lines[3] == (f"{name}: your prediction, 100, is noted; the measurement below says "
                            "how close it is.")
        assert lines[4] == (f"{name}: you predicted 100, and it is 231: off by a factor of 2.3 "
                            "(your guess was too low).")
        assert lines[2].endswith("is a number of at least 1.")
        return
    assert lines[4] == (f"{name}: 예측은 100, 측정값은 231입니다: 2.3배 차이가 납니다 "
                        "(예측이 너무 낮았습니다).")
    for line in lines:
        words = line.replace(name, "").replace("'many'", "")
        assert HANGUL.search(words) and LATIN.findall(words) == [], line
