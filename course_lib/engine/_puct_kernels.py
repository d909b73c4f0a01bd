"""Compiled kernels of guided MCTS for ATAXX: the learned evaluation as the value of a leaf,
and as prior probabilities for PUCT selection (the AlphaGo / AlphaZero idea in miniature).

Read ``course_lib.agents._mcts_kernels`` first (the teaching MCTS compiled): the tree is the
same kind of record array, with two more
fields per node (dtype ``GUIDED_NODE``):

    prior       P, the prior probability of the move into the node (NaN without priors)
    evaluation  the learned evaluation of the node as an expected result (0 loss .. 1 win) for
                the player who moved into it; NaN until it is computed

Leaf value (``value=learned``): a position scored ``s`` by ``learned_eval`` (hundredths of a
stone, for its side to move) is worth ``1 / (1 + exp(-s / win_scale))`` to its side to move, so
``1 / (1 + exp(s / win_scale))`` to the player who moved into it. A finished game is scored
exactly (1, 0.5, 0), as in plain MCTS. No generator draws are made: the search is the same
whatever the seed.

Priors (``prior=learned``): when a node first grows, *all* its children are created at once
(rows next to each other, in canonical move order), each child's position scored by the
learned evaluation, from the view of the player choosing at the node (``-s`` of the child),
and ``P = softmax(score / temperature)`` over the children. A child that ends the game gets the
score ``+-WIN_SCORE`` (0 for a draw), so a move that wins at once takes almost all the prior.
Selection is PUCT:

    PUCT(v') = Q(v') + c * P(v') * sqrt(N(v)) / (1 + N(v'))

with ``Q(v') = wins / visits`` of a visited child and, for a child never visited, the
*first-play value* ``fpu``: by default the parent's mean result for the player choosing there
(``1 - wins(v) / N(v)``), a guess that is neither optimistic in a lost position (0.5 would send
the search to every unvisited move there) nor pessimistic in a won one. ``sqrt(N(v))`` is taken
as 1 while ``N(v) = 0`` (only the root's first iteration), so the first child tried is the one
with the highest prior. A child that is a proven win for the chooser (solver) is taken at once;
proven losses are skipped, as in UCB selection.

Without priors (``prior=none``) selection and expansion are those of plain MCTS (UCB, one new
child per iteration), only the leaf is scored by the evaluation instead of a playout. Priors
with ``value=playout`` score leaves by the playout of ``settings.playout``.

With priors one expansion adds up to ``MOVE_BUFFER`` rows. When fewer rows than that are free,
the tree is full: the search goes on in it without growing (a node that would grow is scored as
a leaf, by its evaluation), so a small tree never ends a timed search.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..ataxx._bitboard import (MOVE_BUFFER, N_SQUARES, PASS_CODE, _apply_move,
                               _empty_squares, _generate_moves, _is_over, _popcount)
from ..learn._network_kernels import _accumulate, _child_eval, network_eval
from ..learn._policy_kernels import policy_priors
from ..learn.ntuple import learned_eval
from ..agents._mcts_kernels import (C_NEW_NODES, C_NODES, C_PLAYOUTS, HALT, MAX_PATH, NOT_PROVEN,
                            SETTINGS, _add_child, _backpropagate, _best_child, _grows, _outcome,
                            _playout)

GUIDED_NODE = np.dtype([("wins", np.float64), ("first_child", np.int32),
                        ("next_sibling", np.int32), ("visits", np.int32), ("prior", np.float32),
                        ("evaluation", np.float32), ("move", np.int16), ("n_children", np.int16),
                        ("n_moves", np.int16), ("proven", np.int8)], align=False)
"""The fields of ``NODE`` and two more, in the smallest types that hold them: 35 bytes a node
(``NODE`` with two float64 would take 56). A move code fits in 16 bits, and so does a count of
moves; the prior and the evaluation need no more than float32's 7 digits; ``wins``, a sum over
up to ``MAX_VISITS`` results, keeps float64. The record is packed (no padding)."""
MAX_VISITS = 2**31 - 1 - (1 << 20)
"""``visits`` is an int32: a search stops (as when its budget is spent) once the root has this
many visits, about four and a half hours of ``go infinite``."""
GUIDED_SETTINGS = np.dtype([(name, SETTINGS.fields[name][0]) for name in SETTINGS.names]
                           + [("value", np.int64), ("prior", np.int64),
                              ("temperature", np.float64), ("win_scale", np.float64),
                              ("fpu", np.float64), ("evaluation", np.int64)], align=True)

VALUE_PLAYOUT, VALUE_LEARNED = 0, 1
VALUE_CODES = {"playout": VALUE_PLAYOUT, "learned": VALUE_LEARNED}
PRIOR_NONE, PRIOR_LEARNED, PRIOR_POLICY = 0, 1, 2
PRIOR_CODES = {"none": PRIOR_NONE, "learned": PRIOR_LEARNED, "policy": PRIOR_POLICY}
"""``learned``: the softmax of the children's scores by the evaluation; ``policy``: the policy
network's priors (``course_lib.learn.policy``), the children left unscored until visited."""
EVAL_NTUPLE, EVAL_NETWORK = 0, 1
EVAL_CODES = {"learned": EVAL_NTUPLE, "network": EVAL_NETWORK}
"""Which learned evaluation scores: the n-tuple network (``table``) or the value network
(``net``; a node's children are then scored by updates of one accumulator of the node)."""
FPU_PARENT = -1.0
"""``settings.fpu`` below 0: the first-play value is the parent's mean result."""
WIN_SCORE = 10_000.0
"""The prior's score of a move that ends the game, in hundredths of a stone (a loss is minus
this, a draw 0): more than any material difference on the board."""

