"""``python -m course_lib ladder``: the engine's ladder, one SPRT per technique, on a Dask
cluster, resumable.

    python -m course_lib ladder --plan                      # what each test will cost
    python -m course_lib ladder                             # a local cluster, every core
    python -m course_lib ladder --scheduler tcp://10.0.0.5:8786   # any cluster
    python -m course_lib ladder --show                      # the results in the records file

The tests and their records are ``course_lib.match.ladder``'s. Each finished pair is appended
to the records file (``--records``) at once; run the same command again after an interruption
and it plays only the pairs still missing. ``register(subparsers)`` adds the command to the
course's command line.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="course_lib")
>>> register(parser.add_subparsers(dest="command", required=True))
>>> args = parser.parse_args(["ladder", "--plan", "--only", "tt", "--nodes", "1000"])
>>> args.run(args)                                       # doctest: +NORMALIZE_WHITESPACE
tt: engine:nodes=1000,hash=16,pvs=1,aspiration=0,tt=1,lmr=0,nullmove=0,killers=0,history=0,order=1,rfp=1,lmp=1
 against engine:nodes=1000,hash=16,pvs=1,aspiration=0,tt=0,lmr=0,nullmove=0,killers=0,history=0,order=1,rfp=1,lmp=1
 bounds [0, 40] normalized Elo, alpha 0.05, beta 0.05, cap 4040 games (still running there with a chance of at most 0.001)
 why: tt (on in the default it is tested from): the table is what the engine's ordering and iterative deepening stand on (the earlier ladder at 20 ms a move accepted H1 after 268 of its 300 games: median-unbiased +159 logistic Elo, naive +161 logistic Elo, biased by the early stop). Asked: is it one of the foundations, worth tens of normalized Elo? [0, 40] normalized Elo needs about 420 games at 0 or 40, fewer for a larger gain
 true nElo:          -40    -20      0     10     20     30     40     60     80
 P(accept H1):     0.000  0.002  0.046  0.179  0.500  0.821  0.954  0.998  1.000
 expected games:     153    228    417    588    697    588    417    228    153
0
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from typing import Any

from ..errors import CourseError
from ..checks import MAX_ELO_BOUND, arg_whole, read_number
from . import ladder

__all__ = ["register"]


def _bounds(text: str) -> tuple[float, float]:
    try:
        low, high = (read_number(part, -MAX_ELO_BOUND, MAX_ELO_BOUND, "normalized Elo")
                     for part in text.split(","))
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"expected ELO0,ELO1 (normalized Elo, e.g. -50,50): "
                                         f"{error}") from None
    if not low < high:
        raise argparse.ArgumentTypeError(f"ELO0 must be below ELO1, got {text[:40]!r}")
    return low, high


def _names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"expected technique names separated by commas "
                                         f"(e.g. lmr,tt), got {text[:40]!r}")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise argparse.ArgumentTypeError(f"{', '.join(twice)} named twice: each technique "
                                         "is one test")
    return names


def _print_plan(rung: ladder.Rung) -> None:
    plan = ladder.rung_plan(rung)
    points = plan["points"]
    print(f"{rung.name}: {rung.spec_a}\n against {rung.spec_b}")
    print(f" bounds [{rung.elo0:g}, {rung.elo1:g}] normalized Elo, alpha {rung.alpha:g}, "
          f"beta {rung.beta:g}, cap {plan['cap_games']} games (still running there with a "
          f"chance of at most {plan['cap_probability']:g})")
    print(f" why: {rung.why}")
    print(" true nElo:      " + "".join(f"{p['elo']:7g}" for p in points))
    print(" P(accept H1):   " + "".join(f"{p['accept_h1']:7.3f}" for p in points))
    print(" expected games: " + "".join(f"{p['expected_games']:7.0f}" for p in points))


def _cluster(args: argparse.Namespace) -> tuple[Any, Any, int]:
    """(client, local cluster or None, workers): the cluster at --scheduler, or a local one."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:                                    # pragma: no cover - a dependency
        raise CourseError("the ladder runs on Dask: pip install distributed") from None
    if args.scheduler:
        try:
            client = Client(args.scheduler, timeout="20s")
        except (OSError, TimeoutError, ValueError) as error:
            raise CourseError(f"no Dask scheduler answers at {args.scheduler}: {error}; start "
                              "one with `dask scheduler` and workers with `dask worker "
                              "ADDRESS`") from None
        workers = sum(client.nthreads().values())
        if workers == 0:
            client.close()
            raise CourseError(f"the scheduler at {args.scheduler} has no workers; start some "
                              f"with `dask worker {args.scheduler}`")
        return client, None, workers
    workers = args.workers or os.cpu_count() or 1
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                           dashboard_address=None, silence_logs=logging.ERROR)
    return Client(cluster), cluster, workers


