"""Notebook 07, measuring strength: how often an Elo interval holds the truth near a score of
0, the bias of an Elo printed after a stopped test, and the exercises.

``interval_coverage`` plays many seeded matches of known win and draw chances and counts how
often each kind of interval holds the true score.

``stopped_estimates`` runs many simulated SPRTs at a known true difference and gives each run's
naive Elo (from its score) and its median-unbiased Elo (``sprt_elo_estimate``), so that the
notebook can show where each lies against the truth.

Each exercise's right answer is computed here by the library when a check runs. The numbers
below are the questions; the notebook shows the same numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from ..checks import MAX_ELO_BOUND, MAX_SEED, number, whole
from ..errors import CourseError
from ..exercises import register, register_prediction
from ..i18n import N_, _
from ..strength import (Sprt, elo_estimate, elo_from_score, expected_score, game_probabilities,
                        pair_probabilities, simulate_sprt, sprt_elo_estimate, win_loss_llr)
from .compare import whole_number, within

# --- Intervals near a score of 0 (section 2) -----------------------------------------------------

MAX_MATCHES, MAX_MATCH_GAMES = 1_000_000, 10_000
"""The most matches ``interval_coverage`` plays, and the most games in each."""


@dataclass(frozen=True)
class IntervalCoverage:
    """Seeded matches of known chances, and how often each interval held the true score."""

    games: int
    matches: int
    true_score: float
    normal: float
    """The share of matches whose normal interval (section 2's formula) held the true score."""
    library: float
    """The share whose ``elo_estimate`` interval held it."""
    kinds: dict[str, float]
    """The share of matches in which ``elo_estimate`` gave each kind of interval (its
    ``interval``: "normal", "chernoff" or "exact")."""

    def __str__(self) -> str:
        return _("true score {score:5.1%} ({elo:+5.0f} logistic Elo): held by the normal interval "
                 "in {normal:5.1%}, by elo_estimate's in {library:5.1%}; elo_estimate's was "
                 "distribution-free in {chernoff:5.1%} of the matches, an exact bound in "
                 "{exact:5.1%}").format(
            score=self.true_score, elo=elo_from_score(self.true_score), normal=self.normal,
            library=self.library, chernoff=self.kinds["chernoff"], exact=self.kinds["exact"])


def interval_coverage(win: float, draw: float, games: int, matches: int = 20_000,
                      seed: int = 1) -> IntervalCoverage:
    """Play ``matches`` matches of ``games`` games, each game won with chance ``win``, drawn
    with chance ``draw`` and otherwise lost (seeded), and count how often the 95 % interval
    held the true score ``win + draw / 2``: the normal interval, and ``elo_estimate``'s.

    >>> found = interval_coverage(0.3, 0.2, 100, matches=2_000, seed=1)
    >>> found.true_score, found.normal > 0.9, found.kinds["normal"]
    (0.4, True, 1.0)
    """
    win = number(win, "win", 0, 1, "a chance", error=CourseError)
    draw = number(draw, "draw", 0, 1, "a chance", error=CourseError)
    if win + draw > 1:
        raise CourseError(f"win and draw are chances of one game and add up to at most 1, got "
                          f"{win:g} + {draw:g}")
    games = whole(games, "games", 1, MAX_MATCH_GAMES, error=CourseError)
    matches = whole(matches, "matches", 1, MAX_MATCHES, error=CourseError)
    seed = whole(seed, "seed", 0, MAX_SEED, error=CourseError)
    counts = np.random.default_rng(seed).multinomial(games, [win, draw, 1 - win - draw],
                                                      size=matches)
    truth = win + draw / 2
    z = NormalDist().inv_cdf(0.975)
    outcomes, index = np.unique(counts, axis=0, return_inverse=True)
    estimates = [elo_estimate(w, d, l) for w, d, l in outcomes.tolist()]
    normal = np.array([abs(e.score - truth) <= z * e.score_stderr for e in estimates])
    held = np.array([e.elo_low <= elo_from_score(truth) <= e.elo_high for e in estimates])
    kind = np.array([e.interval for e in estimates])
    index = index.ravel()                   # each match's outcome among the distinct ones
    return IntervalCoverage(games, matches, truth, float(normal[index].mean()),
                            float(held[index].mean()),
                            {k: float(np.mean(kind[index] == k))
                             for k in ("normal", "chernoff", "exact")})


# --- The Elo after a stopped test (section 8) ----------------------------------------------------

STOPPED_TEST = {"elo0": 0, "elo1": 40, "kind": "pentanomial", "scale": "normalized"}
"""The test simulated: engine testers' pentanomial SPRT, bounds in normalized Elo."""
STOPPED_TRUE_ELO, STOPPED_RUNS, STOPPED_SEED = 40, 300, 1
"""The true difference (H1's, in normalized Elo), how many runs, and their seed."""
MAX_RUNS = 100_000
"""The most simulated tests ``stopped_estimates`` runs (each needs its own estimate)."""


@dataclass(frozen=True)
class StoppedEstimates:
    """Simulated SPRTs at a known true difference, each stopped at a bound: the Elo each
    would print, naive and median-unbiased, all in ``unit``."""

    true_elo: float
    unit: str
    """The unit of every figure: "normalized Elo" or "logistic Elo", the test's scale (logistic
    for a win/loss test)."""
    naive: np.ndarray
    """Each run's Elo from its score, as printed after the test (biased)."""
    unbiased: np.ndarray
    """Each run's median-unbiased Elo (``sprt_elo_estimate``)."""
    accepted_h1: np.ndarray
    """Whether each run accepted H1."""
    games: np.ndarray
    """Each run's games."""

    def share_above(self, estimates: np.ndarray) -> float:
        """The share of the runs whose estimate lies above the true difference."""
        return float(np.mean(estimates > self.true_elo))

    def __str__(self) -> str:
        unit = _(self.unit)                     # the units are marked where they are chosen
        lines = [_("{runs} simulated tests at a true difference of {elo:+g} {unit}; {share:.1%} "
                   "accepted H1, after {games:.0f} games (median)").format(
            runs=self.naive.size, elo=self.true_elo, unit=unit, share=self.accepted_h1.mean(),
            games=np.median(self.games))]
        for name, values in ((_("naive (from the score)"), self.naive),
                             (_("median-unbiased"), self.unbiased)):
            lines.append(_("  {name:23} mean {mean:+6.1f}, median {median:+6.1f} {unit}; above "
                           "the truth in {share:.1%} of the runs").format(
                name=name, mean=values.mean(), median=np.median(values), unit=unit,
                share=self.share_above(values)))
        h1 = self.accepted_h1
        if h1.any():
            lines.append(_("  the runs that accepted H1: naive median {naive:+.1f} {unit}, "
                           "median-unbiased median {unbiased:+.1f} {unit}").format(
                naive=np.median(self.naive[h1]), unit=unit,
                unbiased=np.median(self.unbiased[h1])))
        return "\n".join(lines)


def stopped_estimates(test: Sprt, true_elo: float, runs: int = STOPPED_RUNS,
                      seed: int = STOPPED_SEED) -> StoppedEstimates:
    """Run ``runs`` seeded copies of ``test`` (its settings) with games drawn at ``true_elo``
    (in the test's scale, no draws) until each stops, and estimate each run's Elo both ways.

    >>> test = Sprt(elo0=0, elo1=40, kind="pentanomial", scale="normalized")
    >>> found = stopped_estimates(test, 40, runs=20, seed=1)
    >>> found.unit, found.naive.size, bool(found.accepted_h1.any())
    ('normalized Elo', 20, True)
    """
    if not isinstance(test, Sprt):
        raise CourseError(f"test must be an Sprt (its settings are simulated), got "
                          f"{test!r:.80}")
    true_elo = number(true_elo, "true_elo", -MAX_ELO_BOUND, MAX_ELO_BOUND, "Elo",
                      error=CourseError)
    runs = whole(runs, "runs", 1, MAX_RUNS, error=CourseError)
    seed = whole(seed, "seed", 0, MAX_SEED, error=CourseError)
    pentanomial = test.kind == "pentanomial"
    probabilities = (pair_probabilities if pentanomial else game_probabilities)(
        true_elo, 0.0, test.scale)
    simulation = simulate_sprt(test, probabilities, runs=runs, seed=seed)
    settings = {"elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha, "beta": test.beta,
                "kind": test.kind, "scale": test.scale}
    normalized = test.kind != "win_loss" and test.scale == "normalized"
    outcomes, index = np.unique(simulation.counts, axis=0, return_inverse=True)
    naive, unbiased = [], []
    for counts in outcomes.astype(int).tolist():      # worst result first: losses, draws, wins
        stopped = (Sprt.from_totals(pairs=counts, **settings) if pentanomial else
                   Sprt.from_totals(wins=counts[2], draws=counts[1], losses=counts[0],
                                    **settings))
        estimate = sprt_elo_estimate(stopped)
        naive.append(estimate.naive_normalized_elo if normalized else estimate.naive_elo)
        unbiased.append(estimate.normalized_elo if normalized else estimate.elo)
    index = index.ravel()
    return StoppedEstimates(
        true_elo, N_("normalized Elo") if normalized else N_("logistic Elo"),
        np.array(naive)[index], np.array(unbiased)[index], simulation.decisions == 1,
        simulation.stopped_after * (2 if pentanomial else 1))


LLR_RESULTS = {"wins": 30, "draws": 7, "losses": 18}
"""07-llr: the lecture's test (H0 0 Elo, H1 50 Elo) after these results."""

STRAIGHT_WINS_TEST = {"elo0": 0, "elo1": 30, "alpha": 0.05, "beta": 0.05}
"""07-straight-wins: a win/loss SPRT with these settings; how many straight wins accept H1?"""

MATCH_RESULTS = {"wins": 45, "draws": 10, "losses": 25}
"""07-match-elo: the Elo difference these results measure."""

ELO_DIFFERENCE = 120
"""07-expected-score: A's expected score when A is this many Elo stronger."""


def _llr() -> float:
    return win_loss_llr(LLR_RESULTS["wins"], LLR_RESULTS["losses"])


def _straight_wins() -> int:
    test = Sprt(kind="win_loss", **STRAIGHT_WINS_TEST)
    while test.add(1) == "continue":
        pass
    if test.state != "accept H1":
        raise RuntimeError("07-straight-wins: a win should never accept H0")
    return test.games


def _match_elo() -> float:
    return elo_estimate(**MATCH_RESULTS).elo


def _expected_score() -> float:
    return expected_score(ELO_DIFFERENCE)


register(
    "07-llr", _llr,
    mistake=30 * 0.13359 - 25 * 0.15423,  # the draws counted as losses
    hint=(
        N_("which games does the lecture's test read, and what does each kind add to the LLR?"),
        N_("each win adds ln(p1/p0) and each loss ln((1-p1)/(1-p0)), with p0 = 0.5 and p1 = the "
           "expected score at 50 Elo; draws change nothing."),
        N_("win_loss_llr(results_1['wins'], results_1['losses']) computes it.")),
    compare=within(1e-3))

register(
    "07-straight-wins", _straight_wins,
    mistake=23,  # the lecture's answer, for 50 Elo
    hint=(
        N_("with H1 nearer to H0, does a win move the LLR more or less than in the lecture's "
           "test?"),
        N_("with H1 at 30 Elo, p1 = expected_score(30), so each win adds ln(p1/0.5); count the "
           "wins until the sum reaches ln((1-beta)/alpha) = 2.944, rounding up."),
        N_("math.ceil(sprt_bounds(0.05, 0.05)[1] / win_loss_steps(0, 30)[0]).")),
    compare=whole_number)

register(
    "07-match-elo", _match_elo,
    mistake=-400 * math.log10(80 / 45 - 1),  # the draws left out of the score
    hint=(
        N_("the Elo difference comes from the score: what is the score of a match with draws?"),
        N_("the score is (wins + draws / 2) / games, a number between 0 and 1; the Elo difference "
           "is -400 log10(1/score - 1)."),
        N_("elo_estimate(**results_3).elo computes it (answer within 0.5 Elo).")),
    compare=within(0.5))

register(
    "07-expected-score", _expected_score,
    mistake=1 / (1 + 10 ** (-120 / 40)),  # divided by 40, not 400
    hint=(
        N_("how many Elo points multiply the odds by ten, and is a score a fraction or a "
           "percentage?"),
        N_("E(d) = 1 / (1 + 10^(-d/400)) with d the Elo difference; a fraction between 0 and 1."),
        N_("expected_score(120) computes it.")),
    compare=within(1e-3))

register_prediction(
    "07-test-length",
    N_("the number of games the lecture's test plays on average when the truth is 25 Elo"),
    low=1)
