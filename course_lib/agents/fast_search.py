"""Negamax alpha-beta for ATAXX, the fast tier: the readable search compiled with numba.

This is ``Searcher.negamax_alphabeta`` (``course_lib.agents.search``) on the bitboards of
``course_lib.ataxx.fast``, with the same options and the same semantics, so that for the same
position, depth, evaluation and options it returns the same move, the same value, the same root
values and the same counts: nodes, leaves, cutoffs, table hits and cutoffs, nodes per depth,
ordering nodes. The tests hold the two tiers together; the readable tier is the reference.

What is the same, point by point (read ``search.py`` alongside):

- a node is counted on entry, the root included; a node at depth 0, or where a player has no
  stones or no empty square is left, is a leaf scored from the side to move's view (material,
  or the square weights of ``ATAXX_SQUARE_WEIGHTS``); a side with no move has one child, the pass;
- move order (``Searcher.ordered``): a stable descending sort by (is the table move, base score
  (``static``: weight of the destination; ``gain``: 1 for a clone + 2 per capture; pass 0),
  is a killer of this ply, history score); ties keep the canonical generation order;
  ``intuition`` orders the root moves by a full-window depth-3 search without ordering;
- killers (two per ply) and history (``depth * depth`` per fail high) as ``Searcher._fail_high``;
- the transposition table of ``transposition.py``: the same Zobrist keys, slot ``hash & (slots
  - 1)``, an entry's value used only when its depth equals the remaining depth, its move ordered
  first whatever its depth, always replace; no probe or store at the root;
- the root: moves in order, the first strictly better value wins, alpha raised, beta = +inf.

The time budget of ``fast_iterative_deepening``: each iteration is one call into numba, which
cannot read the clock cheaply. A ``threading.Timer`` sets a one-element stop flag at the deadline;
the kernel runs without the GIL (``nogil=True``), so the timer thread gets to run, and the kernel
reads the flag every 256 nodes, where the readable tier reads its clock, and unwinds at once when
it is set. The iteration it was in is discarded, as the readable tier does on ``OutOfTime``; as
there, the intuition search is never interrupted, and a search of fewer than 256 nodes (depth 1)
always finishes. The overrun is a few microseconds of search plus the timer's wake-up latency
(typically well under a millisecond; more when the machine is busy). A node budget
(``max_nodes``) can stop the search too, deterministically.

How it is fast: bitboards and move codes instead of objects, one flat int64 workspace for the
move buffers, killers, history and counters (few array arguments per recursive call), moves
picked one at a time in key order (most nodes cut off after one or two), and the children of a
depth-1 node scored in one go, since leaves do not depend on the window: which of them the
ordered loop would have visited, and so every count, follows from their values and keys.

>>> from course_lib.ataxx import State
>>> result = fast_search(State.start(), 3, order="gain", killers=True)
>>> result.move, result.value
(Move(1, 1, 1, 2), 1)
>>> from course_lib.agents.search import Searcher
>>> readable = Searcher(order="gain", killers=True).run(State.start(), 3)
>>> (readable.move, readable.value, readable.stats.nodes) == (result.move, result.value,
...                                                          result.stats.nodes)
True
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, Iterator

import numpy as np

from ..errors import GameOverError, InvalidArgumentError
from ..interrupt import stoppable
from ..ataxx.fast import (MOVE_BUFFER, FastState, _empty_squares, _generate_moves, _mover,
                          _position, decode_move, encode_move)
from ..ataxx.rules import State
from . import _fast_search_kernels as K
from .evaluation import material, square_weights
from .search import MAX_DEPTH, ORDERS
from .stats import SearchResult, SearchStats
from .transposition import (FAST_SLOT_BYTES, ZOBRIST_KEYS, ZOBRIST_SECOND_TO_MOVE,
                            check_table_slots)

__all__ = ["FastTranspositionTable", "fast_search", "fast_iterative_deepening",
           "FAST_EVALUATIONS"]

FAST_EVALUATIONS = ("material", "weights", "exact-material", "exact-weights")
"""The evaluations the fast tier has compiled in."""

_ZOBRIST = np.array(ZOBRIST_KEYS, dtype=np.uint64)                 # [square][player]
_Z_SIDE = np.uint64(ZOBRIST_SECOND_TO_MOVE)
_PREALLOCATED_PLIES = 32
"""Iterative deepening allocates buffers for this many plies at first, and grows them if it
ever gets deeper."""
_ORDER_KIND = {"none": K.ORDER_NONE, "static": K.ORDER_STATIC, "gain": K.ORDER_GAIN,
               "intuition": K.ORDER_INTUITION}
_EVAL_KIND = {"material": K.EVAL_MATERIAL, "weights": K.EVAL_WEIGHTS,
              "square_weights": K.EVAL_WEIGHTS, "exact-material": K.EVAL_EXACT_MATERIAL,
              "exact-weights": K.EVAL_EXACT_WEIGHTS}


class FastTranspositionTable:
    """The readable ``TranspositionTable`` as numpy arrays, for the fast tier: ``slots`` (a power
    of two) entries, slot ``hash & (slots - 1)``, always replace. Keep one to reuse its entries
    from one search to the next (as ``SearchAgent`` does with its table).

    >>> table = FastTranspositionTable(1 << 10)
    >>> table.filled()
    0
    """

    def __init__(self, slots: int = 1 << 16) -> None:
        self.slots = check_table_slots(slots, FAST_SLOT_BYTES)
        self.keys = np.zeros(self.slots, dtype=np.uint64)
        self.data = np.full((self.slots, 4), -1, dtype=np.int64)   # depth, value, kind, move

    def filled(self) -> int:
        """How many slots hold an entry."""
        return int(np.count_nonzero(self.data[:, 0] >= 0))


# --- checking the arguments ---------------------------------------------------------------


def _is_whole(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _check_depth(depth: object, name: str = "depth") -> int:
    if not _is_whole(depth) or not 1 <= depth <= MAX_DEPTH:
        raise InvalidArgumentError(
            f"{name} must be a whole number from 1 to {MAX_DEPTH}, got {depth!r}")
    return int(depth)


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)) and value not in (0, 1):
        raise InvalidArgumentError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def _check_evaluation(evaluation: object) -> int:
    if evaluation is None or evaluation is material:
        return K.EVAL_MATERIAL
    if evaluation is square_weights:
        return K.EVAL_WEIGHTS
    inner = getattr(evaluation, "exact_of", None)         # evaluation.exact(material), ...
    if inner is material:
        return K.EVAL_EXACT_MATERIAL
    if inner is square_weights:
        return K.EVAL_EXACT_WEIGHTS
    if isinstance(evaluation, str) and evaluation in _EVAL_KIND:
        return _EVAL_KIND[evaluation]
    raise InvalidArgumentError(f"the fast tier evaluates with {', '.join(FAST_EVALUATIONS)} only, got "
                     f"{getattr(evaluation, '__name__', evaluation)!r}; use the reference tier "
                     "(course_lib.agents.search) for other evaluations")


def _check_table(table_slots: object, table: FastTranspositionTable | None
                 ) -> FastTranspositionTable | None:
    if table is not None:
        if not isinstance(table, FastTranspositionTable):
            raise InvalidArgumentError(f"table must be a FastTranspositionTable, got {type(table).__name__}")
        if table_slots:
            raise InvalidArgumentError("give table_slots (a new table) or table (an existing one), not both")
        return table
    if _is_whole(table_slots) and table_slots == 0:
        return None
    return FastTranspositionTable(table_slots)


def _check_state(state: object) -> FastState:
    if not isinstance(state, (State, FastState, str)):
        raise InvalidArgumentError("the fast search plays ATAXX only: expected a course_lib.ataxx State, "
                        f"a FastState or a FEN string, got {type(state).__name__}")
    return _position(state)


# --- one search -----------------------------------------------------------------------------


class _Search:
    """The arrays of one search, and of every iteration of an iterative deepening: the
    workspaces (move buffers, killers, history, counters; see the kernels module), the table,
    the stop flag."""

    def __init__(self, state: object, order: str, killers: bool, history: bool,
                 table_slots: int, evaluation: object, table: FastTranspositionTable | None,
                 plies: int):
        self.fs = _check_state(state)
        if order not in ORDERS:
            raise InvalidArgumentError(f"unknown move order {order!r}; choose from {', '.join(ORDERS)}")
        self.order_kind = _ORDER_KIND[order]
        self.use_killers = _check_flag(killers, "killers")
        self.use_history = _check_flag(history, "history")
        self.eval_kind = _check_evaluation(evaluation)
        self.table = _check_table(table_slots, table)
        me, opp = _mover(self.fs)
        self.me, self.opp = np.uint64(me), np.uint64(opp)
        empty = np.uint64(_empty_squares(self.me, self.opp, self.fs.blocked))
        if self.me == 0 or self.opp == 0 or empty == 0:
            raise GameOverError("the position is terminal (the game is over): there is no move to search")
        buffer = np.empty(MOVE_BUFFER, dtype=np.int64)
        n = _generate_moves(self.me, empty, buffer, False)
        self.root_moves = buffer[:n].copy() if n else np.array([K.PASS_CODE], dtype=np.int64)
        self.hash = np.uint64(K._position_hash(self.fs.first, self.fs.second, self.fs.to_move,
                                               _ZOBRIST, _Z_SIDE))
        if self.table is None:                       # never read: a placeholder of one slot
            self.tt_keys = np.zeros(1, dtype=np.uint64)
            self.tt_data = np.full((1, 4), -1, dtype=np.int64)
        else:
            self.tt_keys, self.tt_data = self.table.keys, self.table.data
        self.stopped = False
        self.plies = 0
        self._allocate(max(plies, K.INTUITION_DEPTH + 1))

    def _allocate(self, plies: int) -> None:
        """Workspaces for plies 0..plies-1; killers and history carry over."""
        ws = np.zeros(K.workspace_size(plies), dtype=np.int64)
        ws[K.killers_offset(plies):K.history_offset(plies)] = K.NO_MOVE
        if self.plies:
            old, new = K.killers_offset(self.plies), K.killers_offset(plies)
            ws[new:new + 2 * self.plies] = self.ws[old:old + 2 * self.plies]
            old, new = K.history_offset(self.plies), K.history_offset(plies)
            ws[new:new + K.HISTORY_SIZE] = self.ws[old:old + K.HISTORY_SIZE]
        self.ws, self.scratch, self.plies = ws, np.zeros_like(ws), plies
        if self.stopped:                             # the timer fired while we swapped
            self.stop()

    def stop(self) -> None:
        """Abandon the search: called by the timer thread at the deadline."""
        self.stopped = True
        self.ws[K.STOP] = 1

    def run(self, depth: int, root_order: np.ndarray | None,
            node_limit: int = 0) -> SearchResult | None:
        """One search to ``depth``; None when it was abandoned (stop flag or node limit)."""
        started = time.perf_counter()
        if depth + 1 > self.plies:
            self._allocate(depth + 1)
        plies, ws, scratch = self.plies, self.ws, self.scratch
        for work in (ws, scratch):                   # fresh counters, not the stop flag
            work[:K.STOP] = 0
            work[K.N_COUNTS:K.N_COUNTS + plies] = 0
        if root_order is not None:
            root_mode, root_moves = K.ROOT_GIVEN, root_order.copy()
        elif self.order_kind == K.ORDER_INTUITION:
            root_mode, root_moves = K.ROOT_INTUITION, self.root_moves.copy()
        else:
            root_mode, root_moves = K.ROOT_ORDERED, self.root_moves.copy()
        root_values = np.zeros(len(root_moves), dtype=np.int64)
        with stoppable(self.stop):                   # Ctrl-C on the command line stops it
            best_i, best = K._search_root(
                self.me, self.opp, self.fs.blocked, self.hash, self.fs.to_move, depth,
                root_moves, root_mode, root_values, plies, ws, scratch, self.tt_keys,
                self.tt_data, _ZOBRIST, _Z_SIDE, self.eval_kind, self.order_kind,
                self.use_killers, self.use_history, self.table is not None, int(node_limit))
        if ws[K.C_ABORTED]:
            return None
        per_ply = ws[K.N_COUNTS:K.N_COUNTS + plies].tolist()
        while per_ply and per_ply[-1] == 0:
            per_ply.pop()
        stats = SearchStats(
            nodes=int(ws[K.C_NODES]), leaves=int(ws[K.C_LEAVES]),
            cutoffs=int(ws[K.C_CUTOFFS]), tt_hits=int(ws[K.C_TT_HITS]),
            tt_cutoffs=int(ws[K.C_TT_CUTOFFS]), ordering_nodes=int(ws[K.C_ORDERING]),
            depth=depth, seconds=time.perf_counter() - started, nodes_per_depth=per_ply)
        codes = root_moves.tolist()
        values = root_values.tolist()
        return SearchResult(move=decode_move(codes[best_i]), value=int(best), depth=depth,
                            stats=stats,
                            root_values=[(decode_move(c), v) for c, v in zip(codes, values)])


def fast_search(state: State | FastState | str, depth: int, order: str = "none",
                killers: bool = False, history: bool = False, table_slots: int = 0,
                evaluation: str | Callable[..., Any] = "material",
                table: FastTranspositionTable | None = None) -> SearchResult:
    """Negamax alpha-beta to ``depth`` plies on an ATAXX position, compiled: the readable
    ``Searcher("negamax-alphabeta", ...).run(state, depth)`` with the same result and counts.

    Args:
        state: a ``State``, a ``FastState`` or a FEN string (not a finished game).
        depth: plies to search, >= 1.
        order: ``none``, ``static``, ``gain`` or ``intuition`` (see ``search.ORDERS``).
        killers: try the two killer moves of each ply early.
        history: order by history scores.
        table_slots: 0 for no transposition table, else a new table of this many slots (a
            power of two).
        evaluation: ``"material"`` (default) or ``"weights"`` (square weights); the functions
            ``material`` and ``square_weights`` are accepted too.
        table: an existing ``FastTranspositionTable`` to use (and fill) instead of a new one.

    Returns a ``SearchResult``: ``move`` a readable ``Move``, ``value`` from the side to move's
    view, ``root_values`` as (Move, value) pairs in the order searched, ``stats`` the counts.

    >>> from course_lib.ataxx import State
    >>> result = fast_search(State.start(), 4, order="gain", table_slots=1 << 12)
    >>> result.move.uai(), result.value, result.stats.nodes_per_depth[:2]
    ('b7', 0, [1, 16])
    """
    depth = _check_depth(depth)
    search = _Search(state, order, killers, history, table_slots, evaluation, table, depth + 1)
    result = search.run(depth, None)
    assert result is not None                       # no stop flag, no node limit
    return result


def fast_iterative_deepening(state: State | FastState | str, max_depth: int = 64,
                             seconds: float | None = None, order: str = "none",
                             killers: bool = False, history: bool = False, table_slots: int = 0,
                             evaluation: str | Callable[..., Any] = "material",
                             table: FastTranspositionTable | None = None,
                             max_nodes: int | None = None) -> Iterator[SearchResult]:
    """Search depth 1, 2, 3, ... and yield each finished iteration: the readable
    ``iterative_deepening`` (same results, same summed counts per depth), compiled.

    Each iteration tries the root moves in the order of the previous iteration's values
    (a stable sort, best first); killers, history and the table carry over. With ``seconds``,
    the iteration running at the deadline is abandoned (a timer thread raises a stop flag that
    the kernel reads at every node) and the generator stops: the last result yielded is the move
    to play. With ``max_nodes``, an iteration that would take the total over that many nodes is
    abandoned likewise. Each result's ``stats`` sums every finished iteration so far.

    >>> from course_lib.ataxx import State
    >>> [r.depth for r in fast_iterative_deepening(State.start(), max_depth=3, order="gain")]
    [1, 2, 3]
    """
    max_depth = _check_depth(max_depth, "max_depth")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(
            seconds, (int, float, np.integer, np.floating)) or not 0 < seconds < float("inf")):
        raise InvalidArgumentError(
            f"seconds must be a positive finite number or None, got {seconds!r}")
    if max_nodes is not None and (not _is_whole(max_nodes) or max_nodes < 1):
        raise InvalidArgumentError(f"max_nodes must be a whole number >= 1 or None, got {max_nodes!r}")
    search = _Search(state, order, killers, history, table_slots, evaluation, table,
                     min(max_depth, _PREALLOCATED_PLIES) + 1)
    return _deepen(search, max_depth, seconds, max_nodes)


def _deepen(search: _Search, max_depth: int, seconds: float | None,
            max_nodes: int | None) -> Iterator[SearchResult]:
    deadline = None if seconds is None else time.perf_counter() + seconds
    timer = None
    if seconds is not None:
        timer = threading.Timer(seconds, search.stop)
        timer.daemon = True
        timer.start()
    try:
        total = SearchStats()
        root_order = None
        for depth in range(1, max_depth + 1):
            limit = 0
            if max_nodes is not None:
                limit = max_nodes - total.nodes
                if limit <= 0:
                    return
            result = search.run(depth, root_order, limit)
            if result is None:                        # out of time or nodes: discard it
                return
            total.add(result.stats)
            total.depth = depth
            result.stats = SearchStats(**{**total.__dict__,
                                          "nodes_per_depth": list(total.nodes_per_depth)})
            ranked = sorted(result.root_values, key=lambda pair: pair[1], reverse=True)
            root_order = np.array([encode_move(move) for move, _ in ranked], dtype=np.int64)
            yield result
            if deadline is not None and time.perf_counter() > deadline:
                return
            if abs(result.value) >= 1000:             # a forced win or loss is known: stop
                return
    finally:
        if timer is not None:
            timer.cancel()
