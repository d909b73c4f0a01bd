"""Elo ratings for a round robin: every player's rating, with an interval, from all the games.

The ratings are the maximum-likelihood fit of the logistic Elo model (Bradley-Terry, as Ordo
and BayesElo fit it without their priors): player i scores ``expected_score(R_i - R_j)`` per
game against j on average, a draw counting half a point. The ratings average 0. The interval
comes from the curvature of the likelihood at its peak (the inverse Fisher information, taken
with the average fixed at 0), so it treats a draw like half a win and half a loss: with many
draws it is a little wider than it needs to be.

Results are given as ``{(a, b): (wins, draws, losses)}`` from a's point of view, or as a list
of objects with ``name_a``, ``name_b``, ``wins``, ``draws``, ``losses`` (``play_match``'s
``MatchResult``).

>>> table = round_robin_elo({("greedy", "random"): (15, 2, 3), ("minimax", "random"): (18, 1, 1),
...                          ("minimax", "greedy"): (12, 3, 5)})
>>> [row.name for row in table.rows]
['minimax', 'greedy', 'random']
>>> abs(sum(row.elo for row in table.rows)) < 1e-9     # they average 0
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Iterable, Mapping

import numpy as np

from ..errors import CourseError
from ..i18n import _
from .elo import check_confidence, check_count

__all__ = ["EloRow", "EloTable", "round_robin_elo"]

_C = math.log(10) / 400          # d expected_score / d Elo = _C * p (1 - p)


@dataclass(frozen=True)
class EloRow:
    """One player's line of an Elo table."""

    name: str
    elo: float
    elo_low: float
    elo_high: float
    games: int
    points: float
    """Points scored: 1 per win, 1/2 per draw."""

    @property
    def margin(self) -> float:
        return (self.elo_high - self.elo_low) / 2

    @property
    def score(self) -> float:
        """Points per game, 0..1."""
        return self.points / self.games if self.games else 0.0


@dataclass(frozen=True)
class EloTable:
    """Ratings of a round robin, strongest first."""

    rows: list[EloRow]
    confidence: float

    def __str__(self) -> str:
        width = max(4, *(len(row.name) for row in self.rows))
        lines = [f"{'rank':>4}  {'name':<{width}}  {'Elo':>7}  {'+-':>6}  {'games':>5}  score"]
        for rank, row in enumerate(self.rows, 1):
            lines.append(f"{rank:>4}  {row.name:<{width}}  {row.elo:>7.1f}  {row.margin:>6.1f}"
                         f"  {row.games:>5}  {row.score * 100:5.1f}%")
        lines.append(_("(logistic Elo, average 0; +- is half the {percent}% interval)").format(
            percent=f"{self.confidence * 100:g}"))
        return "\n".join(lines)


