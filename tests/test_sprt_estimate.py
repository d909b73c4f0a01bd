"""The Brownian approximation of a sequential test, the cap it justifies, and the
median-unbiased Elo after a stopped test (course_lib.strength.brownian, characteristic,
stopped)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from course_lib.errors import CourseError
from course_lib.strength import (BrownianTest, Sprt, brownian_model,
                                 brownian_operating_characteristic, elo_from_score,
                                 game_probabilities, games_cap,
                                 games_still_running, pair_probabilities, simulate_sprt,
                                 simulated_operating_characteristic, sprt_elo_estimate,
                                 win_loss_operating_characteristic)

LOW, HIGH = math.log(0.05 / 0.95), math.log(0.95 / 0.05)


# --- the Brownian motion between two bounds ---------------------------------------------------

@pytest.mark.parametrize("drift, variance", [(0.0, 1e-3), (4e-4, 8e-4), (-4e-4, 8e-4),
                                             (0.01, 2e-3), (-0.05, 3e-3), (0.2, 0.01)])
def test_the_sine_and_image_series_agree(drift, variance):
    motion = BrownianTest(LOW, HIGH, drift, variance)
    for share in (0.02, 0.05, 0.1, 0.3):            # variance * t / width^2, around the switch
        t = share * motion.width ** 2 / variance
        for y in (LOW, -1.0, 0.0, 1.5, HIGH):
            assert motion._outcome_sine(t, y) == pytest.approx(motion._outcome_images(t, y),
                                                               abs=1e-9)


def test_without_drift_the_textbook_formulas_hold():
    motion = BrownianTest(-1.0, 3.0, 0.0, 0.5)
    assert motion.accept_upper() == pytest.approx(0.25)           # start 1/4 of the way up
    assert motion.expected_length() == pytest.approx(1 * 3 / 0.5)
    # long after the start only the slowest sine mode is left
    t = 20.0
    slowest = 4 / math.pi * math.sin(math.pi / 4) * math.exp(-math.pi ** 2 * 0.5 * t / 32)
    assert motion.survival(t) == pytest.approx(slowest, rel=1e-6)


def test_outcome_order_at_its_ends():
    motion = BrownianTest(LOW, HIGH, 0.002, 0.004)
    late = 1e7
    assert motion.outcome_below(late, HIGH) == pytest.approx(1 - motion.accept_upper())
    assert motion.outcome_below(late, LOW) == pytest.approx(1 - motion.accept_upper())
    early = 1e-3                                    # nothing has moved yet
    assert motion.outcome_below(early, -0.5) == pytest.approx(0, abs=1e-12)
    assert motion.outcome_below(early, 0.5) == pytest.approx(1, abs=1e-12)
    times = [10, 100, 1000, 5000]
    survival = [motion.survival(t) for t in times]
    assert all(a > b for a, b in zip(survival, survival[1:]))


def test_a_gaussian_random_walk_behaves_like_the_motion():
    """Many small Gaussian steps: the chance of each decision, the length and the share still
    running agree with the closed forms within the simulation's error and the small overshoot."""
    rng = np.random.default_rng(5)
    drift, variance, runs = 0.002, 0.01, 4000
    motion = BrownianTest(-2.0, 2.0, drift, variance)
    position = np.zeros(runs)
    stopped_at = np.full(runs, -1)
    upper = np.zeros(runs, dtype=bool)
    step = 0
    while np.any(stopped_at < 0):
        step += 1
        alive = stopped_at < 0
        position[alive] += rng.normal(drift, math.sqrt(variance), alive.sum())
        out = alive & ((position >= 2.0) | (position <= -2.0))
        stopped_at[out] = step
        upper[out] = position[out] >= 2.0
    assert np.mean(upper) == pytest.approx(motion.accept_upper(), abs=0.03)
    assert np.mean(stopped_at) == pytest.approx(motion.expected_length(), rel=0.06)
    for t in (200, 600, 1500):
        assert np.mean(stopped_at > t) == pytest.approx(motion.survival(t), abs=0.03)


def test_bad_motions_are_refused():
    with pytest.raises(CourseError, match="0 between them"):
        BrownianTest(1.0, 2.0, 0.0, 1.0)
    with pytest.raises(CourseError, match="variance must be above 0"):
        BrownianTest(-1.0, 2.0, 0.0, 0.0)
    with pytest.raises(CourseError, match="between the bounds"):
        BrownianTest(-1.0, 2.0, 0.0, 1.0).outcome_below(5, 3.0)


