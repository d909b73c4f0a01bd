"""LiveSprt: run a sequential test between two agents in JupyterLab and watch its LLR move.

Click **Start**: the games are played in the background (``run_sprt``, on every core by
default) and, as the games (the pairs, for the pentanomial model) finish, the status line
says where the test stands and the picture of the LLR between its two bounds is redrawn
(``llr_svg``: the picture ``plot_llr`` draws, written as SVG directly so that it takes a
millisecond). The status line and the picture are one HTML widget, so that they always speak
of the same games. **Stop** ends the test early, without a decision. Start again plays the
same seeded test from the beginning.

It is a plain ipywidgets 8 widget without JavaScript of its own, and everything the buttons do
is also a method, so it works without a browser: ``run()`` plays the whole test in the calling
thread and returns the ``SprtRun``; ``start()``, ``stop()`` and ``wait()`` are the buttons.

>>> live = LiveSprt("greedy", "random")
>>> live.status
'ready: greedy vs random, H0 0 Elo, H1 50 Elo, binomial model; click Start'
>>> run = live.run(workers=0)
>>> live.decision, len(live.llr_history), round(live.llr_history[-1], 3)
('accept H1', 23, 3.073)
"""

from __future__ import annotations

import math
import threading
import time
from html import escape
from typing import Any, Sequence

import ipywidgets as widgets

from ..errors import CourseError
from ..i18n import _
from ..match.arena import Arena, RandomOpenings
from ..match.sprt import DEFAULT_MAX_GAMES, SprtRun, run_sprt, sprt_test
from .board import fitted_svg, with_static_view

__all__ = ["LiveSprt", "llr_svg"]

# Okabe-Ito colours, as in strength_plots: blue accepted H1, vermillion H0, near black running.
_PATH_COLORS = {"accept H1": "#0072b2", "accept H0": "#d55e00", "continue": "#222222"}
_MAX_POINTS = 2000           # a longer path is thinned to this many points (and its last)


def _nice_step(span: float, count: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``count`` steps in ``span``."""
    raw = max(span, 1e-9) / count
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def _nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) within [low, high]."""
    step = _nice_step(high - low, count)
    first = math.ceil(low / step - 1e-9) * step
    ticks = []
    value = first
    while value <= high + 1e-9 * step:
        ticks.append(round(value, 10) + 0.0)
        value += step
    return ticks


def llr_svg(history: Sequence[float], lower: float, upper: float, state: str = "continue",
            title: str = "", unit: str = "games", width: int = 720, height: int = 320) -> str:
    """The LLR after each game against the games played, between the two bounds, as SVG text:
    what ``plot_llr`` draws for one test, drawn directly (a millisecond, not a matplotlib
    figure's third of a second), so a live test can be redrawn after every game.

    >>> svg = llr_svg([0.13, 0.27, 0.12], -2.944, 2.944)
    >>> svg.startswith("<svg") and "accept H1 at LLR 2.944" in svg
    True
    """
    left, right, top, bottom = 62, 16, 30, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    n = len(history)
    step = _nice_step(max(10, n), 5)
    x_max = step * math.ceil(max(10, n) / step)
    values = [0.0, *history]
    y_low = min(lower, min(values)) - 0.4
    y_high = max(upper, max(values)) + 0.4

    def sx(x: float) -> float:
        return left + plot_w * x / x_max

    def sy(y: float) -> float:
        return top + plot_h * (y_high - y) / (y_high - y_low)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="white" '
             f'stroke="#444444"/>']
    for tick in _nice_ticks(0, x_max, 5):
        parts.append(f'<line x1="{sx(tick):.1f}" y1="{top + plot_h}" x2="{sx(tick):.1f}" '
                     f'y2="{top + plot_h + 5}" stroke="#444444"/>'
                     f'<text x="{sx(tick):.1f}" y="{top + plot_h + 18}" '
                     f'text-anchor="middle">{tick:g}</text>')
    for tick in _nice_ticks(y_low, y_high, 6):
        parts.append(f'<line x1="{left - 5}" y1="{sy(tick):.1f}" x2="{left}" '
                     f'y2="{sy(tick):.1f}" stroke="#444444"/>'
                     f'<text x="{left - 8}" y="{sy(tick) + 4:.1f}" '
                     f'text-anchor="end">{tick:g}</text>')
    parts.append(f'<line x1="{left}" y1="{sy(0):.1f}" x2="{left + plot_w}" y2="{sy(0):.1f}" '
                 f'stroke="#bbbbbb"/>')
    for bound, color, label in (
            (upper, _PATH_COLORS["accept H1"], _("accept H1 at LLR {llr:.3f}")),
            (lower, _PATH_COLORS["accept H0"], _("accept H0 at LLR {llr:.3f}"))):
        parts.append(f'<line x1="{left}" y1="{sy(bound):.1f}" x2="{left + plot_w}" '
                     f'y2="{sy(bound):.1f}" stroke="{color}" stroke-width="1.5" '
                     f'stroke-dasharray="6 4"/>'
                     f'<text x="{left + 6}" y="{sy(bound) - 5:.1f}" fill="{color}">'
                     f'{escape(label.format(llr=bound))}</text>')
    stride = max(1, math.ceil(len(values) / _MAX_POINTS))
    kept = list(range(0, len(values), stride))
    if kept[-1] != len(values) - 1:
        kept.append(len(values) - 1)
    points = " ".join(f"{sx(i):.1f},{sy(values[i]):.1f}" for i in kept)
    color = _PATH_COLORS.get(state, _PATH_COLORS["continue"])
    parts.append(f'<polyline points="{points}" fill="none" stroke="{color}" '
                 f'stroke-width="2"/>')
    if n:
        parts.append(f'<circle cx="{sx(n):.1f}" cy="{sy(values[-1]):.1f}" r="3.5" '
                     f'fill="{color}"/>')
    played = _("pairs played") if unit == "pairs" else _("games played")
    llr_words = _("LLR (H1 vs H0)")
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" '
                 f'text-anchor="middle">{played}</text>')
    parts.append(f'<text x="14" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">{llr_words}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="18" text-anchor="middle" '
                 f'font-size="13">{escape(title)}</text>')
    parts.append("</svg>")
    return "".join(parts)



