"""The referee writes down what was played: every move as its program sent it (a clone with the
source it was given), in ``moves``, in the OPP line relayed to the other program and in a
logged transcript; the canonical form only beside it (``canonical_moves``). And the course's
referee gives the same transcript as an independent one, written here with its own rules.

The programs are ``fault_agents/any_source.py`` (seeded random over (source, destination) pairs,
so most clones come with a non-canonical source; it logs what it sends and receives) and the
course's own ``python -m course_lib agent random:seed=N``.
"""

from __future__ import annotations

import io
import json
import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from course_lib.ataxx import Move, State
from course_lib.match import play_game
from course_lib.match.protocol import serve
from course_lib.match.referee import ENDINGS, referee
from course_lib.match.tournament import logged, read_log, replay

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the programs run under POSIX")

AGENTS = Path(__file__).parent / "fault_agents"
COURSE_RANDOM = [sys.executable, "-m", "course_lib", "agent"]
START = "x5o/7/7/7/7/7/o5x x 0 1"


def any_source(seed: int, log: Path) -> list[str]:
    return [sys.executable, str(AGENTS / "any_source.py"), str(seed), str(log)]


def course_random(seed: int) -> list[str]:
    return COURSE_RANDOM + [f"random:seed={seed}"]


# --- Independent rules and referee -------------------------------------------------------------
# Written from the rules (COURSE_SPEC section 1 and 3), sharing no code with course_lib.


def _board(fen: str) -> tuple[dict, str]:
    rows, side = fen.split()[:2]
    board = {}
    for x, row in enumerate(rows.split("/"), start=1):
        y = 1
        for char in row:
            if char.isdigit():
                y += int(char)
            else:
                board[x, y] = char
                y += 1
    return board, side


def _moves(board: dict, me: str) -> set[tuple[int, int, int, int]]:
    found = set()
    for (x, y), who in board.items():
        if who == me:
            for tx in range(x - 2, x + 3):
                for ty in range(y - 2, y + 3):
                    if 1 <= tx <= 7 and 1 <= ty <= 7 and (tx, ty) not in board:
                        found.add((x, y, tx, ty))
    return found


def _apply(board: dict, me: str, move: tuple[int, int, int, int]) -> None:
    x1, y1, x2, y2 = move
    if x1 == -1:
        return
    if max(abs(x2 - x1), abs(y2 - y1)) == 2:
        del board[x1, y1]
    board[x2, y2] = me
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if board.get((x2 + dx, y2 + dy)) not in (None, me, "-"):
                board[x2 + dx, y2 + dy] = me


def _canonical(board: dict, me: str, move: tuple[int, int, int, int]) -> tuple:
    """A clone's source replaced by the friendly neighbour of its destination with the
    smallest (x, y)."""
    x1, y1, x2, y2 = move
    if x1 == -1 or max(abs(x2 - x1), abs(y2 - y1)) == 2:
        return move
    source = min((x, y) for (x, y), who in board.items()
                 if who == me and max(abs(x - x2), abs(y - y2)) == 1)
    return (*source, x2, y2)


