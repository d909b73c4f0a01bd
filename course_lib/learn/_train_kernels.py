"""The compiled steps of training the value network (``network_train``): forward, backward
and Adam on a mini-batch, in float32.

One position's forward pass reads its 36 inputs (``_state`` of ``_network_kernels``, after
one of the 8 symmetries of the board: the data of every image trains the network), and its
backward pass reaches only those 36 rows of ``W1``: their gradients are summed into ``g1``,
which the batch's Adam step then reads whole.

    x = b1 + sum W1[f];  h = clamp(x, 0, 1)^2;  y = w2 . h + b2;  loss = log(1 + e^y) - t y
    dy = sigmoid(y) - t;  dw2 = dy h;  db2 = dy;  dx = dy w2 2 x (0 < x < 1, else 0)
    db1 = dx;  dW1[f] = dx for each input f that is on
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..ataxx._bitboard import U0, U1, _lowest_bit_index
from ._network_kernels import _state
from .network import CLIP, WINDOWS
from .ntuple import SYMMETRIES

SYMMETRY_BIT = np.array([[r_c[0] * 7 + r_c[1] for r_c in (g(s // 7, s % 7) for s in range(49))]
                         for g in SYMMETRIES], dtype=np.int64)
"""``SYMMETRY_BIT[g, s]``: where square ``s`` goes under symmetry ``g`` (``ntuple.SYMMETRIES``)."""


@njit(cache=True, nogil=True)
def _transform(board: np.uint64, g: int) -> np.uint64:
    out = U0
    while board != U0:
        s = _lowest_bit_index(board)
        board &= board - U1
        out |= U1 << np.uint64(SYMMETRY_BIT[g, s])
    return out


@njit(cache=True, nogil=True)
def _inputs(me: np.uint64, opp: np.uint64, g: int, out: np.ndarray) -> None:
    me = _transform(me, g)
    opp = _transform(opp, g)
    for k in range(WINDOWS):
        out[k] = _state(me, opp, k)


@njit(cache=True, nogil=True)
def _softplus(y: float) -> float:
    return max(y, 0.0) + math.log1p(math.exp(-abs(y)))


@njit(cache=True, nogil=True)
def _forward(w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: float, f: np.ndarray,
             x: np.ndarray) -> float:
    """``y`` of the position whose inputs are ``f``; ``x`` gets the accumulator."""
    hidden = b1.shape[0]
    for h in range(hidden):
        x[h] = b1[h]
    for k in range(f.shape[0]):
        row = f[k]
        for h in range(hidden):
            x[h] += w1[row, h]
    y = b2
    for h in range(hidden):
        c = min(max(x[h], 0.0), 1.0)
        y += w2[h] * c * c
    return y


@njit(cache=True, nogil=True)
def predict(me: np.ndarray, opp: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray,
            b2: float) -> np.ndarray:
    """``y`` (float64) of every position, with no symmetry applied."""
    out = np.empty(me.shape[0], dtype=np.float64)
    f = np.empty(WINDOWS, dtype=np.int64)
    x = np.empty(b1.shape[0], dtype=np.float32)
    for i in range(me.shape[0]):
        _inputs(me[i], opp[i], 0, f)
        out[i] = _forward(w1, b1, w2, b2, f, x)
    return out


@njit(cache=True, nogil=True)
def train_batch(me: np.ndarray, opp: np.ndarray, target: np.ndarray, rows: np.ndarray,
                symmetry: np.ndarray, params: tuple, moments: tuple, grads: tuple,
                step: int, learning_rate: float) -> float:
    """One Adam step on the positions ``rows`` (each read through ``symmetry[i]``); returns
    the batch's summed loss. ``params`` = (w1, b1, w2, b2 as a 1-array), ``moments`` the
    first and second moments of each, ``grads`` scratch arrays of their shapes."""
    w1, b1, w2, b2 = params
    g1, gb1, g2, gb2 = grads
    hidden = b1.shape[0]
    g1[:] = 0.0
    gb1[:] = 0.0
    g2[:] = 0.0
    gb2[:] = 0.0
    f = np.empty(WINDOWS, dtype=np.int64)
    x = np.empty(hidden, dtype=np.float32)
    dx = np.empty(hidden, dtype=np.float32)
    loss = 0.0
    n = rows.shape[0]
    for i in range(n):
        r = rows[i]
        _inputs(me[r], opp[r], symmetry[i], f)
        y = _forward(w1, b1, w2, b2[0], f, x)
        t = target[r]
        loss += _softplus(y) - t * y
        dy = 1.0 / (1.0 + math.exp(-y)) - t
        gb2[0] += dy
        for h in range(hidden):
            c = x[h]
            if c <= 0.0:
                dx[h] = 0.0
            elif c >= 1.0:
                g2[h] += dy
                dx[h] = 0.0
            else:
                g2[h] += dy * c * c
                dx[h] = dy * w2[h] * 2.0 * c
            gb1[h] += dx[h]
        for k in range(WINDOWS):
            row = f[k]
            for h in range(hidden):
                g1[row, h] += dx[h]
    _adam(w1.reshape(-1), moments[0].reshape(-1), moments[1].reshape(-1), g1.reshape(-1), n,
          step, learning_rate)
    _adam(b1, moments[2], moments[3], gb1, n, step, learning_rate)
    _adam(w2, moments[4], moments[5], g2, n, step, learning_rate)
    _adam(b2, moments[6], moments[7], gb2, n, step, learning_rate)
    return loss


@njit(cache=True, nogil=True)
def _adam(p: np.ndarray, m: np.ndarray, v: np.ndarray, g: np.ndarray, n: int, step: int,
          learning_rate: float) -> None:
    """Adam (beta1 0.9, beta2 0.999) on the mean gradient ``g / n``, then the clip to
    [-CLIP, CLIP] that keeps the int16 score from overflowing."""
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    c1 = 1.0 - beta1 ** step
    c2 = 1.0 - beta2 ** step
    for j in range(p.shape[0]):
        grad = g[j] / n
        m[j] = beta1 * m[j] + (1.0 - beta1) * grad
        v[j] = beta2 * v[j] + (1.0 - beta2) * grad * grad
        value = p[j] - learning_rate * (m[j] / c1) / (math.sqrt(v[j] / c2) + eps)
        p[j] = min(max(value, -CLIP), CLIP)
