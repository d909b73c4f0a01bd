"""PlayBoard: play a board game (ATAXX, Othello, Gomoku, tic-tac-toe) against any agent in
JupyterLab, by clicking on the board.

One widget for every board game: the widget keeps the game (the positions played, the agent's
answers, forced passes, Undo, New game, the status line) and a small adapter per game
(``course_lib.viz.playboard_games``) says how a click becomes a move, which squares are
shaded and how a square is drawn.

- ATAXX (the default): click one of your stones, then one of the highlighted squares: one step
  away clones the stone, two steps away jumps with it. Clicking another of your stones picks
  that one instead; clicking anything else drops the selection.
- Othello (``game="othello"`` or ``start=Othello()``): click a highlighted square, one that
  flips at least one disc; the discs the last move turned over wear a ring.
- Gomoku (``game="gomoku"``, options ``size`` 15 or 19, ``rule`` freestyle or omok, and
  ``radius``): click a point; in omok a double three is refused, and the message says why;
  a five is framed.
- Tic-tac-toe (``game="tictactoe"``): click an empty square.

When a side has no legal move it passes by itself (and the message says so), and the agent
answers at once (synchronously) after each of your moves. "Undo" takes back your last move and
the agent's reply; "New game" starts again from the same position.

It is a plain ipywidgets 8 widget (no JavaScript of its own), so a cell that ends with a
``PlayBoard`` shows it. Everything a button does is also a method, so it works without a
browser: ``click(x, y)`` is what the button on ATAXX square (x, y) does, ``click("d3")`` the
button on square d3 (of any game).

>>> from course_lib.agents import RandomAgent
>>> board = PlayBoard(RandomAgent(seed=1))
>>> board.click(1, 1); board.selected, len(board.destinations)
((1, 1), 8)
>>> board.click(2, 2); [move.uai() for move in board.history]
['b6', 'f7']
>>> board.undo(); board.history, board.state == board.start
([], True)
>>> othello = PlayBoard(RandomAgent(seed=1), game="othello")
>>> sorted(othello.highlighted)
['c4', 'd3', 'e6', 'f5']
>>> othello.click("d3"); othello.history
['d3', 'c5']
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from ..agents.base import RandomAgent, as_agent
from ..errors import InvalidArgumentError
from ..i18n import _
from .board import LABEL_COLOR, PROTOCOL_LABEL_COLOR, SELECTED_COLOR, with_static_view
from .playboard_games import (BLOCKED_CELL, BLOCKED_GLYPH, EMPTY_GLYPH, ClickRefused,
                              GameBoard, board_game, destinations)

__all__ = ["PlayBoard", "destinations"]

_SIDES: dict[Any, int | None] = {
    1: 1, 2: 2, "x": 1, "o": 2, "X": 1, "O": 2, "first": 1, "second": 2, "both": None,
}
# Text around the board follows JupyterLab's theme (light or dark), with the SVG's colours as
# the fallback outside JupyterLab.
_TEXT = f"var(--jp-ui-font-color1, {LABEL_COLOR})"
_FAINT_TEXT = f"var(--jp-ui-font-color2, {PROTOCOL_LABEL_COLOR})"


def _css(game: GameBoard) -> str:
    """The board's CSS. The light stone's glyph gets a dark outline, as in the pictures; a
    square reached with the keyboard (Tab) shows a ring, a clicked one does not. Plain CSS in
    an HTML widget: no JavaScript, and without it the board still works (the stone is then
    just light)."""
    p = game.prefix
    outlines = "".join(
        f".{p}-playboard .{p}-{game.letters[player].lower()} {{ -webkit-text-stroke: 1.5px "
        f"{color}; }}\n" for player, color in sorted(game.outline.items()))
    extra = game.css()
    return (f"<style>\n"
            f".{p}-playboard .{p}-cell {{ padding: 0; margin: 0; line-height: 1; "
            f"box-sizing: border-box; }}\n"
            f"{outlines}"
            f".{p}-playboard .{p}-cell:focus {{ outline: none; }}\n"
            f".{p}-playboard .{p}-cell:focus-visible {{ outline: 3px solid {SELECTED_COLOR};\n"
            f"  outline-offset: -6px; }}\n"
            + (extra + "\n" if extra else "") + "</style>")


class PlayBoard(widgets.VBox):
    """A board to play a board game on in JupyterLab, against any agent.

    Args:
        agent: the opponent, anything with ``choose_move(state)`` or a plain function
            ``state -> move`` (default: ``RandomAgent(seed=0)``).
        game: ``"ataxx"`` (the default), ``"othello"``, ``"gomoku"`` or ``"tictactoe"``;
            None: the game ``start`` is a position of (ATAXX if ``start`` is None or text).
        human: the side you play: ``"first"``/``"x"``/``1`` (the default),
            ``"second"``/``"o"``/``2`` (the agent then moves at once), or ``"both"`` to play
            both sides yourself.
        start: the start position, a state of the game or its text form (ATAXX: a FEN;
            tic-tac-toe: 9 squares like ``'X.O/.X./...'``); default: the game's start.
        cell_size: the side of a square's button, in pixels (default: 42 for ATAXX and
            Othello, 29 for Gomoku's 15x15 board and 25 for its 19x19, 64 for tic-tac-toe).
        **options: the game's options: Gomoku's ``size`` (15 or 19), ``rule``
            (``"freestyle"`` or ``"omok"``, the Korean rule) and ``radius`` (the restricted
            game the searches play: only points near the stones).

    Attributes:
        state: the current position.
        start: the position each new game starts from.
        history: the moves played since ``start``, both sides', passes included.
        selected: ATAXX: the square of the stone you picked up, or None.
        destinations: ATAXX: where the selected stone may go (highlighted on the board).
        highlighted: the squares shaded now (ATAXX: the picked-up stone and its
            destinations; Othello: your legal squares).
        message: what the last action did, or why it could not be done.
        status: whose turn it is, the move number, the stone counts where they count (ATAXX,
            Othello) and the last move; or the result.
        buttons: the square buttons: ``buttons[x, y]`` for ATAXX, ``buttons["d3"]`` for the
            other games.
        game: the adapter of the game played (``course_lib.viz.playboard_games``).

    Undo does not rewind the agent: a random agent may answer differently the second time.
    """

    def __init__(self, agent: Any = None, *, game: str | None = None, human: Any = "first",
                 start: Any = None, cell_size: int | None = None, **options: Any) -> None:
        super().__init__()
        if not isinstance(human, (str, int)) or human not in _SIDES:
            raise InvalidArgumentError(
                f"human must be 'first' (or 'x'), 'second' (or 'o') or 'both', got {human!r}")
        self.game: GameBoard = board_game(game, start)
        self.agent = as_agent(RandomAgent(seed=0) if agent is None else agent)
        self.human: int | None = _SIDES[human]
        self.start = self.game.read(start, **options)
        if cell_size is None:
            cell_size = self.game.cell_size
        if not isinstance(cell_size, int) or isinstance(cell_size, bool) or cell_size < 12:
            raise InvalidArgumentError(f"cell_size is a whole number of pixels, at least 12, "
                                       f"got {cell_size!r}")
        self._states: list[Any] = [self.start]     # every position of the game, in order
        self.selected: Any = None
        self.message = ""
        self._build(cell_size)
        self.new_game()

    # -- what the player does --------------------------------------------------------------

    def click(self, *square: Any) -> None:
        """What clicking the button of a square does: ``click("d3")`` names the square, on
        every game; ATAXX also takes ``click(x, y)`` (protocol coordinates, 1..7), tic-tac-toe
        the square's number 0..8. Never raises: a click that cannot be played leaves the
        position as it is and says why in ``message``."""
        try:
            self._click(square)
        except Exception as error:          # the last guard: a click must never raise
            self.selected = None
            self.message = _("That click could not be handled ({error}).").format(
                error=f"{type(error).__name__}: {error}")
        self._render()

    def play(self, move: Any) -> None:
        """Play ``move`` as your move, as if clicked: the game's move or its text (ATAXX: a
        Move or 'b6', 'a7c5', '1 1 2 2'; Othello and Gomoku: 'd3'; tic-tac-toe: 'b2' or 4).
        Never raises; ``message`` says what happened."""
        try:
            if self._may_move():
                self._play_human(move)
        except Exception as error:
            self.message = _("That move could not be handled ({error}).").format(
                error=f"{type(error).__name__}: {error}")
        self._render()

    def new_game(self) -> None:
        """Start again from ``start``; if the agent is to move, it moves at once."""
        self._states = [self.start]
        self.selected = None
        if self.human is None:
            intro = _("New game: you play both sides.")
        else:
            intro = _("New game: you play {side} against {agent}.").format(
                side=_(self.game.side_names[self.human]), agent=self._agent_name())
        self.message = " ".join([intro, *self._advance()])
        self._render()

    def undo(self) -> None:
        """Take back your last move and everything played after it (the agent's reply)."""
        point = self._last_choice()
        if point is None:
            self.message = _("Nothing to undo: you have not moved yet.")
        else:
            taken = self.history[point:]
            del self._states[point + 1:]
            self.selected = None
            self.message = _("Took back {moves}. {side} to move.").format(
                moves=", ".join(self.game.short(m) for m in taken),
                side=self._side_text(self.state.to_move))
        self._render()

    # -- what the board shows --------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current position."""
        return self._states[-1]

    @property
    def history(self) -> list[Any]:
        """The moves played since ``start``, both sides', passes included."""
        return [state.last_move for state in self._states[1:]]

    @property
    def destinations(self) -> tuple:
        """ATAXX: where the selected stone may go, empty squares 1 or 2 steps away."""
        if self.selected is None:
            return ()
        return tuple(destinations(self.state, self.selected))

    @property
    def highlighted(self) -> set:
        """The squares shaded now."""
        return self.game.highlighted(self)

    @property
    def status(self) -> str:
        """One line: whose turn, the move number, the stone counts (where they count), the
        last move; or the result and why the game ended."""
        state, game = self.state, self.game
        counts = game.counts(state)
        if state.is_over():
            winner = state.winner()
            result = (_("draw") if winner == 0
                      else _("{side} wins").format(side=game.letters[winner]))
            if counts:
                result += f", {counts}"
            line = _("Game over ({reason}): {result}.").format(reason=game.reason(state),
                                                                result=result)
            if self.human is None:
                return line
            verdict = (_("It is a draw.") if winner == 0 else _("You win!")
                       if winner == self.human else
                       _("{agent} wins.").format(agent=self._agent_name()))
            return f"{line} {verdict}"
        parts = [_("{side} to move").format(side=self._side_text(state.to_move)),
                 game.turn(state)]
        if counts:
            parts.append(counts)
        last = state.last_move
        if last is not None:
            parts.append(_("last move: {side} {move}").format(
                side=game.letters[3 - state.to_move], move=game.describe(last)))
        return " \u00b7 ".join(parts)

    # -- inside ------------------------------------------------------------------------------

    def _agent_name(self) -> str:
        return str(getattr(self.agent, "name", type(self.agent).__name__))

    def _side_text(self, player: int) -> str:
        letter = self.game.letters[player]
        if self.human is None:
            return letter
        who = _("you") if player == self.human else self._agent_name()
        return f"{letter} ({who})"

    def _humans_turn(self, state: Any) -> bool:
        return self.human is None or state.to_move == self.human

    def _may_move(self) -> bool:
        """True if the human may move now; otherwise set a message saying why not."""
        if self.state.is_over():
            self.message = _("The game is over ({reason}). Press New game to play again, "
                             "or Undo.").format(reason=self.game.reason(self.state))
            return False
        if not self._humans_turn(self.state):
            self.message = _("It is not your turn: {agent} is to move and did not answer. "
                             "Press Undo or New game.").format(agent=self._agent_name())
            return False
        return True

    def _click(self, square: tuple) -> None:
        try:
            key = self.game.key_of(square)
        except ClickRefused as refusal:
            self.selected = None
            self.message = str(refusal)
            return
        if not self._may_move():
            self.selected = None
            return
        self.game.click(self, key)

    def _play_human(self, move: Any) -> None:
        mover = self.state.to_move
        try:
            child = self.game.play(self.state, move)
        except ValueError as error:         # the course's errors are ValueErrors with a reason
            self.selected = None
            self.message = _("Not played: {error}").format(error=error)
            return
        self.selected = None
        self._states.append(child)
        move = self.game.describe(child.last_move)
        played = (_("You played {move}.").format(move=move) if self.human is not None else
                  _("{side} played {move}.").format(side=self.game.letters[mover], move=move))
        notes = [played, *self._advance()]
        self.message = " ".join(notes)

    def _forced_pass(self, state: Any) -> Any:
        """The pass, if it is the only move of the side to move; else None."""
        if self.game.pass_move is None:
            return None
        moves = state.legal_moves()
        if len(moves) == 1 and self.game.is_pass(moves[0]):
            return moves[0]
        return None

    def _advance(self) -> list[str]:
        """Play forced passes and the agent's moves until the human has a choice or the game
        ends; return what happened, in words."""
        notes = []
        while not self.state.is_over():
            mover = self.game.letters[self.state.to_move]
            if self._humans_turn(self.state):
                forced = self._forced_pass(self.state)
                if forced is None:
                    break
                self._states.append(self.state.apply(forced))
                notes.append(_("{side} has no legal move and passes.").format(side=mover))
                continue
            thinking = _("{agent} is thinking\u2026").format(agent=self._agent_name())
            self._message_view.value = f"<i>{escape(thinking)}</i>"
            try:
                child = self.game.play(self.state, self.agent.choose_move(self.state))
            except Exception as error:       # a broken agent must not break the board
                notes.append(_("{agent} failed to move ({error}). Press Undo or New game.")
                             .format(agent=self._agent_name(),
                                     error=f"{type(error).__name__}: {error}"))
                break
            self._states.append(child)
            last = child.last_move
            agent = f"{self._agent_name()} ({mover})"
            notes.append(_("{agent} passes (no legal move).").format(agent=agent)
                         if self.game.is_pass(last) else
                         _("{agent} played {move}.").format(agent=agent,
                                                            move=self.game.describe(last)))
        return notes

    def _last_choice(self) -> int | None:
        """Index in ``history`` of the last move the human chose (not a forced pass)."""
        for i in range(len(self._states) - 1, 0, -1):
            before, move = self._states[i - 1], self._states[i].last_move
            if self._humans_turn(before) and not self.game.is_pass(move):
                return i - 1
        return None

    # -- the widgets -------------------------------------------------------------------------

    def _build(self, cell: int) -> None:
        game, p = self.game, self.game.prefix
        self.add_class(f"{p}-playboard")
        self.add_class("course-playboard")
        self.buttons: dict[Any, widgets.Button] = {}
        # Each button is made with its first look (the start position), not restyled at once:
        # a 15x15 board would otherwise send some 2,000 updates right after its 900 widgets
        # are created.
        looks = self._looks()
        for key in game.keys:
            look = looks[key]
            style = {"font_size": f"{round(cell * game.glyph_scale)}px",
                     "button_color": look["button_color"]}
            if look["text_color"] is not None:
                style["text_color"] = look["text_color"]
            button = widgets.Button(
                description=look["description"], tooltip=game.tooltip(key),
                layout=widgets.Layout(width=f"{cell}px", height=f"{cell}px", margin="0",
                                      padding="0", border=look["border"]),
                style=widgets.ButtonStyle(**style),
                _dom_classes=(f"{p}-cell", *game.cell_classes(key), *look["classes"]))
            button.on_click(lambda _button, key=key: self.click(*self._args(key)))
            self.buttons[key] = button

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

        def edge(text: str, faint: bool, height: int) -> widgets.HTML:
            return (label(text, _FAINT_TEXT, 11, height, True) if faint
                    else label(text, _TEXT, 14 if cell >= 36 else 12, height))

        labels = game.labels()
        faint = labels["faint"]
        rows, columns = game.rows, game.columns
        # A frame of labels around the squares: above, left, right, below.
        cells: list[widgets.Widget] = [label(labels["corners"][0], _FAINT_TEXT, 10, top, True)]
        cells += [edge(text, faint["top"], top) for text in labels["top"]]
        cells.append(label(labels["corners"][1], _FAINT_TEXT, 10, top, True))
        for r in range(rows):
            cells.append(edge(labels["left"][r], False, cell))
            cells += [self.buttons[key] for key in game.keys[r * columns:(r + 1) * columns]]
            cells.append(edge(labels["right"][r], faint["right"], cell))
        cells.append(label("", _TEXT, 14, bottom))
        cells += [edge(text, False, bottom) for text in labels["bottom"]]
        cells.append(label("", _TEXT, 14, bottom))
        grid = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"24px repeat({columns}, {cell}px) 24px",
            grid_template_rows=f"{top}px repeat({rows}, {cell}px) {bottom}px",
            grid_gap="0px", width="max-content"))

        self.new_game_button = widgets.Button(description=_("New game"), icon="refresh")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.undo_button = widgets.Button(description=_("Undo"), icon="undo",
                                          tooltip=_("Take back your last move and the reply"))
        self.undo_button.on_click(lambda _button: self.undo())
        self._status_view = widgets.HTML()
        self._status_view.add_class(f"{p}-status")
        self._message_view = widgets.HTML()
        self._message_view.add_class(f"{p}-message")
        grid.add_class(f"{p}-grid")
        self.children = [widgets.HTML(_css(game)), self._status_view, grid,
                         widgets.HBox([self.new_game_button, self.undo_button]),
                         self._message_view]

    def _args(self, key: Any) -> tuple:
        """The arguments of ``click`` for the square ``key``."""
        return key if isinstance(key, tuple) else (key,)

    def _looks(self) -> dict[Any, dict[str, Any]]:
        """How each square looks now: its text, the text's colour (None: as it was), its
        CSS classes (its stone's, its flag's), its background and its border."""
        game, state = self.game, self.state
        before = self._states[-2] if len(self._states) > 1 else None
        marks = game.marks(before, state)
        flagged = game.flagged(before, state)
        if self.selected is not None:
            marks[self.selected] = f"3px solid {SELECTED_COLOR}"
        shaded = game.highlighted(self)
        default_border = ("none" if game.lines_through_points
                          else f"1px solid {game.grid_color}")
        looks = {}
        for key in game.keys:
            cell = game.cell(state, key)
            if cell in (1, 2):
                description, text_color = game.glyphs[cell], game.stone_fill[cell]
            elif cell == BLOCKED_CELL:
                description, text_color = BLOCKED_GLYPH, game.blocked_mark
            else:
                description, text_color = EMPTY_GLYPH, None
            if cell == BLOCKED_CELL:
                color = game.blocked_fill
            elif key in shaded:
                color = game.highlight_color
            else:
                color = game.board_color
            classes = [f"{game.prefix}-{game.letters[cell].lower()}"] if cell in (1, 2) else []
            looks[key] = {"description": description, "text_color": text_color,
                          "classes": classes + ([flagged[key]] if key in flagged else []),
                          "button_color": color, "border": marks.get(key, default_border)}
        return looks

    def _render(self) -> None:
        game = self.game
        for key, look in self._looks().items():
            button = self.buttons[key]
            button.description = look["description"]
            if look["text_color"] is not None:
                button.style.text_color = look["text_color"]
            for name in (*(f"{game.prefix}-{game.letters[player].lower()}" for player in (1, 2)),
                         *game.mark_classes):
                if name in look["classes"]:
                    button.add_class(name)
                else:
                    button.remove_class(name)
            button.style.button_color = look["button_color"]
            button.layout.border = look["border"]
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
        game = self.game
        sentence = _("A board to play {game} on appears here when this cell runs: {how}. "
                     "The position: {status}.").format(game=_(game.name),
                                                        how=_(game.how_to_play),
                                                        status=self.status)
        return with_static_view(super()._repr_mimebundle_(**kwargs), sentence,
                                game.svg(self.state),
                                alt=f"{game.name} position {game.text(self.state)}")

    def __repr__(self) -> str:
        if self.game.name == "ATAXX":
            return f"<PlayBoard: {self.status}>"
        return f"<PlayBoard of {self.game.name}: {self.status}>"
