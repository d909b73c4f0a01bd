"""Gomoku in both tiers: wins in every direction on both boards, overlines, the omok rule (the
double three), the five found and drawn, the full board, the text form, the candidate moves,
the pattern evaluation (each feature on hand-made lines, a literal pattern matcher as oracle,
the incremental score against a full scan), every agent playing it, and the numba tier held to
the readable one (legal moves, searches with and without the table, iterative deepening)."""

from __future__ import annotations

import functools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_lib.agents import RandomAgent, make_agent
from course_lib.errors import (CourseError, GameOverError, IllegalMoveError, InvalidFenError,
                               InvalidMoveError, InvalidPositionError)
from course_lib.games import GameState
from course_lib.games.gomoku import (FEATURES, LETTERS, WEIGHTS, Gomoku, geometry, line_runs,
                                     line_scores, parse_move, pattern_counts, pattern_score_full,
                                     patterns, square_name, zobrist_hash)

SIZE = 15
EMPTY_TEXT = "/".join(["." * SIZE] * SIZE) + " x"

FAR_WHITE = ["a15", "c15", "e15", "g15", "i15", "k15", "m15", "o15", "a13", "c13", "e13"]
"""White points far from the action, for positions where only black's stones matter."""


def position(black: list[str], white: list[str], size: int = SIZE, **options) -> Gomoku:
    """A position with these stones on the ``size`` board (written by hand here, not by the
    library's text writer); the side to move follows from the counts."""
    rows = [["."] * size for _ in range(size)]
    for names, symbol in ((black, "x"), (white, "o")):
        for name in names:
            col, row = LETTERS.index(name[0]), int(name[1:]) - 1
            rows[row][col] = symbol
    side = "x" if len(black) == len(white) else "o"
    return Gomoku.from_text("/".join("".join(r) for r in rows) + " " + side, **options)


def play_line(black: list[str], white: list[str], size: int = SIZE) -> list[Gomoku]:
    """Black and white alternate these moves from the empty board; every state."""
    state = Gomoku(size=size)
    states = [state]
    for b, w in zip(black, white + [None]):
        if state.is_over():
            break
        state = state.play(b)
        states.append(state)
        if w is not None and not state.is_over():
            state = state.play(w)
            states.append(state)
    return states


# -- the rules -----------------------------------------------------------------------------

def test_empty_board() -> None:
    start = Gomoku()
    assert start.text() == EMPTY_TEXT and start.to_move == 1
    assert len(start.legal_moves()) == 225 and start.legal_moves()[:3] == ["a1", "b1", "c1"]
    assert start.legal_moves()[-1] == "o15" and not start.is_over() and start.winner() is None
    assert isinstance(start, GameState)


@pytest.mark.parametrize("line", [
    ["a1", "b1", "c1", "d1", "e1"],                 # row, at the top edge
    ["k15", "l15", "m15", "n15", "o15"],            # row, at the bottom-right corner
    ["o3", "o4", "o5", "o6", "o7"],                 # column, at the right edge
    ["h4", "h5", "h6", "h7", "h8"],                 # column
    ["c3", "d4", "e5", "f6", "g7"],                 # diagonal down-right
    ["k11", "l12", "m13", "n14", "o15"],            # diagonal into the corner
    ["g3", "f4", "e5", "d6", "c7"],                 # anti-diagonal down-left
    ["e1", "d2", "c3", "b4", "a5"],                 # anti-diagonal at the corner's edges
])
def test_five_in_a_row_wins_in_every_direction(line: list[str]) -> None:
    white = [p for p in ("h12", "j12", "l12", "b10", "d10", "f10") if p not in line][:4]
    order = [line[i] for i in (0, 4, 2, 1, 3)]      # the winning stone is not at an end
    states = play_line(order, white)
    assert all(s.winner() is None for s in states[:-1])
    end = states[-1]
    assert end.winner() == 1 and end.is_over() and end.legal_moves() == []
    assert end.outcome_reason() == "black (x) has five in a row"
    with pytest.raises(GameOverError, match="game is over"):
        end.play("h1")


@pytest.mark.parametrize("line", [
    ["o15", "p16", "q17", "r18", "s19"],            # diagonal into the far corner
    ["s1", "s2", "s3", "s4", "s5"],                 # column, at the right edge
    ["a19", "b18", "c17", "d16", "e15"],            # anti-diagonal from the bottom-left corner
    ["j10", "k10", "l10", "m10", "n10"],            # row through the centre
])
def test_the_19x19_board_wins_to_its_edges(line: list[str]) -> None:
    white = [p for p in ("a1", "c1", "e1", "g1") if p not in line]
    states = play_line([line[i] for i in (0, 4, 2, 1, 3)], white, size=19)
    assert all(s.winner() is None for s in states[:-1])
    assert states[-1].winner() == 1
    assert [sorted(run) for run in states[-1].fives()] == [sorted(line)]


