"""course_lib.lessons.nb12, the helpers of notebook 12: each result checked against a
computation written here from the definitions (the windows and symmetries spelled out, the
engine driven directly, records built by hand), and bad input refused in words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from course_lib.ataxx import State  # noqa: E402
from course_lib.engine import Engine, SearchLimits  # noqa: E402
from course_lib.errors import CourseError  # noqa: E402
from course_lib.lessons.nb12 import (more_or_fewer, node_comparison, by_ply, class_name, class_windows,  # noqa: E402
                                      corner_patterns, draw_lone_stone, draw_patterns,
                                      draw_window_classes, game_lengths, image_scores,
                                      draw_training_curves, iteration_costs, learned_record,
                                      lone_stone, loss_table, map_square, mover_boards,
                                      record_text, scores_both_ways, search_with, sprt_text,
                                      square_index, square_name, windows_holding)
from course_lib.learn.ntuple import N_WEIGHTS, LearnedWeights, load_weights  # noqa: E402
from course_lib.learn.selfplay import GameRecords  # noqa: E402
from course_lib.match.play import random_opening  # noqa: E402

# --- the board written out by hand -------------------------------------------------------------

NAMES = [f"{'abcdefg'[c]}{7 - r}" for r in range(7) for c in range(7)]
"""Square r * 7 + c, row r from the top, column c from the left."""

SYMMETRY_MAPS = [lambda r, c: (r, c), lambda r, c: (c, 6 - r), lambda r, c: (6 - r, 6 - c),
                 lambda r, c: (6 - c, r), lambda r, c: (r, 6 - c), lambda r, c: (6 - r, c),
                 lambda r, c: (c, r), lambda r, c: (6 - c, 6 - r)]
"""Identity, the rotations by 90, 180 and 270 degrees clockwise, the mirrors left-right and
top-bottom, the transposition and the anti-transposition."""

REPRESENTATIVES = [(3, 0, 0), (3, 0, 1), (3, 0, 2), (3, 1, 1), (3, 1, 2), (3, 2, 2),
                   (2, 0, 0), (2, 0, 1), (2, 0, 2), (2, 1, 1), (2, 1, 2), (2, 2, 2)]
"""(size, top row, left column) of each class's window, in the network's class order."""


def _window(n: int, r0: int, c0: int) -> list[int]:
    return [(r0 + i) * 7 + c0 + j for i in range(n) for j in range(n)]


def _score_by_definition(position: State | tuple[int, int], weights: np.ndarray) -> int:
    """The bias plus, for each class and each symmetry, the weight of the class's window read
    through the symmetry (its squares mapped, in the mapped order, as base-3 digits); the
    position a State or the bitboards (the mover's stones, the opponent's)."""
    me, opp = position if isinstance(position, tuple) else mover_boards(position)[:2]
    offsets = np.cumsum([0] + [3 ** (n * n) for n, _, _ in REPRESENTATIVES])
    total = int(weights[-1])
    for k, (n, r0, c0) in enumerate(REPRESENTATIVES):
        for g in SYMMETRY_MAPS:
            index = 0
            for j, square in enumerate(_window(n, r0, c0)):
                r, c = g(square // 7, square % 7)
                mapped = r * 7 + c
                digit = 1 if me >> mapped & 1 else (2 if opp >> mapped & 1 else 0)
                index += digit * 3 ** j
            total += int(weights[offsets[k] + index])
    return total


def _positions() -> list[State]:
    states = [State.start(), State.from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")]
    for seed in range(1, 9):
        state = random_opening(10 + 3 * seed, seed)
        if not state.is_over():
            states.append(state)
    return states


@pytest.fixture(scope="module")
def random_weights() -> LearnedWeights:
    rng = np.random.default_rng(5)
    return LearnedWeights.of(rng.integers(-60, 61, size=N_WEIGHTS), 500.0)


# --- squares and symmetries --------------------------------------------------------------------


def test_square_names_run_row_by_row_from_the_top_left():
    assert [square_name(s) for s in range(49)] == NAMES
    board = State.from_fen("x6/7/7/7/7/7/6o x 0 1")
    me, opp, _ = mover_boards(board)
    assert me == 1 << NAMES.index("a7") and opp == 1 << NAMES.index("g1")


def test_map_square_follows_each_symmetry():
    assert [map_square("b7", g) for g in range(8)] == ["b7", "g6", "f1", "a2", "f7", "b1",
                                                       "a6", "g2"]
    for g, mapping in enumerate(SYMMETRY_MAPS):
        for s, name in enumerate(NAMES):
            r, c = mapping(s // 7, s % 7)
            assert map_square(name, g) == NAMES[r * 7 + c]


def test_square_index_is_square_name_backwards():
    assert [square_index(name) for name in NAMES] == list(range(49))
    for bad in ("h1", "a0", "a8", "", "d44", 3):
        with pytest.raises(CourseError, match="square name"):
            square_index(bad)


def test_windows_holding_counts_the_windows_written_out_here():
    for square, name in enumerate(NAMES):
        assert windows_holding(name) == sum(square in _window(n, r0, c0) for n in (3, 2)
                                            for r0 in range(8 - n) for c0 in range(8 - n))


@pytest.mark.parametrize("bad", [-1, 49, 1.0, True, "a7"])
def test_a_bad_square_number_is_refused(bad):
    with pytest.raises(CourseError, match="square"):
        square_name(bad)


@pytest.mark.parametrize("name, symmetry", [("h1", 0), ("a8", 0), ("A7", 0), ("a7", 8),
                                            ("a7", -1), ("a7", True), (7, 0)])
def test_map_square_refuses_bad_input(name, symmetry):
    with pytest.raises(CourseError):
        map_square(name, symmetry)


def test_mover_boards_swap_with_the_side_to_move():
    x_to_move = State.from_fen("x5o/7/7/7/7/7/o6 x 0 1")
    o_to_move = State.from_fen("x5o/7/7/7/7/7/o6 o 0 1")
    assert mover_boards(x_to_move)[:2] == mover_boards(o_to_move)[1::-1]
    assert bin(mover_boards(x_to_move)[0]).count("1") == 1
    assert mover_boards(State.from_fen("x5o/7/2-1-2/7/7/7/o5x x 0 1"))[2] == \
        (1 << NAMES.index("c5")) | (1 << NAMES.index("e5"))
    with pytest.raises(CourseError):
        mover_boards(42)


# --- scores -----------------------------------------------------------------------------------


def test_both_ways_agree_with_the_definition_written_here(random_weights):
    for position in _positions():
        readable, compiled = scores_both_ways(position, random_weights)
        assert readable == compiled == _score_by_definition(position, random_weights.weights)


def test_the_shipped_weights_score_the_same_both_ways():
    shipped = load_weights()
    for position in _positions()[:4]:
        readable, compiled = scores_both_ways(position.fen())
        assert readable == compiled == _score_by_definition(position, shipped.weights)


def test_images_score_the_same_and_are_the_images(random_weights):
    for position in _positions():
        scores = image_scores(position, random_weights)
        assert len(scores) == 8 and len(set(scores)) == 1
        assert scores[0] == scores_both_ways(position, random_weights)[1]
    # a lopsided weight vector still gives the same score to each image, by construction; the
    # images themselves differ, which the definition here sees
    position = _positions()[3]
    me, opp, _ = mover_boards(position)
    mirrored = State.from_fen("/".join(row[::-1] for row in position.fen().split()[0].split("/"))
                              + " " + " ".join(position.fen().split()[1:]))
    assert mover_boards(mirrored)[0] != me
    assert _score_by_definition(mirrored, random_weights.weights) == \
        _score_by_definition(position, random_weights.weights)


# --- windows and classes ----------------------------------------------------------------------


def test_the_classes_partition_the_windows_into_symmetry_orbits():
    seen = []
    for k, (n, r0, c0) in enumerate(REPRESENTATIVES):
        windows = class_windows(k)
        assert windows[0] == _window(n, r0, c0)
        orbit = {frozenset(NAMES.index(map_square(NAMES[s], g)) for s in _window(n, r0, c0))
                 for g in range(8)}
        assert {frozenset(w) for w in windows} == orbit
        assert all(w == sorted(w) for w in windows)
        seen += [frozenset(w) for w in windows]
    every = [frozenset(_window(n, r0, c0)) for n in (3, 2) for r0 in range(8 - n)
             for c0 in range(8 - n)]
    assert len(seen) == len(set(seen)) == len(every) == 25 + 36
    assert set(seen) == set(every)


def test_class_names():
    assert [class_name(k) for k in range(12)] == [
        f"{n}x{n} at {NAMES[r0 * 7 + c0]}" for n, r0, c0 in REPRESENTATIVES]
    for bad in (-1, 12, 1.5, True):
        with pytest.raises(CourseError, match="class"):
            class_windows(bad)


def test_the_class_figure_has_a_board_per_class():
    figure = draw_window_classes()
    assert len(figure.axes) == 12
    assert [ax.get_title().split("\n")[0] for ax in figure.axes] == \
        [class_name(k) for k in range(12)]
    assert [len(ax.patches) for ax in figure.axes] == [len(class_windows(k)) + 1
                                                       for k in range(12)]
    for ax in figure.axes:               # coordinates on every board, titles readable
        assert [t.get_text() for t in ax.get_xticklabels()] == list("abcdefg")
        assert [t.get_text() for t in ax.get_yticklabels()] == list("7654321")
        assert ax.title.get_fontsize() >= 10
    assert figure.get_figwidth() * figure.dpi <= 845     # shown at full size in the notebook
    plt.close(figure)


# --- the data ---------------------------------------------------------------------------------


def _records(rows: list[tuple[int, int, float, int, int, int]]) -> GameRecords:
    """Records from (me stones, opp stones, result, score, game, ply): the stones on the first
    squares of the board, the opponent's after them."""
    me = [(1 << m) - 1 for m, *_ in rows]
    opp = [((1 << o) - 1) << 20 for _, o, *_ in rows]
    return GameRecords(me=np.array(me, dtype=np.uint64), opp=np.array(opp, dtype=np.uint64),
                       result=np.array([r[2] for r in rows]),
                       score=np.array([r[3] for r in rows], dtype=np.int32),
                       game=np.array([r[4] for r in rows], dtype=np.int32),
                       ply=np.array([r[5] for r in rows], dtype=np.int16),
                       empty=np.zeros(len(rows), dtype=np.int8))


