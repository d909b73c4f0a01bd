"""Running a student's function where it can be stopped: a child process and one time cap.

``run_cases(function, cases, budgets, cap)`` runs the function on every case and returns a
``Run``. On Unix it forks: the child runs the cases one after the other and sends each case's
``Outcome`` back through a pipe as soon as it has it. When ``cap`` seconds have passed in all,
the child's own alarm writes down what the running case had done so far (its nodes, whether
it had gone past its node budget) and ends the child with ``os._exit``, which no ``except``
can catch; if the child cannot answer (stuck outside Python), the parent kills it a moment
later. So nothing the function does (an endless loop, a bare ``except:`` that swallows the
grader's stops, a sleep, ``input()``, ``sys.exit``, ``os._exit``) keeps ``grade`` from
returning within the cap, and nothing it changes (its globals, what it prints) reaches the
caller's process: what it printed comes back as text, cut at ``OUTPUT_LIMIT`` characters.

Where there is no fork (Windows), the cases run in this process: the node budget stops a
search that keeps touching nodes, and the cap is kept by SIGALRM where it exists (not on
Windows); a function that catches every exception, or never touches a node where there is no
SIGALRM, can then run for ever.

>>> from course_lib.grader.grading import reference
>>> from course_lib.grader.solutions import negamax
>>> cases, expected = reference("03-negamax")
>>> run = run_cases(negamax, cases[:2], [2000, 2000], cap=5)
>>> [o.status for o in run.outcomes], run.stopped
(['ok', 'ok'], False)
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import select
import signal
import sys
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from .grading import Case, Outcome, outcome_of, run_case, short
from .trace import Trace

ISOLATE = True
"""Run the student's function in a child process where the platform can (False: never)."""
CAP_GRACE = 1.0
"""Seconds the parent waits past the cap for the child's last message before killing it."""
OUTPUT_LIMIT = 4000
"""Characters of the function's printing kept."""


@dataclass
class Run:
    """What the function did on the cases."""

    outcomes: list[Outcome]
    """One per case run, in order. The cases run until one ends other than normally (stopped,
    an error, no answer, a changed position): that one is the last."""
    stopped: bool = False
    output: str = ""
    """What the function printed (in a child process only; in this process it is printed)."""


def can_isolate() -> bool:
    """Can the function run in a child process here (fork, a timer and poll exist)?"""
    return ISOLATE and hasattr(os, "fork") and hasattr(signal, "setitimer") \
        and hasattr(select, "poll")


def stop_words(cap: float, over_budget: bool) -> str:
    """What a report says of a function stopped by the cap."""
    text = (f"it was still running after {cap:g} seconds, the time one grade call may take, "
            "and was stopped")
    if over_budget:
        text += (" (it had gone past its node budget and carried on after the grader stopped "
                 "it: something in it catches every exception)")
    return text


def run_cases(fn: Callable, cases: list[Case], budgets: list[int], cap: float) -> Run:
    """Run ``fn`` on ``cases`` (``budgets``: each one's node budget) within ``cap`` seconds
    in all, until a case ends other than normally (status not 'ok'); never raises (except
    KeyboardInterrupt, after stopping the child)."""
    if can_isolate():
        return _forked(fn, cases, budgets, cap)
    return _in_process(fn, cases, budgets, cap)


def _in_process(fn: Callable, cases: list[Case], budgets: list[int], cap: float) -> Run:
    start = time.monotonic()
    outcomes = []
    for case, budget in zip(cases, budgets):
        left = cap - (time.monotonic() - start)
        outcome = run_case(fn, case, budget, seconds=left) if left > 0 else Outcome("time")
        if outcome.status == "time":
            outcome.message = stop_words(cap, outcome.over_budget)
            return Run(outcomes + [outcome], stopped=True)
        outcomes.append(outcome)
        if outcome.status != "ok":
            break
    return Run(outcomes)


# --- The child process -----------------------------------------------------------------------

class _Printed(io.TextIOBase):
    """Where the child's printing goes: the first OUTPUT_LIMIT characters, and a count."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        room = max(0, OUTPUT_LIMIT - self.size)
        self.kept.append(text[:room])
        self.size += min(room, len(text))
        self.dropped += len(text) - min(room, len(text))
        return len(text)

    def text(self) -> str:
        printed = "".join(self.kept)
        if self.dropped:
            printed += f"\n... ({self.dropped} more characters printed)\n"
        return printed


@contextlib.contextmanager
def _alarm_held() -> Iterator[None]:
    """The alarm is held off meanwhile (it goes off at the end if it came)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _send(fd: int, message: Any) -> None:
    """Write one message: its length, then its pickle."""
    try:
        data = pickle.dumps(message)
    except Exception:                               # noqa: BLE001 - a student's object
        data = pickle.dumps(_plain_message(message))
    data = len(data).to_bytes(8, "big") + data
    while data:
        data = data[os.write(fd, data):]


