"""The engine's search written out in Python: the readable twin of ``_kernels.py``.

The compiled kernel is fast and hard to read (bitboards, one flat workspace, packed table
entries). ``ReadableEngine`` does the same search step for step in plain Python, on the
course's game interface, much more slowly, and can record the tree it searched for the
course's pictures (``course_lib.viz.draw_alphabeta``): each re-search, each reduced search and
each null move is a node of its own, labelled on its edge.

On ATAXX with no ``evaluation`` given it *is* the engine with its material evaluation: the same
moves in the same order, the same values (hundredths of a stone from the side to move's view,
``MATE - ply`` for a game won ``ply`` plies from the root), the same node count and the same
counters as ``Engine`` for every setting of the switches; tests/test_readable_engine.py holds
the two together. (The engine's learned evaluation is not written out here; the node limit,
the clock and the principal variation line are the driver's, not the search's.) On any other game of the course (an
explicit ``GameTree``, tic-tac-toe), or on ATAXX with an ``evaluation``, it runs the same
techniques with that evaluation (``evaluation(state, player)``, for the side to move), the
moves in ``legal_moves()`` order (the table move first); null-move pruning needs ATAXX's pass.

The search, as ``_search`` does it at a node with ``depth`` plies left and the window
(alpha, beta), values for the side to move:

1. a finished game is scored; at depth 0 the position is scored (material);
2. the table (``tt``): its move is tried first; its value ends the node when it was searched at
   least as deep and its bound settles the window (not at a PV node with ``pvs``);
3. reverse futility (``rfp``): at a node off the principal variation with at most
   ``RFP_DEPTH`` plies left, a static score that stays at beta or above after ``RFP_MARGIN``
   (a stone) per ply left is returned without a search;
4. one ply from the horizon (``frontier``), every child is scored at once, none cut: that loop
   is cheaper than pruning it (a node's children are all counted as nodes); with ``lmp``
   (below the root) the jumps that take nothing after the first ``LMP_AFTER`` moves are not
   scored (nor counted);
5. null move (``nullmove``): at a node off the principal variation (a null window) where the
   side to move is already ``beta`` ahead, it passes and the opponent gets a search
   ``3 + depth // 4`` plies shallower with the window (beta - 1, beta); if even so the
   opponent cannot bring the score under beta, the node is cut without trying a move;
6. the moves are ordered (``order``: the table move, then by the stones a move takes, clones
   before jumps; killers and history break ties);
7. the first move is searched with the full window; each later one (``pvs``) first with the
   null window (alpha, alpha + 1), (``lmr``) from the fourth move on at a reduced depth, again
   at full depth if the reduced search beats alpha, and again with the full window if the
   null window says it beats alpha but not beta; (``lmp``, below the root) from the third move
   on a jump that takes nothing is skipped, unless every move so far loses;
8. a move that reaches beta cuts the node (and becomes a killer, and earns history).

>>> from course_lib.ataxx import State
>>> engine = ReadableEngine(hash_mb=1)
>>> found = engine.search(State.start(), depth=3)
>>> found.move.uai(), found.value, found.nodes
('b7', 100, 355)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from ..agents.stats import TreeRecorder
from ..agents.transposition import position_hash
from ..ataxx.rules import FIRST, MAX_TURNS, PASS, State
from ..checks import whole
from ..errors import GameOverError, InvalidArgumentError
from .engine import (ASPIRATION_DELTA, LMP_AFTER, LMR_MIN_MOVE, MAX_DEPTH, NULL_MIN_EMPTY,
                     OFF_BY_DEFAULT, ORDER_WEIGHTS, RFP_DEPTH, RFP_MARGIN, SWITCHES,
                     EngineStats, _table_entries)
from ._kernels import INF, MATE, MATE_BOUND, STONE

__all__ = ["ReadableEngine", "RootSearch", "ReadableResult", "reduction", "stones_taken"]

EXACT, LOWER, UPPER = "exact", "lower", "upper"
HISTORY_CAP = (1 << 30) - 1
"""The largest history score the ordering reads (the kernel packs it into 30 bits)."""


def reduction(depth: int, move_number: int) -> int:
    """Plies by which late move reductions shorten the search of move ``move_number`` (counted
    from 0) at a node with ``depth`` plies left, before the PV node's one ply less:
    0.75 + ln(depth) ln(move_number) / 2.25, rounded down (depth and move number at most 63).

    >>> reduction(3, 3), reduction(6, 10), reduction(1, 40)
    (1, 2, 0)
    """
    depth, move_number = min(depth, 63), min(move_number, 63)
    if depth < 1 or move_number < 1:
        return 0
    return int(0.75 + math.log(depth) * math.log(move_number) / 2.25)


def stones_taken(state: State, move: Any) -> int:
    """The opponent's stones next to the move's destination: the stones the ATAXX move takes.

    >>> stones_taken(State.start(), State.start().legal_moves()[0])
    0
    """
    opponent = 3 - state.to_move
    return sum(state.grid[x][y] == opponent for x in range(move.x2 - 1, move.x2 + 2)
               for y in range(move.y2 - 1, move.y2 + 2) if 1 <= x <= 7 and 1 <= y <= 7)


# --- What depends on the game ------------------------------------------------------------------

class _Ataxx:
    """ATAXX as the kernel sees it: scores in hundredths, the kernel's move order and gain, the
    null move, Zobrist keys."""

    null_move = True

    def square(self, x: int, y: int) -> int:
        return (x - 1) * 7 + (y - 1)

    def code(self, move: Any) -> int:
        """The kernel's move number: source * 64 + destination (-1 for the pass)."""
        if move.x1 == -1:
            return -1
        return self.square(move.x1, move.y1) * 64 + self.square(move.x2, move.y2)

    def final(self, state: State, ply: int) -> int:
        """A finished game from the side to move's view: a win the sooner the better."""
        margin = state.material(state.to_move)
        return MATE - ply if margin > 0 else ply - MATE if margin < 0 else 0

    def finished(self, state: State) -> bool:
        """Nothing left to play: a side without stones, a full board, or the 400th turn."""
        return state.is_decided() or state.turns >= MAX_TURNS

    def leaf(self, state: State, ply: int) -> int:
        """A position at the horizon: material (a game both sides are stuck in is over)."""
        if state.is_over():
            return self.final(state, ply)
        return STONE * state.material(state.to_move)

    def moves(self, state: State) -> list:
        """The moves as the kernel generates them: clones by destination, then jumps by source
        and destination (``[]`` when the side must pass)."""
        moves = state.generate_moves()
        clones = sorted((m for m in moves if m.is_clone), key=lambda m: self.square(m.x2, m.y2))
        return clones + [m for m in moves if m.is_jump]

    def stuck(self, state: State) -> bool:
        """The side to move cannot move: is the game over (blocked squares, neither can)?"""
        return state.is_over()

    def gain(self, state: State, move: Any) -> int:
        """The ordering's gain: per stone taken, for a clone, less per own stone next to a
        jump's source (``ORDER_WEIGHTS``)."""
        w_capture, w_clone, w_hole = ORDER_WEIGHTS
        gain = w_capture * stones_taken(state, move) + 64
        if move.is_clone:
            return gain + w_clone
        around = [(x, y) for x in range(move.x1 - 1, move.x1 + 2)
                  for y in range(move.y1 - 1, move.y1 + 2)
                  if 1 <= x <= 7 and 1 <= y <= 7 and (x, y) != (move.x1, move.y1)]
        return gain - w_hole * sum(state.grid[x][y] == state.to_move for x, y in around)

    def quiet(self, state: State, move: Any) -> bool:
        """A jump that takes no stone (what late move pruning skips)."""
        return move.is_jump and stones_taken(state, move) == 0

    def may_pass(self, state: State, moves: list, beta: float) -> bool:
        """Null move allowed here: a clone exists (a side with only jumps may be better off
        passing), more than ``NULL_MIN_EMPTY`` squares are empty, and the side to move is at
        least ``beta`` ahead already."""
        return (any(m.is_clone for m in moves) and state.empty_squares > NULL_MIN_EMPTY
                and STONE * state.material(state.to_move) >= beta)


