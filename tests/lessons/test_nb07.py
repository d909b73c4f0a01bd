"""Notebook 07's simulation of the Elo printed after a stopped SPRT: each run's figures are the
ones its own totals give, the naive ones are biased where the median-unbiased ones are not, and
bad input is refused in words."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from course_lib.errors import CourseError
from course_lib.lessons.nb07 import interval_coverage, stopped_estimates
from course_lib.strength import (Sprt, elo_estimate, elo_estimate_pairs, game_probabilities,
                                 pair_probabilities, simulate_sprt, sprt_elo_estimate)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "07_measuring_strength.ipynb"

PENTANOMIAL = {"elo0": 0, "elo1": 40, "kind": "pentanomial", "scale": "normalized"}


@pytest.fixture(scope="module")
def at_h1():
    """The notebook's simulation: 300 tests [0, 40] normalized Elo at a true +40."""
    return stopped_estimates(Sprt(**PENTANOMIAL), 40, runs=300, seed=1)


def test_each_run_prints_what_its_own_totals_give(at_h1):
    """The same seeded runs, simulated again, and each run's naive Elo computed from its pairs
    by the plain pentanomial estimate (no test involved)."""
    again = simulate_sprt(Sprt(**PENTANOMIAL), pair_probabilities(40, 0.0, "normalized"),
                          runs=300, seed=1)
    assert np.array_equal(at_h1.accepted_h1, again.decisions == 1)
    assert np.array_equal(at_h1.games, 2 * again.stopped_after)
    for run in (0, 7, 123, 299):
        pairs = [int(c) for c in again.counts[run]]
        assert at_h1.games[run] == 2 * sum(pairs)
        assert at_h1.naive[run] == pytest.approx(elo_estimate_pairs(pairs).normalized_elo)
        stopped = Sprt.from_totals(pairs=pairs, **PENTANOMIAL)
        assert at_h1.unbiased[run] == pytest.approx(sprt_elo_estimate(stopped).normalized_elo)


def test_the_naive_estimate_is_biased_and_the_median_unbiased_one_is_not(at_h1):
    """At a true +40, the naive figures lie above the truth in far more than half the runs (300
    runs: one standard error of a share is under 3 %); the median-unbiased ones in about half."""
    assert at_h1.unit == "normalized Elo" and at_h1.true_elo == 40
    assert at_h1.share_above(at_h1.naive) > 0.58
    assert abs(at_h1.share_above(at_h1.unbiased) - 0.5) < 0.09
    assert np.median(at_h1.naive) > 40 + 3
    assert abs(np.median(at_h1.unbiased) - 40) < abs(np.median(at_h1.naive) - 40)
    h1 = at_h1.accepted_h1
    assert 0.9 < h1.mean() < 1                          # beta = 0.05: about 95 % accept H1
    assert np.median(at_h1.naive[h1]) > np.median(at_h1.unbiased[h1])


def test_at_h0_the_naive_estimate_is_biased_downwards():
    found = stopped_estimates(Sprt(**PENTANOMIAL), 0, runs=300, seed=2)
    assert found.accepted_h1.mean() < 0.1
    assert found.share_above(found.naive) < 0.42
    assert abs(found.share_above(found.unbiased) - 0.5) < 0.09


def test_the_summary_names_the_unit_on_every_line(at_h1):
    lines = str(at_h1).splitlines()
    assert len(lines) == 4
    assert all("normalized Elo" in line for line in lines)
    assert lines[1].lstrip().startswith("naive") and lines[2].lstrip().startswith("median-unb")
    assert f"{at_h1.share_above(at_h1.naive):.1%}" in lines[1]


def test_a_win_loss_test_is_estimated_in_logistic_elo():
    found = stopped_estimates(Sprt(), 50, runs=12, seed=3)
    assert found.unit == "logistic Elo" and "logistic Elo" in str(found)
    again = simulate_sprt(Sprt(), game_probabilities(50), runs=12, seed=3)
    losses, draws, wins = (int(c) for c in again.counts[0])
    assert found.games[0] == wins + draws + losses
    assert found.naive[0] == pytest.approx(elo_estimate(wins, draws, losses).elo)


@pytest.mark.parametrize("arguments, words", [
    (([1, 2], 40), "test must be an Sprt"),
    ((Sprt(), "40"), "true_elo must be"),
    ((Sprt(), float("nan")), "true_elo must be"),
    ((Sprt(), 1e6), "true_elo must be"),
    ((Sprt(), 40, 0), "runs must be"),
    ((Sprt(), 40, 2.5), "runs must be"),
    ((Sprt(), 40, 10**9), "runs must be"),
    ((Sprt(), 40, 10, -1), "seed must be"),
])
def test_bad_input_is_refused_in_words(arguments, words):
    with pytest.raises(CourseError, match=words):
        stopped_estimates(*arguments)


def test_the_notebook_quotes_what_its_simulation_printed(at_h1):
    cells = ["".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"]]
    code = next(c for c in cells if "stopped_estimates(" in c and "print(bias)" in c)
    assert 'Sprt(elo0=0, elo1=40, kind="pentanomial", scale="normalized")' in code
    assert "true_elo=40, runs=300, seed=1" in code
    words = next(c for c in cells if c.startswith("The naive estimates lie above the truth"))
    h1 = at_h1.accepted_h1
    for figure in (f"{at_h1.share_above(at_h1.naive):.1%}".replace("%", " %"),
                   f"{np.median(at_h1.naive):+.1f}", f"{at_h1.naive.mean():+.1f}",
                   f"{np.median(at_h1.naive[h1]):+.1f}",
                   f"{at_h1.share_above(at_h1.unbiased):.1%}".replace("%", " %"),
                   f"{np.median(at_h1.unbiased):+.1f}", f"{at_h1.unbiased.mean():+.1f}"):
        assert figure in words, figure


def test_near_a_score_of_0_the_normal_interval_misses_and_elo_estimates_holds():
    found = interval_coverage(win=0.02, draw=0.04, games=100, matches=5_000, seed=3)
    assert found.true_score == pytest.approx(0.04)
    assert found.normal < 0.92                  # below the 95 % it promises
    assert found.library >= 0.95 and found.kinds["chernoff"] > 0.9
    assert sum(found.kinds.values()) == pytest.approx(1)
    assert interval_coverage(win=0.02, draw=0.04, games=100, matches=5_000, seed=3) == found


def test_in_the_middle_both_intervals_are_the_same():
    found = interval_coverage(win=0.3, draw=0.2, games=100, matches=5_000, seed=3)
    assert found.kinds == {"normal": 1.0, "chernoff": 0.0, "exact": 0.0}
    assert found.normal == found.library and 0.92 < found.normal < 0.97
    assert "true score 40.0%" in str(found)


@pytest.mark.parametrize("kwargs, words", [
    ({"win": 0.7, "draw": 0.5, "games": 10}, "add up to at most 1"),
    ({"win": -0.1, "draw": 0.5, "games": 10}, "win"),
    ({"win": 0.1, "draw": 0.1, "games": 0}, "games"),
    ({"win": 0.1, "draw": 0.1, "games": 10, "matches": 10**9}, "matches"),
    ({"win": 0.1, "draw": 0.1, "games": 10, "seed": -1}, "seed"),
])
def test_interval_coverage_refuses_in_words(kwargs, words):
    with pytest.raises(CourseError, match=words):
        interval_coverage(**kwargs)
