"""The Korean edition in the tests: the catalog's Korean for a message, and a figure drawn in
Korean, where a letter no font has fails the test."""

from __future__ import annotations

import logging
import re
import warnings
from pathlib import Path

import matplotlib
import polib

from course_lib.i18n import language

HANGUL = re.compile("[\uac00-\ud7a3]")
KO_PO = Path(__file__).resolve().parents[1] / "course_lib" / "locale" / "ko" / "LC_MESSAGES" \
    / "course_lib.po"
MISSING = re.compile("does not have a glyph|missing from font")


def korean(message: str) -> str:
    """The Korean the catalog (the .po file, read with polib) gives ``message``; a message
    without one fails."""
    entry = polib.pofile(str(KO_PO)).find(message)
    assert entry is not None and entry.msgstr, message
    return entry.msgstr


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