# counters[...], after the six of _mcts_kernels
C_EVALUATIONS = 6    # calls of learned_eval
N_GUIDED_COUNTERS = 7

_EXP_LIMIT = 700.0


@njit(cache=True, nogil=True)
def expected_result(score: float, win_scale: float) -> float:
    """``1 / (1 + exp(-score / win_scale))``: the expected result of a position scored
    ``score`` for the side the score is for (overflow-safe).

    >>> expected_result(0.0, 100.0)
    0.5
    """
    x = -score / win_scale
    if x > _EXP_LIMIT:
        x = _EXP_LIMIT
    elif x < -_EXP_LIMIT:
        x = -_EXP_LIMIT
    return 1.0 / (1.0 + math.exp(x))


@njit(cache=True, nogil=True)
def _add_guided_child(tree: np.ndarray, counters: np.ndarray, node: int, code: int) -> int:
    """``_add_child`` with no prior and no evaluation yet (both NaN)."""
    row = _add_child(tree, counters, node, code)
    tree[row].prior = np.nan
    tree[row].evaluation = np.nan
    return row


@njit(cache=True, nogil=True)
def _expand_all(tree: np.ndarray, counters: np.ndarray, settings: np.ndarray,
                table: np.ndarray, net: np.ndarray, accs: np.ndarray, policy: tuple,
                node: int, me: np.uint64, opp: np.uint64, blocked: np.uint64, child_turns: int,
                moves: np.ndarray, scores: np.ndarray) -> None:
    """Create every child of ``node`` (``me`` to move there) in canonical order, on consecutive
    rows, with its evaluation and its prior ``softmax(score / temperature)``."""
    win_scale = settings[0].win_scale
    temperature = settings[0].temperature
    n = _generate_moves(me, _empty_squares(me, opp, blocked), moves, False)
    if n == 0:
        moves[0] = PASS_CODE
        n = 1
    first = counters[C_NODES]
    best = -np.inf
    by_policy = settings[0].prior == PRIOR_POLICY
    network = settings[0].evaluation == EVAL_NETWORK and not by_policy
    if network:
        _accumulate(opp, me, net, accs[0])     # the node from its opponent's view
    for i in range(n):
        code = moves[i]
        mine, theirs = _apply_move(me, opp, code)           # still the chooser's view
        row = first + i
        tree[row].move = code
        tree[row].first_child = -1
        tree[row].next_sibling = row + 1 if i < n - 1 else -1
        tree[row].n_children = 0
        tree[row].n_moves = -1
        tree[row].proven = NOT_PROVEN
        tree[row].visits = 0
        tree[row].wins = 0.0
        if _is_over(mine, theirs, blocked, child_turns):
            a = _popcount(mine)
            b = _popcount(theirs)
            result = 1.0 if a > b else 0.5 if a == b else 0.0
            tree[row].evaluation = result
            scores[i] = (2.0 * result - 1.0) * WIN_SCORE
            if settings[0].solver:
                tree[row].proven = int(2.0 * result)
        elif by_policy:
            tree[row].evaluation = np.nan                   # scored when first visited
        else:
            if network:                                     # for the child's side to move
                s = _child_eval(accs[0], accs[1], net, me, opp, mine, theirs)
            else:
                s = learned_eval(theirs, mine, blocked, table)
            counters[C_EVALUATIONS] += 1
            tree[row].evaluation = expected_result(-s, win_scale)
            scores[i] = -float(s)
        if scores[i] > best:
            best = scores[i]
    if by_policy:
        policy_priors(me, opp, moves, n, policy[0], policy[1], policy[2], policy[3], scores)
        for i in range(n):
            tree[first + i].prior = scores[i]
    else:
        total = 0.0
        for i in range(n):
            scores[i] = math.exp((scores[i] - best) / temperature)
            total += scores[i]
        for i in range(n):
            tree[first + i].prior = scores[i] / total
    counters[C_NODES] += n
    counters[C_NEW_NODES] += n
    tree[node].first_child = first
    tree[node].n_children = n


