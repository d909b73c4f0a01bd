"""Running a function on the cases, comparing it with the reference, in this process.

``run_case`` never raises: whatever the function does (loops, raises, returns garbage, changes
the position it was given), the answer is an ``Outcome``. The student's own function is run
through ``course_lib.grader.isolation``, which calls ``run_case`` in a child process that can
be stopped; the reference and the known mistaken variants are run here.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import os
import signal
import threading
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from . import cases as C
from .exercises import SPECS, Spec, build_mistake
from .mcts_nodes import GraderNode, from_agent, inner_nodes
from .trace import BudgetExceeded, Trace, TracedState, snapshot

INF = math.inf
GRADER_DIR = os.path.dirname(os.path.abspath(__file__))
CASE_SECONDS = 10.0
"""Seconds one case of a known mistaken variant may take (they run in this process, stopped
by their node budget long before: this is only a backstop)."""
MIN_BUDGET = 2000
BUDGET_FACTOR = 20
"""A case's node budget: BUDGET_FACTOR times the reference's work, at least MIN_BUDGET."""
DEADLINE_CHECK_EVERY = 8
"""The search given to iterative deepening looks at the clock every this many nodes."""


class _TimeUp(BudgetExceeded):
    """The wall-clock limit passed."""


# --- Limits ----------------------------------------------------------------------------------

@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise ``_TimeUp`` in the running code after ``seconds`` (main thread, Unix); elsewhere,
    or with ``seconds`` None, only the node budget holds."""
    if seconds is None or threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "setitimer"):
        yield
        return

    def stop(signum: int, frame: Any) -> None:
        raise _TimeUp(f"more than {seconds:g} seconds")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001), 0.05)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- Outcomes ----------------------------------------------------------------------------------

@dataclass
class Outcome:
    """What a function did on one case."""

    status: str
    """'ok', 'budget' (too many nodes), 'recursion' (calls without end), 'time', 'error',
    'garbage' or 'mutated'."""
    visits: list = field(default_factory=list)
    """The contacts with nodes (see ``Trace.visits``); empty where nodes do not matter."""
    result: Any = None
    message: str = ""
    work: int = 0
    returns: list = field(default_factory=list)
    """(node, value) for each call of the searched function, in the order they returned; empty
    when the function does not call itself by its own name."""
    evaluated: list = field(default_factory=list)
    """The nodes the evaluation was called on, in order (a search's leaves)."""
    keys: dict = field(default_factory=dict)
    """For a search with a table: repr(key) -> the node where the key was first asked."""
    iterations: list = field(default_factory=list)
    """For iterative deepening: (depth, best move) of each search that finished."""
    over_budget: bool = False
    """The function went on after the node budget stopped it (it caught the grader's stop)."""


def is_number(value: Any) -> bool:
    """A real number that is not a bool and not NaN (numpy's scalars are numbers too)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and value == value


def _plain(value: Any) -> Any:
    """A number as Python's int or float (numpy scalars included); anything else unchanged."""
    if not is_number(value):
        return value
    return int(value) if isinstance(value, numbers.Integral) else float(value)


def _portable(value: Any) -> Any:
    """``value`` made of plain numbers, strings, None and tuples, so that it can be compared
    and sent between processes: anything else becomes its text (a move its name)."""
    if value is None or isinstance(value, (str, bool)):
        return value
    if is_number(value):
        return _plain(value)
    if isinstance(value, (list, tuple)):
        return tuple(_portable(v) for v in value)
    return short(value, str)


def same(a: Any, b: Any) -> bool:
    """Equal, numbers up to rounding (numpy's scalars as Python's)."""
    if is_number(a) and is_number(b):
        a, b = _plain(a), _plain(b)
        if isinstance(a, float) or isinstance(b, float):
            if math.isinf(a) or math.isinf(b):
                return a == b
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
        return a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if is_number(a) or is_number(b):
        return False
    try:
        return bool(a == b)
    except Exception:                               # noqa: BLE001 - any object may be returned
        return False


def same_outcome(a: Outcome, b: Outcome) -> bool:
    """Do two outcomes show the same behaviour: the same nodes visited and evaluated, the same
    result? Searches without end (stopped by the budget, or by the stack's depth) agree when
    one visited the other's nodes and more, in the same order."""
    endless = ("budget", "recursion")               # where either stops depends on the stack
    if a.status != b.status and not (a.status in endless and b.status in endless):
        return False
    if a.status in endless + ("time",):
        n = min(len(a.visits), len(b.visits))
        return n > 0 and a.visits[:n] == b.visits[:n]
    if a.status in ("error", "garbage", "mutated"):
        return a.visits == b.visits and a.message.splitlines()[-1:] == b.message.splitlines()[-1:]
    return a.visits == b.visits and a.evaluated == b.evaluated and same(a.result, b.result)


class _Garbage(Exception):
    pass


class _Mutated(Exception):
    pass


def _returned_none(what: str) -> str:
    return f"it returned None; {what} (is a return missing, or does one path end without it?)"


