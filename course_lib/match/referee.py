"""The referee: one game between two agent programs, under the referee protocol.

    python -m course_lib referee "python -m course_lib agent greedy" "python my_agent.py" --json

>>> import sys
>>> agent = [sys.executable, "-m", "course_lib", "agent"]
>>> result = referee(agent + ["greedy"], agent + ["random:seed=1"])   # doctest: +SKIP
>>> result.winner, result.reason                                      # doctest: +SKIP
(1, 'no-stones')

The protocol (COURSE_SPEC section 3), as the referee runs it:

1. Both programs start at once, each in its own process group, and get ``READY FIRST`` /
   ``READY SECOND``; each must answer ``OK`` within ``ready_ms`` (3000 ms).
2. Until the game is over (``State.is_over()``, the 400-turn cap included), the side to move
   gets ``TURN my_ms opp_ms`` (the time left on both clocks, whole ms, rounded down) and must
   answer ``MOVE x1 y1 x2 y2`` (a pass: ``MOVE -1 -1 -1 -1``, legal only with no other move).
   Its clock runs from the moment the TURN is sent until the MOVE line arrives.
3. After every move, passes included, the other program gets ``OPP x1 y1 x2 y2 used_ms``,
   the move as its player sent it (a clone may be written with any friendly stone next to its
   destination as its source; the referee relays the source it was sent).
4. At the end both get ``FINISH``; whatever still runs a moment later is stopped (SIGTERM to
   the whole process group, then SIGKILL).

A program loses at once, and the result says why (``reason`` and a sentence in ``detail``), if:

=================  ==========================================================================
``timeout``        it does not answer in time (READY within ``ready_ms``; a MOVE before its
                   clock runs out), or stops reading its input
``malformed``      its answer is not ``OK`` / ``MOVE`` with four whole numbers, a line is
                   longer than ``max_line`` bytes, or it prints when it is not asked to
``illegal``        the move is not legal here (or not a move at all, like ``1 1 5 5``)
``illegal-pass``   it passes while it has a move
``crash``          its process exits (whatever the exit code) or cannot be started
``closed``         it closes its output (or its input) but keeps running
=================  ==========================================================================

A game played to its end has the reason ``no-stones``, ``board-full``, ``turn-limit`` or
``no-moves`` (blocked squares only: neither side can move). If both programs fail before the
first move, the game is void: winner 0, reason ``no-contest``.

The referee never waits longer than the clocks allow, reads at most ``max_line`` bytes of a
line and a bounded number of unread lines, keeps only the last few KiB of each program's stderr
(``stderr`` in the result, which helps to see why a program crashed), and leaves no process
behind. Each program also gets the environment variable ``ATAXX_START_FEN`` with the start
position (a course extension: the protocol itself has no way to say where a game starts; the
course's ``agent`` command reads it).

One limit: a program that puts a child into a new session of its own (``setsid``, a daemon)
has left the process group, and the referee cannot find it to stop it.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..ataxx import FIRST, MAX_TURNS, SECOND, Move, State
from ..checks import MAX_MS, arg_whole, describe, whole
from ..errors import CourseError, IllegalMoveError
from .protocol import START_FEN_VARIABLE

FAULTS = ("timeout", "malformed", "illegal", "illegal-pass", "crash", "closed")
"""Reason codes of a game lost by a fault."""
ENDINGS = ("no-stones", "board-full", "turn-limit", "no-moves")
"""Reason codes of a game played to its end."""

MAX_LINE = 64 * 1024
"""The longest line (in bytes, without its newline) a program may send."""
MAX_UNREAD_LINES = 256
"""More unread lines than this from one program, and the referee stops reading it."""
STDERR_TAIL = 4096
"""How many bytes of each program's stderr the result keeps (the last ones)."""

_POSIX = os.name == "posix"
_clock = time.monotonic


# --- The result -------------------------------------------------------------------------------


