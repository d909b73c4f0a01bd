"""The engine against the best teaching alpha-beta at the same time per move: nodes per second,
depth reached and time used, side by side.

    python benchmarks/bench_engine.py                   # 40 positions, 100 ms a move
    python benchmarks/bench_engine.py --positions 10 --ms 50
    python benchmarks/bench_engine.py --json            # one JSON object

The positions are the start and positions from seeded random games, each stopped after a seeded
number of plies (finished games left out), the same on every run. Each player searches each
position once with ``--ms`` ms for the move (its own ``time=`` key), after a warm-up search
(compilation out of the way), with a new agent per position (no table carried over):

- the engine: ``engine:time=MS`` (every switch on);
- alpha-beta: ``alphabeta:time=MS,eval=exact-material,order=gain,killers=1,history=1,tt=20,
  tier=fast``, the fast tier with everything the teaching search has.

Counts differ in meaning: both count every position entered, leaves included, but the engine
counts the last ply in one go without entering it. Compare depth at equal time first. The load
average is printed: with others on the machine both get less done.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

from course_lib.agents import make_agent
from course_lib.ataxx import State
from course_lib.ataxx.fast import random_game, to_fast

ALPHABETA = "alphabeta:time={ms},eval=exact-material,order=gain,killers=1,history=1,tt=20,tier=fast"
ENGINE = "engine:time={ms}"


def positions(count: int, seed: int = 2026) -> list[State]:
    """The start and ``count - 1`` positions of seeded random games."""
    out = [State.start()]
    k = seed
    while len(out) < count:
        moves = random_game(to_fast(State.start()), seed=k)
        stop = (k * 7919 + 13) % (len(moves) + 1)
        state = State.start()
        for move in moves[:stop]:
            state = state.apply(move)
        if not state.is_over() and len(state.legal_moves()) > 1:
            out.append(state)
        k += 1
    return out


def measure(spec: str, states: list[State]) -> dict:
    make_agent(spec).choose_move(State.start())            # compile / load the kernels
    depths, nodes, seconds = [], [], []
    for state in states:
        agent = make_agent(spec)
        started = time.perf_counter()
        agent.choose_move(state)
        seconds.append(time.perf_counter() - started)
        depths.append(agent.last_result.stats.depth)
        nodes.append(agent.last_result.stats.nodes)
    return {"spec": spec, "positions": len(states),
            "nodes_per_second": round(sum(nodes) / sum(seconds)),
            "mean_depth": round(statistics.mean(depths), 2),
            "min_depth": min(depths), "max_depth": max(depths),
            "mean_ms": round(1000 * statistics.mean(seconds), 1),
            "max_ms": round(1000 * max(seconds), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--ms", type=int, default=100, help="time per move (default 100)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    states = positions(args.positions)
    load = os.getloadavg()[0]
    rows = [measure(ENGINE.format(ms=args.ms), states),
            measure(ALPHABETA.format(ms=args.ms), states)]
    out = {"ms_per_move": args.ms, "load_average": round(load, 2),
           "machine": f"{platform.machine()} {os.cpu_count()} cores, Python "
                      f"{platform.python_version()}", "rows": rows}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.positions} positions, {args.ms} ms a move, load average {load:.2f}")
    print(f"{'':12} {'nodes/s':>12} {'mean depth':>11} {'depths':>8} {'mean ms':>8} "
          f"{'max ms':>7}")
    for name, row in zip(("engine", "alpha-beta"), rows):
        print(f"{name:12} {row['nodes_per_second']:>12,} {row['mean_depth']:>11} "
              f"{row['min_depth']:>3}-{row['max_depth']:<4} {row['mean_ms']:>8} "
              f"{row['max_ms']:>7}")
    for row in rows:
        print(f"  {row['spec']}")


if __name__ == "__main__":
    main()
