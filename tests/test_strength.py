"""Elo, LOS, SPRT, operating characteristics, round-robin ratings, plots and the ``elo`` command.

The spec's numbers (COURSE_SPEC.md section 5) are the oracle; where the spec gives none, the
tests check against formulas written here independently (brute-force maximum likelihood,
closed-form approximations, Wald's inequalities, known ratings recovered from results).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import sys
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib.errors import CourseError
from course_lib.strength import (
    ACCEPT_H0, ACCEPT_H1, CONTINUE, Sprt, chernoff_interval, elo_estimate, elo_estimate_pairs,
    elo_from_score, expected_score, game_probabilities, gsprt_llr, gsprt_llr_many, likelihood_of_superiority,
    normalized_elo, pair_probabilities, pentanomial_llr, round_robin_elo, simulate_sprt,
    simulated_operating_characteristic, sprt_bounds, trinomial_llr, win_loss_llr,
    win_loss_operating_characteristic, win_loss_operating_point)
from course_lib.strength_cli import register

NELO_PER_T = 800 / math.log(10)


def logistic(d: float) -> float:
    """The spec's expected score, written out here: 1 / (1 + 10^(-d/400))."""
    return 1 / (1 + 10 ** (-d / 400))


# --- Spec check values (section 5) -----------------------------------------------------------


def test_expected_score_is_the_spec_formula():
    assert expected_score(0) == 0.5
    for d in (-800, -400, -50, -1, 0.5, 50, 200, 1000):
        assert expected_score(d) == pytest.approx(logistic(d), rel=1e-15)
    assert round(expected_score(50), 4) == 0.5715
    assert round(expected_score(50), 7) == 0.5714631


def test_elo_interval_and_los_of_the_spec():
    estimate = elo_estimate(136, 111, 96)
    assert f"{estimate.elo:.2f}" == "40.70"
    assert f"{estimate.margin:.2f}" == "30.43"
    assert f"{estimate.los * 100:.2f}" == "99.60"
    assert f"{likelihood_of_superiority(136, 111, 96) * 100:.2f}" == "99.60"
    assert str(estimate).startswith("40.70 +- 30.43 logistic Elo")


def test_lecture_sprt_probability_bounds_and_llr():
    lower, upper = sprt_bounds(0.05, 0.05)
    assert round(upper, 3) == 2.944 and round(lower, 3) == -2.944
    assert f"{win_loss_llr(60, 40, 0, 50):.4f}" == "1.8463"
    test = Sprt.from_totals(wins=60, losses=40)
    assert f"{test.llr:.4f}" == "1.8463" and test.state == CONTINUE


def test_23_straight_wins_accept_h1_and_not_sooner():
    test = Sprt()
    states = [test.add(1) for _ in range(23)]
    assert states[:22] == [CONTINUE] * 22
    assert states[22] == ACCEPT_H1


def test_20_straight_losses_accept_h0_and_not_sooner():
    test = Sprt()
    states = [test.add(0) for _ in range(20)]
    assert states[:19] == [CONTINUE] * 19
    assert states[19] == ACCEPT_H0


def test_exact_operating_characteristic_at_0_elo():
    point = win_loss_operating_point(0)
    assert f"{point.accept_h1:.4f}" == "0.0472"
    assert point.undecided < 1e-12
    assert point.accept_h1 + point.accept_h0 + point.undecided == pytest.approx(1, abs=1e-12)


def test_normalized_trinomial_sprt_of_the_spec():
    assert f"{trinomial_llr(36433, 68692, 36027, 0, 2, scale='normalized'):.4f}" == "0.9233"
    test = Sprt.from_totals(wins=36433, draws=68692, losses=36027, elo0=0, elo1=2,
                            kind="trinomial", scale="normalized")
    assert f"{test.llr:.4f}" == "0.9233" and test.state == CONTINUE
    many = gsprt_llr_many(np.array([[36027, 68692, 36433]]), 0, 2, "normalized")
    assert f"{many[0]:.4f}" == "0.9233"


# --- Elo and LOS, against formulas written here ----------------------------------------------


@given(st.floats(min_value=-2000, max_value=2000, allow_nan=False))
def test_elo_from_score_inverts_expected_score(d):
    assert elo_from_score(expected_score(d)) == pytest.approx(d, abs=1e-6)


def test_elo_from_score_edges():
    assert elo_from_score(0) == -math.inf and elo_from_score(1) == math.inf
    assert elo_from_score(0.5) == 0.0


def test_los_is_phi_of_the_score_z_and_mirrors():
    w, d, l = 52, 30, 41
    n = w + d + l
    mu = (w + d / 2) / n
    var = (w * (1 - mu) ** 2 + d * (0.5 - mu) ** 2 + l * mu ** 2) / n
    assert likelihood_of_superiority(w, d, l) == pytest.approx(
        NormalDist().cdf((mu - 0.5) / math.sqrt(var / n)), rel=1e-12)
    assert likelihood_of_superiority(w, d, l) + likelihood_of_superiority(l, d, w) == \
        pytest.approx(1, abs=1e-12)
    assert likelihood_of_superiority(10, 5, 10) == 0.5


