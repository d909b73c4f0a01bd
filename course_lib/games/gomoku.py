"""Gomoku (five in a row) on the course's game interface, the readable tier.

A game is a board size and a rule set:

- the board: 15x15 (the default, as in tournaments) or 19x19 (a go board, on which the Korean
  game, omok, is usually played), empty at the start;
- the play: black (``x``, player 1) and white (``o``, player 2) take turns placing one stone
  on an empty point, black first; five or more stones of one colour in an unbroken line (a row,
  a column or a diagonal) win; a full board without one is a draw; there is no pass;
- the rule set (``rule``):

  - ``"freestyle"`` (the default): every empty point is a move;
  - ``"omok"``: the Korean rule the Gomoku project followed: a move that makes two open threes
    at once (a *double three*) is forbidden, for both players, unless it makes five (a five
    always wins). A four and an open three at once (a *four-three*) are allowed, so are two
    fours; six or more in a row win, as in freestyle. In the rare position where every empty
    point is forbidden to the player to move, the game ends in a draw.

What the rule calls an *open three*: after the move, a line through it (a row, column or
diagonal) in which one more stone of the mover would make a *straight four* (four in a row
with an empty point at both ends) containing the move, while the move has not already made a
four there (a four: one more stone would make five). This is the Renju definition of a three,
so split threes (``_XX_X_``) count and a three that cannot become a straight four
(``O_XXX_O``) does not; unlike Renju, the point that would make the straight four is not
itself checked for being forbidden. The pattern evaluation (``patterns``, at the end) has an
"open three" of its own, a different thing: exactly ``_XXX_``, three stones in a row with an
empty point at both ends (feature f4); a split three is no f4, and ``O_XXX_O`` is one.

Points are named like chess squares: columns a-o (a-s on 19x19) from left to right, rows 1-15
(1-19) *from the top down* (the first row of the text form and of the picture is row 1, as in
the Othello module; renju diagrams usually number rows from the bottom). A move is the name of
its point (``"h8"``, the centre of 15x15; ``"j10"`` of 19x19); ``legal_moves()`` lists the
moves in board order, a1 b1 ... a2 ... (index ``size * (row - 1) + column``).

The text form: the rows top to bottom (row 1 first), each ``size`` characters ``x``, ``o`` or
``.``, separated by ``/``, then a space and the side to move, ``x`` or ``o``. The number of
rows gives the board's size (15 or 19); the rule set and the candidate radius are options of
the game, not of the position (``Gomoku.from_text(text, rule="omok", radius=1)``), as the
variant of a chess game is not written in its FEN. Black moves first and nobody passes, so
black has as many stones as white (black to move) or one more (white to move).

A state keeps the pattern score line by line, and a child rescans only the 4 lines through the
new stone. ``course_lib.games.gomoku_fast`` runs the same searches compiled.

>>> state = Gomoku().play("h8").play("h9")
>>> len(state.legal_moves()), state.to_move
(223, 1)
>>> state.candidate_moves(radius=1)
['g7', 'h7', 'i7', 'g8', 'i8', 'g9', 'i9', 'g10', 'h10', 'i10']
>>> omok = Gomoku(size=19, rule="omok")
>>> len(omok.legal_moves()), omok.candidate_moves(1)
(361, ['j10'])
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Iterator, Sequence

from ..checks import check_player, describe, is_whole, whole
from ..errors import (GameOverError, IllegalMoveError, InvalidArgumentError, InvalidFenError,
                      InvalidMoveError, InvalidPositionError)
from ..i18n import N_
from ..rng import SplitMix64
from ._grid import BLACK, EMPTY, SYMBOLS, WHITE, read_text, write_text

SIZES = (15, 19)
"""The board sizes: 15x15 (the default) and 19x19."""
DEFAULT_SIZE = 15
RULES = ("freestyle", "omok")
"""The rule sets: freestyle (every empty point is a move) and omok (no double three)."""
LETTERS = "abcdefghijklmnopqrs"
EDGE = 3
"""What lies beyond the board, in a line's cells (the ``|`` of the pattern table)."""
PLAYER_NAMES = {BLACK: N_("black (x)"), WHITE: N_("white (o)")}

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))     # row, column, diagonal, anti-diagonal


# -- the board's geometry, one per size ---------------------------------------------------------

