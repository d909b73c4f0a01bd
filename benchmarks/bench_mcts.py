"""Speed of MCTS in the two tiers, side by side: iterations per second from the start position.

    python benchmarks/bench_mcts.py [--repeat N] [--iterations N] [--readable-iterations N]

Prints, single thread, from the ATAXX start position, one search per timed run:
  - readable tier (``MCTSAgent``, Python objects, Python playouts): iterations per second;
  - fast tier (``FastMCTSAgent``, array tree, numba): iterations per second with random,
    epsilon-greedy and cut-off playouts, and with the solver;
  - the fast/readable ratio (random playouts, the same options on both sides);
  - a check that both tiers built the same tree for the same seed (root children's visits);
  - the fast tree's memory per node;
  - compile time: a fresh process with an empty numba cache (cold), then again (warm).

Timings are the best of ``--repeat`` runs after a warm-up, as wall-clock time and as this
process's CPU time (on a busy machine the CPU time is the fairer figure). Expect +-30 percent
between runs. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

_STARTUP_SCRIPT = r"""
import json, time
t0 = time.perf_counter()
from course_lib.agents.mcts_fast import FastMCTSAgent
from course_lib.ataxx import State
t1 = time.perf_counter()
FastMCTSAgent(iterations=10, seed=0).choose_move(State.start())
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first": t2 - t1}))
"""

CPU_SECONDS: list[tuple[float, float]] = []


def best_of(repeat: int, function) -> tuple[float, float, object]:
    """The shortest wall time and the shortest CPU time of ``repeat`` calls, and the result."""
    best_wall, best_cpu, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = function()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        CPU_SECONDS.append((wall, cpu))
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    return best_wall, best_cpu, result


def startup(cache_dir: str) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _STARTUP_SCRIPT], env=env, capture_output=True,
                          text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"startup process failed:\n{done.stderr}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["process"] = time.perf_counter() - started
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure (best kept)")
    parser.add_argument("--iterations", type=int, default=100_000,
                        help="iterations of one fast-tier search")
    parser.add_argument("--readable-iterations", type=int, default=500,
                        help="iterations of one readable-tier search")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache_dir:
        cold = startup(cache_dir)
        warm = startup(cache_dir)

    from course_lib.agents.mcts import MCTSAgent
    from course_lib.agents.mcts_fast import NODE, FastMCTSAgent
    from course_lib.ataxx import State

    start = State.start()

    def search(tier, iterations: int, **options):
        def run():
            agent = tier(iterations=iterations, seed=1, **options)
            agent.choose_move(start)
            return agent
        return run

    FastMCTSAgent(iterations=100, seed=0).choose_move(start)                # warm up
    MCTSAgent(iterations=20, seed=0).choose_move(start)

    n_read, n_fast = args.readable_iterations, args.iterations
    read_wall, read_cpu, readable = best_of(args.repeat, search(MCTSAgent, n_read))
    rows = []
    for label, options in [("random playouts", {}),
                           ("greedy playouts (epsilon 0.1)", {"playout": "greedy"}),
                           ("cut-off playouts (10 plies)", {"playout": "cutoff"}),
                           ("random playouts, solver on", {"solver": True})]:
        wall, cpu, agent = best_of(args.repeat, search(FastMCTSAgent, n_fast, **options))
        rows.append((label, wall, cpu, agent.last_result.stats))
    fast_wall, fast_cpu = rows[0][1], rows[0][2]

    # The same tree for the same seed: compare the readable search with a fast one its size.
    twin = FastMCTSAgent(iterations=n_read, seed=1)
    twin.choose_move(start)
    same = ([c.visits for c in twin.root.children] == [c.visits for c in readable.root.children]
            and twin.last_result.move == readable.last_result.move)

    def row(label: str, *cells: str) -> None:
        print(f"{label:<44}" + "".join(f"{cell:>16}" for cell in cells))

    print(f"MCTS benchmark, ATAXX start position, one thread  (python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores, best of {args.repeat} runs)")
    print()
    row("", "wall clock", "CPU time", "plies/playout", "tree nodes", "max depth")

    def figures(n: int, wall: float, cpu: float, stats) -> tuple[str, ...]:
        return (f"{n / wall:,.0f} it/s", f"{n / cpu:,.0f} it/s",
                f"{stats.playout_plies / max(stats.playouts, 1):.1f}", f"{stats.tree_nodes:,}",
                f"{stats.max_depth}")

    row(f"readable tier, {n_read:,} iterations", *figures(n_read, read_wall, read_cpu,
                                                           readable.last_result.stats))
    for label, wall, cpu, stats in rows:
        row(f"fast tier, {label}", *figures(n_fast, wall, cpu, stats))
    row("fast / readable (random playouts)", f"{read_wall / n_read * n_fast / fast_wall:,.0f} x",
        f"{read_cpu / n_read * n_fast / fast_cpu:,.0f} x")
    print()
    print(f"same seed, same tree ({n_read} iterations, root children's visits): "
          f"{'yes' if same else 'NO'}")
    print(f"fast tree: {NODE.itemsize} bytes per node "
          f"({n_fast:,} iterations -> {rows[0][3].tree_nodes * NODE.itemsize / 1e6:.1f} MB)")
    busy = sum(c for _, c in CPU_SECONDS) / sum(w for w, _ in CPU_SECONDS)
    if busy < 0.9:
        print(f"note: this process got the CPU {busy:.0%} of the wall time: the machine is busy, "
              "the CPU-time column is the fairer figure")
    print()
    print("compile time of the fast MCTS, a fresh process each time, "
          "NUMBA_CACHE_DIR = a new temporary directory:")
    print(f"{'':44}{'cold cache':>16}{'warm cache':>16}")
    for key, label in [("import", "import mcts_fast"), ("first", "first search (10 iterations)")]:
        print(f"{'  ' + label:<44}{cold[key]:>14.3f} s{warm[key]:>14.3f} s")
    print(f"{'  whole process, start to exit':<44}{cold['process']:>14.3f} s"
          f"{warm['process']:>14.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
