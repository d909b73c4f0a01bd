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
from ..i18n import N_, _
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
    """'search' (a traced search on positions), 'ucb', 'backprop', 'sprt', 'evaluation',
    'linescore' (Gomoku's change of score from one stone), 'ntuple' (the n-tuple network's
    gradient step) or 'flips' (Othello's discs turned over by a move)."""
    what: str
    """The algorithm, as the messages name it ('your alpha-beta ...'); marked ``N_`` and shown
    translated."""
    mistakes: list[Mistake] = field(default_factory=list)
    searches_again: bool = False
    """Does the right search itself search some nodes twice (principal variation search)? A
    node searched twice is then never called wrong in itself, only where the right one does
    not search it again."""

    @property
    def skeleton(self) -> str:
        return SKELETONS[self.name]

    @property
    def solution_source(self) -> str:
        return textwrap.dedent(inspect.getsource(self.solution))


@dataclass(frozen=True)
class MistakeKind:
    """The three hints of a kind of mistake, from the idea to the line.

    ``question`` (hint 1) asks about the idea and shows no code; ``seen`` and ``fix`` (hint 3)
    say what the code does and what to change. Hint 2, between them, is the report's own: the
    node or case where the answer first goes wrong."""

    question: str
    seen: str
    fix: str

    def __str__(self) -> str:
        """The last hint: what was seen, and the fix (in the language the course speaks)."""
        return f"{_(self.seen)}: {_(self.fix)}"


K = MistakeKind

