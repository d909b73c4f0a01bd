"""Log-likelihood ratios (LLR) of the sequential tests: the lecture's win/loss test and the
generalized SPRT (GSPRT) that engine testers run on trinomial and pentanomial counts.

The win/loss test has no unknowns besides the win probability, so its LLR is exact:
``W ln(p1/p0) + L ln((1-p1)/(1-p0))`` with ``p = expected_score(elo)``; draws do not count.

With draws the result distribution has more parameters than the Elo difference, so each
hypothesis is replaced by the most likely distribution (maximum likelihood) that satisfies it:

- logistic Elo: the distribution with mean score ``expected_score(elo)``
  (Fishtest's ``LLR_logistic``; Van den Bergh, "support_MLE_multinomial");
- normalized Elo: the distribution with ``(mean - 1/2) / sigma = t`` where
  ``t = nelo / (800 / ln 10)`` per game, times sqrt(2) per pair
  (Fishtest's ``LLR_normalized``; Van den Bergh, "normalized_elo_practical", section 4.1).

The LLR is ``N * sum_i f_i (ln q1_i - ln q0_i)`` with ``f`` the observed frequencies and
``q0``, ``q1`` the two constrained maximum-likelihood distributions. As in Fishtest, a count of
zero is replaced by 0.001 first, so that the maximum likelihood problem always has a solution.

A result vector lists counts from the worst result to the best: ``(losses, draws, wins)``, or
pairs scoring ``(0, 1/2, 1, 3/2, 2)``; result ``i`` of ``k`` is worth ``i / (k - 1)``.

>>> round(win_loss_llr(60, 40), 4)
1.8463
>>> round(trinomial_llr(36433, 68692, 36027, 0, 2, scale="normalized"), 4)
0.9233
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from ..checks import MAX_ELO_BOUND
from ..errors import CourseError
from ..i18n import N_
from .elo import MAX_COUNT, NELO_PER_T, check_count, check_counts, check_pairs, expected_score

__all__ = ["MAX_ELO_BOUND", "SCALES", "SCALE_UNITS", "gsprt_llr", "gsprt_llr_many",
           "pentanomial_llr", "trinomial_llr", "win_loss_llr"]

SCALES = ("logistic", "normalized")
"""The two Elo scales a test's bounds can be given in."""

SCALE_UNITS = {"logistic": N_("logistic Elo"), "normalized": N_("normalized Elo")}
"""Each scale's unit as the course writes it (``_(SCALE_UNITS[scale])`` in the language the
course speaks)."""

REGULARIZATION = 1e-3
"""What a zero count becomes before the maximum likelihood fit (Fishtest's ``regularize``)."""


def check_scale(scale: str) -> str:
    """``scale`` if it is "logistic" or "normalized", else a CourseError."""
    if scale not in SCALES:
        raise CourseError(f"scale must be 'logistic' or 'normalized', got {scale!r}")
    return scale


