"""How well ``python -m course_lib uai`` keeps to ``go movetime``, over whole games.

    python benchmarks/bench_uai_clock.py                          # 2 games at 1000 ms, 6 at 100
    python benchmarks/bench_uai_clock.py --games 4 --movetime 1000 100 --hash 16
    python benchmarks/bench_uai_clock.py --checkout /path/to/an/older/checkout --checkout .

For each checkout (a folder holding ``course_lib``; default this one) and each movetime M, the
UAI program of that checkout (``--spec``, default no spec: guided MCTS keeping its tree) plays
``--games`` games from seeded four-ply random openings, colours alternating, against a second
copy of itself at a tenth of the time (as in a match at 10-to-1 time odds), both driven through
pipes as a tournament manager drives them. Every move of the timed program is timed from the
moment ``go movetime M`` is written to the moment its ``bestmove`` is read (the time a manager
charges), and printed: the most, the 99th percentile and the mean, the moves over M + 50 ms,
and the iterations a second of its searches (``nps`` of each move's last info line). The
same for the CPU time the program used from ``go`` to ``bestmove`` (read from /proc, in steps
of 10 ms): what it did, without the time it waited for a core on a busy machine.

Then, in one process per checkout, the tree's memory: a search of ``--probe-ms`` from a few
positions taken from the games, with the bytes of a tree row and the bytes the tree grows by
per iteration and per second, and the iterations a second. Last, what a small ``Hash`` costs
(``--small-hash``, default 16 MB): from the positions taken from the games, the moves chosen
with ``--small-hash-iterations`` (default 130,000, about a second) and that Hash, and with the
default Hash, each compared with the move of three times as many iterations with the default
Hash (a checkout whose full tree ends its search runs fewer iterations).

Checkouts are measured one after the other on the same machine in one run, so their figures can
be set side by side; the machine's load is printed with them. This is a script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from course_lib.match.play import random_opening

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYTHON = sys.executable


class Program:
    """A UAI program in a child process, with the course_lib of ``checkout``."""

    def __init__(self, checkout: str, spec: str | None, hash_mb: int | None) -> None:
        env = dict(os.environ, PYTHONPATH=checkout)
        command = [PYTHON, "-m", "course_lib", "uai"] + ([spec] if spec else [])
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1, env=env,
                                     cwd=checkout)
        self.send("uai")
        self.until("uaiok")
        if hash_mb is not None:
            self.send(f"setoption name Hash value {hash_mb}")
        self.send("isready")
        self.until("readyok")

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, head: str) -> list[str]:
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"the program ended before {head!r}")
            lines.append(line.strip())
            if line.startswith(head):
                return lines

    def cpu_ms(self) -> float | None:
        """The CPU time the program has used (ms, in steps of a clock tick: 10 ms), from
        /proc; None where there is no /proc."""
        try:
            with open(f"/proc/{self.proc.pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def move(self, position: str, movetime: int) -> tuple[str, float, float | None,
                                                         int | None]:
        """The move, the wall time and the CPU time (ms) from ``go`` to ``bestmove``, and the
        last nps."""
        self.send(position)
        cpu = self.cpu_ms()
        started = time.perf_counter()
        self.send(f"go movetime {movetime}")
        lines = self.until("bestmove")
        wall = (time.perf_counter() - started) * 1000
        after = self.cpu_ms()
        used = None if cpu is None or after is None else after - cpu
        nps = None
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "nps" in words:
                nps = int(words[words.index("nps") + 1])
        return lines[-1].split()[1], wall, used, nps

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def play_games(checkout: str, spec: str | None, hash_mb: int | None, movetime: int,
               games: int, seed: int) -> tuple[list[float], list[float], list[int], list[str]]:
    """The timed program's wall and CPU times a move (ms) and rates over ``games`` games, and
    the FENs seen."""
    timed = Program(checkout, spec, hash_mb)
    other = Program(checkout, spec, hash_mb)
    walls: list[float] = []
    cpus: list[float] = []
    rates: list[int] = []
    fens: list[str] = []
    try:
        for game in range(games):
            for program in (timed, other):
                program.send("uainewgame")
            start = random_opening(4, seed + game)
            state, moves = start, []
            timed_side = 1 + game % 2
            while not state.is_over():
                position = f"position fen {start.fen()}" + (
                    " moves " + " ".join(moves) if moves else "")
                if state.to_move == timed_side:
                    move, wall, cpu, nps = timed.move(position, movetime)
                    walls.append(wall)
                    if cpu is not None:
                        cpus.append(cpu)
                    if nps:
                        rates.append(nps)
                    if len(fens) < 6 * (game + 1) and state.turns % 8 == 0:
                        fens.append(state.fen())
                else:
                    move = other.move(position, max(1, movetime // 10))[0]
                moves.append(move)
                state = state.play(move)
    finally:
        timed.close()
        other.close()
    return walls, cpus, rates, fens


PROBE = r"""
import json, sys, time
from course_lib.agents import make_agent
from course_lib.ataxx import State
from course_lib.match.uai_mcts import DEFAULT_SPEC
fens, ms = json.loads(sys.argv[1]), float(sys.argv[2])
agent = make_agent(sys.argv[3] or DEFAULT_SPEC)
agent.warm_up()
rows = bytes_ = iterations = seconds = 0
for fen in fens:
    agent.reset()
    agent.iterations, agent.time_ms = None, ms
    agent.search(State.from_fen(fen))
    rows += agent.stats.tree_nodes
    bytes_ += agent.tree_bytes
    iterations += agent.stats.iterations
    seconds += agent.stats.seconds
