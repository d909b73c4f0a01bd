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
from ..i18n import N_, _
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
NEXT_HINT = {2: N_("where it goes wrong"), 3: N_("what your code does there, and the fix")}


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
            lines = [_("{name}: wrong").format(name=self.name)]
            lines += ["  " + line for line in self.details.splitlines()]
            return "\n".join(lines)
        level = min(max(self.hint_level if hint_level is None else hint_level, 1),
                    HINT_LEVELS)
        lines = [_("{name}: wrong (hint {level} of {levels})").format(
            name=self.name, level=level, levels=HINT_LEVELS)]
        question = "  " + _("a question: {question}").format(question=_(self.kind.question))
        if level == 1:
            lines += ["  " + line for line in self.status.splitlines()]
            if not self.status:
                lines.append("  " + _("it differs from the right one on {differing} of the "
                                      "{cases} cases.").format(differing=self.differing,
                                                               cases=self.cases))
            lines.append(question)
        else:
            lines.append("  " + _("on {case}:").format(case=self.case))
            lines += ["  " + line for line in self.details.splitlines()]
            lines.append(question if level == 2
                         else "  " + _("hint: {hint}").format(hint=self.kind))
        if level < HINT_LEVELS:
            call = self.call or f'grade("{self.name}", your_function, hint_level={{level}})'
            more = next_hint_words(level, HINT_LEVELS, call, _(NEXT_HINT[level + 1]))
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
    gives any level's text. The words are in the language the course speaks
    (``course_lib.i18n``): ``details`` in the one spoken when ``grade`` ran, the rest of the
    report in the one spoken when it is shown; ``where`` stays English.

    >>> from course_lib.grader import grade, solution
    >>> print(grade("03-negamax", solution("03-negamax")))
    03-negamax: right
    """
    try:
        result = _grade(name, function, TIME_CAP if seconds is None else seconds)
    except KeyboardInterrupt:
        raise
    except BaseException as error:                  # noqa: BLE001 - grading must not stop Run All
        return GradeResult(name, WRONG, details=_(
            "the grader could not judge this function ({error})").format(
                error=f"{type(error).__name__}: {error}"))
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
        return GradeResult(name, WRONG, details=_("no such exercise; the exercises are "
                                                  "{known}").format(known=", ".join(sorted(SPECS))))
    if function is ... or function is None:
        return GradeResult(name, NOT_ANSWERED)
    if not callable(function):
        return GradeResult(name, WRONG, details=_(
            "{answer} is not a function; pass the function itself (its name, without "
            "brackets)").format(answer=repr(function)))
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
        later = _("Later, on {case}, {message}.").format(case=cases[len(outcomes) - 1].label,
                                                         message=outcomes[-1].message)
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
        N_("does something in your code catch every exception, the grader's stop included?"),
        N_("a bare except: (or except BaseException:) also catches the grader's stop"),
        N_("catch only the errors you expect, if any.")),
    "time": MistakeKind(
        N_("does every call get closer to a leaf, and every loop to its end? Does anything wait "
           "(a sleep, an input)?"),
        N_("your function was still running at the time cap"),
        N_("make every call search a child with one ply less, end every loop, and wait for "
           "nothing.")),
    "endless": MistakeKind(
        N_("does every call get closer to a leaf (or to the end of its loop)?"),
        N_("your function does far more work than the search needs, or never ends"),
        N_("search each child with one ply less, and stop at depth 0 or where there is no move.")),
    "none": MistakeKind(
        N_("does every path through your function end by returning its answer?"),
        N_("a path through your function ends without a return, so Python returns None there"),
        N_("end every path with a return of what the docstring asks for.")),
    "none_used": MistakeKind(
        N_("does every path through your function end by returning its answer?"),
        N_("a call gave None where a value was expected: a path through your function ends "
           "without a return"),
        N_("end every path with a return of what the docstring asks for.")),
    "error": MistakeKind(
        N_("the lines shown are yours: what does the last one do with what it is given?"),
        N_("your code raised the error shown"),
        N_("read the traceback's last line, then the line of yours it points to.")),
    "mutated": MistakeKind(
        N_("does your function change what it was given?"),
        N_("it changes what it was given (a position, or a node's move, player or children)"),
        N_("work on new positions (apply returns one) and change only what the exercise asks you "
           "to update.")),
    "garbage": MistakeKind(
        N_("what does the docstring say the function returns?"),
        N_("it returns something other than what the docstring describes"),
        N_("return exactly what the docstring's first line says.")),
    "twice": MistakeKind(
        N_("is a node searched twice: a child once to compare and once to keep, or a move "
           "searched again after the loop?"),
        N_("a node is searched a second time"),
        N_("search each child once and keep its value in a variable.")),
    "twice_table": MistakeKind(
        N_("is a node searched twice: a child once to compare and once to keep, a move searched "
           "again after the loop, or the table's move tried first and again in its place?"),
        N_("a node is searched a second time"),
        N_("search each child once; when the table's move goes first, take it out of the rest.")),
    "searched_again": MistakeKind(
        N_("a move searched again: what did your search know about it after its first search, and "
           "when does the right one need a second?"),
        N_("a node is searched a second time where the right search does not search it again"),
        N_("search a move a second time only when its first answer leaves its value open.")),
    "lines_outside": MistakeKind(
        N_("which lines can one stone change?"),
        N_("it reads lines that do not pass through the move"),
        N_("a stone changes only the lines through it: rescan those, and leave the others.")),
    "leaves": MistakeKind(
        N_("which nodes are leaves, and is each scored once?"),
        N_("the evaluation is called on other nodes than the leaves, or more than once"),
        N_("call evaluate only at a leaf (depth 0, or no legal moves), once.")),
    "table_entry": MistakeKind(
        N_("which nodes are stored, and what does each field of an entry hold?"),
        N_("a table entry differs from the right one"),
        N_("compare the two entries field by field with what the docstring says an entry "
           "means.")),
    "search": MistakeKind(
        N_("at the first node where your search and the right one part, what does the contract "
           "say should happen next?"),
        N_("no known mistake does what yours does on every case it gets wrong"),
        N_("follow the right search in the picture from the root to the first node where yours "
           "differs, and compare each line of your code with the contract there.")),
    "numbers": MistakeKind(
        N_("taken part by part, which part of the rule does your code compute otherwise than "
           "the lesson says?"),
        N_("no known mistake does what yours does on every case it gets wrong"),
        N_("compare your numbers with the right ones step by step from the first difference, "
           "against the rule in the lesson.")),
    "squares": MistakeKind(
        N_("on the square where your answer first differs, which discs does the rule turn over, "
           "and in which directions?"),
        N_("no known mistake does what yours does on every case it gets wrong"),
        N_("from that square, walk each of the eight directions as the rule does and compare the "
           "discs you would turn over with the right ones.")),
}
"""The hints for what was seen when no known mistake fits: a stop, an error, a wrong kind of
answer, work done twice, or a difference of no known kind (in a search, in numbers, in the
squares a move turns over)."""


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
    if kind in SEARCH_KINDS:
        return SEEN["search"]
    return SEEN["squares"] if kind == "flips" else SEEN["numbers"]


def _why_not(path: tuple, ref_visits: list, what: str) -> str:
    if what in ("alpha-beta", "search with a table", "principal variation search") \
            and path[:-1] in set(ref_visits):
        return _("which the right one cuts (it never searches it)")
    return _("which the right one never visits")


def describe(spec: Spec, case: Case, got: Outcome, ref: Outcome) -> Finding:
    """In words, where the student's run first differs from the reference; and that node."""
    what = spec.what
    if got.status != "ok":
        stopped = _("your {what} was stopped: {message}.")
        text = {"budget": stopped, "recursion": stopped, "time": stopped,
                "error": _("your {what} raised an error:\n{message}"),
                "mutated": _("your {what} is wrong: {message}."),
                "garbage": _("your {what} returned something that is not an answer: "
                             "{message}.")}[got.status]
        if got.status == "error" and got.message.startswith("the process"):
            text = stopped
        text = text.format(what=_(what), message=got.message)
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
    text = _("your {what} visited the right nodes in the right order, but returned {mine} "
             "where the right one returns {right}.").format(
                 what=_(what), mine=_show(got.result), right=_show(ref.result))
    first = _first_value_difference(got.returns, ref.returns)
    if first is None:
        return Finding(text, where="node root")
    node, mine, right = first
    return Finding(text + "\n" + _("The first value that differs, in the order the calls "
                                   "returned: node {node}, where yours returned {mine} and the "
                                   "right one {right}.").format(
                                       node=path_name(node), mine=_show(mine), right=_show(right)),
                   node, f"node {path_name(node)}")


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
        return _("nothing")
    if isinstance(entry, tuple) and len(entry) == 4:
        depth, value, kind, move = entry
        return _("(depth {depth}, value {value}, kind {kind}, move {move})").format(
            depth=depth, value=repr(value), kind=repr(kind), move=move)
    return _show(entry)


