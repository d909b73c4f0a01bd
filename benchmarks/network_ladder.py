"""The value network's ladder, the ataxx.cpp way: what data volume, width, the network itself,
the priors and the search buy, each step one SPRT, the records appended to
``course_lib/data/network_ladder.json``.

    nice -n 10 python benchmarks/network_ladder.py --rung data --net-a A.npz --net-b B.npz
    nice -n 10 python benchmarks/network_ladder.py --rung width --net-a A.npz --net-b B.npz
    nice -n 10 python benchmarks/network_ladder.py --rung network --net-a A.npz
    nice -n 10 python benchmarks/network_ladder.py --rung search --net-a A.npz
    nice -n 10 python benchmarks/network_ladder.py --rung policy --net-a V.npz \
        --policy A.npz --policy-b B.npz
    nice -n 10 python benchmarks/network_ladder.py --rung puct --c 0.25 --net-a V.npz \
        --policy P.npz
    nice -n 10 python benchmarks/network_ladder.py --rung engine --net-a V.npz --ms 100 \
        --engine-b pvs=0,rfp=0,lmp=0
    python benchmarks/network_ladder.py --show

Every rung is ``course_lib.match.run_sprt`` on the arena: colour-swapped pairs from seeded
random openings (4 plies, decided ones drawn again), the pentanomial model, normalized Elo
bounds ``[--elo0, --elo1]`` (default [0, 40]: the steps measured here are large, and the
test's expected length at 0 or at 40 is a few hundred games, within a rung's hour on this
machine), alpha = beta = 0.05, at most ``--max-games``. Before the first game the script prints
the test's expected length and its chance of accepting H1 at 0, elo1 / 2, elo1 and 2 elo1
normalized Elo (``simulate_sprt``, independent pairs), and stores them with the record.

The rungs (A against B, the same player otherwise):

- ``data``: the network trained on more of the data run (``--net-a``) against one trained on
  less of it (``--net-b``), both at ``--nodes`` per move (the engine) or ``--iterations``
  (guided MCTS, with ``--policy``'s priors if given): the same network size, so the same
  speed; a node budget makes the games independent of the machine's load;
- ``width``: 256 hidden units (``--net-a``) against 64 (``--net-b``) on the same data, at
  ``--ms`` per move: a wider network is slower, and the time budget counts that;
- ``network``: the value network (``--net-a``) against the n-tuple network, at ``--ms``;
- ``search``: guided MCTS (with ``--policy``'s priors, if given) against the alpha-beta
  engine, both with the value network, at ``--ms`` (the proxy of the 10 s + 0.1 s clock);
- ``priors``: guided MCTS with the priors of the policy network (``--policy``) against its
  priors from the children's scores by the value network (``--net-a``), at ``--ms``;
- ``policy``: guided MCTS with the priors of the policy network trained on more of the data run
  (``--policy``) against one trained on less (``--policy-b``), both with the value network
  ``--net-a``, at ``--iterations`` (the same network size, so the same speed, as in ``data``);
- ``puct``: guided MCTS with PUCT's constant ``--c`` against the default (``PUCT_C``), the
  networks ``--net-a`` and ``--policy`` on both sides, at ``--iterations``;
- ``engine``: the alpha-beta engine with its default switches against the engine with the
  switches ``--engine-b`` changes (``pvs=0,rfp=0,lmp=0``: the default before), both with the
  value network ``--net-a``, at ``--ms``: the engine's ladder decides its switches at a budget
  of nodes with material (``python -m course_lib ladder``); this asks the same of a clock and
  the network.

The engine's specs carry every switch written out, so that a record does not depend on what
the defaults were when it was made.

``--player mcts`` (default) or ``engine`` chooses the search of the data, width and network
rungs. Each record: the rung, the specs, the networks' training figures, the bounds and the
expected length, the games, wins, draws, losses and pairs, the LLR, the decision and why the
test stopped, the Elo estimate with its interval (logistic Elo; biased when the test
stopped early, as every SPRT estimate is) and the median-unbiased one after a stop
(``unbiased_*``, logistic and normalized Elo), the seed, the wall time, workers and load.

This is a script, not a test: its games depend on the machine's speed (but for node budgets).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "course_lib" / "data" / "network_ladder.json"
GUIDED = "mcts:tier=fast,value=learned,prior=learned,reuse=1"
RUNGS = ("data", "width", "network", "search", "priors", "policy", "puct", "engine")
BUDGETED = ("data", "policy", "puct")
"""The rungs played at a node or iteration budget (the rest at ``--ms`` a move)."""


def engine_switches(changes: str | None = None) -> str:
    """The engine's default switches written out (``pvs=0,...``), with ``changes``
    (``"pvs=0,lmp=0"``) applied; an unknown switch or a value other than 0 or 1 is refused."""
    from course_lib.match.ladder import default_switches, switches_text
    switches = default_switches()
    for item in (changes or "").split(","):
        if not item.strip():
            continue
        name, _, value = item.strip().partition("=")
        if name not in switches or value not in ("0", "1"):
            raise ValueError(f"--engine-b takes switches as name=0 or name=1, separated by "
                             f"commas ({', '.join(switches)}); got {item!r}")
        switches[name] = value == "1"
    return switches_text(switches)


def player(kind: str, net: str | None, budget: str, policy: str | None = None,
           switches: str | None = None) -> str:
    """The spec of the ``kind`` search (mcts or engine) with the value network ``net`` (None:
    the n-tuple network), ``budget`` (``time=50``, ``nodes=...``), for MCTS the priors of the
    policy network ``policy`` (None: the children's scores), for the engine its switches
    (``engine_switches``: the default, written out)."""
    if kind == "engine":
        evaluation = f"eval=network,weights={net}" if net else "eval=learned"
        return f"engine:{budget},{evaluation},{switches or engine_switches()}"
    evaluation = f",eval=network,weights={net}" if net else ""
    guided = GUIDED if policy is None else GUIDED.replace("prior=learned",
                                                          f"prior=policy,policy={policy}")
    return f"{guided},{budget}{evaluation}"


def specs(args: argparse.Namespace) -> tuple[str, str]:
    timed, counted = f"time={args.ms}", f"iterations={args.iterations}"
    if args.rung == "data":
        budget = (f"nodes={args.nodes}" if args.player == "engine"
                  else counted)
        return (player(args.player, args.net_a, budget, args.policy),
                player(args.player, args.net_b, budget, args.policy))
    if args.rung == "policy":
        return (player("mcts", args.net_a, counted, args.policy),
                player("mcts", args.net_a, counted, args.policy_b))
    if args.rung == "puct":
        return (player("mcts", args.net_a, f"{counted},c={args.c:g}", args.policy),
                player("mcts", args.net_a, counted, args.policy))
    if args.rung == "width":
        return player(args.player, args.net_a, timed), player(args.player, args.net_b, timed)
    if args.rung == "network":
        return player(args.player, args.net_a, timed), player(args.player, None, timed)
    if args.rung == "search":
        return (player("mcts", args.net_a, timed, args.policy),
                player("engine", args.net_a, timed))
    if args.rung == "engine":
        return (player("engine", args.net_a, timed),
                player("engine", args.net_a, timed, switches=engine_switches(args.engine_b)))
    return (player("mcts", args.net_a, timed, args.policy),
            player("mcts", args.net_a, timed))


def network_figures(path: str | None) -> dict | None:
    if not path:
        return None
    from course_lib.learn.network import load_network
    meta = load_network(path).meta
    return {"path": path, **{key: meta.get(key) for key in (
        "hidden", "chunks", "positions", "epochs", "lam", "seed", "material_loss",
        "score_loss", "seconds")}, "validation_loss": meta["curve"][-1][2]}


def policy_figures(path: str | None) -> dict | None:
    if not path:
        return None
    from course_lib.learn.policy import load_policy
    meta = load_policy(path).meta
    return {"path": path, **{key: meta.get(key) for key in ("chunks", "positions", "epochs",
                                                             "seed", "seconds")},
            "validation_loss": meta["curve"][-1][2], "top_move": meta["curve"][-1][3]}


def expected_length(elo0: float, elo1: float, max_games: int) -> list[dict]:
    from course_lib.strength import Sprt
    from course_lib.strength.characteristic import pair_probabilities, simulate_sprt
    test = Sprt(elo0, elo1, 0.05, 0.05, kind="pentanomial", scale="normalized")
    rows = []
    for elo in (elo0, (elo0 + elo1) / 2, elo1, 2 * elo1):
        sim = simulate_sprt(test, pair_probabilities(elo, 0.02, "normalized"), runs=400,
                            seed=1, max_games=max_games)
        rows.append({"true_elo": elo, "accept_h1": sim.accept_h1,
                     "undecided": sim.undecided, "expected_games": sim.expected_games})
    return rows


def load(path: Path = DATA) -> list[dict]:
    return json.loads(path.read_text()) if path.exists() else []


def show(records: list[dict]) -> None:
    print(f"{'rung':8} {'result':10} {'games':>5} {'pairs (0..2)':>16} {'LLR':>7} "
          f"{'Elo':>7} {'95% interval':>17}  A vs B (Elo: logistic, naive)")
    for r in records:
        elo = "inf" if r["elo"] is None else f"{r['elo']:+.1f}"
        low = "-inf" if r["elo_low"] is None else f"{r['elo_low']:+.0f}"
        high = "inf" if r["elo_high"] is None else f"{r['elo_high']:+.0f}"
        print(f"{r['rung']:8} {r['result']:10} {r['games']:>5} "
              f"{' '.join(map(str, r['pentanomial'])):>16} {r['llr']:>7.3f} {elo:>7} "
              f"{low + ' to ' + high:>17}  {r['spec_a']}  vs  {r['spec_b']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rung", choices=RUNGS)
    parser.add_argument("--player", choices=("mcts", "engine"), default="mcts")
    parser.add_argument("--net-a", help="the value network of A (.npz)")
    parser.add_argument("--net-b", help="the value network of B (.npz)")
    parser.add_argument("--policy", help="the policy network of guided MCTS (rungs priors "
                        "and search; A's in rung policy; default: priors from the children's "
                        "scores)")
    parser.add_argument("--policy-b", help="the policy network of B (rung policy)")
    parser.add_argument("--c", type=float, help="PUCT's constant of A (rung puct)")
    parser.add_argument("--engine-b", help="B's switches that differ from the engine's "
                        "default, e.g. pvs=0,rfp=0,lmp=0 (rung engine)")
    parser.add_argument("--ms", type=int, default=50, help="ms a move (default 50)")
    parser.add_argument("--nodes", type=int, default=20000, help="engine nodes a move (data)")
    parser.add_argument("--iterations", type=int, default=2000,
                        help="MCTS iterations a move (data; default 2000)")
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=40.0)
    parser.add_argument("--max-games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--show", action="store_true", help="print the stored records")
    args = parser.parse_args()
    if args.show:
        show(load())
        return
    if args.rung is None:
        parser.error("give --rung (or --show)")
    if args.rung == "policy" and not (args.policy and args.policy_b and args.net_a):
        parser.error("rung policy compares two policy networks: give --policy (A), "
                     "--policy-b (B) and --net-a (the value network of both)")
    if args.rung == "puct" and (args.c is None or args.c <= 0):
        parser.error("rung puct compares PUCT's constant --c (above 0) with the default")
    if args.rung == "engine":
        if not args.engine_b:
            parser.error("rung engine compares the engine's default with the switches "
                         "--engine-b changes: give --engine-b (e.g. pvs=0,rfp=0,lmp=0)")
        try:
            changed = engine_switches(args.engine_b) != engine_switches()
        except ValueError as error:
            parser.error(str(error))
        if not changed:
            parser.error("--engine-b changes no switch of the default: A and B would be the "
                         "same")
    for option, value, rung in (("--c", args.c, "puct"), ("--policy-b", args.policy_b, "policy"),
                                ("--engine-b", args.engine_b, "engine")):
        if value is not None and args.rung != rung:
            parser.error(f"{option} is read by rung {rung} only; rung {args.rung} would "
                         f"ignore it (drop it, or use --rung {rung})")
    from course_lib.match import run_sprt

    spec_a, spec_b = specs(args)
    if args.rung not in BUDGETED:
        per_move = None                             # timed: time_per_move_ms says it
    elif args.rung == "data" and args.player == "engine":
        per_move = args.nodes
    else:
        per_move = args.iterations
    planned = expected_length(args.elo0, args.elo1, args.max_games)
    print(f"rung {args.rung}: A = {spec_a}\n           B = {spec_b}")
    print(f"pentanomial SPRT, normalized Elo [{args.elo0:g}, {args.elo1:g}], alpha = beta = "
          f"0.05, at most {args.max_games} games; expected (independent pairs):")
    for row in planned:
        print(f"  true {row['true_elo']:+6.1f} nElo: accept H1 {row['accept_h1']:.2f}, "
              f"undecided {row['undecided']:.2f}, {row['expected_games']:.0f} games")
    load_before = os.getloadavg()[0]
    started = time.perf_counter()

    def report(run) -> None:
        if run.games % 20 == 0 or run.finished:
            print(f"  {run.summary()}", flush=True)

    run = run_sprt(spec_a, spec_b, args.elo0, args.elo1, 0.05, 0.05, model="pentanomial",
                   scale="normalized", max_games=args.max_games, seed=args.seed,
                   workers=args.workers, on_update=report)
    data = run.to_dict(history_digits=4)
    after = run.estimate_after_stop()       # median-unbiased: the naive Elo leans with the stop
    result = {"accept H1": "accepted", "accept H0": "rejected"}.get(run.decision, "undecided")
    record = {
        "rung": args.rung, "spec_a": spec_a, "spec_b": spec_b,
        "net_a": network_figures(args.net_a), "net_b": network_figures(args.net_b),
        "policy": policy_figures(args.policy), "policy_b": policy_figures(args.policy_b),
        "test": "sprt pentanomial", "scale": "normalized", "elo0": args.elo0,
        "elo1": args.elo1, "alpha": 0.05, "beta": 0.05,
        "llr_bounds": [round(data["lower_bound"], 4), round(data["upper_bound"], 4)],
        "planned": planned, "result": result, "stopped_by": data["stopped_by"],
        "max_games": args.max_games, "games": data["games"], "wins": data["wins"],
        "draws": data["draws"], "losses": data["losses"], "pentanomial": data["pentanomial"],
        "llr": round(data["llr"], 4), "score": round(data["score"], 4),
        "elo": None if data["elo"] is None else round(data["elo"], 1),
        "elo_low": None if data["elo_low"] is None else round(data["elo_low"], 1),
        "elo_high": None if data["elo_high"] is None else round(data["elo_high"], 1),
        "elo_unit": "logistic Elo of the pentanomial estimate (biased when stopped early)",
        **{key: None if data[key] is None else round(data[key], 1)
           for key in data if key.startswith("unbiased_")},
        "after_stop": None if after is None else str(after),
        "los": None if data["los"] is None else round(data["los"], 4),
        "reasons": data["reasons"], "seed": args.seed,
        "openings": "4 seeded random plies, decided openings drawn again (depth 5)",
        "time_per_move_ms": None if args.rung in BUDGETED else args.ms,
        "nodes_per_move": per_move,
        "workers": args.workers, "seconds": round(time.perf_counter() - started, 1),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores shared, load "
                   f"{load_before:.1f} before and {os.getloadavg()[0]:.1f} after, Python "
                   f"{platform.python_version()}",
        "llr_history": data["llr_history"],
    }
    records = load()
    records.append(record)
    DATA.write_text(json.dumps(records, indent=1) + "\n")
    show([record])
    if after is not None:
        print(after)


if __name__ == "__main__":
    main()
