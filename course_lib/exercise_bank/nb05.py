"""The exercises of notebook 05, iterative deepening, transposition tables and time control,
registered with ``course_lib.exercises``.

Each right answer is computed here by the library when a check runs. The positions and numbers
are the questions; the notebook shows the same ones.
"""

from __future__ import annotations

from ..agents.deepening import zobrist_difference
from ..agents.fast_search import fast_iterative_deepening, fast_search
from ..agents.players import GameClock
from ..ataxx import State
from ..exercises import register
from .compare import whole_number as _whole_number

ZOBRIST_FEN = "6o/7/7/1ooo3/7/x6/7 x 0 10"
ZOBRIST_MOVE = "a2c3"
"""05-zobrist-keys: how many Zobrist keys are XORed in hash(before) ^ hash(after the move)?"""

BUDGET_FEN = "xxx3x/oxoo1xx/oxoo2x/ooo4/o1x4/6x/6x x 2 16"
NODE_BUDGET = 220_000
"""05-node-budget: the deepest iteration that iterative deepening (gain order) finishes when all
its iterations together may visit at most NODE_BUDGET nodes."""

HITS_FEN = "oox2x1/oooxx2/1oox3/2oxx2/2xxx2/7/oo4o x 0 16"
HITS_DEPTH = 4
HITS_SLOTS = 1 << 16
"""05-tt-hits: table hits of a depth-4 search (gain order) with a new table of 2**16 slots."""

CLOCK_TOTAL_MS = 10_000
CLOCK_REMAINING_MS = 3_000
CLOCK_EMPTY = 12
"""05-clock-budget: GameClock(10_000)'s budget with 3,000 ms left and 12 empty squares."""


def _zobrist_keys() -> int:
    before = State.from_fen(ZOBRIST_FEN)
    return len(zobrist_difference(before, before.play(ZOBRIST_MOVE)))


def _node_budget_depth() -> int:
    results = list(fast_iterative_deepening(BUDGET_FEN, order="gain", max_nodes=NODE_BUDGET))
    return results[-1].depth


def _tt_hits() -> int:
    return fast_search(HITS_FEN, HITS_DEPTH, order="gain", table_slots=HITS_SLOTS).stats.tt_hits


def _clock_budget() -> int:
    return GameClock(CLOCK_TOTAL_MS).budget_ms(remaining_ms=CLOCK_REMAINING_MS,
                                               empty_squares=CLOCK_EMPTY)


register(
    "05-zobrist-keys", _zobrist_keys,
    mistake=6,  # one key per square that changes, and no side key
    hint="list what the move changes on the board, and count one key per stone that appears "
         "or disappears: the jump takes x's stone off a2 (one key) and puts one on c3 (one "
         "key); every captured stone changes owner, so o's key goes out and x's key comes in "
         "(two keys per capture); and the side to move changes (the 'o to move' key). "
         "zobrist_difference(a, b) lists them.",
    compare=_whole_number)

register(
    "05-node-budget", _node_budget_depth,
    mistake=5,  # compared the budget with the depth-5 iteration alone
    hint="the budget counts the nodes of all iterations together: compare it with "
         "result.stats.nodes of each iteration (the total so far), not with the nodes of that "
         "depth alone. list(fast_iterative_deepening(position_2, order='gain')) to depth 6 "
         "shows the totals; fast_iterative_deepening(..., max_nodes=220_000) applies the "
         "budget itself.",
    compare=_whole_number)

register(
    "05-tt-hits", _tt_hits,
    mistake=5,  # not a count of hits at all (a depth)
    hint="a hit is a probe that finds an entry of the same position with the same depth left; "
         "count it with stats.tt_hits of fast_search(position_3, 4, order='gain', "
         "table_slots=1 << 16), or search(position_3, depth=4, order='gain', "
         "table=TranspositionTable(1 << 16)) (the same count, slower). Not tt_cutoffs (only "
         "the hits that end the node at once), and not the table's filled() slots.",
    compare=_whole_number)

register(
    "05-clock-budget", _clock_budget,
    mistake=333,  # forgot the 50 ms reserve: int(3000 / 9)
    hint="budget_ms keeps a reserve of 50 ms back, divides the rest by the moves still "
         "expected (empty squares / 2 + 3) and rounds down to a whole ms: "
         "int((3000 - 50) / (12 / 2 + 3)).",
    compare=_whole_number)
