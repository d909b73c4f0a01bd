"""The readable rules tier against oracles written here, deliberately naive and independent.

The oracles read a position only through ``state.key()`` (49 cells in ascending (x, y) and the
side to move) and work on a plain dict of squares, so they share no code with the library.
"""

from __future__ import annotations

import random

import pytest

from course_lib.agents import RandomAgent
from course_lib.ataxx import (BLOCKED, EMPTY, FIRST, MAX_TURNS, PASS, SECOND, SQUARES, START_FEN,
                              Move, State)
from course_lib.errors import (CourseError, IllegalMoveError, InvalidMoveError,
                               InvalidPositionError)

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"

# x walled in at the top-left by blocked squares; o likewise at the bottom-right.
X_WALLED = "xx--3/----3/----3"
O_WALLED = "4---/4---/4--o"
NEITHER_CAN_MOVE = f"{X_WALLED}/7/{O_WALLED} x 0 1"


# -- the oracles ---------------------------------------------------------------------------------

ALL = [(x, y) for x in range(1, 8) for y in range(1, 8)]


def board_of(state):
    cells, to_move = state.key()
    assert len(cells) == 49
    return dict(zip(ALL, cells)), to_move


def oracle_moves(board, me):
    """Every (source, destination) pair at distance 1 or 2 onto an empty square; clones deduped
    by destination keeping the smallest source; sorted ascending (x1, y1, x2, y2)."""
    clones, jumps = {}, []
    for (x1, y1) in ALL:
        if board[x1, y1] != me:
            continue
        for (x2, y2) in ALL:
            if board[x2, y2] != EMPTY:
                continue
            d = max(abs(x1 - x2), abs(y1 - y2))
            if d == 1:
                clones[x2, y2] = min(clones.get((x2, y2), (9, 9)), (x1, y1))
            elif d == 2:
                jumps.append((x1, y1, x2, y2))
    return sorted(jumps + [src + dst for dst, src in clones.items()])


def oracle_decided(board):
    """Nothing left to play: a player has no stones or no square is empty."""
    cells = list(board.values())
    return FIRST not in cells or SECOND not in cells or EMPTY not in cells


def oracle_over(board, turns, first_moves, second_moves):
    """The spec's end of game; the move lists are oracle_moves for each player."""
    return (oracle_decided(board) or turns >= 400
            or (not first_moves and not second_moves))


def oracle_apply(board, me, move):
    """The capture rules: a clone keeps its source, a jump empties it, the 8 squares around the
    destination turn to the mover when they hold the opponent; nothing else changes."""
    after = dict(board)
    if move == (-1, -1, -1, -1):
        return after
    x1, y1, x2, y2 = move
    assert board[x1, y1] == me and board[x2, y2] == EMPTY
    if max(abs(x1 - x2), abs(y1 - y2)) == 2:
        after[x1, y1] = EMPTY
    after[x2, y2] = me
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            sq = (x2 + dx, y2 + dy)
            if sq in after and after[sq] == 3 - me:      # 3 - me: the opponent, by the spec
                after[sq] = me
    return after


def coords(move):
    return (move.x1, move.y1, move.x2, move.y2)


def _blocked_start(seed):
    rng = random.Random(seed)
    board = State.start()
    grid = [row[:] for row in board.grid]
    empties = [sq for sq in SQUARES if grid[sq[0]][sq[1]] == EMPTY]
    for (x, y) in rng.sample(empties, rng.randint(3, 9)):
        grid[x][y] = BLOCKED
    return State(grid).fen()


@pytest.fixture(scope="module")
def games(random_game):
    """About 7000 positions: 20 games from the start, 10 from the gap position, 10 from starts
    with random blocked squares."""
    out = [random_game(seed) for seed in range(20)]
    out += [random_game(seed, GAP_FEN) for seed in range(10)]
    out += [random_game(seed, _blocked_start(seed)) for seed in range(100, 110)]
    return out


@pytest.fixture(scope="module")
def positions(games):
    return [state for game in games for state in game]


# -- the oracles themselves, on hand-checked positions --------------------------------------------


