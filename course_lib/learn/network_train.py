"""Training the value network on self-play records, with numpy and numba.

The target of a position mixes what the games say about it, as for the n-tuple network
(``course_lib.learn.train``): ``lam * result + (1 - lam) * sigmoid(a * score + b)``, the game's
result for the side to move and the engine's search score read as log-odds, ``a`` and ``b``
fit on the training positions (``fit_logistic``). ``win_scale = 1 / a`` turns the network's
log-odds back into hundredths of a stone, the engine's unit.

Games, not positions, are split into training and validation sets (``validation_share``, by
``seed``). Each epoch visits the training positions in a seeded order, each one read through
a seeded one of the board's 8 symmetries (``symmetries=False``: as played), in mini-batches of
``batch`` positions, one Adam step each (``_train_kernels.train_batch``), the learning rate
falling from ``learning_rate`` to a twentieth of it along a cosine. The curve records, per
epoch, the mean loss of the epoch's batches and the validation loss (no symmetry), against the
validation loss of material alone and of the search score itself.

>>> from course_lib.learn.selfplay import self_play
>>> run = train_network(self_play(games=6, seed=1, depth=2), hidden=8, epochs=2, seed=1)
>>> run.net.hidden, len(run.curve)
(8, 2)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..errors import InvalidArgumentError
from ._train_kernels import predict, train_batch
from .network import NetworkWeights
from .selfplay import GameRecords
from .train import _popcounts, fit_logistic, log_loss, sigmoid, split_by_games

__all__ = ["NetworkRun", "train_network", "targets"]


@dataclass
class NetworkRun:
    """What ``train_network`` returns: the network and how its training went (per epoch:
    epoch, mean training loss, validation loss)."""

    net: NetworkWeights
    curve: list[tuple[int, float, float]] = field(default_factory=list)
    material_loss: float = 0.0
    score_loss: float = 0.0
    positions: int = 0
    validation_positions: int = 0
    seconds: float = 0.0


def targets(records: GameRecords, rows: np.ndarray, lam: float) -> tuple[np.ndarray, float,
                                                                           np.ndarray]:
    """(target of every record, ``win_scale``, the score's log-odds) with ``a`` and ``b`` fit
    on ``rows``."""
    score = records.score.astype(np.float64)
    result = records.result.astype(np.float64)
    a, b = fit_logistic(score[rows], result[rows])
    if not a > 0:
        raise InvalidArgumentError("in these games a better search score does not win more "
                                   "often: generate more data")
    logits = a * score + b
    return lam * result + (1 - lam) * sigmoid(logits), 1.0 / a, logits


def _whole(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise InvalidArgumentError(f"{name} must be a whole number >= {least}, got {value!r}")
    return int(value)


def train_network(records: GameRecords, hidden: int = 256, epochs: int = 10, seed: int = 1,
                  batch: int = 4096, learning_rate: float = 0.002, lam: float = 0.3,
                  validation_share: float = 0.05, symmetries: bool = True,
                  start: NetworkWeights | None = None,
                  progress: Callable[[int, float, float], None] | None = None) -> NetworkRun:
    """Fit a network of ``hidden`` units to ``records`` (see the module's docstring);
    ``start`` continues from a network's weights instead of seeded random ones, and
    ``progress(epoch, training loss, validation loss)`` is called after every epoch."""
    hidden = _whole("hidden", hidden, 2)
    epochs = _whole("epochs", epochs, 1)
    seed = _whole("seed", seed, 0)
    batch = _whole("batch", batch, 1)
    if not 0 <= lam <= 1:
        raise InvalidArgumentError(f"lam must be in [0, 1], got {lam}")
    if not 0 <= validation_share < 1:
        raise InvalidArgumentError(f"validation_share must be in [0, 1), got "
                                   f"{validation_share}")
    if not learning_rate > 0:
        raise InvalidArgumentError(f"learning_rate must be > 0, got {learning_rate}")
    if len(records) == 0:
        raise InvalidArgumentError("no positions to learn from: generate some data first")
    if start is not None and start.hidden != hidden:
        raise InvalidArgumentError(f"the start network has {start.hidden} hidden units, not "
                                   f"{hidden}")
    started = time.perf_counter()
    rng = np.random.default_rng(seed)
    train_rows, val_rows = split_by_games(records.game, validation_share, rng)
    check = val_rows if len(val_rows) else train_rows
    target, win_scale, score_logits = targets(records, train_rows, lam)
    material = (_popcounts(records.me) - _popcounts(records.opp)).astype(np.float64)
    a_m, b_m = fit_logistic(material[train_rows], target[train_rows])
    material_loss = log_loss(a_m * material[check] + b_m, target[check])
    score_loss = log_loss(score_logits[check], target[check])

    net = start or NetworkWeights.random(hidden, seed, win_scale)
    w1 = net.w1.astype(np.float32).copy()
    b1 = net.b1.astype(np.float32).copy()
    w2 = net.w2.astype(np.float32).copy()
    b2 = np.array([net.b2], dtype=np.float32)
    params = (w1, b1, w2, b2)
    moments = tuple(np.zeros_like(p) for p in params for _ in range(2))
    grads = tuple(np.zeros_like(p) for p in params)
    me, opp = records.me.astype(np.uint64), records.opp.astype(np.uint64)
    target32 = target.astype(np.float32)
    steps_per_epoch = math.ceil(len(train_rows) / batch)
    total = steps_per_epoch * epochs
    step = 0
    curve = []
    for epoch in range(1, epochs + 1):
        order = train_rows[rng.permutation(len(train_rows))]
        images = (rng.integers(0, 8, len(order)) if symmetries
                  else np.zeros(len(order), dtype=np.int64))
        loss = 0.0
        for at in range(0, len(order), batch):
            rate = learning_rate * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * step / total)))
            step += 1
            loss += train_batch(me, opp, target32, order[at:at + batch],
                                images[at:at + batch], params, moments, grads, step, rate)
        val_loss = log_loss(predict(me[check], opp[check], w1, b1, w2, float(b2[0])),
                            target[check])
        curve.append((epoch, loss / len(order), val_loss))
        if progress is not None:
            progress(epoch, loss / len(order), val_loss)
    trained = NetworkWeights(w1=w1, b1=b1, w2=w2, b2=float(b2[0]), win_scale=win_scale)
    return NetworkRun(net=trained, curve=curve, material_loss=material_loss,
                      score_loss=score_loss, positions=len(train_rows),
                      validation_positions=len(val_rows),
                      seconds=time.perf_counter() - started)