MISTAKE_KINDS: dict[str, MistakeKind] = {
    "cut_strict": K(
        N_("when the best value so far only equals the bound, can anything the other player "
           "allows above still come out of this node?"),
        N_("a cut on > instead of >="),
        N_("stop trying moves as soon as the best value reaches the bound, equality included "
           "(best >= beta at a MAX node, best <= alpha at a MIN node).")),
    "window_not_narrowed": K(
        N_("once a move has been searched, what does the player to move know it can already "
           "get, and should the next child know it too?"),
        N_("the window is not narrowed"),
        N_("after each child, raise alpha to the best value so far at a MAX node (lower beta at a "
           "MIN node), and search the next child with the new window.")),
    "window_not_passed": K(
        N_("what does a child need to know about what the nodes above it already have?"),
        N_("the window does not reach the children: each child is searched with an endless window"),
        N_("pass this node's alpha and beta down in the recursive call.")),
    "negamax_sign": K(
        N_("a child's value is written for the player to move in the child; what is it worth to "
           "the player at this node?"),
        N_("a negamax sign not flipped"),
        N_("negate the value the child's call returns before comparing it with the best so far.")),
    "negamax_window": K(
        N_("the window is written for the player to move; what are its two ends seen from the "
           "child's player, and which is the lower one?"),
        N_("a negamax window not flipped"),
        N_("search each child with the window (-beta, -alpha): both ends negated, and swapped.")),
    "depth_not_decreased": K(
        N_("how many plies are left to search below a child?"),
        N_("the depth does not go down"),
        N_("call the search on each child with depth - 1.")),
    "depth_off_by_one": K(
        N_("which nodes are at depth 0, the ones the evaluation scores?"),
        N_("the depth limit is off by one"),
        N_("a node is a leaf exactly when depth == 0 (or it has no legal moves).")),
    "pass_missing": K(
        N_("what can a player do who has no move, and does the game go on after it?"),
        N_("the pass child is missing"),
        N_("search every move of state.legal_moves(), the pass included: it is the only child of "
           "a player who cannot move.")),
    "ties_replaced": K(
        N_("when a later move is only as good as the best so far, which of the two does the "
           "course play?"),
        N_("the best move is replaced on ties"),
        N_("replace the best move only when a value is strictly better (> at MAX, < at MIN).")),
    "min_missing": K(
        N_("at the opponent's nodes, whose choice is it, and what does that player want?"),
        N_("every node maximizes"),
        N_("at a node where the opponent of player is to move, take the smallest child value, "
           "starting from +infinity.")),
    "wrong_view": K(
        N_("whose view does each value in this search have to be written from?"),
        N_("the evaluation is taken from the wrong side's view"),
        N_("score a leaf with evaluate(state, player) in minimax (the root player's view), "
           "evaluate(state, state.to_move) in negamax.")),
    "max_is_player_one": K(
        N_("the values are for the player the search is given; at whose nodes is the largest "
           "value taken?"),
        N_("player 1 is taken for MAX"),
        N_("a node is a MAX node when state.to_move == player, whoever player is.")),
    "deadline_never_checked": K(
        N_("is it worth starting a search that cannot finish?"),
        N_("the deadline is never checked between iterations"),
        N_("after each finished iteration, stop when clock() > deadline.")),
    "search_after_timeout": K(
        N_("what does an abandoned iteration tell you about the deeper ones?"),
        N_("the search goes on after an iteration ran out of time"),
        N_("when search returns None, stop: no deeper iteration can finish either.")),
    "no_reordering": K(
        N_("after an iteration has valued every root move, which one is most likely best, and "
           "when should it be tried?"),
        N_("the root moves are not reordered"),
        N_("give each later iteration the moves sorted by the previous iteration's values, best "
           "first, equal values in their old order.")),
    "reordered_backwards": K(
        N_("after an iteration, which root move should the next one try first?"),
        N_("the root moves are reordered from worst to best"),
        N_("sort by value from the largest down (reverse=True); a stable sort keeps ties in "
           "order.")),
    "unfinished_depth": K(
        N_("which iteration's move are you playing, and did that iteration finish?"),
        N_("the depth returned is one that did not finish"),
        N_("remember the depth (and the move) only after its search has returned a result.")),
    "table_wrong_depth": K(
        N_("is a value found by a shallower (or deeper) search this search's value?"),
        N_("a table entry is used at the wrong depth"),
        N_("narrow the window with an entry only when its depth equals this call's depth; its "
           "move may be tried first whatever its depth.")),
    "table_bounds_as_exact": K(
        N_("what does a node that failed high (or low) know about its true value?"),
        N_("every table entry is used as an exact value"),
        N_("an 'exact' entry sets both ends of the window; a 'lower' one only raises alpha, an "
           "'upper' one only lowers beta.")),
    "table_bound_replaces_window": K(
        N_("a bound says the value is at least (or at most) something; when the window already "
           "says more, what should change?"),
        N_("a stored bound replaces an end of the window"),
        N_("take the tighter of the two: alpha = max(alpha, value) for 'lower', beta = min(beta, "
           "value) for 'upper'.")),
    "table_kind_wrong": K(
        N_("the window changes while the moves are searched; which alpha says whether the node "
           "failed low?"),
        N_("the stored kind is decided with the wrong alpha"),
        N_("keep alpha as it was when the node was entered, and store 'upper' when the best value "
           "is at most that alpha.")),
    "table_move_not_first": K(
        N_("which move is most likely to cause a cut early?"),
        N_("the table's move is not tried first"),
        N_("when the entry's move is legal here, put it first and the other moves after it, in "
           "their order, without it.")),
    "table_never_stored": K(
        N_("what can a later search reuse, if no search writes anything down?"),
        N_("nothing is ever stored"),
        N_("after the moves are searched, write table[state.key()] = (depth, best, kind, move).")),
    "ucb_unvisited_not_first": K(
        N_("what is the UCB of a child with no visits, and in which order are such children "
           "taken?"),
        N_("UCB's unvisited child is not tried first"),
        N_("before any formula, return the first child whose visits are 0.")),
    "ucb_wrong_log": K(
        N_("the exploration term grows with the visits of which node?"),
        N_("the logarithm is of the wrong count"),
        N_("take the natural logarithm of the parent's visits, N(node), as they are.")),
    "ucb_wrong_side": K(
        N_("whose wins does a child count, and who chooses at this node?"),
        N_("the win rate is read from the wrong side"),
        N_("a child's wins are already counted for the player who chooses here: use wins / visits "
           "as it is.")),
    "ucb_factor_missing": K(
        N_("look again at what is under the square root in the lecture's formula: is every "
           "factor there?"),
        N_("the exploration term lacks a factor"),
        N_("the term is c * sqrt(2 * ln N(node) / N(child)): the 2 is under the root.")),
    "ucb_no_sqrt": K(
        N_("how fast should the exploration term grow as the parent's visits grow?"),
        N_("the exploration term is not a square root"),
        N_("take the square root of 2 * ln N(node) / N(child), then multiply by c.")),
    "reward_wrong_player": K(
        N_("which player's wins does a node count?"),
        N_("a reward is added from the wrong player's view"),
        N_("add the reward of node.player, the player who moved into the node: outcome for player "
           "1, 1 - outcome for player 2.")),
    "reward_player_one_only": K(
        N_("at a node where player 2 made the move, what is a player-1 win worth?"),
        N_("every node gets player 1's reward"),
        N_("give a node whose player is 2 the reward 1 - outcome.")),
    "root_not_updated": K(
        N_("is the root on the path too?"),
        N_("the root is not updated"),
        N_("update every node of path, the first one (the root) included.")),
    "leaf_only": K(
        N_("which nodes did this playout pass through?"),
        N_("only one node is updated"),
        N_("loop over the whole path, root to leaf.")),
    "draw_not_half": K(
        N_("what is each player's reward for a draw?"),
        N_("a draw is not worth half a win"),
        N_("add the outcome itself (0.5 for a draw) for player 1, and 1 - outcome for player 2.")),
    "llr_steps_swapped": K(
        N_("which hypothesis does a win make more likely?"),
        N_("the win and loss steps are swapped"),
        N_("a win adds ln(p1 / p0), a loss ln((1 - p1) / (1 - p0)).")),
    "llr_ratio_inverted": K(
        N_("the LLR is the log of a ratio of two likelihoods: which one goes on top?"),
        N_("the likelihood ratio is upside down"),
        N_("put H1 on top: ln(p1 / p0) for a win, ln((1 - p1) / (1 - p0)) for a loss.")),
    "llr_draw_as_loss": K(
        N_("in the win/loss test, what does a draw tell about the win probability among decided "
           "games?"),
        N_("a draw is counted"),
        N_("leave the LLR unchanged for a draw (result 0.5).")),
    "sprt_bounds_swapped": K(
        N_("which error does accepting H1 risk, and which bound is it part of?"),
        N_("alpha and beta are swapped in the bounds"),
        N_("accept H1 at ln((1 - beta) / alpha), H0 at ln(beta / (1 - alpha)).")),
    "sprt_bounds_not_log": K(
        N_("the LLR is a logarithm: on which scale must its bounds be?"),
        N_("the bounds are not on the log scale"),
        N_("take the logarithm of (1 - beta) / alpha and of beta / (1 - alpha).")),
    "eval_wrong_view": K(
        N_("whose view is the value for: the player given, or the player to move?"),
        N_("the evaluation is taken from the wrong side's view"),
        N_("count from the view of player, the argument, whoever is to move in state.")),
    "eval_mobility_mover_only": K(
        N_("whose moves does each half of the mobility count?"),
        N_("mobility is counted for the side to move only"),
        N_("count state.generate_moves(player) and state.generate_moves(opponent), each player "
           "named.")),
    "eval_material_weight": K(
        N_("how much is a stone worth against a move, in this evaluation?"),
        N_("the material is not weighted"),
        N_("give material the weight the lesson gives it against mobility.")),
    "eval_mobility_sign": K(
        N_("is it good or bad for a player to have more moves?"),
        N_("mobility has the wrong sign"),
        N_("add the player's moves and subtract the opponent's.")),
    "eval_opponent_mobility": K(
        N_("material is a difference; is mobility one too?"),
        N_("only one side's mobility is counted"),
        N_("mobility is the player's moves minus the opponent's.")),
    "pvs_no_research": K(
        N_("a null window asks only 'better than alpha?'; what does its answer say about how much "
           "better?"),
        N_("a move that beats the null window keeps the null window's answer"),
        N_("when alpha < value < beta, search the move again with (alpha, beta) and keep that "
           "value.")),
    "pvs_research_too_often": K(
        N_("when the null window says 'at most alpha', or 'at least beta', what more would a "
           "second search tell this node?"),
        N_("a move is searched again although its first answer was at most alpha or at least beta"),
        N_("search again only when alpha < value < beta.")),
    "pvs_first_move_null": K(
        N_("which move does the search expect to be best, and what must it know about that one?"),
        N_("the first move is searched with the null window"),
        N_("search the first move with the whole window (alpha, beta).")),
    "pvs_null_window_wrong": K(
        N_("seen from the child's player, which two ends of a window ask exactly whether this move "
           "is better than alpha?"),
        N_("the null window is not (alpha, alpha + 1) from this node's view"),
        N_("search a later child with (-alpha - 1, -alpha).")),
    "pvs_null_window_stale": K(
        N_("a later move's null window asks whether it beats alpha: which alpha, the one the node "
           "was entered with or the best value found so far?"),
        N_("your null window (and your test for a second search) is built from the alpha the "
           "node was entered with, not from alpha raised by the moves before"),
        N_("raise alpha after each move (alpha = max(alpha, best)) and build each later move's "
           "null window, and its test, from that alpha.")),
    "pvs_research_ignored": K(
        N_("of a move's two answers, which one is its value, and which only a bound?"),
        N_("the second search's value is thrown away"),
        N_("keep the negated re-search value as the move's value.")),
    "line_own_only": K(
        N_("the new stone can also cut the opponent's runs in its lines; whose sum does the "
           "evaluation subtract, and can the move change it?"),
        N_("only one side's patterns are counted"),
        N_("for each line add (black_after - black_before) - (white_after - white_before), with "
           "(black_before, white_before) = line_scores(the line before) and the same after; then "
           "the sign for player 2.")),
    "line_stone_colour": K(
        N_("who plays the move, and is that always the player whose view is asked for?"),
        N_("the new stone has the wrong colour"),
        N_("after = list(state.cells); after[point] = state.to_move.")),
    "line_wrong_view": K(
        N_("the value is for the player given; for the other player, which way does the same move "
           "push the score?"),
        N_("the change is seen from the wrong side"),
        N_("write the change for black (black's sum minus white's), then return change if "
           "player == 1 else -change.")),
    "line_old_kept": K(
        N_("the evaluation is a sum over all the lines; which part of that sum does one stone "
           "change, and by how much?"),
        N_("the lines' old scores are not taken away"),
        N_("add (black_after - black_before) - (white_after - white_before) for each line through "
           "the move.")),
    "line_too_few": K(
        N_("how many lines pass through a point, and which of them can a stone there change?"),
        N_("not every line through the move is rescanned"),
        N_("loop over every line of state.geometry.lines_through[point].")),
    "line_stone_missing": K(
        N_("where is the new stone?"),
        N_("the lines after the move are the lines before it"),
        N_("after = list(state.cells); after[point] = state.to_move, and read each line's values "
           "after the move from after.")),
    "step_uphill": K(
        N_("the derivative says which way the loss grows; which way must a step that lowers it "
           "go?"),
        N_("the weights move uphill"),
        N_("subtract learning_rate * (p - target) from each weight looked up and from the bias.")),
    "no_sigmoid": K(
        N_("the loss compares a probability with the target; what turns log-odds into a "
           "probability?"),
        N_("the prediction is the raw score"),
        N_("p = 1 / (1 + math.exp(-score)).")),
    "bias_not_trained": K(
        N_("the score depends on the bias too; what is the loss's derivative with respect to it?"),
        N_("the bias never moves"),
        N_("move the bias (weights[-1]) by the same step as a weight looked up once.")),
    "score_without_bias": K(
        N_("what does the network add to the weights looked up?"),
        N_("the score leaves out the bias"),
        N_("start the score from weights[-1], then add the weights looked up.")),
    "repeats_once": K(
        N_("a weight looked up twice counts twice in the score; how many times does it count in "
           "the derivative?"),
        N_("a weight looked up twice moves once"),
        N_("move a weight once for every time it is looked up (loop over lookups, not a set).")),
    "weights_not_in_place": K(
        N_("after your function has returned, are the weights it was given the ones the step "
           "moved?"),
        N_("your weights did not change: the step moves a copy of them (or nothing), which is "
           "lost when the function returns"),
        N_("change them in place: weights[i] -= ... on the list or array you were given, never "
           "weights = list(weights), weights.copy() or weights = weights - ...")),
    "p_after_step": K(
        N_("which prediction does the function return: the one the step was computed from, or "
           "one computed again after the weights have moved?"),
        N_("the prediction returned is the one after the step"),
        N_("compute p from the weights before you change them, and return that p.")),
    "flips_black_moves": K(
        N_("whose disc is placed, and whose discs can it turn over, when white is to move?"),
        N_("the mover is taken to be black (1) whoever is to move"),
        N_("the disc placed is state.to_move's; the discs that turn over are 3 - "
           "state.to_move's.")),
    "flips_colours_swapped": K(
        N_("whom does the position's side to move name: the player about to place a disc, or the "
           "one who just placed one?"),
        N_("the colours are swapped: the mover's discs are taken for the opponent's"),
        N_("me = state.to_move (the player placing the disc), opponent = 3 - me.")),
    "flips_not_closed": K(
        N_("a line of the opponent's discs turns over only when something lies at its far end: "
           "what?"),
        N_("a line of the opponent's discs is turned over without one of the mover's discs at its "
           "far end (it ends at the edge, or at an empty square)"),
        N_("after the run of opponent discs, keep it only if the next square is on the board and "
           "holds a disc of the mover.")),
    "flips_few_directions": K(
        N_("in how many directions can a line run from a square?"),
        N_("some of the 8 directions are never looked along"),
        N_("look along all 8: (dr, dc) for dr and dc in -1, 0, 1, except (0, 0).")),
    "flips_first_line_only": K(
        N_("a disc can close several lines at once: which of them turn over?"),
        N_("only the first line that turns over is returned"),
        N_("add each closed line to the answer and return it after the loop over the directions.")),
    "flips_run_not_reset": K(
        N_("when you start looking along a new direction, what do you already know about it?"),
        N_("the run of discs is not emptied between directions, so a line that was not closed "
           "(or one already counted) is added again"),
        N_("start each direction with run = [] inside the loop over the directions.")),
    "flips_wraps_around": K(
        N_("what lies to the right of the h column, and below row 8?"),
        N_("a line leaves the board at one edge and comes back at the other: the square's index "
           "is checked (0 to 63) but not its column"),
        N_("stop a line when its row or its column leaves 0..7, each checked on its own.")),
    "flips_square_included": K(
        N_("the square you place on was empty: can it be turned over?"),
        N_("the square the disc is placed on is returned too"),
        N_("return only the opponent's discs that turn over, not the new disc's square.")),
    "flips_closing_disc_included": K(
        N_("the disc at the far end of a line is already the mover's: does it change?"),
        N_("the mover's disc that closes a line is returned too"),
        N_("return the opponent's discs between the new disc and the closing one, not the closing "
           "one.")),
    "flips_transposed": K(
        N_("in the list of cells, which of the row and the column is multiplied by 8?"),
        N_("the board is read transposed: cells[8 * column + row] instead of cells[8 * row + "
           "column]"),
        N_("square (column c, row r), both counted from 0, is state.cells[8 * r + c].")),
}
"""Every kind of mistake the grader recognises, by key: its three hints."""


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


