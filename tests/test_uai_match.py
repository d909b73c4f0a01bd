"""Games between UAI engines (course_lib.match.uai_match) against small fake engines written
here: each fault loses with its reason, within bounded time, and leaves no process behind;
healthy engines play whole legal games on the course's rules, with the clocks kept."""

from __future__ import annotations

import os
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from course_lib.ataxx import FIRST, SECOND, State
from course_lib.errors import CourseError
from course_lib.match.referee import ENDINGS
from course_lib.match.uai_match import (TimeControl, UaiEngine, play_uai_game, read_openings,
                                        run_uai_match)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")

FAKE = textwrap.dedent('''
    """A fake UAI engine: MODE MARKER LOG. Plays a seeded random legal move, except as MODE says."""
    import random, sys, time
    from course_lib.ataxx import State

    mode, marker, log = sys.argv[1], sys.argv[2], sys.argv[3]
    rng = random.Random(7)
    state = State.start()
    searches = 0
    out = sys.stdout
    if mode == "silent":
        time.sleep(60)
    with open(log, "a") as record:
        for line in sys.stdin:
            record.write(line)
            record.flush()
            words = line.split()
            if not words:
                continue
            if words[0] == "uai":
                out.write("id name fake-" + mode + "\\nid author tests\\nuaiok\\n")
            elif words[0] == "isready":
                out.write("readyok\\n")
            elif words[0] == "position":
                at = words.index("moves") if "moves" in words else len(words)
                state = (State.start() if words[1] == "startpos"
                         else State.from_fen(" ".join(words[2:at])))
                for move in words[at + 1:]:
                    state = state.play(move)
            elif words[0] == "go":
                searches += 1
                if mode == "crash" and searches == 3:
                    sys.stderr.write("deliberate crash\\n")
                    sys.exit(3)
                if mode == "slow" and searches == 2:
                    time.sleep(30)
                if mode == "late" and searches == 2:
                    time.sleep(0.5)
                if mode == "steady":
                    time.sleep(0.1)
                moves = state.legal_moves()
                move = rng.choice(moves).uai()
                if mode == "illegal" and searches == 2:
                    names = [f + r for f in "abcdefg" for r in "1234567"]
                    for name in names:
                        try:
                            state.play(name)
                        except ValueError:
                            move = name
                            break
                if mode == "pass" and searches == 2:
                    move = "0000"
                out.write(f"info string thinking\\ninfo depth {searches % 5 + 1} nodes "
                          f"{100 * searches} score cp 0 pv {move}\\nbestmove {move}\\n")
            elif words[0] == "quit":
                break
            out.flush()
''')


@pytest.fixture(scope="module")
def fake(tmp_path_factory):
    path = tmp_path_factory.mktemp("fake_uai") / "fake_uai.py"
    path.write_text(FAKE)
    return path


class Fakes:
    """Commands of fake engines sharing one marker (to find their processes) and logs."""

    def __init__(self, script: Path, folder: Path) -> None:
        self.script, self.folder = script, folder
        self.marker = f"uai-marker-{uuid.uuid4().hex}"

    def log(self, name: str) -> Path:
        return self.folder / f"{name}.log"

    def engine(self, mode: str, name: str | None = None, **kwargs) -> UaiEngine:
        name = name or mode
        return UaiEngine([sys.executable, str(self.script), mode, self.marker,
                          str(self.log(name))], name=name, **kwargs)

    def survivors(self) -> list[str]:
        """Processes (not zombies) whose command line carries the marker."""
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
                stat = Path(f"/proc/{entry}/stat").read_bytes()
            except OSError:
                continue
            if self.marker.encode() in cmdline and stat[stat.rfind(b")") + 2:][:1] != b"Z":
                found.append(cmdline.replace(b"\0", b" ").decode(errors="replace"))
        return found


@pytest.fixture
def fakes(fake, tmp_path):
    return Fakes(fake, tmp_path)


def replay(game) -> State:
    state = State.from_fen(game.start_fen)
    for move in game.moves:
        state = state.play(move)
    assert state.fen() == game.fen
    return state


FAST = TimeControl.per_move(1000)


def test_two_legal_engines_play_a_whole_game_on_the_course_rules(fakes):
    with fakes.engine("random", "one") as one, fakes.engine("random", "two") as two:
        game = play_uai_game(one, two, FAST)
    assert game.reason in ENDINGS and game.loser is None, game.detail
    state = replay(game)
    assert state.is_over() and game.winner == state.winner()
    searched = [len(game.times_ms[0]), len(game.times_ms[1])]
    passes = game.moves.count("0000")
    assert sum(searched) + passes == len(game.moves)
    # The last info line of each move is kept: the fake reports depth searches % 5 + 1.
    assert game.depths[0] == [n % 5 + 1 for n in range(1, searched[0] + 1)]
    assert game.nodes[1] == [100 * n for n in range(1, searched[1] + 1)]
    assert fakes.survivors() == []