def test_by_ply_counts_who_was_ahead_and_who_won():
    records = _records([
        # plies 0-1: more stones won once, lost once; equal material skipped; draw counts half
        (3, 2, 1.0, 100, 0, 0), (3, 2, 0.0, -100, 1, 0), (2, 2, 1.0, 0, 2, 1),
        (2, 3, 0.5, -300, 3, 1),
        # plies 2-3: the side ahead always won; the score pointed the other way once
        (5, 1, 1.0, 200, 0, 2), (1, 5, 0.0, 50, 1, 3),
    ])
    first, second = by_ply(records, width=2, last=3)
    assert (first.first, first.last, first.positions) == (0, 1, 4)
    assert first.material_right == pytest.approx((1 + 0 + 0.5) / 3)
    assert first.score_right == pytest.approx((1 + 1 + 0.5) / 3)
    assert (second.first, second.last, second.positions) == (2, 3, 2)
    assert second.material_right == 1.0 and second.score_right == 0.5
    material = np.array([4.0, -4.0])
    assert second.material_correlation == pytest.approx(np.corrcoef(material, [1, 0])[0, 1])


def test_by_ply_reads_the_score_from_a_level():
    """With a level of -150 a score of -100 counts the side to move ahead, -200 behind, and
    none is even."""
    records = _records([(3, 3, 1.0, -100, 0, 0), (3, 3, 0.0, -200, 1, 0),
                        (3, 3, 0.0, -100, 2, 0), (3, 3, 1.0, 0, 3, 0)])
    at_zero, = by_ply(records, width=10, last=9)
    assert at_zero.score_right == pytest.approx((0 + 1 + 1) / 3)     # the score of 0 is even
    fitted, = by_ply(records, width=10, last=9, score_level=-150)
    assert fitted.score_right == pytest.approx((1 + 1 + 0 + 1) / 4)
    for bad in ("-150", None, float("nan")):
        with pytest.raises(CourseError, match="score_level"):
            by_ply(records, score_level=bad)


