"""Notebook 10's positions, claims and games, checked by code of their own: the two open threes,
the forbidden point, the rule changing a search, the point radius 1 misses, the tactics that
need depth (proved by a sequence-of-fours prover written here), the players, the paired SPRT
and its reading, and the stored runs."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from course_lib.errors import CourseError, InvalidArgumentError
from course_lib.games.gomoku import Gomoku, pattern_counts, patterns
from course_lib.games.gomoku_fast import fast_gomoku_alphabeta, fast_gomoku_deepening
from course_lib.lessons import nb10 as study
from course_lib.strength import Sprt, sprt_elo_estimate

STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def at(cells, size: int, r: int, c: int) -> int:
    """The cell at row r, column c (from 0); 3 off the board."""
    return cells[r * size + c] if 0 <= r < size and 0 <= c < size else 3


def index_of(name: str, size: int) -> int:
    return (int(name[1:]) - 1) * size + "abcdefghijklmnopqrs".index(name[0])


def open_threes_by_hand(cells, size: int, player: int) -> int:
    """Exactly three stones in a row with an empty point on the board at both ends."""
    count = 0
    for dr, dc in STEPS:
        for r in range(size):
            for c in range(size):
                if all(at(cells, size, r + k * dr, c + k * dc) == player for k in range(3)) \
                        and at(cells, size, r - dr, c - dc) == 0 \
                        and at(cells, size, r + 3 * dr, c + 3 * dc) == 0:
                    count += 1
    return count


def run_through(cells, size: int, index: int, player: int, dr: int, dc: int) -> int:
    """The length of the unbroken run of ``player`` through ``index`` along (dr, dc)."""
    r, c = divmod(index, size)
    n = 1
    for sign in (1, -1):
        k = 1
        while at(cells, size, r + sign * k * dr, c + sign * k * dc) == player:
            n += 1
            k += 1
    return n


def five_points(cells, size: int, player: int) -> list[int]:
    """The empty points where a stone of ``player`` makes five or more in a row (only points
    within 4 of one of its stones along a line can)."""
    near = set()
    for i, v in enumerate(cells):
        if v == player:
            r, c = divmod(i, size)
            near.update((r + k * dr) * size + c + k * dc for dr, dc in STEPS
                        for k in range(-4, 5) if at(cells, size, r + k * dr, c + k * dc) == 0)
    return sorted(i for i in near if any(run_through(cells, size, i, player, dr, dc) >= 5
                                         for dr, dc in STEPS))


def wins_by_fours(state: Gomoku, plies: int, first: str | None = None) -> bool:
    """Does the side to move make five within ``plies`` plies whatever the other side does,
    moving only fours (every one of its moves leaves a point where it would make five)? The
    defender's only moves that do not lose at once are its own five or the block, which the
    omok rule may forbid; both are looked at."""
    size, me = state.size, state.to_move
    cells = list(state.cells)
    if five_points(cells, size, me):
        return plies >= 1
    if plies < 3:
        return False
    threats = five_points(cells, size, 3 - me)
    moves = [first] if first else [m for m in state.legal_moves()]
    for move in moves:
        i = index_of(move, size)
        if threats and i not in threats:
            continue                                   # the defender's five comes first
        after = cells[:]
        after[i] = me
        mine = five_points(after, size, me)
        if not mine or five_points(after, size, 3 - me):
            continue                                   # not a four, or the defender fives
        if len(mine) >= 2:
            return True                                # one block cannot stop two fives
        child = state.play(move)
        block = child.geometry.names[mine[0]]
        if block not in child.legal_moves() or wins_by_fours(child.play(block), plies - 2):
            return True                                # the block is forbidden, or more fours
    return False


# --- the game and its rules ------------------------------------------------------------------

def test_the_project_game_is_omok_on_19x19():
    state = study.middle_game()
    assert (state.size, state.rule, state.to_move) == (19, "omok", 1)
    assert sum(1 for c in state.cells if c) == 12
    assert state.cells[index_of("j10", 19)] == 1               # the centre, x's first stone
    free = study.middle_game(size=15, rule="freestyle")
    assert free.size == 15 and free.cells[index_of("h8", 15)] == 1


@pytest.mark.parametrize("pattern", study.THREE_EXAMPLES)
def test_the_two_open_threes(pattern):
    """The evaluation's f4 is a run of exactly three with an empty point at both ends; the
    rule's three is a move one stone away from a straight four containing it (and not
    already a four): both computed here by hand, on the row among empty points."""
    line = "_" * 6 + pattern.replace("*", "X") + "_" * 6
    move = 6 + pattern.index("*")
    f4 = sum(1 for k in range(1, len(line) - 3) if line[k:k + 3] == "XXX"
             and line[k - 1] == "_" and line[k + 3] == "_")

    def run_with_move(text: str) -> tuple[int, int]:
        a = move
        while a > 0 and text[a - 1] == "X":
            a -= 1
        b = move + 1
        while b < len(text) and text[b] == "X":
            b += 1
        return a, b

    fours = threes = 0
    for e, char in enumerate(line):
        if char == "_":
            trial = line[:e] + "X" + line[e + 1:]
            a, b = run_with_move(trial)
            fours += b - a >= 5
            threes += b - a == 4 and trial[a - 1] == "_" and trial[b] == "_"
    kind = "four" if fours else "three" if threes else ""
    assert study.three_readings(pattern) == (f4, kind)


def test_the_readings_differ_where_the_notebook_says():
    readings = {p: study.three_readings(p) for p in study.THREE_EXAMPLES}
    assert readings["_X*X_"] == (1, "three")                 # both call it a three
    assert readings["_X*_X_"] == (0, "three")                # a split three: the rule's only
    assert readings["O_X*X_O"] == (1, "")                    # no straight four: f4's only
    with pytest.raises(InvalidArgumentError):
        study.three_readings("XX")


def test_the_double_threat_is_forbidden_in_omok_and_legal_in_freestyle():
    omok = study.DOUBLE_THREE
    free = Gomoku(omok.cells)
    assert omok.rule == "omok" and omok.to_move == 1
    assert omok.forbidden("j10") and "j10" not in omok.legal_moves()
    assert not free.forbidden("j10") and "j10" in free.legal_moves()
    after = free.play("j10")
    assert open_threes_by_hand(after.cells, 19, 1) == 2          # two open threes at once
    assert open_threes_by_hand(free.cells, 19, 1) == 0
    free_move = fast_gomoku_alphabeta(Gomoku(free.cells, radius=1), 3).move
    omok_move = fast_gomoku_alphabeta(Gomoku(omok.cells, rule="omok", radius=1), 3).move
    assert free_move == "j10" and omok_move != "j10"
    effects = study.rule_effects([omok, free.play("j10").play("a3")])
    assert effects["with a forbidden point"] == 1 and effects["forbidden points"] == 1


def test_the_rule_changes_the_middle_games_move():
    omok, free = study.middle_game(), study.middle_game(rule="freestyle")
    free_move = fast_gomoku_alphabeta(free, 3).move
    omok_move = fast_gomoku_alphabeta(omok, 3).move
    assert free_move != omok_move
    assert omok.forbidden(free_move)                 # freestyle's choice is a double three


def test_branching_counts_the_points_near_the_stones():
    positions = study.seeded_game(2, 30)
    for row, state in zip(study.branching(positions), positions):
        for radius in (1, 2):
            near = {i for i, v in enumerate(state.cells) if not v and any(
                max(abs(i // 19 - j // 19), abs(i % 19 - j % 19)) <= radius
                for j, w in enumerate(state.cells) if w)}
            forbidden = {i for i in near if state.forbidden(state.geometry.names[i])}
            if row["stones"]:
                assert row[f"radius {radius}"] == len(near - forbidden)
        assert row["moves"] <= 361 - row["stones"]


def test_the_means_leave_out_finished_positions():
    game = study.seeded_game(1, 80)
    assert game[-1].is_over() and not any(p.is_over() for p in game[:-1])
    rows = study.branching(game)
    assert len(rows) == len(game) - 1                       # no row for the finished position
    assert [r["stones"] for r in rows] == list(range(len(game) - 1))
    assert min(r["radius 1"] for r in rows) >= 1            # no plunge to 0 moves at the end
    effects = study.rule_effects(game)
    assert effects == study.rule_effects(game[:-1])
    free = [len(Gomoku(p.cells).legal_moves()) for p in game[:-1]]
    assert effects["positions"] == len(free)
    assert effects["mean moves, freestyle"] == round(sum(free) / len(free), 2)
    with pytest.raises(InvalidArgumentError, match="still in play"):
        study.rule_effects(game[-1:])


def test_the_lines_kept_and_those_that_can_hold_a_five():
    for size, kept, long in ((19, 112, 96), (15, 88, 72)):
        lines = Gomoku(size=size).geometry.lines
        diagonals = 2 * (2 * size - 1)                          # every diagonal, both ways
        assert len(lines) == 2 * size + diagonals == kept
        short = 2 * 2 * 4           # each direction: diagonals of 1 to 4 points at two corners
        assert sum(len(line) >= 5 for line in lines) == len(lines) - short == long


def test_seconds_per_evaluation_times_fresh_children_of_the_positions_in_play():
    game = study.seeded_game(1, 80)
    seen = []

    def counting(state, player):
        seen.append((state, player))
        return 0

    seconds = study.seconds_per_evaluation(game, counting, repeats=3)
    in_play = [p for p in game if not p.is_over()]
    assert seconds > 0 and seconds != float("inf")
    assert len(seen) == 3 * len(in_play) and {player for _, player in seen} == {1}
    assert len({id(state) for state, _ in seen}) == len(seen)      # fresh children each pass
    first = [state for state, _ in seen[:len(in_play)]]
    assert [s.cells for s in first] == [s.cells for s, _ in seen[len(in_play):2 * len(in_play)]]
    for parent, child in zip(in_play, first):
        assert sum(1 for a, b in zip(parent.cells, child.cells) if a != b) == 1
        assert child.last_move in parent.legal_moves()


def test_minimax_nodes_count_every_node_as_the_readable_minimax_does():
    from course_lib.agents.search import search
    from course_lib.games.gomoku import patterns
    state = study.middle_game(radius=1)
    assert study.minimax_nodes(state, 1) == 1 + len(state.legal_moves()) == 29
    assert study.minimax_nodes(state, 2) == search(state, algorithm="minimax", depth=2,
                                                   evaluation=patterns).stats.nodes
    near_five = study.tactic("split double four")[0]           # a five within reach: leaves
    assert study.minimax_nodes(near_five, 2) == search(near_five, algorithm="minimax", depth=2,
                                                       evaluation=patterns).stats.nodes
    for radius in (1, 2):
        wide = study.middle_game(radius=radius)
        assert fast_gomoku_alphabeta(wide, 2).stats.nodes < study.minimax_nodes(wide, 2)


def test_seeded_games_and_openings_are_repeatable_and_differ_by_seed():
    one = [p.text() for p in study.seeded_game(5, 25)]
    assert one == [p.text() for p in study.seeded_game(5, 25)]
    assert one != [p.text() for p in study.seeded_game(6, 25)]
    openings = study.seeded_openings(30, 4, seed=7)
    assert openings == study.seeded_openings(30, 4, seed=7)
    positions = set()
    for opening in openings:
        state = Gomoku(size=19, rule="omok")
        for move in opening:
            state = state.play(move)                 # every move legal
        positions.add(state.key())
    assert len(positions) == 30 and all(o[0] == "j10" for o in openings)
    with pytest.raises(InvalidArgumentError):
        study.seeded_game(1, -1)
    with pytest.raises(InvalidArgumentError):
        study.tactic("ladder")


# --- where radius 1 misses, and tactics that need depth --------------------------------------

def test_radius_one_misses_the_double_four_two_points_away():
    state = study.RADIUS_MISS
    assert "m9" not in state.candidate_moves(1) and "m9" in state.candidate_moves(2)
    assert wins_by_fours(state, 3, first="m9")
    near = fast_gomoku_alphabeta(Gomoku(state.cells, rule="omok", radius=1), 3)
    wide = fast_gomoku_alphabeta(Gomoku(state.cells, rule="omok", radius=2), 3)
    assert wide.move == "m9" and wide.value >= study.WIN
    assert near.move != "m9" and near.value < study.WIN


@functools.lru_cache(maxsize=None)
def deepening(name: str) -> list:
    """The compiled iterative deepening with the table to depth 5 on tactic ``name``."""
    return fast_gomoku_deepening(study.tactic(name)[0], 5, table_bits=18)


def makes_four(state: Gomoku, move: str) -> bool:
    cells = list(state.cells)
    cells[index_of(move, state.size)] = state.to_move
    return bool(five_points(cells, state.size, state.to_move))


@pytest.mark.parametrize("name", list(study.TACTICS))
def test_each_tactic_needs_depth(name):
    state, right = study.tactic(name)
    rules = Gomoku(state.cells, rule="omok")
    # the right moves, and no other four, win by a sequence of fours within 5 plies
    fours = [move for move in rules.legal_moves() if makes_four(rules, move)]
    assert [move for move in fours if wins_by_fours(rules, 5, first=move)] == list(right)
    iterations = deepening(name)
    first, deepest = iterations[0], iterations[-1]
    assert first.move not in right and first.value < study.WIN          # depth 1 fails
    assert deepest.depth == 5 and deepest.move in right and deepest.value >= study.WIN
    # depth 1's move is a four: o blocks it, and then x has no five within the 3 plies left
    # of the 5 in which the right move wins
    child = Gomoku(state.cells, rule="omok", radius=1).play(first.move)
    blocks = five_points(list(child.cells), 19, 1)
    assert len(blocks) == 1
    after = Gomoku(child.play(child.geometry.names[blocks[0]]).cells, rule="omok", radius=1)
    assert fast_gomoku_alphabeta(after, 3).value < study.WIN
    assert not wins_by_fours(Gomoku(after.cells, rule="omok"), 3)


def test_the_tactics_depths_are_as_the_notebook_reads_them():
    """The split double four is seen as won at depth 3; the four then double four is played
    right at depth 3 without the win in its value, which only depth 5 shows."""
    double = study.depth_table(study.tactic("split double four")[0], (1, 3))
    assert [row["wins"] for row in double] == [False, True]
    fours = deepening("four, then a double four")
    right = study.TACTICS["four, then a double four"][1]
    assert [r.move in right for r in fours] == [False, False, True, True, True]
    assert [r.value >= study.WIN for r in fours] == [False, False, False, False, True]


def test_a_principal_line_ends_where_its_search_value_is_scored():
    for state in (study.middle_game(), study.tactic("four, then a double four")[0]):
        for depth in (1, 2, 3):
            line, leaf = study.principal_line(state, depth), state
            for move in line:
                leaf = leaf.play(move)
            assert len(line) == depth
            assert patterns(leaf, state.to_move) == fast_gomoku_alphabeta(state, depth).value


def test_depths_three_and_four_see_a_winning_four_the_evaluation_does_not_score_as_won():
    """l10's own four has a gap, and the evaluation sees no four there; depth 3's line ends in
    an open four (two points where x makes five, o to move), depth 4's in a four with x to
    move: both won, both valued below WIN."""
    state, _ = study.tactic("four, then a double four")
    after = state.play("l10")
    assert five_points(list(after.cells), 19, 1)                       # a four, by hand
    counts = pattern_counts(after, 1)
    assert counts["f2 open four"] == counts["f3 closed four"] == 0     # not one to the evaluation
    for depth, points, mover in ((3, 2, 2), (4, 1, 1)):
        line, leaf = study.principal_line(state, depth), state
        for move in line:
            leaf = leaf.play(move)
        assert line[0] == "l10" and leaf.to_move == mover and not leaf.is_over()
        assert len(five_points(list(leaf.cells), 19, 1)) == points
        assert not five_points(list(leaf.cells), 19, 2)
        assert fast_gomoku_alphabeta(state, depth).value < study.WIN


# --- players, games and the paired SPRT -------------------------------------------------------

def test_fast_player_searches_its_own_radius_and_budget():
    state = study.middle_game(radius=0)
    fixed = study.FastPlayer(radius=2, depth=2)
    assert fixed.search(state).stats.nodes == fast_gomoku_alphabeta(
        Gomoku(state.cells, rule="omok", radius=2), 2).stats.nodes
    budget = study.FastPlayer(max_nodes=5_000, table_bits=12)
    result = budget.search(state)
    assert result.depth >= 2 and result.stats.nodes <= 5_000
    assert "5,000 nodes" in budget.name and "table" in budget.name
    with pytest.raises(InvalidArgumentError):
        study.FastPlayer()
    with pytest.raises(InvalidArgumentError):
        study.FastPlayer(depth=2, max_nodes=100)


def test_a_game_is_played_by_the_rules_to_its_end():
    opening = study.seeded_openings(1, 4, seed=3)[0]
    game = study.play_game(study.FastPlayer(depth=2), study.FastPlayer(depth=1, radius=2),
                           opening)
    state = Gomoku(size=19, rule="omok")
    for move in opening + game.moves:
        state = state.play(move)                         # every move checked
    assert state.is_over() and game.winner == state.winner()
    assert len(game.nodes[1]) + len(game.nodes[2]) == len(game.moves)
    assert set(game.depths[1]) == {2} and set(game.depths[2]) == {1}
    again = study.play_game(study.FastPlayer(depth=2), study.FastPlayer(depth=1, radius=2),
                            opening)
    assert (again.moves, again.winner, again.nodes) == (game.moves, game.winner, game.nodes)


def test_paired_sprt_scores_each_pair_and_feeds_the_test():
    a, b = study.FastPlayer(depth=1), study.FastPlayer(depth=2)
    run = study.paired_sprt(a, b, max_pairs=3, seed=11)
    assert len(run.games) == 2 * len(run.pairs) == 6
    for k, points in enumerate(run.pairs):
        first, second = run.games[2 * k], run.games[2 * k + 1]
        assert first.opening == second.opening
        score = {1: 1.0, 0: 0.5, 2: 0.0}[first.winner] + {2: 1.0, 0: 0.5, 1: 0.0}[second.winner]
        assert points == score
    assert run.test.pairs == study.pair_counts(run.pairs)
    assert run.capped == (run.test.state == "continue")


def settings():
    return {k: v for k, v in study.SPRT_SETTINGS.items() if k != "kind"}


def test_sprt_reading_says_what_notebook_07_teaches():
    accepted = Sprt(**study.SPRT_SETTINGS)
    accepted.feed([2.0, 1.0, 1.5] * 40)                  # decides after 55 pairs
    assert accepted.state == "accept H1"
    text = study.sprt_reading(accepted, 200)
    assert text.startswith("accept H1") and "not 'at least 20'" in text
    unbiased = sprt_elo_estimate(accepted)
    assert f"median-unbiased: {unbiased.elo:+.1f} logistic Elo" in text
    assert f"{unbiased.normalized_elo:+.1f} normalized Elo" in text
    assert f"naive, from the score: {unbiased.naive_elo:+.1f} logistic Elo" in text
    assert "biased: the test stopped because its results ran high" in text
    assert unbiased.elo < unbiased.naive_elo          # the stop leans the naive figure up
    capped = Sprt.from_totals(pairs=[1, 2, 10, 2, 1], **settings())
    text = study.sprt_reading(capped, 16)
    assert text.startswith("undecided") and "cap of 16 pairs" in text
    assert "(biased" not in text and "did not stop at a bound" in text
    rejected = Sprt(**study.SPRT_SETTINGS)
    rejected.feed([0.0, 1.0] * 40)
    text = study.sprt_reading(rejected, 200)
    assert text.startswith("accept H0") and "not shown to be stronger" in text
    assert "results ran low" in text
    running = Sprt(**study.SPRT_SETTINGS)
    running.feed([1.0, 1.5])
    assert study.sprt_reading(running, 200).startswith("still running after 2 pairs")


# --- the stored runs ---------------------------------------------------------------------------

STORED = Path(study.__file__).resolve().parents[1] / "data" / "gomoku_project.json"


def test_the_stored_tests_are_their_pairs_replayed():
    stored = json.loads(STORED.read_text())
    assert stored["sprt_settings"] == study.SPRT_SETTINGS
    for test in stored["tests"]:
        replay = Sprt(**study.SPRT_SETTINGS)
        replay.feed(test["pairs"])
        assert replay.state == test["state"] and replay.played == len(test["pairs"])
        assert replay.llr == pytest.approx(test["llr"], abs=1e-9)
        assert study.pair_counts(test["pairs"]) == test["pair_counts"]
        assert test["capped"] == (test["state"] == "continue")
        assert len(test["winners"]) == 2 * len(test["pairs"])


def test_the_stored_first_pair_of_each_test_replays_on_this_machine():
    stored = json.loads(STORED.read_text())
    opening = study.seeded_openings(1, 4, stored["seed"])[0]
    for test in stored["tests"]:
        a, b = (study.FastPlayer(**test[f"{who}_player"]) for who in ("a", "b"))
        games = [study.play_game(a, b, opening), study.play_game(b, a, opening)]
        assert [g.winner for g in games] == test["winners"][:2]
        assert [len(g.moves) for g in games] == test["game_lengths"][:2]


def test_the_labels_say_what_each_stored_test_compares():
    """Tests 1 and 2 change only the radius; tests 3 and 4 change the root's order and the
    table at once; the project's own player (deepening, root reordered, no table) plays in
    none; the players' names say all of it."""
    tests = json.loads(STORED.read_text())["tests"]
    assert [t["name"] for t in tests] == list(study.TEST_LABELS)
    players = [(t["a_player"], t["b_player"]) for t in tests]
    differ = [{k for k in a if a[k] != b[k]} for a, b in players]
    assert differ == [{"radius"}, {"radius"}, {"table_bits", "reorder"},
                      {"table_bits", "reorder", "max_nodes"}]
    assert all(a["depth"] == 3 and a["table_bits"] is None for a in players[0])
    assert all(p["table_bits"] and p["reorder"] for p in players[1])
    for a, b in players[2:]:
        assert a["table_bits"] and a["reorder"] and b["table_bits"] is None and not b["reorder"]
    assert players[3][0]["max_nodes"] == 15_000 and players[3][1]["max_nodes"] == 20_000
    assert not any(p["max_nodes"] and p["reorder"] and p["table_bits"] is None
                   for pair in players for p in pair)
    label = study.TEST_LABELS[tests[2]["name"]]
    assert "root reordered + table" in label and "board order without a table" in label
    a, b = (study.FastPlayer(**p) for p in players[2])
    assert a.name.endswith("deepening, root reordered, table")
    assert b.name.endswith("deepening, board order, no table")
    assert study.FastPlayer(**players[0][0]).name.endswith("depth 3, no deepening")
    # a name says "table" only when the player has one (the notebook reads test 1's names so)
    assert study.FastPlayer(depth=3, table_bits=10).name.endswith("depth 3, no deepening, table")


