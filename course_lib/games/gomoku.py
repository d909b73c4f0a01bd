"""Gomoku (five in a row) on the course's game interface, the readable tier.

The rules (freestyle): a 15x15 board, empty at the start; black (``x``, player 1) and white
(``o``, player 2) take turns placing one stone on an empty point, black first. Five or more
stones of one colour in an unbroken line (a row, a column or a diagonal) win; a full board
without one is a draw. There is no pass.

The variant ``forbid_double_three=True`` plays the Korean omok rule the Gomoku project follows:
a move that makes two open threes at once is forbidden, for both players, unless it makes five
(a five always wins). A move making a four and an open three ("four-three") is allowed. What an
open three is, exactly: after the move, a line through it (a row, column or diagonal) in which
one more stone of the mover would make a *straight four* (four in a row with an empty point at
both ends) containing the move, while the move has not already made a four there (a four: one
more stone would make five). This is the Renju definition of a three, so split threes
(``_XX_X_``) count and a three that cannot become a straight four (``O_XXX_O``) does not;
unlike Renju, the point that would make the straight four is not itself checked for being
forbidden. In the rare position where every empty point is forbidden to the player to move,
that player has no legal move and the game ends in a draw.

Points are named like chess squares: columns a-o from left to right, rows 1-15 *from the top
down* (the first row of the text form and of the picture is row 1, as in the Othello module;
renju diagrams usually number rows from the bottom). A move is the name of its point
(``"h8"``, the centre); ``legal_moves()`` lists every empty point in board order, a1 b1 ... o1
a2 ... o15 (index ``15 * (row - 1) + column``), except forbidden ones.

The text form: the 15 rows top to bottom (row 1 first), each 15 characters ``x``, ``o`` or
``.``, separated by ``/``, then a space and the side to move, ``x`` or ``o``. Black moves first
and nobody passes, so black has as many stones as white (black to move) or one more (white to
move).

The pattern evaluation of the Gomoku project (``patterns``) is at the end of this module; a
state keeps its score line by line, and a child rescans only the 4 lines through the new stone.
``course_lib.games.gomoku_fast`` runs the same alpha-beta search compiled.

>>> state = Gomoku().play("h8").play("h9")
>>> len(state.legal_moves()), state.to_move
(223, 1)
>>> state.candidate_moves(radius=1)
['g7', 'h7', 'i7', 'g8', 'i8', 'g9', 'i9', 'g10', 'h10', 'i10']
"""

from __future__ import annotations

from typing import Iterator

from ..checks import check_player, flag, is_whole, whole
from ..errors import (GameOverError, IllegalMoveError, InvalidArgumentError, InvalidFenError,
                      InvalidMoveError, InvalidPositionError)

from ._grid import BLACK, EMPTY, SYMBOLS, WHITE, read_text, square_names, write_text

SIZE = 15
COLUMNS = "abcdefghijklmno"
EDGE = 3
"""What lies beyond the board, in a line's cells (the ``|`` of the pattern table)."""
PLAYER_NAMES = {BLACK: "black (x)", WHITE: "white (o)"}

SQUARE_NAMES: tuple[str, ...] = square_names(COLUMNS)
"""``SQUARE_NAMES[i]`` names point i = 15 * (row - 1) + column (a1 = 0, h8 = 112, o15 = 224)."""
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}
CENTRE = SQUARE_INDEX["h8"]
EMPTY_TEXT = "/".join(["." * SIZE] * SIZE) + " x"

_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))     # row, column, diagonal, anti-diagonal


def _segments(index: int) -> tuple[tuple[int, ...], ...]:
    """For each direction, the 11 points from 5 before ``index`` to 5 after (-1 off board)."""
    row, col = divmod(index, SIZE)
    out = []
    for dr, dc in _DIRECTIONS:
        seg = []
        for k in range(-5, 6):
            r, c = row + k * dr, col + k * dc
            seg.append(r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else -1)
        out.append(tuple(seg))
    return tuple(out)


SEGMENTS = tuple(_segments(i) for i in range(SIZE * SIZE))


