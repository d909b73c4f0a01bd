"""Notebook 08's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from scratch. The checks every notebook
shares, a likely mistake getting its hint among them, are in test_exercise_notebooks.py."""

from __future__ import annotations

import json
import math
import os
import sys
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

FIRST_MOVE = '''class MyAgent:
    name = "first-move"

    def choose_move(self, state):
        return state.legal_moves()[0]
'''

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


def test_a_folder_of_agents_becomes_programs(tmp_path):
    (tmp_path / "bob.py").write_text(FIRST_MOVE)
    (tmp_path / "ada.py").write_text(FIRST_MOVE.replace("MyAgent", "Anything"))
    (tmp_path / "cy").write_text("#!/bin/sh\nexit 0\n")
    (tmp_path / "cy").chmod(0o755)
    (tmp_path / "notes.txt").write_text("not an agent")
    (tmp_path / "_helper.py").write_text("x = 1\n")
    programs = nb08.agent_programs(tmp_path, python="python3")
    assert [p.name for p in programs] == ["ada", "bob", "cy"]
    assert programs[0].command == ("python3", "-m", "course_lib.lessons.nb08",
                                   str(tmp_path / "ada.py"))
    assert programs[2].command == (str(tmp_path / "cy"),)
    with pytest.raises(ValueError, match="is not a folder"):
        nb08.agent_programs(tmp_path / "bob.py")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="no agent in"):
        nb08.agent_programs(empty)


def test_an_agent_file_names_its_class(tmp_path):
    two = tmp_path / "two.py"
    two.write_text(FIRST_MOVE.replace("MyAgent", "One") + FIRST_MOVE.replace("MyAgent", "Two"))
    with pytest.raises(ValueError, match="defines 2 classes"):
        nb08.agent_class(two)
    (tmp_path / "one.py").write_text(FIRST_MOVE.replace("MyAgent", "One"))
    assert nb08.agent_class(tmp_path / "one.py").__name__ == "One"


def test_an_agent_file_plays_under_the_referee_as_it_plays_in_process(tmp_path):
    from course_lib.agents import GreedyAgent
    from course_lib.match import play_game
    from course_lib.match.referee import referee
    (tmp_path / "first.py").write_text(FIRST_MOVE)
    [program] = nb08.agent_programs(tmp_path)
    start = "x5o/7/7/3x3/7/7/o5x o 1 1"
    result = referee(program.argv(), [sys.executable, "-m", "course_lib", "agent", "greedy"],
                     time_ms=60_000, start_fen=start)
    here = play_game(FirstMove(), GreedyAgent(), State.from_fen(start))
    assert result.moves == [[m.x1, m.y1, m.x2, m.y2] for m in here.moves]
    assert result.winner == here.winner


def _submission(folder: Path, student: str, answer: str) -> None:
    notebook = {"cells": [
        {"cell_type": "code", "source": ["import math"], "metadata": {}},
        {"cell_type": "code", "source": answer.splitlines(keepends=True),
         "metadata": {"nbgrader": {"grade_id": nb08.ENTRY_GRADE_ID, "solution": True}}}]}
    target = folder / student / "08_tournament"
    target.mkdir(parents=True)
    (target / "08_tournament.ipynb").write_text(json.dumps(notebook))


def test_the_agents_are_collected_from_nbgrader_submissions(tmp_path, capsys):
    submitted = tmp_path / "submitted"
    _submission(submitted, "ada", '%%writefile "{entry_dir}/my_agent.py"\n' + FIRST_MOVE)
    _submission(submitted, "bob", '%%writefile "{entry_dir}/my_agent.py"\n' + UNWRITTEN)
    _submission(submitted, "cy", "class MyAgent:\n    name = 'cy'\n    def choose_move(self, "
                                 "state):\n        return state.legal_moves()[-1]\n")
    folder = tmp_path / "agents"
    written = nb08.agents_from_submissions(submitted, folder)
    assert [path.name for path in written] == ["ada.py", "cy.py"]
    assert (folder / "ada.py").read_text() == FIRST_MOVE
    assert "bob: choose_move is not written yet; left out" in capsys.readouterr().out


def test_a_class_tournament_plays_every_agent_and_rates_it(tmp_path):
    (tmp_path / "first.py").write_text(FIRST_MOVE)
    tournament = nb08.class_tournament(tmp_path, yardsticks=["greedy"], pairs_per_match=1,
                                       workers=0, time_ms=60_000)
    assert tournament.table.names == ["greedy", "first"]
    assert tournament.table.games_matrix().tolist() == [[0, 2], [2, 0]]
    assert [row.name for row in tournament.ratings.rows][0] == "greedy"
    assert "first" in str(tournament)
