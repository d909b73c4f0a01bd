"""perft: the spec's numbers are the oracle, and the board's 8 symmetries must not change them."""

from __future__ import annotations

import random

import pytest

from course_lib.ataxx import (BLOCKED, EMPTY, FIRST, PASS, SECOND, SIZE, SQUARES, START_FEN,
                              Move, State, divide, perft)
from course_lib.ataxx.perft import perft as perft_from_module

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"

# COURSE_SPEC.md section 2, "perft": depths 1..6 and 1..5.
SPEC_START = [1, 16, 256, 6460, 155888, 4752668, 141865520]
SPEC_GAP = [1, 14, 196, 4184, 86528, 2266352]
# The same section: (source, destination) pairs from the start, depths 0..5.
SPEC_START_PAIRS = [1, 16, 256, 6652, 165656, 5313188]


def test_perft_is_reexported():
    assert perft is perft_from_module


@pytest.mark.parametrize("depth", range(5))
def test_perft_start_matches_spec(depth):
    assert perft(State.start(), depth) == SPEC_START[depth]


@pytest.mark.parametrize("depth", range(5))
def test_perft_gap_position_matches_spec(depth):
    assert perft(State.from_fen(GAP_FEN), depth) == SPEC_GAP[depth]


@pytest.mark.parametrize("fen, depth", [(START_FEN, 3), (START_FEN, 4), (GAP_FEN, 3), (GAP_FEN, 4)])
def test_divide_sums_to_perft(fen, depth):
    state = State.from_fen(fen)
    spec = SPEC_START if fen == START_FEN else SPEC_GAP
    split = divide(state, depth)
    assert [move for move, _ in split] == state.legal_moves()
    assert sum(count for _, count in split) == spec[depth]
    if depth <= 3:
        assert sum(count for _, count in split) == perft(state, depth)
        for move, count in split:
            assert count == perft(state.apply(move), depth - 1)


def test_divide_start_is_symmetric():
    # No first move reaches within 2 squares of an o stone, so o keeps its 16 moves after each.
    split = dict((m.uai(), n) for m, n in divide(State.start(), 2))
    assert len(split) == 16
    assert set(split.values()) == {16}          # every first move leaves o its 16 moves
    assert sum(split.values()) == SPEC_START[2]


def test_divide_rejects_depth_zero():
    with pytest.raises(ValueError, match="depth"):
        divide(State.start(), 0)


@pytest.mark.parametrize("depth", [-1, 1.5, "2", True, None])
def test_perft_and_divide_reject_a_bad_depth(depth):
    with pytest.raises(ValueError, match="depth"):
        perft(State.start(), depth)
    with pytest.raises(ValueError, match="depth"):
        divide(State.start(), depth)


def test_perft_does_not_change_the_position():
    state = State.from_fen(GAP_FEN)
    before = (state.key(), state.turns, state.halfmove)
    perft(state, 3)
    assert (state.key(), state.turns, state.halfmove) == before


# -- finished games and forced passes ----------------------------------------------------------


@pytest.mark.parametrize("fen", [
    "x6/7/7/7/7/7/7 o 0 1",                         # o has no stones
    "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/ooooooo x 0 30",   # full board
    "x5o/7/7/7/7/7/o5x x 0 201",                    # 400 turns played
    "xx--3/----3/----3/7/4---/4---/4--o x 0 1",     # neither player can move
])
def test_perft_of_a_finished_game(fen):
    state = State.from_fen(fen)
    assert state.is_over()
    assert perft(state, 0) == 1
    assert [perft(state, d) for d in (1, 2, 3)] == [0, 0, 0]
    assert divide(state, 1) == [] and divide(state, 2) == []


def test_perft_counts_a_forced_pass_as_one_move():
    # x on a7 is walled in by o stones at distance 1 and 2: x must pass, then o moves.
    state = State.from_fen("xoo4/ooo4/ooo4/7/7/7/7 x 0 1")
    assert state.legal_moves() == [PASS]
    after_pass = state.apply(PASS)
    assert perft(state, 1) == 1
    assert perft(state, 2) == len(after_pass.legal_moves())
    assert perft(state, 3) == perft(after_pass, 2)


def test_perft_at_the_turn_cap():
    # 399 turns played: every move of o ends the game, so depth 2 counts 0 below each.
    state = State.from_fen("x5o/7/7/7/7/7/o5x o 0 200")
    assert state.turns == 399 and not state.is_over()
    assert perft(state, 1) == 16
    assert perft(state, 2) == 0


# -- the spec's (source, destination) pair counts: a naive generator on the library's apply --


