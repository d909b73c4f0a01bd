"""Small tools for a tournament of agent programs (introduced in notebook 08).

- ``round_robin_games(players, pairs_per_match)``: how many games a round robin plays.
- ``logged(command, path)``: a command line that runs ``command`` and writes every line it
  receives from the referee and every line it sends back to ``path``: a transcript of one
  program's side of the referee protocol (COURSE_SPEC section 3). ``read_log(path)`` reads it.
- ``replay(transcript)``: plays a transcript again through the referee, the program's answers
  and the opponent's moves as written, and returns the referee's result: what the referee
  makes of a transcript.

A transcript has one line per protocol line: ``> `` and the line the program received,
``< `` and the line it sent; when the program's output ends, a note ``# `` says whether it
exited (and how) or closed its output and ran on::

    > READY FIRST
    < OK
    > TURN 10000 10000
    < MOVE 1 1 2 2
    > OPP 1 7 2 6 3
    ...
    > FINISH
    # exited with code 0

From a shell, the logging wrapper is::

    python -m course_lib.match.tournament --log game.log python my_agent.py

>>> round_robin_games(5, 4)
80
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
from pathlib import Path
from typing import Any, Sequence

from ..errors import CourseError
from .referee import program_words

__all__ = ["logged", "read_log", "relay", "replay", "round_robin_games"]

LOG_LINE_LIMIT = 200
"""A logged line longer than this many characters is cut (the line itself is passed on whole)."""
READ_LIMIT = 1 << 16
"""The relay reads at most this many bytes at a time."""
EXIT_WAIT_S = 0.1
"""After the program's output ends, how long the relay waits for it to exit before it notes
that the program closed its output and runs on."""
CLOSED_NOTE = "closed its output"


# --- Counting games ---------------------------------------------------------------------------


def round_robin_games(players: int, pairs_per_match: int) -> int:
    """The games of a round robin: every pair of players meets once, in ``pairs_per_match``
    colour-swapped pairs of two games. Each player plays ``2 * pairs_per_match * (players - 1)``.

    >>> round_robin_games(2, 10), round_robin_games(12, 5)
    (20, 660)
    """
    for name, value in (("players", players), ("pairs_per_match", pairs_per_match)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise CourseError(f"{name} must be a whole number >= 0, got {value!r}")
    return players * (players - 1) // 2 * 2 * pairs_per_match


# --- Logging what a program says ---------------------------------------------------------------


def logged(command: str | Sequence[str], log_path: str | os.PathLike) -> list[str]:
    """The command line that runs ``command`` as it is, and writes the transcript of what it
    receives and sends to ``log_path`` (the file is written anew). Give it to the referee
    (or to ``Program``) in place of ``command``; use one log file per game.

    The wrapper passes every line on at once and adds nothing: the program still answers its
    own READY and TURN lines, in its own time, and if it crashes or closes its output the
    referee sees that as before.
    """
    return [sys.executable, "-m", "course_lib.match.tournament", "--log", str(log_path),
            *program_words(command)]


def read_log(log_path: str | os.PathLike) -> list[str]:
    """The lines of a transcript written by a ``logged`` command."""
    return Path(log_path).read_text(encoding="utf-8", errors="replace").splitlines()


def _shown(data: bytes) -> str:
    text = data.rstrip(b"\n").rstrip(b"\r").decode("utf-8", errors="replace")
    return text if len(text) <= LOG_LINE_LIMIT else text[:LOG_LINE_LIMIT] + "..."


class _Log:
    """A transcript file that two threads write to. ``lock`` is held while a chunk is passed
    on and its lines logged, so that the lines are logged in the order they were passed on
    (an answer before the referee's reply to it)."""

    def __init__(self, path: str) -> None:
        self.file = open(path, "w", encoding="utf-8")
        self.lock = threading.Lock()

    def write(self, text: str) -> None:
        """Add a line; the caller holds ``lock``."""
        if not self.file.closed:
            self.file.write(text + "\n")
            self.file.flush()

    def note(self, text: str) -> None:
        with self.lock:
            self.write(f"# {text}")

    def close(self) -> None:
        with self.lock:
            self.file.close()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _pass_on(source: int, target: int, log: _Log, mark: str) -> None:
    """Copy ``source`` to ``target`` until ``source`` ends or ``target`` is closed, logging
    every line passed on with ``mark``. Plain file descriptors (no Python buffers, whose locks
    a thread still blocked in a read at exit would hold)."""
    pending = b""
    try:
        while True:
            chunk = os.read(source, READ_LIMIT)
            if not chunk:
                break
            with log.lock:
                _write_all(target, chunk)           # passed on first: logged only if it was
                pending += chunk
                *lines, pending = pending.split(b"\n")
                for line in lines:
                    log.write(f"{mark} {_shown(line)}")
                if len(pending) > READ_LIMIT:          # a flood without newlines
                    log.write(f"{mark} {_shown(pending)}")
                    pending = b""
    except OSError:                                     # the other side is gone
        pass
    if pending:
        with log.lock:
            log.write(f"{mark} {_shown(pending)}")


def relay(command: Sequence[str], log_path: str, stdin_fd: int = 0, stdout_fd: int = 1) -> int:
    """Run ``command`` with its input and output passed through this process (from
    ``stdin_fd``, to ``stdout_fd``), writing the transcript to ``log_path``; return its exit
    code (1 if a signal stopped it).

    When the program exits, the relay closes ``stdout_fd`` and returns (``main`` then exits at
    once); when it closes its output and runs on, the relay closes ``stdout_fd`` and waits for
    it. So the referee sees a crash as a crash, and a program that closed its output but runs
    on as a program that closed its output.
    """
    log = _Log(log_path)
    try:
        child = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 bufsize=0)
    except OSError as error:
        log.close()
        print(f"cannot start {shlex.join(command)}: {error}", file=sys.stderr)
        return 127
    child_in, child_out = child.stdin.fileno(), child.stdout.fileno()

    def feed() -> None:
        _pass_on(stdin_fd, child_in, log, ">")
        try:
            child.stdin.close()                     # the referee is done: so is the input
        except OSError:
            pass

    threading.Thread(target=feed, daemon=True).start()
    _pass_on(child_out, stdout_fd, log, "<")
    try:
        code = child.wait(timeout=EXIT_WAIT_S)
        log.note(_exit_note(code))
    except subprocess.TimeoutExpired:               # it closed its output and runs on:
        _close(stdout_fd)                           # so does the relay
        log.note(CLOSED_NOTE)
        code = child.wait()
    log.close()
    _close(stdout_fd)         # the caller exits at once: the referee sees the end and the exit
    return code if code >= 0 else 1


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _exit_note(code: int) -> str:
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"


