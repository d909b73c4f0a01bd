"""The verdict: ``grade(name, function)`` and the ``GradeResult`` it returns."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Callable

from .exercises import MISTAKE_KINDS, SPECS
from .grading import (Outcome, _budget, mistake_outcomes, reference, run_case, same_outcome)
from .trace import path_name

RIGHT, WRONG, NOT_ANSWERED = "right", "wrong", "not answered yet"


@dataclass
class GradeResult:
    """What ``grade`` found. ``str(result)`` is the report; its first line begins with the
    exercise name, then ``right``, ``wrong`` or ``not answered yet``."""

    name: str
    verdict: str
    case: str = ""
    details: str = ""
    mistake: str | None = None
    """The kind of mistake recognised (a key of ``MISTAKE_KINDS``), or None."""
    hint: str = ""
    student: Outcome | None = None
    expected: Outcome | None = None
    divergence: tuple | None = None
    """The first node (a path of moves) where the two searches differ, when they do."""
    drawable: bool = False
    tree: Any = None
    _figure: Any = field(default=None, repr=False)

    @property
    def right(self) -> bool:
        return self.verdict == RIGHT

    def __str__(self) -> str:
        if self.verdict == RIGHT:
            return f"{self.name}: right"
        if self.verdict == NOT_ANSWERED:
            return f"{self.name}: not answered yet (replace ... with your code and run the cell)"
        lines = [f"{self.name}: wrong"]
        if self.case:
            lines.append(f"  on {self.case}:")
        lines += ["  " + line for line in self.details.splitlines()]
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def figure(self) -> Any:
        """A picture of the student's search and the right one side by side, around the first
        node where they differ; None when there is no search tree to draw."""
        if self._figure is None and self.drawable and self.student and self.expected:
            from .picture import divergence_figure
            right_node = None
            index = len(self.student.visits) if self.divergence is None else None
            for i, (a, b) in enumerate(zip(self.student.visits, self.expected.visits)):
                if a != b:
                    index = i
                    break
            if index is not None and index < len(self.expected.visits):
                right_node = self.expected.visits[index]
            self._figure = divergence_figure(self.student.visits, self.expected.visits,
                                             self.divergence, SPECS[self.name].what, self.tree,
                                             right_node, self.student.returns,
                                             self.expected.returns)
        return self._figure

    def show(self) -> None:
        """Print the report and, for a wrong search, show the picture (in a notebook); the
        same as ending a cell with the result."""
        try:
            import IPython.display  # noqa: F401
        except ImportError:
            print(str(self))
            return
        self._ipython_display_()

    def _ipython_display_(self) -> None:
        from IPython.display import Image, display
        print(str(self))
        figure = self.figure() if self.verdict == WRONG else None
        if figure is not None:
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png", dpi=100)
            display(Image(buffer.getvalue(), width=min(960, int(figure.get_figwidth() * 100))))


def grade(name: str, function: Callable) -> GradeResult:
    """Run ``function`` on the exercise's cases and compare it with the reference, node by
    node. Never raises.

    >>> from course_lib.grader import grade, solution
    >>> print(grade("03-negamax", solution("03-negamax")))
    03-negamax: right
    """
    try:
        return _grade(name, function)
    except KeyboardInterrupt:
        raise
    except BaseException as error:                  # noqa: BLE001 - grading must not stop Run All
        return GradeResult(name, WRONG, details=f"the grader could not judge this function "
                                                f"({type(error).__name__}: {error})")


def _grade(name: str, function: Callable) -> GradeResult:
    if name not in SPECS:
        return GradeResult(name, WRONG, details="no such exercise; the exercises are "
                                                + ", ".join(sorted(SPECS)))
    if function is ... or function is None:
        return GradeResult(name, NOT_ANSWERED)
    if not callable(function):
        return GradeResult(name, WRONG, details=f"{function!r} is not a function; pass the "
                                                "function itself (its name, without brackets)")
    spec = SPECS[name]
    cases, expected = reference(name)
    first_bad = None
    outcomes: list[Outcome] = []
    for index, (case, ref) in enumerate(zip(cases, expected)):
        outcome = run_case(function, case, _budget(ref))
        if index == 0 and outcome.status == "none":
            return GradeResult(name, NOT_ANSWERED)
        outcomes.append(outcome)
        if first_bad is None and not same_outcome(outcome, ref):
            first_bad = index
            if outcome.status in ("budget", "time", "error", "mutated", "garbage", "none"):
                break
    if first_bad is None:
        return GradeResult(name, RIGHT)
    case, ref, got = cases[first_bad], expected[first_bad], outcomes[first_bad]
    mistake = _recognise(name, outcomes, first_bad)
    details, divergence = describe(spec.what, spec.kind, got, ref)
    hint = MISTAKE_KINDS[mistake] if mistake else _generic_hint(spec.kind, got)
    return GradeResult(name, WRONG, case.label, details, mistake, hint, got, ref, divergence,
                       drawable=case.drawable and got.status != "none", tree=case.tree)


def _recognise(name: str, outcomes: list[Outcome], first_bad: int) -> str | None:
    """The known mistake whose variant does what the student's function did: on every case
    run, else on the first case that went wrong."""
    known = mistake_outcomes(name)
    for key, theirs in known:
        if all(same_outcome(mine, other) for mine, other in zip(outcomes, theirs)):
            return key
    for key, theirs in known:
        if same_outcome(outcomes[first_bad], theirs[first_bad]):
            return key
    return None


def _generic_hint(kind: str, got: Outcome) -> str:
    if got.status in ("budget", "time"):
        return "does every call get closer to a leaf (or to the end of its loop)?"
    if got.status == "error":
        return "the error above is raised by your code: the lines shown are yours."
    if got.status == "mutated":
        return "work on copies or on new positions (apply returns one); never change what " \
               "you were given, except what the exercise asks you to update."
    if got.status == "garbage":
        return "read the docstring's 'Return ...' line again."
    if kind in ("search", "table", "deepening"):
        return "follow the right search in the picture from the root to the first node " \
               "where yours differs, and ask what your code does differently there."
    return "compare your numbers with the right ones step by step from the first difference."


def _why_not(path: tuple, ref_visits: list, what: str) -> str:
    if what in ("alpha-beta", "search with a table") and path[:-1] in set(ref_visits):
        return "which the right one cuts (it never searches it)"
    return "which the right one never visits"


def describe(what: str, kind: str, got: Outcome, ref: Outcome) -> tuple[str, tuple | None]:
    """In words, where the student's run first differs from the reference; and that node."""
    if got.status in ("budget", "time", "error", "mutated", "garbage"):
        text = {"budget": f"your {what} was stopped: {got.message}.",
                "time": f"your {what} was stopped: {got.message}.",
                "error": f"your {what} raised an error:\n{got.message}",
                "mutated": f"your {what} is wrong: {got.message}.",
                "garbage": f"your {what} returned something that is not an answer: "
                           f"{got.message}."}[got.status]
        divergence = _first_difference(got.visits, ref.visits)
        if divergence and kind in ("search", "table", "deepening") and got.status != "mutated":
            text += "\n" + _node_words(what, got.visits, ref.visits, divergence)
        return text, _focus(divergence)
    if got.visits != ref.visits:
        divergence = _first_difference(got.visits, ref.visits)
        return _node_words(what, got.visits, ref.visits, divergence), _focus(divergence)
    if kind in ("search", "table", "deepening"):
        first = _first_value_difference(got.returns, ref.returns)
        text = (f"your {what} visited the right nodes in the right order, but returned "
                f"{_show(got.result)} where the right one returns {_show(ref.result)}.")
        if first is None:
            return text, None
        node, mine, right = first
        return (text + f"\nThe first value that differs, in the order the calls returned: "
                f"node {path_name(node)}, where yours returned {_show(mine)} and the right one "
                f"{_show(right)}."), node
    return _record_words(kind, got.result, ref.result), None