def _check_records(path: str) -> None:
    """Refuse, before any game, a records file the ladder could not read or append to."""
    if not path.strip():
        raise CourseError("--records is empty: give the path of a JSON-lines file")
    if os.path.isdir(path):
        raise CourseError(f"--records {path} is a folder: give the path of a file in it, such "
                          f"as {os.path.join(path, 'engine_ladder.jsonl')}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CourseError(f"--records {path}: the folder {folder} does not exist")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise CourseError(f"--records {path} cannot be written here (no permission)")
    if os.path.exists(path):
        ladder.load_records(path)          # a file that is not a ladder's records: said now


def _ladder_command(args: argparse.Namespace) -> int:
    if args.show or not args.plan:
        if args.show and not os.path.isfile(args.records):
            raise CourseError(f"--records {args.records}: no such file")
        _check_records(args.records)
    if args.show:
        results = [r for r in ladder.load_records(args.records) if r.get("kind") == "result"]
        if not results:
            raise CourseError(f"no finished test in {args.records}")
        print(ladder.ladder_table(results))
        return 0
    rungs = ladder.technique_rungs(None, args.nodes, args.seed, args.only, args.bounds)
    if args.plan:
        if os.path.isfile(args.records):               # named as the run would name them
            rungs = ladder.stage_rungs(rungs, ladder.load_records(args.records))
        for rung in rungs:
            _print_plan(rung)
        return 0
    client, cluster, workers = _cluster(args)
    started = time.perf_counter()
    try:
        where = args.scheduler or f"a local cluster of {workers} workers"
        print(f"ladder at {args.nodes} nodes a move on {where}; records in {args.records}",
              flush=True)
        results = ladder.engine_ladder(
            args.records, args.nodes, args.seed, args.only, client.get_executor(), workers,
            confirm=not args.no_confirm, bounds=args.bounds, progress=not args.no_progress)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(ladder.ladder_table(results))
    base = ladder.default_switches()
    new = ladder.implied_defaults(base, results)       # a confirmation is no technique
    if new is None:
        print("default: unchanged (a test is undecided; a default follows decided tests only)")
    elif new == base:
        print("default: unchanged (every test agrees with it)")
    else:
        changes = ", ".join(f"{name} {'on' if on else 'off'}" for name, on in new.items()
                            if base[name] != on)
        confirm = next((r for r in results if ladder.is_confirmation(r)), None)
        verdict = f"; confirmation: {confirm['decision']}" if confirm else ""
        print(f"default implied by the tests: {changes}{verdict}")
    print(f"wall time {time.perf_counter() - started:.0f} s on {workers} workers")
    return 0


def register(subparsers: Any) -> None:
    """Add the ``ladder`` command to an argparse subparsers object; it sets ``run``."""
    p = subparsers.add_parser(
        "ladder", help="one SPRT per engine technique, on a Dask cluster, resumable",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="For each technique of the engine, an SPRT of the engine with it against "
                    "the engine without it, at a fixed number of nodes a move, in "
                    "colour-swapped pairs from seeded openings (pentanomial, normalized Elo "
                    "bounds chosen per technique), then, if the decided tests imply another "
                    "default, a confirmation of that default against the current one. The "
                    "games run on a Dask cluster: a local one over this machine's cores, or "
                    "the one at --scheduler (start it with `dask scheduler` and, on every "
                    "machine, `dask worker ADDRESS`). Every finished pair is appended to the "
                    "records file; run the command again to resume.",
        epilog=__doc__.split("\n\n")[1])
    p.add_argument("--records", default="engine_ladder.jsonl", metavar="PATH",
                   help="the records file, JSON lines (default engine_ladder.jsonl)")
    p.add_argument("--nodes", type=arg_whole(1, 10**9), default=ladder.DEFAULT_NODES,
                   help=f"nodes a move for both engines (default {ladder.DEFAULT_NODES})")
    p.add_argument("--seed", type=arg_whole(0, 2**64 - 1), default=ladder.DEFAULT_SEED,
                   help=f"seed of the openings (default {ladder.DEFAULT_SEED})")
    p.add_argument("--only", type=_names, default=None, metavar="T1,T2",
                   help="test only these techniques (default: all)")
    p.add_argument("--bounds", type=_bounds, default=None, metavar="ELO0,ELO1",
                   help="the same normalized Elo bounds for every test, in place of each "
                        "technique's own (for a short trial)")
    p.add_argument("--no-confirm", action="store_true",
                   help="do not run the confirmation of a changed default")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="a Dask scheduler's address (tcp://host:8786); default: a local "
                        "cluster")
    p.add_argument("--workers", type=arg_whole(1, 1024), default=None,
                   help="workers of the local cluster (default: every core)")
    p.add_argument("--plan", action="store_true",
                   help="print each test's bounds, reasons, expected games and cap; play "
                        "nothing")
    p.add_argument("--show", action="store_true",
                   help="print the finished tests of the records file")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=_ladder_command)
