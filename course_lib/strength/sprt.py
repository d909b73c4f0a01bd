"""The sequential probability ratio test (SPRT): play games until the evidence decides.

H0 says A is ``elo0`` Elo stronger than B, H1 says ``elo1``. After each game the test adds up
the log-likelihood ratio (LLR) of H1 against H0 and compares it with two bounds (Wald):

- accept H1 once ``LLR >= ln((1 - beta) / alpha)``,
- accept H0 once ``LLR <= ln(beta / (1 - alpha))``,
- otherwise play on.

``alpha`` is the chance of accepting H1 when H0 is true, ``beta`` of accepting H0 when H1 is
true. Three kinds of test:

- ``"win_loss"``: the lecture's test; wins and losses only (a draw changes nothing);
- ``"trinomial"``: the generalized SPRT of engine testers on wins, draws and losses;
- ``"pentanomial"``: the same on colour-swapped game pairs.

The lecture's test, H0: 0 Elo against H1: 50 Elo, with alpha = beta = 0.05:

>>> test = Sprt()
>>> test.feed([1] * 23)
'accept H1'
>>> test.games, round(test.llr, 4)
(23, 3.0726)
>>> print(Sprt.from_totals(wins=60, losses=40))
win/loss SPRT [0, 50] logistic Elo, alpha 0.05, beta 0.05: +60 =0 -40, LLR 1.846 in (-2.944, 2.944): continue
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from ..errors import CourseError
from .elo import PAIR_SCORES, check_count, check_pairs
from .llr import check_elo_bounds, check_scale, gsprt_llr, win_loss_steps

__all__ = ["ACCEPT_H0", "ACCEPT_H1", "CONTINUE", "KINDS", "Sprt", "sprt_bounds"]

CONTINUE = "continue"
ACCEPT_H0 = "accept H0"
ACCEPT_H1 = "accept H1"
KINDS = ("win_loss", "trinomial", "pentanomial")

_GAME_SCORES = {0: 0, 0.5: 1, 1: 2}          # a game's score for A -> index in (L, D, W)


def check_error_rate(name: str, value: float) -> float:
    """``value`` if strictly between 0 and 1, else a CourseError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 1:
        raise CourseError(f"{name} must be a probability strictly between 0 and 1 "
                          f"(e.g. 0.05), got {value!r}")
    return float(value)


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's bounds ``(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`` on the LLR.

    >>> [round(bound, 3) for bound in sprt_bounds(0.05, 0.05)]
    [-2.944, 2.944]
    """
    alpha, beta = check_error_rate("alpha", alpha), check_error_rate("beta", beta)
    if alpha + beta >= 1:
        raise CourseError(f"alpha + beta must be below 1, got {alpha:g} + {beta:g}: "
                          f"the test could accept either hypothesis without playing")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


class Sprt:
    """A sequential test fed one game (or one game pair) at a time.

    ``add(result)`` takes A's score in one game (1, 0.5 or 0) or, for ``kind="pentanomial"``,
    A's points in one colour-swapped pair (0, 0.5, 1, 1.5 or 2, or the pair's two game scores
    as a tuple). It returns the state: ``"continue"``, ``"accept H0"`` or ``"accept H1"``.
    Once a hypothesis is accepted the test is over and ``add`` refuses more results.

    ``llr_history[i]`` is the LLR after game (pair) ``i + 1``. ``scale`` says whether
    ``elo0`` and ``elo1`` are logistic or normalized Elo (the win/loss test is logistic only).

    >>> test = Sprt(elo0=0, elo1=5, kind="trinomial")
    >>> for result in [1, 0.5, 0.5, 0, 1]:
    ...     state = test.add(result)
    >>> state, test.wins, test.draws, test.losses, len(test.llr_history)
    ('continue', 2, 2, 1, 5)
    """

    def __init__(self, elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05,
                 beta: float = 0.05, kind: str = "win_loss", scale: str = "logistic") -> None:
        if kind not in KINDS:
            raise CourseError(f"kind must be one of {', '.join(KINDS)}; got {kind!r}")
        self.kind = kind
        self.scale = check_scale(scale)
        if kind == "win_loss" and scale != "logistic":
            raise CourseError("the win/loss test takes logistic Elo bounds only; "
                              "use kind='trinomial' for normalized Elo")
        self.elo0, self.elo1 = check_elo_bounds(elo0, elo1)
        self.alpha = check_error_rate("alpha", alpha)
        self.beta = check_error_rate("beta", beta)
        self.lower_bound, self.upper_bound = sprt_bounds(alpha, beta)
        self.counts = [0] * (5 if kind == "pentanomial" else 3)
        """Results so far, worst first: (losses, draws, wins) or pairs scoring 0 .. 2."""
        self.llr_history: list[float] = []
        self.state = CONTINUE
        self.llr = 0.0
        if kind == "win_loss":
            self._win_step, self._loss_step = win_loss_steps(self.elo0, self.elo1)

    # --- Feeding results ----------------------------------------------------------------

    def _index(self, result: object) -> int:
        if self.kind == "pentanomial":
            if isinstance(result, tuple):
                if len(result) != 2:
                    raise CourseError(f"a pair is two game scores, got {result!r}")
                # a game's index (0 loss, 1 draw, 2 win) is twice its score
                result = (self._game_index(result[0]) + self._game_index(result[1])) / 2
            for index, score in enumerate(PAIR_SCORES):
                if not isinstance(result, bool) and result == score:
                    return index
            raise CourseError(f"a pair's score is 0, 0.5, 1, 1.5 or 2 (A's points in the "
                              f"two games), got {result!r}")
        return self._game_index(result)

    @staticmethod
    def _game_index(result: object) -> int:
        if not isinstance(result, bool) and isinstance(result, (int, float)):
            for score, index in _GAME_SCORES.items():
                if result == score:
                    return index
        raise CourseError(f"a game's result is A's score: 1 (win), 0.5 (draw) or 0 (loss); "
                          f"got {result!r}")

    def add(self, result: float | tuple[float, float]) -> str:
        """Record one game (one pair for a pentanomial test); return the new state."""
        if self.state != CONTINUE:
            raise CourseError(f"this test is over ({self.state} after {self.played} "
                              f"{self._unit}s); start a new Sprt to test again")
        self.counts[self._index(result)] += 1
        self.llr = self._compute_llr()
        self.llr_history.append(self.llr)
        self.state = self._decide(self.llr)
        return self.state

    def feed(self, results: Iterable[float | tuple[float, float]]) -> str:
        """Add results one by one until the test stops or they run out; return the state.
        Results after the decision are left unread."""
        for result in results:
            if self.add(result) != CONTINUE:
                break
        return self.state

    @classmethod
    def from_totals(cls, wins: int = 0, draws: int = 0, losses: int = 0,
                    pairs: Sequence[int] | None = None, **settings: object) -> "Sprt":
        """A test whose LLR and state come from totals instead of a game-by-game record.

        The state says where the final LLR lies: a sequential test would have stopped at the
        first crossing, which totals cannot show. ``llr_history`` holds the one final LLR.
        ``pairs`` (pentanomial counts) implies ``kind="pentanomial"``.

        >>> test = Sprt.from_totals(wins=36433, draws=68692, losses=36027, elo0=0, elo1=2,
        ...                         kind="trinomial", scale="normalized")
        >>> round(test.llr, 4), test.state
        (0.9233, 'continue')
        """
        if pairs is not None:
            if wins or draws or losses:
                raise CourseError("give either pairs or wins/draws/losses, not both")
            settings.setdefault("kind", "pentanomial")
            if settings["kind"] != "pentanomial":
                raise CourseError("pair counts need kind='pentanomial'")
            counts = list(check_pairs(pairs))
        else:
            if settings.get("kind") == "pentanomial":
                raise CourseError("a pentanomial test needs pairs=[N0, N1, N2, N3, N4]")
            counts = [check_count("losses", losses), check_count("draws", draws),
                      check_count("wins", wins)]
            if sum(counts) == 0:
                raise CourseError("no games: wins, draws and losses are all 0")
        test = cls(**settings)                                  # type: ignore[arg-type]
        test.counts = counts
        test.llr = test._compute_llr()
        test.llr_history = [test.llr]
        test.state = test._decide(test.llr)
        return test

    # --- What the test says -------------------------------------------------------------

    def _compute_llr(self) -> float:
        if self.kind == "win_loss":
            return self.wins * self._win_step + self.losses * self._loss_step
        if sum(self.counts) == 0:
            return 0.0
        return gsprt_llr(self.counts, self.elo0, self.elo1, self.scale)

    def _decide(self, llr: float) -> str:
        if llr >= self.upper_bound:
            return ACCEPT_H1
        if llr <= self.lower_bound:
            return ACCEPT_H0
        return CONTINUE

    @property
    def _unit(self) -> str:
        return "pair" if self.kind == "pentanomial" else "game"

    @property
    def played(self) -> int:
        """Games played (pairs, for a pentanomial test)."""
        return sum(self.counts)

    @property
    def games(self) -> int:
        """Games played; a pair counts two."""
        return 2 * sum(self.counts) if self.kind == "pentanomial" else sum(self.counts)

    @property
    def pairs(self) -> list[int] | None:
        """Pentanomial counts (pairs scoring 0, 0.5, 1, 1.5, 2), or None for game tests."""
        return list(self.counts) if self.kind == "pentanomial" else None

    @property
    def wins(self) -> int:
        """A's wins (single-game tests only)."""
        return self._single("wins", 2)

    @property
    def draws(self) -> int:
        """Draws (single-game tests only)."""
        return self._single("draws", 1)

    @property
    def losses(self) -> int:
        """A's losses (single-game tests only)."""
        return self._single("losses", 0)

    def _single(self, name: str, index: int) -> int:
        if self.kind == "pentanomial":
            raise CourseError(f"a pentanomial test counts pairs, not {name}; see .pairs")
        return self.counts[index]

    def __str__(self) -> str:
        kind = {"win_loss": "win/loss", "trinomial": "trinomial",
                "pentanomial": "pentanomial"}[self.kind]
        scale = "normalized" if self.scale == "normalized" else "logistic"
        if self.kind == "pentanomial":
            record = f"{self.played} pairs {self.counts}"
        else:
            record = f"+{self.wins} ={self.draws} -{self.losses}"
        return (f"{kind} SPRT [{self.elo0:g}, {self.elo1:g}] {scale} Elo, alpha {self.alpha:g}, "
                f"beta {self.beta:g}: {record}, LLR {self.llr:.3f} in "
                f"({self.lower_bound:.3f}, {self.upper_bound:.3f}): {self.state}")

    def __repr__(self) -> str:
        return (f"<Sprt {self.kind} [{self.elo0:g}, {self.elo1:g}] {self.scale}: "
                f"{self.played} {self._unit}s, LLR {self.llr:.4f}, {self.state}>")
