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


# --- Exercise 6, open-ended: an evaluation against material, decided by games -------------------

def _pair_points(evaluation, fen):
    """A's points in one colour-swapped pair, played here without the test's code."""
    from course_lib.agents import GreedyAgent
    from course_lib.match import play_game
    start, points = State.from_fen(fen), 0.0
    for a_first in (True, False):
        a, b = GreedyAgent(evaluation), GreedyAgent()
        game = play_game(a, b, start) if a_first else play_game(b, a, start)
        points += 0.5 if game.winner == 0 else float(game.winner == (1 if a_first else 2))
    return points


def test_the_evaluation_test_plays_the_pairs_of_the_arenas_openings():
    from course_lib.agents import square_weights
    from course_lib.match.arena import RandomOpenings
    test = nb02.evaluation_sprt(square_weights, max_pairs=3, seed=5)
    points = [_pair_points(square_weights, RandomOpenings(plies=4).fen(p, 5)) for p in range(3)]
    expected = [0] * 5
    for p in points:
        expected[int(2 * p)] += 1
    assert test.run.pentanomial == expected
    assert test.run.games == 6 and test.run.wins + test.run.draws / 2 == sum(points)
    assert test.run.stopped_by == "max-games" and test.decision == "continue"
    assert "undecided" in nb02.reading(test)
    assert verdict("02-better-evaluation", test).startswith("02-better-evaluation: wrong")


def test_an_unwritten_evaluation_plays_nothing_and_a_failing_one_stops_the_test():
    def unwritten(state, player):
        """The skeleton's docstring."""
        ...

    def failing(state, player):
        return 1 / 0

    assert nb02.evaluation_sprt(unwritten) is ...
    assert "not written" in nb02.reading(...)
    assert verdict("02-better-evaluation", ...).endswith("not answered yet (replace ... with "
                                                         "your answer)")
    broken = nb02.evaluation_sprt(failing)
    assert broken.error.startswith("ZeroDivisionError") and broken.run.games == 0
    assert "raised an error" in nb02.reading(broken)
    assert verdict("02-better-evaluation", broken).startswith("02-better-evaluation: wrong")


def _decided(points: float, **settings):
    """A test made from pair results alone, that decides."""
    from course_lib.match.sprt import SprtRun
    from course_lib.strength import Sprt
    sprt = Sprt(kind="pentanomial", **{**nb02.TEST, **settings})
    run = SprtRun("greedy, mine", nb02.MATERIAL_NAME, "pentanomial", sprt, 120, 1)
    while sprt.add(points) == "continue":
        run.pentanomial[int(2 * points)] += 1
    run.pentanomial[int(2 * points)] += 1
    run.stopped_by = "decision"
    return nb02.EvaluationTest(run, (1.0, 0.5))


def test_only_a_test_that_accepts_h1_with_the_exercises_settings_passes():
    assert verdict("02-better-evaluation", _decided(2.0)) == "02-better-evaluation: right"
    assert verdict("02-better-evaluation", _decided(1.0)).startswith("02-better-evaluation: wrong")
    easier = _decided(2.0, elo1=10)                     # another H1 is another exercise
    assert verdict("02-better-evaluation", easier).startswith("02-better-evaluation: wrong")


def test_the_reading_says_what_a_decision_means_and_names_the_unit():
    accepted = nb02.reading(_decided(2.0))
    assert "It does not say 'at least 50 logistic Elo stronger'" in accepted
    assert "logistic Elo" in accepted and "biased" in accepted
    rejected = nb02.reading(_decided(1.0))
    assert "That is not 'equal'" in rejected
    assert "ms" in nb02.time_words(_decided(2.0)) and nb02.time_words(...) == "nothing was played"


def test_the_solution_evaluation_counts_material_and_the_stones_next_to_an_empty_square(
        solution):
    namespace: dict = {}
    cells = ["".join(c["source"]) for c in solution["cells"] if c["cell_type"] == "code"]
    exec(cells[0], namespace)
    exec(next(c for c in cells if c.startswith("def better_evaluation")), namespace)
    evaluate = namespace["better_evaluation"]
    state = State.from_fen("x5o/7/7/3x3/7/7/o5x x 0 1")   # every stone next to an empty square
    assert evaluate(state, FIRST) == 3 * (3 - 2) - (3 - 2)
    walled = State.from_fen("xxx4/xxx4/xxx4/7/7/7/6o o 0 9")  # a corner block: 4 stones safe
    assert evaluate(walled, FIRST) == 3 * (9 - 1) - (5 - 1)
    assert evaluate(walled, SECOND) == -evaluate(walled, FIRST)
