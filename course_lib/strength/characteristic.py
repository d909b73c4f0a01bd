"""How a sequential test behaves: its operating characteristic (the chance of accepting H1 for
each true Elo difference) and how many games it takes.

- The lecture's win/loss test is computed **exactly** by dynamic programming over
  (wins, losses): the probability of every still-running state, game after game, with the
  mass that crosses a bound collected as it does.
- The trinomial and pentanomial tests are **simulated**: many seeded runs, each played game by
  game until it stops (numpy's Generator draws the results, compiled kernels compute the LLR).
- Any test is **approximated** in closed form by a Brownian motion between its bounds
  (``brownian_model``; ``course_lib.strength.brownian``): the operating characteristic, the
  expected length, the chance of still running after n games, and so a cap on the games that
  is reached with a negligible chance (``games_cap``).

All give ``OperatingPoint`` values. A test stops with probability 1, but after any finite
number of games some probability is still running: ``undecided`` reports it, so
``accept_h1 + accept_h0 + undecided == 1``, and the true chance of accepting H1 lies between
``accept_h1`` and ``accept_h1 + undecided``.

>>> point = win_loss_operating_point(0)           # the lecture's test, true difference 0 Elo
>>> round(point.accept_h1, 4), point.undecided < 1e-12
(0.0472, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ..errors import CourseError
from .brownian import BrownianTest
from .elo import NELO_PER_T, check_count, expected_score
from .llr import _hypothesis_parameters, check_elo_bounds, check_scale, win_loss_steps
from .sprt import Sprt, sprt_bounds

__all__ = ["OperatingPoint", "SprtSimulation", "brownian_model",
           "brownian_operating_characteristic", "game_probabilities", "games_cap",
           "games_still_running", "pair_probabilities", "simulate_sprt",
           "simulated_operating_characteristic", "win_loss_operating_characteristic",
           "win_loss_operating_point"]


@dataclass(frozen=True)
class OperatingPoint:
    """What a test does when the true Elo difference is ``elo``."""

    elo: float
    """The true Elo difference (in the test's scale)."""
    accept_h1: float
    accept_h0: float
    undecided: float
    """Probability that the test is still running after ``horizon`` games."""
    expected_games: float
    """Mean number of games played, each run counted up to ``horizon`` games at most."""
    horizon: int
    """Games looked at: where the exact computation stopped, or the simulation's cap (0 for
    the Brownian approximation, which has none)."""
    method: str
    """``"exact"``, ``"simulation"`` or ``"brownian"``."""
    runs: int | None = None
    """Simulated runs (None when exact)."""

    @property
    def stderr(self) -> float:
        """Standard error of ``accept_h1`` (0 when exact)."""
        if self.runs is None:
            return 0.0
        return math.sqrt(self.accept_h1 * (1 - self.accept_h1) / self.runs)


# --- Exact: the win/loss test ---------------------------------------------------------------

def _check_draw_ratio(draw_ratio: float) -> float:
    if isinstance(draw_ratio, bool) or not isinstance(draw_ratio, (int, float)) \
            or not 0 <= draw_ratio < 1:
        raise CourseError(f"draw_ratio is the fraction of drawn games, from 0 up to (not "
                          f"including) 1; got {draw_ratio!r}")
    return float(draw_ratio)


MAX_GAMES = 1_000_000
"""The longest test these functions compute or simulate: a million games (or runs)."""

MAX_SIMULATED_GAMES = 10**10
"""A simulation plays at most this many games in all (runs times max_games)."""

_SEED_LIMIT = 2**128 - 1


def _check_elos(elos: object) -> list[float]:
    """The true Elo differences of an operating characteristic, checked: finite numbers."""
    if isinstance(elos, (str, bytes)) or not hasattr(elos, "__iter__"):
        raise CourseError(f"elos must be a list of Elo differences, got {elos!r:.100}")
    checked = []
    for elo in elos:
        if isinstance(elo, bool) or not isinstance(elo, (int, float, np.integer, np.floating)) \
                or not -1e300 < elo < 1e300:            # finite, and no float() overflow
            raise CourseError(f"every Elo difference must be a finite number, got {elo!r:.100}")
        checked.append(float(elo))
    return checked


def _check_max_games(max_games: int) -> int:
    max_games = check_count("max_games", max_games, MAX_GAMES, "a million games")
    if max_games < 1:
        raise CourseError("max_games must be at least 1")
    return max_games


def game_probabilities(elo: float, draw_ratio: float = 0.0,
                       scale: str = "logistic") -> tuple[float, float, float]:
    """(win, draw, loss) probabilities of one game when A is ``elo`` stronger (logistic or
    normalized Elo) and a fraction ``draw_ratio`` of the games are drawn.

    >>> [round(p, 4) for p in game_probabilities(50)]
    [0.5715, 0.0, 0.4285]
    >>> [round(p, 4) for p in game_probabilities(0, draw_ratio=0.4)]
    [0.3, 0.4, 0.3]
    """
    d = _check_draw_ratio(draw_ratio)
    scale = check_scale(scale)
    if isinstance(elo, bool) or not isinstance(elo, (int, float)) or not (
            -1e300 < elo < 1e300):                        # finite, and no float() overflow
        raise CourseError(f"elo must be a finite number, got {elo!r:.100}")
    if scale == "logistic":
        score = expected_score(elo)
    else:
        # score - 1/2 = t * sigma with sigma^2 = score (1 - score) - d / 4, solved for score
        t = elo / NELO_PER_T
        score = 0.5 + math.copysign(abs(t) * math.sqrt((1 - d) / 4 / (1 + t * t)), t)
    win, loss = score - d / 2, 1 - score - d / 2
    if win < 0 or loss < 0:
        raise CourseError(f"a draw ratio of {d:g} is impossible at {elo:g} Elo: the expected "
                          f"score {score:.4f} leaves too few points for that many draws")
    return win, d, loss


def pair_probabilities(elo: float, draw_ratio: float = 0.0,
                       scale: str = "logistic") -> tuple[float, float, float, float, float]:
    """Probabilities of a pair scoring 0, 0.5, 1, 1.5, 2 points when its two games are
    independent, each with ``game_probabilities(elo, draw_ratio, scale)``.

    Real pairs from a shared opening are correlated; pass your own five probabilities to
    ``simulate_sprt`` to model that.

    >>> [round(p, 4) for p in pair_probabilities(0, draw_ratio=0.5)]
    [0.0625, 0.25, 0.375, 0.25, 0.0625]
    """
    win, draw, loss = game_probabilities(elo, draw_ratio, scale)
    return (loss * loss, 2 * loss * draw, draw * draw + 2 * win * loss, 2 * draw * win,
            win * win)


def win_loss_operating_point(elo: float, elo0: float = 0.0, elo1: float = 50.0,
                             alpha: float = 0.05, beta: float = 0.05,
                             draw_ratio: float = 0.0, max_games: int = 100_000,
                             tolerance: float = 1e-12) -> OperatingPoint:
    """The exact behaviour of the win/loss SPRT when A is truly ``elo`` stronger.

    Dynamic programming over (wins, losses): after each decisive game, the probability of
    every state between the bounds is moved to its two successors, and what lands on or past
    a bound is added to that decision. It stops when less than ``tolerance`` is still running
    or after ``max_games`` decisive games, and reports what is left as ``undecided``.

    Draws do not move the LLR: with a ``draw_ratio`` the decisive games are won with
    probability ``(score - d/2) / (1 - d)``, and each decisive game costs ``1 / (1 - d)``
    games on average, which ``expected_games`` includes.

    >>> point = win_loss_operating_point(50)
    >>> round(point.accept_h1, 4), round(point.expected_games)
    (0.9531, 266)
    """
    return win_loss_operating_characteristic([elo], elo0, elo1, alpha, beta, draw_ratio,
                                             max_games, tolerance)[0]


def win_loss_operating_characteristic(elos: Sequence[float], elo0: float = 0.0,
                                      elo1: float = 50.0, alpha: float = 0.05,
                                      beta: float = 0.05, draw_ratio: float = 0.0,
                                      max_games: int = 100_000,
                                      tolerance: float = 1e-12) -> list[OperatingPoint]:
    """``win_loss_operating_point`` for each true Elo difference in ``elos``, computed
    together: the states between the bounds are the same whatever the true difference.

    >>> [round(p.accept_h1, 3) for p in win_loss_operating_characteristic([-50, 0, 25, 50])]
    [0.0, 0.047, 0.502, 0.953]
    """
    elo0, elo1 = check_elo_bounds(elo0, elo1)
    lower, upper = sprt_bounds(alpha, beta)
    max_games = _check_max_games(max_games)
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) \
            or not 0 <= tolerance < 1:
        raise CourseError(f"tolerance must be a small probability >= 0, got {tolerance!r}")
    elos = _check_elos(elos)
    if not elos:
        return []
    outcomes = [game_probabilities(elo, draw_ratio) for elo in elos]
    p = np.array([[win / (win + loss)] for win, _, loss in outcomes])   # one row per elo
    win_step, loss_step = win_loss_steps(elo0, elo1)

    first_wins = 0            # running[e, i]: probability of (first_wins + i) wins, still on
    running = np.ones((len(elos), 1))
    accept_h1 = np.zeros(len(elos))
    accept_h0 = np.zeros(len(elos))
    expected = np.zeros(len(elos))
    games = 0
    while games < max_games and running.size and running.sum(axis=1).max() > tolerance:
        games += 1
        after = np.zeros((len(elos), running.shape[1] + 1))
        after[:, :-1] += running * (1 - p)         # a loss: same number of wins
        after[:, 1:] += running * p                # a win
        wins = np.arange(first_wins, first_wins + after.shape[1])
        llr = wins * win_step + (games - wins) * loss_step    # as Sprt computes it
        high, low = llr >= upper, llr <= lower
        stopped_high, stopped_low = after[:, high].sum(axis=1), after[:, low].sum(axis=1)
        accept_h1 += stopped_high
        accept_h0 += stopped_low
        expected += games * (stopped_high + stopped_low)
        inside = np.flatnonzero(~(high | low))     # contiguous: the LLR rises with wins
        if inside.size == 0:
            running = np.zeros((len(elos), 0))
            break
        running = after[:, inside[0]:inside[-1] + 1]
        first_wins += int(inside[0])
    undecided = running.sum(axis=1)
    expected += games * undecided
    return [OperatingPoint(elo=elo, accept_h1=float(accept_h1[e]), accept_h0=float(accept_h0[e]),
                           undecided=float(undecided[e]),
                           expected_games=float(expected[e]) / (1 - outcomes[e][1]),
                           horizon=games, method="exact")
            for e, elo in enumerate(elos)]


