"""Any course agent as a UAI engine, for the standard ATAXX tournament managers.

    python -m course_lib uai alphabeta:game=60000,order=gain

UAI (the Universal Ataxx Interface) is UCI with 'a' for 'c'. The commands understood:

- ``uai`` -> ``id name SPEC``, ``id author course_lib``, ``uaiok``
- ``isready`` -> ``readyok``
- ``uainewgame``: a fresh agent (new tables, new clock) from the factory
- ``position startpos|fen FEN [moves m1 m2 ...]``: moves in UAI text (``b6``, ``a7c5``,
  ``0000`` for a pass). A FEN that cannot be read leaves the position as it was; the moves are
  played up to the first one that is not legal (as chess engines do); both are logged.
- ``go [btime B wtime W binc BI winc WI movestogo N movetime M depth D infinite]`` ->
  ``info depth ... score cp ... nodes ... time ... pv MOVE`` (for searching agents) and
  ``bestmove MOVE`` (``0000`` for a pass, or when the game is over). As in libataxx, x (the
  first player) is "black": ``btime``/``binc`` are x's clock, ``wtime``/``winc`` o's.
  ``movetime`` is the time for this move; with a game clock the move gets a fair share of it
  (see ``course_lib.match.protocol.move_share_ms``); ``depth`` caps the search depth, and alone
  makes a timed agent search to that depth. Agents without a time option (random, greedy,
  fixed-depth searches) ignore the clock and just search.
- ``quit`` (or the end of the input) ends the program; ``stop``, ``ponderhit``, ``debug``,
  ``setoption`` and ``register`` are ignored (the search is never running when they come:
  ``go`` answers before the next command is read).
- Bad input never stops the engine: an unknown command, a position that cannot be read, a
  number of ``go`` out of its range (``depth`` 1 to 64, times 0 to 10**9 ms) is answered with
  an ``info string`` line that says what was wrong, and the rest of the line is used.

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
info depth 1 score cp 100 nodes 17 time ... pv b7
bestmove b7
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any, Callable, TextIO

from ..agents.base import as_agent
from ..agents.search import MAX_DEPTH
from ..ataxx import FIRST, PASS, State
from ..errors import InvalidUaiCommandError
from .protocol import _log, run_on_stdio, safe_choose

AUTHOR = "course_lib"

_GO_LIMITS: dict[str, tuple[int, int, str]] = {
    "wtime": (0, 10**9, "ms"), "btime": (0, 10**9, "ms"), "winc": (0, 10**9, "ms"),
    "binc": (0, 10**9, "ms"), "movetime": (0, 10**9, "ms"), "movestogo": (1, 10**6, "moves"),
    "depth": (1, MAX_DEPTH, "plies"), "nodes": (1, 10**15, "nodes"), "mate": (1, 10**6, "moves"),
}
"""The numbers a ``go`` command may carry, each a whole number from its low to its high."""
_GO_NUMBERS = tuple(_GO_LIMITS)
_GO_FLAGS = ("infinite", "ponder", "searchmoves")


def parse_go(words: list[str], problems: list[str] | None = None) -> dict[str, int]:
    """The numbers of a ``go`` command: ``['go', 'btime', '900', 'depth', '3']`` ->
    ``{'btime': 900, 'depth': 3}``. A number that is missing, not a whole number or out of its
    range (depth 1 to 64, times 0 to 10**9 ms, ...) is left out, and so is an unknown word;
    each is described in ``problems`` (a list, if given), for the engine to report.

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
        if key not in _GO_FLAGS:
            problems.append(f"go: unknown word {key[:40]!r}; ignored")
        i += 1
    return numbers


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
    read; playing the moves stops at the first one that is not legal, and the error is raised
    with the position reached attached as ``error.state``.
    """
    _check_words(words)
    if len(words) < 2 or words[1] not in ("startpos", "fen"):
        raise InvalidUaiCommandError("expected 'position startpos' or 'position fen FEN', then "
                                     "optionally 'moves m1 m2 ...'")
    moves_at = words.index("moves") if "moves" in words else len(words)
    if words[1] == "startpos":
        state = State.start()
    else:
        state = State.from_fen(" ".join(words[2:moves_at]))
    for text in words[moves_at + 1:]:
        try:
            state = state.play(text)
        except ValueError as error:
            failure = InvalidUaiCommandError(f"move {text[:40]!r}: {error}")
            failure.state = state                         # type: ignore[attr-defined]
            raise failure from None
    return state


def _info(agent: Any, move: Any, milliseconds: float) -> str | None:
    result = getattr(agent, "last_result", None)
    if result is None or getattr(result, "move", None) != move:
        return None
    value = result.value
    if not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    stats = result.stats
    return (f"info depth {max(1, int(result.depth))} score cp {int(round(value * 100))} "
            f"nodes {int(stats.nodes)} time {int(milliseconds)} pv {move.uai()}")


def serve_uai(agent_factory: Callable[[], Any] | str, stdin: TextIO, stdout: TextIO, *,
              log: TextIO | None = None) -> int:
    """Speak UAI for the agents that ``agent_factory`` makes until ``quit`` or the end of the
    input; return the exit code (0).

    ``agent_factory`` is a function returning a new agent (called at ``uainewgame``, and
    before the first ``go`` if no new game was announced) or an agent spec string.
    """
    log = sys.stderr if log is None else log
    if isinstance(agent_factory, str):
        spec = agent_factory
        from ..agents import make_agent

        def factory() -> Any:
            return make_agent(spec)
        name = spec
    else:
        factory = agent_factory
        name = None
    agent: Any = None
    state = State.start()

    def answer(*lines: str) -> bool:
        try:
            for text in lines:
                stdout.write(text + "\n")
            stdout.flush()
        except (OSError, ValueError):
            return False
        return True

    def tell(problem: str) -> bool:
        """Report a problem with the input: on stderr, and to the GUI as ``info string``."""
        _log(log, problem)
        return answer("info string " + " ".join(problem.split()))

    def current_agent() -> Any:
        nonlocal agent
        if agent is None:
            agent = as_agent(factory())
        return agent

    while True:
        try:
            line = stdin.readline()
        except (OSError, ValueError):
            line = ""
        if not line:
            return 0
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uai":
            engine_name = name or getattr(current_agent(), "name", "course_lib agent")
            if not answer(f"id name {engine_name}", f"id author {AUTHOR}", "uaiok"):
                return 0
        elif command == "isready":
            if not answer("readyok"):
                return 0
        elif command == "uainewgame":
            agent = None
            try:
                current_agent()
            except Exception as error:              # a spec make_agent refuses
                _log(log, f"could not build the agent: {error}")
                return 2
        elif command == "position":
            try:
                state = parse_position(words)
            except ValueError as error:
                reached = getattr(error, "state", None)
                if reached is not None:
                    state = reached
                    problem = f"{line.strip()[:200]!r}: {error}; the position stops before it"
                else:
                    problem = f"ignored {line.strip()[:200]!r}: {error}"
                if not tell(problem):
                    return 0
        elif command == "go":
            problems: list[str] = []
            limits = parse_go(words, problems)
            for problem in problems:
                if not tell(problem):
                    return 0
            started = time.perf_counter()
            if not state.legal_moves() or state.is_over():
                move, info = PASS, None
            else:
                try:
                    engine = current_agent()
                except Exception as error:
                    _log(log, f"could not build the agent: {error}")
                    return 2
                mine = "b" if state.to_move == FIRST else "w"
                move = safe_choose(
                    engine, state, log,
                    remaining_ms=limits.get(f"{mine}time"),
                    movetime_ms=limits.get("movetime"),
                    inc_ms=limits.get(f"{mine}inc", 0),
                    moves_to_go=limits.get("movestogo"),
                    depth=limits.get("depth"),
                    clock_from_remaining=False)
                info = _info(engine, move, (time.perf_counter() - started) * 1000)
            lines = ([info] if info else []) + [f"bestmove {move.uai()}"]
            if not answer(*lines):
                return 0
        elif command == "quit":
            return 0
        elif command in ("stop", "ponderhit", "debug", "setoption", "register"):
            continue
        else:
            if not tell(f"ignored the unknown command {line.strip()[:200]!r}"):
                return 0


def _uai_command(args: argparse.Namespace) -> int:
    from ..agents.spec import check_agent_spec
    try:
        check_agent_spec(args.spec, State.start())    # a spec that cannot play ATAXX: now
    except ValueError as error:
        print("error: " + " ".join(str(error).split()), file=sys.stderr)
        return 2
    return run_on_stdio(lambda stdin, stdout: serve_uai(args.spec, stdin, stdout,
                                                        log=sys.stderr))


def register(subparsers: Any) -> None:
    """Add ``uai SPEC`` to the ``python -m course_lib`` command line."""
    p = subparsers.add_parser(
        "uai", help="run an agent as a UAI engine (for ATAXX tournament managers)",
        description="Speak UAI on stdin/stdout: uai, isready, uainewgame, position, go "
                    "(btime/wtime/binc/winc/movestogo/movetime/depth), quit. x is 'black' "
                    "(btime), as in libataxx. Logs go to stderr.",
        epilog="example: cutechess-ob -engine cmd=\"python -m course_lib uai "
               "alphabeta:game=60000\" ...")
    p.add_argument("spec", help="the agent, e.g. greedy or alphabeta:game=60000,order=gain")
    p.set_defaults(run=_uai_command)


__all__ = ["parse_go", "parse_position", "register", "serve_uai"]
