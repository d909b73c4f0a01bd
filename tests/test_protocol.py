"""The ``agent`` program: the referee protocol in-process (serve) and as a real program, and
whole games through the referee between course agents."""

from __future__ import annotations

import io
import json
import os
import shlex
import subprocess
import sys
import time

import pytest

from course_lib.agents import GreedyAgent, RandomAgent, make_agent
from course_lib.ataxx import PASS, Move, State
from course_lib.match.protocol import serve, usable_ms
from course_lib.match.referee import ENDINGS, referee

PASS_FEN = "xoo4/ooo4/ooo4/7/7/7/7 x 0 1"
"""x's only stone is walled in by o: x must pass every turn while o fills the board."""

COURSE = [sys.executable, "-m", "course_lib"]


def agent_cmd(spec: str) -> list[str]:
    return COURSE + ["agent", spec]


def run(agent, text: str, **kwargs) -> tuple[int, list[str], str]:
    """Serve ``text`` to ``agent``: (exit code, answer lines, log)."""
    out, log = io.StringIO(), io.StringIO()
    code = serve(agent, io.StringIO(text), out, log=log, **kwargs)
    return code, out.getvalue().splitlines(), log.getvalue()


def replay(result: dict) -> State:
    """Play the recorded moves from the recorded start; check them against the record."""
    state = State.from_fen(result["start_fen"])
    for move in result["moves"]:
        state = state.play(Move(*move))
    assert state.fen() == result["fen"]
    assert [state.stones(1), state.stones(2)] == result["stones"]
    if result["reason"] in ENDINGS:
        assert state.is_over()
        assert state.winner() == result["winner"]
    return state


# --- serve, in-process -----------------------------------------------------------------------


def test_ready_is_answered_ok_and_end_of_input_exits_0():
    assert run(GreedyAgent(), "READY FIRST\n") == (0, ["OK"], "")
    assert run(GreedyAgent(), "READY SECOND\n")[:2] == (0, ["OK"])


def test_ok_is_sent_before_the_agent_is_built(monkeypatch):
    import course_lib.agents as agents
    out = io.StringIO()
    seen = []

    def make_agent_spy(spec):
        seen.append(out.getvalue())
        return GreedyAgent()

    monkeypatch.setattr(agents, "make_agent", make_agent_spy)
    assert serve("greedy", io.StringIO("READY FIRST\nTURN 5000 5000\n"), out,
                 log=io.StringIO()) == 0
    assert seen == ["OK\n"]                      # built once, after OK went out
    assert out.getvalue() == "OK\nMOVE 1 1 1 2\n"


def test_turn_answers_the_agents_move_and_tracks_the_board():
    start = State.start()
    first = GreedyAgent().choose_move(start)
    reply = start.apply(first).legal_moves()[3]               # the opponent's move
    after = start.apply(first).apply(reply)
    second = GreedyAgent().choose_move(after)
    code, lines, log = run(GreedyAgent(), "READY FIRST\nTURN 10000 10000\n"
                           f"OPP {reply.protocol()} 12\nTURN 9990 9988\nFINISH\n")
    assert code == 0 and log == ""
    assert lines == ["OK", f"MOVE {first.protocol()}", f"MOVE {second.protocol()}"]


def test_second_player_moves_after_opp_and_opp_gets_no_answer():
    after = State.start().play("1 1 1 2")
    expected = GreedyAgent().choose_move(after)
    code, lines, _ = run(GreedyAgent(), "READY SECOND\nOPP 1 1 1 2 7\nTURN 10000 9993\n")
    assert lines == ["OK", f"MOVE {expected.protocol()}"]
    assert expected.x1 in (1, 7) and expected.y1 in (1, 7)    # an o stone moved: o's move


def test_a_forced_pass_is_answered_with_minus_ones():
    code, lines, _ = run(GreedyAgent(), "READY FIRST\nTURN 10000 10000\n", start=PASS_FEN)
    assert lines == ["OK", "MOVE -1 -1 -1 -1"]


