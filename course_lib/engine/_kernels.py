"""The compiled search of the engine: negamax alpha-beta with the techniques of a game engine.

Read ``engine.py`` first; this module holds the numba kernel it drives. Everything here takes
only numpy arrays and scalars. Unlike ``course_lib.agents._fast_search_kernels`` (the teaching
search, which keeps exact node counts and values), this search takes every shortcut that makes
it reach deeper in the same time. Each technique is one bit of ``flags``:

- ``F_PVS`` principal variation search: the first move with the full window, the others with a
  null window ``(alpha, alpha + 1)``, searched again with the full window only if they beat
  alpha;
- ``F_TT`` the transposition table: probed for its move at every node, its value used where the
  entry's depth is at least the remaining depth (not at PV nodes when ``F_PVS`` is on);
- ``F_LMR`` late move reductions: after the first moves, searched ``r`` plies shallower with a
  null window, again at full depth if they beat alpha;
- ``F_NULL`` null-move pruning (see ``_search``: only where a pass is unlikely to be better
  than every move);
- ``F_KILLERS``, ``F_HISTORY`` the killer moves and history scores of the move ordering;
- ``F_ORDER`` move ordering at all (table move first, then by a gain with weights in the
  workspace: per captured stone, for a clone, against the hole a jump leaves; killers and
  history break ties); without it the table move first, then generation order (clones by
  destination, then jumps by source);
- ``F_RFP`` reverse futility pruning (see ``_search``: a node off the principal variation,
  a few plies from the horizon, whose static score is far enough above beta returns it);
- ``F_LMP`` late move pruning (with ``F_ORDER``, below the root): after the first
  ``ws[LMP_AFTER]`` moves a jump that takes no stone is not searched (at the frontier: not
  scored); such quiet jumps are rarely good, and on notebook 11's middle-game positions they
  are over half of the moves (``course_lib.lessons.nb11.move_kinds``);
- ``F_LEARNED`` the learned evaluation (``course_lib.learn.ntuple.learned_eval`` with the
  ``table`` argument) at the leaves instead of material;
- ``F_NETWORK`` the value network (``course_lib.learn.network``, the packed int16 ``net``
  argument) at the leaves. One ply above the leaves (``_frontier``) the parent's accumulator is
  built once and each child's is an update of it (``course_lib.learn._network_kernels``).

(The aspiration window lives in ``engine.py``: it is the window the root is called with.)

Scores are in hundredths of a stone (``STONE = 100``) from the side to move's view. A finished
game scores ``MATE - ply`` for a win (ply = plies from the root to the end of the game), its
negation for a loss, 0 for a draw; anything beyond ``MATE_BOUND`` is a forced end of the game.

The workspace ``ws`` is one flat int64 array (offsets below): counters and settings, killers
(two per ply), history (``history[code]``), per ply a move buffer and a key buffer, and the
triangular principal-variation table (``pv[ply][ply..]`` with its lengths).
The transposition table is ``tt_keys`` (uint64 Zobrist keys) and ``tt_data`` (one packed int64
per entry: move + 2, depth, bound, generation, value), two entries per bucket.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..agents.transposition import ZOBRIST_KEYS, ZOBRIST_SECOND_TO_MOVE
from ..ataxx._bitboard import (BIT, FULL, MOVE_BUFFER, RING1, RING2, U0, U1, _grow,
                               _lowest_bit_index, _popcount)
from ..learn._network_kernels import _accumulate, _child_eval, network_eval
from ..learn.ntuple import learned_eval

MAX_PLY = 128
"""The deepest ply the buffers hold; iterative deepening stops below it."""
MB = MOVE_BUFFER
STONE = 100
MATE = 1_000_000
MATE_BOUND = MATE - 10_000
INF = 2_000_000
MAX_TURNS = 400
NO_MOVE = -2
PASS_CODE = -1

F_PVS, F_TT, F_LMR, F_NULL, F_KILLERS, F_HISTORY, F_ORDER, F_LEARNED = 1, 2, 4, 8, 16, 32, 64, 128
F_NETWORK = 256
F_RFP, F_LMP = 512, 1024

UPPER, LOWER, EXACT = 1, 2, 3

# --- the workspace ----------------------------------------------------------------------------
(C_NODES, C_SELDEPTH, C_ABORTED, STOP, C_TT_HITS, C_TT_CUTOFFS, C_NULL_TRIES, C_NULL_CUTOFFS,
 C_LMR, C_LMR_RESEARCH, NODE_LIMIT, TURNS0, GENERATION, ROOT_BEST, ROOT_VALUE, ROOT_SET,
 C_CUTOFFS, C_FIRST_CUTOFFS, NULL_MIN_EMPTY, LMR_MIN_MOVE, W_CAPTURE, W_CLONE,
 W_HOLE, C_RFP, C_LMP, RFP_MARGIN, RFP_DEPTH, LMP_AFTER) = range(28)
N_COUNTS = 28
KILLERS = N_COUNTS
HISTORY = KILLERS + 2 * MAX_PLY
HISTORY_SIZE = 64 * 64
MOVES = HISTORY + HISTORY_SIZE
KEYS = MOVES + MAX_PLY * MB
PV = KEYS + MAX_PLY * MB
PV_LEN = PV + MAX_PLY * MAX_PLY
WS_SIZE = PV_LEN + MAX_PLY
HISTORY_CAP = (1 << 30) - 1

ZOBRIST = np.array(ZOBRIST_KEYS, dtype=np.uint64)        # [square][player], the course's keys
Z_SIDE = np.uint64(ZOBRIST_SECOND_TO_MOVE)

LMR_TABLE = np.zeros((64, 64), dtype=np.int64)
"""``LMR_TABLE[depth][move_number]``: plies of reduction, 0.75 + ln(depth) ln(move) / 2.25."""
for _d in range(1, 64):
    for _m in range(1, 64):
        LMR_TABLE[_d, _m] = int(0.75 + math.log(_d) * math.log(_m) / 2.25)

_M12 = np.int64(4095)
_M8 = np.int64(255)
_M32 = np.int64(0xFFFFFFFF)
_VALUE_OFFSET = np.int64(1 << 31)


def workspace() -> np.ndarray:
    """A fresh workspace: counters 0, no killers, no history."""
    ws = np.zeros(WS_SIZE, dtype=np.int64)
    ws[KILLERS:KILLERS + 2 * MAX_PLY] = NO_MOVE
    return ws


@njit(cache=True, nogil=True)
def position_hash(first: np.uint64, second: np.uint64, to_move: int) -> np.uint64:
    """The Zobrist key of a position (the course's ``transposition.position_hash``)."""
    h = Z_SIDE if to_move == 2 else U0
    board = first
    while board != U0:
        s = _lowest_bit_index(board)
        board &= board - U1
        h = h ^ ZOBRIST[s, 1]
    board = second
    while board != U0:
        s = _lowest_bit_index(board)
        board &= board - U1
        h = h ^ ZOBRIST[s, 2]
    return h


@njit(cache=True, nogil=True)
def _final_score(me: np.uint64, opp: np.uint64, ply: int) -> int:
    """The score of a finished game for the side with stones ``me``: a win the sooner the
    better, a loss the later the better, a draw 0."""
    margin = _popcount(me) - _popcount(opp)
    if margin > 0:
        return MATE - ply
    if margin < 0:
        return ply - MATE
    return 0


@njit(cache=True, nogil=True)
def _tt_probe(tt_keys: np.ndarray, tt_data: np.ndarray, h: np.uint64) -> int:
    """The packed entry of ``h`` (0 when the table has none)."""
    b = np.int64(h & np.uint64(tt_keys.shape[0] - 1)) & ~np.int64(1)
    if tt_keys[b] == h and tt_data[b] != 0:
        return tt_data[b]
    if tt_keys[b + 1] == h and tt_data[b + 1] != 0:
        return tt_data[b + 1]
    return np.int64(0)


@njit(cache=True, nogil=True)
def _tt_store(tt_keys: np.ndarray, tt_data: np.ndarray, h: np.uint64, depth: int, value: int,
              bound: int, move: int, ply: int, generation: int) -> None:
    """Store an entry. Mate scores are stored as distances from this node, not the root.
    Replacement, in a bucket of two: the entry of the same position if there is one (keeping
    its move when this one has none); else the emptier, older or shallower entry (depth less 8
    per search of age)."""
    if value >= MATE_BOUND:
        value += ply
    elif value <= -MATE_BOUND:
        value -= ply
    b = np.int64(h & np.uint64(tt_keys.shape[0] - 1)) & ~np.int64(1)
    j = -1
    for k in range(2):
        if tt_keys[b + k] == h and tt_data[b + k] != 0:
            j = b + k
    if j >= 0:
        if move == NO_MOVE:
            move = (tt_data[j] & _M12) - 2
    else:
        worst = np.int64(1 << 40)
        for k in range(2):
            old = tt_data[b + k]
            if old == 0:
                score = np.int64(-(1 << 40))
            else:
                age = (generation - ((old >> 22) & _M8)) & _M8
                score = ((old >> 12) & _M8) - 8 * age
            if score < worst:
                worst = score
                j = b + k
    tt_keys[j] = h
    tt_data[j] = ((move + 2) | (np.int64(depth) << 12) | (np.int64(bound) << 20)
                  | (np.int64(generation & 255) << 22) | ((value + _VALUE_OFFSET) << 30))


@njit(cache=True, nogil=True)
def tt_entry(tt_keys: np.ndarray, tt_data: np.ndarray, h: np.uint64) -> tuple[int, int, int, int]:
    """(move, depth, bound, value) of the entry of ``h``, or (NO_MOVE, -1, 0, 0)."""
    d = _tt_probe(tt_keys, tt_data, h)
    if d == 0:
        return np.int64(NO_MOVE), np.int64(-1), np.int64(0), np.int64(0)
    return ((d & _M12) - 2, (d >> 12) & _M8, (d >> 20) & np.int64(3),
            ((d >> 30) & _M32) - _VALUE_OFFSET)


@njit(cache=True, nogil=True)
def _static(me: np.uint64, opp: np.uint64, blocked: np.uint64, flags: int, table: np.ndarray,
            net: np.ndarray) -> int:
    """The position's score for the side to move by the evaluation in ``flags`` (the value
    network, the learned evaluation or material), without a search."""
    if (flags & F_NETWORK) != 0:
        return network_eval(me, opp, net)
    if (flags & F_LEARNED) != 0:
        return learned_eval(me, opp, blocked, table)
    return STONE * (_popcount(me) - _popcount(opp))


@njit(cache=True, nogil=True)
def _can_move(stones: np.uint64, empty: np.uint64) -> bool:
    return (_grow(_grow(stones)) & empty) != U0


@njit(cache=True, nogil=True)
def _abort(ws: np.ndarray, before: int, after: int) -> bool:
    """Should the search stop now that the node count went from ``before`` to ``after``? Over
    the node limit (when > 0), or the stop flag raised (looked at every 1024 nodes)."""
    limit = ws[NODE_LIMIT]
    if limit > 0 and after >= limit:
        return True
    return (after >> 10) != (before >> 10) and ws[STOP] != 0


@njit(cache=True, nogil=True)
def _generate(me: np.uint64, empty: np.uint64, ws: np.ndarray, at: int) -> tuple[int, int]:
    """Write the moves at ``ws[at:]``: clones first (one per destination, canonical source),
    then jumps by source; return (moves, clones)."""
    n = 0
    targets = _grow(me) & empty
    while targets != U0:
        t = _lowest_bit_index(targets)
        targets &= targets - U1
        ws[at + n] = _lowest_bit_index(RING1[t] & me) * 64 + t
        n += 1
    clones = n
    stones = me
    while stones != U0:
        s = _lowest_bit_index(stones)
        stones &= stones - U1
        targets = RING2[s] & empty
        while targets != U0:
            t = _lowest_bit_index(targets)
            targets &= targets - U1
            ws[at + n] = s * 64 + t
            n += 1
    return n, clones


@njit(cache=True, nogil=True)
def _frontier(me: np.uint64, opp: np.uint64, blocked: np.uint64, empty: np.uint64,
              ws: np.ndarray, at: int, n: int, clones: int, ply: int, flags: int,
              table: np.ndarray, net: np.ndarray) -> tuple[int, int]:
    """A node with one ply left: every child is a leaf, scored here without a call (material
    after the move, or the learned evaluation of the child with ``F_LEARNED``, or the end of
    the game). Returns (value, best move); exact, whatever the window."""
    learned = (flags & F_LEARNED) != 0
    network = (flags & F_NETWORK) != 0
    if network:                         # the parent from its opponent's view, then each child
        parent_acc = np.empty(net.shape[1], dtype=np.int16)          # by an update of it
        scratch = np.empty(net.shape[1], dtype=np.int16)
        _accumulate(opp, me, net, parent_acc)
    base = _popcount(me) - _popcount(opp)
    n_opp = _popcount(opp)
    n_empty = _popcount(empty)
    capped = ws[TURNS0] + ply + 1 >= MAX_TURNS
    best = -INF
    best_move = np.int64(NO_MOVE)
    prune = (flags & F_LMP) != 0 and (flags & F_ORDER) != 0 and ply > 0
    lmp_after = ws[LMP_AFTER]
    for i in range(n):
        code = ws[at + i]
        t = code & 63
        captured = _popcount(opp & RING1[t])
        if prune and i >= clones and captured == 0 and i >= lmp_after:
            ws[C_LMP] += 1                  # a quiet jump, not scored: not a node either
            ws[C_NODES] -= 1
            continue
        if i < clones:
            margin = base + 1 + 2 * captured
            left = n_empty - 1
        else:
            margin = base + 2 * captured
            left = n_empty
        over = captured == n_opp or left == 0 or capped
        mine = me
        theirs = opp
        if learned or network or (not over and blocked != U0):
            s = code >> 6
            cap = opp & RING1[t]
            mine = me | BIT[t] | cap
            if i >= clones:
                mine = mine ^ BIT[s]
            theirs = opp ^ cap
        if not over and blocked != U0:
            free = FULL & ~(mine | theirs | blocked)
            over = not _can_move(mine, free) and not _can_move(theirs, free)
        if over:
            value = MATE - ply - 1 if margin > 0 else (ply + 1 - MATE if margin < 0 else 0)
        elif network:
            value = -_child_eval(parent_acc, scratch, net, me, opp, mine, theirs)
        elif learned:
            value = -learned_eval(theirs, mine, blocked, table)
        else:
            value = STONE * margin
        if value > best:
            best = value
            best_move = code
    return best, best_move


@njit(cache=True, nogil=True)
def _search(me: np.uint64, opp: np.uint64, blocked: np.uint64, h: np.uint64, player: int,
            depth: int, alpha: int, beta: int, ply: int, null_ok: bool, ws: np.ndarray,
            tt_keys: np.ndarray, tt_data: np.ndarray, flags: int, table: np.ndarray,
            net: np.ndarray) -> int:
    """Negamax alpha-beta, fail-soft: the value of the position for the side to move
    (``player``, stones ``me``) when it lies inside (alpha, beta); otherwise a bound on the
    far side of the window. On abandon (stop flag, node limit) ``ws[C_ABORTED]`` is set and 0
    returned all the way up.

    Null move: at a node that is not on the principal variation, with 3 or more plies left,
    where the side to move is at least ``beta`` ahead already, may clone (so it is not stuck
    with jumps only, where passing would often be better) and more than
    ``ws[NULL_MIN_EMPTY]`` squares are empty, the side passes and the opponent gets a search
    ``2 + depth // 4`` plies shallower with a null window at beta; if even that fails high the
    node is cut. ATAXX has no zugzwang in the middle game (a clone adds a stone and loses none),
    but near the end a forced jump or a forced fill can be worse than a pass: hence the limits.
    """
    before = ws[C_NODES]
    ws[C_NODES] = before + 1
    if _abort(ws, before, before + 1):
        ws[C_ABORTED] = 1
        return 0
    ws[PV_LEN + ply] = ply
    if ply > ws[C_SELDEPTH]:
        ws[C_SELDEPTH] = ply
    empty = FULL & ~(me | opp | blocked)
    if me == U0 or opp == U0 or empty == U0 or ws[TURNS0] + ply >= MAX_TURNS:
        return _final_score(me, opp, ply)
    if depth <= 0 or ply >= MAX_PLY - 1:
        if blocked != U0 and not _can_move(me, empty) and not _can_move(opp, empty):
            return _final_score(me, opp, ply)
        return _static(me, opp, blocked, flags, table, net)

    pv_node = beta - alpha > 1
    use_tt = (flags & F_TT) != 0
    use_pvs = (flags & F_PVS) != 0
    tt_move = np.int64(NO_MOVE)
    if use_tt and depth > 1:
        d = _tt_probe(tt_keys, tt_data, h)
        if d != 0:
            tt_move = (d & _M12) - 2
            if ply > 0 and ((d >> 12) & _M8) >= depth and not (pv_node and use_pvs):
                ws[C_TT_HITS] += 1
                value = ((d >> 30) & _M32) - _VALUE_OFFSET
                if value >= MATE_BOUND:
                    value -= ply
                elif value <= -MATE_BOUND:
                    value += ply
                bound = (d >> 20) & np.int64(3)
                if (bound == EXACT or (bound == LOWER and value >= beta)
                        or (bound == UPPER and value <= alpha)):
                    ws[C_TT_CUTOFFS] += 1
                    return value

    at = MOVES + ply * MB
    n, clones = _generate(me, empty, ws, at)
    other = 3 - player
    child_ok = ply >= 0                            # True, but not a literal (see engine.py)
    if n == 0:                                     # no move: pass, unless nobody can move
        if blocked != U0 and not _can_move(opp, empty):
            return _final_score(me, opp, ply)
        value = -_search(opp, me, blocked, h ^ Z_SIDE, other, depth - 1, -beta, -alpha,
                         ply + 1, child_ok, ws, tt_keys, tt_data, flags, table, net)
        if ws[C_ABORTED] != 0:
            return 0
        row = PV + ply * MAX_PLY
        ws[row + ply] = PASS_CODE
        for k in range(ply + 1, ws[PV_LEN + ply + 1]):
            ws[row + k] = ws[PV + (ply + 1) * MAX_PLY + k]
        ws[PV_LEN + ply] = max(ws[PV_LEN + ply + 1], ply + 1)
        return value

    # Reverse futility: off the principal variation, a few plies from the horizon, a static
    # score this far above beta will hardly fall below it in the plies left.
    if ((flags & F_RFP) != 0 and not pv_node and ply > 0 and depth <= ws[RFP_DEPTH]
            and beta < MATE_BOUND and beta > -MATE_BOUND):
        static = _static(me, opp, blocked, flags, table, net)
        if static - ws[RFP_MARGIN] * depth >= beta:
            ws[C_RFP] += 1
            return static

    if depth == 1:
        before = ws[C_NODES]
        ws[C_NODES] = before + n
        if ply + 1 > ws[C_SELDEPTH]:
            ws[C_SELDEPTH] = ply + 1
        best, best_move = _frontier(me, opp, blocked, empty, ws, at, n, clones, ply, flags,
                                    table, net)
        if _abort(ws, before, ws[C_NODES]):
            ws[C_ABORTED] = 1
            return 0
        ws[PV + ply * MAX_PLY + ply] = best_move
        ws[PV_LEN + ply] = ply + 1
        if ply == 0:                               # a search to depth 1: the root's move
            ws[ROOT_BEST] = best_move
            ws[ROOT_VALUE] = best
            ws[ROOT_SET] = 1
        if use_tt:
            bound = EXACT
            _tt_store(tt_keys, tt_data, h, depth, best, bound, best_move, ply, ws[GENERATION])
        return best

    if ((flags & F_NULL) != 0 and null_ok and not pv_node and depth >= 3 and ply > 0
            and beta < MATE_BOUND and beta > -MATE_BOUND and clones > 0
            and _popcount(empty) > ws[NULL_MIN_EMPTY]
            and STONE * (_popcount(me) - _popcount(opp)) >= beta):
        ws[C_NULL_TRIES] += 1
        reduced = depth - 3 - depth // 4
        value = -_search(opp, me, blocked, h ^ Z_SIDE, other, reduced, -beta, 1 - beta,
                         ply + 1, ply < 0, ws, tt_keys, tt_data, flags, table, net)
        if ws[C_ABORTED] != 0:
            return 0
        if value >= beta:
            ws[C_NULL_CUTOFFS] += 1
            return beta if value >= MATE_BOUND else value

    keys = KEYS + ply * MB
    killer_at = KILLERS + 2 * ply
    ordered = (flags & F_ORDER) != 0
    use_killers = (flags & F_KILLERS) != 0
    use_history = (flags & F_HISTORY) != 0
    k0 = ws[killer_at]
    k1 = ws[killer_at + 1]
    w_capture = ws[W_CAPTURE]
    w_clone = ws[W_CLONE]
    w_hole = ws[W_HOLE]
    if ordered:
        for i in range(n):
            code = ws[at + i]
            if code == tt_move:
                ws[keys + i] = np.int64(1) << 60
                continue
            gain = w_capture * _popcount(opp & RING1[code & 63]) + 64
            if i < clones:
                gain += w_clone
            else:
                gain -= w_hole * _popcount(me & RING1[code >> 6])
            key = np.int64(4 * gain)
            if use_killers:
                if code == k0:
                    key += 3
                elif code == k1:
                    key += 2
            key = key << 32
            if use_history:
                score = ws[HISTORY + code]
                key += score if score < HISTORY_CAP else HISTORY_CAP
            ws[keys + i] = key
    else:
        tt_at = -1
        for i in range(n):
            if ws[at + i] == tt_move:
                tt_at = i
        if tt_at > 0:                              # the table move first, the rest in order
            code = ws[at + tt_at]
            for i in range(tt_at, 0, -1):
                ws[at + i] = ws[at + i - 1]
            ws[at] = code

    use_lmr = (flags & F_LMR) != 0
    alpha_on_entry = alpha
    best = -INF
    best_move = np.int64(NO_MOVE)
    row = PV + ply * MAX_PLY
    lmr_min = ws[LMR_MIN_MOVE]
    use_lmp = (flags & F_LMP) != 0 and ordered and ply > 0
    lmp_after = ws[LMP_AFTER]
    for k in range(n):
        if ordered:
            i = 0
            top = np.int64(-1)
            for j in range(n):
                if ws[keys + j] > top:
                    top = ws[keys + j]
                    i = j
            ws[keys + i] = -1
        else:
            i = k
        code = ws[at + i]
        s = code >> 6
        t = code & 63
        captured = opp & RING1[t]
        is_clone = (RING1[s] & BIT[t]) != U0
        if (use_lmp and k >= lmp_after and not is_clone and captured == U0
                and best > -MATE_BOUND):        # a late quiet jump, unless all else loses
            ws[C_LMP] += 1
            continue
        mine = me | BIT[t] | captured
        if not is_clone:
            mine = mine ^ BIT[s]
        theirs = opp ^ captured
        child_h = h
        if use_tt:
            child_h = h ^ Z_SIDE ^ ZOBRIST[t, player]
            if not is_clone:
                child_h = child_h ^ ZOBRIST[s, player]
            c = captured
            while c != U0:
                q = _lowest_bit_index(c)
                c &= c - U1
                child_h = child_h ^ ZOBRIST[q, other] ^ ZOBRIST[q, player]
        if k == 0:
            value = -_search(theirs, mine, blocked, child_h, other, depth - 1, -beta, -alpha,
                             ply + 1, child_ok, ws, tt_keys, tt_data, flags, table, net)
        else:
            reduction = 0
            if (use_lmr and depth >= 3 and k >= lmr_min and code != k0 and code != k1):
                reduction = LMR_TABLE[min(depth, 63), min(k, 63)]
                if pv_node:
                    reduction -= 1
                if reduction > depth - 2:
                    reduction = depth - 2
                if reduction < 0:
                    reduction = 0
            low = -alpha - 1 if use_pvs else -beta
            if reduction > 0:
                ws[C_LMR] += 1
                value = -_search(theirs, mine, blocked, child_h, other,
                                 depth - 1 - reduction, low, -alpha, ply + 1, child_ok, ws,
                                 tt_keys, tt_data, flags, table, net)
                if ws[C_ABORTED] != 0:
                    return 0
                if value > alpha:
                    ws[C_LMR_RESEARCH] += 1
                    value = -_search(theirs, mine, blocked, child_h, other, depth - 1, low,
                                     -alpha, ply + 1, child_ok, ws, tt_keys, tt_data, flags,
                                     table, net)
            else:
                value = -_search(theirs, mine, blocked, child_h, other, depth - 1, low,
                                 -alpha, ply + 1, child_ok, ws, tt_keys, tt_data, flags, table, net)
            if use_pvs and ws[C_ABORTED] == 0 and value > alpha and value < beta:
                value = -_search(theirs, mine, blocked, child_h, other, depth - 1, -beta,
                                 -alpha, ply + 1, child_ok, ws, tt_keys, tt_data, flags, table, net)
        if ws[C_ABORTED] != 0:
            return 0
        if value > best:
            best = value
            best_move = code
            if value > alpha:
                alpha = value
                ws[row + ply] = code
                child_row = PV + (ply + 1) * MAX_PLY
                end = ws[PV_LEN + ply + 1]
                for q in range(ply + 1, end):
                    ws[row + q] = ws[child_row + q]
                ws[PV_LEN + ply] = max(end, ply + 1)
                if ply == 0:
                    ws[ROOT_BEST] = code
                    ws[ROOT_VALUE] = value
                    ws[ROOT_SET] = 1
                if value >= beta:
                    ws[C_CUTOFFS] += 1
                    if k == 0:
                        ws[C_FIRST_CUTOFFS] += 1
                    if use_killers and k0 != code:
                        ws[killer_at + 1] = k0
                        ws[killer_at] = code
                    if use_history:
                        ws[HISTORY + code] += depth * depth
                    break
    if use_tt:
        if best <= alpha_on_entry:
            bound = UPPER
        elif best >= beta:
            bound = LOWER
        else:
            bound = EXACT
        _tt_store(tt_keys, tt_data, h, depth, best, bound, best_move, ply, ws[GENERATION])
    return best


@njit(cache=True, nogil=True)
def search_root(me: np.uint64, opp: np.uint64, blocked: np.uint64, h: np.uint64, player: int,
                depth: int, alpha: int, beta: int, ws: np.ndarray, tt_keys: np.ndarray,
                tt_data: np.ndarray, flags: int, table: np.ndarray, net: np.ndarray) -> int:
    """One search of the root to ``depth`` within (alpha, beta); the move found is
    ``ws[ROOT_BEST]`` (when ``ws[ROOT_SET]``), the principal variation ``ws[PV:PV +
    ws[PV_LEN]]``."""
    ws[ROOT_SET] = 0
    ws[C_ABORTED] = 0
    zero = np.int64(0)
    return _search(me, opp, blocked, h, player, depth, alpha, beta, zero, depth < 0, ws,
                   tt_keys, tt_data, flags, table, net)


@njit(cache=True, nogil=True)
def hashfull(tt_data: np.ndarray, generation: int) -> int:
    """Per mille of the first 1000 entries filled in this search."""
    n = min(1000, tt_data.shape[0])
    used = 0
    for i in range(n):
        d = tt_data[i]
        if d != 0 and ((d >> 22) & _M8) == (generation & 255):
            used += 1
    return used * 1000 // n


@njit(cache=True, nogil=True)
def _is_legal(me: np.uint64, opp: np.uint64, blocked: np.uint64, code: int,
              buffer: np.ndarray) -> bool:
    empty = FULL & ~(me | opp | blocked)
    n = _generate(me, empty, buffer, 0)[0]
    if n == 0:
        return code == PASS_CODE
    for i in range(n):
        if buffer[i] == code:
            return True
    return False


@njit(cache=True, nogil=True)
def pv_line(me: np.uint64, opp: np.uint64, blocked: np.uint64, h: np.uint64, player: int,
            ws: np.ndarray, tt_keys: np.ndarray, tt_data: np.ndarray, use_tt: bool,
            out: np.ndarray) -> int:
    """The principal variation into ``out``; returns its length: the triangular table's line
    while its moves are legal, then (``use_tt``) the table's moves while they are legal, the
    game goes on and no position repeats."""
    buffer = np.empty(MB, dtype=np.int64)
    seen = np.empty(out.shape[0], dtype=np.uint64)
    n = 0
    turns = ws[TURNS0]
    length = ws[PV_LEN]
    k = 0
    while n < out.shape[0]:
        empty = FULL & ~(me | opp | blocked)
        if me == U0 or opp == U0 or empty == U0 or turns + n >= MAX_TURNS:
            break
        if k < length:
            code = ws[PV + k]
            k += 1
        elif use_tt:
            for j in range(n):
                if seen[j] == h:
                    return n
            code = (_tt_probe(tt_keys, tt_data, h) & _M12) - 2
        else:
            break
        if code == NO_MOVE or not _is_legal(me, opp, blocked, code, buffer):
            break
        seen[n] = h
        out[n] = code
        n += 1
        other = 3 - player
        if code >= 0:
            s = code >> 6
            t = code & 63
            captured = opp & RING1[t]
            mine = me | BIT[t] | captured
            h = h ^ ZOBRIST[t, player]
            if (RING1[s] & BIT[t]) == U0:
                mine = mine ^ BIT[s]
                h = h ^ ZOBRIST[s, player]
            c = captured
            while c != U0:
                q = _lowest_bit_index(c)
                c &= c - U1
                h = h ^ ZOBRIST[q, other] ^ ZOBRIST[q, player]
            me, opp = opp ^ captured, mine
        else:
            me, opp = opp, me
        h = h ^ Z_SIDE
        player = other
    return n
