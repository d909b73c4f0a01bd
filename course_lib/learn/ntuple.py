"""The learned evaluation: a symmetric n-tuple network on the 7x7 ATAXX board.

An n-tuple network scores a position by looking up small patterns. Here a pattern is every
3x3 window (25 of them) and every 2x2 window (36) of the board, read from the side to move's
view: each square of a window is empty (0), the mover's (1) or the opponent's (2), so a 3x3
window is one of 3**9 = 19,683 patterns and a 2x2 window one of 81. Each pattern has a learned
weight; the score is the sum of the weights of the patterns on the board, plus a bias.

Symmetry: ATAXX looks the same after any of the 8 symmetries of the square (4 rotations, 4
reflections). The windows fall into 6 classes of 3x3 windows and 6 of 2x2 windows that the
symmetries map onto each other (a corner window, a window along an edge, the centre, ...).
Each class has one table of weights, and the score adds, for every class and every symmetry
``g``, the weight of the pattern read through ``g`` (the class's window mapped by ``g``, its
squares in the mapped order). A position and its 8 images therefore score exactly the same,
and the data of every image trains the same weights: 6 * 19,683 + 6 * 81 + 1 = 118,585
weights in all.

Two ways to compute the same score:

- ``evaluate_readable(me, opp, blocked, weights)``: the definition above in plain numpy,
  96 lookups (12 classes x 8 symmetries);
- ``learned_eval(me, opp, blocked, table)``: compiled with numba for searches. ``table`` is
  ``expand(weights)``: for each of the 61 windows, the sum of the weights of every
  (class, symmetry) lookup that reads that window, indexed by the window's squares in board
  order, so a window costs a few shifts and one lookup. Both give the same whole number.

Scale: weights are whole numbers in hundredths of a stone (like the engine's ``STONE = 100``):
a score of 100 means the same expected result, in the training games, as one stone more in
material (``learn.train`` measures that from the data). Blocked squares read as empty.

>>> import numpy as np
>>> from course_lib.ataxx import fast
>>> weights = np.zeros(N_WEIGHTS, dtype=np.int32); weights[-1] = 7      # the bias alone
>>> table = expand(weights)
>>> int(learned_eval(fast.START.first, fast.START.second, fast.START.blocked, table))
7
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from ..ataxx._bitboard import FULL, U0, U1, _lowest_bit_index, _popcount
from ..errors import InvalidArgumentError

__all__ = ["N_WEIGHTS", "N_TUPLES", "TUPLE_SQUARES", "TUPLE_LENGTH", "TUPLE_OFFSET",
           "CLASSES", "SYMMETRIES", "TABLE_SIZE", "LearnedWeights", "expand",
           "learned_eval", "evaluate_readable", "tuple_indices", "symmetric_image",
           "load_weights", "save_weights", "DEFAULT_WEIGHTS"]

SIZE = 7


def _square(r: int, c: int) -> int:
    return r * SIZE + c


SYMMETRIES: tuple = (
    lambda r, c: (r, c), lambda r, c: (c, 6 - r), lambda r, c: (6 - r, 6 - c),
    lambda r, c: (6 - c, r), lambda r, c: (r, 6 - c), lambda r, c: (6 - r, c),
    lambda r, c: (c, r), lambda r, c: (6 - c, 6 - r))
"""The 8 symmetries of the square on (row, column), 0..6: identity, three rotations, four
reflections."""

SYMMETRY_NAMES = ("identity", "rotate 90", "rotate 180", "rotate 270", "mirror left-right",
                  "mirror top-bottom", "transpose", "anti-transpose")


def _window(r0: int, c0: int, n: int) -> list[int]:
    """The squares of the n x n window at (r0, c0), in board order."""
    return [_square(r0 + i, c0 + j) for i in range(n) for j in range(n)]


def _map(g: Any, squares: list[int]) -> list[int]:
    return [_square(*g(s // SIZE, s % SIZE)) for s in squares]


def _build() -> tuple:
    classes = []          # (size n, representative window squares) per class
    locations = []        # (r0, c0, n, class index) per window on the board
    for n in (3, 2):
        seen: dict[frozenset, int] = {}
        for r0 in range(SIZE - n + 1):
            for c0 in range(SIZE - n + 1):
                squares = _window(r0, c0, n)
                key = frozenset(squares)
                if key not in seen:
                    orbit = {frozenset(_map(g, squares)) for g in SYMMETRIES}
                    index = len(classes)
                    classes.append((n, squares))
                    for member in orbit:
                        seen[member] = index
                locations.append((r0, c0, n, seen[key]))
    offsets = []
    at = 0
    for n, _ in classes:
        offsets.append(at)
        at += 3 ** (n * n)
    tuples = []           # (class, symmetry, squares in the class's order mapped by g)
    for k, (n, squares) in enumerate(classes):
        for gi, g in enumerate(SYMMETRIES):
            tuples.append((k, gi, _map(g, squares)))
    return classes, locations, offsets, at, tuples


_CLASSES, _LOCATIONS, _OFFSETS, _N_PATTERN_WEIGHTS, _TUPLES = _build()

CLASSES: list[tuple[int, list[int]]] = _CLASSES
"""Each class of windows: (n, the squares of its representative window in board order)."""
N_WEIGHTS = _N_PATTERN_WEIGHTS + 1
"""Length of the weight vector: every class's table, then the bias (the last entry)."""
N_TUPLES = len(_TUPLES)
TUPLE_SQUARES = np.full((N_TUPLES, 9), -1, dtype=np.int64)
TUPLE_LENGTH = np.array([len(sq) for _, _, sq in _TUPLES], dtype=np.int64)
TUPLE_OFFSET = np.array([_OFFSETS[k] for k, _, _ in _TUPLES], dtype=np.int64)
for _i, (_, _, _sq) in enumerate(_TUPLES):
    TUPLE_SQUARES[_i, :len(_sq)] = _sq