def _check_elo(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CourseError(f"{name} must be a number of Elo from {-MAX_ELO_BOUND:g} to "
                          f"{MAX_ELO_BOUND:g}, got {value!r:.100}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf if value > 0 else -math.inf
    if not -MAX_ELO_BOUND <= number <= MAX_ELO_BOUND:        # NaN fails this too
        shown = f"{number:g}" if math.isfinite(number) or math.isnan(number) else (
            "a number beyond any float" if isinstance(value, int) else f"{number:g}")
        raise CourseError(f"{name} must be a number of Elo from {-MAX_ELO_BOUND:g} to "
                          f"{MAX_ELO_BOUND:g}, got {shown}")
    return number


def check_elo_bounds(elo0: float, elo1: float) -> tuple[float, float]:
    """``(elo0, elo1)`` if both lie from -2000 to 2000 Elo and ``elo0 < elo1``, else a
    CourseError.

    >>> check_elo_bounds(0, 10000)
    Traceback (most recent call last):
    ...
    course_lib.errors.CourseError: elo1 must be a number of Elo from -2000 to 2000, got 10000
    """
    elo0, elo1 = _check_elo("elo0", elo0), _check_elo("elo1", elo1)
    if not elo0 < elo1:
        raise CourseError(
            f"elo0 must be below elo1 (H0: the difference is elo0, H1: it is elo1), "
            f"got elo0={elo0:g} and elo1={elo1:g}")
    return elo0, elo1


# --- The lecture's test ---------------------------------------------------------------------

def win_loss_steps(elo0: float = 0.0, elo1: float = 50.0) -> tuple[float, float]:
    """What one win and one loss add to the win/loss LLR: ``(ln(p1/p0), ln((1-p1)/(1-p0)))``.

    >>> [round(step, 5) for step in win_loss_steps()]
    [0.13359, -0.15423]
    """
    elo0, elo1 = check_elo_bounds(elo0, elo1)
    p0, p1 = expected_score(elo0), expected_score(elo1)
    return math.log(p1 / p0), math.log((1 - p1) / (1 - p0))


def win_loss_llr(wins: int, losses: int, elo0: float = 0.0, elo1: float = 50.0) -> float:
    """The LLR of H1 (``elo1``) against H0 (``elo0``) after ``wins`` and ``losses``; draws
    carry no information in this test.

    >>> round(win_loss_llr(23, 0), 3), round(win_loss_llr(0, 20), 3)
    (3.073, -3.085)
    """
    wins, losses = check_count("wins", wins), check_count("losses", losses)
    win_step, loss_step = win_loss_steps(elo0, elo1)
    return wins * win_step + losses * loss_step


# --- The generalized SPRT: one result vector, in plain Python -------------------------------

def _secular(a: Sequence[float], p: Sequence[float]) -> float:
    """The root x of ``f(x) = sum_i p_i a_i / (1 + x a_i) = 0`` with every ``1 + x a_i > 0``.

    ``f`` falls strictly from +inf to -inf on (-1/max a, -1/min a), so the root is unique.
    Newton's method starts from the first-order guess ``sum p a / sum p a^2`` and is kept
    inside a shrinking bracket; a step that leaves it, or does not halve the last step, is
    replaced by bisection ("rtsafe" in Numerical Recipes), so it always converges.
    """
    high_a, low_a = max(a), min(a)
    if not (high_a > 0 > low_a):
        raise CourseError("these results cannot be fitted under this hypothesis: the "
                          "Elo bounds lie outside what any distribution of results can score")
    lo, hi = -1 / high_a, -1 / low_a
    guess = sum(pi * ai for ai, pi in zip(a, p)) / sum(pi * ai * ai for ai, pi in zip(a, p))
    x = guess if lo < guess < hi else 0.0
    last_step = hi - lo
    for _ in range(200):
        f = fp = 0.0
        for ai, pi in zip(a, p):
            d = 1 + x * ai
            f += pi * ai / d
            fp -= pi * ai * ai / (d * d)
        if f > 0:
            lo = x
        else:
            hi = x
        newton = x - f / fp
        if lo < newton < hi and abs(2 * f) < abs(last_step * fp):
            new = newton
            last_step = abs(new - x)
        else:
            new = (lo + hi) / 2
            last_step = (hi - lo) / 2
        if abs(new - x) <= 1e-14 * (1 + abs(new)):
            return new
        x = new
    return x


def _mle_mean(values: Sequence[float], freqs: Sequence[float], s: float) -> list[float]:
    """Most likely distribution on ``values`` with mean ``s``, given frequencies ``freqs``."""
    a = [v - s for v in values]
    x = _secular(a, freqs)
    return [f / (1 + x * ai) for f, ai in zip(freqs, a)]


def _mle_t(values: Sequence[float], freqs: Sequence[float], t: float,
           ref: float = 0.5) -> list[float]:
    """Most likely distribution with ``(mean - ref) / sigma = t`` (a fixed-point iteration)."""
    q = [1 / len(values)] * len(values)
    for _ in range(100):
        mu = sum(qi * v for qi, v in zip(q, values))
        sigma = math.sqrt(sum(qi * (v - mu) ** 2 for qi, v in zip(q, values)))
        a = [v - ref - t * sigma * (1 + ((mu - v) / sigma) ** 2) / 2 for v in values]
        x = _secular(a, freqs)
        new = [f / (1 + x * ai) for f, ai in zip(freqs, a)]
        if max(abs(n - o) for n, o in zip(new, q)) < 1e-13:
            return new
        q = new
    return q


def _hypothesis_parameters(k: int, elo0: float, elo1: float, scale: str) -> tuple[float, float]:
    """The constraint values of H0 and H1: mean scores (logistic) or t-values (normalized)."""
    if scale == "logistic":
        return expected_score(elo0), expected_score(elo1)
    factor = math.sqrt(2) if k == 5 else 1.0       # a pair's sigma is that of a game / sqrt 2
    return elo0 / NELO_PER_T * factor, elo1 / NELO_PER_T * factor


def gsprt_llr(counts: Sequence[int], elo0: float, elo1: float,
              scale: str = "logistic") -> float:
    """The generalized LLR of H1 (``elo1``) against H0 (``elo0``) for a result vector ordered
    from worst to best: ``(losses, draws, wins)`` or pair counts ``(0, 1/2, 1, 3/2, 2)``.

    >>> round(gsprt_llr([36027, 68692, 36433], 0, 2, "normalized"), 4)
    0.9233
    """
    elo0, elo1 = check_elo_bounds(elo0, elo1)
    scale = check_scale(scale)
    try:
        k = len(counts)
    except TypeError:
        raise CourseError(f"counts must be a list of 3 or 5 counts, got {counts!r:.100}") from None
    if k not in (3, 5):
        raise CourseError(f"a result vector has 3 counts (trinomial) or 5 (pentanomial), got {k}")
    counts = [check_count(f"counts[{i}]", count) for i, count in enumerate(counts)]
    if sum(counts) == 0:
        raise CourseError("no results: every count is 0")
    regular = [float(c) if c > 0 else REGULARIZATION for c in counts]
    n = sum(regular)
    freqs = [c / n for c in regular]
    values = [i / (k - 1) for i in range(k)]
    h0, h1 = _hypothesis_parameters(k, elo0, elo1, scale)
    if scale == "logistic":
        q0, q1 = _mle_mean(values, freqs, h0), _mle_mean(values, freqs, h1)
    else:
        q0, q1 = _mle_t(values, freqs, h0), _mle_t(values, freqs, h1)
    return n * sum(f * (math.log(b) - math.log(a)) for f, a, b in zip(freqs, q0, q1))


def trinomial_llr(wins: int, draws: int, losses: int, elo0: float, elo1: float,
                  scale: str = "logistic") -> float:
    """The GSPRT's LLR for wins, draws and losses, with bounds in ``scale`` Elo.

    >>> round(trinomial_llr(36433, 68692, 36027, 0, 2, scale="normalized"), 4)
    0.9233
    """
    w, d, l = check_counts(wins, draws, losses)
    return gsprt_llr((l, d, w), elo0, elo1, scale)


def pentanomial_llr(pairs: Sequence[int], elo0: float, elo1: float,
                    scale: str = "logistic") -> float:
    """The GSPRT's LLR for game pairs: ``pairs[k]`` pairs scored ``k / 2`` points.

    >>> pentanomial_llr([5, 10, 20, 10, 5], 0, 5) < 0 < pentanomial_llr([5, 10, 20, 10, 5], -5, 0)
    True
    """
    return gsprt_llr(check_pairs(pairs), elo0, elo1, scale)


# --- The same for many result vectors at once (compiled; for simulations) -------------------

def gsprt_llr_many(counts: np.ndarray, elo0: float, elo1: float,
                   scale: str = "logistic") -> np.ndarray:
    """``gsprt_llr`` for every row of ``counts`` (shape (M, 3) or (M, 5)), as an array.
    Runs the compiled kernels of ``_kernels.py`` (numba; the first call compiles them).

    >>> gsprt_llr_many(np.array([[40, 0, 60], [36027, 68692, 36433]]), 0, 2, "normalized").round(4)
    array([0.1135, 0.9233])
    """
    elo0, elo1 = check_elo_bounds(elo0, elo1)
    scale = check_scale(scale)
    try:
        counts = np.asarray(counts, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise CourseError("counts must be an array of numbers of shape (M, 3) or (M, 5)") from None
    if counts.ndim != 2 or counts.shape[1] not in (3, 5):
        raise CourseError(f"counts must have shape (M, 3) or (M, 5), got {counts.shape}")
    if not np.all(np.isfinite(counts)) or np.any(counts < 0) or np.any(counts > MAX_COUNT):
        raise CourseError(f"counts must be numbers from 0 to {MAX_COUNT:,}")
    from . import _kernels
    kind = _kernels.LOGISTIC if scale == "logistic" else _kernels.NORMALIZED
    h0, h1 = _hypothesis_parameters(counts.shape[1], elo0, elo1, scale)
    try:
        return _kernels.llr_rows(np.ascontiguousarray(counts), kind, h0, h1)
    except ValueError:
        raise CourseError("these results cannot be fitted under this hypothesis: the Elo "
                          "bounds lie outside what any distribution of results can score") from None