def _pair(raw: Any, root_moves: list, what: str) -> tuple:
    if raw is None:
        raise _Garbage(_returned_none(f"{what} returns a pair (value, move)"))
    if not isinstance(raw, (tuple, list)) or len(raw) != 2:
        raise _Garbage(f"it returned {short(raw)}; {what} returns a pair (value, move)")
    value, move = raw
    if not is_number(value):
        raise _Garbage(f"it returned the value {short(value)}; a value is a number")
    if move is not None and move not in root_moves:
        raise _Garbage(f"it returned the move {short(move)}, which is not a legal move at the "
                       f"root")
    return _plain(value), move


def short(value: Any, text: Callable[[Any], str] = repr) -> str:
    """``text(value)`` cut to 60 characters; never raises."""
    try:
        written = text(value)
    except Exception:                           # noqa: BLE001 - any object may be returned
        written = f"<a {type(value).__name__}>"
    return written if len(written) <= 60 else written[:57] + "..."


# --- Cases -----------------------------------------------------------------------------------

@dataclass
class Case:
    label: str
    run: Callable[[Callable, Trace], Any]
    """Runs the function on this case, returns the comparable result (may raise _Garbage)."""
    drawable: bool = False
    """A search over nodes: its visits are compared, and drawn when they differ."""
    tree: Any = None
    """For an explicit tree: the tree, so that the picture can show all of it."""
    position: Any = None
    """For a case on one position that is not searched (09-flips): the position, which the
    report shows."""


def tree_leaves(tree: Any, path: tuple = ()) -> dict[tuple, Any]:
    """Every node of an explicit (pass) tree: {path: leaf value, or None for an inner node}."""
    nodes = {path: tree if isinstance(tree, (int, float)) else None}
    if isinstance(tree, tuple):
        nodes.update(tree_leaves(tree[1], path + (C.PASS_MOVE,)))
    elif isinstance(tree, list):
        for i, child in enumerate(tree):
            nodes.update(tree_leaves(child, path + (i,)))
    return nodes


FULL = (-INF, INF)


def _search_cases(spec: Spec) -> list[Case]:
    """The positions a search exercise runs on; the first ones have player 1 to move, the
    later ones player 2 (a search written for player 1 only fails there)."""
    name = spec.name
    minmax = name in ("03-minimax", "04-alphabeta-minmax")
    windowed = name.startswith("04") or name == "11-pvs"
    second = C.second_player_tree

    def tree(label: str, nodes: Any, depth: int, make: Callable = C.GameTree,
             window: tuple = FULL, player: int | None = None) -> tuple:
        return (f"{label} (depth {depth})", lambda: make(nodes), depth, C.tree_evaluation,
                window, nodes, player)

    items = [tree("the textbook tree", C.TEXTBOOK_TREE, 2),
             tree("a tree with passes", C.PASS_TREE, 3),
             tree("a tree with a tie", C.TIE_TREE, 2),
             tree("a tree with an equal child", C.CUT_TREE, 2),
             tree("a three-ply tree", C.DEEP_TREE, 3),
             tree("a three-ply tree cut at depth 2", C.DEEP_TREE, 2)]
    if windowed:
        items.append(tree("a tree searched with the window (5, 10)", C.WINDOW_TREE, 2,
                          window=(5, 10)))
    for text in C.TTT_POSITIONS:
        items.append((f"tic-tac-toe {text} (depth 3)", lambda t=text: C.ttt(t), 3,
                      C.ttt_evaluation, FULL, None, None))
    for fen in C.ATAXX_FENS:
        items.append((f"ATAXX {fen} (depth 2)", lambda f=fen: C.ataxx(f), 2,
                      C.ataxx_evaluation, FULL, None, None))
    items += [tree("the textbook tree with player 2 to move at the root", C.TEXTBOOK_TREE, 2,
                   second),
              tree("a tree with passes with player 2 to move at the root", C.PASS_TREE, 3,
                   second),
              tree("a three-ply tree with player 2 to move at the root", C.DEEP_TREE, 3,
                   second)]
    if minmax:
        items.append(tree("the textbook tree with player 2 to move at the root, values for "
                          "player 1: the root is MIN", C.TEXTBOOK_TREE, 2, second, player=1))
    if windowed:
        items.append(tree("a tree with player 2 to move at the root, searched with the window "
                          "(-6, -3)", C.WINDOW_TREE, 2, second, window=(-6, -3)))
    for text in C.TTT_O_TO_MOVE:
        items.append((f"tic-tac-toe {text}, O to move (depth 3)", lambda t=text: C.ttt(t), 3,
                      C.ttt_evaluation, FULL, None, None))
    for fen in C.ATAXX_O_TO_MOVE:
        items.append((f"ATAXX {fen}, o to move (depth 2)", lambda f=fen: C.ataxx(f), 2,
                      C.ataxx_evaluation, FULL, None, None))
    return [Case(label, _search_runner(name, make, depth, evaluation, window, player),
                 drawable=True, tree=nodes)
            for label, make, depth, evaluation, window, nodes, player in items]


