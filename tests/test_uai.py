"""The ``uai`` program: the Universal Ataxx Interface in-process (serve_uai) and as a program."""

from __future__ import annotations

import io
import subprocess
import sys
import time

import pytest

from course_lib.agents import GreedyAgent, make_agent
from course_lib.ataxx import PASS, State
from course_lib.match.uai import PositionReader, parse_go, parse_position, serve_uai

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
    assert int(words[words.index("nps") + 1]) >= 0
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
                            "position fen not/a/fen x\nposition startpos moves b7\n"
                            "go\nquit\nisready\n")
    assert code == 0
    # A course agent has no options; quit stops before isready.
    expected = GreedyAgent().choose_move(State.start().play("b7")).uai()
    infos = [line for line in lines if line.startswith("info string ")]
    assert len(infos) == 3, lines           # hello, the option, the FEN; stop is UAI
    assert "unknown command 'hello'" in infos[0]
    assert "no option named 'Hash'" in infos[1] and "FEN" in infos[2]
    assert bestmove(lines) == expected and "readyok" not in lines
    assert "unknown command" in log and "FEN" in log and "Hash" in log


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
    assert "readyok" in lines                     # it kept reading


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


def _random_game(seed: int, plies: int) -> list[str]:
    """The first ``plies`` moves (UAI text) of a seeded random game from the start."""
    from course_lib.ataxx.fast import random_game
    moves = [move.uai() for move in random_game(State.start(), seed)]
    assert len(moves) >= plies
    return moves[:plies]


def test_the_position_reader_reads_what_parse_position_reads():
    # A manager's commands: the game growing a move at a time, a new game, a FEN with and
    # without moves, a FEN whose fields come in two commands, and an illegal move.
    game, other = _random_game(2, 60), _random_game(4, 30)
    fen = "x5o/7/7/3-3/7/7/o5x x 0 1"
    commands = (["position startpos"]
                + [f"position startpos moves {' '.join(game[:n])}" for n in range(1, 61)]
                + [f"position startpos moves {' '.join(other[:n])}" for n in (30, 31)]
                + [f"position fen {fen}", f"position fen {fen} moves g6",
                   f"position fen {fen} moves g6 a2", "position fen x5o/7/7/3-3/7/7/o5x x",
                   "position fen x5o/7/7/3-3/7/7/o5x x 5 9", "position startpos moves a7a5",
                   "position startpos moves a7a5 a7b7"])
    reader = PositionReader()
    for command in commands:
        words = command.split()
        try:
            expected = parse_position(words)
        except ValueError as error:
            with pytest.raises(type(error)) as raised:
                reader.read(words)
            assert str(raised.value) == str(error)
            assert raised.value.state == error.state
            continue
        assert reader.read(words) == expected, command
    assert reader.read("position startpos moves b6".split()) == State.start().play("b6")


def test_the_position_reader_plays_only_the_added_moves(monkeypatch):
    game = _random_game(3, 80)
    reader = PositionReader()
    reader.read(f"position startpos moves {' '.join(game[:79])}".split())
    played = []
    real = State.play
    monkeypatch.setattr(State, "play", lambda self, move: played.append(move) or real(self, move))
    state = reader.read(f"position startpos moves {' '.join(game)}".split())
    assert played == [game[79]]
    assert state.fen() == parse_position(f"position startpos moves {' '.join(game)}".split()).fen()


def test_the_uai_program():
    done = subprocess.run([sys.executable, "-m", "course_lib", "uai", "greedy"],
                          input="uai\nisready\nuainewgame\nposition startpos\ngo\nquit\n",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:4] == ["id name greedy", "id author course_lib", "uaiok", "readyok"]
    assert lines[4].startswith("info depth 1 score cp 100 nodes 17 nps ")
    assert lines[5:] == ["bestmove b7"]


# --- The engine (course_lib.engine) behind the protocol ----------------------------------------

import queue                                              # noqa: E402
import threading                                          # noqa: E402

from course_lib.engine import SWITCHES, Engine, SearchLimits   # noqa: E402
from course_lib.engine.engine import OFF_BY_DEFAULT             # noqa: E402
from uai_helpers import HeldOpen, infos                        # noqa: E402

MATE_IN_1 = "xo5/7/7/7/7/7/7 x 0 1"
"""x takes o's only stone with any move next to b7: a win in one move."""


