"""The arena: many games between two players, in colour-swapped pairs, on every core.

>>> report = run_match("greedy", "random", pairs=3, workers=0, progress=False)
>>> print(report)
greedy vs random: 6 games, +6 =0 -0, score 100.0%, pairs scoring 0/0.5/1/1.5/2: 0 0 0 0 3
>>> report.games[0].opening_fen == report.games[1].opening_fen
True

(``workers=0`` plays in this process, one game after another; the default uses every core.)

Players
-------
A player is either

- a **spec string** of a course agent (``"greedy"``, ``"random"``, ``"alphabeta:depth=3"``,
  ``"alphabeta:game=9000,order=gain"``; see ``course_lib.agents.make_agent``). It is built
  fresh for every game, in the worker, and the game is played by ``play_game`` in that process.
  An agent with a clock (``game=MS``, ``time=MS``) spends its own clock; with ``time_ms=N``
  the arena also keeps an N ms game clock per player, as the referee would, hands the time
  left to the agent before every move (``choose_with_time``), and a player whose clock runs
  out loses (reason ``timeout``); or
- a **program**, ``Program("python my_agent.py")`` or ``Program(["./engine", "--fast"])``:
  any program that speaks the referee protocol (COURSE_SPEC section 3). A game with a program
  in it is played through the referee (``course_lib.match.referee``), both sides as programs:
  a spec on the other side runs as ``python -m course_lib agent SPEC``. Each side gets
  ``time_ms`` for the game (default 10000, the referee's). ``Program.from_spec(spec)`` plays
  a course agent through the referee too (to measure it as a program, protocol and all).

Games and seeds
---------------
Pair ``p`` is games ``2p`` (A moves first) and ``2p + 1`` (B moves first), both from the same
opening: ``openings=RandomOpenings(plies=4)`` (the default) plays that many seeded random
plies from the start, and draws again where a side can already force the end of the game
(below); ``openings=[fen, ...]`` uses the FENs in turn, cycling (pair ``p`` gets
``fens[p % len(fens)]``); ``openings=None`` starts every pair from the start position.

Every random choice comes from ``seed`` through ``derive_seed(seed, *labels)`` (SplitMix64
mixing; see its docstring), by this rule:

- the opening of pair ``p``: ``random_opening(plies, derive_seed(seed, "opening", p))``;
  the same for every match played with that seed, so a round robin uses one set of openings.
  If that opening is *decided* (a search of ``decided_depth`` plies, 5 by default, with the
  exact material evaluation finds that one side takes all the other's stones or fills the
  board ahead, whatever the other does), it is drawn again from
  ``derive_seed(seed, "opening", p, k)`` for k = 1, 2, ... until one is not: both games of a
  pair from a decided opening go to the same side whoever plays, so they measure nothing;
- the seed of game ``g``: ``derive_seed(seed, "game", g)`` in ``run_match``, and
  ``derive_seed(seed, "game", i, j, g)`` for players ``i < j`` of a round robin;
- an agent whose spec accepts a ``seed`` key (``random``, ...) but does not give one gets
  ``seed=derive_seed(game_seed, "A")`` (player A) or ``derive_seed(game_seed, "B")``
  (player B), added to its spec for that game; a spec that gives ``seed=`` keeps it, in every
  game. A ``Program`` with a command of its own gets no seed (the protocol cannot pass one);
  ``Program.from_spec`` gets one in its spec like any spec.

A game is a ``GameTask``, a small picklable description (players, opening FEN, the game's seed,
whether A moves first, the clock), and ``play_task(task)`` plays it: a pure function of the
task, so the same seed gives the same games on 1 worker or 20, in a thread pool or on a
cluster, and ``play_task(report.games[g].task)`` replays game ``g``. (Agents that play against
a clock are the exception: how deep they search depends on the time they get.)

Parallel
--------
Games run on a ``concurrent.futures`` executor. By default a ``ProcessPoolExecutor`` with
``os.cpu_count()`` workers (``workers=N`` for N, ``workers=0`` for this process alone) is
started for the call and shut down after it; ``with Arena(...) as arena:`` keeps one pool for
several matches. Its processes are started with ``START_METHOD`` (``"forkserver"`` where the
platform has it, else ``"spawn"``) rather than ``fork``. Numba is not the reason (course_lib
compiles no parallel kernels, so numba starts no threads); threads are: a Jupyter kernel runs
about nine (its I/O, heartbeat and control threads, tqdm's monitor, ...), a Dask client more,
and forking a process with threads can leave a lock held forever in the child; Python 3.12
warns about it and 3.14 no longer forks by default. The cost is paid once per pool (measured
on 2 busy cores, ``benchmarks/bench_arena.py``: 0.1 to 0.26 s to start two workers and play
their first games, against 0.01 to 0.02 s with ``fork`` and 0.24 to 0.43 s with ``spawn``), and
a game costs the same afterwards. As with any such pool, a *script* that runs a match must do it under
``if __name__ == "__main__":`` (the workers import the main module); notebooks need nothing.
A script read from stdin, which the workers could not import, gets ``fork``.

Games are submitted a few at a time (about two per worker ahead of the results), collected as
they finish (the progress bar counts them then), and reported in game order: ``on_game`` and
``on_pair`` see game 0, 1, 2, ... whatever order the workers finish them in, so a sequential
test stops at the same game however many workers play.

For a class that outgrows one machine
-------------------------------------
Any object with ``submit(fn, *args)`` returning ``concurrent.futures`` futures will do, for
example a Dask cluster's executor. Start workers on the machines (with course_lib installed in
the same version), then::

    from dask.distributed import Client
    client = Client("tcp://scheduler:8786")       # or Client(LocalCluster(...)) to try it
    report = run_match("alphabeta:depth=3", "greedy", pairs=500,
                       executor=client.get_executor(),
                       workers=sum(client.nthreads().values()))

``workers`` then only says how many games to keep in flight (two per worker). The arena never
shuts down an executor it was given. Programs must exist on the worker machines (their
commands run there); a ``Program.from_spec`` runs the worker's own Python.

Results
-------
``MatchReport``: wins, draws and losses of A (a void game, where neither program could start,
counts as a draw; see ``reasons``), ``score``, the pentanomial counts (``pentanomial[k]`` is the
number of complete pairs in which A scored ``k / 2`` points), and every game (``GameResult``:
opening, seed, colours, winner, reason, moves, time used). ``on_game(report, game)`` is called
after every game, ``on_pair(report, pair)`` after every complete pair, the report holding all
the games so far; a callback that returns ``True`` (exactly: a truthy answer such as an SPRT's
``"continue"`` plays on) stops the match: no further game is started, pending ones are
cancelled, games already running are finished but left out, and the report (``stopped`` set)
keeps only the games up to that point, the same whatever the number of workers.

``round_robin(players, pairs_per_match)`` plays every pairing and returns a
``RoundRobinReport`` with the score matrix and a cross table; ``report.results()`` is what
``course_lib.strength.round_robin_elo`` takes.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import shlex
import shutil
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ..agents import make_agent, parse_spec
from ..agents.spec import KEYS, check_agent_spec
from ..ataxx import FIRST, MAX_TURNS, PASS, SECOND, Move, State
from ..checks import MAX_MS, describe, whole
from ..errors import CourseError
from ..interrupt import quiet_worker, stop_workers, unwind_on_stop
from ..rng import SplitMix64, check_seed
from .play import MAX_PAIRS, play_game, random_opening
from .protocol import choose_with_time
from .referee import ending, program_words, referee

if TYPE_CHECKING:                   # numpy is imported only where a matrix is made: the
    import numpy as np              # workers stay quick to start

__all__ = [
    "PAIR_POINTS", "REFEREE_TIME_MS", "START_METHOD", "Arena", "GamePair", "GameResult",
    "GameTask", "MatchReport", "Program", "RandomOpenings", "RoundRobinReport", "derive_seed",
    "play_task", "player_name", "process_pool", "round_robin", "run_match", "seeded_spec",
]

START_METHOD = ("forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
                else "spawn")
"""How the default process pool starts its workers (never ``fork``; see the module text)."""

MAX_DECIDED_DEPTH = 8
"""The deepest search that decides whether an opening is decided (``decided_depth``)."""
MAX_WORKERS = 256
"""The most worker processes a match may start."""

REFEREE_TIME_MS = 10_000
"""Each side's time for a refereed game when ``time_ms`` is not given (the referee's default)."""

PAIR_POINTS = (0.0, 0.5, 1.0, 1.5, 2.0)
"""A's points in a colour-swapped pair, the index of ``MatchReport.pentanomial``."""


