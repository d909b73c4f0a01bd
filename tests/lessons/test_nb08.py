"""Notebook 08's class tournament, for the instructor: agent files become programs, nbgrader's
submissions become agent files, and the round robin plays and rates them; what section 5's text
says of its small tournament is what the tournament gives."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from course_lib.ataxx import State
from course_lib.lessons import nb08

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "08_tournament.ipynb"

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the referee needs POSIX")

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

RAISING = '''class MyAgent:
    name = "raising"

    def choose_move(self, state):
        raise RuntimeError("not finished")
'''


class FirstMove:
    name = "first-move"

    def choose_move(self, state):
        return state.legal_moves()[0]


LOADED_READY_MS = 60_000
"""A program's time to start and answer READY in these tests: a loaded machine can take more
than the referee's 3 s to start Python and import the library."""


def _cells() -> list[str]:
    return ["".join(cell["source"]) for cell in json.loads(NOTEBOOK.read_text())["cells"]]


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
    (tmp_path / "none.py").write_text("class Other:\n    pass\n")
    with pytest.raises(ValueError, match="defines 0 classes"):
        nb08.agent_class(tmp_path / "none.py")


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


def _submission(folder: Path, student: str, answer: str,
                grade_id: str = nb08.ENTRY_GRADE_ID) -> None:
    notebook = {"cells": [
        {"cell_type": "code", "source": ["import math"], "metadata": {}},
        {"cell_type": "code", "source": answer.splitlines(keepends=True),
         "metadata": {"nbgrader": {"grade_id": grade_id, "solution": True}}}]}
    target = folder / student / "08_tournament"
    target.mkdir(parents=True)
    (target / "08_tournament.ipynb").write_text(json.dumps(notebook))


def test_the_agents_are_collected_from_nbgrader_submissions(tmp_path, capsys):
    submitted = tmp_path / "submitted"
    _submission(submitted, "ada", '%%writefile "{entry_dir}/my_agent.py"\n' + FIRST_MOVE)
    _submission(submitted, "bob", '%%writefile "{entry_dir}/my_agent.py"\n' + UNWRITTEN)
    _submission(submitted, "cy", "class MyAgent:\n    name = 'cy'\n    def choose_move(self, "
                                 "state):\n        return state.legal_moves()[-1]\n")
    _submission(submitted, "dan", FIRST_MOVE, grade_id="08-games")
    _submission(submitted, "eve", "class MyAgent(:\n")
    folder = tmp_path / "agents"
    written = nb08.agents_from_submissions(submitted, folder)
    assert [path.name for path in written] == ["ada.py", "cy.py", "eve.py"]
    assert (folder / "ada.py").read_text() == FIRST_MOVE
    assert sorted(path.name for path in folder.iterdir()) == ["ada.py", "cy.py", "eve.py"]
    printed = capsys.readouterr().out
    assert "bob: choose_move is not written yet; left out" in printed
    assert "dan: no exercise 5 cell in 08_tournament.ipynb; left out" in printed
    assert "eve: the file does not load (SyntaxError" in printed
    assert "kept: its games will be lost" in printed


def test_a_class_tournament_plays_every_agent_and_rates_it(tmp_path):
    (tmp_path / "first.py").write_text(FIRST_MOVE)
    tournament = nb08.class_tournament(tmp_path, yardsticks=["greedy"], pairs_per_match=1,
                                       workers=0, time_ms=60_000,
                                       ready_ms=LOADED_READY_MS)
    assert tournament.table.names == ["greedy", "first"]
    assert tournament.table.games_matrix().tolist() == [[0, 2], [2, 0]]
    assert [row.name for row in tournament.ratings.rows][0] == "greedy"
    assert "first" in str(tournament)
    assert str(tournament).endswith("(logistic Elo, average 0; +- is half the 95% interval)")


def test_a_file_that_does_not_load_loses_its_games_and_the_tournament_goes_on(tmp_path):
    """A student's file that does not load loses every game, by ``crash``, as
    agents_from_submissions warns; one whose choose_move raises is played on by the protocol
    server with the first legal move, its traceback kept in the game's standard error."""
    (tmp_path / "broken.py").write_text("class MyAgent(:\n")
    (tmp_path / "raising.py").write_text(RAISING)
    tournament = nb08.class_tournament(tmp_path, yardsticks=["greedy"], pairs_per_match=1,
                                       workers=0, time_ms=60_000,
                                       ready_ms=LOADED_READY_MS)
    names = tournament.table.names
    assert names == ["greedy", "broken", "raising"]
    broken, raising = names.index("broken"), names.index("raising")
    for (i, j), match in tournament.table.matches.items():
        if broken in (i, j):
            assert match.reasons == {"crash": 2}
            assert match.points == (0 if i == broken else 2)
        else:
            assert "crash" not in match.reasons
            for game in match.games:
                side = 0 if game.first.endswith("raising.py") else 1
                assert "playing the first legal move instead" in game.stderr[side]
                assert "RuntimeError: not finished" in game.stderr[side]
    assert tournament.table.standings()[-1][:2] == ("broken", 0.0)
    assert tournament.ratings.rows[-1].name == "broken"


def test_section_5_says_what_its_tournament_gives(tmp_path):
    """Section 5's small tournament, played again from the notebook's own agent files: the text
    after it says greedy and careful_greedy split their pair and both beat first_move twice, and
    quotes the intervals' half-width."""
    cells = _cells()
    careful = next(c for c in cells if c.startswith('%%writefile "{agent_dir}/careful_greedy.py"'))
    first = next(c for c in cells if c.startswith('%%writefile "{agent_dir}/class/first_move.py"'))
    (tmp_path / "careful_greedy.py").write_text(careful.split("\n", 1)[1])
    (tmp_path / "first_move.py").write_text(first.split("\n", 1)[1])
    played = next(c for c in cells if "tournament = class_tournament(class_folder" in c)
    call = re.search(r"class_tournament\(class_folder, (.*?)\)\n", played, re.S).group(1)
    assert call.replace("\n", "").split() == ['yardsticks=["greedy"],', "pairs_per_match=1,",
                                              "seed=1,", "workers=2,", "time_ms=60_000,",
                                              "ready_ms=60_000"]
    tournament = nb08.class_tournament(tmp_path, yardsticks=["greedy"], pairs_per_match=1,
                                       seed=1, workers=0, time_ms=60_000,
                                       ready_ms=LOADED_READY_MS)
    names = tournament.table.names
    points = tournament.table.points_matrix()
    greedy, careful_greedy, first_move = (names.index(n) for n in
                                          ("greedy", "careful_greedy", "first_move"))
    assert points[greedy, careful_greedy] == points[careful_greedy, greedy] == 1
    assert points[greedy, first_move] == points[careful_greedy, first_move] == 2
    top = [row for row in tournament.ratings.rows if row.name != "first_move"]
    assert {row.name for row in tournament.ratings.rows[:2]} == {"greedy", "careful_greedy"}
    assert top[0].elo == pytest.approx(top[1].elo)
    said = next(c for c in cells if c.startswith("Greedy and careful_greedy"))
    assert "split their pair" in said and "beat first_move twice" in said
    assert f"about ±{round(top[0].margin)} Elo" in said
