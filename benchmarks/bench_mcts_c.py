"""The exploration constant c chosen by playing strength, and MCTS against alpha-beta at equal
time (notebook 06, section 3 and 4). Every match is decided by an SPRT.

    python benchmarks/bench_mcts_c.py                 # the stored run (about 30-60 min)
    python benchmarks/bench_mcts_c.py --quick         # a few games, to try it out
    python benchmarks/bench_mcts_c.py --save course_lib/data/mcts_c.json

1. A gauntlet: MCTS (fast tier, random playouts, ``--iterations`` per move) with each candidate
   c against the same MCTS with the reference c (``--reference``, the course's 1.4).
   Fixed iterations make every game independent of the machine's speed: the same seed gives
   the same games on any machine.
2. The two candidates with the best Elo estimates in the gauntlet, head to head.
3. MCTS with the c that played best (the winner of step 2), with each playout policy, against
   alpha-beta with iterative deepening (fast tier, gain order, a table), both with the same
   time per move (``--ms``). These games depend on the machine's speed.

Each match: colour-swapped pairs from seeded four-ply openings (decided ones drawn again),
played one game at a time in this process, until a pentanomial SPRT with H0 = 0 Elo and
H1 = 50 Elo (logistic), alpha = beta = 0.05, decides or the cap of pairs is reached. The
pentanomial test reads one result per pair: the two games of a pair share their opening, so
their results are not independent, and the pair model counts that, and draws.
This is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import datetime, timezone

from course_lib.agents import make_agent
from course_lib.ataxx import State
from course_lib.match import run_match
from course_lib.strength import Sprt, elo_estimate_pairs


def mcts_spec(c: float, iterations: int | None = None, ms: int | None = None,
              playout: str = "random") -> str:
    budget = f"iterations={iterations}" if iterations else f"time={ms}"
    extra = "" if playout == "random" else f",playout={playout}"
    return f"mcts:{budget},c={c:g}{extra},tier=fast"


def sprt_match(spec_a: str, spec_b: str, max_pairs: int, seed: int) -> dict:
    test = Sprt(elo0=0, elo1=50, alpha=0.05, beta=0.05, kind="pentanomial")
    used = {"A": [0.0, 0], "B": [0.0, 0]}

    def on_game(report, game) -> bool:
        for role, is_a in (("A", True), ("B", False)):
            side = 0 if game.a_first == is_a else 1
            used[role][0] += game.time_used_ms[side]
            used[role][1] += (game.turns + 1) // 2 if side == 0 else game.turns // 2
        if game.index % 2 == 1:
            return test.add(report.games[-2].score_a + game.score_a) != "continue"
        return False

    started = time.perf_counter()
    report = run_match(spec_a, spec_b, pairs=max_pairs, seed=seed, workers=0, progress=False,
                       on_game=on_game)
    estimate = elo_estimate_pairs(test.counts)
    result = {
        "spec_a": spec_a, "spec_b": spec_b, "seed": seed, "max_pairs": max_pairs,
        "decision": test.state, "llr": test.llr, "pairs": sum(test.counts),
        "pentanomial": list(test.counts), "games": report.games_played, "wins": report.wins,
        "draws": report.draws, "losses": report.losses, "score": report.score,
        "elo": estimate.elo, "elo_low": estimate.elo_low, "elo_high": estimate.elo_high,
        "reasons": dict(report.reasons),
        "ms_per_move_a": used["A"][0] / max(1, used["A"][1]),
        "ms_per_move_b": used["B"][0] / max(1, used["B"][1]),
        "wall_seconds": time.perf_counter() - started,
    }
    print(f"{spec_a} (A) vs {spec_b} (B): {test.state} after {result['pairs']} pairs "
          f"(+{report.wins} ={report.draws} -{report.losses}), pairs {test.counts}, LLR "
          f"{test.llr:+.3f}; logistic Elo {estimate.elo:+.0f} (95% {estimate.elo_low:+.0f} to "
          f"{estimate.elo_high:+.0f}); ms per move A {result['ms_per_move_a']:.1f}, B "
          f"{result['ms_per_move_b']:.1f}; {result['wall_seconds']:.0f} s", flush=True)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games, to try it out")
    parser.add_argument("--candidates", type=float, nargs="+",
                        default=[0.25, 0.5, 0.71, 1.0])
    parser.add_argument("--reference", type=float, default=1.4)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--ms", type=int, default=50, help="ms per move against alpha-beta")
    parser.add_argument("--max-pairs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--skip-gauntlet", type=float, default=None,
                        help="skip steps 1-2 and use this c in step 3")
    parser.add_argument("--no-versus", action="store_true",
                        help="skip step 3 (MCTS against alpha-beta)")
    parser.add_argument("--save", help="write the figures to this JSON file")
    args = parser.parse_args()
    if args.quick:
        args.max_pairs = 2
    for spec in (mcts_spec(1.4, iterations=10), f"alphabeta:time=5,order=gain,tt=1,tier=fast"):
        make_agent(spec).choose_move(State.start())        # load the compiled code first
    load_before = os.getloadavg()
    print(f"load average {load_before[0]:.1f} on {os.cpu_count()} cores", flush=True)

    gauntlet, final = [], None
    if args.skip_gauntlet is None:
        reference = mcts_spec(args.reference, iterations=args.iterations)
        for k, c in enumerate(args.candidates):
            gauntlet.append(sprt_match(mcts_spec(c, iterations=args.iterations), reference,
                                       args.max_pairs, args.seed + k))
        ranked = sorted(zip(args.candidates, gauntlet), key=lambda cm: -cm[1]["elo"])
        (best, _), (second, _) = ranked[0], ranked[1]
        final = sprt_match(mcts_spec(best, iterations=args.iterations),
                           mcts_spec(second, iterations=args.iterations), args.max_pairs,
                           args.seed + 100)
        chosen = best if final["elo"] >= 0 else second      # the head-to-head's estimate
    else:
        chosen = args.skip_gauntlet
    print(f"c chosen: {chosen:g}", flush=True)

    versus = []
    alphabeta = f"alphabeta:time={args.ms},order=gain,tt=1,tier=fast"
    for k, playout in enumerate(() if args.no_versus else ("random", "greedy", "cutoff")):
        versus.append(sprt_match(mcts_spec(chosen, ms=args.ms, playout=playout), alphabeta,
                                 args.max_pairs // 2, args.seed + 200 + k))
    load_after = os.getloadavg()
    print(f"load average {load_after[0]:.1f}", flush=True)
    if args.save:
        data = {
            "what": "notebook 06: c chosen by playing strength, and MCTS against alpha-beta at "
                    "equal time",
            "script": f"benchmarks/bench_mcts_c.py --seed {args.seed} --max-pairs "
                      f"{args.max_pairs} --iterations {args.iterations} --ms {args.ms} "
                      f"--reference {args.reference:g} --candidates "
                      + " ".join(f"{c:g}" for c in args.candidates)
                      + (" --no-versus" if args.no_versus else ""),
            "test": "pentanomial SPRT, H0 0 Elo, H1 50 Elo (logistic), alpha 0.05, beta 0.05",
            "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                       f"{platform.python_version()}",
            "load_average": [round(load_before[0], 2), round(load_after[0], 2)],
            "iterations": args.iterations, "reference_c": args.reference,
            "candidates": args.candidates, "gauntlet": gauntlet, "head_to_head": final,
            "chosen_c": chosen, "ms_per_move": args.ms, "against_alphabeta": versus,
        }
        with open(args.save, "w") as handle:
            json.dump(data, handle, indent=1)
            handle.write("\n")
        print(f"written {args.save}")


if __name__ == "__main__":
    main()
