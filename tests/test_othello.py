"""Othello, the readable tier: rules against perft and a brute-force oracle, the end rules, the
pass, the text form, the evaluations, the picture, and every agent playing it."""

from __future__ import annotations

import functools
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib.agents import RandomAgent, make_agent
from course_lib.errors import (CourseError, GameOverError, IllegalMoveError, InvalidFenError,
                               InvalidMoveError, InvalidPositionError)
from course_lib.games import GameState
from course_lib.games.othello import (ARBITRARY_WEIGHTS, PASS, RESEARCH_WEIGHTS, START_TEXT,
                                      Othello, arbitrary_map, disc_count, move_name, parse_move,
                                      perft, research_map, square_name)

EMPTY_ROW = "........"


def board(*rows: str, side: str = "x") -> Othello:
    """A position from its 8 rows, top (row 1) first."""
    return Othello.from_text("/".join(rows) + " " + side)


# -- an oracle written independently: 2-D loops over (row, column) ----------------------------

def oracle_flips(grid: list[list[str]], row: int, col: int, me: str) -> set[tuple[int, int]]:
    opp = "o" if me == "x" else "x"
    flipped = set()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0:
                continue
            line = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and grid[r][c] == opp:
                line.append((r, c))
                r, c = r + dr, c + dc
            if line and 0 <= r < 8 and 0 <= c < 8 and grid[r][c] == me:
                flipped.update(line)
    return flipped


def oracle_moves(state: Othello) -> list[str]:
    rows, side = state.text().split()
    grid = [list(r) for r in rows.split("/")]
    me = side
    own = [f"{'abcdefgh'[c]}{r + 1}" for r in range(8) for c in range(8)
           if grid[r][c] == "." and oracle_flips(grid, r, c, me)]
    if own:
        return own
    other = "o" if me == "x" else "x"
    theirs = [1 for r in range(8) for c in range(8)
              if grid[r][c] == "." and oracle_flips(grid, r, c, other)]
    return [PASS] if theirs else []


@functools.lru_cache(maxsize=None)
def random_game(seed: int) -> tuple[Othello, ...]:
    agent, state = RandomAgent(seed=seed), Othello()
    states = [state]
    while not state.is_over():
        state = state.play(agent.choose_move(state))
        states.append(state)
    return tuple(states)


# -- the rules -----------------------------------------------------------------------------

def test_start_position() -> None:
    start = Othello()
    assert start.text() == START_TEXT
    assert start.legal_moves() == ["d3", "c4", "f5", "e6"]
    assert (start.discs(1), start.discs(2), start.to_move) == (2, 2, 1)
    assert isinstance(start, GameState)


@pytest.mark.parametrize("depth, count", [(1, 4), (2, 12), (3, 56), (4, 244), (5, 1396),
                                          (6, 8200)])
def test_perft_from_the_start(depth: int, count: int) -> None:
    assert perft(Othello(), depth) == count


def test_perft_refuses_a_bad_depth() -> None:
    from course_lib.games.othello_fast import fast_perft
    for bad in (-1, 2.0, "3", True):
        with pytest.raises(CourseError, match="depth must be a whole number"):
            perft(Othello(), bad)
        with pytest.raises(CourseError, match="depth must be a whole number"):
            fast_perft(Othello(), bad)


def test_moves_and_flips_agree_with_the_oracle_in_random_games() -> None:
    checked = 0
    for seed in range(6):
        for state in random_game(seed):
            assert state.legal_moves() == oracle_moves(state), state.text()
            rows = [list(r) for r in state.text().split()[0].split("/")]
            for move in state.legal_moves():
                if move == PASS:
                    continue
                col, row = "abcdefgh".index(move[0]), int(move[1:]) - 1
                expected = oracle_flips(rows, row, col, "xo"[state.to_move - 1])
                assert {("abcdefgh".index(s[0]), int(s[1:]) - 1)[::-1]
                        for s in state.flips(move)} == expected
                checked += 1
    assert checked > 1000


