"""An ATAXX position drawn as SVG text: the picture a State shows in JupyterLab.

``board_svg(state)`` returns the SVG of a position as a string; the same position and options
always give the same bytes (no random ids, no timestamps), so a notebook's stored output does
not change from one run to the next. ``State._repr_svg_`` calls it, and ``show_board`` wraps it
in an object a notebook cell displays, with squares highlighted.

The picture has:

- the 7x7 board, the first player's stones (``x``) dark and the second player's (``o``) light,
  both outlined, so the two differ by lightness and not by hue alone;
- blocked squares as dark slabs with a cross;
- the standard coordinates (files a..g below, ranks 7..1 on the left) and, lighter, the
  referee protocol's coordinates: ``y`` = column 1..7 along the top, ``x`` = row 1..7 down the
  right;
- the last move: a thick frame on its destination, a thin frame on a clone's source (the stone
  stays) and a dashed ring and line from a jump's source (the stone left);
- optional highlighted squares, and an optional selected stone;
- a caption: stone counts, side to move and turn, or the result and why the game ended.

Every element that a test or a reader may want to find has a class (``ataxx-stone-x``,
``ataxx-last-to`` ...) and, for squares, a ``data-square`` attribute with the square's name.

>>> from course_lib.ataxx import State
>>> svg = board_svg(State.start().play("a7c5"))
>>> svg.startswith("<svg") and svg == board_svg(State.start().play("a7c5"))
True
>>> 'class="ataxx-last-from ataxx-jump"' in svg
True
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any, Iterable

from ..ataxx.rules import (BLOCKED, FIRST, SECOND, SIZE, Move, State, on_board,
                           parse_square, square_name)
from ..checks import number
from ..errors import InvalidArgumentError
from ..i18n import N_, _

# --- Colours, shared with the PlayBoard widget ----------------------------------------------
# Stones differ by lightness (dark against light, each outlined), so they stay apart in grey
# scale and for every kind of colour blindness; the marks use the Okabe-Ito palette.

BOARD_COLOR = "#d9c59c"
GRID_COLOR = "#8c7853"
STONE_FILL = {FIRST: "#262626", SECOND: "#f7f7f2"}
STONE_EDGE = {FIRST: "#000000", SECOND: "#333333"}
BLOCKED_FILL = "#5c5c5c"
BLOCKED_MARK = "#9a9a9a"
LAST_MOVE_COLOR = "#d55e00"        # Okabe-Ito vermillion
HIGHLIGHT_COLOR = "#8cc3e0"        # Okabe-Ito sky blue, lightened
SELECTED_COLOR = "#0072b2"         # Okabe-Ito blue
LABEL_COLOR = "#333333"
PROTOCOL_LABEL_COLOR = "#9a9a9a"
FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"

STONE_NAME = {FIRST: N_("x (dark)"), SECOND: N_("o (light)")}
OUTCOME_REASONS = (N_("a player has no stones left"), N_("the board is full"),
                   N_("400 turns have been played"), N_("neither player can move"))
"""Why an ATAXX game ends, in the words of ``State.outcome_reason()``, marked for translation:
a caption or a widget shows ``_(state.outcome_reason())``."""

# --- Layout, in the picture's own units (the viewBox); ``size`` scales the whole -----------

MAX_PIXELS = 10_000
"""The widest picture drawn, in pixels."""

_CELL = 40
_MARGIN = 26                       # room for the coordinates on each side
_BOARD = SIZE * _CELL
_WIDTH = _BOARD + 2 * _MARGIN
_CAPTION_HEIGHT = 44
_STONE_RADIUS = 15


def _num(value: float) -> str:
    """A coordinate as short, fixed text: 12, 12.5 (never 12.000000001)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _corner(x: int, y: int) -> tuple[int, int]:
    """Top-left corner (left, top) of square (x, y) in picture units."""
    return _MARGIN + (y - 1) * _CELL, _MARGIN + (x - 1) * _CELL


