"""A fixed depth against a time budget at equal time, decided by an SPRT (notebook 05, section 4).

    python benchmarks/bench_time_vs_depth.py                 # the stored run (about 30-60 min)
    python benchmarks/bench_time_vs_depth.py --quick         # a few games, to try it out
    python benchmarks/bench_time_vs_depth.py --save course_lib/data/time_vs_depth.json

1. Calibration: alpha-beta to a fixed depth (fast tier, gain order, a table) plays itself from
   seeded four-ply openings, for each depth of ``--depths``; the wall time of every move is
   recorded. The depth whose mean time per move lies in the target range (50 to 100 ms, the one
   nearest 75 ms) is chosen, and its mean, rounded, becomes the per-move budget of the timed
   player (iterative deepening, the same options).
2. The match: timed (A) against fixed depth (B) in colour-swapped pairs from seeded openings
   (``RandomOpenings``: decided openings drawn again), one game at a time in this process, until
   a pentanomial SPRT with H0 = 0 Elo and H1 = 50 Elo (logistic), alpha = beta = 0.05, decides
   or ``--max-pairs`` pairs have been played (or ``--max-minutes`` have passed). The pentanomial test reads one result per pair:
   the two games of a pair share their opening, so their results are not independent, and the
   pair model counts that (and draws), where the lecture's win/loss test would treat the games
   as independent and ignore draws.
   The time each side used per move is recorded too, so that "equal time" can be checked.

Everything is seeded; the moves of the timed player depend on the machine's speed, so another
run gives other games. The load average is printed: on a busy machine a timed player gets less
done in its budget, a fixed depth only takes longer. ``--save`` writes the figures as JSON.
This is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from datetime import datetime, timezone

from course_lib.agents import make_agent
from course_lib.lessons.nb05 import Stopwatch
from course_lib.ataxx import State
from course_lib.match import RandomOpenings, play_game, run_match
from course_lib.match.arena import derive_seed
from course_lib.strength import Sprt, elo_estimate_pairs

OPTIONS = "order=gain,tt=1,tier=fast"
TARGET_MS = (50, 100)


def fixed_spec(depth: int) -> str:
    return f"alphabeta:depth={depth},{OPTIONS}"


def timed_spec(budget_ms: int) -> str:
    return f"alphabeta:time={budget_ms},{OPTIONS}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def calibrate(depth: int, pairs: int, seed: int) -> dict:
    """Fixed depth against itself: the wall time of every move, in ms."""
    openings = RandomOpenings(plies=4)
    ms: list[float] = []
    for pair in range(pairs):
        start = State.from_fen(openings.fen(pair, seed))
        for _ in range(2):                       # both colours, fresh agents each game
            sides = [Stopwatch(make_agent(fixed_spec(depth))) for _ in range(2)]
            play_game(*sides, start)
            ms += [t for side in sides for t in side.ms]
    return {"depth": depth, "spec": fixed_spec(depth), "games": 2 * pairs, "moves": len(ms),
            "mean_ms": statistics.mean(ms), "median_ms": statistics.median(ms),
            "p90_ms": percentile(ms, 0.9), "max_ms": max(ms)}


def per_move_ms(game, a: bool) -> tuple[float, int]:
    """(ms used, moves made) by A (``a=True``) or B in one arena game."""
    side = 0 if game.a_first == a else 1            # 0: the first player
    moves = (game.turns + 1) // 2 if side == 0 else game.turns // 2
    return game.time_used_ms[side], moves


def sprt_match(spec_a: str, spec_b: str, max_pairs: int, seed: int,
               max_minutes: float | None = None) -> dict:
    test = Sprt(elo0=0, elo1=50, alpha=0.05, beta=0.05, kind="pentanomial")
    used = {"A": [0.0, 0], "B": [0.0, 0]}
    deadline = None if max_minutes is None else time.perf_counter() + 60 * max_minutes

    def on_game(report, game) -> bool:
        for role in ("A", "B"):
            ms, moves = per_move_ms(game, role == "A")
            used[role][0] += ms
            used[role][1] += moves
        print(f"  game {game.index + 1:3}: A {game.outcome:4} ({game.reason}, {game.turns} "
              f"turns)", flush=True)
        if game.index % 2 == 1:
            state = test.add(report.games[-2].score_a + game.score_a)
            print(f"  pair {game.pair + 1:3}: LLR {test.llr:+.3f}", flush=True)
            return state != "continue" or (deadline is not None
                                           and time.perf_counter() > deadline)
        return False

    started = time.perf_counter()
    cpu = time.process_time()
    report = run_match(spec_a, spec_b, pairs=max_pairs, seed=seed, workers=0, progress=False,
                       on_game=on_game)
    estimate = elo_estimate_pairs(test.counts)
    return {
        "spec_a": spec_a, "spec_b": spec_b, "seed": seed, "max_pairs": max_pairs,
        "test": "pentanomial SPRT, H0 0 Elo, H1 50 Elo (logistic), alpha 0.05, beta 0.05",
        "decision": test.state, "max_minutes": max_minutes, "llr": test.llr, "lower_bound": test.lower_bound,
        "upper_bound": test.upper_bound, "llr_history": [round(x, 4) for x in test.llr_history],
        "pairs": sum(test.counts), "pentanomial": list(test.counts),
        "games": report.games_played, "wins": report.wins, "draws": report.draws,
        "losses": report.losses, "score": report.score,
        "elo": estimate.elo, "elo_low": estimate.elo_low, "elo_high": estimate.elo_high,
        "reasons": dict(report.reasons),
        "ms_per_move_a": used["A"][0] / max(1, used["A"][1]), "moves_a": used["A"][1],
        "ms_per_move_b": used["B"][0] / max(1, used["B"][1]), "moves_b": used["B"][1],
        "wall_seconds": time.perf_counter() - started,
        "cpu_seconds": time.process_time() - cpu,
    }


def matched_match(fixed: str, budget: int, max_pairs: int, seed: int,
                  max_minutes: float | None = None) -> dict:
    """Pairs one at a time; before each pair the timed player's budget is set so that the time
    it uses per move matches what the fixed depth has used per move so far in this match:
    (B's ms per move) / (the share of its budget A has used). Both sides then play under the
    same load, whatever else the machine is doing."""
    openings = RandomOpenings(plies=4)
    test = Sprt(elo0=0, elo1=50, alpha=0.05, beta=0.05, kind="pentanomial")
    used = {"A": [0.0, 0], "B": [0.0, 0]}
    budgets, results, reasons = [], [0, 0, 0], {}
    given_a = 0.0                                    # A's budgets summed over its moves
    started, cpu = time.perf_counter(), time.process_time()
    deadline = None if max_minutes is None else started + 60 * max_minutes
    for pair in range(max_pairs):
        fen = openings.fen(pair, seed)
        budgets.append(budget)
        report = run_match(timed_spec(budget), fixed, pairs=1, openings=[fen],
                           seed=derive_seed(seed, "pair", pair), workers=0, progress=False)
        for game in report.games:
            for role in ("A", "B"):
                ms, moves = per_move_ms(game, role == "A")
                used[role][0] += ms
                used[role][1] += moves
                if role == "A":
                    given_a += budget * moves
            results[{1.0: 0, 0.5: 1, 0.0: 2}[game.score_a]] += 1
            reasons[game.reason] = reasons.get(game.reason, 0) + 1
        state = test.add(report.games[0].score_a + report.games[1].score_a)
        b_ms = used["B"][0] / max(1, used["B"][1])
        share = used["A"][0] / given_a if given_a else 1.0
        budget = max(1, round(b_ms / max(share, 0.2)))
        print(f"  pair {pair + 1:3}: LLR {test.llr:+.3f}; ms per move so far A "
              f"{used['A'][0] / max(1, used['A'][1]):.1f}, B {b_ms:.1f}; next budget {budget}",
              flush=True)
        if state != "continue" or (deadline is not None and time.perf_counter() > deadline):
            break
    games = sum(results)
    estimate = elo_estimate_pairs(test.counts)
    return {
        "spec_a": timed_spec(budgets[0]).replace(f"time={budgets[0]}", "time=BUDGET"),
        "spec_b": fixed, "seed": seed, "max_pairs": max_pairs, "max_minutes": max_minutes,
        "budgets": budgets,
        "test": "pentanomial SPRT, H0 0 Elo, H1 50 Elo (logistic), alpha 0.05, beta 0.05",
        "decision": test.state, "llr": test.llr, "lower_bound": test.lower_bound,
        "upper_bound": test.upper_bound, "llr_history": [round(x, 4) for x in test.llr_history],
        "pairs": sum(test.counts), "pentanomial": list(test.counts),
        "games": games, "wins": results[0], "draws": results[1], "losses": results[2],
        "score": (results[0] + results[1] / 2) / games,
        "elo": estimate.elo, "elo_low": estimate.elo_low, "elo_high": estimate.elo_high,
        "reasons": reasons,
        "ms_per_move_a": used["A"][0] / max(1, used["A"][1]), "moves_a": used["A"][1],
        "ms_per_move_b": used["B"][0] / max(1, used["B"][1]), "moves_b": used["B"][1],
        "budget_used_share_a": used["A"][0] / given_a if given_a else None,
        "wall_seconds": time.perf_counter() - started,
        "cpu_seconds": time.process_time() - cpu,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few games, to try it out")
    parser.add_argument("--depths", type=int, nargs="+", default=[5, 6, 7])
    parser.add_argument("--calibration-pairs", type=int, default=3)
    parser.add_argument("--max-pairs", type=int, default=150)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--max-minutes", type=float, default=None,
                        help="stop the match after the pair that ends after this long")
    parser.add_argument("--matched", action="store_true",
                        help="match the timed player's time to the fixed depth's, pair by pair")
    parser.add_argument("--save", help="write the figures to this JSON file")
    args = parser.parse_args()
    if args.quick:
        args.calibration_pairs, args.max_pairs = 1, 3
    for spec in (fixed_spec(3), timed_spec(5)):              # load the compiled search first
        make_agent(spec).choose_move(State.start())
    load_before = os.getloadavg()
    print(f"load average {load_before[0]:.1f} on {os.cpu_count()} cores", flush=True)

    calibration = []
    for depth in args.depths:
        row = calibrate(depth, args.calibration_pairs, seed=args.seed + 1000)
        calibration.append(row)
        print(f"depth {depth}: {row['moves']} moves in {row['games']} games, mean "
              f"{row['mean_ms']:.1f} ms, median {row['median_ms']:.1f}, 90th percentile "
              f"{row['p90_ms']:.1f}, max {row['max_ms']:.0f}", flush=True)
    inside = [row for row in calibration if TARGET_MS[0] <= row["mean_ms"] <= TARGET_MS[1]]
    pool = inside or calibration
    chosen = min(pool, key=lambda row: abs(row["mean_ms"] - sum(TARGET_MS) / 2))
    budget = max(1, round(chosen["mean_ms"]))
    print(f"chosen: depth {chosen['depth']}, budget {budget} ms per move"
          + ("" if inside else " (no depth's mean fell in the target range)"), flush=True)

    if args.matched:
        match = matched_match(fixed_spec(chosen["depth"]), budget, args.max_pairs, args.seed,
                              args.max_minutes)
    else:
        match = sprt_match(timed_spec(budget), fixed_spec(chosen["depth"]), args.max_pairs,
                           args.seed, args.max_minutes)
    print(f"{match['spec_a']} (A) vs {match['spec_b']} (B): {match['decision']} after "
          f"{match['pairs']} pairs ({match['games']} games, +{match['wins']} ={match['draws']} "
          f"-{match['losses']}), pairs {match['pentanomial']}, LLR {match['llr']:.3f}; logistic Elo "
          f"{match['elo']:+.0f} (95% {match['elo_low']:+.0f} to {match['elo_high']:+.0f}); "
          f"ms per move: A {match['ms_per_move_a']:.1f}, B {match['ms_per_move_b']:.1f}; "
          f"{match['wall_seconds']:.0f} s wall", flush=True)
    load_after = os.getloadavg()
    print(f"load average {load_after[0]:.1f}", flush=True)
    if args.save:
        data = {
            "what": "notebook 05, section 4: a fixed depth against a time budget at equal time",
            "script": "benchmarks/bench_time_vs_depth.py "
                      + ("--matched " if args.matched else "") + " ".join(f"--{k.replace('_', '-')} {v}" for k, v in
                                 (("seed", args.seed), ("max_pairs", args.max_pairs),
                                  ("max_minutes", args.max_minutes),
                                  ("depths", " ".join(map(str, args.depths))),
                                  ("calibration_pairs", args.calibration_pairs))),
            "matched": args.matched,
            "date": datetime.now(timezone.utc).strftime("%Y-%m-%d"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python "
                       f"{platform.python_version()}",
            "load_average": [round(load_before[0], 2), round(load_after[0], 2)],
            "calibration": calibration, "chosen_depth": chosen["depth"], "budget_ms": budget,
            "match": match,
        }
        with open(args.save, "w") as handle:
            json.dump(data, handle, indent=1)
            handle.write("\n")
        print(f"written {args.save}")


if __name__ == "__main__":
    main()
