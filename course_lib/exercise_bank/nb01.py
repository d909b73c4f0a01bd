"""The exercises of the course's notebooks, registered with ``course_lib.exercises``.

Each right answer is computed here by the library when a check runs. Names start with the
notebook's number.
"""

from __future__ import annotations

from ..ataxx import MAX_TURNS, State, fast, perft
from ..exercises import register
from .compare import same_move as _same_move
from .compare import whole_number as _whole_number

# --- Notebook 01: rules and moves ------------------------------------------------------------
# The positions are the questions; the notebook shows the same FEN strings.

TURNS_FEN = "2o1oo1/oooo3/2o1ox1/1x1xx2/1x2xxx/1x2x2/3xxx1 o 0 31"
"""01-turns-left: how many more turns can be played before the 400-turn limit?"""

MOVES_FEN = "7/4o2/4o2/5x1/4x1x/o4x1/1o3x1 x 0 7"
"""01-legal-moves: how many legal moves does x have?"""

GAIN_FEN = "5oo/1x2o2/2x4/7/1xx4/o5x/6x x 0 7"
"""01-best-gain: which move gives x the largest lead in stones (x's minus o's)?"""

PERFT_FEN = "7/7/1x1o3/3o3/7/7/7 x 0 1"
"""01-perft-2: perft(2) of this position."""


def _turns_left() -> int:
    return MAX_TURNS - State.from_fen(TURNS_FEN).turns


def _legal_move_count() -> int:
    return len(State.from_fen(MOVES_FEN).legal_moves())


def _best_gain_move():
    """The move with the highest gain; the position is chosen so that only one move has it."""
    state = State.from_fen(GAIN_FEN)
    moves = state.legal_moves()
    best = max(state.gain(move) for move in moves)
    winners = [move for move in moves if state.gain(move) == best]
    if len(winners) != 1:
        raise RuntimeError(f"01-best-gain: {len(winners)} moves share the best gain {best}")
    return winners[0]


def _perft_2() -> int:
    return perft(State.from_fen(PERFT_FEN), 2)


register(
    "01-turns-left", _turns_left,
    mistake=MAX_TURNS - 60,  # forgot the +1 for o to move
    hint="the last FEN field is the fullmove number: turns played = 2 * (fullmove - 1), "
         "plus 1 when o is to move (State.from_fen(fen).turns computes it); the game stops "
         "when 400 turns have been played in all.",
    compare=_whole_number)

register(
    "01-legal-moves", _legal_move_count,
    # counted (source, destination) pairs
    mistake=len(fast.legal_moves(fast.to_fast(State.from_fen(MOVES_FEN)), pairs=True)),
    hint="count one clone per empty square next to an x stone (not one per stone next to it), "
         "plus one jump per (x stone, empty square two steps away). "
         "len(position.legal_moves()) counts them.",
    compare=_whole_number)

register(
    "01-best-gain", _best_gain_move,
    mistake="d6",  # a best clone; the jump c5e7 gains more
    hint="the lead is x's stones minus o's. A clone's new stone adds 1 to it, and every "
         "capture adds 2 (one more x stone, one less o stone); a jump adds only its captures. "
         "position.gain(move) gives each move's gain. "
         "Write the move as text: a clone is its destination ('b6'), a jump source then "
         "destination ('a7c5').",
    compare=_same_move(GAIN_FEN))

register(
    "01-perft-2", _perft_2,
    mistake=17 * 40,  # x's 17 moves times o's 40, as if nothing changed
    hint="for each move of x, count the replies of o. A move that captures o's last stones "
         "ends the game, and a finished game has no replies: it adds 0. "
         "perft(position, 2) computes it.",
    compare=_whole_number)
