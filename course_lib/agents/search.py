"""Minimax, negamax and alpha-beta, written as in the lecture, with every search instrumented.

Four algorithms, one driver:

- ``minimax``: MAX and MIN branches, values from the root player's view;
- ``negamax``: one branch, values from the view of the player to move (``-`` flips them);
- ``alphabeta``: minimax with the window (alpha, beta), in MAX/MIN form;
- ``negamax-alphabeta``: the same in negamax form, with the engine refinements: move ordering
  (static, gain, intuition, killer and history moves, the transposition-table move) and a
  transposition table.

The course's rules for these searches (COURSE_SPEC section 4): a node at the depth limit, or a
terminal node (no legal moves), is scored by the evaluation; a player who cannot move has one
child, the pass; at the root the first move in generation order with the best value is played.
Every search counts nodes the same way (see ``course_lib.agents.stats``).

>>> from course_lib.games import GameTree, TEXTBOOK_TREE
>>> result = search(GameTree(TEXTBOOK_TREE), algorithm="alphabeta", depth=3)
>>> result.move, result.value, result.stats.leaves
(0, 3, 7)
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Iterator

from ..checks import choice, describe, flag
from ..errors import GameOverError, InvalidArgumentError
from .evaluation import (ATAXX_SQUARE_WEIGHTS, TICTACTOE_SQUARE_WEIGHTS, WIN_SCORE, Evaluation,
                         check_evaluation, check_evaluation_function, default_evaluation)

MAX_DEPTH = 64
"""The deepest search asked for (the agents' ``depth`` key goes up to it too)."""
from .stats import SearchResult, SearchStats, TreeRecorder
from .transposition import EXACT, LOWER, UPPER, TranspositionTable, position_hash

INF = math.inf
ALGORITHMS = ("minimax", "negamax", "alphabeta", "negamax-alphabeta")
ORDERS = ("none", "static", "gain", "intuition")
INTUITION_DEPTH = 3
"""The depth of the shallow search that scores the root moves for ``order='intuition'``."""


class OutOfTime(Exception):
    """Raised inside a search when its deadline has passed; the driver catches it."""


class Searcher:
    """One search's options, counters and tables.

    Build it once per move with the options, then call ``run(state, depth)``; the counters
    are in ``stats`` and a recorded tree in ``recorder``.
    """

    def __init__(self, algorithm: str = "negamax-alphabeta", evaluation: Evaluation | None = None,
                 order: str = "none", killers: bool = False, history: bool = False,
                 table: TranspositionTable | None = None, record: bool = False,
                 deadline: float | None = None) -> None:
        choice(algorithm, "algorithm", ALGORITHMS)
        choice(order, "the move order (order)", ORDERS)
        killers, history = flag(killers, "killers"), flag(history, "history")
        record = flag(record, "record")
        check_evaluation_function(evaluation)
        if table is not None and not hasattr(table, "slots"):
            raise InvalidArgumentError(f"table must be a TranspositionTable or None, got "
                                       f"{describe(table)}")
        refinements = order != "none" or killers or history or table is not None
        if refinements and algorithm in ("minimax", "negamax"):
            raise InvalidArgumentError(f"{algorithm} visits every node, so move ordering and tables change "
                             "nothing; use alphabeta or negamax-alphabeta")
        if (killers or history or table is not None) and algorithm == "alphabeta":
            raise InvalidArgumentError("killer and history moves and the transposition table are built "
                             "into the negamax form; use algorithm='negamax-alphabeta'")
        self.algorithm = algorithm
        self.evaluation = evaluation
        self.order = order
        self.use_killers = killers
        self.use_history = history
        self.table = table
        self.recorder = TreeRecorder() if record else None
        self.deadline = deadline
        self.stats = SearchStats()
        self.killer_moves: list[list[Any]] = []
        self.history_scores: dict[Any, int] = {}
        self.root_player = 1

    # -- the driver ------------------------------------------------------------------

    def run(self, state: Any, depth: int, root_order: list[Any] | None = None) -> SearchResult:
        """Search ``state`` to ``depth`` plies and return the move to play.

        ``root_order`` (optional) gives the order in which to try the root moves, as iterative
        deepening does with the previous iteration's values.
        """
        if not isinstance(depth, int) or isinstance(depth, bool) or not 1 <= depth <= MAX_DEPTH:
            raise InvalidArgumentError(
                f"depth must be a whole number from 1 to {MAX_DEPTH}, got {depth!r}")
        if not callable(getattr(state, "legal_moves", None)):
            raise InvalidArgumentError(
                f"a search starts from a game position (with legal_moves()), got "
                f"{type(state).__name__}")
        check_evaluation(self.evaluation, state)
        moves = state.legal_moves()
        if not moves:
            raise GameOverError("the position is terminal (the game is over): there is no move to search")
        if self.evaluation is None:
            self.evaluation = default_evaluation(state)
        self.root_player = state.to_move
        started = time.perf_counter()
        stats = self.stats
        stats.count_node(0)
        recorder = self.recorder
        root = recorder.enter(None, None, state, 0, True, -INF, INF) if recorder else None
        if root_order is not None:
            moves = root_order
        elif self.order == "intuition":
            moves = self._intuition_order(state, moves)
        else:
            moves = self.ordered(state, moves, 0, None)

        best_move, best_value = None, -INF
        alpha = -INF
        root_values = []
        for move in moves:
            child = state.apply(move)
            if self.algorithm == "minimax":
                value = self.minimax(child, depth - 1, 1, root, move)
            elif self.algorithm == "negamax":
                value = -self.negamax(child, depth - 1, 1, root, move)
            elif self.algorithm == "alphabeta":
                value = self.alphabeta(child, depth - 1, alpha, INF, 1, root, move)
            else:
                value = -self.negamax_alphabeta(child, depth - 1, -INF, -alpha, 1, root, move)
            root_values.append((move, value))
            if value > best_value:               # strictly better: ties keep the first move
                best_move, best_value = move, value
            alpha = max(alpha, best_value)
        if recorder:
            recorder.leave(root, best_value, alpha, INF)
        stats.depth = depth
        stats.seconds = time.perf_counter() - started
        return SearchResult(
            move=best_move, value=best_value, depth=depth, stats=stats, root_values=root_values,
            tree=recorder.graph() if recorder else None,
            events=recorder.events if recorder else None)

    # -- the four algorithms ----------------------------------------------------------

    def minimax(self, state: Any, depth: int, ply: int, parent: int | None, move: Any) -> float:
        """The value of ``state`` for the root player, searching ``depth`` more plies."""
        self._visit(ply)
        is_max = state.to_move == self.root_player
        node = self.recorder.enter(parent, move, state, ply, is_max) if self.recorder else None
        moves = state.legal_moves()
        if depth == 0 or not moves:
            return self._leaf(node, self.evaluation(state, self.root_player))
        if is_max:
            value = max(self.minimax(state.apply(m), depth - 1, ply + 1, node, m) for m in moves)
        else:
            value = min(self.minimax(state.apply(m), depth - 1, ply + 1, node, m) for m in moves)
        if self.recorder:
            self.recorder.leave(node, value)
        return value

    def negamax(self, state: Any, depth: int, ply: int, parent: int | None, move: Any) -> float:
        """The value of ``state`` for the player to move there."""
        self._visit(ply)
        is_max = state.to_move == self.root_player
        node = self.recorder.enter(parent, move, state, ply, is_max) if self.recorder else None
        moves = state.legal_moves()
        if depth == 0 or not moves:
            value = self.evaluation(state, state.to_move)
            return self._leaf(node, value, root_view=value if is_max else -value)
        value = max(-self.negamax(state.apply(m), depth - 1, ply + 1, node, m) for m in moves)
        if self.recorder:
            self.recorder.leave(node, value if is_max else -value)
        return value

    def alphabeta(self, state: Any, depth: int, alpha: float, beta: float, ply: int,
                  parent: int | None, move: Any) -> float:
        """Minimax value for the root player within the window (alpha, beta).

        The contract: the result is the true value v when alpha <= v <= beta, at most alpha
        when v < alpha, at least beta when v > beta.
        """
        self._visit(ply)
        is_max = state.to_move == self.root_player
        recorder = self.recorder
        node = recorder.enter(parent, move, state, ply, is_max, alpha, beta) if recorder else None
        moves = state.legal_moves()
        if depth == 0 or not moves:
            return self._leaf(node, self.evaluation(state, self.root_player), alpha, beta)
        moves = self.ordered(state, moves, ply, None)
        if is_max:
            value = -INF
            for i, m in enumerate(moves):
                value = max(value, self.alphabeta(state.apply(m), depth - 1, alpha, beta,
                                                  ply + 1, node, m))
                if value >= beta:                 # MIN above will never allow this: cut
                    self._cut(node, state, moves[i + 1:], ply, is_max, "beta")
                    break
                alpha = max(alpha, value)
        else:
            value = INF
            for i, m in enumerate(moves):
                value = min(value, self.alphabeta(state.apply(m), depth - 1, alpha, beta,
                                                  ply + 1, node, m))
                if value <= alpha:                # MAX above has something better: cut
                    self._cut(node, state, moves[i + 1:], ply, is_max, "alpha")
                    break
                beta = min(beta, value)
        if recorder:
            recorder.leave(node, value, alpha, beta)
        return value

    def negamax_alphabeta(self, state: Any, depth: int, alpha: float, beta: float, ply: int,
                          parent: int | None, move: Any) -> float:
        """Alpha-beta in negamax form: the value for the player to move, within (alpha, beta),
        with the same contract as ``alphabeta``. Uses the transposition table and the dynamic
        move orders when they are switched on."""
        self._visit(ply)
        is_max = state.to_move == self.root_player
        recorder = self.recorder
        node = None
        if recorder:
            window = (alpha, beta) if is_max else (-beta, -alpha)
            node = recorder.enter(parent, move, state, ply, is_max, *window)
        moves = state.legal_moves()
        if depth == 0 or not moves:
            value = self.evaluation(state, state.to_move)
            return self._leaf(node, value, alpha, beta, root_view=value if is_max else -value,
                              flip=not is_max)

        table, table_move, key = self.table, None, 0
        alpha_on_entry = alpha
        if table is not None:
            key = position_hash(state)
            entry = table.probe(key)
            if entry is not None:
                entry_depth, entry_value, entry_flag, table_move = entry
                if entry_depth == depth:          # same depth: the value is this search's value
                    self.stats.tt_hits += 1
                    if entry_flag == EXACT:
                        alpha = beta = entry_value
                    elif entry_flag == LOWER:
                        alpha = max(alpha, entry_value)
                    else:
                        beta = min(beta, entry_value)
                    if alpha >= beta:
                        self.stats.tt_cutoffs += 1
                        return self._leaf(node, entry_value, alpha, beta, is_leaf=False,
                                          root_view=entry_value if is_max else -entry_value,
                                          flip=not is_max)

        moves = self.ordered(state, moves, ply, table_move)
        best, best_move = -INF, None
        for i, m in enumerate(moves):
            value = -self.negamax_alphabeta(state.apply(m), depth - 1, -beta, -alpha,
                                            ply + 1, node, m)
            if value > best:
                best, best_move = value, m
            if best >= beta:
                self._fail_high(m, ply, depth)
                self._cut(node, state, moves[i + 1:], ply, is_max, "beta" if is_max else "alpha")
                break
            alpha = max(alpha, best)
        if table is not None:
            flag = UPPER if best <= alpha_on_entry else LOWER if best >= beta else EXACT
            table.store(key, depth, best, flag, best_move)
        if recorder:
            window = (alpha, beta) if is_max else (-beta, -alpha)
            recorder.leave(node, best if is_max else -best, *window)
        return best

    # -- move ordering -----------------------------------------------------------------

    def ordered(self, state: Any, moves: list[Any], ply: int, table_move: Any) -> list[Any]:
        """``moves`` in the order to try them: the table move first, then by the static or gain
        score, among equal scores killer moves first, then by history score; ties keep
        generation order."""
        base = self.order if self.order in ("static", "gain") else None
        killers = self.killer_moves[ply] if self.use_killers and ply < len(self.killer_moves) else ()
        history = self.history_scores if self.use_history else None
        if base is None and not killers and not history and table_move is None:
            return moves

        def key(move: Any) -> tuple:
            return (move == table_move,
                    move_score(state, move, base) if base else 0,
                    move in killers,
                    history.get(move, 0) if history else 0)

        return sorted(moves, key=key, reverse=True)      # sorted() is stable: ties keep order

    def _intuition_order(self, state: Any, moves: list[Any]) -> list[Any]:
        """Score every root move with a shallow alpha-beta search, best first."""
        shallow = Searcher("negamax-alphabeta", evaluation=self.evaluation)
        shallow.root_player = state.to_move
        scores = {}
        for move in moves:
            scores[move] = -shallow.negamax_alphabeta(state.apply(move), INTUITION_DEPTH - 1,
                                                      -INF, INF, 1, None, move)
        self.stats.ordering_nodes += shallow.stats.nodes
        self.stats.nodes += shallow.stats.nodes
        return sorted(moves, key=lambda m: scores[m], reverse=True)

    def _fail_high(self, move: Any, ply: int, depth: int) -> None:
        """A move that made its node fail high becomes a killer and earns history."""
        if self.use_killers and move is not None:
            while len(self.killer_moves) <= ply:
                self.killer_moves.append([])
            slot = self.killer_moves[ply]
            if not slot or slot[0] != move:
                self.killer_moves[ply] = [move] + slot[:1]
        if self.use_history:
            self.history_scores[move] = self.history_scores.get(move, 0) + depth * depth

    # -- bookkeeping --------------------------------------------------------------------

    def _visit(self, ply: int) -> None:
        stats = self.stats
        stats.count_node(ply)
        if self.deadline is not None and stats.nodes % 256 == 0 \
                and time.perf_counter() > self.deadline:
            raise OutOfTime

    def _leaf(self, node: int | None, value: float, alpha: float | None = None,
              beta: float | None = None, root_view: float | None = None, flip: bool = False,
              is_leaf: bool = True) -> float:
        if is_leaf:
            self.stats.leaves += 1
        if self.recorder:
            if flip and alpha is not None:
                alpha, beta = -beta, -alpha
            self.recorder.leave(node, value if root_view is None else root_view, alpha, beta,
                                leaf=is_leaf)
        return value

    def _cut(self, node: int | None, state: Any, rest: list[Any], ply: int, is_max: bool,
             bound: str) -> None:
        if rest:
            self.stats.cutoffs += 1
            if self.recorder:
                self.recorder.prune(node, state, rest, ply, is_max, bound)


def move_score(state: Any, move: Any, order: str) -> float:
    """The ordering score of a move: ``static`` is the weight of the square it lands on (ATAXX
    and tic-tac-toe; 0 in games without square weights, such as explicit trees), ``gain`` the
    material it wins at once (ATAXX: 1 for a clone plus 2 per capture; 0 in other games)."""
    if order == "static":
        if hasattr(state, "open_lines"):                           # tic-tac-toe
            return TICTACTOE_SQUARE_WEIGHTS[move]
        if getattr(move, "x1", -1) == -1:       # a pass, or a game without square weights
            return 0
        return ATAXX_SQUARE_WEIGHTS[move.x2 - 1][move.y2 - 1]
    if order == "gain":
        gain = getattr(state, "gain", None)
        return gain(move) if gain else 0
    return 0


def search(state: Any, algorithm: str = "negamax-alphabeta", depth: int = 3,
           evaluation: Evaluation | None = None, order: str = "none", killers: bool = False,
           history: bool = False, table: TranspositionTable | None = None,
           record: bool = False) -> SearchResult:
    """Search ``state`` to ``depth`` with one of ``ALGORITHMS`` and return a SearchResult.

    >>> from course_lib.games import TicTacToe
    >>> search(TicTacToe(), algorithm="minimax", depth=2).stats.nodes
    82
    """
    searcher = Searcher(algorithm, evaluation, order, killers, history, table, record)
    return searcher.run(state, depth)


def iterative_deepening(state: Any, max_depth: int = 64, seconds: float | None = None,
                        evaluation: Evaluation | None = None, order: str = "none",
                        killers: bool = False, history: bool = False,
                        table: TranspositionTable | None = None,
                        clock: Callable[[], float] = time.perf_counter) -> Iterator[SearchResult]:
    """Search depth 1, 2, 3, ... and yield each finished iteration's result.

    Each iteration tries the root moves in the order of the previous iteration's values. With
    ``seconds``, the iteration that runs out of time is abandoned and the generator stops: the
    last result yielded is the move to play. Killer, history and table entries carry over from
    one iteration to the next.
    """
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or not (
            1 <= max_depth <= MAX_DEPTH):
        raise InvalidArgumentError(
            f"max_depth must be a whole number from 1 to {MAX_DEPTH}, got {max_depth!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < math.inf):
        raise InvalidArgumentError(
            f"seconds must be a positive finite number or None, got {seconds!r}")
    deadline = None if seconds is None else clock() + seconds
    total = SearchStats()
    root_order = None
    searcher = Searcher("negamax-alphabeta", evaluation, order, killers, history, table,
                        deadline=deadline)
    for depth in range(1, max_depth + 1):
        searcher.stats = SearchStats()
        try:
            result = searcher.run(state, depth, root_order)
        except OutOfTime:
            total.add(searcher.stats)
            return
        total.add(result.stats)
        total.depth = depth
        result.stats = SearchStats(**{**total.__dict__, "nodes_per_depth": list(total.nodes_per_depth)})
        ranked = sorted(result.root_values, key=lambda pair: pair[1], reverse=True)
        root_order = [move for move, _ in ranked]
        yield result
        if deadline is not None and clock() > deadline:
            return
        if getattr(searcher.evaluation, "exact_of", None) is not None \
                and abs(result.value) >= WIN_SCORE:   # an exact score: a forced win or loss
            return