def _first_value_difference(mine: list, right: list) -> tuple | None:
    """(node, your value, the right value) at the first call, in the order the calls returned,
    where the two searches returned different values; None if they never do (or one search
    does not call itself by its name, so there is nothing to compare)."""
    from .grading import _same
    for (node, a), (other, b) in zip(mine, right):
        if node != other:
            return None
        if not _same(a, b):
            return node, a, b
    return None


def _focus(divergence: tuple | None) -> tuple | None:
    """The node to ring in the picture: the student's node where the two first differ, or
    the right one's when the student's search stopped there."""
    if divergence is None:
        return None
    return divergence[0] if divergence[0] is not None else divergence[1]


def _first_difference(mine: list, right: list) -> tuple | None:
    for i, (a, b) in enumerate(zip(mine, right)):
        if a != b:
            return (a, b, i)
    if len(mine) > len(right):
        return (mine[len(right)], None, len(right))
    if len(right) > len(mine):
        return (None, right[len(mine)], len(mine))
    return None


def _node_words(what: str, mine: list, right: list, divergence: tuple) -> str:
    a, b, i = divergence
    before = f"after node {path_name(mine[i - 1])}, " if i > 0 else ""
    where = f" (visit {i + 1})"
    if a is None:
        return (f"your {what} stopped after {len(mine)} node{'s' * (len(mine) != 1)}; the "
                f"right one goes on to node "
                f"{path_name(b)} (and {len(right) - len(mine)} nodes in all that yours never "
                "visits).")
    if b is None:
        return (f"your {what} visited node {path_name(a)}{where}, "
                f"{_why_not(a, right, what)}: the right one had finished by then.")
    if a not in set(right):
        return (f"{before}your {what} visited node {path_name(a)}{where}, "
                f"{_why_not(a, right, what)}; the right one visits node {path_name(b)} there.")
    text = (f"{before}your {what} visited node {path_name(a)}{where}, where the right one "
            f"visits node {path_name(b)}")
    if b not in set(mine):
        return text + f"; yours never visits node {path_name(b)}."
    return text + ": the same nodes in another order."


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _record_words(kind: str, mine: Any, right: Any) -> str:
    if not isinstance(mine, list) or not isinstance(right, list):
        return f"yours gave {_show(mine)}, the right one {_show(right)}."
    from .grading import _same
    for index, (a, b) in enumerate(zip(mine, right)):
        if not _same(a, b):
            return _one_record(kind, a, b)
    if len(mine) != len(right):
        longer = "yours goes on" if len(mine) > len(right) else "yours stops"
        n = min(len(mine), len(right))
        return f"the first {n} steps agree, then {longer}: " \
               f"yours has {len(mine)} steps, the right one {len(right)}."
    return "yours differs from the right one."


def _one_record(kind: str, a: Any, b: Any) -> str:
    if kind == "ucb":
        node, c, mine = a
        return (f"at node {node} (c = {c}), your selection chose child {mine}, the right one "
                f"child {b[2]} (children counted from 0 in move order).")
    if kind == "backprop":
        leaf, outcome, mine = a
        right = b[2]
        for m, r in zip(mine, right):
            if m != r:
                return (f"after the playout from {leaf} with outcome {outcome} for player 1, "
                        f"node {m[0]} has visits {m[1]} and wins {m[2]:g}; it should have "
                        f"visits {r[1]} and wins {r[2]:g}.")
        return (f"after the playout from {leaf} with outcome {outcome}, your update changed "
                f"{len(mine)} nodes, the right one {len(right)}.")
    if kind == "sprt":
        game, result, llr, decision = a
        return (f"after game {game} (result {result}) your LLR is {llr:.4f} and your decision "
                f"{decision!r}; the right ones are {b[2]:.4f} and {b[3]!r}.")
    if kind == "evaluation":
        player, value = a
        return f"for player {player} your evaluation gives {value!r}, the right one {b[1]!r}."
    return f"yours: {_show(a)}, right: {_show(b)}."
