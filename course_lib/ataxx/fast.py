"""ATAXX, the fast tier: the same rules as ``course_lib.ataxx.rules`` on 49-bit bitboards,
compiled with numba. Move generation, perft, and seeded random playouts.

The readable tier is the reference: tests hold the two together (the same legal moves in the
same order, the same positions and results, the same seeded random games move for move).

A position is a ``FastState``: three bitboards (``np.uint64``; bit ``(x-1)*7 + (y-1)`` is
square (x, y), so ascending bits are the canonical move order), the side to move, and the turn
counters. A move is an int: ``source_bit * 64 + destination_bit``, the pass is ``-1``.

>>> from course_lib.ataxx import State
>>> fs = to_fast(State.start())
>>> perft(fs, 4)
155888
>>> [decode_move(code).uai() for code in legal_moves(fs)[:3]]
['b7', 'a7c7', 'a6']
>>> from_fast(apply(fs, encode_move(Move(1, 1, 2, 2)))).fen()
'x5o/1x5/7/7/7/7/o5x o 0 1'

The compiled kernels live in ``course_lib.ataxx._bitboard`` (re-exported here with their
underscore names) and take only arrays and scalars, so other numba code can call them. The
public functions below check their input and wrap the kernels.

Two traps when calling kernels yourself: pass bitboards as ``np.uint64`` (a Python int compiles
a second, int64, version of the kernel, and int64 arithmetic breaks the bit tricks), and give
them the mover's view, ``(me, opp)``.
"""

from __future__ import annotations

from typing import NamedTuple, Union

import numpy as np

from ..errors import (GameOverError, IllegalMoveError, InvalidArgumentError, InvalidMoveError,
                      InvalidPositionError)
from ..checks import flag
from ..rng import check_seed
from ._bitboard import (BIT, FULL, MAX_TURNS, MOVE_BUFFER, N_SQUARES, PASS_CODE, RING1, RING2,
                        _apply_move, _below, _can_move, _count_moves, _empty_squares,
                        _generate_moves, _grow, _is_over, _lowest_bit_index, _next_u64,
                        _perft, _play_random_game, _popcount, _random_move, _random_playouts)
from .perft import MAX_PERFT_DEPTH
from .rules import BLOCKED, EMPTY, FIRST, PASS, SECOND, SIZE, Move, State

__all__ = [
    "FastState", "START", "to_fast", "from_fast", "encode_move", "decode_move", "legal_moves",
    "is_over", "winner", "apply", "perft", "pair_perft", "divide", "random_game",
    "random_playouts", "PASS_CODE", "MAX_TURNS", "MAX_PERFT_DEPTH", "MAX_PLAYOUTS",
    # kernels, for other compiled code
    "BIT", "FULL", "MOVE_BUFFER", "N_SQUARES", "RING1", "RING2", "_apply_move", "_below",
    "_can_move", "_count_moves", "_empty_squares", "_generate_moves", "_grow", "_is_over",
    "_lowest_bit_index", "_next_u64", "_perft", "_play_random_game", "_popcount",
    "_random_move", "_random_playouts",
]


class FastState(NamedTuple):
    """An ATAXX position as bitboards; immutable, like ``State``.

    Attributes:
        first: bitboard (``np.uint64``) of the first player's stones (``x``).
        second: bitboard of the second player's stones (``o``).
        blocked: bitboard of the blocked squares.
        to_move: 1 (first) or 2 (second).
        turns: turns played so far, passes included; the game ends at 400.
        halfmove: the FEN halfmove clock (reset by a clone, +1 for a jump or a pass).

    >>> int(START.first) == (1 << 0) | (1 << 48), START.to_move
    (True, 1)
    """

    first: np.uint64
    second: np.uint64
    blocked: np.uint64
    to_move: int
    turns: int
    halfmove: int

    def fen(self) -> str:
        """This position as FEN.

        >>> START.fen()
        'x5o/7/7/7/7/7/o5x x 0 1'
        """
        return from_fast(self).fen()


MAX_PLAYOUTS = 10_000_000
"""The most games one ``random_playouts`` call plays (its result arrays take 5 bytes a game)."""

Position = Union[State, FastState, str]
"""What the perft and playout functions accept: a State, a FastState or a FEN string."""


