"""Notebook 05, iterative deepening, transposition tables and time control: its helpers and
its exercises.

Helpers (``Stopwatch`` is used by ``benchmarks/bench_time_vs_depth.py`` too):

- ``zobrist_difference(a, b)``: the Zobrist keys whose XOR is ``position_hash(a) ^
  position_hash(b)``, one per (square, player) that differs, plus the side-to-move key;
- ``expected_collisions(n, bits)``: how many of ``n`` random keys are expected to share their
  lowest ``bits`` bits with an earlier one (the birthday problem);
- ``entry_kinds(table)``: how many entries of a transposition table are exact values, lower
  bounds and upper bounds;
- ``depth_reached(state, ms)``: the deepest iteration that iterative deepening finishes within
  a time budget, in either tier;
- ``clock_schedule(empty_squares)``: the budgets a ``GameClock`` gives, move after move, if
  every move spends its whole budget;
- ``clock_spending(agent, opponent, start)``: a game of an agent with a game clock, and the
  budget its clock gave and the time it spent on each of its moves;
- ``Stopwatch(agent)``: an agent that plays as ``agent`` does and records the time and the
  depth of every move.

>>> from course_lib.ataxx import State
>>> a = State.start()
>>> b = a.play("b6")                       # a clone: one new stone, and o is to move
>>> [key for key in zobrist_difference(a, b)]
[((2, 2), 1), 'second to move']
>>> clock_schedule([45, 43, 41], total_ms=10_000)
[390, 390, 390]
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Sequence

from ..agents.base import as_agent
from ..agents.fast_search import fast_iterative_deepening, fast_search
from ..agents.players import GameClock
from ..agents.transposition import EXACT, LOWER, UPPER, ZOBRIST_KEYS, ZOBRIST_SECOND_TO_MOVE
from ..ataxx import State
from ..errors import InvalidArgumentError
from ..exercises import register
from ..i18n import N_
from .compare import whole_number as _whole_number

__all__ = ["ClockSpending", "Stopwatch", "clock_schedule", "clock_spending", "depth_reached", "entry_kinds",
           "expected_collisions", "zobrist_difference", "zobrist_key"]

SIDE = "second to move"
"""How ``zobrist_difference`` names the key XORed in when the second player is to move."""


def zobrist_key(key: tuple[tuple[int, int], int] | str) -> int:
    """The 64-bit Zobrist key of ``((x, y), player)``, or of ``'second to move'``.

    >>> zobrist_key(((1, 1), 1)) == ZOBRIST_KEYS[0][1]
    True
    """
    if key == SIDE:
        return ZOBRIST_SECOND_TO_MOVE
    (x, y), player = key
    return ZOBRIST_KEYS[(x - 1) * 7 + (y - 1)][player]


def zobrist_difference(a: Any, b: Any) -> list[tuple[tuple[int, int], int] | str]:
    """The keys that ``position_hash(a) ^ position_hash(b)`` is the XOR of: ``((x, y), player)``
    for every stone that is on one board and not on the other (a captured stone counts twice:
    the old owner's key goes out, the new owner's comes in), in square order, then
    ``'second to move'`` if the side to move differs.

    Two positions with the same stones and the same side to move have an empty difference.
    """
    keys: list[tuple[tuple[int, int], int] | str] = []
    for x in range(1, 8):
        for y in range(1, 8):
            before, after = a.grid[x][y], b.grid[x][y]
            if before == after:
                continue
            for cell in (before, after):
                if cell in (1, 2):
                    keys.append(((x, y), cell))
    if a.to_move != b.to_move:
        keys.append(SIDE)
    return keys


def expected_collisions(n: int, bits: int) -> float:
    """Of ``n`` keys drawn at random from ``2**bits`` values, how many are expected to repeat a
    value drawn before: ``n`` minus the expected number of distinct values,
    ``m * (1 - (1 - 1/m)**n)`` with ``m = 2**bits``.

    >>> expected_collisions(23, 0)                    # one value: all but the first repeat
    22.0
    >>> round(expected_collisions(2, 64) * 2**64, 6)  # two keys: one chance in 2**64
    1.0
    >>> round(expected_collisions(54_440, 16))        # about a third of them
    17461
    """
    if bits < 0 or n < 0:
        raise InvalidArgumentError(f"n and bits must be >= 0, got {n} and {bits}")
    m = 2.0 ** bits
    if n < 1e-3 * m:
        # n - m * (1 - (1 - 1/m)**n) expanded: C(n,2)/m - C(n,3)/m**2 + C(n,4)/m**3 - ...;
        # the closed form would lose it all to rounding when m is huge
        return n * (n - 1) / 2 / m * (1 - (n - 2) / 3 / m * (1 - (n - 3) / 4 / m))
    return n - m * -math.expm1(n * math.log1p(-1 / m)) if m > 1 else float(max(n - 1, 0))


def entry_kinds(table: Any) -> dict[str, int]:
    """How many entries of ``table`` (a ``TranspositionTable`` or a ``FastTranspositionTable``)
    hold an exact value, a lower bound and an upper bound.

    >>> from course_lib.agents.transposition import TranspositionTable
    >>> entry_kinds(TranspositionTable(4))
    {'exact': 0, 'lower': 0, 'upper': 0}
    """
    if hasattr(table, "entries"):                                  # the readable table
        kinds = [entry[2] for entry in table.entries if entry is not None]
    else:                                                           # the numpy table
        kinds = table.data[table.data[:, 0] >= 0, 2].tolist()
    return {"exact": kinds.count(EXACT), "lower": kinds.count(LOWER),
            "upper": kinds.count(UPPER)}


def depth_reached(state: Any, ms: float, tier: str = "reference", **options: Any
                  ) -> tuple[int, int, float]:
    """Run iterative deepening on ``state`` for ``ms`` milliseconds and return ``(depth,
    nodes, elapsed_ms)``: the deepest finished iteration (0 if none finished), the nodes of
    the finished iterations, and the time the whole call took (the abandoned iteration
    included). ``tier`` is ``'reference'`` (the readable search) or ``'fast'``; ``options``
    go to ``iterative_deepening`` or ``fast_iterative_deepening`` (``order``, ``killers``,
    ``history``, ``table`` or, for the fast tier, ``table_slots``).

    The result depends on the machine and on what else it is doing: it is a measurement.
    """
    if tier == "fast":
        deepen = fast_iterative_deepening
    elif tier == "reference":
        from ..agents.search import iterative_deepening as deepen
    else:
        raise InvalidArgumentError(f"unknown tier {tier!r}; choose reference or fast")
    started = time.perf_counter()
    depth, nodes = 0, 0
    for result in deepen(state, seconds=ms / 1000, **options):
        depth, nodes = result.depth, result.stats.nodes
    return depth, nodes, (time.perf_counter() - started) * 1000


def clock_schedule(empty_squares: Sequence[int], total_ms: float = 10_000,
                   reserve_ms: float = 50) -> list[int]:
    """The budget ``GameClock(total_ms, reserve_ms)`` gives each of a player's moves, when the
    player finds ``empty_squares[i]`` empty squares at its i-th move and spends exactly its
    budget on every move. What is left at the end is ``total_ms - sum(budgets)``.
    """
    clock = GameClock(total_ms, reserve_ms)
    budgets = []
    for empty in empty_squares:
        budget = clock.budget_ms(empty_squares=empty)
        budgets.append(budget)
        clock.used_ms += budget
    return budgets


@dataclass
class ClockSpending:
    """What ``clock_spending`` saw: per move of the clocked agent, the empty squares it found
    (``empty_squares``), the budget its clock gave (``given``, ms) and the time it spent
    (``spent``, ms); the clock's time left at the end (``left_ms``) and the final position."""

    empty_squares: list[int]
    given: list[int]
    spent: list[float]
    left_ms: float
    final: Any


