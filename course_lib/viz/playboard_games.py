"""What the PlayBoard widget knows of each game: one small adapter per game, one widget for all.

The widget (``course_lib.viz.widget.PlayBoard``) keeps the game itself: the positions played,
whose turn it is, the agent's answers, forced passes, Undo and New game, the status line. An
adapter says the rest, for one game: how to read a start position, which squares there are and
what their names are, what a click on a square does (ATAXX: pick up a stone, then its
destination; the placement games: play that square), which squares are shaded, how a square
is drawn (its glyph, colours and frame), the words for moves and results, and the picture a
notebook shows before the widget runs.

- ``AtaxxBoard``: ATAXX, squares are (x, y) pairs of the referee protocol (x the row from the
  top, y the column, both 1..7), exactly as the widget always had them.
- ``OthelloBoard``, ``GomokuBoard``, ``TicTacToeBoard``: squares are their names (``"d3"``:
  column letter, row counted from 1 at the top); a click plays that square.

``board_game(game, start)`` picks the adapter from a game's name or from the start state.

>>> from course_lib.games import Othello
>>> adapter = board_game(None, Othello())
>>> adapter.name, adapter.keys[:3], adapter.cell(Othello(), "d4")
('Othello', ['a1', 'b1', 'c1'], 2)
"""

from __future__ import annotations

from typing import Any

from ..errors import GameOverError, IllegalMoveError, InvalidArgumentError, InvalidMoveError
from ..i18n import N_, _

BLOCKED_CELL = 3
"""``cell()``'s value for an ATAXX blocked square (0 empty, 1 and 2 the players' stones)."""

STONE_GLYPH = "\u25cf"             # a filled circle, coloured like the pictures' stones
BLOCKED_GLYPH = "\u2715"           # a cross, as on the SVG's blocked squares
# An empty square's text: a no-break space, not "". The browser's button view replaces its
# text only when the new description is not empty, so "" would leave the old glyph drawn: a
# stone that is no longer there.
EMPTY_GLYPH = "\u00a0"
FLIPPED_RING = "4px #f0e442"       # Okabe-Ito yellow: the ring of an Othello disc just flipped


class ClickRefused(Exception):
    """A click on something that is not a square of the board; the message says why."""