def test_by_ply_skips_empty_buckets_and_refuses_bad_widths():
    records = _records([(3, 2, 1.0, 100, 0, 0), (3, 2, 1.0, 100, 0, 25)])
    assert [(b.first, b.positions) for b in by_ply(records, width=10, last=30)] == [(0, 1),
                                                                                    (20, 1)]
    for bad in (0, -1, 2.5, True):
        with pytest.raises(CourseError, match="width"):
            by_ply(records, width=bad)
    with pytest.raises(CourseError, match="no positions"):
        by_ply(records.select(np.array([], dtype=np.int64)))


def test_game_lengths():
    records = _records([(1, 1, 1.0, 0, g, p) for g, n in ((0, 3), (1, 5), (2, 1))
                        for p in range(n)])
    assert game_lengths(records).tolist() == [3, 5, 1]
    with pytest.raises(CourseError):
        game_lengths(records.select(np.array([], dtype=np.int64)))


# --- the training, judged two ways -----------------------------------------------------------

META = {"curve": [[1, 0.61, 0.62, 0.66], [2, 0.59, 0.6, 0.655]], "material_loss": 0.63,
        "score_loss": 0.57, "material_result_loss": 0.64, "score_result_loss": 0.65}


def test_loss_table_lists_every_epoch_and_each_prediction_against_both_judges():
    lines = loss_table(META).splitlines()
    assert lines[2].split() == ["1", "0.610", "0.620", "0.660"]
    assert lines[3].split() == ["2", "0.590", "0.600", "0.655"]
    assert lines[4] == "" and lines[5].startswith("validation positions")
    rows = {line[:22].strip(): line[22:].split() for line in lines[6:]}
    assert rows == {"material alone": ["0.630", "0.640"], "the search score": ["0.570", "0.650"],
                    "the network": ["0.600", "0.655"]}
    assert loss_table(META, digits=4).splitlines()[2].split()[1] == "0.6100"
    with pytest.raises(CourseError, match="score_result_loss"):
        loss_table({key: value for key, value in META.items() if key != "score_result_loss"})


def test_the_training_curves_show_every_line_inside_its_panel():
    figure = draw_training_curves({"one": META, "two": dict(META, score_loss=0.5)})
    assert len(figure.axes) == 4 and figure.get_suptitle()
    assert figure.get_figwidth() * figure.dpi <= 845          # shown at full size
    legend, = figure.legends
    assert legend.get_texts()[0].get_fontsize() >= 10
    assert {t.get_text() for t in legend.get_texts()} == {
        "network, training positions", "network, validation positions",
        "material alone (validation)", "search score (validation)"}
    for ax in figure.axes:
        low, high = ax.get_ylim()
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel() == "cross-entropy (nats)"
        for line in ax.get_lines():               # every line strictly inside, not on an edge
            y = np.asarray(line.get_ydata(), dtype=float)
            assert (y > low + 0.05 * (high - low)).all() and (y < high).all()
    # the right panels judge by the results: the search score's line there is at 0.65
    assert 0.65 in [line.get_ydata()[0] for line in figure.axes[1].get_lines()]
    plt.close(figure)


