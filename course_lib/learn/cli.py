"""``python -m course_lib learn``: self-play games, training, weights, from one seed."""

from __future__ import annotations

import argparse
import os
import sys
import time

from ..errors import CourseError

DEFAULTS = {"games": 4000, "depth": 4, "epochs": 4, "lam": 0.3}
"""The settings the shipped weights were made with (with ``--seed 1``)."""


def _whole(least: int, most: int):
    def parse(text: str) -> int:
        text = text.strip()
        if not (text.isascii() and text.lstrip("+").isdigit()) or len(text) > 12:
            raise argparse.ArgumentTypeError(f"expected a whole number from {least} to {most}, "
                                             f"got {text[:40]!r}")
        value = int(text)
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"expected a whole number from {least} to {most}, "
                                             f"got {value}")
        return value
    return parse


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text[:40]!r}") \
            from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {value}")
    return value


def _run(args: argparse.Namespace) -> int:
    from .ntuple import DEFAULT_WEIGHTS, save_weights
    from .selfplay import GameRecords, self_play
    from .train import train

    out = args.out or DEFAULT_WEIGHTS
    folder = os.path.dirname(os.path.abspath(out))
    if os.path.isdir(out):
        raise CourseError(f"--out {out} is a folder: give the path of the file to write, "
                          f"such as {os.path.join(out, 'learned_eval.npz')}")
    if not os.path.isdir(folder):
        raise CourseError(f"--out {out}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise CourseError(f"--out {out}: the folder {folder} cannot be written to")
    started = time.perf_counter()
    if args.data and os.path.exists(args.data) and not args.replay:
        records = GameRecords.load(args.data)
        print(f"read {len(records)} positions from {args.data}", flush=True)
    else:
        def progress(done: int) -> None:
            if done % max(1, args.games // 10) == 0 or done == args.games:
                print(f"  self-play: {done}/{args.games} games "
                      f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
        records = self_play(games=args.games, seed=args.seed, depth=args.depth,
                            workers=args.workers, progress=progress)
        print(f"self-play: {args.games} games, {len(records)} positions, depth {args.depth}, "
              f"seed {args.seed} ({time.perf_counter() - started:.0f} s)", flush=True)
        if args.data:
            records.save(args.data)
            print(f"wrote the games to {args.data}", flush=True)
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
    try:
        save_weights(out, run.weights, meta)
    except OSError as error:
        raise CourseError(f"cannot write the weights to {out}: {error.strerror or error}") \
            from None
    print(f"wrote {len(run.weights)} weights to {out} (win_scale {run.win_scale:.1f})")
    return 0


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
                    "weights: python -m course_lib learn --seed 1 remakes the shipped ones.")
    p.add_argument("--seed", type=_whole(0, 2 ** 32 - 1), required=True,
                   help="seed of the opening plies and of the training order")
    p.add_argument("--games", type=_whole(1, 10 ** 7), default=DEFAULTS["games"],
                   help=f"self-play games (default {DEFAULTS['games']})")
    p.add_argument("--depth", type=_whole(1, 12), default=DEFAULTS["depth"],
                   help=f"search depth of the self-play moves (default {DEFAULTS['depth']})")
    p.add_argument("--epochs", type=_whole(1, 1000), default=DEFAULTS["epochs"],
                   help=f"passes over the training positions (default {DEFAULTS['epochs']})")
    p.add_argument("--lam", type=_share, default=DEFAULTS["lam"],
                   help="share of the game's result in the target, the rest the search score "
                        f"(default {DEFAULTS['lam']})")
    p.add_argument("--workers", type=_whole(1, 256), default=os.cpu_count() or 1,
                   help="processes that play the games (default: one per core); the games "
                        "are the same whatever their number")
    p.add_argument("--out", default=None, metavar="PATH",
                   help="where to write the weights (default: the shipped "
                        "course_lib/data/learned_eval.npz)")
    p.add_argument("--data", default=None, metavar="PATH",
                   help="keep the self-play games in this .npz; when it exists, train on it "
                        "instead of playing again")
    p.add_argument("--replay", action="store_true",
                   help="play the games again even when --data exists (and overwrite it)")
    p.set_defaults(run=_run)