def test_interval_maps_the_score_interval():
    estimate = elo_estimate(136, 111, 96)
    z = NormalDist().inv_cdf(0.975)
    mu = 191.5 / 343
    assert estimate.elo_low == pytest.approx(logistic_inverse(mu - z * estimate.score_stderr))
    assert estimate.elo_high == pytest.approx(logistic_inverse(mu + z * estimate.score_stderr))
    assert estimate.elo_low < estimate.elo < estimate.elo_high
    wider = elo_estimate(136, 111, 96, confidence=0.99)
    assert wider.elo_low < estimate.elo_low and wider.elo_high > estimate.elo_high


def logistic_inverse(score: float) -> float:
    return 400 * math.log10(score / (1 - score))


def test_pairs_that_repeat_one_result_have_a_wider_interval():
    # Each pair is LL or WW: the two games are fully correlated, so a pair is worth one game.
    pairs = elo_estimate_pairs([40, 0, 0, 0, 60])
    games = elo_estimate(120, 0, 80)
    assert pairs.score == games.score == 0.6 and pairs.games == games.games == 200
    assert pairs.score_stderr == pytest.approx(math.sqrt(2) * games.score_stderr, rel=1e-12)
    assert pairs.margin > games.margin


def test_normalized_elo_matches_logistic_for_small_differences_without_draws():
    assert normalized_elo(5010, 0, 4990) == pytest.approx(logistic_inverse(0.501), rel=1e-3)
    # draws shrink sigma, so the same score is more normalized Elo
    assert normalized_elo(50, 100, 40) > normalized_elo(100, 0, 90) > 0


# --- The generalized SPRT against a brute-force maximum likelihood ---------------------------


def _maximize(f, lo: float, hi: float) -> float:
    """Maximum of f on (lo, hi): a fine grid, then golden-section search around the best."""
    xs = np.linspace(lo, hi, 2001)[1:-1]
    values = [f(x) for x in xs]
    i = int(np.argmax(values))
    a, b = xs[max(i - 1, 0)], xs[min(i + 1, len(xs) - 1)]
    g = (math.sqrt(5) - 1) / 2
    for _ in range(100):
        c, d = b - g * (b - a), a + g * (b - a)
        if f(c) > f(d):
            b = d
        else:
            a = c
    return f((a + b) / 2)


def brute_force_trinomial_llr(w: int, d: int, l: int, elo0: float, elo1: float,
                              scale: str) -> float:
    """max log-likelihood under H1 minus under H0, each over a one-parameter family (the draw
    probability), with the other two probabilities fixed by the hypothesis."""
    def best(elo: float) -> float:
        if scale == "logistic":
            s = logistic(elo)

            def loglik(q_draw: float) -> float:
                return (w * math.log(s - q_draw / 2) + d * math.log(q_draw)
                        + l * math.log(1 - s - q_draw / 2))
            return _maximize(loglik, 0, 2 * min(s, 1 - s))
        t = elo / NELO_PER_T

        def loglik_t(q_draw: float) -> float:
            u = math.copysign(abs(t) * math.sqrt((1 - q_draw) / 4 / (1 + t * t)), t)
            return (w * math.log((1 - q_draw) / 2 + u) + d * math.log(q_draw)
                    + l * math.log((1 - q_draw) / 2 - u))
        return _maximize(loglik_t, 0, 1 / (1 + t * t))     # beyond it a loss is impossible
    return best(elo1) - best(elo0)


@pytest.mark.parametrize("w, d, l, elo0, elo1, scale", [
    (136, 111, 96, 0, 50, "logistic"),
    (136, 111, 96, -10, 20, "normalized"),
    (500, 1200, 480, 0, 5, "logistic"),
    (30, 10, 45, 0, 40, "normalized"),
    (36433, 68692, 36027, 0, 2, "normalized"),
])
def test_trinomial_llr_is_the_generalized_likelihood_ratio(w, d, l, elo0, elo1, scale):
    expected = brute_force_trinomial_llr(w, d, l, elo0, elo1, scale)
    assert trinomial_llr(w, d, l, elo0, elo1, scale) == pytest.approx(expected, abs=1e-6)


def test_trinomial_without_draws_is_close_to_the_win_loss_test():
    # only the draw regularization (0.001 of a game) separates them
    assert trinomial_llr(60, 0, 40, 0, 50) == pytest.approx(win_loss_llr(60, 40), abs=1e-4)


def test_pentanomial_llr_agrees_with_the_closed_form_approximations():
    pairs = [1200, 9000, 21000, 9400, 1300]
    n = sum(pairs)
    values = np.arange(5) / 4
    freqs = np.array(pairs) / n
    mu = float(freqs @ values)
    var = float(freqs @ (values - mu) ** 2)
    s0, s1 = logistic(0), logistic(3)
    approx_logistic = n * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)    # Fishtest LLR_alt2
    assert pentanomial_llr(pairs, 0, 3) == pytest.approx(approx_logistic, rel=1e-2)
    nt = (mu - 0.5) / math.sqrt(2 * var)                                 # section 4.2
    nt0, nt1 = 0 / NELO_PER_T, 3 / NELO_PER_T
    approx_normalized = n * math.log((1 + (nt - nt0) ** 2) / (1 + (nt - nt1) ** 2))
    assert pentanomial_llr(pairs, 0, 3, "normalized") == pytest.approx(approx_normalized,
                                                                      rel=1e-2)


