"""Monte Carlo tree search (MCTS), written to be read next to the lecture. Any game.

One *iteration* has four phases, each a short method of ``MCTSAgent``:

1. ``select``: from the root, follow the UCB rule down the tree,

       UCB(v') = Q(v') / N(v') + c * sqrt(2 ln N(v) / N(v'))

   (v the node, v' a child, Q the child's wins, N visit counts). Moves never tried come first,
   in move order, so UCB only ever compares children that have been visited.
2. ``expand``: add one child, for the node's first untried move.
3. ``simulate``: play the game out from there and return its outcome: random moves to the end,
   epsilon-greedy moves on material, or a few random moves then the evaluation.
4. ``backpropagate``: add one visit and the reward to every node on the path.

When the budget (iterations or milliseconds) is spent, the move to play is picked among the
root's children by one of four rules (``final``): the most visits, the highest win rate, both
at once (searching on until one child has both, up to a cap) or the highest lower confidence
bound. Small ``c`` trusts the win rates; large ``c`` keeps trying rarely tried moves.

>>> from course_lib.games import TicTacToe
>>> agent = MCTSAgent(iterations=300, seed=1)
>>> agent.choose_move(TicTacToe.from_string("XX./OO./..."))      # X wins at once
2
>>> agent.root.visits, agent.last_result.stats.iterations
(300, 300)

Rewards: no sign to get wrong
    ``node.wins`` is counted from the view of ``node.player``, the player who made the move into
    the node: a playout won by that player adds 1, a draw 0.5, a loss 0. So ``wins / visits``
    of a root child is the root mover's win rate with that move, and at every node UCB
    maximizes the win rate of the player who chooses there. (The root has no move into it; its
    ``player`` is the opponent of the side to move, as if that player had just moved.)

Tried, grown, expanded: what ``expand_after`` means here
    A move of node v is *tried* each time an iteration plays it from v. Its child node is
    created on the first try (the statistics have to live somewhere), so ``child.visits``
    counts the tries. A node *grows* (it gets children of its own, and selection goes on below
    it) only once it has been tried ``expand_after`` times; until then every try runs a playout
    from it. The root always grows. With ``expand_after=1`` (the default) this is the textbook
    algorithm: every iteration adds one node and runs its playout from that node. A larger
    value keeps the tree smaller, about one new node per ``expand_after`` iterations.

    Hence, for every node: ``visits`` = (sum of its children's visits) + (the iterations that
    stopped at it: its playouts, or its exact results when it is terminal or proven).

Simulation
    - ``"random"``: uniform over ``legal_moves()`` (``moves[rng.below(len(moves))]``, a forced
      pass draws too) until ``is_over()``.
    - ``"greedy"``: each ply draws ``rng.random()``; below ``epsilon`` a random move as above,
      otherwise the move with the largest ``state.gain(move)`` (the material the mover wins;
      ties to the first move in order). Games without ``gain`` fall back to ``"random"``.
    - ``"cutoff"``: random moves for at most ``cutoff_plies`` plies; a game that is not over
      by then is scored by the *sign* of the evaluation for player 1 (material for ATAXX): 1 if
      positive, 0.5 if zero, 0 if negative, the result the game would have if it stopped there.
      The sign keeps every reward a win, draw or loss (no scale to tune).
    MCTS plays real games: a node or playout ends at ``is_over()``, which for ATAXX includes
    the 400-turn cap (unlike minimax, whose leaves are scored by an evaluation).

The solver (``solver=True``, after MCTS-Solver, Winands, Bjornsson and Saito 2008)
    ``node.proven`` is None, or the exact result for ``node.player`` (1 win, 0.5 draw, 0 loss).
    A terminal node is proven when it is created. A node is proven a loss for its player as soon
    as one child is a proven win for the player to move there; it is proven to
    ``1 - max(children)`` once all of its moves have children and all are proven (a proven loss
    when all children are proven losses for the mover; draws are an extension of the paper).
    A proven node is scored by its exact result without a playout; selection skips children
    that are proven losses for the mover; the search stops when the root is proven.

Randomness: one SplitMix64 generator per agent, seeded once, is the only source: selection and
expansion are deterministic (ties go to the first child in move order) and only playouts draw.
The fast tier (``course_lib.agents.mcts_fast``) draws in the same order, and builds the same tree.
"""

from __future__ import annotations