def test_the_19x19_board() -> None:
    start = Gomoku(size=19)
    assert start.size == 19 and len(start.legal_moves()) == 361
    assert start.legal_moves()[:2] == ["a1", "b1"] and start.legal_moves()[-1] == "s19"
    assert start.candidate_moves(1) == ["j10"] and square_name(180, 19) == "j10"
    assert start.text() == "/".join(["." * 19] * 19) + " x"
    assert Gomoku.from_text(start.text()).size == 19
    child = start.play("s19")
    assert child.cells[360] == 1 and child.play("a1").size == 19
    board = geometry(19)
    assert board.names[board.centre] == "j10"
    assert len(board.lines) == 19 + 19 + 37 + 37          # rows, columns, both diagonals
    with pytest.raises(InvalidMoveError, match="15x15 board"):
        Gomoku().play("s19")


@pytest.mark.parametrize("make, error, words", [
    (lambda: Gomoku(size=17), CourseError, "size must be 15 or 19"),
    (lambda: Gomoku(size=True), CourseError, "size must be 15 or 19"),
    (lambda: Gomoku(rule="renju"), CourseError, "rule must be 'freestyle' .* or 'omok'"),
    (lambda: Gomoku([0] * 100), InvalidPositionError, "225 cells .* or 361"),
    (lambda: Gomoku([0] * 225, size=19), InvalidPositionError, "15x15"),
    (lambda: Gomoku.from_text("/".join(["." * 17] * 17) + " x"), InvalidFenError,
     "17 rows; a Gomoku board has 15 or 19 rows"),
    (lambda: Gomoku(size=19, radius=19), CourseError, r"radius .* from 0 to 18, got 19"),
])
def test_bad_sizes_and_rules_are_refused_in_words(make, error, words) -> None:
    with pytest.raises(error, match=words):
        make()


def test_fives_name_the_winning_lines() -> None:
    assert Gomoku().fives() == [] and Gomoku().play("h8").fives() == []
    state = position(["c8", "d8", "f8", "g8", "h8"], ["a1", "c1", "e1", "g1", "i1"])
    six = state.play("e8")
    assert six.fives() == [("c8", "d8", "e8", "f8", "g8", "h8")]     # an overline: all six
    assert Gomoku.from_text(six.text()).fives() == six.fives()       # no last move needed
    two = position(["b3", "c3", "d3", "e3", "f1", "f2", "f4", "f5"],
                   ["h10", "h11", "h12", "h13", "k10", "k11", "k12", "k13"])
    both = two.play("f3")                               # closes a row and a column at once
    assert sorted(both.fives()) == [("b3", "c3", "d3", "e3", "f3"),
                                    ("f1", "f2", "f3", "f4", "f5")]


def test_zobrist_hash_is_kept_from_parent_to_child() -> None:
    agent, state = RandomAgent(seed=12), Gomoku(size=19)
    seen = {}
    for _ in range(40):
        assert state.zobrist() == zobrist_hash(state.cells, state.to_move)
        assert Gomoku.from_text(state.text()).zobrist() == state.zobrist()
        seen[state.zobrist()] = state.key()
        state = state.apply(agent.choose_move(state))
    assert len(seen) == 40                                  # no two positions alike
    a = Gomoku().play("h8").play("a1").play("h9")
    b = Gomoku().play("h9").play("a1").play("h8")
    assert a.zobrist() == b.zobrist() != Gomoku().play("h8").play("a1").zobrist()


def test_white_wins_too() -> None:
    states = play_line(["a1", "a3", "a5", "a7", "a9", "a11"], ["c2", "d2", "e2", "f2", "g2"])
    assert states[-1].winner() == 2 and states[-1].last_move == "g2"


def test_an_overline_wins_in_freestyle() -> None:
    state = position(["c8", "d8", "f8", "g8", "h8"], ["a1", "c1", "e1", "g1", "i1"])
    assert state.winner() is None
    six = state.play("e8")
    assert six.winner() == 1 and pattern_counts(six, 1)["f1 five"] == 1


def test_four_with_a_gap_is_not_five() -> None:
    state = position(["c8", "d8", "f8", "g8"], ["a1", "c1", "e1", "g1"])
    assert state.play("h8").winner() is None