def test_a_move_flips_in_all_eight_directions() -> None:
    state = board("x.x.x...",
                  ".ooo....",
                  "xo.ox...",
                  ".ooox...",
                  "x.xxx...",
                  EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert state.flips("c3") == ["b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"]
    after = state.play("c3")
    assert after.discs(1) == state.discs(1) + 9
    assert after.discs(2) == state.discs(2) - 8
    assert after.text().split("/")[:4] == ["x.x.x...", ".xxx....", "xxxxx...", ".xxxx..."]


def test_a_line_that_reaches_the_edge_or_a_gap_does_not_flip() -> None:
    state = board(".ooooooo", EMPTY_ROW, EMPTY_ROW, "...ox...", "...xo...",
                  EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert "a1" not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="flips no disc"):
        state.play("a1")
    gap = board("..o.x...", EMPTY_ROW, EMPTY_ROW, "...ox...", "...xo...",
                EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert gap.flips("b1") == []


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    start = Othello()
    before = start.text()
    child = start.apply("d3")
    assert child is not start and start.text() == before
    assert child.to_move == 2 and child.last_move == "d3"


def test_transpositions_are_equal_and_hash_alike() -> None:
    a = Othello().play("d3").play("c3").play("c4")
    b = Othello().play("c4").play("c3").play("d3")
    assert a.text() == b.text() and a == b and hash(a) == hash(b)
    assert len({a, b, Othello()}) == 2
    assert Othello() != Othello().play("d3")


# -- the pass and the end rules ------------------------------------------------------------

PASS_POSITION = ".xoooooo/......../......../...oo.../...oo.../......../......../........ x"


def test_a_player_with_no_move_passes_while_the_opponent_can_move() -> None:
    state = Othello.from_text(PASS_POSITION)
    assert state.moves_for(1) == [] and state.moves_for(2) == ["a1"]
    assert state.legal_moves() == [PASS]
    assert not state.is_over() and state.winner() is None
    passed = state.play("pass")
    assert passed.cells == state.cells and passed.to_move == 2
    assert passed.legal_moves() == ["a1"]
    with pytest.raises(IllegalMoveError, match="must pass"):
        state.play("a1")
    with pytest.raises(IllegalMoveError, match="may not pass"):
        Othello().play("pass")


def test_wipe_out_ends_the_game() -> None:
    end = Othello.from_text(PASS_POSITION).play("pass").play("a1")
    assert end.discs(1) == 0
    assert end.is_over() and end.is_terminal() and end.legal_moves() == []
    assert end.winner() == 2 and end.outcome_reason() == "a player has no discs left"


def test_neither_can_move_ends_the_game_on_a_board_with_empty_squares() -> None:
    state = board("x.......", EMPTY_ROW, EMPTY_ROW, "...oo...", "...oo...",
                  EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert state.empty_squares == 59
    assert state.legal_moves() == [] and state.is_over()
    assert state.winner() == 2 and state.outcome_reason() == "neither player can move"
    with pytest.raises(GameOverError, match="game is over"):
        state.play("b1")


def test_full_board_ends_the_game_by_disc_count() -> None:
    draw = board(*(["xxxxxxxx", "oooooooo"] * 4))
    assert draw.is_over() and draw.winner() == 0 and draw.outcome_reason() == "the board is full"
    last = board("xxxxxxxx", "xxxxxxxx", "xxxxxxxx", "oooooooo", "oooooooo", "oooooooo",
                 "oooooooo", "ooooooo.")
    assert last.legal_moves() == ["h8"]
    full = last.play("h8")                       # flips h4-h7 and the diagonal d4-g7
    assert (full.discs(1), full.discs(2), full.empty_squares) == (33, 31, 0)
    assert full.is_over() and full.legal_moves() == []
    assert full.winner() == 1 and full.outcome_reason() == "the board is full"


def test_random_games_end_with_the_disc_count_winner() -> None:
    winners = set()
    for seed in range(6):
        end = random_game(seed)[-1]
        black, white = end.discs(1), end.discs(2)
        assert end.legal_moves() == [] and end.moves_for(1) == end.moves_for(2) == []
        assert end.winner() == (1 if black > white else 2 if white > black else 0)
        winners.add(end.winner())
    assert winners >= {1, 2}


# -- text forms and moves ------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 70))
def test_text_form_round_trips_on_reachable_positions(seed: int, plies: int) -> None:
    agent, state = RandomAgent(seed=seed), Othello()
    for _ in range(plies):
        if state.is_over():
            break
        state = state.apply(agent.choose_move(state))
    again = Othello.from_text(state.text())
    assert again == state and again.text() == state.text()
    assert eval(repr(state), {"Othello": Othello}) == state


@pytest.mark.parametrize("text, words", [
    ("......../......../...ox.../...xo.../......../......../........ x", "7 rows"),
    ("......../......../......../...ox.../...xo.../......../......../......... x",
     "row 8 .* 9 squares"),
    ("......../......../......../...oX.../...xo.../......../......../........ x",
     "character 'X'"),
    ("......../......../......../...o1.../...xo.../......../......../........ x",
     "character '1'"),
    ("......../......../......../...ox.../...xo.../......../......../........ b",
     "side to move is 'b'"),
    ("......../......../......../...ox.../...xo.../......../......../........", "1 fields"),
    ("......../......../......../...ox.../...xo.../......../......../........ x 0 1",
     "4 fields"),
])
def test_bad_text_forms_are_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(InvalidFenError, match=words):
        Othello.from_text(text)


def test_impossible_positions_are_refused_in_words() -> None:
    with pytest.raises(InvalidPositionError, match="centre square.*e4"):
        Othello.from_text("......../......../......../...o..../...xo.../......../......../"
                          "........ x")
    with pytest.raises(InvalidPositionError, match="64 cells"):
        Othello([0] * 63)


def test_text_that_is_not_a_string_is_refused() -> None:
    with pytest.raises(InvalidFenError, match="is text"):
        Othello.from_text(None)                  # type: ignore[arg-type]


def test_move_names() -> None:
    assert parse_move("D3") == "d3" and parse_move(" pass ") == PASS
    assert move_name("h8") == "h8" and square_name(19) == "d3"
    for bad in ("i1", "a9", "a0", "d", "0000", ""):
        with pytest.raises(InvalidMoveError, match="not an Othello move"):
            parse_move(bad)
    with pytest.raises(InvalidMoveError):
        square_name(64)
    with pytest.raises(IllegalMoveError, match="occupied"):
        Othello().play("d4")
    with pytest.raises(CourseError):
        Othello().apply("e3")                    # flips nothing: refused even on the fast path


# -- evaluations ---------------------------------------------------------------------------

STUDY_ARBITRARY = """
120 -20  20   5   5  20 -20 120
-20 -40  -5  -5  -5  -5 -40 -20
 20  -5  15   3   3  15  -5  20
  5  -5   3   3   3   3  -5   5
  5  -5   3   3   3   3  -5   5
 20  -5  15   3   3  15  -5  20
-20 -40  -5  -5  -5  -5 -40 -20
120 -20  20   5   5  20 -20 120"""
STUDY_RESEARCH = """
100 -25  10   5   5  10 -25 100
-25 -25   1   1   1   1 -25 -25
 10   1   5   2   2   5   1  10
  5   1   2   1   1   2   1   5
  5   1   2   1   1   2   1   5
 10   1   5   2   2   5   1  10
-25 -25   1   1   1   1 -25 -25
100 -25  10   5   5  10 -25 100"""


def test_weight_maps_are_the_studys() -> None:
    assert ARBITRARY_WEIGHTS == tuple(int(w) for w in STUDY_ARBITRARY.split())
    assert RESEARCH_WEIGHTS == tuple(int(w) for w in STUDY_RESEARCH.split())


def test_evaluations_on_a_hand_made_position() -> None:
    state = board("x.......", ".o......", EMPTY_ROW, "...xo...", "...ox...",
                  EMPTY_ROW, EMPTY_ROW, ".......x")
    # x: a1, h8 (corners), d4, e5; o: b2 (X-square), e4, d5.
    assert disc_count(state, 1) == 1 and disc_count(state, 2) == -1
    assert arbitrary_map(state, 1) == 120 + 120 + 3 + 3 - (-40 + 3 + 3)
    assert research_map(state, 1) == 100 + 100 + 1 + 1 - (-25 + 1 + 1)
    assert arbitrary_map(state, 2) == -arbitrary_map(state, 1)
    start = Othello()
    assert disc_count(start, 1) == arbitrary_map(start, 1) == research_map(start, 2) == 0


# -- pictures ------------------------------------------------------------------------------

def test_svg_picture_shows_discs_last_move_and_legal_squares() -> None:
    svg = Othello().play("d3")._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('r="16.8"') == 5            # the five discs
    assert svg.count('r="4"') == 3               # white's three legal squares: c3, e3, c5
    assert "last move d3" in svg and 'stroke="#d32f2f"' in svg
    assert "x to move" in str(Othello()) and "1 . . . . . . . . 1" in str(Othello())


def test_importing_the_games_does_not_import_matplotlib() -> None:
    code = ("import sys, course_lib.games.othello, course_lib.games.gomoku; "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- every agent plays a whole game ---------------------------------------------------------

MIDGAME = random_game(11)[40]
"""A position 40 plies into a seeded random game (about 20 empty squares): the searches' games
start here so that the test stays short."""

SPECS = [
    "random:seed=5", "greedy", "minimax:depth=2", "negamax:depth=2",
    "alphabeta:depth=2,form=minmax", "alphabeta:depth=2,form=minmax,order=gain",
    "alphabeta:depth=3", "alphabeta:depth=3,order=static", "alphabeta:depth=3,order=gain",
    "alphabeta:depth=2,order=intuition", "alphabeta:depth=3,killers=1",
    "alphabeta:depth=3,history=1", "alphabeta:depth=3,tt=1",
    "alphabeta:depth=3,order=gain,killers=1,history=1,tt=10",
    "alphabeta:depth=3,eval=exact-material", "alphabeta:time=20", "alphabeta:game=2000",
    "mcts:iterations=12,seed=1", "mcts:iterations=12,playout=greedy,seed=2",
    "mcts:iterations=12,playout=cutoff,cutoff=3,seed=3",
    "mcts:iterations=12,final=value", "mcts:iterations=12,final=lcb",
    "mcts:iterations=12,solver=1,reuse=1,expand=2",
]


def play_out(state: Othello, black, white) -> list[Othello]:
    states = [state]
    while not state.is_over():
        agent = black if state.to_move == 1 else white
        state = state.play(agent.choose_move(state))        # play() checks every move
        states.append(state)
    return states


def test_the_midgame_start_has_a_game_left() -> None:
    assert MIDGAME.empty_squares <= 24 and not MIDGAME.is_over()


@pytest.mark.parametrize("spec", SPECS)
def test_every_agent_plays_a_whole_game(spec: str) -> None:
    states = play_out(MIDGAME, make_agent(spec), make_agent(spec))
    end = states[-1]
    assert end.is_over() and end.legal_moves() == []
    assert end.winner() in (0, 1, 2)
    assert len(states) >= 2


def test_a_random_game_from_the_start_is_played_out() -> None:
    states = play_out(Othello(), make_agent("random:seed=1"), make_agent("greedy"))
    assert states[-1].is_over() and len(states) > 50


# -- the numba tier, held to the readable one ---------------------------------------------

STUDY_PERFT = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284]


def test_fast_perft_from_the_start_to_depth_10() -> None:
    from course_lib.games.othello_fast import fast_perft
    assert [fast_perft(Othello(), d) for d in range(1, 11)] == STUDY_PERFT


def test_fast_tier_has_the_same_moves_flips_and_perft_on_random_positions() -> None:
    from course_lib.games.othello_fast import fast_flips, fast_legal_moves, fast_perft
    checked = 0
    for seed in range(6):
        states = random_game(seed)
        for i, state in enumerate(states):
            moves = state.legal_moves()
            assert fast_legal_moves(state) == moves
            for move in moves:
                assert fast_flips(state, move) == state.flips(move)
            if i % 7 == 0 or i > len(states) - 6:        # the end: passes and finished games
                assert fast_perft(state, 3) == perft(state, 3)
            checked += 1
    assert checked > 300


def test_a_finished_game_counts_once_in_perft_whatever_the_depth() -> None:
    from course_lib.games.othello_fast import fast_perft
    over = board("x.......", EMPTY_ROW, EMPTY_ROW, "...oo...", "...oo...",
                 EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert [perft(over, d) for d in (0, 1, 3)] == [1, 1, 1]
    assert [fast_perft(over, d) for d in (0, 1, 3)] == [1, 1, 1]
    passing = Othello.from_text(PASS_POSITION)          # pass, a1 (wipe-out), then nothing
    assert [perft(passing, d) for d in (1, 2, 3)] == [1, 1, 1]
    assert [fast_perft(passing, d) for d in (1, 2, 3)] == [1, 1, 1]


def test_every_square_of_the_picture_is_named_for_clicks() -> None:
    svg = Othello().svg(show_moves=False)
    assert svg.count('class="grid-cell"') == 64 and 'data-square="h8"' in svg
    assert svg.count('r="4"') == 0


@pytest.mark.parametrize("evaluation", ["discs", "arbitrary", "research"])
@pytest.mark.parametrize("exact", [False, True])
def test_fast_alphabeta_is_the_readable_search(evaluation: str, exact: bool) -> None:
    from course_lib.agents import exact as exact_of
    from course_lib.agents.search import Searcher
    from course_lib.games.othello import EVALUATIONS
    from course_lib.games.othello_fast import fast_alphabeta
    readable = exact_of(EVALUATIONS[evaluation]) if exact else EVALUATIONS[evaluation]
    compared = 0
    for seed in (1, 2, 3):
        states = random_game(seed)
        picks = list(range(0, len(states) - 1, 12)) + list(range(len(states) - 6, len(states) - 1))
        for i in picks:
            for depth in (1, 3):
                ours = fast_alphabeta(states[i], depth, evaluation, exact)
                theirs = Searcher("negamax-alphabeta", readable).run(states[i], depth)
                assert (ours.move, ours.value) == (theirs.move, theirs.value), states[i].text()
                assert (ours.stats.nodes, ours.stats.leaves, ours.stats.cutoffs) == \
                    (theirs.stats.nodes, theirs.stats.leaves, theirs.stats.cutoffs)
                assert ours.stats.nodes_per_depth == theirs.stats.nodes_per_depth
                compared += 1
    assert compared > 40


def test_fast_alphabeta_refuses_in_words() -> None:
    from course_lib.games.othello_fast import fast_alphabeta
    with pytest.raises(CourseError, match="unknown Othello evaluation"):
        fast_alphabeta(Othello(), 3, "weights")
    with pytest.raises(CourseError, match="depth"):
        fast_alphabeta(Othello(), 0)
    over = board("x.......", EMPTY_ROW, EMPTY_ROW, "...oo...", "...oo...",
                 EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    with pytest.raises(CourseError, match="terminal"):
        fast_alphabeta(over, 3)


def test_the_study_maps_are_named_in_agent_specs_and_refused_elsewhere():
    from course_lib.agents import make_agent
    from course_lib.agents.evaluation import evaluations_for
    from course_lib.ataxx import State
    from course_lib.errors import EvaluationMismatchError

    assert evaluations_for(Othello()) == ["material", "arbitrary", "research"]
    for name in ("arbitrary", "research", "exact-research"):
        move = make_agent(f"alphabeta:depth=2,eval={name}").choose_move(Othello())
        assert move in Othello().legal_moves()
    with pytest.raises(EvaluationMismatchError, match="Othello"):
        make_agent("greedy:eval=research").choose_move(State.start())
