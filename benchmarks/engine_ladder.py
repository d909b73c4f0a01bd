"""The engine's Elo ladder: for each technique, an SPRT of the engine against the engine
without it, and the result appended to ``course_lib/data/engine_ladder.json``.

    nice -n 10 python benchmarks/engine_ladder.py                     # every technique
    nice -n 10 python benchmarks/engine_ladder.py --only tt,lmr --max-games 300
    python benchmarks/engine_ladder.py --show                          # the stored records
    nice -n 10 python benchmarks/engine_ladder.py --mcts --workers 2   # guided MCTS's rungs

Each rung is the course's own test, ``python -m course_lib sprt A B`` with ``--model
pentanomial --scale normalized --elo0 0 --elo1 10`` (normalized Elo bounds [0, 10], alpha =
beta = 0.05, as fishtest tests a gain), A = ``engine:time=MS,hash=H`` (the default switches)
and B = A with the technique off (``lmr=0``, ...; null-move pruning, off by default, is on in
A, and the ``learned`` rung is A with ``eval=learned`` against material), at a fixed time per
move (default 20 ms), from the arena's seeded random openings (4 random plies, drawn again where a 5-ply search finds the
game decided), both colours from each opening, games played one at a time
(``--workers``, default 1). A rung stops at a decision or at ``--max-games``; the whole run
starts no rung after ``--budget-minutes``. Every rung appends one record, decided or not:
"accepted" (H1: the technique gains at least about 10 normalized Elo), "rejected" (H0: it does
not gain), or "undecided" at the cap, with the games, the pentanomial counts, the LLR, the Elo
estimate and its interval, the date and the machine.

With ``--mcts`` the rungs are guided MCTS's (``MCTS_TECHNIQUES``), A =
``mcts:tier=fast,value=learned,prior=learned,time=MS`` (default 50 ms) with the technique
and B without it, and the records go to ``course_lib/data/mcts_ladder.json``.

This is a script, not a test: its moves depend on the machine's speed and load. The engine's
ladder that decides its default is ``python -m course_lib ladder`` (``course_lib.match.ladder``:
a fixed node budget, bounds per technique, no cap its expected length does not justify); this
script keeps the 20 ms records notebook 11 shows and guided MCTS's rungs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "course_lib" / "data" / "engine_ladder.json"
MCTS_DATA = ROOT / "course_lib" / "data" / "mcts_ladder.json"
GUIDED = "mcts:tier=fast,value=learned,prior=learned"
MCTS_TECHNIQUES = ["reuse", "solver"]
"""Guided MCTS's rungs: ``reuse`` keeps the subtree of the position reached from the last
search, ``solver`` proves wins and losses in the tree and plays by them."""
TECHNIQUES = ["tt", "pvs", "order", "lmr", "history", "aspiration", "nullmove", "killers",
              "learned"]
"""The rungs, in the order they are run (the largest expected gains first). ``learned`` is the
evaluation: A scores its leaves with the learned network (``eval=learned``), B with material."""


def specs(technique: str, ms: int, hash_mb: int) -> tuple[str, str]:
    """(A, B) of a rung: A has the technique, B is A without it."""
    if technique in MCTS_TECHNIQUES:
        base = f"{GUIDED},time={ms}"
        return f"{base},{technique}=1", base
    base = f"engine:time={ms},hash={hash_mb}"
    if technique == "learned":
        return f"{base},eval=learned", base
    if technique == "nullmove":                   # off by default: A turns it on
        return f"{base},nullmove=1", base
    return base, f"{base},{technique}=0"


def rung(technique: str, ms: int, hash_mb: int, max_games: int, seed: int,
         workers: int) -> dict:
    spec_a, spec_b = specs(technique, ms, hash_mb)
    command = [sys.executable, "-m", "course_lib", "sprt", spec_a, spec_b,
               "--model", "pentanomial", "--scale", "normalized", "--elo0", "0",
               "--elo1", "10", "--max-games", str(max_games), "--seed", str(seed),
               "--workers", str(workers), "--json"]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"the sprt command failed: {done.stderr.strip()}")
    run = json.loads(done.stdout)
    result = {"accept H1": "accepted", "accept H0": "rejected"}.get(run["decision"],
                                                                      "undecided")
    return {
        "technique": technique, "spec_a": spec_a, "spec_b": spec_b,
        "test": "sprt pentanomial", "scale": "normalized", "elo0": 0, "elo1": 10,
        "alpha": run["alpha"], "beta": run["beta"],
        "llr_bounds": [round(run["lower_bound"], 4), round(run["upper_bound"], 4)],
        "result": result, "stopped_by": run["stopped_by"], "max_games": max_games,
        "games": run["games"], "wins": run["wins"], "draws": run["draws"],
        "losses": run["losses"], "pentanomial": run["pentanomial"],
        "llr": round(run["llr"], 4), "score": round(run["score"], 4),
        "elo": None if run["elo"] is None else round(run["elo"], 1),
        "elo_low": None if run["elo_low"] is None else round(run["elo_low"], 1),
        "elo_high": None if run["elo_high"] is None else round(run["elo_high"], 1),
        "los": round(run["los"], 4), "reasons": run["reasons"], "seed": seed,
        "openings": "4 seeded random plies, decided openings drawn again (depth 5)",
        "time_per_move_ms": ms, "workers": workers,
        "seconds": round(time.perf_counter() - started, 1),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores shared, "
                   f"load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}",
    }


def load(path: Path = DATA) -> list[dict]:
    return json.loads(path.read_text()) if path.exists() else []


def show(records: list[dict]) -> None:
    print(f"{'technique':11} {'result':10} {'games':>5} {'penta (0..2)':>20} {'LLR':>7} "
          f"{'Elo':>7} {'95% interval':>17}")
    for r in records:
        elo = "inf" if r["elo"] is None else f"{r['elo']:+.1f}"
        low = "-inf" if r["elo_low"] is None else f"{r['elo_low']:+.0f}"
        high = "inf" if r["elo_high"] is None else f"{r['elo_high']:+.0f}"
        print(f"{r['technique']:11} {r['result']:10} {r['games']:>5} "
              f"{' '.join(map(str, r['pentanomial'])):>20} {r['llr']:>7.3f} {elo:>7} "
              f"{low + ' to ' + high:>17}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mcts", action="store_true",
                        help="guided MCTS's rungs (" + ", ".join(MCTS_TECHNIQUES) + ")")
    parser.add_argument("--only", help="techniques to test, comma-separated (default: all, "
                        "in order)")
    parser.add_argument("--ms", type=int, help="time per move (default 20; 50 with --mcts)")
    parser.add_argument("--hash", type=int, default=4, help="MB of table (default 4)")
    parser.add_argument("--max-games", type=int, default=300)
    parser.add_argument("--budget-minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--show", action="store_true", help="print the stored records")
    args = parser.parse_args()
    techniques, data = (MCTS_TECHNIQUES, MCTS_DATA) if args.mcts else (TECHNIQUES, DATA)
    ms = args.ms if args.ms is not None else (50 if args.mcts else 20)
    if args.show:
        show(load(data))
        return
    chosen = [t.strip() for t in (args.only or ",".join(techniques)).split(",") if t.strip()]
    unknown = [t for t in chosen if t not in techniques]
    if unknown:
        print(f"error: unknown technique {unknown[0]!r}; the techniques are "
              + ", ".join(techniques), file=sys.stderr)
        raise SystemExit(2)
    started = time.perf_counter()
    for technique in chosen:
        if time.perf_counter() - started > 60 * args.budget_minutes:
            print(f"budget spent: {technique} and after not run", flush=True)
            break
        record = rung(technique, ms, args.hash, args.max_games, args.seed, args.workers)
        records = load(data)
        records.append(record)
        data.write_text(json.dumps(records, indent=1) + "\n")
        show([record])
        sys.stdout.flush()


if __name__ == "__main__":
    main()
