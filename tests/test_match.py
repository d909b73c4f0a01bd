"""Games and colour-swapped matches between agents, in one process."""

from __future__ import annotations

from course_lib.agents import GreedyAgent, RandomAgent
from course_lib.ataxx import PASS, Move, State
from course_lib.match import play_game, play_match, random_opening


def test_a_game_replays_to_its_final_position():
    record = play_game(RandomAgent(seed=3), RandomAgent(seed=4))
    state = State.start()
    for move in record.moves:
        assert move in state.legal_moves()
        state = state.apply(move)
    assert state.is_over() and state == record.final
    assert record.winner == state.winner()
    assert record.reason == state.outcome_reason()


def test_the_same_seeds_give_the_same_game():
    one = play_game(RandomAgent(seed=9), GreedyAgent())
    two = play_game(RandomAgent(seed=9), GreedyAgent())
    assert one.moves == two.moves


def test_an_illegal_move_loses():
    record = play_game(lambda state: PASS, RandomAgent(seed=1))
    assert record.winner == 2 and "illegal" in record.reason and record.moves == []
    record = play_game(RandomAgent(seed=1), lambda state: Move(1, 1, 3, 3))
    assert record.winner == 1 and "player 2" in record.reason


def test_a_match_plays_colour_swapped_pairs_from_the_same_opening():
    result = play_match(GreedyAgent, lambda: RandomAgent(seed=2), pairs=3, opening_plies=4, seed=5)
    assert result.wins + result.draws + result.losses == 6
    starts = [game.start for game in result.games]
    assert starts[0] == starts[1] == random_opening(4, seed=5)
    assert starts[2] == starts[3] == random_opening(4, seed=6)
    assert result.games[0].names[0] == "greedy" and result.games[1].names[1] == "greedy"


def test_greedy_beats_random_almost_always():
    result = play_match(GreedyAgent, lambda: RandomAgent(seed=7), pairs=10, seed=1)
    assert result.score >= 0.9