# --- what a test costs, in closed form ----------------------------------------------------

def test_brownian_oc_matches_the_exact_win_loss_test():
    test = Sprt()                                            # the lecture's test
    exact = win_loss_operating_characteristic([-25, 0, 25, 50, 75])
    approximate = brownian_operating_characteristic(test, [-25, 0, 25, 50, 75])
    for e, a in zip(exact, approximate):
        assert a.accept_h1 == pytest.approx(e.accept_h1, abs=0.005)
        assert a.expected_games == pytest.approx(e.expected_games, rel=0.03)
    # without the overshoot's wider bounds the motion decides sooner than the real test
    plain = brownian_model(test, 25, overshoot=False)
    assert plain.expected_length() < 0.97 * exact[2].expected_games


def test_brownian_oc_matches_a_simulated_pentanomial_test():
    test = Sprt(0, 40, kind="pentanomial", scale="normalized")
    elos = [-20, 0, 20, 40, 60]
    simulated = simulated_operating_characteristic(test, elos, runs=400, seed=2)
    approximate = brownian_operating_characteristic(test, elos)
    for s, a in zip(simulated, approximate):
        assert a.accept_h1 == pytest.approx(s.accept_h1, abs=4 * s.stderr + 0.01)
        assert a.expected_games == pytest.approx(s.expected_games, rel=0.12)


def test_the_cap_is_reached_with_a_negligible_chance():
    test = Sprt(0, 40, kind="pentanomial", scale="normalized")
    cap = games_cap(test, probability=1e-3)
    assert cap % 2 == 0
    # the hardest true difference is halfway: there half the runs are still on at the ASN
    simulation = simulate_sprt(test, pair_probabilities(20, 0.0, "normalized"), runs=2000,
                               seed=4, max_games=cap)
    assert simulation.undecided <= 2e-3                  # about 2 runs in 2000 at most
    for games in (cap // 8, cap // 4, cap // 2):          # the tail, where the cap sits
        running = np.mean(2 * simulation.stopped_after > games)
        assert running == pytest.approx(games_still_running(test, games, 20), abs=0.02)
    # a cap for one in a thousand is several times the expected length
    assert cap > 4 * simulation.expected_games
    # and a stricter probability needs more games
    assert games_cap(test, probability=1e-6) > cap


# --- the Elo after a stopped test ------------------------------------------------------------

@pytest.mark.parametrize("true_elo", [0, 40, 80])
def test_the_estimate_is_median_unbiased_where_the_naive_one_is_not(true_elo):
    """Over many stopped tests, half the bias-aware estimates lie above the true difference;
    the naive estimate from the score lies above (or below) it far more often."""
    test = Sprt(0, 40, kind="pentanomial", scale="normalized")
    simulation = simulate_sprt(test, pair_probabilities(true_elo, 0.0, "normalized"),
                               runs=400, seed=3)
    unbiased, naive = [], []
    for counts in simulation.counts:
        stopped = Sprt.from_totals(pairs=[int(c) for c in counts], elo0=0, elo1=40,
                                   kind="pentanomial", scale="normalized")
        estimate = sprt_elo_estimate(stopped)
        unbiased.append(estimate.normalized_elo)
        naive.append(estimate.naive_normalized_elo)
    above_unbiased = np.mean(np.array(unbiased) > true_elo)
    above_naive = np.mean(np.array(naive) > true_elo)
    assert abs(above_unbiased - 0.5) < 0.06, above_unbiased
    assert abs(above_naive - 0.5) > 0.1, above_naive


def test_after_straight_wins_the_interval_is_the_exact_one():
    estimate = sprt_elo_estimate(Sprt.from_totals(wins=23, losses=0))
    # the chance of 23 straight wins is s^23; at the lower end it is 2.5 %
    assert estimate.elo_low == pytest.approx(elo_from_score(0.025 ** (1 / 23)), abs=1e-6)
    assert estimate.elo_high == math.inf and estimate.naive_elo == math.inf
    assert estimate.elo_low < estimate.elo < math.inf


def test_a_test_that_did_not_stop_is_estimated_close_to_its_score():
    test = Sprt.from_totals(pairs=[20, 30, 100, 40, 25], elo0=0, elo1=10, kind="pentanomial",
                            scale="normalized")
    estimate = sprt_elo_estimate(test)
    assert test.state == "continue"
    assert estimate.normalized_elo == pytest.approx(estimate.naive_normalized_elo, abs=0.5)
    assert estimate.normalized_low < estimate.normalized_elo < estimate.normalized_high


def test_the_estimate_names_its_units():
    text = str(sprt_elo_estimate(Sprt.from_totals(pairs=[11, 0, 54, 0, 69], elo0=0, elo1=10,
                                                  kind="pentanomial", scale="normalized")))
    assert "median-unbiased" in text and "logistic Elo" in text and "normalized Elo" in text
    assert "biased: the test stopped because its results ran high" in text


def test_the_estimate_needs_a_test_with_results():
    with pytest.raises(CourseError, match="no decisive game"):
        sprt_elo_estimate(Sprt.from_totals(draws=5))
    with pytest.raises(CourseError, match="must be an Sprt"):
        sprt_elo_estimate([1, 2, 3])


# --- on the command line ----------------------------------------------------------------------

def _elo_command(argv: list[str], capsys) -> str:
    import argparse

    from course_lib.strength_cli import register
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["elo", *argv])
    assert args.run(args) == 0
    return capsys.readouterr().out