@dataclass(frozen=True)
class Geometry:
    """Everything about a board that depends on its size alone.

    ``names[i]`` names point i = size * (row - 1) + column (a1 = 0); ``lines`` are every row,
    column and diagonal (the one-point corner diagonals included), each a tuple of point
    indices in order; ``lines_through[i]`` the numbers of the 4 lines through point i (row,
    column, diagonal, anti-diagonal); ``segments[i][d]`` the 11 points from 5 before i to 5
    after it in direction d (-1 off the board); ``within_three[i][d]`` the points of that
    segment at most 3 from i, i itself left out.

    >>> board = geometry(19)
    >>> board.names[board.centre], len(board.lines), len(geometry(15).lines)
    ('j10', 112, 88)
    """

    size: int
    columns: str
    names: tuple[str, ...]
    index: dict[str, int]
    centre: int
    lines: tuple[tuple[int, ...], ...]
    lines_through: tuple[tuple[int, ...], ...]
    segments: tuple[tuple[tuple[int, ...], ...], ...]
    within_three: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def points(self) -> int:
        return self.size * self.size

    def empty_text(self) -> str:
        """The text form of the empty board, black to move."""
        return "/".join(["." * self.size] * self.size) + " x"

    def square_around(self, index: int, radius: int) -> list[int]:
        """The points at most ``radius`` rows and columns away from ``index`` (itself
        included)."""
        size = self.size
        row, col = divmod(index, size)
        return [r * size + c for r in range(max(0, row - radius), min(size, row + radius + 1))
                for c in range(max(0, col - radius), min(size, col + radius + 1))]


def _lines(size: int) -> tuple[tuple[int, ...], ...]:
    lines = []
    for r in range(size):                                             # rows
        lines.append(tuple(r * size + c for c in range(size)))
    for c in range(size):                                             # columns
        lines.append(tuple(r * size + c for r in range(size)))
    starts = [(0, c) for c in range(size)] + [(r, 0) for r in range(1, size)]
    for r0, c0 in starts:                                             # diagonals, down-right
        lines.append(tuple((r0 + k) * size + c0 + k for k in range(size - max(r0, c0))))
    starts = [(0, c) for c in range(size)] + [(r, size - 1) for r in range(1, size)]
    for r0, c0 in starts:                                             # anti-diagonals
        lines.append(tuple((r0 + k) * size + c0 - k for k in range(min(size - r0, c0 + 1))))
    return tuple(lines)


