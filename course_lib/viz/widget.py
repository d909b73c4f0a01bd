"""PlayBoard: play ATAXX against any agent in JupyterLab, by clicking on the board.

Click one of your stones, then one of the highlighted squares: one step away clones the stone,
two steps away jumps with it. Clicking another of your stones picks that one instead; clicking
anything else drops the selection. When a side has no legal move it passes by itself, and the
agent answers at once (synchronously) after each of your moves. "Undo" takes back your last move
and the agent's reply; "New game" starts again from the same position.

It is a plain ipywidgets 8 widget (no JavaScript of its own), so a cell that ends with a
``PlayBoard`` shows it. Everything a button does is also a method, so it works without a
browser: ``click(x, y)`` is what the button on square (x, y) does.

>>> from course_lib.agents import RandomAgent
>>> board = PlayBoard(RandomAgent(seed=1))
>>> board.click(1, 1); board.selected, len(board.destinations)
((1, 1), 8)
>>> board.click(2, 2); [move.uai() for move in board.history]
['b6', 'f7']
>>> board.undo(); board.history, board.state == board.start
([], True)
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..agents.base import RandomAgent, as_agent
from ..ataxx.rules import (BLOCKED, EMPTY, FIRST, PASS, SECOND, SIZE, SQUARES, Move, Player,
                           Square, State, distance, on_board, square_name)
from .board import (BLOCKED_FILL, BLOCKED_MARK, BOARD_COLOR, GRID_COLOR, HIGHLIGHT_COLOR,
                    LABEL_COLOR, LAST_MOVE_COLOR, PROTOCOL_LABEL_COLOR, SELECTED_COLOR,
                    STONE_EDGE, STONE_FILL, STONE_NAME, board_svg, describe_move,
                    with_static_view)

_SIDES: dict[Any, Player | None] = {
    FIRST: FIRST, SECOND: SECOND, "x": FIRST, "o": SECOND, "first": FIRST, "second": SECOND,
    "both": None,
}
_LETTER = {FIRST: "x", SECOND: "o"}
# Text around the board follows JupyterLab's theme (light or dark), with the SVG's colours as
# the fallback outside JupyterLab.
_TEXT = f"var(--jp-ui-font-color1, {LABEL_COLOR})"
_FAINT_TEXT = f"var(--jp-ui-font-color2, {PROTOCOL_LABEL_COLOR})"
_STONE_GLYPH = "\u25cf"             # a filled circle, coloured like the SVG's stones
_BLOCKED_GLYPH = "\u2715"           # a cross, as on the SVG's blocked squares
# An empty square's text: a no-break space, not "". The browser's button view replaces its
# text only when the new description is not empty, so "" would leave the old glyph drawn: a
# stone that is no longer there.
_EMPTY_GLYPH = "\u00a0"

# The light stone's glyph gets a dark outline, as in the SVG; a square reached with the
# keyboard (Tab) shows a ring, a clicked one does not. Plain CSS in an HTML widget: no
# JavaScript, and without it the board still works (the stone is then just light).
_CSS = f"""<style>
.ataxx-playboard .ataxx-cell {{ padding: 0; margin: 0; line-height: 1; box-sizing: border-box; }}
.ataxx-playboard .ataxx-o {{ -webkit-text-stroke: 1.5px {STONE_EDGE[SECOND]}; }}
.ataxx-playboard .ataxx-cell:focus {{ outline: none; }}
.ataxx-playboard .ataxx-cell:focus-visible {{ outline: 3px solid {SELECTED_COLOR};
  outline-offset: -6px; }}