CLASS_OFFSET = np.array(_OFFSETS, dtype=np.int64)

# The compiled evaluation's windows: shift of the window's top-left bit, size, table offset.
LOC_SHIFT = np.array([_square(r0, c0) for r0, c0, _, _ in _LOCATIONS], dtype=np.uint64)
LOC_SIZE = np.array([n for _, _, n, _ in _LOCATIONS], dtype=np.int64)
_loc_offsets = []
_at = 0
for _, _, _n, _ in _LOCATIONS:
    _loc_offsets.append(_at)
    _at += 3 ** (_n * _n)
LOC_OFFSET = np.array(_loc_offsets, dtype=np.int64)
TABLE_SIZE = _at + 1
"""Length of ``expand(weights)``: one table per window on the board, then the bias."""
BINARY_TO_TERNARY = np.array([sum(3 ** j for j in range(9) if b >> j & 1) for b in range(512)],
                             dtype=np.int64)
"""``BINARY_TO_TERNARY[b]``: the bits of b as base-3 digits 0/1, so a window's pattern index
is ``B2T[mine] + 2 * B2T[theirs]``."""
POW3 = 3 ** np.arange(9, dtype=np.int64)


# --- the readable evaluation ----------------------------------------------------------------


def _digits(me: int, opp: int) -> np.ndarray:
    """Per square 0 (empty or blocked), 1 (the mover's stone) or 2 (the opponent's)."""
    bits = np.arange(49, dtype=np.uint64)
    mine = (np.uint64(me) >> bits) & np.uint64(1)
    theirs = (np.uint64(opp) >> bits) & np.uint64(1)
    return (mine + 2 * theirs).astype(np.int64)


def tuple_indices(me: int, opp: int) -> np.ndarray:
    """The weight index of each of the 96 lookups (12 classes x 8 symmetries) of a position,
    the mover's stones ``me`` and the opponent's ``opp`` (bitboards).

    >>> from course_lib.ataxx import fast
    >>> idx = tuple_indices(fast.START.first, fast.START.second)
    >>> idx.shape, bool((idx < N_WEIGHTS - 1).all())
    ((96,), True)
    """
    digits = _digits(me, opp)
    padded = np.append(digits, 0)                 # square -1 (padding) reads as empty, times 0
    d = padded[TUPLE_SQUARES]                     # (96, 9)
    mask = TUPLE_SQUARES >= 0
    return TUPLE_OFFSET + ((d * mask) * POW3).sum(axis=1)


def evaluate_readable(me: int, opp: int, blocked: int, weights: np.ndarray) -> int:
    """The learned score of a position for the side to move (stones ``me``), in plain numpy:
    the bias plus the weight of each of the 96 (class, symmetry) lookups.

    >>> w = np.zeros(N_WEIGHTS, dtype=np.int32); w[-1] = 3
    >>> evaluate_readable(1, 2, 0, w)
    3
    """
    w = np.asarray(weights)
    return int(w[-1]) + int(w[tuple_indices(me, opp)].astype(np.int64).sum())


# --- the compiled evaluation ----------------------------------------------------------------


