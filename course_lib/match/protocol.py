"""Any course agent as a program that speaks the referee protocol (COURSE_SPEC section 3).

    python -m course_lib agent alphabeta:game=9000,order=gain
    python -m course_lib referee "python -m course_lib agent greedy" \\
                                 "python -m course_lib agent random:seed=1"

The program reads the referee's lines on stdin and answers on stdout:

==========================  ======================  ==========================================
referee -> agent            agent -> referee        what this program does
==========================  ======================  ==========================================
``READY FIRST|SECOND``      ``OK``                  answers at once, then starts a new game
``TURN my_ms opp_ms``       ``MOVE x1 y1 x2 y2``    searches within ``my_ms`` (pass: ``-1`` x4)
``OPP x1 y1 x2 y2 used``    nothing                 plays the opponent's move on its board
``FINISH``                  nothing                 exits with code 0
end of input                nothing                 exits with code 0
==========================  ======================  ==========================================

How the time is spent: ``my_ms`` is the time left on this agent's game clock, and it is the
only clock that counts; whatever its spec, the agent never loses on time. An agent built with
``game=MS`` has its clock set from ``my_ms`` before every move (its own formula then shares the
time across the moves still to come); an agent with a time per move (``time=MS``; ``time_ms``
for MCTS) gets that time but never more than a fair share of ``my_ms`` (``move_share_ms``). An
agent whose spec has no time control gets that fair share anyway, and says so once on stderr
(``clock_rule``): a fixed-depth search runs the search it would run at depth 1, 2, ... up to
its depth and plays the move of the deepest one that finished within the share (with time
enough, the very move of its fixed-depth search), and MCTS stops at its number of iterations
or at the share, whichever comes first. Random and greedy need no limit. A small
margin is kept for the pipe and the process. The agent is built after the first ``OK`` is
sent, on a thread of its own, and if it has a ``warm_up()`` method (to compile numba code,
say) that is called then too: READY is always answered at once. The first TURN waits for
the agent, and the time it waited is taken off the clock the TURN gives.

The move an agent sends is sent as it is: a clone written with a source other than the
canonical one is legal (any friendly stone next to the destination will do) and goes out as
written.

Being a good citizen: the program prints nothing but its answers, one line each, flushed at once.
Anything the agent's own code prints goes to stderr, where the log goes too. A line it does not
understand (an unknown command, a malformed TURN or OPP) is logged to stderr and ignored: only
the referee decides that a game is lost, so the agent plays on. If it ever finds itself out of
step with the referee (asked to move when its board says the opponent is to move), it infers the
opponent's forced pass when that is the only explanation, and otherwise answers a pass, which
the referee will reject with a clear reason. An exception inside the agent is logged and the
first legal move is played instead: the program does not crash.

The start position is the standard one, or the FEN given with ``--fen``, or else the FEN in the
environment variable ``ATAXX_START_FEN``, which the course's referee sets for its agents (an
extension of the protocol, which has no way to say where a game starts).

>>> import io
>>> from course_lib.agents import GreedyAgent
>>> out = io.StringIO()
>>> serve(GreedyAgent(), io.StringIO("READY FIRST\\nTURN 10000 10000\\nFINISH\\n"), out)
0
>>> out.getvalue()
'OK\\nMOVE 1 1 1 2\\n'
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import threading
import time
import traceback
from typing import Any, Callable, TextIO

from ..agents.base import as_agent
from ..agents.players import expected_moves_left
from ..agents.search import MAX_DEPTH
from ..ataxx import FIRST, MAX_TURNS, PASS, SECOND, Move, State
from ..checks import MAX_MOVES_TO_GO, MAX_MS, number, read_number, whole
from ..errors import GameOverError
from .play import is_legal

START_FEN_VARIABLE = "ATAXX_START_FEN"
"""Environment variable with the FEN a game starts from; the course's referee sets it."""

MARGIN_MS = 25.0
"""Time kept back on every move for the pipe, the process and the search's overshoot ..."""
MARGIN_FRACTION = 0.02
"""... plus this fraction of the time left."""
MOVE_RESERVE_MS = 2.0
"""Kept back from the clock for each move the agent may still have to make before the 400-turn
cap, since even its quickest move (one MCTS iteration, a depth-1 search, the pipe) costs about
a millisecond. Without it, a long endgame of jumps (which fill no square, so the clock expects
few moves) could spend the clock before the end."""