def independent_referee(first: list[str], second: list[str], fen: str = START) -> dict:
    """One game between two programs: no clocks, every answer checked against the rules above;
    returns the moves as sent, their canonical forms, the OPP lines sent and the winner."""
    env = dict(os.environ, ATAXX_START_FEN=fen)
    procs = {side: subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, env=env, bufsize=1)
             for side, argv in (("x", first), ("o", second))}

    def tell(side: str, text: str) -> None:
        procs[side].stdin.write(text + "\n")
        procs[side].stdin.flush()

    def hear(side: str) -> str:
        return procs[side].stdout.readline().strip()

    board, me = _board(fen)
    moves, canonical, opp_lines = [], [], {"x": [], "o": []}
    turns = 0
    try:
        for side in ("x", "o"):
            tell(side, "READY FIRST" if side == "x" else "READY SECOND")
        assert [hear("x"), hear("o")] == ["OK", "OK"]
        while True:
            counts = {s: sum(1 for who in board.values() if who == s) for s in "xo"}
            full = all((x, y) in board for x in range(1, 8) for y in range(1, 8))
            if 0 in counts.values() or full or turns >= 400 or not (
                    _moves(board, "x") or _moves(board, "o")):
                break
            tell(me, "TURN 10000 10000")
            words = hear(me).split()
            assert words[0] == "MOVE" and len(words) == 5, words
            move = tuple(int(w) for w in words[1:])
            legal = _moves(board, me)
            assert move in legal or (move == (-1, -1, -1, -1) and not legal), (move, me)
            canonical.append(list(_canonical(board, me, move)))
            moves.append(list(move))
            _apply(board, me, move)
            other = "o" if me == "x" else "x"
            line = "OPP " + " ".join(map(str, move)) + " 0"
            opp_lines[other].append(line)
            tell(other, line)
            me, turns = other, turns + 1
        for side in ("x", "o"):
            tell(side, "FINISH")
    finally:
        for proc in procs.values():
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    counts = {s: sum(1 for who in board.values() if who == s) for s in "xo"}
    winner = 0 if counts["x"] == counts["o"] else 1 if counts["x"] > counts["o"] else 2
    return {"moves": moves, "canonical_moves": canonical, "opp": opp_lines, "winner": winner,
            "stones": [counts["x"], counts["o"]]}


def _sent(log: Path) -> tuple[list[list[int]], list[list[int]]]:
    """From a program's own log: the moves it sent, and the moves it was told in OPP lines."""
    sent, told = [], []
    for line in read_log(log):
        words = line.split()
        if words[:2] == ["<", "MOVE"]:
            sent.append([int(w) for w in words[2:6]])
        elif words[:2] == [">", "OPP"]:
            told.append([int(w) for w in words[2:6]])
    return sent, told


# --- The course's referee ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def any_source_game(tmp_path_factory):
    """The course's referee on any_source seed 11 (x) against seed 12 (o), with their logs."""
    folder = tmp_path_factory.mktemp("any_source")
    logs = folder / "x.log", folder / "o.log"
    result = referee(any_source(11, logs[0]), any_source(12, logs[1]), time_ms=20_000)
    return result, logs


def test_moves_are_written_down_as_sent(any_source_game):
    result, logs = any_source_game
    assert result.reason in ENDINGS, result.detail
    sent_x, told_x = _sent(logs[0])
    sent_o, told_o = _sent(logs[1])
    assert result.moves[0::2] == sent_x and result.moves[1::2] == sent_o
    # The OPP lines each program received are the other's moves, as the other sent them.
    assert told_x == sent_o and told_o == sent_x
    record = json.loads(result.to_json())
    assert record["moves"] == result.moves


def test_the_game_has_clones_with_other_sources_and_their_canonical_form_beside(any_source_game):
    result, _ = any_source_game
    different = [(sent, canon) for sent, canon in zip(result.moves, result.canonical_moves)
                 if sent != canon]
    assert len(different) >= 5, "the test needs clones sent with a non-canonical source"
    for sent, canon in different:                 # the same clone, another source
        assert sent[2:] == canon[2:] and max(abs(sent[0] - sent[2]), abs(sent[1] - sent[3])) == 1
    # The canonical forms, computed by the independent rules along the recorded game.
    board, me = _board(result.start_fen)
    for sent, canon in zip(result.moves, result.canonical_moves):
        assert list(_canonical(board, me, tuple(sent))) == canon
        _apply(board, me, tuple(sent))
        me = "o" if me == "x" else "x"


def test_the_sent_moves_replay_to_the_recorded_end(any_source_game):
    result, _ = any_source_game
    state = State.from_fen(result.start_fen)
    for move in result.moves:
        state = state.play(Move(*move))
    assert state.fen() == result.fen
    assert [state.stones(1), state.stones(2)] == result.stones