class _AnyGame:
    """Any game of the course, scored by an evaluation for the side to move."""

    null_move = False

    def __init__(self, evaluation: Callable[[Any, int], float]) -> None:
        self.evaluation = evaluation

    def code(self, move: Any) -> Any:
        return move

    def final(self, state: Any, ply: int) -> float:
        return self.evaluation(state, state.to_move)

    def finished(self, state: Any) -> bool:
        return not state.legal_moves()

    def leaf(self, state: Any, ply: int) -> float:
        return self.evaluation(state, state.to_move)

    def moves(self, state: Any) -> list:
        return list(state.legal_moves())

    def stuck(self, state: Any) -> bool:
        return False

    def gain(self, state: Any, move: Any) -> int:
        return 0

    def quiet(self, state: Any, move: Any) -> bool:
        return False

    def may_pass(self, state: Any, moves: list, beta: float) -> bool:
        return False


# --- The table ---------------------------------------------------------------------------------

@dataclass
class _Entry:
    key: int
    move: Any
    depth: int
    bound: str
    generation: int
    value: float


class _Table:
    """The kernel's table: ``slots`` entries in buckets of two. A position's bucket is chosen
    by its key; a new entry takes the place of the same position's, else of the emptier or
    older or shallower of the two (depth less 8 per search of age)."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.buckets: dict[int, list[_Entry | None]] = {}

    def probe(self, key: int) -> _Entry | None:
        for entry in self.buckets.get(key & (self.slots - 2), (None, None)):
            if entry is not None and entry.key == key:
                return entry
        return None

    def store(self, key: int, depth: int, value: float, bound: str, move: Any,
              generation: int) -> None:
        bucket = self.buckets.setdefault(key & (self.slots - 2), [None, None])
        same = [i for i in (0, 1) if bucket[i] is not None and bucket[i].key == key]
        if same:
            slot = same[-1]
            if move is None:
                move = bucket[slot].move
        else:
            def worth(entry: _Entry | None) -> int:
                if entry is None:
                    return -(1 << 40)
                return entry.depth - 8 * ((generation - entry.generation) & 255)
            slot = 0 if worth(bucket[0]) <= worth(bucket[1]) else 1
        bucket[slot] = _Entry(key, move, depth, bound, generation & 255, value)


# --- Results -----------------------------------------------------------------------------------

@dataclass
class RootSearch:
    """One search of the root to ``depth`` within (alpha, beta): its value (side to move's
    view; outside the window only a bound) and, when recorded, its tree and events for the
    course's pictures (``draw_alphabeta(root_search)``)."""

    depth: int
    alpha: float
    beta: float
    value: float
    move: Any
    nodes: int
    tree: Any = None
    events: list | None = None

    @property
    def failed(self) -> str:
        """'low' when the value is at most alpha (a finite one), 'high' when at least beta,
        else ''."""
        if self.value <= self.alpha and self.alpha > -INF:
            return "low"
        if self.value >= self.beta and self.beta < INF:
            return "high"
        return ""