_add(Spec("02-evaluation", solutions.evaluate, "evaluation", N_("evaluation"), [
    _m("eval_wrong_view", ("opponent = 3 - player", "player = state.to_move\n    opponent = 3 - player")),
    _m("eval_mobility_mover_only", ("len(state.generate_moves(player)) - len(state.generate_moves(opponent))",
                                    "len(state.generate_moves()) - len(state.generate_moves())")),
    _m("eval_material_weight", ("4 * material", "material")),
    _m("eval_mobility_sign", ("4 * material + mobility", "4 * material - mobility")),
    _m("eval_opponent_mobility", (" - len(state.generate_moves(opponent))", "")),
]))

_add(Spec("03-minimax", solutions.minimax, "search", N_("minimax"), SEARCH_COMMON_MINMAX() + [
    _m("min_missing", ("            if value < best:", "            if value > best:"),
       ("        best = math.inf\n", "        best = -math.inf\n")),
]))

_add(Spec("03-negamax", solutions.negamax, "search", N_("negamax"), SEARCH_COMMON_NEGAMAX() + [
    _m("negamax_sign", ("        value = -value\n", "")),
]))

_add(Spec("04-alphabeta-minmax", solutions.alphabeta, "search", N_("alpha-beta"),
          SEARCH_COMMON_MINMAX() + [
    _m("cut_strict", ("if best >= beta:", "if best > beta:"), ("if best <= alpha:", "if best < alpha:")),
    _m("window_not_narrowed", ("            alpha = max(alpha, best)\n", ""),
       ("            beta = min(beta, best)\n", "")),
    _m("window_not_passed", ("depth - 1, alpha, beta,", "depth - 1, -math.inf, math.inf,")),
]))

