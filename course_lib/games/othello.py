"""Othello (Reversi) on the course's game interface, the readable tier.

The rules: an 8x8 board, black (``x``, player 1) moves first from the standard start (white on
d4 and e5, black on d5 and e4). A disc must be placed so that it flips at least one line of the
opponent's discs: in each of the 8 directions, an unbroken run of opponent discs ended by one of
the mover's own discs flips, and every such run flips. A player with no such move passes (the
move ``"pass"``), but only while the opponent can move; when neither can move the game is over
(``legal_moves()`` is then empty) and the player with more discs wins, equal counts are a draw.

Squares follow the Othello convention: columns a-h from left to right, rows 1-8 from the top
down, so the first row drawn is row 1 and black's four opening moves are d3, c4, f5 and e6. A
move is the name of its square (``"d3"``) or ``"pass"``; ``legal_moves()`` lists the squares in
board order, a1 b1 ... h1 a2 ... h8 (index ``8 * (row - 1) + column``, the order the study calls
"index 0 to 63").

The text form: the 8 rows top to bottom (row 1 first), each 8 characters ``x`` (black), ``o``
(white) or ``.`` (empty), separated by ``/``, then a space and the side to move, ``x`` or ``o``.
``course_lib.games.othello_fast`` has the same rules, perft and alpha-beta compiled.

>>> state = Othello()
>>> state.legal_moves()
['d3', 'c4', 'f5', 'e6']
>>> child = state.play("d3")
>>> child.text()
'......../......../...x..../...xx.../...xo.../......../......../........ o'
>>> child.material(1), child.to_move
(3, 2)
"""

from __future__ import annotations

from typing import Callable, Iterator

from ..checks import check_player, is_whole, whole
from ..errors import (GameOverError, IllegalMoveError, InvalidArgumentError, InvalidFenError,
                      InvalidMoveError, InvalidPositionError)
from ..i18n import N_, _

from ._grid import BLACK, EMPTY, SYMBOLS, WHITE, read_text, square_names, write_text

SIZE = 8
COLUMNS = "abcdefgh"
PLAYER_NAMES = {BLACK: N_("black (x)"), WHITE: N_("white (o)")}
PASS = "pass"
"""The move of a player who has no disc to place while the opponent still has one."""

SQUARE_NAMES: tuple[str, ...] = square_names(COLUMNS)
"""``SQUARE_NAMES[i]`` is the name of square i = 8 * (row - 1) + column (a1 = 0, h8 = 63)."""
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}

START_TEXT = "......../......../......../...ox.../...xo.../......../......../........ x"
CENTRE = tuple(SQUARE_INDEX[name] for name in ("d4", "e4", "d5", "e5"))

_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _rays(square: int) -> tuple[tuple[int, ...], ...]:
    row, col = divmod(square, SIZE)
    rays = []
    for dr, dc in _DIRECTIONS:
        ray = []
        r, c = row + dr, col + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            ray.append(r * SIZE + c)
            r, c = r + dr, c + dc
        if len(ray) >= 2:            # a flip needs an opponent disc and an own disc beyond it
            rays.append(tuple(ray))
    return tuple(rays)


