"""The verdict: ``grade(name, function)`` and the ``GradeResult`` it returns."""

from __future__ import annotations

import ast
import dis
import inspect
import io
import sys
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable

from ..exercises import TRIES, next_hint_words, try_level
from ..i18n import _
from .exercises import MISTAKE_KINDS, SPECS, MistakeKind, Spec
from .grading import (Case, Outcome, budget_for, mistake_outcomes, reference, same,
                      same_outcome)
from .isolation import run_cases
from .trace import move_label, path_name

RIGHT, WRONG, NOT_ANSWERED = "right", "wrong", "not answered yet"
TIME_CAP = 10.0
"""Seconds one ``grade`` call gives the student's function for all the cases together."""
SEARCH_KINDS = ("search", "table", "deepening")
HINT_LEVELS = 3
"""A wrong answer's report comes in three levels: 1, a question about the idea; 2, the node
or case where the answer first goes wrong, and its picture; 3, what the code does there and
the fix."""
NEXT_HINT = {2: "where it goes wrong", 3: "what your code does there, and the fix"}


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
    """The last hint's words: what was seen, and the fix (``str(kind)``)."""
    student: Outcome | None = None
    expected: Outcome | None = None
    divergence: tuple | None = None
    """The first node (a path of moves) where the two searches differ, when they do."""
    where: str = ""
    """Where the answer first goes wrong, in words ('node 1.2', 'game 14', 'the table entry
    of node 0.1', ...); empty when the report cannot say."""
    stopped: bool = False
    """The time cap stopped the function."""
    drawable: bool = False
    tree: Any = None
    status: str = ""
    """What happened when the function did not end normally on the first differing case (an
    error, a stop, a wrong kind of answer): every level of the report says it."""
    kind: MistakeKind | None = None
    """The hints: the recognised mistake's (``MISTAKE_KINDS[mistake]``), else one for what was
    seen; None when the function could not be run at all."""
    differing: int = 0
    """On how many of the cases the function differs from the reference."""
    cases: int = 0
    """How many cases ran: all of them, unless ``status`` says why not."""
    hint_level: int = HINT_LEVELS
    """The level ``str(result)`` reports at (see ``HINT_LEVELS``); ``grade`` sets it from the
    tries."""
    call: str = ""
    """The grade call that asks for another level, with ``{level}`` where the level goes."""
    _figure: Any = field(default=None, repr=False)

    @property
    def right(self) -> bool:
        return self.verdict == RIGHT

    def __str__(self) -> str:
        return self.report()

    def report(self, hint_level: int | None = None) -> str:
        """The report at ``hint_level`` (default: the result's own ``hint_level``). Its first
        line begins with the exercise name, then ``right``, ``wrong`` or ``not answered
        yet``."""
        if self.verdict == RIGHT:
            return _("{name}: right").format(name=self.name)
        if self.verdict == NOT_ANSWERED:
            return _("{name}: not answered yet (replace ... with your code and run the "
                     "cell)").format(name=self.name)
        if self.kind is None:                   # the function could not be judged at all
            lines = [f"{self.name}: wrong"]
            lines += ["  " + line for line in self.details.splitlines()]
            return "\n".join(lines)
        level = min(max(self.hint_level if hint_level is None else hint_level, 1),
                    HINT_LEVELS)
        lines = [f"{self.name}: wrong (hint {level} of {HINT_LEVELS})"]
        if level == 1:
            lines += ["  " + line for line in self.status.splitlines()]
            if not self.status:
                lines.append(f"  it differs from the right one on {self.differing} of the "
                             f"{self.cases} cases.")
            lines.append(f"  a question: {self.kind.question}")
        else:
            lines.append(f"  on {self.case}:")
            lines += ["  " + line for line in self.details.splitlines()]
            lines.append(f"  a question: {self.kind.question}" if level == 2
                         else f"  hint: {self.kind}")
        if level < HINT_LEVELS:
            call = self.call or f'grade("{self.name}", your_function, hint_level={{level}})'
            more = next_hint_words(level, HINT_LEVELS, call, NEXT_HINT[level + 1])
            lines.append(f"  ({more})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def figure(self) -> Any:
        """A picture of the student's search and the right one side by side, around the first
        node where they differ; None when there is no search tree to draw, or the two
        searches visited the same nodes and no value tells them apart."""
        if self._figure is None and self.drawable and self.student and self.expected:
            from .picture import divergence_figure
            mine, right = self.student.visits, self.expected.visits
            index = next((i for i, (a, b) in enumerate(zip(mine, right)) if a != b),
                         len(mine))
            right_node = right[index] if index < len(right) else None
            self._figure = divergence_figure(mine, right, self.divergence, SPECS[self.name].what,
                                             self.tree, right_node, self.student.returns,
                                             self.expected.returns)
        return self._figure

    def show(self, hint_level: int | None = None) -> None:
        """Print the report (at ``hint_level``, default the result's own) and, for a wrong
        search from hint 2 on, show the picture (in a notebook); without a level, the same as
        ending a cell with the result."""
        text = self.report(hint_level)
        level = self.hint_level if hint_level is None else hint_level
        figure = self.figure() if self.verdict == WRONG and self.kind is not None \
            and level >= 2 else None
        try:
            from IPython.display import Image, display
        except ImportError:
            print(text)
            return
        print(text)
        if figure is not None:
            buffer = io.BytesIO()
            figure.savefig(buffer, format="png", dpi=100)
            display(Image(buffer.getvalue(), width=min(960, int(figure.get_figwidth() * 100))))

    def _ipython_display_(self) -> None:
        self.show()


def grade(name: str, function: Callable, seconds: float | None = None,
          hint_level: int | None = None) -> GradeResult:
    """Run ``function`` on the exercise's cases and compare it with the reference, node by
    node. Never raises, and returns within ``seconds`` (``TIME_CAP`` if None) of running the
    function, whatever it does: on Unix the function runs in a child process that is stopped
    at the cap (see ``course_lib.grader.isolation``; what it prints is printed here after).
    Where there is no fork (Windows) it runs in this process, where only the node budget and
    SIGALRM (if any) can stop it.

    A wrong answer's report has three levels (``HINT_LEVELS``): the first wrong try gets a
    question about the idea, the next different wrong try the place where it goes wrong, the
    next what the code does there and the fix. The tries are counted per exercise in the
    kernel (``course_lib.exercises.TRIES``; a right answer starts again); ``hint_level`` asks
    for a level at once, and counts no try. The result holds everything found whatever the
    level (``mistake``, ``where``, ``divergence``, ``details``); ``result.report(level)``
    gives any level's text.

    >>> from course_lib.grader import grade, solution
    >>> print(grade("03-negamax", solution("03-negamax")))
    03-negamax: right
    """
    try:
        result = _grade(name, function, TIME_CAP if seconds is None else seconds)
    except KeyboardInterrupt:
        raise
    except BaseException as error:                  # noqa: BLE001 - grading must not stop Run All
        return GradeResult(name, WRONG, details=f"the grader could not judge this function "
                                                f"({type(error).__name__}: {error})")
    if result.verdict == RIGHT:
        TRIES.right(name)
    elif result.kind is not None:
        result.hint_level = try_level(name, HINT_LEVELS, hint_level, function)
        function_name = getattr(function, "__name__", "")
        if function_name.isidentifier():
            result.call = f'grade("{name}", {function_name}, hint_level={{level}})'
    return result


def _grade(name: str, function: Callable, cap: float) -> GradeResult:
    if name not in SPECS:
        return GradeResult(name, WRONG, details="no such exercise; the exercises are "
                                                + ", ".join(sorted(SPECS)))
    if function is ... or function is None:
        return GradeResult(name, NOT_ANSWERED)
    if not callable(function):
        return GradeResult(name, WRONG, details=f"{function!r} is not a function; pass the "
                                                "function itself (its name, without brackets)")
    spec = SPECS[name]
    if unanswered(spec, function):
        return GradeResult(name, NOT_ANSWERED)
    cases, expected = reference(name)
    run = run_cases(function, cases, [budget_for(r) for r in expected], cap)
    if run.output:
        sys.stdout.write(run.output)
    outcomes = run.outcomes
    differing = [i for i, (got, ref) in enumerate(zip(outcomes, expected))
                 if not same_outcome(got, ref)]
    if not differing:
        return GradeResult(name, RIGHT)
    first = differing[0]
    case, ref, got = cases[first], expected[first], outcomes[first]
    mistake = _recognise(mistake_outcomes(name), outcomes, differing)
    finding = describe(spec, case, got, ref)
    details, status = finding.text, finding.status
    if outcomes[-1].status != "ok" and first < len(outcomes) - 1:
        later = f"Later, on {cases[len(outcomes) - 1].label}, {outcomes[-1].message}."
        details += "\n" + later
        status = (status + "\n" + later).strip()
    kind = MISTAKE_KINDS[mistake] if mistake else _generic_kind(spec.kind, got, finding)
    drawable = case.drawable and bool(got.visits) \
        and (got.visits != ref.visits or finding.divergence is not None)
    return GradeResult(name, WRONG, case.label, details, mistake, str(kind), got, ref,
                       finding.divergence, finding.where, run.stopped, drawable, case.tree,
                       status, kind, len(differing), len(outcomes))


def unanswered(spec: Spec, function: Callable) -> bool:
    """Is the function's body still the skeleton's: nothing but its docstring and ``...`` (or
    ``pass``)? Read from its source where there is one, else from its compiled code."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
        body = tree.body[0].body if isinstance(tree.body[0], ast.FunctionDef) else None
    except (OSError, TypeError, SyntaxError, IndexError, AttributeError):
        body = None
    if body is not None:
        return all(isinstance(s, ast.Pass) or (isinstance(s, ast.Expr)
                   and isinstance(s.value, ast.Constant)
                   and (s.value.value is Ellipsis or isinstance(s.value.value, str)))
                   for s in body)
    code = getattr(function, "__code__", None)
    if code is None:
        return False
    namespace: dict = {}
    exec(spec.skeleton, namespace)
    skeleton = namespace[spec.solution.__name__].__code__

    def steps(c: Any) -> list:
        return [(i.opname, i.argval) for i in dis.get_instructions(c)
                if i.opname not in ("RESUME", "NOP", "CACHE")]
    return steps(code) == steps(skeleton)


def _recognise(known: list[tuple[str, list[Outcome]]], outcomes: list[Outcome],
               differing: list[int]) -> str | None:
    """The first known mistake whose variant does what the student's function did on every
    case where the function differs from the reference; None if there is none."""
    for key, theirs in known:
        if all(same_outcome(outcomes[i], theirs[i]) for i in differing):
            return key
    return None


@dataclass
class Finding:
    """Where the student's run first differs from the reference, in words."""

    text: str
    divergence: tuple | None = None
    where: str = ""
    kind: MistakeKind | None = None
    """The hints for this kind of difference, when no known mistake fits (see ``SEEN``)."""
    status: str = ""
    """What happened, when the function did not end normally: the first part of ``text``."""


SEEN: dict[str, MistakeKind] = {
    "over_budget": MistakeKind(
        "does something in your code catch every exception, the grader's stop included?",
        "a bare except: (or except BaseException:) also catches the grader's stop",
        "catch only the errors you expect, if any."),
    "time": MistakeKind(
        "does every call get closer to a leaf, and every loop to its end? Does anything wait "
        "(a sleep, an input)?",
        "your function was still running at the time cap",
        "make every call search a child with one ply less, end every loop, and wait for "
        "nothing."),
    "endless": MistakeKind(
        "does every call get closer to a leaf (or to the end of its loop)?",
        "your function does far more work than the search needs, or never ends",
        "search each child with one ply less, and stop at depth 0 or where there is no move."),
    "none": MistakeKind(
        "does every path through your function end by returning its answer?",
        "a path through your function ends without a return, so Python returns None there",
        "end every path with a return of what the docstring asks for."),
    "none_used": MistakeKind(
        "does every path through your function end by returning its answer?",
        "a call gave None where a value was expected: a path through your function ends "
        "without a return",
        "end every path with a return of what the docstring asks for."),
    "error": MistakeKind(
        "the lines shown are yours: what does the last one do with what it is given?",
        "your code raised the error shown",
        "read the traceback's last line, then the line of yours it points to."),
    "mutated": MistakeKind(
        "does your function change what it was given?",
        "it changes what it was given (a position, or a node's move, player or children)",
        "work on new positions (apply returns one) and change only what the exercise asks you "
        "to update."),
    "garbage": MistakeKind(
        "what does the docstring say the function returns?",
        "it returns something other than what the docstring describes",
        "return exactly what the docstring's first line says."),
    "twice": MistakeKind(
        "is a node searched twice: a child once to compare and once to keep, or a move "
        "searched again after the loop?",
        "a node is searched a second time",
        "search each child once and keep its value in a variable."),
    "twice_table": MistakeKind(
        "is a node searched twice: a child once to compare and once to keep, a move searched "
        "again after the loop, or the table's move tried first and again in its place?",
        "a node is searched a second time",
        "search each child once; when the table's move goes first, take it out of the rest."),
    "searched_again": MistakeKind(
        "a move searched again: what did your search know about it after its first search, and "
        "when does the right one need a second?",
        "a node is searched a second time where the right search does not search it again",
        "search a move a second time only when its first answer leaves its value open."),
    "lines_outside": MistakeKind(
        "which lines can one stone change?",
        "it reads lines that do not pass through the move",
        "a stone changes only the lines through it: rescan those, and leave the others."),
    "leaves": MistakeKind(
        "which nodes are leaves, and is each scored once?",
        "the evaluation is called on other nodes than the leaves, or more than once",
        "call evaluate only at a leaf (depth 0, or no legal moves), once."),
    "table_entry": MistakeKind(
        "which nodes are stored, and what does each field of an entry hold?",
        "a table entry differs from the right one",
        "compare the two entries field by field with what the docstring says an entry "
        "means."),
    "search": MistakeKind(
        "at the first node where your search and the right one part, what does the contract "
        "say should happen next?",
        "no known mistake does what yours does on every case it gets wrong",
        "follow the right search in the picture from the root to the first node where yours "
        "differs, and compare each line of your code with the contract there."),
    "numbers": MistakeKind(
        "at the first step where your numbers differ, which part of the rule gives the right "
        "one?",
        "no known mistake does what yours does on every case it gets wrong",
        "compare your numbers with the right ones step by step from the first difference, "
        "against the rule in the lesson."),
}
"""The hints for what was seen when no known mistake fits: a stop, an error, a wrong kind of
answer, work done twice, or a difference of no known kind."""


def _generic_kind(kind: str, got: Outcome, finding: Finding) -> MistakeKind:
    if got.over_budget:
        return SEEN["over_budget"]
    if got.status == "time":
        return SEEN["time"]
    if got.status in ("budget", "recursion"):
        return SEEN["endless"]
    if got.status == "error" and "NoneType" in got.message:
        return SEEN["none_used"]
    if got.status == "error":
        return SEEN["error"]
    if got.status == "mutated":
        return SEEN["mutated"]
    if got.status == "garbage" and "returned None" in got.message:
        return SEEN["none"]
    if got.status == "garbage" and "through the move can change" in got.message:
        return SEEN["lines_outside"]
    if got.status == "garbage":
        return SEEN["garbage"]
    if finding.kind is not None:
        return finding.kind
    return SEEN["search"] if kind in SEARCH_KINDS else SEEN["numbers"]


def _why_not(path: tuple, ref_visits: list, what: str) -> str:
    if what in ("alpha-beta", "search with a table", "principal variation search") \
            and path[:-1] in set(ref_visits):
        return "which the right one cuts (it never searches it)"
    return "which the right one never visits"


def describe(spec: Spec, case: Case, got: Outcome, ref: Outcome) -> Finding:
    """In words, where the student's run first differs from the reference; and that node."""
    what = spec.what
    if got.status != "ok":
        text = {"budget": f"your {what} was stopped: {got.message}.",
                "recursion": f"your {what} was stopped: {got.message}.",
                "time": f"your {what} was stopped: {got.message}.",
                "error": f"your {what} raised an error:\n{got.message}",
                "mutated": f"your {what} is wrong: {got.message}.",
                "garbage": f"your {what} returned something that is not an answer: "
                           f"{got.message}."}[got.status]
        if got.status == "error" and got.message.startswith("the process"):
            text = f"your {what} was stopped: {got.message}."
        divergence = _first_difference(got.visits, ref.visits)
        if divergence is None or not got.visits or not case.drawable \
                or got.status == "mutated":
            place = _record_place(got.message) or ("node root" if case.drawable else case.label)
            return Finding(text, where=place, status=text)
        finding = _node_words(spec, got.visits, ref.visits, divergence)
        finding.text = text + "\n" + finding.text
        finding.status = text
        return finding
    if got.visits != ref.visits:
        return _node_words(spec, got.visits, ref.visits,
                           _first_difference(got.visits, ref.visits))
    if got.evaluated != ref.evaluated:
        return _evaluation_words(what, got.evaluated, ref.evaluated)
    if spec.kind == "table":
        return _table_words(got, ref)
    if spec.kind == "deepening":
        return _deepening_words(got, ref)
    if spec.kind == "search":
        return _value_words(what, got, ref)
    return _record_words(spec.kind, case, got.result, ref.result)


def _record_place(message: str) -> str:
    """The place a garbage message names ('at node 2.1', 'after game 3', 'for player 2',
    'at step 2', 'at square d3')."""
    for start in ("at node ", "after game ", "for player ", "at step ", "at square "):
        if message.startswith(start):
            return " ".join(message.split(" ")[1:3])
    return ""


def _value_words(what: str, got: Outcome, ref: Outcome) -> Finding:
    text = (f"your {what} visited the right nodes in the right order, but returned "
            f"{_show(got.result)} where the right one returns {_show(ref.result)}.")
    first = _first_value_difference(got.returns, ref.returns)
    if first is None:
        return Finding(text, where="node root")
    node, mine, right = first
    return Finding(text + f"\nThe first value that differs, in the order the calls returned: "
                   f"node {path_name(node)}, where yours returned {_show(mine)} and the right "
                   f"one {_show(right)}.", node, f"node {path_name(node)}")


def _first_value_difference(mine: list, right: list) -> tuple | None:
    """(node, your value, the right value) at the first call, in the order the calls returned,
    where the two searches returned different values; None if they never do (or one search
    does not call itself by its name, so there is nothing to compare)."""
    for (node, a), (other, b) in zip(mine, right):
        if node != other:
            return None
        if not same(a, b):
            return node, a, b
    return None


def _entry_words(entry: Any) -> str:
    if entry is None:
        return "nothing"
    if isinstance(entry, tuple) and len(entry) == 4:
        depth, value, kind, move = entry
        return f"(depth {depth}, value {value!r}, kind {kind!r}, move {move})"
    return _show(entry)


def _table_words(got: Outcome, ref: Outcome) -> Finding:
    """The first search whose answer differs, or the first table entry that does, named by
    its node (in the order the right search first reached them)."""
    order = {path: i for i, path in reversed(list(enumerate(ref.visits + got.visits)))}
    for (label, pair, entries), (_, right_pair, right_entries) in zip(got.result, ref.result):
        if not same(pair, right_pair):
            return Finding(f"your search with a table visited the right nodes in the right "
                           f"order, but {label} returned {_show(pair)} where the right one "
                           f"returns {_show(right_pair)}.", where=label)
        if same(entries, right_entries):
            continue
        mine, right = dict(entries), dict(right_entries)
        nodes = {**got.keys, **ref.keys}
        for key in sorted(set(mine) | set(right),
                          key=lambda k: (order.get(nodes.get(k), len(order)), k)):
            if same(mine.get(key), right.get(key)):
                continue
            node = nodes.get(key)
            name = f"node {path_name(node[1:])} (key {key})" if node else f"key {key}"
            return Finding(f"your search with a table visited the right nodes and returned the "
                           f"right values, but after {label} the table differs first at the "
                           f"entry of {name}: yours holds {_entry_words(mine.get(key))}, the "
                           f"right one {_entry_words(right.get(key))}.",
                           where=f"the table entry of {name}", kind=SEEN["table_entry"])
    return Finding("your search with a table differs from the right one.")


def _deepening_words(got: Outcome, ref: Outcome) -> Finding:
    (move, depth), (right_move, right_depth) = got.result, ref.result
    text = (f"your iterative deepening made the same searches as the right one, but returned "
            f"(move {_move(move)}, depth {depth}); the right one returns (move "
            f"{_move(right_move)}, depth {right_depth}).")
    if depth != right_depth:
        text += f" The deepest search that finished is the depth-{right_depth} one."
    elif move != right_move:
        found = [d for d, m in ref.iterations if m == move]
        text += (f" {_move(right_move)} is the best move of the depth-{right_depth} search; "
                 f"{_move(move)} is " + (f"that of the depth-{found[-1]} search."
                                         if found else "the best move of no search."))
    return Finding(text, where=f"its answer after the depth-{right_depth} search")


def _move(move: Any) -> str:
    return "None" if move is None else move_label(move)


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


def _node_words(spec: Spec, mine: list, right: list, divergence: tuple) -> Finding:
    """The first difference of two visit sequences in words."""
    what = spec.what
    a, b, i = divergence
    found = Finding("", _focus(divergence), f"node {path_name(_focus(divergence))}")
    before = f"after node {path_name(mine[i - 1])}, " if i > 0 else ""
    where = f" (visit {i + 1})"
    if a is None:
        found.text = (f"your {what} stopped after {len(mine)} node{'s' * (len(mine) != 1)}; "
                      f"the right one goes on to node {path_name(b)} (and "
                      f"{len(right) - len(mine)} nodes in all that yours never visits).")
    elif a in mine[:i]:
        there = f", where the right one visits node {path_name(b)}" if b is not None \
            else ", after the right one had finished"
        once = len(set(right)) == len(right) and not spec.searches_again
        found.text = (f"{before}your {what} searched node {path_name(a)} a second time (visit "
                      f"{i + 1}; the first was visit {mine.index(a) + 1}){there}: the right one "
                      + ("searches each node once." if once else "does not search it again "
                                                                 "there."))
        found.kind = SEEN["twice_table" if spec.kind == "table" else
                          "twice" if once else "searched_again"]
    elif b is None:
        found.text = (f"your {what} visited node {path_name(a)}{where}, "
                      f"{_why_not(a, right, what)}: the right one had finished by then.")
    elif a not in set(right):
        found.text = (f"{before}your {what} visited node {path_name(a)}{where}, "
                      f"{_why_not(a, right, what)}; the right one visits node {path_name(b)} "
                      "there.")
    else:
        found.text = (f"{before}your {what} visited node {path_name(a)}{where}, where the right "
                      f"one visits node {path_name(b)}")
        found.text += f"; yours never visits node {path_name(b)}." if b not in set(mine) \
            else ": the same nodes in another order."
    return found


def _evaluation_words(what: str, mine: list, right: list) -> Finding:
    """The first difference between the nodes two searches evaluated (their visits agree)."""
    a, b, i = _first_difference(mine, right)
    node = a if a is not None else b
    if a is None:
        text = (f"your {what} visited the right nodes, but evaluated only {len(mine)} of them; "
                f"the right one also evaluates node {path_name(b)}.")
    elif a not in set(right):
        text = (f"your {what} visited the right nodes, but evaluated node {path_name(a)} "
                f"(evaluation {i + 1}), which the right one does not evaluate.")
    else:
        text = (f"your {what} visited the right nodes, but its evaluation {i + 1} is of node "
                f"{path_name(a)}, where the right one evaluates node "
                f"{path_name(b) if b is not None else '(none: it has finished)'}.")
    return Finding(text, node, f"node {path_name(node)}", SEEN["leaves"])


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _record_words(kind: str, case: Case, mine: Any, right: Any) -> Finding:
    if not isinstance(mine, list) or not isinstance(right, list):
        return Finding(f"yours gave {_show(mine)}, the right one {_show(right)}.")
    for a, b in zip(mine, right):
        if not same(a, b):
            return _one_record(kind, case, a, b)
    n = min(len(mine), len(right))
    longer = "yours goes on" if len(mine) > len(right) else "yours stops"
    place = f"game {n + 1}" if kind == "sprt" else f"step {n + 1}"
    return Finding(f"the first {n} steps agree, then {longer}: yours has {len(mine)} steps, "
                   f"the right one {len(right)}.", where=place)


def _squares(names: tuple) -> str:
    """Square names as a report writes them: 'd4, e4', or 'nothing'."""
    return ", ".join(names) if names else "nothing"


def _one_record(kind: str, case: Case, a: Any, b: Any) -> Finding:
    if kind == "ucb":
        node, c, mine, visits, children = a
        stats = ", ".join(f"({n}, {w:g})" for n, w in children)
        return Finding(f"at node {node} (N = {visits}, c = {c}; its children's visits and wins, "
                       f"in move order: {stats}), your selection chose child {mine}, the right "
                       f"one child {b[2]} (children counted from 0).", where=f"node {node}")
    if kind == "backprop":
        leaf, outcome, mine, changed = a
        right = b[2]
        nothing = " Your backpropagation changed no node: its updates never reached the " \
            "nodes' own visits and wins." if changed == 0 else ""
        for m, r in zip(mine, right):
            if not same(m, r):
                return Finding(f"after the playout from {leaf} with outcome {outcome} for player "
                               f"1, node {m[0]} has visits {m[1]} and wins {m[2]:g}; it should "
                               f"have visits {r[1]} and wins {r[2]:g}.{nothing}",
                               where=f"node {m[0]}")
        return Finding(f"after the playout from {leaf} with outcome {outcome}, your update "
                       f"changed {changed} nodes, the right one {b[3]}.{nothing}",
                       where=f"the playout from {leaf}")
    if kind == "sprt":
        game, result, llr, decision = a
        return Finding(f"after game {game} (result {result}) your LLR is {llr:.4f} and your "
                       f"decision {decision!r}; the right ones are {b[2]:.4f} and {b[3]!r}.",
                       where=f"game {game}")
    if kind == "linescore":
        move, player, value = a
        return Finding(f"when the side to move plays {move}, your change for player {player} "
                       f"is {value!r}, the right one {b[2]!r}.",
                       where=f"{case.label}, {move}, player {player}")
    if kind == "ntuple":
        step, lookups, target, p, weights = a
        right_p, right_weights = b[3], b[4]
        if not same(p, right_p):
            return Finding(f"at step {step} (lookups {lookups}, target {target}) your function "
                           f"returned p = {p:.6f}; the right prediction is {right_p:.6f}.",
                           where=f"step {step}")
        index = next(i for i, (m, w) in enumerate(zip(weights, right_weights)) if not same(m, w))
        name = "the bias" if index == len(weights) - 1 else f"weights[{index}]"
        return Finding(f"at step {step} (lookups {lookups}, target {target}) p is right, "
                       f"{p:.6f}, but after it {name} is {weights[index]:.6f}; the right one is "
                       f"{right_weights[index]:.6f}.", where=f"step {step}")
    if kind == "evaluation":
        player, value = a
        return Finding(f"for player {player} your evaluation gives {value!r}, the right one "
                       f"{b[1]!r}.", where=f"{case.label}, player {player}")
    if kind == "flips":
        square, mine = a
        mover = "x" if case.position.to_move == 1 else "o"
        return Finding(f"a disc of {mover} on {square} turns over {_squares(b[1])}; yours "
                       f"says {_squares(mine)}, in this position:\n{case.position}",
                       where=f"square {square}")
    return Finding(f"yours: {_show(a)}, right: {_show(b)}.")
