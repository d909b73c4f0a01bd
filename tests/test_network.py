"""The value network: readable and compiled forms equal, the quantisation bounds, the
incremental accumulator, the weights on disk, training, and the searches that score with it."""

from __future__ import annotations

import math

import numpy as np
import pytest

from course_lib.agents.spec import make_agent
from course_lib.ataxx import State, fast
from course_lib.engine import Engine, SearchLimits
from course_lib.errors import InvalidArgumentError
from course_lib.learn._network_kernels import (_accumulate, _child_eval, _output, _update,
                                               network_eval, network_eval_many)
from course_lib.learn._train_kernels import predict
from course_lib.learn.network import (CLIP, N_INPUTS, QA, QB, NetworkWeights,
                                      evaluate_readable, features, forward_float, from_packed,
                                      load_network, quantisation_bound, save_network)
from course_lib.learn.network_train import train_network
from course_lib.learn.selfplay import self_play


def random_position(rng: np.random.Generator) -> tuple[int, int]:
    cells = rng.choice(3, size=49, p=[0.4, 0.3, 0.3])
    return (sum(1 << s for s in range(49) if cells[s] == 1),
            sum(1 << s for s in range(49) if cells[s] == 2))


def trained_like(hidden: int, seed: int) -> NetworkWeights:
    """Weights spread over the whole allowed range, some at the clip."""
    rng = np.random.default_rng(seed)
    return NetworkWeights(w1=np.clip(rng.normal(0, 0.6, (N_INPUTS, hidden)), -CLIP, CLIP),
                          b1=rng.uniform(-1, 1, hidden), w2=rng.uniform(-CLIP, CLIP, hidden),
                          b2=rng.uniform(-1, 1), win_scale=float(rng.uniform(50, 700)))


@pytest.fixture(scope="module")
def net() -> NetworkWeights:
    return trained_like(64, 1)


def test_features_read_each_window_from_the_side_to_move():
    # a7 (bit 0) is the mover's: window 0 state 1; b7 (bit 1) the opponent's: 2 * 3
    f = features(1, 2)
    assert f[0] == 0 * 81 + 1 + 2 * 3
    assert f[1] == 1 * 81 + 2           # window 1 holds b7 as its top-left square
    assert all(f[k] == 81 * k for k in range(2, 36))
    swapped = features(2, 1)            # the other side's view: 1 and 2 trade places
    assert swapped[0] == 2 + 1 * 3


def test_the_compiled_score_equals_the_readable_one(net):
    rng = np.random.default_rng(2)
    positions = [random_position(rng) for _ in range(300)]
    me = np.array([p[0] for p in positions], dtype=np.uint64)
    opp = np.array([p[1] for p in positions], dtype=np.uint64)
    many = network_eval_many(me, opp, net.packed)
    for i, (a, b) in enumerate(positions):
        readable = evaluate_readable(a, b, net)
        assert int(network_eval(np.uint64(a), np.uint64(b), net.packed)) == readable
        assert int(many[i]) == readable


def test_the_integer_score_is_the_dequantized_network_but_for_two_floors(net):
    rng = np.random.default_rng(3)
    q = net.dequantized()
    scale = net.scale
    for _ in range(300):
        a, b = random_position(rng)
        exact = forward_float(a, b, q) * scale          # float64: error far below 1e-6
        score = evaluate_readable(a, b, net)
        assert exact - scale / (QA * QB) - 1 - 1e-6 < score <= exact + 1e-6


def test_the_rounding_of_the_weights_stays_within_its_bound(net):
    rng = np.random.default_rng(4)
    q = net.dequantized()
    moved = []
    for _ in range(200):
        a, b = random_position(rng)
        moved.append(abs(forward_float(a, b, net) - forward_float(a, b, q)))
        assert moved[-1] <= quantisation_bound(a, b, net)
    assert max(moved) > 0                             # the rounding does move the output


