"""Notebook 08, the tournament: its exercises, registered with ``course_lib.exercises``.

Each right answer is computed here by the library when a check runs: the round robin's
scores by its Elo table, the number of games by ``round_robin_games``, the broken program's
fate by the referee itself (``replay``), the Elo difference by ``elo_from_score``. The results,
counts and transcript are the questions; the notebook shows the same ones.
"""

from __future__ import annotations

from typing import Any

from ..exercises import register
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
    hint="C's points are 1 per win and 1/2 per draw in ALL of C's matches, divided by all of "
         "C's games. C appears as the first name in some matches and as the second in others: "
         "in ('A', 'C'): (3, 0, 5) A won 3 and lost 5, so C won 5 and lost 3. "
         "round_robin_elo(results_1) lists every player's points and games.",
    compare=within(1e-3))

register(
    "08-games", _games,
    mistake=16 * 15 * 2 * 5,  # every pairing counted twice (A-B and B-A)
    hint="every pair of players meets once: n (n - 1) / 2 matches for n players, here with "
         "the 4 course agents counted too; each match is 5 pairs of 2 games. "
         "round_robin_games(players, pairs_per_match) computes it.",
    compare=_whole_number)

register(
    "08-broken-reason", _broken_reason,
    mistake="malformed",
    hint="put the moves on a board, captures included: State.start().play('7 7 5 7') and so on. "
         "Whose stone is on the square o's last move starts from? The referee's reason codes "
         "are timeout, malformed, illegal, illegal-pass, crash and closed. "
         "replay(transcript_3).reason asks the referee itself.",
    compare=_same_reason)

register(
    "08-elo-difference", _elo_difference,
    mistake=400 * 0.15,  # a straight line through 50% instead of the logistic
    hint="the score is 13 / 20 = 0.65; find the difference D with "
         "1 / (1 + 10 ** (-D / 400)) = 0.65, that is D = -400 * log10(1 / 0.65 - 1). "
         "elo_from_score(0.65) computes it. Answer to within 1 Elo.",
    compare=within(1.0))
