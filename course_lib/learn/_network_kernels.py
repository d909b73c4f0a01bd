"""The value network compiled: the int16 accumulator, its incremental update, the output.

Read ``network.py`` first: this module computes the same integer score (``network_eval`` equals
``network.evaluate_readable``) from the packed int16 array ``net`` (rows 0..2915 ``W1q``, then
``b1q``, ``w2q`` and the head row ``b2q, scale``).

The accumulator of a position is ``b1q`` plus one row of ``W1q`` per window (36 rows of H
int16). A move changes few squares: the destination, the stones it captures (all next to the
destination) and, for a jump, the source. Only the windows holding a changed square change
state, so the accumulator of the position after a move is the one before, plus
``W1q[new state] - W1q[old state]`` for each such window (``_update``): 4 windows for a clone
that captures nothing, up to 16 for one that captures all round, where a full accumulator reads
36 rows.

The view is the side to move's, and it changes at every move: the accumulator that scores a
child is the *child's mover's* view, the parent's opponent. A search that scores all the
children of a node (guided MCTS when it grows a node, alpha-beta one ply above its leaves)
builds the parent's accumulator from the opponent's view once (``_accumulate``), then each
child's by ``_update`` from it (``_child_eval``). A pair of accumulators (one per colour, as in
chess NNUE) would let every node update its parent's, but every update would then write both,
twice the work, and an evaluation here always follows a full accumulator of its parent.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..ataxx._bitboard import U0
from .network import QA, QB, ROW_BIAS, ROW_HEAD, ROW_OUT, STATES, WINDOW_SQUARES, WINDOWS

WINDOW_SHIFT = np.array(WINDOW_SQUARES[:, 0], dtype=np.uint64)
WINDOW_MASK = np.array([sum(1 << int(s) for s in squares) for squares in WINDOW_SQUARES],
                       dtype=np.uint64)
NIBBLE_TO_TERNARY = np.array([sum(3 ** j for j in range(4) if b >> j & 1) for b in range(16)],
                             dtype=np.int64)
"""``NIBBLE_TO_TERNARY[b]``: the four bits of ``b`` as base-3 digits 0/1."""
_U3 = np.uint64(3)
_U5 = np.uint64(5)
_U12 = np.uint64(12)


@njit(cache=True, nogil=True)
def _state(me: np.uint64, opp: np.uint64, k: int) -> int:
    """The input of window ``k`` that is on: ``81 k`` + its state."""
    m = me >> WINDOW_SHIFT[k]
    o = opp >> WINDOW_SHIFT[k]
    bm = (m & _U3) | ((m >> _U5) & _U12)
    bo = (o & _U3) | ((o >> _U5) & _U12)
    return STATES * k + NIBBLE_TO_TERNARY[np.int64(bm)] + 2 * NIBBLE_TO_TERNARY[np.int64(bo)]


@njit(cache=True, nogil=True)
def _accumulate(me: np.uint64, opp: np.uint64, net: np.ndarray, acc: np.ndarray) -> None:
    """Write the accumulator of the position (``me`` to move) into ``acc`` (int16, H)."""
    hidden = acc.shape[0]
    for h in range(hidden):
        acc[h] = net[ROW_BIAS, h]
    for k in range(WINDOWS):
        row = _state(me, opp, k)
        for h in range(hidden):
            acc[h] += net[row, h]


@njit(cache=True, nogil=True)
def _update(acc: np.ndarray, net: np.ndarray, me0: np.uint64, opp0: np.uint64, me1: np.uint64,
            opp1: np.uint64) -> None:
    """``acc``, the accumulator of (``me0``, ``opp0``), becomes that of (``me1``, ``opp1``):
    a new row minus the old one for each window whose squares changed."""
    changed = (me0 ^ me1) | (opp0 ^ opp1)
    hidden = acc.shape[0]
    for k in range(WINDOWS):
        if WINDOW_MASK[k] & changed != U0:
            old = _state(me0, opp0, k)
            new = _state(me1, opp1, k)
            for h in range(hidden):
                acc[h] += net[new, h] - net[old, h]


@njit(cache=True, nogil=True)
def _output(acc: np.ndarray, net: np.ndarray) -> int:
    """The score of an accumulator, in hundredths of a stone (see ``network.py``)."""
    s = np.int64(0)
    for h in range(acc.shape[0]):
        c = np.int64(acc[h])
        if c < 0:
            c = 0
        elif c > QA:
            c = QA
        s += c * c * np.int64(net[ROW_OUT, h])
    return ((s // QA) + np.int64(net[ROW_HEAD, 0])) * np.int64(net[ROW_HEAD, 1]) // (QA * QB)


@njit(cache=True, nogil=True)
def network_eval(me: np.uint64, opp: np.uint64, net: np.ndarray) -> int:
    """The score of the position for the side to move (``me``), in hundredths of a stone,
    from a full accumulator. For a finished game score the result instead: the network was
    trained on positions still in play."""
    acc = np.empty(net.shape[1], dtype=np.int16)
    _accumulate(me, opp, net, acc)
    return _output(acc, net)


@njit(cache=True, nogil=True)
def _child_eval(parent_acc: np.ndarray, scratch: np.ndarray, net: np.ndarray,
                parent_me: np.uint64, parent_opp: np.uint64, mine: np.uint64,
                theirs: np.uint64) -> int:
    """The score of a child for *its* side to move, from ``parent_acc``, the accumulator of
    the parent from its opponent's view (``_accumulate(parent_opp, parent_me, ...)``): the
    parent's mover had ``parent_me`` and, after the move, ``mine``; the other side
    ``parent_opp``, then ``theirs``. ``scratch`` (int16, H) is overwritten."""
    scratch[:] = parent_acc
    _update(scratch, net, parent_opp, parent_me, theirs, mine)
    return _output(scratch, net)


@njit(cache=True, nogil=True)
def network_eval_many(me: np.ndarray, opp: np.ndarray, net: np.ndarray) -> np.ndarray:
    """``network_eval`` of each position (``me[i]`` to move): an int64 array."""
    out = np.empty(me.shape[0], dtype=np.int64)
    acc = np.empty(net.shape[1], dtype=np.int16)
    for i in range(me.shape[0]):
        _accumulate(me[i], opp[i], net, acc)
        out[i] = _output(acc, net)
    return out
