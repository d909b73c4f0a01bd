"""The Elo difference after a sequential test, without the bias of stopping.

An SPRT stops when its results have run high enough (accept H1) or low enough (accept H0). So
the score at the stop is not a fair sample: a test that accepts H1 early does so because its
first games went well, and the Elo computed from its score (``elo_estimate``) lies above the
truth more often than below. Printed after a stopped test, that naive figure is biased.

The estimate engine testers print instead (Fishtest's, after Siegmund, "Estimation following
sequential tests", 1978) is **median-unbiased**: the true difference at which the test's
outcome is as likely to be worse than the observed one as better. Outcomes are ordered as
``BrownianTest.outcome_below`` says: an early H0 is the worst, a late H1 the best but one, an
early H1 the best. The chance of a worse outcome comes from the Brownian model of the test's
LLR (``course_lib.strength.brownian``), whose drift and variance depend on the true mean score
``s``; the estimate is the ``s`` at which that chance is 1/2, and the ends of its interval the
``s`` at which it is ``(1 +- confidence) / 2``. (Over many tests stopped the same way, half the
estimates lie above the truth and half below; a test simulates that.)

The model's inputs, as Fishtest's ``sprt.py`` has them:

- the LLR is the Brownian approximation's ``N (s_hat - (s0 + s1) / 2) (s1 - s0) / v_hat``
  (``N`` samples, ``s_hat`` their mean score, ``v_hat`` its variance); for a true score ``s``
  the drift is ``(s - (s0 + s1) / 2) (s1 - s0) / v`` and the variance ``(s1 - s0)^2 / v`` per
  sample, with ``v = v_hat + (s - s_hat)^2`` (the variance the samples would have around
  ``s``);
- a test that accepted a hypothesis is taken to have met its bound: at the observed LLR's
  slope, at the time the slope reaches the bound (a real LLR overshoots it);
- the win/loss test moves by its two exact steps per decisive game, and up to
  ``EXACT_WIN_LOSS_GAMES`` decisive games its estimate is exact: the chance of a worse outcome
  comes from dynamic programming over the wins after each game, and, its outcomes being
  discrete, the estimate is halfway between where a worse outcome and where a worse or equal
  one has the chance 1/2.

The estimate is of the mean score; it is given in logistic Elo (``elo_from_score``) and in
normalized Elo (the score's distance from 1/2 in units of the observed per-game deviation).

>>> from course_lib.strength import Sprt
>>> test = Sprt.from_totals(pairs=[11, 0, 54, 0, 69], elo0=0, elo1=10, kind="pentanomial",
...                         scale="normalized")
>>> print(sprt_elo_estimate(test))
H1 accepted after 268 games: median-unbiased +159.1 logistic Elo (95% interval +115.2 to +225.1), +164.4 normalized Elo (+122.8 to +218.9); naive +161.0 logistic Elo, +166.1 normalized Elo (biased: the test stopped because its results ran high)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import CourseError
from .brownian import BrownianTest
from .elo import (NELO_PER_T, check_confidence, elo_estimate, elo_estimate_pairs, elo_from_score,
                  expected_score)
from .llr import MAX_ELO_BOUND, REGULARIZATION
from .sprt import ACCEPT_H0, ACCEPT_H1, Sprt

__all__ = ["SprtEloEstimate", "sprt_elo_estimate"]

EXACT_WIN_LOSS_GAMES = 1000
"""Up to this many decisive games the win/loss test's estimate is computed exactly (dynamic
programming); beyond, by the Brownian model, which is close by then and much faster."""


@dataclass(frozen=True)
class SprtEloEstimate:
    """The Elo difference after a sequential test: median-unbiased, with its interval, beside
    the naive figure from the score.

    ``elo``, ``elo_low``, ``elo_high`` are logistic Elo; ``normalized_elo`` and its ends are
    normalized Elo (None for the win/loss test, which has no per-game deviation to scale by).
    ``naive_elo`` and ``naive_normalized_elo`` are the usual estimates from the score, biased
    when the test stopped at a bound.
    """

    elo: float
    elo_low: float
    elo_high: float
    normalized_elo: float | None
    normalized_low: float | None
    normalized_high: float | None
    naive_elo: float
    naive_normalized_elo: float | None
    confidence: float
    state: str
    """The test's state: "accept H1", "accept H0" or "continue"."""
    games: int
    note: str = ""
    """When every game (pair) of the test scored the same, what the results can tell (the
    exact bound of ``EloEstimate.note``): the model behind the median-unbiased estimate takes
    the results' variance, and they have none, so ``elo`` is then the naive figure, its ends
    the exact bound, and the normalized figures None. '' otherwise."""

    def __str__(self) -> str:
        """Both figures, each with its unit.

        >>> print(sprt_elo_estimate(Sprt.from_totals(wins=60, losses=40)))
        no decision after 100 games: median-unbiased +69.9 logistic Elo (95% interval -2.2 to +144.2); naive +70.4 logistic Elo (what the score says so far)
        """
        percent = f"{self.confidence * 100:g}%"
        if self.note:
            head = {ACCEPT_H1: "H1 accepted", ACCEPT_H0: "H0 accepted"}.get(
                self.state, "no decision")
            return (f"{head} after {self.games} games, every result the same: no "
                    f"median-unbiased estimate (its model needs results that vary); {self.note}")
        unbiased = (f"median-unbiased {_shown(self.elo)} logistic Elo ({percent} interval "
                    f"{_shown(self.elo_low)} to {_shown(self.elo_high)})")
        naive = f"{_shown(self.naive_elo)} logistic Elo"
        if self.normalized_elo is not None:
            unbiased += (f", {_shown(self.normalized_elo)} normalized Elo "
                         f"({_shown(self.normalized_low)} to {_shown(self.normalized_high)})")
            naive += f", {_shown(self.naive_normalized_elo)} normalized Elo"
        if self.state == ACCEPT_H1:
            head = f"H1 accepted after {self.games} games"
            why = "biased: the test stopped because its results ran high"
        elif self.state == ACCEPT_H0:
            head = f"H0 accepted after {self.games} games"
            why = "biased: the test stopped because its results ran low"
        else:
            head = f"no decision after {self.games} games"
            why = "what the score says so far"
        return f"{head}: {unbiased}; naive {naive} ({why})"


