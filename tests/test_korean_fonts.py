"""Figures with Korean text draw it: in Korean the course registers NanumGothic (from the
koreanize-matplotlib package, not from the system) after the default font, so Hangul has
glyphs and an English figure is drawn exactly as before. A glyph matplotlib cannot find
("Glyph ... missing from font(s)") fails these tests."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import matplotlib
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from course_lib.i18n import KOREAN_FONT, korean_font_files, language

TITLE = "랜덤 게임 2,000판의 분기 계수"
XLABEL = "수(ply): 지금까지 둔 수"
YLABEL = "합법적인 수 (평균)"


def _draw(title: str, xlabel: str, ylabel: str, legend: str) -> np.ndarray:
    """Draw a figure with these words (title, axis labels, a legend, a bold annotation) on
    the Agg canvas and return its pixels; a missing glyph raises."""
    figure = Figure(figsize=(4, 3), dpi=60)
    canvas = FigureCanvasAgg(figure)
    ax = figure.subplots()
    ax.plot([0, 1, 2], [16, 73, 12], label=legend)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend()
    ax.annotate(legend, (1, 73), fontweight="bold")
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message=r"Glyph \d+ .* missing from font")
        canvas.draw()
        figure.savefig(io.BytesIO(), format="png")
    return np.asarray(canvas.buffer_rgba()).copy()


def test_korean_titles_and_labels_are_drawn_with_korean_glyphs():
    with language("ko"):
        _draw(TITLE, XLABEL, YLABEL, "평균 (2,000판)")


def test_without_the_korean_font_the_same_figure_fails():
    """The check above can fail: in English nothing registers a Korean font, and the
    default font has no Hangul."""
    assert KOREAN_FONT not in matplotlib.rcParams["font.family"]
    with pytest.raises(UserWarning, match="missing from font"):
        _draw(TITLE, XLABEL, YLABEL, "평균")


def test_an_english_figure_is_the_same_in_either_language():
    words = ("Branching factor across 2,000 random games", "ply (turns played so far)",
             "legal moves (mean)", "mean \u2212 1")
    english = _draw(*words)
    families = list(matplotlib.rcParams["font.family"])
    with language("ko"):
        assert matplotlib.rcParams["font.family"] == [*families, KOREAN_FONT]
        in_korean_edition = _draw(*words)
    assert matplotlib.rcParams["font.family"] == families
    assert np.array_equal(english, in_korean_edition)


def test_the_korean_font_comes_from_the_python_package():
    """The font files are the package's, registered with matplotlib when Korean is chosen
    (so a machine without any system font for Hangul draws it too)."""
    from matplotlib import font_manager

    files = korean_font_files()
    assert {path.name for path in files} >= {"NanumGothic.ttf", "NanumGothicBold.ttf"}
    assert all(Path(path).parent.parent.name == "koreanize_matplotlib" for path in files)
    with language("ko"):
        registered = {Path(entry.fname) for entry in font_manager.fontManager.ttflist
                      if entry.name == KOREAN_FONT}
    assert set(files) <= registered
