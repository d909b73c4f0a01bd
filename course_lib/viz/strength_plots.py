"""Pictures of strength measurement: LLR paths between the SPRT bounds, operating
characteristics, expected test length, and an Elo table with error bars.

Every function draws on the matplotlib Axes it is given (or a new one), returns that Axes and
never calls ``plt.show()``, so a notebook cell can combine and restyle them. matplotlib is
imported only when a function is called.

>>> from course_lib.strength import Sprt
>>> test = Sprt()
>>> test.feed([1, 0, 1, 1, 0, 1, 1, 1])
'continue'
>>> ax = plot_llr(test)
>>> [line.get_label() for line in ax.get_lines()][:2]
['accept H1 at LLR 2.944', 'accept H0 at LLR -2.944']
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import InvalidArgumentError
from ..i18n import _

__all__ = ["plot_elo_table", "plot_expected_games", "plot_llr", "plot_operating_characteristic"]

# Okabe-Ito colours, as in the board pictures: readable for every kind of colour blindness.
H1_COLOR = "#0072b2"         # blue: accepted H1
H0_COLOR = "#d55e00"         # vermillion: accepted H0
UNDECIDED_COLOR = "#7f7f7f"  # grey: still running
POINT_COLOR = "#009e73"      # bluish green
SIMULATED_COLOR = "#222222"  # near black: simulated points over exact curves


def _axes(ax: Any) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt
        _, ax = plt.subplots(figsize=(7, 4))
    return ax


def _paths(source: Any) -> tuple[list[Any], list[int], Any, str]:
    """(LLR paths, decisions, the object holding the bounds, x-axis unit) of ``source``."""
    import numpy as np

    from ..strength import Sprt, SprtSimulation
    from ..strength.sprt import ACCEPT_H0, ACCEPT_H1
    decided = {ACCEPT_H1: 1, ACCEPT_H0: -1}
    if isinstance(source, Sprt):
        source = [source]
    if isinstance(source, SprtSimulation):
        if not source.paths:
            raise InvalidArgumentError("this simulation kept no LLR paths: run simulate_sprt with "
                                       "keep_paths=20 (or more) to draw them")
        unit = "pairs" if source.kind == "pentanomial" else "games"
        return (list(source.paths), [int(d) for d in source.decisions[:len(source.paths)]],
                source, unit)
    tests = list(source) if isinstance(source, (list, tuple)) else []
    if not tests or not all(isinstance(t, Sprt) for t in tests):
        raise InvalidArgumentError("plot_llr draws an Sprt, a list of Sprt, or an SprtSimulation")
    unit = "pairs" if tests[0].kind == "pentanomial" else "games"
    return ([np.asarray(t.llr_history) for t in tests],
            [decided.get(t.state, 0) for t in tests], tests[0], unit)


def plot_llr(source: Any, ax: Any = None, max_runs: int = 100, title: str | None = None) -> Any:
    """Draw the LLR after every game against the number of games, with the two bounds.

    ``source`` is an ``Sprt`` (one path), a list of them, or an ``SprtSimulation`` made with
    ``keep_paths`` (many paths, so the spread between runs shows). Paths that accepted H1 are
    blue, H0 vermillion, unfinished grey; at most ``max_runs`` are drawn.
    """
    import numpy as np

    paths, decisions, holder, unit = _paths(source)
    ax = _axes(ax)
    upper, lower = holder.upper_bound, holder.lower_bound
    ax.axhline(upper, color=H1_COLOR, linestyle="--", linewidth=1.5,
               label=_("accept H1 at LLR {llr:.3f}").format(llr=upper))
    ax.axhline(lower, color=H0_COLOR, linestyle="--", linewidth=1.5,
               label=_("accept H0 at LLR {llr:.3f}").format(llr=lower))
    ax.axhline(0, color="#bbbbbb", linewidth=0.8)
    many = len(paths) > 1
    colors = {1: H1_COLOR, -1: H0_COLOR, 0: UNDECIDED_COLOR if many else SIMULATED_COLOR}
    for path, decision in list(zip(paths, decisions))[:max_runs]:
        y = np.concatenate([[0.0], np.asarray(path, dtype=float)])
        # Many thin, jagged paths drawn without antialiasing: the picture looks the same at
        # screen size and its PNG is several times smaller.
        ax.plot(np.arange(y.size), y, color=colors[decision],
                linewidth=0.8 if many else 1.8, alpha=0.45 if many else 1.0,
                antialiased=not many)
    ax.set_xlabel(_("pairs played") if unit == "pairs" else _("games played"))
    ax.set_ylabel(_("log-likelihood ratio (H1 vs H0)"))
    kind = getattr(holder, "kind", "")
    ax.set_title(title if title is not None else
                 f"SPRT {kind.replace('_', '/')} [{holder.elo0:g}, {holder.elo1:g}] "
                 f"{holder.scale} Elo"
                 + (_(": {count} runs").format(count=min(len(paths), max_runs)) if many else ""))
    ax.legend(loc="upper left", fontsize="small")
    return ax


def plot_operating_characteristic(points: Sequence[Any], ax: Any = None,
                                  elo0: float | None = None, elo1: float | None = None,
                                  alpha: float | None = None, beta: float | None = None,
                                  label: str | None = None, color: str | None = None) -> Any:
    """Draw the probability of accepting H1 against the true Elo difference.

    ``points`` are ``OperatingPoint`` values: exact ones are drawn as a line, simulated ones
    as dots with error bars of two standard errors, so both can share one Axes. Given
    ``elo0`` and ``alpha`` (``elo1`` and ``beta``), the design targets (elo0, alpha) and
    (elo1, 1 - beta) are marked.
    """
    ax = _axes(ax)
    points = sorted(points, key=lambda p: p.elo)
    xs = [p.elo for p in points]
    ys = [p.accept_h1 for p in points]
    if any(p.method == "simulation" for p in points):
        ax.errorbar(xs, ys, yerr=[2 * p.stderr for p in points], fmt="o", markersize=4,
                    capsize=2, color=color or SIMULATED_COLOR,
                    label=label or _("P(accept H1), simulated (+- 2 s.e.)"))
    else:
        ax.plot(xs, ys, color=color or H1_COLOR, linewidth=2,
                label=label or _("P(accept H1), exact"))
    if elo0 is not None and alpha is not None:
        ax.plot([elo0], [alpha], "s", color=H0_COLOR,
                label=_("target: alpha = {alpha:g} at H0").format(alpha=alpha))
    if elo1 is not None and beta is not None:
        ax.plot([elo1], [1 - beta], "D", color=POINT_COLOR,
                label=_("target: 1 - beta = {power:g} at H1").format(power=1 - beta))
    ax.set_ylim(-0.03, 1.03)
    ax.set_xlabel(_("true Elo difference"))
    ax.set_ylabel(_("probability of accepting H1"))
    ax.set_title(_("Operating characteristic"))
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    return ax


def plot_expected_games(points: Sequence[Any], ax: Any = None, label: str | None = None,
                        color: str | None = None) -> Any:
    """Draw the expected number of games the test plays against the true Elo difference:
    exact points as a line, simulated ones as dots (the mean length of the runs)."""
    ax = _axes(ax)
    points = sorted(points, key=lambda p: p.elo)
    simulated = any(p.method == "simulation" for p in points)
    xs, ys = [p.elo for p in points], [p.expected_games for p in points]
    if simulated:
        ax.plot(xs, ys, "o", markersize=4, color=color or SIMULATED_COLOR,
                label=label or _("mean games, simulated"))
    else:
        ax.plot(xs, ys, linewidth=2, color=color or POINT_COLOR,
                label=label or _("expected games, exact"))
    ax.set_ylim(bottom=0)
    ax.set_xlabel(_("true Elo difference"))
    ax.set_ylabel(_("expected number of games"))
    ax.set_title(_("Expected test length"))
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper right", fontsize="small")
    return ax


def plot_elo_table(table: Any, ax: Any = None, title: str | None = None) -> Any:
    """Draw each player's Elo with its interval as a horizontal error bar, strongest on top.

    ``table`` is an ``EloTable`` from ``course_lib.strength.round_robin_elo``.
    """
    ax = _axes(ax)
    rows = list(table.rows)[::-1]                      # strongest at the top
    ys = range(len(rows))
    elos = [row.elo for row in rows]
    ax.errorbar(elos, list(ys),
                xerr=[[row.elo - row.elo_low for row in rows],
                      [row.elo_high - row.elo for row in rows]],
                fmt="o", color=H1_COLOR, ecolor=H1_COLOR, capsize=4)
    ax.axvline(0, color="#bbbbbb", linewidth=0.8)
    ax.set_yticks(list(ys))
    ax.set_yticklabels([row.name for row in rows])
    ax.set_xlabel(_("logistic Elo (average 0), {percent}% interval").format(
        percent=f"{table.confidence * 100:g}"))
    ax.set_title(title if title is not None else _("Round robin ratings"))
    ax.grid(True, axis="x", alpha=0.3)
    return ax
