"""Guided MCTS (fast tier): the learned evaluation as leaf value and as PUCT priors.

Oracle: a network whose weights encode material alone (``STONE`` hundredths of a stone per
stone of difference, built here from the window classes), so every value and prior the search
stores can be computed independently from the stone counts of ``State``: a leaf is worth
``1 / (1 + exp(-STONE * (stones of the player into it - the other's) / WIN_SCALE))``, the
priors are the softmax of ``STONE * material / TEMPERATURE`` over the moves.
"""

from __future__ import annotations

import math
import os
import threading

import numpy as np
import pytest

from course_lib.agents import RandomAgent, make_agent
from course_lib.agents.mcts import iter_nodes
from course_lib.agents.mcts_fast import FastMCTSAgent
from course_lib.engine import GuidedMCTSAgent
from course_lib.ataxx import State
from course_lib.ataxx import fast as ataxx_fast
from course_lib.errors import InvalidAgentSpecError, InvalidArgumentError
from course_lib.learn import ntuple

STONE = 120          # a multiple of 8: the centre square is read by 8 lookups of one cell
WIN_SCALE = 300.0
FLOAT32 = 2.0 ** -23
"""The relative precision of a prior and an evaluation as the tree stores them (float32)."""


def material_network(stone: int = STONE) -> np.ndarray:
    """Weights whose score is ``stone * (mover's stones - opponent's stones)``: for each orbit
    of squares under the 8 symmetries, one cell of one window class carries
    ``stone * |orbit| / 8`` (its 8 lookups spread evenly over the orbit's squares)."""
    weights = np.zeros(ntuple.N_WEIGHTS, dtype=np.int64)
    covered = set()
    for k, (n, squares) in enumerate(ntuple.CLASSES):
        cells = n * n
        digits = (np.arange(3 ** cells)[:, None] // 3 ** np.arange(cells)[None, :]) % 3
        offset = int(ntuple.CLASS_OFFSET[k])
        for j, square in enumerate(squares):
            orbit = frozenset(g(square // 7, square % 7) for g in ntuple.SYMMETRIES)
            if orbit in covered:
                continue
            covered.add(orbit)
            share = stone * len(orbit) // 8
            weights[offset:offset + 3 ** cells] += share * (
                (digits[:, j] == 1).astype(np.int64) - (digits[:, j] == 2).astype(np.int64))
    assert len(covered) == 10                     # every square of the board is counted
    return weights.astype(np.int32)


MATERIAL = ntuple.LearnedWeights.of(material_network(), win_scale=WIN_SCALE)


def material_for(state: State, player: int) -> int:
    return state.stones(player) - state.stones(3 - player)


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def expected_value(child: State, player: int) -> float:
    """The value of a leaf for ``player`` (the side that moved into it), independently."""
    if child.is_over():
        winner = child.winner()
        return 1.0 if winner == player else 0.5 if winner == 0 else 0.0
    return sigmoid(STONE * material_for(child, player) / WIN_SCALE)


def guided(**options) -> GuidedMCTSAgent:
    options.setdefault("weights", MATERIAL)
    return GuidedMCTSAgent(**options)


def mid_game(seed: int = 4, plies: int = 12) -> State:
    agent, state = RandomAgent(seed=seed), State.start()
    for _ in range(plies):
        state = state.apply(agent.choose_move(state))
    return state


# A position x wins at once by taking o's last stone (g1): only a move landing next to g1
# (f2 from e3, or the jumps e3f1 and e3g2) ends the game; the stones on a7, b7, a6 have
# plenty of other moves.
WIN_IN_ONE = "xx5/x6/7/7/4x2/7/6o x 0 1"


def winning_moves(state: State) -> set[str]:
    return {move.uai() for move in state.legal_moves()
            if state.apply(move).is_over() and state.apply(move).winner() == state.to_move}


# --- the oracle itself ----------------------------------------------------------------------


def test_material_network_scores_material():
    for state in [State.start(), mid_game(1, 9), mid_game(2, 20), State.from_fen(WIN_IN_ONE)]:
        fs = ataxx_fast.to_fast(state)
        me, opp = (fs.first, fs.second) if fs.to_move == 1 else (fs.second, fs.first)
        score = int(ntuple.learned_eval(me, opp, fs.blocked, MATERIAL.table))
        assert score == STONE * material_for(state, state.to_move)


# --- leaf values --------------------------------------------------------------------------


@pytest.mark.parametrize("state", [State.start(), mid_game(3, 10), mid_game(5, 15)])
def test_a_new_leaf_is_worth_the_sigmoid_of_its_material(state):
    agent = guided(iterations=1, value="learned")              # UCB: one child, its value
    agent.search(state)
    (child,) = agent.root.children
    expected = expected_value(state.apply(child.move), state.to_move)
    assert child.visits == 1
    assert child.wins == pytest.approx(expected, abs=1e-12)
    assert child.evaluation == pytest.approx(expected, rel=FLOAT32)
    assert agent.root.wins == pytest.approx(1.0 - expected, abs=1e-12)
    assert agent.last_result.stats.playouts == 0


def test_every_child_with_priors_carries_its_value():
    state = mid_game(6, 14)
    agent = guided(iterations=1, value="learned", prior="learned")
    agent.search(state)
    children = agent.root.children
    assert [child.move for child in children] == state.legal_moves()
    for child in children:
        expected = expected_value(state.apply(child.move), state.to_move)
        assert child.evaluation == pytest.approx(expected, rel=FLOAT32)
    (visited,) = [child for child in children if child.visits]
    assert visited.wins == pytest.approx(visited.evaluation, abs=1e-12)


def test_a_finished_game_is_scored_exactly():
    state = State.from_fen(WIN_IN_ONE)
    agent = guided(iterations=1, value="learned", prior="learned")
    agent.search(state)
    for child in agent.root.children:
        assert child.evaluation == (1.0 if child.move.uai() in winning_moves(state) else
                                    pytest.approx(expected_value(state.apply(child.move), 1)))


# --- priors -------------------------------------------------------------------------------


@pytest.mark.parametrize("temperature", [None, 60.0, 1000.0])
def test_priors_are_the_softmax_of_material_and_favour_the_capture(temperature):
    state = mid_game(7, 16)
    moves = state.legal_moves()
    gains = [state.gain(move) for move in moves]
    assert max(gains) > min(gains) + 2                  # some move captures
    agent = guided(iterations=1, value="learned", prior="learned", temperature=temperature)
    agent.search(state)
    t = WIN_SCALE if temperature is None else temperature
    scores = [STONE * material_for(state.apply(move), state.to_move) / t for move in moves]
    top = max(scores)
    expected = np.exp(np.array(scores) - top)
    expected /= expected.sum()
    priors = [child.prior for child in agent.root.children]
    assert sum(priors) == pytest.approx(1.0, abs=len(priors) * FLOAT32)
    assert priors == pytest.approx(expected.tolist(), rel=FLOAT32, abs=1e-38)
    best = max(range(len(moves)), key=lambda i: priors[i])
    assert gains[best] == max(gains)
    assert agent.root.children[best].visits == 1        # the first iteration follows P


def test_plain_mode_has_no_priors():
    agent = guided(iterations=20, value="learned")
    agent.search(State.start())
    assert all(child.prior is None for child in agent.root.children)
    plain = FastMCTSAgent(iterations=5)
    plain.search(State.start())
    assert plain.root.children[0].prior is None and plain.root.children[0].evaluation is None


# --- playing ------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    dict(value="learned"), dict(value="learned", prior="learned"), dict(prior="learned"),
    dict(value="learned", prior="learned", solver=True), dict(value="learned", final="both"),
    dict(value="learned", prior="learned", final="value"),
])
def test_a_win_in_one_is_found(options):
    state = State.from_fen(WIN_IN_ONE)
    wins = winning_moves(state)
    assert 0 < len(wins) <= 3 < len(state.legal_moves()) // 4
    agent = guided(iterations=400, seed=2, **options)
    assert agent.choose_move(state).uai() in wins


def test_with_priors_the_win_is_the_first_move_tried():
    state = State.from_fen(WIN_IN_ONE)
    agent = guided(iterations=1, value="learned", prior="learned")
    agent.search(state)
    (visited,) = [child for child in agent.root.children if child.visits]
    wins = winning_moves(state)
    assert visited.move.uai() in wins
    assert sum(c.prior for c in agent.root.children if c.move.uai() in wins) > 0.99


@pytest.mark.parametrize("options", [
    dict(value="learned", prior="learned"), dict(prior="learned"), dict(value="learned"),
    dict(value="learned", prior="learned", reuse=True, solver=True, fpu=0.3),
])
def test_guided_games_are_legal(options):
    for seed in (1, 2):
        agent, opponent = guided(iterations=150, seed=seed, **options), RandomAgent(seed=seed)
        state, plies = State.start(), 0
        while not state.is_over() and plies < 60:
            mover = agent if state.to_move == 1 else opponent
            move = mover.choose_move(state)
            assert move in state.legal_moves()
            state = state.apply(move)
            plies += 1
        assert plies == 60 or state.is_over()


def tree_data(agent: FastMCTSAgent) -> list:
    """Every row of the tree, NaN (not computed) as None so that rows compare equal."""
    return [tuple(None if isinstance(v, float) and v != v else v for v in row)
            for row in agent.tree.tolist()]


@pytest.mark.parametrize("options, seed_matters", [
    (dict(value="learned", prior="learned"), False),
    (dict(value="learned"), False),
    (dict(prior="learned"), True),                       # random playouts draw
])
def test_the_search_is_deterministic(options, seed_matters):
    state = mid_game(8, 10)
    first, again, other = (guided(iterations=600, seed=s, **options) for s in (3, 3, 4))
    for agent in (first, again, other):
        agent.search(state)
    assert tree_data(first) == tree_data(again)
    assert (tree_data(first) != tree_data(other)) == seed_matters
    first.reset()
    first.search(state)
    assert tree_data(first) == tree_data(again)


@pytest.mark.parametrize("options", [
    dict(value="learned", prior="learned"), dict(prior="learned", expand_after=3),
    dict(value="learned", prior="learned", solver=True),
])
def test_tree_statistics_add_up(options):
    state = mid_game(9, 8)
    iterations = 3000                         # more rows than the first array: it grows
    agent = guided(iterations=iterations, **options)
    result = agent.search(state)
    root = agent.root
    nodes = list(iter_nodes(root))
    assert root.visits == iterations == result.stats.iterations
    assert len(nodes) == result.stats.tree_nodes == len(agent.tree) > 4096
    expected_nodes = 1
    for node in nodes:
        children = node.children
        stops = node.visits - sum(child.visits for child in children)
        if children:
            assert [child.move for child in children] == node.state.legal_moves()
            assert sum(child.prior for child in children) == pytest.approx(
                1.0, abs=len(children) * FLOAT32)
            expected_nodes += len(children)
            # It grew after expand_after tries (the root at once), all its children at once;
            # once proven, the iterations that reach it stop there.
            grew_after = 0 if node is root else options.get("expand_after", 1)
            if node.proven is None:
                assert stops == grew_after
            else:
                assert stops >= grew_after
        else:
            assert stops == node.visits
        assert 0.0 <= node.wins <= node.visits
    assert expected_nodes == len(nodes)
    assert agent.last_result.stats.new_nodes == len(nodes) - 1


def test_reuse_keeps_the_subtree_with_priors():
    state = mid_game(11, 6)
    assert not winning_moves(state)
    agent = guided(iterations=500, value="learned", prior="learned", reuse=True)
    move = agent.choose_move(state)
    child = next(c for c in agent.root.children if c.move == move)
    reply = max(child.children, key=lambda c: c.visits)
    kept = reply.visits
    assert kept > 0
    agent.search(state.apply(move).apply(reply.move))
    assert agent.last_result.stats.reused_visits == kept
    assert agent.root.visits == kept + 500


def _subtree(node) -> tuple:
    """Everything a node of the tree holds, and its children's, recursively."""
    return (node.visits, node.wins, node.prior, node.evaluation, node.proven,
            [(child.move, _subtree(child)) for child in node.children])


def _size(record: tuple) -> int:
    return 1 + sum(_size(child) for _, child in record[-1])


def test_reuse_moves_the_kept_subtree_to_the_front_unchanged():
    state = mid_game(11, 6)
    agent = guided(iterations=3000, value="learned", prior="learned", reuse=True)
    move = agent.choose_move(state)
    child = next(c for c in agent.root.children if c.move == move)
    reply = max(child.children, key=lambda c: c.visits)
    kept = _subtree(reply)
    assert _size(kept) > 100
    halt = threading.Event()
    halt.set()                                  # a kept tree and a stop: no iteration at all
    agent.search(state.apply(move).apply(reply.move), stop=halt)
    assert agent.stats.iterations == 0
    assert _subtree(agent.root) == kept and len(agent.tree) == _size(kept)


def test_a_search_stops_before_the_visit_counts_overflow():
    from course_lib.engine._puct_kernels import MAX_VISITS
    state = mid_game(3, 8)
    agent = guided(iterations=100, value="learned", prior="learned", reuse=True)
    agent.search(state)
    agent.tree["visits"][0] = MAX_VISITS - 10   # as after hours of go infinite
    agent.iterations = 1000
    agent.search(state)                         # the same position: the tree is kept
    assert agent.stats.iterations == 10 and agent.root.visits == MAX_VISITS


def test_time_budget_and_rate():
    agent = guided(time_ms=60, value="learned", prior="learned")
    agent.warm_up()
    result = agent.search(State.start())
    assert 0.05 < result.stats.seconds < 2.0
    assert result.stats.iterations > 100
    # Every node but the root was evaluated once, but for the few that end the game.
    nodes = result.stats.tree_nodes
    assert nodes - 1 - nodes // 100 <= agent.evaluations <= nodes - 1


# --- spec strings and options -------------------------------------------------------------


@pytest.fixture
def material_as_shipped(monkeypatch):
    """The shipped weights, as load_weights() gives them, replaced by the material network."""
    monkeypatch.setitem(ntuple._CACHE, os.path.abspath(ntuple.DEFAULT_WEIGHTS), MATERIAL)
    return MATERIAL


def test_spec_strings_build_guided_agents(material_as_shipped):
    agent = make_agent("mcts:tier=fast,time=50,value=learned,prior=learned,c=2,temp=80,fpu=0.4")
    assert isinstance(agent, GuidedMCTSAgent)
    assert (agent.value, agent.prior, agent.c, agent.temperature, agent.fpu) == \
        ("learned", "learned", 2.0, 80.0, 0.4)
    assert agent.weights is material_as_shipped
    assert agent.name == "mcts:tier=fast,time=50,value=learned,prior=learned,c=2,temp=80,fpu=0.4"
    default = make_agent("mcts:tier=fast,value=learned,prior=learned")
    assert default.temperature == WIN_SCALE and default.fpu is None
    assert default.c == 0.5                                # PUCT's default constant
    assert make_agent("mcts:tier=fast,value=learned").c == 1.4       # UCB's
    plain = make_agent("mcts:tier=fast,iterations=30,value=playout,prior=none")
    assert not plain.guided and plain.tree.dtype.names[-1] == "wins"


def test_names_round_trip(material_as_shipped):
    agent = guided(iterations=100, value="learned", prior="learned", temperature=50.0,
                   fpu=0.25, weights=None)
    assert agent.name == "mcts:tier=fast,iterations=100,value=learned,prior=learned,temp=50," \
                         "fpu=0.25"
    again = make_agent(agent.name)
    assert (again.value, again.prior, again.temperature, again.fpu, again.iterations) == \
        ("learned", "learned", 50.0, 0.25, 100)
    assert FastMCTSAgent(iterations=100).name == "mcts:tier=fast,iterations=100"
    for c, shown in ((0.5, ""), (1.4, ",c=1.4"), (0.8, ",c=0.8")):
        puct = guided(iterations=10, prior="learned", c=c, weights=None)
        assert puct.name == f"mcts:tier=fast,iterations=10,prior=learned{shown}"
        assert make_agent(puct.name).c == c
    ucb = guided(iterations=10, value="learned", c=0.5, weights=None)
    assert ucb.name == "mcts:tier=fast,iterations=10,c=0.5,value=learned"
    assert make_agent(ucb.name).c == 0.5


@pytest.mark.parametrize("spec, words", [
    ("mcts:value=learned", "tier=fast"),
    ("mcts:tier=reference,prior=learned", "tier=fast"),
    ("mcts:fpu=0.5", "tier=fast"),
    ("mcts:tier=fast,value=learned,playout=greedy", "leave out playout"),
    ("mcts:tier=fast,value=learned,cutoff=4", "leave out playout"),
    ("mcts:tier=fast,temp=50", "prior='learned'"),
    ("mcts:tier=fast,value=learned,fpu=0.5", "prior='learned'"),
    ("mcts:tier=fast,prior=maybe", "expected one of none, learned"),
    ("mcts:tier=fast,value=net", "expected one of playout, learned"),
    ("mcts:tier=fast,prior=learned,fpu=2", "from 0 to 1"),
    ("mcts:tier=fast,prior=learned,temp=0", "expected a number"),
])
def test_bad_spec_combinations_raise_clear_errors(material_as_shipped, spec, words):
    with pytest.raises(InvalidAgentSpecError, match=words.replace("(", r"\(")):
        make_agent(spec)


def test_missing_weights_are_reported_in_words(monkeypatch, tmp_path):
    monkeypatch.setattr(ntuple, "DEFAULT_WEIGHTS", str(tmp_path / "none.npz"))
    with pytest.raises(InvalidAgentSpecError, match="cannot read learned weights"):
        make_agent("mcts:tier=fast,value=learned")


@pytest.mark.parametrize("options, words", [
    (dict(value="net"), "unknown value 'net'"),
    (dict(prior="yes"), "unknown prior 'yes'"),
    (dict(prior="learned", temperature=-1.0), "temperature must be a number > 0"),
    (dict(prior="learned", temperature=True), "temperature must be a number > 0"),
    (dict(prior="learned", fpu=1.5), "fpu must be a number from 0 to 1"),
    (dict(value="learned", temperature=10.0), "does not apply to prior='none'"),
    (dict(value="learned", playout="greedy"), "leave out playout='greedy'"),
    (dict(value="learned", weights=np.zeros(3)), "takes weights of type LearnedWeights"),
    (dict(weights=MATERIAL), "weights go with value='learned' or prior='learned'"),
])
def test_bad_options_raise_clear_errors(options, words):
    options.setdefault("weights", MATERIAL)
    with pytest.raises(InvalidArgumentError, match=words):
        GuidedMCTSAgent(iterations=10, **options)


def test_the_teaching_mcts_points_to_the_guided_player_for_guided_options():
    with pytest.raises(InvalidArgumentError, match="course_lib.engine.GuidedMCTSAgent"):
        FastMCTSAgent(iterations=10, value="learned", prior="learned")
    with pytest.raises(InvalidArgumentError, match="FastMCTSAgent"):
        GuidedMCTSAgent(iterations=10)


@pytest.mark.parametrize("evaluation", ["learned", "network"])
def test_the_solver_with_priors_plays_when_every_move_loses_at_the_turn_limit(evaluation):
    """o to move at turn 399 with one stone against fourteen: every move ends the game (400
    turns) lost, so all the root's children are proven losses the moment they are made. The
    search used to find no child to select and failed (it cost the solver 7 games of its
    SPRT); it must still answer a legal move, and know the position is lost."""
    state = State.from_fen("xxxxxxx/xxxxxxx/7/7/7/7/o6 o 0 200")
    assert state.turns == 399 and not state.is_over()
    assert all(state.play(move).is_over() and state.play(move).winner() == 1
               for move in state.legal_moves())
    agent = make_agent(f"mcts:tier=fast,value=learned,prior=learned,solver=1,iterations=50,"
                       f"eval={evaluation}")
    move = agent.choose_move(state)
    assert move in state.legal_moves()
    assert agent.root.proven == 1.0     # a win for x, who moved into the root: o has lost
