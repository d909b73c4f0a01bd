"""Elo from game results: expected score, Elo difference with a 95 percent interval, likelihood
of superiority (LOS) and normalized Elo, for single games (trinomial: wins, draws, losses) and
for colour-swapped game pairs (pentanomial).

The formulas are the ones engine testers use (Fishtest's ``stat_util.get_elo``, which
cutechess-cli's Elo interval also follows):

- the score ``mu`` is the mean points per game, a win 1, a draw 1/2, a loss 0;
- its standard error is ``sqrt(var / N)`` with ``var`` the *empirical* per-game variance
  (divided by N, not N - 1): ``var = (W (1-mu)^2 + D (1/2-mu)^2 + L mu^2) / N``;
- the Elo interval maps the score interval ``mu -+ z * stderr`` through ``elo_from_score``;
  the quoted ``+-`` margin is half its width;
- LOS is ``Phi((mu - 1/2) / stderr)``, the normal chance that the true score is above 1/2.

For pairs, ``N`` counts pairs and the variance is that of the pair's mean score.

The normal interval fails near a score of 0 or 1 (+0 =1 -99 would give "-inf to -730",
narrower than the exact bound -570 of 100 games all lost). So where the score lies nearer to
0 or 1 than twice the normal margin (``mu -+ 2 z stderr`` runs past 0 or 1), the interval is
instead ``chernoff_interval``'s, a distribution-free bound (Chernoff-Hoeffding) that holds for
independent results of any shape; ``EloEstimate.interval`` says which was used. The margin
shrinks as results are added, so in a short match the switch reaches far from the edges (20
games: +8 =0 -12, a score of 40 %). The switch is a rule of thumb; notebook 07 (section 2)
measures by seeded simulation how often each interval holds the true score. LOS stays the
normal approximation's.

>>> estimate = elo_estimate(136, 111, 96)
>>> print(estimate)
40.70 +- 30.43 logistic Elo (95% interval 10.59 to 71.44), LOS 99.60%, 343 games
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

from ..checks import MAX_CONFIDENCE, MAX_COUNT, describe
from ..errors import CourseError

__all__ = [
    "MAX_COUNT", "NELO_PER_T", "EloEstimate", "elo_estimate", "elo_estimate_pairs", "elo_from_score",
    "chernoff_interval", "expected_score", "likelihood_of_superiority", "normalized_elo",
    "normalized_elo_pairs",
]

NELO_PER_T = 800 / math.log(10)
"""Normalized Elo per unit of t = (score - 1/2) / sigma (Fishtest's ``nelo_divided_by_nt``):
chosen so that, for small differences and no draws, normalized and logistic Elo agree."""

PAIR_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)
"""The five pair results of the pentanomial model: the points of a colour-swapped pair."""

_NORMAL = NormalDist()


# --- Validation at the boundary --------------------------------------------------------------

def check_count(name: str, value: object, maximum: int = MAX_COUNT,
                unit: str = "a trillion games") -> int:
    """``value`` as an int if it is a whole number from 0 to ``maximum`` (MAX_COUNT), else a
    CourseError naming ``name``."""
    if isinstance(value, bool):
        raise CourseError(f"{name} must be a whole number, got {value!r}")
    try:
        number = operator.index(value)         # accepts int and numpy integers, not floats
    except TypeError:
        raise CourseError(f"{name} must be a whole number, got {value!r:.100}") from None
    if number < 0:
        raise CourseError(f"{name} cannot be negative, got {describe(number)}")
    if number > maximum:
        raise CourseError(f"{name} must be at most {maximum:,} ({unit}), got "
                          f"{describe(number)}")
    return number


def check_counts(wins: object, draws: object, losses: object) -> tuple[int, int, int]:
    """Validated (wins, draws, losses); at least one game must have been played."""
    counts = (check_count("wins", wins), check_count("draws", draws),
              check_count("losses", losses))
    if sum(counts) == 0:
        raise CourseError("no games: wins, draws and losses are all 0")
    return counts


def check_pairs(pairs: Sequence[object]) -> tuple[int, int, int, int, int]:
    """Validated pentanomial counts: how many pairs scored 0, 1/2, 1, 3/2 and 2 points."""
    try:
        items = list(pairs)                                        # type: ignore[call-overload]
    except TypeError:
        raise CourseError(f"pairs must be 5 counts, got {pairs!r}") from None
    if len(items) != 5:
        raise CourseError(
            f"pairs must be 5 counts (pairs that scored 0, 0.5, 1, 1.5, 2 points), "
            f"got {len(items)}")
    counts = tuple(check_count(f"pairs[{i}] (pairs scoring {PAIR_SCORES[i]:g})", item)
                   for i, item in enumerate(items))
    if sum(counts) == 0:
        raise CourseError("no pairs: all five pair counts are 0")
    return counts                                                  # type: ignore[return-value]


def check_confidence(confidence: float) -> float:
    """``confidence`` if above 0 and at most ``MAX_CONFIDENCE`` (0.999999999), else a
    CourseError."""
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) \
            or not 0 < confidence <= MAX_CONFIDENCE:
        raise CourseError(f"confidence must be above 0 and at most 0.999999999 (e.g. 0.95), "
                          f"got {describe(confidence)}")
    return float(confidence)


def _check_finite(name: str, value: float) -> float:
    """``value`` as a float, infinities allowed; a CourseError for NaN or a non-number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CourseError(f"{name} must be a number, got {value!r:.100}")
    try:
        number = float(value)
    except OverflowError:                      # a whole number beyond any float
        number = math.inf if value > 0 else -math.inf
    if math.isnan(number):
        raise CourseError(f"{name} must be a number, got {value!r}")
    return number


# --- Elo and score --------------------------------------------------------------------------

def expected_score(elo_difference: float) -> float:
    """The expected score of A against B when A is ``elo_difference`` Elo stronger:
    ``1 / (1 + 10^(-d/400))``.

    >>> expected_score(0)
    0.5
    >>> round(expected_score(50), 7)           # the lecture's H1 win probability
    0.5714631
    >>> round(expected_score(-400), 4)         # 400 Elo weaker: one point in eleven
    0.0909
    """
    d = _check_finite("elo_difference", elo_difference)
    exponent = -d / 400
    if exponent > 300:                          # 10**300 is near the float limit
        return 0.0
    return 1 / (1 + 10 ** exponent)


def elo_from_score(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (the inverse of expected_score):
    ``-400 log10(1/score - 1)``. A score of 0 gives ``-inf`` and a score of 1 gives ``inf``.

    >>> round(elo_from_score(0.75), 2)
    190.85
    >>> elo_from_score(0.5), elo_from_score(1.0)
    (0.0, inf)
    """
    s = _check_finite("score", score)
    if not 0 <= s <= 1:
        raise CourseError(f"a score is a fraction of the points, between 0 and 1; got {score!r:.100}")
    if s == 0:
        return -math.inf
    if s == 1:
        return math.inf
    return -400 * math.log10(1 / s - 1) + 0.0          # + 0.0: no -0.0 at a score of 1/2


# --- Estimates from counts ------------------------------------------------------------------

@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference measured from games, with its interval and LOS.

    ``elo_low`` and ``elo_high`` are the score interval mapped to Elo, so they are not quite
    symmetric around ``elo`` (a distribution-free interval, ``interval == "chernoff"``, is far
    from symmetric); ``margin`` is half their distance, the ``+-`` figure that engine testers
    quote of a normal interval.
    """

    elo: float
    elo_low: float
    elo_high: float
    los: float
    """Likelihood of superiority: the chance that A is truly stronger, 0..1 (the normal
    approximation's, whichever ``interval``)."""
    score: float
    """Mean points per game, 0..1."""
    score_stderr: float
    """Standard error of ``score`` (from the empirical variance)."""
    normalized_elo: float
    games: int
    pairs: int | None = None
    """For a pentanomial estimate: the number of game pairs (``games`` is twice that)."""
    confidence: float = 0.95
    interval: str = "normal"
    """How ``elo_low`` and ``elo_high`` were found: ``"normal"`` (the usual interval, above),
    ``"chernoff"`` (the score lay too near 0 or 1 for the normal interval, so a
    distribution-free one replaced it: see ``chernoff_interval`` and the module's docstring)
    or ``"exact"`` (every result the same: see ``note``)."""
    note: str = ""
    """What these results can and cannot tell, in words, when every game (pair) ended the same
    way; '' otherwise. The usual interval needs results that vary: when none do, ``elo_low``
    and ``elo_high`` are instead an exact bound (Clopper-Pearson): another result would have
    turned up with at least ``(1 - confidence) / 2`` probability if its share were larger."""

    @property
    def margin(self) -> float:
        """Half the width of the Elo interval: the ``+-`` of ``40.70 +- 30.43`` (0 when the
        interval is a single point, as after a perfect score)."""
        if self.elo_high == self.elo_low:
            return 0.0
        return (self.elo_high - self.elo_low) / 2

    def __str__(self) -> str:
        """``40.70 +- 30.43 logistic Elo (95% interval ...)``; a distribution-free interval
        (``interval == "chernoff"``) has no ``+-`` and says why it replaced the normal one, a
        perfect score says that it has no finite estimate, and a record of one repeated result
        gives its exact bound (see ``note``).

        >>> print(elo_estimate(10, 0, 0))
        +inf logistic Elo: every game won, so no finite estimate; at least 140.22 logistic Elo with 95% confidence (exact bound); LOS 100.00%, 10 games
        >>> print(elo_estimate(0, 10, 0))
        0.00 logistic Elo (95% exact bound -110.79 to 110.79: every result the same), LOS 50.00%, 10 games
        >>> print(elo_estimate(0, 1, 99))
        -919.54 logistic Elo (95% interval -2375.30 to -502.66, distribution-free: within twice the normal margin of a score of 0%), LOS 0.00%, 100 games
        """
        percent = f"{self.confidence * 100:g}%"
        tail = f"LOS {self.los * 100:.2f}%, {self.games} games"
        if not math.isfinite(self.elo):
            side = "won" if self.elo > 0 else "lost"
            bound = (f"at least {self.elo_low:.2f}" if self.elo > 0
                     else f"at most {self.elo_high:.2f}")
            return (f"{_signed(self.elo)} logistic Elo: every game {side}, so no finite "
                    f"estimate; {bound} logistic Elo with {percent} confidence (exact bound); "
                    f"{tail}")
        if self.note:
            return (f"{self.elo:.2f} logistic Elo ({percent} exact bound {_signed(self.elo_low)} to "
                    f"{_signed(self.elo_high)}: every result the same), {tail}")
        return f"{self.difference_text()}, {tail}"

    def difference_text(self) -> str:
        """The Elo difference with its usual or distribution-free interval, in one phrase
        (for results that vary; ``__str__`` words the other cases).

        >>> elo_estimate(136, 111, 96).difference_text()
        '40.70 +- 30.43 logistic Elo (95% interval 10.59 to 71.44)'
        """
        interval = (f"{self.confidence * 100:g}% interval {_signed(self.elo_low)} to "
                    f"{_signed(self.elo_high)}")
        if self.interval == "chernoff":
            edges = _edges_near(self.score, self.score_stderr, self.confidence)
            return (f"{self.elo:.2f} logistic Elo ({interval}, distribution-free: within twice "
                    f"the normal margin of a score of {' and of '.join(edges)})")
        return f"{self.elo:.2f} +- {self.margin:.2f} logistic Elo ({interval})"


def _edges_near(mean: float, stderr: float, confidence: float) -> list[str]:
    """The edges, "0%" and "100%", that ``mean`` lies within twice the normal margin of: where
    ``elo_estimate`` gives the distribution-free interval instead of the normal one."""
    reach = 2 * _NORMAL.inv_cdf(0.5 + confidence / 2) * stderr
    return [edge for edge, near in (("0%", mean - reach < 0), ("100%", mean + reach > 1)) if near]


def _signed(value: float) -> str:
    """``12.34``, or ``+inf`` / ``-inf``."""
    return f"{value:.2f}" if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def _distribution_stats(values: Sequence[float], counts: Sequence[int]) -> tuple[float, float]:
    """Mean and empirical variance (divided by N) of ``values`` weighted by ``counts``."""
    total = sum(counts)
    mean = sum(v * c for v, c in zip(values, counts)) / total
    variance = sum(c * (v - mean) ** 2 for v, c in zip(values, counts)) / total
    return mean, variance


def _normal_cdf_ratio(numerator: float, denominator: float) -> float:
    """Phi(numerator / denominator), with a zero denominator giving 0, 1/2 or 1."""
    if denominator == 0:
        return 0.5 if numerator == 0 else (1.0 if numerator > 0 else 0.0)
    return _NORMAL.cdf(numerator / denominator)


def _normalized(mean: float, sigma_per_game: float) -> float:
    if sigma_per_game == 0:
        return 0.0 if mean == 0.5 else math.copysign(math.inf, mean - 0.5)
    return (mean - 0.5) / sigma_per_game * NELO_PER_T


def _estimate(mean: float, variance: float, samples: int, sigma_per_game: float, games: int,
              pairs: int | None, confidence: float) -> EloEstimate:
    z = _NORMAL.inv_cdf(0.5 + confidence / 2)
    stderr = math.sqrt(variance / samples)
    note = ""
    if variance == 0:
        # Every sample scored `mean`. Any other result has a share u at most (exact,
        # Clopper-Pearson, one side): (1 - u)^samples = (1 - confidence) / 2. The score then
        # lies between mean (1 - u) and mean (1 - u) + u.
        u = 1 - ((1 - confidence) / 2) ** (1 / samples)
        low, high = mean * (1 - u), mean * (1 - u) + u
        note = _one_result_note(mean, samples, "pair" if pairs else "game", confidence,
                                elo_from_score(low), elo_from_score(high))
        interval = "exact"
    else:
        if _edges_near(mean, stderr, confidence):
            low, high = chernoff_interval(mean, samples, confidence)
            interval = "chernoff"
        else:
            low, high = mean - z * stderr, mean + z * stderr
            interval = "normal"
    return EloEstimate(
        elo=elo_from_score(mean), elo_low=elo_from_score(low), elo_high=elo_from_score(high),
        los=_normal_cdf_ratio(mean - 0.5, stderr), score=mean, score_stderr=stderr,
        normalized_elo=_normalized(mean, sigma_per_game), games=games, pairs=pairs,
        confidence=confidence, interval=interval, note=note)


def chernoff_interval(mean: float, samples: int, confidence: float = 0.95) -> tuple[float, float]:
    """A distribution-free ``confidence`` interval for the true mean of results between 0 and 1
    (a game's points, or a pair's points halved), from ``samples`` results of mean ``mean``.

    Each end is the Chernoff-Hoeffding bound at ``(1 - confidence) / 2``: the true mean ``s``
    is excluded when ``samples * KL(mean || s) > ln(2 / (1 - confidence))``, with
    ``KL(p || q) = p ln(p/q) + (1-p) ln((1-p)/(1-q))``, the Kullback-Leibler divergence of
    two coins of those chances. For independent results between 0 and 1 of any shape (wins,
    draws, pairs), a mean at least that far from ``s`` turns up with at most that chance
    (Hoeffding 1963, theorem 1), so the bound holds without a normal approximation; it is
    conservative. After results that all scored 0 (or 1) it is the exact Clopper-Pearson
    bound ``1 - ((1 - confidence) / 2) ** (1 / samples)``.

    >>> low, high = chernoff_interval(0.005, 100)     # +0 =1 -99
    >>> round(elo_from_score(high), 1)            # (+0 =0 -100: at most -570.0)
    -502.7
    >>> chernoff_interval(0.0, 100)[1] == 1 - 0.025 ** (1 / 100)
    True
    """
    mean = _check_finite("mean", mean)
    if not 0 <= mean <= 1:
        raise CourseError(f"a mean score lies between 0 and 1; got {mean!r:.100}")
    samples = check_count("samples", samples, 5 * MAX_COUNT, "five trillion results")
    if samples == 0:
        raise CourseError("samples must be at least 1: an interval needs results")
    confidence = check_confidence(confidence)
    budget = math.log(2 / (1 - confidence)) / samples        # KL(mean || s) allowed

    def divergence(logit: float) -> float:                   # KL(mean || s), s from its logit
        log_s = -math.log1p(math.exp(-logit)) if logit > -700 else logit
        log_not_s = -math.log1p(math.exp(logit)) if logit < 700 else -logit
        total = 0.0
        if mean > 0:
            total += mean * (math.log(mean) - log_s)
        if mean < 1:
            total += (1 - mean) * (math.log1p(-mean) - log_not_s)
        return total

    def bound(direction: int) -> float:
        if (mean == 0 and direction < 0) or (mean == 1 and direction > 0):
            return mean
        if mean == 0 and direction > 0:      # closed form: exact at the edge
            return 1 - ((1 - confidence) / 2) ** (1 / samples)
        if mean == 1 and direction < 0:
            return ((1 - confidence) / 2) ** (1 / samples)
        inside = math.log(mean / (1 - mean))
        step = 1.0
        while divergence(inside + direction * step) <= budget:      # bracket the crossing
            step *= 2
        near, far = inside, inside + direction * step
        for _ in range(200):
            middle = (near + far) / 2
            if middle in (near, far):
                break
            if divergence(middle) <= budget:
                near = middle
            else:
                far = middle
        return 1 / (1 + math.exp(-near)) if near > -700 else math.exp(near)

    return bound(-1), bound(+1)


def _one_result_note(mean: float, samples: int, unit: str, confidence: float, low: float,
                     high: float) -> str:
    """What a record of one repeated result tells, in words (see ``EloEstimate.note``)."""
    percent = f"{confidence * 100:g}%"
    count = f"{samples} {unit}{'s' if samples != 1 else ''}"
    if mean == 1:
        return (f"A won every {unit} ({count}): there is no finite Elo estimate and no usual "
                f"interval; with {percent} confidence the Elo difference is at least {low:.2f} "
                f"logistic Elo (an exact bound); an estimate needs {unit}s that A did not win")
    if mean == 0:
        return (f"A lost every {unit} ({count}): there is no finite Elo estimate and no usual "
                f"interval; with {percent} confidence the Elo difference is at most {high:.2f} "
                f"logistic Elo (an exact bound); an estimate needs {unit}s that A did not lose")
    what = "was drawn" if unit == "game" and mean == 0.5 else f"scored {mean * 100:g}%"
    return (f"every {unit} {what} ({count}): the results do not vary, so the usual interval has "
            f"no width and the LOS means nothing; with {percent} confidence the Elo difference "
            f"lies from {low:.2f} to {high:.2f} logistic Elo (an exact bound)")


def elo_estimate(wins: int, draws: int, losses: int, confidence: float = 0.95) -> EloEstimate:
    """The Elo difference of A over B from A's wins, draws and losses (the trinomial model),
    with a ``confidence`` interval (default 95 percent) and the likelihood of superiority.

    >>> e = elo_estimate(136, 111, 96)
    >>> round(e.elo, 2), round(e.margin, 2), round(e.los * 100, 2)
    (40.7, 30.43, 99.6)
    >>> elo_estimate(3, 0, -1)
    Traceback (most recent call last):
    ...
    course_lib.errors.CourseError: losses cannot be negative, got -1
    """
    w, d, l = check_counts(wins, draws, losses)
    confidence = check_confidence(confidence)
    mean, variance = _distribution_stats((1.0, 0.5, 0.0), (w, d, l))
    return _estimate(mean, variance, w + d + l, math.sqrt(variance), w + d + l, None,
                     confidence)


def elo_estimate_pairs(pairs: Sequence[int], confidence: float = 0.95) -> EloEstimate:
    """The Elo difference from colour-swapped game pairs (the pentanomial model).

    ``pairs[k]`` is the number of pairs in which A scored ``k / 2`` points (0, 1/2, 1, 3/2, 2).
    The pairs are the independent samples, so the interval accounts for the correlation of the
    two games of a pair (same opening), which the trinomial model ignores.

    >>> e = elo_estimate_pairs([10, 20, 40, 20, 10])
    >>> e.elo, e.games, e.pairs
    (0.0, 200, 100)
    """
    counts = check_pairs(pairs)
    confidence = check_confidence(confidence)
    n = sum(counts)
    mean, variance = _distribution_stats([s / 2 for s in PAIR_SCORES], counts)
    return _estimate(mean, variance, n, math.sqrt(2 * variance), 2 * n, n, confidence)


def likelihood_of_superiority(wins: int, draws: int, losses: int) -> float:
    """The chance, 0..1, that A is truly stronger than B: ``Phi((score - 1/2) / stderr)``.

    This is Fishtest's LOS (the spec's 99.60 percent). cutechess-cli prints a different one,
    ``(1 + erf((W - L) / sqrt(2 (W + L)))) / 2``, which ignores draws: 99.57 percent here.

    >>> round(likelihood_of_superiority(136, 111, 96) * 100, 2)
    99.6
    """
    return elo_estimate(wins, draws, losses).los


def normalized_elo(wins: int, draws: int, losses: int) -> float:
    """Normalized Elo: ``(score - 1/2) / sigma * 800 / ln 10``, with sigma the per-game
    standard deviation of the score. Unlike logistic Elo it does not depend on how drawish the
    games are: it measures how many games a difference takes to detect.

    >>> round(normalized_elo(136, 111, 96), 2)
    49.77
    """
    return elo_estimate(wins, draws, losses).normalized_elo


def normalized_elo_pairs(pairs: Sequence[int]) -> float:
    """Normalized Elo from pentanomial pair counts; sigma per game is ``sqrt(2 var_pair)``
    (Fishtest's convention), with var_pair the variance of a pair's mean score.

    >>> normalized_elo_pairs([0, 1, 2, 1, 0])
    0.0
    """
    return elo_estimate_pairs(pairs).normalized_elo
