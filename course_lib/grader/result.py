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

from .exercises import MISTAKE_KINDS, SPECS, Spec
from .grading import (Case, Outcome, budget_for, mistake_outcomes, reference, same,
                      same_outcome)
from .isolation import run_cases
from .trace import move_label, path_name

RIGHT, WRONG, NOT_ANSWERED = "right", "wrong", "not answered yet"
TIME_CAP = 10.0
"""Seconds one ``grade`` call gives the student's function for all the cases together."""
SEARCH_KINDS = ("search", "table", "deepening")


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
    where: str = ""
    """Where the answer first goes wrong, in words ('node 1.2', 'game 14', 'the table entry
    of node 0.1', ...); empty when the report cannot say."""
    stopped: bool = False
    """The time cap stopped the function."""
    drawable: bool = False
    tree: Any = None
    tries: int = 0
    """For a graduated exercise, the wrong tries in a row so far, this one included (the
    hints grow with it); 0 otherwise."""
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


def grade(name: str, function: Callable, seconds: float | None = None) -> GradeResult:
    """Run ``function`` on the exercise's cases and compare it with the reference, node by
    node. Never raises, and returns within ``seconds`` (``TIME_CAP`` if None) of running the
    function, whatever it does: on Unix the function runs in a child process that is stopped
    at the cap (see ``course_lib.grader.isolation``; what it prints is printed here after).
    Where there is no fork (Windows) it runs in this process, where only the node budget and
    SIGALRM (if any) can stop it.

    >>> from course_lib.grader import grade, solution
    >>> print(grade("03-negamax", solution("03-negamax")))
    03-negamax: right
    """
    try:
        return _grade(name, function, TIME_CAP if seconds is None else seconds)
    except KeyboardInterrupt:
        raise
    except BaseException as error:                  # noqa: BLE001 - grading must not stop Run All
        return GradeResult(name, WRONG, details=f"the grader could not judge this function "
                                                f"({type(error).__name__}: {error})")


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
        _WRONG_TRIES.pop(name, None)
        return GradeResult(name, RIGHT)
    first = differing[0]
    case, ref, got = cases[first], expected[first], outcomes[first]
    mistake = _recognise(mistake_outcomes(name), outcomes, differing)
    finding = describe(spec, case, got, ref)
    details = finding.text
    if run.stopped and first < len(outcomes) - 1:
        details += (f"\nLater, on {cases[len(outcomes) - 1].label}, "
                    f"{outcomes[-1].message}.")
    hint = MISTAKE_KINDS[mistake] if mistake else _generic_hint(spec.kind, got, finding)
    label, tries = case.label, 0
    if spec.lines and got.status == "ok":          # a wrong answer, not a crash: step by step
        tries = _WRONG_TRIES[name] = _WRONG_TRIES.get(name, 0) + 1
        label, details, hint = _graduated(spec, mistake, tries, label, details, outcomes,
                                          expected)
    drawable = case.drawable and bool(got.visits) \
        and (got.visits != ref.visits or finding.divergence is not None)
    return GradeResult(name, WRONG, label, details, mistake, hint, got, ref,
                       finding.divergence, finding.where, run.stopped, drawable, case.tree,
                       tries)


_WRONG_TRIES: dict[str, int] = {}
"""Wrong tries in a row of each graduated exercise, in this session."""

def reset_tries(name: str | None = None) -> None:
    """Start the graduated hints of exercise ``name`` (of every exercise if None) again from
    the first."""
    if name is None:
        _WRONG_TRIES.clear()
    else:
        _WRONG_TRIES.pop(name, None)


def _graduated(spec: Spec, mistake: str | None, tries: int, label: str, details: str,
               outcomes: list[Outcome], expected: list[Outcome]) -> tuple[str, str, str]:
    """(case label, details, hint) at the ``tries``-th wrong try in a row: first how many
    answers are wrong and a question about the idea, then where the first one is, then the
    line to write (when the mistake is a known one)."""
    question = MISTAKE_KINDS[mistake] if mistake else spec.question
    if tries == 1:
        pairs = [(a, b) for got, ref in zip(outcomes, expected)
                 for a, b in zip(got.result or [], ref.result or [])]
        wrong = sum(1 for a, b in pairs if not same(a, b))
        return "", (f"{wrong} of its {len(pairs)} answers on {len(expected)} positions are "
                    "wrong (an answer: one move, for one player). Think about the question "
                    "below; run the check again for where the first wrong answer is."), question
    if tries == 2 or mistake is None:
        more = (" (run the check again for the line to write)" if mistake else
                " (no known mistake does what yours does: compare your number with the right "
                "one at the place above)")
        return label, details, question + more
    return label, details, f"{question} The line: {spec.lines[mistake]}."


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
    hint: str = ""
    """A hint for this kind of difference, when no known mistake fits."""


def _generic_hint(kind: str, got: Outcome, finding: Finding) -> str:
    if got.over_budget:
        return "a bare except: (or except BaseException:) also catches the grader's stop: " \
               "catch only the errors you expect, if any."
    if got.status == "time":
        return "does every call get closer to a leaf, and every loop to its end? Does " \
               "anything wait (a sleep, an input)?"
    if got.status in ("budget", "recursion"):
        return "does every call get closer to a leaf (or to the end of its loop)?"
    if got.status == "error" and "NoneType" in got.message:
        return "a call gave None where a value was expected: does every path through your " \
               "function end by returning its answer?"
    if got.status == "error":
        return "the error above is raised by your code: the lines shown are yours."
    if got.status == "mutated":
        return "work on copies or on new positions (apply returns one); never change what " \
               "you were given, except what the exercise asks you to update."
    if got.status == "garbage" and "returned None" in got.message:
        return "does every path through your function end by returning its answer?"
    if got.status == "garbage" and "through the move can change" in got.message:
        return "a stone changes only the lines through it: the other lines keep their " \
               "scores, so the change is in those lines alone."
    if got.status == "garbage":
        return "read the docstring's 'Return ...' line again."
    if finding.hint:
        return finding.hint
    if kind in SEARCH_KINDS:
        return "follow the right search in the picture from the root to the first node " \
               "where yours differs, and ask what your code does differently there."
    return "compare your numbers with the right ones step by step from the first difference."


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
            return Finding(text, where=place)
        finding = _node_words(spec, got.visits, ref.visits, divergence)
        finding.text = text + "\n" + finding.text
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
    """The place a garbage message names ('at node 2.1', 'after game 3', 'for player 2')."""
    for start in ("at node ", "after game ", "for player ", "at step "):
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
                           where=f"the table entry of {name}",
                           hint="compare the two entries field by field with the docstring: "
                                "which nodes are stored, and what each field holds.")
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
        once = len(set(right)) == len(right)
        found.text = (f"{before}your {what} searched node {path_name(a)} a second time (visit "
                      f"{i + 1}; the first was visit {mine.index(a) + 1}){there}: the right one "
                      + ("searches each node once." if once else "does not search it again "
                                                                 "there."))
        more = ", or the table's move tried first and again in its place" \
            if spec.kind == "table" else ""
        found.hint = ("each node is searched once: is a child searched twice (once to "
                      f"compare, once to keep), or a move searched again after the loop{more}?"
                      if once else "a move searched again: what did your search know about "
                      "it after its first search, and when does the right one need a second?")
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
    return Finding(text, node, f"node {path_name(node)}",
                   hint="the evaluation scores the leaves of the search: which nodes are "
                        "leaves, and is each scored once?")


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
    return Finding(f"yours: {_show(a)}, right: {_show(b)}.")
