"""Games between two UAI engines (any ATAXX engine program that speaks UAI), on a clock.

    report = run_uai_match("./tiktaxx", "python -m course_lib uai greedy", pairs=10,
                           tc=TimeControl.per_move(100))
    print(report)

The arena (``course_lib.match.arena``) plays course agents and programs that speak the referee
protocol; this module plays programs that speak UAI, the protocol of the public ATAXX engines
and tournament managers, so that the course's engine can meet them on the course's own rules.

How a game is run
-----------------
Each engine is one process, started once and kept from game to game (as tournament managers
do): ``uai`` (answered by ``uaiok``), the ``setoption`` lines asked for, then ``isready``
(``readyok``); before every game ``uainewgame`` and ``isready`` again. These answers have
``startup_ms`` each (a course engine may compile its search then) and are not on the clock.
For each move the engine to move gets

    position fen START_FEN moves m1 m2 ...       (position startpos moves ... from the start)
    go btime B wtime W binc I winc I              (or: go movetime M)

with x as "black" (``btime``), as in libataxx, and must answer ``bestmove MOVE`` (``b6``, a
jump ``a7c5``). Its clock runs from the ``go`` to the ``bestmove`` line. Lines before it are
read too: the last ``info ... depth N ... nodes K`` of each move is kept (``depths``,
``nodes``). A side with no legal move passes without being asked (``0000`` in the move list);
the moves are relayed in canonical UAI text (``Move.uai``).

The game follows the course's rules (``State``: no stones, full board, 400 turns, no 50-move
rule) and ends early only by a fault. An engine loses at once if

==============  ===============================================================================
``timeout``     its ``bestmove`` comes after its clock ran out (a game clock: the time left;
                ``movetime``: M + ``margin_ms``), or it does not answer ``uai``/``isready``
``illegal``     its move is not legal here, or cannot be read (``illegal-pass``: ``0000`` while
                it has a move)
``crash``       its process exits, cannot be started, or closes its output
``malformed``   it sends a line longer than ``MAX_LINE`` bytes, or floods its output
==============  ===============================================================================

An engine is never waited for past its deadline. One that answered late, or played an illegal
move, is kept for the next game if it still answers: after a late answer it gets ``stop`` and
has 1 s to send its ``bestmove`` (``UaiEngine.settle``). Any other faulty engine is stopped (``quit``,
then SIGTERM and SIGKILL to its process group) and started again for the next game. At the end
of a match (or when ``UaiEngine.close`` is called, or the ``with`` block ends) no process of
either engine is left. If neither engine can start a game, it is void (winner 0, reason
``no-contest``).

A match is colour-swapped pairs from a list of FENs (pair ``p`` gets ``fens[p % len]``, A moves
first in game ``2p``): ``cuteataxx``'s ``ply3_fair.txt`` is read by ``read_openings``.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..ataxx import FIRST, PASS, SECOND, State
from ..errors import CourseError
from .referee import (MAX_LINE, _Fault, _Program, _signal_group, _wait_groups, ending)

__all__ = ["TimeControl", "UaiEngine", "UaiGameResult", "UaiMatchReport", "play_uai_game",
           "read_openings", "run_uai_match"]

_clock = time.monotonic
_START_FEN = State.start().fen()


# --- Time control -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TimeControl:
    """A game clock with increment (``TimeControl.clock(10_000, 100)``, or ``parse("10+0.1")``
    in seconds) or a fixed time per move (``TimeControl.per_move(100)``, ms).

    ``margin_ms`` is how late a ``movetime`` answer may be before it loses (a game clock has
    no margin: the answer must come before the clock runs out).

    >>> TimeControl.parse("10+0.1")
    TimeControl(time_ms=10000, inc_ms=100, movetime_ms=None, margin_ms=50)
    >>> str(TimeControl.per_move(100))
    '100 ms a move'
    """

    time_ms: int | None = None
    inc_ms: int = 0
    movetime_ms: int | None = None
    margin_ms: int = 50

    def __post_init__(self) -> None:
        if (self.time_ms is None) == (self.movetime_ms is None):
            raise CourseError("a time control is a game clock (time_ms, with inc_ms) or a time "
                              "per move (movetime_ms), one of the two")
        for name in ("time_ms", "inc_ms", "movetime_ms", "margin_ms"):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise CourseError(f"TimeControl({name}=...) needs a whole number of ms >= 0, "
                                  f"got {value!r}")
        if (self.time_ms is not None and self.time_ms == 0) or self.movetime_ms == 0:
            raise CourseError("a time control needs some time: time_ms or movetime_ms > 0")

    @classmethod
    def clock(cls, time_ms: int, inc_ms: int = 0) -> "TimeControl":
        """``time_ms`` for the game, ``inc_ms`` added after each move."""
        return cls(time_ms=time_ms, inc_ms=inc_ms)

    @classmethod
    def per_move(cls, movetime_ms: int, margin_ms: int = 50) -> "TimeControl":
        """``movetime_ms`` for every move (``go movetime``), late by ``margin_ms`` at most."""
        return cls(movetime_ms=movetime_ms, margin_ms=margin_ms)

    @classmethod
    def parse(cls, text: str) -> "TimeControl":
        """A game clock written ``SECONDS+INCREMENT`` in seconds: ``'10+0.1'``, ``'60'``."""
        base, _, inc = str(text).strip().partition("+")
        try:
            seconds, increment = float(base), float(inc or 0)
        except ValueError:
            raise CourseError(f"a time control is written SECONDS+INCREMENT, like '10+0.1' "
                              f"(10 s a game, 0.1 s added a move); got {text!r}") from None
        if not (0 < seconds <= 86_400 and 0 <= increment <= 3_600):
            raise CourseError(f"a time control needs 0 < seconds <= 86400 and 0 <= increment "
                              f"<= 3600; got {text!r}")
        return cls.clock(int(round(seconds * 1000)), int(round(increment * 1000)))

    def __str__(self) -> str:
        if self.movetime_ms is not None:
            return f"{self.movetime_ms} ms a move"
        return f"{self.time_ms / 1000:g} s + {self.inc_ms / 1000:g} s a game"


# --- One engine -------------------------------------------------------------------------------


def _words(command: str | Sequence[str]) -> list[str]:
    if isinstance(command, str):
        try:
            words = shlex.split(command, posix=os.name == "posix")
        except ValueError as error:
            raise CourseError(f"cannot read the engine command {command!r}: {error}") from None
    else:
        words = [str(word) for word in command]
    if not words:
        raise CourseError("an engine command is empty; give one such as './tiktaxx' or "
                          "'python -m course_lib uai'")
    return words


class UaiEngine:
    """One UAI engine program, started on first use and kept from game to game.

    ``command`` is a command line (split as a shell would) or a list of words; ``options``
    become ``setoption name K value V`` lines after ``uai``. ``startup_ms`` bounds each of the
    answers ``uaiok`` and ``readyok``. Use it in a ``with`` block, or call ``close()``.

    >>> engine = UaiEngine("python -m course_lib uai greedy", name="greedy")
    >>> engine.name, engine.running
    ('greedy', False)
    """

    def __init__(self, command: str | Sequence[str], name: str | None = None, *,
                 options: dict[str, str] | None = None, startup_ms: int = 60_000,
                 cwd: str | None = None, env: dict | None = None) -> None:
        self.argv = _words(command)
        self.name = name or shlex.join(self.argv)
        self.options = dict(options or {})
        if isinstance(startup_ms, bool) or not isinstance(startup_ms, int) or startup_ms <= 0:
            raise CourseError(f"startup_ms must be a whole number of ms > 0, got {startup_ms!r}")
        self.startup_ms = startup_ms
        self.cwd = cwd
        self.env = env
        self.id_name: str | None = None
        self._program: _Program | None = None
        self.starts = 0
        """How many times the process was started (a fault restarts it)."""

    # -- life

    @property
    def running(self) -> bool:
        return self._program is not None and self._program.alive()

    @property
    def pid(self) -> int | None:
        return None if self._program is None else self._program.pid

    def _fault(self, player: int, reason: str, detail: str) -> _Fault:
        return _Fault(player, reason, f"{self.name}: {detail}")

    def _wait_for(self, player: int, token: str, asked: str) -> None:
        deadline = _clock() + self.startup_ms / 1000
        while True:
            line = self._line(player, deadline, asked)
            if line.split()[:1] == [token]:
                return
            words = line.split()
            if token == "uaiok" and words[:2] == ["id", "name"]:
                self.id_name = " ".join(words[2:])

    def _line(self, player: int, deadline: float, asked: str) -> str:
        program = self._program
        assert program is not None
        program.player, program.side = player, self.name
        line, _ = program.answer(deadline, asked)
        return line.decode("utf-8", errors="replace")

    def start(self, player: int = FIRST) -> None:
        """Start the process (if it is not running) and wait for ``uaiok`` and ``readyok``.

        Raises the fault of ``player`` (crash, timeout, ...) if the engine cannot start."""
        if self.running:
            return
        self.close()
        environment = dict(os.environ)
        environment.update(self.env or {})
        self._program = _Program(player, self.argv, environment, self.cwd, MAX_LINE)
        self._program.side = self.name
        self.starts += 1
        self.send(player, "uai")
        self._wait_for(player, "uaiok", f"'uai' within {self.startup_ms} ms")
        for key, value in self.options.items():
            self.send(player, f"setoption name {key} value {value}")
        self.ready(player)

    def send(self, player: int, text: str) -> None:
        """Write one line to the engine (raise its fault if it cannot take it)."""
        if self._program is None:
            raise self._fault(player, "crash", "the engine is not running")
        self._program.player = player
        self._program.send(text)

    def ready(self, player: int) -> None:
        """``isready``, and wait for ``readyok``."""
        self.send(player, "isready")
        self._wait_for(player, "readyok", f"'isready' within {self.startup_ms} ms")

    def drain(self) -> None:
        """Drop what the engine printed since its last answer (late ``info`` lines)."""
        out = self._program.out if self._program is not None else None
        if out is None:
            return
        with out.cond:
            out.lines.clear()

    def go(self, player: int, position: str, go: str, deadline_s: float
           ) -> tuple[str, float, dict[str, int]]:
        """Send ``position`` and ``go``; return the ``bestmove`` text, the seconds from the
        ``go`` to the answer, and the last ``info`` numbers (``depth``, ``nodes``).

        Raises a timeout fault when no ``bestmove`` came within ``deadline_s`` seconds."""
        self.drain()
        self.send(player, position)
        self.send(player, go)
        sent = _clock()
        deadline = sent + deadline_s
        info: dict[str, int] = {}
        program = self._program
        assert program is not None and program.out is not None
        while True:
            # Read as the referee does, but keep a line that came after the deadline: a late
            # bestmove is returned (the caller sees the time it took), not thrown away.
            program.player, program.side = player, self.name
            kind, raw, arrival = program.out.next(deadline, program.alive)
            if kind == "timeout":
                raise self._fault(player, "timeout",
                                  f"sent no bestmove within {deadline_s * 1000:.0f} ms")
            if kind != "line":
                program._raise_end(kind, " before answering its go")
            line = raw.rstrip(b"\r").decode("utf-8", errors="replace")
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                for key in ("depth", "nodes"):
                    if key in words:
                        at = words.index(key)
                        if at + 1 < len(words) and words[at + 1].isdigit():
                            info[key] = int(words[at + 1])
            elif words[0] == "bestmove":
                return (words[1] if len(words) > 1 else ""), max(0.0, arrival - sent), info

    def settle(self, player: int, grace_ms: int = 1000) -> bool:
        """After a ``go`` answered too late (or not yet): ``stop``, and wait up to
        ``grace_ms`` for its ``bestmove``. True when it came (the engine is sound and kept),
        False when the engine must be stopped."""
        if not self.running:
            return False
        deadline = _clock() + grace_ms / 1000
        try:
            self.send(player, "stop")
            while True:
                if self._line(player, deadline, "stop").split()[:1] == ["bestmove"]:
                    return True
        except _Fault:
            return False

    def close(self, grace_ms: int = 500) -> None:
        """``quit``, and stop whatever of the engine still runs a moment later."""
        program, self._program = self._program, None
        if program is None or program.proc is None:
            return
        try:
            program.send("quit")
        except _Fault:
            pass
        try:
            program.proc.stdin.close()
        except OSError:
            pass
        try:
            program.proc.wait(timeout=grace_ms / 1000)
        except subprocess.TimeoutExpired:
            pass
        left = _wait_groups([program], 0.0)
        for sig in ("SIGTERM", "SIGKILL"):
            if not left:
                break
            for item in left:
                _signal_group(item, getattr(signal, sig, signal.SIGTERM))
            left = _wait_groups(left, grace_ms / 1000 if sig == "SIGTERM" else 5.0)
        try:
            program.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass
        for thread in (program.out, program.err):
            if thread is not None:
                thread.join(timeout=0.5)

    def stderr_text(self) -> str:
        """The last few KiB the engine wrote on stderr."""
        return self._program.stderr_text() if self._program is not None else ""

    def __enter__(self) -> "UaiEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"UaiEngine({shlex.join(self.argv)!r})"


# --- One game ---------------------------------------------------------------------------------


@dataclass
class UaiGameResult:
    """One game between two UAI engines.

    ``winner`` is 1 (the first player, x), 2 or 0 (a draw, or a void game); ``loser`` the player
    whose fault ended it. ``reason`` is ``no-stones``, ``board-full``, ``turn-limit``,
    ``no-moves``, a fault (``timeout``, ``illegal``, ``illegal-pass``, ``crash``,
    ``malformed``) or ``no-contest``; ``detail`` says it in words. ``moves`` in UAI text as
    played (canonical), ``depths[i]`` / ``nodes[i]`` / ``times_ms[i]`` per move of player
    ``i + 1`` that it searched (a forced pass is not searched), ``time_used_ms[i]`` the total.
    """

    winner: int
    reason: str
    detail: str
    start_fen: str
    fen: str
    moves: list[str]
    loser: int | None = None
    depths: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    nodes: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    times_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    names: tuple[str, str] = ("first", "second")

    @property
    def time_used_ms(self) -> tuple[float, float]:
        return (sum(self.times_ms[0]), sum(self.times_ms[1]))

    def __str__(self) -> str:
        outcome = ("draw" if self.winner == 0 and self.reason != "no-contest"
                   else "no game" if self.winner == 0
                   else f"{self.names[self.winner - 1]} wins")
        return f"{outcome} ({self.reason}, {len(self.moves)} turns): {self.detail}"


def _go_command(tc: TimeControl, clocks: dict[int, float]) -> str:
    if tc.movetime_ms is not None:
        return f"go movetime {tc.movetime_ms}"
    return (f"go btime {max(0, int(clocks[FIRST]))} wtime {max(0, int(clocks[SECOND]))} "
            f"binc {tc.inc_ms} winc {tc.inc_ms}")


def _position_command(start_fen: str, moves: list[str]) -> str:
    head = "position startpos" if start_fen == _START_FEN else f"position fen {start_fen}"
    return head + (" moves " + " ".join(moves) if moves else "")


def play_uai_game(first: UaiEngine, second: UaiEngine, tc: TimeControl,
                  start_fen: str | None = None) -> UaiGameResult:
    """Play one game, ``first`` as x from ``start_fen`` (default: the start), on ``tc``.

    A faulty engine loses the game and is stopped (it starts again on its next game)."""
    if not isinstance(tc, TimeControl):
        raise CourseError(f"tc must be a TimeControl (TimeControl.parse('10+0.1'), "
                          f"TimeControl.per_move(100)), got {tc!r}")
    start = State.from_fen(start_fen) if start_fen else State.start()
    if start.is_over():
        raise CourseError(f"the game's start {start.fen()!r} is a finished game; nothing to play")
    engines = {FIRST: first, SECOND: second}
    result = UaiGameResult(winner=0, reason="", detail="", start_fen=start.fen(),
                           fen=start.fen(), moves=[], names=(first.name, second.name))
    faults: list[_Fault] = []
    for player, engine in engines.items():
        try:
            engine.start(player)
            engine.send(player, "uainewgame")
            engine.ready(player)
        except _Fault as fault:
            faults.append(fault)
    state = start
    clocks = {FIRST: float(tc.time_ms or 0), SECOND: float(tc.time_ms or 0)}
    while not faults and not state.is_over():
        player = state.to_move
        legal = state.legal_moves()
        if len(legal) == 1 and legal[0].is_pass:
            state = state.apply(PASS)
            result.moves.append(PASS.uai())
            continue
        engine = engines[player]
        limit_ms = (tc.movetime_ms + tc.margin_ms if tc.movetime_ms is not None
                    else clocks[player])
        try:
            try:
                text, seconds, info = engine.go(player,
                                                _position_command(start.fen(), result.moves),
                                                _go_command(tc, clocks), limit_ms / 1000)
            except _Fault as fault:
                if fault.reason == "timeout":          # no answer in time: all of it spent
                    result.times_ms[player - 1].append(float(limit_ms))
                    fault.kept = engine.settle(player)  # type: ignore[attr-defined]
                raise
            spent = seconds * 1000
            result.times_ms[player - 1].append(spent)
            if "depth" in info:
                result.depths[player - 1].append(info["depth"])
            if "nodes" in info:
                result.nodes[player - 1].append(info["nodes"])
            if spent > limit_ms:
                late = _Fault(player, "timeout", f"{engine.name} answered after {spent:.0f} ms, "
                              f"{limit_ms:.0f} ms allowed")
                late.kept = True                          # type: ignore[attr-defined]
                raise late
            try:
                move = state.parse_move(text)
                state.check_move(move)
            except ValueError as error:
                reason = "illegal-pass" if text == "0000" else "illegal"
                illegal = _Fault(player, reason, f"{engine.name} played {text[:40]!r}: {error}")
                illegal.kept = True                       # type: ignore[attr-defined]
                raise illegal from None
        except _Fault as fault:
            faults.append(fault)
            break
        if tc.time_ms is not None:
            clocks[player] += tc.inc_ms - spent
        move = state.canonical(move)
        state = state.apply(move)
        result.moves.append(move.uai())
    for fault in faults:
        if not getattr(fault, "kept", False):
            engines[fault.player].close()      # started again for the next game
    result.fen = state.fen()
    if len(faults) >= 2:
        result.reason = "no-contest"
        result.detail = "neither engine could start the game: " + "; ".join(
            f.detail for f in faults)
    elif faults:
        fault = faults[0]
        result.winner, result.loser = 3 - fault.player, fault.player
        result.reason, result.detail = fault.reason, fault.detail
    else:
        winner = state.winner()
        result.winner = 0 if winner is None else int(winner)
        result.reason = ending(state)
        result.detail = (f"{state.outcome_reason()}: x {state.stones(FIRST)} - "
                         f"o {state.stones(SECOND)}")
    return result


# --- A match ----------------------------------------------------------------------------------


def read_openings(path: str) -> list[str]:
    """The FENs of an openings file, one a line (``#`` comments and blank lines skipped), each
    checked: ``cuteataxx``'s ``res/openings/ply3_fair.txt`` and the like."""
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        raise CourseError(f"cannot read the openings file {path!r}: {error.strerror}") from None
    fens = []
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            state = State.from_fen(text)
        except ValueError as error:
            raise CourseError(f"{path}, line {number}: not a FEN: {error}") from None
        if not state.is_over():
            fens.append(state.fen())
    if not fens:
        raise CourseError(f"the openings file {path!r} has no position to play (one FEN a line)")
    return fens


@dataclass
class UaiMatchReport:
    """A match of colour-swapped pairs between engine A and engine B.

    ``games[2p]`` has A as x, ``games[2p + 1]`` B as x, both from pair ``p``'s opening.
    ``wins``/``draws``/``losses`` are A's (a void game counts as a draw); ``pentanomial[k]``
    counts the complete pairs where A scored ``k / 2``.
    """

    name_a: str
    name_b: str
    tc: TimeControl
    games: list[UaiGameResult] = field(default_factory=list)
    seconds: float = 0.0

    def _a_player(self, index: int) -> int:
        return FIRST if index % 2 == 0 else SECOND

    def points_a(self, index: int) -> float:
        game = self.games[index]
        if game.winner == 0:
            return 0.5
        return 1.0 if game.winner == self._a_player(index) else 0.0

    @property
    def wins(self) -> int:
        return sum(self.points_a(i) == 1.0 for i in range(len(self.games)))

    @property
    def losses(self) -> int:
        return sum(self.points_a(i) == 0.0 for i in range(len(self.games)))

    @property
    def draws(self) -> int:
        return len(self.games) - self.wins - self.losses

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / len(self.games) if self.games else 0.0

    @property
    def pentanomial(self) -> list[int]:
        counts = [0] * 5
        for pair in range(len(self.games) // 2):
            counts[int(round(2 * (self.points_a(2 * pair) + self.points_a(2 * pair + 1))))] += 1
        return counts

    def _side(self, index: int, a: bool, what: str) -> list:
        player = self._a_player(index) if a else 3 - self._a_player(index)
        return list(getattr(self.games[index], what)[player - 1])

    def per_move(self, what: str, a: bool = True) -> list:
        """Every move's ``depths``, ``nodes`` or ``times_ms`` of engine A (or B)."""
        values: list = []
        for index in range(len(self.games)):
            values += self._side(index, a, what)
        return values

    def mean_depth(self, a: bool = True) -> float | None:
        depths = self.per_move("depths", a)
        return sum(depths) / len(depths) if depths else None

    def time_used_ms(self, a: bool = True) -> float:
        return sum(self.per_move("times_ms", a))

    def reasons(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for game in self.games:
            counts[game.reason] = counts.get(game.reason, 0) + 1
        return counts

    def faults(self, a: bool = True) -> int:
        """How many games engine A (or B) lost by a fault (time, illegal move, crash...)."""
        return sum(1 for i, game in enumerate(self.games) if game.loser is not None
                   and game.loser == (self._a_player(i) if a else 3 - self._a_player(i)))

    def elo(self, confidence: float = 0.95):
        """A's Elo difference with its interval (``course_lib.strength.elo_estimate``)."""
        from ..strength import elo_estimate
        return elo_estimate(self.wins, self.draws, self.losses, confidence)

    def __str__(self) -> str:
        return (f"{self.name_a} vs {self.name_b}, {self.tc}: {len(self.games)} games, "
                f"+{self.wins} ={self.draws} -{self.losses}, score {100 * self.score:.1f}%")


def run_uai_match(engine_a: UaiEngine | str | Sequence[str],
                  engine_b: UaiEngine | str | Sequence[str], pairs: int,
                  tc: TimeControl, openings: Sequence[str] | None = None, *,
                  on_game: Callable[[UaiMatchReport, UaiGameResult], None] | None = None
                  ) -> UaiMatchReport:
    """Play ``pairs`` colour-swapped pairs between two UAI engines, one game at a time.

    ``openings`` is a list of FENs (pair ``p`` gets ``openings[p % len(openings)]``; default:
    the start). ``on_game(report, game)`` is called after every game. Both engines are closed
    at the end, whatever happens."""
    if isinstance(pairs, bool) or not isinstance(pairs, int) or pairs < 1:
        raise CourseError(f"pairs must be a whole number >= 1, got {pairs!r}")
    fens = list(openings) if openings else [_START_FEN]
    for fen in fens:
        State.from_fen(fen)
    a = engine_a if isinstance(engine_a, UaiEngine) else UaiEngine(engine_a)
    b = engine_b if isinstance(engine_b, UaiEngine) else UaiEngine(engine_b)
    report = UaiMatchReport(a.name, b.name, tc)
    started = _clock()
    try:
        for pair in range(pairs):
            fen = fens[pair % len(fens)]
            for first, second in ((a, b), (b, a)):
                game = play_uai_game(first, second, tc, fen)
                report.games.append(game)
                report.seconds = _clock() - started
                if on_game is not None:
                    on_game(report, game)
    finally:
        a.close()
        b.close()
        report.seconds = _clock() - started
    return report