# --- Replaying a transcript -------------------------------------------------------------------

_SCRIPTED = r"""
import json, os, sys
script = json.loads(sys.argv[1])
groups, ends, moves = script.get("groups"), script.get("ends", {}), script.get("moves")
received, closed = 0, False
for line in sys.stdin:
    words = line.split()
    if closed:
        continue
    if groups is not None:
        answers = groups[received] if received < len(groups) else []
    elif words and words[0] == "READY":
        answers = ["OK"]
    elif words and words[0] == "TURN":
        answers = [moves.pop(0)] if moves else []
    else:
        answers = []
    for answer in answers:
        sys.stdout.write(answer + "\n")
    sys.stdout.flush()
    end = ends.get(str(received))
    received += 1
    if end is not None and end[0] == "exit":
        os._exit(end[1])
    if end is not None and end[0] == "close":
        os.close(1)
        closed = True
    if words and words[0] == "FINISH":
        break
"""


def _parse_transcript(transcript: str | Sequence[str]) -> tuple[int, dict, list[str]]:
    """(the program's side, its script, the opponent's moves as MOVE lines). The script has
    ``groups``, the answers that followed each line received, and ``ends``: after which line
    received the program exited (``["exit", code]``) or closed its output (``["close"]``)."""
    lines = transcript.splitlines() if isinstance(transcript, str) else list(transcript)
    side = None
    groups: list[list[str]] = []
    ends: dict[str, list] = {}
    moves: list[str] = []
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        mark, text = line[:1], line[2:] if line[1:2] == " " else line[1:]
        if mark == ">":
            words = text.split()
            groups.append([])
            if words[:1] == ["READY"] and side is None and len(words) == 2:
                side = {"FIRST": 1, "SECOND": 2}.get(words[1])
            elif words[:1] == ["OPP"] and len(words) >= 5:
                moves.append("MOVE " + " ".join(words[1:5]))
        elif mark == "<":
            if not groups:
                raise CourseError(f"line {number}: {raw!r} is sent before anything was received")
            groups[-1].append(text)
        elif mark == "#":
            words = text.split()
            at = str(max(0, len(groups) - 1))
            if text.strip() == CLOSED_NOTE:
                ends[at] = ["close"]
            elif words[:3] == ["exited", "with", "code"] and len(words) == 4 \
                    and words[3].lstrip("-").isdigit():
                ends[at] = ["exit", int(words[3]) & 0xFF]
            elif words[:2] == ["killed", "by"]:
                ends[at] = ["exit", 1]
        else:
            raise CourseError(f"line {number}: {raw!r} starts with neither '>' (received), "
                             "'<' (sent) nor '#' (a note)")
    if side is None:
        raise CourseError("the transcript has no 'READY FIRST' or 'READY SECOND' line")
    return side, {"groups": groups, "ends": ends}, moves


def replay(transcript: str | Sequence[str], time_ms: int = 1000, start_fen: str | None = None
           ) -> Any:
    """Play ``transcript`` (text, or its lines) again through the referee and return the
    ``RefereeResult``.

    The program of the transcript answers each line it receives with the lines that followed
    it in the transcript, and nothing once the transcript ends; where a note says that it
    exited or closed its output, it does that there. Its opponent answers READY with OK and
    each TURN with the next move of the transcript's OPP lines, and nothing once they run
    out. Each side has ``time_ms`` for the game, which starts from ``start_fen`` (default:
    the start position). The referee's verdict on a transcript is the result's ``reason``
    and ``detail``.

    >>> result = replay("> READY FIRST\\n< OK\\n> TURN 10000 10000\\n< MOVE 4 4 4 5")
    >>> result.reason, result.loser
    ('illegal', 1)
    """
    from .referee import referee

    side, script, moves = _parse_transcript(transcript)
    program = [sys.executable, "-c", _SCRIPTED, json.dumps(script)]
    opponent = [sys.executable, "-c", _SCRIPTED, json.dumps({"moves": moves})]
    first, second = (program, opponent) if side == 1 else (opponent, program)
    return referee(first, second, time_ms=time_ms, start_fen=start_fen)


# --- The command ------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m course_lib.match.tournament",
        description="Run an agent program, passing its input and output through, and write "
                    "every line it receives ('> ') and sends ('< ') to a log file.")
    parser.add_argument("--log", required=True, help="the transcript file (written anew)")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="the program's command line, e.g. python my_agent.py")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the program's command line after --log FILE")
    return relay(command, args.log)


if __name__ == "__main__":
    code = main()
    sys.stderr.flush()
    os._exit(code)          # at once, without waiting for the thread still reading the input