@njit(cache=True, nogil=True)
def _puct_child(tree: np.ndarray, node: int, c: float, fpu: float) -> int:
    """The child with the highest PUCT (first of equal ones): a proven win for the chooser at
    once, proven losses skipped, unvisited children valued ``fpu`` (parent's mean when < 0).
    When every child is a proven loss (all of them can be proven as they are made, at the turn
    limit), the first: its proven result, backpropagated, proves the node lost."""
    parent_visits = tree[node].visits
    sqrt_n = math.sqrt(max(parent_visits, 1))
    if fpu < 0.0:
        fpu = 1.0 - tree[node].wins / parent_visits if parent_visits > 0 else 0.5
    best = -1
    best_score = -np.inf
    child = tree[node].first_child
    while child >= 0:
        proven = tree[child].proven
        if proven == 2:
            return child
        if proven != 0:
            visits = tree[child].visits
            q = tree[child].wins / visits if visits > 0 else fpu
            score = q + c * tree[child].prior * sqrt_n / (1.0 + visits)
            if score > best_score:
                best = child
                best_score = score
        child = tree[child].next_sibling
    return best if best >= 0 else tree[node].first_child


@njit(cache=True, nogil=True)
def _iterate_guided(tree: np.ndarray, counters: np.ndarray, settings: np.ndarray,
                    rng: np.ndarray, table: np.ndarray, net: np.ndarray, accs: np.ndarray,
                    policy: tuple, first: np.uint64, second: np.uint64, blocked: np.uint64,
                    to_move: int,
                    turns: int, path: np.ndarray, moves: np.ndarray, scores: np.ndarray,
                    stones_buf: np.ndarray, targets_buf: np.ndarray) -> None:
    """One iteration of guided MCTS: select (UCB or PUCT), expand (one child, or all with
    priors), score the leaf (learned value or playout), backpropagate (and prove)."""
    expand_after = settings[0].expand_after
    c = settings[0].c
    with_priors = settings[0].prior != PRIOR_NONE
    if to_move == 1:
        me, opp = first, second
    else:
        me, opp = second, first
    mover = to_move
    node = 0
    depth = 0
    path[0] = 0
    if with_priors:
        # Selection by PUCT; a node that grows for the first time gets all its children.
        while _grows(tree, node, me, opp, blocked, turns + depth, expand_after):
            if tree[node].n_children == 0:
                if counters[C_NODES] + MOVE_BUFFER > tree.shape[0]:
                    break                    # the tree is full: the node stays a leaf
                _expand_all(tree, counters, settings, table, net, accs, policy, node, me,
                            opp, blocked, turns + depth + 1, moves, scores)
            node = _puct_child(tree, node, c, settings[0].fpu)
            me, opp = _apply_move(me, opp, tree[node].move)
            me, opp = opp, me
            mover = 3 - mover
            depth += 1
            path[depth] = node
    else:
        # Selection by UCB and expansion of the first untried move: plain MCTS.
        while (_grows(tree, node, me, opp, blocked, turns + depth, expand_after)
               and tree[node].n_children == tree[node].n_moves):
            node = _best_child(tree, node, c)
            me, opp = _apply_move(me, opp, tree[node].move)
            me, opp = opp, me
            mover = 3 - mover
            depth += 1
            path[depth] = node
        if (_grows(tree, node, me, opp, blocked, turns + depth, expand_after)
                and tree[node].n_children < tree[node].n_moves
                and counters[C_NODES] < tree.shape[0]):
            n = _generate_moves(me, _empty_squares(me, opp, blocked), moves, False)
            code = moves[tree[node].n_children] if n > 0 else PASS_CODE
            node = _add_guided_child(tree, counters, node, code)
            me, opp = _apply_move(me, opp, code)
            me, opp = opp, me
            mover = 3 - mover
            depth += 1
            path[depth] = node
            if settings[0].solver and _is_over(me, opp, blocked, turns + depth):
                halves = int(2.0 * _outcome(me, opp, mover))
                if mover == 1:
                    halves = 2 - halves
                tree[node].proven = halves
    # The leaf: exact when over or proven, else the learned value or a playout.
    if _is_over(me, opp, blocked, turns + depth):
        outcome = _outcome(me, opp, mover)
    elif tree[node].proven != NOT_PROVEN:
        outcome = tree[node].proven / 2.0
        if mover == 1:
            outcome = 1.0 - outcome
    elif settings[0].value == VALUE_LEARNED:
        value = tree[node].evaluation                     # for the player into the node
        if np.isnan(value):                                 # for the side to move here
            if settings[0].evaluation == EVAL_NETWORK:
                s = network_eval(me, opp, net)
            else:
                s = learned_eval(me, opp, blocked, table)
            counters[C_EVALUATIONS] += 1
            value = expected_result(-s, settings[0].win_scale)
            tree[node].evaluation = value
        outcome = value if mover == 2 else 1.0 - value    # player 1's view
    else:
        counters[C_PLAYOUTS] += 1
        outcome = _playout(me, opp, blocked, mover, turns + depth, rng, settings, counters,
                           moves, stones_buf, targets_buf)
    _backpropagate(tree, counters, path, depth, to_move, outcome, settings[0].solver)


