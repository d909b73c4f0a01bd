"""``python -m course_lib elo``: Elo, its interval and LOS from a match's results and, given
SPRT bounds, the test's LLR and decision.

    python -m course_lib elo --wins 136 --draws 111 --losses 96
    python -m course_lib elo --wins 60 --losses 40 --elo0 0 --elo1 50 --test win-loss
    python -m course_lib elo --pairs 5,30,60,34,6 --elo0 0 --elo1 5 --json

``register(subparsers)`` adds the command to the course's command line.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="course_lib")
>>> register(parser.add_subparsers(dest="command", required=True))
>>> args = parser.parse_args(["elo", "--wins", "136", "--draws", "111", "--losses", "96"])
>>> args.run(args)
343 games: +136 =111 -96, score 55.83%
Elo difference: 40.70 +- 30.43 logistic Elo (95% interval 10.59 to 71.44)
LOS: 99.60%
normalized Elo: 49.77
0

With SPRT bounds whose test the results end, the Elo is also given as it should be read after
a test that stopped there (median-unbiased; the naive figure above it is biased):

>>> args = parser.parse_args(["elo", "--wins", "23", "--losses", "0", "--elo0", "0",
...                           "--elo1", "50", "--test", "win-loss"])
>>> args.run(args)
23 games: +23 =0 -0, score 100.00%
Elo difference: +inf logistic Elo; A won every game (23 games): there is no finite Elo estimate and no usual interval; with 95% confidence the Elo difference is at least 303.82 logistic Elo (an exact bound); an estimate needs games that A did not win
SPRT (win-loss, H0 0 / H1 50 logistic Elo, alpha 0.05, beta 0.05): LLR 3.0726, bounds -2.944 and 2.944: accept H1
if the SPRT stopped here: H1 accepted after 23 games: median-unbiased +728.8 logistic Elo (95% interval +303.8 to +inf); naive +inf logistic Elo (biased: the test stopped because its results ran high)
0
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from .checks import MAX_CONFIDENCE, MAX_COUNT, MAX_ELO_BOUND, arg_number, arg_whole, describe
from .errors import CourseError

JSON_KEYS = """\
JSON output (--json), one object:
  games           games played (a pair counts two)
  wins, draws, losses   the counts given (game results)   | pairs: the five pair counts
  score           points per game, 0..1
  elo             Elo difference (logistic Elo); null if infinite (a perfect score)
  elo_low, elo_high     the confidence interval of the Elo difference
  elo_margin      half the interval's width: the "+-" figure (null for a chernoff
                  interval, far from symmetric around elo and printed without "+-")
  interval        how the interval was found: "normal" (the usual one), "chernoff" (the
                  score lay within twice the normal margin of 0 or 1, so a distribution-free
                  interval replaced it) or "exact" (every game or pair the same: see note)
  los             likelihood of superiority, 0..1 (the normal approximation's, even where
                  the interval is distribution-free)
  normalized_elo  normalized Elo
  confidence      the interval's confidence level (0.95)
  note            only when every game (pair) ended the same way: what that can and cannot
                  tell, in words; elo_low/elo_high are then an exact bound, and los (unless
                  every game was won or lost) and normalized_elo are null
with --elo0/--elo1, also:
  test            "win-loss", "trinomial" or "pentanomial"
  scale           "logistic" or "normalized": the Elo of elo0 and elo1
  elo0, elo1, alpha, beta   the test's settings
  llr             the log-likelihood ratio of H1 (elo1) against H0 (elo0)
  lower_bound, upper_bound  ln(beta/(1-alpha)) and ln((1-beta)/alpha)
  decision        "continue", "accept H0" or "accept H1"
when the decision is "accept H0" or "accept H1" (an SPRT that stopped at these results):
  unbiased_elo, unbiased_elo_low, unbiased_elo_high   the median-unbiased Elo after the
                  stopped test and its interval (logistic Elo; null where infinite)
  unbiased_normalized_elo, unbiased_normalized_low, unbiased_normalized_high   the same in
                  normalized Elo (null for the win-loss test)
