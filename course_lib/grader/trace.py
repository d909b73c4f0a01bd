"""The traced state: a game state that writes down every node a search visits.

The grader hands a student's search a ``TracedState`` instead of the position. It answers the
game interface as the position does (``to_move``, ``legal_moves()``, ``apply(move)``,
``is_terminal()``, ``is_over()``, ``winner()``, and any other attribute of the game, such as
``material`` or ``generate_moves`` for ATAXX) and records, in a shared ``Trace``:

- ``visits``: the search's contacts with nodes, in order, each written as the node's path of
  moves from the root. A contact begins when the search asks something of a node (its moves,
  whether it is terminal, its evaluation) and lasts while it keeps asking that node; a node
  searched again later (its subtree entered a second time, or evaluated a second time) gives
  a second contact, so work done twice shows. Coming back to a node after its children
  (asking for its moves again at the end of a loop) does not count as searching it again;
  going down into children it already searched does;
- ``evaluations``: every call of the evaluation the grader hands in, (path, player, value);
- ``applies``: every ``apply``, as the child's path;
- ``keys``: for each ``key()`` asked, the node it was first asked at.

A search that visits more nodes than the trace's budget is stopped: the state raises a private
exception (not an ``Exception``, so ``except Exception`` in the search does not swallow it) that
the grader catches.

>>> from course_lib.games import GameTree, TEXTBOOK_TREE
>>> trace = Trace()
>>> root = TracedState(GameTree(TEXTBOOK_TREE), trace)
>>> child = root.apply(1)
>>> child.legal_moves()
[0, 1, 2]
>>> [path_name(p) for p in trace.visits]
['1']
>>> evaluate = trace.traced_evaluation(lambda state, player: 0)
>>> evaluate(child, 1), evaluate(child, 1)          # evaluated twice: a second contact
(0, 0)
>>> [path_name(p) for p in trace.visits]
['1', '1']
"""

from __future__ import annotations

from typing import Any, Callable


class BudgetExceeded(BaseException):
    """Raised inside a student's function when it visits more nodes than its budget (or runs
    past its time limit); the grader catches it. A BaseException, so that ``except
    Exception`` in the student's code lets it through."""


def move_label(move: Any) -> str:
    """How a move is written in a node's name: a tree's child index, a square, 'pass'."""
    if getattr(move, "is_pass", False) is True:
        return "pass"
    return str(move)


def path_name(path: tuple) -> str:
    """A node's name: 'root', or its moves joined by dots ('1.2', 'b6.f6', '1.pass.0'). A
    grader's label in front (one search of several) is written first: 'depth 2: 1.0'.

    >>> path_name(()), path_name((1, "pass", 0)), path_name(("depth 2", 3, 1))
    ('root', '1.pass.0', 'depth 2: 3.1')
    """
    if path and isinstance(path[0], str) and " " in path[0]:
        rest = path_name(path[1:])
        return path[0] if not path[1:] else f"{path[0]}: {rest}"
    return ".".join(move_label(m) for m in path) if path else "root"


