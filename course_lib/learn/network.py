"""The value network: 36 windows of 2x2 squares, one hidden layer, int16 for the searches.

The input is one-hot: each of the 36 windows of 2x2 squares of the 7x7 board (window ``k = 6 i
+ j`` has its top-left square on row ``i``, column ``j``) is in one of 3**4 = 81 states, each of
its four squares empty (0), the side to move's (1) or the opponent's (2), read in the order
top-left, top-right, bottom-left, bottom-right with weights 1, 3, 9, 27. So 36 * 81 = 2,916
inputs, exactly 36 of them 1 in any position (``features``). Blocked squares read as empty.

    x = b1 + sum of the 36 rows W1[f] of the inputs that are on        (the accumulator, H)
    h = clamp(x, 0, 1) ** 2                                            (squared clipped ReLU)
    y = w2 . h + b2                                                    (log-odds of winning)

``y`` is read as log-odds of the side to move's result, so ``1 / (1 + exp(-y))`` is its expected
result; ``win_scale * y`` is the score in hundredths of a stone (the engine's unit). The view is
the side to move's, as in the public ATAXX engines of this class: one accumulator answers the
question the searches ask (how good is this position for the side that moves), and an
evaluation needs only that one accumulator (see ``_network_kernels`` for why this halves the
work of an incremental update, against a pair of accumulators, one per colour).

Quantisation (what the searches run, in integers): ``QA = 255``, ``QB = 64``;
``W1q = round(QA W1)``, ``b1q = round(QA b1)``, ``w2q = round(QB w2)``, ``b2q = round(QA QB b2)``,
all int16, and ``scale = round(win_scale)``. Training keeps every weight within ``CLIP`` = 1.98,
so an accumulator entry is at most 37 * 505 = 18,685 in size: int16 (below 32,768) never
overflows, whatever the position. Then

    acc = b1q + sum of the rows W1q[f]                                  (int16)
    S   = sum over the H entries of clamp(acc, 0, QA) ** 2 * w2q        (int64)
    eval = floor((floor(S / QA) + b2q) * scale / (QA QB))               (hundredths of a stone)

Against the same network with the int16 weights read back as floats (``dequantized``), this is
exact up to the two floors: ``eval_float - scale / (QA QB) - 1 < eval <= eval_float``.
``quantisation_bound`` bounds, per position, how far the rounding of the weights moves ``y``.

Two forms compute the integer score: ``evaluate_readable`` in numpy, from the definition above,
and ``network_eval`` in ``_network_kernels`` (numba, for the searches, with the incremental
update of the accumulator); the tests hold them equal.

>>> net = NetworkWeights.random(hidden=8, seed=1)
>>> from course_lib.ataxx import fast
>>> f = features(int(fast.START.first), int(fast.START.second))
>>> f.shape, int(f[0]), int(f[5]) == 5 * 81 + 2 * 3    # a7 (window 0) mine, g7 (window 5) theirs
((36,), 1, True)
>>> isinstance(evaluate_readable(int(fast.START.first), int(fast.START.second), net), int)
True
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

import numpy as np

from ..errors import InvalidArgumentError

__all__ = ["WINDOWS", "STATES", "N_INPUTS", "QA", "QB", "CLIP", "NetworkWeights", "features",
           "forward_float", "evaluate_readable", "quantisation_bound", "save_network",
           "load_network", "from_packed", "DEFAULT_NETWORK", "WINDOW_SQUARES"]

SIZE = 7
SIDE = 6                     # windows per row and per column
WINDOWS = SIDE * SIDE        # 36
STATES = 81                  # 3 ** 4
N_INPUTS = WINDOWS * STATES  # 2,916
QA = 255
QB = 64
CLIP = 1.98
"""Training keeps every weight in [-CLIP, CLIP]: the int16 accumulator cannot overflow."""
ROW_BIAS, ROW_OUT, ROW_HEAD = N_INPUTS, N_INPUTS + 1, N_INPUTS + 2
"""Rows of the packed int16 array the kernels read: W1q (rows 0..2915), b1q, w2q, and a head
row holding ``b2q`` and ``scale`` in its first two entries."""

WINDOW_SQUARES = np.array([[SIZE * i + j, SIZE * i + j + 1, SIZE * (i + 1) + j,
                            SIZE * (i + 1) + j + 1]
                           for i in range(SIDE) for j in range(SIDE)], dtype=np.int64)
"""The four squares (bit indices, ``course_lib.ataxx.fast``) of each window, in reading order."""
POWERS = np.array([1, 3, 9, 27], dtype=np.int64)


def features(me: int, opp: int) -> np.ndarray:
    """The 36 inputs that are on, one per window: ``81 k + state``, for the side to move's
    stones ``me`` and the opponent's ``opp`` (bitboards).

    >>> features(0, 0).tolist()[:3]                    # an empty board: state 0 everywhere
    [0, 81, 162]
    """
    bits = np.arange(49, dtype=np.uint64)
    digit = (((np.uint64(me) >> bits) & np.uint64(1))
             + 2 * ((np.uint64(opp) >> bits) & np.uint64(1))).astype(np.int64)
    return STATES * np.arange(WINDOWS) + (digit[WINDOW_SQUARES] * POWERS).sum(axis=1)


@dataclass
class NetworkWeights:
    """A trained network: the float weights (``w1`` (2916, H), ``b1`` (H), ``w2`` (H), ``b2``),
    ``win_scale`` (hundredths of a stone per unit of log-odds), the int16 array the kernels
    read (``packed``, made by ``quantise``), and ``meta`` (how it was made)."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float
    win_scale: float
    packed: np.ndarray = field(init=False, repr=False)
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.w1 = np.asarray(self.w1, dtype=np.float32)
        hidden = self.w1.shape[1] if self.w1.ndim == 2 else 0
        if self.w1.shape != (N_INPUTS, hidden) or hidden < 2:
            raise InvalidArgumentError(f"w1 must have shape ({N_INPUTS}, H) with H >= 2, got "
                                       f"{self.w1.shape}")
        self.b1 = np.asarray(self.b1, dtype=np.float32).reshape(hidden)
        self.w2 = np.asarray(self.w2, dtype=np.float32).reshape(hidden)
        self.b2 = float(self.b2)
        if not 1 <= self.win_scale < 32768:
            raise InvalidArgumentError(f"win_scale must be from 1 to 32767 hundredths of a "
                                       f"stone, got {self.win_scale}")
        self.packed = quantise(self)

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    @property
    def scale(self) -> int:
        """``win_scale`` as the whole number the integer score uses."""
        return int(round(self.win_scale))

    @classmethod
    def random(cls, hidden: int = 256, seed: int = 0, win_scale: float = 100.0
               ) -> "NetworkWeights":
        """Small seeded random weights (the start of training, and tests)."""
        rng = np.random.default_rng(seed)
        return cls(w1=rng.uniform(-0.1, 0.1, (N_INPUTS, hidden)),
                   b1=rng.uniform(0.0, 0.3, hidden),
                   w2=rng.uniform(-1, 1, hidden) / np.sqrt(hidden), b2=0.0,
                   win_scale=win_scale)

    def dequantized(self) -> "NetworkWeights":
        """The network whose float weights are the int16 weights read back (``W1q / QA``,
        ...): what the integer score computes, but for its two floors."""
        return from_packed(self.packed, self.scale)