def _collect(results: Mapping[tuple[str, str], tuple[int, int, int]] | Iterable[Any],
             prior_draws: float) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Player names, games matrix n[i, j] and points matrix s[i, j] (i's points against j)."""
    if isinstance(results, Mapping):
        items = []
        for key, record in results.items():
            if not (isinstance(key, tuple) and len(key) == 2):
                raise CourseError(
                    "results must be a dict {(a, b): (wins, draws, losses)} keyed by pairs of "
                    f"player names; got the key {key!r:.100}")
            items.append((key[0], key[1], record))
    else:
        if isinstance(results, (str, bytes)) or not hasattr(results, "__iter__"):
            raise CourseError(
                "results must be a dict {(a, b): (wins, draws, losses)} or a list of match "
                f"results; got {type(results).__name__}")
        items = []
        for match in results:
            try:
                items.append((match.name_a, match.name_b,
                              (match.wins, match.draws, match.losses)))
            except AttributeError:
                raise CourseError(
                    "results must be a dict {(a, b): (wins, draws, losses)} or a list of "
                    f"match results with name_a, name_b, wins, draws, losses; got {match!r}"
                ) from None
    for a, b, _ in items:
        for name in (a, b):
            if not isinstance(name, str) or not name:
                raise CourseError(f"a player's name must be non-empty text, got {name!r:.100}")
        if a == b:
            raise CourseError(f"{a!r} cannot play against itself")
    names = sorted({name for a, b, _ in items for name in (a, b)})
    if len(names) < 2:
        raise CourseError("a table needs games between at least two players")
    index = {name: i for i, name in enumerate(names)}
    games = np.zeros((len(names), len(names)))
    points = np.zeros_like(games)
    for a, b, record in items:
        try:
            wins, draws, losses = record
        except (TypeError, ValueError):
            raise CourseError(f"the result of {a} vs {b} must be (wins, draws, losses), "
                              f"got {record!r}") from None
        wins, draws, losses = (check_count(f"{what} of {a} vs {b}", value) for what, value
                               in (("wins", wins), ("draws", draws), ("losses", losses)))
        i, j = index[a], index[b]
        n = wins + draws + losses
        games[i, j] += n
        games[j, i] += n
        points[i, j] += wins + draws / 2
        points[j, i] += losses + draws / 2
    played = games > 0
    games += prior_draws * played
    points += prior_draws / 2 * played
    return names, games, points


def _check_finite_ratings(names: list[str], games: np.ndarray, points: np.ndarray) -> None:
    """Raise unless a finite maximum exists: every group of players must score against the
    rest and concede to it (the comparison graph is strongly connected)."""
    n = len(names)

    def reach(edges: np.ndarray) -> set[int]:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j in np.flatnonzero(edges[i]):
                if j not in seen:
                    seen.add(int(j))
                    todo.append(int(j))
        return seen

    connected = reach(games > 0)
    if len(connected) < n:
        apart = [names[i] for i in range(n) if i not in connected]
        raise CourseError(f"{', '.join(apart)} never played (even through others) against "
                          f"{names[0]}: their ratings cannot be compared")
    for scored, word in ((points > 0, "lost every game"), ((points > 0).T, "won every game")):
        group = reach(scored)
        if len(group) < n:
            rest = [names[i] for i in range(n) if i not in group]
            inside = [names[i] for i in sorted(group)]
            raise CourseError(
                f"{', '.join(inside)} {word} against {', '.join(rest)}, so the rating gap is "
                f"unbounded; play more games or pass prior_draws=1 (one virtual draw per "
                f"pairing)")


def round_robin_elo(results: Mapping[tuple[str, str], tuple[int, int, int]] | Iterable[Any],
                    confidence: float = 0.95, prior_draws: float = 0.0) -> EloTable:
    """Maximum-likelihood Elo ratings (average 0) with ``confidence`` intervals.

    ``prior_draws`` adds that many virtual draws to every pairing that played, which keeps
    ratings finite when someone wins or loses everything.

    >>> table = round_robin_elo({("a", "b"): (30, 40, 30)})
    >>> [(row.name, round(row.elo, 6)) for row in table.rows]
    [('a', 0.0), ('b', 0.0)]
    """
    confidence = check_confidence(confidence)
    if isinstance(prior_draws, bool) or not isinstance(prior_draws, (int, float)) \
            or not 0 <= prior_draws <= 1e6:
        raise CourseError(f"prior_draws must be a number from 0 to 1,000,000 (virtual draws per "
                          f"pairing), got {prior_draws!r:.60}")
    names, games, points = _collect(results, float(prior_draws))
    _check_finite_ratings(names, games, points)

    n = len(names)
    ratings = np.zeros(n)
    for _ in range(500):                       # Newton's method on the concave log-likelihood
        diff = ratings[:, None] - ratings[None, :]
        p = 1 / (1 + 10 ** (-diff / 400))
        gradient = _C * (points - games * p).sum(axis=1)
        weight = _C * _C * games * p * (1 - p)
        information = np.diag(weight.sum(axis=1)) - weight
        # the ratings are fixed only up to a constant: solve with their sum held at 0
        try:
            step = np.linalg.solve(information + np.ones((n, n)) / n, gradient)
        except np.linalg.LinAlgError:
            raise CourseError("these results give no ratings: the fit met a singular matrix, "
                              "the counts being too lopsided to rate; pass prior_draws=1") from None
        step = np.clip(step, -200, 200)        # damped far from the peak
        ratings += step
        ratings -= ratings.mean()
        if np.max(np.abs(step)) < 1e-10:
            break
    # A rating within 1e-9 of 0 is 0 up to the rounding noise of the linear algebra, whose
    # sign differs between processors and BLAS kernels (-1e-15 would print as -0.0 on one
    # machine and 0.0 on another): make it exactly 0.
    ratings = np.where(np.abs(ratings) < 1e-9, 0.0, ratings)
    diff = ratings[:, None] - ratings[None, :]
    p = 1 / (1 + 10 ** (-diff / 400))
    weight = _C * _C * games * p * (1 - p)
    information = np.diag(weight.sum(axis=1)) - weight
    covariance = np.linalg.pinv(information)   # the inverse on the ratings that sum to 0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    margins = z * np.sqrt(np.maximum(np.diag(covariance), 0))
    real_games = games - prior_draws * (games > 0)
    real_points = points - prior_draws / 2 * (games > 0)
    rows = [EloRow(name=names[i], elo=float(ratings[i]), elo_low=float(ratings[i] - margins[i]),
                   elo_high=float(ratings[i] + margins[i]),
                   games=int(round(real_games[i].sum())), points=float(real_points[i].sum()))
            for i in range(n)]
    rows.sort(key=lambda row: -row.elo)
    return EloTable(rows=rows, confidence=confidence)