def recording_engine(events: list):
    """A subclass of the real Engine that writes down what the protocol asks of it."""

    class Recording(Engine):
        def __init__(self, hash_mb=16, **switches):
            events.append(("init", hash_mb, switches))
            super().__init__(hash_mb=hash_mb, **switches)
            self.built = True

        def set_hash(self, hash_mb):
            if getattr(self, "built", False):         # not the one Engine.__init__ makes
                events.append(("set_hash", hash_mb))
            super().set_hash(hash_mb)

        def new_game(self):
            events.append(("new_game",))
            super().new_game()

        def warm_up(self):
            events.append(("warm_up",))
            super().warm_up()

        def search(self, state, limits=None, on_info=None):
            events.append(("search", state.fen(), limits))
            return super().search(state, limits, on_info)

    return Recording


def talk_engine(text: str, engine=None, spec="engine") -> tuple[int, list[str], str]:
    """The alpha-beta engine (``uai engine``) fed ``text``: exit code, output lines, log."""
    out, log = io.StringIO(), io.StringIO()
    code = serve_uai(spec, io.StringIO(text), out, log=log, engine=engine)
    return code, out.getvalue().splitlines(), log.getvalue()


def test_the_engine_answers_uai_with_its_options():
    code, lines, _ = talk_engine("uai\n")
    assert code == 0
    assert lines[:2] == ["id name course_lib engine", "id author course_lib"]
    assert lines[-1] == "uaiok"
    options = lines[2:-1]
    assert "option name Hash type spin default 16 min 1 max 1024" in options
    assert "option name Clear Hash type button" in options
    assert "option name Move Overhead type spin default 10 min 0 max 5000" in options
    assert ("option name Evaluation type combo default network var material var learned "
            "var network") in options
    for switch in SWITCHES:                     # off: the switches its ladder rejected
        default = "false" if switch in OFF_BY_DEFAULT else "true"
        assert f"option name {switch} type check default {default}" in options
    assert len(options) == 4 + len(SWITCHES)


def test_the_evaluation_option_and_spec_choose_the_evaluation():
    assert serve_backend_engine(None).evaluation == "network"      # its SPRT's winner
    assert serve_backend_engine("engine:eval=learned").evaluation == "learned"
    assert serve_backend_engine("engine:eval=material").evaluation == "material"
    code, lines, log = talk_engine("setoption name Evaluation value Material\n"
                                   "setoption name Evaluation value neural\n"
                                   "position startpos\ngo depth 2\n")
    said = [text for text in lines if text.startswith("info string ")]
    assert len(said) == 1 and "Evaluation is one of material, learned, network, got 'neural'" in said[0]
    assert bestmove(lines) in {move.uai() for move in State.start().legal_moves()}


def serve_backend_engine(spec):
    from course_lib.match.uai import _engine_backend
    return _engine_backend(spec).engine


def test_setoption_reaches_the_engine():
    events: list = []
    code, lines, _ = talk_engine(
        "setoption name Hash value 64\nsetoption name HASH value 32\n"
        "setoption name lmr value false\nsetoption name Clear Hash\nisready\n",
        engine=recording_engine(events))
    assert code == 0 and lines == ["readyok"]
    names = [event[0] for event in events]
    assert ("set_hash", 64) in events and ("set_hash", 32) in events
    # a switch builds a new engine with the switches and the Hash set so far
    rebuilt = [event for event in events if event[0] == "init"][1]
    assert rebuilt[1] == 32 and rebuilt[2] == {**Engine().switches, "lmr": False}
    assert names.index("new_game") > names.index("set_hash")


@pytest.mark.parametrize("line, words", [
    ("setoption name Hash value 0", "Hash must be a whole number from 1 to 1,024 MB, got '0'"),
    ("setoption name Hash value 2000", "from 1 to 1,024 MB, got '2000'"),
    ("setoption name Hash value lots", "got 'lots'"),
    ("setoption name Hash", "got nothing"),
    ("setoption name lmr value maybe", "lmr is true or false, got 'maybe'"),
    ("setoption name Threads value 4", "no option named 'Threads'"),
    ("setoption Hash 64", "expected 'setoption name NAME [value VALUE]'"),
    ("setoption name", "expected 'setoption name NAME [value VALUE]'"),
])
def test_a_bad_setoption_is_described_and_changes_nothing(line, words):
    events: list = []
    code, lines, log = talk_engine(f"{line}\nposition startpos\ngo depth 1\n",
                                   engine=recording_engine(events))
    assert code == 0 and "Traceback" not in log
    said = [text for text in lines if text.startswith("info string ")]
    assert len(said) == 1 and words in said[0], lines
    assert not any(event[0] in ("set_hash", "new_game") for event in events)
    assert [event[0] for event in events].count("init") == 1
    assert bestmove(lines) == "b7"