@contextlib.contextmanager
def recording_returns(fn: Callable, trace: Trace) -> Iterator[Callable]:
    """``fn`` wrapped so that each call records (the node's path, the value it returned) in
    ``trace.returns``. A recursive search calls itself through its global name, so that name
    points at the wrapper while the case runs, and is put back afterwards."""
    names = getattr(fn, "__globals__", None)
    name = getattr(fn, "__name__", None)

    def recorded(*args: Any, **kwargs: Any) -> Any:
        raw = fn(*args, **kwargs)
        state = args[0] if args else None
        if isinstance(state, TracedState):
            value = raw[0] if isinstance(raw, (tuple, list)) and raw else raw
            trace.returns.append((state._path, value))
        return raw

    swapped = isinstance(names, dict) and name is not None and names.get(name) is fn
    if swapped:
        names[name] = recorded
    try:
        yield recorded
    finally:
        if swapped:
            names[name] = fn


def _search_runner(name: str, make: Callable, depth: int, evaluation: Callable,
                   window: tuple, player: int | None) -> Callable:
    def run(student: Callable, trace: Trace) -> Any:
        with recording_returns(student, trace) as fn:
            return _run_search(fn, trace)

    def _run_search(fn: Callable, trace: Trace) -> Any:
        inner = make()
        before = snapshot(inner)
        root = TracedState(inner, trace)
        evaluate = trace.traced_evaluation(evaluation)
        alpha, beta = window
        for_player = inner.to_move if player is None else player
        try:
            if name == "03-minimax":
                raw = fn(root, depth, for_player, evaluate)
            elif name == "03-negamax":
                raw = fn(root, depth, evaluate)
            elif name == "04-alphabeta-minmax":
                raw = fn(root, depth, alpha, beta, for_player, evaluate)
            else:
                raw = fn(root, depth, alpha, beta, evaluate)
        finally:
            if snapshot(inner) != before:
                raise _Mutated("it changed the position it was given")
        value, move = _pair(raw, inner.legal_moves(), "the search")
        if window != FULL:                  # the contract: exact inside, a bound outside
            if value <= alpha:
                return ("at most alpha", None)
            if value >= beta:
                return ("at least beta", None)
        return value, move
    return run


class _OutOfTime(Exception):
    pass


def _leaf_value(node: TracedState) -> Any:
    inner = node._state
    if hasattr(inner, "material"):
        return C.ataxx_evaluation(inner, inner.to_move)
    if hasattr(inner, "open_lines"):
        return C.ttt_evaluation(inner, inner.to_move)
    return C.tree_evaluation(inner, inner.to_move)


def given_search(trace: Trace, deadline: float) -> Callable:
    """The search handed to a student's iterative deepening: negamax alpha-beta to ``depth``,
    the root moves in the order given; None when the clock passes ``deadline``. Each finished
    search is written down in ``trace.iterations`` as (depth, best move)."""

    def search(state: Any, depth: int, moves: list) -> Any:
        if not isinstance(depth, numbers.Integral) or isinstance(depth, bool) or depth < 1:
            raise ValueError(f"search(state, depth, moves) searches depth 1 or more; it was "
                             f"given depth {short(depth)}")
        inner = state._state if isinstance(state, TracedState) else state
        root = TracedState(inner, trace, (f"depth {depth}",))
        counter = [0]

        def visit() -> None:
            counter[0] += 1
            if counter[0] % DEADLINE_CHECK_EVERY == 0 and trace.clock() > deadline:
                raise _OutOfTime

        def negamax(node: Any, d: int, alpha: float, beta: float) -> float:
            visit()
            children = node.legal_moves()
            if d == 0 or not children:
                return _leaf_value(node)
            best = -INF
            for m in children:
                best = max(best, -negamax(node.apply(m), d - 1, -beta, -alpha))
                if best >= beta:
                    break
                alpha = max(alpha, best)
            return best

        try:
            visit()
            root.legal_moves()
            best_move, best, alpha, root_values = None, -INF, -INF, []
            for m in list(moves):
                value = -negamax(root.apply(m), depth - 1, -INF, -alpha)
                root_values.append((m, value))
                if value > best:
                    best_move, best = m, value
                alpha = max(alpha, best)
        except _OutOfTime:
            return None
        trace.iterations.append((depth, best_move))
        return best, best_move, root_values

    return search


DEEPENING_POSITIONS = [("tic-tac-toe X../.O./...", lambda: C.ttt("X../.O./..."), 5),
                       ("ATAXX x5o/7/7/7/7/7/o5x x 0 1",
                        lambda: C.ataxx("x5o/7/7/7/7/7/o5x x 0 1"), 3),
                       ("a three-ply tree", lambda: C.GameTree(C.DEEP_TREE), 3),
                       ("a tree whose best move changes with the depth",
                        lambda: C.GameTree(C.DEEPENING_TREE), 3),
                       ("tic-tac-toe X.O/.X./..., O to move", lambda: C.ttt("X.O/.X./..."), 4)]


