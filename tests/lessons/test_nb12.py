"""course_lib.lessons.nb12, the helpers of notebook 12: each result checked against a
computation written here from the definitions (the windows and symmetries spelled out, the
engine driven directly, records built by hand), and bad input refused in words."""

from __future__ import annotations

import json

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from course_lib.ataxx import State  # noqa: E402
from course_lib.engine import Engine, SearchLimits  # noqa: E402
from course_lib.errors import CourseError  # noqa: E402
from course_lib.lessons.nb12 import (by_ply, class_name, class_windows,  # noqa: E402
                                      corner_patterns, draw_lone_stone, draw_patterns,
                                      draw_window_classes, game_lengths, image_scores,
                                      learned_record, map_square, mover_boards, record_text,
                                      scores_both_ways, search_with, square_name)
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


def _score_by_definition(position: State, weights: np.ndarray) -> int:
    """The bias plus, for each class and each symmetry, the weight of the class's window read
    through the symmetry (its squares mapped, in the mapped order, as base-3 digits)."""
    me, opp, _ = mover_boards(position)
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


def test_pattern_and_heat_map_figures():
    best, worst = corner_patterns(3)
    figure = draw_patterns(best, worst)
    assert len(figure.axes) == 6
    assert [ax.get_title() for ax in figure.axes] == [f"{w:+d}" for w, _ in best + worst]
    with pytest.raises(CourseError):
        draw_patterns(best, worst[:2])
    ax = draw_lone_stone(np.arange(49).reshape(7, 7))
    assert len(ax.texts) == 49 and ax.texts[48].get_text() == "48"
    with pytest.raises(CourseError, match="7x7"):
        draw_lone_stone(np.zeros((6, 7)))
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
    assert text[3] == "accepted after 120 games: +80 =0 -40, pairs 5 0 20 0 35, LLR 2.95"
    assert text[4] == "Elo 120.5 (95 % interval 60.0 to 190.0)"
    broken = dict(RECORD)
    del broken["wins"]
    with pytest.raises(CourseError, match="wins"):
        record_text(broken)