# --- Seeds ------------------------------------------------------------------------------------


def derive_seed(seed: int, *labels: int | str) -> int:
    """A seed for one part of a match, derived from the match's ``seed`` by ``labels``.

    Each label (a whole number from 0 to 2**64 - 1, or text of at most 8 bytes, read as a
    little-endian number) is folded in by ``value = SplitMix64(value ^ SplitMix64(label)
    .next_u64()).next_u64()``, starting from ``value = seed``. Different labels give unrelated
    seeds; the same labels always give the same seed, on any machine.

    >>> derive_seed(0, "game", 0) == derive_seed(0, "game", 0) != derive_seed(0, "game", 1)
    True
    """
    value = check_seed(seed)
    for label in labels:
        if isinstance(label, str):
            data = label.encode("utf-8")
            if len(data) > 8:
                raise CourseError(f"a text label has at most 8 bytes, got {label!r}")
            label = int.from_bytes(data, "little")
        value = SplitMix64(value ^ SplitMix64(check_seed(label)).next_u64()).next_u64()
    return value


def _takes_seed(spec: str) -> bool:
    name, _ = parse_spec(spec)
    return any(key == "seed" for key, *_ in KEYS.get(name, ()))


def seeded_spec(spec: str, seed: int) -> str:
    """``spec`` with ``seed=SEED`` added if its agent takes a seed and the spec gives none.

    >>> seeded_spec("random", 12), seeded_spec("random:seed=3", 12), seeded_spec("greedy", 12)
    ('random:seed=12', 'random:seed=3', 'greedy')
    """
    name, options = parse_spec(spec)
    text = spec.strip()
    if "seed" in options or not _takes_seed(spec):
        return text
    head, _, rest = text.partition(":")
    rest = rest.strip().strip(",").strip()
    return f"{head}:{rest},seed={seed}" if rest else f"{head}:seed={seed}"


# --- Players ----------------------------------------------------------------------------------


class Program:
    """An agent program that speaks the referee protocol; its games go through the referee.

    ``Program("python my_agent.py")`` (split as a shell would) or ``Program(["./engine"])``;
    ``name`` labels it in reports (default: the command). ``Program.from_spec(spec)`` is the
    course agent ``spec`` as a program, ``python -m course_lib agent SPEC``, run by the worker's
    own Python (or ``python``), and seeded per game like a spec.
    """

    __slots__ = ("command", "spec", "python", "name")

    def __init__(self, command: str | Sequence[str] | None = None, name: str | None = None, *,
                 spec: str | None = None, python: str | None = None) -> None:
        if (command is None) == (spec is None):
            raise CourseError("a Program needs a command line, or a spec (Program.from_spec)")
        if spec is not None:
            _check_spec(spec, "Program.from_spec")
            self.command: tuple[str, ...] = ()
            self.spec: str | None = spec.strip()
        else:
            self.command = tuple(program_words(command))
            self.spec = None
        self.python = python
        self.name = name or (self.spec if self.spec is not None else shlex.join(self.command))

    @classmethod
    def from_spec(cls, spec: str, name: str | None = None, python: str | None = None
                  ) -> "Program":
        """The course agent ``spec`` as a program: ``python -m course_lib agent SPEC``."""
        return cls(spec=spec, name=name, python=python)

    def argv(self, seed: int | None = None) -> list[str]:
        """The command line to run; a spec program's spec gets ``seed`` (see ``seeded_spec``)."""
        if self.spec is None:
            return list(self.command)
        spec = self.spec if seed is None else seeded_spec(self.spec, seed)
        return [self.python or sys.executable, "-m", "course_lib", "agent", spec]

    def _key(self) -> tuple:
        return (self.command, self.spec, self.python, self.name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Program) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __getstate__(self) -> tuple:
        return self._key()

    def __setstate__(self, state: tuple) -> None:
        self.command, self.spec, self.python, self.name = state

    def __repr__(self) -> str:
        if self.spec is not None:
            return f"Program.from_spec({self.spec!r})"
        return f"Program({shlex.join(self.command)!r})"


