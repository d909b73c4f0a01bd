"""A sequential test on real games: play A against B until the SPRT decides.

>>> run = run_sprt("greedy", "random", workers=0)        # the lecture's test, H0 0 / H1 50 Elo
>>> run.decision, run.games, run.wins, round(run.llr, 4)
('accept H1', 23, 23, 3.0726)

``run_sprt`` plays colour-swapped pairs with the arena (``course_lib.match.arena``) and feeds
every result to an ``Sprt`` (``course_lib.strength``), in game order, until the test accepts a
hypothesis or ``max_games`` games have been played. Three models:

- ``"binomial"``: the lecture's win/loss test, fed game by game; a draw changes nothing;
- ``"trinomial"``: the generalized SPRT on wins, draws and losses, fed game by game;
- ``"pentanomial"``: the generalized SPRT on colour-swapped pairs, fed pair by pair, so it
  stops only at the end of a pair.

Games and seeds
---------------
The games are played in blocks of pairs: 16 pairs first, then 32, 64, ... up to 1024 pairs a
block, never more than ``max_games`` in all. The first block is exactly the first 16 pairs of
``run_match(spec_a, spec_b, pairs, openings, seed=seed)``; block ``k >= 1`` is a match with the
seed ``derive_seed(seed, "sprt", k)`` (and, for a list of FENs, the openings continuing where
the last block stopped). So only the games the test needs have their openings made, the same
seed always gives the same games, and, as with ``run_match``, the number of workers changes
how fast the games come, never which games or where the test stops.

``on_update(run)`` is called after every result the test reads (a game, or a pair); returning
``True`` stops the test early (``stopped_by == "caller"``). The ``LiveSprt`` widget draws with
it.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from ..checks import whole
from ..errors import CourseError
from .arena import (Arena, RandomOpenings, close_pool, derive_seed, player_name,
                    process_pool)

if TYPE_CHECKING:                      # course_lib.strength imports numpy: only when a test runs
    from ..strength import EloEstimate, Sprt, SprtEloEstimate

__all__ = ["MODELS", "SprtRun", "run_sprt", "sprt_test"]

MODELS = {"binomial": "win_loss", "trinomial": "trinomial", "pentanomial": "pentanomial"}
"""The models ``run_sprt`` takes, and the ``Sprt`` kind of each."""

MAX_GAMES = 10_000_000
"""The most games one test plays (a cap it stops at, undecided)."""
DEFAULT_MAX_GAMES = 100_000
"""The cap on games when none is given (as ``simulate_sprt``'s)."""

FIRST_BLOCK_PAIRS = 16
LARGEST_BLOCK_PAIRS = 1024


def sprt_test(elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05, beta: float = 0.05,
              model: str = "binomial", scale: str = "logistic") -> "Sprt":
    """A fresh ``Sprt`` for ``model`` ("binomial", "trinomial" or "pentanomial"); every
    setting is checked (CourseError in plain words).

    >>> print(sprt_test())
    win/loss SPRT [0, 50] logistic Elo, alpha 0.05, beta 0.05: +0 =0 -0, LLR 0.000 in (-2.944, 2.944): continue
    """
    from ..strength import Sprt

    if not isinstance(model, str) or model not in MODELS:
        raise CourseError(f"model must be binomial (the lecture's win/loss test), trinomial "
                          f"or pentanomial; got {model!r}")
    if model == "binomial" and scale != "logistic":
        raise CourseError("the binomial (win/loss) test takes logistic Elo bounds only; use "
                          "model='trinomial' or 'pentanomial' for normalized Elo")
    return Sprt(elo0, elo1, alpha, beta, kind=MODELS[model], scale=scale)


@dataclass
class SprtRun:
    """A sequential test played with real games, as it stands (during the run, or after it).

    ``test`` is the ``Sprt`` fed with the results; the counts here are the games played,
    including, for a pair model stopped early, none that the test did not read. ``pentanomial``
    counts complete pairs; ``stopped_by`` is ``"decision"`` (the test accepted a hypothesis),
    ``"max-games"`` (the cap came first: the decision stays ``"continue"``), ``"caller"``
    (``on_update`` returned True) or ``""`` while it runs.
    """

    spec_a: str
    spec_b: str
    model: str
    test: "Sprt"
    max_games: int
    seed: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)
    reasons: Counter = field(default_factory=Counter)
    """How the games ended: the arena's reason code -> number of games."""
    stopped_by: str = ""
    seconds: float = 0.0

    # -- the test's state

    @property
    def decision(self) -> str:
        """``"accept H1"``, ``"accept H0"`` or ``"continue"`` (no decision yet)."""
        return self.test.state

    @property
    def llr(self) -> float:
        return self.test.llr

    @property
    def llr_history(self) -> list[float]:
        """The LLR after every game (every pair, for the pentanomial model)."""
        return self.test.llr_history

    @property
    def lower_bound(self) -> float:
        return self.test.lower_bound

    @property
    def upper_bound(self) -> float:
        return self.test.upper_bound

    @property
    def finished(self) -> bool:
        return bool(self.stopped_by)

    # -- the games

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's points per game, 0..1 (0 before any game)."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    def estimate(self) -> "EloEstimate | None":
        """The Elo difference with its 95 percent interval and LOS: from the pairs for the
        pentanomial model, from wins, draws and losses otherwise; None before any result."""
        from ..strength import elo_estimate, elo_estimate_pairs

        if self.model == "pentanomial":
            return elo_estimate_pairs(self.pentanomial) if sum(self.pentanomial) else None
        return elo_estimate(self.wins, self.draws, self.losses) if self.games else None

    def estimate_after_stop(self) -> "SprtEloEstimate | None":
        """Once the test has stopped (a decision, or the cap), the median-unbiased Elo after
        it (``course_lib.strength.sprt_elo_estimate``): the Elo of ``estimate()`` is biased
        when the test stopped at a bound. None while it runs, or when the test read no result
        it can estimate from (the win/loss test counts decisive games only)."""
        from ..strength import sprt_elo_estimate

        if self.stopped_by not in ("decision", "max-games") or self.test.played == 0:
            return None
        try:
            return sprt_elo_estimate(self.test)
        except CourseError:
            return None

    def record(self) -> str:
        """``+W =D -L``, and the pair counts for the pentanomial model."""
        text = f"+{self.wins} ={self.draws} -{self.losses}"
        if self.model == "pentanomial":
            text += f", pairs {' '.join(map(str, self.pentanomial))}"
        return text

    def summary(self) -> str:
        """One line: where the test stands, or how it ended."""
        bounds = f"bounds {self.lower_bound:.3f} and {self.upper_bound:.3f}"
        head = {"decision": f"{self.decision} after {self.games} games",
                "max-games": f"no decision after {self.games} games (the cap)",
                "caller": f"stopped after {self.games} games, no decision",
                "": f"{self.games} games"}[self.stopped_by]
        return f"{head}: {self.record()}, LLR {self.llr:.3f} ({bounds})"

    def to_dict(self, history_digits: int | None = 6) -> dict:
        """The JSON object of ``python -m course_lib sprt --json`` (keys in
        ``course_lib.match.sprt_cli.JSON_KEYS``); infinite Elo values become None."""
        estimate = self.estimate()

        def finite(value: float | None) -> float | None:
            return value if value is not None and math.isfinite(value) else None

        history = list(self.llr_history)
        if history_digits is not None:
            history = [round(value, history_digits) for value in history]
        after = self.estimate_after_stop()
        unbiased = {} if after is None else {
            "unbiased_elo": finite(after.elo), "unbiased_elo_low": finite(after.elo_low),
            "unbiased_elo_high": finite(after.elo_high),
            "unbiased_normalized_elo": finite(after.normalized_elo),
            "unbiased_normalized_low": finite(after.normalized_low),
            "unbiased_normalized_high": finite(after.normalized_high)}
        return {
            "spec_a": self.spec_a, "spec_b": self.spec_b, "model": self.model,
            "scale": self.test.scale, "elo0": self.test.elo0, "elo1": self.test.elo1,
            "alpha": self.test.alpha, "beta": self.test.beta, "seed": self.seed,
            "max_games": self.max_games,
            "decision": self.decision, "stopped_by": self.stopped_by, "llr": self.llr,
            "lower_bound": self.lower_bound, "upper_bound": self.upper_bound,
            "games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
            "pentanomial": list(self.pentanomial), "score": self.score,
            "elo": finite(estimate.elo if estimate else None),
            "elo_low": finite(estimate.elo_low if estimate else None),
            "elo_high": finite(estimate.elo_high if estimate else None),
            "los": estimate.los if estimate else None, **unbiased,
            "reasons": dict(self.reasons), "seconds": round(self.seconds, 3),
            "llr_history": history,
        }

    def __str__(self) -> str:
        return f"{self.spec_a} vs {self.spec_b}, {self.test}: " + self.summary()

    def __repr__(self) -> str:
        return (f"<SprtRun {self.spec_a} vs {self.spec_b} ({self.model}): {self.games} games, "
                f"LLR {self.llr:.4f}, {self.decision}>")