# --- Simulated: any test ---------------------------------------------------------------------

@dataclass
class SprtSimulation:
    """Many seeded runs of one test with fixed result probabilities."""

    kind: str
    elo0: float
    elo1: float
    scale: str
    lower_bound: float
    upper_bound: float
    probabilities: tuple[float, ...]
    """As given: (win, draw, loss) for game tests, pairs scoring 0 .. 2 for pentanomial."""
    seed: int
    max_games: int
    decisions: np.ndarray
    """Per run: 1 accepted H1, -1 accepted H0, 0 still running at ``max_games``."""
    stopped_after: np.ndarray
    """Per run: games (pairs, for pentanomial) played when it stopped or was cut off."""
    paths: list[np.ndarray] = field(default_factory=list)
    """For the first ``keep_paths`` runs: the LLR after each game (pair)."""
    counts: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), dtype=np.int64))
    """Per run: its results when it stopped, worst first ((losses, draws, wins), or pairs
    scoring 0 .. 2), the totals an estimate after the test is made from."""

    @property
    def runs(self) -> int:
        return int(self.decisions.size)

    @property
    def accept_h1(self) -> float:
        return float(np.mean(self.decisions == 1))

    @property
    def accept_h0(self) -> float:
        return float(np.mean(self.decisions == -1))

    @property
    def undecided(self) -> float:
        return float(np.mean(self.decisions == 0))

    @property
    def games_per_step(self) -> int:
        """2 for a pentanomial test (a step is a pair), else 1."""
        return 2 if self.kind == "pentanomial" else 1

    @property
    def expected_games(self) -> float:
        """Mean games per run (a pair counts two)."""
        return float(np.mean(self.stopped_after)) * self.games_per_step

    def operating_point(self, elo: float) -> OperatingPoint:
        """This simulation as the OperatingPoint of true difference ``elo``."""
        return OperatingPoint(elo=float(elo), accept_h1=self.accept_h1,
                              accept_h0=self.accept_h0, undecided=self.undecided,
                              expected_games=self.expected_games, horizon=self.max_games,
                              method="simulation", runs=self.runs)