def test_each_engine_gets_the_moves_from_the_opening_and_the_clock(fakes):
    opening = "x5o/7/7/7/7/7/oo2xxx o 0 2"
    tc = TimeControl.clock(60_000, 250)
    with fakes.engine("random", "x") as x, fakes.engine("random", "o") as o:
        game = play_uai_game(x, o, tc, opening)
    lines = fakes.log("o").read_text().splitlines()
    assert lines[:2] == ["uai", "isready"] and lines[2:4] == ["uainewgame", "isready"]
    positions = [line for line in lines if line.startswith("position")]
    goes = [line.split() for line in lines if line.startswith("go")]
    assert positions[0] == f"position fen {opening}"            # o moves first here
    assert positions[1] == f"position fen {opening} moves " + " ".join(game.moves[:2])
    # x is "black": btime is x's clock; o spent its first move, then got the increment back.
    first, second = (dict(zip(words[1::2], map(int, words[2::2]))) for words in goes[:2])
    assert first == {"btime": 60_000, "wtime": 60_000, "binc": 250, "winc": 250}
    spent_o, spent_x = game.times_ms[1][0], game.times_ms[0][0]
    assert second["wtime"] == pytest.approx(60_000 + 250 - spent_o, abs=1.01)
    assert second["btime"] == pytest.approx(60_000 + 250 - spent_x, abs=1.01)


def test_an_engine_that_crashes_loses_and_its_stderr_is_kept(fakes):
    crash = fakes.engine("crash")
    with fakes.engine("random") as good, crash:
        game = play_uai_game(good, crash, FAST)
    assert (game.winner, game.loser, game.reason) == (FIRST, SECOND, "crash"), game.detail
    assert game.detail.startswith("crash crashed: its process exited with code 3")
    assert len(game.times_ms[1]) == 2                # it answered twice, died on the third
    replay(game)
    assert fakes.survivors() == []


def test_an_illegal_move_loses(fakes):
    with fakes.engine("illegal") as bad, fakes.engine("random") as good:
        game = play_uai_game(bad, good, FAST)
    assert (game.winner, game.loser, game.reason) == (SECOND, FIRST, "illegal"), game.detail
    assert game.detail.startswith("illegal played ")
    assert len(game.moves) == 2                       # x's first move and o's, then the fault
    replay(game)


def test_a_pass_while_moves_exist_loses(fakes):
    with fakes.engine("random") as good, fakes.engine("pass") as bad:
        game = play_uai_game(good, bad, FAST)
    assert (game.winner, game.loser, game.reason) == (FIRST, SECOND, "illegal-pass")


def test_a_slow_engine_loses_on_time_without_being_waited_for(fakes):
    tc = TimeControl.per_move(200, margin_ms=50)
    started = time.monotonic()
    with fakes.engine("random") as good, fakes.engine("slow") as slow:
        game = play_uai_game(good, slow, tc)
        assert not slow.running                       # stopped at once, not left sleeping
    assert time.monotonic() - started < 15            # it would sleep 30 s
    assert (game.winner, game.loser, game.reason) == (FIRST, SECOND, "timeout")
    assert "no bestmove within 250 ms" in game.detail
    assert game.times_ms[1] == [pytest.approx(game.times_ms[1][0]), 250.0]
    assert fakes.survivors() == []


def test_a_late_engine_that_still_answers_is_kept_for_the_next_game(fakes):
    tc = TimeControl.per_move(200, margin_ms=50)
    with fakes.engine("random") as good, fakes.engine("late") as late:
        lost = play_uai_game(good, late, tc)
        assert late.running                           # its bestmove came after the stop
        again = play_uai_game(late, good, tc)
    assert (lost.loser, lost.reason) == (SECOND, "timeout")
    assert again.loser is None and again.reason in ENDINGS, again.detail
    assert late.starts == 1 and good.starts == 1
    log = fakes.log("late").read_text().splitlines()
    assert log.count("stop") == 1 and log.count("uai") == 1


