"""Agents: anything with ``choose_move(state) -> move`` can play.

>>> from course_lib.ataxx import State
>>> RandomAgent(seed=7).choose_move(State.start())
Move(1, 1, 3, 3)
"""

from .base import Agent, RandomAgent, as_agent

__all__ = ["Agent", "RandomAgent", "as_agent"]
