"""The minimax family against the spec's check values and against each other.

Oracles: the spec's numbers (COURSE_SPEC sections 4 and 6), and ``plain_minimax`` below, a
ten-line minimax written here without any of the library's machinery.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from course_lib.errors import GameOverError, InvalidArgumentError

from course_lib.agents import (GreedyAgent, SearchAgent, TranspositionTable, exact, make_agent,
                               material, search)
from course_lib.agents.evaluation import open_lines
from course_lib.agents.search import Searcher, iterative_deepening
from course_lib.ataxx import State
from course_lib.agents import RandomAgent
from course_lib.games import TEXTBOOK_TREE, GameTree, TicTacToe

ALGORITHMS = ["minimax", "negamax", "alphabeta", "negamax-alphabeta"]


def plain_minimax(state, depth, player, evaluate):
    """Value for ``player`` (the root player) by the spec's definition, nothing else."""
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player)
    values = [plain_minimax(state.apply(m), depth - 1, player, evaluate) for m in moves]
    return max(values) if state.to_move == player else min(values)


def plain_best_move(state, depth, evaluate):
    """The first root move, in generation order, with the best minimax value."""
    best, best_value = None, -math.inf
    for move in state.legal_moves():
        value = plain_minimax(state.apply(move), depth - 1, state.to_move, evaluate)
        if value > best_value:
            best, best_value = move, value
    return best, best_value


def ataxx_positions(count, seed, plies=range(0, 60)):
    """Positions from seeded random games: one position every few plies."""
    rng = random.Random(seed)
    positions = []
    game = 0
    while len(positions) < count:
        agent = RandomAgent(seed=seed * 1000 + game)
        state = State.start()
        stop = rng.choice(list(plies))
        for _ in range(stop):
            if state.is_over():
                break
            state = state.apply(agent.choose_move(state))
        if state.legal_moves() and not state.is_over():
            positions.append(state)
        game += 1
    return positions