def test_a_game_clock_runs_out(fakes):
    # The steady fake takes about 100 ms a move: 300 ms and no increment last two or three
    # moves (the stones far apart, so that no game ends before).
    with fakes.engine("random") as good, fakes.engine("steady") as steady:
        game = play_uai_game(good, steady, TimeControl.clock(300), "x5o/7/7/3x3/7/7/o5x o 0 1")
    assert (game.winner, game.loser, game.reason) == (FIRST, SECOND, "timeout"), game.detail
    assert 3 <= len(game.times_ms[1]) <= 4         # the last one: the time that was left
    assert sum(game.times_ms[1]) == pytest.approx(300) and game.time_used_ms[1] > 0


def test_an_engine_that_never_starts_loses_and_two_mean_no_game(fakes):
    with fakes.engine("silent", startup_ms=500) as silent, fakes.engine("random") as good:
        game = play_uai_game(good, silent, FAST)
        assert (game.winner, game.reason, game.moves) == (FIRST, "timeout", [])
        assert "'uai' within 500 ms" in game.detail
        other = fakes.engine("silent", "other", startup_ms=500)
        void = play_uai_game(silent, other, FAST)
        other.close()
    assert (void.winner, void.loser, void.reason) == (0, None, "no-contest")
    assert fakes.survivors() == []


def test_a_match_plays_colour_swapped_pairs_and_restarts_only_faulty_engines(fakes):
    openings = ["x5o/7/7/7/7/7/oo2xxx o 0 2", "x5o/7/7/7/7/1x5/o5x o 0 1"]
    good, crash = fakes.engine("random", "good"), fakes.engine("crash", "crash")
    seen = []
    report = run_uai_match(good, crash, 3, FAST, openings,
                           on_game=lambda r, g: seen.append(len(r.games)))
    assert seen == [1, 2, 3, 4, 5, 6]
    assert [g.start_fen for g in report.games] == [State.from_fen(f).fen() for f in
                                                   openings + openings[:1] for _ in (0, 1)]
    assert [g.names[0] for g in report.games] == ["good", "crash"] * 3
    # The crashing engine loses every game; the good one keeps its one process throughout.
    assert (report.wins, report.draws, report.losses) == (6, 0, 0)
    assert report.pentanomial == [0, 0, 0, 0, 3] and report.score == 1.0
    assert report.faults(a=False) == 6 and report.faults(a=True) == 0
    assert good.starts == 1 and crash.starts == 6
    assert report.reasons() == {"crash": 6}
    assert report.elo().games == 6
    assert report.time_used_ms(a=True) == pytest.approx(
        sum(sum(g.times_ms[0 if i % 2 == 0 else 1]) for i, g in enumerate(report.games)))
    assert not good.running and not crash.running
    assert fakes.survivors() == []


def test_match_counts_follow_the_colours(fakes):
    report = run_uai_match(fakes.engine("random", "a"), fakes.engine("random", "b"), 2, FAST)
    points = []
    for index, game in enumerate(report.games):
        a_player = FIRST if index % 2 == 0 else SECOND
        points.append(0.5 if game.winner == 0 else float(game.winner == a_player))
        replay(game)
    assert report.wins == points.count(1.0) and report.losses == points.count(0.0)
    assert report.score == pytest.approx(sum(points) / 4)
    assert sum(report.pentanomial) == 2


def test_read_openings_skips_comments_and_names_a_bad_line(tmp_path):
    path = tmp_path / "openings.txt"
    path.write_text("# balanced\n\nx5o/7/7/7/7/7/oo2xxx o 0 2\n")
    assert read_openings(str(path)) == ["x5o/7/7/7/7/7/oo2xxx o 0 2"]
    path.write_text("x5o/7/7/7/7/7/o5x x 0 1\nnot a fen\n")
    with pytest.raises(CourseError, match="line 2"):
        read_openings(str(path))
    with pytest.raises(CourseError, match="cannot read"):
        read_openings(str(tmp_path / "missing.txt"))


@pytest.mark.parametrize("text", ["ten", "0+1", "10+-1", "", "1e9"])
def test_a_bad_time_control_is_refused_in_words(text):
    with pytest.raises(CourseError, match="time control"):
        TimeControl.parse(text)


def test_time_controls_read_as_written():
    assert TimeControl.parse("10+0.1") == TimeControl(time_ms=10_000, inc_ms=100)
    assert TimeControl.parse("60") == TimeControl.clock(60_000)
    assert str(TimeControl.clock(10_000, 100)) == "10 s + 0.1 s a game"
    with pytest.raises(CourseError, match="one of the two"):
        TimeControl(time_ms=1000, movetime_ms=100)


def test_an_engine_command_that_does_not_exist_loses_as_a_crash(fakes):
    with UaiEngine(["/nonexistent/uai-engine"]) as missing, fakes.engine("random") as good:
        game = play_uai_game(missing, good, FAST)
    assert (game.winner, game.reason) == (SECOND, "crash")
    assert "could not be started" in game.detail