def test_oracle_on_the_start_position():
    board, me = board_of(State.start())
    moves = oracle_moves(board, me)
    assert len(moves) == 16
    assert moves[0] == (1, 1, 1, 2) and moves[-1] == (7, 7, 7, 6)
    assert sum(1 for m in moves if max(abs(m[0] - m[2]), abs(m[1] - m[3])) == 1) == 6


# -- move generation ----------------------------------------------------------------------------


def test_position_sample_is_large_and_varied(positions):
    assert len(positions) > 5000
    assert sum(1 for p in positions if BLOCKED in p.key()[0]) > 2000
    assert sum(1 for p in positions if p.legal_moves() == [PASS]) >= 5
    assert sum(1 for p in positions if p.is_over()) == 40


def test_legal_moves_match_the_naive_oracle(positions):
    for state in positions:
        board, me = board_of(state)
        oracle = {FIRST: oracle_moves(board, FIRST), SECOND: oracle_moves(board, SECOND)}
        over = oracle_over(board, state.turns, oracle[FIRST], oracle[SECOND])
        assert state.is_over() == over, state.fen()
        assert state.is_decided() == oracle_decided(board), state.fen()
        got = state.legal_moves()
        # legal_moves() is [] only when nothing is left to play; like python-chess it does not
        # look at the 400-turn cap or at both players being stuck (is_over() does).
        if oracle_decided(board):
            assert got == [], state.fen()
        elif not oracle[me]:
            assert got == [PASS], state.fen()
        else:
            assert [coords(m) for m in got] == oracle[me], state.fen()
        # generate_moves and has_move ignore the end of the game, for either player
        for player in (FIRST, SECOND):
            assert [coords(m) for m in state.generate_moves(player)] == oracle[player]
            assert state.has_move(player) == bool(oracle[player])


def test_moves_are_in_canonical_order_and_distinct(positions):
    for state in positions[::7]:
        moves = state.legal_moves()
        keys = [coords(m) for m in moves]
        assert keys == sorted(keys)
        assert len(set(moves)) == len(moves)
        assert sorted(moves) == moves          # Move's docstring: moves sort canonically
        children = [state.apply(m).key() for m in moves]
        assert len(set(children)) == len(children), "two moves give the same position"


def test_pass_rule_exactly_when_no_move_and_not_decided():
    walled = State.from_fen("xoo4/ooo4/ooo4/7/7/7/7 x 0 1")    # x cannot reach an empty square
    assert not walled.has_move() and not walled.is_over()
    assert walled.legal_moves() == [PASS]
    assert walled.generate_moves() == []
    after = walled.apply(PASS)
    assert after.to_move == SECOND and PASS not in after.legal_moves()
    # x walled in by blocked squares, o free: x passes, the game goes on
    blocked = State.from_fen(f"{X_WALLED}/7/7/7/6o x 0 1")
    assert blocked.legal_moves() == [PASS] and not blocked.is_over()
    assert State.from_fen(f"{X_WALLED}/7/7/7/6o o 0 1").legal_moves() != [PASS]
    # nothing left to play: no moves at all, not even a pass
    for fen in ["x6/7/7/7/7/7/7 o 0 1", "7/7/7/3o3/7/7/7 x 0 1",
                "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo o 0 30"]:
        state = State.from_fen(fen)
        assert state.is_over() and state.is_decided() and state.legal_moves() == []
    # over but not decided: legal_moves() ignores the cap and the both-stuck rule, play() does not
    for fen, moves in [(NEITHER_CAN_MOVE, [PASS]), ("x5o/7/7/7/7/7/o5x x 0 201", None)]:
        state = State.from_fen(fen)
        assert state.is_over() and not state.is_decided()
        assert state.legal_moves() == (moves or state.generate_moves()) != []
        for move in state.legal_moves():
            with pytest.raises(IllegalMoveError, match="game is over"):
                state.play(move)


# -- apply ---------------------------------------------------------------------------------------


