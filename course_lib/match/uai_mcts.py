"""Fast-tier MCTS under UAI: a search that ``stop`` ends, that uses the clock and reports.

``python -m course_lib uai`` with no spec runs ``DEFAULT_SPEC``, MCTS guided by the value
network (a value for each leaf) and the policy network (priors for PUCT) that keeps its tree
from move to move: the course's strongest player (see the README's benchmark and
``course_lib/data/network_ladder.json``). Any ``mcts:tier=fast,...`` spec runs the same way.

How a ``go`` is searched (``MCTSBackend.search``):

- ``movetime M``: M less ``Move Overhead``; a clock (``btime``/``wtime``, ``binc``/``winc``,
  ``movestogo``): the share of ``course_lib.engine.clock_share_ms``, the engine's rule (the time
  left over the moves still to come, plus 3/4 of the increment), less ``Move Overhead``;
  ``infinite``, ``ponder`` or no limit: until ``stop``. The time counts from the moment the
  ``go`` was read (as the manager's clock does), not from the start of the search.
- ``nodes N``: at most N iterations (one leaf visited or added each): ``nodes`` in the ``info``
  lines counts iterations too, as MCTS engines do.
- ``depth D``: until the tree is D plies deep (MCTS has no iterations of depth).
- A ``time`` or ``iterations`` in the spec is a cap on every move, as the other limits allow.
- The search ends within one iteration of its deadline (a timer halts the compiled loop),
  and so does ``stop``: the answer comes within a few ms of the time given, whatever the
  tree's size (``benchmarks/bench_uai_clock.py``).
- The tree lives in memory: ``Hash`` caps it (MB, default ``DEFAULT_TREE_MB``), 35 bytes a
  node. A full tree does not end the search: it searches on in the tree it has, without
  growing, for all its time. The tree's array is reserved at its full size from the start,
  but only the rows in use take memory.

Each second, and at the end, an ``info`` line: ``depth`` (the length of the pv), ``seldepth``
(the deepest node), ``score cp X`` (the chosen move's mean result r for the side to move as
``scale * ln(r / (1 - r))``, scale the learned evaluation's ``win_scale`` in hundredths of a
stone, else ``CP_SCALE``; ``mate N`` when the move is a proven win, N the moves of the pv, and
``mate -N`` a proven loss), ``nodes``, ``nps``, ``time``, ``hashfull`` (the tree's share of
``Hash``, in thousandths) and the pv (the chosen move, then the most visited child at each
level).

>>> import io
>>> from course_lib.match.uai import serve_uai
>>> out = io.StringIO()
>>> commands = "position startpos\\ngo nodes 300\\n"
>>> serve_uai("mcts:tier=fast,seed=1", io.StringIO(commands), out)
0
>>> line = out.getvalue().splitlines()[-2]
>>> line.split()[:2], line.split()[line.split().index("nodes") + 1]
(['info', 'depth'], '300')
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, TextIO

from ..agents.mcts import DEFAULT_TREE_MB
from ..checks import MAX_HASH_MB
from .uai import _Backend, _Go, UaiOption, table_options

DEFAULT_SPEC = "mcts:tier=fast,value=learned,prior=policy,reuse=1,eval=network"
"""What ``python -m course_lib uai`` runs with no spec: guided MCTS scoring with the shipped
value network (``eval=network``: H1 accepted by its SPRT against the n-tuple network in
``course_lib/data/network_ladder.json``), its priors from the shipped policy network
(``prior=policy``, ``course_lib/data/policy_network.npz``: H1 accepted by its SPRT against the
priors from the value network's scores of the children, the rung ``priors`` there), keeping
the subtree of the position reached for the next move (``reuse=1``, accepted by its SPRT in
``course_lib/data/mcts_ladder.json``; ``solver=1`` was not)."""
CP_SCALE = 400.0
"""Hundredths of a stone per unit of log-odds in the ``score cp`` of MCTS without the learned
evaluation."""
PV_LENGTH = 40
"""The longest pv an ``info`` line shows."""


def is_fast_mcts_spec(spec: str | None) -> bool:
    """Whether ``spec`` is fast-tier MCTS, which ``MCTSBackend`` serves (None: the default).

    >>> is_fast_mcts_spec("mcts:tier=fast,time=100"), is_fast_mcts_spec("mcts:time=100")
    (True, False)
    """
    if spec is None:
        return True
    if spec.strip().partition(":")[0] != "mcts":
        return False
    from ..agents.spec import parse_spec
    try:
        return parse_spec(spec)[1].get("tier") == "fast"
    except ValueError:
        return False


class MCTSBackend(_Backend):
    """Fast-tier MCTS for the UAI session: ``course_lib.engine.GuidedMCTSAgent`` (guided by a
    learned evaluation), or the teaching ``course_lib.agents.mcts_fast.FastMCTSAgent``."""

    stoppable = True

    def __init__(self, spec: str | None) -> None:
        from ..agents.spec import parse_spec
        self.spec = DEFAULT_SPEC if spec is None else spec.strip()
        self.given = parse_spec(self.spec)[1]            # a spec that cannot be read: now
        self.name = (f"course_lib {self.spec}" if spec is None else self.spec)
        self.options = table_options(DEFAULT_TREE_MB, MAX_HASH_MB)
        self._agent: Any = None

    @property
    def agent(self) -> Any:
        """The agent of the spec, built on first use: by ``prepare``, on the search thread, so
        that ``uaiok`` never waits for the weights and the compiled code to load."""
        if self._agent is None:
            from ..agents import make_agent
            self._agent = make_agent(self.spec)
        return self._agent

    @property
    def cap_ms(self) -> float | None:
        return self.agent.time_ms if "time" in self.given else None

    @property
    def cap_iterations(self) -> int | None:
        return self.agent.iterations if "iterations" in self.given else None

    def prepare(self, log: TextIO) -> None:
        from ..engine import engine       # noqa: F401 (budget_ms's clock rule, loaded now)
        self.agent.warm_up()

    def new_game(self) -> None:
        self.agent.reset()

    def set_option(self, option: UaiOption, value: Any) -> None:
        if option.name == "Hash":
            self.agent.max_tree_mb = value        # which forgets the tree
        elif option.name == "Clear Hash":
            self.agent.reset()

    def endless(self, job: _Go) -> bool:
        return job.holds or not (job.limited or self.cap_ms or self.cap_iterations)

    def budget_ms(self, job: _Go) -> float | None:
        """The time for this ``go`` (ms), None for none; see the module's docstring."""
        from ..engine.engine import SearchLimits, clock_share_ms
        numbers, state = job.numbers, job.state
        budget: float | None = None
        if not job.holds:
            if "movetime" in numbers:
                budget = numbers["movetime"] - job.overhead_ms
            else:
                shares = clock_share_ms(SearchLimits(
                    wtime_ms=numbers.get("wtime"), btime_ms=numbers.get("btime"),
                    winc_ms=numbers.get("winc", 0), binc_ms=numbers.get("binc", 0),
                    movestogo=numbers.get("movestogo")), state.to_move,   # type: ignore
                    state.empty_squares)                                  # type: ignore
                if shares is not None:
                    budget = shares[0] - job.overhead_ms
        if self.cap_ms is not None:
            budget = self.cap_ms if budget is None else min(budget, self.cap_ms)
        if budget is not None and getattr(self.agent, "final", "") == "both":
            budget /= self.agent.both_cap          # "both" may search on up to both_cap times
        return None if budget is None else max(1.0, budget)

    def search(self, job: _Go, tell: Callable[[str], None], log: TextIO) -> Any:
        agent = self.agent
        iterations = job.numbers.get("nodes")
        if self.cap_iterations is not None:
            iterations = min(iterations or self.cap_iterations, self.cap_iterations)
        if job.stopped.is_set():   # stopped before it began: at most one iteration (none when
            #                        the kept tree already has the root's children)
            iterations, time_ms, depth = 1, None, None
        else:
            time_ms, depth = self.budget_ms(job), job.numbers.get("depth")
            if time_ms is not None:         # the manager's clock runs from the go's arrival
                time_ms = max(1.0, time_ms - (time.perf_counter() - job.received) * 1000)
        saved = agent.iterations, agent.time_ms
        agent.iterations, agent.time_ms = iterations, time_ms
        try:
            result = agent.search(job.state, stop=job.stopped, max_depth=depth,
                                  progress=lambda seen: tell(mcts_info_line(seen)))
        finally:
            agent.iterations, agent.time_ms = saved
        tell(mcts_info_line(agent, result.move))
        return result.move

    def stop(self) -> None:
        if self._agent is not None:
            self._agent.halt()                   # ends the kernel's loop at once


def principal_variation(agent: Any, first: Any = None) -> list[Any]:
    """The root's chosen child (``first``, a move, or the most visited), then the most visited
    child at each level, down to a node never visited; at most ``PV_LENGTH`` nodes."""
    root = agent.root
    if root is None:
        return []
    node = root.most_visited_child()
    if first is not None:
        node = next((child for child in root.children
                     if child.move == first and child.visits > 0), node)
    line: list[Any] = []
    while node is not None and len(line) < PV_LENGTH:
        line.append(node)
        node = node.most_visited_child()
    return line


def mcts_info_line(agent: Any, move: Any = None) -> str:
    """The ``info`` line of ``agent``'s search so far (or of its last search, whose chosen move
    is ``move``); see the module's docstring for what each field says."""
    pv = principal_variation(agent, move)
    seconds = max(agent.seconds, 1e-9)
    iterations = int(agent.stats.iterations)
    if pv and pv[0].proven in (0.0, 1.0):
        moves = (len(pv) + 1) // 2
        score = f"mate {moves}" if pv[0].proven == 1.0 else f"mate -{max(1, moves)}"
    else:
        mean = pv[0].win_rate if pv else 0.5
        weights = getattr(agent, "weights", None) if getattr(agent, "guided", False) else None
        scale = weights.win_scale if weights is not None else CP_SCALE
        mean = min(max(mean, 1e-4), 1 - 1e-4)
        score = f"cp {round(scale * math.log(mean / (1 - mean)))}"
    cap = agent.max_tree_mb
    hashfull = min(1000, int(agent.tree_bytes * 1000 / (cap * (1 << 20)))) if cap else 0
    text = (f"info depth {max(1, len(pv))} seldepth {agent.tree_depth} score {score} "
            f"nodes {iterations} nps {int(iterations / seconds)} time {int(seconds * 1000)} "
            f"hashfull {hashfull}")
    return text + (" pv " + " ".join(node.move.uai() for node in pv) if pv else "")


__all__ = ["DEFAULT_SPEC", "DEFAULT_TREE_MB", "MCTSBackend", "is_fast_mcts_spec",
           "mcts_info_line", "principal_variation"]
