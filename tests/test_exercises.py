"""Notebook 01's exercises: a likely wrong answer for each gets its hint, and the right answers
agree with computations of their own. The checks every notebook shares (asked, right, marked,
not answered in the student copy, strange answers never raising) are in
test_exercise_notebooks.py."""

from __future__ import annotations

import numpy as np

from course_lib.ataxx import MAX_TURNS, Move, State, fast
from course_lib.lessons import nb01 as course_exercises
from course_lib.exercises import _EXERCISES, verdict


# --- The right answers, computed another way --------------------------------------------------


def test_right_answers_agree_with_an_independent_computation():
    e = course_exercises
    fullmove = int(e.TURNS_FEN.split()[3])
    assert _EXERCISES["01-turns-left"].solve() == MAX_TURNS - (2 * (fullmove - 1) + 1)
    assert _EXERCISES["01-legal-moves"].solve() == len(fast.legal_moves(fast.to_fast(
        State.from_fen(e.MOVES_FEN))))
    assert _EXERCISES["01-perft-2"].solve() == fast.perft(e.PERFT_FEN, 2)
    best = _EXERCISES["01-best-gain"].solve()      # raises unless exactly one move is best
    assert best.uai() == "c5e7"


def test_right_answers_in_other_forms():
    for answer in ["c5e7", " c5e7 ", "3 3 1 5", Move(3, 3, 1, 5)]:
        assert verdict("01-best-gain", answer) == "01-best-gain: right"
    n = _EXERCISES["01-legal-moves"].solve()
    assert verdict("01-legal-moves", np.int64(n)) == "01-legal-moves: right"
    assert verdict("01-legal-moves", float(n)) == "01-legal-moves: right"
    assert verdict("01-legal-moves", n + 0.5).startswith("01-legal-moves: wrong")
    assert verdict("01-perft-2", str(_EXERCISES["01-perft-2"].solve())).startswith(
        "01-perft-2: wrong")


def test_a_move_answer_must_be_legal():
    # a7 is empty in this position: a "clone" from it to b7 is not a move of x.
    state = State.from_fen(course_exercises.GAIN_FEN)
    assert state[1, 1] == 0
    assert verdict("01-best-gain", Move(1, 1, 1, 2)).startswith("01-best-gain: wrong")
    assert verdict("01-best-gain", "0000").startswith("01-best-gain: wrong")
