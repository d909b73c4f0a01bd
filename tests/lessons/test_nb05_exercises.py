"""Notebook 05's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from scratch. The checks every notebook
shares, a likely mistake getting its hint among them, are in test_exercise_notebooks.py."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from course_lib.agents.fast_search import fast_iterative_deepening
from course_lib.agents.search import iterative_deepening, search
from course_lib.agents.transposition import (ZOBRIST_KEYS, ZOBRIST_SECOND_TO_MOVE,
                                             TranspositionTable, position_hash)
from course_lib.ataxx import State
from course_lib.lessons import nb05
from course_lib.exercises import (_EXERCISES, exercise_cells, verdict,
                                  registered as registered_exercises)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "05_deepening_tables_time.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_the_registered_questions(solution):
    """The positions and numbers the notebook shows are the ones the answers are computed on."""
    code = "\n".join(exercise_cells(solution))
    text = "\n".join("".join(c["source"]) for c in solution["cells"])
    for fen in (nb05.ZOBRIST_FEN, nb05.BUDGET_FEN, nb05.HITS_FEN):
        assert f'State.from_fen("{fen}")' in code
    assert nb05.ZOBRIST_MOVE in text
    assert f"{nb05.NODE_BUDGET:,}" in text
    assert f"depth {nb05.HITS_DEPTH}" in text and f"{nb05.HITS_SLOTS:,} slots" in text
    assert f"GameClock({nb05.CLOCK_TOTAL_MS:_})" in text
    assert f"{nb05.CLOCK_REMAINING_MS:,} ms left" in text
    assert f"{nb05.CLOCK_EMPTY} squares are empty" in text


@pytest.mark.parametrize("name", registered_exercises("05"))
def test_right_answers_in_other_forms(name):
    right = _EXERCISES[name].solve()
    for answer in (right, np.int64(right), float(right)):
        assert verdict(name, answer) == f"{name}: right"
    assert verdict(name, str(right)).startswith(f"{name}: wrong")
    assert verdict(name, right + 0.5).startswith(f"{name}: wrong")


# --- The right answers, computed another way --------------------------------------------------


def _key(x: int, y: int, player: int) -> int:
    return ZOBRIST_KEYS[(x - 1) * 7 + (y - 1)][player]


def test_zobrist_keys_by_hand():
    """A jump with k captures: the source's key, the destination's key, two keys per capture,
    and the side to move: 3 + 2k keys."""
    before = State.from_fen(nb05.ZOBRIST_FEN)
    move = before.parse_move(nb05.ZOBRIST_MOVE)
    assert move.is_jump
    after = before.play(move)
    captured = [(x, y) for x in range(1, 8) for y in range(1, 8)
                if before.grid[x][y] == 2 and after.grid[x][y] == 1]
    assert len(captured) == 3
    assert _EXERCISES["05-zobrist-keys"].solve() == 3 + 2 * len(captured) == 9
    xor = _key(move.x1, move.y1, 1) ^ _key(move.x2, move.y2, 1) ^ ZOBRIST_SECOND_TO_MOVE
    for x, y in captured:
        xor ^= _key(x, y, 2) ^ _key(x, y, 1)
    assert xor == position_hash(before) ^ position_hash(after)


def test_node_budget_from_the_running_totals():
    """The deepest iteration whose running total of nodes is within the budget; the readable
    iterative deepening gives the same totals as the fast one to depth 4."""
    totals = [r.stats.nodes for r in fast_iterative_deepening(nb05.BUDGET_FEN, max_depth=6,
                                                              order="gain")]
    readable = [r.stats.nodes for r in iterative_deepening(State.from_fen(nb05.BUDGET_FEN),
                                                           max_depth=4, order="gain")]
    assert readable == totals[:4]
    expected = max(d for d, total in enumerate(totals, start=1) if total <= nb05.NODE_BUDGET)
    assert _EXERCISES["05-node-budget"].solve() == expected == 4
    # The trap the exercise is about: depth 5 alone fits in the budget, the running total not.
    assert totals[4] - totals[3] <= nb05.NODE_BUDGET < totals[4]


def test_tt_hits_by_the_readable_search():
    state = State.from_fen(nb05.HITS_FEN)
    result = search(state, depth=nb05.HITS_DEPTH, order="gain",
                    table=TranspositionTable(nb05.HITS_SLOTS))
    assert _EXERCISES["05-tt-hits"].solve() == result.stats.tt_hits > 0
    assert result.stats.tt_cutoffs <= result.stats.tt_hits


def test_clock_budget_by_the_formula():
    usable = nb05.CLOCK_REMAINING_MS - 50
    expected = int(usable / (nb05.CLOCK_EMPTY / 2 + 3))
    assert _EXERCISES["05-clock-budget"].solve() == expected == 327
