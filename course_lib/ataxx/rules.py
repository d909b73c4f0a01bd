"""ATAXX rules, the readable tier: a position, its moves, and how the game ends.

This module is written to be read next to the lecture. It uses the referee protocol's
coordinates everywhere: a square is ``(x, y)`` with ``x`` the row counted from the top and ``y``
the column counted from the left, both from 1 to 7.

The board is a grid that is indexed ``grid[x][y]`` directly with those coordinates: row 0 and
column 0 exist only so that the indices match the protocol, and are never used.

>>> state = State.start()
>>> len(state.legal_moves())
16
>>> child = state.apply(state.legal_moves()[0])
>>> child.stones(FIRST), child.stones(SECOND), child.to_move
(3, 2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral
from typing import Iterator

from ..checks import check_player
from ..errors import (GameOverError, IllegalMoveError, InvalidArgumentError, InvalidMoveError,
                      InvalidPositionError)

# --- What a square holds, and who plays -------------------------------------------------

Player = int
"""1 for the first player (``x`` in FEN), 2 for the second (``o``)."""

EMPTY = 0
FIRST: Player = 1
SECOND: Player = 2
BLOCKED = 3

SIZE = 7
MAX_TURNS = 400
"""The game ends after 400 turns in all (200 each); a pass is a turn."""

SYMBOLS = {EMPTY: ".", FIRST: "x", SECOND: "o", BLOCKED: "-"}
PLAYER_NAMES = {FIRST: "first (x)", SECOND: "second (o)"}


def opponent(player: Player) -> Player:
    """The other player: ``opponent(FIRST) == SECOND``."""
    check_player(player)
    return 3 - player


Square = tuple[int, int]
SQUARES: list[Square] = [(x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1)]
"""All 49 squares in ascending (x, y) order: row by row from the top-left."""


def on_board(x: int, y: int) -> bool:
    """True when 1 <= x <= 7 and 1 <= y <= 7 (False for anything that is not a whole number).

    >>> on_board(1, 7), on_board(0, 3), on_board("a", 7)
    (True, False, False)
    """
    return _whole(x) and _whole(y) and 1 <= x <= SIZE and 1 <= y <= SIZE


def _whole(value: object) -> bool:
    """An int or a numpy integer, not a bool."""
    return type(value) is int or (isinstance(value, Integral) and not isinstance(value, bool))


def distance(x1: int, y1: int, x2: int, y2: int) -> int:
    """King distance: 1 for the 8 squares around, 2 for the 16 squares of the next ring."""
    if not (_whole(x1) and _whole(y1) and _whole(x2) and _whole(y2)):
        raise InvalidMoveError(f"distance takes four whole numbers x1, y1, x2, y2, got "
                               f"{(x1, y1, x2, y2)!r:.80}")
    return max(abs(x2 - x1), abs(y2 - y1))


def square_name(x: int, y: int) -> str:
    """Standard ATAXX name of a square: file a..g is y = 1..7, rank is 8 - x.

    >>> square_name(1, 1), square_name(7, 7)
    ('a7', 'g1')
    """
    if not on_board(x, y):
        raise InvalidMoveError(f"square ({x!r}, {y!r}) is off the board; x and y are whole "
                               "numbers from 1 to 7")
    return "abcdefg"[y - 1] + str(SIZE + 1 - x)


def parse_square(name: str) -> Square:
    """The (x, y) of a square name such as ``'b6'``.

    >>> parse_square("b6")
    (2, 2)
    """
    if not isinstance(name, str):
        raise InvalidMoveError(f"a square name is text such as 'b6' (a file a-g then a rank "
                               f"1-7), got {name!r} of type {type(name).__name__}")
    if len(name) != 2 or name[0] not in "abcdefg" or name[1] not in "1234567":
        raise InvalidMoveError(
            f"{name!r} is not a square name; expected a file a-g then a rank 1-7, like 'b6'")
    return SIZE + 1 - int(name[1]), "abcdefg".index(name[0]) + 1


# --- Moves --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move in protocol coordinates: from (x1, y1) to (x2, y2).

    A clone (distance 1) is written with its canonical source (the friendly stone next to the
    destination with the smallest (x, y)); a jump (distance 2) with its real source. The pass is
    ``PASS == Move(-1, -1, -1, -1)``. Moves sort in the canonical order, ascending
    (x1, y1, x2, y2).

    >>> Move(1, 1, 2, 2).uai(), Move(1, 1, 3, 3).uai(), PASS.uai()
    ('b6', 'a7c5', '0000')
    """

    x1: int
    y1: int
    x2: int
    y2: int

    def __post_init__(self) -> None:
        coords = (self.x1, self.y1, self.x2, self.y2)
        if coords == (-1, -1, -1, -1):
            return
        if not all(type(c) is int and 1 <= c <= SIZE for c in coords):
            raise InvalidMoveError(
                f"move {coords} has a coordinate outside 1..7 "
                "(a pass is written -1 -1 -1 -1)")
        if distance(*coords) not in (1, 2):
            raise InvalidMoveError(
                f"move {coords} goes a distance of {distance(*coords)}; "
                "a clone goes 1 square and a jump 2")

    @property
    def is_pass(self) -> bool:
        return self.x1 == -1

    @property
    def is_clone(self) -> bool:
        return self.x1 != -1 and abs(self.x2 - self.x1) <= 1 and abs(self.y2 - self.y1) <= 1

    @property
    def is_jump(self) -> bool:
        return self.x1 != -1 and not self.is_clone

    @property
    def source(self) -> Square:
        return self.x1, self.y1

    @property
    def destination(self) -> Square:
        return self.x2, self.y2

    def uai(self) -> str:
        """UAI text: a clone is its destination, a jump source+destination, a pass '0000'."""
        if self.is_pass:
            return "0000"
        if self.is_clone:
            return square_name(self.x2, self.y2)
        return square_name(self.x1, self.y1) + square_name(self.x2, self.y2)

    def protocol(self) -> str:
        """Referee protocol text ``'x1 y1 x2 y2'``; a pass is ``'-1 -1 -1 -1'``."""
        return f"{self.x1} {self.y1} {self.x2} {self.y2}"

    def __str__(self) -> str:
        return self.uai()

    def __repr__(self) -> str:
        return "PASS" if self.is_pass else f"Move({self.x1}, {self.y1}, {self.x2}, {self.y2})"


