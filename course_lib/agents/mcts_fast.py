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

MCTS guided by a learned evaluation (the course's engine-class player, behind ``python -m
course_lib uai``) is built on this agent: ``course_lib.engine.GuidedMCTSAgent``, spec
``mcts:tier=fast,value=learned,prior=learned``.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

import numpy as np

from ..ataxx import State
from ..ataxx._bitboard import MOVE_BUFFER, RING1, _apply_move
from ..ataxx.fast import FastState, decode_move, from_fast, to_fast
from ..ataxx.rules import FIRST
from ..memory import zeroed_rows
from ._mcts_kernels import (C_ENTERED, C_MAX_DEPTH, C_NEW_NODES, C_NODES, C_PLAYOUT_PLIES,
                            C_PLAYOUTS, HALT, N_COUNTERS, NODE, NOT_PROVEN, PLAYOUT_CODES,
                            ROOT_MOVE, SETTINGS, _keep_subtree, _run)
from .mcts import (DEFAULT_TREE_MB, REUSE_DEPTH, MCTSStats, Snapshot, check_options,
                   final_choice, spec_name)
from .stats import SearchResult

_FIRST_CHUNK = 16
_CHUNK_SECONDS = 0.005
"""A watched search (a clock, a stop event, progress reports) runs the kernel in chunks of about
this long, reading the clock and the events between them. The deadline and ``halt()`` do not
wait for a chunk to end: they end the kernel's loop after the iteration it is in."""


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


def _may_precede(position: FastState, later: FastState) -> bool:
    """Whether one move from ``position`` may reach ``later``: the side not to move in
    ``position`` only loses stones in that move (a clone or jump adds the mover's stones)."""
    if position.to_move == FIRST:
        return int(later.second) & ~int(position.second) == 0
    return int(later.first) & ~int(position.first) == 0


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
    def prior(self) -> float | None:
        """The prior probability of the move into this node (guided MCTS with priors), else
        None."""
        return self._guided_field("prior")

    @property
    def evaluation(self) -> float | None:
        """The learned evaluation of this node as an expected result for ``player`` (guided
        MCTS), None when it was not computed."""
        return self._guided_field("evaluation")

    def _guided_field(self, name: str) -> float | None:
        if name not in self.tree.dtype.names:
            return None
        value = float(self.tree[name][self.row])
        return None if value != value else value          # NaN: not computed

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

    def most_visited_child(self) -> FastNode | None:
        """The child with the most visits (the first of equal ones), None if no child was
        visited: ``max(node.children, key=visits)`` without a view of every child."""
        first_child, next_sibling = self.tree["first_child"], self.tree["next_sibling"]
        visits = self.tree["visits"]
        best, most = -1, 0
        child = int(first_child[self.row])
        while child >= 0:
            if visits[child] > most:
                best, most = child, int(visits[child])
            child = int(next_sibling[child])
        if best < 0:
            return None
        code = int(self.tree["move"][best])
        return FastNode(self.tree, best, _child_position(self.position, code), self)

    def __repr__(self) -> str:
        label = "root" if self.move is None else self.move.uai()
        proven = "" if self.proven is None else f", proven={self.proven}"
        return (f"FastNode({label}, visits={self.visits}, wins={self.wins:g}, "
                f"children={int(self.tree['n_children'][self.row])}{proven})")


UCB_C = 1.4
"""The default ``c`` of UCB."""


