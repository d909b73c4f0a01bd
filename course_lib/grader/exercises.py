"""The implement-it exercises: what each asks, the cases it runs, the mistakes it recognises.

A mistake is a variant of the reference solution with one classic error (its source is the
reference's with a few words changed, as a student would write it); a kind may have several.
The grader runs every variant on the cases and, when one does what a student's function does on
every case where the function goes wrong, gives that kind's hint.
"""

from __future__ import annotations

import inspect
import math
import textwrap
from dataclasses import dataclass, field
from typing import Any, Callable

from ..games.gomoku import line_scores
from . import solutions
from .skeletons import SKELETONS


@dataclass
class Mistake:
    key: str
    """The kind of mistake, as named in ``MISTAKE_KINDS``."""
    edits: list[tuple[str, str]]
    """(old, new) replacements that turn the reference's source into the mistaken one."""
    function: Callable | None = None


@dataclass
class Spec:
    name: str
    solution: Callable
    kind: str
    """'search' (a traced search on positions), 'ucb', 'backprop', 'sprt', 'evaluation' or
    'linescore' (Gomoku's change of score from one stone) or 'ntuple' (the n-tuple network's
    gradient step)."""
    what: str
    """The algorithm, as the messages name it ('your alpha-beta ...')."""
    mistakes: list[Mistake] = field(default_factory=list)
    lines: dict[str, str] = field(default_factory=dict)
    """For a graduated exercise, the line to write for each kind of mistake: its hints come in
    three steps, one more at each wrong try (a question, then where, then the line)."""
    question: str = ""
    """For a graduated exercise, the question about the idea when no known mistake fits."""

    @property
    def skeleton(self) -> str:
        return SKELETONS[self.name]

    @property
    def solution_source(self) -> str:
        return textwrap.dedent(inspect.getsource(self.solution))