Player = str | Program


def _check_spec(spec: Any, who: str) -> str:
    if not isinstance(spec, str):
        raise CourseError(f"{who}: a player is a spec string such as 'greedy' or a "
                          f"Program('python my_agent.py'), got {describe(spec)}")
    try:
        check_agent_spec(spec, State.start())
    except ValueError as error:
        raise CourseError(f"{who}: {error}") from None
    return spec.strip()


def _check_player(player: Any, who: str) -> Player:
    """The player, checked before any game starts (a clear error beats a crash in a worker)."""
    if isinstance(player, Program):
        if player.spec is None:
            program = player.command[0]
            if shutil.which(program) is None and not os.path.isfile(program):
                raise CourseError(f"{who}: cannot find the program {program!r} of "
                                  f"{shlex.join(player.command)!r} (not a file, not on PATH)")
        return player
    return _check_spec(player, who)


def player_name(player: Player) -> str:
    """How a player is named in reports: its spec, or its Program's name."""
    return player.name if isinstance(player, Program) else player


# --- Openings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RandomOpenings:
    """Openings of ``plies`` seeded random moves from ``start`` (a FEN; default the start),
    skipping decided ones.

    An opening is decided when a fast alpha-beta search of ``decided_depth`` plies with the
    exact material evaluation (``eval=exact-material``) finds a forced end of the game: one
    side can take all the other's stones, or fill the board ahead, whatever the other does.
    Such an opening, or one where the game is already over, is drawn again with the next seed
    (the module docstring gives the rule). ``decided_depth=0`` keeps every opening that is
    still to play.

    >>> RandomOpenings(plies=4).fen(pair=0, seed=1)
    '6o/7/x6/7/7/5x1/o1o3x x 1 3'
    """

    plies: int = 4
    start: str | None = None
    decided_depth: int = 5

    def __post_init__(self) -> None:
        whole(self.plies, "RandomOpenings(plies=...)", 0, MAX_TURNS, "plies", error=CourseError)
        whole(self.decided_depth, "RandomOpenings(decided_depth=...) (0: keep every opening)",
              0, MAX_DECIDED_DEPTH, "plies", error=CourseError)
        if self.start is not None and not isinstance(self.start, str):
            raise CourseError(f"RandomOpenings(start=...) is a FEN or None, got "
                              f"{describe(self.start)}")
        if self.start is not None:
            try:
                State.from_fen(self.start)
            except ValueError as error:
                raise CourseError(f"RandomOpenings(start=...) is not a FEN: {error}") from None

    def fen(self, pair: int, seed: int) -> str:
        """The opening of pair ``pair`` in a match with seed ``seed``."""
        start = State.from_fen(self.start) if self.start else None
        if start is not None and start.is_over():
            raise CourseError(f"the start of the openings, {self.start!r}, is a finished game; "
                              "nothing to play")
        for attempt in range(_OPENING_DRAWS):
            labels = ("opening", pair) if attempt == 0 else ("opening", pair, attempt)
            state = random_opening(self.plies, derive_seed(seed, *labels), start)
            if not is_decided_opening(state, self.decided_depth):
                return state.fen()
            if self.plies == 0:
                break                        # every draw is the start itself
        raise CourseError(
            f"no opening of {self.plies} random plies from {self.start or 'the start'} that "
            f"is not decided within {self.decided_depth} plies (tried "
            f"{1 if self.plies == 0 else _OPENING_DRAWS}); start from another position, or "
            "give decided_depth=0 to keep decided openings")


_OPENING_DRAWS = 100
"""How many openings ``RandomOpenings`` draws for one pair before it gives up."""


def is_decided_opening(state: State, depth: int = 5) -> bool:
    """True when the game is over, or when a ``depth``-ply search with the exact material
    evaluation finds a forced end of the game (``|value| >= WIN_SCORE``); with depth 0, only
    when the game is over.

    >>> is_decided_opening(State.from_fen("7/1xx4/4o2/7/o6/7/6x x 3 3"))   # x takes all in 3
    True
    >>> is_decided_opening(State.start())
    False
    """
    if not isinstance(state, State):
        raise CourseError(f"is_decided_opening looks at an ATAXX State, got "
                          f"{type(state).__name__}")
    whole(depth, "depth", 0, MAX_DECIDED_DEPTH, "plies", error=CourseError)
    if state.is_over():
        return True
    if depth == 0:
        return False
    from ..agents.evaluation import WIN_SCORE
    from ..agents.fast_search import fast_search
    value = fast_search(state, depth, order="gain", killers=True, history=True,
                        evaluation="exact-material").value
    return abs(value) >= WIN_SCORE