class LiveSprt(widgets.VBox):
    """A sequential test of A (``spec_a``) against B (``spec_b``), played live.

    Args:
        spec_a, spec_b: the players, agent specs as for ``run_match`` ("greedy",
            "alphabeta:depth=2,tier=fast", ...).
        elo0, elo1, alpha, beta, model, scale, max_games, openings, seed, workers, time_ms:
            as for ``course_lib.match.run_sprt`` (the lecture's test by default).
        redraw_seconds: the status line and the picture are redrawn after a result at most
            this often (0: after every game), so that fast games do not wait for the
            drawing; the end of a test is always drawn.

    Attributes:
        result: the ``SprtRun`` of the last (or current) test, None before the first.
        test: its ``Sprt`` (an empty one before the first test).
        error: the exception that ended the last test, if one did.
        start_button, stop_button: the buttons.
        picture: the HTML widget under the buttons: the status line, then the picture of the
            LLR (one widget, so that both change at once); ``status_line`` is another name
            for it.
    """

    def __init__(self, spec_a: str, spec_b: str, elo0: float = 0.0, elo1: float = 50.0,
                 alpha: float = 0.05, beta: float = 0.05, model: str = "binomial",
                 scale: str = "logistic", max_games: int = DEFAULT_MAX_GAMES,
                 openings: Any = RandomOpenings(plies=4), seed: int = 0,
                 workers: int | None = None, time_ms: int | None = None,
                 redraw_seconds: float = 0.2) -> None:
        super().__init__()
        self.settings = dict(elo0=elo0, elo1=elo1, alpha=alpha, beta=beta, model=model,
                             scale=scale, max_games=max_games, openings=openings, seed=seed,
                             workers=workers, time_ms=time_ms)
        self.test = sprt_test(elo0, elo1, alpha, beta, model, scale)     # checks the settings
        tasks = Arena(openings, seed, None, workers, False, time_ms).tasks(spec_a, spec_b, 1)
        self.spec_a, self.spec_b = tasks[0].player_a, tasks[0].player_b
        if (isinstance(redraw_seconds, bool) or not isinstance(redraw_seconds, (int, float))
                or redraw_seconds < 0):
            raise CourseError(f"redraw_seconds must be a number >= 0, got {redraw_seconds!r}")
        self.redraw_seconds = float(redraw_seconds)
        self.result: SprtRun | None = None
        self.error: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._stop_requested = threading.Event()
        self._lock = threading.Lock()
        self._last_draw = -math.inf
        self._status = _("ready: {a} vs {b}, H0 {elo0:g} Elo, H1 {elo1:g} Elo, {model} model; "
                         "click Start").format(a=self.spec_a, b=self.spec_b,
                                               elo0=self.test.elo0, elo1=self.test.elo1,
                                               model=model)
        self.start_button = widgets.Button(description=_("Start"), icon="play",
                                           tooltip=_("play games until the test decides"))
        self.stop_button = widgets.Button(description=_("Stop"), icon="stop", disabled=True,
                                          tooltip=_("stop the test now, without a decision"))
        self.start_button.on_click(lambda _: self.start())
        self.stop_button.on_click(lambda _: self.stop())
        self.picture = widgets.HTML(layout=widgets.Layout(width="100%", margin="0"))
        self.picture.add_class("course-sprt-picture")
        self.children = [widgets.HBox([self.start_button, self.stop_button]), self.picture]
        self._draw()

    @property
    def status_line(self) -> widgets.HTML:
        """The widget holding the status line: the same as ``picture``."""
        return self.picture

    # -- what the test says ------------------------------------------------------------------

    @property
    def status(self) -> str:
        """The status line, as text."""
        return self._status

    @property
    def decision(self) -> str:
        """``"accept H1"``, ``"accept H0"`` or ``"continue"`` (no decision, or not run)."""
        return self.test.state

    @property
    def llr_history(self) -> list[float]:
        """The LLR after every game (every pair for the pentanomial model) of the last test."""
        return list(self.test.llr_history)

    @property
    def running(self) -> bool:
        """True while a test started with ``start()`` is playing."""
        return self._thread is not None and self._thread.is_alive()

    # -- the buttons -------------------------------------------------------------------------

    def run(self, max_games: int | None = None, workers: int | None = None) -> SprtRun:
        """Play a whole test in this thread (``max_games`` and ``workers`` override the
        settings for this run) and return its ``SprtRun``; the widget follows along."""
        if self.running:
            raise CourseError("a test is already running; stop() it (or wait()) first")
        return self._play(max_games, workers)

    def start(self) -> None:
        """Start a test in the background (the Start button); nothing if one is running."""
        if self.running:
            return
        self._begin()
        self._thread = threading.Thread(target=self._play_safely, name="LiveSprt",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Ask the running test to stop after the game being read (the Stop button)."""
        self._stop_requested.set()

    def wait(self, timeout: float | None = None) -> SprtRun | None:
        """Wait for a test started with ``start()`` to end; return its ``SprtRun``."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.result

    # -- playing -----------------------------------------------------------------------------

    def _begin(self) -> None:
        self._stop_requested.clear()
        self.error = None
        self.start_button.disabled = True
        self.stop_button.disabled = False

    def _play_safely(self) -> None:
        try:
            self._play(None, None, begun=True)
        except Exception:                   # noqa: BLE001 - shown in the status line
            pass

    def _play(self, max_games: int | None, workers: int | None,
              begun: bool = False) -> SprtRun:
        if not begun:
            self._begin()
        settings = dict(self.settings)
        if max_games is not None:
            settings["max_games"] = max_games
        if workers is not None:
            settings["workers"] = workers
        try:
            run = run_sprt(self.spec_a, self.spec_b, on_start=self._on_start,
                           on_update=self._on_update, **settings)
        except Exception as error:
            self.error = error
            self._status = _("error: {error}").format(error=error)
            self._draw()
            raise
        finally:
            self._end()
        self._status = run.summary()
        self._draw()
        return run

    def _end(self) -> None:
        self.start_button.disabled = False
        self.stop_button.disabled = True

    def _on_start(self, run: SprtRun) -> None:
        self.result, self.test = run, run.test
        self._last_draw = -math.inf
        self._status = _("running: {summary}").format(summary=run.summary())
        self._draw()

    def _on_update(self, run: SprtRun) -> bool:
        self._status = (run.summary() if run.finished
                        else _("running: {summary}").format(summary=run.summary()))
        if run.finished or time.perf_counter() - self._last_draw >= self.redraw_seconds:
            self._draw()
        return self._stop_requested.is_set()

    # -- drawing -----------------------------------------------------------------------------

    def _draw(self) -> None:
        """Show the status line and the picture, together."""
        with self._lock:
            svg = self.svg()
            self.picture.value = (
                f'<div class="course-sprt-view" data-games="{len(self.test.llr_history)}">'
                f'<div class="course-sprt-status"><b>{escape(self._status)}</b></div>'
                f"{fitted_svg(svg)}</div>")
            self._last_draw = time.perf_counter()

    def svg(self) -> str:
        """The picture of the test as it stands, as SVG text (``llr_svg`` of its LLRs)."""
        unit = "pairs" if self.test.kind == "pentanomial" else "games"
        title = (f"{self.spec_a} vs {self.spec_b}: H0 {self.test.elo0:g}, "
                 f"H1 {self.test.elo1:g} {self.test.scale} Elo")
        return llr_svg(self.test.llr_history, self.test.lower_bound, self.test.upper_bound,
                       self.test.state, title=title, unit=unit)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        """The live test where widgets are drawn; elsewhere (a notebook opened before it
        runs, an HTML export) a sentence saying what appears here and the current picture."""
        sentence = _("A sequential test of {a} against {b} appears here when this cell runs: "
                     "Start plays the games and redraws the LLR as they finish, Stop ends the "
                     "test. Now: {status}.").format(a=self.spec_a, b=self.spec_b,
                                                   status=self._status)
        return with_static_view(super()._repr_mimebundle_(**kwargs), sentence, self.svg(),
                                alt=self._status)

    def __repr__(self) -> str:
        return f"<LiveSprt {self.spec_a} vs {self.spec_b}: {self._status}>"