MISTAKE_KINDS: dict[str, str] = {
    "cut_strict": "a cut on > instead of >=: when the best value so far only equals the bound, "
                  "can anything the other player allows above still come out of this node?",
    "window_not_narrowed": "the window is not narrowed: once a move has been searched, what "
                           "does the player to move know it can already get, and should the "
                           "next child know it too?",
    "window_not_passed": "the window does not reach the children: a child searched with an "
                         "endless window cannot know what the nodes above it already have.",
    "negamax_sign": "a negamax sign not flipped: a child's value is written for the player "
                    "to move in the child; what is it worth to the player at this node?",
    "negamax_window": "a negamax window not flipped: the window is written for the player to "
                      "move; what are its two ends seen from the child's player, and which "
                      "is the lower one?",
    "depth_not_decreased": "the depth does not go down: how many plies are left to search "
                           "below a child?",
    "depth_off_by_one": "the depth limit is off by one: which nodes are at depth 0, the "
                        "ones the evaluation scores?",
    "pass_missing": "the pass child is missing: a player who cannot move still has one move, "
                    "and the game goes on below it.",
    "ties_replaced": "the best move is replaced on ties: when a later move is only as good as "
                     "the best so far, which of the two does the course play?",
    "min_missing": "every node maximizes: at the opponent's nodes, whose choice is it, and "
                   "what does that player want?",
    "wrong_view": "the evaluation is taken from the wrong side's view: whose view does each "
                  "value in this search have to be written from?",
    "max_is_player_one": "player 1 is taken for MAX: the values are for the player the search "
                         "is given, who need not be player 1; at whose nodes is the largest "
                         "value taken?",
    "deadline_never_checked": "the deadline is never checked between iterations: is it worth "
                              "starting a search that cannot finish?",
    "search_after_timeout": "the search goes on after an iteration ran out of time: what does "
                            "an abandoned iteration tell you about the deeper ones?",
    "no_reordering": "the root moves are not reordered: which move is most likely best, after "
                     "an iteration has valued them all, and when should it be tried?",
    "reordered_backwards": "the root moves are reordered from worst to best: which should be "
                           "tried first?",
    "unfinished_depth": "the depth returned is one that did not finish: which iteration's "
                        "move are you playing?",
    "table_wrong_depth": "a table entry is used at the wrong depth: a value found by a "
                         "shallower (or deeper) search is not this search's value.",
    "table_bounds_as_exact": "every table entry is used as an exact value: what does a node "
                             "that failed high (or low) know about its true value?",
    "table_bound_replaces_window": "a stored bound replaces an end of the window: a bound "
                                   "says the value is at least (or at most) something; when "
                                   "the window already says more, what should change?",
    "table_kind_wrong": "the stored kind is decided with the wrong alpha: the window changes "
                        "while the moves are searched; which alpha says whether the node "
                        "failed low?",
    "table_move_not_first": "the table's move is not tried first: which move is most likely "
                            "to cause a cut early?",
    "table_never_stored": "nothing is ever stored: a later search can only reuse what an "
                          "earlier one wrote down.",
    "step_uphill": "the weights move uphill: the derivative says which way the loss grows; "
                   "which way must a step that lowers it go?",
    "no_sigmoid": "the prediction is the raw score: the loss compares a probability with the "
                  "target; what turns log-odds into a probability?",
    "bias_not_trained": "the bias never moves: the score depends on it too; what is the loss's "
                        "derivative with respect to it?",
    "score_without_bias": "the score leaves out the bias: what does the network add to the "
                          "weights looked up?",
    "repeats_once": "a weight looked up twice moves once: it counts twice in the score; how "
                    "many times does it count in the derivative?",
    "ucb_unvisited_not_first": "UCB's unvisited child is not tried first: what is the UCB of "
                               "a child with no visits, and in which order are such children "
                               "taken?",
    "ucb_wrong_log": "the logarithm is of the wrong count: the exploration term grows with "
                     "the visits of which node?",
    "ucb_wrong_side": "the win rate is read from the wrong side: whose wins does a child "
                      "count, and who chooses at this node?",
    "ucb_factor_missing": "the exploration term lacks a factor: look again at what is under "
                          "the square root in the lecture's formula.",
    "ucb_no_sqrt": "the exploration term is not a square root: how fast should it grow with "
                   "ln N(v)?",
    "reward_wrong_player": "a reward is added from the wrong player's view: which player's "
                           "wins does a node count?",
    "reward_player_one_only": "every node gets player 1's reward: at a node where player 2 "
                              "made the move, what is a player-1 win worth?",
    "root_not_updated": "the root is not updated: is the root on the path too?",
    "leaf_only": "only one node is updated: which nodes did this playout pass through?",
    "draw_not_half": "a draw is not worth half a win: what is each player's reward for a draw?",
    "llr_steps_swapped": "the win and loss steps are swapped: which hypothesis does a win "
                         "make more likely?",
    "llr_ratio_inverted": "the likelihood ratio is upside down: the LLR is the log of "
                          "(likelihood under H1) / (likelihood under H0).",
    "llr_draw_as_loss": "a draw is counted: in the win/loss test, what does a draw tell "
                        "about the win probability among decided games?",
    "sprt_bounds_swapped": "alpha and beta are swapped in the bounds: which error does "
                           "accepting H1 risk?",
    "sprt_bounds_not_log": "the bounds are not on the log scale: the LLR is a logarithm, so "
                           "its bounds must be too.",
    "eval_wrong_view": "the evaluation is taken from the wrong side's view: the value is for "
                       "the player given, whoever is to move.",
    "eval_mobility_mover_only": "mobility is counted for the side to move only: whose moves "
                                "does generate_moves list when no player is given?",
    "eval_material_weight": "the material is not weighted: look again at how much a stone is "
                            "worth against a move.",
    "eval_mobility_sign": "mobility has the wrong sign: more moves for the player is better "
                          "for the player.",
    "eval_opponent_mobility": "only one side's mobility is counted: mobility is a difference, "
                              "like material.",
    "pvs_no_research": "a move that beats the null window is not searched again: a null window "
                       "asks only 'better than alpha?'; what does its answer say about how much "
                       "better?",
    "pvs_research_too_often": "a move is searched again when its first answer already settles "
                              "it: when the null window says 'at most alpha', or 'at least beta', "
                              "what more would a second search tell this node?",
    "pvs_first_move_null": "the first move is asked only the yes-or-no question: which move does "
                           "the search expect to be best, and what must it know about that one?",
    "pvs_null_window_wrong": "the null window is not (alpha, alpha + 1) from this node's view: "
                             "seen from the child's player, which two ends ask exactly 'is this "
                             "move better than alpha?'",
    "pvs_research_ignored": "the second search's value is not the one kept: of a move's two "
                            "answers, which one is its value, and which only a bound?",
    "line_own_only": "only one side's patterns are counted: the new stone can also cut the "
                     "opponent's runs in its lines; whose sum does the evaluation subtract, and "
                     "can the move change it?",
    "line_stone_colour": "the new stone has the wrong colour: who plays the move, and is that "
                         "always the player whose view is asked for?",
    "line_wrong_view": "the change is seen from the wrong side: the value is for the player "
                       "given; for the other player, which way does the same move push the "
                       "score?",
    "line_old_kept": "the lines' old scores are not taken away: the evaluation is a sum over all "
                     "the lines; which part of that sum does one stone change, and by how much?",
    "line_too_few": "not every line through the move is rescanned: how many lines pass through "
                    "a point, and which of them can a stone there change?",
    "line_stone_missing": "the lines after the move are the lines before it: where is the new "
                          "stone?",
}