def iteration_ends(make: Callable, max_depth: int) -> list[int]:
    """The clock (nodes visited) at the end of each iteration of the reference, no deadline."""
    from .solutions import iterative_deepening
    trace = Trace()
    search = given_search(trace, INF)
    ends = []

    def timed(state: Any, depth: int, moves: list) -> Any:
        result = search(state, depth, moves)
        ends.append(trace.ticks)
        return result

    iterative_deepening(TracedState(make(), trace), max_depth, INF, trace.clock, timed)
    return ends


def _deadlines(ends: list[int]) -> list[int]:
    """Deadlines that fall just before an iteration ends (the search may finish it without
    noticing) and in the middle of the next one, and one no search reaches."""
    chosen = []
    for k, end in enumerate(ends[:-1]):
        chosen += [end - 1, end - 4, (end + ends[k + 1]) // 2]
    return sorted(set(d for d in chosen if d > 0)) + [ends[-1] + 1000]


def _deepening_cases() -> list[Case]:
    def runner(make: Callable, max_depth: int, deadline: float) -> Callable:
        def run(fn: Callable, trace: Trace) -> Any:
            inner = make()
            before = snapshot(inner)
            root = TracedState(inner, trace)
            try:
                raw = fn(root, max_depth, deadline, trace.clock, given_search(trace, deadline))
            finally:
                if snapshot(inner) != before:
                    raise _Mutated("it changed the position it was given")
            if raw is None:
                raise _Garbage(_returned_none("it returns a pair (move, depth)"))
            if not isinstance(raw, (tuple, list)) or len(raw) != 2:
                raise _Garbage(f"it returned {short(raw)}; it returns a pair (move, depth)")
            move, depth = raw
            if move is not None and move not in inner.legal_moves():
                raise _Garbage(f"it returned the move {short(move)}, not a legal move")
            if not isinstance(depth, numbers.Integral) or isinstance(depth, bool):
                raise _Garbage(f"it returned the depth {short(depth)}; a depth is a whole number")
            return move, int(depth)
        return run

    return [Case(f"{label}, up to depth {max_depth}, deadline at {deadline} nodes",
                 runner(make, max_depth, deadline), drawable=True)
            for label, make, max_depth in DEEPENING_POSITIONS
            for deadline in _deadlines(iteration_ends(make, max_depth))]


TABLE_CASES = [
    ("the textbook tree", lambda: C.GameTree(C.TEXTBOOK_TREE), [(1, FULL), (2, FULL)]),
    ("a three-ply tree", lambda: C.GameTree(C.DEEP_TREE),
     [(1, FULL), (2, FULL), (3, (8, 9)), (3, FULL), (3, FULL)]),
    ("tic-tac-toe X../.O./...", lambda: C.ttt("X../.O./..."),
     [(1, FULL), (2, FULL), (3, (0, 1)), (3, FULL), (4, (-2, -1)), (4, FULL)]),
    ("tic-tac-toe XO./.O./..X", lambda: C.ttt("XO./.O./..X"), [(2, FULL), (4, FULL), (3, FULL)]),
    ("tic-tac-toe .........", lambda: C.ttt("........."), [(2, FULL), (4, FULL), (5, FULL)]),
    ("ATAXX x5o/7/7/7/7/7/o5x x 0 1", lambda: C.ataxx("x5o/7/7/7/7/7/o5x x 0 1"),
     [(1, FULL), (2, (0, 1)), (2, FULL), (3, FULL)]),
    ("the textbook tree, its bounds weaker than the next window",
     lambda: C.GameTree(C.TEXTBOOK_TREE), [(2, (8, 12)), (2, (0, 1)), (2, (5, 9)), (2, FULL)]),
    ("tic-tac-toe X.O/.X./..., O to move, its bounds weaker than the next window",
     lambda: C.ttt("X.O/.X./..."), [(3, (2, 4)), (3, (-6, -3)), (3, (-4, -3)), (3, FULL)]),
]
"""Each case: a position searched several times with one table, (depth, window) each time.
In the last two, a bound stored by one search is weaker than the next search's window."""


def _window_text(window: tuple) -> str:
    return "" if window == FULL else f" in ({window[0]:g}, {window[1]:g})"


def _search_label(index: int, depth: int, window: tuple) -> str:
    """How the table cases name their searches: 'search 2 (depth 3 in (8, 9))'."""
    return f"search {index + 1} (depth {depth}{_window_text(window)})"


def _table_cases() -> list[Case]:
    def evaluation_for(state: Any) -> Callable:
        if hasattr(state, "material"):
            return C.ataxx_evaluation
        if hasattr(state, "open_lines"):
            return C.ttt_evaluation
        return C.tree_evaluation

    def runner(make: Callable, depths: list[tuple]) -> Callable:
        def run(fn: Callable, trace: Trace) -> Any:
            inner = make()
            before = snapshot(inner)
            evaluate = trace.traced_evaluation(evaluation_for(inner))
            table: dict = {}
            results = []
            try:
                for i, (depth, (alpha, beta)) in enumerate(depths):
                    label = _search_label(i, depth, (alpha, beta))
                    raw = fn(TracedState(inner, trace, (label,)), depth, alpha, beta, evaluate,
                             table)
                    pair = _pair(raw, inner.legal_moves(), "the search")
                    entries = tuple(sorted((repr(k), _portable(v)) for k, v in table.items()))
                    results.append((label, pair, entries))
            finally:
                if snapshot(inner) != before:
                    raise _Mutated("it changed the position it was given")
            return results
        return run

    return [Case(f"{label}, searched {len(depths)} times with one table: depths "
                 + ", ".join(f"{d}{_window_text(w)}" for d, w in depths),
                 runner(make, depths), drawable=True) for label, make, depths in TABLE_CASES]


_MCTS_ROOTS: list[Any] = []


def _mcts_roots() -> list[Any]:
    """Trees grown by the course's MCTSAgent on tic-tac-toe (seeded), kept as agent nodes."""
    if not _MCTS_ROOTS:
        from ..agents.mcts import MCTSAgent
        for text, iterations, seed in [(".........", 120, 1), ("X.O/.X./...", 60, 2),
                                       ("XO./.O./..X", 40, 3)]:
            agent = MCTSAgent(iterations=iterations, seed=seed)
            agent.choose_move(C.ttt(text))
            _MCTS_ROOTS.append(agent.root)
    return _MCTS_ROOTS


HAND_NODES = [([(3, 2.0), (0, 0.0), (2, 1.0), (0, 0.0)], 1.4),
              ([(4, 2.0), (4, 2.0), (2, 1.0)], 0.0),
              ([(5, 3.0), (5, 3.0)], 1.4),
              ([(10, 7.0), (3, 1.0), (6, 4.0)], 0.5),
              ([(10, 2.0), (10, 3.0), (1, 0.0)], 1.4),
              ([(50, 40.0), (40, 30.0), (10, 3.0)], 1.0),
              ([(2, 0.0), (7, 7.0)], 1.4),
              ([(2, 0.0), (3, 1.0)], 1.4),
              ([(3, 0.0), (6, 3.0)], 1.4),
              ([(2, 0.0), (14, 14.0)], 1.4),
              ([(3, 3.0), (8, 0.0)], 1.0)]
"""Small nodes written out, (visits, wins) of each child and c; the node itself has one visit
more than its children. Unvisited children in the middle, exact ties; in the next three the
choice changes if ln N(v) is replaced by ln(N(v) + 1) or by the log of the children's visits;
in the last two, a log in base 10 and a missing factor 2 choose differently, and so do a win
rate read for the other side and one left out."""


def _hand_nodes() -> list[tuple[GraderNode, float]]:
    made = []
    for stats, c in HAND_NODES:
        node = GraderNode(None, 2, 1, visits=sum(v for v, _ in stats) + 1)
        for move, (visits, wins) in enumerate(stats):
            node.add(GraderNode(move, 1, 2, visits, wins))
        made.append((node, c))
    return made


def _ucb_cases() -> list[Case]:
    def nodes_of(index: int) -> list[tuple[GraderNode, float]]:
        if index == 0:
            return _hand_nodes()
        root = from_agent(_mcts_roots()[index - 1])
        found = inner_nodes(root)[:25]
        return [(node, 1.4 if i % 2 else 0.7) for i, node in enumerate(found)]

    def runner(index: int) -> Callable:
        def run(fn: Callable, trace: Trace) -> Any:
            choices = []
            for node, c in nodes_of(index):
                before = [n.state_of() for n in [node] + node.children]
                raw = fn(node, c)
                if [n.state_of() for n in [node] + node.children] != before:
                    raise _Mutated(f"it changed node {node.name} or its children")
                position = next((i for i, child in enumerate(node.children) if child is raw),
                                None)
                if position is None:
                    what = _returned_none("it returns one of node.children") if raw is None \
                        else f"it returned {short(raw)}, which is not one of node.children"
                    raise _Garbage(f"at node {node.name} {what}")
                choices.append((node.name, c, position, node.visits,
                                tuple((child.visits, child.wins) for child in node.children)))
            return choices
        return run

    labels = ["small nodes written out", "a tic-tac-toe tree from the start",
              "a tic-tac-toe tree from X.O/.X./...", "a tic-tac-toe tree from XO./.O./..X"]
    return [Case(label, runner(i)) for i, label in enumerate(labels)]


def _backprop_cases() -> list[Case]:
    def runner(index: int) -> Callable:
        def run(fn: Callable, trace: Trace) -> Any:
            root = from_agent(_mcts_roots()[index])
            everything = [root] + [n for n in _all_nodes(root) if n is not root]
            leaves = [n for n in everything if not n.children][:12]
            records = []
            for k, leaf in enumerate(leaves):
                path = []
                node = leaf
                while node is not None:
                    path.append(node)
                    node = node.parent
                path.reverse()
                outcome = (1.0, 0.5, 0.0)[k % 3]
                before = {id(n): n.state_of()[:3] + n.state_of()[5:] for n in everything}
                counts = {id(n): n.state_of()[3:5] for n in everything}
                fn(list(path), outcome)
                after = {id(n): n.state_of()[:3] + n.state_of()[5:] for n in everything}
                if after != before:
                    raise _Mutated("it changed more than visits and wins (a node's move, "
                                   "player, children or parent)")
                changed = [n for n in everything if n.state_of()[3:5] != counts[id(n)]]
                if any(not is_number(n.visits) or not is_number(n.wins) for n in changed):
                    raise _Garbage("it made visits or wins something other than a number")
                records.append((leaf.name, outcome,
                                [(n.name, _plain(n.visits), _plain(n.wins)) for n in everything
                                 if n in changed or n in path], len(changed)))
            return records
        return run

    labels = ["a tic-tac-toe tree from the start", "a tic-tac-toe tree from X.O/.X./...",
              "a tic-tac-toe tree from XO./.O./..X"]
    return [Case(label, runner(i)) for i, label in enumerate(labels)]


def _all_nodes(root: GraderNode) -> list[GraderNode]:
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(node.children))
    return out


