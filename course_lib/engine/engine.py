"""The engine: iterative deepening around the compiled search of ``_kernels.py``, with a clock.

The teaching searches (``course_lib.agents.search`` and its fast tier) keep exact node counts
and values that ordering and tables never change. This engine does not: it has the
techniques that make engines play better in the same time, each one a switch so that it can be
turned on or off alone and measured (``SWITCHES``); by default those that its ladder found
gaining are on (``OFF_BY_DEFAULT``).

>>> from course_lib.ataxx import State
>>> engine = Engine(hash_mb=1)
>>> move, info = engine.search(State.start(), SearchLimits(depth=4))
>>> info.depth, info.score_cp, len(info.pv) >= 1
(4, 0, True)
>>> move.is_clone
True
>>> move, info = engine.search(State.from_fen("xo5/7/7/7/7/7/7 x 0 1"), SearchLimits(depth=3))
>>> info.mate, info.score_cp                        # any move next to b7 takes o's last stone
(1, None)

How the time is spent (``SearchLimits``):

- ``movetime_ms``: the search stops at the movetime less a small margin (1 ms, or 3 % of it
  when that is more, at most 30 ms); an iteration cut short still gives its best move if its
  first root move (the previous best) was searched to the end or another move beat it.
- a game clock (``btime_ms`` for x, ``wtime_ms`` for o, the increments, ``movestogo``): a
  share of the time left, ``left / moves + 3/4 of the increment``, with ``moves`` the
  ``movestogo`` or half the empty squares plus 8; no new iteration after 60 % of the share
  (the next one would likely not finish), and a hard stop at 2.5 shares (at most a fifth of
  the time left).
- ``nodes``: stop after about that many nodes (the count is looked at in every node; the
  last ply is counted in one go, so up to a few hundred nodes more).
- ``depth``: no iteration beyond it. ``infinite``: search until ``stop()``.

A timer thread raises the stop flag at the deadline; ``stop()`` raises it from any thread.
The kernel runs without the GIL and reads the flag every 1024 nodes.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from ..agents.stats import SearchStats
from ..ataxx.fast import (FastState, START, _mover, decode_move, is_over,
                          legal_moves, to_fast)
from ..ataxx.rules import FIRST, Move, State
from ..checks import (MAX_HASH_MB, MAX_MOVES_TO_GO, MAX_MS, MAX_NODES, check_memory,
                      check_player, flag, whole)
from ..errors import GameOverError, InvalidArgumentError
from ..interrupt import stoppable
from ..memory import zeroed_rows
from . import _kernels as K

__all__ = ["Engine", "SearchLimits", "SearchInfo", "EngineStats", "SWITCHES", "MATE",
           "MATE_BOUND", "MAX_HASH_MB"]

MATE = K.MATE
CLEAR_IN_PLACE_MB = 64
"""A new game clears a table up to this size in place and replaces a larger one (see
``Engine.new_game``)."""
MATE_BOUND = K.MATE_BOUND
MAX_DEPTH = K.MAX_PLY - 2

SWITCHES: dict[str, str] = {
    "pvs": "principal variation search (null windows after the first move)",
    "aspiration": "aspiration windows around the score of two iterations before",
    "tt": "transposition table (its move first; its value at >= depth)",
    "lmr": "late move reductions",
    "nullmove": "null-move pruning (not near the end of the game; only at nodes searched with a "
                "null window, so only with pvs)",
    "killers": "killer moves in the ordering",
    "history": "history scores in the ordering",
    "order": "move ordering (table move first, then by stones taken, a clone counting 4 more)",
    "rfp": "reverse futility pruning (off the principal variation, up to 6 plies from the "
           "horizon: a static score a stone a ply above beta ends the node)",
    "lmp": "late move pruning (below the root, after the first two moves: jumps that take no "
           "stone are not searched; with order)",
}
"""The techniques, each a keyword of ``Engine`` (on by default but for ``OFF_BY_DEFAULT``)."""

OFF_BY_DEFAULT = ("aspiration", "lmr", "nullmove", "killers", "history")
"""Off unless asked for: what the engine's ladder decided (``python -m course_lib ladder``,
records in course_lib/data/engine_ladder_nodes.jsonl), in three stages at 100,000 nodes a move.
First, from the default of the time (every switch on but null-move pruning), each of pvs,
aspiration, lmr, nullmove, killers and history had its SPRT accept H0 (no gain of the size its
bounds asked about: 25 or 30 normalized Elo) and the table and the ordering H1; that default
(tt and order), against the one before, had its non-regression test accept H1 after 174 games
(median-unbiased +72 normalized Elo, 95 % interval +21 to +133). Then the two prunings added
since were tested from it: late move pruning accepted H1 after 222 games (+66 normalized Elo,
+19 to +116), reverse futility, tested with PVS on in both A and B since it acts only with it,
after 150 games (+97, +41 to +163), and the default with PVS, reverse futility and late move
pruning on, against tt and order alone, accepted H1 after 82 games (+215, +145 to +325; each
median-unbiased). Last, the five switches off here were tested again from that default, each
with its SPRT accepting H0 again (lmr after 100 games, nullmove 190, killers 1,050, history
1,796, aspiration 2,392), so the default stands."""

_FLAG = {"pvs": K.F_PVS, "tt": K.F_TT, "lmr": K.F_LMR, "nullmove": K.F_NULL,
         "killers": K.F_KILLERS, "history": K.F_HISTORY, "order": K.F_ORDER,
         "rfp": K.F_RFP, "lmp": K.F_LMP}

EVALUATIONS = ("material", "learned", "network")
"""What the engine's leaves can be scored by (``Engine(evaluation=...)``)."""