def _m(key: str, *edits: tuple[str, str]) -> Mistake:
    return Mistake(key, list(edits))


def SEARCH_COMMON_MINMAX() -> list[Mistake]:
    return [
        _m("depth_not_decreased", ("depth - 1,", "depth,")),
        _m("depth_off_by_one", ("if depth == 0 or", "if depth == 1 or")),
        _m("depth_off_by_one", ("if depth == 0 or", "if depth < 0 or")),
        _m("ties_replaced", ("if value > best:", "if value >= best:"),
           ("if value < best:", "if value <= best:")),
        _m("wrong_view", ("return evaluate(state, player), None",
                          "return evaluate(state, state.to_move), None")),
        _m("wrong_view", ("return evaluate(state, player), None",
                          "return evaluate(state, 1), None")),
        _m("max_is_player_one", ("if state.to_move == player:", "if state.to_move == 1:")),
        _m("pass_missing", ("    moves = state.legal_moves()\n",
                            "    moves = [m for m in state.legal_moves() if not is_pass(m)]\n")),
    ]


def SEARCH_COMMON_NEGAMAX() -> list[Mistake]:
    return [
        _m("depth_not_decreased", ("depth - 1,", "depth,")),
        _m("depth_off_by_one", ("if depth == 0 or", "if depth == 1 or")),
        _m("depth_off_by_one", ("if depth == 0 or", "if depth < 0 or")),
        _m("ties_replaced", ("if value > best:", "if value >= best:")),
        _m("wrong_view", ("return evaluate(state, state.to_move), None",
                          "return evaluate(state, 1), None")),
        _m("wrong_view", ("return evaluate(state, state.to_move), None",
                          "return evaluate(state, 3 - state.to_move), None")),
        _m("pass_missing", ("    moves = state.legal_moves()\n",
                            "    moves = [m for m in state.legal_moves() if not is_pass(m)]\n")),
    ]


SPECS: dict[str, Spec] = {}


def _add(spec: Spec) -> None:
    SPECS[spec.name] = spec


_add(Spec("02-evaluation", solutions.evaluate, "evaluation", "evaluation", [
    _m("eval_wrong_view", ("opponent = 3 - player", "player = state.to_move\n    opponent = 3 - player")),
    _m("eval_mobility_mover_only", ("len(state.generate_moves(player)) - len(state.generate_moves(opponent))",
                                    "len(state.generate_moves()) - len(state.generate_moves())")),
    _m("eval_material_weight", ("4 * material", "material")),
    _m("eval_mobility_sign", ("4 * material + mobility", "4 * material - mobility")),
    _m("eval_opponent_mobility", (" - len(state.generate_moves(opponent))", "")),
]))

