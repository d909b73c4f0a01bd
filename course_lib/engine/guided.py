"""MCTS guided by a learned evaluation: the course's engine-class MCTS player.

The teaching MCTS (``course_lib.agents.mcts``, compiled in ``course_lib.agents.mcts_fast``)
scores a leaf by a playout and selects by UCB. ``GuidedMCTSAgent`` keeps its tree, its clock,
its reuse of the tree and its reports, and changes what the kernels do
(``course_lib.engine._puct_kernels``): a learned evaluation scores the leaves instead of
playouts (``value="learned"``), and gives the children of a node prior probabilities for PUCT
selection (``prior="learned"``), ``Q + c * P * sqrt(N_parent) / (1 + N_child)``; all the
children of a node are created when it grows (``FastNode.prior`` and ``FastNode.evaluation``
show what the evaluation said). The evaluation is the n-tuple network
(``evaluation="learned"``, ``course_lib.learn.ntuple``) or the value network
(``evaluation="network"``, ``course_lib.learn.network``).

>>> from course_lib.ataxx import State
>>> from course_lib.learn.ntuple import N_WEIGHTS, LearnedWeights
>>> flat = LearnedWeights.of(np.zeros(N_WEIGHTS, dtype=np.int32))   # every position scores 0
>>> guided = GuidedMCTSAgent(iterations=50, value="learned", prior="learned", weights=flat)
>>> move = guided.choose_move(State.start())
>>> sorted({child.prior for child in guided.root.children})   # 16 moves, uniform priors
[0.0625]

Without ``weights`` the shipped ones are used. The spec ``mcts:tier=fast,value=learned,...``
builds this agent (``course_lib.agents.make_agent``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..agents._mcts_kernels import PLAYOUT_CODES
from ..agents.mcts import final_choice, spec_name
from ..agents.mcts_fast import UCB_C, FastMCTSAgent, FastNode
from ..ataxx._bitboard import MOVE_BUFFER
from ..ataxx.fast import FastState
from ..errors import InvalidArgumentError
from ._puct_kernels import (C_EVALUATIONS, EVAL_CODES, FPU_PARENT, GUIDED_NODE,
                            GUIDED_SETTINGS, N_GUIDED_COUNTERS, PRIOR_CODES, VALUE_CODES,
                            _run_guided)

__all__ = ["GuidedMCTSAgent", "check_guided_options", "guided_spec_name", "PUCT_C",
           "GUIDED_OPTIONS"]

GUIDED_OPTIONS = ("value", "prior", "temperature", "fpu", "weights", "evaluation", "policy")
"""The keywords ``GuidedMCTSAgent`` adds to ``FastMCTSAgent``'s."""
NO_POLICY = (np.zeros((1, 49), dtype=np.float32), np.zeros(49, dtype=np.float32),
             np.zeros((1, 50), dtype=np.float32), np.zeros(50, dtype=np.float32))
"""What the kernel gets for the policy when priors do not come from one (same types)."""


GUIDED_DEFAULTS = {"value": "playout", "prior": "none", "temperature": None, "fpu": None,
                   "evaluation": "learned"}
"""The guided options a spec name shows when they differ from these (not the weights)."""
PUCT_C = 0.5
"""The default ``c`` of PUCT (``prior="learned"``): with the shipped weights, 50 ms a move,
c = 0.5 scored 16 of 20 games against c = 1.4 (``benchmarks/bench_mcts_guided.py``). With the
value and policy networks at 2,000 iterations a move, SPRTs accepted H0 for c = 0.25 and for
c = 1.0 against it (``benchmarks/network_ladder.py --rung puct``)."""


