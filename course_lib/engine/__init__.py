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

The package holds the course's other engine-class player too: ``GuidedMCTSAgent``
(``guided.py``, spec ``mcts:tier=fast,value=learned,prior=learned``), MCTS guided by a learned
evaluation, built on the teaching MCTS of ``course_lib.agents``.
"""

from .agent import EngineAgent
from .engine import (MATE, MATE_BOUND, MAX_HASH_MB, SWITCHES, Engine, EngineStats, SearchInfo,
                     SearchLimits, time_budget)
from .guided import GuidedMCTSAgent

__all__ = ["Engine", "EngineAgent", "EngineStats", "GuidedMCTSAgent", "SearchInfo",
           "SearchLimits", "SWITCHES", "MATE", "MATE_BOUND", "MAX_HASH_MB", "time_budget"]
