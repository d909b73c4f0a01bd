"""``python -m course_lib uai`` with no spec: guided MCTS as a UAI engine (``uai_mcts``).

What a tournament manager or GUI relies on: stop ends any search, go infinite waits for stop,
nodes and depth are limits, the clock is used by the engine's own rule, the tree's memory is
capped by Hash, and info lines say what the search found.
"""

from __future__ import annotations

import io
import threading

import pytest

from course_lib.agents import make_agent
from course_lib.ataxx import State
from course_lib.match.uai import _Go, serve_uai
from course_lib.match.uai_mcts import DEFAULT_SPEC, MCTSBackend, is_fast_mcts_spec
from uai_helpers import infos, serve_in_background, wait_until

LEGAL = {move.uai() for move in State.start().legal_moves()}
MATE_IN_1 = "xo5/7/7/7/7/7/7 x 0 1"
"""x takes o's only stone with any move next to b7."""


def talk(text: str, spec: str | None = None) -> tuple[int, list[str], str]:
    out, log = io.StringIO(), io.StringIO()
    code = serve_uai(spec, io.StringIO(text), out, log=log)
    return code, out.getvalue().splitlines(), log.getvalue()


def answers(lines: list[str]) -> list[str]:
    return [line.split()[1] for line in lines if line.startswith("bestmove ")]


def test_no_spec_serves_guided_mcts_with_its_options():
    code, lines, _ = talk("uai\n")
    assert code == 0
    assert lines[:2] == [f"id name course_lib {DEFAULT_SPEC}", "id author course_lib"]
    assert lines[-1] == "uaiok"
    assert lines[2:-1] == ["option name Hash type spin default 1024 min 1 max 65536",
                           "option name Clear Hash type button",
                           "option name Move Overhead type spin default 10 min 0 max 5000"]
    assert DEFAULT_SPEC == "mcts:tier=fast,value=learned,prior=policy,reuse=1,eval=network"


def test_which_specs_are_served_as_stoppable_mcts():
    assert is_fast_mcts_spec(None) and is_fast_mcts_spec("mcts:tier=fast,c=1")
    assert not is_fast_mcts_spec("mcts:iterations=50")          # the readable tier
    assert not is_fast_mcts_spec("engine") and not is_fast_mcts_spec("alphabeta:depth=2")
    code, lines, _ = talk("uai\n", "mcts:tier=fast,c=1")
    assert lines[0] == "id name mcts:tier=fast,c=1" and "option name Hash" in lines[2]


def test_go_nodes_is_the_number_of_iterations():
    _, lines, _ = talk("position startpos\ngo nodes 500\n")
    last = infos(lines)[-1]
    assert last["nodes"] == 500 and answers(lines)[0] in LEGAL
    assert last["pv"][0] == answers(lines)[0]
    state = State.start()
    for move in last["pv"]:                      # the principal variation is a line of play
        state = state.play(move)
    assert last["depth"] == len(last["pv"]) and last["seldepth"] >= last["depth"]


def test_the_same_search_after_uainewgame_is_the_same_search():
    _, lines, _ = talk("position startpos\ngo nodes 400\nuainewgame\ngo nodes 400\n")
    first, second = infos(lines)
    for report in (first, second):
        report.pop("nps"), report.pop("time")
    assert first == second and len(set(answers(lines))) == 1


@pytest.mark.parametrize("depth", [3, 9])
def test_go_depth_ends_the_search_when_the_tree_is_that_deep(depth):
    _, lines, _ = talk(f"position startpos\ngo depth {depth}\n")
    last = infos(lines)[-1]
    assert last["seldepth"] == depth and answers(lines)[0] in LEGAL


def test_stop_ends_go_infinite_and_only_stop_does():
    end = threading.Event()
    server, out = serve_in_background("position startpos\ngo infinite\n", end)
    try:
        assert wait_until(lambda: "info depth" in out.getvalue())    # a report each second
        assert "bestmove" not in out.getvalue()
    finally:
        end.set()                            # the end of the input stops an endless search
        server.join(30)
    lines = out.getvalue().splitlines()
    assert len(answers(lines)) == 1 and answers(lines)[0] in LEGAL
    assert infos(lines)[-1]["nodes"] > 0


def test_ponderhit_ends_a_ponder_search():
    end = threading.Event()
    server, out = serve_in_background("position startpos\ngo ponder\nponderhit\n", end)
    try:
        assert wait_until(lambda: "bestmove" in out.getvalue())      # before the input ended
    finally:
        end.set()
        server.join(30)


def test_a_full_tree_does_not_end_the_search():
    _, lines, _ = talk("setoption name Hash value 1\nposition startpos\ngo nodes 100000\n"
                       "go movetime 300\n")
    counted, timed = infos(lines)
    assert counted["nodes"] == 100_000 and 900 <= counted["hashfull"] <= 1000
    assert timed["time"] >= 280 and timed["hashfull"] >= 900   # its time (300 - 10), not less
    assert all(move in LEGAL for move in answers(lines))