"""


_count = arg_whole(0, MAX_COUNT, why="a count of games, at most a trillion")


def _pairs(text: str) -> list[int]:
    parts = text.split(",")
    if len(parts) != 5:
        raise argparse.ArgumentTypeError(
            f"expected 5 counts N0,N1,N2,N3,N4 (pairs scoring 0, 0.5, 1, 1.5, 2), got "
            f"{describe(text)}")
    return [_count(part) for part in parts]


_probability = arg_number(0, 1, above_low=True, below_high=True)
_confidence = arg_number(0, MAX_CONFIDENCE, above_low=True)
_elo_bound = arg_number(-MAX_ELO_BOUND, MAX_ELO_BOUND, "Elo")


def _signed(value: float) -> str:
    """``12.34``, or ``+inf`` / ``-inf``."""
    return f"{value:.2f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def _finite_or_none(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _elo_command(args: argparse.Namespace) -> int:
    from .strength import Sprt, elo_estimate, elo_estimate_pairs, sprt_elo_estimate

    game_counts = (args.wins, args.draws, args.losses)
    if args.pairs is not None:
        if any(count is not None for count in game_counts):
            raise CourseError("give either --pairs or --wins/--draws/--losses, not both")
        if args.test == "win-loss":
            raise CourseError("the win-loss test counts games; with --pairs use --test gsprt")
        estimate = elo_estimate_pairs(args.pairs, confidence=args.confidence)
        result: dict[str, Any] = {"games": estimate.games, "pairs": list(args.pairs)}
        record = f"{estimate.pairs} pairs (scoring 0, 0.5, 1, 1.5, 2: {args.pairs})"
    else:
        if all(count is None for count in game_counts):
            raise CourseError("give the results: --wins W --draws D --losses L, "
                              "or --pairs N0,N1,N2,N3,N4")
        wins, draws, losses = (count or 0 for count in game_counts)
        estimate = elo_estimate(wins, draws, losses, confidence=args.confidence)
        result = {"games": estimate.games, "wins": wins, "draws": draws, "losses": losses}
        record = f"{estimate.games} games: +{wins} ={draws} -{losses}"
    result.update(
        score=estimate.score, elo=_finite_or_none(estimate.elo),
        elo_low=_finite_or_none(estimate.elo_low), elo_high=_finite_or_none(estimate.elo_high),
        elo_margin=(_finite_or_none(estimate.margin) if estimate.interval != "chernoff"
                    else None),
        interval=estimate.interval,
        los=estimate.los,
        normalized_elo=_finite_or_none(estimate.normalized_elo), confidence=args.confidence)
    if estimate.note:                  # every result the same: say what that can tell
        result.update(note=estimate.note, normalized_elo=None)
        if math.isfinite(estimate.elo):
            result.update(los=None)
        lines = [f"{record}, score {estimate.score * 100:.2f}%",
                 f"Elo difference: {_signed(estimate.elo)} logistic Elo; {estimate.note}"]
    else:
        lines = [f"{record}, score {estimate.score * 100:.2f}%",
                 f"Elo difference: {estimate.difference_text()}",
                 f"LOS: {estimate.los * 100:.2f}%",
                 f"normalized Elo: {estimate.normalized_elo:.2f}"]

    if (args.elo0 is None) != (args.elo1 is None):
        raise CourseError("an SPRT needs both --elo0 and --elo1")
    if args.elo0 is not None:
        if args.pairs is not None:
            kind = "pentanomial"
            test = Sprt.from_totals(pairs=args.pairs, elo0=args.elo0, elo1=args.elo1,
                                    alpha=args.alpha, beta=args.beta, scale=args.scale)
        else:
            kind = "win_loss" if args.test == "win-loss" else "trinomial"
            test = Sprt.from_totals(wins=result["wins"], draws=result["draws"],
                                    losses=result["losses"], elo0=args.elo0, elo1=args.elo1,
                                    alpha=args.alpha, beta=args.beta, kind=kind,
                                    scale=args.scale)
        name = kind.replace("_", "-")
        result.update(test=name, scale=args.scale, elo0=test.elo0, elo1=test.elo1,
                      alpha=test.alpha, beta=test.beta, llr=test.llr,
                      lower_bound=test.lower_bound, upper_bound=test.upper_bound,
                      decision=test.state)
        lines.append(f"SPRT ({name}, H0 {test.elo0:g} / H1 {test.elo1:g} {args.scale} Elo, "
                     f"alpha {test.alpha:g}, beta {test.beta:g}): LLR {test.llr:.4f}, bounds "
                     f"{test.lower_bound:.3f} and {test.upper_bound:.3f}: {test.state}")
        if test.state != "continue":
            after = sprt_elo_estimate(test, confidence=args.confidence)
            result.update(
                unbiased_elo=_finite_or_none(after.elo),
                unbiased_elo_low=_finite_or_none(after.elo_low),
                unbiased_elo_high=_finite_or_none(after.elo_high),
                **{f"unbiased_normalized_{key}": (None if value is None
                                                  else _finite_or_none(value))
                   for key, value in (("elo", after.normalized_elo),
                                      ("low", after.normalized_low),
                                      ("high", after.normalized_high))})
            lines.append(f"if the SPRT stopped here: {after}")
    print(json.dumps(result) if args.json else "\n".join(lines))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``elo`` command to an argparse subparsers object; it sets ``run``."""
    p = subparsers.add_parser(
        "elo", help="Elo difference, interval, LOS and SPRT state from match results",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Print the Elo difference of A over B with its confidence interval, the "
                    "likelihood of superiority and normalized Elo, from A's wins, draws and "
                    "losses or from colour-swapped pairs; with --elo0 and --elo1, also the "
                    "SPRT's log-likelihood ratio and its decision (from the totals: a "
                    "sequential test stops at the first crossing, which totals cannot show).",
        epilog=JSON_KEYS)
    p.add_argument("--wins", type=_count, help="A's wins")
    p.add_argument("--draws", type=_count, help="draws")
    p.add_argument("--losses", type=_count, help="A's losses")
    p.add_argument("--pairs", type=_pairs, metavar="N0,N1,N2,N3,N4",
                   help="pentanomial counts: pairs in which A scored 0, 0.5, 1, 1.5, 2 points")
    p.add_argument("--elo0", type=_elo_bound, help="H0: A is ELO0 stronger (e.g. 0)")
    p.add_argument("--elo1", type=_elo_bound,
                   help="H1: A is ELO1 stronger (e.g. 50); above ELO0")
    p.add_argument("--alpha", type=_probability, default=0.05,
                   help="chance of accepting H1 when H0 holds (default 0.05)")
    p.add_argument("--beta", type=_probability, default=0.05,
                   help="chance of accepting H0 when H1 holds (default 0.05)")
    p.add_argument("--test", choices=("gsprt", "win-loss"), default="gsprt",
                   help="gsprt: the generalized SPRT with draws (trinomial, or pentanomial "
                        "with --pairs; default); win-loss: the lecture's test, draws ignored")
    p.add_argument("--scale", choices=("logistic", "normalized"), default="logistic",
                   help="the Elo of --elo0/--elo1 (default logistic; win-loss is logistic only)")
    p.add_argument("--confidence", type=_confidence, default=0.95,
                   help="confidence of the Elo interval (default 0.95)")
    p.add_argument("--json", action="store_true", help="print one JSON object (keys below)")
    p.set_defaults(run=_elo_command)