def _shown(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:+.1f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def _solve(decreasing: Callable[[float], float], target: float, low: float,
           high: float) -> float:
    """The x in [low, high] where ``decreasing(x) = target`` (bisection); an end of the range
    when the target lies beyond it."""
    if decreasing(low) <= target:
        return low
    if decreasing(high) >= target:
        return high
    while high - low > 1e-10:
        middle = (low + high) / 2
        if decreasing(middle) > target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _scores(worse: Callable[[float], float], worse_or_same: Callable[[float], float],
            tail: float, low: float, high: float) -> list[float]:
    """[estimate, low end, high end] as mean scores, from the chances of a worse outcome and of
    a worse or equal one (the same function for a continuous model).

    A discrete outcome ties with itself: the estimate is halfway between the score at which a
    strictly worse outcome has the chance 1/2 and the one at which a worse or equal one has;
    the interval's ends, as an exact (Clopper-Pearson) interval's are, the scores at which the
    observed outcome or a better one, and the observed outcome or a worse one, have the chance
    ``tail``. A solution at an end of the whole range of scores is a score of 0 or 1."""
    middle = _solve(worse, 0.5, low, high)
    if worse_or_same is not worse:
        middle = (middle + _solve(worse_or_same, 0.5, low, high)) / 2
    scores = [middle, _solve(worse, 1 - tail, low, high), _solve(worse_or_same, tail, low, high)]
    return [0.0 if s <= 1e-9 else 1.0 if s >= 1 - 1e-9 else s for s in scores]


def _observed_point(test: Sprt, slope: float, samples: int) -> tuple[float, float]:
    """(time, LLR) where the Brownian model places the observed test: a test that accepted a
    hypothesis met that bound, at ``bound / slope`` if the slope gets there sooner."""
    llr = slope * samples
    if test.state == ACCEPT_H1:
        return (test.upper_bound / slope if llr > test.upper_bound else samples), \
            test.upper_bound
    if test.state == ACCEPT_H0:
        return (test.lower_bound / slope if llr < test.lower_bound else samples), \
            test.lower_bound
    return samples, min(test.upper_bound, max(test.lower_bound, llr))


def sprt_elo_estimate(test: Sprt, confidence: float = 0.95) -> SprtEloEstimate:
    """The median-unbiased Elo difference after ``test`` (an ``Sprt`` holding its results,
    stopped or not), with a ``confidence`` interval, beside the naive one (module text).

    For a test still running it is what the estimate would be if the test stopped now (the
    same as after a cap). Scores of 0 or 1 give infinite Elo.

    >>> print(sprt_elo_estimate(Sprt.from_totals(wins=23, losses=0)))     # the lecture's test
    H1 accepted after 23 games: median-unbiased +728.8 logistic Elo (95% interval +303.8 to +inf); naive +inf logistic Elo (biased: the test stopped because its results ran high)
    """
    if not isinstance(test, Sprt):
        raise CourseError(f"test must be an Sprt holding its results, got {test!r:.80}")
    confidence = check_confidence(confidence)
    tail = (1 - confidence) / 2
    lower, upper = test.lower_bound, test.upper_bound

    if test.kind == "win_loss":
        wins, losses = test.wins, test.losses
        if wins + losses == 0:
            raise CourseError("no decisive game yet: the win/loss test has nothing to "
                              "estimate from (draws do not count)")

        if wins + losses <= EXACT_WIN_LOSS_GAMES:
            scores = _win_loss_exact_scores(test, tail)
        else:                          # long enough for the Brownian model to hold
            up, down = test._win_step, test._loss_step
            samples = wins + losses
            time, y = _observed_point(test, test.llr / samples, samples)

            def worse(s: float) -> float:
                return BrownianTest(lower, upper, s * up + (1 - s) * down,
                                    s * (1 - s) * (up - down) ** 2).outcome_below(time, y)

            scores = _scores(worse, worse, tail, 1e-9, 1 - 1e-9)
        sigma = None
        naive, naive_normalized = wins / (wins + losses), None
        games = test.games
    elif sum(1 for count in test.counts if count) <= 1:
        return _one_result(test, confidence)
    else:
        k = len(test.counts)
        regular = [c if c > 0 else REGULARIZATION for c in test.counts]
        total = sum(regular)
        values = [i / (k - 1) for i in range(k)]
        observed = sum(v * c for v, c in zip(values, regular)) / total
        v_hat = sum(c * (v - observed) ** 2 for v, c in zip(values, regular)) / total
        sigma = math.sqrt(2 * v_hat if k == 5 else v_hat)          # per game
        if test.scale == "normalized":
            s0 = 0.5 + test.elo0 / NELO_PER_T * sigma
            s1 = 0.5 + test.elo1 / NELO_PER_T * sigma
        else:
            s0, s1 = expected_score(test.elo0), expected_score(test.elo1)

        def motion(s: float) -> BrownianTest:
            v = v_hat + (s - observed) ** 2
            return BrownianTest(lower, upper, (s - (s0 + s1) / 2) * (s1 - s0) / v,
                                (s1 - s0) ** 2 / v)

        samples = sum(test.counts)
        time, y = _observed_point(test, motion(observed).drift, samples)
        from_score = (elo_estimate_pairs(test.counts) if k == 5
                      else elo_estimate(*test.counts[::-1]))
        naive, naive_normalized = from_score.score, from_score.normalized_elo
        games = test.games

        def worse(s: float) -> float:
            return motion(s).outcome_below(time, y)

        # The drift rises with s only while v grows slower than the distance from the middle:
        # between middle -+ sqrt((observed - middle)^2 + v_hat). Beyond, the chance of a
        # worse outcome would stop falling; the solution lies inside.
        middle = (s0 + s1) / 2
        reach = math.sqrt((observed - middle) ** 2 + v_hat)
        scores = _scores(worse, worse, tail, max(1e-9, middle - reach),
                         min(1 - 1e-9, middle + reach))

    def normalized(s: float) -> float | None:
        if sigma is None:
            return None
        return (s - 0.5) / sigma * NELO_PER_T if 0 < s < 1 else math.copysign(math.inf, s - 0.5)

    return SprtEloEstimate(
        elo=elo_from_score(scores[0]), elo_low=elo_from_score(scores[1]),
        elo_high=elo_from_score(scores[2]), normalized_elo=normalized(scores[0]),
        normalized_low=normalized(scores[1]), normalized_high=normalized(scores[2]),
        naive_elo=elo_from_score(naive), naive_normalized_elo=naive_normalized,
        confidence=confidence, state=test.state, games=games)


def _one_result(test: Sprt, confidence: float) -> SprtEloEstimate:
    """The estimate after a trinomial or pentanomial test whose games (pairs) all scored the
    same: the score's exact bound (``EloEstimate.note``), since the Brownian model takes its
    variance from the results and there is none.

    >>> print(sprt_elo_estimate(Sprt.from_totals(pairs=[0, 0, 0, 0, 23])))
    H1 accepted after 46 games, every result the same: no median-unbiased estimate (its model needs results that vary); A won every pair (23 pairs): there is no finite Elo estimate and no usual interval; with 95% confidence the Elo difference is at least 303.82 logistic Elo (an exact bound); an estimate needs pairs that A did not win
    """
    score = (elo_estimate_pairs(test.counts, confidence) if test.kind == "pentanomial"
             else elo_estimate(*test.counts[::-1], confidence=confidence))
    return SprtEloEstimate(
        elo=score.elo, elo_low=score.elo_low, elo_high=score.elo_high, normalized_elo=None,
        normalized_low=None, normalized_high=None, naive_elo=score.elo,
        naive_normalized_elo=None, confidence=confidence, state=test.state, games=test.games,
        note=score.note)


def _win_loss_outcomes(test: Sprt, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each win probability of a decisive game in ``s``, the exact chances that the
    win/loss test ends worse than it did (``outcome_below``'s order) and that it ends exactly
    as it did: dynamic programming over the wins after each decisive game, keeping only the
    states between the bounds, as ``win_loss_operating_characteristic`` does. (A test accepts
    H1 at a given game with one number of wins only, so an acceptance is one outcome.)"""
    n, observed_wins = test.wins + test.losses, test.wins
    up, down = test._win_step, test._loss_step
    s = s[:, None]
    first = 0                                      # running[:, i]: first + i wins, still on
    running = np.ones((s.shape[0], 1))
    zero = np.zeros(s.shape[0])
    h0_before, h0_last, h1_before, h1_last = zero, zero, zero, zero
    for played in range(1, n + 1):
        after = np.zeros((running.shape[0], running.shape[1] + 1))
        after[:, :-1] += running * (1 - s)
        after[:, 1:] += running * s
        wins = first + np.arange(after.shape[1])
        llr = wins * up + (played - wins) * down
        high, low = llr >= test.upper_bound, llr <= test.lower_bound
        h0_before, h0_last = h0_before + h0_last, after[:, low].sum(axis=1)
        h1_before, h1_last = h1_before + h1_last, after[:, high].sum(axis=1)
        inside = np.flatnonzero(~(high | low))     # contiguous: the LLR rises with the wins
        if inside.size == 0:
            running = np.zeros((s.shape[0], 0))
            break
        running, first = after[:, inside[0]:inside[-1] + 1], first + int(inside[0])
    if test.state == ACCEPT_H1:
        return 1 - h1_before - h1_last, h1_last
    if test.state == ACCEPT_H0:
        return h0_before, h0_last
    index = observed_wins - first
    below = running[:, :max(0, index)].sum(axis=1)
    same = running[:, index] if 0 <= index < running.shape[1] else zero
    return h0_before + h0_last + below, same


def _win_loss_exact_scores(test: Sprt, tail: float) -> list[float]:
    """``_scores`` for the win/loss test, exactly: both chances on a grid of one Elo from -2000
    to 2000 Elo, then on a grid of 0.01 Elo around each solution (a solution beyond the grid
    is an infinite Elo: a score of 0 or 1)."""
    def chances(elos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        worse, same = _win_loss_outcomes(test, 1 / (1 + 10 ** (-elos / 400)))
        return worse, worse + same

    wanted = [(0, 0.5), (1, 0.5), (0, 1 - tail), (1, tail)]      # (curve, chance)
    coarse = np.linspace(-MAX_ELO_BOUND, MAX_ELO_BOUND, 4001)
    curves = chances(coarse)
    elos = [0.0] * len(wanted)
    brackets = []                                                # (wanted's index, grid)
    for k, (which, target) in enumerate(wanted):
        below = np.flatnonzero(curves[which] <= target)          # the curves fall with Elo
        if below.size == 0:
            elos[k] = math.inf
        elif below[0] == 0:
            elos[k] = -math.inf
        else:
            brackets.append((k, np.linspace(coarse[below[0] - 1], coarse[below[0]], 101)))
    if brackets:
        fine = chances(np.concatenate([grid for _, grid in brackets]))
        for j, (k, grid) in enumerate(brackets):
            which, target = wanted[k]
            values = fine[which][101 * j:101 * (j + 1)]
            i = int(np.flatnonzero(values <= target)[0])         # >= 1: values[0] > target
            share = (values[i - 1] - target) / (values[i - 1] - values[i])
            elos[k] = grid[i - 1] + share * (grid[i] - grid[i - 1])
    scores = [1.0 if e == math.inf else 0.0 if e == -math.inf else 1 / (1 + 10 ** (-e / 400))
              for e in elos]
    return [(scores[0] + scores[1]) / 2, scores[2], scores[3]]