def test_the_opponents_pass_is_played():
    after_pass = State.from_fen(PASS_FEN).apply(PASS)
    expected = GreedyAgent().choose_move(after_pass)
    _, lines, log = run(GreedyAgent(), "READY SECOND\nOPP -1 -1 -1 -1 0\nTURN 10000 10000\n",
                        start=PASS_FEN)
    assert lines == ["OK", f"MOVE {expected.protocol()}"] and log == ""


def test_a_missing_opp_for_a_forced_pass_is_inferred():
    after_pass = State.from_fen(PASS_FEN).apply(PASS)
    expected = GreedyAgent().choose_move(after_pass)
    _, lines, log = run(GreedyAgent(), "READY SECOND\nTURN 10000 10000\n", start=PASS_FEN)
    assert lines == ["OK", f"MOVE {expected.protocol()}"]
    assert "passed" in log


def test_finish_exits_at_once_and_reads_no_further():
    stdin = io.StringIO("READY FIRST\nFINISH\nTURN 100 100\n")
    out = io.StringIO()
    assert serve(GreedyAgent(), stdin, out, log=io.StringIO()) == 0
    assert out.getvalue() == "OK\n"
    assert stdin.read() == "TURN 100 100\n"


def test_unexpected_lines_are_logged_and_ignored():
    code, lines, log = run(GreedyAgent(), "READY FIRST\n\nhello there\nOPP 1 2\nREADY THIRD\n"
                           "OPP 4 4 4 5 9\nTURN 10000 10000\n")
    assert code == 0
    assert lines == ["OK", "MOVE 1 1 1 2"]
    assert log.count("ignored") == 3 and "could not play the opponent's move" in log


def test_an_agent_that_raises_plays_the_first_legal_move_and_prints_only_answers():
    def broken(state):
        print("debugging output that must not reach the referee")
        raise ZeroDivisionError("oops")

    code, lines, log = run(broken, "READY FIRST\nTURN 10000 10000\n")
    assert lines == ["OK", f"MOVE {State.start().legal_moves()[0].protocol()}"]
    assert "ZeroDivisionError" in log and "debugging output" in log


def test_each_ready_starts_a_new_game_and_resets_the_agent():
    probe = RandomAgent(seed=5)
    first, second = probe.choose_move(State.start()), probe.choose_move(State.start())
    assert first != second                          # so that a missing reset would show
    _, lines, _ = run(RandomAgent(seed=5), "READY FIRST\nTURN 9000 9000\nFINISH\n" * 2)
    assert lines == ["OK", f"MOVE {first.protocol()}"]      # FINISH ends the program
    _, lines, _ = run(RandomAgent(seed=5), "READY FIRST\nTURN 9000 9000\n"
                      "READY FIRST\nTURN 9000 9000\n")
    assert lines == ["OK", f"MOVE {first.protocol()}"] * 2


def test_a_game_clock_agent_takes_its_clock_from_turn():
    agent = make_agent("alphabeta:game=100000")
    started = time.perf_counter()
    _, lines, _ = run(agent, "READY FIRST\nTURN 1000 1000\n")
    elapsed_ms = (time.perf_counter() - started) * 1000
    assert lines[1].startswith("MOVE ")
    assert agent.clock.total_ms == 100000                         # its settings are kept
    assert agent.clock.remaining_ms <= usable_ms(1000)            # but 1000 ms counted
    assert elapsed_ms < 1000


def test_a_time_per_move_agent_never_takes_more_than_a_share_of_the_clock():
    agent = make_agent("alphabeta:time=5000")
    started = time.perf_counter()
    _, lines, _ = run(agent, "READY FIRST\nTURN 400 400\n")
    assert (time.perf_counter() - started) < 0.4
    assert lines[1].startswith("MOVE ") and agent.move_ms == 5000


