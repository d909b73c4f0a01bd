"""The policy network compiled (``policy.py``): the two sums of a position, the priors of its
moves, and a training step (cross-entropy against the move played, Adam).

The training step reads each position through one of the 8 symmetries of the board (the
position and the move played both mapped), generates the legal moves of the image, and
follows the softmax's gradient: ``p(move) - [move played]`` for each move, summed into its
destination's and its source's scores, then into the 36 rows of ``WT`` and ``WF`` of the
inputs that are on.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..ataxx._bitboard import BIT, MOVE_BUFFER, RING1, U0, _empty_squares, _generate_moves
from ._network_kernels import _state
from ._train_kernels import SYMMETRY_BIT, _adam, _transform
from .network import WINDOWS
from .policy import CLONE_SOURCE


@njit(cache=True, nogil=True)
def _sums(me: np.uint64, opp: np.uint64, wt: np.ndarray, bt: np.ndarray, wf: np.ndarray,
          bf: np.ndarray, to: np.ndarray, source: np.ndarray, rows: np.ndarray) -> None:
    """``to`` (49) and ``source`` (50) of the position; ``rows`` gets its 36 inputs."""
    to[:] = bt
    source[:] = bf
    for k in range(WINDOWS):
        f = _state(me, opp, k)
        rows[k] = f
        for t in range(49):
            to[t] += wt[f, t]
        for s in range(50):
            source[s] += wf[f, s]


@njit(cache=True, nogil=True)
def _source_index(code: int) -> int:
    s = code >> 6
    t = code & 63
    return CLONE_SOURCE if RING1[s] & BIT[t] != U0 else s


@njit(cache=True, nogil=True)
def policy_priors(me: np.uint64, opp: np.uint64, moves: np.ndarray, n: int, wt: np.ndarray,
                  bt: np.ndarray, wf: np.ndarray, bf: np.ndarray, out: np.ndarray) -> None:
    """The prior of each of the ``n`` moves into ``out`` (float64). A lone pass gets 1."""
    if n == 1:
        out[0] = 1.0
        return
    to = np.empty(49, dtype=np.float32)
    source = np.empty(50, dtype=np.float32)
    rows = np.empty(WINDOWS, dtype=np.int64)
    _sums(me, opp, wt, bt, wf, bf, to, source, rows)
    best = -np.inf
    for i in range(n):
        out[i] = to[moves[i] & 63] + source[_source_index(moves[i])]
        if out[i] > best:
            best = out[i]
    total = 0.0
    for i in range(n):
        out[i] = math.exp(out[i] - best)
        total += out[i]
    for i in range(n):
        out[i] /= total


@njit(cache=True, nogil=True)
def policy_probabilities(me: np.uint64, opp: np.uint64, moves: np.ndarray, wt: np.ndarray,
                         bt: np.ndarray, wf: np.ndarray, bf: np.ndarray) -> np.ndarray:
    """``policy_priors`` of every move of ``moves`` as a new array."""
    out = np.empty(moves.shape[0], dtype=np.float64)
    policy_priors(me, opp, moves, moves.shape[0], wt, bt, wf, bf, out)
    return out


@njit(cache=True, nogil=True)
def _map_move(code: int, g: int) -> int:
    return SYMMETRY_BIT[g, code >> 6] * 64 + SYMMETRY_BIT[g, code & 63]


@njit(cache=True, nogil=True)
def policy_train_batch(me: np.ndarray, opp: np.ndarray, played: np.ndarray, rows: np.ndarray,
                       symmetry: np.ndarray, params: tuple, moments: tuple, grads: tuple,
                       step: int, learning_rate: float) -> tuple[float, int]:
    """One Adam step on the positions ``rows`` whose move played is not a pass; returns the
    summed cross-entropy and the number of positions used. ``params`` = (wt, bt, wf, bf)."""
    wt, bt, wf, bf = params
    gwt, gbt, gwf, gbf = grads
    gwt[:] = 0.0
    gbt[:] = 0.0
    gwf[:] = 0.0
    gbf[:] = 0.0
    to = np.empty(49, dtype=np.float32)
    source = np.empty(50, dtype=np.float32)
    dto = np.empty(49, dtype=np.float64)
    dsource = np.empty(50, dtype=np.float64)
    inputs = np.empty(WINDOWS, dtype=np.int64)
    moves = np.empty(MOVE_BUFFER, dtype=np.int64)
    z = np.empty(MOVE_BUFFER, dtype=np.float64)
    loss = 0.0
    used = 0
    for i in range(rows.shape[0]):
        r = rows[i]
        if played[r] < 0:
            continue
        g = symmetry[i]
        a = _transform(me[r], g)
        b = _transform(opp[r], g)
        target = _map_move(played[r], g)
        n = _generate_moves(a, _empty_squares(a, b, U0), moves, False)
        if n < 2:
            continue
        _sums(a, b, wt, bt, wf, bf, to, source, inputs)
        best = -np.inf
        for m in range(n):
            z[m] = to[moves[m] & 63] + source[_source_index(moves[m])]
            best = max(best, z[m])
        total = 0.0
        for m in range(n):
            z[m] = math.exp(z[m] - best)
            total += z[m]
        dto[:] = 0.0
        dsource[:] = 0.0
        hit = False
        for m in range(n):
            p = z[m] / total
            d = p
            if moves[m] == target or (_source_index(target) == CLONE_SOURCE
                                      and _source_index(moves[m]) == CLONE_SOURCE
                                      and moves[m] & 63 == target & 63):
                d -= 1.0
                loss -= math.log(max(p, 1e-30))
                hit = True
            dto[moves[m] & 63] += d
            dsource[_source_index(moves[m])] += d
        if not hit:                     # not a legal move of the image: a broken record
            continue
        used += 1
        for t in range(49):
            gbt[t] += dto[t]
        for s in range(50):
            gbf[s] += dsource[s]
        for k in range(WINDOWS):
            f = inputs[k]
            for t in range(49):
                gwt[f, t] += dto[t]
            for s in range(50):
                gwf[f, s] += dsource[s]
    if used > 0:
        _adam_free(wt.reshape(-1), moments[0].reshape(-1), moments[1].reshape(-1),
                   gwt.reshape(-1), used, step, learning_rate)
        _adam_free(bt, moments[2], moments[3], gbt, used, step, learning_rate)
        _adam_free(wf.reshape(-1), moments[4].reshape(-1), moments[5].reshape(-1),
                   gwf.reshape(-1), used, step, learning_rate)
        _adam_free(bf, moments[6], moments[7], gbf, used, step, learning_rate)
    return loss, used


@njit(cache=True, nogil=True)
def _adam_free(p: np.ndarray, m: np.ndarray, v: np.ndarray, g: np.ndarray, n: int, step: int,
               learning_rate: float) -> None:
    """Adam on the mean gradient ``g / n``, with no clip (the policy is float32)."""
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    c1 = 1.0 - beta1 ** step
    c2 = 1.0 - beta2 ** step
    for j in range(p.shape[0]):
        grad = g[j] / n
        m[j] = beta1 * m[j] + (1.0 - beta1) * grad
        v[j] = beta2 * v[j] + (1.0 - beta2) * grad * grad
        p[j] -= learning_rate * (m[j] / c1) / (math.sqrt(v[j] / c2) + eps)


@njit(cache=True, nogil=True)
def policy_loss(me: np.ndarray, opp: np.ndarray, played: np.ndarray, wt: np.ndarray,
                bt: np.ndarray, wf: np.ndarray, bf: np.ndarray) -> tuple[float, float, int]:
    """(mean cross-entropy, share of positions whose most likely move is the one played,
    positions counted) over the positions whose move is not a pass and that have two moves or
    more; no symmetry."""
    moves = np.empty(MOVE_BUFFER, dtype=np.int64)
    out = np.empty(MOVE_BUFFER, dtype=np.float64)
    loss = 0.0
    top = 0
    used = 0
    for r in range(me.shape[0]):
        if played[r] < 0:
            continue
        n = _generate_moves(me[r], _empty_squares(me[r], opp[r], U0), moves, False)
        if n < 2:
            continue
        policy_priors(me[r], opp[r], moves, n, wt, bt, wf, bf, out)
        best = 0
        for m in range(n):
            if out[m] > out[best]:
                best = m
        target = played[r]
        for m in range(n):
            same = moves[m] == target or (_source_index(target) == CLONE_SOURCE
                                          and _source_index(moves[m]) == CLONE_SOURCE
                                          and moves[m] & 63 == target & 63)
            if same:
                loss -= math.log(max(out[m], 1e-30))
                top += best == m
                used += 1
                break
    return loss / max(used, 1), top / max(used, 1), used
