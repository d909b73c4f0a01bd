"""The course's command line: ``python -m course_lib COMMAND ...``.

    python -m course_lib perft --depth 5
    python -m course_lib perft --fen "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1" --depth 4 --json
    python -m course_lib perft --depth 3 --divide --tier reference
    python -m course_lib perft --game othello --depth 6 --json
    python -m course_lib search --game othello alphabeta:depth=5,eval=research

``python -m course_lib COMMAND --help`` explains each command.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
import time
from typing import Any, Callable, NoReturn, Sequence

from . import __version__
from .ataxx.perft import MAX_PERFT_DEPTH
from .checks import arg_whole, describe
from .errors import CourseError
from .games.othello import MAX_PLIES as OTHELLO_MAX_PLIES
from .interrupt import watch_interrupts

START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"


def one_line(text: str, limit: int = 2000) -> str:
    """An error message as the one line a command prints: line breaks and runs of spaces
    become one space, and a message longer than ``limit`` characters is cut.

    >>> one_line("no such agent;\n  the agents are: random, greedy")
    'no such agent; the agents are: random, greedy'
    """
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + " ..."


class OneLineParser(argparse.ArgumentParser):
    """An argument parser that reports a bad command line in one line on stderr (what was
    wrong, and where to read more), with exit status 2, instead of the usage block.

    A value that starts with a minus and reads as a number (``-1``, ``-1,0,0,0,0``, ``-inf``)
    is a value, not an unknown option, so that its own check says what is wrong with it.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"^-(\d|\.\d|inf|nan)", re.IGNORECASE)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


class Interrupted(KeyboardInterrupt):
    """Ctrl-C, with a sentence saying what was finished before it (the command prints it)."""


TICTACTOE_MAX_PLIES = 9

_depth = arg_whole(0, MAX_PERFT_DEPTH,
                   why=f"an ATAXX game lasts at most {MAX_PERFT_DEPTH} turns, Othello "
                       f"{OTHELLO_MAX_PLIES} plies, tic-tac-toe {TICTACTOE_MAX_PLIES}")


def _perft_command(args: argparse.Namespace) -> int:
    if args.game != "ataxx":
        return _game_perft_command(args)
    from .ataxx import State, divide, perft

    if args.divide and args.depth < 1:
        raise CourseError("--divide needs --depth 1 or more")
    state = State.from_fen(args.position if args.position is not None else START_FEN)
    if args.divide and state.is_over():
        raise CourseError(f"--divide needs a position with a move to play; in this one the game "
                          f"is over ({state.outcome_reason()}), and perft counts it as 0 at "
                          "depth >= 1")
    tier = args.tier or "fast"
    if tier == "fast":
        from .ataxx import fast
        position = fast.to_fast(state)

        def count(depth: int) -> int:
            return fast.perft(position, depth, bulk=True)

        def split(depth: int) -> list:
            return fast.divide(state, depth)
    else:
        def count(depth: int) -> int:
            return perft(state, depth)

        def split(depth: int) -> list:
            return divide(state, depth)

    return _report_perft(
        args, {"fen": state.fen(), "tier": tier}, f"perft of {state.fen()} ({tier} tier)", count,
        lambda: [(move.uai(), move.protocol(), nodes) for move, nodes in split(args.depth)])