_add(Spec("03-minimax", solutions.minimax, "search", "minimax", SEARCH_COMMON_MINMAX() + [
    _m("min_missing", ("            if value < best:", "            if value > best:"),
       ("        best = math.inf\n", "        best = -math.inf\n")),
]))

_add(Spec("03-negamax", solutions.negamax, "search", "negamax", SEARCH_COMMON_NEGAMAX() + [
    _m("negamax_sign", ("        value = -value\n", "")),
]))

_add(Spec("04-alphabeta-minmax", solutions.alphabeta, "search", "alpha-beta",
          SEARCH_COMMON_MINMAX() + [
    _m("cut_strict", ("if best >= beta:", "if best > beta:"), ("if best <= alpha:", "if best < alpha:")),
    _m("window_not_narrowed", ("            alpha = max(alpha, best)\n", ""),
       ("            beta = min(beta, best)\n", "")),
    _m("window_not_passed", ("depth - 1, alpha, beta,", "depth - 1, -math.inf, math.inf,")),
]))

_add(Spec("04-alphabeta-negamax", solutions.negamax_alphabeta, "search", "alpha-beta",
          SEARCH_COMMON_NEGAMAX() + [
    _m("cut_strict", ("if best >= beta:", "if best > beta:")),
    _m("window_not_narrowed", ("        alpha = max(alpha, best)\n", "")),
    _m("negamax_sign", ("        value = -value\n", "")),
    _m("negamax_window", ("-beta, -alpha, evaluate)", "-alpha, -beta, evaluate)")),
    _m("negamax_window", ("-beta, -alpha, evaluate)", "alpha, beta, evaluate)")),
]))

_add(Spec("05-iterative-deepening", solutions.iterative_deepening, "deepening",
          "iterative deepening", [
    _m("deadline_never_checked", ("        if clock() > deadline:\n            break\n", "")),
    _m("search_after_timeout", ("        if result is None:                       # ran out of time: this iteration is lost\n            break\n",
                                "        if result is None:\n            continue\n"),
       ("        if clock() > deadline:\n            break\n", "")),
    _m("no_reordering", ("        moves = [m for m, _ in ranked]\n", "")),
    _m("reordered_backwards", ("key=lambda pair: pair[1], reverse=True)", "key=lambda pair: pair[1])")),
    _m("unfinished_depth", ("        result = search(state, depth, moves)\n",
                            "        reached = depth\n        result = search(state, depth, moves)\n")),
]))

_add(Spec("05-table-probe-store", solutions.table_search, "table", "search with a table", [
    _m("table_wrong_depth", ("if entry_depth == depth:", "if True:")),
    _m("table_wrong_depth", ("if entry_depth == depth:", "if entry_depth >= depth:")),
    _m("table_bounds_as_exact", ("            if entry_kind == \"exact\":", "            if True:")),
    _m("table_bound_replaces_window", ("alpha = max(alpha, entry_value)", "alpha = entry_value"),
       ("beta = min(beta, entry_value)", "beta = entry_value")),
    _m("table_bound_replaces_window", ("alpha = max(alpha, entry_value)", "alpha = entry_value")),
    _m("table_kind_wrong", ("if best <= alpha_on_entry:", "if best <= alpha:")),
    _m("table_move_not_first", ("        if entry_move in moves:", "        if False:")),
    _m("table_never_stored", ("    table[key] = (depth, best, kind, best_move)\n", "")),
]))