def _table_words(got: Outcome, ref: Outcome) -> Finding:
    """The first search whose answer differs, or the first table entry that does, named by
    its node (in the order the right search first reached them)."""
    order = {path: i for i, path in reversed(list(enumerate(ref.visits + got.visits)))}
    for (label, pair, entries), (_label, right_pair, right_entries) in zip(got.result,
                                                                           ref.result):
        if not same(pair, right_pair):
            return Finding(_("your search with a table visited the right nodes in the right "
                             "order, but {search} returned {mine} where the right one returns "
                             "{right}.").format(search=label, mine=_show(pair),
                                                right=_show(right_pair)), where=label)
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
            shown = _("node {node} (key {key})").format(node=path_name(node[1:]), key=key) \
                if node else _("key {key}").format(key=key)
            return Finding(_("your search with a table visited the right nodes and returned "
                             "the right values, but after {search} the table differs first at "
                             "the entry of {entry}: yours holds {mine}, the right one "
                             "{right}.").format(search=label, entry=shown,
                                                mine=_entry_words(mine.get(key)),
                                                right=_entry_words(right.get(key))),
                           where=f"the table entry of {name}", kind=SEEN["table_entry"])
    return Finding(_("your search with a table differs from the right one."))


def _deepening_words(got: Outcome, ref: Outcome) -> Finding:
    (move, depth), (right_move, right_depth) = got.result, ref.result
    text = _("your iterative deepening made the same searches as the right one, but returned "
             "(move {move}, depth {depth}); the right one returns (move {right_move}, depth "
             "{right_depth}).").format(move=_move(move), depth=depth,
                                       right_move=_move(right_move), right_depth=right_depth)
    if depth != right_depth:
        text += " " + _("The deepest search that finished is the depth-{depth} one.").format(
            depth=right_depth)
    elif move != right_move:
        found = [d for d, m in ref.iterations if m == move]
        text += " " + (_("{right_move} is the best move of the depth-{depth} search; {move} is "
                         "that of the depth-{other} search.") if found
                       else _("{right_move} is the best move of the depth-{depth} search; "
                              "{move} is the best move of no search.")).format(
            right_move=_move(right_move), depth=right_depth, move=_move(move),
            other=found[-1] if found else None)
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
    words = dict(what=_(what), a=path_name(a) if a is not None else "",
                 b=path_name(b) if b is not None else "", visit=i + 1)
    # "after node 2.2, ... searched node 2.2 a second time" says nothing: the first visit is named
    before = _("after node {node}, ").format(node=path_name(mine[i - 1])) \
        if i > 0 and mine[i - 1] != a else ""
    if a is None:
        found.text = _("your {what} stopped after {count} node{s}; the right one goes on to "
                       "node {b} (and {more} nodes in all that yours never visits).").format(
            count=len(mine), s="s" * (len(mine) != 1), more=len(right) - len(mine), **words)
    elif a in mine[:i]:
        there = _(", where the right one visits node {b}") if b is not None \
            else _(", after the right one had finished")
        once = len(set(right)) == len(right) and not spec.searches_again
        found.text = before + (_("your {what} searched node {a} a second time (visit {visit}; "
                                 "the first was visit {first}){there}: the right one ")
                               + (_("searches each node once.") if once
                                  else _("does not search it again there."))).format(
            first=mine.index(a) + 1, there=there.format(**words), **words)
        found.kind = SEEN["twice_table" if spec.kind == "table" else
                          "twice" if once else "searched_again"]
    elif b is None:
        found.text = _("your {what} visited node {a} (visit {visit}), {why}: the right one had "
                       "finished by then.").format(why=_why_not(a, right, what), **words)
    elif a not in set(right):
        found.text = before + _("your {what} visited node {a} (visit {visit}), {why}; the "
                                "right one visits node {b} there.").format(
            why=_why_not(a, right, what), **words)
    else:
        found.text = before + (_("your {what} visited node {a} (visit {visit}), where the "
                                 "right one visits node {b}")
                               + (_("; yours never visits node {b}.") if b not in set(mine)
                                  else _(": the same nodes in another order."))).format(**words)
    return found