def _report_perft(args: argparse.Namespace, result: dict, header: str,
                  count: Callable[[int], int],
                  split: Callable[[], list[tuple[str, str, int]]]) -> int:
    """Count perft(0..args.depth) with ``count`` and, with --divide, split the last count with
    ``split`` (rows of move name, another way to write it or "", count); print them as text
    under ``header`` or as one JSON object that extends ``result``."""
    result.update(counts=[], seconds=[])
    if not args.json:
        print(header, flush=True)
    for depth in range(args.depth + 1):
        started = time.perf_counter()
        try:
            nodes = count(depth)
        except KeyboardInterrupt:
            if args.json:
                print(json.dumps({**result, "interrupted_at_depth": depth}))
            raise Interrupted(f"perft stopped during depth {depth}" + (
                f"; depths 0 to {depth - 1} are finished (above)" if depth else "")) from None
        seconds = time.perf_counter() - started
        result["counts"].append(nodes)
        result["seconds"].append(round(seconds, 6))
        if not args.json:
            print(f"depth {depth}: {nodes:>14,}   {seconds:8.3f} s", flush=True)
    if args.divide:
        parts = split()
        result["divide"] = {name: nodes for name, _, nodes in parts}
        if not args.json:
            print(f"divide at depth {args.depth}:")
            for name, other, nodes in parts:
                print(f"  {name:<5} " + (f"{other:<12} " if other else "") + f"{nodes:>12,}")
            print(f"  {len(parts)} moves, {sum(n for _, _, n in parts):,} in all")
    if args.json:
        print(json.dumps(result))
    return 0


