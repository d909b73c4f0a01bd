"""The traced state: a game state that writes down every node a search visits.

The grader hands a student's search a ``TracedState`` instead of the position. It answers the
game interface as the position does (``to_move``, ``legal_moves()``, ``apply(move)``,
``is_terminal()``, ``is_over()``, ``winner()``, and any other attribute of the game, such as
``material`` or ``generate_moves`` for ATAXX) and records, in a shared ``Trace``:

- ``visits``: the nodes in the order the search first asks something of them (its moves,
  whether it is terminal, its evaluation), each written as its path of moves from the root;
- ``evaluations``: every call of the evaluation the grader hands in, (path, player, value);
- ``applies``: every ``apply``, as the child's path.

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
    """What a search did, in order. ``budget`` caps ``applies`` + ``visits``."""

    def __init__(self, budget: int = 1_000_000, clock_per_node: int = 1) -> None:
        self.visits: list[tuple] = []
        self.visited: set[tuple] = set()
        self.applies: list[tuple] = []
        self.evaluations: list[tuple[tuple, int, Any]] = []
        self.returns: list[tuple[tuple, Any]] = []
        """Each call of the searched function, as it returned: (the node's path, its value)."""
        self.budget = budget
        self.work = 0
        self.ticks = 0
        self.clock_per_node = clock_per_node

    def touch(self, path: tuple) -> None:
        if path not in self.visited:
            self.visited.add(path)
            self.visits.append(path)
            self.ticks += self.clock_per_node
        self._spend()

    def _spend(self) -> None:
        self.work += 1
        if self.work > self.budget:
            raise BudgetExceeded(f"more than {self.budget} steps")

    def clock(self) -> float:
        """A clock for deadlines: it advances by ``clock_per_node`` per node visited."""
        self._spend()
        return float(self.ticks)

    def traced_evaluation(self, evaluation: Callable[[Any, int], Any]) -> Callable[[Any, int], Any]:
        """``evaluation`` wrapped so that each call is recorded and counts as a visit."""
        trace = self

        def evaluate(state: Any, player: int) -> Any:
            if isinstance(state, TracedState):
                path, inner = state._path, state._state
            else:                                   # a position not handed out by the grader
                path, inner = ("?",), state
            trace.touch(path)
            value = evaluation(inner, player)
            trace.evaluations.append((path, player, value))
            return value

        evaluate.__name__ = getattr(evaluation, "__name__", "evaluate")
        evaluate.__doc__ = getattr(evaluation, "__doc__", None)
        return evaluate


class TracedState:
    """A position that records what a search asks of it (see the module's docstring)."""

    __slots__ = ("_state", "_trace", "_path")

    def __init__(self, state: Any, trace: Trace, path: tuple = ()) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_trace", trace)
        object.__setattr__(self, "_path", tuple(path))

    @property
    def to_move(self) -> int:
        return self._state.to_move

    @property
    def path(self) -> tuple:
        """The moves from the root to this node."""
        return self._path

    def legal_moves(self) -> list[Any]:
        self._trace.touch(self._path)
        return list(self._state.legal_moves())

    def apply(self, move: Any) -> TracedState:
        trace = self._trace
        trace._spend()
        child = self._state.apply(move)
        path = self._path + (move,)
        trace.applies.append(path)
        return TracedState(child, trace, path)

    def is_terminal(self) -> bool:
        self._trace.touch(self._path)
        return self._state.is_terminal()

    def is_over(self) -> bool:
        self._trace.touch(self._path)
        return self._state.is_over()

    def winner(self) -> int | None:
        self._trace.touch(self._path)
        return self._state.winner()

    def key(self) -> Any:
        """The position's key (equal positions, reached by different paths, share it)."""
        return self._state.key()

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
