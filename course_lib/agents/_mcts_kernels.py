"""The compiled kernels behind ``course_lib.agents.mcts_fast``: MCTS for ATAXX in numba.

Read ``mcts.py`` first: these kernels do the same four phases, in the same order, with the
same generator draws, so that with the same seed and options they build the same tree.

The tree is one preallocated numpy *record* array, ``tree``, one row per node (dtype ``NODE``).
The root is row 0; a node's children are a linked list (``first_child``, then ``next_sibling``)
in move order, the order they were added. Nodes do not store positions: an iteration starts
from the root position and plays the moves on its way down (a move is one ``_apply_move``).

Fields of a node:

    move          the move code that led here (source * 64 + destination, -1 a pass; -2 root)
    first_child   row of the first child, -1 if none
    next_sibling  row of the next child of the same parent, -1 if none
    n_children    children added so far
    n_moves       legal moves here, -1 until the node first grows
    proven        -1 unknown, else twice the exact result for the node's player
                  (0 loss, 1 draw, 2 win), as in ``mcts.Node.proven`` times two
    visits        N
    wins          Q, for the player who moved into the node

The player who moved into a node is not stored: the players alternate at every ply (a pass is
a ply), so at depth d it is the root's side to move when d is odd, the other side when d is even.

Counters of a search live in ``counters`` (int64): see the ``C_*`` indices below. The options
live in ``settings``, a one-row record array of dtype ``SETTINGS``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..ataxx._bitboard import (MOVE_BUFFER, N_SQUARES, PASS_CODE, RING1, U0, _apply_move,
                               _count_moves, _empty_squares, _generate_moves, _is_over,
                               _next_u64, _popcount, _random_move)

NODE = np.dtype([("move", np.int32), ("first_child", np.int32), ("next_sibling", np.int32),
                 ("n_children", np.int32), ("n_moves", np.int32), ("proven", np.int8),
                 ("visits", np.int64), ("wins", np.float64)], align=True)
SETTINGS = np.dtype([("c", np.float64), ("epsilon", np.float64), ("expand_after", np.int64),
                     ("playout", np.int64), ("cutoff_plies", np.int64), ("solver", np.bool_)],
                    align=True)

ROOT_MOVE = -2
NOT_PROVEN = -1
PLAYOUT_RANDOM, PLAYOUT_GREEDY, PLAYOUT_CUTOFF = 0, 1, 2
PLAYOUT_CODES = {"random": PLAYOUT_RANDOM, "greedy": PLAYOUT_GREEDY, "cutoff": PLAYOUT_CUTOFF}

# counters[...]
C_NODES = 0          # rows in use
C_MAX_DEPTH = 1      # deepest node an iteration reached
C_PLAYOUTS = 2
C_PLAYOUT_PLIES = 3
C_ENTERED = 4        # tree nodes on the iterations' paths (MCTSStats.nodes)
C_NEW_NODES = 5
N_COUNTERS = 6

HALT = 0             # control[HALT]: set by another thread to end the kernel's loop
MAX_PATH = 512       # a path is at most 401 nodes: every node at the 400-turn cap is terminal
INV_2_53 = 1.0 / 9007199254740992.0
U11 = np.uint64(11)


@njit(cache=True)
def _random(rng: np.ndarray) -> float:
    """A float in [0, 1) from the top 53 bits: ``SplitMix64.random`` bit for bit."""
    return np.float64(_next_u64(rng) >> U11) * INV_2_53


@njit(cache=True)
def _outcome(me: np.uint64, opp: np.uint64, mover: int) -> float:
    """Player 1's result by the stone count: 1 more stones, 0.5 equal, 0 fewer. This is the
    result of a finished game, and also the sign of material that scores a cut-off playout."""
    mine = _popcount(me)
    theirs = _popcount(opp)
    if mine == theirs:
        return 0.5
    if (mine > theirs) == (mover == 1):
        return 1.0
    return 0.0


@njit(cache=True)
def _gain(opp: np.uint64, code: int) -> int:
    """``State.gain``: 2 per captured stone, plus 1 for a clone's new stone."""
    if code < 0:
        return 0
    s = code >> 6
    t = code & 63
    gain = 2 * _popcount(opp & RING1[t])
    if RING1[s] & (np.uint64(1) << np.uint64(t)) != U0:
        gain += 1
    return gain


