"""``python -m course_lib learn``: self-play games, training, weights, from one seed."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from ..checks import arg_number, arg_whole
from ..errors import CourseError
from .selfplay import MAX_DEPTH, MAX_GAMES, MAX_WORKERS

DEFAULTS = {"games": 4000, "depth": 4, "epochs": 4, "lam": 0.3}
"""The settings the shipped weights were made with (with ``--seed 1``)."""


_share = arg_number(0, 1)


MIN_GAMES = 10
"""The fewest self-play games ``learn`` plays: a tenth of the games (at least one) is held
out to measure the validation loss."""


def _npz_keys(path: str) -> set[str] | None:
    """The names of the arrays in the .npz at ``path``, None when it is not one (never
    unpickles anything)."""
    import numpy as np
    try:
        with np.load(path, allow_pickle=False) as data:
            return set(getattr(data, "files", ()))
    except (OSError, ValueError, EOFError):
        return None


def _checked_path(option: str, path: str, holds: set[str], what: str) -> str:
    """``path`` for ``option``, checked before any work: an .npz in a folder that exists and
    can be written, not in the course's shipped data, and, if it exists already, a file of
    ``what`` (whose arrays include ``holds``), which is the only kind learn writes over."""
    from .ntuple import DATA_DIR
    if not path.strip():
        raise CourseError(f"{option} is empty: give the path of an .npz file to write")
    if os.path.isdir(path):
        raise CourseError(f"{option} {path} is a folder: give the path of the file to write, "
                          f"such as {os.path.join(path, 'learned.npz')}")
    if not path.endswith(".npz"):
        raise CourseError(f"{option} {path}: {what} are written as an .npz file (numpy would add "
                          f".npz to any other name): give a path ending in .npz, such as "
                          f"{os.path.splitext(path)[0]}.npz")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CourseError(f"{option} {path}: the folder {folder} does not exist")
    if os.path.realpath(folder) == os.path.realpath(DATA_DIR):
        raise CourseError(f"{option} {path} is in the course's shipped data "
                          f"({DATA_DIR}), which learn never writes over: write elsewhere "
                          "(Engine(evaluation='learned', weights=PATH) reads them)")
    if os.path.exists(path) and not holds <= (_npz_keys(path) or set()):
        raise CourseError(f"{option} {path} exists and is not a file of {what}: learn writes "
                          f"over only {what} (choose another path, or remove the file)")
    try:                                   # can it be written? Try now, not after the work
        if os.path.exists(path):
            open(path, "r+b").close()
        else:
            open(path, "xb").close()
            os.remove(path)
    except OSError as error:
        raise CourseError(f"{option} {path} cannot be written: {error.strerror or error}") \
            from None
    return path


def _run(args: argparse.Namespace) -> int:
    from .ntuple import save_weights
    from .selfplay import FIELDS, GameRecords, self_play
    from .train import train

    out = _checked_path("--out", args.out, {"weights"}, "learned weights")
    data = None
    if args.data is not None:
        data = _checked_path("--data", args.data, set(FIELDS), "self-play games")
        if os.path.abspath(data) == os.path.abspath(out) or (
                os.path.exists(data) and os.path.exists(out) and os.path.samefile(data, out)):
            raise CourseError(f"--out and --data are the same file ({out}): the weights would "
                              "replace the games; give two paths")
    elif args.replay:
        raise CourseError("--replay plays the games again instead of reading the --data file; "
                          "without --data there is nothing to replay over (leave out --replay)")
    started = time.perf_counter()
    if data and os.path.exists(data) and not args.replay:
        records = GameRecords.load(data)
        print(f"read {len(records)} positions from {data}", flush=True)
    else:
        def progress(done: int) -> None:
            if done % max(1, args.games // 10) == 0 or done == args.games:
                print(f"  self-play: {done}/{args.games} games "
                      f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
        records = self_play(games=args.games, seed=args.seed, depth=args.depth,
                            workers=args.workers, progress=progress)
        print(f"self-play: {args.games} games, {len(records)} positions, depth {args.depth}, "
              f"seed {args.seed} ({time.perf_counter() - started:.0f} s)", flush=True)
        if data:
            _write(lambda: records.save(data), data, "the games")
            print(f"wrote the games to {data}", flush=True)
    trained = time.perf_counter()
    run = train(records, epochs=args.epochs, seed=args.seed, lam=args.lam)
    for epoch, train_loss, val_loss, val_result_loss in run.curve:
        print(f"  epoch {epoch:2d}: training loss {train_loss:.4f}, validation loss "
              f"{val_loss:.4f} (against the results {val_result_loss:.4f})", flush=True)
    print(f"validation loss ({time.perf_counter() - trained:.0f} s of training):", flush=True)
    for label, to_target, to_results in (
            ("material alone", run.material_loss, run.material_result_loss),
            ("the search score", run.score_loss, run.score_result_loss),
            ("the network", run.curve[-1][2], run.result_loss)):
        print(f"  {label:16} against the target {to_target:.4f}, against the games' results "
              f"{to_results:.4f}", flush=True)
    meta = {"seed": args.seed, "games": args.games, "depth": args.depth,
            "epochs": args.epochs, "lam": args.lam, "win_scale": run.win_scale,
            "positions": run.positions, "validation_positions": run.validation_positions,
            "curve": run.curve, "material_loss": run.material_loss,
            "score_loss": run.score_loss, "material_result_loss": run.material_result_loss,
            "score_result_loss": run.score_result_loss}
    _write(lambda: save_weights(out, run.weights, meta), out, "the weights")
    print(f"wrote {len(run.weights)} weights to {out} (win_scale {run.win_scale:.1f})")
    return 0


def _write(save: Any, path: str, what: str) -> None:
    try:
        save()
    except OSError as error:
        raise CourseError(f"cannot write {what} to {path}: {error.strerror or error}") from None


def register(commands: argparse._SubParsersAction) -> None:
    """Add the ``learn`` command."""
    p = commands.add_parser(
        "learn", help="self-play games, then train the learned evaluation on them",
        description="Play GAMES games of the engine against itself (DEPTH plies a move, a few "
                    "random plies to open each game), then train the n-tuple network on every "
                    "position (its target mixes the game's result and the search score), "
                    "print the validation loss of material alone, of the search score and of "
                    "the network, against the target and against the games' results, and "
                    "write its weights. The same seed gives the same games and the same "
                    "weights: python -m course_lib learn --seed 1 --out learned.npz remakes the "
                    "shipped ones. Every path is checked before the games start.")
    p.add_argument("--seed", type=arg_whole(0, 2**32 - 1), required=True,
                   help="seed of the opening plies and of the training order")
    p.add_argument("--games", type=arg_whole(MIN_GAMES, MAX_GAMES, why="a tenth of them, at "
                                             "least one, is held out for validation"),
                   default=DEFAULTS["games"],
                   help=f"self-play games, {MIN_GAMES} or more (default {DEFAULTS['games']})")
    p.add_argument("--depth", type=arg_whole(1, MAX_DEPTH, "plies"), default=DEFAULTS["depth"],
                   help=f"search depth of the self-play moves (default {DEFAULTS['depth']})")
    p.add_argument("--epochs", type=arg_whole(1, 1000), default=DEFAULTS["epochs"],
                   help=f"passes over the training positions (default {DEFAULTS['epochs']})")
    p.add_argument("--lam", type=_share, default=DEFAULTS["lam"],
                   help="share of the game's result in the target, the rest the search score "
                        f"(default {DEFAULTS['lam']})")
    p.add_argument("--workers", type=arg_whole(1, MAX_WORKERS), default=os.cpu_count() or 1,
                   help="processes that play the games (default: one per core); the games "
                        "are the same whatever their number")
    p.add_argument("--out", required=True, metavar="PATH",
                   help="the .npz file to write the weights to (never the shipped "
                        "course_lib/data/learned_eval.npz; an existing file is written over only "
                        "if it holds weights)")
    p.add_argument("--data", default=None, metavar="PATH",
                   help="keep the self-play games in this .npz; when it exists, train on it "
                        "instead of playing again (never the --out file)")
    p.add_argument("--replay", action="store_true",
                   help="play the games again even when --data exists (and overwrite it)")
    p.set_defaults(run=_run)