def _centre(x: int, y: int) -> tuple[float, float]:
    left, top = _corner(x, y)
    return left + _CELL / 2, top + _CELL / 2


def _text(x: float, y: float, text: str, *, size: float, color: str, cls: str,
          anchor: str = "middle", weight: str | None = None, italic: bool = False) -> str:
    # The baseline sits 0.35 em below the centre line, so the text looks centred on (x, y)
    # without dominant-baseline, which not every SVG renderer supports.
    attrs = (f'class="{cls}" x="{_num(x)}" y="{_num(y + 0.35 * size)}" '
             f'font-size="{_num(size)}" fill="{color}" text-anchor="{anchor}"')
    if weight:
        attrs += f' font-weight="{weight}"'
    if italic:
        attrs += ' font-style="italic"'
    return f"<text {attrs}>{escape(text, quote=False)}</text>"


def _as_square(square: Any) -> tuple[int, int]:
    """(x, y) from a pair or a square name such as 'b6'; ValueError otherwise."""
    if isinstance(square, str):
        return parse_square(square)
    try:
        x, y = square
    except (TypeError, ValueError):
        raise InvalidArgumentError(
            f"{square!r} is not a square; give (x, y) with x, y in 1..7 or a name like 'b6'"
        ) from None
    if not (isinstance(x, int) and isinstance(y, int) and on_board(x, y)):
        raise InvalidArgumentError(f"square {square!r} is off the board; x and y go from 1 to 7")
    return x, y


def _as_state(state: State | str) -> State:
    if state is None:
        raise InvalidArgumentError("the board draws an ATAXX State or a FEN, got None")
    return State.of(state)


def describe_move(move: Move) -> str:
    """A move in words for captions: 'b6 (clone from a7)', 'a7c5 (jump)' or 'pass'."""
    if move.is_pass:
        return _("pass")
    if move.is_clone:
        return _("{move} (clone from {source})").format(move=move.uai(),
                                                       source=square_name(*move.source))
    return _("{move} (jump)").format(move=move.uai())


def _caption(state: State, marked: Move | None) -> tuple[str, str]:
    """The caption's two lines of text (the stone counts come before the first)."""
    if state.is_over():
        winner = state.winner()
        result = (_("draw") if winner == 0
                  else _("{side} wins").format(side="x" if winner == FIRST else "o"))
        return result, _("game over: {reason}").format(reason=_(state.outcome_reason()))
    mover = "x" if state.to_move == FIRST else "o"
    status = _("{side} to move, turn {number}").format(side=mover, number=state.turns + 1)
    if marked is None:
        return status, ""
    who = "o" if mover == "x" else "x"            # the side that moved into this position
    return status, (_("{side} passed").format(side=who) if marked.is_pass else
                    _("last move: {side} {move}").format(side=who, move=describe_move(marked)))


