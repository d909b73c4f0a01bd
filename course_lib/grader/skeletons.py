"""The skeleton each implement-it cell shows: signature, docstring with the contract, ``...``.

>>> print(SKELETONS["03-negamax"].splitlines()[0])
def negamax(state, depth, evaluate):
"""

from __future__ import annotations

SKELETONS: dict[str, str] = {}

SKELETONS["02-evaluation"] = '''def evaluate(state, player):
    """Material plus mobility for ATAXX, from player's view (larger is better for player).

    material = stones of player - stones of the opponent        (state.stones(p))
    mobility = moves of player - moves of the opponent           (len(state.generate_moves(p)))
    return 4 * material + mobility

    generate_moves(p) lists the moves p could make here, whoever is to move (a clone once per
    square it lands on, each jump once); a player with no move has mobility 0 (no pass is
    counted). Do not change state.
    """
    ...
'''

SKELETONS["03-minimax"] = '''def minimax(state, depth, player, evaluate):
    """Return (value, move): the minimax value of state for player, searching depth plies,
    and the move to play (None when state is a leaf).

    - A leaf is a node at depth 0 or a node with no legal moves: its value is
      evaluate(state, player).
    - At a node where state.to_move == player (MAX) take the largest child value, elsewhere
      (MIN) the smallest. Try the moves in the order state.legal_moves() gives them; the move
      returned is the FIRST one with the best value.
    - A player who cannot move has one legal move, the pass: search it like any other move.
    - Each call searches state.apply(move) with depth - 1.
    """
    ...
'''

SKELETONS["03-negamax"] = '''def negamax(state, depth, evaluate):
    """Return (value, move): the value of state for the player to move there (state.to_move),
    searching depth plies, and the move to play (None when state is a leaf).

    - A leaf (depth 0, or no legal moves) is worth evaluate(state, state.to_move).
    - Every other node is worth the largest of the children's values, each seen from this
      node's player: a child's value is written for the player to move in the child, so it
      changes sign on the way up.
    - Moves in the order of state.legal_moves(); the FIRST move with the best value is
      returned. A player who cannot move has one move, the pass: search it like any other.
    """
    ...
'''

SKELETONS["04-alphabeta-minmax"] = '''def alphabeta(state, depth, alpha, beta, player, evaluate):
    """Return (value, move): minimax with the window (alpha, beta), MAX/MIN form, values for
    player (the player at MAX nodes), depth plies; move None at a leaf.

    The contract, for the true minimax value v: the result is v when alpha <= v <= beta, at
    most alpha when v < alpha, at least beta when v > beta.

    - Leaves (depth 0, or no legal moves): evaluate(state, player).
    - MAX node (state.to_move == player): after each child, stop trying the others as soon as
      the best value so far reaches beta (best >= beta); else raise alpha to it.
    - MIN node: the mirror image (stop when best <= alpha; else lower beta).
    - Moves in the order of state.legal_moves(); the FIRST move with the best value is
      returned; a pass is a move like any other.
    """
    ...
'''

SKELETONS["04-alphabeta-negamax"] = '''def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    """Return (value, move): alpha-beta in negamax form. Values are for the player to move
    (state.to_move), within the window (alpha, beta) seen from that player; depth plies; move
    None at a leaf.

    The contract, for the true negamax value v: the result is v when alpha <= v <= beta, at
    most alpha when v < alpha, at least beta when v > beta.

    - Leaves (depth 0, or no legal moves): evaluate(state, state.to_move).
    - Search each child with the window seen from the child's player; its value changes sign
      on the way up. Stop trying moves as soon as the best value reaches beta (best >= beta);
      else raise alpha to it.
    - Moves in the order of state.legal_moves(); the FIRST move with the best value is
      returned; a pass is a move like any other.
    """
    ...
'''

SKELETONS["05-iterative-deepening"] = '''def iterative_deepening(state, max_depth, deadline, clock, search):
    """Return (move, depth): the move of the deepest iteration that finished before the
    deadline, and that depth (None, 0 if none finished).

    search(state, depth, moves) runs one alpha-beta search to depth trying the root moves in
    the order of the list moves. It returns (value, move, root_values), root_values a list
    of (move, value) pairs, or None if the clock passed the deadline during the search (that
    iteration is lost). clock() tells the time.

    - Search depth 1, 2, ..., max_depth. The first iteration tries the moves in the order of
      state.legal_moves(); each later one tries them from the best value of the previous
      iteration to the worst (moves of equal value keep their order).
    - Do not start another iteration once clock() > deadline.
    """
    ...
'''

