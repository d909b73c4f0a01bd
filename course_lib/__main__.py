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
import sys
import time
from typing import Sequence

from .errors import CourseError


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {value}")
    return value


def _perft_command(args: argparse.Namespace) -> int:
    from .ataxx import State, divide, perft

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
        if args.depth < 1:
            raise CourseError("--divide needs --depth 1 or more")
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
    parser = argparse.ArgumentParser(
        prog="python -m course_lib",
        description="Game-tree search on ATAXX: command-line tools of the course.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = commands.add_parser(
        "perft", help="count move sequences to a depth (tests a move generator)",
        description="Print perft(d) for d = 0..DEPTH: the number of move sequences of length d. "
                    "A finished game counts 0 at depth >= 1; a forced pass counts as one move.")
    p.add_argument("--fen", default="x5o/7/7/7/7/7/o5x x 0 1",
                   help="position to start from (default: the start position)")
    p.add_argument("--depth", type=_non_negative, default=5, help="deepest depth (default 5)")
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
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