def test_a_logged_transcript_with_other_sources_replays_the_same_game(tmp_path):
    log = tmp_path / "program.log"
    original = referee(logged(any_source(5, tmp_path / "own.log"), log),
                       any_source(6, tmp_path / "other.log"), time_ms=20_000)
    transcript = read_log(log)
    assert original.reason in ENDINGS, original.detail
    relayed = [line[len("> OPP "):].rsplit(" ", 1)[0] for line in transcript
               if line.startswith("> OPP ")]
    other_sent, _ = _sent(tmp_path / "other.log")
    assert relayed == [" ".join(map(str, m)) for m in other_sent]
    assert original.moves[1::2] == other_sent
    again = replay(transcript, time_ms=20_000)
    assert (again.reason, again.winner, again.moves) == (original.reason, original.winner,
                                                         original.moves)


# --- The course's referee against an independent one -------------------------------------------


@pytest.mark.parametrize("programs", ["any_source", "course random"])
def test_the_course_referee_and_an_independent_one_write_the_same_transcript(tmp_path, programs):
    runs = itertools.count()

    def commands() -> tuple[list[str], list[str]]:
        if programs == "course random":
            return course_random(1), course_random(2)
        run = next(runs)
        return any_source(21, tmp_path / f"x{run}.log"), any_source(22, tmp_path / f"o{run}.log")

    ours = referee(*commands(), time_ms=20_000)
    theirs = independent_referee(*commands())
    assert ours.reason in ENDINGS, ours.detail
    assert ours.moves == theirs["moves"]
    assert ours.canonical_moves == theirs["canonical_moves"]
    assert (ours.winner, ours.stones) == (theirs["winner"], theirs["stones"])
    if programs == "any_source":
        assert ours.moves != ours.canonical_moves
    else:                                          # the course's agents send canonical clones
        assert ours.moves == ours.canonical_moves


# --- In-process: the agent program and play_game keep the source -------------------------------


def _with_other_source(state: State) -> Move:
    """A legal clone of ``state`` written with a source that is not the canonical one."""
    for move in state.legal_moves():
        if move.is_clone:
            for x in range(move.x2 - 1, move.x2 + 2):
                for y in range(move.y2 - 1, move.y2 + 2):
                    if (x, y) != (move.x1, move.y1) and 1 <= x <= 7 and 1 <= y <= 7 \
                            and state.grid[x][y] == state.to_move:
                        return Move(x, y, move.x2, move.y2)
    raise AssertionError("no clone with two sources here")


def test_the_agent_program_sends_a_clone_with_the_source_its_agent_chose():
    state = State.start().play(Move(1, 1, 2, 2)).play(Move(7, 1, 6, 2))   # x: a7 and b6
    chosen = _with_other_source(state)
    assert chosen not in state.legal_moves()
    out, log = io.StringIO(), io.StringIO()
    serve(lambda s: chosen if s.fen() == state.fen() else s.legal_moves()[0],
          io.StringIO(f"READY FIRST\nTURN 10000 10000\nOPP {Move(6, 2, 5, 3).protocol()} 1\n"
                      "TURN 10000 10000\n"), out, log=log, start=state)
    lines = out.getvalue().splitlines()
    assert lines[1] == f"MOVE {chosen.protocol()}", log.getvalue()
    assert len(lines) == 3 and log.getvalue() == ""      # its board followed: no complaint


def test_play_game_accepts_and_records_a_clone_with_another_source():
    def other_sources(state: State) -> Move:
        try:
            return _with_other_source(state)
        except AssertionError:
            return state.legal_moves()[0]

    record = play_game(other_sources, other_sources)
    assert "illegal" not in record.reason
    assert any(move not in _legal_at(record, i) for i, move in enumerate(record.moves))
    state = record.start
    for move in record.moves:
        state = state.play(move)
    assert state.fen() == record.final.fen()


def _legal_at(record, index: int) -> list[Move]:
    state = record.start
    for move in record.moves[:index]:
        state = state.play(move)
    return state.legal_moves()
