"""Does a protocol agent without a time control keep to the referee's game clock?

    python benchmarks/bench_agent_clock.py [--spec mcts:seed=1] [--opponent greedy]
                                           [--pairs 5] [--time-ms 10000] [--seed 0]
                                           [--openings random|start]

Plays ``--pairs`` colour-swapped pairs of refereed games (``python -m course_lib agent SPEC``
against ``python -m course_lib agent OPPONENT``, each side with ``--time-ms`` for the game, from
the arena's seeded random openings or from the start position), one game at a time, and prints every game (result, reason,
turns, the time each side used, the most SPEC used in one move) and a summary: wins, draws and
losses of SPEC, games lost on time, and the time SPEC used (least, mean, most). The spec is
played as a student would type it: a spec with no ``time=`` or ``game=`` key is held to a share
of its clock by the agent program itself. This is a script, not a test: the figures depend on
the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from course_lib.match.arena import Program, RandomOpenings
from course_lib.match.referee import referee


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spec", default="mcts:seed=1")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--time-ms", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--openings", choices=("random", "start"), default="random",
                        help="random: the arena's seeded 4-ply openings (default); start: every "
                             "game from the start position")
    parser.add_argument("--json", action="store_true", help="one JSON line per game too")
    args = parser.parse_args(argv)

    spec_argv = Program.from_spec(args.spec).argv()
    opponent_argv = Program.from_spec(args.opponent).argv()
    openings = RandomOpenings(plies=4)
    results = []
    started = time.perf_counter()
    print(f"{args.spec} against {args.opponent}, {args.time_ms} ms a side per game")
    for pair in range(args.pairs):
        fen = openings.fen(pair, args.seed) if args.openings == "random" else None
        for spec_first in (True, False):
            first, second = (spec_argv, opponent_argv) if spec_first else \
                (opponent_argv, spec_argv)
            game_started = time.perf_counter()
            side = 1 if spec_first else 2
            spent: list[float] = []
            result = referee(first, second, time_ms=args.time_ms, start_fen=fen,
                             on_move=lambda state, move, player, ms: spent.append(ms)
                             if player == side else None)
            score = 0.5 if result.winner == 0 else 1.0 if result.winner == side else 0.0
            used = result.time_used_ms[side - 1]
            results.append((score, result, side, used))
            print(f"pair {pair} {'x' if spec_first else 'o'}: score {score:g}, {result.reason}, "
                  f"{result.turns} turns, time used {args.spec} {used:.0f} ms / "
                  f"{args.opponent} {result.time_used_ms[2 - side]:.0f} ms, longest move "
                  f"{max(spent, default=0):.0f} ms, "
                  f"{time.perf_counter() - game_started:.1f} s wall", flush=True)
            if args.json:
                print(json.dumps({"pair": pair, "spec_side": side, **result.to_dict()}))
    wins = sum(1 for s, *_ in results if s == 1.0)
    draws = sum(1 for s, *_ in results if s == 0.5)
    losses = len(results) - wins - draws
    on_time = sum(1 for _, r, side, _ in results if r.reason == "timeout" and r.loser == side)
    used = [u for *_, u in results]
    print(f"\n{len(results)} games: {args.spec} +{wins} ={draws} -{losses}, "
          f"lost on time {on_time}; time used by {args.spec}: least {min(used):.0f} ms, "
          f"mean {statistics.mean(used):.0f} ms, most {max(used):.0f} ms of {args.time_ms}; "
          f"{time.perf_counter() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