@dataclass
class RefereeResult:
    """How a refereed game ended.

    ``winner`` is 1 (first), 2 (second) or 0 (a draw, or a void game); ``loser`` the player
    whose fault ended the game (None otherwise). ``reason`` is one of ``FAULTS``, ``ENDINGS`` or
    ``'no-contest'``; ``detail`` says it in a sentence. ``moves`` are the moves as the programs
    sent them, ``[x1, y1, x2, y2]`` in protocol coordinates (a pass ``[-1, -1, -1, -1]``);
    ``canonical_moves`` the same moves with each clone's source replaced by the canonical one
    (``State.canonical``: the friendly stone next to the destination with the smallest
    ``(x, y)``), which is what ``legal_moves()`` lists. ``stones`` and ``time_used_ms`` are
    ``[first, second]``, and ``fen`` is the final position.
    """

    winner: int
    reason: str
    detail: str
    moves: list[list[int]]
    stones: list[int]
    time_used_ms: list[float]
    fen: str
    start_fen: str
    loser: int | None = None
    faults: list[dict] = field(default_factory=list)
    commands: list[list[str]] = field(default_factory=list)
    stderr: list[str] = field(default_factory=lambda: ["", ""])
    time_ms: int = 10_000
    pids: list[int | None] = field(default_factory=lambda: [None, None])
    """The process ids of the two programs (each one leads its process group)."""
    canonical_moves: list[list[int]] | None = None
    """``moves`` with canonical clone sources (None: the same as ``moves``)."""

    def __post_init__(self) -> None:
        if self.canonical_moves is None:
            self.canonical_moves = [list(m) for m in self.moves]

    @property
    def turns(self) -> int:
        return len(self.moves)

    def to_dict(self) -> dict:
        """The result as plain JSON-ready values."""
        return {
            "winner": self.winner, "loser": self.loser, "reason": self.reason,
            "detail": self.detail, "moves": [list(m) for m in self.moves],
            "canonical_moves": [list(m) for m in self.canonical_moves],
            "stones": list(self.stones),
            "time_ms": [round(t, 1) for t in self.time_used_ms],
            "time_limit_ms": self.time_ms, "turns": self.turns, "fen": self.fen,
            "start_fen": self.start_fen, "faults": self.faults, "commands": self.commands,
            "stderr": self.stderr,
        }

    def to_json(self) -> str:
        """The result as one line of JSON (``to_dict`` as text)."""
        return json.dumps(self.to_dict())

    def __str__(self) -> str:
        outcome = ("draw" if self.winner == 0 and self.reason != "no-contest"
                   else "no game" if self.winner == 0
                   else f"{'first (x)' if self.winner == 1 else 'second (o)'} wins")
        return (f"{outcome} ({self.reason}): {self.detail}\n"
                f"{self.turns} turns, stones x {self.stones[0]} - o {self.stones[1]}, "
                f"time used {self.time_used_ms[0]:.0f} / {self.time_used_ms[1]:.0f} ms\n"
                f"final position {self.fen}")


# --- One agent program ------------------------------------------------------------------------


class _Reader(threading.Thread):
    """A thread that owns one of a program's output pipes: it alone reads it, and it closes it
    when the stream ends. (Closing a pipe under a thread blocked reading it would not wake the
    thread, and its next read could hit an unrelated file that reuses the descriptor.)"""

    def __init__(self, stream: Any) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.fd = stream.fileno()

    def run(self) -> None:
        try:
            self.consume()
        finally:
            try:
                self.stream.close()
            except OSError:
                pass

    def read(self) -> bytes:
        try:
            return os.read(self.fd, 65536)
        except OSError:
            return b""

    def consume(self) -> None:
        raise NotImplementedError