RAYS = tuple(_rays(s) for s in range(SIZE * SIZE))
"""``RAYS[s]``: the squares from s to the edge in each direction, nearest first (rays shorter
than 2 squares are left out: nothing can flip along them)."""
NEIGHBOURS = tuple(
    tuple((s // SIZE + dr) * SIZE + s % SIZE + dc for dr, dc in _DIRECTIONS
          if 0 <= s // SIZE + dr < SIZE and 0 <= s % SIZE + dc < SIZE)
    for s in range(SIZE * SIZE))
"""``NEIGHBOURS[s]``: the squares next to s (a square with no opponent disc next to it cannot
be a move)."""


def square_name(index: int) -> str:
    """The name of square ``index`` (0..63): ``square_name(19) == 'd3'``.

    >>> square_name(0), square_name(19), square_name(63)
    ('a1', 'd3', 'h8')
    """
    if not isinstance(index, int) or not 0 <= index < SIZE * SIZE:
        raise InvalidMoveError(f"an Othello square index goes from 0 to 63, got {index!r}")
    return SQUARE_NAMES[index]


def parse_move(text: str) -> str:
    """Read a move written as a square name (``'d3'``, ``'D3'``) or ``'pass'``; return the move
    as ``legal_moves()`` writes it. Only the form is checked here; ``Othello.play`` checks that
    the move is legal.

    >>> parse_move(" D3 "), parse_move("PASS")
    ('d3', 'pass')
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"an Othello move is text such as 'd3' or 'pass', "
                               f"got {type(text).__name__}")
    name = text.strip().lower()
    if name == PASS or name in SQUARE_INDEX:
        return name
    raise InvalidMoveError(f"{text!r} is not an Othello move; expected a square a1..h8 "
                           "(column a-h, then row 1-8 counted from the top) or 'pass'")


def move_name(move: str) -> str:
    """The name of a move, as the command line and the notebooks print it (moves already are
    their names; this checks that ``move`` is one)."""
    return parse_move(move)


def _flips(cells: tuple[int, ...] | list[int], square: int, me: int) -> list[int]:
    """The opponent discs that a disc of ``me`` on ``square`` would flip."""
    opp = 3 - me
    flipped: list[int] = []
    for ray in RAYS[square]:
        run = []
        for s in ray:
            cell = cells[s]
            if cell == opp:
                run.append(s)
            else:
                if cell == me and run:
                    flipped.extend(run)
                break
    return flipped


def _can_flip(cells: tuple[int, ...], square: int, me: int) -> bool:
    opp = 3 - me
    for ray in RAYS[square]:
        if cells[ray[0]] != opp:
            continue
        for s in ray[1:]:
            cell = cells[s]
            if cell != opp:
                if cell == me:
                    return True
                break
    return False


def _square_index(move: object) -> int:
    """The index of the square ``move`` names (a fast path: no parsing of other spellings)."""
    try:
        return SQUARE_INDEX[move]
    except (KeyError, TypeError):
        return SQUARE_INDEX[parse_move(move)]                  # refuses in words


class Othello:
    """An Othello position: ``cells[i]`` is 0 (empty), 1 (black, x) or 2 (white, o) for square
    i = 8 * (row - 1) + column, and ``to_move`` is 1 or 2.

    States never change: ``apply`` and ``play`` return new ones. ``Othello()`` is the start;
    ``Othello.from_text(text)`` reads the text form.
    """

    __slots__ = ("cells", "to_move", "last_move", "_moves", "_counts")

    def __init__(self, cells: tuple[int, ...] | list[int] | None = None, to_move: int = BLACK,
                 last_move: str | None = None) -> None:
        if cells is None:
            cells = Othello.from_text(START_TEXT).cells
        try:
            cells = tuple(cells)
        except TypeError:
            cells = ()
        if len(cells) != SIZE * SIZE or any(not is_whole(c) or c not in SYMBOLS for c in cells):
            raise InvalidPositionError("an Othello board is 64 cells, each 0 (empty), 1 (black, "
                                       "x) or 2 (white, o)")
        if not is_whole(to_move) or to_move not in (BLACK, WHITE):
            raise InvalidPositionError(f"to_move must be 1 (black, x) or 2 (white, o), got "
                                       f"{to_move!r:.60}")
        empty_centre = [SQUARE_NAMES[s] for s in CENTRE if cells[s] == EMPTY]
        if empty_centre:
            raise InvalidPositionError(
                f"the centre square(s) {', '.join(empty_centre)} are empty; the four centre "
                "squares d4, e4, d5, e5 hold discs from the start and a disc never leaves the "
                "board, so no game reaches this position")
        self.cells = cells
        self.to_move = to_move
        self.last_move = last_move
        self._moves: list[str] | None = None
        self._counts = (0, cells.count(BLACK), cells.count(WHITE))

    # -- text form

    @classmethod
    def from_text(cls, text: str) -> Othello:
        """Read the text form: 8 rows of ``x``/``o``/``.`` top to bottom (row 1 first),
        separated by ``/``, a space, and the side to move ``x`` or ``o``.

        >>> Othello.from_text(START_TEXT) == Othello()
        True
        """
        cells, to_move = read_text(text, SIZE, "an Othello", START_TEXT)
        return cls(cells, to_move)

    def text(self) -> str:
        """This position in the text form (the inverse of ``from_text``)."""
        return write_text(self.cells, SIZE, self.to_move)

    # -- looking at the position

    def discs(self, player: int) -> int:
        """How many discs ``player`` has."""
        check_player(player)
        return self._counts[player]

    def material(self, player: int) -> int:
        """Disc count evaluation: ``player``'s discs minus the opponent's."""
        check_player(player)
        return self._counts[player] - self._counts[3 - player]

    @property
    def empty_squares(self) -> int:
        """How many squares are empty."""
        return SIZE * SIZE - self._counts[1] - self._counts[2]

    def flips(self, move: str) -> list[str]:
        """The squares whose discs ``move`` flips (empty for a pass).

        >>> Othello().flips("d3")
        ['d4']
        """
        move = parse_move(move)
        if move == PASS:
            return []
        return sorted((SQUARE_NAMES[s] for s in _flips(self.cells, SQUARE_INDEX[move],
                                                         self.to_move)), key=SQUARE_INDEX.get)

    def gain(self, move: str) -> int:
        """The material the side to move wins at once: 1 for the new disc plus 2 for each
        flipped one (one less for them, one more for us); 0 for a pass."""
        if move == PASS:
            return 0
        return 1 + 2 * len(_flips(self.cells, _square_index(move), self.to_move))

    def static_score(self, move: str) -> int:
        """The research map's weight of the move's square (0 for a pass): the study's
        "position" move ordering."""
        if move == PASS:
            return 0
        return RESEARCH_WEIGHTS[_square_index(move)]

    # -- moves

    def moves_for(self, player: int) -> list[str]:
        """The squares where ``player`` could place a disc here, in board order (whoever is
        to move)."""
        check_player(player)
        cells, opp = self.cells, 3 - player
        return [SQUARE_NAMES[s] for s in range(SIZE * SIZE)
                if cells[s] == EMPTY and any(cells[n] == opp for n in NEIGHBOURS[s])
                and _can_flip(cells, s, player)]

    def legal_moves(self) -> list[str]:
        """The moves of the side to move: its squares in board order; ``['pass']`` when it has
        none but the opponent has one; ``[]`` when neither can move (the game is over)."""
        if self._moves is None:
            moves = self.moves_for(self.to_move)
            if not moves:
                moves = [PASS] if self.moves_for(3 - self.to_move) else []
            self._moves = moves
        return list(self._moves)

    def apply(self, move: str) -> Othello:
        """The position after ``move`` (a name from ``legal_moves()``), a new state.

        This is the path the searches take: it refuses a square that flips nothing, but not a
        pass when the player has a move; ``play`` checks everything and explains.
        """
        me = self.to_move
        child = Othello.__new__(Othello)
        if move == PASS:
            child.cells = self.cells
            child._counts = self._counts
        else:
            square = SQUARE_INDEX.get(move) if isinstance(move, str) else None
            if square is None:
                raise InvalidMoveError(f"{move!r} is not an Othello move; expected a square "
                                       "name a1..h8 or 'pass'")
            flipped = _flips(self.cells, square, me) if self.cells[square] == EMPTY else []
            if not flipped:
                raise IllegalMoveError(f"{move} flips no disc of the opponent (or is occupied) "
                                       f"in\n{self}")
            cells = list(self.cells)
            cells[square] = me
            for s in flipped:
                cells[s] = me
            child.cells = tuple(cells)
            counts = list(self._counts)
            counts[me] += 1 + len(flipped)
            counts[3 - me] -= len(flipped)
            child._counts = tuple(counts)
        child.to_move = 3 - me
        child.last_move = move
        child._moves = None
        return child

    def play(self, move: str) -> Othello:
        """Check ``move`` (text such as ``'d3'`` or ``'pass'``) and return the position after
        it; an illegal move raises IllegalMoveError saying why.

        >>> Othello().play("e6").discs(1)
        4
        """
        move = parse_move(move)
        moves = self.legal_moves()
        who = PLAYER_NAMES[self.to_move]
        if not moves:
            raise GameOverError(f"the game is over ({self.outcome_reason()}); no move can be "
                                "played")
        if move in moves:
            return self.apply(move)
        if move == PASS:
            raise IllegalMoveError(f"{who} may not pass: it can play {', '.join(moves)}")
        if moves == [PASS]:
            raise IllegalMoveError(f"{who} has no square that flips a disc and must pass")
        if self.cells[SQUARE_INDEX[move]] != EMPTY:
            raise IllegalMoveError(f"{move} is occupied; a disc goes on an empty square")
        raise IllegalMoveError(f"{move} flips no disc of the opponent; {who} can play "
                               f"{', '.join(moves)}")

    # -- the end of the game

    def is_terminal(self) -> bool:
        """Neither player can move: the game is over (``legal_moves()`` is empty)."""
        return not self.legal_moves()

    is_over = is_terminal

    def winner(self) -> int | None:
        """1 or 2 for the player with more discs, 0 for a draw, None while the game goes on."""
        if not self.is_terminal():
            return None
        black, white = self._counts[BLACK], self._counts[WHITE]
        return BLACK if black > white else WHITE if white > black else 0

    def outcome_reason(self) -> str:
        """Why the game ended, in words (English; ``_`` translates them); '' while it goes
        on."""
        if not self.is_terminal():
            return ""
        if self._counts[BLACK] == 0 or self._counts[WHITE] == 0:
            return N_("a player has no discs left")
        if self.empty_squares == 0:
            return N_("the board is full")
        return N_("neither player can move")

    # -- comparing and showing

    def key(self) -> tuple:
        """What makes two positions the same: the squares and the side to move."""
        return self.cells, self.to_move

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Othello):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Othello.from_text({self.text()!r})"

    def __str__(self) -> str:
        lines = ["  a b c d e f g h"]
        for r in range(SIZE):
            row = " ".join(SYMBOLS[c] for c in self.cells[r * SIZE:(r + 1) * SIZE])
            lines.append(f"{r + 1} {row} {r + 1}")
        lines.append("  a b c d e f g h")
        lines.append(self._status(translate=lambda text: text))
        return "\n".join(lines)

    def _status(self, translate: Callable[[str], str] = _) -> str:
        """The side to move and the score, or the result and why the game ended: the last
        line of ``str(self)`` (in English), and a picture's caption (with ``_``, in the
        language the course speaks)."""
        score = f"x {self.discs(BLACK)} - o {self.discs(WHITE)}"
        if not self.is_terminal():
            return translate(N_("{side} to move, {score}")).format(side=SYMBOLS[self.to_move],
                                                                   score=score)
        w = self.winner()
        result = translate(N_("draw")) if w == 0 else translate(N_("{side} wins")).format(
            side=translate(PLAYER_NAMES[w]))
        return translate(N_("game over ({reason}): {result}, {score}")).format(
            reason=translate(self.outcome_reason()), result=result, score=score)

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self, show_moves: bool = True, size: int | None = None) -> str:
        """A picture of the position (SVG text): the last move framed in red, the legal
        squares dotted when ``show_moves``."""
        from ._pictures import grid_svg
        rows = [self.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]
        marked = [] if self.last_move in (None, PASS) else [divmod(SQUARE_INDEX[self.last_move],
                                                                   SIZE)]
        dots = [divmod(SQUARE_INDEX[m], SIZE) for m in self.legal_moves() if m != PASS] \
            if show_moves else []
        caption = self._status()
        if self.last_move is not None:
            caption += _(" (last move {move})").format(move=self.last_move)
        return grid_svg(rows, columns=COLUMNS, style="squares", title=f"Othello {self.text()}",
                        marked=marked, dots=dots, caption=caption, size=size)

    def __iter__(self) -> Iterator[str]:
        raise TypeError("an Othello state is not iterable; use state.legal_moves()")


# -- evaluations: evaluate(state, player) -> number, larger is better for player ------------

ARBITRARY_WEIGHTS: tuple[int, ...] = (
    120, -20, 20, 5, 5, 20, -20, 120,
    -20, -40, -5, -5, -5, -5, -40, -20,
    20, -5, 15, 3, 3, 15, -5, 20,
    5, -5, 3, 3, 3, 3, -5, 5,
    5, -5, 3, 3, 3, 3, -5, 5,
    20, -5, 15, 3, 3, 15, -5, 20,
    -20, -40, -5, -5, -5, -5, -40, -20,
    120, -20, 20, 5, 5, 20, -20, 120,
)
"""The Othello study's "arbitrary" map (corner, X-square and C-square lore), by square index."""

RESEARCH_WEIGHTS: tuple[int, ...] = (
    100, -25, 10, 5, 5, 10, -25, 100,
    -25, -25, 1, 1, 1, 1, -25, -25,
    10, 1, 5, 2, 2, 5, 1, 10,
    5, 1, 2, 1, 1, 2, 1, 5,
    5, 1, 2, 1, 1, 2, 1, 5,
    10, 1, 5, 2, 2, 5, 1, 10,
    -25, -25, 1, 1, 1, 1, -25, -25,
    100, -25, 10, 5, 5, 10, -25, 100,
)
"""The study's research-based map (Yoshioka et al.'s weights as integers), by square index."""


def disc_count(state: Othello, player: int) -> int:
    """Own discs minus the opponent's (the study's version 1).

    >>> disc_count(Othello().play("d3"), 1)
    3
    """
    return state.material(player)


def weighted(state: Othello, player: int, weights: tuple[int, ...]) -> int:
    """The sum of ``weights`` under ``player``'s discs minus the sum under the opponent's."""
    total = 0
    for cell, weight in zip(state.cells, weights):
        if cell == player:
            total += weight
        elif cell:
            total -= weight
    return total


def arbitrary_map(state: Othello, player: int) -> int:
    """The study's "arbitrary" weight map evaluation.

    >>> arbitrary_map(Othello().play("d3"), 1)     # d3 (3) + d4, e4, d5 (3 each) - e5 (3)
    9
    """
    return weighted(state, player, ARBITRARY_WEIGHTS)


def research_map(state: Othello, player: int) -> int:
    """The study's research-based weight map evaluation.

    >>> research_map(Othello().play("d3"), 1)      # d3 (2) + 3 discs of 1 - e5 (1)
    4
    """
    return weighted(state, player, RESEARCH_WEIGHTS)


EVALUATIONS = {"discs": disc_count, "arbitrary": arbitrary_map, "research": research_map}
"""Othello's evaluations by name (for an evaluation registry)."""


def perft(state: Othello, depth: int) -> int:
    """The number of move sequences of ``depth`` plies from ``state``: a pass is a move, and a
    game that is over before ``depth`` plies counts as one sequence where it ends (the
    convention of the published counts: 24,571,284 at depth 10 includes the 228 games that
    end after 9 plies).

    >>> [perft(Othello(), d) for d in range(1, 5)]
    [4, 12, 56, 244]
    """
    check_perft(state, depth)
    return _perft(state, depth)


MAX_PLIES = 120
"""The longest Othello game: 60 discs at most are placed, and a pass is always followed by a
disc (a player passes only while the other can move), so no game lasts more than 120 plies."""


def check_perft(state: object, depth: object) -> int:
    """``depth`` when ``state`` is an Othello position and ``depth`` a whole number from 0 to
    ``MAX_PLIES``; else InvalidArgumentError in words."""
    if not isinstance(state, Othello):
        raise InvalidArgumentError(f"perft counts from an Othello position (Othello() or "
                                   f"Othello.from_text(...)), got {type(state).__name__}")
    return whole(depth, "perft depth", 0, MAX_PLIES, "plies")


def _perft(state: Othello, depth: int) -> int:
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if not moves:
        return 1
    if depth == 1:
        return len(moves)
    return sum(_perft(state.apply(m), depth - 1) for m in moves)
