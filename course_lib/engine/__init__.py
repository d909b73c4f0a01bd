"""The course's ATAXX engine: alpha-beta with the techniques of a game engine, compiled.

The teaching searches (``course_lib.agents``) stop where the lectures stop, and keep exact node
counts and values. The engine goes on: principal variation search, aspiration windows, a
transposition table used at greater-or-equal depth, late move reductions, null-move pruning,
killers and history, and time management on a clock. Each technique is a switch
(``SWITCHES``), so each can be measured alone.

>>> from course_lib.ataxx import State
>>> move, info = Engine(hash_mb=1).search(State.start(), SearchLimits(depth=3))
>>> info.depth
3

``EngineAgent`` (spec ``engine:...``) plays it in the arena and on the command line.
"""

from .agent import EngineAgent
from .engine import (MATE, MATE_BOUND, MAX_HASH_MB, SWITCHES, Engine, EngineStats, SearchInfo,
                     SearchLimits, time_budget)

__all__ = ["Engine", "EngineAgent", "EngineStats", "SearchInfo", "SearchLimits", "SWITCHES",
           "MATE", "MATE_BOUND", "MAX_HASH_MB", "time_budget"]
