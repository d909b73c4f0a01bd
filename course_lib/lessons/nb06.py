"""Notebook 06, Monte Carlo tree search: its helpers and its exercises.

Helpers:

- ``children_table(node, c)``: a node's children as a table, N, Q, Q/N, UCB and LCB, with the
  child that the selection phase takes next marked;
- ``trace_playout(agent, state)``: the random playout the agent would run next from ``state``,
  move by move, without using up its random numbers;
- ``play_sprt(make_a, make_b, test, max_games)``: games one at a time, in colour-swapped pairs
  from seeded random openings, each result fed to an ``Sprt`` until it decides or the games
  run out; every game keeps each side's search results, move by move;
- ``measure_c_effect(state, cs)`` and ``plot_c_effect(table)``: for several c, how concentrated
  the root's visits are (the top move's share, the normalized entropy) and the chosen move's
  win rate.

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
from types import SimpleNamespace
from typing import Any, Callable, Sequence

from .. import checks
from ..agents.mcts import MCTSAgent, final_choice, lower_bound, ucb
from ..agents.stats import SearchResult, _label
from ..viz.mcts_plots import EXPLOIT_COLOR, EXPLORE_COLOR, TIERS, make_mcts_agent
from ..errors import CourseError, InvalidArgumentError
from ..exercises import register, register_prediction
from ..games import TicTacToe
from ..i18n import N_, _
from ..strength import Sprt
from .compare import whole_number as _whole_number
from .compare import within

__all__ = ["CEffectTable", "ChildRow", "ChildTable", "Playout", "SprtGame", "children_table",
           "measure_c_effect", "play_sprt", "plot_c_effect", "trace_playout", "visit_entropy",
           "where_visits_go"]


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
        cells = [[_("move"), "N", "Q", "Q/N", "UCB", "LCB", _("next")]]
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
            nxt = (_("{count} moves not tried yet: the next iteration expands one")
                   if self.untried != 1 else
                   _("1 move not tried yet: the next iteration expands it")).format(
                count=self.untried)
        elif self.selected is not None:
            nxt = _("the next iteration selects {move}").format(move=_label(self.selected))
        else:
            nxt = _("every child is proven lost for the mover")
        return "\n".join(lines) + "\n" + _(
            "N(v) = {visits:,} visits of the node; UCB and LCB with c = {c:g}; {next}").format(
            visits=self.parent_visits, c=self.c, next=nxt)


MAX_C = 1000.0
"""The largest exploration constant the lessons take (the notebook's go up to 4)."""
MAX_SPRT_GAMES = 100_000
"""The most games ``play_sprt`` plays (one at a time, in this process)."""
MAX_OPENING_PLIES = 100
"""The longest seeded random opening ``play_sprt`` starts a pair from."""


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
        raise InvalidArgumentError(f"children_table needs a tree node or an MCTS agent after a "
                                   f"search, got {checks.describe(node)} of type "
                                   f"{type(node).__name__}")
    c = checks.number(c, "c", 0, MAX_C)
    children = [child for child in node.children if child.visits > 0]
    if node.visits == 0 or not children:
        raise CourseError("this node has no visited children yet: run a few iterations first")
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
        moves = " ".join(_label(move) for move in self.moves) or _("(none: the game is over)")
        from ..viz.mcts_plots import player_names      # X / O, x / o: no plotting imported

        names = player_names(self.final)
        winner = self.final.winner()
        result = _("a draw") if winner == 0 else _("{side} wins").format(side=names[winner])
        return _("{count} random moves: {moves}; {result}: outcome {outcome:g} for player 1 "
                 "({name})").format(count=len(self.moves), moves=moves, result=result,
                                    outcome=self.outcome, name=names[1])


def trace_playout(agent: Any, state: Any) -> Playout:
    """The random playout ``agent`` (an ``MCTSAgent`` with ``playout='random'``) would play
    next from ``state``: the same moves, drawn from a copy of its generator, so the agent's
    own generator is not moved on. ``agent.simulate(node)`` from that state then returns the
    same outcome."""
    if getattr(agent, "playout", None) != "random" or not hasattr(agent, "random_playout"):
        raise InvalidArgumentError("trace_playout follows the random playout of the readable "
                                   f"MCTSAgent (playout='random'), got {checks.describe(agent)} "
                                   f"of type {type(agent).__name__}")
    state = checks.game_state(state)
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
        result = {1.0: _("A wins"), 0.5: _("draw"), 0.0: _("B wins")}[self.score]
        side = _("A plays first") if self.a_first else _("A plays second")
        return _("game {number:>3} ({side}): {result} after {turns} turns, {reason}; "
                 "LLR {llr:+.3f}").format(number=self.index + 1, side=side, result=result,
                                          turns=self.turns, reason=_(self.reason),
                                          llr=self.llr)


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

    make_a = checks.function(make_a, "make_a", "a function that makes agent A (a class will do)")
    make_b = checks.function(make_b, "make_b", "a function that makes agent B (a class will do)")
    if not isinstance(test, Sprt):
        raise InvalidArgumentError(f"test must be an Sprt, got {checks.describe(test)} of type "
                                   f"{type(test).__name__}")
    max_games = checks.whole(max_games, "max_games", 1, MAX_SPRT_GAMES)
    opening_plies = checks.whole(opening_plies, "opening_plies", 0, MAX_OPENING_PLIES)
    seed = checks.whole(seed, "seed", 0, checks.MAX_SEED - max_games)
    on_game = checks.function(on_game, "on_game", "a function called with each game",
                              optional=True)
    if test.state != "continue":
        raise CourseError(f"this test has decided already ({test.state}); start a new Sprt")
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


# --- The effect of c (section 4) ------------------------------------------------------------------------


class CEffectTable(list):
    """The rows of ``measure_c_effect`` (dicts), shown as a table in a notebook."""

    columns = ("c", "move", "top_share", "entropy", "win_rate", "visits", "tried",
               "tree_nodes", "max_depth")

    def column(self, name: str) -> list[Any]:
        return [row[name] for row in self]

    def _cells(self) -> list[list[str]]:
        def cell(key: str, value: Any) -> str:
            return f"{value:.3f}" if isinstance(value, float) and key != "c" else (
                f"{value:g}" if isinstance(value, float) else str(value))
        return [[cell(k, row[k]) for k in self.columns] for row in self]

    def __str__(self) -> str:
        cells = [list(self.columns)] + self._cells()
        widths = [max(len(r[i]) for r in cells) for i in range(len(self.columns))]
        return "\n".join("  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in cells)

    def _repr_html_(self) -> str:
        from html import escape
        head = "".join(f"<th>{escape(k)}</th>" for k in self.columns)
        body = "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in r) + "</tr>"
                       for r in self._cells())
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def visit_entropy(visits: Sequence[int], moves: int) -> float:
    """The entropy of the visit distribution over ``moves`` root moves, divided by its largest
    possible value ln(moves): 0 when one move has every visit, 1 when all are equal."""
    total = sum(visits)
    if moves < 2 or total == 0:
        return 0.0
    h = -sum(v / total * math.log(v / total) for v in visits if v)
    return min(1.0, max(0.0, h / math.log(moves)))


def measure_c_effect(state: Any, cs: Sequence[float] = (0.0, 0.25, 0.5, 1.0, 1.4, 2.0, 4.0),
                     iterations: int = 1000, seed: int = 0, tier: str = "auto",
                     **options: Any) -> CEffectTable:
    """One seeded search of ``state`` per exploration constant c; a row per c.

    Row keys: ``c``; ``move`` (the move chosen, as text); ``top_share`` (the most visited
    root move's share of the root children's visits); ``entropy`` (of that distribution over
    all the root's legal moves, 0 = one move only, 1 = spread evenly; see ``visit_entropy``);
    ``win_rate`` and ``visits`` (of the chosen move); ``tried`` (root moves with a child);
    ``tree_nodes``; ``max_depth``. The same arguments give the same table (the two tiers
    too: they build the same trees).
    """
    state = checks.game_state(state)
    if state.is_over():
        raise CourseError("the game is over in this position: there is no move to search")
    if isinstance(cs, (str, bytes)) or not hasattr(cs, "__iter__"):
        raise InvalidArgumentError(f"cs must be a list of values of c, got {checks.describe(cs)}")
    cs = [checks.number(c, "each c", 0, MAX_C) for c in cs]
    if not cs:
        raise CourseError("give at least one value of c")
    iterations = checks.whole(iterations, "iterations", 1, checks.MAX_ITERATIONS)
    seed = checks.whole(seed, "seed", 0, checks.MAX_SEED)
    tier = checks.choice(tier, "tier", TIERS)
    table = CEffectTable()
    moves = len(state.legal_moves())
    for c in cs:
        agent = make_mcts_agent(state, tier, iterations=iterations, seed=seed, c=c, **options)
        result = agent.search(state)
        children = agent.root.children
        visits = [child.visits for child in children]
        total = sum(visits)
        chosen = next(ch for ch in children if ch.move == result.move)
        table.append(dict(
            c=float(c), move=_label(result.move), top_share=max(visits) / total,
            entropy=visit_entropy(visits, moves), win_rate=chosen.wins / chosen.visits,
            visits=chosen.visits, tried=len(children), tree_nodes=result.stats.tree_nodes,
            max_depth=result.stats.max_depth))
    return table


def plot_c_effect(table_or_state: Any, ax: Any = None, title: str | None = None,
                  **measure: Any) -> Any:
    """The effect of the exploration constant c, from ``measure_c_effect``; return the Axes.

    Three lines against c, all between 0 and 1: the most visited root move's share of the
    visits, the normalized entropy of the visits (how evenly they are spread), and the chosen
    move's win rate, with the chosen move written at each point. ``table_or_state`` is a table
    from ``measure_c_effect``, or a position (then ``measure`` goes to ``measure_c_effect``).
    """
    if isinstance(table_or_state, list):
        table = table_or_state
        if measure:
            raise ValueError("the measure options go with a position, not with a table")
    else:
        table = measure_c_effect(table_or_state, **measure)
    if not table:
        raise ValueError("the table is empty")
    rows = sorted(table, key=lambda r: r["c"])
    cs = [r["c"] for r in rows]
    if ax is None:
        import matplotlib.pyplot as plt
        ax = plt.subplots(figsize=(6.8, 4.2), layout="constrained")[1]
    ax.plot(cs, [r["top_share"] for r in rows], marker="o", color=EXPLOIT_COLOR,
            linewidth=1.8, label=_("top move's share of the visits"), gid="c-effect:top_share")
    ax.plot(cs, [r["entropy"] for r in rows], marker="s", color=EXPLORE_COLOR, linewidth=1.8,
            label=_("entropy of the visits (normalized)"), gid="c-effect:entropy")
    ax.plot(cs, [r["win_rate"] for r in rows], marker="D", color="#009e73", linewidth=1.8,
            label=_("chosen move's win rate"), gid="c-effect:win_rate")
    for r in rows:
        ax.annotate(r["move"], (r["c"], r["win_rate"]), xytext=(0, 6),
                    textcoords="offset points", ha="center", va="bottom", fontsize=7,
                    color="#00664b", gid=f"c-effect:move:{r['c']:g}")
    ax.set_ylim(0, 1.3)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_xlabel(_("exploration constant c"))
    ax.set_ylabel(_("share, entropy, win rate"))
    ax.grid(True, linewidth=0.5, alpha=0.5)
    ax.legend(fontsize=8, loc="upper center", ncol=2)
    ax.set_title(title if title is not None else
                 _("Small c: the visits pile onto one move; large c: they spread out"),
                 fontsize=10)
    return ax


# --- The exercises of notebook 06 ----------------------------------------------------------------

UCB_COUNTS = {"parent_visits": 50, "wins": 12, "visits": 20, "c": 1.4}
"""06-ucb-value: the UCB value of a child with these counts."""

SELECT = {"position": "X.O/.../...", "iterations": 40, "seed": 1, "c": 1.4}
"""06-selected-child: which child does the next iteration's selection phase take?"""

LCB = {"position": "O../.X./..X", "iterations": 80, "seed": 4, "c": 1.4}
"""06-lcb-move: which move does the final rule 'lcb' play?"""

VISITS = {"position": ".../.../...", "iterations": 1000, "seed": 7, "path": (4, 0)}
"""06-visits-after: how many visits does the node reached by the moves of ``path`` (X on 4,
then O on 0) have after the search?"""


def searched(setup: dict[str, Any]) -> MCTSAgent:
    """A readable MCTSAgent after searching ``setup``'s position with its budget and seed."""
    agent = MCTSAgent(iterations=setup["iterations"], seed=setup["seed"],
                      c=setup.get("c", 1.4))
    agent.search(TicTacToe.from_string(setup["position"]))
    return agent


def _ucb_value() -> float:
    child = SimpleNamespace(wins=UCB_COUNTS["wins"], visits=UCB_COUNTS["visits"])
    return ucb(child, math.log(UCB_COUNTS["parent_visits"]), UCB_COUNTS["c"])


def _selected_child() -> int:
    """The move of the child that selection takes next; the tree is chosen so that every move
    has been tried (so selection, not expansion, comes next), and so that the answer is neither
    the most visited child nor the one with the highest win rate."""
    agent = searched(SELECT)
    root = agent.root
    if root.untried:
        raise RuntimeError("06-selected-child: the root still has untried moves")
    return agent.best_child(root).move


def _lcb_move() -> int:
    agent = searched(LCB)
    return final_choice(agent.root, "lcb", LCB["c"]).move


def _visits_after() -> int:
    node = searched(VISITS).root
    for move in VISITS["path"]:
        node = next(child for child in node.children if child.move == move)
    return node.visits


register(
    "06-ucb-value", _ucb_value,
    mistake=0.6 + 1.4 * math.sqrt(2 * math.log10(50) / 20),  # log10 instead of ln
    hint=(
        N_("UCB adds two terms: what does each one measure, and which counts does each use?"),
        N_("the win rate is Q/N = 12/20; the exploration term is c times the square root of 2 ln "
           "N(v) / N(v'), with the natural logarithm of the parent's visits, and the 2 inside the "
           "square root."),
        N_("0.6 + 1.4 * math.sqrt(2 * math.log(50) / 20) (math.log, not math.log10); answer with "
           "a number such as 1.234.")),
    compare=within(1e-3))

register(
    "06-selected-child", _selected_child,
    mistake=8,  # the most visited child
    hint=(
        N_("is it the most visited child, or the best win rate? What does the exploration term do "
           "to a child visited little?"),
        N_("every move has been tried, so the next iteration selects: compute UCB = Q/N + 1.4 * "
           "sqrt(2 * ln 40 / N) for each child and take the largest (the first in move order if "
           "two are equal)."),
        N_("children_table(agent_2) marks it; agent_2.best_child(agent_2.root).move gives it. "
           "Answer with the square's number, 0 to 8.")),
    compare=_whole_number)

register(
    "06-lcb-move", _lcb_move,
    mistake=6,  # the best win rate
    hint=(
        N_("the lower confidence bound is UCB's mirror: what does it reward, a high win rate "
           "alone or one backed by many visits?"),
        N_("LCB = Q/N - 1.4 * sqrt(2 * ln 80 / N), with 80 the root's visits: the exploration "
           "term is subtracted; the rule plays the child with the largest LCB."),
        N_("final_choice(agent_3.root, 'lcb').move gives it. Answer with the square's number, 0 "
           "to 8.")),
    compare=_whole_number)

register(
    "06-visits-after", _visits_after,
    mistake=171,  # the centre's own visits
    hint=(
        N_("which node is it in the tree: how many levels down, and through which moves?"),
        N_("go down two levels: X's move 4 from the root, then O's move 0 below it; its visits "
           "are the answer, not the centre's own, and not the other order."),
        N_("among agent_4.root.children take the child whose .move is 4, then among its .children "
           "the one whose .move is 0, and read its .visits.")),
    compare=_whole_number)


# --- Predict, then run (section 3) -------------------------------------------------------------

CONCENTRATED = 0.8
"""The share of the root's visits above which they went "almost all to one move"."""


def where_visits_go(root: Any) -> str:
    """Which of the prediction's answers a search's root shows: ``"c"`` when one move has more
    than ``CONCENTRATED`` of the visits, else ``"b"`` when the centre (square 4) has the most,
    else ``"a"`` (spread over the moves).

    >>> agent = MCTSAgent(iterations=200, seed=1, c=0)
    >>> _ = agent.search(TicTacToe())
    >>> where_visits_go(agent.root)
    'c'
    """
    visits = {child.move: child.visits for child in root.children}
    total = sum(visits.values())
    if max(visits.values()) > CONCENTRATED * total:
        return "c"
    return "b" if visits.get(4) == max(visits.values()) else "a"


register_prediction("06-c-zero", N_("where the visits go with c = 0"), choices=("a", "b", "c"))
