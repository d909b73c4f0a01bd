"""Notebook 02's exercises: the notebook asks about the bank's positions, a likely wrong answer
for each gets its hint, and the right answers agree with an independent computation. The
checks every notebook shares are in test_exercise_notebooks.py."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from course_lib.ataxx import FIRST, SECOND, SQUARES, Move, State
from course_lib.lessons import nb02
from course_lib.exercises import _EXERCISES, verdict
from course_lib.match import random_opening

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "02_greedy_and_evaluation.ipynb"


@pytest.fixture(scope="module")
def solution():
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_about_the_positions_of_the_bank(solution):
    text = json.dumps(solution)
    for fen in (nb02.TIE_FEN, nb02.WEIGHTS_FEN, nb02.REPLY_FEN):
        assert fen in text
    assert 'make_agent(\\"greedy:eval=weights\\")' in text
    assert "pairs=10, opening_plies=6, seed=200" in text


# --- The right answers, computed another way --------------------------------------------------


def _material(state: State, player: int) -> int:
    """Stones counted square by square."""
    return (sum(state[sq] == player for sq in SQUARES)
            - sum(state[sq] == 3 - player for sq in SQUARES))


def _greedy(state: State) -> Move:
    """Greedy written out again: the best material, the first in ascending (x1, y1, x2, y2)."""
    moves = sorted(state.legal_moves(), key=lambda m: (m.x1, m.y1, m.x2, m.y2))
    values = [_material(state.apply(m), state.to_move) for m in moves]
    return moves[values.index(max(values))]


def test_right_answers_agree_with_an_independent_computation():
    tie = State.from_fen(nb02.TIE_FEN)
    assert _EXERCISES["02-greedy-tie"].solve() == _greedy(tie)
    assert _EXERCISES["02-greedy-tie"].solve().uai() == "f5d3"
    values = [_material(tie.apply(m), FIRST) for m in tie.legal_moves()]
    assert values.count(max(values)) >= 2                 # the tie rule decides

    # Square weights read straight from the FEN: corners 3, edges 2, inside 1.
    ranks = nb02.WEIGHTS_FEN.split()[0].split("/")
    total = 0
    for x, rank in enumerate(ranks, start=1):
        y = 0
        for char in rank:
            if char.isdigit():
                y += int(char)
                continue
            y += 1
            weight = 1 + (x in (1, 7)) + (y in (1, 7))
            total += weight if char == "x" else -weight if char == "o" else 0
    assert _EXERCISES["02-square-weights"].solve() == total
    assert _material(State.from_fen(nb02.WEIGHTS_FEN), FIRST) == 0

    reply = State.from_fen(nb02.REPLY_FEN)
    after = reply.apply(_greedy(reply))
    assert _EXERCISES["02-after-reply"].solve() == _material(after.apply(_greedy(after)), FIRST)
    assert _material(after, FIRST) == _EXERCISES["02-after-reply"].mistake


def test_the_match_score_agrees_with_games_played_one_by_one():
    from course_lib.agents import GreedyAgent, make_agent
    from course_lib.match import play_game

    points = 0.0
    for pair in range(nb02.MATCH["pairs"]):
        opening = random_opening(nb02.MATCH["opening_plies"], seed=nb02.MATCH["seed"] + pair)
        for a_player in (FIRST, SECOND):
            a, b = make_agent("greedy:eval=weights"), GreedyAgent()
            game = play_game(a, b, opening) if a_player == FIRST else play_game(b, a, opening)
            points += 1.0 if game.winner == a_player else 0.5 if game.winner == 0 else 0.0
    expected = points / (2 * nb02.MATCH["pairs"])
    assert _EXERCISES["02-match-score"].solve() == pytest.approx(expected)
    assert 1 - expected == pytest.approx(_EXERCISES["02-match-score"].mistake)


def test_right_answers_in_other_forms():
    for answer in ["f5d3", " f5d3 ", "3 6 5 4", Move(3, 6, 5, 4)]:
        assert verdict("02-greedy-tie", answer) == "02-greedy-tie: right"
    weights = _EXERCISES["02-square-weights"].solve()
    assert verdict("02-square-weights", np.int64(weights)) == "02-square-weights: right"
    assert verdict("02-square-weights", float(weights)) == "02-square-weights: right"
    assert verdict("02-square-weights", str(weights)).startswith("02-square-weights: wrong")
    score = _EXERCISES["02-match-score"].solve()
    wins = round(score * 20)
    for answer in [score, wins / 20, np.float64(score), round(score, 2)]:
        assert verdict("02-match-score", answer) == "02-match-score: right"
    for answer in [str(score), 100 * score, score + 0.05, f"{score:.0%}"]:
        assert verdict("02-match-score", answer).startswith("02-match-score: wrong")