def _tictactoe_perft(state: Any, depth: int) -> int:
    """Move sequences of exactly ``depth`` plies (a finished game counts 0 at depth >= 1)."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(_tictactoe_perft(state.apply(move), depth - 1) for move in moves)


def _game_perft_command(args: argparse.Namespace) -> int:
    """perft of Othello (both tiers) and tic-tac-toe (the readable tier only)."""
    from .search_cli import game_named, read_position

    if args.game == "gomoku":
        raise CourseError(
            "perft is not offered for Gomoku: every empty point is a move, so the count is "
            "only a product (225 x 224 x 223 = 11,239,200 at depth 3 from the empty board, "
            "minutes in pure Python) and tests nothing that Gomoku's own tests do not; "
            "perft knows ataxx, othello and tictactoe")
    game = game_named(args.game)
    limit = OTHELLO_MAX_PLIES if args.game == "othello" else TICTACTOE_MAX_PLIES
    if args.depth > limit:
        why = ("at most 60 discs are placed and a pass is always followed by a disc, so no "
               "game lasts more than 120 plies" if args.game == "othello"
               else "a game has at most 9 moves")
        raise CourseError(f"--depth for {game.title} goes from 0 to {limit} ({why}), "
                          f"got {args.depth}")
    if args.divide and args.depth < 1:
        raise CourseError("--divide needs --depth 1 or more")
    state = read_position(game, args.position)
    if args.game == "othello":
        from .games.othello import perft as othello_perft
        from .games.othello_fast import fast_perft
        tier = args.tier or "fast"
        count: Callable[[Any, int], int] = fast_perft if tier == "fast" else othello_perft
        convention = ("a pass counts as a move, and a game over before DEPTH plies counts "
                      "once where it ends")
    else:
        if args.tier == "fast":
            raise CourseError("tic-tac-toe has only the readable tier: leave out --tier or "
                              "give --tier reference")
        tier = "reference"
        count = _tictactoe_perft
        convention = "a finished game counts 0 at depth >= 1"
    if args.divide and not state.legal_moves():
        raise CourseError(f"--divide needs a position with a move to play; in this one the "
                          f"game is over, and perft counts it as {count(state, args.depth)} "
                          f"({convention})")

    text = game.text(state)
    return _report_perft(
        args, {"game": game.name, "position": text, "tier": tier},
        f"perft of {game.title} {text} ({tier} tier; {convention})",
        lambda depth: count(state, depth),
        lambda: [(game.move_text(move), "", count(state.apply(move), args.depth - 1))
                 for move in state.legal_moves()])


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m course_lib",
        description="Game-tree search on ATAXX (and Othello, Gomoku, tic-tac-toe): "
                    "command-line tools of the course.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    parser.commands = commands                              # type: ignore[attr-defined]

    p = commands.add_parser(
        "perft", help="count move sequences to a depth (tests a move generator)",
        description="Print perft(d) for d = 0..DEPTH: the number of move sequences of length d. "
                    "ATAXX and tic-tac-toe: a finished game counts 0 at depth >= 1; a forced "
                    "pass counts as one move. Othello (the convention of its published counts): "
                    "a pass counts as a move, and a game over before d plies counts once where "
                    "it ends.")
    p.add_argument("--game", choices=("ataxx", "othello", "tictactoe", "gomoku"),
                   default="ataxx",
                   help="the game (default ataxx); gomoku is refused: every empty point is a "
                        "move, so its count is only a product and tests nothing")
    p.add_argument("--fen", "--position", dest="position", default=None, metavar="TEXT",
                   help="position to start from, in the game's text form (default: the start "
                        "position). --fen and --position are the same option, for every game. "
                        "ATAXX: its FEN; othello: 8 rows of x, o, . from row 1 down, separated "
                        "by /, a space and the side to move x or o; tictactoe: 9 squares X, O, "
                        ". as X.O/.X./...")
    p.add_argument("--depth", type=_depth, default=5,
                   help=f"deepest depth (default 5): ATAXX 0 to {MAX_PERFT_DEPTH} (from the "
                        "start position each ply multiplies the count, and the time, by about "
                        f"30); othello 0 to {OTHELLO_MAX_PLIES} (60 discs, each pass followed "
                        f"by a disc); tictactoe 0 to {TICTACTOE_MAX_PLIES}")
    p.add_argument("--divide", action="store_true",
                   help="also split the count at DEPTH by first move (moves by name; an "
                        "Othello pass 'pass')")
    p.add_argument("--tier", choices=("fast", "reference"), default=None,
                   help="fast: the numba tier (the default for ataxx and othello); reference: "
                        "the readable tier (tictactoe has only this one)")
    p.add_argument("--json", action="store_true",
                   help='print one JSON object: ATAXX {"fen", "tier", "counts", "seconds"'
                        '[, "divide"]}; othello and tictactoe {"game", "position", "tier", '
                        '"counts", "seconds"[, "divide"]}; counts[d] = perft(d), divide maps '
                        'each first move to its count')
    p.set_defaults(run=_perft_command)

    # Each further command lives beside the code it runs and adds its own parser here.
    for module_name in COMMAND_MODULES:
        module = importlib.import_module(module_name)
        module.register(commands)
    return parser


COMMAND_MODULES: list[str] = [
    "course_lib.match.protocol",     # agent SPEC: a course agent as a referee-protocol program
    "course_lib.match.referee",      # referee CMD1 CMD2: one game between two programs
    "course_lib.match.uai",          # uai SPEC: a course agent speaking UAI
    "course_lib.strength_cli",       # elo: Elo, interval, LOS and SPRT from game counts
    "course_lib.match.sprt_cli",     # sprt SPEC_A SPEC_B: play games until the SPRT decides
    "course_lib.match.ladder_cli",   # ladder: one SPRT per engine technique, on a Dask cluster
    "course_lib.search_cli",         # search [--game G] [--position TEXT] SPEC: one search
    "course_lib.learn.cli",          # learn --seed N: self-play, training, learned weights
]
"""Modules with a ``register(subparsers)`` function that adds a command and sets ``run``."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m course_lib ARGV``; return the exit status: 0, 2 for a command line or
    an input that is refused (one line on stderr), 130 after Ctrl-C (one line on stderr,
    saying what was finished; no child process is left)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    command = argv[0] if argv else ""
    try:
        with watch_interrupts():
            return _run(argv)
    except KeyboardInterrupt as stop:
        print(f"python -m course_lib {command}: interrupted (Ctrl-C)"
              + (f"; {one_line(str(stop))}" if str(stop) else ""), file=sys.stderr)
        return 130


def _run(argv: list[str]) -> int:
    parser = build_parser()
    commands = parser.commands.choices                      # type: ignore[attr-defined]
    if not argv or (argv[0] not in commands and argv[0] not in ("-h", "--help", "--version")):
        given = f"got {describe(argv[0])}" if argv else "got none"
        parser.error(f"expected a command: {', '.join(commands)} ({given})")
    args, extras = parser.parse_known_args(argv)
    if extras:
        commands[args.command].error(f"unrecognized arguments: {' '.join(extras)}")
    try:
        return args.run(args)
    except CourseError as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader of our output went away (as `... | head` does): stop quietly, and keep
        # Python from complaining again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