def test_a_full_board_without_five_is_a_draw() -> None:
    rows = ["".join("x" if (c + 2 * r) % 4 < 2 else "o" for c in range(SIZE))
            for r in range(SIZE)]
    full = Gomoku.from_text("/".join(rows) + " o")
    assert full.is_over() and full.winner() == 0 and full.legal_moves() == []
    assert full.outcome_reason() == "the board is full"
    one_left = Gomoku.from_text("/".join(["." + rows[0][1:]] + rows[1:]) + " x")
    assert one_left.legal_moves() == ["a1"] and not one_left.is_over()
    last = one_left.play("a1")
    assert last == full and last.winner() == 0


def test_apply_returns_a_new_state_and_states_compare_by_position() -> None:
    start = Gomoku()
    child = start.apply("h8")
    assert start.text() == EMPTY_TEXT and child.to_move == 2 and child.last_move == "h8"
    a = start.play("h8").play("a1").play("h9")
    b = start.play("h9").play("a1").play("h8")
    assert a == b and hash(a) == hash(b) and a.key() == b.key()
    assert a != Gomoku.from_text(a.text(), rule="omok")


# -- the omok rule: no double three ---------------------------------------------------------

def korean(black: list[str], white: list[str]) -> tuple[Gomoku, Gomoku]:
    return position(black, white, rule="omok"), position(black, white)


def test_a_double_three_is_refused_with_the_rule_and_allowed_without() -> None:
    on, off = korean(["f8", "g8", "h6", "h7"], FAR_WHITE[:4])      # h8: row and column threes
    assert on.forbidden("h8") and "h8" not in on.legal_moves()
    with pytest.raises(IllegalMoveError, match="two open threes at once .* omok forbids"):
        on.play("h8")
    assert "h8" not in on.candidate_moves(2)
    assert on.play("h9").rule == "omok"                           # children keep the rule
    assert not off.forbidden("h8") and "h8" in off.legal_moves()
    assert off.play("h8").winner() is None
    assert len(on.legal_moves()) < len(off.legal_moves())


def test_a_split_three_counts_as_a_three() -> None:
    on, _ = korean(["e8", "g8", "h6", "h7"], FAR_WHITE[:4])        # row: _X_XX_ with h8
    assert on.forbidden("h8")


def test_a_blocked_three_is_not_an_open_three() -> None:
    on, _ = korean(["f8", "g8", "h6", "h7"], ["e8"] + FAR_WHITE[:3])  # row: OXXX_
    assert not on.forbidden("h8") and "h8" in on.legal_moves()
    on, _ = korean(["f8", "g8", "h6", "h7"], ["d8", "j8"] + FAR_WHITE[:2])  # O_XXX_O: no four
    assert not on.forbidden("h8")


def test_a_four_and_a_three_is_allowed() -> None:
    on, _ = korean(["e8", "f8", "g8", "h6", "h7"], FAR_WHITE[:5])   # row four, column three
    assert not on.forbidden("h8")
    assert on.play("h8").winner() is None


def test_a_five_is_allowed_even_when_it_makes_two_threes() -> None:
    on, _ = korean(["d8", "e8", "f8", "g8", "h6", "h7", "f6", "g7"], FAR_WHITE[:8])
    assert not on.forbidden("h8")
    assert on.play("h8").winner() == 1


def test_the_rule_applies_to_white_too() -> None:
    on, _ = korean(FAR_WHITE[:5], ["f8", "g8", "h6", "h7"])
    assert on.to_move == 2 and on.forbidden("h8")


def test_a_random_game_under_the_rule_never_plays_a_double_three() -> None:
    agent, state = RandomAgent(seed=4), Gomoku(rule="omok")
    free = Gomoku.from_text(state.text())
    refused = 0
    while not state.is_over():
        free = Gomoku.from_text(state.text())
        refused += len(free.legal_moves()) - len(state.legal_moves())
        state = state.play(agent.choose_move(state))
    assert state.is_over() and refused > 0


# -- text forms and moves ------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_text_form_round_trips_on_reachable_positions(seed: int, plies: int) -> None:
    agent, state = RandomAgent(seed=seed), Gomoku()
    for _ in range(plies):
        if state.is_over():
            break
        state = state.apply(agent.choose_move(state))
    again = Gomoku.from_text(state.text())
    assert again == state and again.text() == state.text() and again.winner() == state.winner()
    assert eval(repr(state), {"Gomoku": Gomoku}) == state


ROW = "." * 15


def text(rows: list[str], side: str) -> str:
    return "/".join(rows) + " " + side