def tictactoe_positions():
    """Every position reachable in tic-tac-toe, the finished ones excluded."""
    seen, frontier = {TicTacToe()}, [TicTacToe()]
    while frontier:
        state = frontier.pop()
        for move in state.legal_moves():
            child = state.apply(move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return sorted((s for s in seen if not s.is_terminal()), key=lambda s: s.cells)


# --- the spec's check values ------------------------------------------------------------

def test_whole_tictactoe_tree_by_minimax():
    result = search(TicTacToe(), algorithm="minimax", depth=9, evaluation=exact(open_lines))
    assert result.stats.nodes == 549_946
    assert result.stats.leaves == 255_168           # every leaf is a finished game
    assert result.value == 0                        # a draw


def test_tictactoe_finished_games_split_by_winner():
    counts = {0: 0, 1: 0, 2: 0}

    def walk(state):
        if state.is_terminal():
            counts[state.winner()] += 1
            return
        for move in state.legal_moves():
            walk(state.apply(move))

    walk(TicTacToe())
    assert counts == {1: 131_184, 2: 77_904, 0: 46_080}


def test_textbook_tree_minimax_value_and_leaves():
    result = search(GameTree(TEXTBOOK_TREE), algorithm="minimax", depth=3)
    assert (result.move, result.value, result.stats.leaves) == (0, 3, 9)


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax-alphabeta"])
def test_textbook_tree_alphabeta_prunes_two_leaves_of_the_middle_branch(algorithm):
    result = search(GameTree(TEXTBOOK_TREE), algorithm=algorithm, depth=3, record=True)
    assert (result.move, result.value, result.stats.leaves) == (0, 3, 7)
    tree = result.tree
    pruned = sorted(tree.nodes[n]["label"] for n in tree if tree.nodes[n]["pruned"])
    parents = {tree.nodes[next(iter(tree.predecessors(n)))]["label"]
               for n in tree if tree.nodes[n]["pruned"]}
    assert pruned == ["1", "2"] and parents == {"1"}
    middle = next(n for n in tree if tree.nodes[n]["depth"] == 1 and tree.nodes[n]["label"] == "1")
    assert tree.nodes[middle]["cut_by"] == "alpha"      # a MIN node cut by MAX's alpha


# --- the algorithms agree -----------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_algorithm_matches_plain_minimax_on_ataxx(algorithm):
    for state in ataxx_positions(15, seed=1):
        expected = plain_best_move(state, 2, material)
        result = search(state, algorithm=algorithm, depth=2)
        assert (result.move, result.value) == expected, state.fen()


def test_algorithms_agree_on_many_positions_at_depth_three():
    for state in ataxx_positions(6, seed=2, plies=range(0, 8)):
        results = [search(state, algorithm=a, depth=3) for a in ALGORITHMS]
        assert len({(r.move, r.value) for r in results}) == 1, state.fen()
        minimax_nodes = results[0].stats.nodes
        assert results[1].stats.nodes == minimax_nodes
        assert results[2].stats.nodes == results[3].stats.nodes <= minimax_nodes


def test_algorithms_agree_on_a_thousand_tictactoe_positions():
    positions = tictactoe_positions()
    assert len(positions) == 4520
    for state in positions[::4]:
        expected = plain_best_move(state, 3, open_lines)
        for algorithm in ALGORITHMS:
            result = search(state, algorithm=algorithm, depth=3)
            assert (result.move, result.value) == expected, (algorithm, state)


def test_ordering_and_the_table_never_change_the_value():
    options = [dict(order=o) for o in ("none", "static", "gain", "intuition")]
    options += [dict(order="gain", killers=True, history=True),
                dict(order="none", killers=True),
                dict(order="static", history=True, table=True),
                dict(order="gain", killers=True, history=True, table=True)]
    for state in ataxx_positions(6, seed=3, plies=range(0, 30)):
        values = set()
        plain = search(state, depth=3)
        for option in options:
            option = dict(option)
            if option.pop("table", False):
                option["table"] = TranspositionTable(1 << 12)
            result = search(state, depth=3, **option)
            values.add(result.value)
            assert result.stats.nodes > 0
        assert values == {plain.value}, state.fen()


def test_good_ordering_visits_fewer_nodes_than_none():
    states = ataxx_positions(6, seed=4, plies=range(20, 40))
    none = sum(search(s, depth=3).stats.nodes for s in states)
    gain = sum(search(s, depth=3, order="gain").stats.nodes for s in states)
    assert gain < none / 2


# --- the window contract ------------------------------------------------------------------

@pytest.mark.parametrize("form", ["alphabeta", "negamax-alphabeta"])
def test_the_window_contract(form):
    rng = random.Random(5)
    for state in ataxx_positions(30, seed=5):
        depth = rng.choice([1, 2])
        true_value = plain_minimax(state, depth, state.to_move, material)
        for _ in range(6):
            a, b = sorted(rng.sample(range(-12, 13), 2))
            searcher = Searcher(form, material)
            searcher.root_player = state.to_move
            if form == "alphabeta":
                value = searcher.alphabeta(state, depth, a, b, 0, None, None)
            else:
                value = searcher.negamax_alphabeta(state, depth, a, b, 0, None, None)
            if a <= true_value <= b:
                assert value == true_value
            elif true_value < a:
                assert value <= a
            else:
                assert value >= b


# --- tie rules and agents -----------------------------------------------------------------

def test_greedy_plays_the_first_move_of_highest_material():
    for state in ataxx_positions(60, seed=6):
        moves = state.legal_moves()
        scores = [state.apply(m).material(state.to_move) for m in moves]
        assert GreedyAgent().choose_move(state) == moves[scores.index(max(scores))]


def test_greedy_from_the_start_takes_the_first_clone():
    state = State.start()
    assert GreedyAgent().choose_move(state) == state.legal_moves()[0]


def test_minimax_agent_plays_the_first_best_move():
    agent = make_agent("minimax:depth=2")
    for state in ataxx_positions(20, seed=7):
        assert agent.choose_move(state) == plain_best_move(state, 2, material)[0]


def test_search_agents_from_specs_agree():
    specs = ["minimax:depth=2", "negamax:depth=2", "alphabeta:depth=2,form=minmax",
             "alphabeta:depth=2", "alphabeta:depth=2,tt=1,killers=1,history=1"]
    for state in ataxx_positions(10, seed=8):
        moves = {make_agent(s).choose_move(state) for s in specs}
        assert len(moves) == 1


# --- instrumentation ----------------------------------------------------------------------

def test_recording_costs_no_nodes_and_records_every_visit():
    state = ataxx_positions(1, seed=9, plies=range(10, 11))[0]
    plain = search(state, depth=3, order="gain")
    recorded = search(state, depth=3, order="gain", record=True)
    assert plain.stats.nodes == recorded.stats.nodes
    assert plain.tree is None
    tree = recorded.tree
    visited = [n for n in tree if not tree.nodes[n]["pruned"]]
    assert len(visited) == recorded.stats.nodes
    assert sum(1 for n in visited if tree.nodes[n]["leaf"]) == recorded.stats.leaves
    assert len({n for n in tree if tree.nodes[n]["cut_by"] and not tree.nodes[n]["pruned"]}) \
        == recorded.stats.cutoffs
    per_depth = [sum(1 for n in visited if tree.nodes[n]["depth"] == d) for d in range(4)]
    assert per_depth == recorded.stats.nodes_per_depth


def test_nodes_per_depth_sum_to_nodes():
    result = search(TicTacToe(), algorithm="minimax", depth=4)
    assert sum(result.stats.nodes_per_depth) == result.stats.nodes
    assert result.stats.nodes_per_depth == [1, 9, 72, 504, 3024]


def test_iterative_deepening_matches_fixed_depth_values():
    state = ataxx_positions(1, seed=10, plies=range(25, 26))[0]
    results = list(iterative_deepening(state, max_depth=3, order="gain"))
    assert [r.depth for r in results] == [1, 2, 3]
    for result in results:
        assert result.value == search(state, depth=result.depth).value


def test_a_timed_agent_stops_and_still_moves():
    agent = make_agent("alphabeta:time=50,order=gain")
    state = ataxx_positions(1, seed=11, plies=range(30, 31))[0]
    move = agent.choose_move(state)
    assert move in state.legal_moves()
    assert agent.last_result.depth >= 1


@pytest.mark.parametrize("spec, words", [
    ("alphabeta:depht=3", ["no key 'depht'", "depth"]),
    ("alfabeta", ["unknown agent", "alphabeta"]),
    ("alphabeta:depth=0", ["depth", "from 1 to 64"]),
    ("alphabeta:order=magic", ["order", "intuition"]),
    ("alphabeta:tt=1,form=minmax", ["negamax"]),
    ("minimax:order=gain", ["no key 'order'"]),
    ("random:seed=x", ["seed", "whole number"]),
    ("alphabeta:time=10,game=100", ["not both"]),
])
def test_bad_specs_say_what_is_wrong(spec, words):
    with pytest.raises(ValueError) as error:
        make_agent(spec)
    for word in words:
        assert word in str(error.value)


def test_search_refuses_a_terminal_position_and_a_bad_depth():
    finished = GameTree(TEXTBOOK_TREE).apply(0).apply(0)
    with pytest.raises(GameOverError, match="terminal"):
        search(finished, depth=1)
    for bad in (0, -1, 65, 2**70, 2.0, "3", None):
        with pytest.raises(InvalidArgumentError, match="depth must be a whole number from 1 to 64"):
            search(TicTacToe(), depth=bad)


def test_agents_play_every_game():
    games = [State.start(), TicTacToe(), GameTree(TEXTBOOK_TREE)]
    for spec, state in itertools.product(
            ["random:seed=1", "greedy", "minimax:depth=2", "negamax:depth=2",
             "alphabeta:depth=2", "alphabeta:depth=2,order=static,tt=1"], games):
        if isinstance(state, GameTree) and spec == "greedy":
            continue                     # inner nodes of an explicit tree have no value
        move = make_agent(spec).choose_move(state)
        assert move in state.legal_moves()


# --- spec strings for MCTS, and the error type ---------------------------------------------

def test_mcts_specs_build_the_agents_they_name():
    from course_lib.agents.mcts import MCTSAgent
    from course_lib.agents.mcts_fast import FastMCTSAgent
    state = State.start()
    readable = make_agent("mcts:iterations=50,c=0.7,final=value,seed=3")
    fast = make_agent("mcts:iterations=50,c=0.7,final=value,seed=3,tier=fast")
    assert isinstance(readable, MCTSAgent) and isinstance(fast, FastMCTSAgent)
    # the two tiers build the same tree for the same seed, so they pick the same move
    assert readable.choose_move(state) == fast.choose_move(state)
    assert readable.last_result.stats.iterations == 50
    assert make_agent("mcts:iterations=30,seed=1").choose_move(TicTacToe()) in range(9)


@pytest.mark.parametrize("spec, words", [
    ("mcts:c=-1", ["c", "from 0"]),
    ("mcts:final=best", ["final", "lcb"]),
    ("mcts:tier=fast,iterations=10", []),
])
def test_mcts_spec_errors(spec, words):
    if not words:                      # a valid spec: builds without error
        make_agent(spec)
        return
    with pytest.raises(ValueError) as error:
        make_agent(spec)
    for word in words:
        assert word in str(error.value)


def test_spec_errors_are_course_errors():
    from course_lib.errors import CourseError, InvalidAgentSpecError
    for spec in ["nobody", "alphabeta:depth=x", "alphabeta:tier=fast,form=minmax"]:
        with pytest.raises(InvalidAgentSpecError) as error:
            make_agent(spec)
        assert isinstance(error.value, CourseError) and spec.split(":")[0] in str(error.value)