def board_svg(state: State | str, *, size: int = 360, highlight: Iterable[Any] = (),
              last_move: bool | Move | None = True, selected: Any = None,
              coordinates: bool = True, caption: bool = True) -> str:
    """The SVG of an ATAXX position, as text.

    Args:
        state: a State, or a FEN string.
        size: the picture's width in pixels (the height follows).
        highlight: squares to shade, as (x, y) pairs or names like 'b6' (for example the
            destinations of a selected stone).
        last_move: True marks ``state.last_move``; False or None marks nothing; a Move marks
            that move instead.
        selected: a square whose stone gets a ring (the stone a player has picked up).
        coordinates: draw the coordinates around the board.
        caption: draw the caption (stone counts, side to move or result, last move).

    Raises InvalidArgumentError (a ValueError) for a square that is not on the board, a size
    outside 1 to MAX_PIXELS pixels or a state that is not an ATAXX position.
    """
    state = _as_state(state)
    number(size, "size", 1, MAX_PIXELS, "pixels")
    if isinstance(highlight, (str, bytes)) or not hasattr(highlight, "__iter__"):
        raise InvalidArgumentError(f"highlight is a list of squares ((x, y) pairs or names "
                                   f"like 'b6'), got {highlight!r:.60}")
    shaded = sorted({_as_square(sq) for sq in highlight})
    ring = None if selected is None else _as_square(selected)
    if last_move is True:
        marked = state.last_move
    elif isinstance(last_move, Move):
        marked = last_move
    elif last_move in (False, None):
        marked = None
    else:
        raise InvalidArgumentError(f"last_move must be True, False, None or a Move, got "
                                   f"{last_move!r}")

    height = _WIDTH + (_CAPTION_HEIGHT if caption else 0)
    pixel_height = size * height / _WIDTH
    title = f"ATAXX position {state.fen()}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(size)}" '
        f'height="{_num(pixel_height)}" viewBox="0 0 {_WIDTH} {height}" '
        f'font-family="{FONT_FAMILY}" role="img">',
        f"<title>{escape(title, quote=False)}</title>",
        f'<rect x="0" y="0" width="{_WIDTH}" height="{height}" fill="#ffffff"/>',
    ]

    # Squares, then highlights on top of the empty squares' colour.
    for x in range(1, SIZE + 1):
        for y in range(1, SIZE + 1):
            left, top = _corner(x, y)
            out.append(
                f'<rect class="ataxx-square" data-square="{square_name(x, y)}" x="{left}" '
                f'y="{top}" width="{_CELL}" height="{_CELL}" fill="{BOARD_COLOR}" '
                f'stroke="{GRID_COLOR}" stroke-width="1"/>')
    for x, y in shaded:
        left, top = _corner(x, y)
        out.append(
            f'<rect class="ataxx-highlight" data-square="{square_name(x, y)}" '
            f'x="{left + 1}" y="{top + 1}" width="{_CELL - 2}" height="{_CELL - 2}" '
            f'fill="{HIGHLIGHT_COLOR}"/>')

    # A jump's path goes under the stones, so it never hides one.
    if marked is not None and marked.is_jump:
        (sx, sy), (dx, dy) = _centre(*marked.source), _centre(*marked.destination)
        out.append(
            f'<line class="ataxx-last-path" x1="{_num(sx)}" y1="{_num(sy)}" x2="{_num(dx)}" '
            f'y2="{_num(dy)}" stroke="{LAST_MOVE_COLOR}" stroke-width="2.5" '
            f'stroke-dasharray="5 4" stroke-linecap="round"/>')

    # Blocked squares and stones.
    for x in range(1, SIZE + 1):
        for y in range(1, SIZE + 1):
            cell = state.grid[x][y]
            name = square_name(x, y)
            left, top = _corner(x, y)
            cx, cy = _centre(x, y)
            if cell == BLOCKED:
                a, b = 9, _CELL - 9
                out.append(
                    f'<g class="ataxx-blocked" data-square="{name}">'
                    f'<rect x="{left + 2}" y="{top + 2}" width="{_CELL - 4}" '
                    f'height="{_CELL - 4}" rx="3" fill="{BLOCKED_FILL}"/>'
                    f'<path d="M{left + a} {top + a}L{left + b} {top + b}'
                    f'M{left + b} {top + a}L{left + a} {top + b}" stroke="{BLOCKED_MARK}" '
                    f'stroke-width="3" stroke-linecap="round"/></g>')
            elif cell in (FIRST, SECOND):
                symbol = "x" if cell == FIRST else "o"
                out.append(
                    f'<circle class="ataxx-stone-{symbol}" data-square="{name}" '
                    f'cx="{_num(cx)}" cy="{_num(cy)}" r="{_STONE_RADIUS}" '
                    f'fill="{STONE_FILL[cell]}" stroke="{STONE_EDGE[cell]}" stroke-width="1.5"/>')

    # The last move, above the stones.
    if marked is not None and not marked.is_pass:
        (sx, sy), (dx, dy) = marked.source, marked.destination
        left, top = _corner(dx, dy)
        out.append(
            f'<rect class="ataxx-last-to" data-square="{square_name(dx, dy)}" '
            f'x="{left + 2.5}" y="{top + 2.5}" width="{_CELL - 5}" height="{_CELL - 5}" '
            f'fill="none" stroke="{LAST_MOVE_COLOR}" stroke-width="3"/>')
        left, top = _corner(sx, sy)
        if marked.is_clone:       # the source keeps its stone: a thin frame around it
            out.append(
                f'<rect class="ataxx-last-from ataxx-clone" data-square="{square_name(sx, sy)}" '
                f'x="{left + 2.5}" y="{top + 2.5}" width="{_CELL - 5}" height="{_CELL - 5}" '
                f'fill="none" stroke="{LAST_MOVE_COLOR}" stroke-width="1.5"/>')
        else:                     # the stone left: a dashed ring where it stood
            cx, cy = _centre(sx, sy)
            out.append(
                f'<circle class="ataxx-last-from ataxx-jump" data-square="{square_name(sx, sy)}" '
                f'cx="{_num(cx)}" cy="{_num(cy)}" r="{_STONE_RADIUS}" fill="none" '
                f'stroke="{LAST_MOVE_COLOR}" stroke-width="2" stroke-dasharray="4 3"/>')

    if ring is not None:
        cx, cy = _centre(*ring)
        out.append(
            f'<circle class="ataxx-selected" data-square="{square_name(*ring)}" '
            f'cx="{_num(cx)}" cy="{_num(cy)}" r="{_STONE_RADIUS + 3}" fill="none" '
            f'stroke="{SELECTED_COLOR}" stroke-width="3"/>')

    if coordinates:
        out.extend(_coordinates())
    if caption:
        out.extend(_caption_svg(state, marked))
    out.append("</svg>")
    return "\n".join(out)


