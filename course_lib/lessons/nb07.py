"""Notebook 07, measuring strength: the exercises.

Each right answer is computed here by the library when a check runs. The numbers below are the
questions; the notebook shows the same numbers.
"""

from __future__ import annotations

import math

from ..exercises import register, register_prediction
from ..i18n import N_
from ..strength import Sprt, elo_estimate, expected_score, win_loss_llr
from .compare import whole_number, within

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
    "the number of games the lecture's test plays on average when the truth is 25 Elo",
    low=1)
