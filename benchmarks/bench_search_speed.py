"""Search speed side by side in one run: the course's players and public UAI engines (Zataxx,
tiktaxx) searching the same positions for the same time.

    python benchmarks/bench_search_speed.py [--movetime 1000] [--positions 8] [--seed 1]
        [--engine NAME=COMMAND ...]

Every engine gets ``position fen F`` and ``go movetime T`` on each position (seeded openings of
``course_lib.match.RandomOpenings`` played on by 10 to 30 random plies, so that the middle game
is measured too), and the script reads its last ``info`` line: nodes (MCTS: iterations), depth,
and the time to ``bestmove``. It prints, per engine, the mean nodes a search, nodes per wall
second and per CPU second of the engine's process (from ``/proc``: a busy machine slows the
wall clock), and the ratio to the first public engine. The default engines are the course's
``uai`` with no spec, the alpha-beta engine with the value network, and Zataxx and tiktaxx
where ``/work/engines`` has them (see that folder's README; they are never dependencies).

Nodes are not the same unit across engines: alpha-beta counts positions visited (the course's
engine counts every leaf one ply above the frontier as it scores it), MCTS counts iterations,
each of which scores every child of the node it grows. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

from course_lib.ataxx import State, fast
from course_lib.match.arena import RandomOpenings
from course_lib.match.uai_match import UaiEngine

PUBLIC = {"zataxx": "/work/engines/Zataxx/target/release/zataxx",
          "tiktaxx": "/work/engines/tiktaxx/bin/tiktaxx"}
COURSE = {"course-default": f"{sys.executable} -m course_lib uai",
          "course-engine-network": f"{sys.executable} -m course_lib uai engine:eval=network"}


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_positions(count: int, seed: int) -> list[str]:
    """FENs of ``count`` seeded positions still in play."""
    rng = np.random.default_rng(seed)
    openings = RandomOpenings(plies=4)
    fens = []
    for i in range(count):
        fs = fast.to_fast(State.from_fen(openings.fen(i, seed)))
        for _ in range(int(rng.integers(10, 31))):
            if fast.is_over(fs):
                break
            moves = fast.legal_moves(fs)
            fs = fast.apply(fs, int(moves[rng.integers(len(moves))]))
        if not fast.is_over(fs):
            fens.append(fs.fen())
    return fens


def measure(name: str, command: str, fens: list[str], movetime: int) -> dict:
    engine = UaiEngine(command, name=name)
    nodes, depths, walls, cpus = [], [], [], []
    try:
        engine.start()
        for fen in fens:
            engine.send(1, "uainewgame")
            engine.ready(1)
            before = cpu_seconds(engine.pid)
            _, seconds, info = engine.go(1, f"position fen {fen}", f"go movetime {movetime}",
                                         movetime / 1000 + 30)
            cpus.append(cpu_seconds(engine.pid) - before)
            walls.append(seconds)
            nodes.append(info.get("nodes", 0))
            depths.append(info.get("depth", 0))
    finally:
        engine.close()
    return {"name": name, "nodes": float(np.mean(nodes)), "depth": float(np.mean(depths)),
            "wall_nps": sum(nodes) / sum(walls), "cpu_nps": sum(nodes) / max(sum(cpus), 1e-9),
            "cpu_share": sum(cpus) / sum(walls)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--movetime", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", action="append", default=[], metavar="NAME=COMMAND",
                        help="an engine to measure (default: the course's and the public "
                             "ones found)")
    args = parser.parse_args()
    engines = dict(item.split("=", 1) for item in args.engine)
    if not engines:
        engines = dict(COURSE)
        engines.update({k: v for k, v in PUBLIC.items() if os.path.exists(v)})
    fens = test_positions(args.positions, args.seed)
    print(f"{len(fens)} positions, go movetime {args.movetime}; load average "
          f"{os.getloadavg()[0]:.1f} before")
    rows = [measure(name, command, fens, args.movetime) for name, command in engines.items()]
    reference = next((r for r in rows if r["name"] in PUBLIC), rows[0])
    print(f"{'engine':24} {'nodes/search':>13} {'depth':>6} {'nodes/s wall':>13} "
          f"{'nodes/s CPU':>13} {'CPU/wall':>8} {'CPU rate vs ' + reference['name']:>20}")
    for r in rows:
        print(f"{r['name']:24} {r['nodes']:13,.0f} {r['depth']:6.1f} {r['wall_nps']:13,.0f} "
              f"{r['cpu_nps']:13,.0f} {r['cpu_share']:8.2f} "
              f"{r['cpu_nps'] / reference['cpu_nps']:20.3f}")
    print(f"load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
