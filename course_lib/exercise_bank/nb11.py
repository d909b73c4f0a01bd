"""The exercises of notebook 11, from alpha-beta to an engine, registered with
``course_lib.exercises``.

Each right answer is computed here by the engine when a check runs. The positions and numbers
are the questions; the notebook shows the same ones.
"""

from __future__ import annotations

from ..exercises import register
from .compare import whole_number as _whole_number
from .compare import within

SAVING_FEN = "2xxooo/2xxooo/2xooo1/2xoo2/x6/x6/xxxxx1x x 2 16"
SAVING_DEPTH = 5
"""11-lmr-saving: how many fewer nodes the engine with only late move reductions on visits to
depth SAVING_DEPTH than the engine with every switch off (a new engine each time)."""

BUDGET_FEN = "x2xoo1/xx1xo1o/xx5/xx3oo/xxx3o/5oo/6o x 5 16"
NODE_BUDGET = 5_000_000
"""11-depth-in-nodes: the deepest iteration a new engine (every switch on, ``without()``; null-move
pruning too, which is off by default) finishes on
BUDGET_FEN within NODE_BUDGET nodes."""

CLOCK_MS = 60_000
CLOCK_INC_MS = 500
CLOCK_EMPTY = 30
"""11-soft-limit: the engine's soft limit in ms (no new iteration after it) for x to move with
CLOCK_MS on its clock, CLOCK_INC_MS a move and CLOCK_EMPTY empty squares."""


def _lmr_saving() -> int:
    from ..engine.lessons import measure, only
    plain = measure([SAVING_FEN], SAVING_DEPTH, only()).total_nodes
    return plain - measure([SAVING_FEN], SAVING_DEPTH, only("lmr")).total_nodes


def _depth_in_nodes() -> int:
    from ..engine.lessons import depth_in_nodes, without
    return depth_in_nodes(BUDGET_FEN, NODE_BUDGET, without())


def _soft_limit() -> float:
    from ..engine import SearchLimits, time_budget
    soft, _ = time_budget(SearchLimits(btime_ms=CLOCK_MS, binc_ms=CLOCK_INC_MS), 1, CLOCK_EMPTY)
    return soft * 1000


register(
    "11-lmr-saving", _lmr_saving,
    mistake=2_499_667,  # the nodes with late move reductions on, not the nodes saved
    hint="search the position twice to depth 5, each time with a new engine: "
         "measure([position_1], 5, only()) (every switch off) and measure([position_1], 5, "
         "only('lmr')); the answer is the first total_nodes less the second, not either count.",
    compare=_whole_number)

register(
    "11-depth-in-nodes", _depth_in_nodes,
    mistake=8,  # the iteration that was cut short by the budget
    hint="give the engine every switch and the budget as its only limit, "
         "Engine(**without()).search(position_2, SearchLimits(nodes=5_000_000)) or "
         "depth_in_nodes(position_2, 5_000_000, without()), and read "
         "info.depth: the deepest iteration finished, not the one the budget cut short.",
    compare=_whole_number)

register(
    "11-soft-limit", _soft_limit,
    mistake=2983.6957,  # the whole share (60000 / 23 + 375), not 60 % of it
    hint="time_budget(SearchLimits(btime_ms=60_000, binc_ms=500), 1, 30) gives (soft, hard) "
         "in seconds; the soft limit is the first, times 1000 for ms. By hand: the share is "
         "left / (empty / 2 + 8) + 3/4 of the increment, and the soft limit is 60 % of it.",
    compare=within(0.01))
