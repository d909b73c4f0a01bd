"""The Gomoku project redone on its own game (omok, 19x19), the long runs (notebook 10 loads
the stored result).

    python benchmarks/bench_gomoku_project.py                      # print only
    python benchmarks/bench_gomoku_project.py --save course_lib/data/gomoku_project.json
    python benchmarks/bench_gomoku_project.py --quick              # small, to try it out
    python benchmarks/bench_gomoku_project.py --skip cost --save course_lib/data/gomoku_project.json
                                        # the SPRTs again; the stored cost part is kept

Each part (``tests``, ``cost``) stores the command, date, machine, run time and the load
average at the start and at the end of the run that made it, under ``runs``.

1. Four SPRTs on the project's game, each on colour-swapped pairs from seeded 4-ply openings
   (pentanomial, normalized Elo, H0 0, H1 20, alpha = beta = 0.05, at most ``--max-pairs``
   pairs), every player the compiled alpha-beta with the pattern evaluation
   (``nb10.FastPlayer``):

   - radius 2 against radius 1, both to depth 3 (the restriction at equal depth);
   - radius 1 against radius 2, both iterative deepening with the root reordered and a
     table under the same budget of ``--nodes`` nodes a move (the restriction at equal
     effort);
   - iterative deepening with the root reordered and a table against iterative deepening in
     board order without a table, radius 1, the same budget: two changes at once, neither
     measured alone (the project's own player, the reordering without a table, plays in
     none of the four);
   - the same with the reordering-and-table player given ``--fewer-nodes`` nodes a move
     instead: at equal nodes it spent more seconds a move, and this asks whether it still
     wins at about equal time.

   The budget is counted in nodes, not seconds, so that the games are the same on every
   machine; the seconds each player spent a move (wall clock) are measured and stored beside.
2. The project's "depth 3 = 6 ply", like for like: its board, its rule and its 6 plies, its
   algorithm (iterative deepening, the root reordered by the previous iteration, no table),
   near the stones (radius 1), on the benchmark's middle game and two later positions of
   seeded games: the compiled tier to 6 plies, with and without the table, and the readable
   tier (CPython; the project ran PyPy) to ``--readable-depth`` plies on the middle game and
   to 4 on the later ones.

Everything but the seconds is the same on any machine (seeded, deterministic searches). This
is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import datetime, timezone

from course_lib.agents.search import iterative_deepening
from course_lib.games.gomoku import Gomoku, patterns
from course_lib.games.gomoku_fast import fast_gomoku_deepening
from course_lib.lessons import nb10 as study
from course_lib.strength import elo_estimate_pairs


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def per_move(games: list[study.Game]) -> dict:
    """Mean nodes spent, seconds (wall clock) and depth per move of A and of B over the games
    (A is black in the even-numbered games)."""
    out = {}
    for who, parity in (("a", 0), ("b", 1)):
        nodes, seconds, depths = [], [], []
        for k, game in enumerate(games):
            colour = 1 if k % 2 == parity else 2
            nodes += game.nodes[colour]
            seconds += game.seconds[colour]
            depths += game.depths[colour]
        out[who] = {"moves": len(nodes), "mean_nodes": mean(nodes),
                    "mean_seconds": mean(seconds), "mean_depth": mean(depths),
                    "max_nodes": max(nodes, default=0)}
    return out


def sprt_row(name: str, a: study.FastPlayer, b: study.FastPlayer, max_pairs: int,
             seed: int) -> dict:
    started = time.perf_counter()

    def progress(run: study.PairedSprt) -> None:
        if len(run.pairs) % 10 == 0:
            print(f"  {name}: {len(run.pairs)} pairs, LLR {run.test.llr:.3f}", flush=True)

    run = study.paired_sprt(a, b, max_pairs=max_pairs, seed=seed, on_pair=progress)
    counts = study.pair_counts(run.pairs)
    estimate = elo_estimate_pairs(counts)
    return {"name": name, "a": a.name, "b": b.name, "a_player": vars(a), "b_player": vars(b),
            "pairs": run.pairs, "pair_counts": counts, "state": run.test.state,
            "llr": run.test.llr, "llr_history": run.test.llr_history,
            "bounds": [run.test.lower_bound, run.test.upper_bound], "max_pairs": max_pairs,
            "capped": run.capped, "elo": estimate.elo, "elo_low": estimate.elo_low,
            "elo_high": estimate.elo_high, "normalized_elo": estimate.normalized_elo,
            "game_lengths": [len(game.moves) for game in run.games],
            "winners": [game.winner for game in run.games],
            "per_move": per_move(run.games), "seconds": time.perf_counter() - started}


def cost_row(name: str, state: Gomoku, readable_depth: int) -> dict:
    row: dict = {"position": name, "text": state.text(), "moves": len(state.legal_moves())}
    for label, bits in (("compiled", None), ("compiled, table", 16)):
        started = time.perf_counter()
        results = fast_gomoku_deepening(state, 6, table_bits=bits)
        row[label] = {"seconds": time.perf_counter() - started, "move": results[-1].move,
                      "nodes": [r.stats.nodes for r in results]}
        print(f"  {name} {label}: {row[label]}", flush=True)
    started = time.perf_counter()
    readable = list(iterative_deepening(state, readable_depth, evaluation=patterns))
    row["readable"] = {"seconds": time.perf_counter() - started, "depth": readable_depth,
                       "move": readable[-1].move, "nodes": [r.stats.nodes for r in readable]}
    print(f"  {name} readable: {row['readable']}", flush=True)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-pairs", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--fewer-nodes", type=int, default=15_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--readable-depth", type=int, default=6)
    parser.add_argument("--skip", choices=("tests", "cost"), default=None,
                        help="skip this part; with --save, keep it as the file stored it")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--save", help="write the result as JSON here")
    args = parser.parse_args()
    if args.quick:
        args.max_pairs, args.readable_depth = 3, 3
    started = time.perf_counter()
    load = list(os.getloadavg())
    budget, skipped = args.nodes, args.skip

    tests = []
    if args.skip != "tests":
        for name, a, b in (
                ("radius 2 against radius 1, depth 3",
                 study.FastPlayer(radius=2, depth=3), study.FastPlayer(radius=1, depth=3)),
                ("radius 1 against radius 2, equal nodes",
                 study.FastPlayer(radius=1, max_nodes=budget, table_bits=16),
                 study.FastPlayer(radius=2, max_nodes=budget, table_bits=16)),
                ("deepening + table against plain alpha-beta, equal nodes",
                 study.FastPlayer(radius=1, max_nodes=budget, table_bits=16),
                 study.FastPlayer(radius=1, max_nodes=budget, reorder=False)),
                ("deepening + table with fewer nodes against plain alpha-beta",
                 study.FastPlayer(radius=1, max_nodes=args.fewer_nodes, table_bits=16),
                 study.FastPlayer(radius=1, max_nodes=budget, reorder=False))):
            tests.append(sprt_row(name, a, b, args.max_pairs, args.seed))
            print(f"{name}: {tests[-1]['state']} after {len(tests[-1]['pairs'])} pairs, "
                  f"LLR {tests[-1]['llr']:.3f}", flush=True)

    cost = []
    if args.skip != "cost":
        later = [study.seeded_game(3, 31)[-1], study.seeded_game(4, 51)[-1]]
        positions = [("middle game", study.middle_game(radius=1))] + [
            (f"{sum(1 for c in p.cells if c)} stones", p) for p in later]
        for k, (name, state) in enumerate(positions):
            cost.append(cost_row(name, state, args.readable_depth if k == 0 else 4))

    run = {"script": (f"benchmarks/bench_gomoku_project.py --max-pairs {args.max_pairs} --nodes "
                      f"{args.nodes} --fewer-nodes {args.fewer_nodes} --seed {args.seed} "
                      f"--readable-depth {args.readable_depth}"
                      + (f" --skip {skipped}" if skipped else "")),
           "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
           "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                      f"{platform.python_version()} ({platform.python_implementation()})",
           "load_average": load, "load_average_end": list(os.getloadavg()),
           "seconds": time.perf_counter() - started}
    result = {"what": "the Gomoku project redone on omok 19x19: SPRTs and the cost of 6 plies",
              "seed": args.seed, "nodes_per_move": budget, "fewer_nodes": args.fewer_nodes,
              "sprt_settings": study.SPRT_SETTINGS, "tests": tests, "cost": cost,
              "runs": {part: run for part in ("tests", "cost") if part != skipped}}
    if args.save:
        if skipped and os.path.exists(args.save):     # keep the skipped part as it was stored
            with open(args.save) as stored:
                old = json.load(stored)
            result[skipped] = old[skipped]
            result["runs"][skipped] = old["runs"][skipped]
            if skipped == "tests":
                result.update({k: old[k] for k in ("seed", "nodes_per_move", "fewer_nodes")})
        with open(args.save, "w") as out:
            json.dump(result, out, indent=1)
            out.write("\n")
    print(f"done in {run['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
