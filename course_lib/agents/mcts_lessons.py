"""Small helpers for the MCTS lessons. Introduced in notebook 06 (Monte Carlo tree search):

- ``children_table(node, c)``: a node's children as a table, N, Q, Q/N, UCB and LCB, with the
  child that the selection phase takes next marked;
- ``trace_playout(agent, state)``: the random playout the agent would run next from ``state``,
  move by move, without using up its random numbers;
- ``play_sprt(make_a, make_b, test, max_games)``: games one at a time, in colour-swapped pairs
  from seeded random openings, each result fed to an ``Sprt`` until it decides or the games
  run out; every game keeps each side's search results, move by move.

>>> from course_lib.agents.mcts import MCTSAgent
>>> from course_lib.games import TicTacToe
>>> agent = MCTSAgent(iterations=30, seed=2)
>>> _ = agent.search(TicTacToe.from_string("X.O/.X./..."))
>>> print(children_table(agent, c=1.4))
move  N    Q    Q/N    UCB     LCB  next
   1  4  0.5  0.125  1.951  -1.701
   3  5  1.5  0.300  1.933  -1.333
   5  6    2  0.333  1.824  -1.157
   6  5    2  0.400  2.033  -1.233  <-
   7  5    2  0.400  2.033  -1.233
   8  5    2  0.400  2.033  -1.233
N(v) = 30 visits of the node; UCB and LCB with c = 1.4; the next iteration selects 6
>>> agent.best_child(agent.root).move
6
>>> print(trace_playout(MCTSAgent(seed=1), TicTacToe.from_string("X.O/.X./...").apply(1)))
3 random moves: 3 8 5; X wins: outcome 1 for player 1 (X)
"""

from __future__ import annotations

import copy
import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .mcts import lower_bound, ucb
from .stats import SearchResult, _label

__all__ = ["ChildRow", "ChildTable", "Playout", "SprtGame", "children_table", "play_sprt",
           "trace_playout"]


# --- A node's children as a table -----------------------------------------------------------


@dataclass
class ChildRow:
    """One child of a node: its move, visits N, wins Q (for the player who made the move),
    win rate Q/N, and UCB and LCB with the table's c."""

    move: Any
    visits: int
    wins: float
    win_rate: float
    ucb: float
    lcb: float


class ChildTable(list):
    """The rows of ``children_table`` (``ChildRow``), in move order; ``print`` shows them.

    Attributes: ``c``, ``parent_visits``, ``selected`` (the move the selection phase takes
    next, or None when the node still has an untried move: then the next visit expands it)."""

    def __init__(self, rows: list[ChildRow], c: float, parent_visits: int,
                 selected: Any, untried: int) -> None:
        super().__init__(rows)
        self.c = c
        self.parent_visits = parent_visits
        self.selected = selected
        self.untried = untried

    def row(self, move: Any) -> ChildRow:
        """The row of ``move``."""
        for row in self:
            if row.move == move:
                return row
        raise KeyError(f"no child for the move {move!r}")

    def __str__(self) -> str:
        cells = [["move", "N", "Q", "Q/N", "UCB", "LCB", "next"]]
        for row in self:
            cells.append([_label(row.move), str(row.visits), f"{row.wins:g}",
                          f"{row.win_rate:.3f}", f"{row.ucb:.3f}", f"{row.lcb:.3f}",
                          "<-" if row.move == self.selected and self.selected is not None
                          else ""])
        widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
        last = len(widths) - 1
        lines = ["  ".join(v.ljust(w) if i == last else v.rjust(w)
                           for i, (v, w) in enumerate(zip(r, widths))).rstrip() for r in cells]
        if self.untried:
            nxt = (f"{self.untried} move{'s' if self.untried != 1 else ''} not tried yet: "
                   "the next iteration expands one")
        elif self.selected is not None:
            nxt = f"the next iteration selects {_label(self.selected)}"
        else:
            nxt = "every child is proven lost for the mover"
        return ("\n".join(lines) + f"\nN(v) = {self.parent_visits:,} visits of the node; "
                f"UCB and LCB with c = {self.c:g}; {nxt}")


def children_table(node: Any, c: float = 1.4) -> ChildTable:
    """The visited children of ``node`` (a ``Node`` or ``FastNode``, or an agent after a
    search: its root) with N, Q, Q/N, UCB and LCB for this ``c``, in move order.

    The child marked in the ``next`` column is the one ``MCTSAgent.best_child`` returns: the
    highest UCB, the first of equal ones, children proven lost for the mover skipped. None is
    marked while the node has moves not tried yet (the next iteration expands one of those).
    """
    if not hasattr(node, "children") and hasattr(node, "root"):
        node = node.root
    if node is None or not hasattr(node, "children"):
        raise TypeError("children_table needs a tree node or an MCTS agent after a search")
    if isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0:
        raise ValueError(f"c must be a number >= 0, got {c!r}")
    children = [child for child in node.children if child.visits > 0]
    if node.visits == 0 or not children:
        raise ValueError("this node has no visited children yet: run a few iterations first")
    log_n = math.log(node.visits)
    rows = [ChildRow(child.move, child.visits, child.wins, child.wins / child.visits,
                     ucb(child, log_n, c), lower_bound(child, log_n, c)) for child in children]
    if hasattr(node, "untried"):
        n_untried = len(node.untried) if node.untried else 0
    else:
        n_untried = _untried_of_view(node)
    selected, best = None, -math.inf
    if not n_untried:
        for child, row in zip(children, rows):
            if child.proven == 0.0:
                continue
            if row.ucb > best:
                selected, best = row.move, row.ucb
    return ChildTable(rows, float(c), node.visits, selected, n_untried)