class _LineReader(_Reader):
    """Reads a program's stdout into lines (each stamped with its arrival time), bounded in
    line length and in unread lines; then records how the stream ended. A line too long or
    too many unread lines end the stream too: the pipe is closed, and a program that goes on
    writing gets a broken pipe."""

    def __init__(self, stream: Any, max_line: int) -> None:
        super().__init__(stream)
        self.max_line = max_line
        self.lines: deque[tuple[bytes, float]] = deque()
        self.end: tuple[str, float] | None = None     # ('eof'|'overlong'|'flood', time)
        self.cond = threading.Condition()

    def consume(self) -> None:
        buffer = bytearray()
        while True:
            chunk = self.read()
            now = _clock()
            if not chunk:
                return self._finish("eof", now)
            buffer += chunk
            while True:
                newline = buffer.find(b"\n")
                if newline < 0:
                    break
                line = bytes(buffer[:newline])
                del buffer[:newline + 1]
                if len(line) > self.max_line:
                    return self._finish("overlong", now)
                with self.cond:
                    self.lines.append((line, now))
                    self.cond.notify_all()
                    flood = len(self.lines) > MAX_UNREAD_LINES
                if flood:
                    return self._finish("flood", now)
            if len(buffer) > self.max_line:
                return self._finish("overlong", now)

    def _finish(self, kind: str, now: float) -> None:
        with self.cond:
            self.end = (kind, now)
            self.cond.notify_all()

    def next(self, deadline: float, alive: Callable[[], bool]) -> tuple[str, Any, float]:
        """The next line as ``('line', bytes, arrival)``, or ``(end kind, None, time)``, or
        ``('timeout', None, now)`` at the deadline, or ``('exit', None, now)`` when the process
        has exited with nothing more to read (a child may still hold the pipe open)."""
        while True:
            with self.cond:
                if self.lines:
                    line, arrival = self.lines.popleft()
                    return "line", line, arrival
                if self.end is not None:
                    return self.end[0], None, self.end[1]
                now = _clock()
                if now >= deadline:
                    return "timeout", None, now
                self.cond.wait(min(deadline - now, 0.05))
                if self.lines or self.end is not None:
                    continue
            if not alive():
                # Give the reader a moment to collect what the process wrote before exiting.
                with self.cond:
                    self.cond.wait(0.05)
                    if self.lines or self.end is not None:
                        continue
                return "exit", None, _clock()

    def pending(self) -> tuple[str, Any] | None:
        """What the program sent that nobody asked for: ``('line', bytes)`` or
        ``(end kind, None)``; None when there is nothing."""
        with self.cond:
            if self.lines:
                return "line", self.lines[0][0]
            if self.end is not None:
                return self.end[0], None
        return None


class _TailReader(_Reader):
    """Drains a program's stderr, keeping only the last ``limit`` bytes."""

    def __init__(self, stream: Any, limit: int = STDERR_TAIL) -> None:
        super().__init__(stream)
        self.limit = limit
        self.tail = bytearray()
        self.lock = threading.Lock()

    def consume(self) -> None:
        while True:
            chunk = self.read()
            if not chunk:
                return
            with self.lock:
                self.tail += chunk
                if len(self.tail) > self.limit:
                    del self.tail[:len(self.tail) - self.limit]

    def text(self) -> str:
        with self.lock:
            return self.tail.decode("utf-8", errors="replace")


class _Fault(Exception):
    def __init__(self, player: int, reason: str, detail: str, late: bool = False) -> None:
        super().__init__(detail)
        self.player, self.reason, self.detail, self.late = player, reason, detail, late


_SIDE = {FIRST: "first (x)", SECOND: "second (o)"}


def _show(line: bytes, limit: int = 60) -> str:
    text = line.decode("utf-8", errors="replace")
    return repr(text if len(text) <= limit else text[:limit] + "...")


