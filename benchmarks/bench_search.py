"""Alpha-beta in the two tiers, side by side in one run: speed, and what move ordering buys.

    python benchmarks/bench_search.py [--repeat N] [--positions N] [--max-depth D]

Prints:
  1. the positions: middle-game positions from seeded random games (30-60 plies in), with their
     branching factor (legal moves); b = their mean;
  2. the same searches in both tiers (same node counts, checked): readable nodes/s, fast
     nodes/s and the ratio. Both are timed on the whole call (argument checks, result objects);
  3. fast-tier throughput on searches deep enough (0.05-1 s) that the call overhead vanishes;
  4. node counts of fast alpha-beta by ordering, depth 1..D, against b^(d/2) (the best case of
     alpha-beta: Knuth and Moore's minimal tree has b^ceil(d/2) + b^floor(d/2) - 1 leaves) and
     b^d (minimax), with the measured factor nodes / b^(d/2). Nodes are summed over the
     positions and divided by their number.

Timings are the best of ``--repeat`` runs (the readable tier: one run) as this process's CPU
time; on a busy machine the wall clock also counts the wait for a core. Expect +-30 percent
between runs. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import math
import time

from course_lib.agents import RandomAgent
from course_lib.agents.fast_search import fast_iterative_deepening, fast_search
from course_lib.agents.search import Searcher
from course_lib.agents.transposition import TranspositionTable
from course_lib.ataxx import State

CONFIGS = {
    "none": dict(order="none"),
    "static": dict(order="static"),
    "gain": dict(order="gain"),
    "gain+killers+history": dict(order="gain", killers=True, history=True),
    "gain+k+h+tt": dict(order="gain", killers=True, history=True, table_slots=1 << 16),
    "intuition+k+h+tt": dict(order="intuition", killers=True, history=True,
                             table_slots=1 << 16),
}
# (config, depth) searched by both tiers: a readable search of 0.1-2 s each
SIDE_BY_SIDE = [("none", 3), ("gain", 4), ("gain+k+h+tt", 4), ("intuition+k+h+tt", 3)]
# (config, depth) for the fast tier alone
THROUGHPUT = [("none", 5), ("static", 5), ("gain", 6), ("gain+killers+history", 7),
              ("gain+k+h+tt", 7), ("intuition+k+h+tt", 7)]


def middle_game_positions(count: int) -> list[tuple[int, int, State]]:
    """(seed, ply, state): one position per seeded random game that is still going, at ply
    30, 40, 50, 60, 30, ... in turn."""
    positions, seed = [], 0
    while len(positions) < count:
        seed += 1
        ply = 30 + 10 * (len(positions) % 4)
        agent, state = RandomAgent(seed=seed), State.start()
        for _ in range(ply):
            if state.is_over():
                break
            state = state.apply(agent.choose_move(state))
        if not state.is_over() and len(state.legal_moves()) > 1:
            positions.append((seed, ply, state))
    return positions


def readable_run(state: State, depth: int, options: dict):
    options = dict(options)
    slots = options.pop("table_slots", 0)
    searcher = Searcher("negamax-alphabeta", table=TranspositionTable(slots) if slots else None,
                        **options)
    return searcher.run(state, depth)


def timed(function, repeat: int):
    """(result, best CPU seconds, best wall seconds) over ``repeat`` calls."""
    best_cpu = best_wall = math.inf
    result = None
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        result = function()
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
    return result, best_cpu, best_wall


def rate(nodes: int, seconds: float) -> str:
    return f"{nodes / seconds / 1e6:8.2f} M" if seconds > 0 else "     inf"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--max-depth", type=int, default=7)
    args = parser.parse_args()

    started = time.perf_counter()
    fast_search(State.start(), 3, order="intuition", killers=True, history=True,
                table_slots=64)                           # compile, or load from the cache
    print(f"fast tier ready in {time.perf_counter() - started:.2f} s (compiled or cached)\n")

    positions = middle_game_positions(args.positions)
    branching = [len(state.legal_moves()) for _, _, state in positions]
    b = sum(branching) / len(branching)
    print("1. positions (seeded random games)")
    for (seed, ply, state), moves in zip(positions, branching):
        print(f"   seed {seed:3d} ply {ply:2d}  {moves:3d} moves  {state.fen()}")
    print(f"   b = mean branching factor = {b:.1f}\n")

    print("2. the same searches in both tiers (CPU time; readable once, fast best of "
          f"{args.repeat})")
    print(f"   {'config':18s} {'d':>2s} {'nodes':>9s} {'readable n/s':>13s} "
          f"{'fast n/s':>11s} {'ratio':>7s}")
    for name, depth in SIDE_BY_SIDE:
        options = CONFIGS[name]
        total_nodes, readable_cpu, fast_cpu = 0, 0.0, 0.0
        for _, _, state in positions:
            slow, slow_cpu, _ = timed(lambda: readable_run(state, depth, options), 1)
            quick, quick_cpu, _ = timed(lambda: fast_search(state, depth, **options),
                                        args.repeat)
            assert (quick.move, quick.value, quick.stats.nodes, quick.stats.leaves,
                    quick.stats.nodes_per_depth) == (slow.move, slow.value, slow.stats.nodes,
                                                     slow.stats.leaves,
                                                     slow.stats.nodes_per_depth), name
            total_nodes += slow.stats.nodes
            readable_cpu += slow_cpu
            fast_cpu += quick_cpu
        ratio = readable_cpu / fast_cpu if fast_cpu > 0 else math.inf
        print(f"   {name:18s} {depth:2d} {total_nodes:9,d} {rate(total_nodes, readable_cpu)} "
              f"n/s {rate(total_nodes, fast_cpu)} n/s {ratio:6.0f}x")
    print("   (node counts, leaves, nodes per depth, move and value identical in both tiers)\n")

    print(f"3. fast tier alone, deeper (CPU time, best of {args.repeat})")
    print(f"   {'config':22s} {'d':>2s} {'nodes':>12s} {'seconds':>8s} {'nodes/s':>11s}")
    for name, depth in THROUGHPUT:
        total_nodes, cpu, wall = 0, 0.0, 0.0
        for _, _, state in positions:
            result, c, w = timed(lambda: fast_search(state, depth, **CONFIGS[name]), args.repeat)
            total_nodes += result.stats.nodes
            cpu += c
            wall += w
        print(f"   {name:22s} {depth:2d} {total_nodes:12,d} {cpu:8.3f} {rate(total_nodes, cpu)}/s"
              f"   (wall {wall:.3f} s)")
    print()

    print("4. nodes of fast alpha-beta against b^(d/2) (alpha-beta's best case) and b^d "
          f"(minimax), b = {b:.1f}")
    print("   each cell: mean nodes over the positions (mean over the positions of "
          "nodes / b_i^(d/2), b_i a position's own branching factor)")
    orders = ["none", "static", "gain", "gain+k+h+tt", "intuition+k+h+tt"]
    print(f"   {'d':>2s} {'b^(d/2)':>9s} {'b^d':>9s} " + " ".join(f"{o:>18s}" for o in orders)
          + f" {'ID gain+k+h+tt':>18s}")
    budget_nodes = 3e8

    def cell(counts: list[int], depth: int) -> str:
        mean = sum(counts) / len(counts)
        factor = sum(n / bi ** (depth / 2) for n, bi in zip(counts, branching)) / len(counts)
        return f"{mean:10.0f} ({factor:4.1f}x)"

    for depth in range(1, args.max_depth + 1):
        ideal, full = b ** (depth / 2), b ** depth
        cells = []
        for name in orders:
            if name in ("none", "static") and full / b > budget_nodes:
                cells.append(f"{'-':>18s}")
                continue
            cells.append(cell([fast_search(state, depth, **CONFIGS[name]).stats.nodes
                               for _, _, state in positions], depth))
        cells.append(cell([list(fast_iterative_deepening(state, max_depth=depth,
                                                         **CONFIGS["gain+k+h+tt"]))[-1]
                           .stats.nodes for _, _, state in positions], depth))
        print(f"   {depth:2d} {ideal:9.0f} {full:9.2g} " + " ".join(cells))
    print("   (ID: iterative deepening to d, the nodes of every iteration summed; -: skipped, "
          "too slow)")


if __name__ == "__main__":
    main()