def _opening_fens(openings: Any, pairs: int, seed: int) -> list[str]:
    """The FEN of every pair's opening, each checked."""
    if isinstance(openings, RandomOpenings):
        fens = [openings.fen(pair, seed) for pair in range(pairs)]
    else:
        if openings is None:
            given = [State.start()]
        elif isinstance(openings, (str, State)):
            given = [openings]
        else:
            try:
                given = list(openings)
            except TypeError:
                raise CourseError("openings must be RandomOpenings(plies=...), a list of FENs "
                                  f"or None, got {openings!r}") from None
            if not given:
                raise CourseError("openings is an empty list; give at least one FEN")
        cycle = []
        for item in given:
            try:
                cycle.append(item.fen() if isinstance(item, State) else State.from_fen(item).fen())
            except (ValueError, AttributeError, TypeError) as error:
                raise CourseError(f"opening {item!r} is not a FEN: {error}") from None
        fens = [cycle[pair % len(cycle)] for pair in range(pairs)]
    for fen in fens:
        if State.from_fen(fen).is_over():
            raise CourseError(f"the opening {fen!r} is a finished game; nothing to play")
    return fens


# --- One game ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameTask:
    """Everything that decides one game (``play_task`` plays it).

    ``index`` is the game's number in its match (pair ``index // 2``); ``a_first`` says
    whether player A moves first; ``seed`` is the game's seed (agents' seeds derive from it);
    ``time_ms`` each side's clock (None: no arena clock for in-process games, the referee's
    default for refereed ones).
    """

    index: int
    player_a: Player
    player_b: Player
    a_first: bool
    opening_fen: str
    seed: int
    time_ms: int | None = None
    ready_ms: int = 3_000

    @property
    def pair(self) -> int:
        return self.index // 2

    @property
    def refereed(self) -> bool:
        """True when the game goes through the referee (a Program plays in it)."""
        return isinstance(self.player_a, Program) or isinstance(self.player_b, Program)