def _check_child(parent, move, child):
    board, me = board_of(parent)
    expected = oracle_apply(board, me, coords(move))
    got, to_move = board_of(child)
    assert got == expected, (parent.fen(), move)
    assert to_move == 3 - me
    assert child.turns == parent.turns + 1
    if move.is_clone:
        assert child.halfmove == 0
    else:                                              # jump or pass
        assert child.halfmove == parent.halfmove + 1
    assert child.last_move == move
    values = list(got.values())
    assert child.stones(FIRST) == values.count(FIRST)
    assert child.stones(SECOND) == values.count(SECOND)
    assert child.empty_squares == values.count(EMPTY)
    assert child.material(me) == values.count(me) - values.count(3 - me)
    assert values.count(BLOCKED) == list(board.values()).count(BLOCKED)


def test_every_played_move_matches_the_capture_oracle(games):
    for game in games:
        for parent, child in zip(game, game[1:]):
            _check_child(parent, child.last_move, child)


def test_every_legal_move_matches_the_capture_oracle(positions):
    for parent in positions[::13]:
        before = board_of(parent)
        for move in parent.legal_moves():
            _check_child(parent, move, parent.apply(move))
        assert board_of(parent) == before, "apply changed the parent"


def test_counters_of_every_position_match_a_recount(positions):
    for state in positions:
        values = list(board_of(state)[0].values())
        assert (state.stones(FIRST), state.stones(SECOND), state.empty_squares) == (
            values.count(FIRST), values.count(SECOND), values.count(EMPTY))


def test_clone_jump_and_no_chain_reaction():
    # x on a7 clones to b6: o on c7, a5, c5 are next to b6 and flip; o on d4 is next to c5 only
    # (no chain reaction), o on g1 is far away.
    state = State.from_fen("x1o4/7/o1o4/3o3/7/7/6o x 4 10")
    child = state.play("b6")
    assert child.fen() == "x1x4/1x5/x1x4/3o3/7/7/6o o 0 10"
    assert (child.stones(FIRST), child.stones(SECOND), child.empty_squares) == (5, 2, 42)
    # a jump a7 -> c6 empties a7 and flips c7 and c5, but not a5 (two columns away)
    jump = state.play("a7c6")
    assert jump.fen() == "2x4/2x4/o1x4/3o3/7/7/6o o 5 10"
    board, me = board_of(state)
    assert board_of(jump)[0] == oracle_apply(board, me, (1, 1, 2, 3))
    assert jump[1, 1] == EMPTY and jump[2, 3] == FIRST
    assert (jump.stones(FIRST), jump.stones(SECOND)) == (3, 3)
    assert jump.empty_squares == state.empty_squares
    assert jump.halfmove == 5


def test_pass_changes_only_the_side_and_counters():
    state = State.from_fen("xoo4/ooo4/ooo4/7/7/7/7 x 7 12")
    child = state.apply(PASS)
    assert child.key()[0] == state.key()[0]
    assert (child.to_move, child.turns, child.halfmove) == (SECOND, state.turns + 1, 8)
    assert child.fen() == "xoo4/ooo4/ooo4/7/7/7/7 o 8 12"
    assert child.last_move == PASS


def test_children_do_not_share_mutable_grids():
    state = State.start()
    child = state.apply(PASS).apply(Move(1, 7, 2, 6))
    assert state.fen() == START_FEN
    assert child[2, 6] == SECOND


# -- clones given with another source -----------------------------------------------------------


def test_non_canonical_clone_source_gives_the_same_position(positions):
    checked = 0
    for state in positions[::17]:
        if state.is_over():
            continue
        board, me = board_of(state)
        for move in state.legal_moves():
            if not move.is_clone:
                continue
            canonical = state.apply(move)
            for (sx, sy) in ALL:
                if board[sx, sy] == me and max(abs(sx - move.x2), abs(sy - move.y2)) == 1:
                    other = Move(sx, sy, move.x2, move.y2)
                    played = state.play(other)
                    assert played.key() == canonical.key()
                    assert played.last_move == move          # recorded with canonical source
                    assert state.canonical(other) == move
                    assert state.apply(other).key() == canonical.key()
                    checked += 1
    assert checked > 500


def test_play_accepts_a_clone_from_a_non_smallest_source():
    state = State.from_fen("xx5/7/7/7/7/7/o5o x 0 1")
    assert state.clone_source(2, 2) == (1, 1)
    by_b7 = state.play(Move(1, 2, 2, 2))
    by_a7 = state.play(Move(1, 1, 2, 2))
    assert by_b7 == by_a7 and by_b7.last_move == Move(1, 1, 2, 2)
    assert state.play("b7b6") == by_a7 and state.play("1 2 2 2") == by_a7