def _coordinates() -> list[str]:
    """Files a..g below, ranks 7..1 left; protocol y 1..7 above and x 1..7 right, lighter."""
    out = []
    near, far = _MARGIN / 2, _MARGIN + _BOARD + _MARGIN / 2
    for i in range(1, SIZE + 1):
        along = _MARGIN + (i - 1) * _CELL + _CELL / 2
        out.append(_text(along, far, "abcdefg"[i - 1], size=13, color=LABEL_COLOR,
                         cls="ataxx-file"))
        out.append(_text(near, along, str(SIZE + 1 - i), size=13, color=LABEL_COLOR,
                         cls="ataxx-rank"))
        out.append(_text(along, near, str(i), size=10, color=PROTOCOL_LABEL_COLOR,
                         cls="ataxx-protocol-y", italic=True))
        out.append(_text(far, along, str(i), size=10, color=PROTOCOL_LABEL_COLOR,
                         cls="ataxx-protocol-x", italic=True))
    # Which protocol coordinate runs where: y along the top, x down the right.
    out.append(_text(near, near, "y\u2192", size=9, color=PROTOCOL_LABEL_COLOR,
                     cls="ataxx-protocol-key", italic=True))
    out.append(_text(far, near, "x\u2193", size=9, color=PROTOCOL_LABEL_COLOR,
                     cls="ataxx-protocol-key", italic=True))
    return out


def _caption_svg(state: State, marked: Move | None) -> list[str]:
    first, second = _caption(state, marked)
    top = _WIDTH + 2
    line1, line2 = top + 11, top + 31
    left = 10
    out = []
    # The stone counts, each after a small stone in the board's colours.
    for i, player in enumerate((FIRST, SECOND)):
        cx = left + 7 + i * 60
        symbol = "x" if player == FIRST else "o"
        out.append(
            f'<circle class="ataxx-caption-stone" cx="{cx}" cy="{line1}" r="6" '
            f'fill="{STONE_FILL[player]}" stroke="{STONE_EDGE[player]}" stroke-width="1.2"/>')
        out.append(_text(cx + 10, line1, f"{symbol} {state.stones(player)}", size=13,
                         color=LABEL_COLOR, cls=f"ataxx-count-{symbol}", anchor="start"))
    out.append(_text(left + 126, line1, first, size=13, color=LABEL_COLOR,
                     cls="ataxx-status", anchor="start", weight="bold" if state.is_over() else None))
    if second:
        out.append(_text(left, line2, second, size=11.5, color=LABEL_COLOR,
                         cls="ataxx-note", anchor="start"))
    return out