import heapq
import itertools
import math
import numbers
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..ataxx.rules import MAX_TURNS
from ..checks import MAX_ITERATIONS, MAX_MS, number, whole
from ..errors import InvalidArgumentError
from ..rng import SplitMix64, check_seed
from .evaluation import default_evaluation
from .stats import SearchResult, SearchStats, _label

PLAYOUTS = ("random", "greedy", "cutoff")
FINAL_RULES = ("visits", "value", "both", "lcb")
DEFAULT_ITERATIONS = 1000
"""The budget when neither ``iterations`` nor ``time_ms`` is given."""
DEFAULT_EPSILON = 0.1
DEFAULT_CUTOFF_PLIES = 10
REUSE_DEPTH = 2
"""With ``reuse=True`` the new position is looked for this many plies below the old root (our
move and the opponent's reply); found, its subtree becomes the new tree."""
DEFAULT_TREE_MB = 1024
"""The most memory the fast tier's tree takes by default (MB): ``FastMCTSAgent.max_tree_mb``,
the ``Hash`` of ``python -m course_lib uai``."""


# --- The tree ---------------------------------------------------------------------------------


class Node:
    """One position of the search tree.

    Attributes:
        state: the position.
        move: the move that led here from ``parent`` (None at the root).
        parent: the node above (None at the root).
        player: the player who made ``move``; ``wins`` are counted for this player.
        children: the child nodes, in move order (the order they were added).
        untried: moves that have no child yet, in move order; None until the node grows.
        visits: N, the iterations that passed through this node.
        wins: Q, the sum of the rewards for ``player`` (win 1, draw 0.5, loss 0).
        terminal: the game is over here (``state.is_over()``).
        proven: None, or the exact result for ``player`` (solver only).
    """

    __slots__ = ("state", "move", "parent", "player", "children", "untried", "visits", "wins",
                 "terminal", "proven")

    def __init__(self, state: Any, move: Any = None, parent: Node | None = None) -> None:
        self.state = state
        self.move = move
        self.parent = parent
        self.player = parent.state.to_move if parent is not None else 3 - state.to_move
        self.children: list[Node] = []
        self.untried: list[Any] | None = None
        self.visits = 0
        self.wins = 0.0
        self.terminal = state.is_over()
        self.proven: float | None = None

    @property
    def to_move(self) -> int:
        return self.state.to_move

    @property
    def win_rate(self) -> float:
        """wins / visits for ``player`` (0.0 before the first visit)."""
        return self.wins / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        proven = "" if self.proven is None else f", proven={self.proven}"
        return (f"Node({_label(self.move)}, visits={self.visits}, wins={self.wins:g}, "
                f"children={len(self.children)}{proven})")


