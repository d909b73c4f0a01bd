"""MCTS for ATAXX, the fast tier: the tree in a numpy array, all four phases compiled.

``FastMCTSAgent`` takes the options of ``MCTSAgent`` (see ``course_lib.agents.mcts``) and plays
ATAXX only. Its kernels (``course_lib.agents._mcts_kernels``) follow the readable agent phase for
phase: same UCB expression, same children in the same (canonical) order, same generator draws.
So with the same seed and options both agents build the same tree, visit for visit:

>>> from course_lib.ataxx import State
>>> from course_lib.agents.mcts import MCTSAgent
>>> fast, readable = FastMCTSAgent(iterations=40, seed=5), MCTSAgent(iterations=40, seed=5)
>>> fast.choose_move(State.start()) == readable.choose_move(State.start())
True
>>> [c.visits for c in fast.root.children] == [c.visits for c in readable.root.children]
True

It is a few hundred times faster: tens of thousands of iterations per second from the start
position on one core (``benchmarks/bench_mcts.py``). The first call in a fresh process compiles
the kernels (a few seconds); numba caches them on disk for the next process.

What to look at: ``agent.root`` is a ``FastNode``, a read-only view of the array tree with the
attributes of ``mcts.Node`` (``move``, ``visits``, ``wins``, ``children``, ``proven``,
``player``, ``to_move``, ``state``), so ``mcts.to_networkx(agent.root)``, ``mcts.best_line`` and
``mcts.final_choice`` work on it unchanged. ``agent.tree`` is the array itself (rows in use).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..ataxx import State
from ..ataxx._bitboard import RING1, _apply_move
from ..ataxx.fast import FastState, decode_move, from_fast, to_fast
from ..ataxx.rules import FIRST
from ._mcts_kernels import (C_ENTERED, C_MAX_DEPTH, C_NEW_NODES, C_NODES, C_PLAYOUT_PLIES,
                            C_PLAYOUTS, N_COUNTERS, NODE, NOT_PROVEN, PLAYOUT_CODES, ROOT_MOVE,
                            SETTINGS, _extract_subtree, _run)
from .mcts import REUSE_DEPTH, MCTSStats, Snapshot, check_options, final_choice, spec_name
from .stats import SearchResult

INITIAL_ROWS = 1 << 12
_FIRST_CHUNK = 16
_CHUNK_SECONDS = 0.002
"""With a time budget the kernel runs in chunks of about this long, the clock read between."""


def _child_position(fs: FastState, code: int) -> FastState:
    """The position after move ``code`` (no legality check: the code comes from the tree)."""
    me, opp = (fs.first, fs.second) if fs.to_move == FIRST else (fs.second, fs.first)
    me, opp = _apply_move(me, opp, code)
    first, second = (me, opp) if fs.to_move == FIRST else (opp, me)
    clone = code >= 0 and (int(RING1[code >> 6]) >> (code & 63)) & 1
    return FastState(np.uint64(first), np.uint64(second), fs.blocked, 3 - fs.to_move,
                     fs.turns + 1, 0 if clone else fs.halfmove + 1)


def _same(a: FastState, b: FastState) -> bool:
    return (int(a.first) == int(b.first) and int(a.second) == int(b.second)
            and int(a.blocked) == int(b.blocked) and a.to_move == b.to_move
            and a.turns == b.turns)


class FastNode:
    """A read-only view of one row of a fast agent's tree, shaped like ``mcts.Node``.

    A view reads the array it was made from: after the agent's next search, take a fresh
    ``agent.root``.
    """

    __slots__ = ("tree", "row", "position", "parent")

    def __init__(self, tree: np.ndarray, row: int, position: FastState,
                 parent: FastNode | None = None) -> None:
        self.tree = tree
        self.row = row
        self.position = position
        self.parent = parent

    @property
    def move(self) -> Any:
        """The Move into this node; None at the root."""
        code = int(self.tree["move"][self.row])
        return None if self.parent is None or code == ROOT_MOVE else decode_move(code)

    @property
    def visits(self) -> int:
        return int(self.tree["visits"][self.row])

    @property
    def wins(self) -> float:
        return float(self.tree["wins"][self.row])

    @property
    def win_rate(self) -> float:
        visits = self.visits
        return self.wins / visits if visits else 0.0

    @property
    def proven(self) -> float | None:
        """None, or the exact result for ``player`` (1 win, 0.5 draw, 0 loss)."""
        halves = int(self.tree["proven"][self.row])
        return None if halves == NOT_PROVEN else halves / 2

    @property
    def to_move(self) -> int:
        return self.position.to_move

    @property
    def player(self) -> int:
        """The player who moved into this node (the wins are theirs)."""
        return 3 - self.position.to_move

    @property
    def state(self) -> State:
        """The readable position of this node."""
        return from_fast(self.position)

    @property
    def children(self) -> list[FastNode]:
        result = []
        child = int(self.tree["first_child"][self.row])
        while child >= 0:
            code = int(self.tree["move"][child])
            result.append(FastNode(self.tree, child, _child_position(self.position, code), self))
            child = int(self.tree["next_sibling"][child])
        return result

    def __repr__(self) -> str:
        label = "root" if self.move is None else self.move.uai()
        proven = "" if self.proven is None else f", proven={self.proven}"
        return (f"FastNode({label}, visits={self.visits}, wins={self.wins:g}, "
                f"children={int(self.tree['n_children'][self.row])}{proven})")


class FastMCTSAgent:
    """``MCTSAgent`` for ATAXX with the tree and all four phases compiled (numba).

    The same options as ``MCTSAgent`` (``iterations``, ``time_ms``, ``c``, ``expand_after``,
    ``playout`` random / greedy / cutoff, ``epsilon``, ``cutoff_plies``, ``final``, ``seed``,
    ``reuse``, ``solver``, ``snapshot_every``, ``both_cap``), with two differences: the cutoff
    playout always scores by material (no ``evaluation`` option), and only ATAXX ``State``
    positions are accepted. ``last_result``, ``root`` and ``to_networkx(agent.root)`` work as
    for the readable agent.
    """

    def __init__(self, iterations: int | None = None, time_ms: float | None = None,
                 c: float = 1.4, expand_after: int = 1, playout: str = "random",
                 epsilon: float | None = None, cutoff_plies: int | None = None,
                 final: str = "visits", seed: int = 0, reuse: bool = False,
                 solver: bool = False, snapshot_every: int = 0, both_cap: float = 2.0,
                 name: str | None = None) -> None:
        options = check_options(iterations, time_ms, c, expand_after, playout, epsilon,
                                cutoff_plies, final, seed, reuse, solver, snapshot_every,
                                both_cap)
        self.options = options
        for key, value in options.items():
            setattr(self, key, value)
        self.name = name or spec_name(options, tier="fast")
        self.settings = np.zeros(1, dtype=SETTINGS)
        self.settings[0] = (self.c, self.epsilon or 0.0, self.expand_after,
                            PLAYOUT_CODES[self.playout], self.cutoff_plies or 0, self.solver)
        self.counters = np.zeros(N_COUNTERS, dtype=np.int64)
        self.last_result: SearchResult | None = None
        self.stats = MCTSStats()
        self.reset()

    def warm_up(self) -> None:
        """Load the compiled search (numba) now rather than on the first move: a short search
        by a scratch agent with the same options, which leaves this agent's tree and generator
        as they were. The referee protocol agent calls this right after answering READY."""
        options = {key: value for key, value in self.options.items()
                   if key not in ("iterations", "time_ms", "snapshot_every")}
        FastMCTSAgent(iterations=2, **options).search(State.start())

    def reset(self) -> None:
        """Forget the tree and start the generator again from the seed: ready for a new game."""
        self.rng = np.array([self.seed], dtype=np.uint64)
        self._tree = np.zeros(INITIAL_ROWS, dtype=NODE)
        self.counters[:] = 0
        self._position: FastState | None = None
        self._chunk = _FIRST_CHUNK

    # -- what to look at -------------------------------------------------------------------------

    @property
    def tree(self) -> np.ndarray:
        """The tree's rows in use (a view of the array; row 0 is the root)."""
        return self._tree[: self.counters[C_NODES]]

    @property
    def root(self) -> FastNode | None:
        """The root of the last search's tree, as a ``FastNode`` view (None before any)."""
        if self._position is None:
            return None
        return FastNode(self._tree, 0, self._position)

    # -- playing -----------------------------------------------------------------------------

    def choose_move(self, state: State) -> Any:
        """Search ``state`` and return the move to play (a ``Move`` of ``state.legal_moves()``)."""
        return self.search(state).move

    def search(self, state: State) -> SearchResult:
        """Run the budget from ``state``; return the SearchResult (also in ``last_result``)."""
        from ..errors import InvalidArgumentError
        from .base import check_can_move
        if not isinstance(state, State):
            raise InvalidArgumentError(
                f"FastMCTSAgent plays ATAXX: give it a course_lib.ataxx.State, got "
                f"{type(state).__name__}; for other games use MCTSAgent")
        check_can_move(state)                   # GameOverError, in words, once the game is over
        started = time.perf_counter()
        self._set_root(to_fast(state))
        rows = self.counters[C_NODES]
        self.counters[:] = 0                  # this search's counts start at zero ...
        self.counters[C_NODES] = rows         # ... but the tree keeps its rows
        self.stats = stats = MCTSStats(reused_visits=int(self._tree["visits"][0]),
                                       root_moves=list(state.legal_moves()))
        deadline = started + self.time_ms / 1000 if self.time_ms is not None else None
        self._run(self.iterations, deadline, until_agree=False)
        if self.final == "both":
            extra = (None if self.iterations is None
                     else int((self.both_cap - 1) * self.iterations))
            extra_deadline = (None if self.time_ms is None else
                              time.perf_counter() + (self.both_cap - 1) * self.time_ms / 1000)
            self._run(extra, extra_deadline, until_agree=True)
        root = self.root
        chosen = final_choice(root, self.final, self.c)
        counters = self.counters
        stats.seconds = time.perf_counter() - started
        stats.nodes = int(counters[C_ENTERED])
        stats.playouts = int(counters[C_PLAYOUTS])
        stats.playout_plies = int(counters[C_PLAYOUT_PLIES])
        stats.new_nodes = int(counters[C_NEW_NODES])
        stats.tree_nodes = int(counters[C_NODES])
        stats.max_depth = stats.depth = int(counters[C_MAX_DEPTH])
        stats.proven = root.proven
        children = root.children
        self.last_result = SearchResult(
            move=chosen.move, value=chosen.win_rate, depth=stats.max_depth, stats=stats,
            root_values=[(child.move, child.win_rate) for child in children])
        return self.last_result

    def _run(self, max_iterations: int | None, deadline: float | None,
             until_agree: bool) -> None:
        """Call the kernel until the budget is spent (in chunks when there is a clock to read
        or snapshots to take)."""
        fs = self._position
        done = 0
        every = self.snapshot_every
        while max_iterations is None or done < max_iterations:
            now = time.perf_counter()
            if deadline is not None and now >= deadline and self._tree["n_children"][0] > 0:
                break
            chunk = (max_iterations - done) if max_iterations is not None else 1 << 30
            if deadline is not None:
                chunk = min(chunk, self._chunk)
            if every:
                chunk = min(chunk, every - self.stats.iterations % every)
            self._make_room(chunk)
            ran = _run(self._tree, self.counters, self.settings, self.rng, fs.first, fs.second,
                       fs.blocked, fs.to_move, min(fs.turns, 400), chunk, until_agree)
            elapsed = time.perf_counter() - now
            if deadline is not None and ran:
                per_iteration = max(elapsed / ran, 1e-7)
                self._chunk = max(1, min(int(_CHUNK_SECONDS / per_iteration),
                                         int((deadline - now) / per_iteration) + 1))
            done += ran
            self.stats.iterations += ran
            if every and ran and self.stats.iterations % every == 0:
                self._snapshot()
            if ran < chunk:              # the root is proven, or (until_agree) agreement
                break

    def _make_room(self, rows: int) -> None:
        """Grow the array so that ``rows`` more nodes fit (each iteration adds at most one)."""
        used = int(self.counters[C_NODES])
        if used + rows <= len(self._tree):
            return
        bigger = np.zeros(max(2 * len(self._tree), used + rows), dtype=NODE)
        bigger[:used] = self._tree[:used]
        self._tree = bigger

    def _set_root(self, fs: FastState) -> None:
        """A fresh one-node tree, or with ``reuse`` the old tree's subtree of ``fs``."""
        if self.reuse and self._position is not None:
            row = self._find(fs)
            if row >= 0:
                if row != 0:
                    used = int(self.counters[C_NODES])
                    out = np.zeros(len(self._tree), dtype=NODE)
                    self.counters[C_NODES] = _extract_subtree(self._tree, used, row, out)
                    self._tree = out
                self._position = fs
                return
        self._tree[0] = (ROOT_MOVE, -1, -1, 0, -1, NOT_PROVEN, 0, 0.0)
        self.counters[C_NODES] = 1
        self._position = fs

    def _find(self, fs: FastState) -> int:
        """The row of position ``fs`` at most REUSE_DEPTH plies below the root, or -1."""
        level = [(0, self._position)]
        tree = self._tree
        for _ in range(REUSE_DEPTH + 1):
            for row, position in level:
                if _same(position, fs):
                    return row
            deeper = []
            for row, position in level:
                child = int(tree["first_child"][row])
                while child >= 0:
                    deeper.append((child, _child_position(position, int(tree["move"][child]))))
                    child = int(tree["next_sibling"][child])
            level = deeper
        return -1

    def _snapshot(self) -> None:
        children = self.root.children
        untried = len(self.stats.root_moves) - len(children)
        self.stats.snapshots.append(Snapshot(
            self.stats.iterations, [child.visits for child in children] + [0] * untried,
            [child.wins for child in children] + [0.0] * untried))