_add(Spec("06-ucb-select", solutions.ucb_select, "ucb", "UCB selection", [
    _m("ucb_unvisited_not_first", ("        if child.visits == 0:\n            return child\n",
                                   "        pass\n"),
       ("    for child in node.children:\n        score",
        "    for child in node.children:\n        if child.visits == 0:\n            continue\n        score")),
    _m("ucb_wrong_log", ("math.sqrt(2 * log_n / child.visits)",
                         "math.sqrt(2 * math.log(child.visits) / child.visits)")),
    _m("ucb_wrong_log", ("log_n = math.log(node.visits)", "log_n = math.log(node.visits + 1)")),
    _m("ucb_wrong_log", ("log_n = math.log(node.visits)",
                         "log_n = math.log(sum(c.visits for c in node.children))")),
    _m("ucb_wrong_side", ("score = child.wins / child.visits", "score = 1 - child.wins / child.visits")),
    _m("ucb_factor_missing", ("math.sqrt(2 * log_n / child.visits)", "math.sqrt(log_n / child.visits)")),
    _m("ucb_no_sqrt", ("math.sqrt(2 * log_n / child.visits)", "(2 * log_n / child.visits)")),
    _m("ties_replaced", ("if score > best_score:", "if score >= best_score:")),
]))

_add(Spec("06-backpropagate", solutions.backpropagate, "backprop", "backpropagation", [
    _m("reward_wrong_player", ("if node.player == 1:", "if node.to_move == 1:")),
    _m("reward_player_one_only", ("if node.player == 1:", "if True:")),
    _m("root_not_updated", ("for node in path:", "for node in path[1:]:")),
    _m("leaf_only", ("for node in path:", "for node in path[-1:]:")),
    _m("draw_not_half", ("            node.wins += outcome\n", "            node.wins += outcome == 1\n"),
       ("            node.wins += 1 - outcome\n", "            node.wins += outcome == 0\n")),
    _m("draw_not_half", ("            node.wins += outcome\n", "            node.wins += outcome != 0\n"),
       ("            node.wins += 1 - outcome\n", "            node.wins += outcome != 1\n")),
]))

_add(Spec("07-sprt-llr", solutions.sprt_step, "sprt", "SPRT", [
    _m("llr_steps_swapped", ("llr += math.log(p1 / p0)", "llr += math.log((1 - p1) / (1 - p0))@@"),
       ("llr += math.log((1 - p1) / (1 - p0))\n", "llr += math.log(p1 / p0)\n"),
       ("llr += math.log((1 - p1) / (1 - p0))@@", "llr += math.log((1 - p1) / (1 - p0))")),
    _m("llr_ratio_inverted", ("math.log(p1 / p0)", "math.log(p0 / p1)"),
       ("math.log((1 - p1) / (1 - p0))", "math.log((1 - p0) / (1 - p1))")),
    _m("llr_draw_as_loss", ("elif result == 0:", "else:")),
    _m("sprt_bounds_swapped", ("math.log(beta / (1 - alpha))", "math.log(alpha / (1 - beta))"),
       ("math.log((1 - beta) / alpha)", "math.log((1 - alpha) / beta)")),
    _m("sprt_bounds_swapped", ("math.log(beta / (1 - alpha))", "math.log(alpha / (1 - beta))")),
    _m("sprt_bounds_swapped", ("math.log((1 - beta) / alpha)", "math.log((1 - alpha) / beta)")),
    _m("sprt_bounds_not_log", ("math.log(beta / (1 - alpha))", "beta / (1 - alpha)"),
       ("math.log((1 - beta) / alpha)", "(1 - beta) / alpha")),
]))