def clock_spending(agent: Any, opponent: Any, start: Any) -> ClockSpending:
    """Play ``agent`` (a ``SearchAgent`` with a game clock, ``game=`` in its spec) against
    ``opponent`` from ``start`` to the end of the game, ``agent`` moving for the side to move
    in ``start``, and record the budget and the time spent of each of its moves.
    """
    clock = getattr(agent, "clock", None)
    if clock is None:
        raise InvalidArgumentError("clock_spending needs an agent with a game clock, such as "
                                   "make_agent('alphabeta:game=10000,tier=fast')")
    opponent = as_agent(opponent)
    side, state = start.to_move, start
    empty: list[int] = []
    given: list[int] = []
    spent: list[float] = []
    while not state.is_over():
        if state.to_move == side:
            empty.append(state.empty_squares)
            given.append(clock.budget_ms(empty_squares=state.empty_squares))
            before = clock.used_ms
            move = agent.choose_move(state)
            spent.append(clock.used_ms - before)
        else:
            move = opponent.choose_move(state)
        state = state.apply(move)
    return ClockSpending(empty, given, spent, clock.remaining_ms, state)


class Stopwatch:
    """Plays as ``agent`` does (an agent, or a function ``state -> move``), and records every
    move: ``ms`` (the wall-clock time of each ``choose_move``) and ``depths``
    (``agent.last_result.depth`` after it, or None).

    >>> from course_lib.agents import GreedyAgent
    >>> from course_lib.ataxx import State
    >>> watch = Stopwatch(GreedyAgent())
    >>> watch.choose_move(State.start()).uai(), len(watch.ms), watch.depths
    ('b7', 1, [1])
    """

    def __init__(self, agent: Any, name: str | None = None) -> None:
        self.agent = as_agent(agent)
        self.name = name or getattr(self.agent, "name", type(self.agent).__name__)
        self.ms: list[float] = []
        self.depths: list[int | None] = []

    def choose_move(self, state: Any) -> Any:
        started = time.perf_counter()
        move = self.agent.choose_move(state)
        self.ms.append((time.perf_counter() - started) * 1000)
        result = getattr(self.agent, "last_result", None)
        self.depths.append(getattr(result, "depth", None))
        return move

    @property
    def last_result(self) -> Any:
        return getattr(self.agent, "last_result", None)