class PerMoveAgent:
    """Stands for an MCTS agent: a time per move in ``time_ms``, and a ``warm_up`` hook."""

    name = "per-move"

    def __init__(self, time_ms, out=None):
        self.time_ms = time_ms
        self.out = out
        self.seen_time_ms = []
        self.warmed_after = []

    def warm_up(self):
        self.warmed_after.append(self.out.getvalue())

    def choose_move(self, state):
        self.seen_time_ms.append(self.time_ms)
        return state.legal_moves()[0]


def test_a_time_ms_agent_gets_the_smaller_of_its_time_and_a_share_of_the_clock():
    agent = PerMoveAgent(time_ms=200, out=io.StringIO())
    serve(agent, io.StringIO("READY FIRST\nTURN 100000 100000\nOPP 1 7 1 6 5\n"
                             "TURN 1000 100000\n"), agent.out, log=io.StringIO())
    assert agent.seen_time_ms[0] == 200                     # a long game: its own time
    assert 0 < agent.seen_time_ms[1] < 1000 / 4             # a short one: a share of 1000 ms
    assert agent.time_ms == 200                             # put back


def test_warm_up_is_called_after_ok():
    agent = PerMoveAgent(time_ms=None, out=io.StringIO())
    serve(agent, io.StringIO("READY SECOND\n"), agent.out, log=io.StringIO())
    assert agent.warmed_after == ["OK\n"]


def test_the_first_turn_waits_for_the_agent_and_the_wait_counts_against_its_clock(monkeypatch):
    import course_lib.agents as agents
    from course_lib.match.protocol import _share
    out = io.StringIO()
    agent = PerMoveAgent(time_ms=100_000, out=out)

    def slow_make_agent(spec):
        time.sleep(0.5)                         # weights and compiled code loading
        return agent

    monkeypatch.setattr(agents, "make_agent", slow_make_agent)
    serve("slow", io.StringIO("READY FIRST\nTURN 3000 3000\n"), out, log=io.StringIO())
    assert out.getvalue().splitlines()[0] == "OK" and agent.warmed_after == ["OK\n"]
    # The TURN came while the agent was loading: its share is of 3000 ms less that wait.
    assert 1 <= agent.seen_time_ms[0] <= _share(State.start(), 3000 - 500, 0.0, None)
    assert _share(State.start(), 3000 - 500, 0.0, None) < _share(State.start(), 3000, 0.0, None)


def test_the_agent_command_answers_ready_before_building_the_agent(monkeypatch):
    import argparse
    import course_lib.agents as agents
    import course_lib.agents.spec as spec
    from course_lib.match import protocol
    out = io.StringIO()
    seen = []

    def make_agent_spy(text):                   # what was sent when the agent was built
        seen.append(out.getvalue())
        return GreedyAgent()

    monkeypatch.setattr(agents, "make_agent", make_agent_spy)
    monkeypatch.setattr(spec, "make_agent", make_agent_spy)
    monkeypatch.delenv(protocol.START_FEN_VARIABLE, raising=False)
    monkeypatch.setattr(protocol, "run_on_stdio", lambda serve_function: serve_function(
        io.StringIO("READY FIRST\nTURN 5000 5000\n"), out))
    args = argparse.Namespace(spec="mcts:tier=fast,value=learned,prior=learned", fen=None)
    assert protocol._agent_command(args) == 0
    assert seen == ["OK\n"]                     # built once, after OK went out
    assert out.getvalue() == "OK\nMOVE 1 1 1 2\n"


# --- the program -----------------------------------------------------------------------------


def test_the_commands_are_registered_in_the_course_command_line():
    from course_lib.__main__ import build_parser
    text = build_parser().format_help()
    for command in ("agent", "referee", "uai"):
        assert command in text, (
            f"'{command}' is missing from python -m course_lib: add course_lib.match.protocol, "
            "course_lib.match.referee and course_lib.match.uai to COMMAND_MODULES")


