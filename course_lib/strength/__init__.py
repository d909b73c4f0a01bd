"""Measuring strength: Elo with an interval, likelihood of superiority, and sequential tests
(SPRT) that decide with as few games as the evidence allows.

- ``elo``: expected score, Elo from a score, ``elo_estimate`` (wins, draws, losses) and
  ``elo_estimate_pairs`` (colour-swapped pairs), LOS, normalized Elo; within twice the normal
  margin of a score of 0 or 1, where the normal interval fails, a distribution-free one
  (``chernoff_interval``).
- ``llr``: the log-likelihood ratios: the lecture's win/loss test and the generalized SPRT on
  trinomial and pentanomial counts, with logistic or normalized Elo bounds.
- ``sprt``: ``Sprt``, fed one game (or pair) at a time, or built from totals.
- ``characteristic``: the operating characteristic and expected length of a test, exactly for
  the win/loss test, by seeded simulation for any test, and in closed form by the Brownian
  approximation (``brownian``), which also gives a cap on the games that is reached with a
  negligible chance (``games_cap``).
- ``stopped``: the median-unbiased Elo after a sequential test (``sprt_elo_estimate``): the
  Elo from the score of a test that stopped early is biased.
- ``table``: Elo ratings with intervals for a round robin.

Pictures of all this are in ``course_lib.viz.strength_plots``.

>>> print(elo_estimate(136, 111, 96))
40.70 +- 30.43 logistic Elo (95% interval 10.59 to 71.44), LOS 99.60%, 343 games
>>> test = Sprt()                       # the lecture's test: H0 0 Elo, H1 50 Elo
>>> test.feed([0] * 20)
'accept H0'
"""

from .brownian import BrownianTest
from .characteristic import (OperatingPoint, SprtSimulation, brownian_model,
                             brownian_operating_characteristic, game_probabilities, games_cap,
                             games_still_running, pair_probabilities, simulate_sprt,
                             simulated_operating_characteristic,
                             win_loss_operating_characteristic, win_loss_operating_point)
from .elo import (NELO_PER_T, EloEstimate, chernoff_interval, elo_estimate, elo_estimate_pairs,
                  elo_from_score, expected_score, likelihood_of_superiority, normalized_elo,
                  normalized_elo_pairs)
from .llr import (SCALE_UNITS, SCALES, gsprt_llr, gsprt_llr_many, pentanomial_llr, trinomial_llr,
                  win_loss_llr, win_loss_steps)
from .sprt import ACCEPT_H0, ACCEPT_H1, CONTINUE, KINDS, Sprt, sprt_bounds
from .stopped import SprtEloEstimate, sprt_elo_estimate
from .table import EloRow, EloTable, round_robin_elo

__all__ = [
    "ACCEPT_H0", "ACCEPT_H1", "CONTINUE", "KINDS", "NELO_PER_T", "SCALES", "SCALE_UNITS",
    "BrownianTest",
    "EloEstimate", "EloRow", "EloTable", "OperatingPoint", "Sprt", "SprtEloEstimate",
    "SprtSimulation", "brownian_model", "brownian_operating_characteristic", "chernoff_interval",
    "elo_estimate",
    "elo_estimate_pairs", "elo_from_score", "expected_score", "game_probabilities", "games_cap",
    "games_still_running",
    "gsprt_llr", "gsprt_llr_many", "likelihood_of_superiority", "normalized_elo",
    "normalized_elo_pairs", "pair_probabilities", "pentanomial_llr", "round_robin_elo",
    "simulate_sprt", "simulated_operating_characteristic", "sprt_bounds", "sprt_elo_estimate",
    "trinomial_llr",
    "win_loss_llr", "win_loss_operating_characteristic", "win_loss_operating_point",
    "win_loss_steps",
]
