"""The words notebook 12 prints from the library, in Korean in the Korean edition: every hint
of its exercises, the titles, labels and keys of its figures (with no letter drawn as a box),
and the tables and records it prints; in English they are unchanged."""

from __future__ import annotations

import re

import matplotlib
import pytest

from course_lib.exercises import _EXERCISES, registered
from course_lib.i18n import _, language
from course_lib.learn.ntuple import load_weights
from course_lib.lessons import nb12
from korean_helpers import HANGUL, drawn_in_korean
from korean_helpers import korean as _korean

matplotlib.use("Agg")


def test_every_hint_of_notebook_12_is_translated():
    names = registered("12")
    assert names == ["12-log-loss", "12-stone-pair"]
    for name in names:
        assert len(_EXERCISES[name].hints) == 3
        for hint in _EXERCISES[name].hints:
            with language("ko"):
                korean = _(hint)
            assert korean == _korean(hint) and HANGUL.search(korean), (name, hint)


def _texts(figure) -> list[str]:
    return [t.get_text() for t in figure.findobj(matplotlib.text.Text) if t.get_text()]


def _stored_meta() -> dict:
    return load_weights().meta


FIGURES = {
    "window classes": lambda: nb12.draw_window_classes(),
    "training curves": lambda: nb12.draw_training_curves({"실시간": _stored_meta()}),
    "patterns": lambda: nb12.draw_patterns(*nb12.corner_patterns(2, max_stones=3)),
    "lone stone": lambda: nb12.draw_lone_stone(nb12.lone_stone(), nb12.lone_stone(
        side="opponent")),
    "network curve": lambda: nb12.draw_network_curve(),
}


@pytest.mark.parametrize("name", FIGURES)
def test_the_figures_of_notebook_12_draw_korean_words_without_boxes(name):
    texts = drawn_in_korean(FIGURES[name])
    worded = [t for t in texts if re.search("[A-Za-z]{3,}", t) and not t.startswith("$")]
    assert any(HANGUL.search(t) for t in texts), texts
    # no English word left in a title, label or key (square names such as b6 are not words)
    assert [t for t in worded if not HANGUL.search(t)] == [], worded


def test_the_figure_check_can_fail_an_english_figure_has_no_korean_word():
    """The check above can fail: the English figure's words are English."""
    figure = nb12.draw_lone_stone(nb12.lone_stone(), nb12.lone_stone(side="opponent"))
    assert not any(HANGUL.search(t) for t in _texts(figure))
    assert "a stone of the side to move" in _texts(figure)


def test_the_printed_tables_and_records_speak_korean_and_english_again_after():
    meta = _stored_meta()
    record = nb12.mcts_records()[0]
    english = (nb12.loss_table(meta), nb12.record_text(record), nb12.network_summary())
    with language("ko"):
        korean = (nb12.loss_table(meta), nb12.record_text(record), nb12.network_summary())
    for text in korean:
        lines = [line for line in text.splitlines() if line and not line[0] in " AB"
                 and not line.lstrip()[0].isdigit()]
        assert lines and all(HANGUL.search(line) for line in lines), text
    assert _korean("the search score") in korean[0] and _korean("undecided") in korean[1]
    assert (nb12.loss_table(meta), nb12.record_text(record), nb12.network_summary()) == english
    assert "the search score" in english[0] and "undecided after" in english[1]


def test_the_node_comparison_speaks_korean():
    from types import SimpleNamespace

    run_a = SimpleNamespace(moves=["b6", "c5"], total_nodes=100)
    run_b = SimpleNamespace(moves=["b6", "d4"], total_nodes=122)
    assert nb12.node_comparison(run_a, run_b) == (
        "the move differs in 1 of 2 positions; nodes: learned 22 % more than material")
    with language("ko"):
        korean = nb12.node_comparison(run_a, run_b)
        same = nb12.node_comparison(run_a, run_a)
    assert korean == _korean("the move differs in {moves} of {positions} positions; nodes: "
                             "learned {nodes} than material").format(
        moves=1, positions=2, nodes=_korean("{change} % more").format(change=22))
    assert _korean("as many") in same