def _lines() -> tuple[tuple[int, ...], ...]:
    lines = []
    for r in range(SIZE):                                             # rows
        lines.append(tuple(r * SIZE + c for c in range(SIZE)))
    for c in range(SIZE):                                             # columns
        lines.append(tuple(r * SIZE + c for r in range(SIZE)))
    starts = [(0, c) for c in range(SIZE)] + [(r, 0) for r in range(1, SIZE)]
    for r0, c0 in starts:                                             # diagonals, down-right
        lines.append(tuple((r0 + k) * SIZE + c0 + k for k in range(SIZE - max(r0, c0))))
    starts = [(0, c) for c in range(SIZE)] + [(r, SIZE - 1) for r in range(1, SIZE)]
    for r0, c0 in starts:                                             # anti-diagonals
        lines.append(tuple((r0 + k) * SIZE + c0 - k for k in range(min(SIZE - r0, c0 + 1))))
    return tuple(lines)


LINES = _lines()
"""Every row, column and diagonal of the board (88 lines, the 4 one-point corner diagonals
included), each a tuple of point indices in order."""


def _lines_through() -> tuple[tuple[int, ...], ...]:
    through: list[list[int]] = [[] for _ in range(SIZE * SIZE)]
    for n, line in enumerate(LINES):
        for i in line:
            through[i].append(n)
    return tuple(tuple(numbers) for numbers in through)


LINES_THROUGH = _lines_through()
"""``LINES_THROUGH[i]``: the numbers of the 4 lines through point i (row, column, diagonal,
anti-diagonal)."""


def _square_around(index: int, radius: int) -> list[int]:
    """The points at most ``radius`` rows and columns away from ``index`` (itself included)."""
    row, col = divmod(index, SIZE)
    return [r * SIZE + c for r in range(max(0, row - radius), min(SIZE, row + radius + 1))
            for c in range(max(0, col - radius), min(SIZE, col + radius + 1))]


def square_name(index: int) -> str:
    """The name of point ``index`` (0..224).

    >>> square_name(0), square_name(112), square_name(224)
    ('a1', 'h8', 'o15')
    """
    if not isinstance(index, int) or not 0 <= index < SIZE * SIZE:
        raise InvalidMoveError(f"a Gomoku point index goes from 0 to 224, got {index!r}")
    return SQUARE_NAMES[index]


