"""Shared fixtures: positions from seeded random games, computed once per test session.

The games are played by ``RandomAgent`` from the library, so every position in them is one a
student can reach; the tests check those positions against oracles written in the tests.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

from course_lib.agents import RandomAgent
from course_lib.ataxx import START_FEN, State

# Helper modules shared by test files (uai_helpers) live beside this file; with
# --import-mode=importlib pytest does not put this folder on sys.path itself.
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Student-like answers for test_grader_answers.py: data read by that test, not modules.
collect_ignore = ["grader_answers"]

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
"""The spec's second perft position: the start with four blocked squares."""


@functools.lru_cache(maxsize=None)
def _random_game(seed: int, fen: str) -> tuple[State, ...]:
    agent = RandomAgent(seed=seed)
    state = State.from_fen(fen)
    states = [state]
    while not state.is_over():
        state = state.apply(agent.choose_move(state))
        states.append(state)
    return tuple(states)


@pytest.fixture(scope="session")
def random_game():
    """``random_game(seed, fen=START_FEN)``: every state of one seeded random game, in order."""
    def play(seed: int, fen: str = START_FEN) -> tuple[State, ...]:
        return _random_game(seed, fen)
    return play
