"""The ladder's throughput on a local Dask cluster of 1 and of 2 workers, and the ladder's
projected wall time on N workers.

    nice -n 10 python benchmarks/bench_ladder.py                  # 16 pairs, 200000 nodes
    nice -n 10 python benchmarks/bench_ladder.py --pairs 8 --nodes 100000

A fixed run: the same pairs (``--pairs`` of them, taken in turn from every technique's rung,
``course_lib.match.ladder.play_pair``) played through ``client.get_executor()`` on a fresh
local cluster of 1 worker, then of 2, each after one warm-up pair per worker (each worker loads
the compiled kernels once). Printed: wall time, pairs per second, the speed-up of 2 workers
over 1, and the CPU time of a pair. Then the projection: the ladder's expected number of pairs
(from each rung's plan, at a true difference the caller names: ``--assume``) times the time of
a pair on one worker, over N workers, for N = 1, 2, 4, 8, 16, 32.

With ``--depths`` it prints instead how deep the default engine searches at each node budget
(the mean depth of the last finished iteration, and ms a move, over 60 seeded positions after
8 and 30 random plies): what a budget means in plies.

On a shared machine the figures move with what else runs: the load average is printed.
"""

from __future__ import annotations

import argparse
import logging
import os
import time

from course_lib.match import ladder


def timed_run(workers: int, rungs: list, pairs: int) -> tuple[float, list[dict]]:
    from dask.distributed import Client, LocalCluster
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, silence_logs=logging.ERROR) as cluster, \
            Client(cluster) as client:
        executor = client.get_executor()
        warm = [executor.submit(ladder.play_pair, rungs[0], 10_000 + k) for k in range(workers)]
        for future in warm:
            future.result()
        started = time.perf_counter()
        jobs = [executor.submit(ladder.play_pair, rungs[k % len(rungs)], k)
                for k in range(pairs)]
        records = [job.result() for job in jobs]
        return time.perf_counter() - started, records


def depths(budgets: list[int]) -> None:
    from course_lib.engine import Engine, SearchLimits
    from course_lib.match.arena import derive_seed
    from course_lib.match.play import random_opening
    positions = [random_opening(plies, derive_seed(5, "depth", k))
                 for k in range(30) for plies in (8, 30)]
    positions = [p for p in positions if not p.is_over()]
    engine = Engine()
    engine.warm_up()
    print(f"{len(positions)} positions, load {os.getloadavg()[0]:.1f}")
    for nodes in budgets:
        reached, started = [], time.perf_counter()
        for position in positions:
            engine.new_game()
            reached.append(engine.search(position, SearchLimits(nodes=nodes))[1].depth)
        ms = (time.perf_counter() - started) * 1000 / len(positions)
        share = {d: sum(r == d for r in reached) / len(reached) for d in sorted(set(reached))}
        print(f"{nodes:>8} nodes: mean depth {sum(reached) / len(reached):.2f}, "
              + ", ".join(f"depth {d} {s:.0%}" for d, s in share.items())
              + f"; {ms:.1f} ms a move")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=16)
    parser.add_argument("--nodes", type=int, default=ladder.DEFAULT_NODES)
    parser.add_argument("--assume", default="elo0",
                        choices=("elo0", "middle", "elo1"),
                        help="the true difference of every rung for the projection: its "
                             "elo0, halfway, or elo1 (default elo0)")
    parser.add_argument("--depths", action="store_true",
                        help="print the depth the engine reaches at each node budget instead")
    args = parser.parse_args()
    if args.depths:
        depths([25_000, 50_000, 100_000, 200_000, 400_000, 1_000_000])
        return
    rungs = ladder.technique_rungs(nodes=args.nodes)
    print(f"{args.pairs} pairs at {args.nodes} nodes a move, {os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.1f} before")
    seconds = {}
    for workers in (1, 2):
        wall, records = timed_run(workers, rungs, args.pairs)
        seconds[workers] = wall
        cpu = sum(r["seconds"] for r in records) / len(records)
        print(f"{workers} worker{'s' if workers > 1 else ' '}: {wall:7.1f} s, "
              f"{args.pairs / wall:5.2f} pairs/s, {cpu:5.2f} s a pair on its worker "
              f"(load {os.getloadavg()[0]:.1f} after)", flush=True)
    print(f"speed-up of 2 workers over 1: {seconds[1] / seconds[2]:.2f}")

    share = {"elo0": 0.0, "middle": 0.5, "elo1": 1.0}[args.assume]
    per_pair = seconds[1] / args.pairs
    total_pairs = 0.0
    for rung in rungs:
        plan = ladder.rung_plan(rung)
        target = rung.elo0 + share * (rung.elo1 - rung.elo0)
        games = next(p["expected_games"] for p in plan["points"] if abs(p["elo"] - target) < 1e-9)
        total_pairs += games / 2
        print(f"  {rung.name:11} [{rung.elo0:g}, {rung.elo1:g}]: {games / 2:6.0f} pairs "
              f"expected at {target:g} nElo")
    efficiency = seconds[1] / seconds[2] / 2
    hours = total_pairs * per_pair / 3600
    print(f"the ladder at {args.assume}: about {total_pairs:.0f} pairs, {hours:.2f} h on one "
          f"worker ({per_pair:.2f} s a pair); on N workers, each as fast as this one, at the "
          f"2-worker efficiency measured here ({efficiency:.2f}):")
    for n in (1, 2, 4, 8, 16, 32):
        print(f"  {n:3} workers: {hours / (n * (efficiency if n > 1 else 1)):6.2f} h")


if __name__ == "__main__":
    main()