# -- illegal moves ---------------------------------------------------------------------------------


@pytest.mark.parametrize("fen, move, words", [
    (START_FEN, Move(2, 2, 3, 3), ["source", "empty"]),
    (START_FEN, Move(1, 7, 2, 6), ["source", "second (o)"]),
    ("x5o/7/7/7/7/7/o5x o 0 1", Move(1, 1, 2, 2), ["source", "first (x)"]),
    (GAP_FEN, Move(3, 3, 3, 4), ["source", "blocked"]),
    ("xo5/7/7/7/7/7/6x x 0 1", Move(1, 1, 1, 2), ["destination", "occupied"]),
    ("xxx4/7/7/7/7/7/6o x 0 1", Move(1, 1, 1, 3), ["destination", "occupied"]),
    (GAP_FEN, Move(1, 1, 3, 3), ["destination", "blocked"]),
    (START_FEN, PASS, ["may not pass", "16"]),
    ("x6/7/7/7/7/7/7 o 0 1", Move(1, 1, 1, 2), ["game is over", "no stones"]),
    ("x6/7/7/7/7/7/7 o 0 1", PASS, ["game is over"]),
    ("x5o/7/7/7/7/7/o5x x 0 201", Move(1, 1, 1, 2), ["game is over", "400"]),
    (NEITHER_CAN_MOVE, PASS, ["game is over", "neither player can move"]),
])
def test_play_rejects_illegal_moves_and_says_why(fen, move, words):
    state = State.from_fen(fen)
    before = (state.key(), state.turns, state.halfmove)
    with pytest.raises(IllegalMoveError) as info:
        state.play(move)
    for word in words:
        assert word in str(info.value), str(info.value)
    assert isinstance(info.value, CourseError) and isinstance(info.value, ValueError)
    assert (state.key(), state.turns, state.halfmove) == before
    with pytest.raises(IllegalMoveError):
        state.check_move(move)


def test_play_accepts_every_legal_move_and_equals_apply(positions):
    for state in positions[::29]:
        for move in state.legal_moves():
            state.check_move(move)
            assert state.play(move).key() == state.apply(move).key()
            assert state.play(move.uai()).key() == state.apply(move).key()
            assert state.play(move.protocol()).key() == state.apply(move).key()


def test_play_rejects_every_non_legal_pair(positions):
    """Every (source, destination) pair at distance 1 or 2 is accepted by play exactly when the
    source holds a stone of the side to move, the destination is empty and the game goes on."""
    for state in positions[::97]:
        legal = {coords(m) for m in state.legal_moves()}
        for (x1, y1) in ALL:
            for (x2, y2) in ALL:
                if max(abs(x1 - x2), abs(y1 - y2)) not in (1, 2):
                    continue
                move = Move(x1, y1, x2, y2)
                ok = (not state.is_over() and state[x1, y1] == state.to_move
                      and state[x2, y2] == EMPTY)
                if ok:
                    assert coords(state.canonical(move)) in legal
                    assert state.play(move).key() == state.apply(state.canonical(move)).key()
                else:
                    if move.is_jump:
                        assert coords(move) not in legal
                    with pytest.raises(IllegalMoveError):
                        state.play(move)


# -- the end of the game ----------------------------------------------------------------------------


def test_a_player_with_no_stones():
    state = State.from_fen("x6/1o5/7/7/7/7/7 x 0 1")
    assert not state.is_over() and state.winner() is None and state.outcome_reason() == ""
    child = state.play("b7")                          # captures the last o stone on b6
    assert child.stones(SECOND) == 0
    assert child.is_over() and child.is_decided()
    assert child.winner() == FIRST
    assert child.outcome_reason() == "a player has no stones left"
    assert child.legal_moves() == []
    for fen, winner in [("x6/7/7/7/7/7/7 o 0 1", FIRST), ("7/7/7/3o3/7/7/7 x 0 1", SECOND)]:
        state = State.from_fen(fen)
        assert state.is_over() and state.is_decided() and state.winner() == winner


