"""Notebook 12's exercises: the notebook asks about the bank's own numbers, and the right answers
agree with computations written here from scratch (the cross-entropy by hand with math, what a
pair of stones adds, and each alone, from the readable evaluation of the boards written out
here). The hints go from a question to the recipe. The
checks every notebook shares are in test_exercise_notebooks.py."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from course_lib.lessons import nb12
from course_lib.exercises import _EXERCISES, exercise_cells, registered, verdict
from course_lib.ataxx import State
from course_lib.learn.ntuple import evaluate_readable, load_weights

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "12_learning.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_the_registered_questions(solution):
    text = "\n".join("".join(c["source"]) for c in solution["cells"])
    assert f"scores a position {nb12.NETWORK_SCORE}" in text
    assert f"`win_scale` of {nb12.WIN_SCALE}" in text
    assert f"sigmoid({nb12.NETWORK_SCORE} / {nb12.WIN_SCALE})" in text
    assert f"(result {nb12.GAME_RESULT:.0f})" in text
    assert f"prediction for the position was {nb12.SEARCH_PREDICTION}" in text
    assert f"λ = {nb12.LAM}" in text
    assert f"(x to move, `{nb12.PAIR_FEN}`)" in text and f"(`{nb12.EMPTY_FEN}`)" in text
    assert "`lone[3, 3]`" in text and "`lone_opponent[2, 3]`" in text
    assert nb12.MOVER_SQUARE == (3, 3) and nb12.OPPONENT_SQUARE == (2, 3)   # d4, d5
    code = "\n".join(exercise_cells(solution))
    assert "answer_1" in code and "answer_2" in code


def test_registered():
    assert registered("12") == ["12-log-loss", "12-stone-pair"]


def test_each_exercise_has_three_hints_and_only_the_last_gives_the_line():
    for name, line in (("12-log-loss", "log_loss(np.array([250 / 1000])"),
                       ("12-stone-pair", "'opponent')[2, 3])")):
        hints = _EXERCISES[name].hints
        assert len(hints) == 3
        assert hints[0].endswith("?")                       # a question first
        assert line in hints[2] and not any(line in h for h in hints[:2])


def test_log_loss_by_hand():
    p = 1 / (1 + math.exp(-nb12.NETWORK_SCORE / nb12.WIN_SCALE))
    target = nb12.LAM * nb12.GAME_RESULT + (1 - nb12.LAM) * nb12.SEARCH_PREDICTION
    assert target == pytest.approx(0.42)
    loss = -(target * math.log(p) + (1 - target) * math.log(1 - p))
    assert _EXERCISES["12-log-loss"].solve() == pytest.approx(loss, abs=1e-12)
    assert verdict("12-log-loss", round(loss, 4)) == "12-log-loss: right"
    against_result = -math.log(1 - p)                  # the registered mistake
    assert verdict("12-log-loss", against_result).startswith("12-log-loss: wrong")
    in_bits = loss / math.log(2)
    assert verdict("12-log-loss", in_bits).startswith("12-log-loss: wrong")


def _loss_of_log_odds(f: float, target: float) -> float:
    """The cross-entropy of the log-odds f > 0 against target, by hand: -ln p = ln(1 + e^-f) and
    -ln(1 - p) = f + ln(1 + e^-f), written so that a large f does not take the log of 0."""
    return math.log1p(math.exp(-f)) + (1 - target) * f


@pytest.mark.parametrize("slip, words", [
    ("result alone", "the loss against the game's result alone"),
    ("no / 1000", "the loss of the score 250 itself taken as log-odds, without the / 1000"),
    ("p as log-odds", "the loss of p given to log_loss, which takes log-odds and applies the "
                      "sigmoid itself"),
    ("lambda swapped", "the loss against a target with λ and 1 - λ swapped")])
def test_each_slip_of_the_log_loss_is_named_before_the_first_hint(slip, words):
    """The first hint asks about both the prediction and the target; a wrong answer that a
    known slip gives is named in words, computed here from scratch."""
    f = nb12.NETWORK_SCORE / nb12.WIN_SCALE
    target = nb12.LAM * nb12.GAME_RESULT + (1 - nb12.LAM) * nb12.SEARCH_PREDICTION
    p = 1 / (1 + math.exp(-f))
    answer = {"result alone": _loss_of_log_odds(f, nb12.GAME_RESULT),
              "no / 1000": _loss_of_log_odds(nb12.NETWORK_SCORE, target),
              "p as log-odds": _loss_of_log_odds(p, target),
              "lambda swapped": _loss_of_log_odds(
                  f, nb12.LAM * nb12.SEARCH_PREDICTION + (1 - nb12.LAM) * nb12.GAME_RESULT),
              }[slip]
    assert answer != pytest.approx(_EXERCISES["12-log-loss"].solve(), abs=1e-3)
    text = verdict("12-log-loss", answer)
    assert text.startswith(f"12-log-loss: wrong: {round(answer, 4)} ({words}) is not it; "
                           "hint 1 of 3: "), text
    first = _EXERCISES["12-log-loss"].hints[0]
    assert "log-odds" in first and "result alone" in first     # not written for one slip only


def test_a_wrong_loss_that_no_slip_gives_is_shown_as_it_is():
    assert verdict("12-log-loss", 1.04).startswith("12-log-loss: wrong: 1.04 is not it; hint")


def _readable(me: int, opp: int, weights: np.ndarray) -> int:
    return evaluate_readable(me, opp, 0, weights)


def test_the_stone_pair_from_the_readable_evaluation():
    weights = load_weights().weights
    d4, d5 = 1 << 24, 1 << 17                            # row 3 and row 2 of file d
    empty = _readable(0, 0, weights)
    pair = _readable(d4, d5, weights) - empty
    alone = (_readable(d4, 0, weights) - empty) + (_readable(0, d5, weights) - empty)
    expected = pair - alone
    assert expected != 0                # the two stones share windows: they do not just add up
    assert _EXERCISES["12-stone-pair"].solve() == expected
    assert verdict("12-stone-pair", expected) == "12-stone-pair: right"
    assert verdict("12-stone-pair", pair).startswith("12-stone-pair: wrong")
    assert verdict("12-stone-pair", 0).startswith("12-stone-pair: wrong")   # the mistake
    assert _EXERCISES["12-stone-pair"].mistake == 0


def test_the_pair_fens_hold_the_stones_the_exercise_names():
    pair = State.from_fen(nb12.PAIR_FEN)
    empty = State.from_fen(nb12.EMPTY_FEN)
    me, opp, _ = nb12.mover_boards(pair)
    assert (me, opp) == (1 << 24, 1 << 17)               # x on d4 to move, o on d5
    assert nb12.mover_boards(empty)[:2] == (0, 0)


def test_the_log_loss_mistake_is_the_loss_against_the_result_alone():
    p = 1 / (1 + math.exp(-nb12.NETWORK_SCORE / nb12.WIN_SCALE))
    assert _EXERCISES["12-log-loss"].mistake == pytest.approx(-math.log(1 - p), abs=1e-6)


def test_a_wrong_numpy_answer_is_shown_as_the_number_it_holds():
    """Exercise 2's answers come from lone_stone's int64 array: a wrong one reads as a plain
    number in the verdict, not as numpy's repr."""
    right = _EXERCISES["12-stone-pair"].solve()
    text = verdict("12-stone-pair", np.int64(right + 44))
    assert text.startswith(f"12-stone-pair: wrong: {right + 44} is not it"), text
    text = verdict("12-log-loss", np.float64(0.5))
    assert text.startswith("12-log-loss: wrong: 0.5 is not it"), text


def test_the_right_loss_as_a_one_element_array_is_right():
    """A numpy formula of one position's loss gives an array of one number: its number is
    judged, not its type."""
    p = 1 / (1 + np.exp(-np.array([nb12.NETWORK_SCORE / nb12.WIN_SCALE])))
    target = nb12.LAM * nb12.GAME_RESULT + (1 - nb12.LAM) * nb12.SEARCH_PREDICTION
    loss = -(target * np.log(p) + (1 - target) * np.log(1 - p))
    assert loss.shape == (1,)
    assert verdict("12-log-loss", loss) == "12-log-loss: right"
    assert verdict("12-log-loss", loss + 0.1).startswith("12-log-loss: wrong: array(")


@pytest.mark.parametrize("answer, shown", [("x", "'x'"), (None, "None"), (True, "True"),
                                           (np.array([0.1, 0.2]), "array([0.1, 0.2])")])
@pytest.mark.parametrize("name", ["12-log-loss", "12-stone-pair"])
def test_an_answer_that_is_no_number_is_told_a_number_is_expected(name, answer, shown):
    text = verdict(name, answer)
    assert text == (f"{name}: wrong: expected a number (an int or a float, or a numpy array of "
                    f"one number), got {shown}"), text
