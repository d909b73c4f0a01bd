"""MCTS: the readable agent on tic-tac-toe and ATAXX, the fast ATAXX agent against it.

Oracles: positions built by hand with a known best move, a plain minimax written here (for the
solver), games against the random agent, counting identities that hold for any tree, and the
readable agent itself for the fast tier (same seed and options: the same tree).
"""

from __future__ import annotations

import functools
import math
import time

import networkx as nx
import pytest

from course_lib.agents import RandomAgent
from course_lib.agents.mcts import (FINAL_RULES, MCTSAgent, Node, agreeing_child, best_line,
                                    final_choice, iter_nodes, to_networkx)
from course_lib.agents.mcts_fast import FastMCTSAgent
from course_lib.ataxx import State
from course_lib.games import GameTree, TicTacToe
from course_lib.match.play import play_game

TIERS = [MCTSAgent, FastMCTSAgent]


def ttt(text: str) -> TicTacToe:
    return TicTacToe.from_string(text)


@functools.lru_cache(maxsize=None)
def minimax(cells: tuple) -> int:
    """Tic-tac-toe value for the side to move: 1 win, 0 draw, -1 loss."""
    state = TicTacToe(cells)
    if state.is_over():
        winner = state.winner()
        return 0 if winner == 0 else (1 if winner == state.to_move else -1)
    return max(-minimax(state.apply(move).cells) for move in state.legal_moves())


def reward_for_player(value_for_mover: int) -> float:
    """A node's proven result is for its ``player``, the side that is *not* to move."""
    return {1: 0.0, 0: 0.5, -1: 1.0}[value_for_mover]


def positions_with(marks: int) -> list[tuple]:
    found = set()

    def walk(state: TicTacToe, left: int) -> None:
        if left == 0:
            if not state.is_over():
                found.add(state.cells)
            return
        if not state.is_over():
            for move in state.legal_moves():
                walk(state.apply(move), left - 1)

    walk(TicTacToe(), marks)
    return sorted(found)


@functools.lru_cache(maxsize=None)
def random_game(seed: int) -> tuple[State, ...]:
    agent, state, states = RandomAgent(seed), State.start(), [State.start()]
    while not state.is_over():
        state = state.apply(agent.choose_move(state))
        states.append(state)
    return tuple(states)


def shape(root) -> list[tuple]:
    """A tree as comparable data: every node's move, visits, wins and proven, depth first."""
    return [(str(node.move), node.visits, node.wins, node.proven) for node in iter_nodes(root)]


def depth_of_tree(node) -> int:
    return 1 + max(map(depth_of_tree, node.children)) if node.children else 0


def own_stops(node) -> int:
    """The iterations that ended at this node: its visits minus its children's."""
    return node.visits - sum(child.visits for child in node.children)


# --- Playing well on tic-tac-toe -------------------------------------------------------------


@pytest.mark.parametrize("text, winning_move", [
    ("XX./OO./...", 2),          # X completes the top row
    ("X.X/OO./X..", 5),          # O to move completes the middle row
    ("O.X/.X./..O", 6),          # X completes the anti-diagonal
])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_takes_a_win_in_one(text, winning_move, seed):
    assert MCTSAgent(iterations=400, seed=seed).choose_move(ttt(text)) == winning_move


@pytest.mark.parametrize("text, block", [
    ("OO./X../..X", 2),          # X must block the top row
    ("X../XO./...", 6),          # O must block the left column
    ("XX./.O./...", 2),          # O must block the top row
])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_blocks_a_loss_in_one(text, block, seed):
    assert MCTSAgent(iterations=1000, seed=seed).choose_move(ttt(text)) == block


def test_never_loses_to_random_at_tictactoe():
    for seed in range(20):
        mcts, rand = MCTSAgent(iterations=1000, seed=seed), RandomAgent(seed + 100)
        first, second = (mcts, rand) if seed % 2 else (rand, mcts)
        state = TicTacToe()
        while not state.is_over():
            state = state.apply((first if state.to_move == 1 else second).choose_move(state))
        mcts_player = 1 if seed % 2 else 2
        assert state.winner() in (0, mcts_player), f"seed {seed}: lost\n{state}"