# --- Spending the time ------------------------------------------------------------------------


def usable_ms(remaining_ms: float) -> float:
    """What may be spent of ``remaining_ms``: the time left minus the safety margin.

    >>> usable_ms(10_000)
    9775.0
    """
    return max(0.0, remaining_ms - MARGIN_MS - MARGIN_FRACTION * remaining_ms)


def move_share_ms(remaining_ms: float, empty_squares: int = 45, inc_ms: float = 0.0,
                  moves_to_go: int | None = None) -> float:
    """A fair share of the clock for one move: the usable time divided by the moves still to
    come (``moves_to_go``, or estimated from the empty squares as the course's GameClock does),
    never more than a quarter of it, plus most of the increment; never more than half the time.

    >>> round(move_share_ms(10_000, empty_squares=45))
    383
    """
    usable = usable_ms(remaining_ms)
    moves_left = moves_to_go if moves_to_go else expected_moves_left(empty_squares)
    share = min(usable / max(1, moves_left), usable / 4)
    return max(0.0, min(share + 0.75 * inc_ms, usable / 2))


PER_MOVE_ATTRIBUTES = ("move_ms", "time_ms")
"""Attributes holding an agent's time per move: ``move_ms`` (SearchAgent with ``time=``) and
``time_ms`` (the MCTS agents)."""


def _untimed_kind(agent: Any) -> str | None:
    """How an agent without a time control of its own is held to a budget: ``'mcts'`` (an MCTS
    agent: its ``time_ms`` is set, its iterations stay) or ``'per-depth'`` (a fixed-depth
    SearchAgent, any algorithm, either tier: its own search at depth 1, 2, ... until the
    budget is spent); None for an agent with a clock or a time per move, or one that has no
    budget to cut (random, greedy, a function)."""
    if getattr(agent, "clock", None) is not None:
        return None
    if any(getattr(agent, name, None) is not None for name in PER_MOVE_ATTRIBUTES):
        return None
    if hasattr(agent, "time_ms") and hasattr(agent, "iterations") and hasattr(agent, "final"):
        return "mcts"
    if hasattr(agent, "move_ms") and hasattr(agent, "depth") and hasattr(agent, "algorithm"):
        return "per-depth"
    return None


def clock_rule(agent: Any) -> str | None:
    """The sentence the protocol agent logs (once) when ``agent`` has no time control of its own
    and the game clock will bound its search; None when its own time control counts, or when
    it needs no bound (random, greedy).

    >>> from course_lib.agents import make_agent
    >>> print(clock_rule(make_agent("greedy")))
    None
    >>> clock_rule(make_agent("alphabeta:game=9000")) is None
    True
    >>> print(clock_rule(make_agent("mcts:seed=1")))       # doctest: +NORMALIZE_WHITESPACE
    mcts:seed=1 has no time control (no time= or game= key), so each move gets a fair share of
    the game clock: the search stops at 1000 iterations or when the share is spent, whichever
    comes first, and plays its best move so far
    """
    kind = _untimed_kind(agent)
    if kind is None:
        return None
    name = getattr(agent, "name", type(agent).__name__)
    head = (f"{name} has no time control (no time= or game= key), so each move gets a fair "
            "share of the game clock: ")
    if kind == "mcts":
        return head + (f"the search stops at {agent.iterations} iterations or when the share "
                       "is spent, whichever comes first, and plays its best move so far")
    return head + (f"it searches depth 1, 2, ... up to depth {agent.depth} and plays the move "
                   "of the deepest search that finished within the share (with time enough, "
                   f"the move of its depth-{agent.depth} search)")


def _one_depth(agent: Any, state: Any, depth: int, deadline: float | None) -> Any:
    """The search a fixed-depth SearchAgent makes at ``depth`` (its algorithm, evaluation,
    ordering, killers, history and table, in its tier), abandoned at ``deadline``: its
    SearchResult, or None when it was abandoned."""
    if getattr(agent, "tier", "reference") == "fast":
        from ..agents.fast_search import _Search
        search = _Search(state, agent.order, agent.killers, agent.history, 0, agent.evaluation,
                         agent.table, depth + 1)
        timer = None
        if deadline is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            timer = threading.Timer(left, search.stop)
            timer.daemon = True
            timer.start()
        try:
            return search.run(depth, None)
        finally:
            if timer is not None:
                timer.cancel()
    from ..agents.search import OutOfTime, Searcher
    searcher = Searcher(agent.algorithm, agent.evaluation, agent.order, agent.killers,
                        agent.history, agent.table, deadline=deadline)
    try:
        return searcher.run(state, depth)
    except OutOfTime:
        return None


