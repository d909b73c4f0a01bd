"""Guided MCTS (the learned evaluation as leaf value and PUCT priors) against plain fast MCTS
and against the engine, at the same time per move.

    python benchmarks/bench_mcts_guided.py                     # 20 games each at 50 ms a move
    python benchmarks/bench_mcts_guided.py --games 100 --ms 100
    python benchmarks/bench_mcts_guided.py --against plain engine engine-learned
    python benchmarks/bench_mcts_guided.py --guided "mcts:tier=fast,value=learned,prior=learned,c=1"

Each match is played with the course's arena (``course_lib.match.run_match``): colour-swapped
pairs of games from seeded four-ply random openings (decided ones drawn again), one game at a
time in this process (``--workers`` for more), every agent built from its spec string.
Printed per match: wins, draws and losses of the guided agent, its score, and its Elo
difference with the 95 percent interval of the pentanomial model (pairs are the independent
samples), and the ms per move each side used.

Then the search rate of each agent at the same time per move, on positions taken from the
games played (every ``--every`` plies of each game): iterations per second for MCTS (with the
tree's nodes per second for the guided agent, which creates all the children of a node at
once), nodes per second for the engine (as its statistics count them) and its depth. The
weights are the shipped ones (``course_lib/data/learned_eval.npz``, ``python -m course_lib
learn`` makes them).

The games depend on the machine's speed (time per move); expect wide intervals with few games.
This is a script, not a test.
"""

from __future__ import annotations

import argparse
import os
import time

from course_lib.agents import make_agent
from course_lib.ataxx import State
from course_lib.match import RandomOpenings, run_match
from course_lib.strength import elo_estimate_pairs


def play(spec_a: str, spec_b: str, games: int, seed: int, workers: int) -> tuple:
    """A match of ``games`` games (pairs, rounded up); the report and A's and B's ms a move."""
    used = {"A": [0.0, 0], "B": [0.0, 0]}

    def on_game(report, game) -> bool:
        for role, is_a in (("A", True), ("B", False)):
            side = 0 if game.a_first == is_a else 1
            used[role][0] += game.time_used_ms[side]
            used[role][1] += (game.turns + 1) // 2 if side == 0 else game.turns // 2
        return False

    report = run_match(spec_a, spec_b, pairs=(games + 1) // 2, seed=seed, workers=workers,
                       progress=False, openings=RandomOpenings(plies=4), on_game=on_game)
    ms = {role: total / max(1, moves) for role, (total, moves) in used.items()}
    return report, ms["A"], ms["B"]


def describe(report, ms_a: float, ms_b: float) -> str:
    estimate = elo_estimate_pairs(report.pentanomial)
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(report.reasons.items()))
    return (f"  +{report.wins} ={report.draws} -{report.losses} of {report.games_played} games, "
            f"score {report.score:.1%}, logistic Elo {estimate.elo:+.0f} (95% {estimate.elo_low:+.0f} "
            f"to {estimate.elo_high:+.0f}), pairs {report.pentanomial}\n"
            f"  endings: {reasons}; ms a move: guided {ms_a:.1f}, other {ms_b:.1f}; "
            f"{report.seconds:.0f} s")


def positions_of(reports: list, every: int, limit: int) -> list[State]:
    """Positions from the games played: every ``every`` plies, game over excluded."""
    found: list[State] = []
    for report in reports:
        for game in report.games:
            state = State.from_fen(game.opening_fen)
            for ply, move in enumerate(game.moves):
                if ply % every == 0 and not state.is_over():
                    found.append(state)
                state = state.play(move)
    step = max(1, len(found) // limit)
    return found[::step][:limit]


def search_rate(spec: str, positions: list[State]) -> str:
    """Iterations (MCTS) or nodes (engine) per second over one search of each position."""
    agent = make_agent(spec)
    agent.warm_up()
    seconds = iterations = nodes = depth = 0.0
    for state in positions:
        if hasattr(agent, "reset"):
            agent.reset()
        started = time.perf_counter()
        agent.choose_move(state)
        seconds += time.perf_counter() - started
        stats = agent.last_result.stats
        iterations += getattr(stats, "iterations", 0)
        nodes += getattr(stats, "tree_nodes", 0) if hasattr(stats, "iterations") else stats.nodes
        depth += agent.last_result.depth
    depth /= len(positions)
    if iterations:
        return (f"{spec}: {iterations / seconds:,.0f} iterations/s, {nodes / seconds:,.0f} "
                f"tree nodes/s, mean deepest node {depth:.1f} plies")
    return f"{spec}: {nodes / seconds:,.0f} nodes/s as the engine counts them, mean depth " \
           f"{depth:.1f} plies"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match (pairs)")
    parser.add_argument("--ms", type=int, default=50, help="time per move of every agent")
    parser.add_argument("--seed", type=int, default=1, help="seed of the openings")
    parser.add_argument("--workers", type=int, default=0, help="game processes (0: this one)")
    parser.add_argument("--guided", default=None,
                        help="guided spec (default mcts:tier=fast,time=MS,value=learned,"
                             "prior=learned); time=MS is added when it has no time")
    parser.add_argument("--against", nargs="+", default=["plain", "engine"],
                        help="opponents: plain (fast MCTS), engine, engine-learned (the engine "
                             "with the same learned evaluation), or spec strings")
    parser.add_argument("--positions", type=int, default=20,
                        help="positions for the search rates (0: no rates)")
    parser.add_argument("--every", type=int, default=10, help="plies between those positions")
    args = parser.parse_args(argv)
    if args.games < 1 or args.ms < 1:
        parser.error("--games and --ms must be at least 1")

    guided = args.guided or f"mcts:tier=fast,time={args.ms},value=learned,prior=learned"
    if "time=" not in guided:
        guided += f",time={args.ms}"
    named = {"plain": f"mcts:tier=fast,time={args.ms}", "engine": f"engine:time={args.ms}",
             "engine-learned": f"engine:time={args.ms},eval=learned"}
    opponents = [named.get(name, name) for name in args.against]
    agent = make_agent(guided)                          # reads the weights, or says why not
    for spec in [guided] + opponents:
        make_agent(spec).choose_move(State.start())     # compiled code loaded before the clock
    weights = agent.weights
    print(f"{guided}: weights {len(weights.weights)} (win_scale {weights.win_scale:.0f}, "
          f"prior temperature {agent.temperature:.0f}); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)

    reports = []
    for k, opponent in enumerate(opponents):
        report, ms_a, ms_b = play(guided, opponent, args.games, args.seed + 100 * k,
                                  args.workers)
        reports.append(report)
        print(f"{guided} against {opponent}:\n{describe(report, ms_a, ms_b)}", flush=True)

    if args.positions:
        positions = positions_of(reports, args.every, args.positions)
        print(f"search rates, {args.ms} ms a move, {len(positions)} positions from the games:")
        for spec in [guided] + opponents:
            print("  " + search_rate(spec, positions), flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