def test_pentanomial_on_whole_point_pairs_matches_the_trinomial():
    # pairs scoring only 0, 1 or 2 points take the values 0, 1/2, 1 of a trinomial game
    assert pentanomial_llr([40, 0, 70, 0, 55], 0, 20) == pytest.approx(
        trinomial_llr(55, 70, 40, 0, 20), rel=1e-3)


counts = st.integers(min_value=0, max_value=400)
bounds = st.sampled_from([(0, 5), (0, 50), (-10, 10), (0, 2)])
scales = st.sampled_from(["logistic", "normalized"])


@settings(max_examples=60, deadline=None)
@given(counts, counts, counts, bounds, scales)
def test_llr_rises_with_wins_and_falls_with_losses(w, d, l, elo_bounds, scale):
    if w + d + l == 0:
        w = 1
    llr = trinomial_llr(w, d, l, *elo_bounds, scale)
    assert trinomial_llr(w + 1, d, l, *elo_bounds, scale) > llr
    assert trinomial_llr(w, d, l + 1, *elo_bounds, scale) < llr


@settings(max_examples=60, deadline=None)
@given(counts, counts, counts, bounds, scales)
def test_llr_is_symmetric_under_swapping_the_players(w, d, l, elo_bounds, scale):
    if w + d + l == 0:
        d = 1
    elo0, elo1 = elo_bounds
    assert trinomial_llr(w, d, l, elo0, elo1, scale) == pytest.approx(
        -trinomial_llr(l, d, w, -elo1, -elo0, scale), abs=1e-9)
    assert win_loss_llr(w, l, elo0, elo1) == pytest.approx(-win_loss_llr(l, w, -elo1, -elo0),
                                                           abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.lists(counts, min_size=5, max_size=5).filter(any), bounds, scales)
def test_pentanomial_llr_rises_with_the_pair_score(pairs, elo_bounds, scale):
    llr = pentanomial_llr(pairs, *elo_bounds, scale)
    best = pairs[:4] + [pairs[4] + 1]
    worst = [pairs[0] + 1] + pairs[1:]
    assert pentanomial_llr(best, *elo_bounds, scale) > llr > pentanomial_llr(worst, *elo_bounds,
                                                                             scale)


@pytest.mark.parametrize("scale", ["logistic", "normalized"])
@pytest.mark.parametrize("size", [3, 5])
def test_compiled_llr_equals_the_readable_one(scale, size):
    rows = np.random.default_rng(7).integers(0, 300, (300, size))
    rows[:5, 1] = 0                                       # some zero counts: regularized
    fast = gsprt_llr_many(rows, -3, 7, scale)
    slow = [gsprt_llr(row, -3, 7, scale) for row in rows]
    assert np.allclose(fast, slow, rtol=1e-9, atol=1e-9)


# --- The Sprt object --------------------------------------------------------------------------


def test_history_is_the_llr_of_every_prefix():
    results = [1, 0, 0.5, 1, 1, 0, 0.5, 1]
    test = Sprt()
    test.feed(results)
    wins = losses = 0
    for i, result in enumerate(results):
        wins += result == 1
        losses += result == 0
        assert test.llr_history[i] == pytest.approx(win_loss_llr(wins, losses), abs=1e-12)
    assert len(test.llr_history) == test.games == 8 and test.draws == 2


def test_sequential_llr_equals_the_llr_from_totals():
    rng = np.random.default_rng(3)
    results = rng.choice([0, 0.5, 1], size=300, p=[0.3, 0.35, 0.35]).tolist()
    test = Sprt(elo0=-20, elo1=20, kind="trinomial", scale="normalized")
    test.feed(results)
    totals = Sprt.from_totals(wins=test.wins, draws=test.draws, losses=test.losses, elo0=-20,
                              elo1=20, kind="trinomial", scale="normalized")
    assert test.llr == pytest.approx(totals.llr, abs=1e-12)


def test_feed_stops_reading_at_the_decision():
    results = iter([1] * 30)
    test = Sprt()
    assert test.feed(results) == ACCEPT_H1
    assert len(list(results)) == 7
    with pytest.raises(CourseError, match="over"):
        test.add(1)


def test_pentanomial_accepts_pair_scores_and_pairs_of_games():
    test = Sprt(elo0=0, elo1=10, kind="pentanomial")
    test.add(2)
    test.add((1, 0.5))
    test.add((0, 0))
    test.add(1)
    assert test.pairs == [1, 0, 1, 1, 1] and test.games == 8
    assert test.llr == pytest.approx(pentanomial_llr([1, 0, 1, 1, 1], 0, 10), abs=1e-12)


@pytest.mark.parametrize("kind, bad", [("win_loss", 2), ("trinomial", 0.25), ("trinomial", True),
                                       ("trinomial", "win"), ("pentanomial", 0.25),
                                       ("pentanomial", (1, 1, 1))])