def test_the_int16_accumulator_cannot_overflow_even_at_the_clip():
    hidden = 4
    for sign in (1, -1):
        extreme = NetworkWeights(w1=np.full((N_INPUTS, hidden), sign * CLIP),
                                 b1=np.full(hidden, sign * CLIP), w2=np.full(hidden, CLIP),
                                 b2=sign * CLIP, win_scale=32767)
        acc = np.empty(hidden, dtype=np.int16)
        _accumulate(np.uint64(5), np.uint64(96), extreme.packed, acc)
        assert (acc == sign * 37 * round(CLIP * QA)).all()      # 18,685: within int16
        assert int(network_eval(np.uint64(5), np.uint64(96), extreme.packed)) == \
            evaluate_readable(5, 96, extreme)


def test_weights_beyond_the_clip_are_refused_in_words():
    with pytest.raises(InvalidArgumentError, match="beyond 1.98"):
        NetworkWeights(w1=np.full((N_INPUTS, 2), 2.5), b1=[0, 0], w2=[0, 0], b2=0,
                       win_scale=100)
    with pytest.raises(InvalidArgumentError, match=r"shape \(2916, H\)"):
        NetworkWeights(w1=np.zeros((10, 2)), b1=[0, 0], w2=[0, 0], b2=0, win_scale=100)


def _random_sequences(games: int, seed: int):
    """(before, move, after) along seeded random games, passes included."""
    rng = np.random.default_rng(seed)
    for _ in range(games):
        fs = fast.START
        while not fast.is_over(fs):
            moves = fast.legal_moves(fs)
            code = int(moves[rng.integers(len(moves))])
            after = fast.apply(fs, code)
            yield fs, code, after
            fs = after


def test_the_incremental_accumulator_equals_the_full_one_along_random_games(net):
    acc = {1: np.empty(net.hidden, dtype=np.int16), 2: np.empty(net.hidden, dtype=np.int16)}
    full = np.empty(net.hidden, dtype=np.int16)
    seen = {"pass": 0, "jump": 0, "capture": 0}
    started = None
    for before, code, after in _random_sequences(12, 7):
        if before is fast.START or started is None:
            for side in (1, 2):            # side's view: its stones are "me"
                me, opp = ((before.first, before.second) if side == 1
                           else (before.second, before.first))
                _accumulate(me, opp, net.packed, acc[side])
            started = True
        for side in (1, 2):
            old = (before.first, before.second) if side == 1 else (before.second, before.first)
            new = (after.first, after.second) if side == 1 else (after.second, after.first)
            _update(acc[side], net.packed, old[0], old[1], new[0], new[1])
            _accumulate(new[0], new[1], net.packed, full)
            assert (acc[side] == full).all()
        mover = after.to_move
        me, opp = (after.first, after.second) if mover == 1 else (after.second, after.first)
        if not fast.is_over(after):
            assert _output(acc[mover], net.packed) == evaluate_readable(int(me), int(opp), net)
        if code == fast.PASS_CODE:
            seen["pass"] += 1
        else:
            seen["jump"] += not fast.decode_move(code).is_clone
            opp_before = before.second if before.to_move == 1 else before.first
            opp_after = after.second if before.to_move == 1 else after.first
            seen["capture"] += int(opp_before) != int(opp_after)
    assert min(seen.values()) > 0, seen                # every kind of move was tried


def test_a_child_scored_from_its_parent_equals_the_full_score(net):
    parent_acc = np.empty(net.hidden, dtype=np.int16)
    scratch = np.empty(net.hidden, dtype=np.int16)
    for before, _, _ in list(_random_sequences(2, 8))[::7]:
        me, opp = fast._mover(before)
        _accumulate(opp, me, net.packed, parent_acc)
        for code in fast.legal_moves(before):
            mine, theirs = fast._apply_move(me, opp, int(code))
            assert _child_eval(parent_acc, scratch, net.packed, me, opp, mine, theirs) == \
                evaluate_readable(int(theirs), int(mine), net)


def test_the_weights_file_round_trip(tmp_path, net):
    path = str(tmp_path / "net.npz")
    net.meta = {"seed": 4, "curve": [[1, 0.6, 0.61]]}
    save_network(path, net)
    back = load_network(path)
    assert (back.packed == net.packed).all() and back.meta == net.meta
    assert back.win_scale == net.win_scale and back.hidden == net.hidden
    assert (from_packed(back.packed, back.win_scale).packed == net.packed).all()
    with pytest.raises(InvalidArgumentError, match="network train"):
        load_network(str(tmp_path / "missing.npz"))