_add(Spec("04-alphabeta-negamax", solutions.negamax_alphabeta, "search", N_("alpha-beta"),
          SEARCH_COMMON_NEGAMAX() + [
    _m("cut_strict", ("if best >= beta:", "if best > beta:")),
    _m("window_not_narrowed", ("        alpha = max(alpha, best)\n", "")),
    _m("negamax_sign", ("        value = -value\n", "")),
    _m("negamax_window", ("-beta, -alpha, evaluate)", "-alpha, -beta, evaluate)")),
    _m("negamax_window", ("-beta, -alpha, evaluate)", "alpha, beta, evaluate)")),
]))

_add(Spec("05-iterative-deepening", solutions.iterative_deepening, "deepening",
          N_("iterative deepening"), [
    _m("deadline_never_checked", ("        if clock() > deadline:\n            break\n", "")),
    _m("search_after_timeout", ("        if result is None:                       # ran out of time: this iteration is lost\n            break\n",
                                "        if result is None:\n            continue\n"),
       ("        if clock() > deadline:\n            break\n", "")),
    _m("no_reordering", ("        moves = [m for m, _ in ranked]\n", "")),
    _m("reordered_backwards", ("key=lambda pair: pair[1], reverse=True)", "key=lambda pair: pair[1])")),
    _m("unfinished_depth", ("        result = search(state, depth, moves)\n",
                            "        reached = depth\n        result = search(state, depth, moves)\n")),
]))

