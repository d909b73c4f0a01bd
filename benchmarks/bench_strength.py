"""Strength at the referee's clock: 10 s per side per game, colour-swapped pairs, seeded openings.

    python benchmarks/bench_strength.py            # all three measurements (about 20-40 min)
    python benchmarks/bench_strength.py --quick    # fewer games, to try it out

1. The strongest course agent against alpha-beta to depth 3 with material, over 100 games
   (target: a score of at least 95 percent).
2. MCTS against greedy, decided by the lecture's SPRT (H0 0 Elo, H1 50 Elo, alpha = beta =
   0.05, wins and losses only).
3. MCTS against the strongest alpha-beta agent: the score, reported as measured.

Each side has a 10 s game clock kept by the arena (a side whose clock runs out loses). The
clocked agents share their time across the game themselves; MCTS gets a fixed time per move
chosen so that a game's worth of moves fits in the clock.

Openings are 4 seeded random plies, redrawn where a 5-ply search finds a forced end of the game
(``RandomOpenings``' default): both games of such a pair go to the side to move, whoever plays
it. ``--decided-depth 0`` keeps every opening, to see what they cost.
"""

from __future__ import annotations

import argparse
import os
import time

from course_lib.match import RandomOpenings, run_match
from course_lib.strength import Sprt, elo_estimate

CLOCK_MS = 10_000
BEST = "alphabeta:game=9500,eval=exact-material,order=gain,killers=1,history=1,tt=20,tier=fast"
DEPTH3 = "alphabeta:depth=3,tier=fast"          # the same moves as the readable depth-3 search
MCTS = "mcts:time=150,playout=greedy,tier=fast,seed=1"   # ~150 ms a move: ~45 moves in 10 s


def report_line(label: str, report, seconds: float) -> str:
    est = elo_estimate(report.wins, report.draws, report.losses)
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(report.reasons.items()))
    return (f"{label}: {report.wins + report.draws + report.losses} games, +{report.wins} "
            f"={report.draws} -{report.losses}, score {report.score:.1%}, logistic Elo {est.elo:+.0f} "
            f"(95% {est.elo_low:+.0f} to {est.elo_high:+.0f}); endings: {reasons}; "
            f"{seconds:.0f} s wall")


def sprt_match(player_a: str, player_b: str, max_pairs: int, workers: int,
               openings: RandomOpenings) -> tuple:
    test = Sprt(elo0=0, elo1=50, alpha=0.05, beta=0.05, kind="win_loss")

    def on_game(report, game) -> bool:
        if game.score_a != 0.5:                      # the lecture's test ignores draws
            test.add(game.score_a)
        return test.state != "continue"

    started = time.perf_counter()
    report = run_match(player_a, player_b, pairs=max_pairs, seed=11, workers=workers,
                       progress=False, time_ms=CLOCK_MS, openings=openings, on_game=on_game)
    return test, report, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games of each, to try it")
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--only", choices=("best", "sprt", "mcts"), default=None)
    parser.add_argument("--decided-depth", type=int, default=5,
                        help="redraw openings decided within this many plies (0: keep all)")
    args = parser.parse_args()
    pairs_best = 5 if args.quick else 50
    openings = RandomOpenings(plies=4, decided_depth=args.decided_depth)
    pairs_mcts = 3 if args.quick else 15
    print(f"clock {CLOCK_MS} ms per side per game; openings redrawn if decided within "
          f"{args.decided_depth} plies; {args.workers} workers; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)

    if args.only in (None, "best"):
        started = time.perf_counter()
        report = run_match(BEST, DEPTH3, pairs=pairs_best, seed=7, workers=args.workers,
                           progress=False, time_ms=CLOCK_MS, openings=openings)
        print(report_line(f"1. {BEST} vs {DEPTH3}", report, time.perf_counter() - started),
              flush=True)
        print(f"   target: score >= 95%: {'met' if report.score >= 0.95 else 'NOT met'}",
              flush=True)

    if args.only in (None, "sprt"):
        test, report, seconds = sprt_match(MCTS, "greedy", max_pairs=20 if args.quick else 100,
                                           workers=args.workers, openings=openings)
        print(report_line(f"2. {MCTS} vs greedy (SPRT)", report, seconds), flush=True)
        print(f"   SPRT: {test.state} after {test.wins + test.losses} decisive games, "
              f"LLR {test.llr:.3f} (bounds {test.lower_bound:.3f}, {test.upper_bound:.3f})",
              flush=True)

    if args.only in (None, "mcts"):
        started = time.perf_counter()
        report = run_match(MCTS, BEST, pairs=pairs_mcts, seed=9, workers=args.workers,
                           progress=False, time_ms=CLOCK_MS, openings=openings)
        print(report_line(f"3. {MCTS} vs {BEST}", report, time.perf_counter() - started),
              flush=True)


if __name__ == "__main__":
    main()
