"""Training the n-tuple network on self-play games: logistic regression with numpy.

The network (``ntuple``) gives a score ``f`` for the side to move; training reads it as log-odds
of winning, ``p = 1 / (1 + exp(-f))``, and lowers the cross-entropy between ``p`` and a target
over every training position, with Adam on mini-batches and a small weight decay. The
derivative of one position's loss with respect to its score is its error ``p - target``, and
the score is the bias plus the 96 weights looked up, so the position's gradient is that error
on the bias and on each weight it looks up, once for every time it is looked up (a weight read
by two lookups gets twice the error), and 0 on every other weight (``np.bincount`` adds it up
over a batch).

The target mixes two things the games say about a position, as engine trainers do:
``target = lam * result + (1 - lam) * sigmoid(a * score + b)``, the game's result (1, 0.5, 0:
true, but shared by every position of a game, so noisy) and the engine's search score (a
depth-limited search: exact about the next plies, blind beyond them) read as log-odds
``a * score + b``. ``a`` and ``b`` are fit on the data (``fit_logistic``): ``a`` is how many
log-odds of winning one hundredth of a stone of search score is worth, and ``b`` takes off the
search's bias (an odd depth ends after the mover's own move, so its scores lean the mover's
way). ``win_scale = 1 / a`` turns a score into an expected result, and the learned weights,
times ``win_scale`` and rounded, are in the engine's units, hundredths of a stone.

>>> from course_lib.learn.selfplay import self_play
>>> run = train(self_play(games=8, seed=1, depth=2), epochs=2, seed=1)
>>> run.weights.shape, len(run.curve)
((118585,), 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import InvalidArgumentError
from .ntuple import N_WEIGHTS, features_of
from .selfplay import GameRecords

__all__ = ["TrainingRun", "train", "fit_logistic", "log_loss"]


@dataclass
class TrainingRun:
    """What ``train`` returns: the whole-number weights, ``win_scale``, the float weights in
    log-odds, and the curve, per epoch: (epoch, training loss and validation loss against the
    target, validation loss against the games' results).

    Two simpler predictions are measured on the same validation positions, against the target
    (``material_loss``, ``score_loss``) and against the results (``material_result_loss``,
    ``score_result_loss``): material alone (its slope fit on the training positions, to the
    target or to the results) and the search score itself, ``sigmoid(a * score + b)``, what
    the network learns to guess without searching. The target is partly that same search
    score, so against the target the search score has a head start; the results are the
    judge that favours none of the three."""

    weights: np.ndarray
    win_scale: float
    logit_weights: np.ndarray
    curve: list[tuple[int, float, float, float]] = field(default_factory=list)
    lam: float = 0.5
    material_loss: float = 0.0
    score_loss: float = 0.0
    material_result_loss: float = 0.0
    score_result_loss: float = 0.0
    positions: int = 0
    validation_positions: int = 0

    @property
    def result_loss(self) -> float:
        """The network's validation loss against the results after the last epoch."""
        return self.curve[-1][3]


def log_loss(logits: np.ndarray, result: np.ndarray) -> float:
    """Mean cross-entropy (natural log) of predicted log-odds against results in [0, 1].

    >>> round(log_loss(np.array([0.0]), np.array([1.0])), 4)        # ln 2
    0.6931
    """
    logits = np.asarray(logits, dtype=np.float64)
    # log(1 + exp(-x)) for a win, log(1 + exp(x)) for a loss, mixed for a draw; stable form
    return float(np.mean(np.logaddexp(0.0, logits) - result * logits))


RIDGE = 1e-6
"""A small penalty on the fit's parameters, per position: it keeps them finite when the data
separate wins from losses perfectly."""


def sigmoid(z: np.ndarray) -> np.ndarray:
    """``1 / (1 + exp(-z))`` without overflow.

    >>> sigmoid(np.array([0.0, 1000.0, -1000.0])).tolist()
    [0.5, 1.0, 0.0]
    """
    return np.exp(-np.logaddexp(0.0, -np.asarray(z, dtype=np.float64)))


def fit_logistic(x: np.ndarray, result: np.ndarray, iterations: int = 50) -> tuple[float, float]:
    """The ``a`` and ``b`` of ``p = 1 / (1 + exp(-(a * x + b)))`` that fit the results best
    (Newton's method; the cross-entropy is convex in them).

    >>> m = np.array([-2.0, -1.0, 1.0, 2.0]); r = 1 / (1 + np.exp(-(0.5 * m - 0.25)))
    >>> [round(v, 3) for v in fit_logistic(m, r)]
    [0.5, -0.25]
    """
    x = np.asarray(x, dtype=np.float64)
    result = np.asarray(result, dtype=np.float64)
    ridge = RIDGE * len(x)
    a = b = 0.0
    # Plain sums, not matrix products: numpy's sums are the same on every machine, where a
    # BLAS kernel may add in another order and round the last digit differently.
    for _ in range(iterations):
        p = sigmoid(a * x + b)
        error = p - result
        weight = p * (1 - p)
        g_a, g_b = np.sum(error * x) + ridge * a, np.sum(error) + ridge * b
        h_aa = np.sum(weight * x * x) + ridge
        h_ab = np.sum(weight * x)
        h_bb = np.sum(weight) + ridge
        det = h_aa * h_bb - h_ab * h_ab
        if not det > 0:
            break
        step_a = (h_bb * g_a - h_ab * g_b) / det       # the 2x2 Newton step, solved by hand
        step_b = (h_aa * g_b - h_ab * g_a) / det
        a -= step_a
        b -= step_b
        if max(abs(step_a), abs(step_b)) < 1e-12:
            break
    return float(a), float(b)


def _popcounts(boards: np.ndarray) -> np.ndarray:
    bits = np.unpackbits(boards.astype("<u8").view(np.uint8).reshape(-1, 8), axis=1)
    return bits.sum(axis=1).astype(np.int64)



def split_by_games(game: np.ndarray, validation_share: float,
                   rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(training rows, validation rows) of positions whose game numbers are ``game``: a
    seeded ``validation_share`` of the games is held out whole, so that no game lends positions
    to both sides.

    >>> split_by_games(np.array([0, 0, 1, 1, 2]), 1 / 3, np.random.default_rng(0))[1].size > 0
    True
    """
    game_ids = np.unique(game)
    held = rng.permutation(game_ids)[:int(round(len(game_ids) * validation_share))]
    is_val = np.isin(game, held)
    return np.flatnonzero(~is_val), np.flatnonzero(is_val)

def train(records: GameRecords, epochs: int = 12, seed: int = 1, batch: int = 4096,
          learning_rate: float = 0.001, weight_decay: float = 1e-4, lam: float = 0.5,
          validation_share: float = 0.1) -> TrainingRun:
    """Fit the network to ``records``; games (not positions) are split into training and
    validation sets by ``seed``, so no game is on both sides.

    ``epochs`` passes over the training positions in a seeded order, ``batch`` positions a step;
    ``lam`` the share of the game's result in the target (the rest: the search score).
    """
    for name, value, least in (("epochs", epochs, 1), ("batch", batch, 1), ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
            raise InvalidArgumentError(f"{name} must be a whole number >= {least}, "
                                       f"got {value!r}")
    if not 0 <= lam <= 1:
        raise InvalidArgumentError(f"lam must be in [0, 1], got {lam}")
    if not 0 <= validation_share < 1:
        raise InvalidArgumentError(f"validation_share must be in [0, 1), got {validation_share}")
    if len(records) == 0:
        raise InvalidArgumentError("no positions to learn from: play some games first")
    rng = np.random.default_rng(seed)
    game_ids = np.unique(records.game)
    train_rows, val_rows = split_by_games(records.game, validation_share, rng)
    features = features_of(records.me, records.opp)
    result = records.result.astype(np.float64)
    score = records.score.astype(np.float64)
    a, b = fit_logistic(score[train_rows], result[train_rows])
    if not a > 0:
        raise InvalidArgumentError(
            f"in these {len(game_ids)} games a better search score does not win more often, so "
            f"the score cannot be turned into a chance of winning: play more than "
            f"{len(game_ids)} games")
    score_logits = a * score + b
    target = lam * result + (1 - lam) * sigmoid(score_logits)
    material = (_popcounts(records.me) - _popcounts(records.opp)).astype(np.float64)
    check = val_rows if len(val_rows) else train_rows

    def material_loss_against(goal: np.ndarray) -> float:
        a_m, b_m = fit_logistic(material[train_rows], goal[train_rows])
        return log_loss(a_m * material[check] + b_m, goal[check])

    material_loss = material_loss_against(target)
    material_result_loss = material_loss_against(result)
    score_loss = log_loss(score_logits[check], target[check])
    score_result_loss = log_loss(score_logits[check], result[check])

    w = np.zeros(N_WEIGHTS, dtype=np.float64)     # the pattern tables, then the bias
    m1 = np.zeros_like(w)
    m2 = np.zeros_like(w)
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    step = 0
    bias = N_WEIGHTS - 1
    width = features.shape[1]
    curve = []
    sample = train_rows[rng.permutation(len(train_rows))[:50_000]]

    def logits(rows: np.ndarray) -> np.ndarray:
        return w[features[rows]].sum(axis=1) + w[bias]

    for epoch in range(1, epochs + 1):
        order = train_rows[rng.permutation(len(train_rows))]
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            error = sigmoid(logits(rows)) - target[rows]
            gradient = np.bincount(features[rows].ravel(), weights=np.repeat(error, width),
                                   minlength=N_WEIGHTS) / len(rows)
            gradient[bias] = error.mean()
            step += 1
            m1 = beta1 * m1 + (1 - beta1) * gradient
            m2 = beta2 * m2 + (1 - beta2) * gradient * gradient
            update = (m1 / (1 - beta1 ** step)) / (np.sqrt(m2 / (1 - beta2 ** step)) + eps)
            w -= learning_rate * (update + weight_decay * w)
        curve.append((epoch, log_loss(logits(sample), target[sample]),
                      log_loss(logits(check), target[check]),
                      log_loss(logits(check), result[check])))
    scale = 1.0 / a
    return TrainingRun(weights=np.rint(w * scale).astype(np.int32), win_scale=scale,
                       logit_weights=w, curve=curve, lam=lam, material_loss=material_loss,
                       score_loss=score_loss, material_result_loss=material_result_loss,
                       score_result_loss=score_result_loss, positions=len(train_rows),
                       validation_positions=len(val_rows))
