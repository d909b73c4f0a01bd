"""The compiled kernels behind ``course_lib.ataxx.fast``: ATAXX on 49-bit bitboards.

Read ``fast.py`` first; this module holds the numba functions it wraps. Everything here takes
only numpy arrays and scalars, so other compiled code (searches, MCTS) can call these kernels
directly.

A bitboard is one ``np.uint64`` whose bit ``s`` says whether square ``s`` is in the set.
Square ``(x, y)`` (protocol coordinates, 1..7, x the row from the top) is bit

    s = (x - 1) * 7 + (y - 1)        so  x = s // 7 + 1,  y = s % 7 + 1

and ascending bit index is ascending ``(x, y)``, the canonical move order. The picture, bit
numbers on the board, row x = 1 at the top::

     0  1  2  3  4  5  6        a7 .. g7
     7  8  9 10 11 12 13
    ...
    42 43 44 45 46 47 48        a1 .. g1

Bits 49..63 are never set.

The kernels work from the mover's point of view: ``me`` is the bitboard of the side to move,
``opp`` the other side's, ``blocked`` the blocked squares.

Moves are integers: ``source * 64 + destination`` (a clone written with its canonical source,
the lowest friendly bit next to the destination), and ``PASS_CODE = -1``.

numba typing trap: mixing ``uint64`` with a plain Python int (``int64``) in arithmetic gives
``int64``, which silently breaks the high bits and the shifts. So every constant below that
meets a bitboard is an ``np.uint64``.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

# --- Board constants --------------------------------------------------------------------------

SIZE = 7
N_SQUARES = SIZE * SIZE               # 49
MAX_TURNS = 400                       # the game ends after 400 turns (passes count)
PASS_CODE = -1

U0 = np.uint64(0)
U1 = np.uint64(1)
U7 = np.uint64(7)
FULL = np.uint64((1 << N_SQUARES) - 1)            # all 49 squares


def _bit_of(x: int, y: int) -> int:
    """Bit index of square (x, y), protocol coordinates 1..7."""
    return (x - 1) * SIZE + (y - 1)


def _mask(squares) -> np.uint64:
    value = 0
    for x, y in squares:
        value |= 1 << _bit_of(x, y)
    return np.uint64(value)


_ALL = [(x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1)]

# Columns at the edges: a stone in column y = 7 must not spill into column 1 of the next row
# when the board is shifted one bit "right", and likewise for column 1 shifting "left".
NOT_COL_1 = _mask([(x, y) for (x, y) in _ALL if y != 1])
NOT_COL_7 = _mask([(x, y) for (x, y) in _ALL if y != SIZE])

# Lookup tables, indexed by bit: BIT[s] = 1 << s; RING1[s] = the 8 (or fewer) squares at king
# distance 1 (clone destinations, and the squares that flip); RING2[s] = the 16 (or fewer) squares
# at distance 2 (jump destinations). numba freezes these global arrays into the compiled code.
BIT = np.array([1 << s for s in range(N_SQUARES)], dtype=np.uint64)
RING1 = np.array([_mask([(tx, ty) for (tx, ty) in _ALL
                         if max(abs(tx - x), abs(ty - y)) == 1]) for (x, y) in _ALL],
                 dtype=np.uint64)
RING2 = np.array([_mask([(tx, ty) for (tx, ty) in _ALL
                         if max(abs(tx - x), abs(ty - y)) == 2]) for (x, y) in _ALL],
                 dtype=np.uint64)

# The most moves one position can have: every clone destination plus every (source, jump
# destination) pair. A move buffer of this length can never overflow.
MAX_MOVES = N_SQUARES + sum(bin(int(r)).count("1") for r in RING2)
MAX_PAIRS = sum(bin(int(r1 | r2)).count("1") for r1, r2 in zip(RING1, RING2))
MOVE_BUFFER = max(MAX_MOVES, MAX_PAIRS)

# SplitMix64, the same constants as course_lib.rng (uint64 arithmetic wraps around in numba,
# which is exactly the "& MASK64" of the Python version).
GOLDEN_GAMMA = np.uint64(0x9E3779B97F4A7C15)
MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
MIX_2 = np.uint64(0x94D049BB133111EB)
U27 = np.uint64(27)
U30 = np.uint64(30)
U31 = np.uint64(31)


# --- Two CPU instructions, as numba intrinsics ------------------------------------------------
# popcount (how many bits are set) and "count trailing zeros" (the index of the lowest set bit)
# are single instructions on modern CPUs. LLVM has them as intrinsics; these two wrappers let
# numba code call them. They accept only uint64, so a mistyped int64 board fails to compile
# instead of silently misbehaving.


@intrinsic
def _popcount(typingctx, board):
    """Number of set bits of a uint64 (as int64): how many squares the bitboard holds."""
    if board != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.int64(types.uint64), codegen


@intrinsic
def _lowest_bit_index(typingctx, board):
    """Index (0..63, as int64) of the lowest set bit of a uint64; 64 for 0."""
    if board != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.uint64), codegen


# --- Sets of squares --------------------------------------------------------------------------


@njit(cache=True)
def _empty_squares(me: np.uint64, opp: np.uint64, blocked: np.uint64) -> np.uint64:
    """The empty squares: on the board and neither a stone nor blocked."""
    return FULL & ~(me | opp | blocked)


@njit(cache=True)
def _grow(board: np.uint64) -> np.uint64:
    """``board`` plus every square at king distance 1 from it (a "dilation").

    First spread sideways: shift one bit left/right inside the rows (the column masks stop a
    stone on the edge from wrapping into the next row). Then spread that row-band up and down:
    one row is 7 bits, and ``& FULL`` drops whatever falls off the bottom.
    """
    row = board | ((board & NOT_COL_7) << U1) | ((board & NOT_COL_1) >> U1)
    return (row | (row << U7) | (row >> U7)) & FULL


@njit(cache=True)
def _can_move(me: np.uint64, empty: np.uint64) -> bool:
    """True when a player with stones ``me`` has a clone or a jump onto ``empty``.

    Every destination is within king distance 2 of a stone: grow twice.
    """
    return (_grow(_grow(me)) & empty) != U0


@njit(cache=True)
def _is_over(me: np.uint64, opp: np.uint64, blocked: np.uint64, turns: int) -> bool:
    """The readable ``State.is_over``: a side has no stones, no empty square, 400 turns, or
    (only possible with blocked squares) neither side can move."""
    empty = _empty_squares(me, opp, blocked)
    if me == U0 or opp == U0 or empty == U0 or turns >= MAX_TURNS:
        return True
    return blocked != U0 and not _can_move(me, empty) and not _can_move(opp, empty)


# --- Moves ------------------------------------------------------------------------------------
# Generation in canonical order. Take own stones by ascending bit; each stone s offers
#     clone destinations  RING1[s] & empty, minus those an earlier (smaller) stone already
#                         cloned to: the first stone to reach a destination is its canonical
#                         source;
#     jump destinations   RING2[s] & empty (every source counts: jumps differ by source).
# Walking the union of both by ascending bit gives ascending (x2, y2) for this source, and the
# sources ascend too: ascending (x1, y1, x2, y2).
# In "pairs" mode (the naive (source, destination) enumeration) a clone is generated from every
# adjacent friendly stone: simply never mark destinations as already cloned.


@njit(cache=True)
def _generate_moves(me: np.uint64, empty: np.uint64, out: np.ndarray, pairs: bool) -> int:
    """Write the mover's move codes into ``out`` in canonical order; return how many.

    Ignores whether the game is over; returns 0 when the mover cannot move (it must pass).
    ``out`` must hold MOVE_BUFFER int64 values.
    """
    n = 0
    cloned = U0                                    # destinations that already have a clone
    stones = me
    while stones != U0:
        s = _lowest_bit_index(stones)
        stones &= stones - U1                      # x & (x - 1) clears the lowest set bit
        near = RING1[s] & empty
        targets = (near & ~cloned) | (RING2[s] & empty)
        if not pairs:
            cloned |= near
        while targets != U0:
            t = _lowest_bit_index(targets)
            targets &= targets - U1
            out[n] = s * 64 + t
            n += 1
    return n


@njit(cache=True)
def _count_moves(me: np.uint64, empty: np.uint64, pairs: bool) -> int:
    """How many moves ``_generate_moves`` would write, by popcounts only (for bulk perft)."""
    if pairs:
        n = 0
    else:
        n = _popcount(_grow(me) & empty)           # one clone per reachable destination
    stones = me
    while stones != U0:
        s = _lowest_bit_index(stones)
        stones &= stones - U1
        if pairs:
            n += _popcount((RING1[s] | RING2[s]) & empty)
        else:
            n += _popcount(RING2[s] & empty)       # one jump per (source, destination)
    return n


@njit(cache=True)
def _apply_move(me: np.uint64, opp: np.uint64, code: int) -> tuple[np.uint64, np.uint64]:
    """Play ``code`` for the mover; return the new ``(me, opp)`` (still the mover's view).

    The caller swaps them for the next side and updates turns and the halfmove clock.
    """
    if code < 0:                                   # pass: nothing changes
        return me, opp
    s = code >> 6                                  # code = s * 64 + t
    t = code & 63
    dest = BIT[t]
    captured = opp & RING1[t]                      # opponent stones around the destination
    if (RING1[s] & dest) == U0:                    # distance 2: a jump, the source empties
        me = me ^ BIT[s]
    return me | dest | captured, opp ^ captured


# --- perft ------------------------------------------------------------------------------------


@njit(cache=True)
def _perft(me: np.uint64, opp: np.uint64, blocked: np.uint64, turns: int, depth: int,
           bulk: bool, pairs: bool) -> int:
    """Move sequences of length ``depth`` (spec semantics). Recursive.

    perft(0) = 1; a finished game counts 0 at depth >= 1; a forced pass is one move.
    ``bulk``: at depth 1 count the moves with popcounts instead of playing each one (the
    children's own game-over status does not matter there: perft(child, 0) is always 1).
    ``pairs``: enumerate (source, destination) pairs, cloning from every adjacent stone.

    Moves are played inline (no move list): the recursion allocates nothing.
    """
    if depth == 0:
        return 1                                   # first return: a base case for numba
    empty = _empty_squares(me, opp, blocked)
    if me == U0 or opp == U0 or empty == U0 or turns >= MAX_TURNS:
        return 0                                   # the game is over
    if bulk and depth == 1:
        n = _count_moves(me, empty, pairs)
        if n > 0:
            return n
    else:
        n = 0
        moved = False                              # n may be 0 although moves exist
        cloned = U0
        stones = me
        while stones != U0:
            s = _lowest_bit_index(stones)
            stones &= stones - U1
            near = RING1[s] & empty
            targets = (near & ~cloned) | (RING2[s] & empty)
            if not pairs:
                cloned |= near
            jumped = me ^ BIT[s]                   # my stones if s jumps away
            if targets != U0:
                moved = True
            while targets != U0:
                t = _lowest_bit_index(targets)
                targets &= targets - U1
                captured = opp & RING1[t]
                if (near & BIT[t]) != U0:          # clone: s stays
                    mine = me | BIT[t] | captured
                else:                              # jump: s empties
                    mine = jumped | BIT[t] | captured
                # The child, from the next mover's view: (opp minus captured, mine).
                n += _perft(opp ^ captured, mine, blocked, turns + 1, depth - 1, bulk, pairs)
        if moved:
            return n
    # No move: a pass, unless the opponent cannot move either (over; only with blocked squares).
    if blocked != U0 and not _can_move(opp, empty):
        return 0
    return _perft(opp, me, blocked, turns + 1, depth - 1, bulk, pairs)


# --- Seeded random games ----------------------------------------------------------------------


@njit(cache=True)
def _next_u64(rng: np.ndarray) -> np.uint64:
    """SplitMix64 step; ``rng`` is a 1-element uint64 array holding the state (updated)."""
    z = rng[0] + GOLDEN_GAMMA
    rng[0] = z
    z = (z ^ (z >> U30)) * MIX_1
    z = (z ^ (z >> U27)) * MIX_2
    return z ^ (z >> U31)


@njit(cache=True)
def _below(rng: np.ndarray, n: int) -> int:
    """A whole number in 0..n-1 as ``next_u64() % n``: ``SplitMix64.below`` bit for bit."""
    return np.int64(_next_u64(rng) % np.uint64(n))


@njit(cache=True)
def _random_move(me: np.uint64, empty: np.uint64, rng: np.ndarray, pairs: bool,
                 stones_buf: np.ndarray, targets_buf: np.ndarray) -> int:
    """Draw one move uniformly from the canonical move list, as ``RandomAgent`` does:
    ``moves[below(len(moves))]``; the pass (-1) when there is no move (a number is still drawn).

    Faster than writing out the list: the first pass stores each stone's destination set and
    counts them (popcount), the second walks to the drawn index stone by stone.
    The buffers hold at least 49 values each.
    """
    k = 0                                          # stones with at least one destination
    n = 0                                          # moves in all
    cloned = U0
    stones = me
    while stones != U0:
        s = _lowest_bit_index(stones)
        stones &= stones - U1
        near = RING1[s] & empty
        targets = (near & ~cloned) | (RING2[s] & empty)
        if not pairs:
            cloned |= near
        if targets != U0:
            stones_buf[k] = s
            targets_buf[k] = targets
            k += 1
            n += _popcount(targets)
    if n == 0:
        _below(rng, 1)                             # a pass still consumes one draw
        return PASS_CODE
    index = _below(rng, n)
    i = 0
    while index >= _popcount(targets_buf[i]):      # skip whole stones
        index -= _popcount(targets_buf[i])
        i += 1
    targets = targets_buf[i]
    for _ in range(index):                         # drop the index lowest destinations
        targets &= targets - U1
    return stones_buf[i] * 64 + _lowest_bit_index(targets)


@njit(cache=True)
def _play_random_game(first: np.uint64, second: np.uint64, blocked: np.uint64, to_move: int,
                      turns: int, rng: np.ndarray, pairs: bool,
                      record: np.ndarray) -> tuple[np.uint64, np.uint64, int]:
    """Play random moves until the game is over; return ``(first, second, turns_played)``.

    ``record``: unless it is empty, the move codes are written into it (it needs room for
    400 - turns of them).
    """
    stones_buf = np.empty(N_SQUARES, dtype=np.int64)
    targets_buf = np.empty(N_SQUARES, dtype=np.uint64)
    if to_move == 1:
        me, opp = first, second
    else:
        me, opp = second, first
    played = 0
    keep = record.shape[0] > 0
    while True:
        empty = _empty_squares(me, opp, blocked)
        if me == U0 or opp == U0 or empty == U0 or turns + played >= MAX_TURNS:
            break
        if blocked != U0 and not _can_move(me, empty) and not _can_move(opp, empty):
            break
        code = _random_move(me, empty, rng, pairs, stones_buf, targets_buf)
        if keep:
            record[played] = code
        me, opp = _apply_move(me, opp, code)
        me, opp = opp, me                          # the other side moves next
        played += 1
    if (to_move + played) % 2 == 1:                # the first player is to move now
        return me, opp, played
    return opp, me, played


@njit(cache=True)
def _random_playouts(first: np.uint64, second: np.uint64, blocked: np.uint64, to_move: int,
                     turns: int, rng: np.ndarray, pairs: bool, winners: np.ndarray,
                     lengths: np.ndarray) -> None:
    """Play ``len(winners)`` random games one after another from one generator; fill
    ``winners`` (1, 2, or 0 for a draw) and ``lengths`` (turns played, passes included)."""
    no_record = np.empty(0, dtype=np.int64)
    for g in range(winners.shape[0]):
        f, s, played = _play_random_game(first, second, blocked, to_move, turns, rng, pairs,
                                         no_record)
        nf = _popcount(f)
        ns = _popcount(s)
        winners[g] = 1 if nf > ns else (2 if ns > nf else 0)
        lengths[g] = played