def test_bad_results_are_refused(kind, bad):
    with pytest.raises(CourseError):
        Sprt(kind=kind).add(bad)


# --- Exact and simulated operating characteristics --------------------------------------------


def test_exact_oc_meets_the_design_at_both_hypotheses():
    h0, h1 = win_loss_operating_point(0), win_loss_operating_point(50)
    assert h0.accept_h1 == pytest.approx(0.05, abs=0.005)
    assert h1.accept_h1 == pytest.approx(0.95, abs=0.005)


@pytest.mark.parametrize("elo0, elo1, alpha, beta", [(0, 50, 0.05, 0.05), (0, 30, 0.1, 0.2),
                                                     (-10, 20, 0.01, 0.1)])
def test_exact_oc_obeys_walds_inequalities(elo0, elo1, alpha, beta):
    real_alpha = win_loss_operating_point(elo0, elo0, elo1, alpha, beta).accept_h1
    real_beta = win_loss_operating_point(elo1, elo0, elo1, alpha, beta).accept_h0
    assert real_alpha <= alpha / (1 - beta)
    assert real_beta <= beta / (1 - alpha)
    assert real_alpha + real_beta <= alpha + beta


def test_exact_oc_rises_with_elo_and_a_cap_leaves_mass_undecided():
    points = win_loss_operating_characteristic([-50, -20, 0, 20, 40, 60, 100])
    chances = [p.accept_h1 for p in points]
    assert chances == sorted(chances) and chances[0] < 1e-3 and chances[-1] > 0.999
    capped = win_loss_operating_point(25, max_games=100)
    assert capped.horizon == 100 and capped.undecided > 0.05
    assert capped.accept_h1 + capped.accept_h0 + capped.undecided == pytest.approx(1)
    assert capped.expected_games < win_loss_operating_point(25).expected_games


def test_draws_lengthen_the_win_loss_test_by_one_over_the_decisive_share():
    # with 40 % draws, the decisive games are won with (s - 0.2) / 0.6 at the same score
    plain = win_loss_operating_point(0)
    drawish = win_loss_operating_point(0, draw_ratio=0.4)
    assert drawish.accept_h1 == pytest.approx(plain.accept_h1, abs=1e-12)   # p stays 1/2
    assert drawish.expected_games == pytest.approx(plain.expected_games / 0.6, rel=1e-12)


def test_simulation_agrees_with_the_exact_win_loss_test():
    for elo in (0, 50):
        exact = win_loss_operating_point(elo)
        sim = simulate_sprt(Sprt(), game_probabilities(elo), runs=20000, seed=11)
        assert sim.undecided == 0
        assert abs(sim.accept_h1 - exact.accept_h1) < 4 * math.sqrt(
            exact.accept_h1 * (1 - exact.accept_h1) / 20000)
        spread = float(np.std(sim.stopped_after)) / math.sqrt(20000)
        assert abs(sim.expected_games - exact.expected_games) < 4 * spread


def test_simulation_is_reproducible_from_its_seed():
    test = Sprt(elo0=0, elo1=20, kind="trinomial")
    first = simulate_sprt(test, game_probabilities(10, 0.3), runs=50, seed=5, keep_paths=3)
    again = simulate_sprt(test, game_probabilities(10, 0.3), runs=50, seed=5, keep_paths=3)
    other = simulate_sprt(test, game_probabilities(10, 0.3), runs=50, seed=6)
    assert np.array_equal(first.stopped_after, again.stopped_after)
    assert np.array_equal(first.decisions, again.decisions)
    assert all(np.array_equal(a, b) for a, b in zip(first.paths, again.paths))
    assert not np.array_equal(first.stopped_after, other.stopped_after)


@pytest.mark.parametrize("kind, scale", [("win_loss", "logistic"), ("trinomial", "logistic"),
                                         ("trinomial", "normalized"),
                                         ("pentanomial", "logistic"),
                                         ("pentanomial", "normalized")])
def test_simulated_paths_stay_inside_the_bounds_until_they_stop(kind, scale):
    test = Sprt(elo0=0, elo1=40, kind=kind, scale=scale)
    probabilities = (pair_probabilities(20, 0.3, scale) if kind == "pentanomial"
                     else game_probabilities(20, 0.3, scale))
    sim = simulate_sprt(test, probabilities, runs=40, seed=2, keep_paths=40, max_games=4000)
    for path, length, decision in zip(sim.paths, sim.stopped_after, sim.decisions):
        assert path.size == length
        assert np.all((path[:-1] > test.lower_bound) & (path[:-1] < test.upper_bound))
        if decision == 1:
            assert path[-1] >= test.upper_bound
        elif decision == -1:
            assert path[-1] <= test.lower_bound
        else:
            assert length == (2000 if kind == "pentanomial" else 4000)
    if kind == "win_loss":            # every step is a win, a draw (no change) or a loss
        win, loss = (math.log(logistic(40) / 0.5), math.log((1 - logistic(40)) / 0.5))
        steps = np.diff(np.concatenate([[0.0], sim.paths[0]]))
        assert all(min(abs(s - win), abs(s), abs(s - loss)) < 1e-9 for s in steps)