SPRT_CASES = [("wins mostly, elo0=0, elo1=50, alpha=beta=0.05", 0, 50, 0.05, 0.05,
               [1, 1, 0, 1, 0.5, 1, 1, 1, 0, 1] * 6),
              ("losses mostly, elo0=0, elo1=50, alpha=beta=0.05", 0, 50, 0.05, 0.05,
               [0, 0, 1, 0, 0.5, 0, 0, 1, 0, 0] * 6),
              ("mixed with draws, elo0=-10, elo1=40, alpha=0.05, beta=0.1", -10, 40, 0.05, 0.1,
               [1, 0.5, 0, 1, 1, 0.5, 0.5, 0, 1, 1, 1, 0] * 8),
              ("losses mostly, elo0=0, elo1=50, alpha=0.05, beta=0.2", 0, 50, 0.05, 0.2,
               [0, 0, 1, 0, 0.5, 0, 1, 0, 0, 1] * 8),
              ("losses mostly, elo0=0, elo1=50, alpha=0.2, beta=0.05", 0, 50, 0.2, 0.05,
               [0, 1, 0, 0, 0.5, 1, 0, 0, 1, 0] * 10),
              ("wins mostly, elo0=0, elo1=50, alpha=0.2, beta=0.05", 0, 50, 0.2, 0.05,
               [1, 1, 0, 1, 0.5, 1, 0, 1, 1, 0] * 10)]