# --- what the network learned ----------------------------------------------------------------


def test_corner_patterns_add_both_readings_of_the_corner_and_list_one_of_each_mirror_pair():
    w = np.zeros(N_WEIGHTS, dtype=np.int32)
    w[1] = 50          # class 0 (3x3 corner), pattern: the mover's stone on its first square
    w[3] = 70          # the mover's stone on its second square (b7 in the a7 window)
    w[2 * 3 ** 4] = -90    # the opponent's stone in the middle (b6)
    flat = LearnedWeights.of(w)
    best, worst = corner_patterns(3, weights=flat)
    # a7 is read by the identity and by the transposition, both at the first digit: 2 x 50;
    # b7 by the identity (70), and the a6 stone is the transposed reading of b7 (70 as well)
    assert best[0] == (100, [1, 0, 0, 0, 0, 0, 0, 0, 0])
    assert best[1][0] == 70 and best[1][1] in ([0, 1, 0, 0, 0, 0, 0, 0, 0],
                                               [0, 0, 0, 1, 0, 0, 0, 0, 0])
    assert best[2][0] == 0
    assert worst[0] == (-180, [0, 0, 0, 0, 2, 0, 0, 0, 0])
    few = corner_patterns(2, max_stones=0, weights=flat)
    assert few == ([(0, [0] * 9)], [(0, [0] * 9)])
    for bad in ({"count": 0}, {"count": 1.5}, {"max_stones": -1}):
        with pytest.raises(CourseError):
            corner_patterns(**{"count": 2, **bad}, weights=flat)


def test_pattern_figure():
    best, worst = corner_patterns(3)
    figure = draw_patterns(best, worst)
    assert len(figure.axes) == 6
    assert [ax.get_title() for ax in figure.axes] == [f"{w:+d}" for w, _ in best + worst]
    legend, = figure.legends                      # the key to the colours
    assert [t.get_text() for t in legend.get_texts()] == ["the side to move's stone",
                                                          "the opponent's stone"]
    assert [h.get_color() for h in legend.legend_handles][:1] == ["#c0392b"]
    assert "hundredths of a stone" in figure.get_suptitle()       # the weights' unit
    with pytest.raises(CourseError):
        draw_patterns(best, worst[:2])
    plt.close("all")


def _windows_holding(square: int) -> list[list[int]]:
    """Every 3x3 and 2x2 window of the board that holds ``square``, written out here."""
    return [w for n in (3, 2) for r0 in range(8 - n) for c0 in range(8 - n)
            for w in [_window(n, r0, c0)] if square in w]


