"""Notebook 08, the tournament: the class tournament's tools and the exercises.

The class tournament (section 5), for an instructor: every student's agent is a file in one
folder, ``NAME.py`` holding a class with ``choose_move`` (the file that exercise 5 writes,
``my_agent.py``, renamed for its author), or any program that speaks the referee protocol,
marked executable. ``agents_from_submissions`` fills such a folder from nbgrader's submitted
notebooks; ``agent_programs`` turns the folder into ``Program``s, a Python file run as
``python -m course_lib.lessons.nb08 FILE``; ``class_tournament`` plays them and the course's
yardsticks in a round robin and rates them with ``round_robin_elo``.

>>> from pathlib import Path
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "ada.py").write_text("class MyAgent:\\n    name = 'ada'\\n"
...                                    "    def choose_move(self, state):\\n"
...                                    "        return state.legal_moves()[0]\\n")
>>> [program.name for program in agent_programs(folder)]
['ada']

Exercise 5, open-ended, is graded by games: the student's agent must score more than half the
points against greedy in ``ENTRY_PAIRS`` colour-swapped pairs (``entry_test``). The other
exercises' right answers are computed here by the library when a check runs: the round
robin's scores by its Elo table, the number of games by ``round_robin_games``, the broken
program's fate by the referee itself (``replay``), the Elo difference by ``elo_from_score``.
The results, counts and transcript are the questions; the notebook shows the same ones.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..agents import GreedyAgent
from ..errors import CourseError
from ..exercises import _is_stub, register
from ..i18n import N_, _
from ..match import Program, play_match, round_robin
from ..match.play import GameRecord, MatchResult, random_opening
from ..match.tournament import replay, round_robin_games
from ..strength import elo_from_score, round_robin_elo
from .compare import whole_number as _whole_number
from .compare import within

RESULTS = {("A", "B"): (5, 1, 2), ("A", "C"): (3, 0, 5), ("A", "D"): (6, 2, 0),
           ("B", "C"): (4, 0, 4), ("B", "D"): (2, 4, 2), ("C", "D"): (1, 3, 4)}
"""08-crosstable-score: a round robin as {(a, b): (a's wins, draws, a's losses)}; C's score."""
SCORE_PLAYER = "C"

PLAYERS, PAIRS = 16, 5
"""08-games: the games of a round robin of 12 students and the 4 course agents, 5 pairs per
match."""

TRANSCRIPT = """\
> READY SECOND
< OK
> OPP 7 7 5 7 41
> TURN 10000 9959
< MOVE 1 7 2 6
> OPP 5 7 3 7 38
> TURN 9994 9921
< MOVE 2 6 3 6"""
"""08-broken-reason: the reason code of the game this program's transcript comes from."""

POINTS, GAMES = 13, 20
"""08-elo-difference: the Elo difference that a score of 13 points in 20 games stands for."""


# --- The class tournament (section 5) ----------------------------------------------------------

AGENT_CLASS = "MyAgent"
"""The class an agent file is played by; a file without one is played by its only class that
has a ``choose_move`` method."""
YARDSTICKS = ("random", "greedy", "alphabeta:depth=3,order=gain,tier=fast")
"""The course's agents that a class tournament adds, so that the ratings mean something from
one class to the next."""
ENTRY_GRADE_ID = "08-tournament-entry"
"""The nbgrader id of exercise 5's answer cell: the agent file."""


def agent_class(path: str | os.PathLike) -> type:
    """The agent class of the file ``path`` (see ``AGENT_CLASS``); running the file defines
    it. Raises CourseError, in words, when there is none or more than one."""
    found = runpy.run_path(str(path), run_name="agent_file")
    if isinstance(found.get(AGENT_CLASS), type):
        return found[AGENT_CLASS]
    classes = [value for value in found.values() if isinstance(value, type)
               and value.__module__ == "agent_file" and hasattr(value, "choose_move")]
    if len(classes) != 1:
        raise CourseError(f"{path}: an agent file defines a class {AGENT_CLASS} (or exactly "
                          f"one class with a choose_move method); it defines {len(classes)} "
                          "classes with choose_move")
    return classes[0]


