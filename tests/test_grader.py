"""The grader judges the reference right, the skeleton not answered, classic mistakes (written
here as students write them, not copied from the grader's variants) wrong with the hint for
that mistake, and stops loops, errors, garbage and changed positions quickly."""

from __future__ import annotations

import math

import pytest

from course_lib import grader
from course_lib.grader import (EXERCISES, MISTAKE_KINDS, example_mistake, grade, mistakes,
                               skeleton, solution)
from course_lib.grader.exercises import SPECS, build_mistake

INF = math.inf


def is_pass(move):
    return move == "pass" or getattr(move, "is_pass", False) is True


# --- 03-minimax -----------------------------------------------------------------------------

def minimax_depth_kept(state, depth, player, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, player), None
    scores = []
    for m in state.legal_moves():
        scores.append((minimax_depth_kept(state.apply(m), depth, player, evaluate)[0], m))
    pick = max if state.to_move == player else min
    best = pick(s for s, _ in scores)
    return best, next(m for s, m in scores if s == best)


def minimax_last_tie(state, depth, player, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, player), None
    best, best_move = None, None
    for m in state.legal_moves():
        v = minimax_last_tie(state.apply(m), depth - 1, player, evaluate)[0]
        if best is None or (v >= best if state.to_move == player else v <= best):
            best, best_move = v, m
    return best, best_move


