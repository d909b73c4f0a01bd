"""The grader's reference solutions against the course's own code: the same values, moves and
node counts as ``course_lib.agents.search``, the same choices and counts as ``MCTSAgent``, the
same LLR and decisions as ``Sprt``."""

from __future__ import annotations

import copy
import math

import pytest

from course_lib.agents.mcts import MCTSAgent
from course_lib.agents.search import Searcher, iterative_deepening
from course_lib.agents.transposition import TranspositionTable
from course_lib.grader import solutions
from course_lib.grader import cases as C
from course_lib.grader.grading import given_search
from course_lib.grader.mcts_nodes import from_agent, inner_nodes
from course_lib.grader.trace import Trace, TracedState
from course_lib.strength.elo import expected_score
from course_lib.strength.sprt import Sprt

INF = math.inf

POSITIONS = ([(C.GameTree(t), C.tree_evaluation, d) for t, d in
              [(C.TEXTBOOK_TREE, 2), (C.PASS_TREE, 3), (C.TIE_TREE, 2), (C.CUT_TREE, 2),
               (C.DEEP_TREE, 3), (C.DEEP_TREE, 2)]]
             + [(C.ttt(t), C.ttt_evaluation, 3) for t in C.TTT_POSITIONS]
             + [(C.ataxx(f), C.ataxx_evaluation, 2) for f in C.ATAXX_FENS])
IDS = [f"{type(s).__name__}-{i}" for i, (s, _, _) in enumerate(POSITIONS)]


def traced(function, state, *args):
    trace = Trace()
    root = TracedState(state, trace)
    value, move = function(root, *args[:-1], trace.traced_evaluation(args[-1]))
    return value, move, len(trace.visits)


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "negamax-alphabeta"])
@pytest.mark.parametrize("state, evaluation, depth", POSITIONS, ids=IDS)
def test_search_solutions_match_the_course_searches(algorithm, state, evaluation, depth):
    course = Searcher(algorithm, evaluation=evaluation).run(state, depth)
    if algorithm == "minimax":
        mine = traced(solutions.minimax, state, depth, state.to_move, evaluation)
    elif algorithm == "negamax":
        mine = traced(solutions.negamax, state, depth, evaluation)
    elif algorithm == "alphabeta":
        mine = traced(solutions.alphabeta, state, depth, -INF, INF, state.to_move, evaluation)
    else:
        mine = traced(solutions.negamax_alphabeta, state, depth, -INF, INF, evaluation)
    assert mine == (course.value, course.move, course.stats.nodes)


@pytest.mark.parametrize("state, evaluation, depth", POSITIONS, ids=IDS)
def test_table_solution_matches_the_course_table_search(state, evaluation, depth):
    course = Searcher("negamax-alphabeta", evaluation=evaluation,
                      table=TranspositionTable(1 << 20)).run(state, depth + 1)
    trace = Trace()
    value, move = solutions.table_search(TracedState(state, trace), depth + 1, -INF, INF,
                                         trace.traced_evaluation(evaluation), {})
    assert (value, move, len(trace.visits)) == (course.value, course.move, course.stats.nodes)


@pytest.mark.parametrize("state, evaluation, max_depth", [
    (C.ttt("X../.O./..."), C.ttt_evaluation, 5),
    (C.ataxx("x5o/7/7/7/7/7/o5x x 0 1"), C.ataxx_evaluation, 3),
    (C.GameTree(C.DEEP_TREE), C.tree_evaluation, 3)])
def test_deepening_solution_matches_the_course_iterative_deepening(state, evaluation, max_depth):
    course = list(iterative_deepening(state, max_depth=max_depth, evaluation=evaluation))
    trace = Trace()
    move, depth = solutions.iterative_deepening(TracedState(state, trace), max_depth, INF,
                                                trace.clock, given_search(trace, INF))
    assert (move, depth) == (course[-1].move, course[-1].depth)
    # every iteration's nodes (the course counts each iteration's root), plus the position
    # itself, whose moves the student's function asks for once
    assert len(trace.visits) == course[-1].stats.nodes + 1


def test_the_given_search_stops_at_the_deadline_and_returns_none():
    state = C.ttt("X../.O./...")
    trace = Trace()
    search = given_search(trace, 10)
    assert search(TracedState(state, trace), 4, state.legal_moves()) is None
    assert 10 <= trace.ticks <= 10 + 8


