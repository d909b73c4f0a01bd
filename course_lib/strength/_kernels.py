"""Numba kernels for simulating sequential tests: the same LLR arithmetic as ``llr.py``, compiled.

``llr.py`` is the readable reference (plain Python, one result vector at a time); these kernels
redo it on arrays so that a simulation can afford the LLR after every game of thousands of runs.
The tests check that both give the same LLR. Only ``characteristic.py`` and
``llr.gsprt_llr_many`` import this module, so ``import course_lib.strength`` does not load numba.

Kinds of test: ``WIN_LOSS`` (h0, h1 are the LLR steps of a win and of a loss), ``LOGISTIC``
(h0, h1 are the mean scores under H0 and H1), ``NORMALIZED`` (h0, h1 are the t-values).
Count vectors run from the worst result to the best, as in ``llr.py``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

WIN_LOSS, LOGISTIC, NORMALIZED = 0, 1, 2
REGULARIZATION = 1e-3


@njit(cache=True)
def _secular(a: np.ndarray, p: np.ndarray, start: float) -> float:
    """The root of ``sum p a / (1 + x a)``, as ``llr._secular``, starting from ``start`` when
    it is inside the bracket (the previous game's root, in a simulation)."""
    high_a, low_a = a.max(), a.min()
    if not (high_a > 0.0 > low_a):
        raise ValueError("these results cannot be fitted under this hypothesis")
    lo, hi = -1.0 / high_a, -1.0 / low_a
    if lo < start < hi:
        x = start
    else:
        m1 = 0.0
        m2 = 0.0
        for i in range(a.size):
            m1 += p[i] * a[i]
            m2 += p[i] * a[i] * a[i]
        x = m1 / m2 if lo < m1 / m2 < hi else 0.0
    last_step = hi - lo
    for _ in range(200):
        f = 0.0
        fp = 0.0
        for i in range(a.size):
            d = 1.0 + x * a[i]
            f += p[i] * a[i] / d
            fp -= p[i] * a[i] * a[i] / (d * d)
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


@njit(cache=True)
def _mle(values: np.ndarray, freqs: np.ndarray, kind: int, h: float, warm: np.ndarray,
         a: np.ndarray, out: np.ndarray) -> None:
    """Write the most likely distribution under one hypothesis into ``out``.

    ``warm`` holds the previous root (``warm[0]``) and, for NORMALIZED, the previous
    distribution (``warm[1:]``); both are updated. ``a`` is scratch space."""
    k = values.size
    if kind == LOGISTIC:
        for i in range(k):
            a[i] = values[i] - h
        x = _secular(a, freqs, warm[0])
        warm[0] = x
        for i in range(k):
            out[i] = freqs[i] / (1.0 + x * a[i])
        return
    q = warm[1:]
    for _ in range(100):
        mu = 0.0
        for i in range(k):
            mu += q[i] * values[i]
        var = 0.0
        for i in range(k):
            var += q[i] * (values[i] - mu) ** 2
        sigma = np.sqrt(var)
        for i in range(k):
            a[i] = values[i] - 0.5 - h * sigma * (1.0 + ((mu - values[i]) / sigma) ** 2) / 2.0
        x = _secular(a, freqs, warm[0])
        warm[0] = x
        change = 0.0
        for i in range(k):
            new = freqs[i] / (1.0 + x * a[i])
            change = max(change, abs(new - q[i]))
            q[i] = new
        if change < 1e-13:
            break
    for i in range(k):
        out[i] = q[i]


@njit(cache=True)
def _llr(counts: np.ndarray, kind: int, h0: float, h1: float, warm0: np.ndarray,
         warm1: np.ndarray, scratch: np.ndarray) -> float:
    """The LLR of one count vector (float64, worst result first); ``warm0``/``warm1`` carry
    each hypothesis's last solution to the next call, ``scratch`` is (5, K) work space whose
    last row holds the result values 0 .. 1."""
    k = counts.size
    if kind == WIN_LOSS:
        return counts[k - 1] * h0 + counts[0] * h1
    freqs, a, q0, q1, values = scratch[0], scratch[1], scratch[2], scratch[3], scratch[4]
    n = 0.0
    for i in range(k):
        freqs[i] = counts[i] if counts[i] > 0 else REGULARIZATION
        n += freqs[i]
    for i in range(k):
        freqs[i] /= n
    _mle(values, freqs, kind, h0, warm0, a, q0)
    _mle(values, freqs, kind, h1, warm1, a, q1)
    total = 0.0
    for i in range(k):
        total += freqs[i] * np.log(q1[i] / q0[i])
    return n * total


@njit(cache=True)
def _new_scratch(k: int) -> np.ndarray:
    scratch = np.empty((5, k))
    for i in range(k):
        scratch[4, i] = i / (k - 1.0)
    return scratch


@njit(cache=True)
def _fresh_warm(k: int) -> np.ndarray:
    warm = np.full(k + 1, 1.0 / k)
    warm[0] = np.nan                                 # no previous root: use the first guess
    return warm


@njit(cache=True)
def llr_rows(counts: np.ndarray, kind: int, h0: float, h1: float) -> np.ndarray:
    """The LLR of every row of a (M, K) float64 array of counts, each solved from scratch."""
    k = counts.shape[1]
    out = np.empty(counts.shape[0])
    scratch = _new_scratch(k)
    for row in range(counts.shape[0]):
        out[row] = _llr(counts[row], kind, h0, h1, _fresh_warm(k), _fresh_warm(k), scratch)
    return out


@njit(cache=True)
def new_warm_state(runs: int, k: int) -> np.ndarray:
    """Warm-start state for ``run_block``: (runs, 2, K + 1), nothing solved yet."""
    warm = np.empty((runs, 2, k + 1))
    for r in range(runs):
        warm[r, 0] = _fresh_warm(k)
        warm[r, 1] = _fresh_warm(k)
    return warm


@njit(cache=True)
def run_block(counts: np.ndarray, warm: np.ndarray, outcomes: np.ndarray, kind: int, h0: float,
              h1: float, lower: float, upper: float, record: np.ndarray, paths: np.ndarray):
    """Play a block of results for every running test, game by game, until a bound is met.

    ``counts`` (A, K) float64 and ``warm`` (A, 2, K + 1) are updated in place; ``outcomes``
    (A, B) holds each run's next results as indices into the count vector. Row ``r`` with
    ``record[r] >= 0`` writes its LLR after each game into ``paths[record[r]]`` (NaN after it
    stops). Returns, per row, how many results of the block it used (B if it did not stop) and
    its decision: 1 accept H1, -1 accept H0, 0 still running.
    """
    runs, block = outcomes.shape
    used = np.full(runs, block, dtype=np.int64)
    decision = np.zeros(runs, dtype=np.int8)
    scratch = _new_scratch(counts.shape[1])
    for r in range(runs):
        row = counts[r]
        for g in range(block):
            row[outcomes[r, g]] += 1.0
            llr = _llr(row, kind, h0, h1, warm[r, 0], warm[r, 1], scratch)
            if record[r] >= 0:
                paths[record[r], g] = llr
            if llr >= upper or llr <= lower:
                decision[r] = 1 if llr >= upper else -1
                used[r] = g + 1
                if record[r] >= 0:
                    paths[record[r], g + 1:] = np.nan
                break
    return used, decision