# --- The benchmark's reading of cuteataxx's output ---------------------------------------------


def _bench_module():
    import importlib.util
    path = Path(__file__).parent.parent / "benchmarks" / "bench_public_engines.py"
    spec = importlib.util.spec_from_file_location("bench_public_engines", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_public_engines", module)   # its dataclasses look it up
    spec.loader.exec_module(sys.modules["bench_public_engines"])
    return sys.modules["bench_public_engines"]


CUTEATAXX_LOG = """\
Settings:
- games 2
7> uai
7< uaiok
7> isready
7< readyok
7> uainewgame
7> uainewgame
7> isready
7< readyok
7> position fen x5o/7/7/7/7/7/oo2xxx o 0 2
7> isready
7< readyok
7> go movetime 100
7< info depth 11 nodes 5 score cp 3 pv c1
7< info depth 12 nodes 9 score cp 3 pv c1
7< bestmove c1
7> position fen x5o/7/7/7/7/7/o1o1xxx x 0 3
7> go movetime 100
7< info depth 5 score cp 0 nodes 17 time 40 pv b6
7< bestmove b6
7> position fen x5o/1x5/7/7/7/7/o1o1xxx o 0 3
7> go movetime 100
7< bestmove 0000
7> uainewgame
7> uainewgame
7> position fen x5o/7/7/7/7/7/oo2xxx o 0 2
7> go movetime 100
7< info depth 6 pv c1
7< bestmove c1
7> position fen x5o/7/7/7/7/7/o1o1xxx x 0 3
7> go movetime 100
7< info depth 13 pv b6
7< bestmove b6
Score of course vs opponent: 1 - 1 - 0  [0.500] 2
"""

CUTEATAXX_PGN = """\
[Event "bench_public_engines"]
[Black "course"]
[White "opponent"]
[Result "1-0"]
[FEN "x5o/7/7/7/7/7/oo2xxx o 0 2"]
[FinalFEN "x5o/1x5/7/7/7/7/o1o1xxx o 0 3"]
[Adjudicated "Out of time"]

1... c1 { movetime 101 } 2. b6 { movetime 40 } 0000 { movetime 0 } 1-0


[Event "bench_public_engines"]
[Black "opponent"]
[White "course"]
[Result "1/2-1/2"]
[FEN "x5o/7/7/7/7/7/oo2xxx o 0 2"]
[FinalFEN "x5o/7/7/7/7/7/o1o1xxx x 100 60"]

1... c1 { movetime 99 } 2. b6 { movetime 98 } 1/2-1/2
"""


def test_the_benchmark_reads_cuteataxx_results_times_and_depths_by_side():
    bench = _bench_module()
    first, second = bench.parse_cuteataxx(CUTEATAXX_LOG, CUTEATAXX_PGN, 2)
    # Game 1: the course is x (Black); o (the opponent) moved first and lost on time.
    assert (first.course_first, first.points, first.reason, first.faulty) == \
           (True, 1.0, "timeout", "opponent")
    assert first.turns == 3
    assert first.depths == ([5], [12])                  # the forced pass is not counted
    assert first.times_ms == ([40.0], [101.0])
    # Game 2: the course is o and moved first; a draw by libataxx's 50-move rule.
    assert (second.course_first, second.points, second.reason, second.faulty) == \
           (False, 0.5, "50-moves", None)
    assert second.depths == ([6], [13]) and second.times_ms == ([99.0], [98.0])
    with pytest.raises(CourseError, match="wrote 2 games of 4"):
        bench.parse_cuteataxx(CUTEATAXX_LOG, CUTEATAXX_PGN, 4)


def test_the_benchmark_summary_counts_from_the_course_side():
    bench = _bench_module()
    games = bench.parse_cuteataxx(CUTEATAXX_LOG, CUTEATAXX_PGN, 2)
    summary = bench.summarize(games)
    assert (summary["wins"], summary["draws"], summary["losses"]) == (1, 1, 0)
    assert summary["score"] == 0.75 and summary["pentanomial"] == [0, 0, 0, 1, 0]
    assert summary["sides"]["course"]["mean_depth"] == 5.5
    assert summary["sides"]["opponent"]["median_depth"] == 12.5
    assert summary["sides"]["opponent"]["faults"] == 1
    assert summary["sides"]["opponent"]["time_s"] == pytest.approx(0.199)
    # The game lost on time is left out of the games played out.
    assert summary["played_out"] == {"games": 1, "wins": 0, "draws": 1, "losses": 0}