@pytest.mark.parametrize("bad, error, words", [
    (text([ROW] * 14, "x"), InvalidFenError, "14 rows"),
    (text([ROW] * 14 + ["." * 16], "x"), InvalidFenError, "row 15 .* 16 points"),
    (text([ROW] * 14 + ["." * 14 + "X"], "x"), InvalidFenError, "character 'X'"),
    (text([ROW] * 15, "b"), InvalidFenError, "side to move is 'b'"),
    (ROW, InvalidFenError, "1 fields"),
    (text(["x" + ROW[1:]] + [ROW] * 14, "x"), InvalidPositionError,
     "white \\(o\\) to move, not black"),
    (text(["o" + ROW[1:]] + [ROW] * 14, "o"), InvalidPositionError, "black moves first"),
    (text(["xx" + ROW[2:]] + [ROW] * 14, "o"), InvalidPositionError,
     "as many stones as white or one more"),
    (text(["xxxxx" + ROW[5:], "ooooo" + ROW[5:]] + [ROW] * 13, "x"), InvalidPositionError,
     "both players have five"),
    (text(["xxxxx.o.o.o.o.o"] + [ROW] * 14, "x"), InvalidPositionError,
     "has five in a row but is to move"),
])
def test_bad_text_forms_are_refused_in_words(bad: str, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        Gomoku.from_text(bad)


def test_moves_are_point_names() -> None:
    assert parse_move(" H8 ") == "h8" and square_name(112) == "h8"
    for bad in ("p1", "a16", "a0", "pass", "h", ""):
        with pytest.raises(InvalidMoveError, match="not a Gomoku move"):
            parse_move(bad)
    with pytest.raises(IllegalMoveError, match="occupied"):
        Gomoku().play("h8").play("h8")


# -- candidate moves and the restricted game -----------------------------------------------

def test_candidate_moves_around_the_stones() -> None:
    state = Gomoku().play("a1")
    assert state.candidate_moves(1) == ["b1", "a2", "b2"]
    assert state.candidate_moves(2) == ["b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    assert Gomoku().candidate_moves(1) == ["h8"]
    far = state.play("o15")
    assert set(far.candidate_moves(1)) == {"b1", "a2", "b2", "n15", "o14", "n14"}
    with pytest.raises(CourseError, match="radius"):
        state.candidate_moves(0)
    with pytest.raises(CourseError, match="radius"):
        Gomoku(radius=-1)


def test_the_restricted_game_plays_only_near_the_stones() -> None:
    state = Gomoku(radius=1)
    assert state.legal_moves() == ["h8"]
    state = state.play("h8")
    assert state.legal_moves() == state.candidate_moves(1) and len(state.legal_moves()) == 8
    with pytest.raises(IllegalMoveError, match="radius=1"):
        state.play("a1")
    assert Gomoku().play("h8").play("a1").radius == 0          # the rules' game stays whole


def test_candidate_sets_kept_from_parent_to_child_equal_a_fresh_scan() -> None:
    agent, state = RandomAgent(seed=9), Gomoku(radius=2)
    for _ in range(60):
        if state.is_over():
            break
        fresh = Gomoku.from_text(state.text())
        for radius in (1, 2):
            assert state.candidate_moves(radius) == fresh.candidate_moves(radius)
        state = state.apply(agent.choose_move(state))


# -- the pattern evaluation ----------------------------------------------------------------

@pytest.mark.parametrize("line, feature", [
    ("_XXXXX_", "f1 five"), ("|XXXXX|", "f1 five"), ("OXXXXXXO", "f1 five"),
    ("_XXXX_", "f2 open four"),
    ("_XXXXO", "f3 closed four"), ("OXXXX_", "f3 closed four"), ("|XXXX_", "f3 closed four"),
    ("_XXXX|", "f3 closed four"),
    ("_XXX_", "f4 open three"),
    ("_XXXO", "f5 closed three"), ("OXXX_", "f5 closed three"), ("|XXX_", "f5 closed three"),
    ("_XXX|", "f5 closed three"),
    ("_XX_", "f6 open two"),
    ("_XXO", "f7 closed two"), ("OXX_", "f7 closed two"),
    ("_X_", "f8 one"), ("_XO", "f8 one"), ("OX_", "f8 one"),
])
def test_each_feature_on_a_hand_made_line(line: str, feature: str) -> None:
    values = [{"_": 0, "X": 1, "O": 2}[c] for c in line.strip("|")]
    black = [FEATURES[f] for player, f in line_runs(values) if player == 1]
    assert black == [feature]
    b, _ = line_scores(values)
    assert b == WEIGHTS[FEATURES.index(feature)]


@pytest.mark.parametrize("line", ["OXXXXO", "|XXXXO", "OXXXO", "|XXXO|", "OXXO", "|XX_",
                                  "|X_", "OXO", "|X|", "_X|"])
def test_runs_closed_at_both_ends_or_weak_against_the_edge_count_nothing(line: str) -> None:
    values = [{"_": 0, "X": 1, "O": 2}[c] for c in line.strip("|")]
    assert [f for player, f in line_runs(values) if player == 1] == []


PATTERNS = {  # the study's table, matched literally (| is the edge)
    1: ["_XXXX_"], 2: ["_XXXXO", "OXXXX_", "_XXXX|", "|XXXX_"], 3: ["_XXX_"],
    4: ["_XXXO", "OXXX_", "_XXX|", "|XXX_"], 5: ["_XX_"], 6: ["_XXO", "OXX_"],
    7: ["_X_", "_XO", "OX_"],
}


def literal_counts(values: list[int], player: int) -> list[int]:
    """The table's patterns counted as (overlapping) substrings of the line, edges written |;
    f1 counted once per run of five or more."""
    text = "|" + "".join("_" if v == 0 else "X" if v == player else "O" for v in values) + "|"
    counts = [len(re.findall("X{5,}", text))] + [0] * 7
    for feature, forms in PATTERNS.items():
        counts[feature] = sum(len(re.findall(f"(?={re.escape(form)})", text)) for form in forms)
    return counts


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 1, 1, 2]), min_size=1, max_size=15))
def test_line_features_equal_the_literal_pattern_table(values: list[int]) -> None:
    for player in (1, 2):
        counts = [0] * 8
        for owner, feature in line_runs(values):
            if owner == player:
                counts[feature] += 1
        assert counts == literal_counts(values, player)


