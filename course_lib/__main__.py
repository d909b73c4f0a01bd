"""The course's command line: ``python -m course_lib COMMAND ...``.

    python -m course_lib perft --depth 5
    python -m course_lib perft --fen "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1" --depth 4 --json
    python -m course_lib perft --depth 3 --divide --tier reference

``python -m course_lib COMMAND --help`` explains each command.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from typing import NoReturn, Sequence

from .ataxx.perft import MAX_PERFT_DEPTH
from .errors import CourseError


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
    wrong, and where to read more), with exit status 2, instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n")


def _depth(text: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.lstrip("-+").isdigit()) or len(text) > 20:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 0 to {MAX_PERFT_DEPTH}, got {text[:40]!r}")
    value = int(text)
    if not 0 <= value <= MAX_PERFT_DEPTH:
        raise argparse.ArgumentTypeError(
            f"expected a whole number from 0 to {MAX_PERFT_DEPTH} (no game lasts more than "
            f"{MAX_PERFT_DEPTH} turns), got {value}")
    return value


def _perft_command(args: argparse.Namespace) -> int:
    from .ataxx import State, divide, perft

    if args.divide and args.depth < 1:
        raise CourseError("--divide needs --depth 1 or more")
    state = State.from_fen(args.fen)
    if args.tier == "fast":
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

    result: dict = {"fen": state.fen(), "tier": args.tier, "counts": [], "seconds": []}
    if not args.json:
        print(f"perft of {state.fen()} ({args.tier} tier)")
    for depth in range(args.depth + 1):
        started = time.perf_counter()
        nodes = count(depth)
        seconds = time.perf_counter() - started
        result["counts"].append(nodes)
        result["seconds"].append(round(seconds, 6))
        if not args.json:
            print(f"depth {depth}: {nodes:>14,}   {seconds:8.3f} s")
    if args.divide:
        parts = split(args.depth)
        result["divide"] = {move.uai(): nodes for move, nodes in parts}
        if not args.json:
            print(f"divide at depth {args.depth}:")
            for move, nodes in parts:
                print(f"  {move.uai():<5} {move.protocol():<12} {nodes:>12,}")
            print(f"  {len(parts)} moves, {sum(n for _, n in parts):,} in all")
    if args.json:
        print(json.dumps(result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m course_lib",
        description="Game-tree search on ATAXX: command-line tools of the course.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = commands.add_parser(
        "perft", help="count move sequences to a depth (tests a move generator)",
        description="Print perft(d) for d = 0..DEPTH: the number of move sequences of length d. "
                    "A finished game counts 0 at depth >= 1; a forced pass counts as one move.")
    p.add_argument("--fen", default="x5o/7/7/7/7/7/o5x x 0 1",
                   help="position to start from (default: the start position)")
    p.add_argument("--depth", type=_depth, default=5,
                   help=f"deepest depth, 0 to {MAX_PERFT_DEPTH} (default 5; from the start "
                        "position each ply multiplies the count, and the time, by about 30)")
    p.add_argument("--divide", action="store_true",
                   help="also split the count at DEPTH by first move")
    p.add_argument("--tier", choices=("fast", "reference"), default="fast",
                   help="fast: the numba tier (default); reference: the readable tier")
    p.add_argument("--json", action="store_true",
                   help='print one JSON object: {"fen", "tier", "counts", "seconds"[, "divide"]}')
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
]
"""Modules with a ``register(subparsers)`` function that adds a command and sets ``run``."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
