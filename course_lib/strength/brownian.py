"""A sequential test's LLR as a Brownian motion between its two bounds: closed forms for the
chance of each decision, the expected length, the chance of still running after ``t`` games,
and the ordering of outcomes that the bias-aware estimate after a stopped test needs.

Game after game the LLR of an SPRT adds a small random step with a mean (the drift, ``mu``
per game) and a variance (``sigma**2`` per game) that depend on the true Elo difference. Over
many games it moves like ``X(t) = mu t + sigma W(t)``, a Brownian motion with drift, started at
0 and stopped the first time it meets ``lower`` (accept H0) or ``upper`` (accept H1). Engine
testers use this approximation (Van den Bergh's notes for Fishtest) because everything about
the stopped motion has a closed form. It ignores the overshoot (a real LLR jumps past a bound
by part of a step), so its lengths run a little long.

Two series give the same numbers (a test holds them together):

- the **sine series** (the motion's eigenfunctions between the bounds) converges fast when
  ``sigma**2 t`` is not small against the squared width of the bounds;
- the **image series** (a Gaussian and its mirror images in the bounds) converges fast when
  it is small.

``BrownianTest`` picks the fast one.

>>> test = BrownianTest(lower=-2.944, upper=2.944, drift=0.0, variance=0.001)
>>> round(test.accept_upper(), 3), round(test.expected_length())    # no drift: -lower*upper
(0.5, 8667)
>>> round(test.survival(8667), 3)                # still running after that many games
0.371
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import CourseError

__all__ = ["BrownianTest"]

SERIES_SWITCH = 0.05
"""The sine series is used when ``sigma**2 t / width**2`` is at least this, the image series
below it. Either way the terms left out are below about exp(-50)."""

_LOG_SQRT_2PI = 0.5 * math.log(2 * math.pi)


def _log_phi_cdf(x: float) -> float:
    """log Phi(x), the log of the standard normal distribution function, for any x.

    >>> round(_log_phi_cdf(0.0), 6) == round(math.log(0.5), 6)
    True
    >>> round(_log_phi_cdf(-40.0), 3)               # Phi(-40) is below the smallest double
    -804.608
    """
    if x > -30:
        return math.log(0.5 * math.erfc(-x / math.sqrt(2)))
    # Mills' ratio, asymptotically: Phi(x) = phi(x) / |x| (1 - 1/x^2 + 3/x^4 - 15/x^6 + ...)
    inv = 1 / (x * x)
    series = 1 - inv * (1 - 3 * inv * (1 - 5 * inv * (1 - 7 * inv)))
    return -x * x / 2 - math.log(-x) - _LOG_SQRT_2PI + math.log(series)


def _log_phi_between(low: float, high: float) -> float:
    """log(Phi(high) - Phi(low)) for low <= high; -inf when they are equal."""
    if high <= low:
        return -math.inf
    if low > 0:                                   # both in the upper tail: mirror them
        low, high = -high, -low
    if high > 0:                                  # straddles 0: at least Phi(0) - Phi(low)
        return math.log(0.5 * math.erfc(-high / math.sqrt(2))
                        - 0.5 * math.erfc(-low / math.sqrt(2)))
    top = _log_phi_cdf(high)
    return top + math.log1p(-math.exp(_log_phi_cdf(low) - top))


def _signed_sum(terms: list[tuple[float, float]]) -> float:
    """sum of sign * exp(log_size) over (sign, log_size), without overflow."""
    return sum(sign * math.exp(size) for sign, size in terms if size > -745)


@dataclass(frozen=True)
class BrownianTest:
    """The LLR of a test as ``X(t) = drift t + sqrt(variance) W(t)``, ``X(0) = 0``, stopped at
    ``lower < 0`` or ``upper > 0``; ``t`` counts games (or pairs: whatever one step is).

    >>> test = BrownianTest(-2.944, 2.944, drift=0.001, variance=0.002)
    >>> round(test.accept_upper(), 4), round(test.expected_length())
    (0.95, 2649)
    """

    lower: float
    upper: float
    drift: float
    variance: float

    def __post_init__(self) -> None:
        for name in ("lower", "upper", "drift", "variance"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value):
                raise CourseError(f"{name} must be a finite number, got {value!r:.60}")
        if not self.lower < 0 < self.upper:
            raise CourseError(f"the bounds must have 0 between them (lower < 0 < upper), got "
                              f"{self.lower:g} and {self.upper:g}")
        if not self.variance > 0:
            raise CourseError(f"variance must be above 0, got {self.variance:g}")

    # --- derived quantities --------------------------------------------------------------

    @property
    def width(self) -> float:
        return self.upper - self.lower

    @property
    def _gamma(self) -> float:
        """drift / variance: how hard the drift pushes, per unit of LLR."""
        return self.drift / self.variance

    def _exit_lower_from(self, above_lower: float) -> float:
        """Chance of meeting the lower bound first, starting ``above_lower`` above it."""
        g, width = self._gamma, self.width
        if abs(g * width) < 1e-9:
            return 1 - above_lower / width
        if g > 0:      # exp(-2 g ...) <= 1: P(upper first) = (1 - e^{-2gx}) / (1 - e^{-2gA})
            return 1 - math.expm1(-2 * g * above_lower) / math.expm1(-2 * g * width)
        return math.expm1(2 * g * (width - above_lower)) / math.expm1(2 * g * width)

    # --- the test's behaviour -----------------------------------------------------------

    def accept_upper(self) -> float:
        """The chance that the motion meets ``upper`` before ``lower`` (accept H1)."""
        return 1 - self._exit_lower_from(-self.lower)

    def expected_length(self) -> float:
        """The expected time until a bound is met (Wald's identity; ``-lower upper /
        variance`` without drift)."""
        g = self._gamma
        if abs(g * self.width) < 1e-6:
            return -self.lower * self.upper / self.variance
        up = self.accept_upper()
        return (up * self.upper + (1 - up) * self.lower) / self.drift

    def survival(self, t: float) -> float:
        """The chance that no bound has been met by time ``t``: the test is still running."""
        return self.outcome_below(t, self.upper) - self.outcome_below(t, self.lower)

    def outcome_below(self, t: float, y: float) -> float:
        """The chance of an outcome *worse* than "at time ``t`` the LLR is ``y``", in the
        order of outcomes used to estimate after a sequential test (Siegmund's): an early
        acceptance of H0 is the worst outcome, a later one better, then the tests still
        running at ``t`` from the lowest LLR to the highest, then the acceptances of H1 from
        the latest to the earliest, the best.

        So ``outcome_below(t, y) = P(H0 accepted by t) + P(running at t with LLR < y)``; with
        ``y = upper`` it is ``1 - P(H1 accepted by t)``, with ``y = lower`` it is
        ``P(H0 accepted by t)``.
        """
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not t > 0:
            raise CourseError(f"t must be a time above 0, got {t!r:.60}")
        if not self.lower <= y <= self.upper:
            raise CourseError(f"y must lie between the bounds {self.lower:g} and "
                              f"{self.upper:g}, got {y!r:.60}")
        if self.variance * t >= SERIES_SWITCH * self.width ** 2:
            value = self._outcome_sine(t, y)
        else:
            value = self._outcome_images(t, y)
        return min(1.0, max(0.0, value))

    # --- the two series -----------------------------------------------------------------

    def _outcome_sine(self, t: float, y: float) -> float:
        """``outcome_below`` by the sine series.

        Between the bounds the motion still running at ``t`` has the density (in
        ``u = z - lower``, started at ``x = -lower``, ``g = drift / variance``, ``k = n pi /
        width``)::

            p(t, z) = 2/A sum_n exp(g z - g^2 s2 t/2 - k^2 s2 t/2) sin(k x) sin(k u)

        with ``s2`` the variance, ``A`` the width. A path running at ``t`` from ``z`` later
        meets the lower bound first with the chance h(z) (``_exit_lower_from``), so
        ``P(H0 by t) = P(H0) - integral p h``; and ``integral p (1{z < y} - h)`` has the
        closed form summed below (the integral of ``p h`` is exactly the constant part of the
        integral of ``p`` from the lower bound up to ``y``).
        """
        s2, width, g = self.variance, self.width, self._gamma
        x, above = -self.lower, y - self.lower
        total = self._exit_lower_from(x)
        terms = int(math.sqrt(100 / (math.pi ** 2 * s2 * t / width ** 2))) + 2
        for n in range(1, terms + 1):
            k = n * math.pi / width
            exponent = g * y - (g * g + k * k) * s2 * t / 2
            if exponent < -745:
                break
            total += (2 / width * math.exp(exponent) * math.sin(k * x)
                      * (g * math.sin(k * above) - k * math.cos(k * above)) / (g * g + k * k))
        return total

    def _outcome_images(self, t: float, y: float) -> float:
        """``outcome_below`` by the image series.

        Without drift the density of a running path is a Gaussian from 0 less its mirror
        images in the bounds: sources at ``2 j A`` and sinks at ``2 upper + 2 j A``. A drift
        multiplies it by ``exp(g z - drift^2 t / (2 s2))``, which turns each image at ``c``
        into the Gaussian at ``c + drift t`` weighted ``exp(g c)``. So the running part below
        ``y`` is a sum of differences of Phi, and ``P(H0 by t)`` a sum of one-bound first
        passage chances, one per source (each source and its mirror in the lower bound give
        one first passage from the source to the lower bound).
        """
        s2, width, g, mu = self.variance, self.width, self._gamma, self.drift
        s = math.sqrt(s2 * t)
        lower = self.lower
        reach = int(s / width) + 4
        terms: list[tuple[float, float]] = []
        for j in range(-reach, reach + 1):
            for sign, c in ((1.0, 2 * j * width), (-1.0, 2 * self.upper + 2 * j * width)):
                middle = c + mu * t
                size = _log_phi_between((lower - middle) / s, (y - middle) / s)
                terms.append((sign, g * c + size))
            # first passage from the source c to the lower bound, with the drift toward it
            c = 2 * j * width
            distance, toward = abs(c - lower), (mu if c < lower else -mu)
            side = 1.0 if c > lower else -1.0
            terms.append((side, g * c + _log_phi_cdf((toward * t - distance) / s)))
            terms.append((side, g * c + 2 * toward * distance / s2
                          + _log_phi_cdf((-toward * t - distance) / s)))
        return _signed_sum(terms)