# --- The exercises of notebook 05 --------------------------------------------------------------

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
    hint=(
        N_("a position's hash XORs one key per stone and one for the side to move: which of those "
           "does this move change?"),
        N_("the jump takes x's stone off a2 (one key) and puts one on c3 (one key); every "
           "captured stone changes owner, so o's key goes out and x's key comes in (two keys per "
           "capture); and the side to move changes (the 'o to move' key)."),
        N_("zobrist_difference(position_1, position_1.play('a2c3')) lists them.")),
    compare=_whole_number)

register(
    "05-node-budget", _node_budget_depth,
    mistake=5,  # compared the budget with the depth-5 iteration alone
    hint=(
        N_("does the budget count the nodes of the last iteration, or of all the iterations "
           "together?"),
        N_("compare the budget with the nodes of all iterations so far (each iteration's "
           "result.stats.nodes is that total), not with the nodes of that depth alone."),
        N_("list(fast_iterative_deepening(position_2, order='gain')) to depth 6 shows the totals; "
           "fast_iterative_deepening(..., max_nodes=220_000) applies the budget itself.")),
    compare=_whole_number)

register(
    "05-tt-hits", _tt_hits,
    mistake=5,  # not a count of hits at all (a depth)
    hint=(
        N_("what is a table hit: any entry found, or an entry of this position that the search "
           "may use?"),
        N_("a hit is a probe that finds an entry of the same position with the same depth left; "
           "not a cutoff (only the hits that end the node at once), and not a filled slot."),
        N_("stats.tt_hits of fast_search(position_3, 4, order='gain', table_slots=1 << 16) counts "
           "them (search(..., table=TranspositionTable(1 << 16)) gives the same count, slower).")),
    compare=_whole_number)

register(
    "05-clock-budget", _clock_budget,
    mistake=333,  # forgot the 50 ms reserve: int(3000 / 9)
    hint=(
        N_("how does the clock share what is left among the moves still to come, and does it keep "
           "something back?"),
        N_("budget_ms keeps a reserve of 50 ms back, divides the rest by the moves still expected "
           "(empty squares / 2 + 3) and rounds down to a whole ms."),
        N_("int((3000 - 50) / (12 / 2 + 3)), or GameClock(10_000).budget_ms(remaining_ms=3_000, "
           "empty_squares=12).")),
    compare=_whole_number)
