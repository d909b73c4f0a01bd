"""Wall time of the lecture's SPRT (H0 0 Elo, H1 50 Elo, alpha = beta = 0.05) deciding greedy
against random, with real games.

    python benchmarks/bench_sprt.py [--a greedy] [--b random] [--repeat 5] [--workers 0 2]

For each number of workers (0: in this process; N: a fresh pool of N processes, started and
shut down inside the timing, as ``python -m course_lib sprt`` does), runs ``run_sprt`` with the
lecture's settings and seed 0 ``--repeat`` times and prints the decision, the games played and
the best and median wall time. One untimed run first loads the agents and compiles what numba
compiles. Then the whole command, ``sprt A B`` with its defaults (every core), timed from a
fresh Python process: interpreter start, imports, pool, games. The target: under 10 s. Every
run must play the same games and reach the same decision, whatever the number of workers.
This is a script, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from course_lib.match import run_sprt

TARGET_SECONDS = 10.0

# The command as ``python -m course_lib sprt A B`` runs it, without depending on __main__.
COMMAND = """
import argparse, sys
from course_lib.match.sprt_cli import register
parser = argparse.ArgumentParser(prog="course_lib")
register(parser.add_subparsers(dest="command", required=True))
args = parser.parse_args(["sprt", *sys.argv[1:]])
sys.exit(args.run(args))
"""


def command_run(a: str, b: str) -> tuple[float, str]:
    """Wall time of the whole command in a fresh process, and its last two lines."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", COMMAND, a, b], capture_output=True,
                          text=True, check=True)
    return time.perf_counter() - started, " / ".join(done.stdout.strip().splitlines()[-2:])


def one_run(a: str, b: str, workers: int):
    started = time.perf_counter()
    run = run_sprt(a, b, elo0=0, elo1=50, alpha=0.05, beta=0.05, seed=0, workers=workers)
    return time.perf_counter() - started, run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="greedy", help="player A (default greedy)")
    parser.add_argument("--b", default="random", help="player B (default random)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per setting")
    parser.add_argument("--workers", type=int, nargs="+", default=[0, 2],
                        help="worker counts to time (default 0 2)")
    args = parser.parse_args()

    one_run(args.a, args.b, 0)                                  # warm-up, untimed
    outcomes = set()
    worst_best = 0.0
    print(f"lecture's SPRT [0, 50], alpha = beta = 0.05: {args.a} vs {args.b}, seed 0")
    for workers in args.workers:
        times = []
        for _ in range(args.repeat):
            seconds, run = one_run(args.a, args.b, workers)
            times.append(seconds)
            outcomes.add((run.decision, run.games, run.wins, run.draws, run.losses,
                          round(run.llr, 12)))
        best = min(times)
        worst_best = max(worst_best, best)
        label = "in-process" if workers == 0 else f"{workers} workers"
        print(f"{label:>12}: {run.decision} after {run.games} games (+{run.wins} ={run.draws} "
              f"-{run.losses}, LLR {run.llr:.4f}); wall time best {best:.3f} s, "
              f"median {statistics.median(times):.3f} s over {len(times)} runs")
    times = []
    for _ in range(args.repeat):
        seconds, last = command_run(args.a, args.b)
        times.append(seconds)
    worst_best = max(worst_best, min(times))
    print(f"{'command':>12}: {last}; wall time best {min(times):.3f} s, median "
          f"{statistics.median(times):.3f} s over {len(times)} runs (fresh process, every core)")
    if len(outcomes) != 1:
        print("DIFFERENT OUTCOMES:", outcomes)
        return 1
    verdict = "meets" if worst_best < TARGET_SECONDS else "MISSES"
    print(f"slowest setting's best time {worst_best:.3f} s: {verdict} the target of "
          f"{TARGET_SECONDS:g} s")
    return 0 if worst_best < TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
