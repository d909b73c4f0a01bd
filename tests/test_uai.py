"""The ``uai`` program: the Universal Ataxx Interface in-process (serve_uai) and as a program."""

from __future__ import annotations

import io
import subprocess
import sys
import time

import pytest

from course_lib.agents import GreedyAgent, make_agent
from course_lib.ataxx import PASS, State
from course_lib.match.uai import parse_go, parse_position, serve_uai

PASS_FEN = "xoo4/ooo4/ooo4/7/7/7/7 x 0 1"
DEPTH_FEN = "6o/2x4/7/5x1/2o3x/7/5x1 x 4 4"
"""A position where alpha-beta to depth 2 and to depth 3 choose different moves."""


def talk(factory, text: str) -> tuple[int, list[str], str]:
    out, log = io.StringIO(), io.StringIO()
    code = serve_uai(factory, io.StringIO(text), out, log=log)
    return code, out.getvalue().splitlines(), log.getvalue()


def bestmove(lines: list[str]) -> str:
    moves = [line.split()[1] for line in lines if line.startswith("bestmove ")]
    assert len(moves) == 1, lines
    return moves[0]


def test_handshake():
    code, lines, _ = talk("alphabeta:depth=2", "uai\nisready\nquit\n")
    assert code == 0
    assert lines == ["id name alphabeta:depth=2", "id author course_lib", "uaiok", "readyok"]


def test_handshake_with_a_factory_uses_the_agents_name():
    _, lines, _ = talk(lambda: GreedyAgent(name="my greedy"), "uai\n")
    assert lines[0] == "id name my greedy" and lines[-1] == "uaiok"


def test_go_from_startpos_plays_the_agents_move():
    expected = GreedyAgent().choose_move(State.start()).uai()
    _, lines, _ = talk("greedy", "uainewgame\nposition startpos\ngo\n")
    assert bestmove(lines) == expected == "b7"


def test_position_with_moves_jumps_and_passes():
    state = State.from_fen(PASS_FEN).play("0000").play("d6").play("0000")
    expected = GreedyAgent().choose_move(state).uai()
    _, lines, log = talk("greedy", f"position fen {PASS_FEN} moves 0000 d6 0000\ngo\n")
    assert bestmove(lines) == expected and log == ""
    jump = State.start().play("a7c5")
    _, lines, _ = talk("greedy", "position startpos moves a7c5\ngo\n")
    assert bestmove(lines) == GreedyAgent().choose_move(jump).uai()


def test_go_depth_sets_the_search_depth():
    state = State.from_fen(DEPTH_FEN)
    d2 = make_agent("alphabeta:depth=2").choose_move(state).uai()
    d3 = make_agent("alphabeta:depth=3").choose_move(state).uai()
    assert d2 != d3
    _, lines, _ = talk("alphabeta:depth=3", f"position fen {DEPTH_FEN}\ngo depth 2\n")
    assert bestmove(lines) == d2
    _, lines, _ = talk("alphabeta:depth=3", f"position fen {DEPTH_FEN}\ngo\n")
    assert bestmove(lines) == d3
    # A timed agent searches to exactly that depth when no time is given.
    _, lines, _ = talk("alphabeta:game=60000", f"position fen {DEPTH_FEN}\ngo depth 2\n")
    assert bestmove(lines) == d2


def test_info_line_before_bestmove():
    _, lines, _ = talk("alphabeta:depth=2", "position startpos\ngo\n")
    assert len(lines) == 2 and lines[0].startswith("info ")
    words = lines[0].split()
    assert words[words.index("depth") + 1] == "2"
    assert words[words.index("score") + 1] == "cp"
    int(words[words.index("cp") + 1])
    assert int(words[words.index("nodes") + 1]) > 16
    assert words[words.index("pv") + 1] == bestmove(lines)


def test_a_forced_pass_and_a_finished_game_answer_0000():
    _, lines, _ = talk("greedy", f"position fen {PASS_FEN}\ngo\n")
    assert bestmove(lines) == "0000"
    _, lines, _ = talk("greedy", "position fen 7/7/7/7/7/7/x6 o 0 1\ngo\n")   # o has no stones
    assert lines == ["bestmove 0000"]