def _agent_roots():
    roots = []
    for text, iterations, seed in [(".........", 120, 1), ("X.O/.X./...", 60, 2)]:
        agent = MCTSAgent(iterations=iterations, seed=seed)
        agent.choose_move(C.ttt(text))
        roots.append(agent.root)
    return roots


def test_ucb_solution_matches_the_agents_best_child_and_its_expansion_order():
    agent = MCTSAgent(iterations=1, c=1.4)
    checked = 0
    for root in _agent_roots():
        stack = [root]
        while stack:
            node = stack.pop()
            stack.extend(node.children)
            if not node.children or node.visits == 0:
                continue
            copy_node = from_agent(node)
            chosen = solutions.ucb_select(copy_node, 1.4)
            if node.untried:               # the agent expands its first untried move next
                assert chosen.visits == 0 and chosen.move == node.untried[0]
            else:
                assert chosen.move == agent.best_child(node).move
            checked += 1
    assert checked > 20


def test_backpropagate_solution_matches_the_agents():
    agent = MCTSAgent(iterations=1)
    for root in _agent_roots():
        theirs = copy.deepcopy(root)
        mine = from_agent(root)
        for outcome in (1.0, 0.5, 0.0):
            path_theirs, node = [theirs], theirs
            path_mine, mine_node = [mine], mine
            while node.children:
                node, mine_node = node.children[-1], mine_node.children[len(node.children) - 1]
                path_theirs.append(node)
                path_mine.append(mine_node)
            agent.backpropagate(path_theirs, outcome)
            solutions.backpropagate(path_mine, outcome)
            assert [(n.visits, n.wins) for n in path_mine] == \
                [(n.visits, n.wins) for n in path_theirs]


@pytest.mark.parametrize("elo0, elo1, alpha, beta, results", [
    (0, 50, 0.05, 0.05, [1, 1, 0, 1, 0.5, 1, 1, 1, 0, 1] * 6),
    (-10, 40, 0.05, 0.1, [0, 0.5, 0, 1, 0, 0, 0.5, 0, 1, 0] * 8)])
def test_sprt_solution_matches_the_course_sprt(elo0, elo1, alpha, beta, results):
    test = Sprt(elo0, elo1, alpha, beta)
    p0, p1 = expected_score(elo0), expected_score(elo1)
    llr = 0.0
    for result in results:
        state = test.add(result)
        llr, decision = solutions.sprt_step(llr, result, p0, p1, alpha, beta)
        assert math.isclose(llr, test.llr, rel_tol=1e-12, abs_tol=1e-12)
        assert decision == state
        if state != "continue":
            break
    assert state != "continue"


def test_evaluation_solution_follows_its_specification():
    state = C.ataxx("x5o/7/7/7/7/7/o5x x 0 1")
    # two stones each, 8 moves each (3 clones and 5 jumps from each corner): 0 for both
    assert solutions.evaluate(state, 1) == solutions.evaluate(state, 2) == 0
    after = state.play("b6")                    # a clone: x 3 stones, o 2
    mobility = len(after.generate_moves(1)) - len(after.generate_moves(2))
    assert solutions.evaluate(after, 1) == 4 * 1 + mobility
    assert solutions.evaluate(after, 2) == -solutions.evaluate(after, 1)


@pytest.mark.parametrize("label, state", C.gomoku_positions(), ids=lambda x: str(x)[:30])
def test_score_change_solution_is_the_whole_evaluations_change(label, state):
    """The reference's change from the 4 lines through the move equals the full-board scan
    before and after the move, on every point the grader asks about, for both players; and
    the grader's positions are what their labels say."""
    from course_lib.games.gomoku import Gomoku, pattern_score_full

    free = Gomoku(state.cells, size=state.size)
    moves = free.candidate_moves(2)
    assert len(moves) > 40 and not state.is_over()
    assert ("x to move" in label) == (state.to_move == 1)
    for move in moves:
        after = free.play(move)
        for player in (1, 2):
            assert solutions.score_change(state, move, player) == \
                pattern_score_full(after, player) - pattern_score_full(free, player)