def _evaluation_words(what: str, mine: list, right: list) -> Finding:
    """The first difference between the nodes two searches evaluated (their visits agree)."""
    a, b, i = _first_difference(mine, right)
    node = a if a is not None else b
    if a is None:
        text = _("your {what} visited the right nodes, but evaluated only {count} of them; "
                 "the right one also evaluates node {node}.").format(
            what=_(what), count=len(mine), node=path_name(b))
    elif a not in set(right):
        text = _("your {what} visited the right nodes, but evaluated node {node} (evaluation "
                 "{index}), which the right one does not evaluate.").format(
            what=_(what), node=path_name(a), index=i + 1)
    else:
        text = _("your {what} visited the right nodes, but its evaluation {index} is of node "
                 "{node}, where the right one evaluates node {right}.").format(
            what=_(what), index=i + 1, node=path_name(a),
            right=path_name(b) if b is not None else _("(none: it has finished)"))
    return Finding(text, node, f"node {path_name(node)}", SEEN["leaves"])


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:197] + "..."


def _record_words(kind: str, case: Case, mine: Any, right: Any) -> Finding:
    if not isinstance(mine, list) or not isinstance(right, list):
        return Finding(_("yours gave {mine}, the right one {right}.").format(
            mine=_show(mine), right=_show(right)))
    for a, b in zip(mine, right):
        if not same(a, b):
            return _one_record(kind, case, a, b)
    n = min(len(mine), len(right))
    longer = _("yours goes on") if len(mine) > len(right) else _("yours stops")
    place = f"game {n + 1}" if kind == "sprt" else f"step {n + 1}"
    return Finding(_("the first {n} steps agree, then {longer}: yours has {mine} steps, the "
                     "right one {right}.").format(n=n, longer=longer, mine=len(mine),
                                                  right=len(right)), where=place)