class Trace:
    """What a search did, in order. ``budget`` caps ``applies`` + touches of nodes."""

    def __init__(self, budget: int = 1_000_000, clock_per_node: int = 1) -> None:
        self.visits: list[tuple] = []
        self.applies: list[tuple] = []
        self.evaluations: list[tuple[tuple, int, Any]] = []
        self.returns: list[tuple[tuple, Any]] = []
        """Each call of the searched function, as it returned: (the node's path, its value)."""
        self.keys: dict[str, tuple] = {}
        self.iterations: list[tuple] = []
        """For iterative deepening: (depth, best move) of each search of the grader's that
        finished."""
        self.budget = budget
        self.work = 0
        self.ticks = 0
        self.clock_per_node = clock_per_node
        self._roots: dict[tuple, int] = {}
        self._children: dict[tuple, int] = {}
        self._parent: list[int] = []
        self._depth: list[int] = []
        self._seen: set[int] = set()
        self._current: int | None = None
        self._evaluated = False
        self._back_at: tuple[int, tuple] | None = None

    def node(self, path: tuple, parent: int | None = None, move: Any = None) -> int:
        """The number of the node at ``path``: a root (``parent`` None) by its path, any
        other node by its parent's number and the move into it, so that a deep node costs no
        more than a shallow one. A root named by a grader's label (one search of several) is
        taken to be below the unnamed root: the position the searches start from."""
        if parent is None and len(path) == 1 and isinstance(path[0], str):
            parent, move = self.node(()), path[0]
        if parent is None:
            table, key, depth = self._roots, path, 0
        else:
            table, depth = self._children, self._depth[parent] + 1
            try:
                key = (parent, move)
                hash(key)
            except TypeError:
                key = (parent, repr(move))
        number = table.get(key)
        if number is None:
            number = table[key] = len(self._parent)
            self._parent.append(-1 if parent is None else parent)
            self._depth.append(depth)
        return number

    def _below(self, node: int, ancestor: int) -> bool:
        """Is ``node`` strictly below ``ancestor``?"""
        steps = self._depth[node] - self._depth[ancestor]
        if steps <= 0:
            return False
        for _ in range(steps):
            node = self._parent[node]
        return node == ancestor

    def touch(self, path: tuple, evaluation: bool = False, node: int | None = None) -> None:
        """The search asked something of the node at ``path`` (number ``node``, if known);
        ``evaluation``: it evaluated it."""
        number = self.node(path) if node is None else node
        for contact in self._contacts(number, path, evaluation):
            self.visits.append(contact)
            self.ticks += self.clock_per_node
        self._spend()

    def _contacts(self, node: int, path: tuple, evaluation: bool) -> list[tuple]:
        """The contacts that begin with this touch (none when it continues the current one)."""
        begun: list[tuple] = []
        back_at, self._back_at = self._back_at, None
        if back_at is not None:                 # the search came back up to back_at earlier
            if node == back_at[0] and not evaluation:
                self._back_at = back_at
                return begun
            if node == back_at[0] or (node in self._seen and self._below(node, back_at[0])):
                begun.append(back_at[1])        # ... and now searches it again
                self._current, self._evaluated = back_at[0], False
        if node == self._current:
            if evaluation and self._evaluated:  # a second evaluation of the same node
                begun.append(path)
            self._evaluated = self._evaluated or evaluation
            return begun
        if self._current is not None and node in self._seen \
                and self._below(self._current, node):
            self._back_at = (node, path)        # back at an ancestor: not yet a new contact
            return begun
        begun.append(path)
        self._seen.add(node)
        self._current, self._evaluated = node, evaluation
        return begun

    def _spend(self) -> None:
        self.work += 1
        if self.work > self.budget:
            raise BudgetExceeded(f"more than {self.budget} steps")

    @property
    def over_budget(self) -> bool:
        """Did the search go on after it was stopped for using up its budget?"""
        return self.work > self.budget + 1

    def clock(self) -> float:
        """A clock for deadlines: it advances by ``clock_per_node`` per node visited."""
        self._spend()
        return float(self.ticks)

    def traced_evaluation(self, evaluation: Callable[[Any, int], Any]) -> Callable[[Any, int], Any]:
        """``evaluation`` wrapped so that each call is recorded and counts as a visit."""
        trace = self

        def evaluate(state: Any, player: int) -> Any:
            if isinstance(state, TracedState):
                path, inner, node = state._path, state._state, state._node
            else:                                   # a position not handed out by the grader
                path, inner, node = ("?",), state, None
            trace.touch(path, evaluation=True, node=node)
            value = evaluation(inner, player)
            trace.evaluations.append((path, player, value))
            return value

        evaluate.__name__ = getattr(evaluation, "__name__", "evaluate")
        evaluate.__doc__ = getattr(evaluation, "__doc__", None)
        return evaluate


class TracedState:
    """A position that records what a search asks of it (see the module's docstring)."""

    __slots__ = ("_state", "_trace", "_path", "_node")

    def __init__(self, state: Any, trace: Trace, path: tuple = (), node: int | None = None) \
            -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_trace", trace)
        object.__setattr__(self, "_path", tuple(path))
        object.__setattr__(self, "_node", trace.node(tuple(path)) if node is None else node)

    def _touch(self) -> None:
        self._trace.touch(self._path, node=self._node)

    @property
    def to_move(self) -> int:
        return self._state.to_move

    @property
    def path(self) -> tuple:
        """The moves from the root to this node."""
        return self._path

    def legal_moves(self) -> list[Any]:
        self._touch()
        return list(self._state.legal_moves())

    def apply(self, move: Any) -> TracedState:
        trace = self._trace
        trace._spend()
        child = self._state.apply(move)
        path = self._path + (move,)
        trace.applies.append(path)
        return TracedState(child, trace, path, trace.node(path, self._node, move))

    def is_terminal(self) -> bool:
        self._touch()
        return self._state.is_terminal()

    def is_over(self) -> bool:
        self._touch()
        return self._state.is_over()

    def winner(self) -> int | None:
        self._touch()
        return self._state.winner()

    def key(self) -> Any:
        """The position's key (equal positions, reached by different paths, share it)."""
        key = self._state.key()
        self._trace.keys.setdefault(repr(key), self._path)
        return key

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._state, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a position never changes: apply(move) returns a new one "
                             f"(tried to set {name!r})")

    def __eq__(self, other: object) -> bool:
        other = other._state if isinstance(other, TracedState) else other
        return self._state == other

    def __hash__(self) -> int:
        return hash(self._state)

    def __str__(self) -> str:
        return str(self._state)

    def __repr__(self) -> str:
        return f"<node {path_name(self._path)} of {self._state!r}>"


def snapshot(state: Any) -> Any:
    """Something that changes if ``state`` is changed in place (its key, board and mover)."""
    parts = [getattr(state, "to_move", None)]
    for name in ("key", "fen"):
        method = getattr(state, name, None)
        if callable(method):
            try:
                parts.append(method())
            except Exception:                    # noqa: BLE001 - a broken state is reported
                parts.append(None)
    grid = getattr(state, "grid", None)
    if grid is not None:
        parts.append(tuple(tuple(row) for row in grid))
    for name in ("cells", "node", "path"):
        if hasattr(state, name):
            parts.append(repr(getattr(state, name)))
    return tuple(parts)
