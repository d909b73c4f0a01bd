"""The Othello study's experiments, the long runs (notebook 09 loads the stored result).

    python benchmarks/bench_othello_study.py                      # print only
    python benchmarks/bench_othello_study.py --save course_lib/data/othello_study.json
    python benchmarks/bench_othello_study.py --quick              # small, to try it out

1. The study's matches (weighted map against disc count, minimax = alpha-beta in board order,
   both at the same depth, from the start, colours alternating), at the study's depth and one
   ply deeper; then the same question with colour-swapped pairs from seeded 6-ply openings
   under a pentanomial SPRT (normalized Elo, H0 0, H1 20, alpha = beta = 0.05), at most
   ``--max-pairs`` pairs, at our depth d + 1 for the study's depth d (the depth at which the
   self-play table reproduces the study's games).
2. Self-play (research map) from the start at each depth, a finished game scored by the
   evaluation (the study's games, as it turns out) and scored as a win or a loss: winner,
   discs, mean nodes and seconds per move of each side, the moves.
3. The "strategic horizon": self-play from ``--openings`` seeded openings at each depth; the
   share black wins.
4. Mean nodes per move order on positions from seeded self-play games; the intuition order at
   every node only to ``--intuition-all-depth``; iterative deepening with a transposition
   table (readable tier, slow) to ``--deepening-depth``.

Everything but the seconds is the same on any machine (seeded, deterministic searches).
This is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import datetime, timezone

from course_lib.lessons import nb09 as study
from course_lib.strength import elo_estimate_pairs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-pairs", type=int, default=150)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--self-play-depths", type=int, nargs="+", default=list(range(3, 11)))
    parser.add_argument("--horizon-depths", type=int, nargs="+", default=list(range(1, 8)))
    parser.add_argument("--openings", type=int, default=40)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--ordering-depths", type=int, nargs="+", default=list(range(3, 10)))
    parser.add_argument("--intuition-all-depth", type=int, default=7)
    parser.add_argument("--deepening-depth", type=int, default=8)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--save", help="write the result as JSON here")
    args = parser.parse_args()
    if args.quick:
        args.max_pairs, args.openings, args.positions = 4, 4, 4
        args.self_play_depths, args.horizon_depths, args.ordering_depths = [3, 4], [1, 2], [3, 4]
        args.intuition_all_depth, args.deepening_depth = 4, 4
    started = time.perf_counter()
    load = list(os.getloadavg())

    matches = []
    for row in study.STUDY_MATCHES:
        t = time.perf_counter()
        method = study.study_method(row["map"], row["depth"], row["games"])
        deeper = study.study_method(row["map"], row["depth"] + 1, row["games"])
        paired = study.paired_match(row["map"], row["depth"] + 1, max_pairs=args.max_pairs,
                                    opening_plies=6, seed=args.seed)
        estimate = elo_estimate_pairs([paired.pairs.count(k / 2) for k in range(5)])
        matches.append({
            "map": row["map"], "depth": row["depth"], "games": row["games"],
            "method_weighted": method.weighted_wins, "method_discs": method.discs_wins,
            "method_draws": method.draws, "method_distinct": method.distinct_games,
            "method_margins": method.margins(),
            "deeper_weighted": deeper.weighted_wins, "deeper_discs": deeper.discs_wins,
            "deeper_draws": deeper.draws, "deeper_distinct": deeper.distinct_games,
            "deeper_margins": deeper.margins(),
            "method_results": method.distinct_results(),
            "deeper_results": deeper.distinct_results(),
            "sprt_depth": paired.depth, "pairs": len(paired.pairs),
            "pair_counts": paired.test.counts,
            "score": paired.score, "llr": paired.test.llr, "state": paired.test.state,
            "elo": estimate.elo, "elo_low": estimate.elo_low, "elo_high": estimate.elo_high,
            "normalized_elo": estimate.normalized_elo, "note": str(estimate),
            "mean_margin": sum(paired.margins) / len(paired.margins),
            "seconds": time.perf_counter() - t})
        print(matches[-1], flush=True)

    self_play = []
    for depth in args.self_play_depths:
        for scoring in ("heuristic", "win"):
            self_play.append(study.self_play_row(depth, scoring=scoring))
            print({k: v for k, v in self_play[-1].items() if k != "played"}, flush=True)

    horizon = study.horizon_table(args.horizon_depths, openings=args.openings, opening_plies=6,
                                  seed=args.seed)
    for row in horizon:
        print(row, flush=True)

    positions = study.study_positions(args.positions, seed=args.seed)
    orders = [o for o in study.ORDERS if o != "intuition-all"]
    ordering = study.ordering_table(positions, args.ordering_depths, orders)
    every_node = study.ordering_table(
        positions, [d for d in args.ordering_depths if d <= args.intuition_all_depth],
        ["none", "intuition-all"])
    deepening = study.deepening_nodes(
        positions, [d for d in args.ordering_depths if d <= args.deepening_depth])
    for row in ordering:
        for extra in every_node:
            if extra["depth"] == row["depth"]:
                row["intuition-all"] = extra["intuition-all"]
                row["intuition-all_search"] = extra["intuition-all_search"]
        if row["depth"] in deepening:
            row["position-deepening"] = deepening[row["depth"]]
        print(row, flush=True)

    data = {
        "what": "notebook 09: the Othello study's experiments redone",
        "script": "benchmarks/bench_othello_study.py "
                  + ("--quick" if args.quick else
                     f"--max-pairs {args.max_pairs} --seed {args.seed} --openings "
                     f"{args.openings} --positions {args.positions} --intuition-all-depth "
                     f"{args.intuition_all_depth} --deepening-depth {args.deepening_depth}"),
        "test": "pentanomial SPRT, H0 0, H1 20 normalized Elo, alpha 0.05, beta 0.05, at our "
                "depth d + 1 for the study's depth d",
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                   f"{platform.python_version()}",
        "load_average": load,
        "seed": args.seed, "matches": matches, "self_play": self_play,
        "horizon": horizon, "positions": [p.text() for p in positions],
        "mean_branching": study.mean_branching(positions), "ordering": ordering,
        "seconds": time.perf_counter() - started,
    }
    if args.save:
        with open(args.save, "w") as handle:
            json.dump(data, handle, indent=1)
            handle.write("\n")
    print(f"{data['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