@functools.lru_cache(maxsize=None)
def random_gomoku(seed: int) -> tuple[Gomoku, ...]:
    agent, state = RandomAgent(seed=seed), Gomoku()
    states = [state]
    while not state.is_over():
        state = state.apply(agent.choose_move(state))
        states.append(state)
    return tuple(states)


def test_incremental_score_equals_a_full_scan_on_random_positions() -> None:
    checked = 0
    for seed in range(8):
        states = random_gomoku(seed)
        for i, state in enumerate(states):
            if i % 3 and i != len(states) - 1:   # evaluate some states, skip others, so that
                continue                         # children update from unevaluated parents
            for player in (1, 2):
                assert patterns(state, player) == pattern_score_full(state, player)
            checked += 1
    # positions read from text start from a full scan, and their children update from it
    middle = Gomoku.from_text(random_gomoku(3)[50].text())
    agent = RandomAgent(seed=1)
    for _ in range(30):
        if middle.is_over():
            break
        middle = middle.apply(agent.choose_move(middle))
        assert patterns(middle, 1) == pattern_score_full(middle, 1) == -patterns(middle, 2)
        checked += 1
    assert checked > 300


def test_pattern_counts_on_a_board() -> None:
    state = position(["g8", "h8", "i8"], ["f8", "a1"])     # black OXXX_ in row 8, white to move
    counts = pattern_counts(state, 1)
    assert counts["f5 closed three"] == 1
    assert counts["f8 one"] == 9          # each black stone is _X_ in its column and diagonals
    assert sum(counts.values()) == 10
    white = pattern_counts(state, 2)      # f8: _OX in its row, _O_ in its column and diagonals;
    assert white["f8 one"] == 4 and sum(white.values()) == 4      # a1 against the edges: none
    assert patterns(state, 1) == 10_000 + 9 - 4 == -patterns(state, 2)


def test_a_five_outweighs_everything_else() -> None:
    won = play_line(["h4", "h5", "h6", "h7", "h8"], ["a1", "c1", "e1", "g1"])[-1]
    assert won.winner() == 1 and patterns(won, 1) > 40_000_000 and patterns(won, 2) < 0


# -- pictures ------------------------------------------------------------------------------

def test_svg_picture_shows_the_stones_and_the_last_move() -> None:
    svg = Gomoku().play("h8").play("h9")._repr_svg_()
    assert svg.startswith("<svg") and svg.count('r="16.8"') == 2
    assert "last move h9" in svg and 'stroke="#d32f2f"' in svg
    assert " 8 . . . . . . . x . . . . . . . 8" in str(Gomoku().play("h8"))


# -- every agent plays a whole game ---------------------------------------------------------

