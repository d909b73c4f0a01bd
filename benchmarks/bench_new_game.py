"""What a new game costs the alpha-beta engine: its table cleared in place, or a new one.

    python benchmarks/bench_new_game.py [--hash 16 256 1024] [--movetime 300] [--repeat 3]

At ``uainewgame`` the engine forgets its transposition table. A tournament manager may send
``uainewgame``, ``position`` and ``go`` together, so this time can come out of the first move's.
For each ``Hash`` (MB), one engine searches the start position for ``--movetime`` ms (its table
then holds what a move leaves) and then starts a new game, timed two ways side by side: the
table cleared in place (``tt_keys[:] = 0``, what ``Engine.new_game`` did before) and
``Engine.new_game`` as it is now (above ``CLEAR_IN_PLACE_MB`` a new table from
``course_lib.memory.zeroed_rows``, the old one dropped; up to it, cleared in place too). Each
way gets its own engine and search, ``--repeat`` times; the script prints the wall milliseconds
of each new game, the process's resident memory after it, and the machine's load. This is a
script, not a test.
"""

from __future__ import annotations

import argparse
import mmap
import os
import time

import numpy as np

from course_lib.ataxx import State
from course_lib.engine import Engine, SearchLimits


def resident_mb() -> float:
    """This process's resident memory in MB (Linux ``/proc``)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * mmap.PAGESIZE / (1 << 20)


def clear_in_place(engine: Engine) -> None:
    """The table cleared in place, as ``new_game`` did before (the killers and history too)."""
    engine.tt_keys[:] = 0
    engine.tt_data[:] = 0


def timed_new_game(hash_mb: int, movetime_ms: int, in_place: bool) -> tuple[float, float]:
    """(ms, resident MB after) of one new game after one search with a table of ``hash_mb``."""
    engine = Engine(hash_mb=hash_mb)
    engine.search(State.start(), SearchLimits(movetime_ms=movetime_ms))
    started = time.perf_counter()
    if in_place:
        clear_in_place(engine)
    else:
        engine.new_game()
    ms = 1000 * (time.perf_counter() - started)
    assert np.count_nonzero(engine.tt_data) == 0
    return ms, resident_mb()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hash", type=int, nargs="+", default=[16, 256, 1024])
    parser.add_argument("--movetime", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    Engine(hash_mb=1).warm_up()
    print(f"load average {os.getloadavg()[0]:.2f} before; search of {args.movetime} ms from the "
          f"start, then a new game; wall ms (resident MB after)")
    print(f"{'Hash MB':>8}  {'cleared in place':>26}  {'Engine.new_game':>26}  ratio")
    for hash_mb in args.hash:
        rows = {True: [], False: []}
        for _ in range(args.repeat):
            for in_place in (True, False):
                rows[in_place].append(timed_new_game(hash_mb, args.movetime, in_place))
        text = {way: ", ".join(f"{ms:.0f}" for ms, _ in rows[way]) +
                f" ({max(mb for _, mb in rows[way]):.0f})" for way in rows}
        ratio = np.median([ms for ms, _ in rows[True]]) / max(
            np.median([ms for ms, _ in rows[False]]), 1e-3)
        print(f"{hash_mb:>8}  {text[True]:>26}  {text[False]:>26}  {ratio:6.1f}x")
    print(f"load average {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()