def _read_line(proc: subprocess.Popen, seconds: float) -> str:
    import selectors
    with selectors.DefaultSelector() as selector:
        selector.register(proc.stdout, selectors.EVENT_READ)
        assert selector.select(seconds), f"no answer within {seconds} s"
    return proc.stdout.readline()


@pytest.mark.skipif(os.name != "posix", reason="selectors on pipes need POSIX")
def test_the_agent_program_speaks_the_protocol_and_exits_on_finish():
    proc = subprocess.Popen(agent_cmd("greedy"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    try:
        started = time.monotonic()
        proc.stdin.write("READY FIRST\n")
        proc.stdin.flush()
        assert _read_line(proc, 3.0) == "OK\n"
        assert time.monotonic() - started < 3.0
        proc.stdin.write("TURN 10000 10000\n")
        proc.stdin.flush()
        assert _read_line(proc, 3.0) == "MOVE 1 1 1 2\n"
        proc.stdin.write("OPP 1 7 1 6 3\nFINISH\n")
        proc.stdin.flush()
        assert proc.wait(timeout=5) == 0
        assert proc.stdout.read() == "" and proc.stderr.read() == ""
    finally:
        proc.kill()
        proc.wait()
        proc.stdin.close(), proc.stdout.close(), proc.stderr.close()


def test_the_agent_program_exits_0_at_the_end_of_its_input():
    done = subprocess.run(agent_cmd("random:seed=2"), input="READY SECOND\n",
                          capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stdout) == (0, "OK\n")


def test_a_bad_spec_is_refused_with_exit_code_2():
    done = subprocess.run(agent_cmd("nosuchagent"), input="READY FIRST\n",
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert "unknown agent" in done.stderr


# --- whole games through the referee ---------------------------------------------------------


def test_greedy_against_itself_through_the_referee():
    seen = []
    result = referee(agent_cmd("greedy"), agent_cmd("greedy"), time_ms=10000,
                     on_move=lambda state, move, player, ms: seen.append((state, move, player)))
    record = json.loads(result.to_json())
    assert [[m.x1, m.y1, m.x2, m.y2] for _, m, _ in seen] == record["moves"]
    assert all(state.to_move == player for state, _, player in seen)
    assert record["reason"] in ENDINGS, record["detail"]
    state = replay(record)
    # Greedy is deterministic: the game is the one play_game gives in this process.
    from course_lib.match import play_game
    local = play_game(GreedyAgent(), GreedyAgent())
    assert record["moves"] == [[m.x1, m.y1, m.x2, m.y2] for m in local.moves]
    assert state.fen() == local.final.fen()
    assert result.stderr == ["", ""]


def test_a_timed_search_keeps_to_its_clock_through_the_referee():
    result = referee(agent_cmd("alphabeta:game=100000,order=gain"), agent_cmd("random:seed=4"),
                     time_ms=2500)
    record = result.to_dict()
    assert record["reason"] in ENDINGS, record["detail"]
    assert 0 < record["time_ms"][0] < 2500
    replay(record)


def test_passes_go_through_the_referee_from_a_fen():
    # Greedy o only clones, so the wall around x's stone stands and x passes every turn.
    result = referee(agent_cmd("greedy"), agent_cmd("greedy"), start_fen=PASS_FEN)
    record = result.to_dict()
    assert record["reason"] == "board-full", record["detail"]
    assert record["start_fen"] == PASS_FEN
    assert record["moves"][::2] == [[-1, -1, -1, -1]] * 40
    assert (record["winner"], record["stones"]) == (2, [1, 48])
    replay(record)


def test_the_referee_command_prints_json():
    done = subprocess.run(COURSE + ["referee", shlex.join(agent_cmd("greedy")),
                                    shlex.join(agent_cmd("random:seed=9")), "--time-ms", "5000",
                                    "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert {"winner", "reason", "moves", "stones", "time_ms"} <= set(record)
    assert record["reason"] in ENDINGS
    replay(record)