def check_guided_options(value: Any = "playout", prior: Any = "none", temperature: Any = None,
                         fpu: Any = None, weights: Any = None,
                         options: dict[str, Any] | None = None,
                         evaluation: Any = "learned", policy: Any = None) -> dict[str, Any]:
    """Check the options of guided MCTS (with ``options``, the checked plain ones, for the
    combinations) and return them, ``weights`` loaded when the evaluation is used (a path is
    read: ``load_weights`` for ``evaluation="learned"``, the n-tuple network, ``load_network``
    for ``"network"``, the value network; ``policy``, the policy network of
    ``prior="policy"``, is read by ``load_policy``); a bad option raises InvalidArgumentError
    saying what was expected.

    >>> check_guided_options()["weights"] is None
    True
    >>> check_guided_options(prior="none", temperature=50)
    Traceback (most recent call last):
    ...
    course_lib.errors.InvalidArgumentError: temperature is the softmax temperature of prior='learned'; it does not apply to prior='none'
    """
    from ..learn.network import NetworkWeights, load_network
    from ..learn.ntuple import LearnedWeights, load_weights
    if value not in VALUE_CODES:
        raise InvalidArgumentError(f"unknown value {value!r}: a leaf is scored by a 'playout' "
                                   "or by the 'learned' evaluation")
    if prior not in PRIOR_CODES:
        raise InvalidArgumentError(f"unknown prior {prior!r}: choose 'none' (UCB selection), "
                                   "'learned' (PUCT with the learned evaluation's priors) or "
                                   "'policy' (PUCT with the policy network's)")
    for name, given in (("temperature", temperature), ("fpu", fpu)):
        if given is not None and (prior == "none" or (name == "temperature"
                                                      and prior == "policy")):
            what = ("the softmax temperature" if name == "temperature"
                    else "the first-play value of PUCT")
            raise InvalidArgumentError(f"{name} is {what} of prior='learned'; it does not "
                                       f"apply to prior={prior!r}")
    if temperature is not None:
        if (isinstance(temperature, bool) or not isinstance(temperature, (int, float))
                or not temperature > 0 or temperature == float("inf")):
            raise InvalidArgumentError(f"temperature must be a number > 0 (hundredths of a "
                                       f"stone), got {temperature!r}")
        temperature = float(temperature)
    if fpu is not None:
        if isinstance(fpu, bool) or not isinstance(fpu, (int, float)) or not 0 <= fpu <= 1:
            raise InvalidArgumentError(f"fpu must be a number from 0 to 1 (an expected "
                                       f"result), got {fpu!r}")
        fpu = float(fpu)
    if value == "learned" and options is not None:
        given = [f"{key}={options[key]!r}" for key, default in
                 (("playout", "random"), ("epsilon", None), ("cutoff_plies", None))
                 if options[key] != default]
        if given:
            raise InvalidArgumentError(f"with value='learned' a leaf is scored by the learned "
                                       f"evaluation, not by a playout: leave out "
                                       f"{', '.join(given)}")
    if evaluation not in EVAL_CODES:
        raise InvalidArgumentError(f"unknown evaluation {evaluation!r}: 'learned' (the n-tuple "
                                   "network) or 'network' (the value network)")
    guided = value != "playout" or prior != "none"
    kind, load = ((LearnedWeights, load_weights) if evaluation == "learned"
                  else (NetworkWeights, load_network))
    if weights is not None and not guided:
        raise InvalidArgumentError("weights go with value='learned' or prior='learned'")
    if evaluation != "learned" and not guided:
        raise InvalidArgumentError(f"evaluation={evaluation!r} goes with value='learned' or "
                                   "prior='learned'")
    if guided and (weights is None or isinstance(weights, str)):
        weights = load(weights)
    if weights is not None and not isinstance(weights, kind):
        raise InvalidArgumentError(f"evaluation={evaluation!r} takes weights of type "
                                   f"{kind.__name__} (or their path), got "
                                   f"{type(weights).__name__}")
    if policy is not None and prior != "policy":
        raise InvalidArgumentError("policy (the policy network's weights) goes with "
                                   "prior='policy'")
    if prior == "policy":
        from ..learn.policy import PolicyWeights, load_policy
        if policy is None or isinstance(policy, str):
            policy = load_policy(policy)
        if not isinstance(policy, PolicyWeights):
            raise InvalidArgumentError(f"policy must be a PolicyWeights (or its path), got "
                                       f"{type(policy).__name__}")
    return {"value": value, "prior": prior, "temperature": temperature, "fpu": fpu,
            "evaluation": evaluation, "weights": weights, "policy": policy}


def guided_spec_name(options: dict[str, Any], guided: dict[str, Any]) -> str:
    """``spec_name`` of the fast tier, with the guided options that differ from the defaults.

    >>> from course_lib.agents.mcts import check_options
    >>> guided_spec_name(check_options(iterations=100), check_guided_options(prior="none"))
    'mcts:tier=fast,iterations=100'
    """
    puct = guided["prior"] != "none"
    name = spec_name(dict(options, c=UCB_C) if puct else options, tier="fast")
    parts = [f"{key}={guided[key]:g}" if isinstance(guided[key], float)
             else f"{key}={guided[key]}"
             for key, default in GUIDED_DEFAULTS.items() if guided[key] != default]
    parts = [part.replace("temperature=", "temp=").replace("evaluation=", "eval=")
             for part in parts]
    if puct and options["c"] != PUCT_C:
        parts.append(f"c={options['c']}")
    return name + ("," + ",".join(parts) if parts else "")


class _VisitedRoot:
    """The root seen through its visited children only (``final_choice`` divides by visits)."""

    def __init__(self, root: FastNode, children: list[FastNode]) -> None:
        self.visits = root.visits
        self.children = children


def _guided_choice(root: FastNode, rule: str, c: float) -> FastNode:
    """``final_choice`` among the root's visited children (with priors, a child may exist and
    never have been visited). If every visited child is a proven loss, the unvisited child
    with the highest prior that is not one."""
    children = root.children
    visited = [child for child in children if child.visits > 0]
    if all(child.proven == 0.0 for child in visited):
        fresh = [child for child in children if child.visits == 0 and child.proven != 0.0]
        if fresh:
            return max(fresh, key=lambda child: child.prior)
    return final_choice(_VisitedRoot(root, visited), rule, c)


