"""The learned evaluation: the n-tuple network (readable and compiled), self-play data, the
training, the weights on disk, the ``learn`` command and the engine scoring with it."""

from __future__ import annotations

import itertools
import math
import re
import subprocess
import sys

import numpy as np
import pytest

from course_lib.agents.spec import make_agent
from course_lib.ataxx import State
from course_lib.ataxx import fast
from course_lib.engine import Engine, SearchLimits
from course_lib.errors import CourseError, InvalidArgumentError
from course_lib.learn.ntuple import (N_WEIGHTS, LearnedWeights, evaluate_readable, expand,
                                     learned_eval, load_weights, save_weights,
                                     symmetric_image)
from course_lib.learn.selfplay import GameRecords, self_play
from course_lib.learn.train import fit_logistic, log_loss, train


def random_position(rng: np.random.Generator, blocked_share: float = 0.1
                    ) -> tuple[int, int, int]:
    cells = rng.choice(4, size=49, p=[0.4, 0.25, 0.25, 0.1] if blocked_share else
                       [0.5, 0.25, 0.25, 0.0])
    me = sum(1 << s for s in range(49) if cells[s] == 1)
    opp = sum(1 << s for s in range(49) if cells[s] == 2)
    blocked = sum(1 << s for s in range(49) if cells[s] == 3)
    return me, opp, blocked


def random_weights(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(-60, 61, N_WEIGHTS).astype(np.int32)


# --- the network ----------------------------------------------------------------------------

def test_the_compiled_evaluation_equals_the_readable_one():
    rng = np.random.default_rng(5)
    weights = random_weights(1)
    table = expand(weights)
    for _ in range(200):
        me, opp, blocked = random_position(rng)
        assert int(learned_eval(np.uint64(me), np.uint64(opp), np.uint64(blocked), table)) == \
            evaluate_readable(me, opp, blocked, weights)


def test_a_position_and_its_eight_images_score_the_same():
    rng = np.random.default_rng(6)
    weights = random_weights(2)
    for _ in range(20):
        me, opp, _ = random_position(rng, 0)
        scores = {evaluate_readable(int(symmetric_image(me, g)), int(symmetric_image(opp, g)),
                                    0, weights) for g in range(8)}
        assert len(scores) == 1


def test_symmetric_images_are_the_eight_symmetries_of_the_square():
    a7, g7, a1, g1 = 1 << 0, 1 << 6, 1 << 42, 1 << 48
    images = {int(symmetric_image(a7, g)) for g in range(8)}
    assert images == {a7, g7, a1, g1}                 # a corner goes to every corner
    centre = 1 << 24
    assert {int(symmetric_image(centre, g)) for g in range(8)} == {centre}


def test_one_weight_counts_once_per_window_that_reads_it():
    # the weight of "everything empty" in every table: the empty board reads each of the
    # 12 classes through 8 symmetries, 96 lookups, all of them the empty pattern
    from course_lib.learn.ntuple import CLASS_OFFSET
    weights = np.zeros(N_WEIGHTS, dtype=np.int32)
    weights[CLASS_OFFSET] = 1
    assert evaluate_readable(0, 0, 0, weights) == 96
    assert int(learned_eval(np.uint64(0), np.uint64(0), np.uint64(0), expand(weights))) == 96


def test_weights_of_the_wrong_shape_are_refused():
    with pytest.raises(InvalidArgumentError, match="expected 118585 weights"):
        expand(np.zeros(10, dtype=np.int32))
    huge = np.zeros(N_WEIGHTS, dtype=np.int32)
    huge[:5] = 20_000                                # the empty 3x3 pattern read 8 times
    with pytest.raises(InvalidArgumentError, match="weights too large"):
        expand(huge)
    with pytest.raises(InvalidArgumentError, match="win_scale"):
        LearnedWeights.of(np.zeros(N_WEIGHTS, dtype=np.int32), win_scale=0)


def test_weights_round_trip_through_a_file(tmp_path):
    weights = random_weights(3)
    path = str(tmp_path / "w.npz")
    save_weights(path, weights, {"win_scale": 250.0, "seed": 7})
    loaded = load_weights(path)
    assert np.array_equal(loaded.weights, weights)
    assert loaded.win_scale == 250.0 and loaded.meta["seed"] == 7
    assert math.isclose(loaded.win_probability(250.0), 1 / (1 + math.exp(-1)))


def test_a_missing_or_broken_weights_file_says_what_to_do(tmp_path):
    with pytest.raises(InvalidArgumentError, match="python -m course_lib learn"):
        load_weights(str(tmp_path / "none.npz"))
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a zip file")
    with pytest.raises(InvalidArgumentError, match="cannot read learned weights"):
        load_weights(str(broken))
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, weights=np.zeros(5, dtype=np.int16))
    with pytest.raises(InvalidArgumentError, match="expected"):
        load_weights(str(wrong))


