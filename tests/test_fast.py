"""The fast (numba) tier against the spec's numbers and against the readable tier.

Oracles: the perft numbers of COURSE_SPEC section 2, and the readable tier
(``course_lib.ataxx.rules`` and ``RandomAgent``), which is written to be read and checked by
eye. No expected value here comes from the fast tier itself.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib.agents import RandomAgent
from course_lib.ataxx import BLOCKED, EMPTY, FIRST, PASS, SECOND, SIZE, SQUARES, Move, State
from course_lib.ataxx import fast
from course_lib.ataxx import perft as readable_perft
from course_lib.ataxx import divide as readable_divide
from course_lib.errors import (IllegalMoveError, InvalidArgumentError, InvalidFenError,
                               InvalidMoveError)
from course_lib.rng import SplitMix64

START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"
GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"

START_PERFT = [1, 16, 256, 6460, 155888, 4752668, 141865520]
GAP_PERFT = [1, 14, 196, 4184, 86528, 2266352]
PAIR_PERFT = [1, 16, 256, 6652, 165656, 5313188]


# --- Building positions with the readable tier ------------------------------------------------


def make_state(cells: dict, to_move: int = FIRST, turns: int = 0, halfmove: int = 0) -> State:
    grid = [[EMPTY] * (SIZE + 1) for _ in range(SIZE + 1)]
    for (x, y), cell in cells.items():
        grid[x][y] = cell
    return State(grid, to_move=to_move, turns=turns, halfmove=halfmove)


def ring(x: int, y: int, d: int) -> list:
    return [(a, b) for (a, b) in SQUARES if 1 <= max(abs(a - x), abs(b - y)) <= d]


def walled_first() -> State:
    """x in the top-left corner walled in by blocked squares (it must always pass); o free."""
    cells = {sq: BLOCKED for sq in ring(1, 1, 2)}
    cells[1, 1], cells[7, 7], cells[7, 1] = FIRST, SECOND, SECOND
    return make_state(cells)


def both_walled() -> State:
    """Both sides walled in with empty squares left: over at once, neither can move (a draw)."""
    cells = {sq: BLOCKED for sq in ring(1, 1, 2) + ring(7, 7, 2)}
    cells[1, 1], cells[7, 7] = FIRST, SECOND
    return make_state(cells)


def hole_in_the_middle() -> State:
    """An empty centre square nobody can ever reach: the game ends when the border ring is full
    (neither player can move) or a side is wiped out."""
    cells = {sq: BLOCKED for sq in ring(4, 4, 2)}
    cells[1, 1], cells[7, 7] = FIRST, FIRST
    cells[1, 7], cells[7, 1] = SECOND, SECOND
    return make_state(cells)


def random_blocked(seed: int, count: int) -> State:
    """The start stones plus ``count`` blocked squares chosen by a seeded generator."""
    rng = SplitMix64(seed)
    free = [sq for sq in SQUARES if sq not in ((1, 1), (7, 7), (1, 7), (7, 1))]
    cells = {(1, 1): FIRST, (7, 7): FIRST, (1, 7): SECOND, (7, 1): SECOND}
    for _ in range(count):
        cells[free.pop(rng.below(len(free)))] = BLOCKED
    return make_state(cells)


def near_cap(state: State, turns: int) -> State:
    """The same board with the turn counter moved close to the 400-turn end."""
    turns = turns + (1 if (turns % 2 == 0) != (state.to_move == FIRST) else 0)
    return State([row[:] for row in state.grid], state.to_move, turns, state.halfmove)


def readable_game(state: State, seed: int) -> list[tuple[State, Move]]:
    """RandomAgent(seed) playing both sides to the end: (position, move played) pairs."""
    agent = RandomAgent(seed)
    played = []
    while not state.is_over():
        move = agent.choose_move(state)
        played.append((state, move))
        state = state.apply(move)
    played.append((state, None))
    return played


def readable_pairs(state: State) -> list[Move]:
    """The naive (source, destination) enumeration, from the readable tier's grid; like
    legal_moves, empty only when a player has no stones or the board is full."""
    if state.is_decided():
        return []
    me = state.to_move
    moves = [Move(x, y, tx, ty) for (x, y) in SQUARES if state[x, y] == me
             for (tx, ty) in SQUARES
             if max(abs(tx - x), abs(ty - y)) in (1, 2) and state[tx, ty] == EMPTY]
    return moves or [PASS]


def readable_pair_game(state: State, seed: int) -> list[Move]:
    rng, moves = SplitMix64(seed), []
    while not state.is_over():
        choices = readable_pairs(state)
        move = choices[rng.below(len(choices))]
        moves.append(move)
        state = state.apply(move)
    return moves


STARTS = {
    "start": State.start(),
    "gap": State.from_fen(GAP_FEN),
    "walled_first": walled_first(),
    "hole": hole_in_the_middle(),
    "blocked_5": random_blocked(11, 5),
    "blocked_12": random_blocked(12, 12),
    "near_cap": State.from_fen("x5o/7/7/7/7/7/o5x x 0 196"),
    "near_cap_gap": State.from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 3 198"),
}


def sample_positions() -> list[State]:
    """Every position of a few seeded random games from each start, plus their middle-game
    boards moved near the 400-turn cap: a few thousand positions, all kinds of endings."""
    positions = []
    for i, (name, start) in enumerate(sorted(STARTS.items())):
        for seed in range(3):
            game = [s for s, _ in readable_game(start, 1000 * i + seed)]
            positions += game
            positions += [near_cap(s, 397) for s in game[10:60:7]]
    positions.append(both_walled())
    return positions


POSITIONS = sample_positions()


# --- perft: the spec's numbers ----------------------------------------------------------------


@pytest.mark.parametrize("depth", range(6))
def test_perft_start_matches_spec(depth):
    assert fast.perft(State.start(), depth) == START_PERFT[depth]
    assert fast.perft(START_FEN, depth, bulk=True) == START_PERFT[depth]


def test_perft_start_depth_6_both_ways():
    assert fast.perft(fast.START, 6, bulk=True) == START_PERFT[6]
    assert fast.perft(fast.START, 6) == START_PERFT[6]


@pytest.mark.parametrize("depth", range(6))
def test_perft_gap_position_matches_spec(depth):
    assert fast.perft(GAP_FEN, depth) == GAP_PERFT[depth]
    assert fast.perft(GAP_FEN, depth, bulk=True) == GAP_PERFT[depth]


@pytest.mark.parametrize("depth", range(6))
def test_pair_perft_matches_spec(depth):
    assert fast.pair_perft(fast.START, depth) == PAIR_PERFT[depth]
    assert fast.pair_perft(fast.START, depth, bulk=True) == PAIR_PERFT[depth]


def test_perft_stops_at_the_400_turn_cap():
    # Fullmove 199 with x to move is turn 396: four more turns are played, then the game is
    # over, so sequences of 4 moves exist and none of 5.
    fen = "x5o/7/7/7/7/7/o5x x 0 199"
    assert [fast.perft(fen, d) for d in range(5)] == START_PERFT[:5]
    assert fast.perft(fen, 5) == 0
    assert fast.perft(fen, 5, bulk=True) == 0
    assert fast.perft(fen, 6, bulk=True) == 0


def test_a_huge_turn_count_is_just_over():
    state = State.from_fen("x5o/7/7/7/7/7/o5x o 0 " + "9" * 30)    # far past turn 400
    fs = fast.to_fast(state)
    assert fs.turns == state.turns > 2**64
    assert fast.is_over(fs) == state.is_over() is True
    assert fast.winner(fs) == state.winner() == 0
    assert fast.perft(fs, 0) == 1 and fast.perft(fs, 3) == 0
    assert fast.random_game(fs, 1) == []
    # legal_moves does not look at the turn cap (is_over does), in both tiers alike
    assert [fast.decode_move(c) for c in fast.legal_moves(fs).tolist()] == state.legal_moves()
    assert len(state.legal_moves()) == 16
    assert fast.from_fast(fs).fen() == state.fen()


def test_perft_of_a_finished_game():
    over = both_walled()
    assert over.is_over()
    assert [fast.perft(over, d) for d in range(3)] == [1, 0, 0]
    assert [fast.perft(over, d, bulk=True) for d in range(3)] == [1, 0, 0]


def test_forced_passes_count_as_moves():
    state = walled_first()                             # x must pass, o moves
    for depth in range(4):
        expected = readable_perft(state, depth)
        assert fast.perft(state, depth) == expected
        assert fast.perft(state, depth, bulk=True) == expected
    assert fast.perft(state, 1) == 1


# --- perft: the two tiers, and bulk against every-leaf ----------------------------------------


def test_perft_agrees_with_readable_tier_on_sampled_positions():
    for state in POSITIONS[::45]:
        for depth in range(3):
            expected = readable_perft(state, depth)
            assert fast.perft(state, depth) == expected, (state.fen(), depth)
            assert fast.perft(state, depth, bulk=True) == expected, (state.fen(), depth)


def test_bulk_equals_every_leaf_on_many_positions():
    for state in POSITIONS[::7]:
        fs = fast.to_fast(state)
        for depth in (1, 2, 3):
            assert fast.perft(fs, depth, bulk=True) == fast.perft(fs, depth), (state.fen(), depth)


def test_pair_perft_agrees_with_a_readable_pair_count():
    def pair_count(state: State, depth: int) -> int:
        if depth == 0:
            return 1
        if state.is_over():                        # perft: a finished game counts 0
            return 0
        return sum(pair_count(state.apply(m), depth - 1) for m in readable_pairs(state))

    for state in POSITIONS[::120] + [walled_first(), both_walled()]:
        for depth in range(3):
            assert fast.pair_perft(state, depth) == pair_count(state, depth), state.fen()
            assert fast.pair_perft(state, depth, bulk=True) == pair_count(state, depth)


def test_divide_agrees_with_readable_divide():
    for state in [State.start(), State.from_fen(GAP_FEN), walled_first()] + POSITIONS[::300]:
        for depth in (1, 2):
            assert fast.divide(state, depth) == readable_divide(state, depth), state.fen()
    assert sum(n for _, n in fast.divide(GAP_FEN, 4)) == GAP_PERFT[4]


# --- Symmetry ---------------------------------------------------------------------------------

SYMMETRIES = [
    lambda x, y: (x, y),
    lambda x, y: (y, 8 - x),            # rotations
    lambda x, y: (8 - x, 8 - y),
    lambda x, y: (8 - y, x),
    lambda x, y: (x, 8 - y),            # reflections
    lambda x, y: (8 - x, y),
    lambda x, y: (y, x),
    lambda x, y: (8 - y, 8 - x),
]


def transformed(state: State, symmetry) -> State:
    grid = [[EMPTY] * (SIZE + 1) for _ in range(SIZE + 1)]
    for (x, y) in SQUARES:
        tx, ty = symmetry(x, y)
        grid[tx][ty] = state.grid[x][y]
    return State(grid, state.to_move, state.turns, state.halfmove)


def test_the_eight_symmetries_are_eight_different_maps():
    images = {tuple(sym(x, y) for (x, y) in SQUARES) for sym in SYMMETRIES}
    assert len(images) == 8
    assert all(sorted(image) == SQUARES for image in images)


@pytest.mark.parametrize("index", range(8))
def test_symmetries_leave_perft_unchanged(index):
    symmetry = SYMMETRIES[index]
    assert fast.perft(transformed(State.from_fen(GAP_FEN), symmetry), 4) == GAP_PERFT[4]
    assert fast.perft(transformed(State.start(), symmetry), 5, bulk=True) == START_PERFT[5]
    assert fast.pair_perft(transformed(State.start(), symmetry), 4) == PAIR_PERFT[4]
    for state in POSITIONS[5::400]:
        assert (fast.perft(transformed(state, symmetry), 4, bulk=True)
                == fast.perft(state, 4, bulk=True)), state.fen()


# --- The two tiers agree position by position -------------------------------------------------


def test_positions_sample_is_varied():
    # The sample must hold what the agreement tests are meant to cover.
    assert len(POSITIONS) > 2000
    assert any(s.legal_moves() == [PASS] for s in POSITIONS)
    assert any(s.is_over() and s.turns >= 400 for s in POSITIONS)
    assert any(s.is_over() and s.winner() == 0 for s in POSITIONS)
    assert any(s.is_over() and s.outcome_reason() == "neither player can move" for s in POSITIONS)
    assert any(s.is_over() and s.outcome_reason() == "a player has no stones left"
               for s in POSITIONS)
    assert any(s.is_over() and s.outcome_reason() == "the board is full" for s in POSITIONS)


def test_legal_moves_over_and_winner_agree_with_readable_tier():
    for state in POSITIONS:
        fs = fast.to_fast(state)
        codes = fast.legal_moves(fs)
        assert codes.dtype == np.int64
        assert [fast.decode_move(c) for c in codes.tolist()] == state.legal_moves(), state.fen()
        assert fast.is_over(fs) == state.is_over(), state.fen()
        assert fast.winner(fs) == state.winner(), state.fen()


def test_move_codes_ascend_in_canonical_order():
    for state in POSITIONS[::5]:
        codes = fast.legal_moves(fast.to_fast(state)).tolist()
        assert codes == sorted(codes)
        assert [fast.encode_move(m) for m in state.legal_moves()] == codes


def test_children_agree_with_readable_tier():
    for state in POSITIONS[::3]:
        fs = fast.to_fast(state)
        if state.is_over():              # the checked apply refuses every move of a finished game
            for move in state.legal_moves():
                with pytest.raises(IllegalMoveError, match="game is over"):
                    fast.apply(fs, fast.encode_move(move))
            continue
        for move in state.legal_moves():
            child = fast.apply(fs, fast.encode_move(move))
            expected = state.apply(move)
            back = fast.from_fast(child)
            assert back == expected and back.fen() == expected.fen(), (state.fen(), move)
            assert (back.turns, back.halfmove) == (expected.turns, expected.halfmove)


def test_pair_moves_agree_with_readable_pairs():
    for state in POSITIONS[::10]:
        codes = fast.legal_moves(fast.to_fast(state), pairs=True).tolist()
        assert [fast.decode_move(c) for c in codes] == readable_pairs(state), state.fen()


def test_apply_accepts_a_clone_from_any_adjacent_source():
    state = State.from_fen("x5o/x6/7/7/7/7/o5x x 0 1")    # a7 and a6 are both next to b6
    for source in [(1, 1), (2, 1)]:
        move = Move(*source, 2, 2)
        child = fast.from_fast(fast.apply(fast.to_fast(state), fast.encode_move(move)))
        assert child.fen() == state.play(move).fen() == "x5o/xx5/7/7/7/7/o5x o 0 1"


# --- Round trips ------------------------------------------------------------------------------


def test_start_position_bits_follow_the_contract():
    # bit (x-1)*7 + (y-1): x on (1,1) and (7,7), o on (1,7) and (7,1).
    fs = fast.to_fast(State.start())
    assert int(fs.first) == (1 << 0) | (1 << 48)
    assert int(fs.second) == (1 << 6) | (1 << 42)
    assert int(fs.blocked) == 0
    assert (fs.to_move, fs.turns, fs.halfmove) == (1, 0, 0)
    gap = fast.to_fast(State.from_fen(GAP_FEN))
    assert [s for s in range(49) if int(gap.blocked) >> s & 1] == [16, 18, 30, 32]


def test_to_fast_from_fast_round_trip():
    for state in POSITIONS[::2]:
        fs = fast.to_fast(state)
        back = fast.from_fast(fs)
        assert back == state and back.fen() == state.fen()
        assert (back.turns, back.halfmove, back.to_move) == (state.turns, state.halfmove,
                                                              state.to_move)
        assert fast.to_fast(back) == fs
        assert isinstance(fs.first, np.uint64) and isinstance(fs.blocked, np.uint64)


def test_fast_state_fields_and_fen():
    state = State.from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x o 7 120")
    fs = fast.to_fast(state)
    assert fs._fields == ("first", "second", "blocked", "to_move", "turns", "halfmove")
    assert (fs.to_move, fs.turns, fs.halfmove) == (2, 239, 7)
    assert fs.fen() == state.fen()


def test_move_codes_round_trip():
    every_move = [Move(x1, y1, x2, y2) for (x1, y1) in SQUARES for (x2, y2) in SQUARES
                  if max(abs(x2 - x1), abs(y2 - y1)) in (1, 2)]
    codes = [fast.encode_move(m) for m in every_move]
    assert len(set(codes)) == len(every_move)
    assert codes == sorted(codes)                     # ascending codes = canonical order
    assert [fast.decode_move(c) for c in codes] == every_move
    assert fast.encode_move(Move(1, 1, 2, 2)) == 0 * 64 + 8
    assert fast.encode_move(PASS) == -1 and fast.decode_move(-1) == PASS


# --- Seeded random games ----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(STARTS))
@pytest.mark.parametrize("seed", [0, 1, 2, 2**64 - 1])
def test_random_game_equals_readable_random_agent(name, seed):
    start = STARTS[name]
    expected = [move for _, move in readable_game(start, seed)[:-1]]
    assert fast.random_game(start, seed) == expected


@settings(max_examples=25, deadline=None, database=None)   # no .hypothesis/ dir
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_random_game_equals_readable_for_any_seed(seed):
    expected = [move for _, move in readable_game(State.from_fen(GAP_FEN), seed)[:-1]]
    assert fast.random_game(GAP_FEN, seed) == expected


def test_random_game_from_a_finished_game_is_empty():
    assert fast.random_game(both_walled(), 5) == []


def test_random_game_with_passes_really_passes():
    moves = fast.random_game(walled_first(), 4)
    assert PASS in moves
    assert moves == [m for _, m in readable_game(walled_first(), 4)[:-1]]


@pytest.mark.parametrize("name", ["start", "gap", "hole", "near_cap"])
def test_random_playouts_continue_one_generator(name):
    start = STARTS[name]
    winners, lengths = fast.random_playouts(start, 4, seed=9)
    assert winners.dtype == np.int8 and lengths.dtype == np.int32
    agent = RandomAgent(9)                            # one agent, never reset, plays all games
    for game in range(4):
        state, played = start, 0
        while not state.is_over():
            state = state.apply(agent.choose_move(state))
            played += 1
        assert (int(winners[game]), int(lengths[game])) == (state.winner(), played)
    assert int(lengths[0]) == len(fast.random_game(start, 9))


def test_random_playouts_zero_games():
    winners, lengths = fast.random_playouts(fast.START, 0, seed=1)
    assert winners.shape == lengths.shape == (0,)


@pytest.mark.parametrize("name", ["start", "walled_first", "blocked_12"])
@pytest.mark.parametrize("seed", [3, 4])
def test_pair_random_game_equals_a_readable_pair_player(name, seed):
    start = STARTS[name]
    assert fast.random_game(start, seed, pairs=True) == readable_pair_game(start, seed)


def test_random_game_lengths_pairs_against_distinct_moves():
    # COURSE_SPEC: about 110 turns when choosing among pairs, about 185 among distinct moves.
    _, distinct = fast.random_playouts(fast.START, 3000, seed=1)
    _, pairs = fast.random_playouts(fast.START, 3000, seed=1, pairs=True)
    assert 170 <= distinct.mean() <= 200
    assert 100 <= pairs.mean() <= 120


# --- The numba traps --------------------------------------------------------------------------


def test_grow_adds_exactly_the_neighbours():
    # _grow is a kernel other compiled code uses: check it square by square against the
    # readable tier's NEIGHBOURS (and that it never sets bits beyond the 49 squares).
    from course_lib.ataxx import NEIGHBOURS
    for (x, y) in SQUARES:
        bit = (x - 1) * 7 + (y - 1)
        expected = (1 << bit) | sum(1 << ((a - 1) * 7 + (b - 1)) for (a, b) in NEIGHBOURS[x, y])
        assert int(fast._grow(np.uint64(1 << bit))) == expected, (x, y)


def test_kernels_compiled_once_for_uint64_boards():
    # A uint64 that comes back from numba is a Python int; passed in again unwrapped it would
    # compile a second (int64) specialisation. The public API must always re-wrap.
    fs = fast.to_fast(State.from_fen(GAP_FEN))
    child = fast.apply(fs, int(fast.legal_moves(fs)[0]))
    fast.perft(child, 2), fast.divide(child, 2), fast.legal_moves(child), fast.is_over(child)
    fast.random_game(child, 1), fast.random_playouts(child, 2, 1), fast.winner(child)
    fast.legal_moves(fast.FastState(int(fs.first), int(fs.second), 0, 1, 0, 0))
    for kernel in (fast._perft, fast._generate_moves, fast._is_over, fast._apply_move,
                   fast._play_random_game, fast._random_playouts):
        assert kernel.signatures, kernel
        for signature in kernel.signatures:
            assert str(signature[0]) == "uint64" and str(signature[1]) == "uint64", (
                kernel, kernel.signatures)


# --- Errors at the boundary -------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 2.0, True, "3", None, 401, 2**63, 10**30])
def test_perft_refuses_a_bad_depth(bad):
    with pytest.raises(InvalidArgumentError, match="depth must be a whole number from 0 to 400"):
        fast.perft(fast.START, bad)
    with pytest.raises(InvalidArgumentError, match="depth must be a whole number from 0 to 400"):
        fast.pair_perft(fast.START, bad)


@pytest.mark.parametrize("bad", [0, -3, 401, 2**63])
def test_divide_needs_a_depth_from_1_to_400(bad):
    # 2**63 used to reach the compiled kernel, which cannot be interrupted
    with pytest.raises(InvalidArgumentError, match="from 1 to 400"):
        fast.divide(fast.START, bad)


def test_perft_beyond_the_turn_cap_is_zero_at_the_largest_depth():
    assert fast.perft("x5o/7/7/7/7/7/o5x x 0 200", 400) == 0


def test_perft_refuses_what_is_not_a_position():
    with pytest.raises(TypeError, match="State, a FastState or a FEN string"):
        fast.perft(42, 1)
    with pytest.raises(TypeError, match="State, a FastState or a FEN string"):
        fast.random_game([1, 2], 1)
    with pytest.raises(InvalidFenError, match="6 ranks"):
        fast.perft("x5o/7/7/7/7/o5x x 0 1", 1)


@pytest.mark.parametrize("bad", [-1, 1.5, 2**64, "7", None, True])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(ValueError, match="seed"):
        fast.random_game(fast.START, bad)
    with pytest.raises(ValueError, match="seed"):
        fast.random_playouts(fast.START, 2, bad)


def test_bad_game_counts_are_refused():
    for bad in (-1, 2.5, 10**7 + 1, 2**64):
        with pytest.raises(InvalidArgumentError, match="n_games must be a whole number from 0 "
                                                       "to 10,000,000"):
            fast.random_playouts(fast.START, bad, 1)


def test_bad_move_codes_are_refused():
    with pytest.raises(TypeError, match="whole number"):
        fast.decode_move("8")
    with pytest.raises(InvalidMoveError, match="0..48"):
        fast.decode_move(49 * 64)
    with pytest.raises(InvalidMoveError, match="0..48"):
        fast.decode_move(-2)
    with pytest.raises(InvalidMoveError, match="distance"):
        fast.decode_move(0)                            # a7 to a7
    with pytest.raises(InvalidMoveError, match="distance"):
        fast.decode_move(3)                            # a7 to d7: distance 3
    with pytest.raises(TypeError, match="expects a Move"):
        fast.encode_move("b6")


def test_apply_refuses_illegal_moves():
    with pytest.raises(IllegalMoveError, match="not legal here"):
        fast.apply(fast.START, fast.encode_move(Move(4, 4, 4, 5)))       # no stone on d4
    with pytest.raises(IllegalMoveError, match="not legal here"):
        fast.apply(fast.START, -1)                                       # may not pass
    with pytest.raises(IllegalMoveError, match="game is over"):
        fast.apply(fast.to_fast(both_walled()), -1)
    with pytest.raises(TypeError, match="move code"):
        fast.apply(fast.START, 8.0)


def test_bad_fast_states_are_refused():
    # legal_moves takes any position, like perft; anything else is refused
    assert fast.legal_moves(State.start()).tolist() == fast.legal_moves(fast.START).tolist()
    assert fast.legal_moves(START_FEN).tolist() == fast.legal_moves(fast.START).tolist()
    with pytest.raises(TypeError, match="expected a position"):
        fast.legal_moves(42)
    with pytest.raises(TypeError, match="to_fast expects a State"):
        fast.to_fast(START_FEN)
    with pytest.raises(ValueError, match="overlap"):
        fast.is_over(fast.FastState(np.uint64(1), np.uint64(3), np.uint64(0), 1, 0, 0))
    with pytest.raises(ValueError, match="49-bit"):
        fast.winner(fast.FastState(np.uint64(1 << 49), np.uint64(2), np.uint64(0), 1, 0, 0))
    with pytest.raises(ValueError, match="to_move must be 1"):
        fast.perft(fast.FastState(np.uint64(1), np.uint64(2), np.uint64(0), 0, 0, 0), 1)
    with pytest.raises(ValueError, match="turns must be a whole number >= 0"):
        fast.from_fast(fast.FastState(np.uint64(1), np.uint64(2), np.uint64(0), 1, -1, 0))