class _Program:
    """One agent program: its process, its pipes and its readers."""

    def __init__(self, player: int, argv: list[str], env: dict, cwd: str | None,
                 max_line: int) -> None:
        self.player = player
        self.side = _SIDE[player]
        self.argv = argv
        self.proc: subprocess.Popen | None = None
        self.start_error: str | None = None
        self.out: _LineReader | None = None
        self.err: _TailReader | None = None
        self.broken = False
        kwargs: dict[str, Any] = {}
        if _POSIX:
            kwargs["start_new_session"] = True
        elif sys.platform == "win32":
            kwargs["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, bufsize=0, env=env, cwd=cwd,
                                         close_fds=True, **kwargs)
        except (OSError, ValueError, subprocess.SubprocessError) as error:
            self.start_error = f"{type(error).__name__}: {error}"
            return
        if _POSIX:
            os.set_blocking(self.proc.stdin.fileno(), False)
        # The readers own the pipes from now on (see _Reader).
        self.out = _LineReader(self.proc.stdout, max_line)
        self.err = _TailReader(self.proc.stderr)
        self.proc.stdout = self.proc.stderr = None
        self.out.start()
        self.err.start()

    @property
    def pid(self) -> int | None:
        return None if self.proc is None else self.proc.pid

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def exit_detail(self) -> str:
        code = self.proc.returncode if self.proc is not None else None
        if code is None:
            return "its process ended"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"its process was killed by {name}"
        return f"its process exited with code {code}"

    def _gone(self, what: str) -> _Fault:
        """The fault of a program whose pipe ended: crash if it exited, else closed."""
        if self.proc is not None:
            try:
                self.proc.wait(timeout=0.25)
            except subprocess.TimeoutExpired:
                pass
        if self.alive():
            return _Fault(self.player, "closed", f"{self.side} closed its {what} but kept running")
        return _Fault(self.player, "crash", f"{self.side} crashed: {self.exit_detail()}")

    def send(self, text: str) -> None:
        """Write one line; raise _Fault if the program cannot take it."""
        if self.proc is None:
            raise _Fault(self.player, "crash",
                         f"{self.side} could not be started: {self.start_error}")
        if self.broken:
            raise self._gone("input")
        data = (text + "\n").encode("ascii")
        try:
            written = os.write(self.proc.stdin.fileno(), data)
        except BlockingIOError:
            written = 0
        except (BrokenPipeError, OSError):
            self.broken = True
            raise self._gone("input") from None
        if written != len(data):
            self.broken = True
            raise _Fault(self.player, "timeout",
                         f"{self.side} stopped reading its input (the pipe to it is full)")

    def check_quiet(self, when: str) -> None:
        """Raise _Fault if the program sent anything it was not asked for."""
        pending = self.out.pending() if self.out is not None else None
        if pending is None:
            return
        kind, line = pending
        if kind == "line":
            raise _Fault(self.player, "malformed",
                         f"{self.side} printed {_show(line)} {when}; a program may print "
                         "only its answers")
        self._raise_end(kind, "")

    def _raise_end(self, kind: str, asked: str) -> None:
        if kind == "eof":
            raise self._gone("output")
        if kind == "exit":
            raise _Fault(self.player, "crash", f"{self.side} crashed: {self.exit_detail()}"
                                               f"{asked}")
        if kind == "overlong":
            raise _Fault(self.player, "malformed",
                         f"{self.side} sent a line longer than {self.out.max_line} bytes")
        if kind == "flood":
            raise _Fault(self.player, "malformed",
                         f"{self.side} sent more than {MAX_UNREAD_LINES} lines nobody asked for")
        raise AssertionError(kind)

    def answer(self, deadline: float, asked: str) -> tuple[bytes, float]:
        """The next line before ``deadline``, and when it arrived; raise _Fault otherwise."""
        if self.out is None:
            raise _Fault(self.player, "crash",
                         f"{self.side} could not be started: {self.start_error}")
        kind, line, arrival = self.out.next(deadline, self.alive)
        if kind == "line":
            if arrival > deadline:
                raise _Fault(self.player, "timeout", f"{self.side} answered {asked} too late",
                             late=True)
            return line.rstrip(b"\r"), arrival
        if kind == "timeout":
            raise _Fault(self.player, "timeout", f"{self.side} did not answer {asked} "
                         "(if it printed its answer, did it flush its output?)")
        self._raise_end(kind, f" before answering {asked}")
        raise AssertionError("unreachable")

    def stderr_text(self) -> str:
        return self.err.text() if self.err is not None else (self.start_error or "")


def _signal_group(program: _Program, sig: int) -> bool:
    """Send ``sig`` to the program's process group; False when nothing is left in it."""
    if program.proc is None:
        return False
    if not _POSIX:                  # no process groups to signal: stop the program itself
        if program.proc.poll() is not None:
            return False
        if sig == signal.SIGTERM:
            program.proc.terminate()
        else:
            program.proc.kill()
        return True
    try:
        os.killpg(program.proc.pid, sig)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:          # the group id was reused by someone else's processes
        return False