def test_the_shipped_weights_load_and_say_how_they_were_made():
    shipped = load_weights()
    assert shipped.weights.shape == (N_WEIGHTS,)
    for key in ("seed", "games", "depth", "epochs", "lam", "win_scale", "curve"):
        assert key in shipped.meta
    assert shipped.win_scale > 0
    # the network must know a position with many more stones is better for the mover
    lots = sum(1 << s for s in range(0, 21))
    few = 1 << 48
    score = int(learned_eval(np.uint64(lots), np.uint64(few), np.uint64(0), shipped.table))
    assert score > 0


# --- the training ----------------------------------------------------------------------------

def test_log_loss_by_hand():
    logits = np.array([0.0, 2.0, -1.0])
    result = np.array([1.0, 0.0, 0.5])
    by_hand = np.mean([math.log(2), math.log(1 + math.exp(2)),
                       0.5 * math.log(1 + math.exp(1)) + 0.5 * math.log(1 + math.exp(-1))])
    assert math.isclose(log_loss(logits, result), by_hand, rel_tol=1e-12)


def test_fit_logistic_finds_the_parameters_that_made_the_data():
    rng = np.random.default_rng(1)
    x = rng.normal(0, 3, 200_000)
    result = (rng.random(x.size) < 1 / (1 + np.exp(-(0.7 * x - 0.4)))).astype(float)
    a, b = fit_logistic(x, result)
    assert abs(a - 0.7) < 0.02 and abs(b + 0.4) < 0.02


def synthetic_records(n: int, seed: int) -> GameRecords:
    """Random positions whose result is a win exactly when the mover holds the centre d4."""
    rng = np.random.default_rng(seed)
    me, opp = [], []
    for _ in range(n):
        a, b, _ = random_position(rng, 0)
        me.append(a)
        opp.append(b)
    me_a = np.array(me, dtype=np.uint64)
    result = ((me_a >> np.uint64(24)) & np.uint64(1)).astype(np.float64)
    score = (np.where(result > 0, 300, -300) + rng.normal(0, 300, n)).astype(np.int32)
    return GameRecords(me=me_a, opp=np.array(opp, dtype=np.uint64), result=result,
                       score=score, game=np.arange(n, dtype=np.int32),
                       ply=np.zeros(n, dtype=np.int16), empty=np.zeros(n, dtype=np.int8))


def test_training_learns_a_rule_the_material_does_not_show():
    records = synthetic_records(6000, 2)
    run = train(records, epochs=6, seed=1, learning_rate=0.01)
    first_val, last_val = run.curve[0][2], run.curve[-1][2]
    assert last_val < first_val < math.log(2)
    assert last_val < run.material_loss - 0.2
    # the centre for the mover scores higher than the centre for the opponent
    table = expand(run.weights)
    centre = np.uint64(1 << 24)
    assert learned_eval(centre, np.uint64(1), np.uint64(0), table) > \
        learned_eval(np.uint64(1), centre, np.uint64(0), table)


def test_the_losses_against_the_results_are_the_target_losses_when_the_target_is_the_result():
    records = synthetic_records(3000, 5)
    alone = train(records, epochs=3, seed=2, lam=1.0, learning_rate=0.01)
    assert alone.material_result_loss == alone.material_loss
    assert alone.score_result_loss == alone.score_loss
    assert all(len(entry) == 4 and entry[3] == entry[2] for entry in alone.curve)
    assert alone.result_loss == alone.curve[-1][3]
    mixed = train(records, epochs=3, seed=2, lam=0.3, learning_rate=0.01)
    # the same validation games, judged by the same results: the simple predictions agree
    assert mixed.score_result_loss == alone.score_result_loss
    assert mixed.material_result_loss == alone.material_result_loss
    assert mixed.score_loss != mixed.score_result_loss
    # the result depends on d4 alone, which the network sees and material does not
    assert mixed.result_loss < mixed.material_result_loss - 0.1