@njit(cache=True)
def _greedy_move(me: np.uint64, opp: np.uint64, empty: np.uint64, moves: np.ndarray) -> int:
    """The move with the largest gain, the first in canonical order among equal ones."""
    n = _generate_moves(me, empty, moves, False)
    if n == 0:
        return PASS_CODE
    best, best_gain = moves[0], _gain(opp, moves[0])
    for i in range(1, n):
        gain = _gain(opp, moves[i])
        if gain > best_gain:
            best, best_gain = moves[i], gain
    return best


@njit(cache=True)
def _playout(me: np.uint64, opp: np.uint64, blocked: np.uint64, mover: int, turns: int,
             rng: np.ndarray, settings: np.ndarray, counters: np.ndarray, moves: np.ndarray,
             stones_buf: np.ndarray, targets_buf: np.ndarray) -> float:
    """Phase 3: play from (me, opp) with ``mover`` to move; return player 1's outcome."""
    kind = settings[0].playout
    epsilon = settings[0].epsilon
    cutoff = settings[0].cutoff_plies
    plies = 0
    while not _is_over(me, opp, blocked, turns + plies):
        if kind == PLAYOUT_CUTOFF and plies >= cutoff:
            break
        empty = _empty_squares(me, opp, blocked)
        if kind == PLAYOUT_GREEDY and not _random(rng) < epsilon:
            code = _greedy_move(me, opp, empty, moves)
        else:
            code = _random_move(me, empty, rng, False, stones_buf, targets_buf)
        me, opp = _apply_move(me, opp, code)
        me, opp = opp, me
        mover = 3 - mover
        plies += 1
    counters[C_PLAYOUT_PLIES] += plies
    return _outcome(me, opp, mover)


@njit(cache=True)
def _grows(tree: np.ndarray, node: int, me: np.uint64, opp: np.uint64, blocked: np.uint64,
           turns: int, expand_after: int) -> bool:
    """``MCTSAgent.grows``: not over, not proven, and the root or tried ``expand_after`` times.
    The first time, count the node's moves (a forced pass is one move)."""
    if _is_over(me, opp, blocked, turns) or tree[node].proven != NOT_PROVEN:
        return False
    if node != 0 and tree[node].visits < expand_after:
        return False
    if tree[node].n_moves < 0:
        tree[node].n_moves = max(1, _count_moves(me, _empty_squares(me, opp, blocked), False))
    return True


@njit(cache=True)
def _best_child(tree: np.ndarray, node: int, c: float) -> int:
    """The child with the highest UCB (first of equal ones), proven losses skipped; the same
    expression as ``mcts.ucb``."""
    log_n = math.log(tree[node].visits)
    best = -1
    best_score = -np.inf
    child = tree[node].first_child
    while child >= 0:
        if tree[child].proven != 0:
            visits = tree[child].visits
            score = tree[child].wins / visits + c * math.sqrt(2.0 * log_n / visits)
            if score > best_score:
                best = child
                best_score = score
        child = tree[child].next_sibling
    return best


@njit(cache=True)
def _add_child(tree: np.ndarray, counters: np.ndarray, node: int, code: int) -> int:
    """Append a child reached by ``code`` to ``node``'s children; return its row."""
    row = counters[C_NODES]
    counters[C_NODES] += 1
    counters[C_NEW_NODES] += 1
    tree[row].move = code
    tree[row].first_child = -1
    tree[row].next_sibling = -1
    tree[row].n_children = 0
    tree[row].n_moves = -1
    tree[row].proven = NOT_PROVEN
    tree[row].visits = 0
    tree[row].wins = 0.0
    if tree[node].n_children == 0:
        tree[node].first_child = row
    else:
        last = tree[node].first_child
        while tree[last].next_sibling >= 0:
            last = tree[last].next_sibling
        tree[last].next_sibling = row
    tree[node].n_children += 1
    return row