def test_only_the_readable_tier_takes_minutes_over_six_plies():
    """Section 5 says the readable tier takes minutes over the project's 6 plies (so the
    benchmark ran it once), not that every 6-ply search does."""
    middle = json.loads(STORED.read_text())["cost"][0]
    assert len(middle["readable"]["nodes"]) == 6
    assert middle["readable"]["seconds"] >= 120
    assert middle["compiled, table"]["seconds"] < 60


# --- pictures ------------------------------------------------------------------------------------

def test_feature_runs_are_what_the_counts_count():
    from course_lib.games.gomoku import FEATURES, pattern_counts
    for state in study.seeded_game(7, 50)[::7]:
        runs = study.feature_runs(state)
        for player in (1, 2):
            counts = pattern_counts(state, player)
            assert [sum(1 for p, f, _ in runs if p == player and f == k)
                    for k in range(8)] == [counts[name] for name in FEATURES]
        for player, _, points in runs:
            assert all(state.cells[state.geometry.index[name]] == player for name in points)


def test_open_threes_agree_with_a_scan_by_hand():
    positions = study.seeded_game(4, 60) + [Gomoku.from_text(t) for t in study.THREE_TEXTS]
    counts = [(study.open_threes(p, pl), open_threes_by_hand(p.cells, p.size, pl))
              for p in positions for pl in (1, 2)]
    assert all(a == b for a, b in counts)
    assert sum(a for a, _ in counts) > 0