print(json.dumps({"row_bytes": bytes_ / rows, "bytes_per_iteration": bytes_ / iterations,
                  "mb_per_second": bytes_ / seconds / 1e6, "rate": iterations / seconds}))
"""


SMALL_HASH = r"""
import json, sys
from course_lib.agents import make_agent
from course_lib.ataxx import State
from course_lib.match.uai_mcts import DEFAULT_SPEC
fens, iterations, hash_mb = json.loads(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
agent = make_agent(sys.argv[4] or DEFAULT_SPEC)
found = []
for fen in fens:
    if hash_mb:
        agent.max_tree_mb = hash_mb
    agent.reset()
    agent.iterations, agent.time_ms = iterations, None
    move = agent.search(State.from_fen(fen)).move
    found.append((move.uai(), agent.stats.iterations))
print(json.dumps(found))
"""


def small_hash(checkout: str, spec: str | None, fens: list[str], iterations: int,
               hash_mb: float) -> list:
    """The move and the iterations run of ``checkout``'s agent with ``hash_mb`` (0: the
    default) and ``iterations`` from each of ``fens``."""
    env = dict(os.environ, PYTHONPATH=checkout)
    out = subprocess.run([PYTHON, "-c", SMALL_HASH, json.dumps(fens), str(iterations),
                          str(hash_mb), spec or ""],
                         capture_output=True, text=True, env=env, cwd=checkout, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def probe(checkout: str, spec: str | None, fens: list[str], ms: float) -> dict:
    """The tree's memory and the search rate of ``checkout``'s agent (see the docstring)."""
    env = dict(os.environ, PYTHONPATH=checkout)
    out = subprocess.run([PYTHON, "-c", PROBE, json.dumps(fens), str(ms), spec or ""],
                         capture_output=True, text=True, env=env, cwd=checkout, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", action="append", default=None,
                        help="a folder holding course_lib (repeat to compare; default: this one)")
    parser.add_argument("--spec", default=None, help="the UAI spec (default: none, guided MCTS)")
    parser.add_argument("--hash", type=int, default=None, help="setoption Hash (MB)")
    parser.add_argument("--movetime", type=int, nargs="+", default=[1000, 100])
    parser.add_argument("--games", type=int, nargs="+", default=[2, 6],
                        help="games at each movetime (one number for all)")
    parser.add_argument("--probe-ms", type=float, default=1000.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small-hash", type=float, default=16,
                        help="the Hash (MB) of the small-tree comparison (0: leave it out)")
    parser.add_argument("--small-hash-iterations", type=int, default=130_000)
    args = parser.parse_args()
    checkouts = [os.path.abspath(path) for path in (args.checkout or [HERE])]
    games = args.games * len(args.movetime) if len(args.games) == 1 else args.games
    print(f"load average at the start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores); "
          f"spec {args.spec or 'none (guided MCTS)'}, Hash {args.hash or 'default'}")
    fens: list[str] = []
    for checkout in checkouts:
        print(f"\n{checkout}")
        for movetime, count in zip(args.movetime, games):
            walls, cpus, rates, seen = play_games(checkout, args.spec, args.hash, movetime,
                                                  count, args.seed)
            fens = fens or seen
            over = sum(1 for wall in walls if wall > movetime + 50)
            rate = f", {sum(rates) / len(rates) / 1000:.0f} k iterations/s" if rates else ""
            print(f"  movetime {movetime:>5} ms, {count} games, {len(walls)} moves: "
                  f"max {max(walls):.0f}  p99 {percentile(walls, 0.99):.0f}  "
                  f"mean {sum(walls) / len(walls):.0f} ms; {over} over {movetime + 50} ms"
                  f"{rate}  (load {os.getloadavg()[0]:.2f})", flush=True)
            if cpus:
                print(f"  {'':>5}  CPU time a move: max {max(cpus):.0f}  p99 "
                      f"{percentile(cpus, 0.99):.0f}  mean {sum(cpus) / len(cpus):.0f} ms",
                      flush=True)
    for checkout in checkouts:
        found = probe(checkout, args.spec, fens[:6], args.probe_ms)
        print(f"{checkout}: tree row {found['row_bytes']:.0f} bytes, "
              f"{found['bytes_per_iteration']:.0f} bytes per iteration, "
              f"{found['mb_per_second']:.0f} MB per second of search, "
              f"{found['rate'] / 1000:.0f} k iterations/s ({args.probe_ms:.0f} ms searches "
              f"from {len(fens[:6])} positions; load {os.getloadavg()[0]:.2f})", flush=True)
    if args.small_hash:
        n = args.small_hash_iterations
        reference = [move for move, _ in small_hash(checkouts[-1], args.spec, fens, 3 * n, 0)]
        print(f"\nHash {args.small_hash:g} MB, {n} iterations asked, from {len(fens)} "
              f"positions: the moves that {3 * n} iterations with the default Hash of "
              f"{checkouts[-1]} choose")
        for checkout in checkouts:
            for hash_mb in (0, args.small_hash):
                found = small_hash(checkout, args.spec, fens, n, hash_mb)
                same = sum(move == best for (move, _), best in zip(found, reference))
                ran = sum(count for _, count in found) / len(found)
                print(f"  {checkout}, Hash {hash_mb or 'default'}: {ran:.0f} iterations run "
                      f"on average, the same move in {same} of {len(fens)}", flush=True)


if __name__ == "__main__":
    main()
