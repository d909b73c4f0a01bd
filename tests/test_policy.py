"""The policy network: readable and compiled priors equal, training lowers the loss, the file
round trip, and guided MCTS taking its priors from it."""

from __future__ import annotations

import numpy as np
import pytest

from course_lib.agents.spec import make_agent
from course_lib.ataxx import State, fast
from course_lib.errors import InvalidArgumentError
from course_lib.learn._policy_kernels import policy_loss, policy_probabilities
from course_lib.learn.datagen import DataSpec, play_chunk
from course_lib.learn.network import N_INPUTS
from course_lib.learn.policy import (CLONE_SOURCE, PolicyWeights, load_policy, probabilities,
                                     save_policy, scores)
from course_lib.learn.policy_train import train_policy


def random_policy(seed: int) -> PolicyWeights:
    rng = np.random.default_rng(seed)
    return PolicyWeights(rng.normal(0, 0.3, (N_INPUTS, 49)), rng.normal(0, 0.3, 49),
                         rng.normal(0, 0.3, (N_INPUTS, 50)), rng.normal(0, 0.3, 50))


def positions(count: int, seed: int):
    rng = np.random.default_rng(seed)
    fs, out = fast.START, []
    while len(out) < count:
        if fast.is_over(fs):
            fs = fast.START
        out.append(fs)
        moves = fast.legal_moves(fs)
        fs = fast.apply(fs, int(moves[rng.integers(len(moves))]))
    return out


def test_a_move_scores_its_destination_plus_its_source():
    policy = PolicyWeights.zeros()
    policy.bt[9] = 1.5                                  # landing on c6 (bit 9)
    policy.bf[CLONE_SOURCE] = 0.25
    policy.bf[0] = -2.0                                 # leaving a7 by a jump
    clone_to_9, jump_0_to_14 = 1 * 64 + 9, 0 * 64 + 14
    assert scores(1 | 2, 0, np.array([clone_to_9, jump_0_to_14]), policy).tolist() == \
        [1.75, -2.0]


def test_the_compiled_priors_equal_the_readable_ones():
    policy = random_policy(1)
    for fs in positions(150, 2):
        me, opp = fast._mover(fs)
        moves = fast.legal_moves(fs)
        readable = probabilities(int(me), int(opp), moves, policy)
        compiled = policy_probabilities(me, opp, moves, policy.wt, policy.bt, policy.wf,
                                        policy.bf)
        assert np.allclose(readable, compiled, rtol=1e-5, atol=1e-9)
        assert abs(compiled.sum() - 1) < 1e-9


def test_training_lowers_the_loss_of_the_moves_played():
    records = play_chunk(DataSpec(seed=3, games=6, nodes=400, chunk_games=6), 0)
    zero = PolicyWeights.zeros()
    args = (records.me, records.opp, records.move.astype(np.int64))
    before, _, used = policy_loss(*args, zero.wt, zero.bt, zero.wf, zero.bf)
    run = train_policy(records, epochs=8, seed=2, batch=64, validation_share=0.0)
    p = run.policy
    after, top, _ = policy_loss(*args, p.wt, p.bt, p.wf, p.bf)
    assert used > 100 and after < before - 0.3 and top > 0.1
    assert len(run.curve) == 8


def test_the_policy_file_round_trip(tmp_path):
    policy = random_policy(3)
    policy.meta = {"epochs": 2}
    path = str(tmp_path / "policy.npz")
    save_policy(path, policy)
    back = load_policy(path)
    assert all(np.array_equal(getattr(back, k), getattr(policy, k))
               for k in ("wt", "bt", "wf", "bf")) and back.meta == {"epochs": 2}
    with pytest.raises(InvalidArgumentError, match="network policy"):
        load_policy(str(tmp_path / "none.npz"))
    with pytest.raises(InvalidArgumentError, match=r"shape \(2916, 49\)"):
        PolicyWeights(np.zeros((3, 49)), np.zeros(49), np.zeros((N_INPUTS, 50)), np.zeros(50))


def test_guided_mcts_takes_its_priors_from_the_policy(tmp_path):
    path = str(tmp_path / "policy.npz")
    policy = random_policy(4)
    save_policy(path, policy)
    agent = make_agent(f"mcts:tier=fast,value=learned,prior=policy,policy={path},"
                       "iterations=60")
    state = State.from_fen("x5o/7/2x4/7/4o2/7/o5x x 0 1")
    agent.choose_move(state)
    fs = fast.to_fast(state)
    me, opp = fast._mover(fs)
    expected = probabilities(int(me), int(opp), fast.legal_moves(fs), policy)
    assert np.allclose([c.prior for c in agent.root.children], expected, rtol=1e-5,
                       atol=1e-7)
    unvisited = [c for c in agent.root.children if c.visits == 0]
    assert unvisited and all(c.evaluation is None for c in unvisited)   # scored on a visit
    assert agent.c == 0.5 and agent.evaluations <= agent.stats.iterations + 1
    with pytest.raises(ValueError, match="goes with prior='policy'"):
        make_agent(f"mcts:tier=fast,value=learned,prior=learned,policy={path}")
    with pytest.raises(ValueError, match="temperature"):
        make_agent(f"mcts:tier=fast,value=learned,prior=policy,policy={path},temp=50")