def test_a_full_board():
    full = State.from_fen("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo o 0 30")
    assert full.empty_squares == 0
    assert full.is_over() and full.is_decided() and full.winner() == FIRST
    assert full.outcome_reason() == "the board is full"
    # a blocked square makes 48: 24 - 24 is a draw
    draw = State.from_fen("-xxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x 0 9")
    assert (draw.stones(FIRST), draw.stones(SECOND), draw.empty_squares) == (24, 24, 0)
    assert draw.is_over() and draw.winner() == 0 and draw.outcome_reason() == "the board is full"
    # filled by the last move: x must pass (no x stone within 2 of g1), then o fills g1
    last = State.from_fen("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/oooooo1 x 0 30")
    assert last.legal_moves() == [PASS]
    filled = last.play("0000").play("g1")
    assert filled.is_over() and filled.outcome_reason() == "the board is full"
    assert (filled.stones(FIRST), filled.stones(SECOND)) == (25, 24)
    assert filled.winner() == FIRST


def test_the_400_turn_cap():
    assert MAX_TURNS == 400
    # fullmove 200 with o to move: 2 * 199 + 1 = 399 turns played, one to go
    state = State.from_fen("x5o/7/7/7/7/7/o5x o 0 200")
    assert state.turns == 399 and not state.is_over()
    assert state.winner() is None and not state.is_decided()
    clone = state.play("f7")                          # o clones: 3 - 2
    assert clone.turns == 400 and clone.is_over()
    assert clone.outcome_reason() == "400 turns have been played"
    assert clone.winner() == SECOND and not clone.is_decided()
    assert clone.legal_moves() == clone.generate_moves() != []     # the cap is is_over's job
    with pytest.raises(IllegalMoveError, match="400"):
        clone.play(clone.legal_moves()[0])
    assert clone.fen() == "x4oo/7/7/7/7/7/o5x x 0 201"
    jump = state.play("g7e7")                         # o jumps: 2 - 2, a draw
    assert jump.is_over() and jump.winner() == 0
    # a forced pass is a turn too
    walled = State.from_fen("xoo4/ooo4/ooo4/7/7/7/7 x 0 200")
    assert walled.turns == 398 and walled.legal_moves() == [PASS]
    assert not walled.play("0000").is_over()
    walled = State.from_fen("xoo4/ooo4/ooo4/7/7/7/6x o 0 200").play("d7")
    assert walled.turns == 400 and walled.is_over()
    # fullmove 201 with x to move: 400 turns already played
    assert State.from_fen("x5o/7/7/7/7/7/o5x x 0 201").is_over()
    assert not State.from_fen("x5o/7/7/7/7/7/o5x x 0 200").is_over()


def test_neither_player_can_move_with_blocked_squares():
    state = State.from_fen(NEITHER_CAN_MOVE)
    assert not state.has_move(FIRST) and not state.has_move(SECOND)
    assert state.empty_squares > 0 and state.stones(FIRST) == 2 and state.stones(SECOND) == 1
    assert state.is_over() and not state.is_decided()
    assert state.outcome_reason() == "neither player can move"
    assert state.winner() == FIRST
    # reached by a move: o's only move is the clone to f1, after which nobody can move
    before = State.from_fen(f"{X_WALLED}/7/3----/3----/3--1o o 0 1")
    assert not before.is_over()
    assert before.legal_moves() == [Move(7, 7, 7, 6)]
    assert State.from_fen(f"{X_WALLED}/7/3----/3----/3--1o x 0 1").legal_moves() == [PASS]
    after = before.play("f1")
    assert after.is_over() and after.outcome_reason() == "neither player can move"
    assert after.winner() == 0 and not after.is_decided()


def test_ongoing_games_have_no_winner_and_no_reason(positions):
    for state in positions:
        if state.is_over():
            assert state.winner() in (0, FIRST, SECOND)
            assert state.outcome_reason() != ""
            first, second = state.stones(FIRST), state.stones(SECOND)
            assert state.winner() == (FIRST if first > second else SECOND if second > first else 0)
        else:
            assert state.winner() is None and state.outcome_reason() == ""
        cells = state.key()[0]
        assert state.is_decided() == (FIRST not in cells or SECOND not in cells
                                      or EMPTY not in cells)