def iter_nodes(root: Any) -> Iterator[Any]:
    """Every node below ``root`` (root included), depth first, children in move order."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def ucb(child: Any, log_parent_visits: float, c: float) -> float:
    """Q(v')/N(v') + c * sqrt(2 ln N(v) / N(v')), with ``ln N(v)`` computed once by the caller.

    Both tiers write this expression in this order, so they compute the same floats.
    """
    return child.wins / child.visits + c * math.sqrt(2.0 * log_parent_visits / child.visits)


def lower_bound(child: Any, log_parent_visits: float, c: float) -> float:
    """The lower confidence bound Q(v')/N(v') - c * sqrt(2 ln N(v) / N(v'))."""
    return child.wins / child.visits - c * math.sqrt(2.0 * log_parent_visits / child.visits)


def agreeing_child(children: list[Any]) -> Any:
    """The first child that has both the most visits and the highest win rate, or None."""
    if not children:
        return None
    most = max(child.visits for child in children)
    best = max(child.wins / child.visits for child in children)
    for child in children:
        if child.visits == most and child.wins / child.visits == best:
            return child
    return None


def final_choice(root: Any, rule: str = "visits", c: float = 1.4) -> Any:
    """The child of ``root`` whose move is played, by ``rule``:

    - ``"visits"``: the most visits (the most robust choice);
    - ``"value"``: the highest win rate (a child tried once and won once has rate 1.0);
    - ``"both"``: a child with both the most visits and the highest win rate; the agent
      searches on until there is one (see ``both_cap``), else this falls back to the most visits;
    - ``"lcb"``: the highest lower confidence bound, win rate - c * sqrt(2 ln N / n).

    Proven results come first: a proven win for the mover is played, and proven losses only
    when every child is one. Ties go to the first child in move order.
    """
    if rule not in FINAL_RULES:
        raise InvalidArgumentError(f"unknown final rule {rule!r}; choose from "
                                   f"{', '.join(FINAL_RULES)}")
    children = root.children
    if not children:
        raise InvalidArgumentError("the root has no children yet: run at least one iteration")
    pool = ([ch for ch in children if ch.proven == 1.0]
            or [ch for ch in children if ch.proven != 0.0] or children)
    if rule == "both":
        agreed = agreeing_child(pool)
        if agreed is not None:
            return agreed
        rule = "visits"
    if rule == "visits":
        key: Callable[[Any], float] = lambda ch: ch.visits
    elif rule == "value":
        key = lambda ch: ch.wins / ch.visits
    else:
        log_n = math.log(max(root.visits, 1))
        key = lambda ch: lower_bound(ch, log_n, c)
    return max(pool, key=key)          # max keeps the first of equal keys: move order


# --- What a search reports --------------------------------------------------------------------


@dataclass
class Snapshot:
    """The root's children after ``iteration`` iterations of one search, aligned with the
    root's legal moves (``MCTSStats.root_moves``; 0 for a move not tried yet). With subtree
    reuse the counts include the visits the tree had before this search."""

    iteration: int
    visits: list[int]
    wins: list[float]

    @property
    def win_rates(self) -> list[float | None]:
        """wins / visits per root move (None for a move not tried yet)."""
        return [w / v if v else None for v, w in zip(self.visits, self.wins)]


@dataclass
class MCTSStats(SearchStats):
    """SearchStats with the counts of MCTS (``nodes`` counts the tree nodes entered by selection
    and expansion, ``depth`` is ``max_depth``).

    >>> MCTSStats(iterations=500, playouts=400, seconds=0.25).playouts_per_second
    1600.0
    """

    iterations: int = 0
    playouts: int = 0
    """Playouts run (an iteration that ends on a terminal or proven node needs none)."""
    playout_plies: int = 0
    tree_nodes: int = 0
    """Nodes in the tree after the search, the root included."""
    new_nodes: int = 0
    reused_visits: int = 0
    """Visits the root already had when the search began (subtree reuse), else 0."""
    max_depth: int = 0
    """The deepest node an iteration reached (the root is depth 0)."""
    proven: float | None = None
    """The root's proven result for its ``player`` when the solver settled it."""
    root_moves: list[Any] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0

    @property
    def playouts_per_second(self) -> float:
        return self.playouts / self.seconds if self.seconds > 0 else 0.0

    def visit_shares(self) -> tuple[list[int], list[list[float]]]:
        """For plots: the snapshot iterations and, per snapshot, each root move's share of the
        root children's visits at that moment (aligned with ``root_moves``)."""
        iterations = [snap.iteration for snap in self.snapshots]
        shares = []
        for snap in self.snapshots:
            total = sum(snap.visits) or 1
            shares.append([v / total for v in snap.visits])
        return iterations, shares

    def summary(self) -> str:
        return (f"{self.iterations:,} iterations, {self.tree_nodes:,} nodes in the tree, "
                f"max depth {self.max_depth}, {self.playouts_per_second:,.0f} playouts/s")


# --- Options, shared with the fast tier -------------------------------------------------------


MAX_C = 100.0
"""The largest exploration constant (the spec's ``c`` too)."""
MAX_BOTH_CAP = 100.0


def check_options(iterations: Any = None, time_ms: Any = None, c: Any = 1.4,
                  expand_after: Any = 1, playout: Any = "random", epsilon: Any = None,
                  cutoff_plies: Any = None, final: Any = "visits", seed: Any = 0,
                  reuse: Any = False, solver: Any = False, snapshot_every: Any = 0,
                  both_cap: Any = 2.0) -> dict[str, Any]:
    """Check the MCTS options and return them with their defaults filled in; a bad option raises
    ValueError saying what was expected."""
    if iterations is None and time_ms is None:
        iterations = DEFAULT_ITERATIONS
    iterations = whole(iterations, "iterations", 1, MAX_ITERATIONS, optional=True)
    if time_ms is not None:
        time_ms = number(time_ms, "time_ms", 0, MAX_MS, "ms")
        if time_ms <= 0:
            raise InvalidArgumentError(f"time_ms must be a number of milliseconds > 0, got "
                                       f"{time_ms!r}")
    c = number(c, "c (the exploration constant)", 0, MAX_C)
    expand_after = whole(expand_after, "expand_after", 1, MAX_ITERATIONS)
    if playout not in PLAYOUTS:
        raise InvalidArgumentError(f"unknown playout {playout!r}; choose from "
                                   f"{', '.join(PLAYOUTS)}")
    if epsilon is not None and playout != "greedy":
        raise InvalidArgumentError(f"epsilon is the random-move rate of playout='greedy'; it "
                                   f"does not apply to playout={playout!r}")
    if cutoff_plies is not None and playout != "cutoff":
        raise InvalidArgumentError(f"cutoff_plies is the length of playout='cutoff'; it does not "
                                   f"apply to playout={playout!r}")
    if playout == "greedy":
        epsilon = number(DEFAULT_EPSILON if epsilon is None else epsilon, "epsilon", 0, 1)
    if playout == "cutoff":
        cutoff_plies = whole(DEFAULT_CUTOFF_PLIES if cutoff_plies is None else cutoff_plies,
                             "cutoff_plies", 0, MAX_TURNS, "plies")
    if final not in FINAL_RULES:
        raise InvalidArgumentError(f"unknown final rule {final!r}; choose from "
                                   f"{', '.join(FINAL_RULES)}")
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        seed = int(seed)                     # a numpy integer is fine
    elif isinstance(seed, bool):
        raise InvalidArgumentError(f"seed must be a whole number, got {seed!r}")
    check_seed(seed)
    for name, flag in (("reuse", reuse), ("solver", solver)):
        if not isinstance(flag, bool):
            raise InvalidArgumentError(f"{name} must be True or False, got {flag!r}")
    snapshot_every = whole(snapshot_every, "snapshot_every", 0, MAX_ITERATIONS)
    both_cap = number(both_cap, "both_cap", 1, MAX_BOTH_CAP)
    return dict(iterations=iterations, time_ms=time_ms, c=c, expand_after=expand_after,
                playout=playout, epsilon=epsilon, cutoff_plies=cutoff_plies, final=final,
                seed=seed, reuse=reuse, solver=solver, snapshot_every=snapshot_every,
                both_cap=both_cap)


SPEC_KEYS = {
    "iterations": "iterations", "time": "time_ms", "c": "c", "expand": "expand_after",
    "playout": "playout", "epsilon": "epsilon", "cutoff": "cutoff_plies", "final": "final",
    "seed": "seed", "reuse": "reuse", "solver": "solver",
}
"""Proposed spec-string keys (``mcts:iterations=2000,c=1.4,final=visits,seed=3``) and the
keyword each one sets; ``tier=fast`` would pick ``FastMCTSAgent``."""


def spec_name(options: dict[str, Any], tier: str | None = None) -> str:
    """The spec string of these options, defaults left out: ``'mcts:iterations=2000,seed=3'``
    (``'mcts:tier=fast,...'`` for the fast tier)."""
    defaults = check_options()
    parts = [f"tier={tier}"] if tier else []
    for key, keyword in SPEC_KEYS.items():
        value = options[keyword]
        if keyword == "iterations" and options["time_ms"] is not None and value is None:
            continue
        if value is None or (value == defaults[keyword] and keyword != "iterations"):
            continue
        if isinstance(value, bool):
            value = int(value)
        elif isinstance(value, float) and value.is_integer() and keyword != "c":
            value = int(value)
        parts.append(f"{key}={value}")
    return "mcts" + (":" + ",".join(parts) if parts else "")


# --- The agent --------------------------------------------------------------------------------


class MCTSAgent:
    """Monte Carlo tree search for any game on the course's interface.

    Args:
        iterations: iterations per move (default 1000 when no ``time_ms`` is given).
        time_ms: milliseconds per move; with ``iterations`` too, whichever ends first.
        c: the exploration constant of UCB.
        expand_after: a node grows children once it has been tried this many times.
        playout: ``"random"``, ``"greedy"`` (epsilon-greedy on material) or ``"cutoff"``.
        epsilon: the random-move rate of the greedy playout (default 0.1).
        cutoff_plies: the random plies of the cutoff playout before evaluating (default 10).
        evaluation: ``evaluate(state, player)`` for the cutoff playout (default: the game's).
        final: how the move is picked: ``"visits"``, ``"value"``, ``"both"`` or ``"lcb"``.
        seed: seed of the agent's SplitMix64 generator (seeded once; draws go on across moves).
        reuse: keep the tree between moves and start from the subtree of the new position.
        solver: prove wins, draws and losses in the tree (MCTS-Solver).
        snapshot_every: every this many iterations, record the root children's visits and wins
            in ``last_result.stats.snapshots`` (0: never).
        both_cap: ``final="both"`` searches on at most until this many times the budget is spent.

    After ``choose_move``: ``root`` is the tree (inspect it, or draw it with ``to_networkx``),
    ``last_result`` a SearchResult whose ``stats`` is an ``MCTSStats``.
    """

    def __init__(self, iterations: int | None = None, time_ms: float | None = None,
                 c: float = 1.4, expand_after: int = 1, playout: str = "random",
                 epsilon: float | None = None, cutoff_plies: int | None = None,
                 final: str = "visits", seed: int = 0, reuse: bool = False,
                 solver: bool = False, snapshot_every: int = 0, both_cap: float = 2.0,
                 evaluation: Callable[[Any, int], float] | None = None,
                 name: str | None = None) -> None:
        options = check_options(iterations, time_ms, c, expand_after, playout, epsilon,
                                cutoff_plies, final, seed, reuse, solver, snapshot_every,
                                both_cap)
        self.options = options
        for key, value in options.items():
            setattr(self, key, value)
        self.evaluation = evaluation
        self.name = name or spec_name(options)
        self.rng = SplitMix64(seed)
        self.root: Node | None = None
        self.last_result: SearchResult | None = None
        self.stats = MCTSStats()
        self._tree_size = 0

    def reset(self) -> None:
        """Forget the tree and start the generator again from the seed: ready for a new game."""
        self.rng = SplitMix64(self.seed)
        self.root = None
        self._tree_size = 0

    # -- playing -----------------------------------------------------------------------------

    def choose_move(self, state: Any) -> Any:
        """Search ``state`` and return the move to play (one of ``state.legal_moves()``)."""
        return self.search(state).move

    def search(self, state: Any) -> SearchResult:
        """Run the budget from ``state``; return the SearchResult (also in ``last_result``)."""
        from .base import check_can_move
        from .evaluation import check_evaluation
        check_can_move(state)                   # GameOverError, in words, once the game is over
        check_evaluation(self.evaluation, state)
        started = time.perf_counter()
        self.root = root = self._root_for(state)
        self.stats = stats = MCTSStats(reused_visits=root.visits,
                                       root_moves=list(state.legal_moves()))
        deadline = started + self.time_ms / 1000 if self.time_ms is not None else None
        self._run(root, self.iterations, deadline, until_agree=False)
        if self.final == "both":
            extra = (None if self.iterations is None
                     else int((self.both_cap - 1) * self.iterations))
            extra_deadline = (None if self.time_ms is None else
                              time.perf_counter() + (self.both_cap - 1) * self.time_ms / 1000)
            self._run(root, extra, extra_deadline, until_agree=True)
        chosen = final_choice(root, self.final, self.c)
        stats.seconds = time.perf_counter() - started
        stats.tree_nodes = self._tree_size
        stats.depth = stats.max_depth
        stats.proven = root.proven
        self.last_result = SearchResult(
            move=chosen.move, value=chosen.win_rate, depth=stats.max_depth, stats=stats,
            root_values=[(child.move, child.win_rate) for child in root.children])
        return self.last_result

    def _run(self, root: Node, max_iterations: int | None, deadline: float | None,
             until_agree: bool) -> None:
        """Iterate until the budget is spent, the root is proven, or (``until_agree``) one
        child has both the most visits and the highest win rate."""
        done = 0
        while max_iterations is None or done < max_iterations:
            if deadline is not None and time.perf_counter() >= deadline and root.children:
                break
            if root.proven is not None:
                break
            if until_agree and agreeing_child(root.children) is not None:
                break
            self.iterate(root)
            done += 1
            self.stats.iterations += 1
            if self.snapshot_every and self.stats.iterations % self.snapshot_every == 0:
                self._snapshot(root)

    def _root_for(self, state: Any) -> Node:
        """A fresh root, or with ``reuse`` the old tree's node for ``state`` if there is one."""
        if self.reuse and self.root is not None:
            node = find_node(self.root, state, REUSE_DEPTH)
            if node is not None:
                node.parent = node.move = None       # the new root: nothing above it
                self._tree_size = sum(1 for _ in iter_nodes(node))
                return node
        self._tree_size = 1
        return Node(state)

    def _snapshot(self, root: Node) -> None:
        # The root's children are its first moves in move order; the rest are untried.
        untried = len(self.stats.root_moves) - len(root.children)
        self.stats.snapshots.append(Snapshot(
            self.stats.iterations, [child.visits for child in root.children] + [0] * untried,
            [child.wins for child in root.children] + [0.0] * untried))

    # -- one iteration: the four phases --------------------------------------------------------

    def iterate(self, root: Node) -> None:
        """One iteration: select, expand, simulate, backpropagate."""
        path = self.select(root)
        leaf = self.expand(path[-1])
        if leaf is not path[-1]:
            path.append(leaf)
        outcome = self.simulate(leaf)
        self.backpropagate(path, outcome)
        self.stats.nodes += len(path)
        self.stats.max_depth = max(self.stats.max_depth, len(path) - 1)

    def grows(self, node: Node) -> bool:
        """May this node get children, and selection go on below it? Not when the game is over
        or its result is proven, nor before it has been tried ``expand_after`` times (the root
        always grows). The first time it grows, its moves become its untried moves."""
        if node.terminal or node.proven is not None:
            return False
        if node.parent is not None and node.visits < self.expand_after:
            return False
        if node.untried is None:
            node.untried = list(node.state.legal_moves())
        return True

    def select(self, root: Node) -> list[Node]:
        """Phase 1: from the root, go down by UCB while the node grows and has no untried move.

        Returns the path, root first."""
        path = [root]
        node = root
        while self.grows(node) and not node.untried:
            node = self.best_child(node)
            path.append(node)
        return path

    def best_child(self, node: Node) -> Node:
        """The child with the highest UCB; ties go to the first in move order. With the solver,
        children that are proven losses for the mover are skipped."""
        log_n = math.log(node.visits)
        best, best_score = None, -math.inf
        for child in node.children:
            if child.proven == 0.0:
                continue
            score = ucb(child, log_n, self.c)
            if score > best_score:
                best, best_score = child, score
        return best

    def expand(self, node: Node) -> Node:
        """Phase 2: add a child for the node's first untried move and return it; a node that
        does not grow, or has no untried move, is returned unchanged."""
        if not self.grows(node) or not node.untried:
            return node
        move = node.untried.pop(0)
        child = Node(node.state.apply(move), move, node)
        node.children.append(child)
        self._tree_size += 1
        self.stats.new_nodes += 1
        if child.terminal and self.solver:
            child.proven = _reward(_outcome(child.state), child.player)
        return child

    def simulate(self, node: Node) -> float:
        """Phase 3: the outcome from player 1's view: 1 if player 1 wins, 0.5 for a draw, 0 if
        player 2 wins. Exact at a terminal or proven node; otherwise a playout."""
        if node.terminal:
            return _outcome(node.state)
        if node.proven is not None:
            return node.proven if node.player == 1 else 1.0 - node.proven
        self.stats.playouts += 1
        if self.playout == "greedy" and hasattr(node.state, "gain"):
            return self.greedy_playout(node.state)
        if self.playout == "cutoff":
            return self.cutoff_playout(node.state)
        return self.random_playout(node.state)

    def backpropagate(self, path: list[Node], outcome: float) -> None:
        """Phase 4: one more visit for every node on the path, and the reward for the player
        who moved into it. With the solver, then try to prove the nodes from the leaf up."""
        for node in path:
            node.visits += 1
            node.wins += outcome if node.player == 1 else 1.0 - outcome
        if self.solver:
            for node in reversed(path[:-1]):
                if not self.prove(node):
                    break               # nothing changed here, so nothing above changes

    def prove(self, node: Node) -> bool:
        """MCTS-Solver's rule; True when the node is newly proven."""
        if node.proven is not None:
            return False
        results = [child.proven for child in node.children]
        if 1.0 in results:                      # the mover here has a proven win
            node.proven = 0.0
            return True
        if not node.untried and None not in results:
            node.proven = 1.0 - max(results)    # every move is settled: the mover's best
            return True
        return False

    # -- playouts --------------------------------------------------------------------------------

    def random_playout(self, state: Any) -> float:
        """Uniformly random moves until the game is over; the outcome for player 1."""
        rng, plies = self.rng, 0
        while not state.is_over():
            moves = state.legal_moves()
            state = state.apply(moves[rng.below(len(moves))])
            plies += 1
        self.stats.playout_plies += plies
        return _outcome(state)

    def greedy_playout(self, state: Any) -> float:
        """Each ply: with probability epsilon a random move, else the move that wins the most
        material at once (the first of equal ones)."""
        rng, plies = self.rng, 0
        while not state.is_over():
            moves = state.legal_moves()
            if rng.random() < self.epsilon:
                move = moves[rng.below(len(moves))]
            else:
                move = max(moves, key=state.gain)
            state = state.apply(move)
            plies += 1
        self.stats.playout_plies += plies
        return _outcome(state)

    def cutoff_playout(self, state: Any) -> float:
        """At most ``cutoff_plies`` random moves, then the sign of the evaluation for player 1."""
        rng, plies = self.rng, 0
        while not state.is_over() and plies < self.cutoff_plies:
            moves = state.legal_moves()
            state = state.apply(moves[rng.below(len(moves))])
            plies += 1
        self.stats.playout_plies += plies
        if state.is_over():
            return _outcome(state)
        evaluate = self.evaluation or default_evaluation(state)
        score = evaluate(state, 1)
        return 1.0 if score > 0 else 0.5 if score == 0 else 0.0


def _outcome(state: Any) -> float:
    """A finished game's outcome for player 1: 1 win, 0.5 draw, 0 loss."""
    winner = state.winner()
    return 1.0 if winner == 1 else 0.5 if winner == 0 else 0.0


def _reward(outcome: float, player: int) -> float:
    """The reward of ``player`` for an outcome written from player 1's view."""
    return outcome if player == 1 else 1.0 - outcome


def same_position(a: Any, b: Any) -> bool:
    """Are two states the same position (squares, side to move and, if kept, the turn count)?"""
    if type(a) is not type(b):
        return False
    if hasattr(a, "key"):
        return a.key() == b.key() and getattr(a, "turns", None) == getattr(b, "turns", None)
    return a == b


def find_node(root: Node, state: Any, max_depth: int = REUSE_DEPTH) -> Node | None:
    """The node of ``state`` at most ``max_depth`` plies below ``root`` (breadth first), or None."""
    level = [root]
    for depth in range(max_depth + 1):
        for node in level:
            if same_position(node.state, state):
                return node
        level = [child for node in level for child in node.children]
    return None


def to_networkx(root: Any, max_nodes: int | None = None) -> Any:
    """The tree below ``root`` as a networkx DiGraph, for pictures and inspection.

    Node ids count up from the root (0). With ``max_nodes``, the most visited nodes are kept:
    nodes enter best-first by visits, each after its parent, so the result is always a tree.
    Node attributes: ``label`` (the move as text, 'root' at the root), ``move``, ``visits``,
    ``wins``, ``win_rate`` (for ``player``), ``to_move``, ``player``, ``depth``, ``proven``
    (None, or 1 / 0.5 / 0 for ``player``). Works for the readable tree and for the fast tier's
    ``FastNode`` views alike.
    """
    import networkx as nx

    if max_nodes is not None:
        whole(max_nodes, "max_nodes", 1)
    graph = nx.DiGraph()
    order = itertools.count()
    heap = [(-root.visits, next(order), root, None, 0)]
    while heap and (max_nodes is None or graph.number_of_nodes() < max_nodes):
        _, _, node, parent_id, depth = heapq.heappop(heap)
        node_id = graph.number_of_nodes()
        graph.add_node(node_id, label="root" if parent_id is None else _label(node.move),
                       move=node.move, visits=node.visits, wins=node.wins,
                       win_rate=node.wins / node.visits if node.visits else 0.0,
                       to_move=node.to_move, player=node.player, depth=depth,
                       proven=node.proven)
        if parent_id is not None:
            graph.add_edge(parent_id, node_id)
        for child in node.children:
            heapq.heappush(heap, (-child.visits, next(order), child, node_id, depth + 1))
    return graph


def best_line(root: Any, max_plies: int = 20) -> list[Any]:
    """The principal variation: from the root, follow the most visited child (first of equal)."""
    line, node = [], root
    while node.children and len(line) < max_plies:
        node = max(node.children, key=lambda child: child.visits)
        line.append(node.move)
    return line