def test_beats_random_at_ataxx():
    wins = 0
    for seed in range(4):
        mcts, rand = FastMCTSAgent(iterations=300, seed=seed), RandomAgent(seed + 50)
        record = play_game(mcts, rand) if seed % 2 == 0 else play_game(rand, mcts)
        wins += record.winner == (1 if seed % 2 == 0 else 2)
    # The readable agent too, kept cheap with short cut-off playouts.
    for seed in range(2):
        mcts = MCTSAgent(iterations=40, playout="cutoff", cutoff_plies=2, seed=seed)
        rand = RandomAgent(seed + 50)
        record = play_game(mcts, rand) if seed % 2 == 0 else play_game(rand, mcts)
        wins += record.winner == (1 if seed % 2 == 0 else 2)
    assert wins >= 5


# --- The solver against minimax ----------------------------------------------------------------


def test_solver_proves_every_three_mark_position():
    """252 positions: forced wins a few plies deep, draws and losses. The root's proof, and every
    node proven in the tree, agree with minimax."""
    for cells in positions_with(3):
        agent = MCTSAgent(iterations=50_000, solver=True, seed=1)
        move = agent.choose_move(TicTacToe(cells))
        value = minimax(cells)
        assert agent.root.proven == reward_for_player(value), cells
        assert agent.last_result.stats.proven == agent.root.proven
        assert agent.last_result.stats.iterations < 50_000          # stopped once proven
        assert -minimax(TicTacToe(cells).apply(move).cells) == value  # a move that keeps it
        for node in iter_nodes(agent.root):
            if node.proven is not None:
                assert node.proven == reward_for_player(minimax(node.state.cells))


def test_solver_plays_a_proven_win():
    # X to move has no win in one, but 6 threatens both 3 (0-3-6) and 2 (2-4-6): a win in three.
    state = ttt("XO./.X./..O")
    assert minimax(state.cells) == 1
    assert all(not state.apply(move).is_over() for move in state.legal_moves())
    agent = MCTSAgent(iterations=20_000, solver=True, seed=3)
    move = agent.choose_move(state)
    assert agent.root.proven == 0.0                 # lost for O, the root's player
    assert minimax(state.apply(move).cells) == -1   # the chosen move keeps the win
    chosen = next(c for c in agent.root.children if c.move == move)
    assert chosen.proven == 1.0


def test_solver_proves_a_game_tree():
    tree = GameTree([[1, [-1, 1]], [[-1, -1], 0]])      # player 1 wins with move 0 then 0
    agent = MCTSAgent(iterations=1000, solver=True, seed=0)
    assert agent.choose_move(tree) == 0
    assert agent.root.proven == 0.0


# --- Seeds, counts, and the tree's bookkeeping -------------------------------------------------


@pytest.mark.parametrize("tier", TIERS)
def test_same_seed_same_tree_different_seed_different_tree(tier):
    state = random_game(3)[-50]
    trees = []
    for seed in (7, 7, 8):
        agent = tier(iterations=100, seed=seed)
        agent.choose_move(state)
        trees.append(shape(agent.root))
    assert trees[0] == trees[1]
    assert trees[0] != trees[2]


