"""``python -m course_lib sprt``: play two agents against each other until an SPRT decides.

    python -m course_lib sprt greedy random
    python -m course_lib sprt alphabeta:depth=2,tier=fast greedy --elo0 0 --elo1 50 --workers 2
    python -m course_lib sprt greedy random --model pentanomial --max-games 400 --json

The games are colour-swapped pairs from seeded random openings, played by the arena; the test
is ``course_lib.strength.Sprt``, fed in game order (see ``course_lib.match.sprt.run_sprt``,
which this command runs). ``register(subparsers)`` adds the command to the course's command
line.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="course_lib")
>>> register(parser.add_subparsers(dest="command", required=True))
>>> args = parser.parse_args(["sprt", "greedy", "random", "--workers", "0"])
>>> args.run(args)
SPRT greedy vs random: H0 0 Elo, H1 50 Elo (logistic), alpha 0.05, beta 0.05
model: binomial, the lecture's win/loss test, draws ignored
accept H0 at LLR <= -2.944, accept H1 at LLR >= 2.944
   10 games: +10 =0 -0, LLR 1.336
   20 games: +20 =0 -0, LLR 2.672
accept H1 after 23 games: +23 =0 -0, LLR 3.073 (bounds -2.944 and 2.944)
logistic Elo: +inf (a perfect score has no finite Elo; at least 303.8 with 95% confidence, an exact bound), LOS 100.00%
after the stop: H1 accepted after 23 games: median-unbiased +728.8 logistic Elo (95% interval +303.8 to +inf); naive +inf logistic Elo (biased: the test stopped because its results ran high)
0
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from ..checks import MAX_MS, MAX_SEED, arg_whole
from ..strength_cli import _elo_bound, _probability
from ..ataxx.rules import MAX_TURNS
from .arena import MAX_DECIDED_DEPTH, MAX_WORKERS
from .sprt import DEFAULT_MAX_GAMES, MAX_GAMES, MODELS, SprtRun, run_sprt

__all__ = ["JSON_KEYS", "progress_marks", "register", "run_sprt"]

JSON_KEYS = """\
JSON output (--json), one object:
  decision        "accept H1", "accept H0" or "continue" (no decision: the cap came first)
  stopped_by      "decision" or "max-games"
  llr             the log-likelihood ratio of H1 (elo1) against H0 (elo0) at the end
  lower_bound, upper_bound  ln(beta/(1-alpha)) and ln((1-beta)/alpha)
  games           games played (a pair counts two)
  wins, draws, losses   A's results
  pentanomial     complete pairs in which A scored 0, 0.5, 1, 1.5, 2 points
  score           A's points per game, 0..1
  elo             Elo difference of A over B, logistic Elo (from the pairs for --model
                  pentanomial); null if infinite (a perfect score). Biased when the test
                  stopped at a bound: see unbiased_elo
  elo_low, elo_high     its 95% interval (null where infinite)
  los             likelihood of superiority, 0..1
  unbiased_elo, unbiased_elo_low, unbiased_elo_high   the median-unbiased Elo after the
                  stopped test (decision or cap) and its 95% interval, logistic Elo
  unbiased_normalized_elo, unbiased_normalized_low, unbiased_normalized_high   the same
                  in normalized Elo (null for --model binomial)
  llr_history     the LLR after every game (every pair for --model pentanomial)
  reasons         how the games ended: reason code -> games
  spec_a, spec_b, model, scale, elo0, elo1, alpha, beta, seed, max_games   the settings
  seconds         wall time of the test