def test_random_games_end_for_each_reason(games):
    reasons = {game[-1].outcome_reason() for game in games}
    assert {"a player has no stones left", "the board is full"} <= reasons
    assert all(not state.is_over() for game in games for state in game[:-1])


# -- random games ------------------------------------------------------------------------------------


def test_random_agent_is_deterministic(random_game):
    again = []
    agent = RandomAgent(seed=3)
    state = State.start()
    while not state.is_over():
        state = state.apply(agent.choose_move(state))
        again.append(state.last_move)
    assert again == [s.last_move for s in random_game(3)[1:]]
    assert [s.last_move for s in random_game(4)[1:]] != again
    with pytest.raises(ValueError, match="over"):
        RandomAgent(seed=1).choose_move(random_game(3)[-1])


def test_random_games_last_about_185_turns():
    """COURSE_SPEC 2: a uniformly random agent over distinct moves plays about 185 turns."""
    lengths = []
    for seed in range(200):                 # played here, not cached: only the length is kept
        agent, state = RandomAgent(seed=seed), State.start()
        while not state.is_over():
            state = state.apply(agent.choose_move(state))
        lengths.append(state.turns)
    mean = sum(lengths) / len(lengths)
    assert 160 <= mean <= 210, mean
    assert max(lengths) <= MAX_TURNS


def test_random_games_over_pairs_last_about_110_turns():
    """COURSE_SPEC 2: over (source, destination) pairs, as naive code does, about 110 turns.
    A generator that leaked duplicate clones would drag the distinct-move mean towards this."""
    from course_lib.rng import SplitMix64
    lengths = []
    for seed in range(100):
        rng, state = SplitMix64(seed), State.start()
        while not state.is_over():
            board, me = board_of(state)
            pairs = [(x1, y1, x2, y2) for (x1, y1) in ALL if board[x1, y1] == me
                     for (x2, y2) in ALL if board[x2, y2] == EMPTY
                     and max(abs(x1 - x2), abs(y1 - y2)) in (1, 2)]
            state = state.apply(Move(*pairs[rng.below(len(pairs))]) if pairs else PASS)
        lengths.append(state.turns)
    mean = sum(lengths) / len(lengths)
    assert 90 <= mean <= 135, mean


# -- the State object itself ------------------------------------------------------------------------


def test_state_constructor_validates():
    grid = State.start().grid
    with pytest.raises(InvalidPositionError, match="to_move"):
        State(grid, to_move=0)
    with pytest.raises(InvalidPositionError, match="the 7x7 board"):
        State([row[:] for row in grid[:7]])
    with pytest.raises(InvalidPositionError, match="grid cells"):
        bad = [row[:] for row in grid]
        bad[4][4] = 7
        State(bad)
    with pytest.raises(InvalidPositionError, match="turns must be a whole number >= 0"):
        State(grid, turns=-1)
    with pytest.raises(InvalidPositionError, match="turn"):        # x moves at even turn counts
        State(grid, to_move=SECOND, turns=0)
    with pytest.raises(InvalidPositionError, match="turn"):
        State(grid, to_move=FIRST, turns=399)
    assert State(grid, to_move=SECOND, turns=399).fen() == "x5o/7/7/7/7/7/o5x o 0 200"


def test_state_indexing_equality_and_hashing():
    state = State.start()
    assert state[1, 1] == FIRST and state[1, 7] == SECOND and state[4, 4] == EMPTY
    with pytest.raises(InvalidMoveError):
        state[0, 1]
    with pytest.raises(InvalidMoveError):
        state[1, 8]
    same = State.from_fen(START_FEN)
    assert same == state and hash(same) == hash(state)
    assert state != State.from_fen("x5o/7/7/7/7/7/o5x o 0 1")
    assert len({state, same, state.play("b6")}) == 2
    with pytest.raises(TypeError):
        iter(state)
    assert "game over" in str(State.from_fen(NEITHER_CAN_MOVE))
    assert eval(repr(state), {"State": State}) == state
