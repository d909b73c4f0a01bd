"""Speed of the two ATAXX tiers, side by side, in one run.

    python benchmarks/bench_rules.py [--repeat N]

Prints:
  - readable tier: perft(4) from the start, every leaf played, leaves per second;
  - fast tier: perft(6) from the start, every leaf played (leaves/s) and bulk-counted (time);
  - fast tier: seeded random playouts from the start, games per second (distinct moves and
    (source, destination) pairs);
  - the fast/readable ratio of leaves per second;
  - compile time: a fresh process with an empty numba cache (cold: numba compiles), then a
    second process with the same cache directory (warm: import + first calls load from disk).

Timings are the best of ``--repeat`` runs (default 3) after one warm-up call, as wall-clock
time and as this process's CPU time (on a busy machine the wall clock also counts the wait for
a core). Expect +-30 percent between runs. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

START_PERFT_4 = 155_888
START_PERFT_6 = 141_865_520

# What a fresh process does: import the fast tier, then the first call of each kind.
_STARTUP_SCRIPT = r"""
import json, time
t0 = time.perf_counter()
import course_lib.ataxx.fast as fast
t1 = time.perf_counter()
fast.perft(fast.START, 3)
t2 = time.perf_counter()
fast.random_playouts(fast.START, 1, seed=1)
t3 = time.perf_counter()
fast.legal_moves(fast.START); fast.apply(fast.START, 8); fast.is_over(fast.START)
fast.winner(fast.START); fast.divide(fast.START, 1); fast.random_game(fast.START, 1)
t4 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "perft": t2 - t1, "playouts": t3 - t2, "rest": t4 - t3}))
"""


CPU_SECONDS: list[tuple[float, float]] = []      # (wall, cpu) of every timed call


def best_of(repeat: int, function) -> tuple[float, float, object]:
    """The shortest wall time and the shortest CPU time of ``repeat`` calls, and the result.

    On a busy machine the wall time includes waiting for a core; the CPU time of this process
    does not. Both are shown.
    """
    best_wall, best_cpu, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = function()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        CPU_SECONDS.append((wall, cpu))
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    return best_wall, best_cpu, result


def startup(cache_dir: str) -> dict:
    """Run the startup script in a new Python process with numba's cache in ``cache_dir``."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _STARTUP_SCRIPT], env=env, capture_output=True,
                          text=True, timeout=600)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"startup process failed:\n{done.stderr}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["process"] = wall
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure (best kept)")
    parser.add_argument("--games", type=int, default=50_000, help="random playouts to time")
    args = parser.parse_args(argv)

    # Compile times first, in fresh processes, before this process warms anything up.
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache_dir:
        cold = startup(cache_dir)
        warm = startup(cache_dir)

    from course_lib.ataxx import State
    from course_lib.ataxx import fast
    from course_lib.ataxx import perft as readable_perft

    start = State.start()
    read_wall, read_cpu, n = best_of(1, lambda: readable_perft(start, 4))
    assert n == START_PERFT_4, n

    fast.perft(fast.START, 3), fast.perft(fast.START, 3, bulk=True)          # warm up
    fast.random_playouts(fast.START, 10, seed=0)
    fast.random_playouts(fast.START, 10, seed=0, pairs=True)
    full_wall, full_cpu, n = best_of(args.repeat, lambda: fast.perft(fast.START, 6))
    assert n == START_PERFT_6, n
    bulk_wall, bulk_cpu, n = best_of(args.repeat, lambda: fast.perft(fast.START, 6, bulk=True))
    assert n == START_PERFT_6, n
    play_wall, play_cpu, (_, lengths) = best_of(
        args.repeat, lambda: fast.random_playouts(fast.START, args.games, seed=1))
    pair_wall, pair_cpu, (_, pair_lengths) = best_of(
        args.repeat, lambda: fast.random_playouts(fast.START, args.games, seed=1, pairs=True))

    def row(label: str, readable: str, fast_wall: str, fast_cpu: str) -> None:
        print(f"{label:<40}{readable:>20}{fast_wall:>20}{fast_cpu:>20}")

    print(f"ATAXX rules benchmark  (python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores, best of {args.repeat} runs)")
    print()
    row("", "readable tier", "fast tier", "fast tier")
    row("", "(wall clock)", "(wall clock)", "(CPU time)")
    row("perft from the start, every leaf", "perft(4)", "perft(6)", "perft(6)")
    row("  leaves", f"{START_PERFT_4:,}", f"{START_PERFT_6:,}", f"{START_PERFT_6:,}")
    row("  time", f"{read_wall:.3f} s", f"{full_wall:.3f} s", f"{full_cpu:.3f} s")
    row("  speed", f"{START_PERFT_4 / read_wall / 1e6:.3f} M leaves/s",
        f"{START_PERFT_6 / full_wall / 1e6:.1f} M leaves/s",
        f"{START_PERFT_6 / full_cpu / 1e6:.1f} M leaves/s")
    row("  fast / readable (leaves per second)", "1 x",
        f"{(START_PERFT_6 / full_wall) / (START_PERFT_4 / read_wall):,.0f} x",
        f"{(START_PERFT_6 / full_cpu) / (START_PERFT_4 / read_cpu):,.0f} x")
    row("perft(6), last ply bulk-counted", "", f"{bulk_wall:.3f} s", f"{bulk_cpu:.3f} s")
    row("random playouts from the start", "", f"{args.games / play_wall:,.0f} games/s",
        f"{args.games / play_cpu:,.0f} games/s")
    row("  mean game length", "", f"{lengths.mean():.1f} turns", "")
    row("  over (source, destination) pairs", "", f"{args.games / pair_wall:,.0f} games/s",
        f"{args.games / pair_cpu:,.0f} games/s")
    row("  mean game length", "", f"{pair_lengths.mean():.1f} turns", "")
    busy = sum(c for _, c in CPU_SECONDS) / sum(w for w, _ in CPU_SECONDS)
    if busy < 0.9:
        print(f"note: this process got the CPU {busy:.0%} of the wall time: the machine is busy, "
              "the CPU-time column is the fairer figure")
    print()
    print("compile time of the fast tier, a fresh process each time, "
          "NUMBA_CACHE_DIR = a new temporary directory:")
    print(f"{'':40}{'cold cache':>20}{'warm cache':>20}")
    for key, label in [("import", "import course_lib.ataxx.fast"),
                       ("perft", "first perft call"),
                       ("playouts", "first random_playouts call"),
                       ("rest", "first calls of the other functions")]:
        print(f"{'  ' + label:<40}{cold[key]:>18.3f} s{warm[key]:>18.3f} s")
    cold_first = cold["import"] + cold["perft"]
    warm_first = warm["import"] + warm["perft"]
    print(f"{'  import + first call (perft)':<40}{cold_first:>18.3f} s{warm_first:>18.3f} s")
    print(f"{'  whole process, start to exit':<40}{cold['process']:>18.3f} s"
          f"{warm['process']:>18.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