def test_draw_runs_draws_every_counted_run_and_every_stone():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    state = study.middle_game()
    ax = study.draw_runs(state, title="middle game", window=9)
    thick = [line for line in ax.lines if line.get_linewidth() == 9]
    runs = [points for _, feature, points in study.feature_runs(state)
            if feature <= 5 and len(points) > 1]
    assert len(thick) == len(runs) > 0
    drawn = {tuple(zip(line.get_xdata(), line.get_ydata())) for line in thick}
    assert drawn == {tuple(divmod(state.geometry.index[p], 19)[::-1] for p in points)
                     for points in runs}
    assert len(ax.collections) == sum(1 for cell in state.cells if cell)
    assert ax.get_title() == "middle game"
    assert ax.get_xlabel() == "column" and ax.get_ylabel().startswith("row")
    low, high = ax.get_xlim()
    assert high - low == 9
    plt.close(ax.figure)
    ax = study.draw_runs(state, window=6, centre="j10")      # j10: column 9, row 9 from 0
    assert ax.get_xlim() == (6, 12) and ax.get_ylim() == (12, 6)
    plt.close(ax.figure)


def test_draw_runs_legend_shows_the_colours_drawn_and_the_last_move():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba

    state = Gomoku(study.DOUBLE_THREE.cells).play("j10")
    ax = study.draw_runs(state, window=10, centre="i9")
    thick = [line for line in ax.lines if line.get_linewidth() == 9]
    legend = {text.get_text(): handle for text, handle in
              zip(ax.get_legend().get_texts(), ax.get_legend().legend_handles)}
    drawn = {to_rgba(line.get_color(), line.get_alpha()) for line in thick}
    shown = {to_rgba(h.get_color(), h.get_alpha()) for name, h in legend.items()
             if name.startswith("f")}
    assert drawn == shown and len(drawn) >= 2           # every colour drawn, as drawn, no other
    assert all(line.get_alpha() in (None, 1) for line in thick)
    framed = [line for line in ax.lines if line.get_marker() == "s"]
    assert len(framed) == 1 and (framed[0].get_xdata()[0], framed[0].get_ydata()[0]) == (9, 9)
    assert "last move, j10" in legend
    plt.close(ax.figure)


