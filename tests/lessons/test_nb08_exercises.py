"""Notebook 08's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from scratch. The checks every notebook
shares, a likely mistake getting its hint among them, are in test_exercise_notebooks.py."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import numpy as np
import pytest

from course_lib.ataxx import Move, State
from course_lib.errors import IllegalMoveError
from course_lib.lessons import nb08
from course_lib.exercises import _EXERCISES, run_exercise_cells, verdict
from course_lib.match.referee import ENDINGS, FAULTS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "08_tournament.ipynb"

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the referee's replay needs POSIX")


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


@pytest.fixture(scope="module")
def solved(solution):
    return run_exercise_cells(solution)


def test_the_notebook_asks_the_registered_questions(solved):
    """The results, counts and transcript the notebook shows are the ones the answers are
    computed on."""
    namespace, _, _ = solved
    assert namespace["results_1"] == nb08.RESULTS
    assert namespace["transcript_3"] == nb08.TRANSCRIPT
    assert nb08.SCORE_PLAYER == "C"
    assert (nb08.PLAYERS, nb08.PAIRS) == (12 + 4, 5)
    assert (nb08.POINTS, nb08.GAMES) == (13, 20)


def test_the_notebook_words_match_the_questions(solution):
    text = "\n".join("".join(c["source"]) for c in solution["cells"]
                     if c["cell_type"] == "markdown")
    assert "What is C's score" in text
    for words in ("A class of 12 students", "the 4 course", "5 colour-swapped"):
        assert words in text
    assert "13 points in 20 games" in text


# --- The right answers, computed another way --------------------------------------------------


def test_crosstable_score_by_hand():
    points = games = 0.0
    for (a, b), (wins, draws, losses) in nb08.RESULTS.items():
        if nb08.SCORE_PLAYER == a:
            points += wins + draws / 2
        elif nb08.SCORE_PLAYER == b:
            points += losses + draws / 2
        else:
            continue
        games += wins + draws + losses
    assert games == 24 and points == 11.5
    assert _EXERCISES["08-crosstable-score"].solve() == pytest.approx(points / games)
    own_row = sum(w + d / 2 for (a, _), (w, d, _l) in nb08.RESULTS.items() if a == "C") / 8
    assert verdict("08-crosstable-score", own_row).startswith("08-crosstable-score: wrong")


def test_games_by_counting_every_game():
    players = range(nb08.PLAYERS)
    games = [(i, j, pair, colour) for i in players for j in players if i < j
             for pair in range(nb08.PAIRS) for colour in (0, 1)]
    assert _EXERCISES["08-games"].solve() == len(games) == 1200


def test_broken_reason_by_tracing_the_board():
    """Play the transcript's moves on a board: o's last move starts from a stone x captured."""
    state = State.start()
    last = None
    for line in nb08.TRANSCRIPT.splitlines():
        words = line.split()
        if words[1:2] == ["OPP"] or words[1:2] == ["MOVE"]:
            last = Move(*(int(w) for w in words[2:6]))
            try:
                state.check_move(last)
            except IllegalMoveError:
                expected = "illegal-pass" if last.is_pass else "illegal"
                break
            state = state.apply(state.canonical(last))
    else:
        pytest.fail("every move of the transcript is legal")
    assert state[last.x1, last.y1] == 1             # x's stone now: it was captured
    assert _EXERCISES["08-broken-reason"].solve() == expected == "illegal"
    assert expected in FAULTS and expected not in ENDINGS


def test_elo_difference_by_the_formula():
    score = nb08.POINTS / nb08.GAMES
    difference = -400 * math.log10(1 / score - 1)
    assert _EXERCISES["08-elo-difference"].solve() == pytest.approx(difference)
    assert 1 / (1 + 10 ** (-difference / 400)) == pytest.approx(score)


def test_right_answers_in_other_forms():
    for answer in ["illegal", " illegal ", "ILLEGAL", "'illegal'"]:
        assert verdict("08-broken-reason", answer) == "08-broken-reason: right"
    for answer in ["illegal-pass", "illegal move", 2]:
        assert verdict("08-broken-reason", answer).startswith("08-broken-reason: wrong")
    assert verdict("08-crosstable-score", 11.5 / 24) == "08-crosstable-score: right"
    assert verdict("08-crosstable-score", np.float64(0.479)) == "08-crosstable-score: right"
    assert verdict("08-crosstable-score", 11.5).startswith("08-crosstable-score: wrong")
    assert verdict("08-games", np.int64(1200)) == "08-games: right"
    assert verdict("08-games", 1200.0) == "08-games: right"
    assert verdict("08-games", "1200").startswith("08-games: wrong")
    for answer in [107.5, 108, 107, np.float64(107.54)]:
        assert verdict("08-elo-difference", answer) == "08-elo-difference: right"
    for answer in [106, 109, -107.5, "107.5"]:
        assert verdict("08-elo-difference", answer).startswith("08-elo-difference: wrong")


# --- Exercise 5 and the class tournament ---------------------------------------------------------

UNWRITTEN = '''class MyAgent:
    name = "my-agent"

    def choose_move(self, state):
        ...  # your answer
'''


class FirstMove:
    name = "first-move"

    def choose_move(self, state):
        return state.legal_moves()[0]


def test_the_entry_test_plays_greedy_and_passes_more_than_half_the_points(capsys):
    from course_lib.agents import GreedyAgent
    from course_lib.match import play_match
    entry = nb08.entry_test(FirstMove)
    again = play_match(FirstMove, GreedyAgent, pairs=nb08.ENTRY_PAIRS,
                       opening_plies=nb08.ENTRY_OPENING_PLIES, seed=nb08.ENTRY_SEED)
    assert (entry.match.wins, entry.match.draws, entry.match.losses) == (
        again.wins, again.draws, again.losses)
    assert not entry.passed and "does not pass" in capsys.readouterr().out
    assert verdict("08-tournament-entry", entry).startswith("08-tournament-entry: wrong")
    greedy_itself = nb08.entry_test(GreedyAgent)       # greedy against itself: half, not more
    assert greedy_itself.score == 0.5 and not greedy_itself.passed


def test_an_unwritten_agent_plays_nothing_and_a_failing_one_stops_the_test(capsys):
    namespace: dict = {}
    exec(UNWRITTEN, namespace)
    assert nb08.entry_test(namespace["MyAgent"]) is ...
    assert "not written yet" in capsys.readouterr().out

    class Failing:
        name = "failing"

        def choose_move(self, state):
            raise KeyError("oops")

    broken = nb08.entry_test(Failing)
    assert broken.error == "KeyError: 'oops'" and not broken.passed
    assert verdict("08-tournament-entry", broken).startswith("08-tournament-entry: wrong")


def test_the_solution_agent_passes(solved):
    namespace, _, printed = solved
    assert namespace["entry"].passed
    assert verdict("08-tournament-entry", namespace["entry"]) == "08-tournament-entry: right"


def test_the_check_takes_only_the_exercise_games_and_says_so(solved):
    """A passing entry test of other games (one pair, other openings) is not the exercise's:
    the check says what to run instead of a hint about the agent."""
    agent = solved[0]["MyAgent"]
    for other in (nb08.entry_test(agent, pairs=1),
                  nb08.entry_test(agent, seed=nb08.ENTRY_SEED + 1)):
        assert other.passed
        said = verdict("08-tournament-entry", other)
        assert said.startswith("08-tournament-entry: wrong: this entry test played")
        assert "entry_test(MyAgent) as it is" in said and "hint" not in said
    assert verdict("08-tournament-entry", True).startswith("08-tournament-entry: wrong")


def test_an_illegal_move_loses_its_game_and_the_result_says_so():
    class Passer:
        name = "passer"

        def choose_move(self, state):
            return Move(-1, -1, -1, -1)                # a pass, with moves on the board

    entry = nb08.entry_test(Passer)
    assert entry.score == 0.0 and not entry.passed
    assert all("illegal move" in game.reason for game in entry.match.games)
    assert str(entry).endswith(f"; {2 * nb08.ENTRY_PAIRS} games lost by an illegal move")


def test_the_likely_mistake_is_the_exercise_games_all_lost():
    mistake = _EXERCISES["08-tournament-entry"].mistake
    real = nb08.entry_test(FirstMove)
    assert [game.start.fen() for game in mistake.match.games] == \
        [game.start.fen() for game in real.match.games]
    assert verdict("08-tournament-entry", mistake).startswith(
        "08-tournament-entry: wrong: <entry test: first-move vs greedy: +0 =0 -10")
