"""course_lib.lessons.nb04, notebook 04's helpers: middle-game positions, random trees,
skipped leaves and searches with a window, checked against the searches of search.py and
against alpha-beta written out again here; and the minimal tree's size
(course_lib.agents.stats), which notebook 04 compares node counts with."""

from __future__ import annotations

import math

import pytest

from course_lib.agents.search import search
from course_lib.agents.stats import minimal_tree_leaves, minimal_tree_nodes
from course_lib.errors import CourseError
from course_lib.lessons import stored_measurement
from course_lib.lessons.nb04 import (WindowResult, middle_game, random_tree, skipped_leaves,
                                     window_search)
from course_lib.ataxx import State
from course_lib.games import TEXTBOOK_TREE, GameTree, TicTacToe
from course_lib.rng import SplitMix64


def _alphabeta(tree, alpha, beta, maximizing, path, scored):
    """MAX/MIN alpha-beta on nested lists: cut on >= beta and <= alpha, fail-soft."""
    if not isinstance(tree, list):
        scored.append(path)
        return tree
    value = -math.inf if maximizing else math.inf
    for index, child in enumerate(tree):
        child_value = _alphabeta(child, alpha, beta, not maximizing, path + (index,), scored)
        if maximizing:
            value = max(value, child_value)
            if value >= beta:
                break
            alpha = max(alpha, value)
        else:
            value = min(value, child_value)
            if value <= alpha:
                break
            beta = min(beta, value)
    return value