def test_simulated_gsprt_meets_its_design_roughly():
    test = Sprt(elo0=0, elo1=30, kind="trinomial", alpha=0.1, beta=0.1)
    points = simulated_operating_characteristic(test, [0, 30], draw_ratio=0.3, runs=400,
                                                seed=4)
    assert points[0].accept_h1 < 0.1 + 3 * math.sqrt(0.09 / 400)
    assert points[1].accept_h1 > 0.9 - 3 * math.sqrt(0.09 / 400)


def test_game_and_pair_probabilities():
    win, draw, loss = game_probabilities(100, 0.2)
    assert win + draw + loss == pytest.approx(1) and draw == 0.2
    assert win + draw / 2 == pytest.approx(logistic(100))
    # in normalized Elo the per-game score has (score - 1/2) / sigma = nelo / NELO_PER_T
    win, draw, loss = game_probabilities(30, 0.5, scale="normalized")
    mu = win + draw / 2
    sigma = math.sqrt(win * (1 - mu) ** 2 + draw * (0.5 - mu) ** 2 + loss * mu ** 2)
    assert (mu - 0.5) / sigma == pytest.approx(30 / NELO_PER_T)
    pairs = pair_probabilities(40, 0.25)
    assert sum(pairs) == pytest.approx(1)
    assert sum(p * s / 2 for p, s in zip(pairs, (0, 0.5, 1, 1.5, 2))) == \
        pytest.approx(logistic(40))


# --- Round robin --------------------------------------------------------------------------------


def test_two_players_are_rated_by_their_score():
    table = round_robin_elo({("a", "b"): (50, 20, 30)})
    a, b = table.rows
    assert a.name == "a" and a.elo - b.elo == pytest.approx(logistic_inverse(0.6), abs=1e-6)
    assert a.elo == pytest.approx(-b.elo) and a.games == 100 and a.points == 60
    # the gap's standard error is 1 / sqrt(n c^2 p (1 - p)), c = ln 10 / 400 (the slope of the
    # expected score per Elo, over p (1 - p)); each rating carries half the gap
    c = math.log(10) / 400
    gap_error = 1 / math.sqrt(100 * c * c * 0.6 * 0.4)
    z = NormalDist().inv_cdf(0.975)
    assert a.margin == pytest.approx(z * gap_error / 2, rel=1e-9)
    assert b.margin == pytest.approx(z * gap_error / 2, rel=1e-9)


def test_known_ratings_are_recovered():
    truth = {"p": 150.0, "q": 20.0, "r": -40.0, "s": -130.0}
    results = {}
    names = sorted(truth)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            n = 200000
            wins = round(n * logistic(truth[a] - truth[b]))
            results[(a, b)] = (wins, 0, n - wins)
    table = round_robin_elo(results)
    for row in table.rows:
        assert row.elo == pytest.approx(truth[row.name], abs=0.5)
        assert row.elo_low < truth[row.name] < row.elo_high
    assert [row.name for row in table.rows] == ["p", "q", "r", "s"]
    # Interval: invert the Fisher information with player p's rating held at 0, then move to
    # ratings that average 0 (x -> x - mean x), and compare the standard errors.
    c, n, k = math.log(10) / 400, 200000, len(names)
    info = np.zeros((k, k))
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if i != j:
                p = logistic(truth[a] - truth[b])
                info[i, j] = -n * c * c * p * (1 - p)
                info[i, i] += n * c * c * p * (1 - p)
    relative = np.zeros((k, k))
    relative[1:, 1:] = np.linalg.inv(info[1:, 1:])
    centre = np.eye(k) - np.ones((k, k)) / k
    errors = np.sqrt(np.diag(centre @ relative @ centre.T))
    z = NormalDist().inv_cdf(0.975)
    for row in table.rows:
        assert row.margin == pytest.approx(z * errors[names.index(row.name)], rel=1e-3)


def test_round_robin_from_match_results_and_an_unbounded_table():
    from course_lib.match import MatchResult
    matches = [MatchResult("greedy", "random", wins=10), MatchResult("minimax", "random", wins=10),
               MatchResult("minimax", "greedy", wins=6, draws=2, losses=2)]
    with pytest.raises(CourseError, match="prior_draws"):
        round_robin_elo(matches)
    table = round_robin_elo(matches, prior_draws=1)
    assert [row.name for row in table.rows] == ["minimax", "greedy", "random"]
    assert table.rows[-1].games == 20 and table.rows[-1].points == 0
    assert "minimax" in str(table)
    assert str(table).splitlines()[-1] == "(logistic Elo, average 0; +- is half the 95% interval)"


# --- Errors at the boundary --------------------------------------------------------------------