"""


def progress_marks(every: int | None = None):
    """The game counts after which a progress line is printed: every ``every`` games, or by
    default 10, 20, ..., 100, 200, ..., 1000, 2000, ... (a few lines per tenfold).

    >>> marks = progress_marks(); [next(marks) for _ in range(12)]
    [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 200, 300]
    """
    mark, step = 0, every or 10
    while True:
        mark += step
        yield mark
        if every is None and mark == 10 * step:
            step *= 10


def _model_line(model: str, run: SprtRun) -> str:
    what = {"binomial": "the lecture's win/loss test, draws ignored",
            "trinomial": "wins, draws and losses, per game",
            "pentanomial": "colour-swapped pairs, per pair"}[model]
    return (f"model: {model}, {what}\naccept H0 at LLR <= {run.lower_bound:.3f}, "
            f"accept H1 at LLR >= {run.upper_bound:.3f}")


def _elo_line(run: SprtRun) -> str:
    estimate = run.estimate()
    if estimate is None:
        return "logistic Elo: no games"
    los = f"LOS {estimate.los * 100:.2f}%"
    if not math.isfinite(estimate.elo):
        sign = "+" if estimate.elo > 0 else "-"
        what = "a perfect score" if estimate.elo > 0 else "a score of 0"
        bound = (f"at least {estimate.elo_low:.1f}" if estimate.elo > 0
                 else f"at most {estimate.elo_high:.1f}")
        return (f"logistic Elo: {sign}inf ({what} has no finite Elo; {bound} with 95% "
                f"confidence, an exact bound), {los}")
    if estimate.note:
        return (f"logistic Elo: {estimate.elo:+.1f} (every result the same: the 95% exact bound "
                f"is {estimate.elo_low:.1f} to {estimate.elo_high:.1f}; the LOS means nothing)")
    high = f"{estimate.elo_high:.1f}" if math.isfinite(estimate.elo_high) else "+inf"
    low = f"{estimate.elo_low:.1f}" if math.isfinite(estimate.elo_low) else "-inf"
    margin = f" +- {estimate.margin:.1f}" if math.isfinite(estimate.margin) else ""
    return f"logistic Elo: {estimate.elo:+.1f}{margin} (95% interval {low} to {high}), {los}"


_decided_depth = arg_whole(0, MAX_DECIDED_DEPTH, "plies")


def _sprt_command(args: argparse.Namespace) -> int:
    from .arena import RandomOpenings

    marks = progress_marks(args.every)
    next_mark = [next(marks)]

    def on_start(run: SprtRun) -> None:
        if not args.json:
            print(f"SPRT {run.spec_a} vs {run.spec_b}: H0 {run.test.elo0:g} Elo, "
                  f"H1 {run.test.elo1:g} Elo ({run.test.scale}), alpha {run.test.alpha:g}, "
                  f"beta {run.test.beta:g}")
            print(_model_line(run.model, run), flush=True)

    def on_update(run: SprtRun) -> None:
        if args.json or run.finished:
            return
        if run.games >= next_mark[0]:
            print(f"{run.games:>5} games: {run.record()}, LLR {run.llr:.3f}", flush=True)
            while next_mark[0] <= run.games:
                next_mark[0] = next(marks)

    started = time.perf_counter()
    run = run_sprt(args.spec_a, args.spec_b, elo0=args.elo0, elo1=args.elo1, alpha=args.alpha,
                   beta=args.beta, model=args.model, scale=args.scale, max_games=args.max_games,
                   openings=RandomOpenings(plies=args.openings_plies,
                                           decided_depth=args.decided_depth), seed=args.seed,
                   workers=args.workers, time_ms=args.time_ms, on_update=on_update,
                   on_start=on_start)
    if args.json:
        print(json.dumps(run.to_dict()))
        return 0
    print(run.summary())
    print(_elo_line(run))
    after = run.estimate_after_stop()
    if after is not None:
        print(f"after the stop: {after}")
    if args.timing:
        print(f"{run.games} games in {time.perf_counter() - started:.2f} s")
    return 0


def register(subparsers: Any) -> None:
    """Add the ``sprt`` command to an argparse subparsers object; it sets ``run``."""
    p = subparsers.add_parser(
        "sprt", help="play two agents until an SPRT decides which hypothesis holds",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play SPEC_A against SPEC_B in colour-swapped pairs from seeded random "
                    "openings until the sequential probability ratio test accepts H0 (A is "
                    "ELO0 Elo stronger) or H1 (A is ELO1 Elo stronger), or MAX_GAMES games "
                    "have been played. A progress line is printed at 10, 20, ..., 100, 200, "
                    "... games (--every N: every N games), then the decision and the Elo "
                    "difference with its 95% interval. The same seed gives the same games "
                    "and the same decision, however many workers play them. Agent specs: "
                    "'random:seed=1', 'greedy', 'minimax:depth=2', 'alphabeta:depth=3,"
                    "order=gain', 'alphabeta:time=50'.",
        epilog=JSON_KEYS)
    p.add_argument("spec_a", metavar="SPEC_A", help="player A, the one H1 says is stronger")
    p.add_argument("spec_b", metavar="SPEC_B", help="player B")
    p.add_argument("--elo0", type=_elo_bound, default=0.0,
                   help="H0: A is ELO0 stronger (default 0)")
    p.add_argument("--elo1", type=_elo_bound, default=50.0,
                   help="H1: A is ELO1 stronger (default 50); above ELO0")
    p.add_argument("--alpha", type=_probability, default=0.05,
                   help="chance of accepting H1 when H0 holds (default 0.05)")
    p.add_argument("--beta", type=_probability, default=0.05,
                   help="chance of accepting H0 when H1 holds (default 0.05)")
    p.add_argument("--model", choices=tuple(MODELS), default="binomial",
                   help="binomial: the lecture's win/loss test, draws ignored (default); "
                        "trinomial: wins, draws, losses per game; pentanomial: per pair")
    p.add_argument("--scale", choices=("logistic", "normalized"), default="logistic",
                   help="the Elo of ELO0 and ELO1 (default logistic; binomial is logistic "
                        "only)")
    p.add_argument("--max-games", type=arg_whole(1, MAX_GAMES), default=DEFAULT_MAX_GAMES,
                   help=f"stop without a decision after this many games (default "
                        f"{DEFAULT_MAX_GAMES})")
    p.add_argument("--openings-plies", type=arg_whole(0, MAX_TURNS, "plies"), default=4,
                   help="random plies from the start position before each pair (default 4)")
    p.add_argument("--decided-depth", type=_decided_depth, default=5,
                   help="draw an opening again while a search of this many plies finds a "
                        "forced end of the game (default 5; 0 keeps every opening)")
    p.add_argument("--seed", type=arg_whole(0, MAX_SEED), default=0,
                   help="seed of the openings and of seeded agents (default 0)")
    p.add_argument("--workers", type=arg_whole(0, MAX_WORKERS), default=None,
                   help="processes playing games (default: every core; 0: this process)")
    p.add_argument("--time-ms", type=arg_whole(1, MAX_MS, "ms"), default=None,
                   help="each side's clock per game in ms; out of time loses (default: none)")
    p.add_argument("--every", type=arg_whole(1, MAX_GAMES), default=None,
                   help="print a progress line every EVERY games")
    p.add_argument("--timing", action="store_true", help="also print the wall time")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object at the end, nothing else (keys below)")
    p.set_defaults(run=_sprt_command)
