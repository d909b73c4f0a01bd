"""The course's deterministic agents: greedy and the searchers, with a game clock.

>>> from course_lib.ataxx import State
>>> GreedyAgent().choose_move(State.start())
Move(1, 1, 1, 2)
"""

from __future__ import annotations

import time
from typing import Any

from ..checks import MAX_MS, choice, describe, is_whole, number, whole
from ..errors import InvalidArgumentError
from .base import check_can_move
from .evaluation import (Evaluation, check_evaluation, check_evaluation_function,
                         default_evaluation)
from .search import MAX_DEPTH, Searcher, iterative_deepening
from .stats import SearchResult, SearchStats
from .transposition import MAX_SLOTS, TranspositionTable


class GreedyAgent:
    """Plays the move whose resulting position has the highest evaluation for the mover
    (material by default); ties go to the first move in generation order. It passes only when
    it must. Greedy is minimax to depth 1, and counts its nodes the same way: the root and one
    leaf per move.
    """

    def __init__(self, evaluation: Evaluation | None = None, name: str = "greedy") -> None:
        check_evaluation_function(evaluation)
        if not isinstance(name, str):
            raise InvalidArgumentError(f"name must be text, got {describe(name)}")
        self.evaluation = evaluation
        self.name = name
        self.last_result: SearchResult | None = None

    def choose_move(self, state: Any) -> Any:
        moves = check_can_move(state)
        check_evaluation(self.evaluation, state)
        evaluate = self.evaluation or default_evaluation(state)
        started = time.perf_counter()
        best_move, best_value = None, None
        values = []
        for move in moves:
            value = evaluate(state.apply(move), state.to_move)
            values.append((move, value))
            if best_value is None or value > best_value:
                best_move, best_value = move, value
        stats = SearchStats(nodes=1 + len(moves), leaves=len(moves), depth=1,
                            seconds=time.perf_counter() - started,
                            nodes_per_depth=[1, len(moves)])
        self.last_result = SearchResult(best_move, best_value, 1, stats, values)
        return best_move


def expected_moves_left(empty_squares: int) -> float:
    """How many more moves a player expects to make, as the course's clocks estimate it: half
    the empty squares (each clone fills one, and the players share the turns) plus 3.

    This is deliberately few. In games between the course's agents a player still had about as
    many moves to make as there were empty squares (jumps fill none), so a budget built on it
    is about twice a fair share. ``SearchAgent`` rarely spends its whole budget, since it does
    not start an iteration it does not expect to finish (``next_iteration_fits``), and what it
    leaves returns to the clock for later moves.

    >>> expected_moves_left(45)
    25.5
    """
    return empty_squares / 2 + 3


class GameClock:
    """Shares a game's time across its moves.

    The budget of a move is the time left (less a small reserve) divided by the moves this
    player still expects to make (``expected_moves_left``: half the empty squares plus 3).

    >>> GameClock(10_000).budget_ms(remaining_ms=10_000, empty_squares=45)
    390
    """

    def __init__(self, total_ms: int = 10_000, reserve_ms: int = 50) -> None:
        number(total_ms, "the game clock's total_ms", 1, MAX_MS, "ms")
        number(reserve_ms, "the game clock's reserve_ms", 0, MAX_MS, "ms")
        self.total_ms = total_ms
        self.reserve_ms = reserve_ms
        self.used_ms = 0.0

    @property
    def remaining_ms(self) -> float:
        return self.total_ms - self.used_ms

    def budget_ms(self, remaining_ms: float | None = None, empty_squares: int = 45) -> int:
        remaining = self.remaining_ms if remaining_ms is None else remaining_ms
        usable = max(0.0, remaining - self.reserve_ms)
        return int(usable / expected_moves_left(empty_squares))   # >= 3 moves: <= a third


def next_iteration_fits(finished: list[float], budget_s: float) -> bool:
    """Whether iterative deepening should start another iteration, given when each iteration
    so far finished (seconds from the start of the move): only if it is expected to finish
    within the budget. Its time is predicted as the last iteration's time multiplied by the
    growth from the one before (at least 2). An iteration that cannot finish would be
    abandoned at the deadline, and its time lost.

    >>> next_iteration_fits([0.001, 0.004, 0.020], budget_s=0.2)   # next: about 0.08 s
    True
    >>> next_iteration_fits([0.001, 0.004, 0.020, 0.100], budget_s=0.2)   # next: 0.4 s
    False
    """
    elapsed = finished[-1]
    last = finished[-1] - (finished[-2] if len(finished) > 1 else 0.0)
    before = finished[-2] - (finished[-3] if len(finished) > 2 else 0.0) \
        if len(finished) > 1 else 0.0
    growth = max(2.0, last / before) if before > 0 else 2.0
    return elapsed + last * growth <= budget_s