def test_go_limits_reach_the_engine_as_search_limits():
    events: list = []
    endless = threading.Event()
    base = recording_engine(events)

    class Watched(base):
        def search(self, state, limits=None, on_info=None):
            if limits.infinite:
                endless.set()                  # now the end of the input may come
            return super().search(state, limits, on_info)

    script = ("position startpos\n"
              "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5\n"
              "go depth 3 nodes 5000\n"
              "setoption name Move Overhead value 30\n"
              "go movetime 100\n"
              "go infinite\n")
    serve_uai(None, HeldOpen(script, endless), io.StringIO(), log=io.StringIO(),
              engine=Watched)
    limits = [event[2] for event in events if event[0] == "search"]
    assert limits == [
        SearchLimits(wtime_ms=990, btime_ms=1990, winc_ms=10, binc_ms=20, movestogo=5),
        SearchLimits(depth=3, nodes=5000),
        SearchLimits(movetime_ms=70),
        SearchLimits(infinite=True),
    ]


def test_go_nodes_is_honoured():
    # Before: 'go nodes 500' searched 750,478 nodes.
    _, lines, _ = talk_engine("position startpos\ngo nodes 5000\n")
    reports = infos(lines)
    assert reports and 0 < int(reports[-1]["nodes"]) <= 6000, lines
    assert bestmove(lines) in {move.uai() for move in State.start().legal_moves()}


def test_the_engine_reports_every_iteration_with_nps_and_the_whole_pv():
    _, lines, _ = talk_engine("position startpos\ngo depth 5\n")
    reports = infos(lines)
    assert [int(r["depth"]) for r in reports] == [1, 2, 3, 4, 5]
    for line in lines[:-1]:
        words = line.split()
        keys = [w for w in words if w in ("depth", "seldepth", "score", "nodes", "nps", "time",
                                          "hashfull", "pv")]
        assert keys == ["depth", "seldepth", "score", "nodes", "nps", "time", "hashfull", "pv"]
    last = reports[-1]
    assert int(last["nps"]) > 0 and int(last["seldepth"]) >= 5 and last["score"][0] == "cp"
    assert len(last["pv"]) >= 2 and last["pv"][0] == bestmove(lines)
    state = State.start()
    for move in last["pv"]:                    # the principal variation is a line of play
        state = state.play(move)


def test_a_win_is_a_mate_score():
    # Before: a win was 'score cp 100900'.
    _, lines, _ = talk_engine(f"position fen {MATE_IN_1}\ngo depth 4\n")
    assert infos(lines)[-1]["score"] == ("mate", 1)
    assert infos(lines)[-1]["pv"][0] == bestmove(lines)     # the last pv starts with it
    after = State.from_fen(MATE_IN_1).play(bestmove(lines))
    assert after.is_over() and after.winner() == 1
    # A course agent's values do not count plies: N is the most moves the win can take.
    _, lines, _ = talk("alphabeta:depth=3,eval=exact-material", f"position fen {MATE_IN_1}\ngo\n")
    kind, moves = infos(lines)[-1]["score"]
    assert kind == "mate" and 1 <= moves <= 2


@pytest.mark.parametrize("spec", [None, "greedy"])
@pytest.mark.parametrize("bad", [
    "position fen not/a/fen x 0 1",
    "position startpos moves b6 zz9",
    "position startpos moves b6 b6",              # o cannot clone to b6
    "position sideways",
])
def test_a_bad_position_leaves_no_position(spec, bad):
    # Before: the engine answered for the position it had before the bad line.
    out, log = io.StringIO(), io.StringIO()
    script = f"position startpos\n{bad}\ngo depth 1\nposition startpos\ngo depth 1\n"
    assert serve_uai(spec, io.StringIO(script), out, log=log) == 0
    lines = out.getvalue().splitlines()
    answers = [line.split()[1] for line in lines if line.startswith("bestmove ")]
    assert len(answers) == 2 and answers[0] == "0000"       # no position: no move
    assert answers[1] in {move.uai() for move in State.start().legal_moves()}
    said = [line for line in lines if line.startswith("info string no position")]
    assert len(said) == 2 and said[0].startswith("info string no position: ")
    assert said[1].startswith("info string no position to search (")


def test_uainewgame_and_ucinewgame_clear_the_engine():
    events: list = []
    talk_engine("uainewgame\nposition startpos\ngo depth 2\nucinewgame\nisready\n",
                engine=recording_engine(events))
    assert [event[0] for event in events].count("new_game") == 2