@pytest.mark.parametrize("width", [300, 340, 480])
def test_board_coordinates_are_readable_at_the_width_drawn(width):
    import re
    svg = study.RADIUS_MISS.svg(marked=["m9"], size=width)
    view_width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    sizes = {float(x) for x in re.findall(r'<text [^>]*font-size="([\d.]+)"[^>]*>[a-s\d]+<', svg)}
    assert len(sizes) == 1
    assert sizes.pop() * width / view_width >= 10.5                   # pixels on the screen
    assert all(f'data-square="{c}{r}"' in svg for c in "as" for r in (1, 19))


def test_other_boards_keep_their_labels():
    from course_lib.games.othello import Othello
    svg = Othello().svg()
    assert 'font-size="12"' in svg and 'viewBox="0 0 368 ' in svg    # 8 x 40 + 2 x 24


def test_exercise_two_asks_for_a_count_not_printed():
    def near(first: str, radius: int) -> int:
        column, row = "abcdefghijklmnopqrs".index(first[0]), int(first[1:]) - 1
        return sum(1 for r in range(19) for c in range(19) if (r, c) != (row, column)
                   and max(abs(r - row), abs(c - column)) <= radius)
    from course_lib.exercises import verdict
    right = (near("j10", 2), near("a1", 2))
    assert right == (24, 8)
    assert verdict("10-candidates", right) == "10-candidates: right"
    assert verdict("10-candidates", list(right)) == "10-candidates: right"
    for wrong in ((near("j10", 1), near("a1", 1)), 24, (24, 8, 0), (True, 8), "24, 8"):
        assert verdict("10-candidates", wrong) != "10-candidates: right"
    assert "square" in verdict("10-candidates", (8, 3))
    # the radius-1 count, the likely mistake, is named as such in the hint
    radius_one = (near("j10", 1), near("a1", 1))
    from course_lib.exercises import _EXERCISES
    assert radius_one == (8, 3) == _EXERCISES["10-candidates"].mistake
    assert ("(8, 3) is not it; hint: (8, 3) would be the count within radius 1."
            in verdict("10-candidates", radius_one))