def _group_alive(program: _Program) -> bool:
    if program.proc is None:
        return False
    program.proc.poll()                                  # reap the leader if it has exited
    if not _POSIX:
        return program.proc.returncode is None
    try:
        os.killpg(program.proc.pid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    if os.path.isdir("/proc/self"):
        # Killed members stay zombies until init reaps them, which some inits do slowly:
        # only members that still run count.
        return bool(_running_members(program.proc.pid))
    return True


def _running_members(pgid: int) -> list[int]:
    """The processes of group ``pgid`` that are not zombies (Linux: read from /proc)."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        if len(fields) > 2 and int(fields[2]) == pgid and fields[0] not in (b"Z", b"X"):
            members.append(int(entry))
    return members


def _wait_groups(programs: list[_Program], seconds: float) -> list[_Program]:
    deadline = _clock() + seconds
    left = [p for p in programs if _group_alive(p)]
    while left and _clock() < deadline:
        time.sleep(0.01)
        left = [p for p in left if _group_alive(p)]
    return left


def _shut_down(programs: list[_Program], faulty: set[int], grace: float) -> None:
    """FINISH to everyone, a moment to exit, then SIGTERM and SIGKILL to what is left."""
    for program in programs:
        if program.proc is None:
            continue
        try:
            program.send("FINISH")
        except _Fault:
            pass
        try:
            program.proc.stdin.close()
        except OSError:
            pass
    polite = [p for p in programs if p.proc is not None and p.player not in faulty]
    deadline = _clock() + grace
    for program in polite:
        try:
            program.proc.wait(timeout=max(0.0, deadline - _clock()))
        except subprocess.TimeoutExpired:
            pass
    left = [p for p in programs if _group_alive(p)]
    for program in left:
        _signal_group(program, signal.SIGTERM)
    left = _wait_groups(left, grace)
    for program in left:
        _signal_group(program, getattr(signal, "SIGKILL", signal.SIGTERM))
    left = _wait_groups(left, 5.0)
    for program in programs:
        if program.proc is None:
            continue
        try:
            program.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass
        for thread in (program.out, program.err):
            if thread is not None:
                # Ends at once, unless a process that left the group still holds the pipe:
                # then the thread keeps the pipe until that process ends (see _Reader).
                thread.join(timeout=0.5)


# --- The game ---------------------------------------------------------------------------------


def program_words(command: str | Sequence[str]) -> list[str]:
    """The words of a command line (split as a shell would) or of a list of words; an empty
    or unreadable one is refused in words."""
    if isinstance(command, str):
        try:
            argv = shlex.split(command, posix=_POSIX)
        except ValueError as error:             # e.g. "No closing quotation"
            raise CourseError(f"the command {command[:200]!r} cannot be split into words: "
                              f"{error}; quote it as a shell would, e.g. \"python my_agent.py "
                              "--name 'my bot'\"") from None
    elif isinstance(command, (list, tuple)) and all(isinstance(word, (str, os.PathLike))
                                                    for word in command):
        argv = [os.fspath(word) for word in command]
    else:
        raise CourseError(f"a command is a command line (text) or a list of its words, got "
                          f"{describe(command)}")
    if not argv:
        raise CourseError("the command is empty; give a command line such as "
                          "'python -m course_lib agent greedy'")
    return argv


def _parse_move(player: int, line: bytes) -> Move:
    side = _SIDE[player]
    try:
        words = line.decode("ascii").split()
    except UnicodeDecodeError:
        words = []
    if len(words) != 5 or words[0] != "MOVE":
        raise _Fault(player, "malformed", f"{side} answered {_show(line)}; expected "
                     "'MOVE x1 y1 x2 y2' (a pass: 'MOVE -1 -1 -1 -1')")
    try:
        coordinates = [int(word) for word in words[1:]]
    except ValueError:
        raise _Fault(player, "malformed", f"{side} answered {_show(line)}; the four "
                     "coordinates must be whole numbers") from None
    try:
        return Move(*coordinates)
    except ValueError as error:
        raise _Fault(player, "illegal", f"{side} answered {_show(line)}, which is not a "
                     f"move: {error}") from None


def ending(state: State) -> str:
    """The reason code (one of ``ENDINGS``) of a game that was played to its end."""
    if state.stones(FIRST) == 0 or state.stones(SECOND) == 0:
        return "no-stones"
    if state.empty_squares == 0:
        return "board-full"
    if state.turns >= MAX_TURNS:
        return "turn-limit"
    return "no-moves"


def referee(cmd_first: str | Sequence[str], cmd_second: str | Sequence[str],
            time_ms: int = 10_000, ready_ms: int = 3_000, start_fen: str | None = None, *,
            max_line: int = MAX_LINE, grace_ms: int = 500, cwd: str | None = None,
            env: dict | None = None,
            on_move: Callable[[State, Move, int, float], None] | None = None) -> RefereeResult:
    """Play one game between two programs under the referee protocol and return the result.

    ``cmd_first`` / ``cmd_second`` are command lines (a string, split as a shell would, or a
    list of words); the first program plays x and moves first. Each has ``time_ms`` for the
    whole game and ``ready_ms`` to answer READY. ``start_fen`` is the start position (default:
    the standard start). ``grace_ms`` is how long a program may take to exit after FINISH (and
    after SIGTERM) before it is stopped harder. ``env`` adds environment variables for both
    programs; ``on_move(state, move, player, used_ms)`` is called after each accepted move with
    the position before it and the move as the program sent it.
    """
    for name, value in (("time_ms", time_ms), ("ready_ms", ready_ms), ("grace_ms", grace_ms)):
        whole(value, name, 0 if name == "grace_ms" else 1, MAX_MS, "ms", error=CourseError)
    whole(max_line, "max_line", 1, MAX_LINE * 1024, "bytes", error=CourseError)
    argvs = {FIRST: program_words(cmd_first), SECOND: program_words(cmd_second)}
    start = State.from_fen(start_fen) if start_fen else State.start()
    environment = dict(os.environ)
    environment.update(env or {})
    environment[START_FEN_VARIABLE] = start.fen()

    state = start
    moves: list[list[int]] = []
    canonical_moves: list[list[int]] = []
    remaining = {FIRST: float(time_ms), SECOND: float(time_ms)}
    used = {FIRST: 0.0, SECOND: 0.0}
    faults: list[_Fault] = []
    programs: dict[int, _Program] = {}
    grace = grace_ms / 1000
    try:
        for player in (FIRST, SECOND):
            programs[player] = _Program(player, argvs[player], environment, cwd, max_line)

        # READY: both at once, each with its own answer to give before the same deadline.
        ready_sent = _clock()
        ready_deadline = ready_sent + ready_ms / 1000
        for player in (FIRST, SECOND):
            try:
                programs[player].send("READY FIRST" if player == FIRST else "READY SECOND")
            except _Fault as fault:
                faults.append(fault)
        for player in (FIRST, SECOND):
            if any(f.player == player for f in faults):
                continue
            program = programs[player]
            try:
                line, _ = program.answer(ready_deadline, f"READY within {ready_ms} ms")
                if line.strip() != b"OK":
                    raise _Fault(player, "malformed",
                                 f"{program.side} answered READY with {_show(line)}; expected 'OK'")
            except _Fault as fault:
                faults.append(fault)

        while not faults and not state.is_over():
            player = state.to_move
            program, other = programs[player], programs[3 - player]
            try:
                program.check_quiet("before its turn")
                program.send(f"TURN {int(remaining[player])} {int(remaining[3 - player])}")
                sent = _clock()
                deadline = sent + remaining[player] / 1000
                try:
                    line, arrival = program.answer(deadline, "its TURN")
                except _Fault as fault:
                    if fault.reason == "timeout" and not program.broken:
                        fault.detail = (
                            f"{program.side} did not answer its TURN within the "
                            f"{remaining[player]:.0f} ms left on its clock"
                            + (" (the answer came too late)" if fault.late else
                               " (no MOVE line arrived; if it printed one, did it flush "
                               "its output?)"))
                        used[player] += remaining[player]
                        remaining[player] = 0.0
                    raise
                spent = max(0.0, (arrival - sent) * 1000)
                used[player] += spent
                remaining[player] -= spent
                move = _parse_move(player, line)
                try:
                    state.check_move(move)
                except IllegalMoveError as error:
                    reason = "illegal-pass" if move.is_pass else "illegal"
                    raise _Fault(player, reason, f"{program.side} played MOVE "
                                 f"{move.protocol()}: {error}") from None
            except _Fault as fault:
                faults.append(fault)
                break
            # Written down and relayed as sent; played in its canonical form (the same position).
            canonical = state.canonical(move)
            if on_move is not None:
                on_move(state, move, player, spent)
            state = state.apply(canonical)
            moves.append([move.x1, move.y1, move.x2, move.y2])
            canonical_moves.append([canonical.x1, canonical.y1, canonical.x2, canonical.y2])
            try:
                other.send(f"OPP {move.protocol()} {int(round(spent))}")
            except _Fault as fault:
                if not state.is_over():
                    faults.append(fault)
    finally:
        _shut_down(list(programs.values()), {f.player for f in faults}, grace)

    stones = [state.stones(FIRST), state.stones(SECOND)]
    fault_records = [{"player": f.player, "reason": f.reason, "detail": f.detail} for f in faults]
    if len(faults) >= 2:
        winner, loser, reason = 0, None, "no-contest"
        detail = "neither program could start the game: " + "; ".join(f.detail for f in faults)
    elif faults:
        fault = faults[0]
        winner, loser, reason = 3 - fault.player, fault.player, fault.reason
        detail = fault.detail
    else:
        winner, loser, reason = state.winner(), None, ending(state)
        detail = f"{state.outcome_reason()}: x {stones[0]} - o {stones[1]}"
    return RefereeResult(
        winner=winner, reason=reason, detail=detail, moves=moves, stones=stones,
        time_used_ms=[used[FIRST], used[SECOND]], fen=state.fen(), start_fen=start.fen(),
        loser=loser, faults=fault_records, commands=[argvs[FIRST], argvs[SECOND]],
        stderr=[programs[p].stderr_text() if p in programs else "" for p in (FIRST, SECOND)],
        time_ms=time_ms, pids=[programs[p].pid if p in programs else None
                               for p in (FIRST, SECOND)],
        canonical_moves=canonical_moves)


# --- The command ------------------------------------------------------------------------------


def _referee_command(args: argparse.Namespace) -> int:
    if args.fen is not None and State.from_fen(args.fen).is_over():
        raise CourseError(f"--fen {args.fen}: the game is over in this position "
                          f"({State.from_fen(args.fen).outcome_reason()}); give one with a move "
                          "to play")
    result = referee(args.first, args.second, time_ms=args.time_ms, ready_ms=args.ready_ms,
                     start_fen=args.fen)
    if args.json:
        print(result.to_json())
    else:
        print(f"x: {shlex.join(result.commands[0])}")
        print(f"o: {shlex.join(result.commands[1])}")
        print(result)
    return 0


def register(subparsers: Any) -> None:
    """Add ``referee CMD_FIRST CMD_SECOND [--time-ms] [--ready-ms] [--fen] [--json]``."""
    p = subparsers.add_parser(
        "referee", help="play one game between two agent programs (the referee protocol)",
        description="Start both programs, play one game under the referee protocol "
                    "(READY/OK, TURN/MOVE, OPP, FINISH) and print the result. A program that "
                    "answers late, malformed or illegal, crashes, or closes its output loses.",
        epilog="example: python -m course_lib referee \"python -m course_lib agent greedy\" "
               "\"python -m course_lib agent alphabeta:game=9000\" --json")
    p.add_argument("first", help="command line of the first player (x), quoted as one argument")
    p.add_argument("second", help="command line of the second player (o)")
    p.add_argument("--time-ms", type=arg_whole(1, MAX_MS, "ms"), default=10_000,
                   help="each player's time for the whole game (default 10000)")
    p.add_argument("--ready-ms", type=arg_whole(1, MAX_MS, "ms"), default=3_000,
                   help="time to answer READY (default 3000)")
    p.add_argument("--fen", default=None, help="start position (default: the standard start)")
    p.add_argument("--json", action="store_true",
                   help='print one JSON object: "winner", "loser", "reason", "detail", "moves" '
                        '(as the programs sent them), "canonical_moves" (clones with their '
                        'canonical source), "stones", "time_ms", "fen", ...')
    p.set_defaults(run=_referee_command)


__all__ = ["ENDINGS", "FAULTS", "MAX_LINE", "RefereeResult", "ending", "referee", "register"]
