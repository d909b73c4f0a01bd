"""The referee against broken agent programs (tests/fault_agents): each one loses with the
right reason, within a bounded time, and leaves no process behind.

The games run concurrently (a few at a time) once per session; each test then checks one.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

from course_lib.ataxx import Move, State
from course_lib.match.referee import ENDINGS, FAULTS, referee

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")

AGENTS = Path(__file__).parent / "fault_agents"
TIME_MS = 2000
READY_MS = 2000
SLACK_S = 3.0
"""Start-up, shutdown (FINISH, SIGTERM, SIGKILL) and a loaded machine, on top of the clocks."""


@dataclass(frozen=True)
class Case:
    script: str
    side: int                 # which side the broken program plays
    reason: str
    detail: str               # a piece of the sentence the referee writes
    stderr: str = ""          # a piece of the broken program's stderr the result keeps
    min_turns: int = 0
    limit_s: float = 0.0      # the referee's time for this case, beyond which it hangs


CASES = {
    "crash at start": Case("crash_at_start", 1, "crash", "exited with code 1",
                           stderr="deliberate crash at start"),
    "crash mid-game": Case("crash_midgame", 2, "crash", "exited with code 1",
                           stderr="deliberate crash on turn 3", min_turns=5),
    "never answers": Case("never_answer", 1, "timeout", "did not answer its TURN", min_turns=2),
    "answers late": Case("answer_late", 2, "timeout", "did not answer its TURN", min_turns=3),
    "garbage": Case("garbage", 2, "malformed", "HELLO referee", min_turns=1),
    "illegal move": Case("illegal_move", 1, "illegal", "source (4, 4) = d4 is empty",
                         min_turns=2),
    "pass with moves": Case("pass_with_moves", 1, "illegal-pass", "may not pass"),
    "flood, no newline": Case("flood", 2, "malformed", "longer than 65536 bytes", min_turns=1),
    "flood of lines": Case("line_flood", 2, "malformed", "thinking...", min_turns=1),
    "exits early": Case("exit_early", 1, "crash", "exited with code 0", min_turns=2),
    "ignores stdin and sleeps": Case("ignore_stdin", 2, "timeout", "did not answer READY"),
    "forks a child": Case("fork_child", 1, "crash", "exited with code 1", min_turns=2),
    "closes its output": Case("close_output", 1, "closed", "closed its output"),
    "ignores SIGTERM": Case("stubborn", 2, "timeout", "did not answer its TURN", min_turns=1),
    "bad READY answer": Case("bad_ready", 1, "malformed", "answered READY with 'READY'"),
    "prints out of turn": Case("chatter", 2, "malformed", "printed 'info string my first move'",
                               min_turns=3),
}


def _command(script: str, marker: str) -> list[str]:
    return [sys.executable, str(AGENTS / f"{script}.py"), marker]


def _process_table() -> list[tuple[int, int, str, str]]:
    """(pid, process group, state, command line) of every process, zombies included."""
    try:
        import psutil
    except ImportError:
        psutil = None
    table = []
    if psutil is not None:
        for proc in psutil.process_iter(["pid", "status", "cmdline"]):
            try:
                table.append((proc.pid, os.getpgid(proc.pid), proc.info["status"],
                              " ".join(proc.info["cmdline"] or [])))
            except (ProcessLookupError, psutil.Error):
                continue
        return table
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_bytes()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        table.append((int(entry), int(fields[2]), "zombie" if fields[0] == b"Z" else "running",
                      cmdline.replace(b"\0", b" ").decode(errors="replace")))
    return table


def survivors(marker: str, pgids: list[int]) -> list[str]:
    """Processes still running that carry ``marker`` (every program a test starts has it on
    its command line) or belong to one of the process groups ``pgids`` (unless they carry
    another game's marker: the games run concurrently and process ids get reused)."""
    return [f"{pid} (group {pgid}): {cmdline}" for pid, pgid, state, cmdline in _process_table()
            if state != "zombie" and pid != os.getpid()
            and (marker in cmdline or (pgid in pgids and "fault-marker-" not in cmdline))]


def _play(broken: str | None, side: int, good: str = "good", **kwargs) -> dict:
    marker = f"fault-marker-{uuid.uuid4().hex}"
    commands = [_command(good, marker), _command(good, marker)]
    if broken is not None:
        commands[side - 1] = _command(broken, marker)
    started = time.monotonic()
    result = referee(commands[0], commands[1], time_ms=TIME_MS, ready_ms=READY_MS, **kwargs)
    seconds = time.monotonic() - started
    return {"result": result, "record": json.loads(result.to_json()), "seconds": seconds,
            "survivors": survivors(marker, [pid for pid in result.pids if pid])}


@pytest.fixture(scope="module")
def games():
    """Every case's game, played four at a time."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = {name: pool.submit(_play, case.script, case.side)
                   for name, case in CASES.items()}
        futures["good vs good"] = pool.submit(_play, None, 1)
        futures["both broken"] = pool.submit(_play, "crash_at_start", 1, good="ignore_stdin")
        return {name: future.result(timeout=120) for name, future in futures.items()}


def replay(record: dict) -> State:
    state = State.from_fen(record["start_fen"])
    for move in record["moves"]:
        state = state.play(Move(*move))
    assert state.fen() == record["fen"]
    assert [state.stones(1), state.stones(2)] == record["stones"]
    return state


@pytest.mark.parametrize("name", list(CASES))
def test_a_broken_program_loses_with_the_right_reason(games, name):
    case, game = CASES[name], games[name]
    record = game["record"]
    assert (record["reason"], record["loser"], record["winner"]) == \
           (case.reason, case.side, 3 - case.side), record["detail"]
    assert case.reason in FAULTS
    assert case.detail in record["detail"]
    assert record["detail"].startswith("first (x)" if case.side == 1 else "second (o)")
    assert case.stderr in record["stderr"][case.side - 1]
    assert record["turns"] >= case.min_turns
    assert record["faults"] == [{"player": case.side, "reason": case.reason,
                                 "detail": record["detail"]}]
    replay(record)                   # the moves before the fault are legal and add up


@pytest.mark.parametrize("name", list(CASES))
def test_the_referee_returns_in_bounded_time(games, name):
    assert games[name]["seconds"] < (TIME_MS + READY_MS) / 1000 + SLACK_S


@pytest.mark.parametrize("name", list(CASES) + ["good vs good", "both broken"])
def test_no_process_is_left_behind(games, name):
    assert games[name]["survivors"] == []


def test_a_late_answer_is_not_waited_for(games):
    # answer_late answers 3 s after its clock ran out: the referee has long given up.
    game = games["answers late"]
    assert game["seconds"] < TIME_MS / 1000 + 2.5
    assert game["record"]["time_ms"][1] == pytest.approx(TIME_MS, abs=1)


def test_a_timeout_spends_the_whole_clock(games):
    record = games["never answers"]["record"]
    assert record["time_ms"][0] == pytest.approx(TIME_MS, abs=1)
    assert record["time_ms"][1] < TIME_MS


def test_good_programs_play_a_whole_consistent_game(games):
    record = games["good vs good"]["record"]
    assert record["reason"] in ENDINGS and record["loser"] is None, record["detail"]
    state = replay(record)
    assert state.is_over() and state.winner() == record["winner"]
    assert record["faults"] == [] and record["stderr"] == ["", ""]


def test_when_both_programs_fail_at_the_start_there_is_no_game(games):
    record = games["both broken"]["record"]
    assert (record["winner"], record["loser"], record["reason"]) == (0, None, "no-contest")
    assert [f["reason"] for f in record["faults"]] == ["crash", "timeout"]
    assert record["moves"] == []


def test_a_command_that_does_not_exist_loses_as_a_crash():
    result = referee(["/nonexistent/agent-program"], _command("good", "unused"),
                     time_ms=TIME_MS, ready_ms=READY_MS)
    assert (result.winner, result.reason) == (2, "crash")
    assert "could not be started" in result.detail


@pytest.mark.parametrize("commands", [("'unbalanced", "..."), ('python "agent.py', "greedy"),
                                      ("", "python agent.py")])
def test_a_command_line_that_cannot_be_read_is_one_line_and_exit_2(commands):
    import subprocess
    done = subprocess.run([sys.executable, "-m", "course_lib", "referee", *commands],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in done.stderr
    assert "command" in lines[0]


def test_the_referee_refuses_an_unreadable_command_with_the_course_error():
    from course_lib.errors import CourseError
    with pytest.raises(CourseError, match="No closing quotation"):
        referee("'unbalanced", ["python", "agent.py"])