def test_x_uses_btime_and_o_uses_wtime():
    # x to move with 300 ms (btime) must answer quickly; were it to read wtime (10 minutes),
    # a depth-64 iterative deepening would take a share of 10 minutes.
    started = time.perf_counter()
    _, lines, _ = talk("alphabeta:game=600000",
                       "position startpos\ngo wtime 600000 btime 300 winc 0 binc 0\n")
    assert time.perf_counter() - started < 0.3 and bestmove(lines)
    started = time.perf_counter()
    _, lines, _ = talk("alphabeta:game=600000",
                       "position startpos moves b7\ngo wtime 300 btime 600000\n")
    assert time.perf_counter() - started < 0.3 and bestmove(lines)


def test_movetime_bounds_a_timed_agent():
    started = time.perf_counter()
    _, lines, _ = talk("alphabeta:time=30000", "position startpos\ngo movetime 150\n")
    assert time.perf_counter() - started < 0.6
    assert bestmove(lines) in {m.uai() for m in State.start().legal_moves()}


def test_uainewgame_builds_a_fresh_agent():
    built = []

    def factory():
        built.append(1)
        return GreedyAgent()

    talk(factory, "uainewgame\nposition startpos\ngo\nuainewgame\nposition startpos\ngo\n")
    assert len(built) == 2


def test_bad_input_is_answered_with_info_strings_and_ignored():
    code, lines, log = talk("greedy", "hello\nsetoption name Hash value 16\nstop\n"
                            "position fen not/a/fen x\nposition startpos moves b7 zz9 b6\n"
                            "go\nquit\nisready\n")
    assert code == 0
    # The position is the one before the illegal move zz9; quit stops before isready.
    expected = GreedyAgent().choose_move(State.start().play("b7")).uai()
    infos = [line for line in lines if line.startswith("info string ")]
    assert len(infos) == 3, lines           # hello, the FEN, zz9; setoption and stop are UAI
    assert "unknown command 'hello'" in infos[0]
    assert "FEN" in infos[1] and "zz9" in infos[2]
    assert bestmove(lines) == expected and len(lines) == 5
    assert "unknown command" in log and "FEN" in log and "zz9" in log


@pytest.mark.parametrize("go, words", [
    ("go depth 1e400", "depth must be a whole number from 1 to 64 plies, got '1e400'"),
    ("go btime 1e400", "btime must be a whole number from 0 to 1,000,000,000 ms, got '1e400'"),
    ("go depth 0", "depth must be a whole number from 1 to 64 plies, got '0'"),
    ("go depth -3", "depth must be a whole number from 1 to 64"),
    ("go wtime nan", "wtime must be a whole number"),
    ("go movetime inf", "movetime must be a whole number"),
    ("go depth", "depth must be a whole number from 1 to 64 plies, got nothing"),
    ("go sideways 3", "unknown word 'sideways'"),
])
def test_a_bad_go_is_described_and_the_engine_still_plays(go, words):
    # These once killed the engine (OverflowError) or printed a traceback (depth 0).
    code, lines, log = talk("greedy", f"position startpos\n{go}\nisready\n")
    assert code == 0 and "Traceback" not in log
    infos = [line for line in lines if line.startswith("info string ")]
    assert len(infos) >= 1 and words in infos[0], lines
    assert bestmove(lines) in [m.uai() for m in State.start().legal_moves()]
    assert lines[-1] == "readyok"                 # it kept reading


def test_the_uai_command_refuses_an_evaluation_that_does_not_fit_ataxx():
    done = subprocess.run([sys.executable, "-m", "course_lib", "uai", "greedy:eval=openlines"],
                          input="uai\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "tic-tac-toe" in done.stderr
    assert "for ATAXX choose material or weights" in done.stderr


def test_end_of_input_exits_0():
    assert talk("greedy", "uai\n")[0] == 0


def test_parse_helpers():
    assert parse_go("go btime 100 wtime 200 binc 5 winc 6 movestogo 9".split()) == {
        "btime": 100, "wtime": 200, "binc": 5, "winc": 6, "movestogo": 9}
    assert parse_position(f"position fen {PASS_FEN} moves 0000".split()) \
        == State.from_fen(PASS_FEN).apply(PASS)
    state = parse_position("position startpos moves g2 a2".split())
    assert state == State.start().play("g2").play("a2")


def test_the_uai_program():
    done = subprocess.run([sys.executable, "-m", "course_lib", "uai", "greedy"],
                          input="uai\nisready\nuainewgame\nposition startpos\ngo\nquit\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:4] == ["id name greedy", "id author course_lib", "uaiok", "readyok"]
    assert lines[4].startswith("info depth 1 score cp 100 nodes 17 time ")
    assert lines[5:] == ["bestmove b7"]
