"""course_lib.lessons.nb01: the playout profile is the games of random_playouts, measured right."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.agents import RandomAgent
from course_lib.ataxx import START_FEN, State, fast
from course_lib.lessons.nb01 import END_REASONS, playout_profile, timed

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
MIDGAME_FEN = "x5o/1x3oo/7/3x3/7/1o5/o5x x 0 4"
# Nearly over: 2 empty squares, and a few blocked squares so "neither can move" can happen.
CROWDED_FEN = "xxxxooo/xxxxooo/xx-.-oo/xxxoooo/ooooxxx/ooxxxxx/ooxxxx1 x 0 30".replace(".", "1")


def readable_games(fen: str, n_games: int, seed: int):
    """The games of random_playouts replayed on the readable tier: one RandomAgent (one
    generator) plays both sides of every game, one game after another."""
    agent = RandomAgent(seed=seed)
    games = []
    for _ in range(n_games):
        state, counts, moves = State.from_fen(fen), [], []
        while not state.is_over():
            counts.append(len(state.legal_moves()))
            move = agent.choose_move(state)
            moves.append(move)
            state = state.apply(move)
        games.append((state, counts, moves))
    return games


@pytest.mark.parametrize("fen", [START_FEN, GAP_FEN, MIDGAME_FEN, CROWDED_FEN])
@pytest.mark.parametrize("pairs", [False, True])
def test_profile_plays_the_games_of_random_playouts(fen, pairs):
    profile = playout_profile(fen, 50, seed=11, pairs=pairs)
    winners, lengths = fast.random_playouts(fen, 50, seed=11, pairs=pairs)
    assert profile.winners.dtype == np.int8 and profile.lengths.dtype == np.int32
    assert (profile.winners == winners).all()
    assert (profile.lengths == lengths).all()
    assert profile.games_by_ply.sum() == lengths.sum()
    assert profile.clones + profile.jumps + profile.passes == lengths.sum()
    assert len(profile.branching()) == lengths.max()


@pytest.mark.parametrize("fen", [START_FEN, GAP_FEN, MIDGAME_FEN, CROWDED_FEN])
def test_profile_measures_what_the_readable_tier_sees(fen):
    n_games = 12
    profile = playout_profile(fen, n_games, seed=3)
    games = readable_games(fen, n_games, seed=3)
    longest = max(len(counts) for _, counts, _ in games)
    moves_by_ply = np.zeros(longest, dtype=np.int64)
    games_by_ply = np.zeros(longest, dtype=np.int64)
    for _, counts, _ in games:
        moves_by_ply[:len(counts)] += counts
        games_by_ply[:len(counts)] += 1
    assert profile.moves_by_ply.tolist() == moves_by_ply.tolist()
    assert profile.games_by_ply.tolist() == games_by_ply.tolist()
    assert [END_REASONS[r] for r in profile.reasons] == [s.outcome_reason() for s, _, _ in games]
    assert profile.winners.tolist() == [s.winner() for s, _, _ in games]
    played = [m for _, _, moves in games for m in moves]
    assert profile.clones == sum(m.is_clone for m in played)
    assert profile.jumps == sum(m.is_jump for m in played)
    assert profile.passes == sum(m.is_pass for m in played)
    assert sum(profile.reason_counts().values()) == n_games


def test_neither_can_move_is_a_reason():
    # x clones to b7, its only move; then nobody reaches the empty d4 behind the blocked squares.
    stuck = "x1-----/-------/-------/---1---/-------/-------/------o x 0 1"
    profile = playout_profile(stuck, 3, seed=1)
    assert profile.lengths.tolist() == [1] * 3
    assert profile.reason_counts()[END_REASONS[3]] == 3
    assert State.from_fen(stuck).play("b7").outcome_reason() == END_REASONS[3]


def test_turn_cap_is_a_reason():
    late = "x5o/7/7/7/7/7/o5x o 0 200"          # turn 399 already played: one move left
    profile = playout_profile(late, 5, seed=1)
    assert profile.lengths.tolist() == [1] * 5
    assert profile.reason_counts()[END_REASONS[2]] == 5
    assert END_REASONS[2] == State.from_fen(late).apply(
        State.from_fen(late).legal_moves()[0]).outcome_reason()


def test_pair_counts_are_pair_moves():
    profile = playout_profile(START_FEN, 1, seed=8, pairs=True)
    codes = fast.random_game(START_FEN, seed=8, pairs=True)
    fs, counts = fast.START, []
    for move in codes:
        counts.append(len(fast.legal_moves(fs, pairs=True)))
        fs = fast.apply(fs, fast.encode_move(move))
    assert profile.moves_by_ply.tolist() == counts


def test_start_branching_and_lengths():
    profile = playout_profile(fast.START, 300, seed=2)
    assert profile.branching()[0] == 16 and profile.branching()[1] == 16
    assert 160 <= profile.lengths.mean() <= 210          # COURSE_SPEC 2: about 185
    pairs = playout_profile(fast.START, 300, seed=2, pairs=True)
    assert 95 <= pairs.lengths.mean() <= 125             # COURSE_SPEC 2: about 110


def test_no_games_and_bad_input():
    empty = playout_profile(START_FEN, 0, seed=1)
    assert len(empty.lengths) == 0 and len(empty.branching()) == 0
    with pytest.raises(TypeError):
        playout_profile(START_FEN, 2.5, seed=1)
    with pytest.raises(ValueError):
        playout_profile(START_FEN, -1, seed=1)
    with pytest.raises(ValueError):
        playout_profile(START_FEN, 1, seed=-1)
    with pytest.raises(TypeError):
        playout_profile(42, 1, seed=1)


def test_a_finished_position_plays_nothing():
    over = "x6/7/7/7/7/7/7 o 0 1"               # o has no stones
    profile = playout_profile(over, 4, seed=1)
    assert profile.lengths.tolist() == [0] * 4
    assert profile.winners.tolist() == [1] * 4
    assert profile.reason_counts()[END_REASONS[0]] == 4


def test_end_reasons_are_the_readable_words():
    assert State.from_fen("x6/7/7/7/7/7/7 o 0 1").outcome_reason() == END_REASONS[0]


def test_timed():
    calls = []
    result, seconds = timed(lambda x: calls.append(x) or len(calls), 7, repeat=3)
    assert result == 3 and calls == [7, 7, 7] and seconds >= 0
    with pytest.raises(ValueError):
        timed(print, repeat=0)


def test_timed_refuses_what_it_cannot_time_in_words():
    from course_lib.errors import CourseError
    for bad, words in [(("not a function",), "function must be a function to time"),
                       ((None,), "function must be a function to time")]:
        with pytest.raises(CourseError, match=words):
            timed(*bad)
    for repeat in (0, -3, 2.5, True, "3", 10**7):
        with pytest.raises(CourseError, match="repeat must be a whole number from 1 to "):
            timed(len, [1], repeat=repeat)
    assert timed(len, [1, 2], repeat=2)[0] == 2