ASPIRATION_DELTA = 50
"""Half the first aspiration window, in hundredths of a stone."""
NULL_MIN_EMPTY = 8
"""No null move with this many empty squares or fewer."""
LMR_MIN_MOVE = 3
"""Moves before this one (counted from 0) are never reduced."""
RFP_MARGIN = 100
"""Reverse futility pruning cuts a node when its static score less this much per ply left
(hundredths of a stone: a stone a ply) still reaches beta."""
RFP_DEPTH = 6
"""Reverse futility pruning only with this many plies left or fewer."""
LMP_AFTER = 2
"""Late move pruning spares the moves before this one (counted from 0, in the order tried)."""
ORDER_WEIGHTS = (1, 4, 0)
"""The gain of a move in the ordering: per captured stone, for a clone, less per own stone
next to a jump's source (the hole it leaves). Clones before jumps (unless a jump takes five
stones more), then by captures: on 20 seeded positions at depth 8 this visited 28 % fewer nodes
than the material gain (2 per capture, 1 for a clone)."""


@dataclass
class SearchLimits:
    """When to stop (UAI's ``go`` arguments). All None: search to ``MAX_DEPTH``.

    >>> SearchLimits(movetime_ms=100).movetime_ms
    100
    """

    depth: int | None = None
    nodes: int | None = None
    movetime_ms: int | None = None
    wtime_ms: int | None = None           # o's clock (UAI: x = black = the first player)
    btime_ms: int | None = None           # x's clock
    winc_ms: int = 0
    binc_ms: int = 0
    movestogo: int | None = None
    infinite: bool = False


@dataclass
class SearchInfo:
    """One finished iteration (and the final report), from the side to move's view."""

    depth: int
    seldepth: int
    score_cp: int | None
    mate: int | None
    nodes: int
    time_ms: int
    nps: int
    pv: list[str]
    hashfull: int = 0


@dataclass
class EngineStats(SearchStats):
    """The counters of one ``Engine.search`` (``SearchStats`` plus the engine's own)."""

    seldepth: int = 0
    null_tries: int = 0
    null_cutoffs: int = 0
    reductions: int = 0
    re_searches: int = 0
    first_move_cutoffs: int = 0
    futility_cuts: int = 0
    late_moves_pruned: int = 0


def _check_limits(limits: object) -> SearchLimits:
    if not isinstance(limits, SearchLimits):
        raise InvalidArgumentError(f"limits must be a SearchLimits, got {type(limits).__name__}")
    for name, low, high, unit in (("depth", 1, MAX_DEPTH, "plies"), ("nodes", 1, MAX_NODES, ""),
                                  ("movetime_ms", 0, MAX_MS, "ms"), ("wtime_ms", 0, MAX_MS, "ms"),
                                  ("btime_ms", 0, MAX_MS, "ms"),
                                  ("movestogo", 1, MAX_MOVES_TO_GO, "moves")):
        whole(getattr(limits, name), f"SearchLimits.{name}", low, high, unit, optional=True)
    for name in ("winc_ms", "binc_ms"):
        whole(getattr(limits, name), f"SearchLimits.{name}", 0, MAX_MS, "ms")
    flag(limits.infinite, "SearchLimits.infinite")
    return limits