def _minimax(tree, maximizing=True):
    if not isinstance(tree, list):
        return tree
    values = [_minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def _shape(tree, depth=0):
    """(set of leaf depths, set of child counts, set of leaf values)."""
    if not isinstance(tree, list):
        return {depth}, set(), {tree}
    depths, counts, values = set(), {len(tree)}, set()
    for child in tree:
        d, c, v = _shape(child, depth + 1)
        depths |= d
        counts |= c
        values |= v
    return depths, counts, values


# --- middle_game ------------------------------------------------------------------------------


def test_middle_game_is_reproducible_and_looks_like_a_game():
    for seed in range(1, 6):
        position = middle_game(seed)
        assert position.fen() == middle_game(seed).fen()
        assert not position.is_over()
        assert position.stones(1) >= 5 and position.stones(2) >= 5
        assert position.turns == 30
    assert len({middle_game(seed).fen() for seed in range(1, 6)}) == 5


def test_middle_game_plays_the_searched_moves_after_the_random_opening():
    from course_lib.match import random_opening

    state = random_opening(4, 9)
    for _ in range(3):
        state = state.apply(search(state, "negamax-alphabeta", depth=2, order="gain").move)
    assert middle_game(9, opening_plies=4, turns=3) == state
    assert middle_game(9, opening_plies=0, turns=0) == State.start()


@pytest.mark.parametrize("bad", [{"seed": -1}, {"seed": 1.5}, {"seed": 1, "turns": -1},
                                 {"seed": 1, "opening_plies": 2.0},
                                 {"seed": 1, "turns": True}])
def test_middle_game_refuses_bad_arguments(bad):
    with pytest.raises(ValueError):
        middle_game(**bad)


# --- random_tree ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_random_tree_has_the_shape_asked_for(seed):
    tree = random_tree(seed, depth=3, branching=(2, 4), values=(-5, 5))
    depths, counts, values = _shape(tree)
    assert depths == {3}
    assert counts <= {2, 3, 4}
    assert values <= set(range(-5, 6))
    assert random_tree(seed, depth=3, branching=(2, 4), values=(-5, 5)) == tree


def test_random_tree_varies_with_the_seed_and_uses_the_whole_range():
    trees = [random_tree(seed) for seed in range(50)]
    assert len({repr(t) for t in trees}) == 50
    values = set().union(*(_shape(t)[2] for t in trees))
    assert values == set(range(-9, 10))
    counts = set().union(*(_shape(t)[1] for t in trees))
    assert counts == {2, 3}
    assert random_tree(3, depth=1, branching=(4, 4)) == random_tree(3, depth=1,
                                                                    branching=(4, 4))
    assert len(random_tree(3, depth=1, branching=(4, 4))) == 4


@pytest.mark.parametrize("bad", [{"depth": 0}, {"depth": True}, {"branching": (0, 2)},
                                 {"branching": (3, 2)}, {"values": (5, -5)},
                                 {"values": (0.5, 2)}])
def test_random_tree_refuses_bad_arguments(bad):
    with pytest.raises(ValueError):
        random_tree(1, **bad)


# --- skipped_leaves ---------------------------------------------------------------------------


def test_skipped_leaves_of_the_textbook_tree():
    assert skipped_leaves(TEXTBOOK_TREE) == ["1.1", "1.2"]
    assert skipped_leaves(TEXTBOOK_TREE, algorithm="negamax-alphabeta") == ["1.1", "1.2"]
    assert skipped_leaves(TEXTBOOK_TREE, algorithm="minimax") == []
    assert skipped_leaves(TEXTBOOK_TREE, algorithm="negamax") == []


@pytest.mark.parametrize("seed", range(40))
def test_skipped_leaves_agree_with_alphabeta_written_out(seed):
    tree = random_tree(seed, depth=1 + seed % 4, branching=(1, 3))
    scored = []
    _alphabeta(tree, -math.inf, math.inf, True, (), scored)
    every = []
    _alphabeta(tree, -math.inf, math.inf, True, (), [])

    def leaves(t, path=()):
        return [path] if not isinstance(t, list) else [
            leaf for i, c in enumerate(t) for leaf in leaves(c, path + (i,))]

    expected = [".".join(map(str, p)) for p in leaves(tree) if p not in scored]
    assert skipped_leaves(tree) == expected
    assert skipped_leaves(tree, algorithm="negamax-alphabeta") == expected
    depth = 1 + seed % 4
    result = search(GameTree(tree), "alphabeta", depth=depth)
    assert result.stats.leaves == len(leaves(tree)) - len(expected)


def test_skipped_leaves_pass_options_to_the_search():
    # An explicit tree has no square weights, so order="static" keeps generation order and
    # skips the textbook's two leaves; an option the algorithm refuses reaches the search.
    assert skipped_leaves(TEXTBOOK_TREE, order="static") == ["1.1", "1.2"]
    with pytest.raises(ValueError):
        skipped_leaves(TEXTBOOK_TREE, algorithm="minimax", order="gain")


# --- window_search ----------------------------------------------------------------------------


def test_window_search_on_the_textbook_tree():
    root = GameTree(TEXTBOOK_TREE)
    assert window_search(root, 2, -math.inf, math.inf) == WindowResult(3, 11)
    assert window_search(root, 2, 5, 10) == WindowResult(5, 8)
    assert window_search(root, 2, 3, 3).value == 3
    full = search(root, "alphabeta", depth=2)
    assert window_search(root, 2, -math.inf, math.inf).nodes == full.stats.nodes


@pytest.mark.parametrize("seed", range(60))
def test_window_search_keeps_the_contract_and_matches_alphabeta_written_out(seed):
    tree = random_tree(seed, depth=3, branching=(1, 3))
    v = _minimax(tree)
    rng = SplitMix64(seed)
    root = GameTree(tree)
    for _ in range(10):
        alpha = rng.below(21) - 10
        beta = alpha + rng.below(11)
        expected = _alphabeta(tree, alpha, beta, True, (), [])
        for algorithm in ("alphabeta", "negamax-alphabeta"):
            value = window_search(root, 3, alpha, beta, algorithm).value
            assert value == expected
            if v < alpha:                 # fails low: an upper bound on v, at most alpha
                assert v <= value <= alpha
            elif v > beta:                # fails high: a lower bound on v, at least beta
                assert beta <= value <= v
            else:
                assert value == v


def test_window_search_on_ataxx_and_tictactoe():
    position = State.from_fen("x3ooo/x4oo/xx4o/x4o1/x2oo2/x2o3/x6 x 2 12")
    v = search(position, "alphabeta", depth=2).value
    for alpha, beta in [(v - 3, v + 3), (v + 1, v + 4), (v - 6, v - 1), (v, v)]:
        for algorithm in ("alphabeta", "negamax-alphabeta"):
            value = window_search(position, 2, alpha, beta, algorithm).value
            assert value == v if alpha <= v <= beta else (
                value <= alpha if v < alpha else value >= beta)
    # O to move: the value is from O's view in both forms.
    state = TicTacToe.from_string("XX./.O./...")
    full = search(state, "alphabeta", depth=7).value
    for algorithm in ("alphabeta", "negamax-alphabeta"):
        assert window_search(state, 7, -math.inf, math.inf, algorithm).value == full


@pytest.mark.parametrize("bad", [{"algorithm": "minimax"}, {"depth": -1}, {"depth": 1.0},
                                 {"alpha": 5, "beta": 4}])
def test_window_search_refuses_bad_arguments(bad):
    arguments = {"state": GameTree(TEXTBOOK_TREE), "depth": 2, "alpha": 0, "beta": 10, **bad}
    with pytest.raises(ValueError):
        window_search(**arguments)


# --- The minimal tree ---------------------------------------------------------------------------


def _uniform_tree(b, d, rng):
    """A tree with b moves at every inner node, d plies deep, distinct leaf values."""
    values = list(range(b ** d))
    for i in range(len(values) - 1, 0, -1):          # Fisher-Yates with the course's generator
        j = rng.below(i + 1)
        values[i], values[j] = values[j], values[i]
    leaves = iter(values)

    def grow(level):
        return next(leaves) if level == d else [grow(level + 1) for _ in range(b)]

    return grow(0)


def _best_first(tree, maximizing=True):
    """The same tree with every node's children sorted best first for the player to move."""
    if not isinstance(tree, list):
        return tree
    children = [_best_first(child, not maximizing) for child in tree]
    return sorted(children, key=lambda child: _minimax(child, not maximizing),
                  reverse=maximizing)


@pytest.mark.parametrize("b, d", [(2, 1), (2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (3, 4),
                                  (4, 3)])
def test_minimal_tree_is_what_alphabeta_scores_with_the_best_order(b, d):
    rng = SplitMix64(b * 10 + d)
    for _ in range(5):
        tree = _uniform_tree(b, d, rng)
        scored = []
        _alphabeta(_best_first(tree), -math.inf, math.inf, True, (), scored)
        assert len(scored) == minimal_tree_leaves(b, d)
        unordered = []
        _alphabeta(tree, -math.inf, math.inf, True, (), unordered)
        assert len(unordered) >= minimal_tree_leaves(b, d)


def test_minimal_tree_sizes_and_bad_input():
    assert minimal_tree_leaves(3, 2) == 5                  # the textbook tree
    assert [minimal_tree_leaves(2, d) for d in range(6)] == [1, 2, 3, 5, 7, 11]
    assert minimal_tree_nodes(2, 5) == 1 + 2 + 3 + 5 + 7 + 11
    assert minimal_tree_leaves(66.0, 4) == pytest.approx(2 * 66 ** 2 - 1)
    for b, d in [(0, 2), (True, 2), ("3", 2), (3, -1), (3, 1.5), (3, True)]:
        with pytest.raises(CourseError):
            minimal_tree_leaves(b, d)


def test_stored_measurements_load_and_unknown_names_are_refused():
    for name, script in [("time_vs_depth_first", "bench_time_vs_depth.py"),
                         ("mcts_c", "bench_mcts_c.py")]:
        data = stored_measurement(name)
        assert data["script"].startswith(f"benchmarks/{script}")
        matches = [data["match"]] if "match" in data else \
            data["gauntlet"] + [data["head_to_head"]] + data["against_alphabeta"]
        for match in matches:                  # the counts of each match agree with each other
            assert match["games"] == match["wins"] + match["draws"] + match["losses"]
            assert sum(match["pentanomial"]) == match["pairs"] == match["games"] // 2
            points = sum(k * n for k, n in enumerate(match["pentanomial"])) / 2
            assert points == match["wins"] + match["draws"] / 2
    with pytest.raises(CourseError, match="no stored measurement"):
        stored_measurement("nothing_here")
    with pytest.raises(CourseError):
        stored_measurement("../etc")


@pytest.mark.parametrize("arguments, words", [
    (("x5o/7/7/7/7/7/o5x x 0 1", 2, -1, 1), "state must be a game position"),
    ((None, 2, -1, 1), "state must be a game position"),
    (("TREE", -1, -1, 1), "depth must be a whole number from 0 to 64"),
    (("TREE", 2.0, -1, 1), "depth must be a whole number from 0 to 64"),
    (("TREE", 10**6, -1, 1), "depth must be a whole number from 0 to 64"),
    (("TREE", 2, "a", 1), "alpha must be a number"),
    (("TREE", 2, -1, math.nan), "beta must be a number"),
    (("TREE", 2, None, 1), "alpha must be a number"),
    (("TREE", 2, 5, 1), "the window needs alpha <= beta"),
    (("TREE", 2, -1, 1, "minimax"), "algorithm must be one of alphabeta, negamax-alphabeta"),
    (("TREE", 2, -1, 1, "alphabeta", "material"), "evaluation must be None or an evaluation"),
])
def test_window_search_refuses_bad_input_in_words(arguments, words):
    arguments = tuple(GameTree(TEXTBOOK_TREE) if a == "TREE" else a for a in arguments)
    with pytest.raises(CourseError, match=words):
        window_search(*arguments)


def test_window_search_takes_numpy_numbers_and_infinite_ends():
    import numpy as np
    root = GameTree(TEXTBOOK_TREE)
    assert window_search(root, np.int64(2), np.float64(-math.inf), np.int64(10)) == \
        window_search(root, 2, -math.inf, 10)