@pytest.mark.parametrize("call, words", [
    (lambda: elo_estimate(-1, 0, 3), "wins cannot be negative"),
    (lambda: elo_estimate(0, 0, 0), "no games"),
    (lambda: elo_estimate(1.5, 0, 3), "whole number"),
    (lambda: elo_estimate_pairs([1, 2, 3]), "5 counts"),
    (lambda: elo_estimate(3, 2, 1, confidence=1.2), "confidence"),
    (lambda: elo_from_score(1.5), "between 0 and 1"),
    (lambda: sprt_bounds(0, 0.05), "alpha must be a probability"),
    (lambda: sprt_bounds(0.05, 1), "beta must be a probability"),
    (lambda: sprt_bounds(0.6, 0.5), r"alpha \+ beta must be below 1"),
    (lambda: Sprt(elo0=50, elo1=0), "elo0 must be below elo1"),
    (lambda: Sprt(elo0=5, elo1=5), "elo0 must be below elo1"),
    (lambda: Sprt(kind="binomial"), "kind must be one of"),
    (lambda: Sprt(scale="bayes"), "scale must be"),
    (lambda: Sprt(scale="normalized"), "logistic Elo bounds only"),
    (lambda: Sprt.from_totals(wins=3, pairs=[1, 1, 1, 1, 1]), "not both"),
    (lambda: win_loss_llr(-2, 3), "wins cannot be negative"),
    (lambda: game_probabilities(800, draw_ratio=0.9), "impossible"),
    (lambda: game_probabilities(0, draw_ratio=1), "draw_ratio"),
    (lambda: simulate_sprt(Sprt(), (0.5, 0.2, 0.2)), "add up to 1"),
    (lambda: simulate_sprt(Sprt(kind="pentanomial"), (0.5, 0, 0.5)), "5 probabilities"),
    (lambda: win_loss_operating_point(0, alpha=1.5), "alpha"),
    (lambda: round_robin_elo({("a", "a"): (1, 0, 0)}), "itself"),
])
def test_errors_say_what_is_wrong(call, words):
    with pytest.raises(CourseError, match=words):
        call()


# --- The command line ---------------------------------------------------------------------------


def run_elo(argv: list[str], capsys) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["elo", *argv])
    code = args.run(args)
    return code, capsys.readouterr().out


def test_cli_json_reproduces_the_spec(capsys):
    code, out = run_elo(["--wins", "136", "--draws", "111", "--losses", "96", "--json"], capsys)
    result = json.loads(out)
    assert code == 0
    assert f"{result['elo']:.2f}" == "40.70" and f"{result['elo_margin']:.2f}" == "30.43"
    assert f"{result['los'] * 100:.2f}" == "99.60" and result["games"] == 343
    assert result["elo_low"] < result["elo"] < result["elo_high"]
    assert "llr" not in result


def test_cli_json_with_normalized_bounds(capsys):
    code, out = run_elo(["--wins", "36433", "--draws", "68692", "--losses", "36027",
                         "--elo0", "0", "--elo1", "2", "--scale", "normalized", "--json"], capsys)
    result = json.loads(out)
    assert f"{result['llr']:.4f}" == "0.9233" and result["decision"] == "continue"
    assert result["test"] == "trinomial" and round(result["upper_bound"], 3) == 2.944
    assert round(result["lower_bound"], 3) == -2.944


@pytest.mark.parametrize("argv, decision, llr", [
    (["--wins", "60", "--losses", "40"], "continue", "1.8463"),
    (["--wins", "23", "--losses", "0"], "accept H1", None),
    (["--wins", "0", "--losses", "20"], "accept H0", None),
])
def test_cli_lecture_test(argv, decision, llr, capsys):
    _, out = run_elo([*argv, "--elo0", "0", "--elo1", "50", "--test", "win-loss", "--json"],
                     capsys)
    result = json.loads(out)
    assert result["decision"] == decision and result["test"] == "win-loss"
    if llr:
        assert f"{result['llr']:.4f}" == llr


def test_cli_pentanomial_text_and_json(capsys):
    code, out = run_elo(["--pairs", "5,30,60,34,6", "--elo0", "0", "--elo1", "5"], capsys)
    assert code == 0 and "135 pairs" in out and "pentanomial" in out and "LLR" in out
    _, out = run_elo(["--pairs", "5,30,60,34,6", "--elo0", "0", "--elo1", "5", "--json"], capsys)
    result = json.loads(out)
    assert result["pairs"] == [5, 30, 60, 34, 6] and result["games"] == 270
    assert result["llr"] == pytest.approx(pentanomial_llr([5, 30, 60, 34, 6], 0, 5))


def test_cli_says_which_interval_it_printed(capsys):
    _, out = run_elo(["--wins", "0", "--draws", "1", "--losses", "99", "--json"], capsys)
    one_draw = json.loads(out)
    _, out = run_elo(["--losses", "100", "--json"], capsys)
    all_lost = json.loads(out)
    assert one_draw["interval"] == "chernoff" and all_lost["interval"] == "exact"
    assert one_draw["elo_low"] is not None and one_draw["elo_high"] > all_lost["elo_high"]
    assert one_draw["elo_margin"] is None           # not centred on elo: no "+-"
    _, text = run_elo(["--wins", "0", "--draws", "1", "--losses", "99"], capsys)
    assert "distribution-free" in text and "+-" not in text and "inf" not in text
    _, out = run_elo(["--wins", "136", "--draws", "111", "--losses", "96", "--json"], capsys)
    assert json.loads(out)["interval"] == "normal"


