"""Agents: anything with ``choose_move(state) -> move`` can play.

Build the course's agents from spec strings (``make_agent("alphabeta:depth=5,order=gain")``)
or from their classes. Every search fills ``agent.last_result`` (a SearchResult with the move,
its value and a SearchStats).

>>> from course_lib.ataxx import State
>>> RandomAgent(seed=7).choose_move(State.start())
Move(1, 1, 3, 3)
"""

from .base import Agent, RandomAgent, as_agent
from .evaluation import exact, material, open_lines, square_weights
from .players import GameClock, GreedyAgent, SearchAgent
from .search import iterative_deepening, search
from .spec import describe_agents, make_agent, parse_spec
from .stats import SearchResult, SearchStats, TreeRecorder
from .transposition import TranspositionTable, position_hash

__all__ = [
    "Agent", "GameClock", "GreedyAgent", "RandomAgent", "SearchAgent", "SearchResult",
    "SearchStats", "TranspositionTable", "TreeRecorder", "as_agent", "describe_agents", "exact",
    "iterative_deepening", "make_agent", "material", "open_lines", "parse_spec",
    "position_hash", "search", "square_weights",
]