class GameBoard:
    """The part of the PlayBoard that depends on the game (see the module's docstring).

    Attributes every adapter sets: ``name`` (in sentences), ``prefix`` (of the CSS classes:
    ``{prefix}-playboard``, ``{prefix}-cell``...), ``rows`` and ``columns`` (the grid),
    ``keys`` (the squares, row by row from the top left: the buttons' order), ``letters`` and
    ``side_names`` (of players 1 and 2), ``cell_size`` (default pixels per square) and
    ``glyph_scale`` (a glyph's size against the square's), the colours
    (``board_color``, ``grid_color``, ``highlight_color``, ``stone_fill``, ``outline``: the
    stones whose glyph gets a dark edge), ``glyphs`` (the text of a square holding a player's
    stone), ``pass_move`` (None in games without a pass) and ``how_to_play`` (a sentence).
    """

    name = ""
    prefix = ""
    rows = columns = 0
    keys: list[Any] = []
    letters = {1: "x", 2: "o"}
    side_names = {1: N_("black (x)"), 2: N_("white (o)")}
    cell_size = 42
    board_color = "#d9c59c"
    grid_color = "#8c7853"
    highlight_color = "#8cc3e0"
    stone_fill = {1: "#1a1a1a", 2: "#f4f4f4"}
    outline: dict[int, str] = {2: "#555555"}
    glyphs = {1: STONE_GLYPH, 2: STONE_GLYPH}
    glyph_scale = 0.7                # a glyph's font size, as a share of the square's side
    pass_move: Any = None
    how_to_play = ""
    lines_through_points = False     # Gomoku: stones on the crossings of lines

    # -- positions and moves

    def read(self, start: Any, **options: Any) -> Any:
        """The start position from a state of this game, its text form or None (the start)."""
        raise NotImplementedError

    def text(self, state: Any) -> str:
        """The text form of ``state``."""
        return state.text()

    def play(self, state: Any, move: Any) -> Any:
        """The position after ``move`` (checked; an illegal one raises the game's error)."""
        return state.play(move)

    def is_pass(self, move: Any) -> bool:
        return self.pass_move is not None and move == self.pass_move

    def describe(self, move: Any) -> str:
        """A move in words, for the messages and the status line."""
        return str(move)

    def short(self, move: Any) -> str:
        """A move as its name (``d3``, ``pass``)."""
        return str(move)

    def reason(self, state: Any) -> str:
        """Why the game is over, in words."""
        return state.outcome_reason()

    def counts(self, state: Any) -> str | None:
        """The stone counts for the status line, where they mean something."""
        return None

    def turn(self, state: Any) -> str:
        """Which move of the game comes next, for the status line."""
        raise NotImplementedError

    # -- the squares

    def square_name(self, key: Any) -> str:
        return str(key)

    def tooltip(self, key: Any) -> str:
        name = self.square_name(key)
        return _("{square}  (column {column}, row {row})").format(square=name, column=name[0],
                                                                  row=name[1:])

    def key_of(self, square: tuple) -> Any:
        """The key of the square a ``click(*square)`` names; ClickRefused if none."""
        if len(square) == 1 and isinstance(square[0], str):
            name = square[0].strip().lower()
            if name in self._index:
                return name
        shown = ", ".join(repr(part) for part in square)
        raise ClickRefused(f"{shown} is not a square: name one of this board's squares, "
                           f"columns {self._columns[0]}-{self._columns[-1]}, rows 1-{self.rows} "
                           "(like 'd3')")

    def cell(self, state: Any, key: Any) -> int:
        """What is on a square: 0 empty, 1 or 2 a player's stone (3: ATAXX's blocked)."""
        return state.cells[self._index[key]]

    def cell_classes(self, key: Any) -> list[str]:
        """Extra CSS classes of a square's button (Gomoku: where its lines run)."""
        return []

    def click(self, board: Any, key: Any) -> None:
        """What a click on square ``key`` does: here, play that square."""
        board._play_human(self.move_at(key))

    def move_at(self, key: Any) -> Any:
        return key

    def highlighted(self, board: Any) -> set:
        """The squares shaded now."""
        return set()

    def marks(self, before: Any, state: Any) -> dict:
        """Frames for the last move (``before`` is the position before it): key -> CSS
        border."""
        from .board import LAST_MOVE_COLOR
        last = state.last_move
        if last is None or self.is_pass(last):
            return {}
        return {self.key_of_move(last): f"3px solid {LAST_MOVE_COLOR}"}

    def key_of_move(self, move: Any) -> Any:
        return move

    mark_classes: tuple[str, ...] = ()
    """The CSS classes ``flagged`` may give a square (the widget adds and removes them)."""

    def flagged(self, before: Any, state: Any) -> dict:
        """Squares to flag after the last move (``before`` is the position before it): key ->
        one of ``mark_classes``, drawn by ``css()``; none here."""
        return {}

    # -- the labels around the grid: (text, faint) for each place

    def labels(self) -> dict[str, Any]:
        letters = list(self._columns)
        numbers = [str(r) for r in range(1, self.rows + 1)]
        return {"corners": ("", ""), "top": letters, "bottom": letters, "left": numbers,
                "right": numbers, "faint": {"top": False, "right": False}}

    # -- where no widget can be drawn

    def svg(self, state: Any) -> str:
        return state.svg()

    def css(self) -> str:
        """CSS of this game's board beyond what every board has."""
        return ""

    # -- helpers for the square-named games

    def _setup_names(self, columns: str, rows: int) -> None:
        self._columns = columns
        self.rows, self.columns = rows, len(columns)
        self.keys = [f"{c}{r}" for r in range(1, rows + 1) for c in columns]
        self._index = {name: i for i, name in enumerate(self.keys)}