def _check_max_games(max_games: Any, model: str) -> int:
    whole(max_games, "max_games", 1, MAX_GAMES, error=CourseError)
    if model == "pentanomial" and max_games < 2:
        raise CourseError("the pentanomial model plays pairs: max_games must be at least 2")
    return max_games


def _block_openings(openings: Any, first_pair: int) -> Any:
    """The openings of a block that starts at pair ``first_pair``: a FEN list continues its
    cycle; random openings (fresh per block through the seed) and None are unchanged."""
    if openings is None or isinstance(openings, (RandomOpenings, str)):
        return openings
    try:
        fens = list(openings)
    except TypeError:
        return openings                         # the arena says what is wrong with it
    if not fens:
        return fens
    shift = first_pair % len(fens)
    return fens[shift:] + fens[:shift]


def run_sprt(spec_a: Any, spec_b: Any, elo0: float = 0.0, elo1: float = 50.0,
             alpha: float = 0.05, beta: float = 0.05, model: str = "binomial",
             scale: str = "logistic", max_games: int = DEFAULT_MAX_GAMES,
             openings: Any = RandomOpenings(plies=4), seed: int = 0, workers: int | None = None,
             time_ms: int | None = None, executor: Any = None,
             on_update: Callable[[SprtRun], Any] | None = None,
             on_start: Callable[[SprtRun], Any] | None = None) -> SprtRun:
    """Play A (``spec_a``) against B (``spec_b``) in colour-swapped pairs until the SPRT of
    H0: "A is ``elo0`` Elo stronger" against H1: "``elo1`` Elo stronger" decides, or
    ``max_games`` games have been played. Returns the ``SprtRun``.

    ``model``: ``"binomial"`` (the lecture's win/loss test, draws ignored), ``"trinomial"``
    (per game, with draws) or ``"pentanomial"`` (per pair); ``scale``: the Elo of ``elo0`` and
    ``elo1``, ``"logistic"`` or ``"normalized"`` (not for binomial). Players, ``openings``,
    ``seed``, ``workers`` (default every core, 0 this process), ``time_ms`` and ``executor``
    are ``run_match``'s. ``on_start(run)`` is called once the settings are checked, before
    the first game; ``on_update(run)`` after every result read (``True`` stops the test).
    Bad settings raise ``CourseError`` before any game is played.

    >>> run = run_sprt("greedy", "random:seed=1", model="pentanomial", workers=0)
    >>> run.decision, run.games, run.pentanomial
    ('accept H1', 46, [0, 0, 0, 0, 23])
    """
    test = sprt_test(elo0, elo1, alpha, beta, model, scale)
    max_games = _check_max_games(max_games, model)
    per_pair = model == "pentanomial"
    own_pool = None
    arena = Arena(openings, seed, executor, workers, False, time_ms)    # checks the settings
    first_tasks = arena.tasks(spec_a, spec_b, 1)                        # checks the players
    run = SprtRun(player_name(first_tasks[0].player_a), player_name(first_tasks[0].player_b),
                  model, test, max_games, seed)
    if on_start is not None:
        on_start(run)
    started = time.perf_counter()

    def read(result: Any) -> bool:
        """Feed one result to the test; True when the run is over."""
        if test.add(result) != "continue":
            run.stopped_by = "decision"
        elif max_games - run.games < (2 if per_pair else 1):
            run.stopped_by = "max-games"
        run.seconds = time.perf_counter() - started
        answer = on_update(run) if on_update is not None else None
        if not run.stopped_by and answer is True:
            run.stopped_by = "caller"
        return bool(run.stopped_by)

    def on_game(report: Any, game: Any) -> bool:
        score = game.score_a
        if score == 1.0:
            run.wins += 1
        elif score == 0.5:
            run.draws += 1
        else:
            run.losses += 1
        run.reasons[game.reason] += 1
        if game.index % 2 == 1:                           # the second game of its pair
            points = report.games[-2].score_a + score
            run.pentanomial[int(points * 2)] += 1
            if per_pair:
                return read(points)
        return False if per_pair else read(score)

    clean = False
    try:
        if executor is None and workers != 0:
            own_pool = process_pool(workers)           # one pool for every block
            executor, workers = own_pool, own_pool._max_workers
        played_pairs, block, size = 0, 0, FIRST_BLOCK_PAIRS
        while not run.stopped_by:
            pairs = min(size, math.ceil((max_games - run.games) / 2))
            block_seed = seed if block == 0 else derive_seed(seed, "sprt", block)
            block_arena = Arena(_block_openings(openings, played_pairs), block_seed, executor,
                                workers, False, time_ms)
            block_arena.match(spec_a, spec_b, pairs, on_game=on_game)
            played_pairs += pairs
            block += 1
            size = min(2 * size, LARGEST_BLOCK_PAIRS)
        clean = True
    finally:
        if own_pool is not None:
            close_pool(own_pool, wait=clean)
    return run