def parse_move(text: str) -> str:
    """Read a move written as a point name (``'h8'``, ``'H8'``); return it as
    ``legal_moves()`` writes it. Only the form is checked; ``Gomoku.play`` checks legality.

    >>> parse_move(" H8 ")
    'h8'
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a Gomoku move is text such as 'h8', got {type(text).__name__}")
    name = text.strip().lower()
    if name in SQUARE_INDEX:
        return name
    raise InvalidMoveError(f"{text!r} is not a Gomoku move; expected a point a1..o15 (column "
                           "a-o, then row 1-15 counted from the top); Gomoku has no pass")


def move_name(move: str) -> str:
    """The name of a move (moves already are their names; this checks that ``move`` is one)."""
    return parse_move(move)


# -- five in a row and the double-three rule ---------------------------------------------------

def _run_length(cells: tuple[int, ...] | list[int], index: int, player: int, direction: int) -> int:
    """Length of the unbroken run of ``player`` through ``index`` along ``direction``
    (``index`` counted as the player's)."""
    seg = SEGMENTS[index][direction]
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


def makes_five(cells: tuple[int, ...] | list[int], index: int, player: int) -> bool:
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


def line_kind(cells: tuple[int, ...] | list[int], index: int, player: int, direction: int) -> str:
    """What a stone of ``player`` on ``index`` makes along one direction (0 row, 1 column,
    2 diagonal, 3 anti-diagonal): ``'five'`` (five or more), ``'four'`` (one more stone makes
    five), ``'three'`` (an open three: one more stone makes a straight four, see the module's
    docstring) or ``''``."""
    seg = [cells[j] if j >= 0 else EDGE for j in SEGMENTS[index][direction]]
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


def is_double_three(cells: tuple[int, ...] | list[int], index: int, player: int) -> bool:
    """Would a stone of ``player`` on the empty point ``index`` make two open threes at once
    (and no five)? The move the Korean rule forbids."""
    kinds = [line_kind(cells, index, player, d) for d in range(4)]
    return "five" not in kinds and kinds.count("three") >= 2


# -- the game ------------------------------------------------------------------------------

class Gomoku:
    """A Gomoku position: ``cells[i]`` is 0 (empty), 1 (black, x) or 2 (white, o) for point
    i = 15 * (row - 1) + column; ``to_move`` follows from the counts (black moves first).

    Args:
        cells: 225 cells (default: the empty board).
        to_move: optional; checked against the counts.
        forbid_double_three: play the Korean rule (a double three is not a legal move).
        radius: 0 (default): ``legal_moves()`` are the rules' moves. 1 or 2: the game the
            searches play with the Gomoku project's restriction: ``legal_moves()`` keeps only
            the empty points within that distance of a stone (``candidate_moves(radius)``).
            Children keep both switches.

    States never change: ``apply`` and ``play`` return new ones.
    """

    __slots__ = ("cells", "to_move", "last_move", "forbid_double_three", "radius", "_winner",
                 "_stones", "_moves", "_patterns", "_near_sets", "_parent")

    def __init__(self, cells: tuple[int, ...] | list[int] | None = None,
                 to_move: int | None = None, *, forbid_double_three: bool = False,
                 radius: int = 0, last_move: str | None = None) -> None:
        try:
            cells = (EMPTY,) * (SIZE * SIZE) if cells is None else tuple(cells)
        except TypeError:
            cells = ()
        if len(cells) != SIZE * SIZE or any(not is_whole(c) or c not in SYMBOLS for c in cells):
            raise InvalidPositionError("a Gomoku board is 225 cells, each 0 (empty), 1 (black, "
                                       "x) or 2 (white, o)")
        whole(radius, "radius (0: every empty point, else a distance)", 0, SIZE - 1)
        if to_move is not None:
            check_player(to_move, "to_move")
        forbid_double_three = flag(forbid_double_three, "forbid_double_three")
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
        fives = {p for p in (BLACK, WHITE) if _has_five(cells, p)}
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
        self.forbid_double_three = bool(forbid_double_three)
        self.radius = radius
        self._winner = fives.pop() if fives else 0
        self._stones = black + white
        self._moves: list[str] | None = None
        self._patterns: tuple | None = None
        self._near_sets: dict[int, frozenset[int]] = {}
        self._parent: Gomoku | None = None

    # -- text form

    @classmethod
    def from_text(cls, text: str, *, forbid_double_three: bool = False,
                  radius: int = 0) -> Gomoku:
        """Read the text form: 15 rows of ``x``/``o``/``.`` top to bottom (row 1 first),
        separated by ``/``, a space, and the side to move ``x`` or ``o``."""
        cells, to_move = read_text(text, SIZE, "a Gomoku", point="point")
        return cls(cells, to_move,
                   forbid_double_three=forbid_double_three, radius=radius)

    def text(self) -> str:
        """This position in the text form (the inverse of ``from_text``)."""
        return write_text(self.cells, SIZE, self.to_move)

    # -- moves

    def forbidden(self, move: str) -> bool:
        """Is ``move`` (an empty point) a double three for the side to move? Always False
        without the Korean rule."""
        index = SQUARE_INDEX[parse_move(move)]
        if self.cells[index] != EMPTY:
            raise IllegalMoveError(f"{move!r} is not an empty point of this board")
        return self.forbid_double_three and is_double_three(self.cells, index, self.to_move)

    def _rules_moves(self) -> list[str]:
        cells, me = self.cells, self.to_move
        if not self.forbid_double_three:
            return [SQUARE_NAMES[i] for i in range(SIZE * SIZE) if cells[i] == EMPTY]
        return [SQUARE_NAMES[i] for i in range(SIZE * SIZE)
                if cells[i] == EMPTY and not is_double_three(cells, i, me)]

    def legal_moves(self) -> list[str]:
        """The moves of the side to move, in board order: every empty point (with the Korean
        rule, but the double threes); ``[]`` once the game is over. With ``radius`` set, only
        ``candidate_moves(radius)`` (all of the rules' moves if none of them is near a stone)."""
        if self._moves is None:
            if self._winner or self._stones == SIZE * SIZE:
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
        without forbidden points; ``['h8']`` (the centre) on an empty board; ``[]`` once the
        game is over. It can miss a good move far from the stones.

        >>> Gomoku().candidate_moves()
        ['h8']
        """
        whole(radius, "radius", 1, SIZE - 1)
        if self._winner or self._stones == SIZE * SIZE:
            return []
        if self._stones == 0:
            return [SQUARE_NAMES[CENTRE]]
        near = self._near(radius)
        cells = self.cells
        me = self.to_move
        return [SQUARE_NAMES[i] for i in sorted(near)
                if not (self.forbid_double_three and is_double_three(cells, i, me))]

    def _near(self, radius: int) -> frozenset[int]:
        """The empty points within ``radius`` of a stone, kept per state like the patterns:
        a child takes its parent's set, less the new stone, plus the empty points around it."""
        if radius not in self._near_sets:
            chain = []
            state = self
            while radius not in state._near_sets and state._parent is not None:
                chain.append(state)
                state = state._parent
            if radius not in state._near_sets:
                state._near_sets[radius] = frozenset(
                    j for i in range(SIZE * SIZE) if state.cells[i] != EMPTY
                    for j in _square_around(i, radius) if state.cells[j] == EMPTY)
            for state in reversed(chain):
                index = SQUARE_INDEX[state.last_move]
                cells = state.cells
                state._near_sets[radius] = (state._parent._near_sets[radius] - {index}) | {
                    j for j in _square_around(index, radius) if cells[j] == EMPTY}
        return self._near_sets[radius]

    def apply(self, move: str) -> Gomoku:
        """The position after ``move`` (a name from ``legal_moves()``), a new state.

        The searches' path: it refuses an occupied point or a finished game, but does not look
        for a double three; ``play`` checks everything and explains.
        """
        index = SQUARE_INDEX.get(move) if isinstance(move, str) else None
        if index is None:
            raise InvalidMoveError(f"{move!r} is not a Gomoku move; expected a point name "
                                   "a1..o15")
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
        child.forbid_double_three = self.forbid_double_three
        child.radius = self.radius
        child._winner = me if makes_five(cells, index, me) else 0
        child._stones = self._stones + 1
        child._moves = None
        child._patterns = None
        child._near_sets = {}
        child._parent = self
        return child

    def play(self, move: str) -> Gomoku:
        """Check ``move`` (text such as ``'h8'``) and return the position after it; an illegal
        move raises IllegalMoveError saying why. With ``radius`` set, a point far from the
        stones is refused too (it is not a move of the restricted game)."""
        move = parse_move(move)
        if self.is_terminal():
            raise GameOverError(f"the game is over ({self.outcome_reason()}); no move can be "
                                "played")
        index = SQUARE_INDEX[move]
        if self.cells[index] != EMPTY:
            raise IllegalMoveError(f"{move} is occupied; a stone goes on an empty point")
        if self.forbidden(move):
            raise IllegalMoveError(f"{move} makes two open threes at once, which the Korean "
                                   "rule (forbid_double_three) does not allow")
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{move} is more than {self.radius} points from every stone; "
                                   f"this restricted game (radius={self.radius}) plays only "
                                   "near the stones")
        return self.apply(move)

    # -- the end of the game

    def is_terminal(self) -> bool:
        """Five in a row, a full board, or (Korean rule) no allowed point: the game is over."""
        if self._winner or self._stones == SIZE * SIZE:
            return True
        if not self.forbid_double_three:
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
        if self._winner:
            return f"{PLAYER_NAMES[self._winner]} has five in a row"
        if self._stones == SIZE * SIZE:
            return "the board is full"
        if self.is_terminal():
            return "every empty point is a forbidden double three"
        return ""

    def stones(self, player: int) -> int:
        """How many stones ``player`` has on the board."""
        check_player(player)
        return self.cells.count(player)

    # -- comparing and showing

    def key(self) -> tuple:
        """What makes two positions the same: the points and the side to move."""
        return self.cells, self.to_move

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Gomoku):
            return NotImplemented
        return (self.cells == other.cells and self.forbid_double_three ==
                other.forbid_double_three and self.radius == other.radius)

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        options = "".join([", forbid_double_three=True" if self.forbid_double_three else "",
                           f", radius={self.radius}" if self.radius else ""])
        return f"Gomoku.from_text({self.text()!r}{options})"

    def __str__(self) -> str:
        header = "   " + " ".join(COLUMNS)
        lines = [header]
        for r in range(SIZE):
            row = " ".join(SYMBOLS[c] for c in self.cells[r * SIZE:(r + 1) * SIZE])
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
        last move framed in red, or the points in ``marked``."""
        from ._pictures import grid_svg
        rows = [self.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
        names = marked if marked is not None else (
            [self.last_move] if self.last_move else [])
        caption = str(self).splitlines()[-1]
        if self.last_move is not None:
            caption += f" (last move {self.last_move})"
        return grid_svg(rows, columns=COLUMNS, style="points", title=f"Gomoku {self.text()}",
                        marked=[divmod(SQUARE_INDEX[parse_move(m)], SIZE) for m in names],
                        caption=caption, size=size)

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
            chain = []
            state = self
            while state._patterns is None and state._parent is not None:
                chain.append(state)
                state = state._parent
            if state._patterns is None:
                scores = tuple(line_scores([state.cells[j] for j in line]) for line in LINES)
                state._patterns = (scores, sum(s[0] for s in scores),
                                   sum(s[1] for s in scores))
            for state in reversed(chain):
                scores, black, white = state._parent._patterns
                scores = list(scores)
                cells = state.cells
                for n in LINES_THROUGH[SQUARE_INDEX[state.last_move]]:
                    new = line_scores([cells[j] for j in LINES[n]])
                    old = scores[n]
                    black += new[0] - old[0]
                    white += new[1] - old[1]
                    scores[n] = new
                state._patterns = (tuple(scores), black, white)
        _, black, white = self._patterns
        return black, white


def _has_five(cells: tuple[int, ...], player: int) -> bool:
    for line in LINES:
        run = 0
        for j in line:
            run = run + 1 if cells[j] == player else 0
            if run >= 5:
                return True
    return False


# -- the Gomoku project's pattern evaluation ---------------------------------------------------

WEIGHTS: tuple[int, ...] = (50_000_000, 5_005_000, 500_500, 100_050, 10_000, 1_000, 10, 1)
"""The weights of the features f1..f8 (CASE_STUDIES.md)."""
FEATURES = ("f1 five", "f2 open four", "f3 closed four", "f4 open three", "f5 closed three",
            "f6 open two", "f7 closed two", "f8 one")

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
    (an end is empty, the opponent's stone, or the edge): a run of 5 or more is f1 (freestyle:
    an overline counts once as a five), 4 with both ends empty f2, with one f3, 3 with both
    ends empty f4, with one f5, 2 with both ends empty f6, 2 with one end empty and the other
    the opponent's f7, a single stone with both ends empty or one empty and the other the
    opponent's f8. A run closed at both ends counts nothing, and so does a two or a one
    against the edge (the table lists the edge for fours and threes only). This is the table's
    patterns matched literally, every pattern delimited at both ends, except f1, which would
    match 2 times in six in a row and counts once here. Stones with a gap (``XX_X``) are
    separate runs.

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
    for line in LINES:
        for owner, feature in line_runs([state.cells[j] for j in line]):
            if owner == player:
                counts[feature] += 1
    return dict(zip(FEATURES, counts))


def pattern_score_full(state: Gomoku, player: int) -> int:
    """The pattern evaluation by a full-board scan (the project's way, and the reference for
    ``patterns``): ``player``'s weighted sum minus the opponent's."""
    black = white = 0
    for line in LINES:
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