class SearchAgent:
    """An agent that searches: minimax, negamax or alpha-beta, to a fixed depth or against a
    clock with iterative deepening.

    Build one with ``make_agent`` from a spec string, or directly:

    >>> from course_lib.ataxx import State
    >>> agent = SearchAgent("alphabeta", depth=3)
    >>> agent.choose_move(State.start())
    Move(1, 1, 1, 2)
    >>> agent.last_result.stats.nodes > 0
    True
    """

    def __init__(self, algorithm: str = "negamax-alphabeta", depth: int = 3,
                 evaluation: Evaluation | None = None, order: str = "none",
                 killers: bool = False, history: bool = False, table_slots: int = 0,
                 move_ms: int | None = None, game_ms: int | None = None,
                 name: str | None = None, tier: str = "reference") -> None:
        whole(depth, "depth", 1, MAX_DEPTH)
        for key, value in (("move_ms", move_ms), ("game_ms", game_ms)):
            whole(value, key, 1, MAX_MS, "ms", optional=True)
        if not (is_whole(table_slots) and table_slots == 0):
            whole(table_slots, "table_slots (0: no table, else a power of two)", 0, MAX_SLOTS)
        self.algorithm = algorithm
        self.depth = depth
        self.evaluation = evaluation
        self.order = order
        self.killers = killers
        self.history = history
        self.move_ms = move_ms
        self.clock = GameClock(game_ms) if game_ms else None
        if (move_ms or game_ms) and algorithm != "negamax-alphabeta":
            raise InvalidArgumentError("a time limit uses iterative deepening, which is built on "
                             "negamax-alphabeta")
        self.tier = choice(tier, "tier", ("reference", "fast"))
        Searcher(algorithm, evaluation, order, killers, history)        # check the options
        if tier == "fast":                 # the compiled search: ATAXX, negamax form only
            from .fast_search import FastTranspositionTable, _check_evaluation
            if algorithm != "negamax-alphabeta":
                raise InvalidArgumentError(f"tier=fast implements negamax-alphabeta only (form=negamax), "
                                 f"not {algorithm}")
            _check_evaluation(evaluation)
            self.table = FastTranspositionTable(table_slots) if table_slots else None
        else:
            self.table = TranspositionTable(table_slots) if table_slots else None
        if self.table is not None:
            Searcher(algorithm, evaluation, order, killers, history, self.table)
        self.name = name or algorithm
        self.last_result: SearchResult | None = None
        self.iterations: list[SearchResult] = []

    def choose_move(self, state: Any) -> Any:
        check_can_move(state)
        check_evaluation(self.evaluation, state)
        if self.move_ms is None and self.clock is None and self.tier == "fast":
            from .fast_search import fast_search
            self.last_result = fast_search(state, self.depth, order=self.order,
                                           killers=self.killers, history=self.history,
                                           evaluation=self.evaluation, table=self.table)
            return self.last_result.move
        if self.move_ms is None and self.clock is None:
            searcher = Searcher(self.algorithm, self.evaluation, self.order, self.killers,
                                self.history, self.table)
            self.last_result = searcher.run(state, self.depth)
            return self.last_result.move
        return self._timed_move(state)

    def _timed_move(self, state: Any) -> Any:
        started = time.perf_counter()
        if self.clock is not None:
            budget = self.clock.budget_ms(empty_squares=getattr(state, "empty_squares", 20))
        else:
            budget = self.move_ms
        self.iterations = []
        deepen = iterative_deepening
        if self.tier == "fast":
            from .fast_search import fast_iterative_deepening as deepen
        if budget > 0:                     # with the clock spent, only depth 1 below
            finished = []                  # when each iteration finished, in s from the start
            for result in deepen(state, max_depth=self.depth, seconds=budget / 1000,
                                 evaluation=self.evaluation, order=self.order,
                                 killers=self.killers, history=self.history, table=self.table):
                self.iterations.append(result)
                finished.append(time.perf_counter() - started)
                if not next_iteration_fits(finished, budget / 1000):
                    break                  # it would be abandoned: keep the time for later
        if not self.iterations:            # not even depth 1 finished: finish it untimed,
            if self.tier == "fast":        # so that no move is played blind
                from .fast_search import fast_search
                self.last_result = fast_search(state, 1, evaluation=self.evaluation)
            else:
                self.last_result = Searcher("negamax-alphabeta", self.evaluation).run(state, 1)
        else:
            self.last_result = self.iterations[-1]
        if self.clock is not None:
            self.clock.used_ms += (time.perf_counter() - started) * 1000
        return self.last_result.move

    def warm_up(self) -> None:
        """Load the compiled search (numba) now rather than on the first move; the referee
        protocol agent calls this right after answering READY. Nothing to do for the readable
        tier."""
        if self.tier == "fast":
            from ..ataxx import State
            from .fast_search import fast_search
            fast_search(State.start(), 1, order=self.order, killers=self.killers,
                        history=self.history, evaluation=self.evaluation)

    def reset(self) -> None:
        """Forget the tables and the clock: ready for a new game."""
        if self.table is not None:
            self.table = type(self.table)(self.table.slots)
        if self.clock is not None:
            self.clock.used_ms = 0.0