def _segments(size: int, index: int) -> tuple[tuple[int, ...], ...]:
    row, col = divmod(index, size)
    out = []
    for dr, dc in _DIRECTIONS:
        out.append(tuple((row + k * dr) * size + col + k * dc
                         if 0 <= row + k * dr < size and 0 <= col + k * dc < size else -1
                         for k in range(-5, 6)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def geometry(size: int = DEFAULT_SIZE) -> Geometry:
    """The geometry of the ``size`` x ``size`` board (15 or 19), built once."""
    if isinstance(size, bool) or size not in SIZES:
        raise InvalidArgumentError(f"a Gomoku board is 15x15 or 19x19: size must be 15 or 19, "
                                   f"got {size!r}")
    names = tuple(f"{column}{row}" for row in range(1, size + 1) for column in LETTERS[:size])
    lines = _lines(size)
    through: list[list[int]] = [[] for _ in range(size * size)]
    for n, line in enumerate(lines):
        for i in line:
            through[i].append(n)
    segments = tuple(_segments(size, i) for i in range(size * size))
    within_three = tuple(tuple(tuple(seg[k] for k in (2, 3, 4, 6, 7, 8) if seg[k] >= 0)
                               for seg in point) for point in segments)
    return Geometry(size, LETTERS[:size], names, {name: i for i, name in enumerate(names)},
                    (size // 2) * size + size // 2, lines, tuple(tuple(t) for t in through),
                    segments, within_three)


def _geometry_of(cells: Sequence[int]) -> Geometry:
    return geometry(math.isqrt(len(cells)))


def check_size(size: object) -> int:
    """``size`` when it is a board size (15 or 19), else InvalidArgumentError in words.

    >>> check_size(19)
    19
    """
    if not is_whole(size) or size not in SIZES:
        raise InvalidArgumentError(f"size must be 15 or 19 (the board's side), got "
                                   f"{describe(size)}")
    return int(size)


def _check_rule(rule: str) -> str:
    if rule not in RULES:
        raise InvalidArgumentError(f"rule must be 'freestyle' (every empty point is a move) or "
                                   f"'omok' (a double three is forbidden), got {rule!r:.40}")
    return rule


def square_name(index: int, size: int = DEFAULT_SIZE) -> str:
    """The name of point ``index`` on the ``size`` board.

    >>> square_name(0), square_name(112), square_name(180, 19)
    ('a1', 'h8', 'j10')
    """
    board = geometry(size)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < board.points:
        raise InvalidMoveError(f"a point index on the {size}x{size} board goes from 0 to "
                               f"{board.points - 1}, got {index!r}")
    return board.names[index]


def parse_move(text: str, size: int = DEFAULT_SIZE) -> str:
    """Read a move written as a point name (``'h8'``, ``'H8'``) on the ``size`` board; return
    it as ``legal_moves()`` writes it. Only the form is checked; ``Gomoku.play`` checks
    legality.

    >>> parse_move(" H8 "), parse_move("s19", 19)
    ('h8', 's19')
    """
    board = geometry(size)
    if not isinstance(text, str):
        raise InvalidMoveError(f"a Gomoku move is text such as 'h8', got {type(text).__name__}")
    name = text.strip().lower()
    if name in board.index:
        return name
    raise InvalidMoveError(
        f"{text!r} is not a Gomoku move on the {size}x{size} board; expected a point "
        f"a1..{board.names[-1]} (column a-{board.columns[-1]}, then row 1-{size} counted from "
        "the top); Gomoku has no pass")


# -- zobrist keys (for the transposition table; the numba tier uses the same) ---------------------

ZOBRIST_SEED = 20260518


def _zobrist_keys() -> tuple[tuple[tuple[int, int, int], ...], int]:
    rng = SplitMix64(ZOBRIST_SEED)
    keys = tuple((0, rng.next_u64(), rng.next_u64()) for _ in range(max(SIZES) ** 2))
    return keys, rng.next_u64()


ZOBRIST_KEYS, ZOBRIST_WHITE_TO_MOVE = _zobrist_keys()
"""``ZOBRIST_KEYS[point][player]``: a random 64-bit key per point and colour (the same
numbers on both boards); the extra key marks white to move."""


def zobrist_hash(cells: Sequence[int], to_move: int) -> int:
    """The Zobrist hash of a position: the XOR of its stones' keys (and of the side key when
    white is to move)."""
    h = ZOBRIST_WHITE_TO_MOVE if to_move == WHITE else 0
    for i, cell in enumerate(cells):
        if cell:
            h ^= ZOBRIST_KEYS[i][cell]
    return h


# -- five in a row and the double-three rule ---------------------------------------------------

def _run_length(cells: Sequence[int], index: int, player: int, direction: int) -> int:
    """Length of the unbroken run of ``player`` through ``index`` along ``direction``
    (``index`` counted as the player's)."""
    seg = _geometry_of(cells).segments[index][direction]
    n = 1
    for k in (4, 3, 2, 1, 0):
        j = seg[k]
        if j < 0 or cells[j] != player:
            break
        n += 1
    for k in (6, 7, 8, 9, 10):
        j = seg[k]
        if j < 0 or cells[j] != player:
            break
        n += 1
    return n


def makes_five(cells: Sequence[int], index: int, player: int) -> bool:
    """Does a stone of ``player`` on ``index`` stand in five or more in a row?"""
    return any(_run_length(cells, index, player, d) >= 5 for d in range(4))


def _run_around(seg: list[int], i: int, player: int) -> tuple[int, int]:
    a = i
    while a > 0 and seg[a - 1] == player:
        a -= 1
    b = i + 1
    while b < len(seg) and seg[b] == player:
        b += 1
    return a, b


def line_kind(cells: Sequence[int], index: int, player: int, direction: int) -> str:
    """What a stone of ``player`` on ``index`` makes along one direction (0 row, 1 column,
    2 diagonal, 3 anti-diagonal): ``'five'`` (five or more), ``'four'`` (one more stone makes
    five), ``'three'`` (an open three as the omok rule counts it: one more stone makes a
    straight four, see the module's docstring) or ``''``."""
    seg = [cells[j] if j >= 0 else EDGE for j in _geometry_of(cells).segments[index][direction]]
    seg[5] = player
    a, b = _run_around(seg, 5, player)
    if b - a >= 5:
        return "five"
    if sum(1 for k in range(2, 9) if seg[k] == player) < 3:
        return ""                     # a straight four needs 2 more stones within 3 points
    three = False
    for e in range(1, 10):
        if seg[e] != EMPTY:
            continue
        seg[e] = player
        a, b = _run_around(seg, 5, player)
        seg[e] = EMPTY
        if b - a >= 5:
            return "four"
        if b - a == 4 and seg[a - 1] == EMPTY and seg[b] == EMPTY:
            three = True
    return "three" if three else ""


def is_double_three(cells: Sequence[int], index: int, player: int) -> bool:
    """Would a stone of ``player`` on the empty point ``index`` make two open threes at once
    (and no five)? The move omok forbids."""
    # A three (or a five) needs 2 more stones of the player within 3 points along its line:
    # only the directions that have them are looked at.
    likely = []
    for d, points in enumerate(_geometry_of(cells).within_three[index]):
        stones = 0
        for j in points:
            if cells[j] == player:
                stones += 1
        if stones >= 2:
            likely.append(d)
    if len(likely) < 2:
        return False
    kinds = [line_kind(cells, index, player, d) for d in likely]
    return "five" not in kinds and kinds.count("three") >= 2


# -- the game ------------------------------------------------------------------------------

class Gomoku:
    """A Gomoku position: ``cells[i]`` is 0 (empty), 1 (black, x) or 2 (white, o) for point
    i = size * (row - 1) + column; ``to_move`` follows from the counts (black moves first).

    Args:
        cells: size * size cells (default: the empty board of ``size``).
        to_move: optional; checked against the counts.
        size: 15 or 19 (default: 15, or the size the cells give).
        rule: ``"freestyle"`` (default) or ``"omok"`` (a double three is not a legal move).
        radius: 0 (default): ``legal_moves()`` are the rules' moves. 1 or 2: the game the
            searches play with the Gomoku project's restriction: ``legal_moves()`` keeps only
            the empty points within that distance of a stone (``candidate_moves(radius)``).
        last_move: the move that led here (framed in pictures).

    Children keep the size, the rule and the radius. States never change: ``apply`` and
    ``play`` return new ones.
    """

    __slots__ = ("cells", "to_move", "last_move", "rule", "radius", "geometry", "_winner",
                 "_stones", "_moves", "_patterns", "_near_sets", "_parent", "_hash")

    def __init__(self, cells: Sequence[int] | None = None, to_move: int | None = None, *,
                 size: int | None = None, rule: str = "freestyle", radius: int = 0,
                 last_move: str | None = None) -> None:
        if size is not None:
            size = check_size(size)
        if cells is None:
            cells = (EMPTY,) * geometry(DEFAULT_SIZE if size is None else size).points
        try:
            cells = tuple(cells)
        except TypeError:
            raise InvalidPositionError(f"a Gomoku board is a sequence of 225 cells (15x15) or "
                                       f"361 (19x19), got {describe(cells)}") from None
        side = math.isqrt(len(cells))
        if side * side != len(cells) or side not in SIZES:
            raise InvalidPositionError(f"a Gomoku board is 225 cells (15x15) or 361 "
                                       f"(19x19), got {len(cells)}")
        if size is not None and size != side:
            raise InvalidPositionError(f"size={size!r} but the cells make a {side}x{side} "
                                       "board")
        board = geometry(side)
        if any(not is_whole(c) or c not in SYMBOLS for c in cells):
            raise InvalidPositionError("each of a Gomoku board's cells is 0 (empty), 1 (black, "
                                       "x) or 2 (white, o)")
        _check_rule(rule)
        whole(radius, "radius (0: every empty point, else a distance)", 0, board.size - 1)
        if to_move is not None:
            check_player(to_move, "to_move")
        black, white = cells.count(BLACK), cells.count(WHITE)
        if black - white not in (0, 1):
            raise InvalidPositionError(
                f"black (x) has {black} stones and white (o) {white}; black moves first and "
                "nobody passes, so black has as many stones as white or one more")
        side = BLACK if black == white else WHITE
        if to_move is not None and to_move != side:
            raise InvalidPositionError(
                f"with {black} black and {white} white stones it is {PLAYER_NAMES[side]} to "
                f"move, not {PLAYER_NAMES.get(to_move, repr(to_move))}")
        fives = {p for p in (BLACK, WHITE) if _five_on_board(cells, board, p)}
        if len(fives) == 2:
            raise InvalidPositionError("both players have five in a row; the game ends at the "
                                       "first")
        if fives == {side}:
            raise InvalidPositionError(
                f"{PLAYER_NAMES[side]} has five in a row but is to move: the game ended when "
                "the five was made, so the other player cannot have moved since")
        self.cells = cells
        self.to_move = side
        self.last_move = last_move
        self.rule = rule
        self.radius = radius
        self.geometry = board
        self._winner = fives.pop() if fives else 0
        self._stones = black + white
        self._moves: list[str] | None = None
        self._patterns: tuple | None = None
        self._near_sets: dict[int, frozenset[int]] = {}
        self._parent: Gomoku | None = None
        self._hash = zobrist_hash(cells, side)

    @property
    def size(self) -> int:
        """The board's side: 15 or 19."""
        return self.geometry.size

    # -- text form

    @classmethod
    def from_text(cls, text: str, *, rule: str = "freestyle", radius: int = 0) -> Gomoku:
        """Read the text form: 15 or 19 rows of ``x``/``o``/``.`` top to bottom (row 1
        first), separated by ``/``, a space, and the side to move ``x`` or ``o``; the rows'
        number is the board's size."""
        size = DEFAULT_SIZE
        if isinstance(text, str) and len(text.split()) == 2:
            rows = len(text.split()[0].split("/"))
            if rows not in SIZES:
                raise InvalidFenError(f"the board has {rows} rows; a Gomoku board has 15 or 19 "
                                      "rows (of as many points) separated by '/'")
            size = rows
        cells, to_move = read_text(text, size, "a Gomoku", point="point")
        return cls(cells, to_move, rule=rule, radius=radius)

    def text(self) -> str:
        """This position in the text form (the inverse of ``from_text``)."""
        return write_text(self.cells, self.size, self.to_move)

    # -- moves

    def forbidden(self, move: str) -> bool:
        """Is ``move`` (an empty point) a double three for the side to move? Always False in
        freestyle."""
        index = self.geometry.index[parse_move(move, self.size)]
        if self.cells[index] != EMPTY:
            raise IllegalMoveError(f"{move!r} is not an empty point of this board")
        return self.rule == "omok" and is_double_three(self.cells, index, self.to_move)

    def _rules_moves(self) -> list[str]:
        cells, me, names = self.cells, self.to_move, self.geometry.names
        if self.rule == "freestyle":
            return [names[i] for i in range(len(cells)) if cells[i] == EMPTY]
        return [names[i] for i in range(len(cells))
                if cells[i] == EMPTY and not is_double_three(cells, i, me)]

    def legal_moves(self) -> list[str]:
        """The moves of the side to move, in board order: every empty point (in omok, but the
        double threes); ``[]`` once the game is over. With ``radius`` set, only
        ``candidate_moves(radius)`` (all of the rules' moves if none of them is near a stone)."""
        if self._moves is None:
            if self._winner or self._stones == len(self.cells):
                moves: list[str] = []
            elif self.radius:
                moves = self.candidate_moves(self.radius) or self._rules_moves()
            else:
                moves = self._rules_moves()
            self._moves = moves
        return list(self._moves)

    def candidate_moves(self, radius: int = 2) -> list[str]:
        """The Gomoku project's restriction: the empty points at most ``radius`` points from a
        stone in every direction (a (2r+1) x (2r+1) square around each stone), in board order,
        without forbidden points; the centre on an empty board; ``[]`` once the game is over.
        It can miss a good move far from the stones.

        >>> Gomoku().candidate_moves()
        ['h8']
        """
        whole(radius, "radius", 1, self.size - 1)
        board = self.geometry
        if self._winner or self._stones == len(self.cells):
            return []
        if self._stones == 0:
            return [board.names[board.centre]]
        cells, me, names = self.cells, self.to_move, board.names
        omok = self.rule == "omok"
        return [names[i] for i in sorted(self._near(radius))
                if not (omok and is_double_three(cells, i, me))]

    def _near(self, radius: int) -> frozenset[int]:
        """The empty points within ``radius`` of a stone, kept per state like the patterns:
        a child takes its parent's set, less the new stone, plus the empty points around it."""
        if radius not in self._near_sets:
            board = self.geometry
            chain = []
            state = self
            while radius not in state._near_sets and state._parent is not None:
                chain.append(state)
                state = state._parent
            if radius not in state._near_sets:
                state._near_sets[radius] = frozenset(
                    j for i in range(board.points) if state.cells[i] != EMPTY
                    for j in board.square_around(i, radius) if state.cells[j] == EMPTY)
            for state in reversed(chain):
                index = board.index[state.last_move]
                cells = state.cells
                state._near_sets[radius] = (state._parent._near_sets[radius] - {index}) | {
                    j for j in board.square_around(index, radius) if cells[j] == EMPTY}
        return self._near_sets[radius]

    def apply(self, move: str) -> Gomoku:
        """The position after ``move`` (a name from ``legal_moves()``), a new state.

        The searches' path: it refuses an occupied point or a finished game, but does not look
        for a double three; ``play`` checks everything and explains.
        """
        board = self.geometry
        index = board.index.get(move) if isinstance(move, str) else None
        if index is None:
            raise InvalidMoveError(f"{move!r} is not a Gomoku move; expected a point name "
                                   f"a1..{board.names[-1]}")
        if self._winner:
            raise GameOverError(f"{move} cannot be played: the game is over")
        if self.cells[index] != EMPTY:
            raise IllegalMoveError(f"{move} cannot be played: it is occupied")
        me = self.to_move
        cells = list(self.cells)
        cells[index] = me
        child = Gomoku.__new__(Gomoku)
        child.cells = tuple(cells)
        child.to_move = 3 - me
        child.last_move = move
        child.rule = self.rule
        child.radius = self.radius
        child.geometry = board
        child._winner = me if makes_five(cells, index, me) else 0
        child._stones = self._stones + 1
        child._moves = None
        child._patterns = None
        child._near_sets = {}
        child._parent = self
        child._hash = self._hash ^ ZOBRIST_KEYS[index][me] ^ ZOBRIST_WHITE_TO_MOVE
        return child

    def play(self, move: str) -> Gomoku:
        """Check ``move`` (text such as ``'h8'``) and return the position after it; an illegal
        move raises IllegalMoveError saying why. With ``radius`` set, a point far from the
        stones is refused too (it is not a move of the restricted game)."""
        move = parse_move(move, self.size)
        if self.is_terminal():
            raise GameOverError(f"the game is over ({self.outcome_reason()}); no move can be "
                                "played")
        if self.cells[self.geometry.index[move]] != EMPTY:
            raise IllegalMoveError(f"{move} is occupied; a stone goes on an empty point")
        if self.forbidden(move):
            raise IllegalMoveError(f"{move} makes two open threes at once (a double three), "
                                   "which omok forbids")
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{move} is more than {self.radius} points from every stone; "
                                   f"this restricted game (radius={self.radius}) plays only "
                                   "near the stones")
        return self.apply(move)

    # -- the end of the game

    def is_terminal(self) -> bool:
        """Five in a row, a full board, or (omok) no allowed point: the game is over."""
        if self._winner or self._stones == len(self.cells):
            return True
        if self.rule == "freestyle":
            return False
        return not self.legal_moves()

    is_over = is_terminal

    def winner(self) -> int | None:
        """1 or 2 for the player with five in a row, 0 for a draw, None while playing."""
        if self._winner:
            return self._winner
        return 0 if self.is_terminal() else None

    def outcome_reason(self) -> str:
        """Why the game ended, in words; '' while it goes on."""
        if self._winner:                    # marked: the PlayBoard shows them translated
            return N_("{side} has five in a row").format(side=PLAYER_NAMES[self._winner])
        if self._stones == len(self.cells):
            return N_("the board is full")
        if self.is_terminal():
            return N_("every empty point is a forbidden double three")
        return ""

    def fives(self) -> list[tuple[str, ...]]:
        """The winner's runs of five or more in a row (the points of each, in line order):
        one, or two when the last stone closed two lines at once; ``[]`` while nobody has one.

        >>> state = Gomoku()
        >>> for move in ("c3", "a1", "d4", "a3", "e5", "a5", "f6", "a7", "g7"):
        ...     state = state.play(move)
        >>> state.fives()
        [('c3', 'd4', 'e5', 'f6', 'g7')]
        """
        if not self._winner:
            return []
        board, cells, player = self.geometry, self.cells, self._winner
        runs = []
        for line in board.lines:
            run: list[int] = []
            for j in line + (-1,):                   # -1: past the line's end
                if j >= 0 and cells[j] == player:
                    run.append(j)
                    continue
                if len(run) >= 5:
                    runs.append(tuple(board.names[i] for i in run))
                run = []
        return runs

    def stones(self, player: int) -> int:
        """How many stones ``player`` has on the board."""
        check_player(player)
        return self.cells.count(player)

    def zobrist(self) -> int:
        """The position's Zobrist hash (``zobrist_hash``), kept from parent to child: the key
        of the transposition table."""
        return self._hash

    # -- comparing and showing

    def key(self) -> tuple:
        """What makes two positions the same: the points and the side to move."""
        return self.cells, self.to_move

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Gomoku):
            return NotImplemented
        return (self.cells == other.cells and self.rule == other.rule
                and self.radius == other.radius)

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        options = "".join([f", rule={self.rule!r}" if self.rule != "freestyle" else "",
                           f", radius={self.radius}" if self.radius else ""])
        return f"Gomoku.from_text({self.text()!r}{options})"

    def __str__(self) -> str:
        board = self.geometry
        header = "   " + " ".join(board.columns)
        lines = [header]
        for r in range(board.size):
            row = " ".join(SYMBOLS[c] for c in self.cells[r * board.size:(r + 1) * board.size])
            lines.append(f"{r + 1:>2} {row} {r + 1}")
        lines.append(header)
        if self.is_terminal():
            w = self.winner()
            lines.append(f"game over ({self.outcome_reason()}): "
                         + ("draw" if w == 0 else f"{PLAYER_NAMES[w]} wins"))
        else:
            lines.append(f"{SYMBOLS[self.to_move]} to move, {self._stones} stones on the board")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self, marked: list[str] | None = None, size: int | None = 480) -> str:
        """A picture of the position (SVG text, ``size`` pixels wide; None: 40 per point): the
        last move framed in red, or the points in ``marked``; a five (``fives()``) drawn
        through with a blue line; the coordinates 11 pixels tall at any width."""
        from ._pictures import grid_svg
        board = self.geometry
        n = board.size
        rows = [self.cells[r * n:(r + 1) * n] for r in range(n)]
        names = marked if marked is not None else (
            [self.last_move] if self.last_move else [])
        caption = str(self).splitlines()[-1]
        if self.last_move is not None:
            caption += f" (last move {self.last_move})"
        strokes = [tuple(divmod(board.index[run[k]], n) for k in (0, -1))
                   for run in self.fives()]
        rule = "" if self.rule == "freestyle" else f" ({self.rule})"
        return grid_svg(rows, columns=board.columns, style="points",
                        title=f"Gomoku {n}x{n}{rule} {self.text()}",
                        marked=[divmod(board.index[parse_move(m, n)], n) for m in names],
                        strokes=strokes, caption=caption, size=size, label_px=11)

    def __iter__(self) -> Iterator[str]:
        raise TypeError("a Gomoku state is not iterable; use state.legal_moves()")

    # -- the pattern evaluation, kept line by line

    def pattern_totals(self) -> tuple[int, int]:
        """The pattern sums (black's, white's), from the per-line scores kept in the state.

        A state computes its per-line scores the first time it is asked: from scratch when it
        has no parent (a state built from cells or text), otherwise from its parent's, by
        rescanning only the 4 lines through its last move.
        """
        if self._patterns is None:
            board = self.geometry
            lines = board.lines
            chain = []
            state = self
            while state._patterns is None and state._parent is not None:
                chain.append(state)
                state = state._parent
            if state._patterns is None:
                scores = tuple(line_scores([state.cells[j] for j in line]) for line in lines)
                state._patterns = (scores, sum(s[0] for s in scores),
                                   sum(s[1] for s in scores))
            for state in reversed(chain):
                scores, black, white = state._parent._patterns
                scores = list(scores)
                cells = state.cells
                for n in board.lines_through[board.index[state.last_move]]:
                    new = line_scores([cells[j] for j in lines[n]])
                    old = scores[n]
                    black += new[0] - old[0]
                    white += new[1] - old[1]
                    scores[n] = new
                state._patterns = (tuple(scores), black, white)
        _, black, white = self._patterns
        return black, white


