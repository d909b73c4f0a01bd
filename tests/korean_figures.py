"""Drawing a figure in Korean in the tests: a letter no font has fails the test."""

from __future__ import annotations

import logging
import re
import warnings

import matplotlib

from course_lib.i18n import language

MISSING = re.compile("does not have a glyph|missing from font")


def drawn_in_korean(draw) -> list[str]:
    """Call ``draw`` (it returns an Axes or a Figure) with Korean chosen, draw the figure on
    the Agg canvas, close it and return its words. A letter no font has fails: matplotlib
    says so with a warning (text) or a log record (mathtext, which has no font fallback)."""
    import matplotlib.pyplot as plt

    records: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: records.append(record.getMessage())
    logger = logging.getLogger("matplotlib")
    logger.addHandler(handler)
    try:
        with language("ko"), warnings.catch_warnings():
            warnings.filterwarnings("error", message=f".*({MISSING.pattern})")
            drawn = draw()
            figure = drawn if isinstance(drawn, matplotlib.figure.Figure) else drawn.figure
            figure.canvas.draw()
            texts = [t.get_text() for t in figure.findobj(matplotlib.text.Text) if t.get_text()]
    finally:
        logger.removeHandler(handler)
    plt.close(figure)
    missing = [r for r in records if MISSING.search(r)]
    assert not missing, "; ".join(missing)       # a plain module: no rewritten message
    return texts