def test_same_seed_same_tree_on_tictactoe():
    a, b = MCTSAgent(iterations=500, seed=4), MCTSAgent(iterations=500, seed=4)
    a.choose_move(TicTacToe())
    b.choose_move(TicTacToe())
    assert shape(a.root) == shape(b.root)


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("expand_after", [1, 3])
def test_visits_add_up(tier, expand_after):
    state = random_game(5)[-60]
    agent = tier(iterations=300, expand_after=expand_after, seed=2)
    agent.choose_move(state)
    root, stats = agent.root, agent.last_result.stats
    assert root.visits == stats.iterations == 300
    assert own_stops(root) == 0                            # every iteration goes below the root
    nodes = list(iter_nodes(root))
    assert len(nodes) == stats.tree_nodes == stats.new_nodes + 1
    assert sum(own_stops(node) for node in nodes) == 300    # each iteration stops exactly once
    for node in nodes:
        assert 0 <= node.wins <= node.visits
        assert own_stops(node) >= 0
        if node is not root and node.children and not node.state.is_over():
            assert own_stops(node) == expand_after          # it grew once tried expand_after times
    # Root children's wins are the root mover's: their win rates are the mover's rates.
    assert all(child.player == state.to_move for child in root.children)
    assert stats.max_depth == depth_of_tree(root) >= 1


def test_expand_after_keeps_the_tree_smaller():
    state = random_game(5)[60]
    sizes = []
    for k in (1, 2, 4):
        agent = FastMCTSAgent(iterations=2000, expand_after=k, seed=1)
        agent.choose_move(state)
        sizes.append(agent.last_result.stats.tree_nodes)
    assert 2001 >= sizes[0] > sizes[1] > sizes[2]


# --- Fast tier against readable tier -----------------------------------------------------------


PARITY_CASES = [
    (3, 40, {}),
    (4, -12, {"playout": "greedy"}),
    (5, -8, {"playout": "greedy", "epsilon": 0.4, "final": "lcb", "c": 0.7}),
    (6, 50, {"playout": "cutoff", "cutoff_plies": 6, "final": "value"}),
    (7, -10, {"expand_after": 3, "c": 2.5}),
    (8, -6, {"solver": True}),
    (9, -5, {"solver": True, "final": "both", "expand_after": 2}),
    (10, -20, {"final": "both", "c": 0.0}),
]


@pytest.mark.parametrize("game, ply, options", PARITY_CASES)
def test_fast_and_readable_build_the_same_tree(game, ply, options):
    state = random_game(game)[ply]
    readable = MCTSAgent(iterations=120, seed=game, **options)
    fast = FastMCTSAgent(iterations=120, seed=game, **options)
    assert readable.choose_move(state) == fast.choose_move(state)
    assert shape(readable.root) == shape(fast.root)
    r, f = readable.last_result.stats, fast.last_result.stats
    for field in ("iterations", "playouts", "playout_plies", "tree_nodes", "max_depth", "nodes",
                  "proven"):
        assert getattr(r, field) == getattr(f, field), field


def test_fast_and_readable_agree_with_reuse_over_a_game():
    readable = MCTSAgent(iterations=60, seed=9, reuse=True, solver=True)
    fast = FastMCTSAgent(iterations=60, seed=9, reuse=True, solver=True)
    opponent = RandomAgent(4)
    state = random_game(11)[-26]
    reused = 0
    while not state.is_over():
        move = readable.choose_move(state)
        assert fast.choose_move(state) == move
        assert shape(readable.root) == shape(fast.root)
        assert readable.last_result.stats.reused_visits == fast.last_result.stats.reused_visits
        reused += readable.last_result.stats.reused_visits > 0
        state = state.apply(move)
        if not state.is_over():
            state = state.apply(opponent.choose_move(state))
    assert reused > 0


# --- Subtree reuse -----------------------------------------------------------------------------


@pytest.mark.parametrize("tier", TIERS)
def test_reuse_keeps_the_visits_of_the_chosen_child(tier):
    state = random_game(2)[-30]
    agent = tier(iterations=150, seed=5, reuse=True)
    move = agent.choose_move(state)
    child = next(c for c in agent.root.children if c.move == move)
    kept = child.visits
    # Same agent plays the reply (self-play): the tree walks down one ply.
    agent.choose_move(state.apply(move))
    assert agent.last_result.stats.reused_visits == kept
    assert agent.root.visits == kept + 150
    # Then one ply more, through the opponent's reply that the tree knows best.
    reply_node = max(agent.root.children, key=lambda c: c.visits)
    grandchild = max(reply_node.children, key=lambda c: c.visits)
    kept = grandchild.visits
    agent.choose_move(state.apply(move).apply(reply_node.move).apply(grandchild.move))
    assert agent.last_result.stats.reused_visits == kept > 0