def test_a_lone_stone_adds_the_sum_over_the_windows_that_hold_it(random_weights):
    assert len(_windows_holding(NAMES.index("a7"))) == 2
    assert len(_windows_holding(NAMES.index("d4"))) == 13
    for side, (me, opp) in (("mover", (1, 0)), ("opponent", (0, 1))):
        board = lone_stone(random_weights, side)
        assert board.shape == (7, 7) and board.dtype.kind == "i"
        empty = _score_by_definition((0, 0), random_weights.weights)
        for square in range(49):
            stone = 1 << square
            by_definition = _score_by_definition((stone * me, stone * opp),
                                                 random_weights.weights) - empty
            assert board[square // 7, square % 7] == by_definition
    # only the lookups that read a window holding the square change: the others cancel. Every
    # symmetry keeps the centre d4, so a class's readings all hold d4 or none does; change the
    # weight of the empty pattern of every class without d4, and d4's value stays
    w = random_weights.weights.copy()
    d4 = NAMES.index("d4")
    for k, (n, r0, c0) in enumerate(REPRESENTATIVES):
        if d4 not in _window(n, r0, c0):
            w[sum(3 ** (m * m) for m, _, _ in REPRESENTATIVES[:k])] += 1000
    assert lone_stone(LearnedWeights.of(w), "mover")[3, 3] == \
        lone_stone(random_weights, "mover")[3, 3]
    with pytest.raises(CourseError, match="side"):
        lone_stone(random_weights, "x")


def test_a_lone_stone_is_the_difference_of_two_positions_that_differ_by_it():
    shipped = lone_stone()
    start = scores_both_ways(State.start())[1]
    # no window that holds d4 holds a stone of the start position, nor one that holds a7 another
    plus_x = scores_both_ways(State.from_fen("x5o/7/7/3x3/7/7/o5x x 0 1"))[1]
    plus_o = scores_both_ways(State.from_fen("x5o/7/7/3o3/7/7/o5x x 0 1"))[1]
    without_a7 = scores_both_ways(State.from_fen("6o/7/7/7/7/7/o5x x 0 1"))[1]
    assert plus_x - start == shipped[3, 3]
    assert plus_o - start == lone_stone(side="opponent")[3, 3]
    assert start - without_a7 == shipped[0, 0]


def test_the_shipped_network_values_a_lone_stone_of_the_mover_most_in_the_centre():
    """What notebook 12 says of the map: symmetric; for the side to move the centre d4 adds
    the most and more than the corner a7; an opponent's stone lowers the score everywhere."""
    mover, opponent = lone_stone(), lone_stone(side="opponent")
    for board in (mover, opponent):
        assert all(np.array_equal(board, np.rot90(board, k)) for k in range(4))
        assert np.array_equal(board, board.T)
    assert mover[3, 3] == mover.max() and mover[3, 3] > mover[0, 0]
    assert (opponent < 0).all()


def test_an_opponents_stone_loses_least_on_the_ring_around_d4_not_on_d4():
    """Notebook 12, section 4: an opponent's lone stone lowers the score least on the eight
    squares around d4, more on every other square; d4 itself loses more than its ring, and
    the most is lost diagonally in from the corners."""
    opponent = lone_stone(side="opponent")
    ring = [(r, c) for r in (2, 3, 4) for c in (2, 3, 4) if (r, c) != (3, 3)]
    rest = [(r, c) for r in range(7) for c in range(7) if (r, c) not in ring + [(3, 3)]]
    assert min(opponent[s] for s in ring) > max(opponent[s] for s in rest)
    assert opponent[3, 3] < min(opponent[s] for s in ring)
    assert opponent[1, 1] == opponent.min()                     # b6
    # d4's drop is nearer the largest than the smallest, as the notebook says
    assert opponent[3, 3] - opponent.min() < opponent.max() - opponent[3, 3]


def test_one_positions_gradient_reaches_the_bias_and_each_lookup_every_time():
    """Section 3: the loss's derivative with respect to the bias is p - t, and with respect to
    a weight looked up k times k (p - t); a weight not looked up gets none. Checked here by
    finite differences of log_loss, and on the course's own step (exercise 3)."""
    from course_lib.grader.solutions import gradient_step
    from course_lib.learn.train import log_loss

    weights = np.array([0.3, -0.2, 0.1, 0.05, 0.4])        # the last is the bias
    lookups, target = [0, 0, 2], 0.25
    def loss(w):
        return log_loss(np.array([w[lookups].sum() + w[-1]]), np.array([target]))
    f = weights[lookups].sum() + weights[-1]
    p = 1 / (1 + np.exp(-f))
    for i, times in enumerate([2, 0, 1, 0, 1]):             # weight 0 read twice, the bias once
        step = np.zeros_like(weights)
        step[i] = 1e-6
        numeric = (loss(weights + step) - loss(weights - step)) / 2e-6
        assert numeric == pytest.approx(times * (p - target), abs=1e-6)
    moved = list(weights)
    assert gradient_step(moved, lookups, target, 0.1) == pytest.approx(p)
    assert np.allclose(weights - moved, 0.1 * (p - target) * np.array([2, 0, 1, 0, 1]))


def test_more_or_fewer_says_the_word_the_sign_gives():
    assert more_or_fewer(15_494_844, 12_653_536) == "22 % more"
    assert more_or_fewer(69, 100) == "31 % fewer"
    assert more_or_fewer(1001, 1000) == "as many"
    with pytest.raises(CourseError, match="reference"):
        more_or_fewer(5, 0)


def test_node_comparison_counts_the_moves_that_differ_and_compares_the_nodes():
    from types import SimpleNamespace as Run
    material = Run(moves=["a1", "b2", "c3", "d4"], total_nodes=1000)
    learned = Run(moves=["a1", "b3", "c3", "d5"], total_nodes=1220)
    assert node_comparison(material, learned) == (
        "the move differs in 2 of 4 positions; nodes: learned 22 % more than material")
    assert node_comparison(learned, material).endswith("learned 18 % fewer than material")


def test_the_lone_stone_map_writes_each_value_in_a_colour_that_reads_on_its_square():
    mover = np.zeros((7, 7))
    mover[3, 3] = 400                       # the darkest red of the scale
    opponent = np.full((7, 7), -10.0)       # pale blue
    figure = draw_lone_stone(mover, opponent)
    left, right = figure.axes[:2]
    assert len(left.texts) == len(right.texts) == 49
    assert left.texts[24].get_text() == "400" and left.texts[24].get_color() == "white"
    assert left.texts[0].get_color() == "black" and right.texts[0].get_color() == "black"
    assert figure.get_suptitle() and all(ax.get_title() for ax in (left, right))
    with pytest.raises(CourseError, match="7x7"):
        draw_lone_stone(np.zeros((6, 7)), opponent)
    plt.close("all")


# --- the engine with each evaluation, the stored record ------------------------------------


def test_search_with_is_the_engine_with_that_evaluation():
    positions = _positions()[2:4]
    for evaluation in ("material", "learned"):
        run = search_with(positions, 3, evaluation)
        for state, move, nodes, score in zip(positions, run.moves, run.nodes, run.scores):
            engine = Engine(hash_mb=4, evaluation=evaluation)
            found, info = engine.search(state, SearchLimits(depth=3))
            assert (move, nodes, score) == (found.uai(), info.nodes, engine.last_value)
    with pytest.raises(CourseError, match="evaluation"):
        search_with(positions, 3, "weights")
    with pytest.raises(CourseError, match="depth"):
        search_with(positions, 0, "material")


RECORD = {"technique": "learned", "spec_a": "engine:time=20,hash=4,eval=learned",
          "spec_b": "engine:time=20,hash=4", "elo0": 0, "elo1": 10, "scale": "normalized",
          "llr_bounds": [-2.9444, 2.9444], "result": "accepted", "games": 120, "wins": 80,
          "draws": 0, "losses": 40, "pentanomial": [5, 0, 20, 0, 35], "llr": 2.95,
          "elo": 120.5, "elo_low": 60.0, "elo_high": 190.0, "time_per_move_ms": 20}


def test_learned_record_reads_the_last_learned_record(tmp_path):
    path = tmp_path / "ladder.json"
    older = dict(RECORD, games=60, result="undecided")
    path.write_text(json.dumps([dict(RECORD, technique="tt"), older, RECORD]))
    assert learned_record(path) == RECORD
    path.write_text(json.dumps([dict(RECORD, technique="tt")]))
    assert learned_record(path) is None
    assert learned_record(tmp_path / "none.json") is None


def test_record_text():
    text = record_text(RECORD).splitlines()
    assert text[0] == "A = engine:time=20,hash=4,eval=learned"
    assert text[1] == "B = engine:time=20,hash=4"
    assert "H0: 0 / H1: 10 normalized Elo" in text[2] and "20 ms a move" in text[2]
    assert text[3] == "H1 accepted after 120 games: +80 =0 -40, pairs 5 0 20 0 35, LLR 2.95"
    assert text[4] == "logistic Elo +120.5 (95 % interval +60.0 to +190.0)"
    assert text[5].startswith("biased upward: the test stopped early")
    from course_lib.strength import Sprt, sprt_elo_estimate
    unbiased = sprt_elo_estimate(Sprt.from_totals(pairs=[5, 0, 20, 0, 35], elo0=0, elo1=10,
                                                  scale="normalized"))
    assert text[6] == (f"median-unbiased after the stop: {unbiased.elo:+.1f} logistic Elo "
                       f"(95 % interval {unbiased.elo_low:+.1f} to {unbiased.elo_high:+.1f}), "
                       f"{unbiased.normalized_elo:+.1f} normalized Elo "
                       f"({unbiased.normalized_low:+.1f} to {unbiased.normalized_high:+.1f})")
    rejected = record_text(dict(RECORD, result="rejected", elo=-30.0, elo_low=-60.0,
                                elo_high=-1.0)).splitlines()
    assert rejected[3].startswith("H0 accepted after 120 games")
    assert rejected[4].startswith("logistic Elo -30.0") and "biased downward" in rejected[5]
    assert rejected[6].startswith("median-unbiased after the stop: ")
    capped = record_text(dict(RECORD, result="undecided", games=200)).splitlines()
    assert capped[3].startswith("undecided after 200 games (the cap):")
    assert capped[4:] == ["logistic Elo +120.5 (95 % interval +60.0 to +190.0)"]
    all_won = record_text(dict(RECORD, elo=None, elo_high=None)).splitlines()[4]
    assert all_won.startswith("logistic Elo +inf (95 % interval +60.0 to +inf)")
    broken = dict(RECORD)
    del broken["wins"]
    with pytest.raises(CourseError, match="wins"):
        record_text(broken)


class _Run:
    """What ``sprt_text`` reads of an SPRT run: its decision, summary and estimate."""

    def __init__(self, decision: str, estimate: object, after_stop: object = None) -> None:
        self.decision, self._estimate, self._after_stop = decision, estimate, after_stop

    def summary(self) -> str:
        return "the summary line"

    def estimate(self) -> object:
        return self._estimate

    def estimate_after_stop(self) -> object:
        return self._after_stop


def test_sprt_text_names_the_unit_and_the_bias_of_an_early_stop():
    from course_lib.strength import elo_estimate_pairs
    estimate = elo_estimate_pairs([0, 0, 2, 0, 16])
    text = sprt_text(_Run("accept H1", estimate)).splitlines()
    assert text[0] == "the summary line"
    assert text[1] == (f"logistic Elo {estimate.elo:+.1f} (95 % interval {estimate.elo_low:+.1f} "
                       f"to {estimate.elo_high:+.1f})")
    assert text[2] == ("biased upward: the test stopped early, as soon as the results ran high "
                       "enough to cross the upper bound")
    assert len(text) == 3          # no median-unbiased estimate given
    from course_lib.strength import Sprt, sprt_elo_estimate
    after = sprt_elo_estimate(Sprt.from_totals(pairs=[0, 0, 2, 0, 16], elo0=0, elo1=50,
                                               scale="normalized"))
    stopped = sprt_text(_Run("accept H1", estimate, after)).splitlines()
    assert stopped[3].startswith(f"median-unbiased after the stop: {after.elo:+.1f} logistic "
                                 "Elo (95 % interval")
    assert f"{after.normalized_elo:+.1f} normalized Elo" in stopped[3]
    assert "biased downward" in sprt_text(_Run("accept H0", estimate))
    win_loss = sprt_elo_estimate(Sprt.from_totals(wins=23, losses=0))      # no normalized Elo
    line = sprt_text(_Run("accept H1", estimate, win_loss)).splitlines()[3]
    assert line.startswith("median-unbiased after the stop: ") and line.endswith(")")
    assert "normalized" not in line
    assert "biased" not in sprt_text(_Run("continue", estimate))
    assert sprt_text(_Run("continue", None)) == "the summary line"


# --- what an MCTS iteration costs --------------------------------------------------------------


def test_iteration_costs_count_what_each_agent_did():
    positions = _positions()[2:4]
    plain, valued, guided = iteration_costs(
        ["mcts:iterations=60,tier=fast", "mcts:iterations=60,tier=fast,value=learned",
         "mcts:iterations=60,tier=fast,value=learned,prior=learned"], positions)
    for cost in (plain, valued, guided):
        assert cost.iterations == 60 * len(positions) and cost.seconds > 0
        assert cost.microseconds == pytest.approx(1e6 * cost.seconds / cost.iterations)
    assert plain.evaluations == 0 and 0 < plain.playouts < plain.playout_plies
    # one evaluation an iteration, none for an iteration that ends on a finished game
    assert valued.playouts == 0 and 0.5 * valued.iterations < valued.evaluations \
        <= valued.iterations
    # with priors every child of a grown node is scored: more than one evaluation an iteration
    assert guided.playouts == 0 and guided.evaluations > 5 * guided.iterations
    with pytest.raises(CourseError, match="fast MCTS"):
        iteration_costs(["engine:depth=2"], positions)
    with pytest.raises(CourseError, match="position"):
        iteration_costs(["mcts:iterations=10,tier=fast"], [])


def _cells() -> dict:
    notebook = Path(__file__).resolve().parents[2] / "notebooks" / "solutions" / "12_learning.ipynb"
    return {cell["id"]: cell for cell in json.loads(notebook.read_text())["cells"]}


def test_section_5_quotes_the_moves_and_nodes_its_cell_prints():
    cells = _cells()
    printed = "".join("".join(o.get("text", "")) for o in cells["nb12-34"]["outputs"])
    found = re.search(r"the move differs in (\d+) of (\d+) positions; nodes: learned "
                      r"(\d+ % (?:more|fewer))", printed)
    assert found, printed
    moves, positions, nodes = found.groups()
    prose = " ".join("".join(cells["nb12-35"]["source"]).split())
    assert f"different moves in {moves} of the {positions} positions" in prose
    assert f"visited {nodes} nodes" in prose


def test_the_engines_of_the_live_sprt_have_the_switches_the_notebook_names():
    """Section 5's live SPRT: both engines have today's default, the table, the move ordering,
    principal variation search and the two prunings on, the five others off, as the prose
    after it says."""
    from course_lib.agents.spec import make_agent

    for spec in ("engine:depth=3,hash=1,eval=learned", "engine:depth=3,hash=1"):
        switches = make_agent(spec).engine.switches
        assert {name for name, on in switches.items() if on} == {"tt", "order", "pvs", "rfp",
                                                                 "lmp"}
        assert sum(not on for on in switches.values()) == 5
    prose = " ".join("".join(_cells()["nb12-41a"]["source"]).split())
    assert "the five others off" in prose and "(`rfp`, `lmp`) on" in prose


def test_the_stored_sprts_engine_is_named_by_the_switches_its_cell_prints():
    """Section 5: the stored SPRT ran with the switches the shipped weights were made with,
    every one the engine then had on but null-move pruning (the prunings added since off), as
    the cell prints them."""
    cells = _cells()
    printed = "".join("".join(o.get("text", "")) for o in cells["nb12-38"]["outputs"])
    found = re.search(r"the engine's default then, SELF_PLAY_SWITCHES: on (.+); off (.+)",
                      printed)
    assert found, printed
    assert found.group(2).strip() == "nullmove, rfp, lmp" and "nullmove" not in found.group(1)
    prose = " ".join("".join(cells["nb12-37"]["source"]).split())
    assert ("every switch on but null-move pruning (and the two prunings added since, which it "
            "keeps off)") in prose


def test_the_data_run_is_the_value_networks_training_and_validation_positions():
    """Section 7: the positions the data run played, in its parts, are those the shipped
    network trained on and those it held out, as the prose says; the parts grew one run."""
    from course_lib.lessons.nb12 import data_runs
    from course_lib.learn.network import load_network

    meta = load_network().meta
    runs = data_runs()
    played = sum(run["positions"] for run in runs)
    assert played == meta["positions"] + meta["validation_positions"]
    assert runs[-1]["chunks_done"] == runs[-1]["chunks"] == meta["chunks"]
    assert sum(run["played"] for run in runs) == meta["chunks"]       # no chunk played twice
    assert all(run["spec"] | {"games": 0} == runs[0]["spec"] | {"games": 0} for run in runs)
    prose = " ".join("".join(_cells()["nb12-78"]["source"]).split())
    assert (f"the {played:,} played are the {meta['positions']:,} trained on and the "
            f"{meta['validation_positions']:,} held out") in prose


def test_the_live_and_shipped_runs_differ_in_the_steps_and_rates_the_notebook_names():
    """Section 3: the shipped weights come from `python -m course_lib learn`, which calls `train`
    with its default mini-batch and learning rate; the notebook computes the steps with the
    batch and quotes both rates, and its prose quotes the steps its cells print."""
    import inspect

    from course_lib.learn import cli
    from course_lib.learn.train import train

    defaults = inspect.signature(train).parameters
    assert defaults["batch"].default == 4096 and defaults["learning_rate"].default == 0.001
    call = re.search(r"train\(records[^)]*\)", inspect.getsource(cli)).group(0)
    assert "batch" not in call and "learning_rate" not in call        # the defaults, then
    cells = _cells()
    assert "learning_rate=0.003, batch=4096" in "".join(cells["nb12-21"]["source"])
    printed = {cid: "".join("".join(o.get("text", "")) for o in cells[cid]["outputs"])
               for cid in ("nb12-21", "nb12-23")}
    live = re.search(r"(\d+) steps an epoch, (\d+) in all, learning rate 0.003",
                     printed["nb12-21"])
    shipped = re.search(r"(\d+) steps an epoch, (\d+) in all, learning rate 0.001",
                        printed["nb12-23"])
    assert live and shipped, printed
    meta = load_weights().meta
    assert int(shipped.group(1)) == -(-meta["positions"] // 4096)
    assert int(shipped.group(2)) == int(shipped.group(1)) * meta["epochs"]
    prose = " ".join("".join(cells["nb12-26"]["source"]).split())
    assert (f"in {shipped.group(2)} steps, not {live.group(2)} ({shipped.group(1)} an epoch "
            f"against {live.group(1)}); and at a learning rate of 0.001, not 0.003") in prose
    assert f"{live.group(2)} steps in all" in " ".join("".join(cells["nb12-22"]["source"]).split())


def test_the_middle_games_stone_count_is_printed_where_the_prose_reads_it():
    """Section 1: "x (to move) has fewer stones than o", as the cell prints them."""
    from course_lib.lessons.nb11 import middle_games

    fen = "2oo2o/x1oo1oo/x4oo/xx3oo/x3ooo/x6/xx5 x 4 16"     # 8 x and 14 o, counted by hand
    assert middle_games(1)[0] == State.from_fen(fen)
    me, opp, _ = mover_boards(State.from_fen(fen))
    assert (bin(me).count("1"), bin(opp).count("1")) == (8, 14)
    printed = "".join("".join(o.get("text", "")) for o in _cells()["nb12-08"]["outputs"])
    assert "middle game: x (to move) has 8 stones, o 14" in printed


def test_a_record_of_one_repeated_pair_result_gives_its_exact_bound_not_an_estimate():
    import math
    from course_lib.strength import elo_from_score
    won = dict(RECORD, wins=40, draws=0, losses=0, games=40, pentanomial=[0, 0, 0, 0, 20],
               elo=None, elo_low=277.4, elo_high=None)
    bound = elo_from_score(0.025 ** (1 / 20))       # 20 pairs all won: the one-sided 2.5 % bound
    lines = record_text(won).splitlines()
    assert lines[-1] == ("no median-unbiased estimate after the stop (its model needs pairs "
                         "that vary): every pair scored the same; with 95 % confidence at least "
                         f"{bound:+.1f} logistic Elo (an exact bound)")
    assert not any(line.startswith("median-unbiased") for line in lines)
    lost = dict(won, wins=0, losses=40, pentanomial=[20, 0, 0, 0, 0], result="rejected",
                elo_low=None, elo_high=-277.4)
    assert record_text(lost).splitlines()[-1].endswith(
        f"at most {-bound:+.1f} logistic Elo (an exact bound)")
    assert math.isfinite(bound)


def test_the_engine_behind_uai_engine_plays_the_evaluation_its_sprt_accepted():
    """Section 7's second network test: inside the alpha-beta engine (both sides the engine
    with every switch written out), the value network against the n-tuple network, H1 accepted;
    so ``uai engine`` plays with the value network, and the prose quotes the record."""
    from course_lib.lessons.nb12 import network_records
    from course_lib.match.uai import UAI_EVALUATION
    inside = [r for r in network_records("network") if r["spec_a"].startswith("engine:")]
    assert inside, "no network test inside the engine"
    record = inside[-1]
    assert record["spec_b"].startswith("engine:") and "eval=learned" in record["spec_b"]
    assert "eval=network" in record["spec_a"] and record["result"] == "accepted"
    assert record["spec_a"].split("eval=")[0] == record["spec_b"].split("eval=")[0]
    assert UAI_EVALUATION == "network"
    prose = " ".join(" ".join("".join(c["source"]) for c in _cells().values()
                              if c["cell_type"] == "markdown").split()).replace("−", "-")
    assert (f"after {record['games']} games (+{record['wins']} ={record['draws']} "
            f"-{record['losses']})") in prose
    assert (f"{record['unbiased_elo']:+.1f} logistic Elo (95 % interval "
            f"{record['unbiased_elo_low']:+.1f} to {record['unbiased_elo_high']:+.1f})") in prose