# --- ATAXX ----------------------------------------------------------------------------------

class AtaxxBoard(GameBoard):
    """ATAXX: click one of your stones, then one of the shaded squares (one step clones, two
    steps jump). Squares are (x, y) pairs, x the row from the top and y the column, 1..7."""

    name = "ATAXX"
    prefix = "ataxx"
    how_to_play = N_("click one of your stones, then a highlighted square")

    def __init__(self) -> None:
        from ..ataxx.rules import PASS, SIZE, SQUARES
        from .board import (BLOCKED_FILL, BLOCKED_MARK, BOARD_COLOR, GRID_COLOR,
                            HIGHLIGHT_COLOR, STONE_EDGE, STONE_FILL, STONE_NAME)
        self.rows = self.columns = SIZE
        self.keys = list(SQUARES)
        self.pass_move = PASS
        self.board_color, self.grid_color, self.highlight_color = (BOARD_COLOR, GRID_COLOR,
                                                                   HIGHLIGHT_COLOR)
        self.stone_fill = dict(STONE_FILL)
        self.outline = {2: STONE_EDGE[2]}
        self.side_names = dict(STONE_NAME)
        self.blocked_fill, self.blocked_mark = BLOCKED_FILL, BLOCKED_MARK

    def read(self, start: Any, **options: Any) -> Any:
        from ..ataxx.rules import State
        if options:
            raise InvalidArgumentError(f"ATAXX has no options; got {', '.join(options)}")
        return State.of(start)

    def text(self, state: Any) -> str:
        return state.fen()

    def describe(self, move: Any) -> str:
        from .board import describe_move
        return describe_move(move)

    def short(self, move: Any) -> str:
        return move.uai()

    def reason(self, state: Any) -> str:
        return _(state.outcome_reason())          # see board.OUTCOME_REASONS

    def counts(self, state: Any) -> str:
        return f"x {state.stones(1)} \u2013 o {state.stones(2)}"

    def turn(self, state: Any) -> str:
        return _("turn {number}").format(number=state.turns + 1)

    def square_name(self, key: Any) -> str:
        from ..ataxx.rules import square_name
        return square_name(*key)

    def tooltip(self, key: Any) -> str:
        return f"{self.square_name(key)}  (x={key[0]}, y={key[1]})"

    def key_of(self, square: tuple) -> Any:
        from ..ataxx.rules import on_board
        if len(square) == 2:
            x, y = square
            if type(x) is int and type(y) is int and on_board(x, y):
                return x, y
            raise ClickRefused(_("({x}, {y}) is not a square: x and y go from 1 to 7.")
                               .format(x=repr(x), y=repr(y)))
        if len(square) == 1 and isinstance(square[0], str):
            from ..ataxx.rules import parse_square
            try:
                return parse_square(square[0].strip())
            except ValueError:
                raise ClickRefused(_("{square} is not a square: name one like 'b6' (file a-g, "
                                     "rank 1-7), or give x and y, each from 1 to 7.")
                                   .format(square=f"{square[0]!r:.40}")) from None
        shown = ", ".join(repr(part) for part in square)
        raise ClickRefused(_("({square}) is not a square: give x and y, each from 1 to 7, or "
                             "a square's name like 'b6'.").format(square=shown))

    def cell(self, state: Any, key: Any) -> int:
        return state.grid[key[0]][key[1]]

    def click(self, board: Any, key: Any) -> None:
        from ..ataxx.rules import BLOCKED, EMPTY, Move
        state, (x, y), name = board.state, key, self.square_name(key)
        me = state.to_move
        if board.selected is not None:
            if key == board.selected:
                board.selected = None
                board.message = _("Selection dropped.")
                return
            if key in board.destinations:
                board._play_human(Move(*board.selected, x, y))
                return
        if state.grid[x][y] == me:
            if destinations(state, key):
                board.selected = key
                board.message = _("Stone on {square} picked up: click a highlighted square "
                                  "(one step clones it, two steps jumps).").format(square=name)
            else:
                board.selected = None
                board.message = _("The stone on {square} cannot move: no empty square within "
                                  "two steps. Pick another stone.").format(square=name)
            return
        content = state.grid[x][y]
        if board.selected is None:
            held = {EMPTY: _("{square} is empty"), BLOCKED: _("{square} is blocked")}.get(
                content, _("{square} holds a stone of {side}"))
            board.message = _("{held}: first click one of the stones of {side}, the side to "
                              "move.").format(held=held.format(square=name,
                                                               side=self.letters[3 - me]),
                                              side=_(self.side_names[me]))
        else:
            why = {EMPTY: _("more than two steps away"), BLOCKED: _("blocked")}.get(
                content, _("a stone of {side}").format(side=self.letters[3 - me]))
            board.message = _("The stone on {source} cannot go to {square} ({why}); selection "
                              "dropped.").format(source=self.square_name(board.selected),
                                                 square=name, why=why)
            board.selected = None

    def highlighted(self, board: Any) -> set:
        if board.selected is None:
            return set()
        return {board.selected, *board.destinations}

    def marks(self, before: Any, state: Any) -> dict:
        from .board import LAST_MOVE_COLOR
        last = state.last_move
        if last is None or last.is_pass:
            return {}
        return {last.source: (f"2px solid {LAST_MOVE_COLOR}" if last.is_clone
                              else f"2px dashed {LAST_MOVE_COLOR}"),
                last.destination: f"3px solid {LAST_MOVE_COLOR}"}

    def labels(self) -> dict[str, Any]:
        numbers = [str(i) for i in range(1, self.rows + 1)]
        return {"corners": ("y\u2192", "x\u2193"), "top": numbers, "right": numbers,
                "left": [str(self.rows + 1 - x) for x in range(1, self.rows + 1)],
                "bottom": list("abcdefg"), "faint": {"top": True, "right": True}}

    def svg(self, state: Any) -> str:
        from .board import board_svg
        return board_svg(state)