@pytest.mark.parametrize("tier", TIERS)
def test_no_reuse_starts_afresh(tier):
    state = random_game(2)[-30]
    agent = tier(iterations=100, seed=5)
    move = agent.choose_move(state)
    agent.choose_move(state.apply(move))
    assert agent.last_result.stats.reused_visits == 0
    assert agent.root.visits == 100


def test_reuse_of_an_unknown_position_starts_afresh():
    agent = MCTSAgent(iterations=100, seed=5, reuse=True)
    agent.choose_move(ttt("X../.../..."))
    agent.choose_move(ttt("X.O/.X./O.."))         # not within two plies of the old root
    assert agent.last_result.stats.reused_visits == 0


# --- The final-move rules ----------------------------------------------------------------------


def hand_built_root(stats: list[tuple[int, float]]) -> Node:
    root = Node(TicTacToe())
    for move, (visits, wins) in enumerate(stats):
        child = Node(root.state.apply(move), move, root)
        child.visits, child.wins = visits, wins
        root.children.append(child)
    root.visits = sum(v for v, _ in stats)
    return root


def test_final_rules_pick_what_they_say():
    #                       visits  rate   lcb (c = 1.4, N = 190)
    root = hand_built_root([(100, 55.0),   # 0.55   0.097   most visits
                            (10, 9.0),     # 0.90  -0.53    highest win rate
                            (80, 60.0)])   # 0.75   0.243   highest lower bound
    assert final_choice(root, "visits").move == 0
    assert final_choice(root, "value").move == 1
    assert final_choice(root, "lcb", c=1.4).move == 2
    assert agreeing_child(root.children) is None
    assert final_choice(root, "both").move == 0           # no agreement: most visits
    root = hand_built_root([(50, 20.0), (120, 90.0), (20, 14.0)])
    assert agreeing_child(root.children).move == 1
    assert final_choice(root, "both").move == 1
    assert final_choice(root, "lcb", c=0.0).move == 1     # c = 0: the win rate itself


def test_final_rules_break_ties_by_move_order_and_prefer_proven_wins():
    root = hand_built_root([(10, 5.0), (10, 5.0), (10, 5.0)])
    assert {rule: final_choice(root, rule).move for rule in FINAL_RULES} == {
        "visits": 0, "value": 0, "both": 0, "lcb": 0}
    root.children[2].proven = 1.0
    root.children[0].proven = 0.0
    assert all(final_choice(root, rule).move == 2 for rule in FINAL_RULES)
    root.children[2].proven = None
    assert all(final_choice(root, rule).move == 1 for rule in FINAL_RULES)  # 0 is lost


@pytest.mark.parametrize("tier, state, budget", [
    (MCTSAgent, TicTacToe(), 100),
    (FastMCTSAgent, random_game(3)[10], 60),
])
def test_both_searches_on_until_one_child_leads_both(tier, state, budget):
    # Usually the most visited child also has the best rate (UCB sends visits there); find a
    # seed where it has not, by the same search with final="visits" (the same tree so far).
    for seed in range(40):
        plain = tier(iterations=budget, seed=seed)
        plain.choose_move(state)
        if agreeing_child(plain.root.children) is None:
            break
    else:
        pytest.fail(f"no seed without agreement after {budget} iterations")
    both = tier(iterations=budget, seed=seed, final="both", both_cap=3.0)
    move = both.choose_move(state)
    iterations = both.last_result.stats.iterations
    assert budget < iterations <= 3 * budget
    agreed = agreeing_child(both.root.children)
    assert iterations == 3 * budget or (agreed is not None and agreed.move == move)


# --- Budgets, instrumentation, export ----------------------------------------------------------


