"""Speed of the arena: games per second on 1 worker and on 2, side by side in one run.

    python benchmarks/bench_arena.py [--pairs 40] [--a alphabeta:depth=2] [--b greedy]
                                     [--repeat 1] [--workers 1 2]

Prints, for each number of workers, the games per second of one match (A against B, ``--pairs``
colour-swapped pairs, seed 0) on a process pool that is already running (a warm-up match of two
pairs first), and the CPU time the workers spent on the games (measured inside each worker,
around each game). Runs with 1 and 2 workers alternate, ``--repeat`` times; the summary keeps
the best of each and gives the ratio (target: at least 1.7 for 2 workers). It also checks
that every run played the same games.

On a busy machine the wall-clock ratio is held down by the other programs, not by the arena.
So just before and after each run, as many busy loops as workers spin for half a second on the
same pool: "cores free" is what the machine gave them, "cores used" what the workers got during
the run (CPU seconds / wall seconds), and "used/free" how much of the available CPU the arena
turned into games. With 2 idle cores, "cores free" is near 2 for 2 workers.

Last, the cost of starting a pool and playing two games, for each start method (the arena uses
``forkserver`` where it exists; ``fork`` for comparison). This is a script, not a test.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import multiprocessing
import os
import sys
import time

from course_lib.match.arena import START_METHOD, Arena, play_task, process_pool


def timed_play(task):
    """``play_task`` with the worker's CPU time for the game written on the result."""
    cpu = time.process_time()
    result = play_task(task)
    result.cpu_seconds = time.process_time() - cpu
    return result


class CpuTimed(cf.Executor):
    """A process pool whose games carry the CPU time the worker spent on them."""

    def __init__(self, workers: int) -> None:
        self.pool = process_pool(workers)

    def submit(self, fn, /, *args, **kwargs):
        assert fn is play_task
        return self.pool.submit(timed_play, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def burn(seconds: float) -> float:
    """Spin for ``seconds`` of wall time; return the CPU time this process got meanwhile."""
    cpu, end = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < end:
        sum(range(1000))
    return time.process_time() - cpu


def capacity(executor: CpuTimed, workers: int, seconds: float = 1.0) -> float:
    """How many cores ``workers`` busy processes get right now (CPU seconds / wall seconds)."""
    futures = [executor.pool.submit(burn, seconds) for _ in range(workers)]
    return sum(future.result() for future in futures) / seconds


def pool_start(method: str, workers: int = 2) -> float:
    """Seconds to start a pool of ``workers`` and play two short games on it."""
    started = time.perf_counter()
    tasks = Arena(progress=False).tasks("greedy", "random", 1)
    with cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method)) as pool:
        list(pool.map(play_task, tasks))
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=40, help="pairs per timed match")
    parser.add_argument("--a", default="alphabeta:depth=2", help="player A (a spec)")
    parser.add_argument("--b", default="greedy", help="player B (a spec)")
    parser.add_argument("--repeat", type=int, default=2, help="timed runs per worker count")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    n_games = 2 * args.pairs

    print(f"arena benchmark: {args.a} vs {args.b}, {args.pairs} pairs ({n_games} games) per run")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, start method "
          f"{START_METHOD}, load average {os.getloadavg()[0]:.2f}")
    print()
    print(f"{'run':>4}{'workers':>8}{'wall s':>9}{'games/s':>9}{'worker CPU s':>14}"
          f"{'games/CPU s':>13}{'cores used':>12}{'cores free':>12}{'used/free':>11}")
    executors = {n: CpuTimed(n) for n in args.workers}
    runs: dict[int, list[tuple[float, float, float]]] = {n: [] for n in args.workers}
    games: dict[int, list] = {}
    try:
        for n, executor in executors.items():                         # start and warm up
            Arena(executor=executor, workers=n, progress=False).match(args.a, args.b, 2)
        for run in range(1, args.repeat + 1):
            for n, executor in executors.items():
                before = capacity(executor, n, 0.5)
                arena = Arena(executor=executor, workers=n, progress=False)
                started = time.perf_counter()
                report = arena.match(args.a, args.b, args.pairs)
                wall = time.perf_counter() - started
                free = (before + capacity(executor, n, 0.5)) / 2
                cpu = sum(game.cpu_seconds for game in report.games)
                runs[n].append((wall, cpu, free))
                games[n] = [game.moves for game in report.games]
                print(f"{run:>4}{n:>8}{wall:>9.2f}{n_games / wall:>9.1f}{cpu:>14.2f}"
                      f"{n_games / cpu:>13.1f}{cpu / wall:>12.2f}{free:>12.2f}"
                      f"{cpu / wall / free:>11.0%}", flush=True)
    finally:
        for executor in executors.values():
            executor.shutdown()

    print()
    print("cores used: the workers' CPU seconds in games / wall seconds. cores free: what as many")
    print("busy loops as workers got just before and after the run (the most the machine gave).")
    same = all(moves == games[args.workers[0]] for moves in games.values())
    print(f"same games on every pool: {'yes' if same else 'NO'}")
    best = {n: min(runs[n]) for n in args.workers}
    for n in args.workers:
        wall, cpu, _ = best[n]
        print(f"best of {args.repeat} with {n} worker{'s' if n > 1 else ''}: "
              f"{n_games / wall:.1f} games/s, {cpu / n_games * 1000:.0f} ms CPU per game")
    if 1 in best and 2 in best:
        ratio = best[1][0] / best[2][0]
        print(f"2 workers / 1 worker: {ratio:.2f} x in wall-clock games/s (target >= 1.7): "
              f"{'met' if ratio >= 1.7 else 'NOT met'}")
        cpu_ratio = (n_games / best[2][1]) / (n_games / best[1][1])
        print(f"games per CPU second, 2 workers / 1 worker: {cpu_ratio:.2f} (near 1: a game "
              f"costs the same CPU on either pool; the parallel arena adds no cost per game)")
        free_2 = sum(free for *_, free in runs[2]) / len(runs[2])
        if free_2 < 1.8:
            print(f"note: the machine is busy: two busy loops got only {free_2:.2f} cores on "
                  "average, so no program could reach 1.7 x here; compare 'used/free' instead")
    print()
    print("start a pool of 2 and play 2 short games, by start method (seconds, best of 2):")
    for method in ("fork", "forkserver", "spawn"):
        if method in multiprocessing.get_all_start_methods():
            print(f"  {method:<11}{min(pool_start(method) for _ in range(2)):.3f}"
                  + ("   <- the arena's" if method == START_METHOD else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