def _table_entries(hash_mb: object) -> int:
    hash_mb = whole(hash_mb, "hash_mb (MB of transposition table)", 1, MAX_HASH_MB)
    check_memory(hash_mb << 20, f"a transposition table of {hash_mb:,} MB")
    entries = (hash_mb << 20) // 16                     # 8 bytes of key, 8 of data
    return 1 << (entries.bit_length() - 1)


def time_budget(limits: SearchLimits, to_move: int, empty_squares: int
                ) -> tuple[float | None, float | None]:
    """(soft, hard) in seconds: no new iteration after ``soft``, stop at ``hard``; None for no
    limit.

    >>> time_budget(SearchLimits(movetime_ms=100), 1, 45)
    (0.097, 0.097)
    >>> soft, hard = time_budget(SearchLimits(btime_ms=10_000, binc_ms=100), 1, 45)
    >>> round(soft, 3), round(hard, 3)
    (0.242, 1.007)
    """
    _check_limits(limits)
    check_player(to_move, "to_move")
    whole(empty_squares, "empty_squares", 0, 49)
    if limits.infinite:
        return None, None
    if limits.movetime_ms is not None:
        margin = min(30.0, max(1.0, 0.03 * limits.movetime_ms))
        hard = max(0.5, limits.movetime_ms - margin) / 1000
        return hard, hard
    shares = clock_share_ms(limits, to_move, empty_squares)
    if shares is None:
        return None, None
    share, hard = shares
    return 0.6 * share / 1000, hard / 1000


def clock_share_ms(limits: SearchLimits, to_move: int, empty_squares: int
                   ) -> tuple[float, float] | None:
    """(share, most) in ms of the side to move's clock for this move: the time left over the
    moves still to come (``movestogo``, else half the empty squares + 8) plus 3/4 of the
    increment, at most half the time left; ``most`` is what a move may take when it needs
    more (2.5 shares, at most a fifth of the time left). None when the clock is not given.

    >>> share, most = clock_share_ms(SearchLimits(btime_ms=10_000, binc_ms=100), 1, 45)
    >>> round(share), round(most)
    (403, 1007)
    """
    left = limits.btime_ms if to_move == FIRST else limits.wtime_ms
    if left is None:
        return None
    inc = limits.binc_ms if to_move == FIRST else limits.winc_ms
    moves = limits.movestogo if limits.movestogo else empty_squares / 2 + 8
    share = left / moves + 0.75 * inc
    share = min(share, max(0.0, left - 20) * 0.5)
    most = min(2.5 * share, max(0.0, left - 20) / 5)
    most = max(most, min(share, 1.0), 0.5)
    return share, most


_loaded = [False]
"""Whether this process has compiled or loaded the kernels (``Engine.warm_up``)."""