def test_isready_waits_for_the_warm_up_but_uai_does_not():
    # Before: the first go paid for the compiling (55 s with a cold cache).
    times: dict = {}

    class SlowWarmUp(Engine):
        def warm_up(self):
            time.sleep(0.3)
            super().warm_up()
            times["warm"] = time.perf_counter()

    class Stamped(io.StringIO):
        def write(self, text):
            times.setdefault(text.strip(), time.perf_counter())
            return super().write(text)

    out = Stamped()
    assert serve_uai(None, io.StringIO("uai\nisready\n"), out, engine=SlowWarmUp) == 0
    assert times["uaiok"] < times["warm"] <= times["readyok"]


def test_a_go_during_a_search_waits_for_it_and_each_go_is_answered():
    _, lines, _ = talk_engine("position startpos\ngo infinite\ngo depth 2\nstop\n")
    assert "info string go: a search is running; this one starts when it has answered" in lines
    answers = [line for line in lines if line.startswith("bestmove ")]
    legal = {move.uai() for move in State.start().legal_moves()}
    assert len(answers) == 2 and all(line.split()[1] in legal for line in answers)


def test_the_end_of_the_input_stops_an_endless_search():
    code, lines, _ = talk_engine("position startpos\ngo infinite\n")
    assert code == 0 and bestmove(lines) in {m.uai() for m in State.start().legal_moves()}


def test_a_forced_pass_and_a_finished_game_answer_0000_without_a_search():
    events: list = []
    _, lines, _ = talk_engine(f"position fen {PASS_FEN}\ngo depth 3\n"
                              "position fen 7/7/7/7/7/7/x6 o 0 1\ngo depth 3\n",
                              engine=recording_engine(events))
    assert [line for line in lines if line.startswith("bestmove")] == ["bestmove 0000"] * 2
    assert not any(event[0] == "search" for event in events)


def test_a_course_agent_says_once_that_it_cannot_be_stopped():
    _, lines, _ = talk("alphabeta:depth=2", "position startpos\ngo\nstop\nstop\n")
    said = [line for line in lines if "cannot be stopped" in line]
    assert len(said) == 1 and said[0].startswith("info string stop: the course agent")
    assert bestmove(lines) == make_agent("alphabeta:depth=2").choose_move(State.start()).uai()


def test_a_course_agent_describes_the_limits_it_does_not_know():
    _, lines, _ = talk("greedy", "position startpos\ngo nodes 500\ngo mate 2\n")
    said = [line for line in lines if line.startswith("info string ")]
    assert any("nodes is not a limit the course agent greedy knows" in line for line in said)
    assert any("mate is not supported" in line for line in said)
    assert [line for line in lines if line.startswith("bestmove")] == ["bestmove b7"] * 2


def test_searchmoves_is_described_and_its_moves_are_not_unknown_words():
    problems: list[str] = []
    assert parse_go("go searchmoves b6 a7c5 depth 3".split(), problems) == {"depth": 3}
    assert problems == ["go: searchmoves is not supported; all moves are searched"]