def minimax_mover_view(state, depth, player, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best, best_move = None, None
    for m in state.legal_moves():
        v = minimax_mover_view(state.apply(m), depth - 1, player, evaluate)[0]
        if best is None or (v > best if state.to_move == player else v < best):
            best, best_move = v, m
    return best, best_move


def minimax_all_max(state, depth, player, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, player), None
    best, best_move = -INF, None
    for m in state.legal_moves():
        v, _ = minimax_all_max(state.apply(m), depth - 1, player, evaluate)
        if v > best:
            best, best_move = v, m
    return best, best_move


def minimax_stops_at_pass(state, depth, player, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves or is_pass(moves[0]):     # "no move: the game is over"
        return evaluate(state, player), None
    best, best_move = None, None
    for m in moves:
        v = minimax_stops_at_pass(state.apply(m), depth - 1, player, evaluate)[0]
        if best is None or (v > best if state.to_move == player else v < best):
            best, best_move = v, m
    return best, best_move


def minimax_one_ply_short(state, depth, player, evaluate):
    if depth <= 1 or state.is_terminal():
        return evaluate(state, player), None
    best, best_move = None, None
    for m in state.legal_moves():
        v = minimax_one_ply_short(state.apply(m), depth - 1, player, evaluate)[0]
        if best is None or (v > best if state.to_move == player else v < best):
            best, best_move = v, m
    return best, best_move


# --- 03-negamax -----------------------------------------------------------------------------

def negamax_no_minus(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best, best_move = -INF, None
    for m in state.legal_moves():
        v = negamax_no_minus(state.apply(m), depth - 1, evaluate)[0]
        if v > best:
            best, best_move = v, m
    return best, best_move


def negamax_player_one(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, 1), None
    best, best_move = -INF, None
    for m in state.legal_moves():
        v = -negamax_player_one(state.apply(m), depth - 1, evaluate)[0]
        if v > best:
            best, best_move = v, m
    return best, best_move


def negamax_last_tie(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best, best_move = -INF, None
    for m in state.legal_moves():
        v = -negamax_last_tie(state.apply(m), depth - 1, evaluate)[0]
        if v >= best:
            best, best_move = v, m
    return best, best_move


def negamax_depth_kept(state, depth, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best, best_move = -INF, None
    for m in state.legal_moves():
        v = -negamax_depth_kept(state.apply(m), depth, evaluate)[0]
        if v > best:
            best, best_move = v, m
    return best, best_move


def negamax_skips_pass(state, depth, evaluate):
    moves = [m for m in state.legal_moves() if not is_pass(m)]
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -INF, None
    for m in moves:
        v = -negamax_skips_pass(state.apply(m), depth - 1, evaluate)[0]
        if v > best:
            best, best_move = v, m
    return best, best_move


# --- 04-alphabeta-minmax --------------------------------------------------------------------

def _alphabeta(strict=False, narrow=True, pass_window=True, tie=False, view="player",
               decrease=1):
    """A student's alpha-beta with one switch per classic mistake (each test flips one)."""
    def alphabeta(state, depth, alpha, beta, player, evaluate):
        if depth == 0 or state.is_terminal():
            who = player if view == "player" else state.to_move
            return evaluate(state, who), None
        maximizing = state.to_move == player
        best = -INF if maximizing else INF
        best_move = None
        for move in state.legal_moves():
            a, b = (alpha, beta) if pass_window else (-INF, INF)
            score, _ = alphabeta(state.apply(move), depth - decrease, a, b, player, evaluate)
            better = (score >= best if tie else score > best) if maximizing \
                else (score <= best if tie else score < best)
            if better:
                best, best_move = score, move
            if maximizing:
                if best > beta if strict else best >= beta:
                    return best, best_move
                if narrow:
                    alpha = max(alpha, best)
            else:
                if best < alpha if strict else best <= alpha:
                    return best, best_move
                if narrow:
                    beta = min(beta, best)
        return best, best_move
    return alphabeta


# --- 04-alphabeta-negamax -------------------------------------------------------------------

def _negamax_ab(strict=False, narrow=True, window="flipped", sign=True, tie=False,
                decrease=1):
    def negamax_alphabeta(state, depth, alpha, beta, evaluate):
        if depth == 0 or state.is_terminal():
            return evaluate(state, state.to_move), None
        best, best_move = -INF, None
        for move in state.legal_moves():
            child_window = {"flipped": (-beta, -alpha), "negated": (-alpha, -beta),
                            "same": (alpha, beta)}[window]
            score, _ = negamax_alphabeta(state.apply(move), depth - decrease, *child_window,
                                         evaluate)
            if sign:
                score = -score
            if score >= best if tie else score > best:
                best, best_move = score, move
            if best > beta if strict else best >= beta:
                break
            if narrow:
                alpha = max(alpha, best)
        return best, best_move
    return negamax_alphabeta


# --- 11-pvs --------------------------------------------------------------------------------

def _pvs(research="between", first="full", null="right", narrow=True, strict=False):
    def pvs(state, depth, alpha, beta, evaluate):
        if depth == 0 or state.is_terminal():
            return evaluate(state, state.to_move), None
        best, best_move = -INF, None
        for k, move in enumerate(state.legal_moves()):
            child = state.apply(move)
            if k == 0 and first == "full":
                score = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
            else:
                low, high = {"right": (-alpha - 1, -alpha), "not negated": (alpha, alpha + 1),
                             "below": (-alpha, -alpha + 1)}[null]
                score = -pvs(child, depth - 1, low, high, evaluate)[0]
                again = {"between": alpha < score < beta, "above alpha": score > alpha,
                         "never": False}[research]
                if again:
                    score = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
            if score > best:
                best, best_move = score, move
            if best > beta if strict else best >= beta:
                break
            if narrow:
                alpha = max(alpha, best)
        return best, best_move
    return pvs


# --- 05-iterative-deepening -----------------------------------------------------------------

def _deepening(check=True, reorder="best first", on_timeout="stop", count_started=False):
    def iterative_deepening(state, max_depth, deadline, clock, search):
        order = state.legal_moves()
        answer, done = None, 0
        depth = 1
        while depth <= max_depth:
            if count_started:
                done = depth
            found = search(state, depth, order)
            if found is None:
                if on_timeout == "stop":
                    break
                depth += 1
                continue
            _, answer, values = found
            done = depth
            if reorder == "best first":
                order = [m for m, v in sorted(values, key=lambda mv: -mv[1])]
            elif reorder == "worst first":
                order = [m for m, v in sorted(values, key=lambda mv: mv[1])]
            if check and clock() > deadline:
                break
            depth += 1
        return answer, done
    return iterative_deepening


# --- 05-table-probe-store -------------------------------------------------------------------

def _table(depth_rule="same", bounds=True, store=True, move_first=True, kind_alpha="entry"):
    def table_search(state, depth, alpha, beta, evaluate, table):
        moves = state.legal_moves()
        if depth == 0 or not moves:
            return evaluate(state, state.to_move), None
        original_alpha = alpha
        hit = table.get(state.key())
        if hit:
            d, v, kind, m = hit
            usable = d == depth if depth_rule == "same" else d >= depth
            if usable:
                if kind == "exact" or not bounds:
                    return v, m
                if kind == "lower":
                    alpha = max(alpha, v)
                if kind == "upper":
                    beta = min(beta, v)
                if alpha >= beta:
                    return v, m
            if move_first and m in moves:
                moves.remove(m)
                moves.insert(0, m)
        best, best_move = -INF, None
        for move in moves:
            v = -table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)[0]
            if v > best:
                best, best_move = v, move
            if best >= beta:
                break
            alpha = max(alpha, best)
        low = original_alpha if kind_alpha == "entry" else alpha
        kind = "upper" if best <= low else "lower" if best >= beta else "exact"
        if store:
            table[state.key()] = (depth, best, kind, best_move)
        return best, best_move
    return table_search


# --- 06 ------------------------------------------------------------------------------------

def _ucb(unvisited_first=True, log_of="parent", side="mine", two=True, root=True, tie=False):
    def ucb_select(node, c):
        best, best_value = None, -INF
        for child in node.children:
            if child.visits == 0:
                if unvisited_first:
                    return child
                continue
            n = node.visits if log_of == "parent" else child.visits
            rate = child.wins / child.visits
            if side != "mine":
                rate = 1 - rate
            inner = (2 if two else 1) * math.log(n) / child.visits
            value = rate + c * (math.sqrt(inner) if root else inner)
            if value >= best_value if tie else value > best_value:
                best, best_value = child, value
        return best
    return ucb_select


def bp_to_move(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += outcome if node.to_move == 1 else 1 - outcome


def bp_player_one(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += outcome


def bp_skip_root(path, outcome):
    for node in path[1:]:
        node.visits += 1
        node.wins += outcome if node.player == 1 else 1 - outcome


def bp_leaf_only(path, outcome):
    leaf = path[-1]
    leaf.visits += 1
    leaf.wins += outcome if leaf.player == 1 else 1 - outcome


def bp_draw_nothing(path, outcome):
    for node in path:
        node.visits += 1
        winner = 1 if outcome == 1 else 2 if outcome == 0 else 0
        if winner == node.player:
            node.wins += 1


# --- 07 ------------------------------------------------------------------------------------

def _sprt(steps="right", draws="ignored", bounds="right"):
    def sprt_step(llr, result, p0, p1, alpha, beta):
        win, loss = math.log(p1 / p0), math.log((1 - p1) / (1 - p0))
        if steps == "swapped":
            win, loss = loss, win
        if steps == "inverted":
            win, loss = -win, -loss
        if result == 1:
            llr += win
        elif result == 0 or draws == "loss":
            llr += loss
        low, high = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
        if bounds == "swapped":
            low, high = math.log(alpha / (1 - beta)), math.log((1 - alpha) / beta)
        if bounds == "no log":
            low, high = beta / (1 - alpha), (1 - beta) / alpha
        decision = "accept H1" if llr >= high else "accept H0" if llr <= low else "continue"
        return llr, decision
    return sprt_step


# --- 02 ------------------------------------------------------------------------------------

def _evaluation(view="player", mobility="both", weight=4, sign=1):
    def evaluate(state, player):
        me = player if view == "player" else state.to_move
        you = 3 - me
        stones = state.stones(me) - state.stones(you)
        if mobility == "both":
            mob = len(state.generate_moves(me)) - len(state.generate_moves(you))
        elif mobility == "mover":
            mob = len(state.generate_moves()) - len(state.generate_moves())
        else:
            mob = len(state.generate_moves(me))
        return weight * stones + sign * mob
    return evaluate


def _score_change(stone="mover", sides="both", view="player", old=True, lines=4):
    """Gomoku's change of score from one stone, as a student writes it, with one of the
    classic slips chosen by the arguments."""
    from course_lib.games.gomoku import line_scores

    def score_change(state, move, player):
        point = state.geometry.index[move]
        after = list(state.cells)
        if stone != "none":
            after[point] = state.to_move if stone == "mover" else player
        mine, theirs = 0, 0
        for n in list(state.geometry.lines_through[point])[:lines]:
            values = state.geometry.lines[n]
            now = line_scores([after[j] for j in values])
            before = line_scores([state.cells[j] for j in values]) if old else (0, 0)
            seen = player if view == "player" else 1
            mine += now[seen - 1] - before[seen - 1]
            theirs += now[2 - seen] - before[2 - seen]
        return mine - theirs if sides == "both" else mine
    return score_change
def _ntuple_step(direction=1, squash=True, bias_in_score=True, bias_trained=True,
                 repeats=True, vectorised=False, p_after=False, in_place=True):
    """A gradient step written as a student writes it, with numpy where ``vectorised``."""
    import numpy as np

    def gradient_step(weights, lookups, target, learning_rate):
        if not in_place:                             # the step moves a copy
            weights = weights.copy() if vectorised else list(weights)
        if vectorised:
            score = (weights[-1] if bias_in_score else 0.0) + np.sum(weights[lookups])
        else:
            score = sum(weights[i] for i in lookups) + (weights[-1] if bias_in_score else 0)
        p = 1.0 / (1.0 + np.exp(-score)) if squash else score
        gradient = p - target
        if vectorised and repeats:
            np.add.at(weights, lookups, -direction * learning_rate * gradient)
        elif vectorised:
            weights[lookups] -= direction * learning_rate * gradient     # a repeat moves once
        else:
            for i in (lookups if repeats else set(lookups)):
                weights[i] = weights[i] - direction * learning_rate * gradient
        if bias_trained:
            weights[-1] -= direction * learning_rate * gradient
        if p_after:                                      # the prediction made again
            return 1.0 / (1.0 + np.exp(-(weights[-1] + np.sum(np.asarray(weights)[lookups]))))
        return p
    return gradient_step
def _flips(mover="to_move", closed=True, directions=8, wrap=False, reset=True):
    """Othello's flips on a flat index (steps -9 .. 9), the column checked unless ``wrap``."""
    steps = {8: (-9, -8, -7, -1, 1, 7, 8, 9), 4: (-8, -1, 1, 8)}[directions]

    def flips(state, square):
        me = state.to_move if mover == "to_move" else 1 if mover == "black" else 3 - state.to_move
        start = "abcdefgh".index(square[0]) + 8 * (int(square[1]) - 1)
        found, run = [], []
        for step in steps:
            if reset:
                run = []
            i, column = start + step, start % 8 + (step + 9) % 8 - 1
            while 0 <= i < 64 and (wrap or 0 <= column < 8) and state.cells[i] == 3 - me:
                run.append("abcdefgh"[i % 8] + str(i // 8 + 1))
                i, column = i + step, column + (step + 9) % 8 - 1
            if not closed or (0 <= i < 64 and (wrap or 0 <= column < 8)
                              and state.cells[i] == me):
                found += run
        return found
    return flips


STUDENT_MISTAKES = {
    "03-minimax": [(minimax_depth_kept, "depth_not_decreased"),
                   (minimax_last_tie, "ties_replaced"),
                   (minimax_mover_view, "wrong_view"),
                   (minimax_all_max, "min_missing"),
                   (minimax_stops_at_pass, "pass_missing"),
                   (minimax_one_ply_short, "depth_off_by_one")],
    "03-negamax": [(negamax_no_minus, "negamax_sign"),
                   (negamax_player_one, "wrong_view"),
                   (negamax_last_tie, "ties_replaced"),
                   (negamax_depth_kept, "depth_not_decreased"),
                   (negamax_skips_pass, "pass_missing")],
    "04-alphabeta-minmax": [(_alphabeta(strict=True), "cut_strict"),
                            (_alphabeta(narrow=False), "window_not_narrowed"),
                            (_alphabeta(pass_window=False), "window_not_passed"),
                            (_alphabeta(tie=True), "ties_replaced"),
                            (_alphabeta(view="mover"), "wrong_view"),
                            (_alphabeta(decrease=0), "depth_not_decreased")],
    "04-alphabeta-negamax": [(_negamax_ab(strict=True), "cut_strict"),
                             (_negamax_ab(window="negated"), "negamax_window"),
                             (_negamax_ab(window="same"), "negamax_window"),
                             (_negamax_ab(sign=False), "negamax_sign"),
                             (_negamax_ab(narrow=False), "window_not_narrowed"),
                             (_negamax_ab(tie=True), "ties_replaced"),
                             (_negamax_ab(decrease=0), "depth_not_decreased")],
    "11-pvs": [(_pvs(research="never"), "pvs_no_research"),
               (_pvs(research="above alpha"), "pvs_research_too_often"),
               (_pvs(first="null"), "pvs_first_move_null"),
               (_pvs(null="not negated"), "pvs_null_window_wrong"),
               (_pvs(null="below"), "pvs_null_window_wrong"),
               (_pvs(narrow=False), "window_not_narrowed"),
               (_pvs(strict=True), "cut_strict")],
    "05-iterative-deepening": [(_deepening(check=False), "deadline_never_checked"),
                               (_deepening(check=False, on_timeout="continue"),
                                "search_after_timeout"),
                               (_deepening(reorder="none"), "no_reordering"),
                               (_deepening(reorder="worst first"), "reordered_backwards"),
                               (_deepening(count_started=True), "unfinished_depth")],
    "05-table-probe-store": [(_table(depth_rule="at least"), "table_wrong_depth"),
                             (_table(bounds=False), "table_bounds_as_exact"),
                             (_table(store=False), "table_never_stored"),
                             (_table(move_first=False), "table_move_not_first"),
                             (_table(kind_alpha="current"), "table_kind_wrong")],
    "06-ucb-select": [(_ucb(unvisited_first=False), "ucb_unvisited_not_first"),
                      (_ucb(log_of="child"), "ucb_wrong_log"),
                      (_ucb(side="theirs"), "ucb_wrong_side"),
                      (_ucb(two=False), "ucb_factor_missing"),
                      (_ucb(root=False), "ucb_no_sqrt"),
                      (_ucb(tie=True), "ties_replaced")],
    "06-backpropagate": [(bp_to_move, "reward_wrong_player"),
                         (bp_player_one, "reward_player_one_only"),
                         (bp_skip_root, "root_not_updated"),
                         (bp_leaf_only, "leaf_only"),
                         (bp_draw_nothing, "draw_not_half")],
    "07-sprt-llr": [(_sprt(steps="swapped"), "llr_steps_swapped"),
                    (_sprt(steps="inverted"), "llr_ratio_inverted"),
                    (_sprt(draws="loss"), "llr_draw_as_loss"),
                    (_sprt(bounds="swapped"), "sprt_bounds_swapped"),
                    (_sprt(bounds="no log"), "sprt_bounds_not_log")],
    "10-score-change": [(_score_change(sides="own"), "line_own_only"),
                        (_score_change(stone="player"), "line_stone_colour"),
                        (_score_change(view="black"), "line_wrong_view"),
                        (_score_change(old=False), "line_old_kept"),
                        (_score_change(lines=3), "line_too_few"),
                        (_score_change(stone="none"), "line_stone_missing")],
    "02-evaluation": [(_evaluation(view="mover"), "eval_wrong_view"),
                      (_evaluation(mobility="mover"), "eval_mobility_mover_only"),
                      (_evaluation(weight=1), "eval_material_weight"),
                      (_evaluation(sign=-1), "eval_mobility_sign"),
                      (_evaluation(mobility="mine"), "eval_opponent_mobility")],
    "09-flips": [(_flips(mover="black"), "flips_black_moves"),
                 (_flips(mover="other"), "flips_colours_swapped"),
                 (_flips(closed=False), "flips_not_closed"),
                 (_flips(directions=4), "flips_few_directions"),
                 (_flips(wrap=True), "flips_wraps_around"),
                 (_flips(reset=False), "flips_run_not_reset")],
}

STUDENT_MISTAKES["12-ntuple-step"] = [
    (_ntuple_step(direction=-1), "step_uphill"),
    (_ntuple_step(squash=False), "no_sigmoid"),
    (_ntuple_step(bias_trained=False), "bias_not_trained"),
    (_ntuple_step(bias_in_score=False), "score_without_bias"),
    (_ntuple_step(vectorised=True, repeats=False), "repeats_once"),
    (_ntuple_step(repeats=False), "repeats_once"),
    (_ntuple_step(p_after=True), "p_after_step"),
    (_ntuple_step(in_place=False), "weights_not_in_place"),
    (_ntuple_step(vectorised=True, in_place=False), "weights_not_in_place"),
]

STUDENT_RIGHT = {
    "04-alphabeta-minmax": _alphabeta(), "04-alphabeta-negamax": _negamax_ab(),
    "05-iterative-deepening": _deepening(), "05-table-probe-store": _table(),
    "06-ucb-select": _ucb(), "07-sprt-llr": _sprt(), "02-evaluation": _evaluation(),
    "11-pvs": _pvs(),
    "10-score-change": _score_change(),
    "12-ntuple-step": _ntuple_step(vectorised=True),
    "09-flips": _flips(),
}


def test_every_exercise_has_mistakes_written_here():
    assert sorted(STUDENT_MISTAKES) == EXERCISES
    for name, written in STUDENT_MISTAKES.items():
        assert len(written) >= 5, name
        assert {key for _, key in written} <= set(mistakes(name))


@pytest.mark.parametrize("name", EXERCISES)
def test_the_reference_solution_is_right(name):
    result = grade(name, solution(name))
    assert result.verdict == "right" and result.report(3) == f"{name}: right"


@pytest.mark.parametrize("name", sorted(STUDENT_RIGHT))
def test_a_right_solution_written_otherwise_is_right(name):
    assert grade(name, STUDENT_RIGHT[name]).verdict == "right"


@pytest.mark.parametrize("name", EXERCISES)
def test_the_skeleton_is_not_answered_yet(name):
    namespace: dict = {}
    exec(skeleton(name), namespace)
    function = next(v for k, v in namespace.items() if callable(v) and not k.startswith("_"))
    result = grade(name, function)
    assert result.verdict == "not answered yet"
    assert result.report(3).startswith(f"{name}: not answered yet")


CASES = [(name, function, key) for name, written in STUDENT_MISTAKES.items()
         for function, key in written]


@pytest.mark.parametrize("name, function, key", CASES,
                         ids=[f"{n}-{k}-{i}" for i, (n, _, k) in enumerate(CASES)])
def test_a_classic_mistake_is_wrong_with_its_hint(name, function, key):
    result = grade(name, function)
    text = result.report(3)
    assert text.startswith(f"{name}: wrong")
    assert result.mistake == key
    assert str(MISTAKE_KINDS[key]) in text


@pytest.mark.parametrize("name", EXERCISES)
def test_every_known_variant_gets_its_own_hint(name):
    spec = SPECS[name]
    for mistake in spec.mistakes:
        assert grade(name, build_mistake(spec, mistake)).mistake == mistake.key


def test_a_wrong_search_names_the_first_differing_node_and_draws_it():
    result = grade("04-alphabeta-minmax", _alphabeta(strict=True))
    assert "your alpha-beta visited node 2.1 (visit 9), which the right one cuts" in result.report(3)
    assert "the right one visits node 3 there" in result.report(3)
    assert result.divergence == (2, 1)
    figure = result.figure()
    assert figure.get_figwidth() * 100 <= 960
    assert len(figure.axes) == 2
    assert [ax.get_title() for ax in figure.axes] == ["your alpha-beta", "the right one"]
    assert "your node 2.1 (red ring), where the right one visits 3" in figure._suptitle.get_text()


def test_the_picture_of_a_small_tree_is_legible():
    """Few leaves (notebook 11's demo): the visit numbers at 8 pt or more, and the "x2" of a
    node searched twice at 10 pt in bold, clear of every other word and of the red ring."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    result = grade("11-pvs", example_mistake("11-pvs", "pvs_research_too_often"))
    figure = result.figure()
    renderer = FigureCanvasAgg(figure).get_renderer()
    mine, right = figure.axes
    for ax in (mine, right):
        visits = [t for t in ax.texts if (t.get_gid() or "").startswith("visit:")]
        assert len(visits) >= 10 and all(t.get_fontsize() >= 8 for t in visits)
    (twice,) = [t for t in mine.texts if t.get_text() == "x2"]
    assert twice.get_fontsize() >= 10 and twice.get_fontweight() == "bold"
    box = twice.get_window_extent(renderer)
    others = [t.get_window_extent(renderer) for t in mine.texts if t is not twice and t.get_text()]
    assert not any(box.overlaps(other) for other in others)
    (ring,) = [c for c in mine.collections if c.get_facecolor().size == 0]    # unfilled
    (centre,) = mine.transData.transform(ring.get_offsets())
    radius = ring.get_sizes()[0] ** 0.5 / 2 * figure.dpi / 72            # points to pixels
    assert box.y0 > centre[1] + radius


def negamax_no_flip(state, depth, evaluate):
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -INF, None
    for m in moves:
        value = negamax_no_flip(state.apply(m), depth - 1, evaluate)[0]
        if value > best:
            best, best_move = value, m
    return best, best_move


def test_a_wrong_value_names_the_first_node_that_returned_it_and_draws_the_values():
    from course_lib.games import TEXTBOOK_TREE
    result = grade("03-negamax", negamax_no_flip)
    first_min_node = TEXTBOOK_TREE[0]             # MIN to move there, three leaves below
    assert result.case.startswith("the textbook tree")
    assert result.divergence == (0,)
    assert (f"node 0, where yours returned {max(first_min_node)} and the right one "
            f"{-min(first_min_node)}") in result.report(3)
    figure = result.figure()
    shown = {text.get_text() for ax in figure.axes for text in ax.texts
             if text.get_color() == "purple"}
    assert {str(max(first_min_node)), str(-min(first_min_node))} <= shown
    assert "your node 0 (red ring)" in figure._suptitle.get_text()


def test_the_returned_values_are_recorded_without_changing_the_students_names():
    namespace = {"INF": INF}
    exec("def negamax(state, depth, evaluate):\n"
         "    moves = state.legal_moves()\n"
         "    if depth == 0 or not moves:\n"
         "        return evaluate(state, state.to_move), None\n"
         "    raise ValueError('no')\n", namespace)
    student = namespace["negamax"]
    result = grade("03-negamax", student)
    assert result.verdict == "wrong" and "ValueError: no" in result.report(3)
    assert namespace["negamax"] is student       # put back, even after the error


def test_a_search_that_recurses_under_another_name_is_still_judged():
    def negamax(state, depth, evaluate):           # the recursion is in negamax_no_flip
        return negamax_no_flip(state, depth, evaluate)

    result = grade("03-negamax", negamax)
    assert result.verdict == "wrong" and result.mistake == "negamax_sign"
    assert "first value that differs" not in result.report(3)     # no per-node values to compare
    assert result.where == "node root"
    assert result.figure() is None                # two identical trees would tell nothing


def test_a_first_hint_never_contains_code():
    from course_lib.grader.result import SEEN
    for kind in list(MISTAKE_KINDS.values()) + list(SEEN.values()):
        for code in ("state.", "node.", "math.", "return ", " = ", "==", ">=", "<=", "-alpha",
                     "depth - 1", "sqrt", "ln "):
            assert code not in kind.question, (code, kind.question)
        assert kind.question.endswith("?"), kind.question


# --- Graduated hints ---------------------------------------------------------------------------

@pytest.fixture
def fresh_tries():
    from course_lib.exercises import TRIES
    TRIES.reset()
    yield TRIES
    TRIES.reset()


def _negamax_variant(old: str, new: str):
    import inspect
    import textwrap
    namespace = {"math": math}
    source = textwrap.dedent(inspect.getsource(solution("03-negamax")))
    assert old in source
    exec(source.replace(old, new), namespace)
    return namespace["negamax"]


def test_each_different_wrong_try_gets_the_next_hint_and_a_right_answer_starts_again(
        fresh_tries):
    unflipped = _negamax_variant("value = -value\n", "value = value\n")
    kind = MISTAKE_KINDS["negamax_sign"]
    first = grade("03-negamax", unflipped)
    text = str(first)
    assert first.hint_level == 1 and text.startswith("03-negamax: wrong (hint 1 of 3)")
    assert kind.question in text and kind.seen not in text and kind.fix not in text
    assert "node 0" not in text and first.case not in text          # no place yet
    assert 'grade("03-negamax", negamax, hint_level=2)' in text       # how to get the next
    assert grade("03-negamax", unflipped).hint_level == 1             # the same answer again
    second = grade("03-negamax", _negamax_variant("value = -value\n", "value = +value\n"))
    text = str(second)
    assert second.hint_level == 2 and text.startswith("03-negamax: wrong (hint 2 of 3)")
    assert f"on {second.case}:" in text and "node 0, where yours returned" in text
    assert kind.question in text and kind.fix not in text
    third = grade("03-negamax", _negamax_variant("value = -value\n", "value = 1 * value\n"))
    assert third.hint_level == 3 and str(kind) in str(third)
    assert "hint_level=" not in str(third)                            # nothing further
    assert grade("03-negamax", solution("03-negamax")).right
    assert grade("03-negamax", unflipped).hint_level == 1             # counted afresh


def test_a_level_asked_for_is_given_and_counts_no_try(fresh_tries):
    unflipped = _negamax_variant("value = -value\n", "value = value\n")
    result = grade("03-negamax", unflipped, hint_level=3)
    assert result.hint_level == 3 and str(MISTAKE_KINDS["negamax_sign"]) in str(result)
    assert fresh_tries.count("03-negamax") == 0
    assert grade("03-negamax", unflipped).hint_level == 1
    for level in (1, 2, 3):                       # every level from one result
        assert result.report(level).startswith(f"03-negamax: wrong (hint {level} of 3)")
    assert grade("03-negamax", unflipped, hint_level=9).hint_level == 3


def test_every_level_says_what_happened_when_the_function_fails(fresh_tries):
    result = grade("03-negamax", raising_search)
    for level in (1, 2, 3):
        assert "ZeroDivisionError" in result.report(level)
    assert result.report(1).count("on the textbook tree") == 0


# --- Faults: loops, errors, garbage, changed positions -----------------------------------------

def endless_search(state, depth, evaluate):
    while True:
        state.legal_moves()


def endless_recursion(state, depth, evaluate):
    return negamax_depth_kept(state, depth, evaluate) if False else \
        endless_recursion(state.apply(state.legal_moves()[0]) if state.legal_moves() else state,
                          depth, evaluate)


def raising_search(state, depth, evaluate):
    moves = state.legal_moves()
    return 1 / (len(moves) - len(moves)), moves[0]


def garbage_search(state, depth, evaluate):
    state.legal_moves()
    return "three"


def none_after_work(state, depth, evaluate):
    state.legal_moves()


def mutating_evaluation(state, player):
    state.grid[4][4] = 1
    return 0


def mutating_ucb(node, c):
    node.visits += 1
    return node.children[0]


def test_an_endless_search_is_stopped_by_the_node_budget():
    result = grade("03-negamax", endless_search)
    assert result.verdict == "wrong" and result.student.status == "budget"
    assert "was stopped" in result.report(3)


def test_endless_recursion_is_wrong_and_the_grader_survives():
    result = grade("03-negamax", endless_recursion)
    assert result.verdict == "wrong"
    assert grade("03-negamax", solution("03-negamax")).verdict == "right"


def test_a_loop_that_touches_nothing_is_stopped_by_the_time_limit():
    def spin(llr, result, p0, p1, alpha, beta):
        while True:
            pass

    result = grade("07-sprt-llr", spin, seconds=0.5)
    assert result.verdict == "wrong" and result.student.status == "time" and result.stopped
    assert "still running after 0.5 seconds" in result.report(3)
    assert grade("07-sprt-llr", solution("07-sprt-llr")).verdict == "right"


def test_an_error_is_shown_as_the_students_own():
    result = grade("03-negamax", raising_search)
    text = result.report(3)
    assert result.verdict == "wrong" and "ZeroDivisionError" in text
    assert "raising_search" in text and "1 / (len(moves) - len(moves))" in text
    assert "grading.py" not in text and "result.py" not in text


def test_garbage_and_a_forgotten_return_are_wrong_with_a_message():
    assert "returns a pair (value, move)" in grade("03-negamax", garbage_search).report(3)
    result = grade("03-negamax", none_after_work)
    assert result.verdict == "wrong" and "returned None" in result.report(3)


def test_changing_the_given_position_is_wrong():
    result = grade("02-evaluation", mutating_evaluation)
    assert result.verdict == "wrong" and "changed the position" in result.report(3)
    result = grade("06-ucb-select", mutating_ucb)
    assert result.verdict == "wrong" and "changed node" in result.report(3)


def test_a_traced_state_refuses_to_be_changed():
    from course_lib.grader.trace import Trace, TracedState
    from course_lib.games import TicTacToe
    state = TracedState(TicTacToe(), Trace())
    with pytest.raises(AttributeError, match="never changes"):
        state.to_move = 2


def test_not_a_function_and_unknown_names_are_answered_in_words():
    assert grade("03-negamax", 42).report(3).startswith("03-negamax: wrong")
    assert grade("03-negamax", ...).report(3).startswith("03-negamax: not answered yet")
    assert "no such exercise" in str(grade("99-nothing", solution("03-negamax")))
    with pytest.raises(ValueError, match="no exercise"):
        grader.skeleton("99-nothing")


def test_a_result_shows_its_line_and_its_picture_from_the_second_hint_on(capsys, monkeypatch):
    shown = []
    import IPython.display
    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    wrong = _negamax_ab(strict=True)
    grade("04-alphabeta-negamax", wrong, hint_level=1)._ipython_display_()
    assert shown == [] and "hint 1 of 3" in capsys.readouterr().out     # no place, no picture
    grade("04-alphabeta-negamax", wrong, hint_level=2)._ipython_display_()
    grade("04-alphabeta-negamax", solution("04-alphabeta-negamax")).show()
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "04-alphabeta-negamax: wrong (hint 2 of 3)"
    assert printed[-1] == "04-alphabeta-negamax: right"
    assert len(shown) == 1 and shown[0].width == 960


def test_the_time_limit_leaves_the_alarm_as_it_was():
    import signal
    before = signal.getsignal(signal.SIGALRM)
    grade("03-negamax", endless_search)
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def fail_hard_negamax_alphabeta(state, depth, alpha, beta, evaluate):
    if depth == 0 or state.is_terminal():
        return evaluate(state, state.to_move), None
    best_move = None
    for move in state.legal_moves():
        score = -fail_hard_negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha,
                                             evaluate)[0]
        if score >= beta:
            return beta, move
        if score > alpha or best_move is None:
            alpha, best_move = max(alpha, score), move
    return alpha, best_move


def test_a_fail_hard_alphabeta_meets_the_contract_and_is_right():
    assert grade("04-alphabeta-negamax", fail_hard_negamax_alphabeta).verdict == "right"


# --- The time cap, the child process, and the in-process fallback ------------------------------

def swallowing_search(state, depth, evaluate):
    """Catches everything, the grader's stops included; never ends at a leaf."""
    best = None
    while best is None:
        try:
            moves = state.legal_moves()
            best = max(-swallowing_search(state.apply(m), depth - 1, evaluate)[0]
                       for m in moves)
        except:                                          # noqa: E722 - the student's mistake
            pass
    return best, None


def test_a_search_that_swallows_the_grader_s_stops_is_stopped_at_the_cap_and_said_so():
    result = grade("03-negamax", swallowing_search, seconds=1)
    text = result.report(3)
    assert result.verdict == "wrong" and result.stopped and result.student.over_budget
    assert "still running after 1 seconds" in text and "catches every exception" in text
    assert "a bare except:" in result.hint
    assert result.case.startswith("the textbook tree")          # the case that was running


def test_a_child_that_ignores_the_alarm_is_killed_by_the_parent():
    import signal

    def deaf(llr, result, p0, p1, alpha, beta):
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        while True:
            pass

    result = grade("07-sprt-llr", deaf, seconds=0.5)
    assert result.stopped and "still running after 0.5 seconds" in result.report(3)


def test_a_sleeping_function_is_judged_at_the_cap():
    import time

    def sleepy(node, c):
        time.sleep(60)

    result = grade("06-ucb-select", sleepy, seconds=0.5)
    assert result.verdict == "wrong" and result.stopped
    assert result.case == "small nodes written out"


counted = []


def test_what_the_function_prints_is_printed_and_its_changes_stay_in_the_child(capsys):
    def chatty(node, c):
        print("choosing at", node.name, "." * 100)
        counted.append(node.name)
        return solution("06-ucb-select")(node, c)

    assert grade("06-ucb-select", chatty).verdict == "right"
    printed = capsys.readouterr().out
    assert printed.startswith("choosing at root ...") and "more characters printed" in printed
    assert len(printed) < 4100
    assert counted == []                    # the function ran in the child process


def test_a_function_that_ends_its_process_is_wrong_and_the_grader_goes_on():
    import os

    def leave(llr, result, p0, p1, alpha, beta):
        os._exit(0)

    result = grade("07-sprt-llr", leave)
    assert result.verdict == "wrong" and "the process running it ended" in result.report(3)
    assert grade("07-sprt-llr", solution("07-sprt-llr")).verdict == "right"


def test_without_a_child_process_the_cases_run_here_under_the_same_cap(monkeypatch, capsys):
    from course_lib.grader import isolation
    monkeypatch.setattr(isolation, "ISOLATE", False)

    def spin(llr, result, p0, p1, alpha, beta):
        print("thinking")
        while True:
            pass

    result = grade("07-sprt-llr", spin, seconds=0.5)
    assert result.stopped and "still running after 0.5 seconds" in result.report(3)
    assert capsys.readouterr().out.startswith("thinking\n")
    assert grade("03-negamax", solution("03-negamax")).verdict == "right"
    assert grade("03-negamax", endless_search).student.status == "budget"


# --- Not answered, numbers, hints that fit, twice-searched nodes, tables -----------------------

def test_only_the_skeleton_s_body_is_not_answered_yet():
    namespace: dict = {}
    exec("def backpropagate(path, outcome):\n    pass\n", namespace)      # no source to read
    assert grade("06-backpropagate", namespace["backpropagate"]).verdict == "not answered yet"
    exec("def backpropagate(path, outcome):\n"
         "    for node in path:\n"
         "        visits = node.visits\n"
         "        visits += 1\n", namespace)
    result = grade("06-backpropagate", namespace["backpropagate"])
    assert result.verdict == "wrong" and "changed no node" in result.report(3)


def test_numpy_numbers_are_numbers():
    import numpy as np

    def evaluate(state, player):
        return np.int64(solution("02-evaluation")(state, player))

    def sprt_step(llr, result, p0, p1, alpha, beta):
        new, decision = solution("07-sprt-llr")(llr, result, p0, p1, alpha, beta)
        return np.float64(new), decision

    assert grade("02-evaluation", evaluate).verdict == "right"
    assert grade("07-sprt-llr", sprt_step).verdict == "right"


def test_a_node_searched_twice_is_named_with_both_visits():
    def negamax(state, depth, evaluate):
        moves = state.legal_moves()
        if depth == 0 or not moves:
            return evaluate(state, state.to_move), None
        best, best_move = -INF, None
        for move in moves:
            if -negamax(state.apply(move), depth - 1, evaluate)[0] > best:
                best, best_move = -negamax(state.apply(move), depth - 1, evaluate)[0], move
        return best, best_move

    result = grade("03-negamax", negamax)
    assert "searched node 0.0 a second time (visit 4; the first was visit 3)" in result.report(3)
    assert result.divergence == (0, 0) and result.where == "node 0.0"
    labels = {t.get_text() for ax in result.figure().axes for t in ax.texts}
    assert "x2" in labels


def test_a_node_searched_again_right_after_its_first_search_is_named_once():
    """Notebook 11's demo: visit 12 repeats visit 11, node 2.2; "after node 2.2, ... searched
    node 2.2 a second time" would name it twice, the visits already say when."""
    text = grade("11-pvs", example_mistake("11-pvs", "pvs_research_too_often")).report(2)
    assert "your principal variation search searched node 2.2 a second time (visit 12; the " \
        "first was visit 11)" in text
    assert "after node 2.2" not in text


def test_a_table_difference_names_the_first_differing_entry_and_draws_nothing():
    spec = SPECS["05-table-probe-store"]
    kind_wrong = next(m for m in spec.mistakes if m.key == "table_kind_wrong")
    result = grade("05-table-probe-store", build_mistake(spec, kind_wrong))
    text = result.report(3)
    assert ("after search 1 (depth 1) the table differs first at the entry of node root (key "
            "()): yours holds (depth 1, value 14, kind 'upper', move 2), the right one (depth 1, "
            "value 14, kind 'exact', move 2)") in text
    assert result.figure() is None


def test_a_search_that_evaluates_inner_nodes_is_wrong_at_the_first_one():
    def negamax(state, depth, evaluate):
        here = evaluate(state, state.to_move)
        moves = state.legal_moves()
        if depth == 0 or not moves:
            return here, None
        return max((-negamax(state.apply(m), depth - 1, evaluate)[0], -i, m)
                   for i, m in enumerate(moves))[::2]

    result = grade("03-negamax", negamax)
    assert "evaluated node root (evaluation 1), which the right one does not evaluate" \
        in result.report(3)


def test_the_line_score_hints_go_from_the_question_to_the_line(fresh_tries):
    wrong = _score_change(lines=3)
    kind = MISTAKE_KINDS["line_too_few"]
    first = grade("10-score-change", wrong)
    assert first.mistake == "line_too_few" and first.hint_level == 1
    assert kind.question in str(first) and kind.fix not in str(first)
    assert first.case not in str(first)                              # no place yet
    third = first.report(3)
    assert kind.fix in third and first.case in third


def test_the_ntuple_step_hints_name_the_mistake(fresh_tries):
    result = grade("12-ntuple-step", example_mistake("12-ntuple-step", "no_sigmoid"),
                   hint_level=3)
    assert result.mistake == "no_sigmoid"
    assert str(MISTAKE_KINDS["no_sigmoid"]) in str(result)


def test_an_unknown_step_mistake_is_asked_about_no_place_before_it_is_shown(fresh_tries):
    """The first hint shows no place, so its question names none; the second shows the step."""
    def averaged(weights, lookups, target, learning_rate):      # train's batch mean, misread
        p = 1 / (1 + math.exp(-(weights[-1] + sum(weights[i] for i in lookups))))
        for i in lookups:
            weights[i] -= learning_rate * (p - target) / len(lookups)
        weights[-1] -= learning_rate * (p - target)
        return p

    result = grade("12-ntuple-step", averaged)
    assert result.mistake is None and result.hint_level == 1
    first, second = result.report(1), result.report(2)
    assert "at step" not in first and "first step" not in first, first
    assert "at step 1 (lookups [0, 2, 4], target 1.0) p is right" in second
    assert result.kind.question in first and result.kind.question in second


def test_the_line_score_exercise_lends_only_the_cells_and_the_lines():
    from course_lib.games.gomoku import line_scores

    def whole_board(state, move, player):
        after = list(state.cells)
        after[state.geometry.index[move]] = state.to_move
        change = 0
        for line in state.geometry.lines:
            (b0, w0), (b1, w1) = (line_scores([c[j] for j in line]) for c in (state.cells, after))
            change += (b1 - b0) - (w1 - w0)
        return change if player == 1 else -change

    result = grade("10-score-change", whole_board, hint_level=3)
    assert "read 112 lines of the board; only the 4 through the move can change" \
        in result.report(3)
    assert "a stone changes only the lines through it" in result.report(3)
    assert "which lines can one stone change?" in result.report(1)

    def plays_it(state, move, player):
        return state.play(move)

    assert "play is not available in this exercise" in str(grade("10-score-change", plays_it))
def test_a_flips_answer_of_no_known_mistake_is_hinted_about_squares_not_numbers():
    def flips(state, square):                 # always the same square: no known mistake
        return ["d4"]

    result = grade("09-flips", flips, hint_level=3)
    assert result.mistake is None
    for level in (1, 2, 3):
        assert "numbers" not in result.report(level), result.report(level)
    assert "which discs does the rule turn over" in result.report(1)
    assert "eight directions" in result.report(3)


def test_every_flips_mistake_goes_wrong_with_o_to_move_and_all_but_one_with_x():
    from course_lib.grader.grading import reference, run_case
    spec = SPECS["09-flips"]
    cases, expected = reference("09-flips")
    movers = [case.position.to_move for case in cases]
    assert movers.count(1) >= 3 and movers.count(2) >= 3
    for mistake in spec.mistakes:
        function = build_mistake(spec, mistake)
        wrong = {case.position.to_move for case, right in zip(cases, expected)
                 if run_case(function, case).result != right.result}
        assert wrong == ({2} if mistake.key == "flips_black_moves" else {1, 2}), mistake.key