PASS = Move(-1, -1, -1, -1)


def _ring(x: int, y: int, d: int) -> list[Square]:
    return [(tx, ty) for (tx, ty) in SQUARES if distance(x, y, tx, ty) == d]


# Lookup tables built once at import: for every square, the squares around it (distance 1),
# and every move that starts there, in ascending destination order.
NEIGHBOURS: dict[Square, list[Square]] = {sq: _ring(*sq, 1) for sq in SQUARES}
_MOVES_FROM: dict[Square, list[tuple[int, int, Move, bool]]] = {
    (x, y): [(tx, ty, Move(x, y, tx, ty), distance(x, y, tx, ty) == 1)
             for (tx, ty) in SQUARES if distance(x, y, tx, ty) in (1, 2)]
    for (x, y) in SQUARES
}
"""For each source: (x2, y2, the move, is it a clone?) for every destination 1 or 2 away."""


# --- Positions ----------------------------------------------------------------------------


class State:
    """An ATAXX position: the grid, the side to move, and the turn counters.

    A state never changes: ``apply`` returns a new one. Build one with ``State.start()`` or
    ``State.from_fen(...)``.

    Attributes:
        grid: ``grid[x][y]`` holds EMPTY, FIRST, SECOND or BLOCKED (row and column 0 unused).
        to_move: the player to move, FIRST or SECOND.
        turns: turns played so far in the game (passes count); the game stops at 400.
        halfmove: the FEN halfmove clock, kept and written back (no 50-move rule here).
        last_move: the move that led here, or None; used to mark it in pictures.
    """

    __slots__ = ("grid", "to_move", "turns", "halfmove", "last_move", "_stones", "_empty",
                 "_has_blocked", "_over")

    def __init__(self, grid: list[list[int]], to_move: Player = FIRST, turns: int = 0,
                 halfmove: int = 0, last_move: Move | None = None) -> None:
        if not _whole(to_move) or to_move not in (FIRST, SECOND):
            raise InvalidPositionError(
                f"to_move must be FIRST (1) or SECOND (2), got {to_move!r}")
        try:
            shape_ok = len(grid) == SIZE + 1 and all(len(row) == SIZE + 1 for row in grid)
        except TypeError:
            shape_ok = False
        if not shape_ok:
            raise InvalidPositionError(
                "grid holds the 7x7 board as grid[x][y] for x, y from 1 to 7: a list of 8 lists "
                "of 8 cells, row and column 0 unused (as in State.start().grid); got "
                f"{type(grid).__name__}")
        cells = [grid[x][y] for (x, y) in SQUARES]
        if any(not _whole(c) or c not in SYMBOLS for c in cells):
            raise InvalidPositionError(
                "grid cells must be EMPTY (0), FIRST (1), SECOND (2) or BLOCKED (3)")
        for counter, value in (("turns", turns), ("halfmove", halfmove)):
            if not _whole(value) or value < 0:
                raise InvalidPositionError(f"{counter} must be a whole number >= 0, got {value!r}")
        if last_move is not None and not isinstance(last_move, Move):
            raise InvalidPositionError(f"last_move must be a Move or None, got {last_move!r}")
        if to_move != (FIRST if turns % 2 == 0 else SECOND):
            raise InvalidPositionError(
                f"after {turns} turns it is the {PLAYER_NAMES[FIRST if turns % 2 == 0 else SECOND]}"
                f" player's turn, not the {PLAYER_NAMES[to_move]} player's (the first player "
                "moves at turn 0 and a pass is a turn)")
        self.grid = grid
        self.to_move = to_move
        self.turns = turns
        self.halfmove = halfmove
        self.last_move = last_move
        self._stones = [0, cells.count(FIRST), cells.count(SECOND)]
        self._empty = cells.count(EMPTY)
        self._has_blocked = BLOCKED in cells
        self._over: bool | None = None

    # -- building positions

    @classmethod
    def start(cls) -> State:
        """The start position: x on (1,1) and (7,7), o on (1,7) and (7,1), x to move."""
        grid = [[EMPTY] * (SIZE + 1) for _ in range(SIZE + 1)]
        grid[1][1] = grid[7][7] = FIRST
        grid[1][7] = grid[7][1] = SECOND
        return cls(grid)

    @classmethod
    def of(cls, position: State | str | None) -> State:
        """``position`` as a State: the State itself, a FEN read, or the start for None;
        anything else is refused in words.

        >>> State.of(None) == State.of("x5o/7/7/7/7/7/o5x x 0 1")
        True
        """
        if position is None:
            return cls.start()
        if isinstance(position, str):
            return cls.from_fen(position)
        if not isinstance(position, State):
            raise InvalidPositionError(f"expected an ATAXX State, a FEN or None (the start), "
                                       f"got {type(position).__name__}")
        return position

    @classmethod
    def from_fen(cls, fen: str) -> State:
        """Read a FEN such as ``'x5o/7/7/7/7/7/o5x x 0 1'`` (see course_lib.ataxx.notation)."""
        from .notation import parse_fen
        return parse_fen(fen)

    def fen(self) -> str:
        """This position as FEN (see course_lib.ataxx.notation)."""
        from .notation import write_fen
        return write_fen(self)

    # -- looking at the position

    def __getitem__(self, square: Square | str) -> int:
        """``state[x, y]`` or ``state["a7"]``: what the square holds.

        >>> state = State.start()
        >>> state[1, 1] == state["a7"] == FIRST
        True
        """
        if isinstance(square, str):
            square = parse_square(square)
        if not (isinstance(square, tuple) and len(square) == 2 and on_board(*square)):
            raise InvalidMoveError(
                f"{square!r} is not a square: give state[x, y] with x and y whole numbers "
                "from 1 to 7, or a name such as state['b6']")
        x, y = square
        return self.grid[x][y]

    def stones(self, player: Player) -> int:
        """How many stones ``player`` has on the board."""
        check_player(player)
        return self._stones[player]

    @property
    def empty_squares(self) -> int:
        """How many squares are empty (blocked squares are not empty)."""
        return self._empty

    def material(self, player: Player) -> int:
        """The course's material evaluation: own stones minus the opponent's."""
        check_player(player)
        return self._stones[player] - self._stones[3 - player]

    def gain(self, move: Move) -> int:
        """The material the side to move wins at once with ``move``: 1 for a clone's new
        stone, plus 2 for each stone it captures (one less for them, one more for us)."""
        if not isinstance(move, Move):
            raise InvalidMoveError(f"gain takes a Move, got {move!r:.60}")
        if move.x1 == -1:
            return 0
        opp = 3 - self.to_move
        captures = sum(1 for nx, ny in NEIGHBOURS[move.x2, move.y2] if self.grid[nx][ny] == opp)
        return 2 * captures + (1 if move.is_clone else 0)

    # -- moves

    def generate_moves(self, player: Player | None = None) -> list[Move]:
        """Every move ``player`` could make here, ignoring whether the game is over.

        One clone per destination (with its canonical source) and one jump per (source,
        destination), in canonical order. Empty when the player cannot move.
        """
        if player is None:
            player = self.to_move
        else:
            check_player(player)
        grid = self.grid
        moves: list[Move] = []
        cloned: set[Square] = set()          # destinations that already have their clone
        for (x, y) in SQUARES:               # sources in ascending (x, y) ...
            if grid[x][y] != player:
                continue
            for tx, ty, move, is_clone in _MOVES_FROM[x, y]:   # ... destinations ascending
                if grid[tx][ty] != EMPTY:
                    continue
                if is_clone:
                    # The first source to reach a destination is the smallest: canonical.
                    if (tx, ty) in cloned:
                        continue
                    cloned.add((tx, ty))
                moves.append(move)
        return moves

    def has_move(self, player: Player | None = None) -> bool:
        """Can ``player`` make a move other than pass (ignoring whether the game is over)?"""
        if player is None:
            player = self.to_move
        else:
            check_player(player)
        grid = self.grid
        for (x, y) in SQUARES:
            if grid[x][y] == player:
                for tx, ty, _, _ in _MOVES_FROM[x, y]:
                    if grid[tx][ty] == EMPTY:
                        return True
        return False

    def legal_moves(self) -> list[Move]:
        """The moves of the side to move: ``[]`` when nothing is left to play (a player has no
        stones or the board is full), ``[PASS]`` when it must pass, else ``generate_moves()``.

        Like python-chess's ``legal_moves``, this does not look at the 400-turn cap, nor at
        both players being stuck: ``is_over()`` does. The searches rely on that, since the
        course's searches do not look at the cap.
        """
        if self.is_decided():
            return []
        return self.generate_moves() or [PASS]

    def apply(self, move: Move) -> State:
        """The position after ``move``, which must be one of ``legal_moves()``.

        This is the fast path that search uses: it checks only that ``move`` is a Move, not
        that it is legal here; use ``play`` for moves that come from outside (a person,
        another program, text such as ``'b6'``).
        """
        if not isinstance(move, Move):
            raise InvalidMoveError(f"apply takes a Move from legal_moves() (it is the unchecked "
                                   f"fast path), got {move!r:.60} of type {type(move).__name__}"
                                   f"; for text such as 'b6' use play")
        me, opp = self.to_move, 3 - self.to_move
        if move.x1 == -1:                                  # pass: only the turn changes
            child = State.__new__(State)
            child.grid = [row[:] for row in self.grid]     # never share a grid between states
            child._stones = self._stones
            child._empty = self._empty
            child.halfmove = self.halfmove + 1
        else:
            grid = [row[:] for row in self.grid]
            stones = self._stones[:]
            x2, y2 = move.x2, move.y2
            if move.is_jump:
                grid[move.x1][move.y1] = EMPTY              # the stone moves
                child_empty = self._empty
                halfmove = self.halfmove + 1
            else:
                stones[me] += 1                            # a new stone appears
                child_empty = self._empty - 1
                halfmove = 0
            grid[x2][y2] = me
            for nx, ny in NEIGHBOURS[x2, y2]:              # capture the stones around
                if grid[nx][ny] == opp:
                    grid[nx][ny] = me
                    stones[me] += 1
                    stones[opp] -= 1
            child = State.__new__(State)
            child.grid = grid
            child._stones = stones
            child._empty = child_empty
            child.halfmove = halfmove
        child.to_move = opp
        child.turns = self.turns + 1
        child.last_move = move
        child._has_blocked = self._has_blocked
        child._over = None
        return child

    def check_move(self, move: Move) -> None:
        """Raise IllegalMoveError, saying why, unless ``move`` is legal here (GameOverError, a
        kind of IllegalMoveError, once the game is over)."""
        if not isinstance(move, Move):
            raise InvalidMoveError(f"a move is a Move or text such as 'b6', got {move!r} of type "
                                   f"{type(move).__name__}")
        me = self.to_move
        who = PLAYER_NAMES[me]
        if self.is_over():
            raise GameOverError(
                f"the game is over ({self.outcome_reason()}); no move can be played")
        if move.is_pass:
            if self.has_move():
                raise IllegalMoveError(
                    f"{who} may not pass: it has {len(self.generate_moves())} legal moves")
            return
        src, dst = move.source, move.destination
        if self.grid[move.x1][move.y1] != me:
            held = {EMPTY: "empty", BLOCKED: "blocked"}.get(
                self.grid[move.x1][move.y1], f"a stone of the {PLAYER_NAMES.get(opponent(me), '')} player")
            raise IllegalMoveError(
                f"move {move.protocol()} ({move.uai()}): the source {src} = {square_name(*src)} is "
                f"{held}, not a stone of the {who} player to move")
        if self.grid[move.x2][move.y2] != EMPTY:
            held = "blocked" if self.grid[move.x2][move.y2] == BLOCKED else "occupied"
            raise IllegalMoveError(
                f"move {move.protocol()} ({move.uai()}): the destination {dst} = "
                f"{square_name(*dst)} is {held}; a move must land on an empty square")

    def play(self, move: Move | str) -> State:
        """Check ``move`` (a Move or text, see ``parse_move``) and return the position after it.

        A clone given with any friendly source next to the destination is accepted; the
        resulting position is the same whatever the source.

        >>> State.start().play("b6").fen()
        'x5o/1x5/7/7/7/7/o5x o 0 1'
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(
                f"a move is a Move or text (UAI 'b6', 'a7c5', '0000' or protocol '1 1 2 2'), "
                f"got {move!r} of type {type(move).__name__}")
        self.check_move(move)
        return self.apply(self.canonical(move))

    def clone_source(self, x2: int, y2: int) -> Square | None:
        """The canonical source of a clone onto (x2, y2): the stone of the side to move next
        to it with the smallest (x, y); None if there is none."""
        if not on_board(x2, y2):
            raise InvalidMoveError(f"square ({x2!r}, {y2!r}) is off the board; x and y are "
                                   "whole numbers from 1 to 7")
        for nx, ny in NEIGHBOURS[x2, y2]:                 # ascending (x, y)
            if self.grid[nx][ny] == self.to_move:
                return nx, ny
        return None

    def canonical(self, move: Move) -> Move:
        """The same move, a clone's source replaced by its canonical source."""
        if not isinstance(move, Move):
            raise InvalidMoveError(f"canonical takes a Move, got {move!r:.60}")
        if not move.is_clone:
            return move
        source = self.clone_source(move.x2, move.y2)
        return move if source is None else Move(*source, move.x2, move.y2)

    def parse_move(self, text: str) -> Move:
        """Read a move: UAI (``'b6'``, ``'a7c5'``, ``'0000'``) or protocol (``'1 1 2 2'``).

        A UAI clone names only its destination, so its source is the canonical one.
        """
        from .notation import parse_move
        return parse_move(text, self)

    # -- the end of the game

    def is_over(self) -> bool:
        """True when the game has ended: a player has no stones, no square is empty,
        400 turns have been played, or (with blocked squares) neither player can move."""
        if self._over is None:
            self._over = (
                self._stones[FIRST] == 0 or self._stones[SECOND] == 0 or self._empty == 0
                or self.turns >= MAX_TURNS
                or (self._has_blocked and not self.has_move(FIRST) and not self.has_move(SECOND)))
        return self._over

    def is_decided(self) -> bool:
        """True when a player has no stones or no empty square is left: nothing is left to
        play, whatever the turn count."""
        return self._stones[FIRST] == 0 or self._stones[SECOND] == 0 or self._empty == 0

    is_terminal = is_decided
    """The game interface's name: the searches stop and evaluate here (``legal_moves()`` is
    empty exactly then)."""

    def winner(self) -> Player | None:
        """FIRST or SECOND for the player with more stones, 0 for a draw, None while playing."""
        if not self.is_over():
            return None
        first, second = self._stones[FIRST], self._stones[SECOND]
        return FIRST if first > second else SECOND if second > first else 0

    def outcome_reason(self) -> str:
        """Why the game ended, in words; '' while it goes on."""
        if not self.is_over():
            return ""
        if self._stones[FIRST] == 0 or self._stones[SECOND] == 0:
            return "a player has no stones left"
        if self._empty == 0:
            return "the board is full"
        if self.turns >= MAX_TURNS:
            return f"{MAX_TURNS} turns have been played"
        return "neither player can move"

    # -- comparing and showing

    def key(self) -> tuple:
        """What makes two positions the same: the squares and the side to move."""
        return tuple(self.grid[x][y] for (x, y) in SQUARES), self.to_move

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.key() == other.key() and self.turns == other.turns

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"State.from_fen({self.fen()!r})"

    def __str__(self) -> str:
        lines = ["  a b c d e f g"]
        for x in range(1, SIZE + 1):
            row = " ".join(SYMBOLS[self.grid[x][y]] for y in range(1, SIZE + 1))
            lines.append(f"{SIZE + 1 - x} {row} {SIZE + 1 - x}")
        lines.append("  a b c d e f g")
        if self.is_over():
            w = self.winner()
            lines.append(f"game over ({self.outcome_reason()}): "
                         + ("draw" if w == 0 else f"{PLAYER_NAMES[w]} wins")
                         + f", x {self.stones(FIRST)} - o {self.stones(SECOND)}")
        else:
            lines.append(f"{SYMBOLS[self.to_move]} to move, turn {self.turns + 1}, "
                         f"x {self.stones(FIRST)} - o {self.stones(SECOND)}")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from ..viz.board import board_svg
        return board_svg(self)

    def __iter__(self) -> Iterator[Square]:
        raise TypeError("a State is not iterable; use state.legal_moves() or SQUARES")