def _five_on_board(cells: Sequence[int], board: Geometry, player: int) -> bool:
    for line in board.lines:
        run = 0
        for j in line:
            run = run + 1 if cells[j] == player else 0
            if run >= 5:
                return True
    return False


# -- the Gomoku project's pattern evaluation ---------------------------------------------------

WEIGHTS: tuple[int, ...] = (50_000_000, 5_005_000, 500_500, 100_050, 10_000, 1_000, 10, 1)
"""The weights of the features f1..f8 (CASE_STUDIES.md)."""
FEATURES = (N_("f1 five"), N_("f2 open four"), N_("f3 closed four"), N_("f4 open three"),
            N_("f5 closed three"), N_("f6 open two"), N_("f7 closed two"), N_("f8 one"))

_OPEN, _OPPONENT, _EDGE = 0, 1, 2


def _feature(length: int, left: int, right: int) -> int:
    """Which feature (0..7 for f1..f8, -1 for none) a maximal run of ``length`` stones is,
    given what borders it on each side (_OPEN, _OPPONENT or _EDGE)."""
    if length >= 5:
        return 0
    opens = (left == _OPEN) + (right == _OPEN)
    closer = right if left == _OPEN else left        # the other end when one is open
    if length == 4:
        return 1 if opens == 2 else 2 if opens == 1 else -1
    if length == 3:
        return 3 if opens == 2 else 4 if opens == 1 else -1
    if length == 2:
        return 5 if opens == 2 else 6 if opens == 1 and closer == _OPPONENT else -1
    return 7 if opens == 2 or (opens == 1 and closer == _OPPONENT) else -1