def test_exercise_one_says_where_a_wrong_count_goes_wrong():
    from course_lib.exercises import verdict

    def every_three(state, player):          # every run of three with an empty end
        return study.open_threes(state, player) + sum(
            1 for p, f, _ in study.feature_runs(state) if p == player and f == 4)

    def edge_is_empty(state, player):         # the edge read as an empty point
        count = 0
        for line in state.geometry.lines:
            values = [0] + [state.cells[i] for i in line] + [0]
            count += sum(1 for k in range(1, len(values) - 3) if values[k:k + 3] == [player] * 3
                         and values[k - 1] == 0 and values[k + 3] == 0)
        return count

    assert verdict("10-open-threes", study.open_threes) == "10-open-threes: right"
    words = verdict("10-open-threes", every_three)   # the likely mistake: its hint, a question
    assert " is not it; hint: what closes a three?" in words and "0x" not in words
    words = verdict("10-open-threes", edge_is_empty)
    # only the last position has a three against the edge: the feedback names it, and x
    last = len(study.THREE_TEXTS) - 1
    assert f"differs on 1 of the {2 * len(study.THREE_TEXTS)} cases" in words
    assert f"THREE_TEXTS[{last}]" in words and "for player 1 (x): yours 1" in words
    assert "edge of the board" in words                        # the hint about the edge
    assert "the function itself" in verdict("10-open-threes", 3)
    assert "raised ZeroDivisionError" in verdict("10-open-threes", lambda s, p: 1 // 0)
    assert "return the count, a whole number" in verdict("10-open-threes", lambda s, p: 1.0)
    assert "0x" not in verdict("10-open-threes", edge_is_empty)   # no function repr


# --- bad arguments ------------------------------------------------------------------------------

class Opaque:
    """Something no function expects."""


A_GAME = study.seeded_game(1, 5)
BAD_CALLS = [
    (lambda: study.position("j10 z99", ""), "'z99' is not a point of the 19x19 board"),
    (lambda: study.position("j10", "j10"), "j10 is given two stones"),
    (lambda: study.position(["j10"], ""), "point names separated by spaces"),
    (lambda: study.position("j10", "", size=17), "size must be 15 or 19"),
    (lambda: study.position("j10", "", rule="renju"), "rule must be 'freestyle'"),
    (lambda: study.middle_game(radius=-1), "radius"),
    (lambda: study.middle_game(size="19"), "size must be 15 or 19"),
    (lambda: study.seeded_game(1, 0), "moves must be a whole number from 1 to 361"),
    (lambda: study.seeded_game(1, 1000, size=15), "from 1 to 225"),
    (lambda: study.seeded_game(-1), "seed"),
    (lambda: study.seeded_game(1, 3.5), "moves must be a whole number"),
    (lambda: study.branching([]), "non-empty list of Gomoku positions"),
    (lambda: study.branching(A_GAME[0]), "non-empty list of Gomoku positions"),
    (lambda: study.branching(A_GAME + ["j10"]), "positions[5] must be a Gomoku position"),
    (lambda: study.branching(A_GAME, radii=(0,)), "each radius must be a whole number"),
    (lambda: study.branching(A_GAME, radii=2), "radii must be a tuple"),
    (lambda: study.three_readings(3), "a pattern is up to 19 of X, O, _"),
    (lambda: study.three_readings("_X**_"), "with one * (the move)"),
    (lambda: study.rule_effects([]), "non-empty list"),
    (lambda: study.rule_effects([Opaque()]), "positions[0] must be a Gomoku position"),
    (lambda: study.tactic(["split double four"]), "no tactical position"),
    (lambda: study.tactic("double four"), "'split double four'"),
    (lambda: study.depth_table("j10"), "state must be a Gomoku position"),
    (lambda: study.depth_table(A_GAME[2], depths=(0,)), "each depth must be a whole number"),
    (lambda: study.depth_table(A_GAME[2], depths=3), "depths must be a list"),
    (lambda: study.FastPlayer(), "exactly one of depth and max_nodes"),
    (lambda: study.FastPlayer(depth=2, max_nodes=10), "exactly one of depth and max_nodes"),
    (lambda: study.FastPlayer(depth=0), "depth must be None or a whole number from 1 to 64"),
    (lambda: study.FastPlayer(depth=2.0), "depth must be None or a whole number"),
    (lambda: study.FastPlayer(max_nodes=0), "max_nodes must be None or a whole number"),
    (lambda: study.FastPlayer(max_nodes=10 ** 30), "max_nodes"),
    (lambda: study.FastPlayer(depth=2, radius=-1), "radius"),
    (lambda: study.FastPlayer(depth=2, radius=True), "radius"),
    (lambda: study.FastPlayer(depth=2, table_bits=40), "table_bits"),
    (lambda: study.FastPlayer(depth=2, reorder="no"), "reorder must be True or False"),
    (lambda: study.FastPlayer(depth=1).search("j10"), "state must be a Gomoku position"),
    (lambda: study.play_game("depth 1", study.FastPlayer(depth=1), ()), "black must be a "
                                                                        "FastPlayer"),
    (lambda: study.play_game(study.FastPlayer(depth=1), study.FastPlayer(depth=1), "j10"),
     "opening must be a list of moves"),
    (lambda: study.play_game(study.FastPlayer(depth=1), study.FastPlayer(depth=1), ["z99"]),
     "z99"),
    (lambda: study.seeded_openings(0), "count must be a whole number from 1 to 10,000"),
    (lambda: study.seeded_openings(2, plies=0), "plies must be a whole number from 1 to 40"),
    (lambda: study.seeded_openings(2, plies=1), "only 1 different openings of 1 plies"),
    (lambda: study.seeded_openings(2, seed=2 ** 64), "seed"),
    (lambda: study.paired_sprt(study.FastPlayer(depth=1), None), "b must be a FastPlayer"),
    (lambda: study.paired_sprt(study.FastPlayer(depth=1), study.FastPlayer(depth=1),
                               max_pairs=0), "max_pairs must be a whole number from 1"),
    (lambda: study.paired_sprt(study.FastPlayer(depth=1), study.FastPlayer(depth=1),
                               max_pairs=1, on_pair="print"), "on_pair must be a function"),
    (lambda: study.pair_counts([2, 3]), "a pair scores 0, 0.5, 1, 1.5 or 2 points, got 3"),
    (lambda: study.pair_counts("2102"), "pairs must be a list"),
    (lambda: study.pair_counts([True]), "a pair scores"),
    (lambda: study.sprt_reading([2, 2], 10), "test must be a pentanomial Sprt"),
    (lambda: study.sprt_reading(Sprt(), 10), "test must be a pentanomial Sprt"),
    (lambda: study.sprt_reading(Sprt(**study.SPRT_SETTINGS), 0), "max_pairs"),
    (lambda: study.feature_runs(None), "state must be a Gomoku position"),
    (lambda: study.open_threes(A_GAME[2], 3), "player must be 1"),
    (lambda: study.open_threes(A_GAME[2].text(), 1), "state must be a Gomoku position"),
    (lambda: study.seconds_per_evaluation(A_GAME, "patterns"), "evaluate must be an "
                                                               "evaluation"),
    (lambda: study.seconds_per_evaluation(study.seeded_game(1, 80)[-1:], len),
     "needs a position still in play"),
    (lambda: study.seconds_per_evaluation(A_GAME, len, repeats=0), "repeats must be a whole"),
    (lambda: study.minimax_nodes(A_GAME[2], 5), "depth must be a whole number from 0 to 4"),
    (lambda: study.minimax_nodes("j10", 1), "state must be a Gomoku position"),
    (lambda: study.principal_line(A_GAME[2], 0), "depth must be a whole number from 1"),
    (lambda: study.principal_line("j10", 1), "state must be a Gomoku position"),
    (lambda: study.draw_runs(A_GAME[2], window=0), "window"),
    (lambda: study.draw_runs(A_GAME[2], smallest=9), "smallest"),
    (lambda: study.draw_runs(A_GAME[2], title=3), "title must be text"),
    (lambda: study.draw_runs(A_GAME[2], window=9, centre="z1"), "centre must be a point"),
    (lambda: study.draw_runs(A_GAME[2], window=9, centre=["j10"]), "centre must be a point"),
]


@pytest.mark.parametrize("call, words", BAD_CALLS, ids=[w for _, w in BAD_CALLS])
def test_bad_arguments_are_refused_in_words(call, words):
    with pytest.raises(CourseError) as error:
        call()
    assert words in str(error.value)


def test_numpy_whole_numbers_are_accepted_and_stored_as_ints():
    import numpy as np

    player = study.FastPlayer(radius=np.int64(1), max_nodes=np.int32(500))
    assert type(player.radius) is int and type(player.max_nodes) is int
    assert player.choose_move(study.middle_game()) == study.FastPlayer(
        radius=1, max_nodes=500).choose_move(study.middle_game())
    assert len(study.seeded_game(np.int64(1), np.int64(4))) == 4
