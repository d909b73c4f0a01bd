"""``python -m course_lib network``: the networks' data and training, one command each.

    python -m course_lib network data --out DIR --seed 1 --games 12000 [--nodes 5000]
        [--workers N | --scheduler tcp://HOST:8786]
    python -m course_lib network train --data DIR --seed 1 [--hidden 256] [--epochs 10]
        [--chunks N] --out PATH
    python -m course_lib network policy --data DIR --seed 1 [--epochs 6] --out PATH
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from ..checks import MAX_NODES, arg_number, arg_whole
from ..errors import CourseError
from .cli import _checked_path, _share
from .selfplay import MAX_WORKERS


def _count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1: ``_count(1, "worker")`` is "1 worker"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _data(args: argparse.Namespace) -> int:
    from .datagen import DataSpec, generate

    spec = DataSpec(seed=args.seed, games=args.games, nodes=args.nodes,
                    opening_plies=(args.opening_low, args.opening_high),
                    max_opening_score=args.max_opening_score, chunk_games=args.chunk_games)
    print(f"data run in {args.out}: {spec.games} games in {_count(spec.chunks, 'chunk')} of "
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
          f"{report.positions} positions in {report.seconds:.0f} s on "
          f"{_count(report.workers, 'worker')}, {report.positions_per_second:.0f} positions/s",
          flush=True)
    if args.record:
        import json
        runs = json.loads(open(args.record).read()) if os.path.exists(args.record) else []
        runs.append(report.record(spec, args.out))
        with open(args.record, "w") as handle:
            handle.write(json.dumps(runs, indent=1) + "\n")
        print(f"appended the run to {args.record}")
    return 0


def _read_records(args: argparse.Namespace) -> Any:
    """The positions of the data run ``args.data`` (its first ``args.chunks`` chunks), said."""
    from .datagen import load_data

    records = load_data(args.data, args.chunks)
    print(f"read {len(records)} positions ({len(set(records.game.tolist()))} games) from "
          f"{args.data}", flush=True)
    return records


def _save(save: Any, out: str, what: str, network: Any) -> None:
    """Write ``network`` with ``save`` to ``out``; a failure is said in words."""
    try:
        save(out, network)
    except OSError as error:
        raise CourseError(f"cannot write the {what} to {out}: {error.strerror or error}") \
            from None


def _train(args: argparse.Namespace) -> int:
    from .network import save_network
    from .network_train import train_network

    out = _checked_path("--out", args.out, {"packed", "win_scale"}, "value networks",
                        "the specs' eval=network,weights=PATH reads it")
    records = _read_records(args)
    run = train_network(records, hidden=args.hidden, epochs=args.epochs, seed=args.seed,
                        batch=args.batch, learning_rate=args.lr, lam=args.lam,
                        progress=lambda epoch, train_loss, val_loss: print(
                            f"  epoch {epoch:2d}: training loss {train_loss:.4f}, validation "
                            f"loss {val_loss:.4f}", flush=True))
    print(f"validation loss of material alone {run.material_loss:.4f}, of the search score "
          f"{run.score_loss:.4f}, of the network {run.curve[-1][2]:.4f} "
          f"({run.seconds:.0f} s of training)", flush=True)
    net = run.net
    net.meta = {"data": os.path.basename(os.path.normpath(args.data)), "chunks": args.chunks,
                "positions": run.positions, "validation_positions": run.validation_positions,
                "hidden": args.hidden, "epochs": args.epochs, "batch": args.batch,
                "lr": args.lr, "lam": args.lam, "seed": args.seed,
                "win_scale": net.win_scale, "curve": run.curve,
                "material_loss": run.material_loss, "score_loss": run.score_loss,
                "seconds": round(run.seconds, 1)}
    _save(save_network, out, "network", net)
    print(f"wrote the network ({net.hidden} hidden units, win_scale {net.win_scale:.1f}) to "
          f"{out} ({os.path.getsize(out)} bytes)")
    return 0


def _policy(args: argparse.Namespace) -> int:
    from .policy import save_policy
    from .policy_train import train_policy

    out = _checked_path("--out", args.out, {"wt", "wf"}, "policy networks",
                        "the specs' prior=policy,policy=PATH reads it")
    records = _read_records(args)
    run = train_policy(records, epochs=args.epochs, seed=args.seed, batch=args.batch,
                       learning_rate=args.lr,
                       progress=lambda epoch, train_loss, val_loss, top: print(
                           f"  epoch {epoch:2d}: training loss {train_loss:.4f}, validation "
                           f"loss {val_loss:.4f}, move played ranked first {100 * top:.1f} %",
                           flush=True))
    policy = run.policy
    policy.meta = {"data": os.path.basename(os.path.normpath(args.data)), "chunks": args.chunks,
                   "positions": run.positions,
                   "validation_positions": run.validation_positions, "epochs": args.epochs,
                   "batch": args.batch, "lr": args.lr, "seed": args.seed, "curve": run.curve,
                   "seconds": round(run.seconds, 1)}
    _save(save_policy, out, "policy", policy)
    print(f"wrote the policy network to {out} ({os.path.getsize(out)} bytes; "
          f"{run.seconds:.0f} s of training)")
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
                    "played; with a larger GAMES, the run grows (the chunks played are kept).")
    d.add_argument("--out", required=True, metavar="DIR", help="folder of the run's chunks")
    d.add_argument("--seed", type=arg_whole(0, 2 ** 32 - 1), required=True)
    d.add_argument("--games", type=arg_whole(1, 10 ** 8), required=True,
                   help="games of the run; more than a folder's run holds grows it")
    d.add_argument("--nodes", type=arg_whole(1, MAX_NODES), default=5000,
                   help="engine nodes a move (default 5000)")
    d.add_argument("--opening-low", type=arg_whole(0, 40), default=8,
                   help="fewest random plies opening a game (default 8)")
    d.add_argument("--opening-high", type=arg_whole(0, 40), default=12,
                   help="most random plies opening a game (default 12)")
    d.add_argument("--max-opening-score", type=arg_whole(0, 10 ** 6), default=300,
                   help="draw an opening again while the engine scores it beyond this, in "
                        "hundredths of a stone, for either side (default 300)")
    d.add_argument("--chunk-games", type=arg_whole(1, 10 ** 6), default=50,
                   help="games a chunk (default 50)")
    d.add_argument("--record", default=None, metavar="PATH",
                   help="append this run's settings, size, time and rate to a JSON list "
                        "(course_lib/data/network_data.json keeps the shipped data's)")
    where = d.add_mutually_exclusive_group()
    where.add_argument("--workers", type=arg_whole(1, MAX_WORKERS), default=None,
                       help="processes of the local Dask cluster (default: one per core)")
    where.add_argument("--scheduler", default=None, metavar="ADDRESS",
                       help="a running Dask scheduler (tcp://host:8786) whose workers have "
                            "course_lib installed")
    d.set_defaults(run=_data)
    t = steps.add_parser(
        "train", help="train the value network on a data run's chunks",
        description="Train the value network (2,916 inputs, HIDDEN units) on the positions of "
                    "a data run (all its chunks, or the first CHUNKS), the target mixing the "
                    "game's result (LAM) and the search score, and write it. The same data and "
                    "seed give the same network on the same machine.")
    t.add_argument("--data", required=True, metavar="DIR", help="folder of a data run")
    t.add_argument("--seed", type=arg_whole(0, 2 ** 32 - 1), required=True,
                   help="seed of the validation split, the first weights and the order")
    t.add_argument("--hidden", type=arg_whole(2, 4096), default=256,
                   help="hidden units (default 256)")
    t.add_argument("--epochs", type=arg_whole(1, 10 ** 4), default=10,
                   help="passes over the training positions (default 10)")
    t.add_argument("--batch", type=arg_whole(1, 10 ** 7), default=4096,
                   help="positions a step (default 4096)")
    t.add_argument("--lr", type=arg_number(1e-9, 10), default=0.002,
                   help="first learning rate of Adam, falling to a twentieth (default 0.002)")
    t.add_argument("--lam", type=_share, default=0.3,
                   help="share of the game's result in the target, the rest the search score "
                        "(default 0.3)")
    t.add_argument("--chunks", type=arg_whole(1, 10 ** 7), default=None,
                   help="train on the first CHUNKS chunks only (default: all)")
    t.add_argument("--out", required=True, metavar="PATH",
                   help="the .npz to write (never the shipped course_lib/data/value_network.npz:"
                        " copy a network there by hand to ship it)")
    t.set_defaults(run=_train)
    q = steps.add_parser(
        "policy", help="train the policy network on a data run's moves",
        description="Train the policy network (course_lib.learn.policy: a destination score "
                    "and a source score for every square, from the same 2,916 inputs) on the "
                    "moves the engine played in a data run, and write it.")
    q.add_argument("--data", required=True, metavar="DIR", help="folder of a data run")
    q.add_argument("--seed", type=arg_whole(0, 2 ** 32 - 1), required=True)
    q.add_argument("--epochs", type=arg_whole(1, 10 ** 4), default=6,
                   help="passes over the training positions (default 6)")
    q.add_argument("--batch", type=arg_whole(1, 10 ** 7), default=1024,
                   help="positions a step (default 1024)")
    q.add_argument("--lr", type=arg_number(1e-9, 10), default=0.002,
                   help="first learning rate (default 0.002)")
    q.add_argument("--chunks", type=arg_whole(1, 10 ** 7), default=None,
                   help="train on the first CHUNKS chunks only (default: all)")
    q.add_argument("--out", required=True, metavar="PATH",
                   help="the .npz to write (never the shipped course_lib/data/"
                        "policy_network.npz: copy a network there by hand to ship it)")
    q.set_defaults(run=_policy)


__all__ = ["register"]