@pytest.mark.parametrize("tier", TIERS)
def test_time_budget(tier):
    tier(iterations=5).choose_move(State.start())        # compile (or load) the kernels first
    agent = tier(time_ms=40, seed=0)
    started = time.perf_counter()
    agent.choose_move(random_game(0)[20])
    elapsed = time.perf_counter() - started
    stats = agent.last_result.stats
    assert stats.iterations >= 1 and stats.iterations == agent.root.visits
    assert elapsed < 0.5
    assert stats.playouts_per_second > 0 and stats.iterations_per_second > 0


@pytest.mark.parametrize("tier", TIERS)
def test_snapshots_of_the_root_children(tier):
    state = random_game(4)[50]
    agent = tier(iterations=200, snapshot_every=50, seed=1)
    agent.choose_move(state)
    stats = agent.last_result.stats
    assert [snap.iteration for snap in stats.snapshots] == [50, 100, 150, 200]
    for snap in stats.snapshots:
        assert len(snap.visits) == len(snap.wins) == len(state.legal_moves())
        assert sum(snap.visits) == snap.iteration
    final = stats.snapshots[-1]
    children = agent.root.children
    assert final.visits[:len(children)] == [c.visits for c in children]
    assert final.win_rates[0] == children[0].win_rate
    assert final.win_rates[len(children):] == [None] * (len(final.visits) - len(children))
    iterations, shares = stats.visit_shares()
    assert iterations == [50, 100, 150, 200]
    assert all(math.isclose(sum(row), 1.0) for row in shares)


def test_snapshots_are_the_same_in_both_tiers():
    state = random_game(4)[50]
    agents = [tier(iterations=120, snapshot_every=40, seed=3) for tier in TIERS]
    for agent in agents:
        agent.choose_move(state)
    readable, fast = (agent.last_result.stats.snapshots for agent in agents)
    assert readable == fast


@pytest.mark.parametrize("tier", TIERS)
def test_to_networkx(tier):
    state = random_game(6)[70]
    agent = tier(iterations=150, seed=2, solver=True)
    agent.choose_move(state)
    graph = to_networkx(agent.root)
    assert graph.number_of_nodes() == agent.last_result.stats.tree_nodes
    assert nx.is_arborescence(graph)
    root = graph.nodes[0]
    assert root["label"] == "root" and root["visits"] == 150 and root["depth"] == 0
    for node, data in graph.nodes(data=True):
        assert set(data) >= {"label", "move", "visits", "wins", "win_rate", "to_move", "player",
                             "depth", "proven"}
        assert sum(graph.nodes[c]["visits"] for c in graph.successors(node)) <= data["visits"]
    small = to_networkx(agent.root, max_nodes=12)
    assert small.number_of_nodes() == 12 and nx.is_arborescence(small)
    # The most visited nodes are kept.
    kept = sorted((d["visits"] for _, d in small.nodes(data=True)), reverse=True)
    assert kept[1] == max(c.visits for c in agent.root.children)


def test_fast_and_readable_export_the_same_graph():
    state = random_game(6)[70]
    graphs = []
    for tier in TIERS:
        agent = tier(iterations=80, seed=2)
        agent.choose_move(state)
        graphs.append(to_networkx(agent.root, max_nodes=40))
    readable, fast = graphs
    assert list(readable.edges) == list(fast.edges)
    assert [d for _, d in readable.nodes(data=True)] == [d for _, d in fast.nodes(data=True)]


def test_last_result_and_names():
    agent = MCTSAgent(iterations=50, seed=3, final="lcb")
    move = agent.choose_move(TicTacToe())
    result = agent.last_result
    assert result.move == move and result.stats.iterations == 50
    assert dict(result.root_values)[move] == result.value
    line = best_line(agent.root)
    assert 1 <= len(line) <= 9 and line[0] == final_choice(agent.root, "visits").move
    assert agent.name == "mcts:iterations=50,final=lcb,seed=3"
    assert FastMCTSAgent(iterations=2000, seed=3).name == "mcts:tier=fast,iterations=2000,seed=3"
    assert MCTSAgent(time_ms=100, solver=True).name == "mcts:time=100,solver=1"