@dataclass
class GameResult:
    """One finished game, from the colours' point of view (``winner`` 1, 2 or 0) and A's.

    ``first`` / ``second`` are the specs (seeded) or command lines that actually played;
    ``moves`` are UAI strings (``"b6"``, ``"a7c5"``, ``"0000"``); ``reason`` a code as the
    referee's: ``no-stones``, ``board-full``, ``turn-limit``, ``no-moves``, or the fault of the
    loser (``timeout``, ``illegal``, ``illegal-pass``, ``crash``, ...; in-process, an agent
    that raises ``crash``es), with ``detail`` in words. ``time_used_ms`` is [first, second];
    ``seconds`` the game's wall time.
    """

    task: GameTask
    first: str
    second: str
    winner: int
    reason: str
    detail: str
    moves: list[str]
    stones: list[int]
    time_used_ms: list[float]
    final_fen: str
    seconds: float = 0.0
    stderr: list[str] = field(default_factory=list)

    index = property(lambda self: self.task.index, doc="The game's number in its match.")
    pair = property(lambda self: self.task.pair, doc="Its pair's number.")
    a_first = property(lambda self: self.task.a_first, doc="True when A moved first.")
    seed = property(lambda self: self.task.seed, doc="The game's seed.")
    opening_fen = property(lambda self: self.task.opening_fen, doc="Where it started.")
    refereed = property(lambda self: self.task.refereed, doc="Played through the referee.")

    @property
    def turns(self) -> int:
        return len(self.moves)

    @property
    def a_player(self) -> int:
        """1 if A played first (x), 2 if second (o)."""
        return FIRST if self.a_first else SECOND

    @property
    def score_a(self) -> float:
        """A's score: 1, 0.5 or 0."""
        return 0.5 if self.winner == 0 else 1.0 if self.winner == self.a_player else 0.0

    @property
    def outcome(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"``, for A."""
        return {1.0: "win", 0.5: "draw", 0.0: "loss"}[self.score_a]

    def to_dict(self) -> dict:
        return {
            "index": self.index, "pair": self.pair, "seed": self.seed,
            "opening_fen": self.opening_fen, "a_first": self.a_first, "first": self.first,
            "second": self.second, "winner": self.winner, "score_a": self.score_a,
            "reason": self.reason, "detail": self.detail, "turns": self.turns,
            "moves": list(self.moves), "stones": list(self.stones),
            "time_used_ms": [round(t, 1) for t in self.time_used_ms],
            "final_fen": self.final_fen, "seconds": round(self.seconds, 4),
            "refereed": self.refereed,
        }

    def __str__(self) -> str:
        result = "draw" if self.winner == 0 else f"{'x' if self.winner == 1 else 'o'} wins"
        return (f"game {self.index} (x {self.first}, o {self.second}): {result}, "
                f"{self.reason}, {self.turns} turns")


class _OutOfTime(Exception):
    """The player to move ran out of its arena clock."""


class _AgentCrash(Exception):
    """The player to move raised an exception (kept in ``__cause__``)."""


class _Timed:
    """Wraps an agent for one game: times its moves, keeps its arena clock, remembers its
    last move."""

    def __init__(self, agent: Any, time_ms: int | None) -> None:
        self.agent = agent
        self.name = getattr(agent, "name", "agent")
        self.time_ms = time_ms
        self.used_ms = 0.0
        self.last_move: Any = None

    def choose_move(self, state: State) -> Any:
        started = time.perf_counter()
        try:
            if self.time_ms is None:
                move = self.agent.choose_move(state)
            else:
                move = choose_with_time(self.agent, state,
                                        remaining_ms=max(0.0, self.time_ms - self.used_ms))
        except Exception as error:
            raise _AgentCrash from error
        self.used_ms += (time.perf_counter() - started) * 1000
        self.last_move = move
        if self.time_ms is not None and self.used_ms > self.time_ms:
            raise _OutOfTime
        return move


def _play_in_process(task: GameTask, first: str, second: str) -> GameResult:
    start = State.from_fen(task.opening_fen)
    players = {FIRST: _Timed(make_agent(first), task.time_ms),
               SECOND: _Timed(make_agent(second), task.time_ms)}
    moves: list[str] = []
    state_box = [start]

    def on_move(state: State, move: Move) -> None:
        moves.append(move.uai())
        state_box[0] = state.apply(move)

    started = time.perf_counter()
    fault: tuple[int, str, str] | None = None
    try:
        record = play_game(players[FIRST], players[SECOND], start, on_move=on_move)
        final = record.final
        if not final.is_over():                     # play_game stopped at an illegal move
            loser = final.to_move
            bad = players[loser].last_move
            code = "illegal-pass" if bad == PASS and final.legal_moves() else "illegal"
            fault = (loser, code, record.reason)
    except _OutOfTime:
        final = state_box[0]
        loser = final.to_move
        fault = (loser, "timeout", f"player {loser} used {players[loser].used_ms:.0f} ms of "
                                   f"its {task.time_ms} ms")
    except _AgentCrash as crash:                    # it loses, as a crashing program would
        final = state_box[0]
        loser = final.to_move
        error = crash.__cause__
        where = traceback.extract_tb(error.__traceback__)[-1]
        fault = (loser, "crash", f"player {loser} raised {type(error).__name__}: {error} "
                                 f"({os.path.basename(where.filename)}:{where.lineno})")
    seconds = time.perf_counter() - started
    stones = [final.stones(FIRST), final.stones(SECOND)]
    if fault is None:
        winner, reason = final.winner(), ending(final)
        detail = f"{final.outcome_reason()}: x {stones[0]} - o {stones[1]}"
    else:
        loser, reason, detail = fault
        winner = 3 - loser
    return GameResult(task, first, second, winner, reason, detail, moves, stones,
                      [players[FIRST].used_ms, players[SECOND].used_ms], final.fen(), seconds)


def play_task(task: GameTask) -> GameResult:
    """Play the game ``task`` describes (in this process, or through the referee when a
    Program plays) and return its result. The function the workers run."""
    seeds = {"A": derive_seed(task.seed, "A"), "B": derive_seed(task.seed, "B")}
    sides = [("A", task.player_a), ("B", task.player_b)]
    if not task.a_first:
        sides.reverse()
    if not task.refereed:
        first, second = (seeded_spec(player, seeds[role]) for role, player in sides)
        return _play_in_process(task, first, second)
    argvs = []
    for role, player in sides:
        program = player if isinstance(player, Program) else Program.from_spec(player)
        argvs.append(program.argv(seeds[role]))
    started = time.perf_counter()
    with unwind_on_stop():                  # stopped, a worker still stops the programs
        result = referee(argvs[0], argvs[1],
                         time_ms=task.time_ms if task.time_ms is not None else REFEREE_TIME_MS,
                         ready_ms=task.ready_ms, start_fen=task.opening_fen)
    seconds = time.perf_counter() - started
    return GameResult(task, shlex.join(argvs[0]), shlex.join(argvs[1]), result.winner,
                      result.reason, result.detail, [Move(*m).uai() for m in result.moves],
                      list(result.stones), list(result.time_used_ms), result.fen, seconds,
                      list(result.stderr))


# --- Reports ----------------------------------------------------------------------------------


@dataclass
class GamePair:
    """Two games from one opening, A first in ``games[0]`` and second in ``games[1]``."""

    index: int
    games: tuple[GameResult, GameResult]

    @property
    def opening_fen(self) -> str:
        return self.games[0].opening_fen

    @property
    def scores(self) -> tuple[float, float]:
        """A's score in each game."""
        return self.games[0].score_a, self.games[1].score_a

    @property
    def points(self) -> float:
        """A's points in the pair: 0, 0.5, 1, 1.5 or 2."""
        return sum(self.scores)


@dataclass
class MatchReport:
    """A match between A and B: totals for A, pentanomial pair counts, every game in order.

    It grows game by game while the match runs (``on_game`` / ``on_pair`` see it so).
    ``pentanomial[k]`` counts the complete pairs in which A scored ``k / 2`` points.
    """

    name_a: str
    name_b: str
    pairs_planned: int
    seed: int = 0
    games: list[GameResult] = field(default_factory=list)
    pairs: list[GamePair] = field(default_factory=list)
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)
    stopped: bool = False
    """True when a callback stopped the match before all its games were played."""
    seconds: float = 0.0

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def points(self) -> float:
        """A's points: 1 per win, 1/2 per draw."""
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float:
        """A's points as a fraction of the games (0 before any game)."""
        return self.points / len(self.games) if self.games else 0.0

    @property
    def reasons(self) -> Counter:
        """How the games ended: reason code -> number of games."""
        return Counter(game.reason for game in self.games)

    def add(self, game: GameResult) -> GamePair | None:
        """Count ``game`` (the next in order); return its pair when the game completes one."""
        if game.index != len(self.games):
            raise CourseError(f"game {game.index} reported out of order "
                              f"(expected game {len(self.games)})")
        self.games.append(game)
        outcome = game.score_a
        if outcome == 1.0:
            self.wins += 1
        elif outcome == 0.5:
            self.draws += 1
        else:
            self.losses += 1
        if game.index % 2 == 0:
            return None
        pair = GamePair(game.pair, (self.games[-2], game))
        self.pairs.append(pair)
        self.pentanomial[int(pair.points * 2)] += 1
        return pair

    def to_dict(self) -> dict:
        return {
            "name_a": self.name_a, "name_b": self.name_b, "seed": self.seed,
            "pairs_planned": self.pairs_planned, "games_played": self.games_played,
            "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "score": self.score, "pentanomial": list(self.pentanomial),
            "stopped": self.stopped, "seconds": round(self.seconds, 3),
            "reasons": dict(self.reasons), "games": [game.to_dict() for game in self.games],
        }

    def __str__(self) -> str:
        text = (f"{self.name_a} vs {self.name_b}: {len(self.games)} games, +{self.wins} "
                f"={self.draws} -{self.losses}, score {self.score:.1%}, pairs scoring "
                f"0/0.5/1/1.5/2: {' '.join(map(str, self.pentanomial))}")
        if self.stopped:
            text += f" (stopped after {len(self.games)} of {2 * self.pairs_planned} games)"
        return text