def _check_probabilities(probabilities: Sequence[float], kind: str) -> np.ndarray:
    size = 5 if kind == "pentanomial" else 3
    what = ("pairs scoring 0, 0.5, 1, 1.5, 2" if size == 5 else "win, draw, loss")
    try:
        values = np.array([float(p) for p in probabilities])
    except (TypeError, ValueError):
        raise CourseError(f"probabilities must be {size} numbers ({what}), "
                          f"got {probabilities!r}") from None
    if values.size != size:
        raise CourseError(f"a {kind} test needs {size} probabilities ({what}), "
                          f"got {values.size}")
    if np.any(values < 0) or not np.all(np.isfinite(values)) or abs(values.sum() - 1) > 1e-9:
        raise CourseError(f"probabilities must be >= 0 and add up to 1, got {probabilities!r}")
    return values if size == 5 else values[::-1].copy()        # worst result first


def simulate_sprt(test: Sprt, probabilities: Sequence[float], runs: int = 1000,
                  seed: int = 0, max_games: int = 100_000,
                  keep_paths: int = 0) -> SprtSimulation:
    """Run ``runs`` independent copies of ``test`` (its settings; results it already holds are
    ignored), each game drawn with ``probabilities``, until each stops or reaches
    ``max_games`` games (a pentanomial test plays ``max_games // 2`` pairs).

    ``probabilities`` is (win, draw, loss) for "win_loss" and "trinomial" tests and the five
    pair probabilities (pairs scoring 0, 0.5, 1, 1.5, 2) for "pentanomial"; see
    ``game_probabilities`` and ``pair_probabilities``. The same seed gives the same runs.

    >>> sim = simulate_sprt(Sprt(), game_probabilities(0), runs=2000, seed=1)
    >>> sim.accept_h1, sim.undecided, sim.expected_games     # exactly: 0.0472 and 264.3
    (0.04, 0.0, 264.9785)
    """
    from . import _kernels

    if not isinstance(test, Sprt):
        raise CourseError(f"test must be an Sprt (its settings are simulated), got {test!r}")
    runs = check_count("runs", runs, MAX_GAMES, "a million runs")
    if runs < 1:
        raise CourseError("runs must be at least 1")
    seed = check_count("seed", seed, _SEED_LIMIT, "2**128 - 1")
    max_games = _check_max_games(max_games)
    if runs * max_games > MAX_SIMULATED_GAMES:
        raise CourseError(f"runs x max_games must be at most {MAX_SIMULATED_GAMES:,} games in "
                          f"all, got {runs:,} x {max_games:,}")
    keep_paths = min(check_count("keep_paths", keep_paths), runs)
    worst_first = _check_probabilities(probabilities, test.kind)
    limit = max_games // 2 if test.kind == "pentanomial" else max_games
    if limit < 1:
        raise CourseError("max_games must allow at least one pair (2 games)")

    if test.kind == "win_loss":
        kind, (h0, h1) = _kernels.WIN_LOSS, win_loss_steps(test.elo0, test.elo1)
    else:
        kind = _kernels.LOGISTIC if test.scale == "logistic" else _kernels.NORMALIZED
        h0, h1 = _hypothesis_parameters(worst_first.size, test.elo0, test.elo1, test.scale)
    k = worst_first.size
    cumulative = np.cumsum(worst_first)
    rng = np.random.default_rng(seed)

    counts = np.zeros((runs, k))
    warm = _kernels.new_warm_state(runs, k)
    decisions = np.zeros(runs, dtype=np.int8)
    stopped_after = np.full(runs, limit, dtype=np.int64)
    pieces: list[list[np.ndarray]] = [[] for _ in range(keep_paths)]
    active = np.arange(runs)
    played, block = 0, 64
    while active.size and played < limit:
        block = min(block, limit - played, max(1, 4_000_000 // active.size))
        outcomes = np.minimum(np.searchsorted(cumulative, rng.random((active.size, block)),
                                              side="right"), k - 1)
        record = np.where(active < keep_paths, active, -1)
        paths = np.empty((keep_paths, block))
        sub_counts, sub_warm = counts[active], warm[active]
        try:
            used, decided = _kernels.run_block(sub_counts, sub_warm, outcomes, kind, h0, h1,
                                               test.lower_bound, test.upper_bound, record,
                                               paths)
        except ValueError:
            raise CourseError("these results cannot be fitted under this hypothesis: the Elo "
                              "bounds lie outside what any distribution of results can "
                              "score") from None
        counts[active], warm[active] = sub_counts, sub_warm
        for row in np.flatnonzero(record >= 0):
            pieces[record[row]].append(paths[record[row], :used[row]])
        stopped = decided != 0
        decisions[active[stopped]] = decided[stopped]
        stopped_after[active[stopped]] = played + used[stopped]
        active = active[~stopped]
        played += block
        block *= 2
    return SprtSimulation(
        kind=test.kind, elo0=test.elo0, elo1=test.elo1, scale=test.scale,
        lower_bound=test.lower_bound, upper_bound=test.upper_bound,
        probabilities=tuple(float(p) for p in probabilities), seed=seed, max_games=max_games,
        decisions=decisions, stopped_after=stopped_after,
        paths=[np.concatenate(piece) if piece else np.zeros(0) for piece in pieces],
        counts=counts.astype(np.int64))


def simulated_operating_characteristic(test: Sprt, elos: Sequence[float],
                                       draw_ratio: float = 0.0, runs: int = 200,
                                       seed: int = 0,
                                       max_games: int = 100_000) -> list[OperatingPoint]:
    """``simulate_sprt`` at each true Elo difference in ``elos`` (in the test's scale), the
    results drawn from ``game_probabilities`` (or ``pair_probabilities``) with ``draw_ratio``.
    Each point gets its own generator, spawned from ``seed``.

    >>> points = simulated_operating_characteristic(Sprt(), [0, 50], runs=500, seed=3)
    >>> [(p.accept_h1, round(p.stderr, 3)) for p in points]
    [(0.056, 0.01), (0.958, 0.009)]
    """
    elos = _check_elos(elos)
    seeds = np.random.SeedSequence(check_count("seed", seed, _SEED_LIMIT, "2**128 - 1")
                                   ).spawn(len(elos))
    points = []
    for elo, child in zip(elos, seeds):
        if test.kind == "pentanomial":
            probabilities: Sequence[float] = pair_probabilities(elo, draw_ratio, test.scale)
        else:
            probabilities = game_probabilities(elo, draw_ratio, test.scale)
        child_seed = int(child.generate_state(1, dtype=np.uint64)[0])
        simulation = simulate_sprt(test, probabilities, runs=runs, seed=child_seed,
                                   max_games=max_games)
        points.append(simulation.operating_point(elo))
    return points


# --- The Brownian approximation: any test, in closed form -------------------------------------

OVERSHOOT = 0.5826
"""Siegmund's constant ``-zeta(1/2) / sqrt(2 pi)``: a random walk with small steps of standard
deviation ``d`` stops, on average, about ``0.583 d`` beyond its bound, so it behaves like a
Brownian motion whose bounds are that much wider ("corrected diffusion approximation")."""


def brownian_model(test: Sprt, elo: float, draw_ratio: float = 0.0,
                   overshoot: bool = True) -> BrownianTest:
    """The LLR of ``test`` as a Brownian motion (``course_lib.strength.brownian``) when A is
    truly ``elo`` stronger (in the test's scale), with time counted in games.

    The drift and variance per game are the mean and variance of one game's LLR step: exact
    for the win/loss test (per decisive game, times the decisive share), and for the GSPRT
    the approximation that Fishtest uses, ``drift = (s - (s0 + s1) / 2) (s1 - s0) / v`` and
    ``variance = (s1 - s0)^2 / v``, with ``s`` the expected score, ``v`` the variance of a
    game's score and ``s0``, ``s1`` the scores of H0 and H1. In normalized Elo this is
    ``drift = (t - (t0 + t1) / 2) (t1 - t0)`` and ``variance = (t1 - t0)^2``, ``t`` being
    normalized Elo over ``800 / ln 10``: it does not depend on the draws, nor on how the two
    games of a pair are correlated. (A pair's step is two games' worth of both.)

    ``overshoot``: widen each bound by ``OVERSHOOT`` standard deviations of one step (a game,
    a decisive game, or a pair), for the part of a step by which the real LLR passes its bound.

    >>> test = Sprt(0, 10, kind="pentanomial", scale="normalized")
    >>> motion = brownian_model(test, 5, overshoot=False)
    >>> round(motion.drift, 12), round(motion.variance, 6)     # halfway: no drift
    (0.0, 0.000828)
    >>> round(brownian_model(test, 5).upper - test.upper_bound, 4)   # 0.583 sqrt(2 x 0.000828)
    0.0237
    """
    if not isinstance(test, Sprt):
        raise CourseError(f"test must be an Sprt, got {test!r:.80}")
    (elo,) = _check_elos([elo])
    win, draw, loss = game_probabilities(elo, draw_ratio, test.scale)
    score = win + draw / 2
    if test.kind == "win_loss":
        if win + loss == 0:
            raise CourseError("every game is drawn: the win/loss test never moves")
        p = win / (win + loss)
        up, down = win_loss_steps(test.elo0, test.elo1)
        decisive = win + loss
        drift, variance = decisive * (p * up + (1 - p) * down), \
            decisive * p * (1 - p) * (up - down) ** 2
        step_variance = variance / decisive
    else:
        game_variance = score * (1 - score) - draw / 4
        if test.scale == "normalized":
            t0, t1 = test.elo0 / NELO_PER_T, test.elo1 / NELO_PER_T
            t = (score - 0.5) / math.sqrt(game_variance)
            drift, variance = (t - (t0 + t1) / 2) * (t1 - t0), (t1 - t0) ** 2
        else:
            s0, s1 = expected_score(test.elo0), expected_score(test.elo1)
            drift = (score - (s0 + s1) / 2) * (s1 - s0) / game_variance
            variance = (s1 - s0) ** 2 / game_variance
        step_variance = variance * (2 if test.kind == "pentanomial" else 1)
    widen = OVERSHOOT * math.sqrt(step_variance) if overshoot else 0.0
    return BrownianTest(test.lower_bound - widen, test.upper_bound + widen, drift=drift,
                        variance=variance)


def brownian_operating_characteristic(test: Sprt, elos: Sequence[float],
                                      draw_ratio: float = 0.0) -> list[OperatingPoint]:
    """The chance of accepting H1 and the expected number of games at each true difference in
    ``elos``, from the Brownian approximation with the overshoot (``brownian_model``): instant,
    and within about 1 % of the exact figures of the win/loss test (a test checks it).
    ``undecided`` is 0 and ``horizon`` 0 (no cap).

    >>> test = Sprt(0, 10, kind="pentanomial", scale="normalized")
    >>> [(round(p.accept_h1, 3), round(p.expected_games)) for p in
    ...  brownian_operating_characteristic(test, [0, 5, 10])]
    [(0.049, 6465), (0.5, 10635), (0.951, 6465)]
    """
    points = []
    for elo in _check_elos(elos):
        motion = brownian_model(test, elo, draw_ratio)
        up = motion.accept_upper()
        points.append(OperatingPoint(elo=elo, accept_h1=up, accept_h0=1 - up, undecided=0.0,
                                     expected_games=motion.expected_length(), horizon=0,
                                     method="brownian"))
    return points


def games_still_running(test: Sprt, games: float, elo: float, draw_ratio: float = 0.0) -> float:
    """The chance that ``test`` has not decided after ``games`` games when A is truly ``elo``
    stronger (Brownian approximation, with the overshoot).

    >>> test = Sprt(0, 10, kind="pentanomial", scale="normalized")
    >>> round(games_still_running(test, 10635, 5), 3), games_still_running(test, 61628, 5) < 1e-3
    (0.371, True)
    """
    return brownian_model(test, elo, draw_ratio).survival(games)


def games_cap(test: Sprt, probability: float = 1e-3, draw_ratio: float = 0.0) -> int:
    """The fewest games after which ``test`` is still running with a chance of at most
    ``probability``, whatever the true difference (Brownian approximation, the worst of 81
    true differences from ``elo0 - width`` to ``elo1 + width``; the worst is where the LLR has
    no drift). A cap there is reached with a negligible chance, and a test that reaches it
    anyway is undecided. Rounded up to whole pairs for a pentanomial test.

    >>> games_cap(Sprt(0, 10, kind="pentanomial", scale="normalized"))
    61628
    """
    if isinstance(probability, bool) or not isinstance(probability, (int, float)) \
            or not 0 < probability < 1:
        raise CourseError(f"probability must be between 0 and 1 (e.g. 0.001), "
                          f"got {probability!r}")
    width = test.elo1 - test.elo0
    worst = 0.0
    for step in range(81):
        motion = brownian_model(test, test.elo0 - width + step * width * 3 / 80, draw_ratio)
        low, high = 1.0, 1.0
        while motion.survival(high) > probability:
            low, high = high, high * 2
        while high - low > 1:
            middle = (low + high) / 2
            if motion.survival(middle) > probability:
                low = middle
            else:
                high = middle
        worst = max(worst, high)
    games = math.ceil(worst)
    return games + games % 2 if test.kind == "pentanomial" else games