_RUN_FEATURE = {(n, a, b): _feature(n, a, b) for n in range(1, 6)
                for a in (_OPEN, _OPPONENT, _EDGE) for b in (_OPEN, _OPPONENT, _EDGE)}


def line_runs(values: list[int]) -> Iterator[tuple[int, int]]:
    """(player, feature index) for each maximal run of stones in a line that is a feature.

    How patterns are counted: a line (row, column or diagonal) is cut into maximal runs of
    one player's stones; each run counts once, as the feature its length and its two ends make
    (an end is empty, the opponent's stone, or the edge): a run of 5 or more is f1 (an
    overline counts once as a five), 4 with both ends empty f2, with one f3, 3 with both ends
    empty f4 (the evaluation's "open three", ``_XXX_``), with one f5, 2 with both ends empty
    f6, 2 with one end empty and the other the opponent's f7, a single stone with both ends
    empty or one empty and the other the opponent's f8. A run closed at both ends counts
    nothing, and so does a two or a one against the edge (the table lists the edge for fours
    and threes only). This is the table's patterns matched literally, every pattern delimited
    at both ends, except f1, which would match 2 times in six in a row and counts once here.
    Stones with a gap (``XX_X``) are separate runs.

    >>> list(line_runs([0, 1, 1, 1, 0, 2, 0]))    # _XXX_O_: black's open three, white's one
    [(1, 3), (2, 7)]
    >>> list(line_runs([1, 1, 0, 2, 1]))    # |XX_OX|: black's two at the edge counts nothing
    [(2, 7)]
    """
    n = len(values)
    i = 0
    while i < n:
        player = values[i]
        if player == EMPTY:
            i += 1
            continue
        j = i + 1
        while j < n and values[j] == player:
            j += 1
        left = _EDGE if i == 0 else _OPEN if values[i - 1] == EMPTY else _OPPONENT
        right = _EDGE if j == n else _OPEN if values[j] == EMPTY else _OPPONENT
        feature = _RUN_FEATURE[min(j - i, 5), left, right]
        if feature >= 0:
            yield player, feature
        i = j