def _plain_message(message: tuple) -> tuple:
    """A message whose outcome could not be pickled, with its nodes and result as text."""
    kind, index, outcome = message
    outcome.visits = [tuple(short(m, str) for m in path) for path in outcome.visits]
    outcome.result = short(outcome.result)
    outcome.keys = {}
    outcome.returns = []
    return kind, index, outcome


def _child(fd: int, fn: Callable, cases: list[Case], budgets: list[int], cap: float) -> None:
    """Run the cases, send each outcome; at the cap, send the running case's and end."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)    # an interrupt of the kernel ends the child
    printed = _Printed()
    sys.stdout = sys.stderr = printed
    sys.stdin = io.StringIO("")
    running: list[Any] = [0, None]                  # the case running and its trace

    def stop(signum: int, frame: Any) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        index, trace = running
        if index < len(cases):
            outcome = outcome_of(trace, cases[index], "time") if trace is not None \
                else Outcome("time")
            _send(fd, ("outcome", index, outcome))
        _send(fd, ("output", printed.text()))
        os._exit(0)

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, cap)
    for index, (case, budget) in enumerate(zip(cases, budgets)):
        trace = Trace(budget=budget)
        running[:] = [index, trace]
        outcome = run_case(fn, case, budget, trace=trace)
        with _alarm_held():
            _send(fd, ("outcome", index, outcome))
            running[:] = [len(cases) if outcome.status != "ok" else index + 1, None]
        if outcome.status != "ok":
            break
    signal.setitimer(signal.ITIMER_REAL, 0)
    _send(fd, ("output", printed.text()))


# --- The parent ------------------------------------------------------------------------------

def _messages(fd: int, deadline: float):
    """The child's messages as they arrive; stops at the end of the pipe or at ``deadline``
    (then it yields None)."""
    buffer = b""
    waiting = select.poll()
    waiting.register(fd, select.POLLIN)
    while True:
        while len(buffer) >= 8 and len(buffer) >= 8 + int.from_bytes(buffer[:8], "big"):
            size = int.from_bytes(buffer[:8], "big")
            yield pickle.loads(buffer[8:8 + size])
            buffer = buffer[8 + size:]
        left = deadline - time.monotonic()
        if left <= 0 or not waiting.poll(left * 1000):
            yield None
            return
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return
        buffer += chunk


def _forked(fn: Callable, cases: list[Case], budgets: list[int], cap: float) -> Run:
    read_fd, write_fd = os.pipe()
    with warnings.catch_warnings():                 # a kernel has threads; the child uses none
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:                                    # the child
        try:
            os.close(read_fd)
            _child(write_fd, fn, cases, budgets, cap)
        finally:
            os._exit(0)
    os.close(write_fd)
    outcomes: dict[int, Outcome] = {}
    output, late = "", False
    try:
        for message in _messages(read_fd, time.monotonic() + cap + CAP_GRACE):
            if message is None:
                late = True
            elif message[0] == "outcome":
                outcomes[message[1]] = message[2]
            else:
                output = message[1]
    finally:                                        # a finished child is only reaped
        os.kill(pid, signal.SIGKILL)
        status = os.waitpid(pid, 0)[1]
        os.close(read_fd)
    done = []
    while len(done) in outcomes:
        done.append(outcomes[len(done)])
    if len(done) == len(cases) or (done and done[-1].status not in ("ok", "time")):
        return Run(done, output=output)
    if done and done[-1].status == "time":
        done[-1].message = stop_words(cap, done[-1].over_budget)
        return Run(done, stopped=True, output=output)
    if late:
        return Run(done + [Outcome("time", message=stop_words(cap, False))], stopped=True,
                   output=output)
    return Run(done + [Outcome("error", message=_ended(status))], output=output)


def _ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        how = f"it was killed by signal {os.WTERMSIG(status)}"
        if os.WTERMSIG(status) == signal.SIGKILL:
            how += " (out of memory?)"
    else:
        how = f"it ended with exit status {os.WEXITSTATUS(status)}"
    return (f"the process running it ended in the middle of this case: {how} (does it call "
            "os._exit, or use up the memory?)")