SEARCH_SPECS = [
    "greedy", "minimax:depth=2", "negamax:depth=2", "alphabeta:depth=2,form=minmax",
    "alphabeta:depth=2,form=minmax,order=static", "alphabeta:depth=2",
    "alphabeta:depth=2,order=static", "alphabeta:depth=2,order=gain",
    "alphabeta:depth=2,order=intuition", "alphabeta:depth=3,killers=1",
    "alphabeta:depth=3,history=1", "alphabeta:depth=3,tt=1",
    "alphabeta:depth=3,killers=1,history=1,tt=12", "alphabeta:time=30", "alphabeta:game=3000",
]
MCTS_SPECS = [
    "mcts:iterations=10,seed=1", "mcts:iterations=10,playout=greedy,seed=2",
    "mcts:iterations=10,playout=cutoff,cutoff=2,seed=3", "mcts:iterations=10,final=lcb",
    "mcts:iterations=10,solver=1,reuse=1",
]


def agent_with_patterns(spec: str):
    """``make_agent(spec)`` with the pattern evaluation (the registry has no Gomoku name)."""
    agent = make_agent(spec)
    if hasattr(agent, "evaluation"):
        agent.evaluation = patterns
    return agent


def play_out(state: Gomoku, black, white) -> Gomoku:
    while not state.is_over():
        agent = black if state.to_move == 1 else white
        state = state.play(agent.choose_move(state))          # play() checks every move
    return state


@pytest.mark.parametrize("spec", SEARCH_SPECS)
def test_every_searching_agent_beats_random_in_the_restricted_game(spec: str) -> None:
    end = play_out(Gomoku(radius=1), agent_with_patterns(spec), make_agent("random:seed=3"))
    assert end.winner() == 1


@pytest.mark.parametrize("spec", MCTS_SPECS)
def test_mcts_plays_a_whole_game(spec: str) -> None:
    end = play_out(Gomoku(radius=1), agent_with_patterns(spec), make_agent("random:seed=3"))
    assert end.is_over() and end.winner() in (0, 1, 2)


def test_random_and_greedy_play_the_rules_game_with_the_korean_rule() -> None:
    end = play_out(Gomoku(rule="omok"), agent_with_patterns("greedy"),
                   make_agent("random:seed=8"))
    assert end.winner() == 1
    end = play_out(Gomoku(), make_agent("random:seed=1"), make_agent("random:seed=2"))
    assert end.is_over()


def test_alphabeta_blocks_an_open_three_and_wins_from_a_four() -> None:
    agent = agent_with_patterns("alphabeta:depth=2")
    four = position(["e8", "f8", "g8", "h8"], ["e9", "f9", "g9", "a1"])    # black wins at d8 or i8
    assert agent.choose_move(four) in ("d8", "i8")
    three = position(["a1", "c1", "o15"], ["f8", "g8", "h8"])       # block white's open three
    assert agent.choose_move(three) in ("e8", "i8")


def test_svg_draws_a_line_through_the_five() -> None:
    import xml.etree.ElementTree as ET
    state = play_line(["c3", "g7", "e5", "d4", "f6"], ["c4", "c5", "c6", "c7"])[-1]
    root = ET.fromstring(state.svg())
    ns = "{http://www.w3.org/2000/svg}"
    stones = {(float(c.get("cx")), float(c.get("cy"))): c.get("fill")
              for c in root.iter(f"{ns}circle")}
    lines = [e for e in root.iter(f"{ns}line") if e.get("class") == "five"]
    assert len(lines) == 1
    ends = [(float(lines[0].get(f"x{k}")), float(lines[0].get(f"y{k}"))) for k in (1, 2)]
    assert all(stones.get(end) == "#1a1a1a" for end in ends)        # on black stones' centres
    (x1, y1), (x2, y2) = ends
    on_line = [p for p, fill in stones.items() if fill == "#1a1a1a"
               and abs((x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1)) < 1e-6]
    assert len(on_line) == 5                                       # the five lie on it
    assert 'class="five"' not in Gomoku().play("h8").svg()
    two = position(["b3", "c3", "d3", "e3", "f1", "f2", "f4", "f5"],
                   ["h10", "h11", "h12", "h13", "k10", "k11", "k12", "k13"]).play("f3")
    assert two.svg().count('class="five"') == 2


def test_svg_can_mark_any_points() -> None:
    svg = Gomoku().play("h8").svg(marked=["a1", "o15"])
    assert svg.count('stroke="#d32f2f"') == 2
    with pytest.raises(InvalidMoveError):
        Gomoku().svg(marked=["z9"])


# -- the numba tier, held to the readable one ----------------------------------------------

def restricted(state: Gomoku, radius: int) -> Gomoku:
    return Gomoku.from_text(state.text(), rule=state.rule, radius=radius)