def quantise(net: NetworkWeights) -> np.ndarray:
    """The packed int16 array of ``net``: W1q, b1q, w2q, then ``b2q`` and ``scale``.

    >>> NetworkWeights.random(hidden=4).packed.shape
    (2919, 4)
    """
    for name, value, q in (("w1", net.w1, QA), ("b1", net.b1, QA), ("w2", net.w2, QB),
                           ("b2", net.b2, QA * QB)):
        largest = float(np.max(np.abs(np.rint(np.asarray(value, dtype=np.float64) * q))))
        if not largest <= round(CLIP * q):
            raise InvalidArgumentError(f"{name} holds a weight of size {largest / q:.3f}, "
                                       f"beyond {CLIP}: the int16 score could overflow "
                                       "(training clips the weights)")
    packed = np.zeros((N_INPUTS + 3, net.hidden), dtype=np.int16)
    packed[:N_INPUTS] = np.rint(net.w1.astype(np.float64) * QA)
    packed[ROW_BIAS] = np.rint(net.b1.astype(np.float64) * QA)
    packed[ROW_OUT] = np.rint(net.w2.astype(np.float64) * QB)
    packed[ROW_HEAD, 0] = int(np.rint(net.b2 * QA * QB))
    packed[ROW_HEAD, 1] = net.scale
    return packed


def forward_float(me: int, opp: int, net: NetworkWeights) -> float:
    """``y``, the log-odds of winning for the side to move, in floating point (float64).

    >>> forward_float(0, 0, NetworkWeights(np.zeros((N_INPUTS, 2)), [0.5, 0.5], [1, 1], 0.25,
    ...                                   100))
    0.75
    """
    x = net.b1.astype(np.float64) + net.w1[features(me, opp)].astype(np.float64).sum(axis=0)
    h = np.clip(x, 0.0, 1.0) ** 2
    return float(h @ net.w2.astype(np.float64) + net.b2)


