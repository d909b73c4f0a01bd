"""Square names, moves as text (UAI and protocol), and FEN, against the spec's interop section."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from course_lib.ataxx import (BLOCKED, EMPTY, FIRST, PASS, SECOND, SQUARES, START_FEN, Move,
                              State, parse_fen, parse_move, parse_square, square_name, write_fen)
from course_lib.ataxx.rules import distance
from course_lib.errors import CourseError, IllegalMoveError, InvalidFenError, InvalidMoveError

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"

FAST = settings(max_examples=150, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


# -- squares ----------------------------------------------------------------------------------------

# COURSE_SPEC 2, interop: file a..g is y = 1..7; rank 1..7 is 8 - x.
SPEC_SQUARES = [((1, 1), "a7"), ((7, 7), "g1"), ((1, 7), "g7"), ((7, 1), "a1"),
                ((2, 2), "b6"), ((3, 3), "c5"), ((4, 5), "e4"), ((6, 2), "b2")]


@pytest.mark.parametrize("square, name", SPEC_SQUARES)
def test_square_names_match_the_spec(square, name):
    assert square_name(*square) == name
    assert parse_square(name) == square


def test_every_square_name_round_trips():
    names = {square_name(x, y) for (x, y) in SQUARES}
    assert len(names) == 49
    for (x, y) in SQUARES:
        name = square_name(x, y)
        assert name[0] == "abcdefg"[y - 1] and int(name[1]) == 8 - x
        assert parse_square(name) == (x, y)


@pytest.mark.parametrize("name", ["h1", "a8", "a0", "A7", "b", "b66", "", "7a", " a7", "aa"])
def test_bad_square_names(name):
    with pytest.raises(InvalidMoveError, match="square name"):
        parse_square(name)


@pytest.mark.parametrize("x, y", [(0, 1), (1, 0), (8, 1), (1, 8), (-1, -1)])
def test_square_name_off_the_board(x, y):
    with pytest.raises(InvalidMoveError, match="off the board"):
        square_name(x, y)


def test_start_position_uses_the_spec_squares():
    state = State.from_fen(START_FEN)
    for name, player in [("a7", FIRST), ("g1", FIRST), ("g7", SECOND), ("a1", SECOND)]:
        assert state[parse_square(name)] == player


# -- moves ------------------------------------------------------------------------------------------


def test_uai_and_protocol_strings():
    clone, jump = Move(1, 1, 2, 2), Move(1, 1, 3, 3)
    assert (clone.uai(), jump.uai(), PASS.uai()) == ("b6", "a7c5", "0000")
    assert (clone.protocol(), jump.protocol(), PASS.protocol()) == (
        "1 1 2 2", "1 1 3 3", "-1 -1 -1 -1")
    assert (str(clone), str(jump), str(PASS)) == ("b6", "a7c5", "0000")
    assert Move(7, 7, 5, 6).uai() == "g1f3"
    assert Move(7, 1, 6, 1).uai() == "a2"
    assert (repr(clone), repr(PASS)) == ("Move(1, 1, 2, 2)", "PASS")


def test_move_kinds_and_squares():
    clone, jump = Move(4, 4, 5, 3), Move(4, 4, 2, 6)
    assert clone.is_clone and not clone.is_jump and not clone.is_pass
    assert jump.is_jump and not jump.is_clone and not jump.is_pass
    assert PASS.is_pass and not PASS.is_clone and not PASS.is_jump
    assert clone.source == (4, 4) and clone.destination == (5, 3)
    assert PASS == Move(-1, -1, -1, -1)


def test_every_move_from_every_square_has_a_distance_of_one_or_two():
    count = 0
    for (x1, y1) in SQUARES:
        for (x2, y2) in SQUARES:
            d = max(abs(x1 - x2), abs(y1 - y2))
            assert distance(x1, y1, x2, y2) == d
            if d in (1, 2):
                move = Move(x1, y1, x2, y2)
                assert move.is_clone == (d == 1) and move.is_jump == (d == 2)
                count += 1
            else:
                with pytest.raises(InvalidMoveError, match="distance"):
                    Move(x1, y1, x2, y2)
    rings = [sum(1 for (x2, y2) in SQUARES if max(abs(x - x2), abs(y - y2)) in (1, 2))
             for (x, y) in SQUARES]
    assert count == sum(rings) and rings[0] == 8 and rings[24] == 24


@pytest.mark.parametrize("coords", [
    (0, 1, 1, 2), (1, 0, 2, 1), (7, 7, 8, 7), (7, 7, 7, 8), (-1, 1, 1, 2), (1, 1, -1, -1),
    (-1, -1, 2, 2), (-1, -1, -1, 0), (9, 9, 9, 9),
])
def test_move_coordinates_outside_the_board(coords):
    with pytest.raises(InvalidMoveError, match="outside 1..7"):
        Move(*coords)


@pytest.mark.parametrize("coords", [(1, 1, 1, 1), (4, 4, 4, 4), (1, 1, 4, 1), (1, 1, 7, 7),
                                    (4, 4, 1, 4), (4, 4, 7, 1)])
def test_move_distance_zero_or_more_than_two(coords):
    with pytest.raises(InvalidMoveError, match="distance"):
        Move(*coords)


@pytest.mark.parametrize("coords", [(1.0, 1, 2, 2), ("1", 1, 2, 2), (None, 1, 2, 2),
                                    (True, 1, 2, 2)])
def test_move_coordinates_must_be_whole_numbers(coords):
    with pytest.raises(InvalidMoveError):
        Move(*coords)


def test_moves_are_values():
    assert Move(1, 1, 2, 2) == Move(1, 1, 2, 2) and hash(Move(1, 1, 2, 2)) == hash(Move(1, 1, 2, 2))
    with pytest.raises(AttributeError):
        Move(1, 1, 2, 2).x1 = 3
    moves = [Move(2, 1, 1, 1), Move(1, 2, 1, 1), PASS, Move(1, 1, 3, 3), Move(1, 1, 2, 2)]
    assert sorted(moves) == [PASS, Move(1, 1, 2, 2), Move(1, 1, 3, 3), Move(1, 2, 1, 1),
                             Move(2, 1, 1, 1)]


# -- reading moves ------------------------------------------------------------------------------------


def test_parse_move_forms():
    state = State.from_fen("xx5/7/7/7/7/7/o5o x 0 1")
    assert parse_move("b6", state) == Move(1, 1, 2, 2)          # canonical source: a7 < b7
    assert parse_move("c6", state) == Move(1, 2, 2, 3)          # only b7 is next to c6
    assert parse_move("a7c5", state) == Move(1, 1, 3, 3)
    assert parse_move("b7b6", state) == Move(1, 2, 2, 2)        # a source given is kept
    assert parse_move("0000", state) == PASS
    assert parse_move("1 1 2 2", state) == Move(1, 1, 2, 2)
    assert parse_move("-1 -1 -1 -1", state) == PASS
    assert parse_move("  b6 ", state) == Move(1, 1, 2, 2)
    assert state.parse_move("a7c5") == Move(1, 1, 3, 3)
    # o to move: the canonical source is o's
    o_state = State.from_fen("xx5/7/7/7/7/7/o5o o 0 1")
    assert parse_move("b2", o_state) == Move(7, 1, 6, 2)


def test_uai_round_trip_of_every_legal_move(random_game):
    for seed in range(3):
        for state in random_game(seed)[::5]:
            for move in state.legal_moves():
                assert parse_move(move.uai(), state) == move
                assert parse_move(move.protocol(), state) == move


@pytest.mark.parametrize("text, error, words", [
    ("h1", InvalidMoveError, "square name"),
    ("B6", InvalidMoveError, "square name"),
    ("a7a7", InvalidMoveError, "distance"),
    ("a7d4", InvalidMoveError, "distance"),
    ("1 1 1 1", InvalidMoveError, "distance"),
    ("1 1 9 9", InvalidMoveError, "outside"),
    ("0 0 0 0", InvalidMoveError, "outside"),
    ("-1 -1 2 2", InvalidMoveError, "outside"),
    ("a b c d", InvalidMoveError, "four whole numbers"),
    ("1 1 2", InvalidMoveError, "not a move"),
    ("", InvalidMoveError, "not a move"),
    ("pass", InvalidMoveError, "square name"),
    ("a7c5x", InvalidMoveError, "not a move"),
    ("d4", IllegalMoveError, "no stone"),                  # well formed, no x stone next to d4
])
def test_parse_move_errors(text, error, words):
    with pytest.raises(error, match=words) as info:
        parse_move(text, State.start())
    assert isinstance(info.value, CourseError)


def test_parse_move_needs_text():
    with pytest.raises(InvalidMoveError, match="text"):
        parse_move(12, State.start())


def test_play_reads_text():
    assert State.start().play("b6").fen() == "x5o/1x5/7/7/7/7/o5x o 0 1"
    assert State.start().play("a7c5").fen() == "6o/7/2x4/7/7/7/o5x o 1 1"
    assert State.start().play("7 7 6 6") == State.start().play("f2")


# -- FEN -------------------------------------------------------------------------------------------


def oracle_fen(cells: str, side: str, halfmove: int, fullmove: int) -> str:
    """An independent FEN writer: 49 cells in '.xo-', ranks 7 down to 1 (x = 1..7)."""
    ranks = []
    for x in range(7):
        row, text, run = cells[7 * x: 7 * x + 7], "", 0
        for c in row:
            if c == ".":
                run += 1
            else:
                text += (str(run) if run else "") + c
                run = 0
        ranks.append(text + (str(run) if run else ""))
    return f"{'/'.join(ranks)} {side} {halfmove} {fullmove}"


CELL = {".": EMPTY, "x": FIRST, "o": SECOND, "-": BLOCKED}


def test_fen_of_the_spec_positions():
    start = State.start()
    assert start.fen() == START_FEN == "x5o/7/7/7/7/7/o5x x 0 1"
    assert parse_fen(START_FEN) == start
    gap = parse_fen(GAP_FEN)
    assert [sq for sq in SQUARES if gap[sq] == BLOCKED] == [(3, 3), (3, 5), (5, 3), (5, 5)]
    assert write_fen(gap) == GAP_FEN


@pytest.mark.parametrize("side, fullmove, turns", [
    ("x", 1, 0), ("o", 1, 1), ("x", 2, 2), ("o", 2, 3), ("x", 100, 198),
    ("o", 200, 399), ("x", 201, 400), ("o", 1000, 1999),
])
def test_turn_count_from_fen(side, fullmove, turns):
    """COURSE_SPEC 2: turns = 2 * (fullmove - 1) + (1 if o to move)."""
    fen = f"x5o/7/7/7/7/7/o5x {side} 3 {fullmove}"
    state = parse_fen(fen)
    assert state.turns == turns == 2 * (fullmove - 1) + (side == "o")
    assert state.halfmove == 3
    assert write_fen(state) == fen


def test_omitted_counters_default_to_zero_and_one():
    assert parse_fen("x5o/7/7/7/7/7/o5x o").fen() == "x5o/7/7/7/7/7/o5x o 0 1"
    assert parse_fen("x5o/7/7/7/7/7/o5x x 5").fen() == "x5o/7/7/7/7/7/o5x x 5 1"


def test_fen_follows_a_game(random_game):
    for seed in range(5):
        for fen_ in (START_FEN, GAP_FEN):
            for state in random_game(seed, fen_):
                fen = state.fen()
                side, halfmove, fullmove = fen.split()[1:]
                assert side == ("x" if state.to_move == FIRST else "o")
                assert (state.turns % 2 == 1) == (side == "o")
                assert int(fullmove) == state.turns // 2 + 1
                assert int(halfmove) == state.halfmove
                again = parse_fen(fen)
                assert (again.key(), again.turns, again.halfmove) == (
                    state.key(), state.turns, state.halfmove)
                assert write_fen(again) == fen and again == state
                cells = "".join(".xo-"[c] for c in state.key()[0])
                assert fen == oracle_fen(cells, side, state.halfmove, int(fullmove))


@FAST
@given(cells=st.lists(st.sampled_from(".....xxoo-"), min_size=49, max_size=49).map("".join),
       side=st.sampled_from("xo"), halfmove=st.integers(0, 10_000),
       fullmove=st.integers(1, 10_000))
def test_fen_round_trip(cells, side, halfmove, fullmove):
    fen = oracle_fen(cells, side, halfmove, fullmove)
    state = parse_fen(fen)
    assert write_fen(state) == fen
    assert state.key() == (tuple(CELL[c] for c in cells), FIRST if side == "x" else SECOND)
    assert state.turns == 2 * (fullmove - 1) + (side == "o")
    assert state.halfmove == halfmove
    assert state.stones(FIRST) == cells.count("x") and state.stones(SECOND) == cells.count("o")
    assert state.empty_squares == cells.count(".")
    again = parse_fen(write_fen(state))
    assert (again.key(), again.turns, again.halfmove) == (state.key(), state.turns,
                                                          state.halfmove)


@pytest.mark.parametrize("fen, words", [
    ("", ["0 fields"]),
    ("x5o/7/7/7/7/7/o5x", ["1 fields", "side to move"]),
    ("x5o/7/7/7/7/7/o5x x 0 1 5", ["5 fields"]),
    ("x5o/7/7/7/7/o5x x 0 1", ["board field", "6 ranks"]),
    ("x5o/7/7/7/7/7/7/o5x x 0 1", ["board field", "8 ranks"]),
    ("x5o x 0 1", ["board field", "1 ranks"]),
    ("x6o/7/7/7/7/7/o5x x 0 1", ["rank 7", "more than 7"]),
    ("x5oo/7/7/7/7/7/o5x x 0 1", ["rank 7", "more than 7"]),
    ("x5o/7/7/7/7/7/o5xx x 0 1", ["rank 1", "more than 7"]),
    ("x5o/7/7/44/7/7/o5x x 0 1", ["rank 4", "more than 7"]),
    ("x4o/7/7/7/7/7/o5x x 0 1", ["rank 7", "6 squares"]),
    ("x5o//7/7/7/7/o5x x 0 1", ["rank 6", "0 squares"]),
    ("x5o/7/7/7/7/6/o5x x 0 1", ["rank 2", "6 squares"]),
    ("x5O/7/7/7/7/7/o5x x 0 1", ["rank 7", "character 'O'"]),
    ("x5o/7/3.3/7/7/7/o5x x 0 1", ["rank 5", "character '.'"]),
    ("x5o/7/7/7/7/7/o5X x 0 1", ["rank 1", "character 'X'"]),
    ("x5o/7/7/3b3/7/7/o5x x 0 1", ["rank 4", "character 'b'"]),
    ("x5o/07/7/7/7/7/o5x x 0 1", ["rank 6", "count '0'", "1 to 7"]),
    ("x5o/8/7/7/7/7/o5x x 0 1", ["rank 6", "count '8'", "1 to 7"]),
    ("x5o/7/9/7/7/7/o5x x 0 1", ["rank 5", "count '9'", "1 to 7"]),
    ("x5o/7/7/1x9/7/7/o5x x 0 1", ["rank 4", "count '9'"]),
    ("x5o/7/7/7/7/7/o5x X 0 1", ["side to move", "'X'"]),
    ("x5o/7/7/7/7/7/o5x b 0 1", ["side to move", "'b'"]),
    ("x5o/7/7/7/7/7/o5x xo 0 1", ["side to move"]),
    ("x5o/7/7/7/7/7/o5x - 0 1", ["side to move"]),
    ("x5o/7/7/7/7/7/o5x x -1 1", ["halfmove clock"]),
    ("x5o/7/7/7/7/7/o5x x a 1", ["halfmove clock"]),
    ("x5o/7/7/7/7/7/o5x x 1.5 1", ["halfmove clock"]),
    ("x5o/7/7/7/7/7/o5x x +2 1", ["halfmove clock"]),
    ("x5o/7/7/7/7/7/o5x x \u00b2 1", ["halfmove clock"]),     # superscript two
    ("x5o/7/7/7/7/7/o5x x \u0663 1", ["halfmove clock"]),     # Arabic-Indic three
    ("x5o/7/7/7/7/7/o5x x 0 0", ["fullmove number"]),
    ("x5o/7/7/7/7/7/o5x x 0 00", ["fullmove number"]),
    ("x5o/7/7/7/7/7/o5x x 0 one", ["fullmove number"]),
    ("x5o/7/7/7/7/7/o5x x 0 -3", ["fullmove number"]),
    ("x5o/7/7/7/7/7/o5x x 0 2.0", ["fullmove number"]),
    ("x5o/7/7/7/7/7/o5x x 0 \u00b2", ["fullmove number"]),
    ("x5o/7/7/7/7/7/o5x x 0 \u0663", ["fullmove number"]),
])
def test_malformed_fen_names_the_field(fen, words):
    with pytest.raises(InvalidFenError) as info:
        parse_fen(fen)
    for word in words:
        assert word in str(info.value), str(info.value)
    assert isinstance(info.value, CourseError) and isinstance(info.value, ValueError)
    with pytest.raises(InvalidFenError):
        State.from_fen(fen)


@pytest.mark.parametrize("value", [None, 42, b"x5o/7/7/7/7/7/o5x x 0 1"])
def test_fen_must_be_a_string(value):
    with pytest.raises(InvalidFenError, match="string"):
        parse_fen(value)


@FAST
@given(field=st.sampled_from([1, 2, 3]),
       text=st.text(min_size=1, max_size=4).filter(lambda t: t.split() == [t]))
def test_any_bad_counter_or_side_gives_invalid_fen_error(field, text):
    """Whatever text stands in a field, parse_fen returns a State or raises InvalidFenError."""
    fields = START_FEN.split()
    fields[field] = text
    try:
        state = parse_fen(" ".join(fields))
    except InvalidFenError:
        return
    if field == 1:
        assert text in ("x", "o")
    else:                       # accepted counters are plain ASCII whole numbers, written back
        assert text.isascii() and text.isdigit()
        assert write_fen(state).split()[field] == str(int(text))


@FAST
@given(rank=st.text(alphabet="xo-.0123456789Xa", min_size=0, max_size=9))
def test_any_bad_rank_gives_invalid_fen_error(rank):
    fen = f"x5o/7/7/{rank}/7/7/o5x x 0 1"
    try:
        state = parse_fen(fen)
    except InvalidFenError as error:
        assert "rank 4" in str(error)
        return
    # accepted: then the rank described exactly 7 squares of 'x', 'o', '-' and runs 1-7
    assert set(rank) <= set("xo-1234567")
    assert sum(int(c) if c.isdigit() else 1 for c in rank) == 7
    assert state.fen().split("/")[3] == oracle_fen(
        "." * 21 + "".join(c if not c.isdigit() else "." * int(c) for c in rank) + "." * 21,
        "x", 0, 1).split("/")[3]