@dataclass
class RoundRobinReport:
    """Every pairing of a round robin. ``matches[(i, j)]`` (``i < j``) is the match of
    ``names[i]`` (as A) against ``names[j]``."""

    names: list[str]
    matches: dict[tuple[int, int], MatchReport]
    stopped: bool = False
    seconds: float = 0.0

    def points_matrix(self) -> np.ndarray:
        """``[i, j]``: the points ``names[i]`` scored against ``names[j]``."""
        import numpy as np
        n = len(self.names)
        points = np.zeros((n, n))
        for (i, j), match in self.matches.items():
            points[i, j] += match.points
            points[j, i] += len(match.games) - match.points
        return points

    def games_matrix(self) -> np.ndarray:
        """``[i, j]``: the games played between ``names[i]`` and ``names[j]``."""
        import numpy as np
        n = len(self.names)
        games = np.zeros((n, n), dtype=int)
        for (i, j), match in self.matches.items():
            games[i, j] += len(match.games)
            games[j, i] += len(match.games)
        return games

    def score_matrix(self) -> np.ndarray:
        """``[i, j]``: ``names[i]``'s score (0..1) against ``names[j]``; NaN where they did not
        play (the diagonal)."""
        import numpy as np
        games = self.games_matrix()
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(games > 0, self.points_matrix() / np.maximum(games, 1), np.nan)

    def results(self) -> dict[tuple[str, str], tuple[int, int, int]]:
        """``{(a, b): (wins, draws, losses)}`` of a against b: what ``round_robin_elo``
        takes."""
        return {(self.names[i], self.names[j]): (m.wins, m.draws, m.losses)
                for (i, j), m in self.matches.items()}

    def standings(self) -> list[tuple[str, float, int]]:
        """``(name, points, games)``, most points first (ties in the players' order)."""
        points, games = self.points_matrix().sum(axis=1), self.games_matrix().sum(axis=1)
        order = sorted(range(len(self.names)), key=lambda i: -points[i])
        return [(self.names[i], float(points[i]), int(games[i])) for i in order]

    def to_dict(self) -> dict:
        return {"names": list(self.names), "stopped": self.stopped,
                "seconds": round(self.seconds, 3),
                "points": self.points_matrix().tolist(), "games": self.games_matrix().tolist(),
                "matches": [m.to_dict() for m in self.matches.values()]}

    def __str__(self) -> str:
        """A cross table: each row's points / games against each column, then the total."""
        points, games = self.points_matrix(), self.games_matrix()
        width = max(4, *(len(name) for name in self.names))
        n = len(self.names)
        lines = [f"{'':>3} {'':<{width}}  " + "  ".join(f"{k + 1:>5}    " for k in range(n))
                 + "      total"]
        for i, name in enumerate(self.names):
            row = ["    -    " if i == j else f"{points[i, j]:>4g}/{games[i, j]:<4d}"
                   for j in range(n)]
            total = f"{points[i].sum():g}/{games[i].sum()}"
            lines.append(f"{i + 1:>3} {name:<{width}}  " + "  ".join(row) + f"  {total:>9}")
        if self.stopped:
            lines.append("(stopped early)")
        return "\n".join(lines)


# --- Running games on an executor -------------------------------------------------------------


class _InlineExecutor(cf.Executor):
    """Runs each task at once, in this process, when it is submitted (``workers=0``)."""

    _max_workers = 1

    def submit(self, fn: Callable, /, *args: Any, **kwargs: Any) -> cf.Future:
        future: cf.Future = cf.Future()
        future.set_running_or_notify_cancel()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:          # noqa: BLE001 - handed to the caller
            future.set_exception(error)
        return future


def _start_method() -> str:
    """``START_METHOD``, unless the main module names a file that does not exist (a script
    read from stdin, ``python - < script.py``): a forkserver or spawned worker would fail to
    re-read it, so there, where the platform has it, ``fork``."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    if (START_METHOD != "fork" and path is not None and not os.path.exists(path)
            and "fork" in multiprocessing.get_all_start_methods()):
        return "fork"
    return START_METHOD


def process_pool(workers: int | None = None) -> cf.ProcessPoolExecutor:
    """The arena's default executor: ``workers`` processes (default ``os.cpu_count()``),
    started with ``START_METHOD``; Ctrl-C is left to this process, which stops them
    (``course_lib.interrupt``)."""
    return cf.ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1,
                                  mp_context=multiprocessing.get_context(_start_method()),
                                  initializer=quiet_worker)


def close_pool(pool: cf.ProcessPoolExecutor, wait: bool) -> None:
    """Shut ``pool`` down; unless ``wait``, stop its workers now, games running or not."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=wait, cancel_futures=True)
    if not wait:
        stop_workers(processes)


def _stops(answer: Any) -> bool:
    """A callback's answer means stop only if it is True (or numpy's True): a truthy string
    such as an SPRT's ``"continue"`` must not stop the match."""
    return answer is True or (type(answer).__name__ == "bool_" and bool(answer))


def _result(future: cf.Future, task: GameTask) -> GameResult:
    """The future's game, or its error with a note saying which game it was."""
    try:
        return future.result()
    except cf.process.BrokenProcessPool as error:
        raise CourseError(
            f"a worker process died while playing game {task.index}: {error} In a script, "
            "run the match under if __name__ == '__main__': (the workers import the main "
            "module); the worker's own error, if any, is printed above.") from error
    except Exception as error:
        error.add_note(f"(while playing game {task.index}: {task!r})")
        raise