def destinations(state: Any, square: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares the ATAXX stone on ``square`` may move to: the empty squares 1 or 2 steps
    away (nothing if the square does not hold a stone of the side to move, or the game is
    over)."""
    from ..ataxx.rules import EMPTY, SQUARES, distance
    x, y = square
    if state.is_over() or state.grid[x][y] != state.to_move:
        return []
    return [(tx, ty) for (tx, ty) in SQUARES
            if state.grid[tx][ty] == EMPTY and distance(x, y, tx, ty) in (1, 2)]


# --- Othello --------------------------------------------------------------------------------

class OthelloBoard(GameBoard):
    """Othello: click a shaded square (a square that flips at least one disc) to place a disc
    there. A side with no such square passes by itself."""

    name = N_("Othello")
    prefix = "othello"
    how_to_play = N_("click a highlighted square to place a disc there")
    board_color = "#2e7d4f"
    grid_color = "#1b4d30"
    highlight_color = "#7cc196"

    def __init__(self) -> None:
        from ..games import othello
        from ..games._pictures import STONE_EDGE, STONE_FILL
        self._setup_names(othello.COLUMNS, othello.SIZE)
        self.pass_move = othello.PASS
        self.stone_fill = dict(STONE_FILL)
        self.outline = {2: STONE_EDGE[2]}

    def read(self, start: Any, **options: Any) -> Any:
        from ..games.othello import Othello
        if options:
            raise InvalidArgumentError(f"Othello has no options; got {', '.join(options)}")
        if start is None:
            return Othello()
        if isinstance(start, str):
            return Othello.from_text(start)
        if not isinstance(start, Othello):
            raise InvalidArgumentError(f"start must be an Othello state, its text form or "
                                       f"None, got {start!r:.100}")
        return start

    def counts(self, state: Any) -> str:
        return f"x {state.discs(1)} \u2013 o {state.discs(2)}"

    def reason(self, state: Any) -> str:
        return _(state.outcome_reason())          # marked in Othello.outcome_reason

    def turn(self, state: Any) -> str:
        return _("move {number}").format(number=state.discs(1) + state.discs(2) - 3)

    def highlighted(self, board: Any) -> set:
        state = board.state
        if state.is_over() or not board._humans_turn(state):
            return set()
        return {m for m in state.legal_moves() if m != self.pass_move}

    mark_classes = ("othello-flipped",)

    def flagged(self, before: Any, state: Any) -> dict:
        """The discs the last move turned over (the last move itself is framed)."""
        if before is None or state.last_move in (None, self.pass_move):
            return {}
        mover = 3 - state.to_move
        return {key: "othello-flipped" for key, a, b in zip(self.keys, before.cells, state.cells)
                if a == 3 - mover and b == mover}

    def css(self) -> str:
        # A disc turned over by the last move wears a thick ring in a colour neither disc
        # nor the board has; square corners, so that no page shows through between the
        # squares (rounded ones left a light dot at every crossing).
        return (".othello-playboard .othello-cell { border-radius: 0; }\n"
                ".othello-playboard .othello-cell.othello-flipped { -webkit-text-stroke: "
                f"{FLIPPED_RING}; }}")


# --- Gomoku ---------------------------------------------------------------------------------

class GomokuBoard(GameBoard):
    """Gomoku: click a point to place a stone there; five in a row wins, and the five is
    framed. Options: ``size`` (15, the default, or 19), ``rule`` (``"freestyle"``, the
    default, or ``"omok"``: a point making two open threes is refused, with the reason) and
    ``radius`` (the restricted game the searches play: only points near the stones)."""

    name = "Gomoku"
    prefix = "gomoku"
    how_to_play = N_("click a point to place a stone there")
    cell_size = 29
    board_color = "#e3b873"
    grid_color = "#5a4020"
    lines_through_points = True
    # A stone's diameter, as a share of its point's button: small enough that a 3 px frame
    # (the last move's, a five's) does not cut it.
    stone_scale = 0.76
    five_frame = "3px solid #1565c0"   # the frame of each stone of a five (the pictures' blue)
    CELL_SIZES = {15: 29, 19: 25}    # pixels per point, odd: a 1 px line can cross the middle

    def __init__(self) -> None:
        from ..games import gomoku
        from ..games._pictures import STONE_EDGE, STONE_FILL
        self._setup_names(gomoku.LETTERS[:gomoku.DEFAULT_SIZE], gomoku.DEFAULT_SIZE)
        self.side_names = dict(gomoku.PLAYER_NAMES)
        self.stone_fill = dict(STONE_FILL)
        self.stone_edge = dict(STONE_EDGE)
        self.outline = {}                # the stones are drawn by CSS, with their own edge

    def read(self, start: Any, **options: Any) -> Any:
        from ..games.gomoku import Gomoku
        unknown = set(options) - {"size", "rule", "radius"}
        if unknown:
            raise InvalidArgumentError(f"Gomoku's options are size, rule and radius; got "
                                       f"{', '.join(sorted(unknown))}")
        if isinstance(start, str):
            start = Gomoku.from_text(start)
        if start is None:
            state = Gomoku(**options)
        elif not isinstance(start, Gomoku):
            raise InvalidArgumentError(f"start must be a Gomoku state, its text form or None, "
                                       f"got {start!r:.100}")
        elif options:                    # the options change the game, not the position
            state = Gomoku(start.cells, **{"size": start.size, "rule": start.rule,
                                           "radius": start.radius, **options})
        else:
            state = start
        self._setup_names(state.geometry.columns, state.size)
        self.cell_size = self.CELL_SIZES[state.size]
        return state

    def play(self, state: Any, move: Any) -> Any:
        """The position after ``move``; a point the rules refuse (``Gomoku.play``) is refused
        here first, in the language the course speaks."""
        if isinstance(move, str) and move in self._index and not state.is_terminal():
            if state.cells[self._index[move]]:
                raise IllegalMoveError(_("{move} is occupied; a stone goes on an empty point")
                                       .format(move=move))
            if state.forbidden(move):
                raise IllegalMoveError(_("{move} makes two open threes at once (a double "
                                         "three), which omok forbids").format(move=move))
            if move not in state.legal_moves():
                raise IllegalMoveError(_("{move} is more than {radius} points from every "
                                         "stone; this restricted game (radius={radius}) plays "
                                         "only near the stones").format(move=move,
                                                                        radius=state.radius))
        return state.play(move)

    def reason(self, state: Any) -> str:
        winner = state.winner()
        if winner:
            return _("{side} has five in a row").format(side=_(self.side_names[winner]))
        return _(state.outcome_reason())

    def turn(self, state: Any) -> str:
        return _("move {number}").format(number=state.stones(1) + state.stones(2) + 1)

    def tooltip(self, key: Any) -> str:
        return _("{point}  (column {column}, row {row})").format(point=key, column=key[0],
                                                                 row=key[1:])

    def cell_classes(self, key: Any) -> list[str]:
        row, column = int(key[1:]), key[0]
        vertical = "t" if row == 1 else "b" if row == self.rows else "m"
        horizontal = ("l" if column == self._columns[0] else
                      "r" if column == self._columns[-1] else "m")
        return [f"gomoku-pt-{vertical}{horizontal}"]

    def marks(self, before: Any, state: Any) -> dict:
        """The last move's frame; once a five is made, each of its stones framed in blue."""
        out = super().marks(before, state)
        for run in state.fives():
            out.update((point, self.five_frame) for point in run)
        return out

    def css(self) -> str:
        # Each point's button draws, as background layers: its stone (a disc, on stone
        # points only), then the two lines crossing at its centre (half a line at the edges).
        # Every layer is placed against the button's outer box (background-origin:
        # border-box), so the stone's centre is the crossing's, with or without a frame. The
        # stone's glyph stays the button's text (in the stone's colour, which the disc takes
        # as currentColor) but is not drawn: a glyph sits where its font puts it, not on the
        # crossing.
        line = f"linear-gradient({self.grid_color}, {self.grid_color})"
        horizontal = {"l": ("50% 1px", "right center"), "r": ("50% 1px", "left center"),
                      "m": ("100% 1px", "center center")}
        vertical = {"t": ("1px 50%", "center bottom"), "b": ("1px 50%", "center top"),
                    "m": ("1px 100%", "center center")}
        stone = 100 * self.stone_scale                    # radius, % of half the button
        # Square corners (the gaps between round ones show as dots), and no shadow left on
        # the point clicked last (the keyboard's ring stays).
        rules = [f".gomoku-playboard .gomoku-cell {{ background-image: none, {line}, {line}; "
                 "background-repeat: no-repeat; background-origin: border-box; "
                 "border-radius: 0; font-size: 0 !important; }",
                 ".gomoku-playboard .gomoku-cell:focus:enabled { box-shadow: none; }"]
        for v, (v_size, v_place) in vertical.items():
            for h, (h_size, h_place) in horizontal.items():
                rules.append(f".gomoku-playboard .gomoku-pt-{v}{h} {{ background-size: "
                             f"100% 100%, {h_size}, {v_size}; background-position: center, "
                             f"{h_place}, {v_place}; }}")
        for player, letter in self.letters.items():
            edge = self.stone_edge[player]
            disc = (f"radial-gradient(circle closest-side, currentColor {stone - 9:.1f}%, "
                    f"{edge} {stone - 8:.1f}% {stone:.1f}%, transparent {stone + 3:.1f}%)")
            rules.append(f".gomoku-playboard .gomoku-{letter} {{ background-image: {disc}, "
                         f"{line}, {line}; }}")
        return "\n".join(rules)

    def svg(self, state: Any) -> str:
        return state.svg(size=480)


# --- Tic-tac-toe ----------------------------------------------------------------------------

class TicTacToeBoard(GameBoard):
    """Tic-tac-toe: click an empty square. Squares are named a1..c3 (column, row from the
    top); the moves are the squares' numbers 0..8, row by row."""

    name = "tic-tac-toe"
    prefix = "tictactoe"
    how_to_play = "click an empty square"
    letters = {1: "X", 2: "O"}
    side_names = {1: "X", 2: "O"}
    cell_size = 64
    stone_fill = {1: "#262626", 2: "#0072b2"}
    outline: dict[int, str] = {}
    glyphs = {1: "X", 2: "O"}

    def __init__(self) -> None:
        self._setup_names("abc", 3)

    def read(self, start: Any, **options: Any) -> Any:
        from ..games.tictactoe import TicTacToe
        if options:
            raise InvalidArgumentError(f"tic-tac-toe has no options; got {', '.join(options)}")
        if start is None:
            return TicTacToe()
        if isinstance(start, str):
            return TicTacToe.from_string(start)
        if not isinstance(start, TicTacToe):
            raise InvalidArgumentError(f"start must be a TicTacToe state, its text (like "
                                       f"'X.O/.X./...') or None, got {start!r:.100}")
        return start

    def text(self, state: Any) -> str:
        return "/".join("".join(".XO"[c] for c in state.cells[r:r + 3]) for r in (0, 3, 6))

    def play(self, state: Any, move: Any) -> Any:
        if isinstance(move, str):
            name = move.strip().lower()
            if name not in self._index:
                raise InvalidMoveError(f"{move!r} is not a square; the squares are a1..c3 "
                                       "(column a-c, then row 1-3 from the top), or 0..8")
            move = self._index[name]
        if state.is_terminal():
            raise GameOverError(f"the game is over ({self.reason(state)}); no move can be "
                                "played")
        if type(move) is int and 0 <= move <= 8 and state.cells[move] != 0:
            raise IllegalMoveError(f"{self.keys[move]} is taken; a mark goes on an empty "
                                   "square")
        return state.apply(move)

    def describe(self, move: Any) -> str:
        return self.keys[move]

    short = describe

    def reason(self, state: Any) -> str:
        owner = state.line_owner()
        return f"{self.letters[owner]} has three in a row" if owner else "the board is full"

    def turn(self, state: Any) -> str:
        return f"move {9 - state.cells.count(0) + 1}"

    def move_at(self, key: Any) -> Any:
        return self._index[key]

    def key_of_move(self, move: Any) -> Any:
        return self.keys[move]

    def key_of(self, square: tuple) -> Any:
        if len(square) == 1 and type(square[0]) is int and 0 <= square[0] <= 8:
            return self.keys[square[0]]
        return super().key_of(square)

    def svg(self, state: Any) -> str:
        from ..games._pictures import grid_svg
        rows = [state.cells[r:r + 3] for r in (0, 3, 6)]
        marked = [] if state.last_move is None else [divmod(state.last_move, 3)]
        return grid_svg(rows, columns="abc", style="squares", title=f"tic-tac-toe "
                        f"{self.text(state)}", marked=marked, size=200)


GAMES = {"ataxx": AtaxxBoard, "othello": OthelloBoard, "gomoku": GomokuBoard,
         "tictactoe": TicTacToeBoard}


def board_game(game: str | None, start: Any) -> GameBoard:
    """The adapter of ``game`` (a name: 'ataxx', 'othello', 'gomoku', 'tictactoe'), or of the
    game ``start`` is a state of when ``game`` is None; ATAXX when neither says."""
    if game is None:
        from ..ataxx.rules import State
        from ..games import Gomoku, Othello, TicTacToe
        for kind, name in ((State, "ataxx"), (Othello, "othello"), (Gomoku, "gomoku"),
                           (TicTacToe, "tictactoe")):
            if isinstance(start, kind):
                return GAMES[name]()
        return AtaxxBoard()
    key = game.lower().replace("-", "").replace(" ", "") if isinstance(game, str) else None
    if key not in GAMES:
        raise InvalidArgumentError(f"game must be one of 'ataxx', 'othello', 'gomoku', "
                                   f"'tictactoe', got {game!r:.60}")
    return GAMES[key]()
