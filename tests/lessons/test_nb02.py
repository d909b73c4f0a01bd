"""Looking back at a game: each move with its reply, scored from the mover's view."""

from __future__ import annotations

from course_lib.agents import GreedyAgent, RandomAgent, open_lines, square_weights
from course_lib.lessons.nb02 import Exchange, exchanges
from course_lib.ataxx import SQUARES, State
from course_lib.games import TicTacToe
from course_lib.match import play_game, random_opening


def _stones(state: State, player: int) -> int:
    """Material counted square by square, apart from the library's counters."""
    mine = sum(1 for square in SQUARES if state[square] == player)
    theirs = sum(1 for square in SQUARES if state[square] == 3 - player)
    return mine - theirs


def test_every_move_but_the_last_is_listed_with_its_reply():
    game = play_game(RandomAgent(seed=3), GreedyAgent(), random_opening(4, seed=1))
    found = exchanges(game)
    assert len(found) == game.turns - 1
    state = game.start
    for ply, exchange in enumerate(found):
        assert exchange.ply == ply and exchange.state == state
        assert exchange.move == game.moves[ply] and exchange.reply == game.moves[ply + 1]
        mover = state.to_move
        after = state.apply(exchange.move)
        assert exchange.before == _stones(state, mover)
        assert exchange.after_move == _stones(after, mover)
        assert exchange.after_reply == _stones(after.apply(exchange.reply), mover)
        state = after


def test_won_lost_and_punished():
    assert Exchange(0, None, None, None, 0, 2, -3).won == 2
    assert Exchange(0, None, None, None, 0, 2, -3).lost == 5
    assert Exchange(0, None, None, None, 0, 2, -3).punished
    assert not Exchange(0, None, None, None, 0, 2, 0).punished      # took back exactly the gain
    assert not Exchange(0, None, None, None, 0, 0, -3).punished     # the move won nothing
    assert not Exchange(0, None, None, None, 1, 3, 2).punished


def test_the_punished_greedy_move_of_the_docstring():
    start = State.from_fen("5oo/7/1x5/2x4/7/7/2o3x x 0 1")
    first = exchanges(play_game(GreedyAgent(), GreedyAgent(), start))[0]
    assert (first.move.uai(), first.reply.uai()) == ("c4e6", "f6")
    assert first.punished and (first.won, first.lost) == (2, 5)


def test_an_evaluation_can_be_given():
    game = play_game(GreedyAgent(), GreedyAgent(square_weights), random_opening(6, seed=2))
    for exchange in exchanges(game, square_weights):
        assert exchange.before == square_weights(exchange.state, exchange.state.to_move)


def test_passes_and_other_games():
    game = play_game(GreedyAgent(), GreedyAgent(), State.from_fen("oxx4/xxx4/xxx4/7/7/7/7 o 0 20"))
    found = exchanges(game)
    assert found[0].move.is_pass and found[0].won == 0
    ttt = play_game(GreedyAgent(), GreedyAgent(), TicTacToe())
    found = exchanges(ttt)            # the default evaluation of tic-tac-toe: open lines
    assert len(found) == ttt.turns - 1
    assert found[0].before == open_lines(TicTacToe(), 1) == 0


def test_a_game_without_replies_has_no_exchanges():
    last = State.from_fen("7/7/2x4/3oo2/7/7/7 x 0 20")        # x's clone to d5 ends it
    game = play_game(GreedyAgent(), GreedyAgent(), last)
    assert game.turns == 1 and exchanges(game) == []


def test_exchanges_refuses_what_is_not_a_game_in_words():
    import pytest

    from course_lib.errors import CourseError
    game = play_game(RandomAgent(seed=3), GreedyAgent(), random_opening(4, seed=1))
    for bad in (None, "b6 a7c5", State.start(), [game]):
        with pytest.raises(CourseError, match="game must be a played game"):
            exchanges(bad)
    with pytest.raises(CourseError, match="evaluation must be None or an evaluation"):
        exchanges(game, "material")
    with pytest.raises(CourseError, match="game.start must be a game position"):
        exchanges(type(game)("x5o/7/7/7/7/7/o5x x 0 1", [], None, 0, "none"))
    assert exchanges(game, square_weights) == exchanges(game, evaluation=square_weights)