class Engine:
    """The ATAXX engine: ``search(state, limits)`` gives a move and the last ``SearchInfo``.

    ``hash_mb`` sizes the transposition table (a power of two of 16-byte entries);
    the switches (``SWITCHES``: ``pvs``, ``aspiration``, ``tt``, ``lmr``, ``nullmove``,
    ``killers``, ``history``, ``order``) turn each technique on or off.

    ``evaluation`` scores the leaves: ``"material"`` (stones less the opponent's, in hundredths
    of a stone), ``"learned"`` (the n-tuple network of ``course_lib.learn``) or ``"network"``
    (the value network of ``course_lib.learn.network``), their weights from ``weights``, a
    path, default the shipped ones.

    >>> Engine(lmr=False).switches["lmr"]
    False
    """

    def __init__(self, hash_mb: int = 16, evaluation: str = "material",
                 weights: str | None = None, **switches: bool | int) -> None:
        self.switches = {name: name not in OFF_BY_DEFAULT for name in SWITCHES}
        for name, value in switches.items():
            if name not in SWITCHES:
                raise InvalidArgumentError(
                    f"the engine has no switch {name!r}; its switches are "
                    + ", ".join(SWITCHES))
            self.switches[name] = flag(value, f"switch {name}")
        self.flags = 0
        for name, bit in _FLAG.items():
            if self.switches[name]:
                self.flags |= bit
        if evaluation not in EVALUATIONS:
            raise InvalidArgumentError(f"the engine's evaluation is one of "
                                       f"{', '.join(EVALUATIONS)}, got {evaluation!r}")
        self.evaluation = evaluation
        self._table = np.zeros(1, dtype=np.int16)
        self._net = np.zeros((1, 2), dtype=np.int16)
        if evaluation == "learned":
            from ..learn.ntuple import load_weights
            self._table = load_weights(weights).table
            self.flags |= K.F_LEARNED
        elif evaluation == "network":
            from ..learn.network import load_network
            self._net = load_network(weights).packed
            self.flags |= K.F_NETWORK
        elif weights is not None:
            raise InvalidArgumentError("weights go with evaluation='learned' or 'network'")
        self._lock = threading.Lock()
        self._ws = K.workspace()
        self._ws[K.NULL_MIN_EMPTY] = NULL_MIN_EMPTY
        self._ws[K.LMR_MIN_MOVE] = LMR_MIN_MOVE
        self.hash_mb = 0
        self.set_hash(hash_mb)
        self.last_stats: EngineStats | None = None
        self.last_value: int = 0
        self._search_id = 0

    # --- settings -----------------------------------------------------------------------

    def set_hash(self, hash_mb: int) -> None:
        """A new (empty) transposition table of ``hash_mb`` MB."""
        entries = _table_entries(hash_mb)
        self.tt_keys = zeroed_rows(entries, np.uint64)
        self.tt_data = zeroed_rows(entries, np.int64)
        self.hash_mb = int(hash_mb)

    def new_game(self) -> None:
        """Forget everything learnt: the table, the killers, the history. A table of more than
        ``CLEAR_IN_PLACE_MB`` is replaced by a new one, whose memory costs nothing until the
        search writes it (clearing 1 GB in place took 0.5 to 0.7 s on a quiet machine, a new
        one 62 to 69 ms: ``benchmarks/bench_new_game.py``); a smaller one is cleared in place
        (16 MB: 1 ms, against 4 ms for a new one)."""
        if (self.tt_keys.nbytes + self.tt_data.nbytes) >> 20 > CLEAR_IN_PLACE_MB:
            self.tt_keys = zeroed_rows(len(self.tt_keys), np.uint64)
            self.tt_data = zeroed_rows(len(self.tt_data), np.int64)
        else:
            self.tt_keys[:] = 0
            self.tt_data[:] = 0
        ws = self._ws
        ws[K.KILLERS:K.KILLERS + 2 * K.MAX_PLY] = K.NO_MOVE
        ws[K.HISTORY:K.HISTORY + K.HISTORY_SIZE] = 0
        ws[K.GENERATION] = 0

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) every kernel now, not on the first move."""
        ws = K.workspace()
        keys = np.zeros(2, dtype=np.uint64)
        data = np.zeros(2, dtype=np.int64)
        me, opp = _mover(START)
        h = np.uint64(K.position_hash(START.first, START.second, START.to_move))
        K.search_root(np.uint64(me), np.uint64(opp), START.blocked, h, 1, 3, -K.INF, K.INF, ws,
                      keys, data, self.flags | K.F_TT, self._table, self._net)
        K.tt_entry(keys, data, h)
        K.hashfull(data, 0)
        K.pv_line(np.uint64(me), np.uint64(opp), START.blocked, h, 1, ws, keys, data, True,
                  np.empty(K.MAX_PLY, dtype=np.int64))
        _loaded[0] = True

    def stop(self) -> None:
        """Stop the running search (from any thread): it returns within a few ms with the best
        move found so far. The flag is cleared when a search returns, so a stop() that comes
        just before the search begins (a ``go`` at once followed by ``stop``) still stops it;
        a stop() while no search is running or about to run ends the next one early."""
        self._ws[K.STOP] = 1

    def _expire(self, search_id: int) -> None:
        """The deadline of search ``search_id`` (the timer thread): stop it if it still runs."""
        if self._search_id == search_id:
            self._ws[K.STOP] = 1

    # --- the search -----------------------------------------------------------------------

    def search(self, state: State | FastState | str, limits: SearchLimits | None = None,
               on_info: Callable[[SearchInfo], None] | None = None) -> tuple[Move, SearchInfo]:
        """Search ``state`` within ``limits``; return the move to play and the final info.

        ``on_info`` is called with each finished iteration's ``SearchInfo``. The move is always
        legal (the pass when the side must pass); a finished game raises ``GameOverError``.
        """
        limits = _check_limits(SearchLimits() if limits is None else limits)
        fs = _as_fast(state)
        if is_over(fs):
            raise GameOverError("the game is over: there is no move to search for")
        with self._lock:
            if not _loaded[0]:                      # compile or load before any clock runs
                self.warm_up()
            with stoppable(self.stop):              # Ctrl-C on the command line stops it
                return self._search(fs, limits, on_info)

    def _search(self, fs: FastState, limits: SearchLimits,
                on_info: Callable[[SearchInfo], None] | None) -> tuple[Move, SearchInfo]:
        started = time.perf_counter()
        ws = self._ws
        generation = (int(ws[K.GENERATION]) + 1) & 255
        stop = ws[K.STOP]                           # a stop() may have come already
        ws[:K.N_COUNTS] = 0                         # counters and settings
        ws[K.STOP] = stop
        ws[K.GENERATION] = generation
        ws[K.NULL_MIN_EMPTY] = NULL_MIN_EMPTY
        ws[K.LMR_MIN_MOVE] = LMR_MIN_MOVE
        ws[K.W_CAPTURE], ws[K.W_CLONE], ws[K.W_HOLE] = ORDER_WEIGHTS
        ws[K.RFP_MARGIN], ws[K.RFP_DEPTH], ws[K.LMP_AFTER] = RFP_MARGIN, RFP_DEPTH, LMP_AFTER
        ws[K.HISTORY:K.HISTORY + K.HISTORY_SIZE] //= 2
        ws[K.TURNS0] = min(fs.turns, K.MAX_TURNS)
        ws[K.NODE_LIMIT] = limits.nodes or 0
        me, opp = _mover(fs)
        me, opp = np.uint64(me), np.uint64(opp)
        blocked = np.uint64(fs.blocked)
        h = np.uint64(K.position_hash(fs.first, fs.second, fs.to_move))
        root_moves = legal_moves(fs)
        empty = 49 - int(me).bit_count() - int(opp).bit_count() - int(blocked).bit_count()
        soft, hard = time_budget(limits, fs.to_move, empty)
        max_depth = min(limits.depth or MAX_DEPTH, MAX_DEPTH)
        timer = None
        if hard is not None:
            timer = threading.Timer(max(0.0, hard - (time.perf_counter() - started)),
                                    self._expire, (self._search_id,))
            timer.daemon = True
            timer.start()
        best_code = int(root_moves[0])
        value = 0
        info: SearchInfo | None = None
        finished_depth = 0
        scores: list[int] = []
        use_aspiration = self.switches["aspiration"]
        try:
            for depth in range(1, max_depth + 1):
                alpha, beta, delta = -K.INF, K.INF, ASPIRATION_DELTA
                # Around the score of two plies ago: ATAXX scores swing with the side that
                # moves last, so the last iteration's score is a poor guess of this one's.
                guess = scores[-2] if len(scores) >= 2 else value
                if use_aspiration and depth >= 4 and abs(guess) < MATE_BOUND:
                    alpha, beta = guess - delta, guess + delta
                while True:
                    found = int(K.search_root(me, opp, blocked, h, fs.to_move, depth, alpha,
                                              beta, ws, self.tt_keys, self.tt_data,
                                              self.flags, self._table, self._net))
                    if ws[K.C_ABORTED]:
                        break
                    if found <= alpha and alpha > -K.INF:
                        beta = (alpha + beta) // 2
                        alpha = max(found - delta, -K.INF)
                    elif found >= beta and beta < K.INF:
                        beta = min(found + delta, K.INF)
                    else:
                        break
                    delta *= 3
                    if delta > 20 * K.STONE:
                        alpha, beta = -K.INF, K.INF
                if ws[K.C_ABORTED]:
                    if ws[K.ROOT_SET]:              # the unfinished iteration's best so far
                        best_code = int(ws[K.ROOT_BEST])
                        value = int(ws[K.ROOT_VALUE])
                        info = self._info(max(finished_depth, 1), value, self._pv(fs),
                                          started)
                    break
                value = found
                scores.append(found)
                if ws[K.ROOT_SET]:
                    best_code = int(ws[K.ROOT_BEST])
                finished_depth = depth
                info = self._info(depth, value, self._pv(fs), started)
                if on_info is not None:
                    on_info(info)
                if limits.infinite:
                    if abs(value) >= MATE_BOUND and MATE - abs(value) <= depth:
                        break                       # nothing shorter to find
                    continue
                if len(root_moves) == 1:
                    break                           # the only move (or a forced pass)
                if abs(value) >= MATE_BOUND and MATE - abs(value) <= depth:
                    break
                if soft is not None and time.perf_counter() - started >= soft:
                    break
        finally:
            if timer is not None:
                timer.cancel()
            self._search_id += 1                    # a late timer no longer stops anything
            ws[K.STOP] = 0
        if info is None:                            # not even depth 1 finished (node limit)
            info = self._info(0, value, [decode_move(best_code).uai()], started)
        final = self._info(info.depth, value, info.pv, started)   # the counts up to now
        info.nodes, info.time_ms, info.nps = final.nodes, final.time_ms, final.nps
        info.seldepth, info.hashfull = final.seldepth, final.hashfull
        if not info.pv or info.pv[0] != decode_move(best_code).uai():
            info.pv = [decode_move(best_code).uai()] + (info.pv[1:] if info.pv else [])
        self.last_value = value
        self.last_stats = self._stats(info, started)
        if on_info is not None and ws[K.C_ABORTED]:
            on_info(info)
        return decode_move(best_code), info

    # --- reports -------------------------------------------------------------------------

    def _pv(self, fs: FastState) -> list[str]:
        """The principal variation: the triangular table's line, then the table's moves
        while they are legal (a line cut short by a table hit)."""
        me, opp = _mover(fs)
        out = np.empty(K.MAX_PLY, dtype=np.int64)
        h = np.uint64(K.position_hash(fs.first, fs.second, fs.to_move))
        n = K.pv_line(np.uint64(me), np.uint64(opp), np.uint64(fs.blocked), h, fs.to_move,
                      self._ws, self.tt_keys, self.tt_data, self.switches["tt"], out)
        return [decode_move(code).uai() for code in out[:n].tolist()]

    def _info(self, depth: int, value: int, pv: list[str], started: float) -> SearchInfo:
        ws = self._ws
        seconds = time.perf_counter() - started
        nodes = int(ws[K.C_NODES])
        mate = None
        score = int(value)
        if abs(value) >= MATE_BOUND:
            plies = MATE - abs(value)
            mate = (plies + 1) // 2 if value > 0 else -((plies + 1) // 2)
            if mate == 0:
                mate = -1 if value < 0 else 1
            score = None
        return SearchInfo(depth=depth, seldepth=max(depth, int(ws[K.C_SELDEPTH])),
                          score_cp=score, mate=mate, nodes=nodes,
                          time_ms=int(seconds * 1000),
                          nps=int(nodes / seconds) if seconds > 0 else 0, pv=pv,
                          hashfull=int(K.hashfull(self.tt_data, int(ws[K.GENERATION]))))

    def _stats(self, info: SearchInfo, started: float) -> EngineStats:
        ws = self._ws
        return EngineStats(
            nodes=int(ws[K.C_NODES]), cutoffs=int(ws[K.C_CUTOFFS]),
            tt_hits=int(ws[K.C_TT_HITS]), tt_cutoffs=int(ws[K.C_TT_CUTOFFS]),
            depth=info.depth, seconds=time.perf_counter() - started,
            seldepth=info.seldepth, null_tries=int(ws[K.C_NULL_TRIES]),
            null_cutoffs=int(ws[K.C_NULL_CUTOFFS]), reductions=int(ws[K.C_LMR]),
            re_searches=int(ws[K.C_LMR_RESEARCH]),
            first_move_cutoffs=int(ws[K.C_FIRST_CUTOFFS]),
            futility_cuts=int(ws[K.C_RFP]), late_moves_pruned=int(ws[K.C_LMP]))


def _as_fast(state: object) -> FastState:
    if isinstance(state, State):
        return to_fast(state)
    if isinstance(state, FastState):
        return state
    if isinstance(state, str):
        return to_fast(State.from_fen(state))
    raise InvalidArgumentError("the engine plays ATAXX: expected a course_lib.ataxx State, a "
                               f"FastState or a FEN string, got {type(state).__name__}")
