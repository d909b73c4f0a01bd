"""A small policy network: prior probabilities of the moves, in one pass over the position.

Guided MCTS gives the children of a node prior probabilities. Scoring every child with the
value network costs one evaluation per child; a policy network scores them all at once, as in
monty's ATAXX mode: one small sub-network per destination square and one per source square,
read from the same 36 windows of 2x2 squares as the value network (``network.features``), and
a move's score combines the two. Here each sub-network has a single output and no hidden
layer, so the whole policy is two linear maps of the 2,916 inputs:

    to[t]   = bt[t] + sum over the 36 inputs f that are on of  WT[f, t]       (t: 49 squares)
    from[s] = bf[s] + sum over the same inputs of               WF[f, s]       (s: 49 squares,
                                                                                  and 49: a clone)
    score(clone to t) = to[t] + from[49];   score(jump s -> t) = to[t] + from[s]
    P(move) = softmax of the scores over the legal moves

``to[t]`` says how good landing on ``t`` is in this position, ``from[s]`` what leaving ``s`` by
a jump costs (the hole), against a clone. Trained on the moves the engine played in its
self-play games (cross-entropy, ``train_policy``), on every symmetric image of each position.

>>> from course_lib.ataxx import fast
>>> policy = PolicyWeights.zeros()
>>> moves = fast.legal_moves(fast.START)
>>> probabilities(int(fast.START.first), int(fast.START.second), moves, policy).tolist()[:2]
[0.0625, 0.0625]
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

import numpy as np

from ..errors import InvalidArgumentError
from .network import DATA_DIR, N_INPUTS, features

__all__ = ["PolicyWeights", "scores", "probabilities", "save_policy", "load_policy",
           "DEFAULT_POLICY", "CLONE_SOURCE"]

CLONE_SOURCE = 49
"""The source index of a clone in ``from`` (the stone a clone copies does not matter)."""
DEFAULT_POLICY = os.path.join(DATA_DIR, "policy_network.npz")


@dataclass
class PolicyWeights:
    """``wt`` (2916, 49) and ``bt`` (49) of the destinations, ``wf`` (2916, 50) and ``bf`` (50)
    of the sources (the last one: a clone), float32; ``meta`` says how they were made."""

    wt: np.ndarray
    bt: np.ndarray
    wf: np.ndarray
    bf: np.ndarray
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        shapes = {"wt": (N_INPUTS, 49), "bt": (49,), "wf": (N_INPUTS, 50), "bf": (50,)}
        for name, shape in shapes.items():
            value = np.ascontiguousarray(getattr(self, name), dtype=np.float32)
            if value.shape != shape:
                raise InvalidArgumentError(f"policy {name} must have shape {shape}, got "
                                           f"{value.shape}")
            setattr(self, name, value)

    @classmethod
    def zeros(cls) -> "PolicyWeights":
        """A policy that gives every legal move the same probability."""
        return cls(np.zeros((N_INPUTS, 49)), np.zeros(49), np.zeros((N_INPUTS, 50)),
                   np.zeros(50))


def _source(code: int) -> int:
    s, t = int(code) >> 6, int(code) & 63
    near = max(abs(s // 7 - t // 7), abs(s % 7 - t % 7)) == 1
    return CLONE_SOURCE if near else s


def scores(me: int, opp: int, moves: np.ndarray, policy: PolicyWeights) -> np.ndarray:
    """The score of each move (codes of ``course_lib.ataxx.fast``, not the pass) for the side
    to move, float64, in numpy from the definition.

    >>> scores(1, 2, np.array([8]), PolicyWeights.zeros()).tolist()
    [0.0]
    """
    f = features(me, opp)
    to = policy.bt.astype(np.float64) + policy.wt[f].astype(np.float64).sum(axis=0)
    source = policy.bf.astype(np.float64) + policy.wf[f].astype(np.float64).sum(axis=0)
    return np.array([to[int(c) & 63] + source[_source(c)] for c in moves], dtype=np.float64)


def probabilities(me: int, opp: int, moves: np.ndarray, policy: PolicyWeights) -> np.ndarray:
    """The prior probability of each move: the softmax of ``scores`` (a pass alone: 1)."""
    moves = np.asarray(moves)
    if len(moves) == 1:
        return np.ones(1)
    z = scores(me, opp, moves, policy)
    e = np.exp(z - z.max())
    return e / e.sum()


def save_policy(path: str, policy: PolicyWeights) -> None:
    """Write the policy as a compressed .npz (float32 weights, ``meta`` as JSON text)."""
    np.savez_compressed(path, wt=policy.wt, bt=policy.bt, wf=policy.wf, bf=policy.bf,
                        meta=np.array(json.dumps(policy.meta)))


_CACHE: dict[str, PolicyWeights] = {}


def load_policy(path: str | None = None) -> PolicyWeights:
    """The policy at ``path`` (default: the shipped ``course_lib/data/policy_network.npz``),
    loaded once per path."""
    path = os.path.abspath(path or DEFAULT_POLICY)
    if path not in _CACHE:
        try:
            with np.load(path) as data:
                _CACHE[path] = PolicyWeights(data["wt"], data["bt"], data["wf"], data["bf"],
                                             json.loads(str(data["meta"])))
        except (OSError, KeyError, ValueError, json.JSONDecodeError) as error:
            raise InvalidArgumentError(f"cannot read a policy network from {path}: {error}; "
                                       "make one with python -m course_lib network policy") \
                from None
    return _CACHE[path]