class BoardPicture:
    """A drawn position that a notebook displays (it has ``_repr_svg_``).

    Attributes:
        state: the position drawn.
        svg: the SVG text.
    """

    __slots__ = ("state", "svg")

    def __init__(self, state: State, svg: str) -> None:
        self.state = state
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<BoardPicture of {self.state.fen()!r}>"


def show_board(state: State | str, highlight: Iterable[Any] = (), **options: Any) -> BoardPicture:
    """A position to display in a notebook cell, with ``highlight`` squares shaded.

    ``state`` is a State or a FEN; the other options are ``board_svg``'s (``size``,
    ``last_move``, ``selected``, ``coordinates``, ``caption``).

    >>> from course_lib.ataxx import State
    >>> picture = show_board(State.start(), highlight=["a6", (2, 2)], selected=(1, 1))
    >>> picture._repr_svg_().count('class="ataxx-highlight"')
    2
    """
    state = _as_state(state)
    return BoardPicture(state, board_svg(state, highlight=highlight, **options))


# --- What a widget shows where it cannot be drawn -------------------------------------------

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def static_view(sentence: str, svg: str | None = None, alt: str = "") -> dict[str, str]:
    """The outputs a widget adds beside its live view, for where no widget can be drawn: a
    notebook opened before it runs (JupyterLab then shows the stored text or HTML, not the
    widget), an HTML export, a viewer on the web.

    ``text/plain`` is the ``sentence``; ``text/html`` is the sentence and, if given, the
    ``svg`` picture as an image (an ``<img>`` of a data URL: JupyterLab shows it in a notebook
    it does not trust yet, where it would drop an inline ``<svg>``), never wider than the
    notebook.

    >>> view = static_view("A board appears here.", '<svg xmlns="http://www.w3.org/2000/svg"/>')
    >>> view["text/plain"]
    'A board appears here.'
    >>> view["text/html"].startswith('<div class="course-static-view"><p>A board appears here.')
    True
    """
    html = [f'<div class="course-static-view"><p>{escape(sentence)}</p>']
    if svg is not None:
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        html.append(f'<img src="data:image/svg+xml;base64,{data}" '
                    f'alt="{escape(alt or sentence)}" style="max-width:100%;height:auto">')
    html.append("</div>")
    return {"text/plain": sentence, "text/html": "".join(html)}


def with_static_view(bundle: dict | None, sentence: str, svg: str | None = None,
                     alt: str = "") -> dict:
    """A widget's display bundle (``_repr_mimebundle_``) with ``static_view`` added: the live
    view where widgets are drawn, the sentence and the picture everywhere else."""
    bundle = dict(bundle or {})
    bundle.update(static_view(sentence, svg, alt))
    return bundle


def fitted_svg(svg: str) -> str:
    """An SVG (as matplotlib writes it, with its size in ``width``/``height`` and a
    ``viewBox``) that shrinks to the width it is shown in and keeps its shape, so that a
    picture never runs past the right edge of the notebook.

    >>> fitted_svg('<svg width="720pt" height="360pt" viewBox="0 0 720 360"></svg>')
    '<svg style="max-width:100%;height:auto" width="720pt" height="360pt" viewBox="0 0 720 360"></svg>'
    """
    start = svg.index("<svg")
    return f'{svg[:start]}<svg style="max-width:100%;height:auto"{svg[start + 4:]}'