"""Game sequences; with alpha != beta, three end in H0 and one in H1, so that an error rate
put in the other's place shows."""


def _sprt_cases() -> list[Case]:
    from ..strength.elo import expected_score

    def runner(elo0: float, elo1: float, alpha: float, beta: float, results: list) -> Callable:
        p0, p1 = expected_score(elo0), expected_score(elo1)

        def run(fn: Callable, trace: Trace) -> Any:
            llr, steps = 0.0, []
            for i, result in enumerate(results):
                raw = fn(llr, result, p0, p1, alpha, beta)
                if not isinstance(raw, (tuple, list)) or len(raw) != 2 \
                        or not is_number(raw[0]) \
                        or raw[1] not in ("continue", "accept H0", "accept H1"):
                    returned = _returned_none("it returns") if raw is None \
                        else f"it returned {short(raw)}; it returns"
                    raise _Garbage(f"after game {i + 1} {returned} (new_llr, decision), "
                                   "decision 'continue', 'accept H0' or 'accept H1'")
                llr, decision = _plain(raw[0]), raw[1]
                steps.append((i + 1, result, float(llr), decision))
                if decision != "continue":
                    break
            return steps
        return run

    return [Case(label, runner(e0, e1, a, b, results))
            for label, e0, e1, a, b, results in SPRT_CASES]


def _evaluation_cases() -> list[Case]:
    def runner(fen: str) -> Callable:
        def run(fn: Callable, trace: Trace) -> Any:
            values = []
            for player in (1, 2):
                inner = C.ataxx(fen)
                before = snapshot(inner)
                raw = fn(TracedState(inner, trace), player)
                if snapshot(inner) != before:
                    raise _Mutated("it changed the position it was given")
                if not is_number(raw):
                    returned = _returned_none("an evaluation returns a number") \
                        if raw is None else f"it returned {short(raw)}; an evaluation is a number"
                    raise _Garbage(f"for player {player} {returned}")
                values.append((player, _plain(raw)))
            return values
        return run

    return [Case(f"ATAXX {fen}", runner(fen)) for fen in C.EVAL_FENS]