def test_training_is_the_same_for_the_same_seed_and_checks_its_arguments():
    records = synthetic_records(800, 3)
    a = train(records, epochs=2, seed=4)
    b = train(records, epochs=2, seed=4)
    assert np.array_equal(a.weights, b.weights) and a.curve == b.curve
    with pytest.raises(InvalidArgumentError, match="epochs"):
        train(records, epochs=0)
    with pytest.raises(InvalidArgumentError, match="lam"):
        train(records, lam=1.5)
    with pytest.raises(InvalidArgumentError, match="no positions"):
        train(records.select(np.zeros(len(records), dtype=bool)))


# --- self-play -------------------------------------------------------------------------------

def test_self_play_records_every_position_with_the_game_result():
    data = self_play(games=3, seed=11, depth=2)
    assert len(data) > 30
    for g in range(3):
        rows = np.flatnonzero(data.game == g)
        assert list(data.ply[rows]) == list(range(len(rows)))
        # replay: each position follows from the one before by a legal move, and the last
        # position's successor ends the game; the results agree with the final count
        states = []
        for r in rows:
            me, opp = int(data.me[r]), int(data.opp[r])
            assert me & opp == 0
            states.append((me, opp))
        for (me, opp), (me2, opp2) in zip(states, states[1:]):
            assert bin(me | opp).count("1") <= bin(me2 | opp2).count("1") <= \
                bin(me | opp).count("1") + 1
        results = data.result[rows]
        # the side to move alternates (no pass in these short games) so the results do too
        for x, y in zip(results, results[1:]):
            assert x + y == 1.0 or (x == y == 0.5)


def test_self_play_is_the_same_for_a_seed_whatever_the_workers():
    a = self_play(games=4, seed=9, depth=1)
    b = self_play(games=4, seed=9, depth=1, workers=2)
    c = self_play(games=4, seed=10, depth=1)
    assert all(np.array_equal(getattr(a, f), getattr(b, f)) for f in
               ("me", "opp", "result", "score", "game", "ply", "empty"))
    assert not (len(a) == len(c) and np.array_equal(a.me, c.me))
    with pytest.raises(InvalidArgumentError, match="games"):
        self_play(games=0, seed=1)
    with pytest.raises(InvalidArgumentError, match="random_plies"):
        self_play(games=1, seed=1, random_plies=(5, 2))


def test_game_records_round_trip(tmp_path):
    data = self_play(games=2, seed=1, depth=1)
    path = str(tmp_path / "games.npz")
    data.save(path)
    again = GameRecords.load(path)
    assert np.array_equal(again.me, data.me) and np.array_equal(again.result, data.result)
    with pytest.raises(InvalidArgumentError, match="cannot read game records"):
        GameRecords.load(str(tmp_path / "missing.npz"))


# --- the command -----------------------------------------------------------------------------

def run_learn(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course_lib", "learn", *args],
                          capture_output=True, text=True, timeout=300)


def test_the_learn_command_makes_weights_from_a_seed(tmp_path):
    out_a, out_b = str(tmp_path / "a.npz"), str(tmp_path / "b.npz")
    data = str(tmp_path / "games.npz")
    first = run_learn("--seed", "3", "--games", "10", "--depth", "1", "--epochs", "1",
                      "--out", out_a, "--data", data)
    assert first.returncode == 0, first.stderr
    assert "self-play: 10 games" in first.stdout and "wrote 118585 weights" in first.stdout
    for label in ("material alone", "the search score", "the network"):
        assert re.search(label + r" +against the target \d\.\d{4}, against the games' results "
                         r"\d\.\d{4}", first.stdout), first.stdout
    meta = load_weights(out_a).meta
    assert {"material_result_loss", "score_result_loss"} <= set(meta)
    assert len(meta["curve"]) == 1 and len(meta["curve"][0]) == 4
    second = run_learn("--seed", "3", "--games", "10", "--depth", "1", "--epochs", "1",
                       "--out", out_b, "--data", data)
    assert second.returncode == 0 and "read " in second.stdout
    assert np.array_equal(load_weights(out_a).weights, load_weights(out_b).weights)


