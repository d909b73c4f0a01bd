"""Hostile input, case by case: every command line of ``hostile_inputs.py`` (every subcommand,
grouped by kind: numbers out of range, settings the machine cannot hold, specs that do not fit,
files, messages, positions, protocol lines) is answered by running or by one line on stderr
with exit status 2; every library call of ``hostile_calls.py`` returns or raises the library's
own error with a message that says what was expected. And Ctrl-C (SIGINT to the process group,
as a terminal sends it) stops perft, search, a refereed game and an SPRT match promptly, with
exit status 130, one line on stderr and no process left.

``python tests/hostile_inputs.py`` runs the same cases and counts them.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from course_lib.match.uai import uai_transcript
from hostile_inputs import (Alarm, Command, command_cases, judge, library_cases, machine_with,
                            prepare_folder, run_call, run_in_process)

FOLDER = "<folder>"
"""Stands for the test's own empty folder in the cases' command lines."""

COMMANDS = command_cases(FOLDER)
CALLS = library_cases()


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("hostile")
    prepare_folder(str(path))
    return str(path)


def test_the_cases_are_many_and_cover_every_command():
    commands = {case.argv[0] for case in COMMANDS
                if case.argv and not case.argv[0].startswith("-")}
    assert commands >= {"perft", "search", "agent", "referee", "uai", "elo", "sprt", "learn"}
    assert len(COMMANDS) > 1000 and len(CALLS) > 2000


def test_the_spec_ranges_are_the_library_ranges():
    from course_lib.agents.spec import _ENGINE_MAX_DEPTH, parse_spec
    from course_lib.engine.engine import MAX_DEPTH
    assert _ENGINE_MAX_DEPTH == MAX_DEPTH
    assert parse_spec(f"engine:depth={MAX_DEPTH}")[1] == {"depth": MAX_DEPTH}


@pytest.mark.parametrize("case", COMMANDS, ids=[case.id() for case in COMMANDS])
def test_a_hostile_command_line_runs_or_is_refused_in_one_line(case: Command, folder: str):
    case = dataclasses.replace(case, argv=tuple(word.replace(FOLDER, folder)
                                                for word in case.argv))
    with Alarm(300):
        outcome = run_in_process(case)
    assert judge(case, outcome) == "", (case.argv, outcome)


@pytest.mark.parametrize("call", CALLS, ids=[f"{call.kind}: {call.name}" for call in CALLS])
def test_a_hostile_library_call_returns_or_raises_the_library_error(call):
    with Alarm(300):
        assert run_call(call) == ""


# --- A few kinds, looked at closer ------------------------------------------------------------


def test_a_hash_the_machine_cannot_hold_is_refused_in_an_info_string_and_uai_goes_on():
    script = "uai\nsetoption name Hash value 65536\nisready\nposition startpos\ngo nodes 50\n"
    with machine_with():                               # 2 GB free, whatever the machine has
        lines = uai_transcript(script + "isready\n", "mcts:tier=fast,iterations=50")
    refusal = [line for line in lines if line.startswith("info string ignored")]
    assert len(refusal) == 1 and "64.0 GB" in refusal[0] and "2.0 GB free" in refusal[0]
    assert lines.count("readyok") == 2                  # it read on, and it searched
    assert sum(line.startswith("bestmove ") for line in lines) == 1


def test_a_file_that_is_not_weights_is_refused_without_numpy_s_advice(tmp_path):
    import numpy as np
    from course_lib.errors import CourseError
    from course_lib.learn.ntuple import load_weights
    pickled = tmp_path / "other.npy"
    np.save(pickled, np.array([{"not": "weights"}], dtype=object), allow_pickle=True)
    with pytest.raises(CourseError) as error:
        load_weights(str(pickled))
    assert "is not an .npz file of learned weights" in str(error.value)
    assert "allow_pickle" not in str(error.value)       # never the advice to unpickle it


def test_learn_refuses_every_bad_path_before_a_game_is_played(tmp_path, folder):
    games = tmp_path / "games.npz"
    for argv, words in [(["--out", ""], "--out is empty"),
                        (["--out", str(games), "--data", str(games)], "the same file"),
                        (["--out", str(tmp_path / "notes.txt")], "notes.npz"),
                        (["--out", str(tmp_path / "w.npz"), "--data",
                          str(tmp_path / "no" / "games.npz")], "does not exist")]:
        case = Command("learn", ("learn", "--seed", "1", "--games", "10", *argv),
                       words=(words,))
        outcome = run_in_process(case)
        assert judge(case, outcome) == "" and outcome.out == "", outcome
    assert list(tmp_path.iterdir()) == []                 # nothing written, nothing lost


# --- Ctrl-C -----------------------------------------------------------------------------------


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2:].split()[0] not in (b"Z", b"X")


def _cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used (user and system)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> list[int]:
    """The running processes below ``pid`` (Linux: from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _running(int(entry)):
            try:
                with open(f"/proc/{entry}/stat", "rb") as handle:
                    stat = handle.read()
            except OSError:
                continue
            parent = int(stat[stat.rfind(b")") + 2:].split()[1])
            children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def interrupt(argv: list[str], ready: str, least_children: int = 0, cpu_s: float = 0.0,
              wait_s: float = 300) -> tuple[int, str, str, float, list[int]]:
    """Start ``python -m course_lib ARGV`` in its own process group, wait until its stdout
    holds ``ready``, it has ``least_children`` processes below it and it has used ``cpu_s``
    seconds of CPU (it is at work, past its start), then send SIGINT to the group as a
    terminal does; return the exit status, stdout, stderr, the seconds from SIGINT to exit,
    and the processes that were below it then and still run."""
    program = subprocess.Popen([sys.executable, "-u", "-m", "course_lib", *argv],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True, text=True)
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(program.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + wait_s
    try:
        while time.monotonic() < deadline and program.poll() is None:
            if (ready in "".join(out) and len(_descendants(program.pid)) >= least_children
                    and _cpu_seconds(program.pid) >= cpu_s):
                break
            time.sleep(0.2)
        assert program.poll() is None, f"it ended before the interrupt: {''.join(out)}"
        assert time.monotonic() < deadline, f"not at work in {wait_s} s: {''.join(out)!r}"
        time.sleep(1.0)                                     # well inside the work
        below = _descendants(program.pid)
        sent = time.monotonic()
        os.killpg(program.pid, signal.SIGINT)
        program.wait(timeout=60)
        seconds = time.monotonic() - sent
        err = program.stderr.read()
        reader.join(timeout=10)
    finally:
        if program.poll() is None:
            os.killpg(program.pid, signal.SIGKILL)
            program.wait()
    end = time.monotonic() + 10                             # a killed child is gone at once
    while time.monotonic() < end and any(_running(pid) for pid in below):
        time.sleep(0.1)
    return program.returncode, "".join(out), err, seconds, [p for p in below if _running(p)]


AGENT = f"{sys.executable} -m course_lib agent alphabeta:depth=4"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table in /proc")
@pytest.mark.parametrize("argv, ready, children, cpu_s, says", [
    (["perft", "--depth", "12"], "depth 5:", 0, 0, "depths 0 to"),
    (["search", "engine:depth=100"], "", 0, 5, "interrupted"),  # the engine's compiled search
    (["referee", AGENT, AGENT, "--time-ms", "10000000", "--ready-ms", "120000"], "", 2, 0,
     "interrupted"),
    (["sprt", "alphabeta:depth=3", "alphabeta:depth=2", "--workers", "2",
      "--decided-depth", "0"], "accept H0 at", 4, 0, "interrupted"),   # 2 workers and more
], ids=["perft", "search", "referee", "sprt"])
def test_ctrl_c_stops_at_once_with_nothing_left_running(argv, ready, children, cpu_s, says):
    code, out, err, seconds, left = interrupt(argv, ready, children, cpu_s)
    assert code == 130, (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "interrupted (Ctrl-C)" in err and says in err, err
    assert seconds < 15, seconds                            # measured: 1 to 2 s
    assert left == [], f"still running after Ctrl-C: {left}"
    if argv[0] == "perft":                                  # the finished depths are printed
        assert "depth 5:      4,752,668" in out
