"""The value network's speed, side by side in one run: evaluations per second from a full
accumulator and from the parent's (incremental), against the n-tuple network; training
positions per second; and what the searches make of it (engine nodes per second, guided MCTS
iterations and evaluations per second) with each evaluation.

    python benchmarks/bench_network.py [--positions 2000] [--network PATH] [--seconds 1]

Positions: seeded random games (``--seed``), every position of each; every child of each
position is scored, as the searches do one ply above their leaves (the engine) or when a node
grows (guided MCTS). Rates are per CPU second of this process (``time.process_time``), the best
of three runs, so that a busy machine slows the wall clock but not the figures much; the load
average is printed. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
from numba import njit

from course_lib.ataxx import State, fast
from course_lib.ataxx._bitboard import MOVE_BUFFER, _apply_move, _empty_squares, _generate_moves
from course_lib.learn._network_kernels import _accumulate, _child_eval, network_eval
from course_lib.learn.network import load_network
from course_lib.learn.ntuple import learned_eval, load_weights

U0 = np.uint64(0)


@njit(cache=True)
def children_full(me: np.ndarray, opp: np.ndarray, net: np.ndarray) -> tuple[int, int]:
    moves = np.empty(MOVE_BUFFER, dtype=np.int64)
    total = 0
    count = 0
    for i in range(me.shape[0]):
        n = _generate_moves(me[i], _empty_squares(me[i], opp[i], U0), moves, False)
        for j in range(n):
            mine, theirs = _apply_move(me[i], opp[i], moves[j])
            total += network_eval(theirs, mine, net)
            count += 1
    return total, count


@njit(cache=True)
def children_incremental(me: np.ndarray, opp: np.ndarray, net: np.ndarray) -> tuple[int, int]:
    moves = np.empty(MOVE_BUFFER, dtype=np.int64)
    parent = np.empty(net.shape[1], dtype=np.int16)
    scratch = np.empty(net.shape[1], dtype=np.int16)
    total = 0
    count = 0
    for i in range(me.shape[0]):
        n = _generate_moves(me[i], _empty_squares(me[i], opp[i], U0), moves, False)
        _accumulate(opp[i], me[i], net, parent)
        for j in range(n):
            mine, theirs = _apply_move(me[i], opp[i], moves[j])
            total += _child_eval(parent, scratch, net, me[i], opp[i], mine, theirs)
            count += 1
    return total, count


@njit(cache=True)
def children_ntuple(me: np.ndarray, opp: np.ndarray, table: np.ndarray) -> tuple[int, int]:
    moves = np.empty(MOVE_BUFFER, dtype=np.int64)
    total = 0
    count = 0
    for i in range(me.shape[0]):
        n = _generate_moves(me[i], _empty_squares(me[i], opp[i], U0), moves, False)
        for j in range(n):
            mine, theirs = _apply_move(me[i], opp[i], moves[j])
            total += learned_eval(theirs, mine, U0, table)
            count += 1
    return total, count


def positions(count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(me, opp) of ``count`` positions still in play from seeded random games."""
    rng = np.random.default_rng(seed)
    me, opp = [], []
    while len(me) < count:
        fs = fast.START
        while not fast.is_over(fs) and len(me) < count:
            a, b = fast._mover(fs)
            me.append(a)
            opp.append(b)
            moves = fast.legal_moves(fs)
            fs = fast.apply(fs, int(moves[rng.integers(len(moves))]))
    return np.array(me, dtype=np.uint64), np.array(opp, dtype=np.uint64)


def best_rate(function, *args) -> tuple[float, int]:
    """(calls per CPU second, the result's total) of the best of three runs."""
    function(*(a[:5] if isinstance(a, np.ndarray) and a.ndim == 1 else a for a in args))
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        total, count = function(*args)
        best = min(best, time.process_time() - started)
    return count / best, total


def search_rates(spec: str, states: list[State], seconds: float) -> str:
    from course_lib.agents import make_agent
    agent = make_agent(spec)
    agent.warm_up()
    work = evaluations = 0
    cpu = 0.0
    for state in states:
        started = time.process_time()
        agent.choose_move(state)
        cpu += time.process_time() - started
        if hasattr(agent, "stats") and hasattr(agent.stats, "iterations"):
            work += agent.stats.iterations
            evaluations += agent.evaluations
        else:
            work += agent.last_result.stats.nodes
    if hasattr(agent, "evaluations"):
        return (f"{work / cpu:12,.0f} iterations/s  {evaluations / cpu:12,.0f} evaluations/s "
                f"({evaluations / max(work, 1):.1f} an iteration)")
    return f"{work / cpu:12,.0f} nodes/s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--network", default=None, help="the value network (default: shipped)")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="time per move of the searches (default 1)")
    parser.add_argument("--searches", type=int, default=6,
                        help="positions the searches are timed on (default 6)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} before")
    net = load_network(args.network)
    table = load_weights().table
    me, opp = positions(args.positions, args.seed)
    full, total_full = best_rate(children_full, me, opp, net.packed)
    incremental, total_incremental = best_rate(children_incremental, me, opp, net.packed)
    ntuple, _ = best_rate(children_ntuple, me, opp, table)
    assert total_full == total_incremental          # the same scores, both ways
    print(f"children of {len(me)} positions from seeded random games, scored one by one "
          f"(evaluations per CPU second, best of 3):")
    print(f"  value network ({net.hidden} hidden), full accumulator     {full:12,.0f}")
    print(f"  value network, from the parent's accumulator  {incremental:12,.0f}"
          f"   x{incremental / full:.2f} the full one")
    print(f"  n-tuple network (course_lib.learn.ntuple)      {ntuple:12,.0f}"
          f"   x{ntuple / incremental:.2f} the incremental one")

    from course_lib.learn._train_kernels import train_batch
    from course_lib.learn.network import NetworkWeights
    start = NetworkWeights.random(net.hidden, 1)
    params = (start.w1.copy(), start.b1.copy(), start.w2.copy(),
              np.array([0.0], dtype=np.float32))
    moments = tuple(np.zeros_like(p) for p in params for _ in range(2))
    grads = tuple(np.zeros_like(p) for p in params)
    target = np.full(len(me), 0.5, dtype=np.float32)
    rows = np.arange(len(me))
    images = np.arange(len(me)) % 8
    train_batch(me, opp, target, rows[:64], images[:64], params, moments, grads, 1, 1e-3)
    started = time.process_time()
    for at in range(0, len(rows), 4096):
        train_batch(me, opp, target, rows[at:at + 4096], images[at:at + 4096], params,
                    moments, grads, 2, 1e-3)
    print(f"  training (forward, backward, Adam; batches of 4096) {len(rows) / (time.process_time() - started):8,.0f} "
          "positions per CPU second")

    rng = np.random.default_rng(args.seed)
    picks = rng.choice(len(me), size=args.searches, replace=False)
    states = [fast.from_fast(fast.FastState(me[i], opp[i], U0, 1, 0, 0)) for i in picks]
    states = [s for s in states if not s.is_over()]
    ms = int(args.seconds * 1000)
    network = f",weights={args.network}" if args.network else ""
    print(f"searches of {ms} ms on {len(states)} of these positions (per CPU second):")
    for spec in (f"engine:time={ms},eval=learned", f"engine:time={ms},eval=network{network}",
                 f"mcts:tier=fast,time={ms},value=learned,prior=learned",
                 f"mcts:tier=fast,time={ms},value=learned,prior=learned,eval=network"
                 f"{network}"):
        print(f"  {spec:70} {search_rates(spec, states, args.seconds)}")
    print(f"load average {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