@pytest.mark.parametrize("args, message", [
    (("--games", "50"), "--seed"),
    (("--seed", "1", "--lam", "2"), "from 0 to 1"),
    (("--seed", "1", "--games", "0"), "from 10"),
    (("--seed", "x"), "whole number"),
    (("--seed", "1", "--games", "10", "--out", "/no/such/folder/w.npz"), "does not exist"),
    (("--seed", "1", "--games", "10", "--out", "/"), "is a folder"),
])
def test_the_learn_command_refuses_bad_arguments(args, message):
    done = run_learn(*args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


# --- the engine with the learned evaluation --------------------------------------------------

@pytest.fixture(scope="module")
def weights_file(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("w") / "w.npz")
    save_weights(path, random_weights(4), {"win_scale": 300.0})
    return path


def negamax(me: int, opp: int, blocked: int, to_move: int, depth: int,
            weights: np.ndarray) -> int:
    """A plain negamax over the readable rules and the readable network (games end as
    the engine scores them: MATE - ply for a win)."""
    from course_lib.engine.engine import MATE

    def go(fs, d, ply):
        if fast.is_over(fs):
            w = fast.winner(fs)
            if w == 0:
                return 0
            return MATE - ply if w == fs.to_move else ply - MATE
        if d == 0:
            m, o = (fs.first, fs.second) if fs.to_move == 1 else (fs.second, fs.first)
            return evaluate_readable(int(m), int(o), int(fs.blocked), weights)
        return max(-go(fast.apply(fs, int(c)), d - 1, ply + 1) for c in fast.legal_moves(fs))
    first, second = (me, opp) if to_move == 1 else (opp, me)
    fs = fast.FastState(np.uint64(first), np.uint64(second), np.uint64(blocked), to_move, 0, 0)
    return go(fs, depth, 0)


def test_the_engine_with_learned_weights_finds_the_negamax_value(weights_file):
    weights = load_weights(weights_file).weights
    # the table and the ordering only: the prunings (pvs, rfp, lmp, on by default) change
    # values, and this test is of the evaluation inside the search
    engine = Engine(hash_mb=1, evaluation="learned", weights=weights_file, pvs=False, rfp=False,
                    lmp=False)
    rng = np.random.default_rng(8)
    checked = 0
    while checked < 6:
        me, opp, blocked = random_position(rng)
        state_fen = fast.FastState(np.uint64(me), np.uint64(opp), np.uint64(blocked), 1, 0,
                                   0).fen()
        state = State.from_fen(state_fen)
        if state.is_over() or not me or not opp:
            continue
        for depth in (1, 2):
            engine.new_game()
            engine.search(state, SearchLimits(depth=depth))
            assert engine.last_value == negamax(me, opp, blocked, 1, depth, weights)
        checked += 1


def test_the_engine_spec_takes_the_evaluation():
    agent = make_agent("engine:depth=2,eval=learned")
    assert agent.engine.evaluation == "learned"
    move = agent.choose_move(State.start())
    assert move in State.start().legal_moves()
    with pytest.raises(CourseError, match="material"):
        make_agent("engine:eval=neural")
    with pytest.raises(InvalidArgumentError, match="evaluation"):
        Engine(evaluation="nnue")
    with pytest.raises(InvalidArgumentError, match="weights go with"):
        Engine(weights="x.npz")


def test_the_learned_engine_plays_legal_moves_in_many_positions():
    engine = Engine(hash_mb=1, evaluation="learned")
    rng = np.random.default_rng(12)
    for game in range(3):
        fs = fast.START
        engine.new_game()
        for _ in itertools.count():
            if fast.is_over(fs):
                break
            if rng.random() < 0.3:
                moves = fast.legal_moves(fs)
                code = int(moves[rng.integers(len(moves))])
            else:
                move, _ = engine.search(fs, SearchLimits(depth=3))
                assert fast.encode_move(move) in set(int(c) for c in fast.legal_moves(fs))
                code = fast.encode_move(move)
            fs = fast.apply(fs, code)