def clustered_game(seed: int, size: int, rule: str, plies: int) -> list[Gomoku]:
    """The positions of a seeded game played near the stones (radius 1), as real play makes
    them: random moves, every fifth one greedy (pattern evaluation), so that threes and fours
    form; up to ``plies`` moves, the finished position left out."""
    state = Gomoku.from_text(Gomoku(size=size).text(), rule=rule, radius=1)
    chooser, greedy = RandomAgent(seed), agent_with_patterns("greedy")
    states = []
    while not state.is_over() and len(states) < plies:
        states.append(state)
        state = state.play((greedy if len(states) % 5 == 0 else chooser).choose_move(state))
    return states


def omok_position_with_a_forbidden_point() -> Gomoku:
    """A 19x19 omok position near the stones where a candidate point is a double three."""
    state = position(["j10", "k10", "l11", "l12"], ["a1", "c1", "e1", "g1"], size=19,
                     rule="omok", radius=1)
    assert state.forbidden("l10") and "l10" not in state.legal_moves()
    return state


@pytest.mark.parametrize("size, rule", [(15, "freestyle"), (15, "omok"), (19, "omok")])
def test_fast_legal_moves_are_the_rules_legal_moves(size: int, rule: str) -> None:
    from course_lib.games.gomoku_fast import fast_legal_moves
    compared = refused = 0
    for seed in range(3):
        for state in clustered_game(seed, size, rule, 90):
            for radius in (0, 1, 2):
                game = Gomoku.from_text(state.text(), rule=rule, radius=radius)
                assert fast_legal_moves(game) == game.legal_moves(), (game.text(), radius)
                compared += 1
            rules = Gomoku.from_text(state.text(), rule=rule)
            refused += len(Gomoku.from_text(state.text()).legal_moves()) - len(rules.legal_moves())
    assert compared > 250
    assert (refused > 0) == (rule == "omok")


def readable(state: Gomoku, depth: int, slots: int | None = None):
    from course_lib.agents.search import Searcher
    from course_lib.agents.transposition import TranspositionTable
    table = TranspositionTable(slots) if slots else None
    return Searcher("negamax-alphabeta", patterns, table=table).run(state, depth)


def same_search(ours, theirs, text: str) -> None:
    assert (ours.move, ours.value) == (theirs.move, theirs.value), text
    for counter in ("nodes", "leaves", "cutoffs", "tt_hits", "tt_cutoffs", "nodes_per_depth"):
        assert getattr(ours.stats, counter) == getattr(theirs.stats, counter), (counter, text)
    assert ours.root_values == theirs.root_values, text