def _progress_bar(total: int, description: str, enabled: bool) -> Any:
    from tqdm.auto import tqdm
    options = dict(total=total, desc=description, unit="game", disable=not enabled,
                   dynamic_ncols=True)
    try:
        from tqdm.notebook import tqdm as notebook_tqdm
    except ImportError:                               # pragma: no cover - tqdm always has it
        notebook_tqdm = None
    if enabled and notebook_tqdm is not None and issubclass(tqdm, notebook_tqdm):
        return _saved_notebook_bar(notebook_tqdm, options)
    return tqdm(**options)


def _saved_notebook_bar(notebook_tqdm: type, options: dict) -> Any:
    """A notebook progress bar whose saved output shows how far it got.

    A widget's text form is stored when it is first displayed, so a saved notebook would show
    a finished run as ``0/80``. This bar is displayed with a display id and displayed again when
    it closes, so the stored text is the last count.
    """
    from IPython.display import display

    class SavedBar(notebook_tqdm):                    # type: ignore[misc, valid-type]
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(display=False, **kwargs)
            self._handle = display(self.container, display_id=True)
            self.displayed = True

        def close(self) -> None:
            super().close()
            handle, self._handle = getattr(self, "_handle", None), None
            if handle is not None:
                handle.update(self.container)

    return SavedBar(**options)