def serve_agent_file(path: str | os.PathLike) -> int:
    """Play the agent of the file ``path`` under the referee protocol on this process's
    standard streams, from the position in ``ATAXX_START_FEN`` when it is set; return the exit
    code. (What ``agent_programs`` runs: ``python -m course_lib.lessons.nb08 FILE``.)"""
    from ..ataxx import State
    from ..match.protocol import START_FEN_VARIABLE, run_on_stdio, serve
    agent = agent_class(path)()
    fen = os.environ.get(START_FEN_VARIABLE)
    start = State.from_fen(fen) if fen else None
    return run_on_stdio(lambda stdin, stdout: serve(agent, stdin, stdout, start=start))


def agent_programs(folder: str | os.PathLike, python: str | None = None) -> list[Program]:
    """A ``Program`` for every agent in ``folder``, named by its file without the extension,
    in the order of the names: a ``NAME.py`` run by ``python`` (default this one) as ``python
    -m course_lib.lessons.nb08 NAME.py``, any other file marked executable run as it is. Files
    whose name begins with . or _ are left out."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CourseError(f"{folder} is not a folder: give the folder that holds the agents")
    programs = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith((".", "_")) or not path.is_file():
            continue
        if path.suffix == ".py":
            command = [python or sys.executable, "-m", "course_lib.lessons.nb08",
                       str(path.resolve())]
        elif os.access(path, os.X_OK):
            command = [str(path.resolve())]
        else:
            continue
        programs.append(Program(command, name=path.stem))
    if not programs:
        raise CourseError(f"no agent in {folder}: put one NAME.py (a class with choose_move) "
                          "or one executable program per student there")
    return programs


def agents_from_submissions(submitted: str | os.PathLike, folder: str | os.PathLike,
                            assignment: str = "08_tournament") -> list[Path]:
    """Write each student's agent file into ``folder`` from nbgrader's submissions: the
    answer cell of exercise 5 (``ENTRY_GRADE_ID``) in ``submitted/STUDENT/ASSIGNMENT/*.ipynb``,
    without its ``%%writefile`` line, as ``folder/STUDENT.py``. A submission whose
    ``choose_move`` is still the skeleton is left out, and said so. Returns the files
    written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for notebook_path in sorted(Path(submitted).glob(f"*/{assignment}/*.ipynb")):
        student = notebook_path.parent.parent.name
        cells = json.loads(notebook_path.read_text())["cells"]
        answer = next(("".join(cell["source"]) for cell in cells
                       if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
                       == ENTRY_GRADE_ID), None)
        if answer is None:
            print(f"{student}: no exercise 5 cell in {notebook_path.name}; left out")
            continue
        target = folder / f"{student}.py"
        target.write_text(answer.split("\n", 1)[1] if answer.startswith("%%writefile")
                          else answer)
        try:
            unwritten = _is_stub(agent_class(target).choose_move)
        except Exception as error:                  # noqa: BLE001 - a student's file
            unwritten = False
            print(f"{student}: the file does not load ({type(error).__name__}: {error}); "
                  "kept: its games will be lost")
        if unwritten:
            target.unlink()
            print(f"{student}: choose_move is not written yet; left out")
            continue
        written.append(target)
    return written


@dataclass
class ClassTournament:
    """A class tournament: its round robin and the ratings."""

    table: Any
    """The ``RoundRobinReport``: cross table, standings, every game."""
    ratings: Any
    """The ``EloTable`` of ``round_robin_elo``: logistic Elo, average 0, 95% intervals."""

    def __str__(self) -> str:
        return f"{self.table}\n\n{self.ratings}"


def class_tournament(folder: str | os.PathLike, yardsticks: Sequence[str] = YARDSTICKS,
                     pairs_per_match: int = 10, seed: int = 1, workers: int | None = None,
                     time_ms: int = 10_000, prior_draws: float = 1,
                     ready_ms: int = 3_000) -> ClassTournament:
    """Every agent of ``folder`` (``agent_programs``) and the ``yardsticks`` in a round robin of
    ``pairs_per_match`` colour-swapped pairs per pairing, from seeded openings, every game
    through the referee with ``time_ms`` per side (and ``ready_ms`` for a program to start and
    answer READY: more on a busy machine); then their ratings (``prior_draws`` virtual draws
    per pairing keep them finite when someone wins or loses everything)."""
    players = list(yardsticks) + agent_programs(folder)
    table = round_robin(players, pairs_per_match=pairs_per_match, seed=seed, workers=workers,
                        progress=False, time_ms=time_ms, ready_ms=ready_ms)
    return ClassTournament(table, round_robin_elo(table.results(), prior_draws=prior_draws))


# --- Exercise 5: an agent for the tournament, graded by games ------------------------------------

ENTRY_PAIRS, ENTRY_SEED, ENTRY_OPENING_PLIES = 5, 8, 4
"""Exercise 5's games: this many colour-swapped pairs against greedy, from openings of this
many seeded random plies (seeds from ENTRY_SEED on)."""


@dataclass
class EntryTest:
    """The entry test's games: the student's agent (A) against greedy (B)."""

    match: MatchResult | None
    error: str = ""
    """What the agent raised, when it raised (the test stopped there)."""

    @property
    def score(self) -> float:
        return self.match.score if self.match is not None else 0.0

    @property
    def passed(self) -> bool:
        return not self.error and self.match is not None and self.score > 0.5

    def __str__(self) -> str:
        if self.error:
            return _("the agent raised an error, so the test stopped: {error}").format(
                error=self.error)
        illegal = sum("illegal" in game.reason for game in self.match.games)
        lost = _("; {games} games lost by an illegal move").format(games=illegal) if illegal \
            else ""
        line = (_("{match}; passes: more than half the points are needed{lost}") if self.passed
                else _("{match}; does not pass: more than half the points are needed{lost}"))
        return line.format(match=self.match, lost=lost)

    def __repr__(self) -> str:
        return f"<entry test: {self}>"


def entry_test(agent: type, pairs: int = ENTRY_PAIRS, seed: int = ENTRY_SEED) -> EntryTest | Any:
    """Play ``agent`` (a class: a fresh agent for every game) against greedy, ``pairs``
    colour-swapped pairs from seeded openings; print the result and return it. While its
    ``choose_move`` is still the skeleton, nothing is played and ``...`` is returned. An
    illegal move loses its game; an error stops the test.

    >>> class FirstMove:
    ...     name = "first-move"
    ...     def choose_move(self, state):
    ...         return state.legal_moves()[0]
    >>> entry = entry_test(FirstMove, pairs=1)
    first-move vs greedy: +0 =0 -2 (score 0.0%); does not pass: more than half the points are needed
    """
    if _is_stub(getattr(agent, "choose_move", None)):
        print(_("{agent}.choose_move is not written yet: nothing is played").format(
            agent=getattr(agent, "__name__", "the agent")))
        return ...
    try:
        result = EntryTest(play_match(agent, GreedyAgent, pairs=pairs,
                                      opening_plies=ENTRY_OPENING_PLIES, seed=seed))
    except Exception as error:                      # noqa: BLE001 - the student's code
        result = EntryTest(None, f"{type(error).__name__}: {error}")
    print(result)
    return result


def _entry_passes(answer: Any, expected: bool) -> bool:
    """An entry test of the exercise's games whose verdict is ``expected``. An entry test of
    other games (fewer pairs, other openings, another opponent) raises CourseError, in words:
    the check says so instead of a hint about the agent."""
    if not isinstance(answer, EntryTest) or answer.match is None:
        return False
    openings = [random_opening(ENTRY_OPENING_PLIES, seed=ENTRY_SEED + pair).fen()
                for pair in range(ENTRY_PAIRS)]
    if (answer.match.name_b != GreedyAgent().name
            or [game.start.fen() for game in answer.match.games]
            != [fen for fen in openings for _colour in (0, 1)]):
        raise CourseError(_(
            "this entry test played {games} games against {opponent}, not the exercise's: run "
            "entry_test(MyAgent) as it is, without pairs= or seed= ({pairs} pairs against "
            "greedy from its openings)").format(games=len(answer.match.games),
                                                opponent=answer.match.name_b, pairs=ENTRY_PAIRS))
    return answer.passed == expected


def _crosstable_score() -> float:
    table = round_robin_elo(RESULTS)
    row = next(row for row in table.rows if row.name == SCORE_PLAYER)
    return row.points / row.games


def _games() -> int:
    return round_robin_games(PLAYERS, PAIRS)


def _broken_reason() -> str:
    return replay(TRANSCRIPT).reason


def _same_reason(answer: Any, expected: str) -> bool:
    """The reason code as text, in any case, with or without spaces or quotes around it."""
    return isinstance(answer, str) and answer.strip().strip("'\"").strip().lower() == expected


def _elo_difference() -> float:
    return elo_from_score(POINTS / GAMES)


register(
    "08-crosstable-score", _crosstable_score,
    mistake=2.5 / 8,  # only the match where C is named first
    hint=(
        N_("in which matches does C play: only those where C is named first?"),
        N_("C's points are 1 per win and 1/2 per draw in ALL of C's matches, divided by all of "
           "C's games. In ('A', 'C'): (3, 0, 5) A won 3 and lost 5, so C won 5 and lost 3."),
        N_("round_robin_elo(results_1) lists every player's points and games.")),
    compare=within(1e-3))

register(
    "08-games", _games,
    mistake=16 * 15 * 2 * 5,  # every pairing counted twice (A-B and B-A)
    hint=(
        N_("how many matches does a round robin play: does A against B count once or twice?"),
        N_("every pair of players meets once: n (n - 1) / 2 matches for n players, here with the "
           "4 course agents counted too; each match is 5 pairs of 2 games."),
        N_("round_robin_games(12 + 4, 5) computes it.")),
    compare=_whole_number)

register(
    "08-broken-reason", _broken_reason,
    mistake="malformed",
    hint=(
        N_("play the game on a board: is the program's last answer a move it may make there?"),
        N_("put the moves on a board, captures included: State.start().play('7 7 5 7') and so on. "
           "Whose stone is on the square o's last move starts from? The reason codes are timeout, "
           "malformed, illegal, illegal-pass, crash and closed."),
        N_("replay(transcript_3).reason asks the referee itself.")),
    compare=_same_reason)

register(
    "08-elo-difference", _elo_difference,
    mistake=400 * 0.15,  # a straight line through 50% instead of the logistic
    hint=(
        N_("the Elo model maps a difference to an expected score along a curve: which difference "
           "gives 13 / 20?"),
        N_("find D with 1 / (1 + 10 ** (-D / 400)) = 0.65, that is "
           "D = -400 * log10(1 / 0.65 - 1)."),
        N_("elo_from_score(13 / 20) computes it; answer to within 1 Elo.")),
    compare=within(1.0))


def _lost_entry() -> EntryTest:
    """The exercise's games all lost to greedy: the likely mistake the hints are written for."""
    games = []
    for pair in range(ENTRY_PAIRS):
        opening = random_opening(ENTRY_OPENING_PLIES, seed=ENTRY_SEED + pair)
        games.append(GameRecord(opening, [], None, 2, "no-stones", ("first-move", "greedy")))
        games.append(GameRecord(opening, [], None, 1, "no-stones", ("greedy", "first-move")))
    return EntryTest(MatchResult("first-move", "greedy", 0, 0, 2 * ENTRY_PAIRS, games))


register(
    "08-tournament-entry", lambda: True,
    mistake=_lost_entry(),
    hint=(
        N_("greedy looks only at what a move wins at once: what does it never look at, and how "
           "can your agent use that against it?"),
        N_("weigh every move by what it wins minus what the opponent can take back at once with "
           "its best reply (careful-greedy of section 1 used the reply only to break ties)."),
        N_("for each move: after = state.apply(move); if the game goes on, value = "
           "after.material(me) - max(after.gain(reply) for reply in after.legal_moves()); play "
           "the move with the highest value, the first on ties.")),
    compare=_entry_passes)


if __name__ == "__main__":                     # an agent file under the referee (section 5)
    sys.exit(serve_agent_file(sys.argv[1]))