class _Lines(tuple):
    """A board's lines that count which ones the student reads."""

    def __new__(cls, lines: tuple, seen: set) -> "_Lines":
        made = super().__new__(cls, lines)
        made.seen = seen
        return made

    def __getitem__(self, n: Any) -> Any:
        if isinstance(n, slice):
            self.seen.update(range(*n.indices(len(self))))
        else:
            self.seen.add(n % len(self) if isinstance(n, int) else n)
        return tuple.__getitem__(self, n)

    def __iter__(self) -> Iterator:
        self.seen.update(range(len(self)))
        return tuple.__iter__(self)


class _NotHere:
    """What a line-score position lends: its cells, side to move and geometry, no more."""

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(
            f"{name} is not available in this exercise: work from state.cells, "
            "state.to_move and the lines of state.geometry (the point is to rescan only the "
            "lines through the move, not to play it and score the whole board)")


class _LineBoard(_NotHere):
    def __init__(self, board: Any, seen: set) -> None:
        self.size, self.points, self.names = board.size, board.points, board.names
        self.index, self.lines_through = board.index, board.lines_through
        self.lines = _Lines(board.lines, seen)


class _LineState(_NotHere):
    def __init__(self, state: Any, seen: set) -> None:
        self.cells, self.to_move, self.size = state.cells, state.to_move, state.size
        self.geometry = _LineBoard(state.geometry, seen)


def _linescore_cases() -> list[Case]:
    from ..games.gomoku import Gomoku

    def runner(state: Any) -> Callable:
        moves = Gomoku(state.cells, size=state.size).candidate_moves(2)

        def run(fn: Callable, trace: Trace) -> Any:
            records = []
            for move in moves:
                for player in (1, 2):
                    seen: set = set()
                    given = _LineState(state, seen)
                    raw = fn(given, move, player)
                    if given.cells != state.cells:
                        raise _Mutated(f"for {move} it changed the position's cells")
                    if not is_number(raw):
                        returned = _returned_none("it returns the change, a number") \
                            if raw is None else f"it returned {short(raw)}; the change is a number"
                        raise _Garbage(f"for {move}, player {player}, {returned}")
                    through = set(state.geometry.lines_through[state.geometry.index[move]])
                    if seen - through:
                        raise _Garbage(f"for {move}, player {player}, it read {len(seen)} "
                                       f"lines of the board; only the {len(through)} through "
                                       "the move can change")
                    records.append((move, player, _plain(raw)))
            return records
        return run

    return [Case(label, runner(state)) for label, state in C.gomoku_positions()]
NTUPLE_CASES = [
    ("6 weights and a bias, two positions, targets 1 then 0", 7, 0.5,
     [([0, 2, 4], 1.0), ([1, 3, 5], 0.0)]),
    ("a weight looked up twice, a target of 0.7", 5, 0.25, [([1, 1, 3], 0.7), ([0, 1], 0.7)]),
    ("one position trained 4 times, target 0.2", 9, 0.1, [([2, 5, 5, 7, 0], 0.2)] * 4),
]
"""(label, number of weights with the bias, learning rate, (lookups, target) of each step);
the weights start at seeded values from -0.5 to 0.5."""


def _ntuple_cases() -> list[Case]:
    import numpy as np

    def runner(size: int, rate: float, positions: list, seed: int) -> Callable:
        def run(fn: Callable, trace: Trace) -> Any:
            weights = np.random.default_rng(seed).uniform(-0.5, 0.5, size)
            steps = []
            for i, (lookups, target) in enumerate(positions):
                raw = fn(weights, list(lookups), target, rate)
                if not is_number(raw):
                    returned = _returned_none("it returns") if raw is None \
                        else f"it returned {short(raw)}; it returns"
                    raise _Garbage(f"at step {i + 1} {returned} p, the prediction (a number)")
                steps.append((i + 1, list(lookups), target, float(_plain(raw)),
                              [round(float(w), 12) for w in weights]))
            return steps
        return run

    return [Case(label, runner(size, rate, positions, seed))
            for seed, (label, size, rate, positions) in enumerate(NTUPLE_CASES)]
def _square_names(raw: Any, square: str) -> tuple:
    """A flips answer as the squares' names in board order (each as often as it was given)."""
    from ..games.othello import SQUARE_INDEX
    if raw is None:
        raise _Garbage(f"at square {square} " + _returned_none(
            "flips returns a list of square names such as ['d4']"))
    try:
        names = None if isinstance(raw, (str, bytes)) else list(raw)
    except TypeError:
        names = None
    if names is None:
        raise _Garbage(f"at square {square} it returned {short(raw)}; flips returns a list of "
                       "square names such as ['d4']")
    for name in names:
        if not isinstance(name, str) or name not in SQUARE_INDEX:
            raise _Garbage(f"at square {square} it returned {short(raw)}, where {short(name)} "
                           "is not a square name; name squares like 'e4' (column a-h, then "
                           "row 1-8)")
    return tuple(sorted(names, key=SQUARE_INDEX.get))


