"""The Gomoku study's positions and counts, checked by code of their own."""

from __future__ import annotations

import pytest

from course_lib.lessons import nb10 as study
from course_lib.errors import InvalidArgumentError
from course_lib.games.gomoku import SIZE, SQUARE_INDEX, Gomoku
from course_lib.games.gomoku_fast import fast_gomoku_alphabeta


def _open_threes_by_hand(cells, player: int) -> int:
    """Exactly three stones in a row with an empty point on the board at both ends."""
    count = 0
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(SIZE):
            for c in range(SIZE):
                def at(k):
                    rr, cc = r + k * dr, c + k * dc
                    return cells[rr * SIZE + cc] if 0 <= rr < SIZE and 0 <= cc < SIZE else 3
                if all(at(k) == player for k in range(3)) and at(-1) == 0 and at(3) == 0:
                    count += 1
    return count


def _near_by_hand(cells, radius: int) -> int:
    stones = [divmod(i, SIZE) for i, v in enumerate(cells) if v]
    return sum(1 for i, v in enumerate(cells) if not v and any(
        max(abs(divmod(i, SIZE)[0] - r), abs(divmod(i, SIZE)[1] - c)) <= radius
        for r, c in stones))


def test_open_threes_agree_with_a_scan_by_hand():
    positions = study.seeded_game(4, 60, radius=1) + [Gomoku.from_text(t) for t, _ in
                                                      study.TACTICS.values()]
    counts = [(study.open_threes(p, pl), _open_threes_by_hand(p.cells, pl))
              for p in positions for pl in (1, 2)]
    assert all(a == b for a, b in counts)
    assert sum(a for a, _ in counts) > 0


def test_branching_counts_the_points_near_the_stones():
    for row, state in zip(study.branching(study.seeded_game(2, 30)), study.seeded_game(2, 30)):
        if row["stones"]:
            assert row["radius 1"] == _near_by_hand(state.cells, 1)
            assert row["radius 2"] == _near_by_hand(state.cells, 2)
        assert row["all"] == SIZE * SIZE - row["stones"]


def test_seeded_games_are_repeatable_and_differ_by_seed():
    one = [p.text() for p in study.seeded_game(5, 25)]
    assert one == [p.text() for p in study.seeded_game(5, 25)]
    assert one != [p.text() for p in study.seeded_game(6, 25)]
    assert len(one) == 25
    with pytest.raises(InvalidArgumentError):
        study.seeded_game(1, -1)
    with pytest.raises(InvalidArgumentError):
        study.tactic("ladder")


def test_win_in_one():
    state, right = study.tactic("win in one")
    assert state.play(right[0]).winner() == 1


def test_block_a_four_is_the_only_move_that_does_not_lose_at_once():
    state, right = study.tactic("block a four")
    saving = [m for m in state.legal_moves()
              if not any(state.apply(m).apply(r).winner() == 2
                         for r in state.apply(m).legal_moves())]
    assert saving == list(right)


def test_double_threat_makes_two_open_threes():
    state, right = study.tactic("double threat")
    assert _open_threes_by_hand(state.cells, 1) == 0
    assert _open_threes_by_hand(state.play(right[0]).cells, 1) == 2


def test_radius_one_misses_the_move_the_whole_board_search_plays():
    text = study.RADIUS_MISS
    whole = fast_gomoku_alphabeta(Gomoku.from_text(text), 3)
    near = fast_gomoku_alphabeta(Gomoku.from_text(text, radius=1), 3)
    assert whole.move == "h8"
    assert "h8" not in Gomoku.from_text(text).candidate_moves(1)
    assert near.move != "h8" and near.value < whole.value
    assert fast_gomoku_alphabeta(Gomoku.from_text(text, radius=2), 3).move == "h8"


def test_middle_game_is_the_twelve_stones():
    state = study.middle_game(1)
    assert sum(1 for c in state.cells if c) == 12 and state.to_move == 1
    assert state.cells[SQUARE_INDEX["h8"]] == 1


def test_feature_runs_are_what_the_counts_count():
    from course_lib.games.gomoku import FEATURES, pattern_counts
    for state in study.seeded_game(7, 50)[::7]:
        runs = study.feature_runs(state)
        for player in (1, 2):
            counts = pattern_counts(state, player)
            assert [sum(1 for p, f, _ in runs if p == player and f == k)
                    for k in range(8)] == [counts[name] for name in FEATURES]
        for player, _, points in runs:
            assert all(state.cells[SQUARE_INDEX[name]] == player for name in points)


def test_draw_runs_draws_every_counted_run_and_every_stone():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    state = study.middle_game()
    ax = study.draw_runs(state)
    thick = [line for line in ax.lines if line.get_linewidth() == 9]
    runs = [points for _, feature, points in study.feature_runs(state)
            if feature <= 5 and len(points) > 1]
    assert len(thick) == len(runs) > 0
    drawn = {tuple(zip(line.get_xdata(), line.get_ydata())) for line in thick}
    assert drawn == {tuple(divmod(study.SQUARE_INDEX[p], study.SIZE)[::-1] for p in points)
                     for points in runs}
    assert len(ax.collections) == sum(1 for cell in state.cells if cell)
    plt.close(ax.figure)