def test_an_engine_spec_with_limits_or_unknown_switches_is_refused():
    for spec, words in (("engine:time=100", "the go command sets the limits"),
                        ("engine:nope=1", "no key 'nope'")):
        done = subprocess.run([sys.executable, "-m", "course_lib", "uai", spec], input="uai\n",
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


def test_an_engine_spec_sets_the_switches_and_the_hash():
    events: list = []
    _, lines, _ = talk_engine("uai\n", engine=recording_engine(events),
                              spec="engine:lmr=0,hash=8")
    assert events[0] == ("init", 8, {"lmr": False})
    assert lines[0] == "id name engine:lmr=0,hash=8"
    assert "option name Hash type spin default 8 min 1 max 1024" in lines
    assert "option name lmr type check default false" in lines


# --- The program: the reader keeps reading while the search runs -------------------------------

STARTUP_S = 180.0
"""Generous: the first start may compile the engine (about a minute on a cold cache)."""
ANSWER_S = 10.0
"""Generous bound for an answer that should come within milliseconds."""


class Program:
    """``python -m course_lib uai ARGS`` as a child process; its lines are read on a thread."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "course_lib", "uai", *args], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        self.errors: list[str] = []
        threading.Thread(target=self._pump, args=(self.process.stdout, self.lines.put),
                         daemon=True).start()
        threading.Thread(target=self._pump, args=(self.process.stderr, self.errors.append),
                         daemon=True).start()

    @staticmethod
    def _pump(stream, put) -> None:
        for line in stream:
            put(line.rstrip("\n"))
        put(None)

    def send(self, *lines: str) -> None:
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()

    def wait_for(self, prefix: str, within: float) -> list[str]:
        """The lines up to the first one starting with ``prefix``; fails after ``within`` s."""
        deadline = time.perf_counter() + within
        got = []
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} within {within} s; got {got}") from None
            assert line is not None, f"the program ended before {prefix!r}; got {got}"
            got.append(line)
            self.seen.append(line)
            if line.startswith(prefix):
                return got

    def quiet_for(self, seconds: float) -> list[str]:
        """The lines that come within ``seconds``."""
        deadline = time.perf_counter() + seconds
        got = []
        while (left := deadline - time.perf_counter()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if line is None:
                break
            got.append(line)
            self.seen.append(line)
        return got

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)


@pytest.fixture
def program():
    started: list[Program] = []

    def start(*args: str) -> Program:
        child = Program(*args)
        started.append(child)
        child.send("uai")
        child.wait_for("uaiok", STARTUP_S)
        child.send("isready")
        child.wait_for("readyok", STARTUP_S)
        return child

    yield start
    for child in started:
        child.close()


SERVED = [(), ("engine",)]
"""The program with no spec (guided MCTS) and with the alpha-beta engine."""


@pytest.mark.parametrize("args", SERVED, ids=["default", "engine"])
def test_program_go_infinite_waits_for_stop_and_answers_isready_meanwhile(program, args):
    # Before: go infinite answered by itself after 182 ms; isready waited for the search.
    engine = program(*args)
    engine.send("position startpos", "go infinite")
    engine.wait_for("info depth", ANSWER_S)
    quiet = engine.quiet_for(1.5)
    assert not any(line.startswith("bestmove") for line in quiet), quiet
    engine.send("isready")
    got = engine.wait_for("readyok", ANSWER_S)
    assert not any(line.startswith("bestmove") for line in got)
    engine.send("stop")
    got = engine.wait_for("bestmove", ANSWER_S)
    assert got[-1].split()[1] in {move.uai() for move in State.start().legal_moves()}


@pytest.mark.parametrize("args", SERVED, ids=["default", "engine"])
def test_program_stop_ends_a_long_search_at_once(program, args):
    # Before: stop was ignored; the answer came when the search ended by itself.
    engine = program(*args)
    engine.send("position startpos", "go movetime 120000")
    engine.wait_for("info depth", ANSWER_S)
    started = time.perf_counter()
    engine.send("stop")
    engine.wait_for("bestmove", ANSWER_S)
    assert time.perf_counter() - started < ANSWER_S


@pytest.mark.parametrize("args", SERVED, ids=["default", "engine"])
def test_program_quit_during_a_search_ends_cleanly(program, args):
    engine = program(*args)
    engine.send("position startpos", "go infinite")
    engine.wait_for("info depth", ANSWER_S)
    engine.send("quit")
    assert engine.process.wait(timeout=ANSWER_S) == 0
    engine.wait_for("bestmove", ANSWER_S)
    assert not any("Traceback" in line for line in engine.errors if line)


def test_program_a_course_agent_answers_isready_during_its_search(program):
    agent = program("alphabeta:time=60000")
    agent.send("position startpos", "go movetime 4000", "isready")
    got = agent.wait_for("readyok", ANSWER_S)
    assert not any(line.startswith("bestmove") for line in got), got
    agent.wait_for("bestmove", 60)


def test_program_a_course_agent_holds_go_infinite_until_stop(program):
    agent = program("greedy")
    agent.send("position startpos", "go infinite")
    quiet = agent.quiet_for(1.0)
    assert not any(line.startswith("bestmove") for line in quiet), quiet
    agent.send("stop")
    assert agent.wait_for("bestmove", ANSWER_S)[-1] == "bestmove b7"


def test_a_search_that_fails_plays_the_first_legal_move_and_the_engine_goes_on():
    class Broken(Engine):
        def search(self, state, limits=None, on_info=None):
            raise RuntimeError("out of order")

    code, lines, log = talk_engine("position startpos\ngo depth 2\nisready\n", engine=Broken)
    assert code == 0 and "out of order" in log
    assert bestmove(lines) == State.start().legal_moves()[0].uai() and "readyok" in lines


def test_ponderhit_ends_a_ponder_search():
    end = threading.Event()
    out = io.StringIO()
    script = HeldOpen("position startpos\ngo ponder\nponderhit\n", end)
    server = threading.Thread(target=serve_uai, args=("engine", script, out),
                              kwargs={"log": io.StringIO()})
    server.start()
    try:
        deadline = time.perf_counter() + 30
        while "bestmove" not in out.getvalue() and time.perf_counter() < deadline:
            time.sleep(0.01)
        assert "bestmove" in out.getvalue()          # before the input ended
    finally:
        end.set()
        server.join(30)
