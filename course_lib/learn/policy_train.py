"""Training the policy network (``policy``) on the moves the engine played in its self-play
games: cross-entropy of the softmax over the legal moves against the move played, Adam on
mini-batches, every position read through a seeded one of the board's 8 symmetries, the
learning rate falling along a cosine to a twentieth. Games, not positions, are split into
training and validation sets by ``seed``; the curve records per epoch the mean training loss,
the validation loss and how often the policy's most likely move is the one played.

>>> from course_lib.learn.datagen import DataSpec, play_chunk
>>> records = play_chunk(DataSpec(seed=1, games=2, nodes=300, chunk_games=2), 0)
>>> run = train_policy(records, epochs=2, seed=1)
>>> len(run.curve), run.policy.wt.shape
(2, (2916, 49))
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..errors import InvalidArgumentError
from ._policy_kernels import policy_loss, policy_train_batch
from .policy import PolicyWeights
from .selfplay import GameRecords
from .train import split_by_games

__all__ = ["PolicyRun", "train_policy"]


@dataclass
class PolicyRun:
    """What ``train_policy`` returns: the policy, and per epoch (epoch, training loss,
    validation loss, validation share of the move played ranked first)."""

    policy: PolicyWeights
    curve: list[tuple[int, float, float, float]] = field(default_factory=list)
    positions: int = 0
    validation_positions: int = 0
    seconds: float = 0.0


def train_policy(records: GameRecords, epochs: int = 6, seed: int = 1, batch: int = 1024,
                 learning_rate: float = 0.002, validation_share: float = 0.05,
                 progress: Callable[[int, float, float, float], None] | None = None
                 ) -> PolicyRun:
    """Fit a policy to the moves of ``records`` (which must hold them: ``move``)."""
    if records.move is None:
        raise InvalidArgumentError("these records hold no moves: make them with python -m "
                                   "course_lib network data")
    for name, value, least in (("epochs", epochs, 1), ("seed", seed, 0), ("batch", batch, 1)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise InvalidArgumentError(f"{name} must be a whole number >= {least}, got "
                                       f"{value!r}")
    started = time.perf_counter()
    rng = np.random.default_rng(seed)
    train_rows, held_rows = split_by_games(records.game, validation_share, rng)
    val_rows = held_rows if len(held_rows) else train_rows
    me, opp = records.me.astype(np.uint64), records.opp.astype(np.uint64)
    played = records.move.astype(np.int64)
    policy = PolicyWeights.zeros()
    params = (policy.wt, policy.bt, policy.wf, policy.bf)
    moments = tuple(np.zeros_like(p) for p in params for _ in range(2))
    grads = tuple(np.zeros_like(p) for p in params)
    total = math.ceil(len(train_rows) / batch) * epochs
    step = 0
    curve = []
    for epoch in range(1, epochs + 1):
        order = train_rows[rng.permutation(len(train_rows))]
        images = rng.integers(0, 8, len(order))
        loss_sum, used_sum = 0.0, 0
        for at in range(0, len(order), batch):
            rate = learning_rate * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * step / total)))
            step += 1
            loss, used = policy_train_batch(me, opp, played, order[at:at + batch],
                                            images[at:at + batch], params, moments, grads,
                                            step, rate)
            loss_sum += loss
            used_sum += used
        val_loss, top, _ = policy_loss(me[val_rows], opp[val_rows], played[val_rows], *params)
        curve.append((epoch, loss_sum / max(used_sum, 1), val_loss, top))
        if progress is not None:
            progress(epoch, loss_sum / max(used_sum, 1), val_loss, top)
    return PolicyRun(policy=policy, curve=curve, positions=len(train_rows),
                     validation_positions=len(held_rows),
                     seconds=time.perf_counter() - started)