def evaluate_readable(me: int, opp: int, net: NetworkWeights) -> int:
    """The integer score of the searches, in hundredths of a stone for the side to move,
    computed in numpy from the packed int16 weights as the module's docstring says.

    >>> net = NetworkWeights(np.zeros((N_INPUTS, 2)), [0.5, 0.5], [1, 1], 0.25, 100)
    >>> evaluate_readable(0, 0, net)                   # 0.75 log-odds, 100 per unit
    75
    """
    p = net.packed.astype(np.int64)
    acc = p[ROW_BIAS] + p[features(me, opp)].sum(axis=0)
    s = int((np.clip(acc, 0, QA) ** 2 * p[ROW_OUT]).sum())
    return ((s // QA) + int(p[ROW_HEAD, 0])) * int(p[ROW_HEAD, 1]) // (QA * QB)


def quantisation_bound(me: int, opp: int, net: NetworkWeights) -> float:
    """An upper bound on ``|forward_float(net) - forward_float(net.dequantized())|`` for this
    position: how far the rounding of the weights can move ``y``. Each accumulator entry moves
    by at most the sum ``d`` of the rounding errors of its 37 terms; ``clamp(x, 0, 1) ** 2``
    moves by at most ``2 d`` when ``x`` does by ``d`` (its slope is at most 2); then ``w2``
    and ``b2`` add their own rounding.

    >>> net = NetworkWeights.random(hidden=8, seed=2)
    >>> d = abs(forward_float(5, 96, net) - forward_float(5, 96, net.dequantized()))
    >>> bool(d <= quantisation_bound(5, 96, net))
    True
    """
    q = net.dequantized()
    f = features(me, opp)
    err1 = np.abs(net.w1[f].astype(np.float64) - q.w1[f].astype(np.float64)).sum(axis=0) \
        + np.abs(net.b1.astype(np.float64) - q.b1.astype(np.float64))
    x = q.b1.astype(np.float64) + q.w1[f].astype(np.float64).sum(axis=0)
    h = np.clip(x, 0.0, 1.0) ** 2
    w2 = net.w2.astype(np.float64)
    return float(np.sum(np.abs(w2) * np.minimum(2.0 * err1, 1.0))
                 + np.sum(h * np.abs(w2 - q.w2.astype(np.float64)))
                 + abs(net.b2 - q.b2)) * (1 + 1e-9) + 1e-9


# --- weights on disk --------------------------------------------------------------------------

DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
DEFAULT_NETWORK = os.path.join(DATA_DIR, "value_network.npz")
"""The shipped network (``python -m course_lib network train`` makes it)."""


def save_network(path: str, net: NetworkWeights) -> None:
    """Write the network as a compressed .npz: its int16 weights (``packed``; they are the
    network the searches run, and read back they are ``net.dequantized()``), ``win_scale``
    and ``meta`` (JSON text)."""
    np.savez_compressed(path, packed=net.packed, win_scale=np.float64(net.win_scale),
                        meta=np.array(json.dumps(net.meta)))


def from_packed(packed: np.ndarray, win_scale: float, meta: dict | None = None
                ) -> NetworkWeights:
    """The network whose int16 weights are ``packed`` (rows as ``quantise`` writes them).

    >>> net = NetworkWeights.random(hidden=4, seed=3)
    >>> bool((from_packed(net.packed, net.win_scale).packed == net.packed).all())
    True
    """
    p = np.asarray(packed)
    if p.dtype != np.int16 or p.ndim != 2 or p.shape[0] != N_INPUTS + 3 or p.shape[1] < 2:
        raise InvalidArgumentError(f"packed weights are int16 of shape ({N_INPUTS + 3}, H), "
                                   f"got {p.dtype} {p.shape}")
    q = p.astype(np.float64)
    return NetworkWeights(w1=q[:N_INPUTS] / QA, b1=q[ROW_BIAS] / QA, w2=q[ROW_OUT] / QB,
                          b2=q[ROW_HEAD, 0] / (QA * QB), win_scale=win_scale,
                          meta=dict(meta or {}))


_CACHE: dict[str, NetworkWeights] = {}


def load_network(path: str | None = None) -> NetworkWeights:
    """The network at ``path`` (default: the shipped ``course_lib/data/value_network.npz``),
    loaded once per path.

    >>> load_network().packed.dtype
    dtype('int16')
    """
    path = os.path.abspath(path or DEFAULT_NETWORK)
    if path not in _CACHE:
        try:
            with np.load(path) as data:
                net = from_packed(data["packed"], float(data["win_scale"]),
                                  json.loads(str(data["meta"])))
        except (OSError, KeyError, ValueError, json.JSONDecodeError) as error:
            raise InvalidArgumentError(f"cannot read a value network from {path}: {error}; "
                                       "make one with python -m course_lib network train") \
                from None
        _CACHE[path] = net
    return _CACHE[path]