def _pair_moves(state):
    me = state.to_move
    pairs = []
    for (x1, y1) in SQUARES:
        if state.grid[x1][y1] != me:
            continue
        for (x2, y2) in SQUARES:
            if state.grid[x2][y2] == EMPTY and max(abs(x2 - x1), abs(y2 - y1)) in (1, 2):
                pairs.append((x1, y1, x2, y2))
    return pairs


def _pair_perft(state, depth):
    if depth == 0:
        return 1
    if state.is_over():
        return 0
    pairs = _pair_moves(state)
    if not pairs:
        return _pair_perft(state.apply(PASS), depth - 1)
    return sum(_pair_perft(state.apply(Move(*p)), depth - 1) for p in pairs)


@pytest.mark.parametrize("depth", range(4))
def test_pair_counts_from_the_spec(depth):
    assert _pair_perft(State.start(), depth) == SPEC_START_PAIRS[depth]


# -- the 8 symmetries of the board -------------------------------------------------------------

N = SIZE + 1     # 8: a coordinate c maps to N - c under reflection

SYMMETRIES = {
    "identity": lambda x, y: (x, y),
    "rotate 90": lambda x, y: (y, N - x),
    "rotate 180": lambda x, y: (N - x, N - y),
    "rotate 270": lambda x, y: (N - y, x),
    "flip rows": lambda x, y: (N - x, y),
    "flip columns": lambda x, y: (x, N - y),
    "transpose": lambda x, y: (y, x),
    "anti-transpose": lambda x, y: (N - y, N - x),
}


def transform(state: State, mapping) -> State:
    grid = [[EMPTY] * N for _ in range(N)]
    for (x, y) in SQUARES:
        tx, ty = mapping(x, y)
        grid[tx][ty] = state.grid[x][y]
    return State(grid, to_move=state.to_move, turns=state.turns, halfmove=state.halfmove)


def test_symmetries_are_eight_distinct_permutations():
    images = set()
    for mapping in SYMMETRIES.values():
        image = tuple(mapping(x, y) for (x, y) in SQUARES)
        assert sorted(image) == SQUARES             # a permutation of the 49 squares
        images.add(image)
    assert len(images) == 8


def _blocked_start(seed: int) -> str:
    """The start position with a few random (asymmetric) blocked squares."""
    rng = random.Random(seed)
    state = State.start()
    grid = [row[:] for row in state.grid]
    empties = [sq for sq in SQUARES if grid[sq[0]][sq[1]] == EMPTY]
    for (x, y) in rng.sample(empties, 5):
        grid[x][y] = BLOCKED
    return State(grid).fen()


def _symmetry_positions(random_game):
    """A dozen positions from seeded random games, some with blocked squares, a forced pass."""
    positions = []
    # Late in the game (few empty squares) keeps perft(3) small enough for 8 runs each.
    for seed, back in [(2, 14), (3, 22), (6, 30), (7, 9)]:
        game = random_game(seed)
        positions.append(game[len(game) - 1 - back])
    positions.append(random_game(5)[6])                       # early: many jumps
    for seed, back in [(1, 16), (2, 26), (3, 11)]:
        game = random_game(seed, GAP_FEN)
        positions.append(game[len(game) - 1 - back])
    positions.append(random_game(4, GAP_FEN)[5])
    for seed, back in [(11, 15), (12, 24)]:
        game = random_game(seed, _blocked_start(seed))
        positions.append(game[len(game) - 1 - back])
    # A forced pass at the root (no blocked squares), with the game still going on.
    positions.append(State.from_fen("xoo4/ooo4/ooo4/7/7/7/7 x 0 1"))
    return positions


def test_symmetry_positions_cover_the_interesting_cases(random_game):
    positions = _symmetry_positions(random_game)
    assert len(positions) == 12
    assert all(not p.is_over() for p in positions)
    assert len({p.key() for p in positions}) == 12
    assert sum(1 for p in positions if p.turns >= 5) >= 11
    assert sum(1 for p in positions if BLOCKED in p.key()[0]) >= 5
    assert {p.to_move for p in positions} == {FIRST, SECOND}
    assert any(p.legal_moves() == [PASS] for p in positions)


def test_the_eight_symmetries_leave_perft_unchanged(random_game):
    for index, state in enumerate(_symmetry_positions(random_game)):
        expected = perft(state, 3)
        assert expected > 0
        for name, mapping in SYMMETRIES.items():
            image = transform(state, mapping)
            assert image.stones(FIRST) == state.stones(FIRST)
            assert image.stones(SECOND) == state.stones(SECOND)
            assert len(image.legal_moves()) == len(state.legal_moves()), (index, name)
            assert perft(image, 3) == expected, (index, name, state.fen(), image.fen())