class FastMCTSAgent:
    """``MCTSAgent`` for ATAXX with the tree and all four phases compiled (numba).

    The same options as ``MCTSAgent`` (``iterations``, ``time_ms``, ``c``, ``expand_after``,
    ``playout`` random / greedy / cutoff, ``epsilon``, ``cutoff_plies``, ``final``, ``seed``,
    ``reuse``, ``solver``, ``snapshot_every``, ``both_cap``), with two differences: the cutoff
    playout always scores by material (no ``evaluation`` option), and only ATAXX ``State``
    positions are accepted. ``last_result``, ``root`` and ``to_networkx(agent.root)`` work as
    for the readable agent.

    The options of guided MCTS (``value``, ``prior``, ``temperature``, ``fpu``, ``weights``,
    ``evaluation``) belong to ``course_lib.engine.GuidedMCTSAgent``, which extends this class.
    """

    node_dtype = NODE
    """The tree's record type (``GuidedMCTSAgent`` adds fields)."""
    guided = False
    """Whether a learned evaluation takes part (``GuidedMCTSAgent``)."""

    def __init__(self, iterations: int | None = None, time_ms: float | None = None,
                 c: float | None = None, expand_after: int = 1, playout: str = "random",
                 epsilon: float | None = None, cutoff_plies: int | None = None,
                 final: str = "visits", seed: int = 0, reuse: bool = False,
                 solver: bool = False, snapshot_every: int = 0, both_cap: float = 2.0,
                 name: str | None = None, **guided: Any) -> None:
        if guided:
            from ..errors import InvalidArgumentError
            raise InvalidArgumentError(
                f"{', '.join(sorted(guided))}: options of MCTS guided by a learned evaluation, "
                "which is course_lib.engine.GuidedMCTSAgent (spec mcts:tier=fast,"
                "value=learned,prior=learned); FastMCTSAgent is the teaching MCTS compiled")
        options = check_options(iterations, time_ms, UCB_C if c is None else c, expand_after,
                                playout, epsilon, cutoff_plies, final, seed, reuse, solver,
                                snapshot_every, both_cap)
        self.options = options
        for key, value_ in options.items():
            setattr(self, key, value_)
        self.name = name or self._spec_name()
        self._configure()
        self.evaluations = 0
        self._max_tree_mb = DEFAULT_TREE_MB
        self.control = np.zeros(1, dtype=np.int64)
        """``control[HALT]``, set by ``halt()`` and at the deadline (by a timer): the kernel
        ends its loop after the iteration it is in."""
        self._halt_requested = False
        self.tree_full = False
        self.last_result: SearchResult | None = None
        self.stats = MCTSStats()
        self._started = 0.0
        self._stop: threading.Event | None = None
        self._max_depth: int | None = None
        self._progress: Callable[[FastMCTSAgent], None] | None = None
        self._progress_every = 1.0
        self.reset()

    # -- what a guided agent changes ---------------------------------------------------------

    def _spec_name(self) -> str:
        return spec_name(self.options, tier="fast")

    def _configure(self) -> None:
        """The kernel's settings and counters."""
        self.settings = np.zeros(1, dtype=SETTINGS)
        self.settings[0] = (self.c, self.epsilon or 0.0, self.expand_after,
                            PLAYOUT_CODES[self.playout], self.cutoff_plies or 0, self.solver)
        self.counters = np.zeros(N_COUNTERS, dtype=np.int64)

    def _twin(self, **changes: Any) -> "FastMCTSAgent":
        """A new agent with this one's options, ``changes`` applied."""
        return FastMCTSAgent(**{**self.options, **changes})

    def _kernel(self, fs: FastState, chunk: int, until_agree: bool) -> int:
        """Up to ``chunk`` iterations of the compiled search; returns how many ran."""
        return _run(self._tree, self.counters, self.settings, self.rng, fs.first, fs.second,
                    fs.blocked, fs.to_move, min(fs.turns, 400), chunk, until_agree,
                    self.control)

    def _grows_by(self) -> int:
        """The most rows one iteration adds to the tree."""
        return 1

    def _choose(self, root: FastNode) -> FastNode:
        """The root's child to play (``final_choice``)."""
        return final_choice(root, self.final, self.c)

    def _count_evaluations(self) -> int:
        """Calls of a learned evaluation in the last search (none here)."""
        return 0

    def _clear_root(self, root: np.ndarray) -> None:
        """Set the fields of a fresh root row (``root``, a one-row view of the tree)."""
        root[["first_child", "next_sibling", "n_moves", "proven"]] = (-1, -1, -1, NOT_PROVEN)
        root[["move", "n_children", "visits", "wins"]] = (ROOT_MOVE, 0, 0, 0.0)

    # -- playing -------------------------------------------------------------------------------

    def warm_up(self) -> None:
        """Load the compiled search (numba) now rather than on the first move: short searches
        by a scratch agent with the same options (the second one keeps a subtree of the
        first's tree), which leave this agent's tree and generator as they were. The referee
        protocol agent calls this right after answering READY."""
        scratch = self._twin(iterations=40, time_ms=None, snapshot_every=0, reuse=True)
        scratch.max_tree_mb = 1
        start = State.start()
        scratch.search(start)
        scratch.search(start.play(scratch.root.children[0].move))

    @property
    def max_tree_mb(self) -> float:
        """The most memory the tree may take, in MB (default ``DEFAULT_TREE_MB``). The tree's
        array is that large from the start, but only the rows in use take memory (the system
        gives pages as they are first written), so nothing is copied as the tree grows. A full
        tree does not end a search: it goes on in the tree it has, without growing, and
        ``tree_full`` says so. Setting it forgets the tree (``reset()``)."""
        return self._max_tree_mb

    @max_tree_mb.setter
    def max_tree_mb(self, megabytes: float) -> None:
        from ..errors import InvalidArgumentError
        kept, self._max_tree_mb = self._max_tree_mb, megabytes
        try:
            self.reset()
        except MemoryError:
            self._max_tree_mb = kept
            self.reset()
            raise InvalidArgumentError(
                f"max_tree_mb={megabytes}: the system would not reserve that much memory for "
                f"the tree; give a smaller size (it stays {kept} MB)") from None

    def halt(self) -> None:
        """End the running search after the iteration it is in, as ``stop`` does (safe from
        any thread; a search that starts afterwards is not halted)."""
        self._halt_requested = True
        self.control[HALT] = 1

    def reset(self) -> None:
        """Forget the tree and start the generator again from the seed: ready for a new game."""
        self.rng = np.array([self.seed], dtype=np.uint64)
        dtype = self.node_dtype
        self._tree = zeroed_rows(max(2 * MOVE_BUFFER, int(self._max_tree_mb * (1 << 20))
                                     // dtype.itemsize), dtype)
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

    @property
    def seconds(self) -> float:
        """The time of the search running now, from its start; else of the last search."""
        if self._stop is not None or self._progress is not None:     # a watched search runs
            return time.perf_counter() - self._started
        return self.stats.seconds

    @property
    def tree_bytes(self) -> int:
        """The memory of the tree's rows in use."""
        return int(self.counters[C_NODES]) * self._tree.dtype.itemsize

    @property
    def tree_depth(self) -> int:
        """The deepest node the last (or running) search reached, the root at 0."""
        return int(self.counters[C_MAX_DEPTH])

    # -- playing -----------------------------------------------------------------------------

    def choose_move(self, state: State) -> Any:
        """Search ``state`` and return the move to play (a ``Move`` of ``state.legal_moves()``)."""
        return self.search(state).move

    def search(self, state: State, *, stop: threading.Event | None = None,
               max_depth: int | None = None,
               progress: Callable[[FastMCTSAgent], None] | None = None,
               progress_every_s: float = 1.0) -> SearchResult:
        """Run the budget from ``state``; return the SearchResult (also in ``last_result``).

        For a program that must answer at any moment (``course_lib match uai``): ``stop``, an
        event another thread may set, ends the search between two chunks of iterations (a few
        milliseconds); ``max_depth`` ends it once the tree is that many plies deep;
        ``progress(agent)`` is called every ``progress_every_s`` seconds meanwhile, when
        ``agent.root`` and ``agent.stats.iterations`` show the search so far. Whatever ends
        the search, the root has children to choose from: it runs at least one iteration,
        unless the tree kept by ``reuse`` already has them.

        >>> import threading
        >>> halt = threading.Event(); halt.set()                 # stopped before it starts
        >>> agent = FastMCTSAgent(iterations=10_000)
        >>> result = agent.search(State.start(), stop=halt)
        >>> result.move in State.start().legal_moves(), agent.stats.iterations < 10_000
        (True, True)
        """
        from ..errors import InvalidArgumentError
        from .base import check_can_move
        if not isinstance(state, State):
            raise InvalidArgumentError(
                f"FastMCTSAgent plays ATAXX: give it a course_lib.ataxx.State, got "
                f"{type(state).__name__}; for other games use MCTSAgent")
        check_can_move(state)                   # GameOverError, in words, once the game is over
        started = self._started = time.perf_counter()
        self._set_root(to_fast(state))
        rows = self.counters[C_NODES]
        self.counters[:] = 0                  # this search's counts start at zero ...
        self.counters[C_NODES] = rows         # ... but the tree keeps its rows
        self.stats = stats = MCTSStats(reused_visits=int(self._tree["visits"][0]),
                                       root_moves=list(state.legal_moves()))
        deadline = started + self.time_ms / 1000 if self.time_ms is not None else None
        self._stop, self._max_depth = stop, max_depth
        self._halt_requested = False
        self._progress, self._progress_every = progress, progress_every_s
        self._run(self.iterations, deadline, until_agree=False)
        if self.final == "both" and not self._halted():
            extra = (None if self.iterations is None
                     else int((self.both_cap - 1) * self.iterations))
            extra_deadline = (None if self.time_ms is None else
                              time.perf_counter() + (self.both_cap - 1) * self.time_ms / 1000)
            self._run(extra, extra_deadline, until_agree=True)
        self._stop = self._progress = None
        self.tree_full = int(self.counters[C_NODES]) + self._grows_by() > len(self._tree)
        root = self.root
        chosen = self._choose(root)
        self.evaluations = self._count_evaluations()
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
        or snapshots to take). A timer halts the kernel at the deadline, so the last chunk
        ends within one iteration of it."""
        fs = self._position
        done = 0
        every = self.snapshot_every
        watched = (self._stop is not None or self._progress is not None
                   or bool(self._max_depth))
        timed = deadline is not None or watched
        next_report = time.perf_counter() + self._progress_every
        self.control[HALT] = 0
        timer = None
        if deadline is not None:
            timer = threading.Timer(max(0.0, deadline - time.perf_counter()), self._expire)
            timer.daemon = True
            timer.start()
        try:
            while max_iterations is None or done < max_iterations:
                now = time.perf_counter()
                if self._tree["n_children"][0] > 0 and (
                        (deadline is not None and now >= deadline) or self._halted()):
                    break
                if self._progress is not None and now >= next_report:
                    self._progress(self)
                    next_report = now + self._progress_every
                chunk = (max_iterations - done) if max_iterations is not None else 1 << 30
                if timed:
                    chunk = min(chunk, 1 if self._max_depth else self._chunk)
                if every:
                    chunk = min(chunk, every - self.stats.iterations % every)
                ran = self._kernel(fs, chunk, until_agree)
                if timed and ran:
                    per_iteration = max((time.perf_counter() - now) / ran, 1e-7)
                    self._chunk = max(1, int(_CHUNK_SECONDS / per_iteration))
                done += ran
                self.stats.iterations += ran
                if every and ran and self.stats.iterations % every == 0:
                    self._snapshot()
                if ran < chunk:
                    break       # the root is proven, (until_agree) agreement, MAX_VISITS, or
                #                 control[HALT]: the deadline or halt()
        finally:
            if timer is not None:
                timer.cancel()
                timer.join()
            self.control[HALT] = 0

    def _expire(self) -> None:
        """The deadline (the timer's thread): end the kernel's loop, not the search (with
        ``final='both'`` a second phase may follow, with its own deadline)."""
        self.control[HALT] = 1

    def _halted(self) -> bool:
        """Whether ``stop`` was set, ``halt()`` called or the tree reached ``max_depth``."""
        return (self._halt_requested or (self._stop is not None and self._stop.is_set())
                or (bool(self._max_depth) and self.counters[C_MAX_DEPTH] >= self._max_depth))

    def _set_root(self, fs: FastState) -> None:
        """A fresh one-node tree, or with ``reuse`` the old tree's subtree of ``fs``, moved to
        the front of the array in place (``_keep_subtree``)."""
        if self.reuse and self._position is not None:
            row = self._find(fs)
            if row >= 0:
                if row != 0:
                    self.counters[C_NODES] = _keep_subtree(
                        self._tree, int(self.counters[C_NODES]), row)
                self._position = fs
                return
        self._clear_root(self._tree[0:1])
        self.counters[C_NODES] = 1
        self._position = fs

    def _find(self, fs: FastState) -> int:
        """The row of position ``fs`` at most REUSE_DEPTH plies below the root, or -1.

        Only the level ``fs.turns - root.turns`` can hold it, and one level above it only the
        nodes where the side not to move has every stone it has in ``fs`` (a move never adds
        stones of the other side): the search looks at a few rows, not the whole level."""
        root = self._position
        plies = fs.turns - root.turns
        if not 0 <= plies <= REUSE_DEPTH:
            return -1
        tree = self._tree
        level = [(0, root)]
        for depth in range(plies):
            deeper = []
            for row, position in level:
                child = int(tree["first_child"][row])
                while child >= 0:
                    below = _child_position(position, int(tree["move"][child]))
                    if depth == plies - 2 and not _may_precede(below, fs):
                        child = int(tree["next_sibling"][child])
                        continue
                    deeper.append((child, below))
                    child = int(tree["next_sibling"][child])
            level = deeper
        for row, position in level:
            if _same(position, fs):
                return row
        return -1

    def _snapshot(self) -> None:
        children = self.root.children
        untried = len(self.stats.root_moves) - len(children)
        self.stats.snapshots.append(Snapshot(
            self.stats.iterations, [child.visits for child in children] + [0] * untried,
            [child.wins for child in children] + [0.0] * untried))