def _squares(names: tuple) -> str:
    """Square names as a report writes them: 'd4, e4', or 'nothing'."""
    return ", ".join(names) if names else _("nothing")


def _one_record(kind: str, case: Case, a: Any, b: Any) -> Finding:
    if kind == "ucb":
        node, c, mine, visits, children = a
        stats = ", ".join(f"({n}, {w:g})" for n, w in children)
        return Finding(_("at node {node} (N = {visits}, c = {c}; its children's visits and "
                         "wins, in move order: {stats}), your selection chose child {mine}, the "
                         "right one child {right} (children counted from 0).").format(
            node=node, visits=visits, c=c, stats=stats, mine=mine, right=b[2]),
            where=f"node {node}")
    if kind == "backprop":
        leaf, outcome, mine, changed = a
        right = b[2]
        nothing = " " + _("Your backpropagation changed no node: its updates never reached "
                          "the nodes' own visits and wins.") if changed == 0 else ""
        for m, r in zip(mine, right):
            if not same(m, r):
                return Finding(_("after the playout from {leaf} with outcome {outcome} for "
                                 "player 1, node {node} has visits {visits} and wins {wins}; it "
                                 "should have visits {right_visits} and wins {right_wins}."
                                 ).format(leaf=leaf, outcome=outcome, node=m[0], visits=m[1],
                                          wins=f"{m[2]:g}", right_visits=r[1],
                                          right_wins=f"{r[2]:g}") + nothing,
                               where=f"node {m[0]}")
        return Finding(_("after the playout from {leaf} with outcome {outcome}, your update "
                         "changed {changed} nodes, the right one {right}.").format(
            leaf=leaf, outcome=outcome, changed=changed, right=b[3]) + nothing,
            where=f"the playout from {leaf}")
    if kind == "sprt":
        game, result, llr, decision = a
        return Finding(_("after game {game} (result {result}) your LLR is {llr} and your "
                         "decision {decision}; the right ones are {right_llr} and "
                         "{right_decision}.").format(
            game=game, result=result, llr=f"{llr:.4f}", decision=repr(decision),
            right_llr=f"{b[2]:.4f}", right_decision=repr(b[3])), where=f"game {game}")
    if kind == "linescore":
        move, player, value = a
        return Finding(_("when the side to move plays {move}, your change for player {player} "
                         "is {mine}, the right one {right}.").format(
            move=move, player=player, mine=repr(value), right=repr(b[2])),
            where=f"{case.label}, {move}, player {player}")
    if kind == "ntuple":
        step, lookups, target, p, weights = a
        right_p, right_weights = b[3], b[4]
        if not same(p, right_p):
            return Finding(_("at step {step} (lookups {lookups}, target {target}) your "
                             "function returned p = {p}; the right prediction is {right}."
                             ).format(step=step, lookups=lookups, target=target, p=f"{p:.6f}",
                                      right=f"{right_p:.6f}"), where=f"step {step}")
        index = next(i for i, (m, w) in enumerate(zip(weights, right_weights)) if not same(m, w))
        name = _("the bias") if index == len(weights) - 1 else f"weights[{index}]"
        return Finding(_("at step {step} (lookups {lookups}, target {target}) p is right, {p}, "
                         "but after it {name} is {mine}; the right one is {right}.").format(
            step=step, lookups=lookups, target=target, p=f"{p:.6f}", name=name,
            mine=f"{weights[index]:.6f}", right=f"{right_weights[index]:.6f}"),
            where=f"step {step}")
    if kind == "evaluation":
        player, value = a
        return Finding(_("for player {player} your evaluation gives {mine}, the right one "
                         "{right}.").format(player=player, mine=repr(value), right=repr(b[1])),
                       where=f"{case.label}, player {player}")
    if kind == "flips":
        square, mine = a
        mover = "x" if case.position.to_move == 1 else "o"
        return Finding(_("a disc of {mover} on {square} turns over {right}; yours says {mine}, "
                         "in this position:\n{position}").format(
            mover=mover, square=square, right=_squares(b[1]), mine=_squares(mine),
            position=case.position), where=f"square {square}")
    return Finding(_("yours: {mine}, right: {right}.").format(mine=_show(a), right=_show(b)))