def line_scores(values: list[int]) -> tuple[int, int]:
    """The weighted pattern sums (black's, white's) of one line."""
    score = [0, 0, 0]
    for player, feature in line_runs(values):
        score[player] += WEIGHTS[feature]
    return score[1], score[2]


def pattern_counts(state: Gomoku, player: int) -> dict[str, int]:
    """How many times each feature f1..f8 occurs for ``player``, scanning the whole board.

    >>> counts = pattern_counts(Gomoku().play("h8"), 1)
    >>> counts["f8 one"]       # one stone: _X_ in its row, column and both diagonals
    4
    """
    counts = [0] * 8
    for line in state.geometry.lines:
        for owner, feature in line_runs([state.cells[j] for j in line]):
            if owner == player:
                counts[feature] += 1
    return dict(zip(FEATURES, counts))


def pattern_score_full(state: Gomoku, player: int) -> int:
    """The pattern evaluation by a full-board scan (the project's way, and the reference for
    ``patterns``): ``player``'s weighted sum minus the opponent's."""
    black = white = 0
    for line in state.geometry.lines:
        b, w = line_scores([state.cells[j] for j in line])
        black += b
        white += w
    return black - white if player == BLACK else white - black


def patterns(state: Gomoku, player: int) -> int:
    """The pattern evaluation, ``player``'s weighted sum minus the opponent's, kept line by
    line in the states (only the 4 lines through a new stone are rescanned).

    >>> state = Gomoku().play("h8").play("a1")
    >>> patterns(state, 1) == pattern_score_full(state, 1)
    True
    """
    black, white = state.pattern_totals()
    return black - white if player == BLACK else white - black


EVALUATIONS = {"patterns": patterns}
"""Gomoku's evaluations by name (for an evaluation registry)."""