def expand(weights: np.ndarray) -> np.ndarray:
    """The compiled evaluation's table from the weights (int16, ``TABLE_SIZE`` entries): for
    each window on the board, indexed by its pattern read in board order, the sum of the
    weights of every lookup that reads that window; the bias last.

    >>> expand(np.zeros(N_WEIGHTS, dtype=np.int32)).shape == (TABLE_SIZE,)
    True
    """
    weights = np.asarray(weights)
    if weights.shape != (N_WEIGHTS,):
        raise InvalidArgumentError(f"expected {N_WEIGHTS} weights (load_weights gives them), "
                                   f"got an array of shape {weights.shape}")
    w = weights.astype(np.int64)
    table = np.zeros(TABLE_SIZE, dtype=np.int64)
    for n in (2, 3):
        cells = n * n
        configs = np.arange(3 ** cells, dtype=np.int64)
        digits = (configs[:, None] // POW3[None, :cells]) % 3         # (3**cells, cells)
        for li, (r0, c0, size, _) in enumerate(_LOCATIONS):
            if size != n:
                continue
            where = {s: j for j, s in enumerate(_window(r0, c0, n))}
            for t in range(N_TUPLES):
                squares = TUPLE_SQUARES[t, :TUPLE_LENGTH[t]].tolist()
                if TUPLE_LENGTH[t] != cells or set(squares) != set(where):
                    continue
                perm = [where[s] for s in squares]
                index = TUPLE_OFFSET[t] + digits[:, perm] @ POW3[:cells]
                table[LOC_OFFSET[li]:LOC_OFFSET[li] + 3 ** cells] += w[index]
    table[-1] = w[-1]
    if np.abs(table).max() >= 2 ** 15:
        raise InvalidArgumentError(
            f"weights too large: a window of the compiled table sums to "
            f"{int(np.abs(table).max())}, and its entries are 16-bit (below 32768); train with "
            "more weight decay or fewer epochs")
    return table.astype(np.int16)      # 16 bits: half the memory, a third faster than 32


@njit(cache=True, nogil=True)
def learned_eval(me: np.uint64, opp: np.uint64, blocked: np.uint64, table: np.ndarray) -> int:
    """The learned score of a position for the side to move, compiled: ``me`` the mover's
    stones, ``opp`` the opponent's, ``blocked`` the blocked squares (read as empty), ``table``
    the array ``expand(weights)`` (int16). Returns an int64 in hundredths of a stone.

    For a finished game (a side without stones, or the board full) score the result instead:
    the network was trained on positions still in play.
    """
    total = np.int64(table[table.shape[0] - 1])
    for i in range(LOC_SHIFT.shape[0]):
        shift = LOC_SHIFT[i]
        if LOC_SIZE[i] == 3:
            m = me >> shift
            o = opp >> shift
            bm = (m & np.uint64(7)) | ((m >> np.uint64(4)) & np.uint64(56)) | \
                ((m >> np.uint64(8)) & np.uint64(448))
            bo = (o & np.uint64(7)) | ((o >> np.uint64(4)) & np.uint64(56)) | \
                ((o >> np.uint64(8)) & np.uint64(448))
        else:
            m = me >> shift
            o = opp >> shift
            bm = (m & np.uint64(3)) | ((m >> np.uint64(5)) & np.uint64(12))
            bo = (o & np.uint64(3)) | ((o >> np.uint64(5)) & np.uint64(12))
        index = LOC_OFFSET[i] + BINARY_TO_TERNARY[np.int64(bm)] + \
            2 * BINARY_TO_TERNARY[np.int64(bo)]
        total += table[index]
    return total


@njit(cache=True, nogil=True)
def _tuple_indices_into(me: np.uint64, opp: np.uint64, out: np.ndarray) -> None:
    """``tuple_indices`` compiled, written into ``out`` (96 int32): for building training
    data."""
    digits = np.zeros(50, dtype=np.int64)
    for s in range(49):
        bit = U1 << np.uint64(s)
        if me & bit:
            digits[s] = 1
        elif opp & bit:
            digits[s] = 2
    for t in range(TUPLE_SQUARES.shape[0]):
        index = TUPLE_OFFSET[t]
        p = 1
        for k in range(TUPLE_LENGTH[t]):
            index += digits[TUPLE_SQUARES[t, k]] * p
            p *= 3
        out[t] = index


@njit(cache=True, nogil=True)
def features_of(me: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """The 96 lookup indices of each position (``me[i]``, ``opp[i]``): an (n, 96) int32 array."""
    out = np.empty((me.shape[0], TUPLE_SQUARES.shape[0]), dtype=np.int32)
    for i in range(me.shape[0]):
        _tuple_indices_into(me[i], opp[i], out[i])
    return out


# --- symmetry ----------------------------------------------------------------------------------


def symmetric_image(board: int, g: int) -> np.uint64:
    """The bitboard ``board`` mapped by symmetry ``g`` (0..7, see ``SYMMETRY_NAMES``).

    >>> int(symmetric_image(1, 2)) == 1 << 48            # a7 turned half round is g1
    True
    """
    board = int(board)
    out = 0
    for s in range(49):
        if board >> s & 1:
            out |= 1 << _square(*SYMMETRIES[g](s // SIZE, s % SIZE))
    return np.uint64(out)


# --- weights on disk --------------------------------------------------------------------------

DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
DEFAULT_WEIGHTS = os.path.join(DATA_DIR, "learned_eval.npz")
"""The shipped weights (``python -m course_lib learn --seed 1 --out PATH`` makes them again)."""


DEFAULT_WIN_SCALE = 100.0


@dataclass
class LearnedWeights:
    """Weights of the network (int32, ``N_WEIGHTS``), the compiled evaluation's table, and
    ``win_scale``: the score, in hundredths of a stone, worth one unit of log-odds of winning,
    so the expected result of a position scored ``s`` is ``1 / (1 + exp(-s / win_scale))``
    (see ``win_probability``)."""

    weights: np.ndarray
    table: np.ndarray
    win_scale: float = DEFAULT_WIN_SCALE
    meta: dict | None = None

    @classmethod
    def of(cls, weights: np.ndarray, win_scale: float = DEFAULT_WIN_SCALE,
           meta: dict | None = None) -> "LearnedWeights":
        weights = np.asarray(weights, dtype=np.int32)
        if not win_scale > 0:
            raise InvalidArgumentError(f"win_scale must be a positive number, got {win_scale}")
        return cls(weights, expand(weights), float(win_scale), meta or {})

    def win_probability(self, score: float) -> float:
        """The expected result (0 loss .. 1 win) of a position the network scores ``score``.

        >>> LearnedWeights.of(np.zeros(N_WEIGHTS, dtype=np.int32)).win_probability(0)
        0.5
        """
        return float(1.0 / (1.0 + np.exp(-float(score) / self.win_scale)))


def save_weights(path: str, weights: np.ndarray, meta: dict | None = None) -> None:
    """Write the int weights as a compressed .npz (int16 when they fit), with ``meta`` as JSON
    text beside them in the file. ``path`` must end in .npz (numpy would add it to any other
    name, and the file would not be where it was asked for)."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path).endswith(".npz"):
        raise InvalidArgumentError(f"weights are written to a path ending in .npz, got "
                                   f"{path!r:.80}")
    weights = np.asarray(weights)
    if weights.shape != (N_WEIGHTS,) or not np.issubdtype(weights.dtype, np.integer):
        raise InvalidArgumentError(f"expected {N_WEIGHTS} whole-number weights, got an array "
                                   f"of shape {weights.shape} and type {weights.dtype}")
    small = weights.astype(np.int16)
    store = small if np.array_equal(small.astype(np.int64), weights.astype(np.int64)) \
        else weights.astype(np.int32)
    np.savez_compressed(path, weights=store, meta=np.array(json.dumps(meta or {})))


_CACHE: dict[str, LearnedWeights] = {}


def unreadable(error: Exception, what: str) -> str:
    """Why a file could not be read as ``what``, in words (never numpy's own advice, such as
    loading pickled data, which would run code from the file).

    >>> unreadable(FileNotFoundError(), "an .npz file of games")
    'no such file'
    """
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "it is a folder"
    if isinstance(error, PermissionError):
        return "it cannot be read (no permission)"
    return f"it is not {what}"


def load_weights(path: str | None = None) -> LearnedWeights:
    """The weights at ``path`` (default: the shipped ``course_lib/data/learned_eval.npz``),
    with their compiled table; loaded once per path.

    >>> lw = load_weights()
    >>> lw.weights.shape == (N_WEIGHTS,) and lw.table.shape == (TABLE_SIZE,)
    True
    """
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentError(f"the path of learned weights is text (or None for the "
                                   f"shipped ones), got {type(path).__name__}")
    path = os.path.abspath(path or DEFAULT_WEIGHTS)
    if path not in _CACHE:
        try:
            with np.load(path, allow_pickle=False) as data:
                weights = data["weights"].astype(np.int32)
                meta = json.loads(str(data["meta"])) if "meta" in data.files else {}
        except (OSError, KeyError, ValueError, EOFError, json.JSONDecodeError) as error:
            raise InvalidArgumentError(
                f"cannot read learned weights from {path}: "
                f"{unreadable(error, 'an .npz file of learned weights')}; make them with "
                "python -m course_lib learn") from None
        if weights.shape != (N_WEIGHTS,):
            raise InvalidArgumentError(f"{path} holds {weights.shape} weights, expected "
                                       f"({N_WEIGHTS},)")
        _CACHE[path] = LearnedWeights.of(weights, meta.get("win_scale", DEFAULT_WIN_SCALE),
                                          meta)
    return _CACHE[path]

