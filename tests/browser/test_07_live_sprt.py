"""Notebook 07's LiveSprt in JupyterLab: Start, then Start and Stop.

The status line must be the library's (the kernel's test and its decision) and the picture
the library's drawing of its LLRs; while the games are played, every state the page goes
through shows a status line and a picture of the same number of games.
"""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET

import pytest

NOTEBOOK = "07_measuring_strength.ipynb"
CELL = 'live = LiveSprt("alphabeta:depth=3,tier=fast", "alphabeta:depth=2,tier=fast")'


@pytest.fixture(scope="module")
def notebook(lab, kernels_closed):
    return lab.open(NOTEBOOK)


@pytest.fixture(scope="module")
def live(notebook, helpers):
    notebook.run_all()
    return helpers.PicturePage(notebook, notebook.cell_index(CELL), ".course-sprt-picture",
                               ".course-sprt-status")


def test_before_it_runs_the_cell_shows_a_sentence_and_a_picture(notebook):
    notebook.assert_static_view(notebook.cell_index(CELL), "A sequential test of")


def points(svg: str) -> int:
    """How many points the LLR path of a picture has."""
    line = next(e for e in ET.fromstring(svg).iter() if e.tag.endswith("polyline"))
    return len(line.get("points").split())


def shows_the_library(live) -> dict:
    status, decision = live.ask("W.status"), live.ask("W.decision")
    if decision != "continue":
        assert status.startswith(decision)              # the status line says the decision
    drawn = live.assert_shows(status, live.ask("W.svg()"))
    assert 0 < drawn["svg_width"] <= drawn["area_width"]
    assert drawn["scrollbars"] == [], "scrollbars in the output"
    return {"status": status, "decision": decision,
            "games": int(live.ask("len(W.llr_history)"))}


def wait_until_stopped(live, seconds: float = 300) -> None:
    deadline = time.monotonic() + seconds
    while live.ask("W.running") == "True":
        assert time.monotonic() < deadline, "the test did not end"
        time.sleep(0.5)


def consistent(live) -> int:
    """Every recorded state: its status line and its picture speak of the same games."""
    states = [(text, svg) for text, svg in live.notebook.observed() if text and svg]
    for text, svg in states:
        games = re.search(r"(\d+) (games|pairs)", text)
        count = int(games.group(1)) if games else 0
        assert points(svg) == count + 1, f"{text!r} shown over {points(svg) - 1} games"
    return len(states)


def test_run_all_start_and_stop(live):
    after_run_all = shows_the_library(live)
    assert after_run_all["decision"] != "continue"               # the notebook's test decided

    # Start plays the same seeded test again, in the background, to the same decision.
    live.observe()
    live.control("Start").click()
    wait_until_stopped(live)
    again = shows_the_library(live)
    assert again == after_run_all
    assert consistent(live) >= 2

    # Start, then Stop at once: the test ends after the first result, without a decision,
    # and the page says so.
    live.observe()
    live.control("Start").click()
    stop = live.control("Stop")
    live.notebook.wait(lambda: stop.is_enabled(), 30, "Stop was not enabled")
    stop.click()
    wait_until_stopped(live)
    stopped = shows_the_library(live)
    assert stopped["decision"] == "continue" and stopped["status"].startswith("stopped after")
    assert 1 <= stopped["games"] < after_run_all["games"]
    consistent(live)