def _untried_of_view(node: Any) -> int:
    """Moves without a child at a fast-tier node (a ``FastNode`` keeps no untried list)."""
    if node.visits == 0 or getattr(node, "proven", None) is not None:
        return 0
    state = node.state
    if state.is_over():
        return 0
    return max(0, len(state.legal_moves()) - len(node.children))


# --- The next random playout, move by move ------------------------------------------------------


@dataclass
class Playout:
    """A playout: the moves played from ``start``, the final position, and the outcome for
    player 1 (1 win, 0.5 draw, 0 loss), as ``MCTSAgent.simulate`` returns it."""

    start: Any
    moves: list[Any]
    final: Any
    outcome: float

    def __str__(self) -> str:
        moves = " ".join(_label(move) for move in self.moves) or "(none: the game is over)"
        from ..viz.mcts_plots import player_names      # X / O, x / o: no plotting imported

        names = player_names(self.final)
        winner = self.final.winner()
        result = "a draw" if winner == 0 else f"{names[winner]} wins"
        return (f"{len(self.moves)} random moves: {moves}; {result}: outcome {self.outcome:g} "
                f"for player 1 ({names[1]})")


def trace_playout(agent: Any, state: Any) -> Playout:
    """The random playout ``agent`` (an ``MCTSAgent`` with ``playout='random'``) would play
    next from ``state``: the same moves, drawn from a copy of its generator, so the agent's
    own generator is not moved on. ``agent.simulate(node)`` from that state then returns the
    same outcome."""
    if getattr(agent, "playout", None) != "random" or not hasattr(agent, "random_playout"):
        raise ValueError("trace_playout follows the random playout of the readable MCTSAgent "
                         "(playout='random')")
    rng = copy.copy(agent.rng)
    moves, start = [], state
    while not state.is_over():
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        moves.append(move)
        state = state.apply(move)
    winner = state.winner()
    outcome = 1.0 if winner == 1 else 0.5 if winner == 0 else 0.0
    return Playout(start, moves, state, outcome)


# --- A sequential test, one game at a time ----------------------------------------------------


@dataclass
class SprtGame:
    """One game of ``play_sprt``, from A's view."""

    index: int
    """0, 1, 2, ...: games 2p and 2p + 1 are pair p."""
    a_first: bool
    opening: Any
    """The position the game started from."""
    winner: int
    """1 or 2 (the player who won), 0 for a draw."""
    score: float
    """A's score: 1 win, 0.5 draw, 0 loss."""
    turns: int
    reason: str
    seconds: float
    llr: float
    """The test's LLR after this game."""
    moves: list[Any] = field(default_factory=list, repr=False)
    """The moves of the game, from ``opening``."""
    a_results: list[SearchResult] = field(default_factory=list, repr=False)
    """A's ``last_result`` after each of its moves (empty if the agent keeps none)."""
    b_results: list[SearchResult] = field(default_factory=list, repr=False)

    def __str__(self) -> str:
        result = {1.0: "A wins", 0.5: "draw", 0.0: "B wins"}[self.score]
        return (f"game {self.index + 1:>3} (A plays {'first' if self.a_first else 'second'}): "
                f"{result} after {self.turns} turns, {self.reason}; LLR {self.llr:+.3f}")


class _Recorder:
    """Passes moves through and keeps the agent's ``last_result`` after each one."""

    def __init__(self, agent: Any, results: list[SearchResult]) -> None:
        self.agent = agent
        self.name = getattr(agent, "name", "agent")
        self.results = results

    def choose_move(self, state: Any) -> Any:
        move = self.agent.choose_move(state)
        result = getattr(self.agent, "last_result", None)
        if result is not None:
            self.results.append(result)
        return move


def play_sprt(make_a: Callable[[], Any], make_b: Callable[[], Any], test: Any,
              max_games: int, opening_plies: int = 4, seed: int = 0,
              on_game: Callable[[SprtGame], None] | None = None) -> list[SprtGame]:
    """Play A against B one game at a time and add each of A's scores to ``test`` (an
    ``Sprt``), until the test decides or ``max_games`` games are played; return the games.

    Pair p starts from ``random_opening(opening_plies, seed + p)``, as in ``play_match``:
    game 2p with A moving first, game 2p + 1 with B first. Each game gets fresh agents from
    ``make_a()`` and ``make_b()``. ``on_game(game)`` is called after each game (to print it
    as it happens). With fixed budgets and seeds the games, and so the test, are the same on
    every run; with time budgets they are not.
    """
    from ..match.play import play_game, random_opening

    if isinstance(max_games, bool) or not isinstance(max_games, int) or max_games < 1:
        raise ValueError(f"max_games must be a whole number >= 1, got {max_games!r}")
    if test.state != "continue":
        raise ValueError(f"this test has decided already ({test.state}); start a new Sprt")
    games: list[SprtGame] = []
    while len(games) < max_games and test.state == "continue":
        index = len(games)
        pair, a_first = divmod(index, 2)[0], index % 2 == 0
        opening = random_opening(opening_plies, seed=seed + pair)
        a_results: list[SearchResult] = []
        b_results: list[SearchResult] = []
        a, b = _Recorder(make_a(), a_results), _Recorder(make_b(), b_results)
        started = time.perf_counter()
        record = play_game(a, b, opening) if a_first else play_game(b, a, opening)
        seconds = time.perf_counter() - started
        a_player = 1 if a_first else 2
        score = 0.5 if record.winner == 0 else 1.0 if record.winner == a_player else 0.0
        test.add(score)
        game = SprtGame(index, a_first, opening, record.winner, score, record.turns,
                        record.reason, seconds, test.llr, list(record.moves), a_results,
                        b_results)
        games.append(game)
        if on_game is not None:
            on_game(game)
    return games