_add(Spec("05-table-probe-store", solutions.table_search, "table", N_("search with a table"), [
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

_add(Spec("06-ucb-select", solutions.ucb_select, "ucb", N_("UCB selection"), [
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

_add(Spec("06-backpropagate", solutions.backpropagate, "backprop", N_("backpropagation"), [
    _m("reward_wrong_player", ("if node.player == 1:", "if node.to_move == 1:")),
    _m("reward_player_one_only", ("if node.player == 1:", "if True:")),
    _m("root_not_updated", ("for node in path:", "for node in path[1:]:")),
    _m("leaf_only", ("for node in path:", "for node in path[-1:]:")),
    _m("draw_not_half", ("            node.wins += outcome\n", "            node.wins += outcome == 1\n"),
       ("            node.wins += 1 - outcome\n", "            node.wins += outcome == 0\n")),
    _m("draw_not_half", ("            node.wins += outcome\n", "            node.wins += outcome != 0\n"),
       ("            node.wins += 1 - outcome\n", "            node.wins += outcome != 1\n")),
]))

_add(Spec("07-sprt-llr", solutions.sprt_step, "sprt", N_("SPRT"), [
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

_add(Spec("11-pvs", solutions.pvs, "search", N_("principal variation search"),
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
    _m("pvs_null_window_stale", ("    best, best_move = -math.inf, None\n",
                                 "    best, best_move = -math.inf, None\n    entered = alpha\n"),
       ("-alpha - 1, -alpha, evaluate", "-entered - 1, -entered, evaluate")),
    _m("pvs_null_window_stale", ("    best, best_move = -math.inf, None\n",
                                 "    best, best_move = -math.inf, None\n    entered = alpha\n"),
       ("-alpha - 1, -alpha, evaluate", "-entered - 1, -entered, evaluate"),
       ("if alpha < value < beta:", "if entered < value < beta:")),
], searches_again=True))
_add(Spec("10-score-change", solutions.score_change, "linescore", N_("score change"), [
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
]))
_add(Spec("12-ntuple-step", solutions.gradient_step, "ntuple", N_("gradient step"), [
    _m("step_uphill", ("        weights[i] -= step\n", "        weights[i] += step\n"),
       ("    weights[-1] -= step\n", "    weights[-1] += step\n")),
    _m("step_uphill", ("step = learning_rate * (p - target)", "step = learning_rate * (target - p)")),
    _m("no_sigmoid", ("p = 1 / (1 + math.exp(-score))", "p = score")),
    _m("bias_not_trained", ("    weights[-1] -= step\n", "")),
    _m("score_without_bias", ("score = weights[-1]", "score = 0.0")),
    _m("repeats_once", ("    for i in lookups:\n        weights[i] -= step\n",
                        "    for i in set(lookups):\n        weights[i] -= step\n")),
    _m("weights_not_in_place", ("    score = weights[-1]\n",
                                "    weights = list(weights)\n    score = weights[-1]\n")),
    _m("p_after_step", ("    return p\n",
                        "    return 1 / (1 + math.exp(-(weights[-1] + sum(weights[i] for i in "
                        "lookups))))\n")),
]))
_add(Spec("09-flips", solutions.flips, "flips", N_("flips"), [
    _m("flips_black_moves", ("me = state.to_move", "me = 1")),
    _m("flips_colours_swapped", ("me = state.to_move", "me = 3 - state.to_move")),
    _m("flips_not_closed", ("        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:\n",
                            "        if run:\n")),
    _m("flips_not_closed", ("        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:\n",
                            "        if 0 <= r < 8 and 0 <= c < 8:\n")),
    _m("flips_few_directions", ("[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]",
                                "[(-1, 0), (0, -1), (0, 1), (1, 0)]")),
    _m("flips_few_directions", ("[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]",
                                "[(-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)]")),
    _m("flips_first_line_only", ("            flipped += run\n",
                                 "            if run:\n                return run\n")),
    _m("flips_run_not_reset", ("    flipped = []\n", "    flipped = []\n    run = []\n"),
       ("        run = []\n", "")),
    _m("flips_wraps_around", ("0 <= r < 8 and 0 <= c < 8", "0 <= 8 * r + c < 64"),
       ('"abcdefgh"[c] + str(r + 1)', '"abcdefgh"[(8 * r + c) % 8] + str((8 * r + c) // 8 + 1)')),
    _m("flips_square_included", ("    flipped = []\n", "    flipped = [square]\n")),
    _m("flips_closing_disc_included", ("            flipped += run\n",
                                       "            if run:\n"
                                       "                flipped += run + [\"abcdefgh\"[c] + str(r + 1)]\n")),
    _m("flips_transposed", ("state.cells[8 * r + c]", "state.cells[8 * c + r]")),
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
