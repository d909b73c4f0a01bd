"""The engine as a course agent (spec ``engine:...``), for the arena, ``sprt`` and ``search``.

>>> from course_lib.ataxx import State
>>> agent = EngineAgent(depth=3, hash_mb=1)
>>> agent.choose_move(State.start()) in State.start().legal_moves()
True
>>> agent.last_result.stats.depth
3
"""

from __future__ import annotations

import time
from typing import Any

from ..agents.base import check_can_move
from ..agents.players import GameClock
from ..agents.stats import SearchResult
from ..checks import MAX_MS, MAX_NODES, whole
from ..errors import InvalidArgumentError
from .engine import MAX_DEPTH, Engine, SearchInfo, SearchLimits

DEFAULT_DEPTH = 6
"""The depth of an engine given no time, game clock, depth or node count."""


class EngineAgent:
    """Plays the engine's move: ``move_ms`` per move, or a game clock of ``game_ms``, or to
    ``depth``, or ``nodes`` (whichever comes first); ``evaluation`` and the switches go to
    ``Engine``.

    ``last_result`` is a ``SearchResult``: the move, the value in hundredths of a stone from
    the mover's view (a forced win is ``MATE - plies``), the depth of the last finished
    iteration, and ``stats`` (an ``EngineStats``: nodes, seconds, seldepth, table hits, ...).
    ``last_info`` is the engine's own ``SearchInfo`` (with the principal variation).
    """

    def __init__(self, move_ms: int | None = None, game_ms: int | None = None,
                 depth: int | None = None, nodes: int | None = None, hash_mb: int = 16,
                 name: str = "engine", evaluation: str = "material",
                 **switches: bool | int) -> None:
        for key, value, high in (("move_ms", move_ms, MAX_MS), ("game_ms", game_ms, MAX_MS),
                                 ("depth", depth, MAX_DEPTH), ("nodes", nodes, MAX_NODES)):
            whole(value, key, 1, high, optional=True)
        if move_ms is not None and game_ms is not None:
            raise InvalidArgumentError("give time (ms per move) or game (ms per game), not both")
        self.engine = Engine(hash_mb=hash_mb, evaluation=evaluation, **switches)
        self.move_ms = move_ms
        self.clock = GameClock(game_ms) if game_ms else None
        if depth is None and move_ms is None and game_ms is None and nodes is None:
            depth = DEFAULT_DEPTH
        self.depth = depth
        self.nodes = nodes
        self.name = name
        self.last_result: SearchResult | None = None
        self.last_info: SearchInfo | None = None

    def choose_move(self, state: Any) -> Any:
        check_can_move(state)
        started = time.perf_counter()
        limits = SearchLimits(depth=self.depth, nodes=self.nodes)
        if self.move_ms is not None:
            limits.movetime_ms = int(self.move_ms)
        elif self.clock is not None:
            left = max(0, int(self.clock.remaining_ms))
            limits.btime_ms = limits.wtime_ms = left
        move, info = self.engine.search(state, limits)
        stats = self.engine.last_stats
        self.last_info = info
        self.last_result = SearchResult(move=move, value=self.engine.last_value,
                                        depth=info.depth, stats=stats)
        if self.clock is not None:
            self.clock.used_ms += (time.perf_counter() - started) * 1000
        return move

    def warm_up(self) -> None:
        """Compile or load the engine's kernels now rather than on the first move."""
        self.engine.warm_up()

    def reset(self) -> None:
        """A new game: empty table, no killers or history, a full clock."""
        self.engine.new_game()
        if self.clock is not None:
            self.clock.used_ms = 0.0