@pytest.mark.parametrize("line, words", [
    ("setoption name Hash value 0", "from 1 to 65,536 MB, got '0'"),
    ("setoption name Threads value 2", "no option named 'Threads'"),
])
def test_a_bad_setoption_is_described(line, words):
    code, lines, log = talk(f"{line}\nposition startpos\ngo nodes 50\n")
    said = [text for text in lines if text.startswith("info string ")]
    assert code == 0 and len(said) == 1 and words in said[0], lines
    assert answers(lines)[0] in LEGAL and "Traceback" not in log


def job(words: str, fen: str | None = None, overhead: int = 10) -> _Go:
    from course_lib.match.uai import go_flags, parse_go
    state = State.start() if fen is None else State.from_fen(fen)
    return _Go(state, parse_go(words.split()), go_flags(words.split()), overhead)


def test_the_time_for_a_move_comes_from_the_clock_by_the_engines_rule():
    backend = MCTSBackend(None)
    # 45 empty squares: 10 s over 45 / 2 + 8 moves, plus 3/4 of the 100 ms increment,
    # less the 10 ms move overhead.
    expected = 10_000 / (45 / 2 + 8) + 75 - 10
    assert backend.budget_ms(job("go btime 10000 wtime 500 binc 100 winc 0")) == \
        pytest.approx(expected)
    # o to move reads wtime and winc
    after = State.start().play("b6").fen()
    assert backend.budget_ms(job("go btime 500 wtime 10000 binc 0 winc 100", after)) == \
        pytest.approx(10_000 / (44 / 2 + 8) + 75 - 10)
    assert backend.budget_ms(job("go movetime 300")) == 290
    assert backend.budget_ms(job("go btime 10000 movestogo 4")) == pytest.approx(2490)
    assert backend.budget_ms(job("go infinite")) is None
    assert backend.budget_ms(job("go")) is None


def test_a_time_in_the_spec_caps_every_move():
    backend = MCTSBackend("mcts:tier=fast,time=50")
    assert backend.budget_ms(job("go movetime 100000")) == 50
    assert backend.budget_ms(job("go movetime 30")) == 20
    assert backend.budget_ms(job("go infinite")) == 50


def test_a_won_position_is_a_mate_score_with_the_solver():
    _, lines, _ = talk(f"position fen {MATE_IN_1}\ngo nodes 200\n", "mcts:tier=fast,solver=1")
    last = infos(lines)[-1]
    assert last["score"] == ("mate", 1)
    after = State.from_fen(MATE_IN_1).play(answers(lines)[0])
    assert after.is_over() and after.winner() == 1


def test_the_score_has_the_sign_of_the_side_to_move():
    # x has three stones to o's one: good for x to move, bad for o to move.
    ahead = "xx5/x6/7/7/7/7/6o x 0 1"
    behind = "xx5/x6/7/7/7/7/6o o 0 1"
    _, lines, _ = talk(f"position fen {ahead}\ngo nodes 300\nposition fen {behind}\n"
                       "go nodes 300\n")
    good, bad = (report["score"] for report in infos(lines))
    assert good[0] == bad[0] == "cp" and good[1] > 0 > bad[1]


def test_the_agent_is_the_spec_agent():
    backend = MCTSBackend(None)
    assert type(backend.agent) is type(make_agent(DEFAULT_SPEC))
    assert backend.agent.value == "learned" and backend.agent.prior == "policy"
    assert backend.agent.reuse


def test_the_tree_is_kept_from_move_to_move_within_a_game_only():
    from course_lib.match.uai import parse_position
    backend = MCTSBackend(None)
    said: list[str] = []
    start = State.start()
    first = backend.search(_Go(start, {"nodes": 2000}, set()), said.append, io.StringIO())
    from course_lib.match.uai_mcts import principal_variation
    reply = principal_variation(backend.agent, first)[1].move      # the reply it expects
    later = parse_position(f"position startpos moves {first.uai()} {reply.uai()}".split())
    backend.search(_Go(later, {"nodes": 100}, set()), said.append, io.StringIO())
    assert backend.agent.stats.reused_visits > 0          # visits spent on it last move
    backend.new_game()
    backend.search(_Go(later, {"nodes": 100}, set()), said.append, io.StringIO())
    assert backend.agent.stats.reused_visits == 0


def test_a_transcript_leaves_out_only_what_depends_on_the_machine():
    from course_lib.match.uai import uai_transcript
    raw = uai_transcript("position startpos\ngo nodes 200\n", machine_free=False)
    kept = uai_transcript("position startpos\ngo nodes 200\n")
    assert "nps" in raw[0] and "time" in raw[0]
    assert "nps" not in kept[0].split() and "time" not in kept[0].split()
    assert infos(kept)[0] == {key: value for key, value in infos(raw)[0].items()
                              if key not in ("nps", "time")}
    assert kept[-1] == raw[-1] and kept[-1].startswith("bestmove ")
