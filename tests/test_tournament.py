"""course_lib.match.tournament: counting round-robin games, the logging wrapper (a transcript
of what a program said, while the referee sees the program exactly as without it), and
replaying a transcript through the referee."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from course_lib.ataxx import State
from course_lib.match import round_robin
from course_lib.match.referee import referee
from course_lib.match.tournament import (_parse_transcript, logged, read_log, replay,
                                         round_robin_games)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the fault agents need POSIX")

AGENTS = Path(__file__).parent / "fault_agents"
GREEDY = [sys.executable, "-m", "course_lib", "agent", "greedy"]


def fault_agent(script: str) -> list[str]:
    return [sys.executable, str(AGENTS / f"{script}.py"), "tournament-test"]


# --- Counting games ---------------------------------------------------------------------------


@pytest.mark.parametrize("players, pairs", [(2, 1), (3, 1), (4, 2), (5, 4), (12, 5), (1, 3)])
def test_round_robin_games_is_the_number_of_games_played(players, pairs):
    by_formula = round_robin_games(players, pairs)
    by_hand = sum(2 * pairs for i in range(players) for j in range(i + 1, players))
    assert by_formula == by_hand
    if players <= 3:
        specs = ["greedy", "random", "alphabeta:depth=1"][:players] if players > 1 else None
        if specs:
            report = round_robin(specs, pairs, workers=0, progress=False)
            assert report.games_matrix().sum() // 2 == by_formula


@pytest.mark.parametrize("bad", [-1, 2.0, True, "5", None])
def test_round_robin_games_refuses_what_is_not_a_count(bad):
    with pytest.raises(ValueError):
        round_robin_games(bad, 2)
    with pytest.raises(ValueError):
        round_robin_games(3, bad)


# --- The logging wrapper ----------------------------------------------------------------------


def test_logged_game_is_the_same_game(tmp_path):
    plain = referee(fault_agent("good"), GREEDY, time_ms=5000)
    log = tmp_path / "good.log"
    wrapped = referee(logged(fault_agent("good"), log), GREEDY, time_ms=5000)
    assert (wrapped.winner, wrapped.reason, wrapped.moves) == (plain.winner, plain.reason,
                                                               plain.moves)
    lines = read_log(log)
    assert lines[:3] == ["> READY FIRST", "< OK", "> TURN 5000 5000"]
    assert lines[-2:] == ["> FINISH", "# exited with code 0"]
    sent = [line[2:] for line in lines if line.startswith("< MOVE")]
    received = [line[2:] for line in lines if line.startswith("> OPP")]
    ours = [" ".join(map(str, m)) for m in wrapped.moves[0::2]]
    theirs = [" ".join(map(str, m)) for m in wrapped.moves[1::2]]
    assert [s.removeprefix("MOVE ") for s in sent] == ours
    assert [" ".join(r.split()[1:5]) for r in received] == theirs
    turns = [line for line in lines if line.startswith("> TURN")]
    assert len(turns) == len(ours)


def test_logged_accepts_a_command_string(tmp_path):
    log = tmp_path / "string.log"
    command = " ".join(f"'{word}'" for word in fault_agent("good"))
    result = referee(GREEDY, logged(command, log), time_ms=5000)
    assert result.reason in ("no-stones", "board-full", "turn-limit")
    assert read_log(log)[0] == "> READY SECOND"


@pytest.mark.parametrize("script, reason, expected", [
    ("crash_midgame", "crash", "# exited with code 1"),
    ("close_output", "closed", "# closed its output"),
    ("illegal_move", "illegal", "< MOVE 4 4 4 5"),
    ("garbage", "malformed", "< HELLO referee, here is my move: b6"),
    ("bad_ready", "malformed", "< READY"),
    ("pass_with_moves", "illegal-pass", "< MOVE -1 -1 -1 -1"),
])
def test_faults_look_the_same_through_the_wrapper(tmp_path, script, reason, expected):
    side = 2 if script == "garbage" else 1
    commands = [fault_agent(script), GREEDY]
    log = tmp_path / f"{script}.log"
    wrapped = [logged(fault_agent(script), log), GREEDY]
    if side == 2:
        commands.reverse()
        wrapped.reverse()
    plain = referee(*commands, time_ms=2000, ready_ms=2000)
    result = referee(*wrapped, time_ms=2000, ready_ms=2000)
    assert (result.reason, result.loser, result.moves) == (plain.reason, side, plain.moves)
    assert result.reason == reason
    assert expected in read_log(log)


def test_a_crash_is_seen_at_once_not_as_a_timeout(tmp_path):
    log = tmp_path / "crash.log"
    result = referee(logged(fault_agent("crash_at_start"), log), GREEDY, time_ms=10_000,
                     ready_ms=10_000)
    assert result.reason == "crash"
    assert "deliberate crash at start" in result.stderr[0]       # its stderr passes through
    assert read_log(log)[-1] == "# exited with code 1"


def test_a_program_that_cannot_start(tmp_path):
    log = tmp_path / "missing.log"
    result = referee(logged([str(tmp_path / "no-such-program")], log), GREEDY, time_ms=2000)
    assert (result.reason, result.loser) == ("crash", 1)
    assert "cannot start" in result.stderr[0]


def test_long_lines_are_cut_in_the_log_only(tmp_path):
    log = tmp_path / "flood.log"
    result = referee(GREEDY, logged(fault_agent("flood"), log), time_ms=2000)
    assert (result.reason, result.loser) == ("malformed", 2)
    assert all(len(line) <= 2 + 200 + 3 for line in read_log(log))


# --- Replaying a transcript -------------------------------------------------------------------


@pytest.mark.parametrize("script, side", [
    ("crash_midgame", 1), ("close_output", 1), ("illegal_move", 1), ("garbage", 2),
    ("chatter", 2), ("pass_with_moves", 1), ("never_answer", 1), ("exit_early", 1),
])
def test_a_replayed_transcript_ends_as_the_game_did(tmp_path, script, side):
    log = tmp_path / f"{script}.log"
    commands = [logged(fault_agent(script), log), GREEDY]
    if side == 2:
        commands.reverse()
    original = referee(*commands, time_ms=1000, ready_ms=2000)
    again = replay(read_log(log), time_ms=1000)
    assert (again.reason, again.loser, again.moves) == (original.reason, original.loser,
                                                        original.moves)


def test_replay_of_a_written_transcript():
    transcript = """
        > READY SECOND
        < OK
        > OPP 1 1 2 2 5
        > TURN 10000 9995
        < MOVE -1 -1 -1 -1
    """
    result = replay([line.strip() for line in transcript.splitlines()])
    assert (result.reason, result.loser, result.moves) == ("illegal-pass", 2, [[1, 1, 2, 2]])


def test_replay_of_a_finished_game_ends_as_it_did(tmp_path):
    log = tmp_path / "finished.log"
    original = referee(GREEDY, logged(fault_agent("good"), log), time_ms=5000)
    assert original.reason in ("no-stones", "board-full")
    again = replay(read_log(log), time_ms=5000)
    assert (again.winner, again.reason, again.moves) == (original.winner, original.reason,
                                                         original.moves)
    assert again.fen == original.fen


def test_replay_from_another_start():
    fen = "x5o/7/7/7/7/7/o5x o 0 1"       # o to move first
    state = State.from_fen(fen)
    move = state.legal_moves()[0]
    result = replay(["> READY FIRST", "< OK", f"> OPP {move.protocol()} 3"], start_fen=fen,
                    time_ms=300)
    assert result.moves[0] == [move.x1, move.y1, move.x2, move.y2]
    assert (result.reason, result.loser) == ("timeout", 1)      # the transcript stops there


@pytest.mark.parametrize("bad, message", [
    (["< OK"], "before anything was received"),
    (["READY FIRST"], "neither"),
    (["> TURN 1 1", "< MOVE 1 1 2 2"], "no 'READY FIRST'"),
])
def test_transcripts_that_cannot_be_read(bad, message):
    with pytest.raises(ValueError, match=message):
        _parse_transcript(bad)


def test_parse_groups_answers_by_the_line_they_follow():
    side, script, moves = _parse_transcript(
        ["> READY FIRST", "< OK", "> TURN 1 1", "< MOVE 1 1 2 2", "< hello",
         "> OPP 1 7 2 6 0", "> TURN 1 1", "# exited with code 3"])
    assert side == 1
    assert script == {"groups": [["OK"], ["MOVE 1 1 2 2", "hello"], [], []],
                      "ends": {"3": ["exit", 3]}}
    assert moves == ["MOVE 1 7 2 6"]
