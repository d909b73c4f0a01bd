"""Reading and writing ATAXX positions and moves as text: FEN, UAI moves, protocol moves.

FEN as in libataxx and the ``ataxx`` package: ranks 7 down to 1 separated by '/', 'x' for the
first player, 'o' for the second, '-' for a blocked square, digits for runs of empty squares;
then the side to move (x or o), the halfmove clock and the fullmove number. The 400-turn count
of a position read from FEN is ``2 * (fullmove - 1) + (1 if o is to move)``.

>>> write_fen(parse_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"))
'x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1'
"""

from __future__ import annotations

from ..errors import IllegalMoveError, InvalidFenError, InvalidMoveError, InvalidPositionError
from .rules import BLOCKED, EMPTY, FIRST, PASS, SECOND, SIZE, SYMBOLS, Move, State, parse_square

START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"
MAX_FEN_NUMBER_DIGITS = 40
"""The halfmove clock and fullmove number of a FEN have at most this many digits (a game ends
after 400 turns, so larger numbers say nothing more)."""
MAX_FEN_LENGTH = 1000
"""A FEN longer than this is refused before it is read."""
_CELL_OF = {"x": FIRST, "o": SECOND, "-": BLOCKED}


def parse_fen(fen: str) -> State:
    """Read a FEN string into a State, or raise InvalidFenError naming the field at fault.

    The halfmove clock and fullmove number may be left out (they default to 0 and 1).
    """
    if not isinstance(fen, str):
        raise InvalidFenError(f"a FEN must be a string, got {type(fen).__name__}")
    if len(fen) > MAX_FEN_LENGTH:
        raise InvalidFenError(
            f"FEN of {len(fen)} characters is too long; a FEN is at most {MAX_FEN_LENGTH} "
            "characters (like 'x5o/7/7/7/7/7/o5x x 0 1')")
    fields = fen.split()
    if not 2 <= len(fields) <= 4:
        raise InvalidFenError(
            f"FEN {fen!r} has {len(fields)} fields; expected 4 separated by spaces: "
            "board, side to move (x or o), halfmove clock, fullmove number "
            "(like 'x5o/7/7/7/7/7/o5x x 0 1')")
    board, side = fields[0], fields[1]
    halfmove_text = fields[2] if len(fields) > 2 else "0"
    fullmove_text = fields[3] if len(fields) > 3 else "1"

    ranks = board.split("/")
    if len(ranks) != SIZE:
        raise InvalidFenError(
            f"FEN board field {board!r} has {len(ranks)} ranks; expected 7 separated by '/'")
    grid = [[EMPTY] * (SIZE + 1) for _ in range(SIZE + 1)]
    for x, rank in enumerate(ranks, start=1):        # the first rank written is rank 7: x = 1
        rank_number = SIZE + 1 - x
        y = 0
        for char in rank:
            if char.isdigit():
                if char not in "1234567":
                    raise InvalidFenError(
                        f"FEN rank {rank_number} ({rank!r}) has the count {char!r}; "
                        "a run of empty squares is written 1 to 7")
                y += int(char)
            elif char in _CELL_OF:
                y += 1
                if y <= SIZE:
                    grid[x][y] = _CELL_OF[char]
            else:
                raise InvalidFenError(
                    f"FEN rank {rank_number} ({rank!r}) has the character {char!r}; expected "
                    "'x', 'o', '-' (blocked) or a digit 1-7 (empty squares)")
            if y > SIZE:
                raise InvalidFenError(
                    f"FEN rank {rank_number} ({rank!r}) describes more than 7 squares")
        if y != SIZE:
            raise InvalidFenError(
                f"FEN rank {rank_number} ({rank!r}) describes {y} squares; expected 7")

    if side not in ("x", "o"):
        raise InvalidFenError(f"FEN side to move is {side!r}; expected 'x' or 'o'")
    # isascii(): str.isdigit() also accepts '²' or '٣', which int() refuses or reads as 3.
    if not (halfmove_text.isascii() and halfmove_text.isdigit()):
        raise InvalidFenError(
            f"FEN halfmove clock is {_shown(halfmove_text)}; expected a whole number >= 0")
    if not (fullmove_text.isascii() and fullmove_text.isdigit()):
        raise InvalidFenError(
            f"FEN fullmove number is {_shown(fullmove_text)}; expected a whole number >= 1")
    for what, text in (("halfmove clock", halfmove_text), ("fullmove number", fullmove_text)):
        if len(text.lstrip("0")) > MAX_FEN_NUMBER_DIGITS:
            raise InvalidFenError(
                f"FEN {what} has {len(text.lstrip('0'))} digits; expected a whole number of at "
                f"most {MAX_FEN_NUMBER_DIGITS} digits (a game ends after 400 turns)")
    if int(fullmove_text) < 1:
        raise InvalidFenError(
            f"FEN fullmove number is {fullmove_text!r}; expected a whole number >= 1")
    to_move = FIRST if side == "x" else SECOND
    turns = 2 * (int(fullmove_text) - 1) + (1 if to_move == SECOND else 0)
    return State(grid, to_move=to_move, turns=turns, halfmove=int(halfmove_text))


def _shown(text: str, limit: int = 60) -> str:
    """``repr(text)``, shortened to about ``limit`` characters for an error message."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text)} characters)"


def write_fen(state: State) -> str:
    """The FEN of a position (the inverse of ``parse_fen``)."""
    if not isinstance(state, State):
        raise InvalidPositionError(f"write_fen writes a State (State.start(), "
                                   f"State.from_fen(...)), got {type(state).__name__}")
    ranks = []
    for x in range(1, SIZE + 1):
        text, run = "", 0
        for y in range(1, SIZE + 1):
            cell = state.grid[x][y]
            if cell == EMPTY:
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += SYMBOLS[cell]
        if run:
            text += str(run)
        ranks.append(text)
    side = "x" if state.to_move == FIRST else "o"
    fullmove = state.turns // 2 + 1
    return f"{'/'.join(ranks)} {side} {state.halfmove} {fullmove}"


def parse_move(text: str, state: State) -> Move:
    """Read a move in UAI form (``'b6'``, ``'a7c5'``, ``'0000'``) or protocol form
    (``'1 1 2 2'``, pass ``'-1 -1 -1 -1'``). A UAI clone gets its canonical source.

    Only the form and the coordinates are checked here; ``State.check_move`` checks legality.
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move must be text, got {type(text).__name__}")
    if not isinstance(state, State):
        raise InvalidPositionError(f"parse_move reads a move in a State, got "
                                   f"{type(state).__name__}")
    words = text.split()
    if len(words) == 4:
        try:
            x1, y1, x2, y2 = (int(w) for w in words)
        except ValueError:
            raise InvalidMoveError(
                f"move {text!r}: protocol moves are four whole numbers 'x1 y1 x2 y2'") from None
        return Move(x1, y1, x2, y2)
    uai = text.strip()
    if uai == "0000":
        return PASS
    if len(uai) == 2:
        x2, y2 = parse_square(uai)
        source = state.clone_source(x2, y2)
        if source is None:
            raise IllegalMoveError(
                f"clone {uai!r}: no stone of the player to move is next to {uai}")
        return Move(*source, x2, y2)
    if len(uai) == 4:
        x1, y1 = parse_square(uai[:2])
        x2, y2 = parse_square(uai[2:])
        return Move(x1, y1, x2, y2)
    raise InvalidMoveError(
        f"{text!r} is not a move; expected UAI ('b6' clone, 'a7c5' jump, '0000' pass) "
        "or protocol 'x1 y1 x2 y2'")