@njit(cache=True)
def _prove(tree: np.ndarray, node: int) -> bool:
    """``MCTSAgent.prove`` in halves: True when ``node`` is newly proven."""
    if tree[node].proven != NOT_PROVEN:
        return False
    all_proven = tree[node].n_children == tree[node].n_moves
    best = -1
    child = tree[node].first_child
    while child >= 0:
        result = tree[child].proven
        if result == 2:                          # a proven win for the mover here
            tree[node].proven = 0
            return True
        if result == NOT_PROVEN:
            all_proven = False
        elif result > best:
            best = result
        child = tree[child].next_sibling
    if all_proven:
        tree[node].proven = 2 - best
        return True
    return False


@njit(cache=True)
def _backpropagate(tree: np.ndarray, counters: np.ndarray, path: np.ndarray, depth: int,
                   to_move: int, outcome: float, solver: bool) -> None:
    """Phase 4: add the result ``outcome`` (player 1's view) to every node on ``path[0..depth]``
    (the player into the node at depth d: the root's side to move ``to_move`` for odd d, the
    other side for even d); with ``solver``, prove what can be proven from the leaf up. Any
    tree record type with ``visits``, ``wins`` and the solver's fields will do (plain and
    guided MCTS share it)."""
    for d in range(depth + 1):
        row = path[d]
        player = to_move if d % 2 == 1 else 3 - to_move
        tree[row].visits += 1
        if player == 1:
            tree[row].wins += outcome
        else:
            tree[row].wins += 1.0 - outcome
    if solver:
        for d in range(depth - 1, -1, -1):
            if not _prove(tree, path[d]):
                break
    counters[C_ENTERED] += depth + 1
    if depth > counters[C_MAX_DEPTH]:
        counters[C_MAX_DEPTH] = depth


@njit(cache=True)
def _iterate(tree: np.ndarray, counters: np.ndarray, settings: np.ndarray, rng: np.ndarray,
             first: np.uint64, second: np.uint64, blocked: np.uint64, to_move: int, turns: int,
             path: np.ndarray, moves: np.ndarray, stones_buf: np.ndarray,
             targets_buf: np.ndarray) -> None:
    """One iteration: ``MCTSAgent.iterate``, phase for phase."""
    expand_after = settings[0].expand_after
    if to_move == 1:
        me, opp = first, second
    else:
        me, opp = second, first
    mover = to_move
    node = 0
    depth = 0
    path[0] = 0
    # Phase 1: selection.
    while (_grows(tree, node, me, opp, blocked, turns + depth, expand_after)
           and tree[node].n_children == tree[node].n_moves):
        node = _best_child(tree, node, settings[0].c)
        me, opp = _apply_move(me, opp, tree[node].move)
        me, opp = opp, me
        mover = 3 - mover
        depth += 1
        path[depth] = node
    # Phase 2: expansion, by the first untried move (the n_children-th in canonical order),
    # if the tree has a free row (else the simulation starts from the node reached).
    if (_grows(tree, node, me, opp, blocked, turns + depth, expand_after)
            and tree[node].n_children < tree[node].n_moves
            and counters[C_NODES] < tree.shape[0]):
        n = _generate_moves(me, _empty_squares(me, opp, blocked), moves, False)
        code = moves[tree[node].n_children] if n > 0 else PASS_CODE
        node = _add_child(tree, counters, node, code)
        me, opp = _apply_move(me, opp, code)
        me, opp = opp, me
        mover = 3 - mover
        depth += 1
        path[depth] = node
        if settings[0].solver and _is_over(me, opp, blocked, turns + depth):
            halves = int(2.0 * _outcome(me, opp, mover))    # player 1's result, doubled
            if mover == 1:                                   # player 2 moved into the node
                halves = 2 - halves
            tree[node].proven = halves
    # Phase 3: simulation (exact on a terminal or proven node).
    if _is_over(me, opp, blocked, turns + depth):
        outcome = _outcome(me, opp, mover)
    elif tree[node].proven != NOT_PROVEN:
        outcome = tree[node].proven / 2.0
        if mover == 1:                                   # the node's player is player 2
            outcome = 1.0 - outcome
    else:
        counters[C_PLAYOUTS] += 1
        outcome = _playout(me, opp, blocked, mover, turns + depth, rng, settings, counters,
                           moves, stones_buf, targets_buf)
    _backpropagate(tree, counters, path, depth, to_move, outcome, settings[0].solver)