class GuidedMCTSAgent(FastMCTSAgent):
    """``FastMCTSAgent`` guided by a learned evaluation (see the module's docstring).

    The options of ``FastMCTSAgent``, and:

    - ``value``: ``"playout"`` or ``"learned"``: a new leaf is scored by the evaluation as an
      expected result, ``1 / (1 + exp(-score / win_scale))``, not a playout (then
      ``playout``, ``epsilon`` and ``cutoff_plies`` do not apply);
    - ``prior``: ``"none"`` (UCB, ``c`` its constant, default 1.4) or ``"learned"``: PUCT,
      P the softmax of the children's scores, ``c`` default ``PUCT_C`` (0.5);
    - ``temperature``: of that softmax, in hundredths of a stone (default: ``win_scale``);
    - ``fpu``: the first-play value, the Q of a child never visited, 0..1 (default: the
      parent's mean result for the player choosing there);
    - ``evaluation``: ``"learned"`` (the n-tuple network, default) or ``"network"`` (the
      value network);
    - ``weights``: that evaluation's weights or the path of their file (default: the shipped
      ones).

    At least one of ``value`` and ``prior`` must be ``"learned"``. With priors the root's
    unvisited children are left out of the final choice. ``evaluations`` counts the last
    search's calls of the evaluation.
    """

    node_dtype = GUIDED_NODE
    guided = True

    def __init__(self, iterations: int | None = None, time_ms: float | None = None,
                 c: float | None = None, *, value: str = "playout", prior: str = "none",
                 temperature: float | None = None, fpu: float | None = None,
                 weights: Any = None, evaluation: str = "learned", policy: Any = None,
                 **options: Any) -> None:
        playouts = {"playout": options.get("playout", "random"),
                    "epsilon": options.get("epsilon"),
                    "cutoff_plies": options.get("cutoff_plies")}
        self.guided_options = check_guided_options(value, prior, temperature, fpu, weights,
                                                   playouts, evaluation, policy)
        if value == "playout" and prior == "none":
            raise InvalidArgumentError("guided MCTS needs value='learned' or prior='learned' "
                                       "(or both); without them it is the teaching MCTS, "
                                       "course_lib.agents.mcts_fast.FastMCTSAgent")
        if c is None:
            c = UCB_C if prior == "none" else PUCT_C
        super().__init__(iterations, time_ms, c, **options)

    def _spec_name(self) -> str:
        return guided_spec_name(self.options, self.guided_options)

    def _configure(self) -> None:
        guided = self.guided_options
        self.value, self.prior = guided["value"], guided["prior"]
        self.weights, self.fpu = guided["weights"], guided["fpu"]
        self.evaluation = guided["evaluation"]
        network = self.evaluation == "network"
        self._table = np.zeros(1, dtype=np.int16) if network else self.weights.table
        self._net = self.weights.packed if network else np.zeros((1, 2), dtype=np.int16)
        win_scale = self.weights.scale if network else self.weights.win_scale
        self.temperature = guided["temperature"] or win_scale
        p = guided["policy"]
        self._policy = NO_POLICY if p is None else (p.wt, p.bt, p.wf, p.bf)
        self.settings = np.zeros(1, dtype=GUIDED_SETTINGS)
        self.settings[0] = (self.c, self.epsilon or 0.0, self.expand_after,
                            PLAYOUT_CODES[self.playout], self.cutoff_plies or 0, self.solver,
                            VALUE_CODES[self.value], PRIOR_CODES[self.prior], self.temperature,
                            win_scale, FPU_PARENT if self.fpu is None else self.fpu,
                            EVAL_CODES[self.evaluation])
        self.counters = np.zeros(N_GUIDED_COUNTERS, dtype=np.int64)

    def _twin(self, **changes: Any) -> "GuidedMCTSAgent":
        return GuidedMCTSAgent(**{**self.options, **self.guided_options, **changes})

    def _kernel(self, fs: FastState, chunk: int, until_agree: bool) -> int:
        return _run_guided(self._tree, self.counters, self.settings, self.rng, self._table,
                           self._net, self._policy, fs.first, fs.second, fs.blocked, fs.to_move,
                           min(fs.turns, 400), chunk, until_agree, self.control)

    def _grows_by(self) -> int:
        return 1 if self.prior == "none" else MOVE_BUFFER

    def _count_evaluations(self) -> int:
        return int(self.counters[C_EVALUATIONS])

    def _choose(self, root: FastNode) -> FastNode:
        if self.prior == "none":
            return final_choice(root, self.final, self.c)
        return _guided_choice(root, self.final, self.c)

    def _clear_root(self, root: np.ndarray) -> None:
        super()._clear_root(root)
        root[["prior", "evaluation"]] = (np.nan, np.nan)