def _flips_cases() -> list[Case]:
    from ..games.othello import SQUARE_NAMES

    def runner(text: str) -> Callable:
        def run(fn: Callable, trace: Trace) -> Any:
            board = C.othello_board(text)
            return [(SQUARE_NAMES[i], _square_names(fn(board, SQUARE_NAMES[i]), SQUARE_NAMES[i]))
                    for i, cell in enumerate(board.cells) if cell == 0]
        return run

    return [Case(f"Othello {text} ({text[-1]} to move)", runner(text),
                 position=C.othello_board(text)) for text in C.FLIPS_TEXTS]


CASE_BUILDERS = {"search": _search_cases, "deepening": _deepening_cases, "table": _table_cases,
                 "ucb": _ucb_cases, "backprop": _backprop_cases, "sprt": _sprt_cases,
                 "evaluation": _evaluation_cases, "linescore": _linescore_cases,
                 "ntuple": _ntuple_cases, "flips": _flips_cases}


# --- Running ---------------------------------------------------------------------------------

def _student_traceback(error: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if not os.path.abspath(f.filename).startswith(GRADER_DIR)]
    lines = traceback.format_list(frames) + traceback.format_exception_only(type(error), error)
    return "".join(lines).rstrip()


def _budget_words(budget: int) -> str:
    return (f"it took more than {budget} steps (a step: asking a node for its moves or its "
            "value, applying a move, reading the clock), many more than the search needs")


def run_case(fn: Callable, case: Case, budget: int = 1_000_000, seconds: float | None = None,
             trace: Trace | None = None) -> Outcome:
    """Run ``fn`` on ``case`` under a node budget and, with ``seconds``, a time limit (see
    ``time_limit``); never raises (except KeyboardInterrupt). ``trace`` (made here if None)
    records what it did."""
    trace = Trace(budget=budget) if trace is None else trace
    status, result, message = "ok", None, ""
    try:
        with time_limit(seconds):
            result = case.run(fn, trace)
    except _TimeUp:
        status, message = "time", f"it ran for more than {seconds:g} seconds and was stopped"
    except BudgetExceeded:
        status, message = "budget", f"{_budget_words(budget)}, and was stopped"
    except _Mutated as error:
        status, message = "mutated", str(error)
    except _Garbage as error:
        status, message = "garbage", str(error)
    except KeyboardInterrupt:
        raise
    except RecursionError:
        status, message = "recursion", ("it raised RecursionError: it calls itself without "
                                        "end")
    except BaseException as error:                  # noqa: BLE001 - the student's own error
        status, message = "error", _student_traceback(error)
    if trace.over_budget and status != "time":
        status, message = "budget", (f"{_budget_words(budget)}, and went on after the grader "
                                     "stopped it")
    return outcome_of(trace, case, status, result, message)


def outcome_of(trace: Trace, case: Case, status: str, result: Any = None,
               message: str = "") -> Outcome:
    """The outcome of a case from what its trace recorded (visits past the budget dropped)."""
    keep = trace.budget + 1
    nodes = case.drawable
    return Outcome(status, list(trace.visits[:keep]) if nodes else [], result, message,
                   trace.work, [(p, _portable(v)) for p, v in trace.returns[:keep]],
                   [e[0] for e in trace.evaluations[:keep]] if nodes else [], dict(trace.keys),
                   list(trace.iterations), trace.over_budget)


_REFERENCE: dict[str, tuple[list[Case], list[Outcome]]] = {}
_MISTAKE_OUTCOMES: dict[str, list[tuple[str, list[Outcome]]]] = {}


def reference(name: str) -> tuple[list[Case], list[Outcome]]:
    """The cases of exercise ``name`` and the reference solution's outcomes on them."""
    if name not in _REFERENCE:
        spec = SPECS[name]
        cases = CASE_BUILDERS[spec.kind](spec) if spec.kind == "search" \
            else CASE_BUILDERS[spec.kind]()
        outcomes = [run_case(spec.solution, case, seconds=60) for case in cases]
        for case, outcome in zip(cases, outcomes):
            if outcome.status != "ok":
                raise RuntimeError(f"{name}: the reference failed on {case.label}: "
                                   f"{outcome.status} {outcome.message}")
        _REFERENCE[name] = (cases, outcomes)
    return _REFERENCE[name]


def budget_for(outcome: Outcome) -> int:
    """The node budget of a case whose reference outcome is ``outcome``."""
    return max(MIN_BUDGET, BUDGET_FACTOR * outcome.work)


def mistake_outcomes(name: str) -> list[tuple[str, list[Outcome]]]:
    """Each known mistake of exercise ``name`` and its outcomes on the cases."""
    if name not in _MISTAKE_OUTCOMES:
        spec = SPECS[name]
        cases, ref = reference(name)
        found = []
        for mistake in spec.mistakes:
            fn = build_mistake(spec, mistake)
            found.append((mistake.key, [run_case(fn, case, budget_for(r), CASE_SECONDS)
                                        for case, r in zip(cases, ref)]))
        _MISTAKE_OUTCOMES[name] = found
    return _MISTAKE_OUTCOMES[name]