@njit(cache=True)
def _agreeing_child(tree: np.ndarray) -> int:
    """``mcts.agreeing_child`` of the root: the first child with both the most visits and the
    highest win rate, or -1."""
    most = 0
    best = -np.inf
    child = tree[0].first_child
    while child >= 0:
        most = max(most, tree[child].visits)
        best = max(best, tree[child].wins / tree[child].visits)
        child = tree[child].next_sibling
    child = tree[0].first_child
    while child >= 0:
        if tree[child].visits == most and tree[child].wins / tree[child].visits == best:
            return child
        child = tree[child].next_sibling
    return -1


@njit(cache=True, nogil=True)
def _run(tree: np.ndarray, counters: np.ndarray, settings: np.ndarray, rng: np.ndarray,
         first: np.uint64, second: np.uint64, blocked: np.uint64, to_move: int, turns: int,
         n_iterations: int, until_agree: bool, control: np.ndarray) -> int:
    """Up to ``n_iterations`` iterations, as ``MCTSAgent._run``: stop early when the root is
    proven, or (``until_agree``) when one root child has both the most visits and the highest
    win rate, or after the first iteration once another thread sets ``control[HALT]`` (the
    deadline's timer, a ``stop``). A tree without a free row grows no more: the search goes
    on in the tree it has. Returns the iterations run."""
    path = np.empty(MAX_PATH, dtype=np.int64)
    moves = np.empty(MOVE_BUFFER, dtype=np.int64)
    stones_buf = np.empty(N_SQUARES, dtype=np.int64)
    targets_buf = np.empty(N_SQUARES, dtype=np.uint64)
    done = 0
    while done < n_iterations:
        if tree[0].proven != NOT_PROVEN or (done > 0 and control[HALT] != 0):
            break
        if until_agree and _agreeing_child(tree) >= 0:
            break
        _iterate(tree, counters, settings, rng, first, second, blocked, to_move, turns, path,
                 moves, stones_buf, targets_buf)
        done += 1
    return done


@njit(cache=True, nogil=True)
def _keep_subtree(tree: np.ndarray, n_rows: int, root: int) -> int:
    """Move the subtree below row ``root`` of ``tree[:n_rows]`` to the front of ``tree``, in
    place: the root to row 0, the other nodes in the order they were created. A node is
    created after its parent, so every kept row moves down (or stays) and no row is
    overwritten before it is read; children made together stay together, in their order.
    Returns the number of rows kept. Takes time in proportion to ``n_rows - root``, and
    4 bytes of scratch memory per row."""
    span = n_rows - root
    # new_row[i] for old row root + i: 0 left out, -1 kept (not numbered yet), k + 1 kept
    # as row k. A row is numbered before its children are reached (they come after it).
    new_row = np.zeros(span, dtype=np.int32)
    new_row[0] = -1
    size = 0
    for i in range(span):
        if new_row[i] == 0:
            continue
        size += 1
        new_row[i] = size
        child = tree[root + i].first_child
        while child >= 0:
            new_row[child - root] = -1
            child = tree[child].next_sibling
    for i in range(span):
        row = new_row[i] - 1
        if row < 0:
            continue
        old = root + i
        first = tree[old].first_child
        following = tree[old].next_sibling
        tree[row] = tree[old]
        tree[row].first_child = new_row[first - root] - 1 if first >= 0 else -1
        tree[row].next_sibling = (new_row[following - root] - 1
                                  if following >= 0 and row > 0 else -1)
    tree[0].move = ROOT_MOVE
    return size