</style>"""


def destinations(state: State, square: Square) -> list[Square]:
    """The squares the stone on ``square`` may move to: the empty squares 1 or 2 steps away
    (nothing if the square does not hold a stone of the side to move, or the game is over)."""
    x, y = square
    if state.is_over() or state.grid[x][y] != state.to_move:
        return []
    return [(tx, ty) for (tx, ty) in SQUARES
            if state.grid[tx][ty] == EMPTY and distance(x, y, tx, ty) in (1, 2)]


class PlayBoard(widgets.VBox):
    """A board to play ATAXX on in JupyterLab, against any agent.

    Args:
        agent: the opponent, anything with ``choose_move(state)`` or a plain function
            ``state -> move`` (default: ``RandomAgent(seed=0)``).
        human: the side you play: ``"first"``/``"x"``/``FIRST`` (the default),
            ``"second"``/``"o"``/``SECOND`` (the agent then moves at once), or ``"both"`` to
            play both sides yourself.
        start: the start position, a State or a FEN (default: the standard start).
        cell_size: the side of a square's button, in pixels.

    Attributes:
        state: the current position.
        start: the position each new game starts from.
        history: the moves played since ``start``, both sides', passes included.
        selected: the square of the stone you picked up, or None.
        destinations: where the selected stone may go (highlighted on the board).
        message: what the last action did, or why it could not be done.
        status: whose turn it is, the stone counts and the last move, or the result.
        buttons: the 49 square buttons, ``buttons[x, y]``.

    Undo does not rewind the agent: a random agent may answer differently the second time.
    """

    def __init__(self, agent: Any = None, *, human: Any = "first",
                 start: State | str | None = None, cell_size: int = 42) -> None:
        super().__init__()
        if human not in _SIDES:
            raise ValueError(
                f"human must be 'first' (or 'x'), 'second' (or 'o') or 'both', got {human!r}")
        self.agent = as_agent(RandomAgent(seed=0) if agent is None else agent)
        self.human: Player | None = _SIDES[human]
        if start is None:
            start = State.start()
        elif isinstance(start, str):
            start = State.from_fen(start)
        elif not isinstance(start, State):
            raise TypeError(f"start must be a State, a FEN string or None, got {start!r}")
        self.start: State = start
        self._states: list[State] = [start]     # every position of the game, in order
        self.selected: Square | None = None
        self.message = ""
        self._build(cell_size)
        self.new_game()

    # -- what the player does --------------------------------------------------------------

    def click(self, x: int, y: int) -> None:
        """What clicking the button of square (x, y) does. Never raises: a click that cannot
        be played leaves the position as it is and says why in ``message``."""
        try:
            self._click(x, y)
        except Exception as error:          # the last guard: a click must never raise
            self.selected = None
            self.message = f"That click could not be handled ({type(error).__name__}: {error})."
        self._render()

    def play(self, move: Move | str) -> None:
        """Play ``move`` (a Move, or text such as 'b6', 'a7c5', '1 1 2 2') as your move, as if
        clicked. Never raises; ``message`` says what happened."""
        try:
            if self._may_move():
                self._play_human(move)
        except Exception as error:
            self.message = f"That move could not be handled ({type(error).__name__}: {error})."
        self._render()

    def new_game(self) -> None:
        """Start again from ``start``; if the agent is to move, it moves at once."""
        self._states = [self.start]
        self.selected = None
        if self.human is None:
            intro = "New game: you play both sides."
        else:
            intro = (f"New game: you play {STONE_NAME[self.human]} against "
                     f"{self._agent_name()}.")
        self.message = " ".join([intro, *self._advance()])
        self._render()

    def undo(self) -> None:
        """Take back your last move and everything played after it (the agent's reply)."""
        point = self._last_choice()
        if point is None:
            self.message = "Nothing to undo: you have not moved yet."
        else:
            taken = self.history[point:]
            del self._states[point + 1:]
            self.selected = None
            self.message = ("Took back " + ", ".join(m.uai() for m in taken)
                            + f". {self._side_text(self.state.to_move)} to move.")
        self._render()

    # -- what the board shows --------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current position."""
        return self._states[-1]

    @property
    def history(self) -> list[Move]:
        """The moves played since ``start``, both sides', passes included."""
        return [state.last_move for state in self._states[1:]]

    @property
    def destinations(self) -> tuple[Square, ...]:
        """Where the selected stone may go: empty squares 1 or 2 steps away."""
        if self.selected is None:
            return ()
        return tuple(destinations(self.state, self.selected))

    @property
    def status(self) -> str:
        """One line: whose turn, the turn number, the stone counts, the last move; or the
        result and why the game ended."""
        state = self.state
        counts = f"x {state.stones(FIRST)} \u2013 o {state.stones(SECOND)}"
        if state.is_over():
            winner = state.winner()
            result = "draw" if winner == 0 else f"{_LETTER[winner]} wins"
            verdict = ""
            if self.human is not None:
                verdict = (" It is a draw." if winner == 0 else " You win!"
                           if winner == self.human else f" {self._agent_name()} wins.")
            return f"Game over ({state.outcome_reason()}): {result}, {counts}.{verdict}"
        parts = [f"{self._side_text(state.to_move)} to move", f"turn {state.turns + 1}", counts]
        last = state.last_move
        if last is not None:
            parts.append(f"last move: {_LETTER[3 - state.to_move]} {describe_move(last)}")
        return " \u00b7 ".join(parts)

    # -- inside ------------------------------------------------------------------------------

    def _agent_name(self) -> str:
        return str(getattr(self.agent, "name", type(self.agent).__name__))

    def _side_text(self, player: Player) -> str:
        if self.human is None:
            return _LETTER[player]
        return f"{_LETTER[player]} ({'you' if player == self.human else self._agent_name()})"

    def _humans_turn(self, state: State) -> bool:
        return self.human is None or state.to_move == self.human

    def _may_move(self) -> bool:
        """True if the human may move now; otherwise set a message saying why not."""
        if self.state.is_over():
            self.message = (f"The game is over ({self.state.outcome_reason()}). "
                            "Press New game to play again, or Undo.")
            return False
        if not self._humans_turn(self.state):
            self.message = (f"It is not your turn: {self._agent_name()} is to move and did "
                            "not answer. Press Undo or New game.")
            return False
        return True

    def _click(self, x: Any, y: Any) -> None:
        if not (type(x) is int and type(y) is int and on_board(x, y)):
            self.selected = None
            self.message = f"({x!r}, {y!r}) is not a square: x and y go from 1 to 7."
            return
        if not self._may_move():
            self.selected = None
            return
        state, square, name = self.state, (x, y), square_name(x, y)
        me = state.to_move
        if self.selected is not None:
            if square == self.selected:
                self.selected = None
                self.message = "Selection dropped."
                return
            if square in self.destinations:
                self._play_human(Move(*self.selected, x, y))
                return
        if state.grid[x][y] == me:
            if destinations(state, square):
                self.selected = square
                self.message = (f"Stone on {name} picked up: click a highlighted square "
                                "(one step clones it, two steps jumps).")
            else:
                self.selected = None
                self.message = (f"The stone on {name} cannot move: no empty square within two "
                                "steps. Pick another stone.")
            return
        held = {EMPTY: "empty", BLOCKED: "blocked"}.get(
            state.grid[x][y], f"a stone of {_LETTER[3 - me]}")
        if self.selected is None:
            self.message = (f"{name} is {held}: first click one of the stones of "
                            f"{STONE_NAME[me]}, the side to move.")
        else:
            source = square_name(*self.selected)
            why = held if held != "empty" else "more than two steps away"
            self.message = f"The stone on {source} cannot go to {name} ({why}); selection dropped."
            self.selected = None

    def _play_human(self, move: Move | str) -> None:
        mover = self.state.to_move
        try:
            child = self.state.play(move)
        except ValueError as error:         # the course's errors are ValueErrors with a reason
            self.selected = None
            self.message = f"Not played: {error}"
            return
        self.selected = None
        self._states.append(child)
        who = "You" if self.human is not None else _LETTER[mover]
        notes = [f"{who} played {describe_move(child.last_move)}.", *self._advance()]
        self.message = " ".join(notes)

    def _advance(self) -> list[str]:
        """Play forced passes and the agent's moves until the human has a choice or the game
        ends; return what happened, in words."""
        notes = []
        while not self.state.is_over():
            mover = _LETTER[self.state.to_move]
            if self._humans_turn(self.state):
                if self.state.has_move():
                    break
                self._states.append(self.state.apply(PASS))
                notes.append(f"{mover} has no legal move and passes.")
                continue
            self._message_view.value = f"<i>{escape(self._agent_name())} is thinking\u2026</i>"
            try:
                child = self.state.play(self.agent.choose_move(self.state))
            except Exception as error:       # a broken agent must not break the board
                notes.append(f"{self._agent_name()} failed to move "
                             f"({type(error).__name__}: {error}). Press Undo or New game.")
                break
            self._states.append(child)
            last = child.last_move
            notes.append(f"{self._agent_name()} ({mover}) "
                         + ("passes (no legal move)." if last.is_pass
                            else f"played {describe_move(last)}."))
        return notes

    def _last_choice(self) -> int | None:
        """Index in ``history`` of the last move the human chose (not a forced pass)."""
        for i in range(len(self._states) - 1, 0, -1):
            before, move = self._states[i - 1], self._states[i].last_move
            if self._humans_turn(before) and not move.is_pass:
                return i - 1
        return None

    # -- the widgets -------------------------------------------------------------------------

    def _build(self, cell: int) -> None:
        self.add_class("ataxx-playboard")
        self.buttons: dict[Square, widgets.Button] = {}
        for x, y in SQUARES:
            button = widgets.Button(
                description="", tooltip=f"{square_name(x, y)}  (x={x}, y={y})",
                layout=widgets.Layout(width=f"{cell}px", height=f"{cell}px", margin="0",
                                      padding="0"))
            button.add_class("ataxx-cell")
            button.style.font_size = f"{round(cell * 0.7)}px"
            button.on_click(lambda _button, x=x, y=y: self.click(x, y))
            self.buttons[x, y] = button

        top, bottom = 20, 22                # the heights of the label rows, in pixels

        def label(text: str, color: str, size: int, height: int,
                  italic: bool = False) -> widgets.HTML:
            # Exactly as tall as its row (an HTML widget is 28 px tall by default, which
            # would overflow the 20 px row and give the grid a scrollbar).
            style = (f"color:{color};font-size:{size}px;text-align:center;width:100%;"
                     f"line-height:{height}px;height:{height}px")
            style += ";font-style:italic" if italic else ""
            return widgets.HTML(f'<div style="{style}">{text}</div>',
                                layout=widgets.Layout(margin="0", height=f"{height}px",
                                                      overflow="hidden"))

        # 9 x 9 cells: protocol y above, ranks left, protocol x right, files below.
        cells: list[widgets.Widget] = [label("y\u2192", _FAINT_TEXT, 10, top, True)]
        cells += [label(str(y), _FAINT_TEXT, 11, top, True) for y in range(1, SIZE + 1)]
        cells.append(label("x\u2193", _FAINT_TEXT, 10, top, True))
        for x in range(1, SIZE + 1):
            cells.append(label(str(SIZE + 1 - x), _TEXT, 14, cell))
            cells += [self.buttons[x, y] for y in range(1, SIZE + 1)]
            cells.append(label(str(x), _FAINT_TEXT, 11, cell, True))
        cells.append(label("", _TEXT, 14, bottom))
        cells += [label(f, _TEXT, 14, bottom) for f in "abcdefg"]
        cells.append(label("", _TEXT, 14, bottom))
        grid = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"24px repeat({SIZE}, {cell}px) 24px",
            grid_template_rows=f"{top}px repeat({SIZE}, {cell}px) {bottom}px",
            grid_gap="0px", width="max-content"))

        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="Take back your last move and the reply")
        self.undo_button.on_click(lambda _button: self.undo())
        self._status_view = widgets.HTML()
        self._status_view.add_class("ataxx-status")
        self._message_view = widgets.HTML()
        self._message_view.add_class("ataxx-message")
        grid.add_class("ataxx-grid")
        self.children = [widgets.HTML(_CSS), self._status_view, grid,
                         widgets.HBox([self.new_game_button, self.undo_button]),
                         self._message_view]

    def _render(self) -> None:
        state, last = self.state, self.state.last_move
        marks: dict[Square, str] = {}
        if last is not None and not last.is_pass:
            marks[last.source] = (f"2px solid {LAST_MOVE_COLOR}" if last.is_clone
                                  else f"2px dashed {LAST_MOVE_COLOR}")
            marks[last.destination] = f"3px solid {LAST_MOVE_COLOR}"
        if self.selected is not None:
            marks[self.selected] = f"3px solid {SELECTED_COLOR}"
        targets = set(self.destinations)
        for square, button in self.buttons.items():
            cell = state.grid[square[0]][square[1]]
            if cell in (FIRST, SECOND):
                button.description = _STONE_GLYPH
                button.style.text_color = STONE_FILL[cell]
            elif cell == BLOCKED:
                button.description = _BLOCKED_GLYPH
                button.style.text_color = BLOCKED_MARK
            else:
                button.description = _EMPTY_GLYPH
            for player in (FIRST, SECOND):
                stone_class = f"ataxx-{_LETTER[player]}"
                if cell == player:
                    button.add_class(stone_class)
                else:
                    button.remove_class(stone_class)
            if cell == BLOCKED:
                color = BLOCKED_FILL
            elif square == self.selected or square in targets:
                color = HIGHLIGHT_COLOR
            else:
                color = BOARD_COLOR
            button.style.button_color = color
            button.layout.border = marks.get(square, f"1px solid {GRID_COLOR}")
        self.undo_button.disabled = self._last_choice() is None
        status = escape(self.status)
        if self.state.is_over():
            status = f"<b>{status}</b>"
        self._status_view.value = f'<div style="color:{_TEXT}">{status}</div>'
        self._message_view.value = f'<div style="color:{_TEXT}">{escape(self.message)}</div>'

    # -- where no widget can be drawn ---------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        """The live board where widgets are drawn; elsewhere (a notebook opened before it
        runs, an HTML export) a sentence saying what appears here and a picture of the
        position."""
        sentence = ("A board to play ATAXX on appears here when this cell runs: click one of "
                    "your stones, then a highlighted square. "
                    f"The position: {self.status}.")
        return with_static_view(super()._repr_mimebundle_(**kwargs), sentence,
                                board_svg(self.state), alt=f"ATAXX position {self.state.fen()}")

    def __repr__(self) -> str:
        return f"<PlayBoard: {self.status}>"