def _per_depth_within(agent: Any, state: Any, budget_ms: float) -> Any:
    """A fixed-depth SearchAgent's own search at depth 1, 2, ... up to ``agent.depth`` (each one
    the search it makes at that depth, so that with time enough the move is the one its
    fixed-depth search plays): an iteration not expected to finish within ``budget_ms`` is not
    started, one still running when it is spent is abandoned, and the move of the deepest
    finished one is played (depth 1 always finishes)."""
    from ..agents.players import next_iteration_fits

    started = time.perf_counter()
    seconds = max(0.0, budget_ms) / 1000
    finished: list[float] = []
    result = None
    for depth in range(1, agent.depth + 1):
        found = _one_depth(agent, state, depth, None if depth == 1 else started + seconds)
        if found is None:
            break
        result = found
        finished.append(time.perf_counter() - started)
        if depth < agent.depth and not next_iteration_fits(finished, seconds):
            break
    agent.last_result = result
    return result.move


def _reserve(state: Any) -> float:
    """``MOVE_RESERVE_MS`` for each move the player to move may still have to make before the
    400-turn cap."""
    turns_left = max(0, MAX_TURNS - getattr(state, "turns", 0))
    return MOVE_RESERVE_MS * ((turns_left + 1) // 2)


def _share(state: Any, remaining_ms: float, inc_ms: float, moves_to_go: int | None) -> float:
    """``move_share_ms`` of the time left less ``_reserve(state)``."""
    return move_share_ms(max(0.0, remaining_ms - _reserve(state)),
                         getattr(state, "empty_squares", 45), inc_ms, moves_to_go)


def choose_with_time(agent: Any, state: Any, remaining_ms: float | None = None,
                     movetime_ms: float | None = None, inc_ms: float = 0.0,
                     moves_to_go: int | None = None, depth: int | None = None,
                     clock_from_remaining: bool = True, bound_untimed: bool = False) -> Any:
    """Ask ``agent`` for a move in ``state`` within the given time, however it measures time.

    - ``movetime_ms``: spend about that much on this move (timed agents only).
    - ``remaining_ms``: the time left on the game clock. An agent with a game clock
      (``clock``, a GameClock) has it set from this, less the margin and the reserve below
      (``clock_from_remaining``, and no increment or moves-to-go to account for); an agent with a time per move (``move_ms`` or
      ``time_ms``) gets ``min(its time, share)``; a clock agent that must account for an
      increment gets the share as a time per move. The share is ``move_share_ms(...)`` of the
      time left less ``MOVE_RESERVE_MS`` for each move the player may still have to make
      before the 400-turn cap.
    - ``depth``: the deepest search (for an agent with a ``depth``); with no time given it
      turns a timed SearchAgent into a fixed-depth one for this move.
    - ``bound_untimed``: an agent with no time control of its own (fixed-depth searches, MCTS
      with a number of iterations) gets ``movetime_ms`` or the share too, as ``clock_rule``
      says; without it such agents just search, as do random and greedy.

    An MCTS agent with ``final='both'``, which may search on up to ``both_cap`` times its
    budget, gets the budget divided by ``both_cap``. The agent's settings are put back
    afterwards (its clock keeps the time it counted). Times are numbers of ms from 0 to
    ``MAX_MS``.
    """
    for name, value in (("remaining_ms", remaining_ms), ("movetime_ms", movetime_ms),
                        ("inc_ms", inc_ms)):
        if value is not None:
            number(value, name, 0, MAX_MS, "ms")
    whole(moves_to_go, "moves_to_go", 1, MAX_MOVES_TO_GO, optional=True)
    whole(depth, "depth", 1, MAX_DEPTH, optional=True)
    saved = {name: getattr(agent, name)
             for name in ("clock", "depth") + PER_MOVE_ATTRIBUTES if hasattr(agent, name)}
    clock = saved.get("clock")
    per_move = next((name for name in PER_MOVE_ATTRIBUTES if saved.get(name) is not None), None)
    untimed = _untimed_kind(agent) if bound_untimed else None
    # Where a time per move can be forced: the agent's own, or SearchAgent's move_ms, or the
    # time_ms of an MCTS agent that has none.
    target = per_move or ("move_ms" if "move_ms" in saved else
                          "time_ms" if untimed == "mcts" else None)
    stretch = float(getattr(agent, "both_cap", 1.0)) if getattr(agent, "final", "") == "both" \
        else 1.0

    def force(budget_ms: float | None) -> None:
        if target is None:
            return
        if clock is not None:
            agent.clock = None
        setattr(agent, target, None if budget_ms is None else max(1, int(budget_ms / stretch)))

    try:
        if depth is not None and "depth" in saved:
            agent.depth = depth
        if clock is not None or per_move is not None:
            if movetime_ms is not None:
                force(movetime_ms - MARGIN_MS)
            elif remaining_ms is not None:
                if clock is not None and (target is None or (
                        clock_from_remaining and not inc_ms and not moves_to_go)):
                    clock.used_ms = clock.total_ms - max(
                        0.0, usable_ms(remaining_ms) - _reserve(state))
                else:
                    share = _share(state, remaining_ms, inc_ms, moves_to_go)
                    if per_move is not None:
                        share = min(share, saved[per_move] * stretch)
                    force(share)
            elif depth is not None and target == "move_ms":
                force(None)
        elif untimed is not None and (movetime_ms is not None or remaining_ms is not None):
            budget = (movetime_ms - MARGIN_MS if movetime_ms is not None
                      else _share(state, remaining_ms, inc_ms, moves_to_go))
            if untimed == "per-depth":
                return _per_depth_within(agent, state, budget)
            # A fraction of a ms is allowed here: MCTS then runs a single iteration.
            setattr(agent, target, max(0.1, budget / stretch))
        return agent.choose_move(state)
    finally:
        for name, value in saved.items():
            setattr(agent, name, value)


def _fallback_move(state: Any) -> Any:
    moves = state.legal_moves()
    return moves[0] if moves else PASS


def safe_choose(agent: Any, state: Any, log: TextIO, **limits: Any) -> Any:
    """``choose_with_time``, but anything the agent prints goes to ``log``, and an exception
    or a move that is not legal is logged and replaced by the first legal move. A legal move
    is returned as the agent wrote it (see ``is_legal``)."""
    try:
        with contextlib.redirect_stdout(log):
            move = choose_with_time(agent, state, **limits)
    except Exception:                                   # the program must not crash
        _log(log, "the agent raised an exception; playing the first legal move instead:\n"
             + traceback.format_exc())
        return _fallback_move(state)
    if not is_legal(state, move):
        _log(log, f"the agent chose {move!r}, which is not legal here; playing the first "
                  "legal move instead")
        return _fallback_move(state)
    return move


def _log(log: TextIO | None, message: str) -> None:
    if log is None:
        return
    try:
        log.write(f"[course_lib agent] {message.rstrip()}\n")
        log.flush()
    except (OSError, ValueError):
        pass


def _clock_ms(text: str) -> float:
    """The time left in a TURN line: a number of ms from 0 to ``MAX_MS``, else ValueError."""
    return read_number(text, 0, MAX_MS, "ms")


def _build(factory: Callable[[], Any] | None, log: TextIO) -> Any:
    try:
        return as_agent(factory())
    except Exception as error:                          # e.g. a spec make_agent refuses
        _log(log, f"could not build the agent: {error}")
        return None


def _warm_up(agent: Any, log: TextIO) -> None:
    """Call the agent's ``warm_up()`` if it has one (e.g. to compile numba code): after OK,
    so that the compiling overlaps the opponent's first move instead of delaying READY."""
    warm_up = getattr(agent, "warm_up", None)
    if callable(warm_up):
        try:
            with contextlib.redirect_stdout(log):
                warm_up()
        except Exception as error:
            _log(log, f"warm_up() failed: {error}")


class _Loader:
    """Builds the agent of ``factory`` and warms it up on a thread of its own, so that the
    program reads the referee's lines meanwhile (and knows when the first TURN came)."""

    def __init__(self, factory: Callable[[], Any], log: TextIO) -> None:
        self.agent: Any = None
        self.thread = threading.Thread(target=self._load, args=(factory, log), daemon=True)
        self.thread.start()

    def _load(self, factory: Callable[[], Any], log: TextIO) -> None:
        agent = _build(factory, log)
        if agent is not None:
            _warm_up(agent, log)
        self.agent = agent

    def result(self) -> Any:
        """The agent, once built and warmed up (None if it could not be built)."""
        self.thread.join()
        return self.agent


# --- The protocol loop ------------------------------------------------------------------------


def serve(agent: Any, stdin: TextIO, stdout: TextIO, *, start: Any = None,
          log: TextIO | None = None) -> int:
    """Speak the referee protocol for ``agent`` on ``stdin`` / ``stdout`` until ``FINISH`` or
    the end of the input; return the exit code (0).

    ``agent`` is an agent (anything with ``choose_move``), a function ``state -> move``, or a
    spec string such as ``'alphabeta:game=9000'``, which is built only after the first ``OK``
    has been sent (building or warming up an agent never delays the answer to ``READY``).
    ``start`` is the position games start from (a State or a FEN; default the start position).
    ``log`` receives the diagnostics (default ``sys.stderr``; the answers go only to
    ``stdout``).
    """
    log = sys.stderr if log is None else log
    factory: Callable[[], Any] | None = None
    if isinstance(agent, str):
        spec = agent
        from ..agents import make_agent

        def factory() -> Any:
            return make_agent(spec)
        agent = None
    else:
        agent = as_agent(agent)
    initial = State.of(start)
    state = initial
    me: int | None = None
    told_rule = False                                   # the clock rule is logged once
    loader: _Loader | None = None                       # building the agent after the first OK

    def answer(text: str) -> bool:
        try:
            stdout.write(text + "\n")
            stdout.flush()
        except (BrokenPipeError, OSError, ValueError):
            _log(log, "the referee closed the output; stopping")
            return False
        return True

    while True:
        try:
            line = stdin.readline()
        except (OSError, ValueError):
            line = ""
        if not line:                                    # end of input: the referee is gone
            return 0
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "READY":
            if len(words) != 2 or words[1] not in ("FIRST", "SECOND"):
                _log(log, f"ignored {line.strip()!r}: expected READY FIRST or READY SECOND")
                continue
            if not answer("OK"):
                return 0
            me = FIRST if words[1] == "FIRST" else SECOND
            state = initial
            if agent is None and loader is None:
                loader = _Loader(factory, log)          # the lines are read meanwhile
            elif loader is None:                        # (while loading: the agent is new)
                if hasattr(agent, "reset"):
                    try:
                        agent.reset()                   # a new game: fresh tables and clock
                    except Exception as error:
                        _log(log, f"reset() failed: {error}")
                _warm_up(agent, log)
        elif command == "TURN":
            arrived = time.perf_counter()
            if loader is not None:              # the first TURN waits for the agent, and the
                agent = loader.result()         # wait counts against its clock
                loader = None
                if agent is None:
                    return 2
            if agent is None:                           # TURN without READY: be lenient
                agent = _build(factory, log)
                if agent is None:
                    return 2
            if me is None:
                me = state.to_move
                _log(log, f"TURN before READY: playing {'FIRST' if me == FIRST else 'SECOND'}")
            my_ms = None
            try:
                my_ms = _clock_ms(words[1]) if len(words) > 1 else None
            except ValueError as error:
                _log(log, f"TURN: the time left {error}; the agent's own clock counts")
            if my_ms is not None:
                my_ms = max(0.0, my_ms - (time.perf_counter() - arrived) * 1000)
            if my_ms is None and len(words) == 1:
                _log(log, f"TURN without a time in {line.strip()!r}: the agent's own clock counts")
            if state.to_move != me and state.legal_moves() == [PASS]:
                _log(log, "asked to move on the opponent's turn; the opponent must have passed")
                state = state.apply(PASS)
            if state.to_move != me or not state.legal_moves():
                _log(log, f"out of step with the referee (board {state.fen()!r}, playing "
                          f"{'FIRST' if me == FIRST else 'SECOND'}); answering a pass")
                move = PASS
            else:
                if my_ms is not None and not told_rule:
                    rule = clock_rule(agent)
                    if rule is not None:
                        _log(log, rule)
                    told_rule = True
                move = safe_choose(agent, state, log, remaining_ms=my_ms, bound_untimed=True)
            if not answer(f"MOVE {move.protocol()}"):
                return 0
            if is_legal(state, move):
                state = state.play(move)
        elif command == "OPP":
            if len(words) not in (5, 6):
                _log(log, f"ignored {line.strip()!r}: expected OPP x1 y1 x2 y2 used_ms")
                continue
            try:
                move = Move(*(int(word) for word in words[1:5]))
                state = state.play(move)
            except ValueError as error:
                _log(log, f"could not play the opponent's move {line.strip()!r}: {error}")
        elif command == "FINISH":
            return 0
        else:
            _log(log, f"ignored the unknown line {line.strip()[:200]!r}")


# --- The command ------------------------------------------------------------------------------


def _agent_command(args: argparse.Namespace) -> int:
    from ..agents.spec import check_agent_spec
    try:
        start = State.from_fen(args.fen) if args.fen else None
        if start is not None and start.is_over():
            raise GameOverError(f"--fen {start.fen()}: the game is over in this position "
                                f"({start.outcome_reason()}); give one with a move to play")
        if start is None and os.environ.get(START_FEN_VARIABLE):
            start = State.from_fen(os.environ[START_FEN_VARIABLE])
        # A spec that cannot be read, or an evaluation that does not fit ATAXX, fails now;
        # the agent is built after the first OK (building may load weights and compiled
        # code, seconds on a busy machine: READY must be answered within the referee's
        # deadline), and options that do not go together fail then, with exit code 2.
        check_agent_spec(args.spec, start or State.start(), build=False)
    except ValueError as error:
        print("error: " + " ".join(str(error).split()), file=sys.stderr)
        return 2
    return run_on_stdio(lambda stdin, stdout: serve(args.spec, stdin, stdout, start=start,
                                                    log=sys.stderr))


def run_on_stdio(serve_function: Callable[[TextIO, TextIO], int]) -> int:
    """Run ``serve_function(stdin, stdout)`` on the process's standard streams, with
    ``print`` sent to stderr meanwhile (stray prints never reach the other program), and
    without complaints at exit if the other program has closed the pipe."""
    stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    stdout = sys.stdout
    sys.stdout = sys.stderr
    try:
        code = serve_function(stdin, stdout)
    finally:
        sys.stdout = stdout
    try:
        stdout.flush()
    except (BrokenPipeError, OSError, ValueError):
        # The other side is gone: stop Python from complaining about the flush at exit.
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stdout.fileno())
    return code