def test_the_elo_command_gives_both_figures_after_a_stopped_test(capsys):
    import json
    decided = ["--pairs", "11,0,54,0,69", "--elo0", "0", "--elo1", "10", "--scale",
               "normalized"]
    text = _elo_command(decided, capsys)
    assert "logistic Elo (95% interval" in text and "normalized Elo:" in text
    assert "if the SPRT stopped here: H1 accepted after 268 games: median-unbiased" in text
    result = json.loads(_elo_command([*decided, "--json"], capsys))
    estimate = sprt_elo_estimate(Sprt.from_totals(pairs=[11, 0, 54, 0, 69], elo0=0, elo1=10,
                                                  kind="pentanomial", scale="normalized"))
    assert result["unbiased_normalized_elo"] == pytest.approx(estimate.normalized_elo)
    assert result["unbiased_elo_low"] < result["unbiased_elo"] < result["unbiased_elo_high"]
    # a test that goes on has not stopped: no figure after a stop
    going_on = json.loads(_elo_command(["--pairs", "5,30,60,34,6", "--elo0", "0", "--elo1",
                                        "5", "--json"], capsys))
    assert going_on["decision"] == "continue" and "unbiased_elo" not in going_on


def test_the_exact_win_loss_estimate_and_the_brownian_one_agree_on_real_stops(monkeypatch):
    """Past ``EXACT_WIN_LOSS_GAMES`` decisive games the win/loss test is estimated with the
    Brownian model: on tests that stopped where a sequential test stops, both agree."""
    import course_lib.strength.stopped as stopped
    simulation = simulate_sprt(Sprt(0, 20), game_probabilities(10), runs=6, seed=5,
                               max_games=1200)
    for losses, _, wins in simulation.counts:
        test = Sprt.from_totals(wins=int(wins), losses=int(losses), elo0=0, elo1=20)
        if test.state == "continue":                   # cut off at max_games
            continue
        monkeypatch.setattr(stopped, "EXACT_WIN_LOSS_GAMES", 10**6)
        exact = sprt_elo_estimate(test)
        monkeypatch.setattr(stopped, "EXACT_WIN_LOSS_GAMES", 0)
        brownian = sprt_elo_estimate(test)
        for a, b in ((exact.elo, brownian.elo), (exact.elo_low, brownian.elo_low),
                     (exact.elo_high, brownian.elo_high)):
            assert a == pytest.approx(b, abs=3.0)


@pytest.mark.parametrize("pairs, low, high", [
    # 23 pairs all won: the score is at least 0.025 ** (1 / 23) = 0.8518 with 95 % confidence
    ([0, 0, 0, 0, 23], 303.82, math.inf),
    # 20 pairs all split 1-1: every other result has a share below 1 - 0.025 ** (1 / 20) =
    # 0.1684, so the score lies within 1/2 -+ 0.1684 / 2
    ([0, 0, 20, 0, 0], -59.08, 59.08),
])
def test_a_record_of_one_repeated_result_gives_the_exact_bound(pairs, low, high):
    """The Brownian model takes the results' variance; with none it would print an interval
    of a few Elo around a huge figure. The estimate gives the score's exact bound instead."""
    test = Sprt.from_totals(pairs=pairs, elo0=0, elo1=50)
    estimate = sprt_elo_estimate(test)
    assert estimate.note and estimate.normalized_elo is None
    assert round(estimate.elo_low, 2) == low
    assert estimate.elo_high == high if math.isinf(high) else round(estimate.elo_high, 2) == high
    assert "no median-unbiased estimate" in str(estimate)
    assert "every result the same" in str(estimate)