# --- Checking input at the boundary -----------------------------------------------------------


def _is_whole(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _checked(fs: object) -> FastState:
    """``fs`` with its fields checked and re-wrapped (bitboards as np.uint64, the rest as int)."""
    if not isinstance(fs, FastState):
        raise InvalidArgumentError(
            f"expected a FastState (see to_fast), got {type(fs).__name__}")
    boards = []
    for name in ("first", "second", "blocked"):
        value = getattr(fs, name)
        if not _is_whole(value) or not 0 <= int(value) < (1 << N_SQUARES):
            raise InvalidPositionError(
                f"FastState.{name} must be a 49-bit bitboard (a whole number from 0 to "
                f"2**49 - 1), got {value!r}")
        boards.append(int(value))
    first, second, blocked = boards
    if first & second or first & blocked or second & blocked:
        raise InvalidPositionError("FastState bitboards overlap: a square holds at most one of "
                         "first, second, blocked")
    if not _is_whole(fs.to_move) or int(fs.to_move) not in (FIRST, SECOND):
        raise InvalidPositionError(f"FastState.to_move must be 1 (first) or 2 (second), got {fs.to_move!r}")
    for name in ("turns", "halfmove"):
        value = getattr(fs, name)
        if not _is_whole(value) or value < 0:
            raise InvalidPositionError(
                f"FastState.{name} must be a whole number >= 0, got {value!r}")
    turns, to_move = int(fs.turns), int(fs.to_move)
    if to_move != (FIRST if turns % 2 == 0 else SECOND):
        raise InvalidPositionError(
            f"FastState.to_move is {to_move} after {turns} turns; the first player (1) moves "
            "after an even number of turns, the second (2) after an odd one")
    return FastState(np.uint64(first), np.uint64(second), np.uint64(blocked), int(fs.to_move),
                     int(fs.turns), int(fs.halfmove))


def _position(position: object) -> FastState:
    """A checked FastState from a State, a FastState or a FEN string."""
    if isinstance(position, FastState):
        return _checked(position)
    if isinstance(position, State):
        return to_fast(position)
    if isinstance(position, str):
        return to_fast(State.from_fen(position))
    raise InvalidArgumentError("expected a position: a State, a FastState or a FEN string, got "
                               f"{type(position).__name__}")


def _depth(depth: object, least: int = 0) -> int:
    if not _is_whole(depth) or not least <= depth <= MAX_PERFT_DEPTH:
        raise InvalidArgumentError(
            f"depth must be a whole number from {least} to {MAX_PERFT_DEPTH} (no game lasts "
            f"more than {MAX_TURNS} turns), got {depth!r}")
    return int(depth)


def _seed(seed: object) -> int:
    if isinstance(seed, np.integer) and not isinstance(seed, np.bool_):
        seed = int(seed)
    try:
        return check_seed(seed)
    except ValueError as error:
        raise InvalidArgumentError(str(error)) from None


def _turns(fs: FastState) -> int:
    """The turn count handed to kernels. They only ask ``turns >= 400``, so a larger count
    (a FEN may say fullmove 10**30) is capped there to fit in an int64."""
    return min(fs.turns, MAX_TURNS)


def _mover(fs: FastState) -> tuple[np.uint64, np.uint64]:
    """``(me, opp)``: the bitboards of the side to move and of the other side."""
    return (fs.first, fs.second) if fs.to_move == FIRST else (fs.second, fs.first)


# --- Positions --------------------------------------------------------------------------------


def to_fast(state: State) -> FastState:
    """The FastState of a readable ``State`` (turns and halfmove clock included).

    >>> to_fast(State.start()) == START
    True
    """
    if not isinstance(state, State):
        raise InvalidArgumentError(f"to_fast expects a State, got {type(state).__name__}")
    boards = {FIRST: 0, SECOND: 0, BLOCKED: 0}
    for x in range(1, SIZE + 1):
        for y in range(1, SIZE + 1):
            cell = state.grid[x][y]
            if cell != EMPTY:
                boards[cell] |= 1 << ((x - 1) * SIZE + (y - 1))
    return FastState(np.uint64(boards[FIRST]), np.uint64(boards[SECOND]),
                     np.uint64(boards[BLOCKED]), state.to_move, state.turns, state.halfmove)


def from_fast(fs: FastState) -> State:
    """The readable ``State`` of a FastState; ``from_fast(to_fast(s)) == s``, turns and
    halfmove clock included.

    >>> print(from_fast(START).fen())
    x5o/7/7/7/7/7/o5x x 0 1
    """
    fs = _checked(fs)
    grid = [[EMPTY] * (SIZE + 1) for _ in range(SIZE + 1)]
    for player, board in ((FIRST, fs.first), (SECOND, fs.second), (BLOCKED, fs.blocked)):
        board = int(board)
        for s in range(N_SQUARES):
            if board >> s & 1:
                grid[s // SIZE + 1][s % SIZE + 1] = player
    return State(grid, to_move=fs.to_move, turns=fs.turns, halfmove=fs.halfmove)


START: FastState = to_fast(State.start())
"""The start position."""


# --- Moves ------------------------------------------------------------------------------------


def encode_move(move: Move) -> int:
    """The int code of a Move: ``source_bit * 64 + destination_bit``, ``-1`` for PASS.

    A clone is encoded with the source it is written with; the generator's codes use the
    canonical source (``State.generate_moves`` gives Moves in that form).

    >>> encode_move(Move(1, 1, 2, 2)), encode_move(PASS)
    (8, -1)
    """
    if not isinstance(move, Move):
        raise InvalidArgumentError(f"encode_move expects a Move, got {type(move).__name__}")
    if move.is_pass:
        return PASS_CODE
    source = (move.x1 - 1) * SIZE + (move.y1 - 1)
    destination = (move.x2 - 1) * SIZE + (move.y2 - 1)
    return source * 64 + destination


def decode_move(code: int) -> Move:
    """The Move of an int code (the inverse of ``encode_move``).

    >>> decode_move(8), decode_move(-1)
    (Move(1, 1, 2, 2), PASS)
    """
    if not _is_whole(code):
        raise InvalidArgumentError(f"a move code is a whole number (source * 64 + destination, or -1 for "
                        f"a pass), got {code!r}")
    code = int(code)
    if code == PASS_CODE:
        return PASS
    source, destination = divmod(code, 64)
    if not (0 <= source < N_SQUARES and 0 <= destination < N_SQUARES):
        raise InvalidMoveError(
            f"move code {code} is not source * 64 + destination with both squares in 0..48 "
            "(or -1 for a pass)")
    # Move() itself refuses a distance other than 1 or 2.
    return Move(source // SIZE + 1, source % SIZE + 1, destination // SIZE + 1,
                destination % SIZE + 1)


def legal_moves(fs: FastState | State | str, pairs: bool = False) -> np.ndarray:
    """The legal move codes in canonical order (int64), like ``State.legal_moves()``: empty
    when nothing is left to play (a player has no stones or the board is full), ``[-1]`` (the
    pass) when the side to move cannot move. Like the readable tier it does not look at the
    400-turn cap: ``is_over`` does.

    ``pairs=True`` lists every (source, destination) pair instead: a clone once per friendly
    stone next to its destination.

    >>> legal_moves(START)[:4]                       # from a7 (bit 0): b7, a7c7, a6, b6
    array([1, 2, 7, 8])
    >>> len(legal_moves(START)), len(legal_moves(START, pairs=True))
    (16, 16)
    """
    fs = _position(fs)
    me, opp = _mover(fs)
    empty = np.uint64(_empty_squares(me, opp, fs.blocked))   # re-wrap: numba hands back an int
    if me == 0 or opp == 0 or empty == 0:
        return np.empty(0, dtype=np.int64)
    out = np.empty(MOVE_BUFFER, dtype=np.int64)
    n = _generate_moves(me, empty, out, bool(pairs))
    if n == 0:
        return np.array([PASS_CODE], dtype=np.int64)
    return out[:n].copy()


def is_over(fs: FastState) -> bool:
    """True when the game has ended, exactly as ``State.is_over()``.

    >>> is_over(START)
    False
    """
    fs = _checked(fs)
    return bool(_is_over(fs.first, fs.second, fs.blocked, _turns(fs)))


def winner(fs: FastState) -> int | None:
    """1 or 2 for the player with more stones, 0 for a draw, None while the game goes on.

    >>> winner(START) is None
    True
    """
    fs = _checked(fs)
    if not _is_over(fs.first, fs.second, fs.blocked, _turns(fs)):
        return None
    first, second = int(fs.first).bit_count(), int(fs.second).bit_count()
    return FIRST if first > second else SECOND if second > first else 0


def apply(fs: FastState, code: int) -> FastState:
    """The position after the move ``code``, which must be legal here.

    A clone may be given with any friendly source next to its destination. Clone: halfmove
    clock to 0; jump or pass: halfmove + 1; then turns + 1 and the other side moves.

    >>> child = apply(START, 8)                       # clone a7 -> b6
    >>> child.to_move, child.turns, int(child.first).bit_count()
    (2, 1, 3)
    """
    fs = _checked(fs)
    decode_move(code)                                 # type and range check
    code = int(code)
    if is_over(fs):
        raise GameOverError(f"the game is over: move code {code} cannot be played")
    if code not in legal_moves(fs, pairs=True):
        raise IllegalMoveError(
            f"move code {code} ({decode_move(code).uai()}) is not legal here; legal codes: "
            f"{legal_moves(fs).tolist()}")
    me, opp = _mover(fs)
    me, opp = _apply_move(me, opp, code)
    is_clone = code >= 0 and (int(RING1[code >> 6]) >> (code & 63)) & 1
    halfmove = 0 if is_clone else fs.halfmove + 1
    first, second = (me, opp) if fs.to_move == FIRST else (opp, me)
    return FastState(np.uint64(first), np.uint64(second), fs.blocked, 3 - fs.to_move,
                     fs.turns + 1, halfmove)


# --- perft ------------------------------------------------------------------------------------


def perft(position: Position, depth: int, bulk: bool = False) -> int:
    """The number of move sequences of length ``depth`` (the course's perft).

    perft(0) = 1; at depth >= 1 a finished game counts 0; a forced pass counts as one move.
    ``bulk=True`` counts the last ply with popcounts instead of playing each leaf (same number,
    about 15x faster).

    >>> [perft("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", d, bulk=True) for d in range(4)]
    [1, 14, 196, 4184]
    """
    fs = _position(position)
    depth = _depth(depth)
    me, opp = _mover(fs)
    return _perft_in_chunks(me, opp, fs.blocked, _turns(fs), depth, flag(bulk, "bulk"), False)


def pair_perft(position: Position, depth: int, bulk: bool = False) -> int:
    """perft over (source, destination) pairs, as naive code enumerates moves: a clone counts
    once per friendly stone next to its destination, so equal children are counted again.

    >>> [pair_perft(START, d) for d in range(4)]
    [1, 16, 256, 6652]
    """
    fs = _position(position)
    depth = _depth(depth)
    me, opp = _mover(fs)
    return _perft_in_chunks(me, opp, fs.blocked, _turns(fs), depth, flag(bulk, "bulk"), True)


def divide(position: Position, depth: int, bulk: bool = False) -> list[tuple[Move, int]]:
    """perft split by first move: ``[(move, perft(child, depth - 1)), ...]`` in canonical
    order, like the readable ``divide``.

    >>> divide(START, 2)[:2]
    [(Move(1, 1, 1, 2), 16), (Move(1, 1, 1, 3), 16)]
    """
    fs = _position(position)
    depth = _depth(depth, least=1)
    me, opp = _mover(fs)
    result = []
    if is_over(fs):                                   # a finished game has no sequences
        return result
    for code in legal_moves(fs).tolist():
        child_me, child_opp = _apply_move(me, opp, code)
        # The child from its mover's view: the opponent moves next. Kernels hand back Python
        # ints: re-wrap them as np.uint64, or _perft would compile a second (int64) version.
        count = _perft_in_chunks(np.uint64(child_opp), np.uint64(child_me), fs.blocked,
                                 _turns(fs) + 1, depth - 1, flag(bulk, "bulk"), False)
        result.append((decode_move(code), count))
    return result


CHUNK_PLIES = 5
"""The deepest perft one call of the compiled kernel makes (4 without ``bulk``): a deeper one
is split into the subtrees of its moves, so that the kernel returns to Python every fraction of
a second and Ctrl-C (KeyboardInterrupt, or a notebook's interrupt) stops it promptly. From the
start position perft(5) bulk-counted takes a few milliseconds, and a middle-game one, about 60
moves a ply, well under a second."""


def _perft_in_chunks(me: np.uint64, opp: np.uint64, blocked: np.uint64, turns: int,
                     depth: int, bulk: bool, pairs: bool) -> int:
    """``_perft`` (the same count), split at the top into calls of at most ``CHUNK_PLIES``
    plies; the moves, the pass and the end of the game as the kernel has them."""
    if depth <= CHUNK_PLIES - (not bulk):
        return int(_perft(me, opp, blocked, turns, depth, bulk, pairs))
    empty = np.uint64(_empty_squares(me, opp, blocked))
    if me == 0 or opp == 0 or empty == 0 or turns >= MAX_TURNS:
        return 0                                          # the game is over
    codes = np.empty(MOVE_BUFFER, dtype=np.int64)
    n = _generate_moves(me, empty, codes, pairs)
    if n == 0:                                            # a pass, unless neither can move
        if blocked != 0 and not _can_move(opp, empty):
            return 0
        return _perft_in_chunks(opp, me, blocked, turns + 1, depth - 1, bulk, pairs)
    total = 0
    for code in codes[:n].tolist():
        child_me, child_opp = _apply_move(me, opp, code)
        total += _perft_in_chunks(np.uint64(child_opp), np.uint64(child_me), blocked,
                                  turns + 1, depth - 1, bulk, pairs)
    return total


# --- Seeded random games ----------------------------------------------------------------------


def random_game(position: Position, seed: int, pairs: bool = False) -> list[Move]:
    """The moves of a seeded random game to its end, from ``position``.

    Move for move the game that ``RandomAgent(seed)`` plays against itself on the readable
    tier: each turn it draws ``next_u64() % len(moves)`` over the legal moves in canonical
    order (a forced pass still draws). ``pairs=True``: uniform over (source, destination)
    pairs instead.

    >>> from course_lib.agents import RandomAgent
    >>> state, agent = State.start(), RandomAgent(seed=3)
    >>> first_three = []
    >>> for _ in range(3):
    ...     move = agent.choose_move(state)
    ...     first_three.append(move)
    ...     state = state.apply(move)
    >>> random_game(START, seed=3)[:3] == first_three
    True
    """
    fs = _position(position)
    rng = np.array([_seed(seed)], dtype=np.uint64)
    record = np.empty(MAX_TURNS, dtype=np.int64)
    _, _, played = _play_random_game(fs.first, fs.second, fs.blocked, fs.to_move, _turns(fs), rng,
                                     bool(pairs), record)
    return [decode_move(code) for code in record[:played].tolist()]


def random_playouts(position: Position, n_games: int, seed: int,
                    pairs: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Play ``n_games`` seeded random games from ``position``, one after another from one
    generator seeded once (game 0 is ``random_game(position, seed)``).

    Returns ``(winners, lengths)``: ``winners`` int8, 1 or 2 for the winner, 0 for a draw;
    ``lengths`` int32, the turns played in each game from ``position`` (passes included).
    ``pairs=True``: the random player picks uniformly among (source, destination) pairs.

    >>> winners, lengths = random_playouts(START, 3, seed=1)
    >>> winners.dtype, lengths.dtype, len(winners)
    (dtype('int8'), dtype('int32'), 3)
    >>> int(lengths[0]) == len(random_game(START, seed=1))
    True
    """
    fs = _position(position)
    if not _is_whole(n_games) or not 0 <= n_games <= MAX_PLAYOUTS:
        raise InvalidArgumentError(
            f"n_games must be a whole number from 0 to {MAX_PLAYOUTS:,}, got {n_games!r}")
    rng = np.array([_seed(seed)], dtype=np.uint64)
    winners = np.zeros(int(n_games), dtype=np.int8)
    lengths = np.zeros(int(n_games), dtype=np.int32)
    _random_playouts(fs.first, fs.second, fs.blocked, fs.to_move, _turns(fs), rng, bool(pairs),
                     winners, lengths)
    return winners, lengths
