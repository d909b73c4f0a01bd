"""LiveSprt without a browser: the synchronous run, the Start and Stop buttons (a background
thread), the status line, errors, and the SVG picture of the LLR."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest

from course_lib.errors import CourseError
from course_lib.match import run_sprt
from course_lib.viz import LiveSprt
from course_lib.viz import sprt_widget
from course_lib.viz.sprt_widget import llr_svg

SVG = "{http://www.w3.org/2000/svg}"


def wait_until(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.005)


def polyline_points(svg: str) -> list[tuple[float, float]]:
    line = next(ET.fromstring(svg).iter(f"{SVG}polyline"))
    return [tuple(map(float, point.split(","))) for point in line.get("points").split()]


def shown(live: LiveSprt) -> tuple[str, str]:
    """(the status line, the picture's SVG) as the widget shows them: one HTML widget."""
    view = ET.fromstring(live.picture.value)
    [status] = [e for e in view.iter("div") if e.get("class") == "course-sprt-status"]
    [svg] = [e for e in view if e.tag == f"{SVG}svg"]
    return "".join(status.itertext()), ET.tostring(svg, encoding="unicode")


def test_before_any_test():
    live = LiveSprt("greedy", "random")
    assert live.status == ("ready: greedy vs random, H0 0 Elo, H1 50 Elo, binomial model; "
                           "click Start")
    assert live.decision == "continue" and live.llr_history == [] and live.result is None
    assert not live.start_button.disabled and live.stop_button.disabled
    assert not live.running
    status, svg = shown(live)
    assert status == live.status and len(polyline_points(svg)) == 1
    assert live.status_line is live.picture


def test_a_synchronous_run_is_run_sprts_test():
    live = LiveSprt("greedy", "random", redraw_seconds=0)
    run = live.run(workers=0)
    same = run_sprt("greedy", "random", workers=0)
    assert live.result is run and live.test is run.test
    assert live.decision == "accept H1" == same.decision
    assert live.llr_history == same.llr_history and len(live.llr_history) == 23
    assert live.status == same.summary()
    assert live.status.startswith("accept H1 after 23 games: +23 =0 -0, LLR 3.073")
    assert not live.start_button.disabled and live.stop_button.disabled
    status, svg = shown(live)
    assert status == live.status
    assert len(polyline_points(svg)) == 24                          # the origin and 23 games
    assert 'stroke="#0072b2"' in svg                                # drawn as accepted H1


def test_max_games_and_the_settings():
    live = LiveSprt("random:seed=1", "random:seed=2", model="trinomial", elo0=-10, elo1=10,
                    seed=3, workers=0)
    run = live.run(max_games=9)
    assert run.games == 9 and run.stopped_by == "max-games" and live.decision == "continue"
    assert live.status.startswith("no decision after 9 games (the cap)")
    again = run_sprt("random:seed=1", "random:seed=2", model="trinomial", elo0=-10, elo1=10,
                     seed=3, workers=0, max_games=9)
    assert live.llr_history == again.llr_history
    pairs = LiveSprt("greedy", "random:seed=1", model="pentanomial")
    pairs.run(workers=0)
    assert pairs.decision == "accept H1" and pairs.result.games == 2 * len(pairs.llr_history)
    assert ">pairs played<" in pairs.picture.value


def test_the_start_button_plays_in_the_background():
    live = LiveSprt("greedy", "random", workers=0)
    live.start_button.click()
    assert live.start_button.disabled                  # at once, while the games are played
    run = live.wait(30)
    assert not live.running and run is live.result
    assert live.decision == "accept H1" and len(live.llr_history) == 23
    assert not live.start_button.disabled and live.stop_button.disabled
    assert live.status.startswith("accept H1 after 23 games")
    live.start_button.click()                          # again: the same seeded test
    live.wait(30)
    assert live.result is not run and live.llr_history == run.llr_history


def test_the_stop_button_ends_the_test_without_a_decision():
    live = LiveSprt("random:seed=1", "random:seed=2", workers=0, redraw_seconds=0)
    live.start_button.click()
    wait_until(lambda: len(live.llr_history) >= 3)
    assert re.match(r"running: \d+ games: ", live.status)
    assert not live.stop_button.disabled
    live.stop_button.click()
    run = live.wait(30)
    assert run.stopped_by == "caller" and live.decision == "continue"
    assert run.games >= 3 and run.games == len(live.llr_history)
    assert live.status.startswith(f"stopped after {run.games} games, no decision")
    assert not live.start_button.disabled and live.stop_button.disabled
    status, svg = shown(live)
    assert status == live.status and len(polyline_points(svg)) == run.games + 1


@pytest.mark.parametrize("redraw_seconds", [0, 0.05])
def test_status_and_picture_always_speak_of_the_same_games(redraw_seconds):
    live = LiveSprt("random:seed=1", "random:seed=2", workers=0, max_games=40,
                    redraw_seconds=redraw_seconds)
    seen = []
    live.picture.observe(lambda change: seen.append(change["new"]), names="value")
    run = live.run()
    assert run.games == 40 and len(seen) >= 2
    for value in seen:
        view = ET.fromstring(value)
        status = "".join(next(e for e in view.iter("div")
                              if e.get("class") == "course-sprt-status").itertext())
        games = int(re.search(r"(\d+) games", status).group(1))
        assert len(polyline_points(value)) == games + 1, status
    assert shown(live)[0] == run.summary()


def test_start_while_running_does_nothing_and_run_refuses():
    live = LiveSprt("random:seed=1", "random:seed=2", workers=0)
    live.start()
    thread = live._thread
    live.start()
    assert live._thread is thread
    if live.running:
        with pytest.raises(CourseError, match="already running"):
            live.run()
    live.stop()
    live.wait(30)


def test_an_error_during_the_games_is_shown(monkeypatch):
    def broken(*args, **kwargs):
        raise CourseError("the cluster went away")

    live = LiveSprt("greedy", "random", workers=0)
    monkeypatch.setattr(sprt_widget, "run_sprt", broken)
    live.start_button.click()
    live.wait(30)
    assert live.status == "error: the cluster went away"
    assert isinstance(live.error, CourseError)
    assert not live.start_button.disabled and live.stop_button.disabled
    with pytest.raises(CourseError, match="cluster"):
        live.run()


@pytest.mark.parametrize("kwargs, words", [
    (dict(elo0=10, elo1=10), "elo0 must be below elo1"),
    (dict(model="binomial", scale="normalized"), "logistic"),
    (dict(spec_b="random:seed=x"), "player B"),
    (dict(redraw_seconds=-1), "redraw_seconds"),
    (dict(workers=-1), "workers"),
])
def test_bad_settings_are_refused_at_once(kwargs, words):
    settings = dict(spec_a="greedy", spec_b="random") | kwargs
    with pytest.raises(CourseError, match=words):
        LiveSprt(**settings)


# --- The picture -------------------------------------------------------------------------------


def test_llr_svg_draws_the_bounds_the_path_and_its_state():
    svg = llr_svg([0.13, 0.27, 0.12], -2.944, 2.944, "continue", title="a <b> & c")
    root = ET.fromstring(svg)                          # well-formed XML (the title is escaped)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "accept H1 at LLR 2.944" in texts and "accept H0 at LLR -2.944" in texts
    assert "a <b> & c" in texts and "games played" in texts
    points = polyline_points(svg)
    assert len(points) == 4
    # the LLR 0, 0.13, 0.27, 0.12: higher up for a larger LLR (SVG's y grows downwards)
    assert points[0][1] > points[3][1] > points[1][1] > points[2][1]
    assert [x for x, _ in points] == sorted(x for x, _ in points)
    assert 'stroke="#222222"' in svg
    assert 'stroke="#d55e00" stroke-width="2"' in llr_svg([-3.0], -2.944, 2.944, "accept H0")


def test_llr_svg_thins_a_long_path_and_keeps_its_end():
    history = [(-1) ** k * 0.1 + k * 1e-4 for k in range(10_001)]
    points = polyline_points(llr_svg(history, -2.944, 2.944))
    assert len(points) <= sprt_widget._MAX_POINTS + 2
    last_x = max(x for x, _ in points)
    assert points[-1][0] == last_x
    x_axis = [float(t.text) for t in ET.fromstring(llr_svg(history, -3, 3)).iter(f"{SVG}text")
              if re.fullmatch(r"\d+", t.text or "")]
    assert max(x_axis) >= len(history)                 # the axis reaches past the last game


def test_the_widget_is_loaded_only_on_use():
    code = ("import sys; import course_lib.viz as viz; assert 'ipywidgets' not in sys.modules; "
            "assert 'LiveSprt' in viz.__all__; viz.LiveSprt; "
            "assert 'ipywidgets' in sys.modules and 'matplotlib' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