def register(subparsers: Any) -> None:
    """Add ``agent SPEC [--fen FEN]`` to the ``python -m course_lib`` command line."""
    p = subparsers.add_parser(
        "agent", help="run an agent as a program that speaks the referee protocol",
        description="Read the referee's lines (READY, TURN, OPP, FINISH) on stdin and answer "
                    "on stdout (OK, MOVE x1 y1 x2 y2). The game clock in each TURN is the one "
                    "that counts: game=MS agents set their clock from it, time=MS agents never "
                    "take more than a fair share of it, and a spec with no time control gets "
                    "that share too (fixed-depth searches deepen up to their depth within it, "
                    "MCTS stops at its iterations or at the share; the agent says so once on "
                    "stderr). Logs go to stderr.",
        epilog="example: python -m course_lib referee "
               "\"python -m course_lib agent alphabeta:game=9000\" "
               "\"python -m course_lib agent greedy\"")
    p.add_argument("spec", help="the agent, e.g. greedy, random:seed=3, alphabeta:game=9000,"
                                "order=gain (see the agents' keys in course_lib.agents)")
    p.add_argument("--fen", default=None,
                   help=f"the position games start from (default: ${START_FEN_VARIABLE} if "
                        "set, which the course's referee sets, else the start position)")
    p.set_defaults(run=_agent_command)


__all__ = ["MARGIN_MS", "START_FEN_VARIABLE", "choose_with_time", "clock_rule",
           "move_share_ms", "register", "safe_choose", "serve", "usable_ms"]