def test_the_shipped_network_is_small_and_loads():
    shipped = load_network()
    assert shipped.packed.shape == (N_INPUTS + 3, shipped.hidden)
    assert shipped.meta["positions"] > 100_000
    import os
    from course_lib.learn.network import DEFAULT_NETWORK
    assert os.path.getsize(DEFAULT_NETWORK) < 2_000_000


# --- training -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tiny_games():
    return self_play(games=30, seed=4, depth=2)


def test_training_lowers_the_loss_on_a_tiny_set(tiny_games):
    from course_lib.learn.network_train import targets
    from course_lib.learn.train import log_loss
    rows = np.arange(len(tiny_games))
    target, _, _ = targets(tiny_games, rows, 0.3)
    start = NetworkWeights.random(16, 3)
    before = log_loss(predict(tiny_games.me, tiny_games.opp, start.w1, start.b1, start.w2,
                              start.b2), target)
    run = train_network(tiny_games, hidden=16, epochs=30, seed=3, batch=64,
                        validation_share=0.0, symmetries=False, start=start)
    after = log_loss(predict(tiny_games.me, tiny_games.opp, run.net.w1, run.net.b1,
                             run.net.w2, run.net.b2), target)
    assert after < before - 0.02
    assert [epoch for epoch, _, _ in run.curve] == list(range(1, 31))
    assert run.curve[-1][1] < run.curve[0][1]


def test_training_checks_its_settings(tiny_games):
    with pytest.raises(InvalidArgumentError, match="hidden must be a whole number >= 2"):
        train_network(tiny_games, hidden=1)
    with pytest.raises(InvalidArgumentError, match="lam must be in"):
        train_network(tiny_games, lam=2.0)


# --- the searches -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def net_file(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("net") / "net.npz")
    save_network(path, trained_like(32, 9))
    return path


def test_the_engine_at_depth_one_plays_the_child_the_network_likes_best(net_file):
    net = load_network(net_file)
    engine = Engine(hash_mb=1, evaluation="network", weights=net_file)
    for before, _, _ in list(_random_sequences(1, 11))[5:60:11]:
        move, info = engine.search(before, SearchLimits(depth=1))
        me, opp = fast._mover(before)
        scores = {}
        for code in fast.legal_moves(before):
            mine, theirs = fast._apply_move(me, opp, int(code))
            child = fast.apply(before, int(code))
            if not fast.is_over(child):
                scores[int(code)] = -evaluate_readable(int(theirs), int(mine), net)
        if len(scores) == len(fast.legal_moves(before)):
            best = max(scores.values())
            assert info.score_cp == best
            assert scores[fast.encode_move(move)] == best


def test_guided_mcts_with_the_network_takes_its_priors_from_the_childrens_scores(net_file):
    net = load_network(net_file)
    agent = make_agent(f"mcts:tier=fast,value=learned,prior=learned,eval=network,"
                       f"weights={net_file},iterations=30")
    state = State.start()
    agent.choose_move(state)
    me, opp = fast._mover(fast.to_fast(state))
    scores = []
    for code in fast.legal_moves(fast.to_fast(state)):
        mine, theirs = fast._apply_move(me, opp, int(code))
        scores.append(-evaluate_readable(int(theirs), int(mine), net))
    scores = np.array(scores, dtype=np.float64) / net.scale       # temperature: win_scale
    expected = np.exp(scores - scores.max())
    expected /= expected.sum()
    priors = [child.prior for child in agent.root.children]
    assert np.allclose(priors, expected, rtol=1e-5, atol=1e-7)
    evaluations = [child.evaluation for child in agent.root.children]
    assert np.allclose(evaluations, [1 / (1 + math.exp(-s)) for s in scores], atol=1e-6)
    assert agent.name.endswith(f"eval=network,weights={net_file},iterations=30")


def test_a_spec_with_a_network_that_does_not_fit_says_so(net_file):
    with pytest.raises(ValueError, match="weights file"):
        make_agent("engine:eval=network,weights=/no/such/file.npz")
    with pytest.raises(ValueError, match="fast tier only"):
        make_agent(f"mcts:eval=network,weights={net_file}")
    with pytest.raises(ValueError, match="goes with value='learned'"):
        make_agent("mcts:tier=fast,eval=network")