def test_fast_alphabeta_is_the_readable_search() -> None:
    from course_lib.games.gomoku_fast import fast_gomoku_alphabeta
    cases = []
    for seed, size, rule in ((0, 15, "freestyle"), (1, 15, "omok"), (2, 19, "omok")):
        states = clustered_game(seed, size, rule, 24)
        cases += [(state, (1, 2)) for state in states[::4]]
        cases += [(states[i], (3,)) for i in (2, len(states) // 2, -1)]
        cases += [(restricted(states[i], 2), (1, 2)) for i in (5, -1)]
        cases += [(restricted(states[6], 0), (1,))]
    cases.append((position(["e8", "f8", "g8", "h8"], ["e9", "f9", "g9", "a1"], radius=1),
                  (1, 2, 3)))                               # wins inside the tree
    cases.append((omok_position_with_a_forbidden_point(), (1, 2, 3)))
    for state, depths in cases:
        for depth in depths:
            same_search(fast_gomoku_alphabeta(state, depth), readable(state, depth),
                        state.text())
    assert len(cases) > 20


def test_fast_alphabeta_with_a_table_is_the_readable_search_with_one() -> None:
    from course_lib.games.gomoku_fast import fast_gomoku_alphabeta
    cases = [(state, 3) for state in clustered_game(3, 19, "omok", 20)[4::8]]
    cases += [(state, 4) for state in clustered_game(4, 15, "freestyle", 20)[4::8]]
    cases.append((omok_position_with_a_forbidden_point(), 3))
    hits = 0
    for state, depth in cases:
        for bits in (12, 5):                                # 32 slots: entries replaced
            ours = fast_gomoku_alphabeta(state, depth, table_bits=bits)
            same_search(ours, readable(state, depth, 1 << bits), state.text())
            hits += ours.stats.tt_hits
    assert len(cases) >= 5 and hits > 0


def test_fast_deepening_is_the_readable_iterative_deepening() -> None:
    from course_lib.agents.search import iterative_deepening
    from course_lib.agents.transposition import TranspositionTable
    from course_lib.games.gomoku_fast import fast_gomoku_deepening
    cases = [(omok_position_with_a_forbidden_point(), 3),
             (clustered_game(5, 19, "omok", 16)[12], 3),
             (clustered_game(6, 15, "freestyle", 16)[12], 4)]
    for state, depth in cases:
        for bits in (None, 8):
            table = TranspositionTable(1 << bits) if bits else None
            theirs = list(iterative_deepening(state, depth, evaluation=patterns, table=table))
            ours = fast_gomoku_deepening(state, depth, table_bits=bits)
            assert len(ours) == len(theirs) == depth
            for a, b in zip(ours, theirs):
                same_search(a, b, state.text())
                assert a.stats.depth == b.stats.depth


def test_fast_deepening_stops_at_its_node_budget() -> None:
    from course_lib.games.gomoku_fast import fast_gomoku_alphabeta, fast_gomoku_deepening
    state = clustered_game(6, 19, "omok", 14)[-1]
    whole = fast_gomoku_deepening(state, 5, table_bits=12)
    spent = [r.stats.nodes for r in whole]                  # running totals
    for k in range(1, 5):
        cut = fast_gomoku_deepening(state, 5, table_bits=12, max_nodes=spent[k] - 1)
        assert [r.depth for r in cut] == list(range(1, k + 1))     # iteration k+1 abandoned
        assert cut[-1].move == whole[k - 1].move and cut[-1].stats.nodes == spent[k - 1]
        exact = fast_gomoku_deepening(state, 5, table_bits=12, max_nodes=spent[k])
        assert len(exact) == k + 1
    assert len(fast_gomoku_deepening(state, 5, max_nodes=1)) == 1     # depth 1 always ends
    # without reordering every iteration is plain alpha-beta in board order
    plain = fast_gomoku_deepening(state, 3, reorder=False)
    running = 0
    for result in plain:
        alone = fast_gomoku_alphabeta(state, result.depth)
        running += alone.stats.nodes
        assert (result.move, result.value, result.stats.nodes) == (alone.move, alone.value,
                                                                   running)


def test_fast_searches_refuse_in_words() -> None:
    from course_lib.games.gomoku_fast import (fast_gomoku_alphabeta, fast_gomoku_deepening,
                                              fast_legal_moves)
    with pytest.raises(CourseError, match="depth"):
        fast_gomoku_alphabeta(Gomoku(), 0)
    with pytest.raises(CourseError, match="table_bits"):
        fast_gomoku_alphabeta(Gomoku(), 2, table_bits=40)
    with pytest.raises(CourseError, match="max_nodes"):
        fast_gomoku_deepening(Gomoku(), 2, max_nodes=0)
    with pytest.raises(CourseError, match="Gomoku state"):
        fast_legal_moves("h8")
    won = play_line(["h4", "h5", "h6", "h7", "h8"], ["a1", "c1", "e1", "g1"])[-1]
    with pytest.raises(CourseError, match="terminal"):
        fast_gomoku_alphabeta(won, 2)
    assert fast_legal_moves(won) == []


def test_patterns_is_gomokus_named_and_default_evaluation():
    from course_lib.agents import make_agent
    from course_lib.agents.evaluation import default_evaluation, evaluations_for
    from course_lib.errors import EvaluationMismatchError, InvalidAgentSpecError

    state = Gomoku().play("h8").play("h9")
    assert default_evaluation(state) is patterns
    assert evaluations_for(state) == ["patterns"]
    assert make_agent("greedy").choose_move(state) == make_agent("greedy:eval=patterns").choose_move(state)
    with pytest.raises(InvalidAgentSpecError, match="use 'patterns'"):
        make_agent("greedy:eval=exact-patterns")
    with pytest.raises(EvaluationMismatchError, match="for Gomoku choose patterns$"):
        make_agent("greedy:eval=material").choose_move(state)


def test_iterative_deepening_goes_past_depth_1_when_pattern_scores_pass_1000():
    """Pattern scores pass 1000 (an open three is 100,050): that is not a forced win, so the
    search deepens on; only an exact score stops it early."""
    from course_lib.agents.search import iterative_deepening

    state = Gomoku(radius=1).play("h8").play("h9").play("g8").play("g9").play("f8")
    depths = [(result.stats.depth, result.value)
              for result in iterative_deepening(state, max_depth=3, evaluation=patterns)]
    assert [depth for depth, _ in depths] == [1, 2, 3]
    assert any(abs(value) >= 1000 for _, value in depths)
