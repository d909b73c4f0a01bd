"""The course's players as UAI engines for ATAXX tournament managers.

    python -m course_lib uai                              # the strongest: guided MCTS
    python -m course_lib uai mcts:tier=fast,c=0.7         # another fast-tier MCTS
    python -m course_lib uai engine                       # the alpha-beta engine
    python -m course_lib uai engine:SWITCHES              # ... with some switches set
    python -m course_lib uai alphabeta:game=60000         # any other course agent

With no spec the program serves ``course_lib.match.uai_mcts.DEFAULT_SPEC``, MCTS guided by the
value and policy networks, and any ``mcts:tier=fast`` spec the same way: stoppable, with the options
``Hash`` (the MB its tree may take), ``Clear Hash`` and ``Move Overhead``; how it reads the
``go`` limits and what its ``info`` lines say is in ``course_lib.match.uai_mcts``. What follows
says what every player shares, and what the alpha-beta engine (``engine``) and the other course
agents do.

UAI (the Universal Ataxx Interface) is UCI with 'a' for 'c'. As in libataxx, x (the first
player) is "black": ``btime``/``binc`` are x's clock, ``wtime``/``winc`` o's.

How the program runs
--------------------
The main thread reads the commands; the search runs on a second thread. So the engine keeps
reading while it searches: ``stop`` ends the search, ``isready`` is answered at once, ``quit``
ends the program. Every ``go`` gets exactly one ``bestmove``, in the order of the ``go`` lines.

- ``uai`` -> ``id name NAME``, ``id author course_lib``, one ``option`` line per option,
  ``uaiok``, at once. The program starts preparing its search as soon as it starts (building
  the agent, compiling the numba code: about a minute on a cold cache, well under a second
  afterwards).
- ``isready`` -> ``readyok``: during a search at once; otherwise once the preparation and the
  work asked for since (``uainewgame``, ``setoption``) is done. Managers send ``isready``
  before starting the clock, so the first ``go`` does not pay for the compiling.
- ``setoption name NAME [value VALUE]``: an option from the ``uai`` answer (names in any case).
  The alpha-beta engine has ``Hash`` (MB of transposition table, 1 to 1024, default 16),
  ``Clear Hash`` (a button), ``Move Overhead`` (ms kept back from every time given by ``go``
  for the pipe and the process, 0 to 5000, default 10), ``Evaluation`` (a ``combo``:
  material, learned or network, default network) and its switches, each a ``check`` or
  ``spin`` option of the same name. Course agents have no options.
- ``uainewgame`` (or ``ucinewgame``): a new game; the engine clears its table, killers and
  history, MCTS forgets its tree and starts its generator again from its seed; a course agent
  is built afresh (one that has not played yet is already new).
- ``position startpos|fen FEN [moves m1 m2 ...]``: moves in UAI text (``b6``, ``a7c5``,
  ``0000`` for a pass). A command that cannot be read in full (a FEN that cannot be read, a
  move that cannot be read or is not legal where it comes) leaves NO position: the engine
  says so in an ``info string``, and a ``go`` before the next good ``position`` answers
  ``bestmove 0000`` (which the manager judges; the engine never answers for a position other
  than the one it was sent). The FEN's halfmove clock is kept; the course's rules have no
  50-move rule (a game ends with a player without stones, a full board or 400 turns).
- ``go [wtime W btime B winc WI binc BI movestogo N movetime M depth D nodes N infinite]``:
  for the alpha-beta engine, every limit goes to its search
  (``course_lib.engine.SearchLimits``, times less ``Move Overhead``), and each finished
  iteration is reported as
  ``info depth D seldepth S score cp X|mate N nodes N nps N time T hashfull H pv m1 m2 ...``
  (``mate N``: a forced win in N moves of the side to move, ``-N`` a forced loss). ``go``
  with no limit searches until ``stop`` or a proven result. ``go infinite`` (and ``go
  ponder``) search until ``stop`` (``ponderhit`` ends a ponder search too) and never answer
  before it, even when the search ends by itself. ``mate`` and ``searchmoves`` are not
  supported (an ``info string`` says so, and all moves are searched with the other limits).
  A forced pass, or a finished game, is answered ``bestmove 0000`` without a search.
- A course agent (any other spec) searches as its spec says, within ``movetime`` or a fair
  share of its clock (``course_lib.match.protocol.choose_with_time``); ``depth`` caps its
  depth. It cannot be stopped: ``stop`` makes the answer come when its search ends (an
  ``info string`` says so once), and ``nodes`` is not a limit it knows. Its ``info`` line
  gives the depth, the score (a win as ``mate N``, where N is the most moves the win can
  take: the course's values do not count plies), nodes, nps, time and the move.
- ``stop``: the engine's running search ends at once (measured: under a millisecond; MCTS's
  between two chunks of iterations, a few milliseconds apart) and
  answers with the best move of its deepest finished iteration (or of the unfinished one,
  when a move beat the previous best); a ``go`` still waiting behind it answers after a
  depth-1 search.
- A ``go`` while a search runs waits for it to end (an ``info string`` says so), as in
  Stockfish, but the program keeps reading meanwhile. A ``position`` sent during a search is
  for the next ``go``; ``setoption`` and ``uainewgame`` take effect once the search is over.
- ``quit`` stops the searches and ends the program once they have answered (the engine's
  search within milliseconds), but after 2 s at most (a course agent cannot be stopped).
  At the end of the input, searches with a limit of their own finish first (so that
  ``printf 'position startpos\\ngo depth 5\\n' | python -m course_lib uai`` prints its answer);
  those with none (``infinite``, ``ponder``, a bare ``go``) are stopped.
- ``debug`` and ``register`` are accepted and do nothing.
- Bad input never stops the engine: an unknown command, a position that cannot be read, a
  number of ``go`` out of its range (``depth`` 1 to 64, times 0 to 10**9 ms, ...), an unknown
  option or a bad value is answered with an ``info string`` line that says what was wrong,
  and the rest of the line is used.

Only the answers go to stdout; diagnostics and anything the agent prints go to stderr.

>>> import io
>>> out = io.StringIO()
>>> commands = "uai\\nisready\\nposition startpos\\ngo depth 1\\nquit\\n"
>>> serve_uai("greedy", io.StringIO(commands), out)
0
>>> print(out.getvalue(), end="")                  # doctest: +ELLIPSIS
id name greedy
id author course_lib
uaiok
readyok
info depth 1 score cp 100 nodes 17 nps ... time ... pv b7
bestmove b7
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import queue
import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, TextIO

from ..agents.base import as_agent
from ..agents.evaluation import WIN_SCORE
from ..agents.search import MAX_DEPTH
from ..ataxx import FIRST, PASS, State
from ..checks import MAX_MOVES_TO_GO, MAX_MS, MAX_NODES, check_memory
from ..errors import InvalidUaiCommandError
from .protocol import _log, run_on_stdio, safe_choose

AUTHOR = "course_lib"
ENGINE_SPEC = "engine"
"""The spec of the course's alpha-beta engine (``course_lib.engine``). With no spec ``uai``
runs guided MCTS (``course_lib.match.uai_mcts.DEFAULT_SPEC``), the stronger player."""

_GO_LIMITS: dict[str, tuple[int, int, str]] = {
    "wtime": (0, MAX_MS, "ms"), "btime": (0, MAX_MS, "ms"), "winc": (0, MAX_MS, "ms"),
    "binc": (0, MAX_MS, "ms"), "movetime": (0, MAX_MS, "ms"),
    "movestogo": (1, MAX_MOVES_TO_GO, "moves"), "depth": (1, MAX_DEPTH, "plies"),
    "nodes": (1, MAX_NODES, "nodes"), "mate": (1, MAX_MOVES_TO_GO, "moves"),
}
"""The numbers a ``go`` command may carry, each a whole number from its low to its high."""
_GO_NUMBERS = tuple(_GO_LIMITS)
_GO_FLAGS = ("infinite", "ponder")


def parse_go(words: list[str], problems: list[str] | None = None) -> dict[str, int]:
    """The numbers of a ``go`` command: ``['go', 'btime', '900', 'depth', '3']`` ->
    ``{'btime': 900, 'depth': 3}``. A number that is missing, not a whole number or out of its
    range (depth 1 to 64, times 0 to 10**9 ms, ...) is left out, and so is an unknown word;
    each is described in ``problems`` (a list, if given), for the engine to report. The moves
    after ``searchmoves`` are skipped (the restriction is not supported, and said so).
    The flags ``infinite`` and ``ponder`` are read by ``go_flags``.

    >>> problems = []
    >>> parse_go("go wtime 1000 btime 2000 infinite depth x".split(), problems)
    {'wtime': 1000, 'btime': 2000}
    >>> problems
    ["go: depth must be a whole number from 1 to 64 plies, got 'x'; ignored"]
    """
    _check_words(words)
    problems = [] if problems is None else problems
    numbers: dict[str, int] = {}
    i = 1
    while i < len(words):
        key = words[i]
        if key in _GO_LIMITS:
            low, high, unit = _GO_LIMITS[key]
            text = words[i + 1] if i + 1 < len(words) else None
            value = _whole(text) if text is not None else None
            if value is None or not low <= value <= high:
                shown = "nothing" if text is None else repr(text[:40])
                problems.append(f"go: {key} must be a whole number from {low} to {high:,} "
                                f"{unit}, got {shown}; ignored")
            else:
                numbers[key] = value
            i += 2
            continue
        if key == "searchmoves":
            problems.append("go: searchmoves is not supported; all moves are searched")
            i += 1
            while i < len(words) and words[i] not in _GO_LIMITS and words[i] not in _GO_FLAGS:
                i += 1
            continue
        if key not in _GO_FLAGS:
            problems.append(f"go: unknown word {key[:40]!r}; ignored")
        i += 1
    return numbers


def go_flags(words: list[str]) -> set[str]:
    """The flags of a ``go`` command (``infinite``, ``ponder``).

    >>> sorted(go_flags("go ponder wtime 100 infinite".split()))
    ['infinite', 'ponder']
    """
    _check_words(words)
    return {word for word in words[1:] if word in _GO_FLAGS}


def _check_words(words: object) -> None:
    if not isinstance(words, (list, tuple)) or not all(isinstance(w, str) for w in words):
        raise InvalidUaiCommandError(
            f"a UAI command is a list of words (text), like 'go depth 3'.split(); got "
            f"{words!r:.60}")


def _whole(text: str) -> int | None:
    """``text`` as a whole number ('900', '-5', '900.0'), or None (also for '1e400', 'nan')."""
    if len(text) > 40:
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        return None
    return int(value) if math.isfinite(value) and value.is_integer() else None


def parse_position(words: list[str]) -> State:
    """The position of a ``position startpos|fen FEN [moves ...]`` command.

    Raises InvalidUaiCommandError (or InvalidFenError) if the command or its FEN cannot be
    read, or if one of its moves cannot be read or is not legal where it comes (the error
    then carries the position reached before that move as ``error.state``).

    >>> parse_position("position startpos moves b6 g6".split()).fen()
    'x5o/1x4o/7/7/7/7/o5x x 0 2'
    """
    _check_words(words)
    if len(words) < 2 or words[1] not in ("startpos", "fen"):
        raise InvalidUaiCommandError("expected 'position startpos' or 'position fen FEN', then "
                                     "optionally 'moves m1 m2 ...'")
    moves_at = words.index("moves") if "moves" in words else len(words)
    if words[1] == "startpos":
        if moves_at != 2:
            raise InvalidUaiCommandError(
                f"expected 'moves' or nothing after 'startpos', got {words[2][:40]!r}")
        state = State.start()
    else:
        state = State.from_fen(" ".join(words[2:moves_at]))
    return _play_moves(state, words[moves_at + 1:])


def _play_moves(state: State, texts: list[str]) -> State:
    """``state`` after the moves ``texts`` (UAI text), each checked where it comes."""
    for text in texts:
        try:
            state = state.play(text)
        except ValueError as error:
            failure = InvalidUaiCommandError(f"move {text[:40]!r}: {error}")
            failure.state = state                         # type: ignore[attr-defined]
            raise failure from None
    return state


class PositionReader:
    """Reads ``position`` commands as ``parse_position`` does, but plays only the moves added
    since the last command it read when the new one repeats it and adds moves (a manager sends
    the whole game before every ``go``: replayed from the start, a game of 391 plies took up to
    7.4 ms of CPU time on a loaded machine, charged by the manager's clock and not seen by the
    search's).

    >>> reader = PositionReader()
    >>> reader.read("position startpos moves b6".split()).fen()
    'x5o/1x5/7/7/7/7/o5x o 0 1'
    >>> reader.read("position startpos moves b6 g6".split()).fen()    # plays g6 only
    'x5o/1x4o/7/7/7/7/o5x x 0 2'
    >>> reader.read("position startpos moves a7b5".split()).fen()    # another game: replayed
    '6o/7/1x5/7/7/7/o5x o 1 1'
    """

    def __init__(self) -> None:
        self._words: list[str] | None = None
        self._state: State | None = None

    def read(self, words: list[str]) -> State:
        """The position of ``words``; raises as ``parse_position`` does."""
        last, state = self._words, self._state
        self._words = self._state = None
        _check_words(words)
        if last is not None and state is not None and list(words[:len(last)]) == last:
            added = list(words[len(last):])
            if "moves" in last or not added or added[0] == "moves":
                state = _play_moves(state, added if "moves" in last else added[1:])
            else:
                state = parse_position(words)
        else:
            state = parse_position(words)
        self._words, self._state = list(words), state
        return state


# --- Options ----------------------------------------------------------------------------------


@dataclass
class UaiOption:
    """One option of the ``uai`` answer: ``spin`` (a whole number from ``low`` to ``high``),
    ``check`` (true or false), ``combo`` (one of ``choices``) or ``button`` (no value).

    >>> hash_option = UaiOption("Hash", "spin", 16, 1, 1024, "MB")
    >>> hash_option.line()
    'option name Hash type spin default 16 min 1 max 1024'
    >>> hash_option.value("64")
    64
    """

    name: str
    kind: str
    default: int | bool | None = None
    low: int | None = None
    high: int | None = None
    unit: str = ""
    choices: tuple[str, ...] = ()

    def line(self) -> str:
        if self.kind == "button":
            return f"option name {self.name} type button"
        if self.kind == "combo":
            return (f"option name {self.name} type combo default {self.default} "
                    + " ".join(f"var {choice}" for choice in self.choices))
        if self.kind == "check":
            return f"option name {self.name} type check default {str(bool(self.default)).lower()}"
        return (f"option name {self.name} type spin default {self.default} min {self.low} "
                f"max {self.high}")

    def value(self, text: str | None) -> int | bool | None:
        """The value ``text`` gives this option; InvalidUaiCommandError if it does not fit."""
        if self.kind == "button":
            return None
        shown = "nothing" if text is None else repr(text[:40])
        if self.kind == "combo":
            for choice in self.choices:
                if text is not None and text.strip().lower() == choice.lower():
                    return choice                                  # type: ignore[return-value]
            raise InvalidUaiCommandError(f"{self.name} is one of {', '.join(self.choices)}, "
                                         f"got {shown}")
        if self.kind == "check":
            if text is not None and text.lower() in ("true", "false"):
                return text.lower() == "true"
            raise InvalidUaiCommandError(f"{self.name} is true or false, got {shown}")
        number = _whole(text) if text is not None else None
        if number is None or not self.low <= number <= self.high:   # type: ignore[operator]
            unit = f" {self.unit}" if self.unit else ""
            raise InvalidUaiCommandError(f"{self.name} must be a whole number from {self.low} "
                                         f"to {self.high:,}{unit}, got {shown}")
        return number


def parse_setoption(words: list[str]) -> tuple[str, str | None]:
    """The name and the value (None if absent) of ``setoption name NAME [value VALUE]``;
    names and values may hold spaces.

    >>> parse_setoption("setoption name Clear Hash".split())
    ('Clear Hash', None)
    >>> parse_setoption("setoption name Hash value 64".split())
    ('Hash', '64')
    """
    _check_words(words)
    if len(words) < 3 or words[1] != "name":
        raise InvalidUaiCommandError("expected 'setoption name NAME [value VALUE]'")
    at = words.index("value") if "value" in words[2:] else len(words)
    name = " ".join(words[2:at])
    if not name:
        raise InvalidUaiCommandError("expected 'setoption name NAME [value VALUE]': no name")
    value = " ".join(words[at + 1:]) if at < len(words) else None
    return name, value


# --- What is searched: the engine, or a course agent -------------------------------------------


@dataclass
class _Go:
    """One ``go`` command, waiting for the search thread or being searched."""

    state: State | None
    numbers: dict[str, int]
    flags: set[str]
    overhead_ms: int = 0
    no_position: str = ""                       # why there is no position, when state is None
    stopped: threading.Event = field(default_factory=threading.Event)
    started: bool = False
    received: float = field(default_factory=time.perf_counter)
    """When the ``go`` was read, or the search before it answered if that came later: the
    manager's clock for this move runs from then."""

    @property
    def holds(self) -> bool:
        """``infinite`` and ``ponder`` never answer before ``stop`` (or ``ponderhit``)."""
        return bool(self.flags)

    @property
    def limited(self) -> bool:
        """Whether the ``go`` gives a limit that ends the search by itself."""
        return any(key in self.numbers for key in
                   ("depth", "nodes", "movetime", "wtime", "btime"))


class _Backend:
    """What the protocol drives. ``prepare``, ``new_game``, ``set_option`` and ``search`` run
    on the search thread only; ``stop`` is called from the reader."""

    name = "course_lib"
    options: list[UaiOption] = []
    stoppable = False

    def prepare(self, log: TextIO) -> None: ...

    def new_game(self) -> None: ...

    def set_option(self, option: UaiOption, value: Any) -> None: ...

    def endless(self, job: _Go) -> bool:
        """True when the search of ``job`` has no end of its own (only ``stop`` ends it)."""
        return job.holds

    def search(self, job: _Go, tell: Callable[[str], None], log: TextIO) -> Any:
        raise NotImplementedError

    def stop(self) -> None: ...


QUIT_WAIT_S = 2.0
"""At ``quit``, how long the program waits for the answers of the searches at most."""

SWITCH_SPIN_RANGE = (0, 1_000_000)
"""The range of a whole-number switch of the engine whose own range is not published."""


def table_options(hash_mb: int, most_mb: int) -> list[UaiOption]:
    """The options every stoppable player has: ``Hash`` (MB of its table or tree, default
    ``hash_mb``, 1 to ``most_mb``), ``Clear Hash`` and ``Move Overhead``.

    >>> [option.line() for option in table_options(16, 1024)][0]
    'option name Hash type spin default 16 min 1 max 1024'
    """
    return [UaiOption("Hash", "spin", hash_mb, 1, most_mb, "MB"),
            UaiOption("Clear Hash", "button"),
            UaiOption("Move Overhead", "spin", 10, 0, 5000, "ms")]


def _switch_options(engine: Any) -> list[UaiOption]:
    """A ``check`` or ``spin`` option for each switch of ``engine`` (``engine.switches``, a
    mapping of names to their values, if it has one; ranges from ``engine.switch_ranges``)."""
    switches = getattr(engine, "switches", None)
    if not isinstance(switches, dict):
        return []
    ranges = getattr(engine, "switch_ranges", None) or {}
    options = []
    for name, value in switches.items():
        if isinstance(value, bool):
            options.append(UaiOption(str(name), "check", value))
        elif isinstance(value, int):
            low, high = ranges.get(name, SWITCH_SPIN_RANGE)
            options.append(UaiOption(str(name), "spin", value, min(low, value),
                                     max(high, value)))
    return options


class _EngineBackend(_Backend):
    """The course's engine (``course_lib.engine.Engine`` or anything with its interface)."""

    stoppable = True

    def __init__(self, make_engine: Callable[..., Any], switches: dict[str, Any], name: str,
                 limits_type: Any, hash_mb: int = 16, evaluation: str | None = None) -> None:
        self.make_engine = make_engine
        self.switches = dict(switches)
        self.hash_mb = hash_mb
        self.name = name
        self.limits_type = limits_type
        self.evaluation = evaluation
        self.engine = self._make()
        self.switches = dict(getattr(self.engine, "switches", None) or self.switches)
        self.options = table_options(hash_mb, max(1024, hash_mb))
        if evaluation is not None:
            from ..engine.engine import EVALUATIONS
            self.options.append(UaiOption("Evaluation", "combo", evaluation,
                                          choices=EVALUATIONS))
        taken = {option.name.lower() for option in self.options}
        self.options += [option for option in _switch_options(self.engine)
                         if option.name.lower() not in taken]
        self._lock = threading.Lock()

    def prepare(self, log: TextIO) -> None:
        self.engine.warm_up()

    def new_game(self) -> None:
        self.engine.new_game()

    def set_option(self, option: UaiOption, value: Any) -> None:
        if option.name == "Hash":
            self.hash_mb = value
            self.engine.set_hash(value)
        elif option.name == "Clear Hash":
            self.engine.new_game()
        elif option.name != "Move Overhead":   # a switch or the evaluation: a new engine
            if option.name == "Evaluation":
                self.evaluation = value
            else:
                self.switches[option.name] = value
            engine = self._make()
            engine.warm_up()
            with self._lock:
                self.engine = engine

    def _make(self) -> Any:
        extra = {} if self.evaluation is None else {"evaluation": self.evaluation}
        return self.make_engine(hash_mb=self.hash_mb, **extra, **self.switches)

    def endless(self, job: _Go) -> bool:
        return job.holds or not job.limited

    def search(self, job: _Go, tell: Callable[[str], None], log: TextIO) -> Any:
        numbers, overhead = job.numbers, job.overhead_ms

        def less(key: str) -> int | None:
            value = numbers.get(key)
            return None if value is None else max(1, value - overhead)

        if job.stopped.is_set():                 # stopped before it began: answer at once
            limits = self.limits_type(depth=1)
        else:
            limits = self.limits_type(
                depth=numbers.get("depth"), nodes=numbers.get("nodes"),
                movetime_ms=less("movetime"), wtime_ms=less("wtime"), btime_ms=less("btime"),
                winc_ms=numbers.get("winc", 0), binc_ms=numbers.get("binc", 0),
                movestogo=numbers.get("movestogo"), infinite=job.holds)
        engine = self.engine
        last: list[Any] = [None]

        def on_info(info: Any) -> None:
            last[0] = _gist(info)
            tell(info_line(info))
            if job.stopped.is_set():             # a stop that came before the search began
                engine.stop()

        move, info = engine.search(job.state, limits, on_info)
        # The final report too, unless it says what the last line sent said (its pv may
        # have been mended since, to start with the move played).
        if info is not None and _gist(info) != last[0]:
            tell(info_line(info))
        return move

    def stop(self) -> None:
        with self._lock:
            self.engine.stop()


class _AgentBackend(_Backend):
    """A course agent made by a factory (a spec or a function)."""

    def __init__(self, factory: Callable[[], Any], name: str | None) -> None:
        self.factory = factory
        self.agent = as_agent(factory())
        self.name = name or getattr(self.agent, "name", None) or "course_lib agent"
        self.played = False

    def prepare(self, log: TextIO) -> None:
        warm_up = getattr(self.agent, "warm_up", None)
        if callable(warm_up):
            with contextlib.redirect_stdout(log):
                warm_up()

    def new_game(self) -> None:
        if self.played:
            self.agent = as_agent(self.factory())
            self.played = False

    def search(self, job: _Go, tell: Callable[[str], None], log: TextIO) -> Any:
        self.played = True
        numbers, state = job.numbers, job.state
        mine = "b" if state.to_move == FIRST else "w"      # type: ignore[union-attr]
        started = time.perf_counter()
        move = safe_choose(self.agent, state, log,
                           remaining_ms=numbers.get(f"{mine}time"),
                           movetime_ms=numbers.get("movetime"),
                           inc_ms=numbers.get(f"{mine}inc", 0),
                           moves_to_go=numbers.get("movestogo"),
                           depth=numbers.get("depth"),
                           clock_from_remaining=False)
        line = _agent_info(self.agent, move, (time.perf_counter() - started) * 1000)
        if line:
            tell(line)
        return move


# --- info lines -------------------------------------------------------------------------------


def info_line(info: Any) -> str:
    """The ``info`` line of one iteration of the engine (a ``SearchInfo``).

    >>> from types import SimpleNamespace as Info
    >>> print(info_line(Info(depth=7, seldepth=9, score_cp=None, mate=3, nodes=52000,
    ...                      time_ms=20, nps=2600000, pv=["b6", "f2", "c5"], hashfull=4)))
    info depth 7 seldepth 9 score mate 3 nodes 52000 nps 2600000 time 20 hashfull 4 pv b6 f2 c5
    """
    score = f"mate {int(info.mate)}" if info.mate is not None else f"cp {int(info.score_cp)}"
    text = (f"info depth {int(info.depth)} seldepth {int(info.seldepth)} score {score} "
            f"nodes {int(info.nodes)} nps {int(info.nps)} time {int(info.time_ms)} "
            f"hashfull {int(getattr(info, 'hashfull', 0))}")
    pv = " ".join(str(move) for move in info.pv)
    return text + (f" pv {pv}" if pv else "")


def _gist(info: Any) -> tuple:
    """What an ``info`` line tells beyond the counters: depth, score and pv."""
    return (info.depth, info.seldepth, info.score_cp, info.mate, list(info.pv))


def _agent_info(agent: Any, move: Any, milliseconds: float) -> str | None:
    """The ``info`` line of a course agent's search: its depth, score (a win as ``mate N``,
    N the most moves it can take within the depth searched), nodes, nps, time and move."""
    result = getattr(agent, "last_result", None)
    if result is None or getattr(result, "move", None) != move:
        return None
    value = result.value
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    depth = max(1, int(result.depth))
    if abs(value) >= WIN_SCORE:
        score = f"mate {(depth + 1) // 2}" if value > 0 else f"mate -{max(1, depth // 2)}"
    else:
        score = f"cp {int(round(value * 100))}"
    nodes = int(result.stats.nodes)
    nps = int(nodes * 1000 / milliseconds) if milliseconds > 0 else 0
    return (f"info depth {depth} score {score} nodes {nodes} nps {nps} "
            f"time {int(milliseconds)} pv {move.uai()}")


# --- The protocol -----------------------------------------------------------------------------


class _Session:
    """One run of the protocol: the reader (``run``, on the calling thread) and the search
    thread (``_work``), which share the job queue and the output."""

    def __init__(self, backend: _Backend, stdin: TextIO, stdout: TextIO, log: TextIO) -> None:
        self.backend = backend
        self.stdin, self.stdout, self.log = stdin, stdout, log
        self.options = {option.name.lower(): option for option in backend.options}
        self.overhead_ms = next((int(o.default) for o in backend.options   # type: ignore
                                 if o.name == "Move Overhead"), 0)
        self.state: State | None = State.start()
        self.positions = PositionReader()
        self.no_position = ""
        self.jobs: queue.Queue = queue.Queue()
        self.gos: list[_Go] = []                 # the go commands not yet answered, in order
        self.lock = threading.Lock()             # guards gos and the output
        self.closed = False                      # the output is gone
        self.failed = False                      # the agent or engine could not be prepared
        self.told_unstoppable = False
        self.answered = 0.0                      # when the last bestmove was written
        self.worker = threading.Thread(target=self._work, name="uai-search", daemon=True)

    # -- output

    def write(self, *lines: str) -> None:
        with self.lock:
            if self.closed:
                return
            try:
                for text in lines:
                    self.stdout.write(text + "\n")
                self.stdout.flush()
            except (OSError, ValueError):
                self.closed = True

    def tell(self, problem: str) -> None:
        """Report a problem with the input: on stderr, and to the GUI as ``info string``."""
        _log(self.log, problem)
        self.write("info string " + " ".join(problem.split()))

    # -- the search thread

    def _work(self) -> None:
        while True:
            job = self.jobs.get()
            try:
                if job is None:
                    return
                if isinstance(job, _Go):
                    self._answer(job)
                else:
                    job()
            except Exception:
                _log(self.log, "the search thread failed:\n" + traceback.format_exc())
            finally:
                self.jobs.task_done()

    def _prepare(self) -> None:
        try:
            self.backend.prepare(self.log)
        except Exception as error:
            _log(self.log, f"could not prepare the search: {error}")
            self.failed = True

    def _answer(self, job: _Go) -> None:
        job.started = True
        job.received = max(job.received, self.answered)    # not the wait behind a search
        move = PASS
        try:
            if self.failed:
                return
            state = job.state
            if state is None:
                self.tell(f"no position to search ({job.no_position}); send a position first")
            elif not state.is_over() and state.legal_moves() != [PASS]:
                move = self.backend.search(job, self.write, self.log)
        except Exception:
            _log(self.log, "the search failed; playing the first legal move instead:\n"
                 + traceback.format_exc())
            moves = job.state.legal_moves() if job.state is not None else []
            move = moves[0] if moves else PASS
        finally:
            if job.holds:
                job.stopped.wait()
            with self.lock:
                self.gos.remove(job)
            self.write(f"bestmove {move.uai()}")
            self.answered = time.perf_counter()

    # -- the reader

    def run(self) -> int:
        self.jobs.put(self._prepare)
        self.worker.start()
        try:
            while not self.closed and not self.failed:
                try:
                    line = self.stdin.readline()
                except (OSError, ValueError):
                    line = ""
                if not line:
                    self._finish(quitting=False)
                    break
                words = line.split()
                if not words:
                    continue
                if words[0] == "quit":
                    self._finish(quitting=True)
                    break
                try:
                    self.command(words, line)
                except Exception:                   # a fault here must not end the engine
                    _log(self.log, f"could not handle {line.strip()[:200]!r}:\n"
                         + traceback.format_exc())
                    self.write(f"info string could not handle {line.strip()[:200]!r}; see "
                               "the log")
        finally:
            self.jobs.put(None)
        return 2 if self.failed else 0

    def _finish(self, quitting: bool) -> None:
        """At ``quit``: stop every search and wait for their answers (the engine's come within
        milliseconds, a ``go`` not started yet answering after depth 1), but never more than
        ``QUIT_WAIT_S`` (a course agent cannot be stopped; the compiling cannot either). At
        the end of the input: stop only the searches with no end of their own, and wait for
        all the answers."""
        with self.lock:
            waiting = list(self.gos)
        for job in waiting:
            if quitting or self.backend.endless(job):
                job.stopped.set()
                if job.started:
                    self.backend.stop()
        if not quitting:
            self._drain()
        else:
            limit = time.perf_counter() + QUIT_WAIT_S
            while self.gos and time.perf_counter() < limit and self.worker.is_alive():
                time.sleep(0.002)

    def _drain(self) -> None:
        """Wait until the search thread has done everything it was given."""
        while self.jobs.unfinished_tasks and not self.failed and self.worker.is_alive():
            time.sleep(0.002)

    def _stop_all(self) -> None:
        with self.lock:
            waiting = list(self.gos)
        running = False
        for job in waiting:
            job.stopped.set()
            running = running or job.started
        if running:
            self.backend.stop()
        if waiting and not self.backend.stoppable and not self.told_unstoppable:
            self.told_unstoppable = True
            self.tell(f"stop: the course agent {self.backend.name} cannot be stopped; it "
                      "answers when its own search ends")

    def command(self, words: list[str], line: str) -> None:
        command = words[0]
        if command == "uai":
            self.write(f"id name {self.backend.name}", f"id author {AUTHOR}",
                       *(option.line() for option in self.backend.options), "uaiok")
        elif command == "isready":
            with self.lock:
                searching = bool(self.gos)
            if not searching:
                self._drain()
            if not self.failed:
                self.write("readyok")
        elif command in ("uainewgame", "ucinewgame"):
            self.jobs.put(self.backend.new_game)
        elif command == "setoption":
            self.setoption(words, line)
        elif command == "position":
            try:
                self.state, self.no_position = self.positions.read(words), ""
            except ValueError as error:
                self.state = None
                self.no_position = f"{line.strip()[:200]!r} could not be read: {error}"
                self.tell(f"no position: {self.no_position}")
        elif command == "go":
            self.go(words)
        elif command == "stop":
            self._stop_all()
        elif command == "ponderhit":
            with self.lock:
                pondering = [job for job in self.gos if "ponder" in job.flags]
            if pondering:
                self._stop_all()
        elif command in ("debug", "register"):
            pass
        else:
            self.tell(f"ignored the unknown command {line.strip()[:200]!r}")

    def go(self, words: list[str]) -> None:
        problems: list[str] = []
        numbers = parse_go(words, problems)
        flags = go_flags(words)
        if "mate" in numbers:
            problems.append("go: mate is not supported; searching with the other limits")
            del numbers["mate"]
        if "nodes" in numbers and not self.backend.stoppable:
            problems.append(f"go: nodes is not a limit the course agent {self.backend.name} "
                            "knows; it searches as its spec says")
            del numbers["nodes"]
        if flags and not self.backend.stoppable:
            problems.append(f"go {' '.join(sorted(flags))}: the course agent "
                            f"{self.backend.name} searches as its spec says, then waits for "
                            "stop to answer")
        for problem in problems:
            self.tell(problem)
        job = _Go(self.state, numbers, flags, self.overhead_ms, self.no_position)
        with self.lock:
            busy = bool(self.gos)
            self.gos.append(job)
        if busy:
            self.tell("go: a search is running; this one starts when it has answered")
        self.jobs.put(job)

    def setoption(self, words: list[str], line: str) -> None:
        try:
            name, text = parse_setoption(words)
            option = self.options.get(name.lower())
            if option is None:
                known = ", ".join(o.name for o in self.backend.options) or "none"
                raise InvalidUaiCommandError(f"no option named {name[:60]!r} (the options: "
                                             f"{known})")
            value = option.value(text)
            if option.name == "Hash":              # refused before anything is allocated
                check_memory(int(value) << 20, f"Hash {value} MB")   # type: ignore[arg-type]
        except ValueError as error:
            self.tell(f"ignored {line.strip()[:200]!r}: {error}")
            return
        if option.name == "Move Overhead":
            self.overhead_ms = int(value)                   # type: ignore[arg-type]
        self.jobs.put(lambda: self.backend.set_option(option, value))


def _engine_backend(spec: str | None, make_engine: Callable[..., Any] | None = None
                    ) -> _EngineBackend:
    """The engine of ``spec`` (None or ``engine[:key=value,...]``), from ``course_lib.engine``
    unless ``make_engine`` (a class with the Engine interface) is given."""
    evaluation = None
    if make_engine is None:
        from ..engine import Engine
        make_engine = Engine
        evaluation = UAI_EVALUATION
    limits_type = _limits_type(make_engine)
    switches: dict[str, Any] = {}
    if spec is not None and spec.strip() != ENGINE_SPEC:
        from ..agents.spec import parse_spec
        _, switches = parse_spec(spec)
    limits = [key for key in ENGINE_LIMIT_KEYS if key in switches]
    if limits:
        raise InvalidUaiCommandError(
            f"{spec!r}: under UAI the go command sets the limits, so {', '.join(limits)} "
            f"cannot be given here; give only hash and the switches (e.g. engine:lmr=0)")
    hash_mb = switches.pop("hash", 16)
    if "eval" in switches:
        evaluation = switches.pop("eval")
    name = (f"{AUTHOR} {ENGINE_SPEC}" if spec is None or spec.strip() == ENGINE_SPEC
            else spec.strip())
    return _EngineBackend(make_engine, switches, name, limits_type, hash_mb, evaluation)


UAI_EVALUATION = "network"
"""The evaluation of the engine under UAI unless the spec or the ``Evaluation`` option says
otherwise: the value network, which won its SPRT inside the engine against the n-tuple network
(``learned``, the default before; course_lib/data/network_ladder.json, the "network" rung with
the engine on both sides, 100 ms a move), as the n-tuple network had won its own against
material (course_lib/data/engine_ladder.json, the "learned" rung)."""


ENGINE_LIMIT_KEYS = ("time", "game", "depth", "nodes")
"""Keys of an ``engine:`` spec that set limits; the ``go`` command sets them under UAI."""


def _limits_type(make_engine: Any) -> Any:
    """The SearchLimits class that goes with ``make_engine``: its module's, else the engine's."""
    module = sys.modules.get(getattr(make_engine, "__module__", ""), None)
    limits = getattr(module, "SearchLimits", None)
    if limits is None:
        from ..engine import SearchLimits as limits                 # type: ignore[no-redef]
    return limits


def _is_engine_spec(spec: str | None) -> bool:
    return spec is not None and spec.strip().partition(":")[0] == ENGINE_SPEC


def _backend(spec: str | None, engine: Callable[..., Any] | None = None) -> _Backend:
    """What serves ``spec``: the alpha-beta engine for ``engine[:...]`` (or any spec when
    ``engine`` is given with none), stoppable MCTS for fast-tier MCTS and for no spec, and a
    course agent for the rest. A spec that cannot be built raises ValueError."""
    from .uai_mcts import MCTSBackend, is_fast_mcts_spec
    if _is_engine_spec(spec) or (spec is None and engine is not None):
        return _engine_backend(spec, engine)
    if is_fast_mcts_spec(spec):
        return MCTSBackend(spec)
    from ..agents import make_agent
    from ..agents.spec import check_agent_spec
    check_agent_spec(spec, State.start())      # a spec that cannot play ATAXX: now
    return _AgentBackend(lambda: make_agent(spec), spec)


def serve_uai(player: Callable[[], Any] | str | None, stdin: TextIO, stdout: TextIO, *,
              log: TextIO | None = None, engine: Callable[..., Any] | None = None) -> int:
    """Speak UAI until ``quit`` or the end of the input; return the exit code (0; 2 when the
    agent or engine cannot be prepared).

    ``player`` is None for the strongest player (guided MCTS,
    ``course_lib.match.uai_mcts.DEFAULT_SPEC``), ``'engine[:key=value,...]'`` for the
    alpha-beta engine, ``'mcts:tier=fast,...'`` for other stoppable MCTS, another agent spec
    (``'alphabeta:depth=4'``), or a function returning a new agent (called at the start and at
    each ``uainewgame`` after a game was played). ``engine`` replaces the class
    ``course_lib.engine.Engine`` (anything with its interface; its module's ``SearchLimits``
    is used) and, with ``player`` None, is what is served.
    """
    log = sys.stderr if log is None else log
    try:
        if player is None or isinstance(player, str):
            backend = _backend(player, engine)
        else:
            backend = _AgentBackend(player, None)
    except Exception as error:                          # a spec or factory that fails
        _log(log, f"could not build the agent: {error}")
        return 2
    return _Session(backend, stdin, stdout, log).run()


def uai_transcript(commands: str, spec: str | None = None,
                   machine_free: bool = True) -> list[str]:
    """The lines ``python -m course_lib uai [spec]`` answers to ``commands`` (run here, in this
    process), with ``nps`` and ``time`` left out of the ``info`` lines when ``machine_free``
    (they depend on the machine; the rest of a seeded search does not). A spec that cannot
    be served raises its error here (the program would say it on stderr and exit).

    >>> uai_transcript("position startpos\\ngo depth 1\\n", "greedy")
    ['info depth 1 score cp 100 nodes 17 pv b7', 'bestmove b7']
    """
    if not isinstance(commands, str):
        raise InvalidUaiCommandError(f"commands are the lines sent to the program, as text, "
                                     f"got {type(commands).__name__}")
    if spec is not None and not isinstance(spec, str):
        raise InvalidUaiCommandError(f"spec is an agent spec (text) or None, got "
                                     f"{type(spec).__name__}")
    out = io.StringIO()
    backend = _backend(spec)                          # a spec that cannot be served: now
    _Session(backend, io.StringIO(commands), out, io.StringIO()).run()
    lines = []
    for line in out.getvalue().splitlines():
        words = line.split()
        if machine_free and words[:1] == ["info"] and "string" not in words[:2]:
            for key in ("nps", "time"):
                if key in words:
                    at = words.index(key)
                    del words[at:at + 2]
        lines.append(" ".join(words))
    return lines


def _uai_command(args: argparse.Namespace) -> int:
    try:
        backend = _backend(args.spec)
    except (ValueError, ImportError) as error:
        print("error: " + " ".join(str(error).split()), file=sys.stderr)
        return 2
    return run_on_stdio(lambda stdin, stdout: _Session(backend, stdin, stdout,
                                                       sys.stderr).run())


def register(subparsers: Any) -> None:
    """Add ``uai [SPEC]`` to the ``python -m course_lib`` command line."""
    from .uai_mcts import DEFAULT_SPEC
    p = subparsers.add_parser(
        "uai", help="run the course's engine, or an agent, as a UAI engine (for ATAXX "
                    "tournament managers)",
        description="Speak UAI on stdin/stdout: uai, isready, setoption, uainewgame, position, "
                    "go (wtime/btime/winc/binc/movestogo/movetime/depth/nodes/infinite), stop, "
                    "ponderhit, quit. The search runs on its own thread: stop answers at once "
                    "with the best move so far, go infinite answers only after stop, a go "
                    "during a search waits its turn, isready is answered during a search, and "
                    "isready otherwise waits until the search is compiled and ready. With no "
                    "spec it runs the course's strongest player, MCTS guided by the value "
                    f"and policy networks, keeping its tree from move to move ({DEFAULT_SPEC}), "
                    "with the options "
                    "Hash (the MB its tree may take), Clear Hash and Move Overhead; it uses its "
                    "share of the clock, counts iterations as nodes and reports each second "
                    "(depth, seldepth, score cp or mate, nodes, nps, time, hashfull, pv). "
                    "'engine' runs the alpha-beta engine, with the options Hash, Clear Hash, "
                    "Move Overhead, Evaluation and its switches, reporting every iteration. Any "
                    "other spec runs that course agent, which searches as its spec says and "
                    "cannot be stopped. A position that cannot be read leaves no position (go then "
                    "answers bestmove 0000); bad lines are answered with 'info string'. x is "
                    "'black' (btime), as in libataxx. Logs go to stderr.",
        epilog="example: printf 'uai\\nisready\\nposition startpos\\ngo movetime 1000\\n' "
               "| python -m course_lib uai")
    p.add_argument("spec", nargs="?", default=None,
                   help="another fast-tier MCTS (mcts:tier=fast,c=0.7), the alpha-beta engine "
                        "with some switches off or another table size (engine, engine:lmr=0,"
                        "hash=64; the go command sets the limits), or another agent, e.g. "
                        f"alphabeta:game=60000,order=gain (default: guided MCTS, "
                        f"{DEFAULT_SPEC})")
    p.set_defaults(run=_uai_command)


__all__ = ["ENGINE_SPEC", "PositionReader", "UaiOption", "go_flags", "info_line", "parse_go",
           "parse_position", "parse_setoption", "register", "serve_uai", "table_options",
           "uai_transcript"]
