"""``python -m course_lib network``: the value network's data and training, one command each.

    python -m course_lib network data --out DIR --seed 1 --games 20000 [--nodes 5000]
        [--workers N | --scheduler tcp://HOST:8786]
    python -m course_lib network train --data DIR --seed 1 [--hidden 256] [--epochs 10]
        [--positions N] --out PATH
"""

from __future__ import annotations

import argparse
import sys
import time

from .cli import _whole


def _data(args: argparse.Namespace) -> int:
    from .datagen import DataSpec, generate

    spec = DataSpec(seed=args.seed, games=args.games, nodes=args.nodes,
                    opening_plies=(args.opening_low, args.opening_high),
                    max_opening_score=args.max_opening_score, chunk_games=args.chunk_games)
    print(f"data run in {args.out}: {spec.games} games in {spec.chunks} chunks of "
          f"{spec.chunk_games}, {spec.nodes} nodes a move, {spec.opening_plies[0]} to "
          f"{spec.opening_plies[1]} random plies (openings scored within "
          f"{spec.max_opening_score}), seed {spec.seed}", flush=True)
    started = time.perf_counter()

    def progress(done: int, total: int, positions: int) -> None:
        seconds = time.perf_counter() - started
        print(f"  chunk {done}/{total}: {positions} positions in {seconds:.0f} s "
              f"({positions / max(seconds, 1e-9):.0f} positions/s)", file=sys.stderr,
              flush=True)

    report = generate(spec, args.out, scheduler=args.scheduler, workers=args.workers,
                      progress=progress)
    print(f"played {report.played} chunks ({report.skipped} already done): "
          f"{report.positions} positions in {report.seconds:.0f} s on {report.workers} "
          f"workers, {report.positions_per_second:.0f} positions/s", flush=True)
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    """Add the ``network`` command and its ``data`` and ``train`` subcommands."""
    p = commands.add_parser(
        "network", help="the value network: make its data (data), train it (train)",
        description="The value network of course_lib.learn.network: 'data' plays self-play "
                    "games on a Dask cluster into a folder of chunks (run it again to go on "
                    "after a stop); 'train' fits the network on them.")
    steps = p.add_subparsers(dest="step", metavar="STEP", required=True)
    d = steps.add_parser(
        "data", help="self-play games of the engine, chunk by chunk, on a Dask cluster",
        description="Play GAMES games of the engine (the n-tuple evaluation) against itself at "
                    "NODES nodes a move, each opened by seeded random plies, and write every "
                    "position (side to move's view, result, search score, move) to OUT in "
                    "chunks as they finish. The same seed gives the same data on any number of "
                    "workers; run again with the same settings, only the missing chunks are "
                    "played.")
    d.add_argument("--out", required=True, metavar="DIR", help="folder of the run's chunks")
    d.add_argument("--seed", type=_whole(0, 2 ** 32 - 1), required=True)
    d.add_argument("--games", type=_whole(1, 10 ** 8), required=True)
    d.add_argument("--nodes", type=_whole(1, 10 ** 9), default=5000,
                   help="engine nodes a move (default 5000)")
    d.add_argument("--opening-low", type=_whole(0, 40), default=8,
                   help="fewest random plies opening a game (default 8)")
    d.add_argument("--opening-high", type=_whole(0, 40), default=12,
                   help="most random plies opening a game (default 12)")
    d.add_argument("--max-opening-score", type=_whole(0, 10 ** 6), default=300,
                   help="draw an opening again while the engine scores it beyond this, in "
                        "hundredths of a stone, for either side (default 300)")
    d.add_argument("--chunk-games", type=_whole(1, 10 ** 6), default=50,
                   help="games a chunk (default 50)")
    where = d.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_whole(1, 4096), default=None,
                       help="processes of the local Dask cluster (default: one per core)")
    where.add_argument("--scheduler", default=None, metavar="ADDRESS",
                       help="a running Dask scheduler (tcp://host:8786) whose workers have "
                            "course_lib installed")
    d.set_defaults(run=_data)


__all__ = ["register"]
