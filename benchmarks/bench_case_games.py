"""Speed of the case-study games, Othello and Gomoku, in one run.

    python benchmarks/bench_case_games.py [--repeat N] [--json]

Prints:
  - Othello perft from the start: readable tier at depth 6, numba tier at depths 8 and 10
    (the numba kernels count the leaves of the last ply without playing them), leaves/s;
  - Othello alpha-beta (readable tier, research map) at depth 5 from the start: nodes, time;
  - Gomoku pattern evaluation: one call on a child whose parent is scored (4 lines rescanned)
    against one full-board scan, microseconds per call, on positions of a seeded random game;
  - Gomoku alpha-beta (readable tier, patterns) at depth 3 and 4 on a middle-game position in
    the game restricted to radius 1 and 2: nodes, time;
  - the numba tier's alpha-beta (same nodes as the readable one): Othello at depth 9 from the
    start (research map), Gomoku at depth 4 (radius 1 and 2) and 6 (radius 1, the Gomoku
    project's "depth 3") on the same middle-game position.

Timings are the best of ``--repeat`` runs (default 3; 1 for the searches) after a warm-up, as
wall-clock seconds. On a busy machine expect +-30 percent. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import time

from course_lib.agents import RandomAgent
from course_lib.agents.search import search
from course_lib.games.gomoku import Gomoku, pattern_score_full, patterns
from course_lib.games.othello import Othello, perft, research_map
from course_lib.games.gomoku_fast import fast_gomoku_alphabeta
from course_lib.games.othello_fast import fast_alphabeta, fast_perft

MIDDLE_GAME = ["h8", "h9", "i9", "g7", "j10", "i8", "g9", "k11", "f8", "g8", "i10", "f10"]
"""Twelve stones around the centre (six each): black (x) to move."""


def best(repeat: int, function):
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: dict[str, dict] = {}

    fast_perft(Othello(), 2)                                    # load the compiled kernels
    seconds, leaves = best(args.repeat, lambda: perft(Othello(), 6))
    rows["othello perft 6, readable"] = {"leaves": leaves, "seconds": seconds}
    for depth in (8, 10):
        seconds, leaves = best(args.repeat, lambda: fast_perft(Othello(), depth))
        rows[f"othello perft {depth}, numba"] = {"leaves": leaves, "seconds": seconds}
    seconds, result = best(1, lambda: search(Othello(), depth=5, evaluation=research_map))
    rows["othello alpha-beta depth 5, research map"] = {
        "nodes": result.stats.nodes, "seconds": seconds, "move": result.move}

    agent, state, positions = RandomAgent(seed=5), Gomoku(), []
    while not state.is_over():
        positions.append(state)
        state = state.apply(agent.choose_move(state))
    for p in positions:
        patterns(p, 1)                       # every position scored, so children update

    def incremental() -> int:
        total = 0
        for p in positions:
            if not p.is_over():
                child = p.apply(p.legal_moves()[len(p.legal_moves()) // 2])
                total += patterns(child, 1)
        return total

    def full() -> int:
        return sum(pattern_score_full(p, 1) for p in positions if not p.is_over())

    calls = sum(1 for p in positions if not p.is_over())
    seconds, _ = best(args.repeat, incremental)
    rows["gomoku patterns, 4 lines rescanned (with the child's apply)"] = {
        "calls": calls, "microseconds per call": 1e6 * seconds / calls}
    seconds, _ = best(args.repeat, full)
    rows["gomoku patterns, full-board scan"] = {
        "calls": calls, "microseconds per call": 1e6 * seconds / calls}

    for radius in (1, 2):
        for depth in (3, 4):
            start = Gomoku(radius=radius)
            for move in MIDDLE_GAME:
                start = start.play(move)
            seconds, result = best(1, lambda: search(start, depth=depth, evaluation=patterns))
            rows[f"gomoku alpha-beta depth {depth}, radius {radius}"] = {
                "root moves": len(start.legal_moves()), "nodes": result.stats.nodes,
                "seconds": seconds, "move": result.move}

    fast_alphabeta(Othello(), 2, "research")                     # load the compiled kernels
    seconds, result = best(args.repeat, lambda: fast_alphabeta(Othello(), 9, "research"))
    rows["othello alpha-beta depth 9, research map, numba"] = {
        "nodes": result.stats.nodes, "seconds": seconds, "move": result.move}
    fast_gomoku_alphabeta(Gomoku(radius=1).play("h8"), 2)
    for radius, depth in ((1, 4), (2, 4), (1, 6)):
        start = Gomoku(radius=radius)
        for move in MIDDLE_GAME:
            start = start.play(move)
        seconds, result = best(1, lambda: fast_gomoku_alphabeta(start, depth))
        rows[f"gomoku alpha-beta depth {depth}, radius {radius}, numba"] = {
            "root moves": len(start.legal_moves()), "nodes": result.stats.nodes,
            "seconds": seconds, "move": result.move}

    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for name, row in rows.items():
        cells = ", ".join(f"{k} {v:,.3f}" if isinstance(v, float) else f"{k} {v:,}"
                          if isinstance(v, int) else f"{k} {v}" for k, v in row.items())
        print(f"{name:<60} {cells}")


if __name__ == "__main__":
    main()