_add(Spec("11-pvs", solutions.pvs, "search", "principal variation search",
          SEARCH_COMMON_NEGAMAX() + [
    _m("cut_strict", ("if best >= beta:", "if best > beta:")),
    _m("window_not_narrowed", ("        alpha = max(alpha, best)\n", "")),
    _m("negamax_sign", ("value = -pvs(", "value = pvs(")),
    _m("negamax_window", ("-beta, -alpha, evaluate)", "-alpha, -beta, evaluate)")),
    _m("pvs_no_research", ("            if alpha < value < beta:", "            if False:")),
    _m("pvs_research_too_often", ("if alpha < value < beta:", "if value > alpha:")),
    _m("pvs_research_too_often", ("if alpha < value < beta:", "if True:")),
    _m("pvs_first_move_null", ("if i == 0:", "if i < 0:")),
    _m("pvs_null_window_wrong", ("-alpha - 1, -alpha, evaluate", "-alpha, -alpha + 1, evaluate")),
    _m("pvs_null_window_wrong", ("-alpha - 1, -alpha, evaluate", "alpha, alpha + 1, evaluate")),
    _m("pvs_research_ignored", ("                value = -pvs(child, depth - 1, -beta, -alpha",
                                "                again = -pvs(child, depth - 1, -beta, -alpha")),
]))
_add(Spec("10-score-change", solutions.score_change, "linescore", "score change", [
    _m("line_own_only", ("        change += (black_after - black_before) - (white_after - white_before)\n",
                         "        if player == 1:\n            change += black_after - black_before\n"
                         "        else:\n            change -= white_after - white_before\n")),
    _m("line_stone_colour", ("after[point] = state.to_move", "after[point] = player")),
    _m("line_wrong_view", ("    if player == 1:\n        return change\n    return -change\n",
                           "    return change\n")),
    _m("line_wrong_view", ("    if player == 1:\n", "    if state.to_move == 1:\n")),
    _m("line_old_kept", ("(black_after - black_before) - (white_after - white_before)",
                         "black_after - white_after")),
    _m("line_too_few", ("for n in board.lines_through[point]:",
                        "for n in board.lines_through[point][:2]:")),
    _m("line_too_few", ("for n in board.lines_through[point]:",
                        "for n in board.lines_through[point][:3]:")),
    _m("line_too_few", ("for n in board.lines_through[point]:",
                        "for n in board.lines_through[point][:1]:")),
    _m("line_stone_missing", ("    after[point] = state.to_move\n", "")),
], lines={
    "line_own_only": "change += (black_after - black_before) - (white_after - white_before) for "
                     "each line, with (black_before, white_before) = line_scores(the line "
                     "before) and the same after; then the sign for player 2",
    "line_stone_colour": "after = list(state.cells); after[point] = state.to_move",
    "line_wrong_view": "return change if player == 1 else -change, with change written for "
                       "black (black's sum minus white's)",
    "line_old_kept": "change += (black_after - black_before) - (white_after - white_before) for "
                     "each line through the move",
    "line_too_few": "for n in state.geometry.lines_through[point]: (every one of them)",
    "line_stone_missing": "after = list(state.cells); after[point] = state.to_move, and read "
                          "each line's values after the move from after",
}, question="what can one stone change: which lines, whose runs in them, and seen from which "
            "player?"))
_add(Spec("12-ntuple-step", solutions.gradient_step, "ntuple", "gradient step", [
    _m("step_uphill", ("        weights[i] -= step\n", "        weights[i] += step\n"),
       ("    weights[-1] -= step\n", "    weights[-1] += step\n")),
    _m("step_uphill", ("step = learning_rate * (p - target)", "step = learning_rate * (target - p)")),
    _m("no_sigmoid", ("p = 1 / (1 + math.exp(-score))", "p = score")),
    _m("bias_not_trained", ("    weights[-1] -= step\n", "")),
    _m("score_without_bias", ("score = weights[-1]", "score = 0.0")),
    _m("repeats_once", ("    for i in lookups:\n        weights[i] -= step\n",
                        "    for i in set(lookups):\n        weights[i] -= step\n")),
]))


def _is_pass(move: Any) -> bool:
    return move == "pass" or getattr(move, "is_pass", False) is True


def build_mistake(spec: Spec, mistake: Mistake) -> Callable:
    """The mistaken function: the reference's source with the mistake's edits, compiled."""
    if mistake.function is None:
        source = spec.solution_source
        for old, new in mistake.edits:
            if old not in source:
                raise RuntimeError(f"{spec.name}/{mistake.key}: {old!r} is not in the source")
            source = source.replace(old, new)
        namespace = {"math": math, "is_pass": _is_pass, "line_scores": line_scores}
        exec(compile(source, f"<{spec.name} {mistake.key}>", "exec"), namespace)
        mistake.function = namespace[spec.solution.__name__]
    return mistake.function