def test_reset_replays_the_same_search():
    agent = FastMCTSAgent(iterations=100, seed=6, reuse=True)
    first = agent.choose_move(State.start())
    tree = shape(agent.root)
    agent.choose_move(State.start().apply(first))
    agent.reset()
    assert agent.choose_move(State.start()) == first
    assert shape(agent.root) == tree


# --- Bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("options, message", [
    ({"iterations": 0}, "iterations must be None or a whole number from 1 to 1,000,000,000"),
    ({"iterations": 2.5}, "iterations must be None or a whole number"),
    ({"time_ms": -5}, "time_ms"),
    ({"c": -1}, "c .the exploration constant. must be a number from 0 to 100"),
    ({"c": float("nan")}, "exploration constant"),
    ({"expand_after": 0}, "expand_after must be a whole number from 1 to 1,000,000,000"),
    ({"playout": "smart"}, "unknown playout 'smart'; choose from random, greedy, cutoff"),
    ({"epsilon": 0.2}, "epsilon is the random-move rate of playout='greedy'"),
    ({"playout": "greedy", "epsilon": 1.5}, "epsilon must be a number from 0 to 1"),
    ({"cutoff_plies": 5}, "cutoff_plies is the length of playout='cutoff'"),
    ({"playout": "cutoff", "cutoff_plies": -1},
     "cutoff_plies must be a whole number from 0 to 400 plies"),
    ({"final": "best"}, "unknown final rule 'best'; choose from visits, value, both, lcb"),
    ({"seed": -1}, "seed must be between 0 and 2\\*\\*64 - 1"),
    ({"seed": True}, "seed must be a whole number"),
    ({"reuse": "yes"}, "reuse must be True or False"),
    ({"solver": 1}, "solver must be True or False"),
    ({"snapshot_every": -1}, "snapshot_every"),
    ({"both_cap": 0.5}, "both_cap must be a number from 1 to 100"),
])
def test_bad_options_raise_clear_errors(tier, options, message):
    with pytest.raises(ValueError, match=message):
        tier(**options)


def test_numpy_integers_are_accepted():
    import numpy as np
    agent = MCTSAgent(iterations=np.int64(20), seed=np.uint64(3), expand_after=np.int32(2))
    assert agent.iterations == 20 and agent.seed == 3 and type(agent.seed) is int
    assert agent.choose_move(TicTacToe()) in range(9)


def test_finished_games_and_other_games_are_refused():
    with pytest.raises(ValueError, match="the game is over"):
        MCTSAgent(iterations=10).choose_move(ttt("XXX/OO./..."))
    with pytest.raises(ValueError, match="the game is over"):
        FastMCTSAgent(iterations=10).choose_move(random_game(0)[-1])
    with pytest.raises(TypeError, match="FastMCTSAgent plays ATAXX.*use MCTSAgent"):
        FastMCTSAgent(iterations=10).choose_move(TicTacToe())
    with pytest.raises(ValueError, match="max_nodes must be a whole number >= 1"):
        agent = MCTSAgent(iterations=10)
        agent.choose_move(TicTacToe())
        to_networkx(agent.root, max_nodes=0)


@pytest.mark.parametrize("options", [{}, {"reuse": True, "playout": "greedy"},
                                     {"final": "both", "solver": True}])
def test_warm_up_leaves_the_fast_agent_as_it_was(options):
    warmed, fresh = FastMCTSAgent(iterations=80, seed=4, **options), \
        FastMCTSAgent(iterations=80, seed=4, **options)
    warmed.warm_up()
    state = State.start().play("b6")
    for _ in range(3):
        assert warmed.choose_move(state) == fresh.choose_move(state)
        assert warmed.tree.tolist() == fresh.tree.tolist()
        state = state.apply(state.legal_moves()[-1])
