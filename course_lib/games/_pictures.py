"""Self-contained SVG pictures of square-grid board games (Othello, Gomoku), for JupyterLab.

One function draws both: ``grid_svg`` takes the board as rows of 0 (empty), 1 (x, black) and
2 (o, white) and draws stones either inside the squares (Othello) or on the points where the
lines cross (Gomoku). Every cell carries a transparent rectangle with ``data-square`` set to
its name (``d3``), on top, so that a widget can tell which square was clicked. Nothing is
imported but the standard library and the course's errors.

>>> svg = grid_svg([[0, 1], [2, 0]], columns="ab", style="squares", title="tiny")
>>> svg.startswith("<svg") and svg.count("<circle") == 2
True
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

from ..errors import InvalidArgumentError

CELL = 40
MARGIN = 24
STONE_FILL = {1: "#1a1a1a", 2: "#f4f4f4"}
STONE_EDGE = {1: "#000000", 2: "#555555"}
STYLES = {
    "squares": {"board": "#2e7d4f", "line": "#1b4d30"},     # Othello: discs in squares
    "points": {"board": "#e3b873", "line": "#5a4020"},      # Gomoku: stones on crossings
}


def grid_svg(rows: Sequence[Sequence[int]], *, columns: str, style: str, title: str,
             marked: Iterable[tuple[int, int]] = (), dots: Iterable[tuple[int, int]] = (),
             caption: str = "", size: int | None = None) -> str:
    """The SVG of a board, as text.

    Args:
        rows: the cells, top row first; 0 empty, 1 x (black), 2 o (white).
        columns: the column letters, left to right; rows are numbered 1.. from the top.
        style: ``"squares"`` (stones inside squares) or ``"points"`` (stones on crossings).
        title: the picture's title (shown as a tooltip).
        marked: (row, column) cells, from 0, to frame in red (the last move).
        dots: (row, column) cells, from 0, to mark with a small dot (legal moves).
        caption: a line of text under the board.
        size: width in pixels (default: 40 per column plus the margins).
    """
    if style not in STYLES:
        raise InvalidArgumentError(f"style must be 'squares' or 'points', got {style!r}")
    colours = STYLES[style]
    n_rows, n_cols = len(rows), len(columns)
    board_w, board_h = n_cols * CELL, n_rows * CELL
    width = board_w + 2 * MARGIN
    height = board_h + 2 * MARGIN + (22 if caption else 0)
    pixels = width if size is None else size
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{pixels}" '
           f'height="{pixels * height / width:.0f}" viewBox="0 0 {width} {height}" '
           f'font-family="sans-serif" role="img">',
           f"<title>{escape(title, quote=False)}</title>",
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
           f'<rect x="{MARGIN}" y="{MARGIN}" width="{board_w}" height="{board_h}" '
           f'fill="{colours["board"]}"/>']
    half = CELL / 2
    if style == "squares":
        for i in range(n_rows + 1):
            out.append(f'<line x1="{MARGIN}" y1="{MARGIN + i * CELL}" x2="{MARGIN + board_w}" '
                       f'y2="{MARGIN + i * CELL}" stroke="{colours["line"]}" stroke-width="1.5"/>')
        for j in range(n_cols + 1):
            out.append(f'<line x1="{MARGIN + j * CELL}" y1="{MARGIN}" x2="{MARGIN + j * CELL}" '
                       f'y2="{MARGIN + board_h}" stroke="{colours["line"]}" stroke-width="1.5"/>')
    else:
        for i in range(n_rows):
            y = MARGIN + half + i * CELL
            out.append(f'<line x1="{MARGIN + half}" y1="{y}" x2="{MARGIN + board_w - half}" '
                       f'y2="{y}" stroke="{colours["line"]}" stroke-width="1"/>')
        for j in range(n_cols):
            x = MARGIN + half + j * CELL
            out.append(f'<line x1="{x}" y1="{MARGIN + half}" x2="{x}" '
                       f'y2="{MARGIN + board_h - half}" stroke="{colours["line"]}" '
                       f'stroke-width="1"/>')
    for j, letter in enumerate(columns):
        x = MARGIN + half + j * CELL
        for y in (MARGIN - 8, MARGIN + board_h + 16):
            out.append(f'<text x="{x}" y="{y}" font-size="12" text-anchor="middle" '
                       f'fill="#444">{letter}</text>')
    for i in range(n_rows):
        y = MARGIN + half + i * CELL + 4
        for x in (MARGIN / 2, MARGIN + board_w + MARGIN / 2):
            out.append(f'<text x="{x}" y="{y}" font-size="12" text-anchor="middle" '
                       f'fill="#444">{i + 1}</text>')
    radius = CELL * 0.42
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cell in STONE_FILL:
                out.append(f'<circle cx="{MARGIN + half + j * CELL}" '
                           f'cy="{MARGIN + half + i * CELL}" r="{radius:.1f}" '
                           f'fill="{STONE_FILL[cell]}" stroke="{STONE_EDGE[cell]}" '
                           f'stroke-width="1.2"/>')
    for i, j in dots:
        out.append(f'<circle cx="{MARGIN + half + j * CELL}" cy="{MARGIN + half + i * CELL}" '
                   f'r="4" fill="#ffd54f" stroke="#7a5c00" stroke-width="0.8"/>')
    for i, j in marked:
        out.append(f'<rect x="{MARGIN + j * CELL + 3}" y="{MARGIN + i * CELL + 3}" '
                   f'width="{CELL - 6}" height="{CELL - 6}" fill="none" stroke="#d32f2f" '
                   f'stroke-width="2.5"/>')
    for i in range(n_rows):                  # on top: one target per cell, named for clicks
        for j, letter in enumerate(columns):
            out.append(f'<rect class="grid-cell" data-square="{letter}{i + 1}" '
                       f'x="{MARGIN + j * CELL}" y="{MARGIN + i * CELL}" width="{CELL}" '
                       f'height="{CELL}" fill="transparent"/>')
    if caption:
        out.append(f'<text x="{width / 2}" y="{height - 8}" font-size="13" '
                   f'text-anchor="middle" fill="#222">{escape(caption, quote=False)}</text>')
    out.append("</svg>")
    return "\n".join(out)
