"""Notebook 03's exercises: the notebook asks about the bank's own positions and numbers, and the
right answers agree with computations written here from scratch. The checks every notebook
shares, a likely mistake getting its hint among them, are in test_exercise_notebooks.py."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np
import pytest

from course_lib.agents import GreedyAgent
from course_lib.ataxx import State, perft
from course_lib.lessons import nb03
from course_lib.exercises import _EXERCISES, exercise_cells, verdict
from course_lib.games import TicTacToe

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "solutions" / "03_minimax_and_negamax.ipynb"


@pytest.fixture(scope="module")
def solution() -> dict:
    return json.loads(NOTEBOOK.read_text())


def test_the_notebook_asks_the_registered_questions(solution):
    """The trees and positions the notebook shows are the ones the answers are computed on."""
    code = "\n".join(exercise_cells(solution))
    assert f"tree_1 = {nb03.TREE!r}" in code
    for text in (nb03.LEAVES_FEN, nb03.MOVE_FEN, nb03.TICTACTOE):
        assert f'"{text}"' in code


# --- The right answers, computed another way --------------------------------------------------


def _minimax_of_lists(tree, maximizing: bool = True):
    if not isinstance(tree, list):
        return tree
    values = [_minimax_of_lists(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def _material(state: State) -> int:
    return state.stones(1) - state.stones(2)


def _two_ply_values(state: State) -> dict[str, int]:
    """x's material after each x move and o's best reply; a finished game is scored as it is."""
    values = {}
    for move in state.legal_moves():
        child = state.apply(move)
        if child.is_terminal():
            values[move.uai()] = _material(child)
        else:
            values[move.uai()] = min(_material(child.apply(reply))
                                     for reply in child.legal_moves())
    return values


@functools.lru_cache(maxsize=None)
def _tictactoe_value(cells: tuple[int, ...]) -> int:
    """+1 if the player to move wins with best play, -1 if they lose, 0 for a draw."""
    state = TicTacToe(cells)
    if state.line_owner():
        return -1                              # the player who just moved has a line
    moves = state.legal_moves()
    if not moves:
        return 0
    return max(-_tictactoe_value(state.apply(m).cells) for m in moves)


def test_tree_value_by_hand():
    assert _EXERCISES["03-tree-value"].solve() == _minimax_of_lists(nb03.TREE)
    # MIN nodes worth min(6, 9), min(7, 8), min(5, 10): the second, 7, is MAX's best.
    assert _minimax_of_lists(nb03.TREE) == 7


def test_leaves_are_perft_plus_the_games_that_end_at_ply_1():
    state = State.from_fen(nb03.LEAVES_FEN)
    enders = sum(1 for m in state.legal_moves() if state.apply(m).is_terminal())
    assert enders > 0                           # the point of the exercise
    assert _EXERCISES["03-leaves-depth-2"].solve() == perft(state, 2) + enders


def test_minimax_move_is_the_unique_two_ply_best_and_not_greedys():
    state = State.from_fen(nb03.MOVE_FEN)
    values = _two_ply_values(state)
    best = max(values.values())
    winners = [move for move, value in values.items() if value == best]
    assert len(winners) == 1
    assert _EXERCISES["03-minimax-move"].solve().uai() == winners[0]
    greedy = GreedyAgent().choose_move(state)
    assert greedy.uai() == "e5"                 # what the notebook's question says
    assert greedy.uai() != winners[0]
    assert (state.gain(greedy) - 1) // 2 == 3   # a clone that captures three stones


def test_tictactoe_winner_by_a_solver_of_its_own():
    state = TicTacToe.from_string(nb03.TICTACTOE)
    value = _tictactoe_value(state.cells)
    expected = 0 if value == 0 else state.to_move if value > 0 else 3 - state.to_move
    assert _EXERCISES["03-tictactoe-winner"].solve() == expected
    assert _tictactoe_value(TicTacToe().cells) == 0          # the empty board is a draw


def test_right_answers_in_other_forms():
    move = _EXERCISES["03-minimax-move"].solve()
    state = State.from_fen(nb03.MOVE_FEN)
    for answer in [move.uai(), f" {move.uai()} ", move.protocol(), move]:
        assert verdict("03-minimax-move", answer) == "03-minimax-move: right"
    assert verdict("03-minimax-move", "0000").startswith("03-minimax-move: wrong")
    assert state.check_move(move) is None
    winner = _EXERCISES["03-tictactoe-winner"].solve()
    word = {1: "X", 2: "O", 0: "draw"}[winner]
    for answer in [winner, np.int64(winner), float(winner), word, word.lower(), f" {word} "]:
        assert verdict("03-tictactoe-winner", answer) == "03-tictactoe-winner: right"
    assert verdict("03-tictactoe-winner", str(winner)).startswith("03-tictactoe-winner: wrong")
    assert verdict("03-tictactoe-winner", winner == 1).startswith("03-tictactoe-winner: wrong")
    leaves = _EXERCISES["03-leaves-depth-2"].solve()
    assert verdict("03-leaves-depth-2", np.int64(leaves)) == "03-leaves-depth-2: right"
    assert verdict("03-leaves-depth-2", leaves + 0.5).startswith("03-leaves-depth-2: wrong")
    assert verdict("03-tree-value", 7.0) == "03-tree-value: right"