@njit(cache=True, nogil=True)
def _agreeing_visited_child(tree: np.ndarray) -> int:
    """The first visited root child with both the most visits and the highest win rate among
    the visited children, or -1 (children with priors may not be visited yet)."""
    most = 0
    best = -np.inf
    child = tree[0].first_child
    while child >= 0:
        if tree[child].visits > 0:
            most = max(most, tree[child].visits)
            best = max(best, tree[child].wins / tree[child].visits)
        child = tree[child].next_sibling
    child = tree[0].first_child
    while child >= 0:
        if (tree[child].visits > 0 and tree[child].visits == most
                and tree[child].wins / tree[child].visits == best):
            return child
        child = tree[child].next_sibling
    return -1


@njit(cache=True, nogil=True)
def _run_guided(tree: np.ndarray, counters: np.ndarray, settings: np.ndarray, rng: np.ndarray,
                table: np.ndarray, net: np.ndarray, policy: tuple, first: np.uint64,
                second: np.uint64, blocked: np.uint64, to_move: int, turns: int,
                n_iterations: int, until_agree: bool, control: np.ndarray) -> int:
    """Up to ``n_iterations`` iterations of guided MCTS: stop early when the root is proven,
    (``until_agree``) when a root child has both the most visits and the best win rate, when
    the root has ``MAX_VISITS``, or after the first iteration once another thread sets
    ``control[HALT]``. A node is not expanded when the tree has fewer than ``MOVE_BUFFER``
    free rows: the search goes on in the tree it has, scoring such a node as a leaf.
    Returns the iterations run."""
    path = np.empty(MAX_PATH, dtype=np.int64)
    moves = np.empty(MOVE_BUFFER, dtype=np.int64)
    scores = np.empty(MOVE_BUFFER, dtype=np.float64)
    stones_buf = np.empty(N_SQUARES, dtype=np.int64)
    targets_buf = np.empty(N_SQUARES, dtype=np.uint64)
    accs = np.empty((2, net.shape[1]), dtype=np.int16)
    done = 0
    while done < n_iterations:
        if tree[0].proven != NOT_PROVEN or tree[0].visits >= MAX_VISITS:
            break
        if done > 0 and control[HALT] != 0:
            break
        if until_agree and _agreeing_visited_child(tree) >= 0:
            break
        _iterate_guided(tree, counters, settings, rng, table, net, accs, policy, first, second,
                        blocked, to_move, turns, path, moves, scores, stones_buf, targets_buf)
        done += 1
    return done