class Arena:
    """Plays matches (``match``) and round robins (``round_robin``) with shared settings.

    ``openings``: ``RandomOpenings(plies)``, a list of FENs (cycled), or None (the start).
    ``seed``: the seed every game derives from (see the module text). ``executor``: any
    ``concurrent.futures``-style executor, never shut down by the arena; otherwise a process
    pool of ``workers`` processes (default ``os.cpu_count()``; 0: play in this process).
    ``time_ms``: each side's clock per game (None: no arena clock in-process, 10000 ms when
    refereed); ``ready_ms``: the referee's READY limit. ``progress``: a tqdm progress bar.

    Used as a context manager, it keeps its process pool for all the matches inside::

        with Arena(workers=2, progress=False) as arena:
            first = arena.match("greedy", "random", pairs=50)
            second = arena.match("alphabeta:depth=2", "greedy", pairs=50)
    """

    def __init__(self, openings: Any = RandomOpenings(plies=4), seed: int = 0,
                 executor: Any = None, workers: int | None = None, progress: bool = True,
                 time_ms: int | None = None, ready_ms: int = 3_000) -> None:
        try:
            self.seed = check_seed(seed)
        except ValueError as error:
            raise CourseError(str(error)) from None
        whole(workers, "workers", 0, MAX_WORKERS, optional=True, error=CourseError)
        if executor is not None and not callable(getattr(executor, "submit", None)):
            raise CourseError(f"executor must have submit(fn, *args) returning futures, "
                              f"got {executor!r}")
        whole(time_ms, "time_ms", 1, MAX_MS, "ms", optional=True, error=CourseError)
        whole(ready_ms, "ready_ms", 1, MAX_MS, "ms", error=CourseError)
        self.openings = openings
        self.executor = executor
        self.workers = workers
        self.progress = progress
        self.time_ms = time_ms
        self.ready_ms = ready_ms
        self._pool: cf.Executor | None = None
        self._kept = False

    # -- the pool

    def __enter__(self) -> "Arena":
        self._kept = True
        return self

    def __exit__(self, error_type: Any, *_: Any) -> None:
        self._kept = False
        self.close(wait=error_type is None)

    def close(self, wait: bool = True) -> None:
        """Shut down the arena's own process pool, if it started one (``wait``: for the games
        still running to finish)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            close_pool(pool, wait)

    def _executor(self) -> tuple[cf.Executor, int]:
        """The executor to use and how many games to keep in flight."""
        if self.executor is not None:
            workers = self.workers or getattr(self.executor, "_max_workers", None) or 32
            return self.executor, 2 * workers
        if self.workers == 0:
            return _InlineExecutor(), 1
        if self._pool is None:
            self._pool = process_pool(self.workers)
        return self._pool, 2 * self._pool._max_workers

    # -- the tasks

    def tasks(self, player_a: Player, player_b: Player, pairs: int,
              _match: tuple[int, ...] = ()) -> list[GameTask]:
        """The games a match of ``pairs`` pairs would play, in order (checked, not played)."""
        whole(pairs, "pairs", 1, MAX_PAIRS, error=CourseError)
        player_a = _check_player(player_a, "player A")
        player_b = _check_player(player_b, "player B")
        fens = _opening_fens(self.openings, pairs, self.seed)
        return [GameTask(index=game, player_a=player_a, player_b=player_b,
                         a_first=game % 2 == 0, opening_fen=fens[game // 2],
                         seed=derive_seed(self.seed, "game", *_match, game),
                         time_ms=self.time_ms, ready_ms=self.ready_ms)
                for game in range(2 * pairs)]

    def _run(self, tasks: list[GameTask], description: str,
             deliver: Callable[[int, GameResult], bool],
             postfix: Callable[[], str] | None = None) -> bool:
        """Run ``tasks`` and hand each result to ``deliver(position, result)`` in order;
        return True if ``deliver`` asked to stop."""
        executor, window = self._executor()
        window = max(1, window)
        pending: dict[cf.Future, int] = {}
        finished: dict[int, GameResult] = {}
        submitted = delivered = 0
        stopped = clean = False
        bar = _progress_bar(len(tasks), description, self.progress)
        try:
            while delivered < len(tasks) and not stopped:
                while submitted < len(tasks) and len(pending) < window:
                    pending[executor.submit(play_task, tasks[submitted])] = submitted
                    submitted += 1
                done, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
                for future in done:
                    position = pending.pop(future)
                    finished[position] = _result(future, tasks[position])
                bar.update(len(done))
                while delivered in finished and not stopped:
                    stopped = deliver(delivered, finished.pop(delivered))
                    delivered += 1
                if postfix is not None:
                    bar.set_postfix_str(postfix(), refresh=False)
            clean = True
        finally:
            for future in pending:
                future.cancel()
            bar.close()
            if self._pool is not None and not self._kept:
                # Stopped early: wait only for the games already running. Failed or
                # interrupted: stop the workers now.
                pool, self._pool = self._pool, None
                close_pool(pool, wait=clean)
        return stopped

    # -- matches

    def match(self, player_a: Player, player_b: Player, pairs: int,
              on_game: Callable[[MatchReport, GameResult], Any] | None = None,
              on_pair: Callable[[MatchReport, GamePair], Any] | None = None) -> MatchReport:
        """Play ``pairs`` colour-swapped pairs between A and B; see ``run_match``."""
        tasks = self.tasks(player_a, player_b, pairs)
        report = MatchReport(player_name(tasks[0].player_a), player_name(tasks[0].player_b),
                             pairs, self.seed)
        started = time.perf_counter()

        def deliver(_: int, game: GameResult) -> bool:
            pair = report.add(game)
            stop = on_game is not None and _stops(on_game(report, game))
            if pair is not None and on_pair is not None and not stop:
                stop = _stops(on_pair(report, pair))
            return stop

        report.stopped = self._run(
            tasks, f"{report.name_a} vs {report.name_b}", deliver,
            lambda: f"+{report.wins} ={report.draws} -{report.losses}")
        report.seconds = time.perf_counter() - started
        return report

    def round_robin(self, players: Sequence[Player], pairs_per_match: int,
                    on_game: Callable[[MatchReport, GameResult], Any] | None = None
                    ) -> RoundRobinReport:
        """Every player against every other, ``pairs_per_match`` pairs each; see
        ``round_robin``."""
        if not isinstance(players, (list, tuple)):
            raise CourseError(f"players is a list of players (specs or Programs), got "
                              f"{describe(players)}")
        players = list(players)
        if len(players) < 2:
            raise CourseError(f"a round robin needs at least two players, got {len(players)}")
        checked = [_check_player(p, f"player {k + 1}") for k, p in enumerate(players)]
        names = [player_name(p) for p in checked]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise CourseError(f"two players are named {twice[0]!r}; give them different names "
                              "(Program(..., name=...)) or different specs")
        matches: dict[tuple[int, int], MatchReport] = {}
        tasks: list[GameTask] = []
        owner: list[tuple[int, int]] = []
        for i in range(len(players)):
            for j in range(i + 1, len(players)):
                match_tasks = self.tasks(checked[i], checked[j], pairs_per_match, (i, j))
                matches[(i, j)] = MatchReport(names[i], names[j], pairs_per_match, self.seed)
                tasks.extend(match_tasks)
                owner.extend([(i, j)] * len(match_tasks))
        report = RoundRobinReport(names, matches)
        started = time.perf_counter()

        def deliver(position: int, game: GameResult) -> bool:
            match = matches[owner[position]]
            match.add(game)
            return on_game is not None and _stops(on_game(match, game))

        report.stopped = self._run(tasks, f"round robin of {len(players)}", deliver)
        if report.stopped:
            for match in matches.values():
                match.stopped = len(match.games) < 2 * match.pairs_planned
        report.seconds = time.perf_counter() - started
        return report


def run_match(player_a: Player, player_b: Player, pairs: int,
              openings: Any = RandomOpenings(plies=4), seed: int = 0, executor: Any = None,
              workers: int | None = None, progress: bool = True, time_ms: int | None = None,
              *, ready_ms: int = 3_000,
              on_game: Callable[[MatchReport, GameResult], Any] | None = None,
              on_pair: Callable[[MatchReport, GamePair], Any] | None = None) -> MatchReport:
    """Play ``pairs`` colour-swapped pairs of games between ``player_a`` and ``player_b``.

    Players are spec strings (played in-process by the workers) or ``Program``s (played
    through the referee). Each pair starts from one opening (``openings``), A moving first in
    its first game. Everything derives from ``seed`` (see the module text). Games run on
    ``executor`` or on a pool of ``workers`` processes (default: every core; 0: this process);
    ``progress`` shows a progress bar; ``time_ms`` gives each side a clock per game.

    ``on_game(report, game)`` after every game and ``on_pair(report, pair)`` after every pair,
    in game order; either returning ``True`` stops the match. Bad players or settings raise
    ``CourseError`` before any game starts.
    """
    with Arena(openings, seed, executor, workers, progress, time_ms, ready_ms) as arena:
        return arena.match(player_a, player_b, pairs, on_game=on_game, on_pair=on_pair)


def round_robin(players: Sequence[Player], pairs_per_match: int,
                openings: Any = RandomOpenings(plies=4), seed: int = 0, executor: Any = None,
                workers: int | None = None, progress: bool = True, time_ms: int | None = None,
                *, ready_ms: int = 3_000,
                on_game: Callable[[MatchReport, GameResult], Any] | None = None
                ) -> RoundRobinReport:
    """Every player against every other, ``pairs_per_match`` colour-swapped pairs each.

    All the games share one executor and one progress bar; every pairing plays the same
    openings. ``on_game(match_report, game)`` is called after every game (in order, match
    after match); returning ``True`` stops the whole round robin. Player names (specs, or
    ``Program`` names) must differ.

    >>> table = round_robin(["greedy", "random", "alphabeta:depth=1"], 1, workers=0,
    ...                     progress=False)
    >>> table.games_matrix().tolist()
    [[0, 2, 2], [2, 0, 2], [2, 2, 0]]
    """
    with Arena(openings, seed, executor, workers, progress, time_ms, ready_ms) as arena:
        return arena.round_robin(players, pairs_per_match, on_game=on_game)