@dataclass
class ReadableResult:
    """What ``ReadableEngine.search`` found: the move and value of the deepest iteration, the
    nodes of the whole search and its counters, and every root search it made (in order; with
    their trees when recorded)."""

    move: Any
    value: float
    depth: int
    nodes: int
    stats: EngineStats
    root_searches: list[RootSearch] = field(default_factory=list)


# --- The engine --------------------------------------------------------------------------------

class ReadableEngine:
    """The engine's search in plain Python (see the module's text).

    ``hash_mb`` sizes the table as ``Engine`` does; the switches (``SWITCHES``) default as the
    engine's (``OFF_BY_DEFAULT`` off). ``evaluation``: None for ATAXX as the engine scores it,
    else a function (state, player) -> number, for any game. ``frontier``: score every child of
    a node one ply from the horizon at once, as the kernel does (False: search that ply like
    any other, as the teaching searches do). ``aspiration_delta``: half the first aspiration
    window.

    >>> ReadableEngine(lmr=True).switches["lmr"], ReadableEngine().switches["tt"]
    (True, True)
    """

    def __init__(self, hash_mb: int = 16, evaluation: Callable[[Any, int], float] | None = None,
                 frontier: bool = True, aspiration_delta: float = ASPIRATION_DELTA,
                 **switches: bool) -> None:
        self.switches = {name: name not in OFF_BY_DEFAULT for name in SWITCHES}
        for name, value in switches.items():
            if name not in SWITCHES:
                raise InvalidArgumentError(f"the engine has no switch {name!r}; its switches "
                                           "are " + ", ".join(SWITCHES))
            if not isinstance(value, bool):
                raise InvalidArgumentError(f"switch {name} is True or False, got {value!r}")
            self.switches[name] = value
        if evaluation is not None and not callable(evaluation):
            raise InvalidArgumentError("evaluation is a function (state, player) -> number, or "
                                       "None for the engine's own ATAXX scoring")
        self.evaluation = evaluation
        self.frontier = bool(frontier)
        if not (isinstance(aspiration_delta, (int, float)) and aspiration_delta > 0):
            raise InvalidArgumentError(f"aspiration_delta is a number > 0, got "
                                       f"{aspiration_delta!r}")
        self.aspiration_delta = aspiration_delta
        self.table = _Table(_table_entries(hash_mb))
        self.killers: dict[int, list] = {}
        self.history: dict[Any, int] = {}
        self.generation = 0
        self.stats = EngineStats()
        self.pvs_re_searches = 0
        """Moves searched again with the full window after a null window said they beat alpha
        (the kernel does not count these)."""
        self._rules: Any = None
        self._recorder: TreeRecorder | None = None
        self._root_player = FIRST
        self._root_best: Any = None
        self._record_plies = -1

    # --- the driver: iterative deepening with aspiration windows (engine.py) ----------------

    def search(self, state: Any, depth: int, record: bool | int = False) -> ReadableResult:
        """Iterative deepening to ``depth``, as ``Engine.search(state, SearchLimits(depth))``:
        the same iterations, aspiration windows, early stops (one legal move, a forced end
        found), move and value. ``record``: keep every root search's tree (as
        ``root_search``)."""
        depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
        self._start(state)
        self.generation = (self.generation + 1) & 255
        self.stats = EngineStats()
        self.pvs_re_searches = 0
        self.history = {move: score // 2 for move, score in self.history.items()}
        root_moves = self._rules.moves(state) or [PASS]
        best, value, scores, finished, searches = root_moves[0], 0, [], 0, []
        for iteration in range(1, depth + 1):
            alpha, beta, delta = -INF, INF, self.aspiration_delta
            # around the score of two iterations before: an ATAXX score swings with the side
            # that moves last, so the last iteration's score is a poor guess of this one's
            guess = scores[-2] if len(scores) >= 2 else value
            if self.switches["aspiration"] and iteration >= 4 and abs(guess) < MATE_BOUND:
                alpha, beta = guess - delta, guess + delta
            while True:
                searched = self.root_search(state, iteration, alpha, beta, record)
                searches.append(searched)
                found = searched.value
                if found <= alpha and alpha > -INF:          # failed low: lower the window
                    beta = (alpha + beta) // 2
                    alpha = max(found - delta, -INF)
                elif found >= beta and beta < INF:           # failed high: raise it
                    beta = min(found + delta, INF)
                else:
                    break
                delta *= 3
                if delta > 20 * STONE:
                    alpha, beta = -INF, INF
            value = found
            scores.append(found)
            if searched.move is not None:
                best = searched.move
            finished = iteration
            if len(root_moves) == 1:
                break                               # the only move (or a forced pass)
            if abs(value) >= MATE_BOUND and MATE - abs(value) <= iteration:
                break                               # a forced end found: nothing shorter
        self.stats.depth = finished
        return ReadableResult(best, value, finished, self.stats.nodes, self.stats, searches)

    def root_search(self, state: Any, depth: int, alpha: float = -INF, beta: float = INF,
                    record: bool | int = False) -> RootSearch:
        """One search of ``state`` to ``depth`` within (alpha, beta): the kernel's
        ``search_root``. The table, killers and history carry over from earlier searches of
        this engine, as in the kernel; the node count adds to ``stats``. ``record``: True
        keeps the tree searched, a number ``n`` only its nodes down to ``n`` plies from the
        root (a picture of the top of a large search, at a fraction of the cost)."""
        depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
        if self._rules is None or getattr(self, "_root", None) is not state:
            self._start(state)
        if getattr(state, "is_over", None) and state.is_over() or not state.legal_moves():
            raise GameOverError("the game is over: there is no move to search for")
        before = self.stats.nodes
        self._root_best = None
        if isinstance(record, bool) or record is None:
            self._record_plies = MAX_DEPTH if record else -1
        else:
            self._record_plies = whole(record, "record (plies to record)", 0, MAX_DEPTH)
        self._recorder = TreeRecorder() if self._record_plies >= 0 else None
        value = self._search(state, depth, alpha, beta, 0, False, None, None, "")
        recorder, self._recorder = self._recorder, None
        return RootSearch(depth, alpha, beta, value, self._root_best, self.stats.nodes - before,
                          recorder.graph() if recorder else None,
                          recorder.events if recorder else None)

    def _start(self, state: Any) -> None:
        if self.evaluation is None:
            if not isinstance(state, State):
                raise InvalidArgumentError(
                    "without an evaluation the engine plays ATAXX (a course_lib.ataxx State); "
                    "for another game give evaluation=..., a function (state, player) -> number")
            self._rules = _Ataxx()
        else:
            self._rules = _AnyGame(self.evaluation)
        if self.switches["nullmove"] and not self._rules.null_move:
            raise InvalidArgumentError("null-move pruning needs ATAXX's pass (and the engine's "
                                       "own ATAXX scoring): turn nullmove off for this game")
        self._root = state
        self._root_player = state.to_move

    # --- one node (the kernel's _search) ----------------------------------------------------

    def _search(self, state: Any, depth: int, alpha: float, beta: float, ply: int,
                null_ok: bool, parent: int | None, move: Any, note: str) -> float:
        """The value of ``state`` for the side to move, exact inside (alpha, beta), a bound
        beyond it (fail-soft). ``parent``, ``move``, ``note``: where the recorded node hangs."""
        rules, on = self._rules, self.switches
        self.stats.nodes += 1
        node = self._enter(parent, move, note, state, ply, alpha, beta)
        if rules.finished(state):
            return self._leave(node, state, rules.final(state, ply), leaf=True)
        if depth <= 0:
            return self._leave(node, state, rules.leaf(state, ply), leaf=True)

        pv_node = beta - alpha > 1
        key = position_hash(state) if on["tt"] else None
        table_move = None
        if on["tt"] and depth > 1:                         # 2. the table
            entry = self.table.probe(key)
            if entry is not None:
                table_move = entry.move
                if ply > 0 and entry.depth >= depth and not (pv_node and on["pvs"]):
                    self.stats.tt_hits += 1
                    value = _from_table(entry.value, ply)
                    if (entry.bound == EXACT or (entry.bound == LOWER and value >= beta)
                            or (entry.bound == UPPER and value <= alpha)):
                        self.stats.tt_cutoffs += 1
                        return self._leave(node, state, value)

        moves = rules.moves(state)
        if not moves:                                      # no move: pass, unless stuck
            if rules.stuck(state):
                return self._leave(node, state, rules.final(state, ply), leaf=True)
            value = -self._search(state.apply(PASS), depth - 1, -beta, -alpha, ply + 1, True,
                                  node, PASS, "")
            return self._leave(node, state, value)

        if (on["rfp"] and not pv_node and ply > 0 and depth <= RFP_DEPTH
                and -MATE_BOUND < beta < MATE_BOUND):      # 3. reverse futility
            static = rules.leaf(state, ply)
            if static - RFP_MARGIN * depth >= beta:
                self.stats.futility_cuts += 1
                self._cut(node, state, moves, ply)
                return self._leave(node, state, static)

        if depth == 1 and self.frontier:                   # 4. every child scored at once
            return self._frontier(state, moves, ply, key, node)

        if (on["nullmove"] and null_ok and not pv_node and depth >= 3 and ply > 0
                and -MATE_BOUND < beta < MATE_BOUND and rules.may_pass(state, moves, beta)):
            self.stats.null_tries += 1                     # 5. the null move
            value = -self._search(state.apply(PASS), depth - 3 - depth // 4, -beta, 1 - beta,
                                  ply + 1, False, node, PASS, "null")
            if value >= beta:
                self.stats.null_cutoffs += 1
                self._cut(node, state, moves, ply)
                return self._leave(node, state, beta if value >= MATE_BOUND else value)

        killers = self.killers.get(ply, [None, None])
        moves = self._ordered(state, moves, table_move, killers)   # 6. the order
        prune_late = on["lmp"] and on["order"] and ply > 0

        alpha_on_entry, best, best_move = alpha, -INF, None
        for k, move in enumerate(moves):                   # 7. the moves
            if (prune_late and k >= LMP_AFTER and best > -MATE_BOUND
                    and rules.quiet(state, move)):         # a late quiet jump: skipped
                self.stats.late_moves_pruned += 1
                continue
            child = state.apply(move)
            if k == 0:
                value = -self._search(child, depth - 1, -beta, -alpha, ply + 1, True, node,
                                      move, "")
            else:
                reduce = 0
                if (on["lmr"] and depth >= 3 and k >= LMR_MIN_MOVE
                        and rules.code(move) not in killers):
                    reduce = reduction(depth, k) - (1 if pv_node else 0)
                    reduce = max(0, min(reduce, depth - 2))
                low = -alpha - 1 if on["pvs"] else -beta   # the null window, or the full one
                if reduce > 0:
                    self.stats.reductions += 1
                    value = -self._search(child, depth - 1 - reduce, low, -alpha, ply + 1, True,
                                          node, move, f"-{reduce}")
                    if value > alpha:                      # better than expected: full depth
                        self.stats.re_searches += 1
                        value = -self._search(child, depth - 1, low, -alpha, ply + 1, True,
                                              node, move, "again")
                else:
                    value = -self._search(child, depth - 1, low, -alpha, ply + 1, True, node,
                                          move, "")
                if on["pvs"] and alpha < value < beta:     # it beats alpha: the full window
                    self.pvs_re_searches += 1
                    value = -self._search(child, depth - 1, -beta, -alpha, ply + 1, True, node,
                                          move, "again")
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if ply == 0:
                        self._root_best = move
                    if value >= beta:                      # 8. a cut
                        self.stats.cutoffs += 1
                        if k == 0:
                            self.stats.first_move_cutoffs += 1
                        self._remember(move, ply, depth, killers)
                        self._cut(node, state, moves[k + 1:], ply)
                        break
        if on["tt"]:
            bound = UPPER if best <= alpha_on_entry else LOWER if best >= beta else EXACT
            self.table.store(key, depth, _to_table(best, ply), bound, best_move, self.generation)
        return self._leave(node, state, best)

    def _frontier(self, state: Any, moves: list, ply: int, key: Any, node: int | None) -> float:
        """One ply from the horizon: every child scored (and counted), the best kept; with
        late move pruning (below the root) the quiet jumps after the first ``LMP_AFTER`` moves
        are neither scored nor counted."""
        rules = self._rules
        prune_late = self.switches["lmp"] and self.switches["order"] and ply > 0
        best, best_move = -INF, None
        for k, move in enumerate(moves):
            if prune_late and k >= LMP_AFTER and rules.quiet(state, move):
                self.stats.late_moves_pruned += 1
                continue
            self.stats.nodes += 1
            child = state.apply(move)
            score = rules.final(child, ply + 1) if rules.finished(child) \
                else rules.leaf(child, ply + 1)
            leaf = self._enter(node, move, "", child, ply + 1, None, None)
            self._leave(leaf, child, score, leaf=True)
            if -score > best:
                best, best_move = -score, move
        if ply == 0:
            self._root_best = best_move
        if self.switches["tt"]:
            self.table.store(key, 1, _to_table(best, ply), EXACT, best_move, self.generation)
        return self._leave(node, state, best)

    def _ordered(self, state: Any, moves: list, table_move: Any, killers: list) -> list:
        """The moves in the order to try them. With ``order``: the table move, then by gain
        (killer moves one step up, the first killer above the second), then by history; ties
        keep the generated order. Without: the table move first, the rest as generated."""
        rules = self._rules
        if not self.switches["order"]:
            if table_move in moves:
                return [table_move] + [m for m in moves if m != table_move]
            return moves

        def key(move: Any) -> tuple:
            code = rules.code(move)
            bonus = 0
            if self.switches["killers"]:
                bonus = 3 if code == killers[0] else 2 if code == killers[1] else 0
            history = min(self.history.get(code, 0), HISTORY_CAP) \
                if self.switches["history"] else 0
            return (move == table_move, 4 * rules.gain(state, move) + bonus, history)

        return sorted(moves, key=key, reverse=True)       # stable: ties keep their order

    def _remember(self, move: Any, ply: int, depth: int, killers: list) -> None:
        """A move that cut: the first killer of its ply (the old first becomes the second),
        and depth squared more history."""
        code = self._rules.code(move)
        if self.switches["killers"] and killers[0] != code:
            self.killers[ply] = [code, killers[0]]
        if self.switches["history"]:
            self.history[code] = self.history.get(code, 0) + depth * depth

    # --- recording (only when a tree is asked for) ------------------------------------------

    def _enter(self, parent: int | None, move: Any, note: str, state: Any, ply: int,
               alpha: float | None, beta: float | None) -> int | None:
        recorder = self._recorder
        if recorder is None or ply > self._record_plies:
            return None
        is_max = state.to_move == self._root_player
        window = (None, None) if alpha is None else \
            (_shown(alpha), _shown(beta)) if is_max else (_shown(-beta), _shown(-alpha))
        node = recorder.enter(parent, move, state, ply, is_max, *window)
        if note:
            label = recorder.nodes[node]["label"]
            recorder.nodes[node]["label"] = "null" if note == "null" else f"{label} {note}"
            recorder.nodes[node]["note"] = note
        return node

    def _leave(self, node: int | None, state: Any, value: float, leaf: bool = False) -> float:
        if self._recorder is not None and node is not None:
            mine = state.to_move == self._root_player
            self._recorder.leave(node, _shown(value if mine else -value), leaf=leaf)
            data = self._recorder.nodes[node]
            if not leaf and data["depth"] >= self._record_plies:
                data["children_not_recorded"] = True       # its value may be only a bound
        return value

    def _cut(self, node: int | None, state: Any, rest: list, ply: int) -> None:
        if self._recorder is not None and node is not None and rest \
                and ply < self._record_plies:
            is_max = state.to_move == self._root_player
            self._recorder.prune(node, state, rest, ply, is_max, "beta" if is_max else "alpha")


def _to_table(value: float, ply: int) -> float:
    """A forced end is stored as a distance from the node, not from the root."""
    if value >= MATE_BOUND:
        return value + ply
    if value <= -MATE_BOUND:
        return value - ply
    return value


def _from_table(value: float, ply: int) -> float:
    if value >= MATE_BOUND:
        return value - ply
    if value <= -MATE_BOUND:
        return value + ply
    return value


def _shown(value: float) -> float:
    """The kernel's infinity (``INF``) as math's, for the pictures."""
    if value >= INF:
        return math.inf
    if value <= -INF:
        return -math.inf
    return value