SKELETONS["05-table-probe-store"] = '''def table_search(state, depth, alpha, beta, evaluate, table):
    """Return (value, move): negamax alpha-beta (as in 04) with a transposition table.

    table is a dict: table[state.key()] = (depth, value, kind, move), kind one of "exact",
    "lower" (the node failed high: value >= beta) or "upper" (it failed low: value <= alpha).

    - Return the best value of the moves searched, as it is (do not clamp it to the window):
      what is stored depends on it.
    - Leaves (depth 0, or no legal moves) are evaluated, never looked up or stored.
    - Probe: an entry stored for this very depth narrows the window: "exact" sets alpha and
      beta to its value, "lower" raises alpha, "upper" lowers beta; if then alpha >= beta,
      return (its value, its move) at once. Whatever its depth, the entry's move (if it is
      legal here) is tried first.
    - Store, after searching the moves: kind "upper" if the best value <= alpha as it was when
      the node was entered, "lower" if it >= beta, else "exact"; with this depth, the best value
      and the best move.
    """
    ...
'''

SKELETONS["06-ucb-select"] = '''def ucb_select(node, c):
    """Return the child of node that MCTS's selection goes down to.

    node.children lists the children in move order; each has visits (N) and wins (Q, counted
    for the player who chooses at node). If a child has never been visited, return the first
    such child. Otherwise return the child with the highest
        Q(child) / N(child) + c * sqrt(2 * ln N(node) / N(child))
    (the first one in order if several tie). Do not change any node.
    """
    ...
'''

SKELETONS["06-backpropagate"] = '''def backpropagate(path, outcome):
    """Update every node of path (root first, the new leaf last) after a playout whose
    outcome, for player 1, is 1 (win), 0.5 (draw) or 0 (loss).

    Each node gets one more visit, and its wins grow by the reward of node.player, the player
    who made the move into the node: outcome for player 1, 1 - outcome for player 2. Return
    nothing.
    """
    ...
'''

SKELETONS["07-sprt-llr"] = '''def sprt_step(llr, result, p0, p1, alpha, beta):
    """Return (new_llr, decision) after one more game of the SPRT of H0 (win probability p0)
    against H1 (p1).

    result is 1 (a win), 0.5 (a draw) or 0 (a loss). A win adds ln(p1 / p0) to llr, a loss
    adds ln((1 - p1) / (1 - p0)), a draw changes nothing. decision is "accept H1" when
    new_llr >= ln((1 - beta) / alpha), "accept H0" when new_llr <= ln(beta / (1 - alpha)),
    else "continue".
    """
    ...
'''

SKELETONS["11-pvs"] = '''def pvs(state, depth, alpha, beta, evaluate):
    """Return (value, move): alpha-beta in negamax form (as in 04: values for state.to_move,
    the window (alpha, beta) seen from that player, depth plies, move None at a leaf) that
    searches its moves as the engine's principal variation search does.

    The contract, for the true negamax value v: v when alpha < v < beta, at most alpha when
    v <= alpha, at least beta when v >= beta. Values are whole numbers.

    - Leaves (depth 0, or no legal moves): evaluate(state, state.to_move).
    - The first move of state.legal_moves() is searched with the window (alpha, beta).
    - Each later move is searched with the null window (alpha, alpha + 1), alpha being this
      node's alpha at that moment; it is searched a second time, with (alpha, beta), only
      when that first answer is neither at most alpha nor at least beta.
    - The value of a move is its last search's. Stop trying moves once the best value reaches
      beta; the move returned is the FIRST one with the best value.
    """
    ...
'''

SKELETONS["10-score-change"] = '''def score_change(state, move, player):
    """Return how much the pattern evaluation of state for player changes when the side to
    move (state.to_move) plays move, an empty point's name such as 'j10':
    patterns(state.play(move), player) - patterns(state, player).

    Rescan only what the stone can change, as the course's Gomoku does; never the whole
    board, and never state.play or patterns. What you have:
    - state.cells[i]: 0 (empty), 1 (black) or 2 (white) for point i;
    - state.geometry.index[move]: the point of move;
    - state.geometry.lines[n]: the points of line n (a row, column or diagonal), in order;
    - state.geometry.lines_through[i]: the numbers of the lines through point i;
    - line_scores(values): (black's sum, white's sum) of the weighted patterns of one line,
      from its values in order (a list of 0, 1, 2).
    patterns(s, player) is player's sum over all lines minus the opponent's. Do not change
    state (cells is a tuple: make a list to change).
    """
    ...
'''

SKELETONS["12-ntuple-step"] = '''def gradient_step(weights, lookups, target, learning_rate):
    """Train the network on one position: one step of gradient descent of size learning_rate
    on the position's loss, and return p, the network's prediction before the step.

    weights is the network's list (or numpy array) of floats, its last entry the bias; lookups
    the indices of the weights the position looks up (an index may come more than once: each
    time counts). The score f is the bias plus the weights looked up, in log-odds, and
    p = 1 / (1 + e**-f). The loss is the cross-entropy -(target ln p + (1 - target) ln(1 - p)),
    target from 0 to 1. Change weights in place: each weight the score depends on moves
    downhill by learning_rate times the loss's derivative with respect to it.
    """
    ...
'''