def test_cli_perfect_score_gives_null_not_infinity(capsys):
    _, out = run_elo(["--wins", "10", "--json"], capsys)
    assert json.loads(out)["elo"] is None and "Infinity" not in out


@pytest.mark.parametrize("argv, words", [
    (["--wins", "3", "--pairs", "1,1,1,1,1"], "not both"),
    (["--draws", "0"], "no games"),
    ([], "give the results"),
    (["--wins", "3", "--losses", "2", "--elo0", "10", "--elo1", "0"], "elo0 must be below elo1"),
    (["--wins", "3", "--losses", "2", "--elo0", "0"], "both --elo0 and --elo1"),
    (["--pairs", "1,1,1,1,1", "--elo0", "0", "--elo1", "5", "--test", "win-loss"], "pairs"),
])
def test_cli_errors_in_plain_words(argv, words, capsys):
    with pytest.raises(CourseError, match=words):
        run_elo(argv, capsys)


@pytest.mark.parametrize("argv, words", [
    (["--wins", "-3"], "from 0 to 1,000,000,000,000"),
    (["--pairs", "1,2,3"], "expected 5 counts"),
    (["--wins", "3", "--alpha", "1.5"], "strictly between 0 and 1"),
])
def test_cli_refuses_bad_arguments(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        run_elo(argv, capsys)
    assert exit_info.value.code == 2 and words in capsys.readouterr().err


def test_cli_help_documents_the_json_keys(capsys):
    with pytest.raises(SystemExit):
        run_elo(["--help"], capsys)
    help_text = capsys.readouterr().out
    for key in ("elo", "elo_low", "elo_high", "los", "llr", "lower_bound", "upper_bound",
                "decision", "games"):
        # each key is listed in the epilog, followed by a comma or by its description
        assert re.search(rf"(^|[ ,]){key}(,| {{2,}})", help_text, re.MULTILINE), key


# --- Plots -------------------------------------------------------------------------------------


@pytest.fixture
def plt(monkeypatch):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot

    def refuse(*args, **kwargs):
        raise AssertionError("a plot function called plt.show()")
    monkeypatch.setattr(pyplot, "show", refuse)
    yield pyplot
    pyplot.close("all")


def test_plot_llr_draws_bounds_and_every_kept_run(plt):
    from course_lib.viz.strength_plots import plot_llr
    sim = simulate_sprt(Sprt(), game_probabilities(10), runs=30, seed=1, keep_paths=12)
    _, ax = plt.subplots()
    assert plot_llr(sim, ax=ax) is ax
    lines = ax.get_lines()
    bounds = {round(line.get_ydata()[0], 3) for line in lines[:2]}
    assert bounds == {2.944, -2.944}
    paths = lines[3:]
    assert len(paths) == 12
    assert [len(line.get_xdata()) for line in paths] == [n + 1 for n in sim.stopped_after[:12]]
    with pytest.raises(ValueError, match="keep_paths"):
        plot_llr(simulate_sprt(Sprt(), game_probabilities(0), runs=3, seed=1))


def test_plot_oc_expected_games_and_elo_table(plt):
    from course_lib.viz.strength_plots import (plot_elo_table, plot_expected_games,
                                               plot_operating_characteristic)
    points = win_loss_operating_characteristic([-20, 0, 25, 50, 80])
    _, (left, middle, right) = plt.subplots(1, 3)
    assert plot_operating_characteristic(points, ax=left, elo0=0, elo1=50, alpha=0.05,
                                         beta=0.05) is left
    curve = left.get_lines()[0]
    assert list(curve.get_ydata()) == [p.accept_h1 for p in points]
    assert plot_expected_games(points, ax=middle) is middle
    assert list(middle.get_lines()[0].get_ydata()) == [p.expected_games for p in points]
    table = round_robin_elo({("a", "b"): (60, 10, 30), ("b", "c"): (50, 20, 30),
                             ("a", "c"): (70, 10, 20)})
    assert plot_elo_table(table, ax=right) is right
    assert [t.get_text() for t in right.get_yticklabels()] == ["c", "b", "a"]   # best on top


def test_imports_stay_light():
    code = ("import sys; import course_lib.strength, course_lib.viz.strength_plots, "
            "course_lib.strength_cli; "
            "heavy = [m for m in ('matplotlib', 'numba') if m in sys.modules]; "
            "assert not heavy, heavy")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("wins, draws, losses, words, never", [
    (10, 0, 0, ["+inf logistic Elo", "every game won", "no finite estimate", "LOS 100.00%"], ["+- ", "nan"]),
    (0, 0, 7, ["-inf logistic Elo", "every game lost", "LOS 0.00%", "7 games"], ["+- ", "nan"]),
    (9, 1, 0, ["distribution-free", "normal margin of a score of 100%"], ["+- ", "inf"]),
    (0, 1, 9, ["(95% interval -", "distribution-free", "a score of 0%)"], ["+- ", "inf"]),
    (5, 1, 4, ["distribution-free", "of a score of 0% and of 100%"], ["+- ", "inf"]),
    (50, 10, 40, ["+- ", "95% interval"], ["inf", "distribution-free"]),
])
def test_an_estimate_prints_what_it_knows(wins, draws, losses, words, never):
    text = str(elo_estimate(wins, draws, losses))
    assert all(word in text for word in words), text
    assert not any(word in text for word in never), text


def _kl(p: float, q: float) -> float:
    """KL divergence of a coin of chance p from one of chance q, written out for the tests."""
    total = 0.0 if p == 0 else p * math.log(p / q)
    return total + (0.0 if p == 1 else (1 - p) * (math.log1p(-p) - math.log1p(-q)))


@pytest.mark.parametrize("mean, samples", [(0.005, 100), (0.3, 20), (0.97, 1000), (1e-6, 10**9)])
def test_chernoff_interval_ends_where_the_divergence_reaches_its_budget(mean, samples):
    low, high = chernoff_interval(mean, samples)
    budget = math.log(2 / 0.05)
    assert 0 < low < mean < high < 1
    for end in (low, high):
        assert samples * _kl(mean, end) == pytest.approx(budget, rel=1e-9)


def test_chernoff_interval_of_one_repeated_extreme_is_the_exact_bound():
    assert chernoff_interval(0.0, 100) == (0.0, pytest.approx(1 - 0.025 ** (1 / 100)))
    assert chernoff_interval(1.0, 40, 0.9) == (pytest.approx(0.05 ** (1 / 40)), 1.0)


def test_chernoff_interval_covers_the_true_score_whatever_the_results_shape():
    # 30 games with rare wins and draws: the normal interval fails here, the bound must not.
    rng = np.random.default_rng(11)
    chances = np.array([0.02, 0.05, 0.93])                     # win, draw, loss
    true_score = chances[0] + chances[1] / 2
    games = rng.choice([1.0, 0.5, 0.0], p=chances, size=(20_000, 30))
    means, counts = np.unique(games.mean(axis=1), return_counts=True)
    covered = sum(count for mean, count in zip(means, counts)
                  if chernoff_interval(float(mean), 30)[0] <= true_score
                  <= chernoff_interval(float(mean), 30)[1])
    assert covered / 20_000 >= 0.95
    # ... where the normal interval, from each match's own variance, misses far more often.
    margin = 1.96 * np.sqrt(games.var(axis=1) / 30)
    normal = np.abs(games.mean(axis=1) - true_score) <= margin
    assert normal.mean() < 0.9


def test_a_draw_more_never_bounds_the_elo_lower_than_all_lost():
    all_lost = elo_estimate(0, 0, 100)
    for draws in (1, 2, 3):
        estimate = elo_estimate(0, draws, 100 - draws)
        assert estimate.interval == "chernoff"
        assert estimate.elo_high > all_lost.elo_high
        assert math.isfinite(estimate.elo_low)
    assert elo_estimate(0, 1, 99).elo_high < elo_estimate(0, 2, 98).elo_high


def test_the_normal_interval_stays_where_it_fits():
    estimate = elo_estimate(136, 111, 96)
    assert estimate.interval == "normal" and "+- 30.43" in str(estimate)
    pairs = elo_estimate_pairs([17, 0, 3, 0, 0])
    assert pairs.interval == "chernoff" and pairs.elo_low > -math.inf
    assert elo_estimate(0, 10, 0).interval == "exact"


@pytest.mark.parametrize("mean, samples, words", [
    (1.5, 10, "between 0 and 1"), (-0.1, 10, "between 0 and 1"), (0.5, 0, "at least 1"),
    (float("nan"), 10, "must be a number"), (0.5, 2.5, "whole number"),
])
def test_chernoff_interval_refuses_in_words(mean, samples, words):
    with pytest.raises(CourseError, match=words):
        chernoff_interval(mean, samples)


def _stored_estimates(value: object):
    """Every record in a stored measurement that carries a naive Elo interval."""
    if isinstance(value, dict):
        if "elo_low" in value:
            yield value
        for item in value.values():
            yield from _stored_estimates(item)
    elif isinstance(value, list):
        for item in value:
            yield from _stored_estimates(item)


def test_every_stored_elo_interval_is_the_one_the_library_computes_from_its_counts():
    from pathlib import Path
    import course_lib
    records = 0
    for path in sorted((Path(course_lib.__file__).parent / "data").glob("*.json")):
        for record in _stored_estimates(json.loads(path.read_text())):
            pairs = record.get("pentanomial") or record.get("pair_counts")
            estimate = (elo_estimate_pairs(pairs) if pairs
                        else elo_estimate(record["wins"], record["draws"], record["losses"]))
            for key in ("elo", "elo_low", "elo_high"):
                stored, computed = record[key], getattr(estimate, key)
                stored = math.copysign(math.inf, computed) if stored is None else stored
                if math.isinf(computed) or math.isinf(stored):
                    assert stored == computed, (path.name, key, record)
                else:                               # some records keep one decimal
                    assert abs(stored - computed) <= 0.051, (path.name, key, stored, computed)
            records += 1
    assert records >= 40
