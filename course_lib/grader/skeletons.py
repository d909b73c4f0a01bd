"""The skeleton each implement-it cell shows: signature, docstring with the contract, ``...``.

A docstring states what the function must return and what the grader holds it to (the tie
rule, the pass rule, the order of the moves, what it may change), and names the section of the
lesson that teaches the rest; it does not dictate the code. The recipe (the formula, the steps)
is in the lesson's prose.

>>> print(SKELETONS["03-negamax"].splitlines()[0])
def negamax(state, depth, evaluate):
"""

from __future__ import annotations

SKELETONS: dict[str, str] = {}

SKELETONS["02-evaluation"] = '''def evaluate(state, player):
    """Return section 3's material-and-mobility evaluation of state, from player's view
    (larger is better for player), whoever is to move.

    state.stones(p) counts p's stones; state.generate_moves(p) lists the moves p could make
    here, whoever is to move (a clone once per square it lands on, each jump once): a player
    who cannot move has none, and no pass is counted. Do not change state.
    """
    ...
'''

SKELETONS["03-minimax"] = '''def minimax(state, depth, player, evaluate):
    """Return (value, move): the minimax value of state for player, searching depth plies,
    and the move to play (None when state is a leaf).

    A leaf is a node depth plies down, or a node with no legal moves; evaluate(state, player)
    scores it. Moves are tried in the order of state.legal_moves(), the pass included (a
    player who cannot move has that one move); the move returned is the FIRST one with the
    best value.
    """
    ...
'''

SKELETONS["03-negamax"] = '''def negamax(state, depth, evaluate):
    """Return (value, move): the negamax value of state for the player to move there
    (state.to_move), searching depth plies, and the move to play (None when state is a leaf).

    A leaf is a node depth plies down, or a node with no legal moves; evaluate(state,
    state.to_move) scores it. Moves are tried in the order of state.legal_moves(), the pass
    included; the move returned is the FIRST one with the best value.
    """
    ...
'''

SKELETONS["04-alphabeta-minmax"] = '''def alphabeta(state, depth, alpha, beta, player, evaluate):
    """Return (value, move): alpha-beta in MAX/MIN form (section 2) with the window
    (alpha, beta), values for player, searching depth plies; move None at a leaf.

    The contract, for the true minimax value v: the result is v when alpha <= v <= beta, at
    most alpha when v < alpha, at least beta when v > beta.

    Leaves (depth 0, or no legal moves) are scored by evaluate(state, player). A node stops
    trying moves as soon as the rest cannot change the result, a value equal to a bound
    counting as reaching it (section 2). Moves in the order of state.legal_moves(), the pass
    included; the FIRST move with the best value is returned.
    """
    ...
'''

SKELETONS["04-alphabeta-negamax"] = '''def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    """Return (value, move): alpha-beta in negamax form (section 2). Values are for the
    player to move (state.to_move), the window (alpha, beta) is seen from that player; depth
    plies; move None at a leaf.

    The contract, for the true negamax value v: the result is v when alpha <= v <= beta, at
    most alpha when v < alpha, at least beta when v > beta.

    Leaves (depth 0, or no legal moves) are scored by evaluate(state, state.to_move). A node
    stops trying moves as soon as the rest cannot change the result, a value equal to a bound
    counting as reaching it. Moves in the order of state.legal_moves(), the pass included; the
    FIRST move with the best value is returned.
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

    Iterations go to depth 1, 2, ..., max_depth, none started once clock() > deadline. The
    first tries the moves in the order of state.legal_moves(), each later one in the order of
    section 1 (by the previous iteration's values, moves of equal value keeping their order).
    """
    ...
'''

SKELETONS["05-table-probe-store"] = '''def table_search(state, depth, alpha, beta, evaluate, table):
    """Return (value, move): negamax alpha-beta (as in 04) using and filling table, section
    2's way. The value is the best value of the moves searched, as it is (not clamped to the
    window): what is stored depends on it.

    table is a dict: table[state.key()] = (depth, value, kind, move), what a search of that
    position to that depth found: kind "exact" (value is the true value), "lower" (the node
    failed high: value >= beta) or "upper" (it failed low: value <= the alpha it was entered
    with); move is its best move.

    Leaves (depth 0, or no legal moves) are evaluated, never looked up or stored. An entry's
    value counts only for its own depth, its move (if legal here) whatever its depth. Every
    other node stores what its search found, replacing any entry.
    """
    ...
'''

SKELETONS["06-ucb-select"] = '''def ucb_select(node, c):
    """Return the child of node that MCTS's selection goes down to, with the exploration
    constant c.

    node.children lists the children in move order; each has visits (N) and wins (Q, counted
    for the player who chooses at node). A child never visited comes first (the first such
    child); otherwise the child with the highest UCB value of section 1, the first one in
    order if several tie. Do not change any node.
    """
    ...
'''

SKELETONS["06-backpropagate"] = '''def backpropagate(path, outcome):
    """Update every node of path (root first, the new leaf last) after a playout whose
    outcome, for player 1, is 1 (win), 0.5 (draw) or 0 (loss): each node counts the visit,
    and the reward in its wins for node.player, the player who made the move into it
    (section 1). Change nothing else; return nothing.
    """
    ...
'''

SKELETONS["07-sprt-llr"] = '''def sprt_step(llr, result, p0, p1, alpha, beta):
    """Return (new_llr, decision) after one more game of section 4's win/loss SPRT of H0
    (win probability p0) against H1 (win probability p1), with error rates alpha and beta.

    llr is the log-likelihood ratio before this game; result is 1 (a win), 0.5 (a draw) or 0
    (a loss). decision is "accept H1", "accept H0" or "continue", by Wald's bounds.
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

SKELETONS["09-flips"] = '''def flips(state, square):
    """Return the squares whose discs turn over when the player to move, state.to_move,
    puts a disc on square, an empty square named like "d3" (section 1's rule); [] when none
    do. The squares are named like "e4", each once, in any order.

    state.cells[8 * (row - 1) + column] holds square (column, row): 0 empty, 1 black (x),
    2 white (o), columns a-h counted from 0, rows 1-8 from the top (so a1 is cells[0], h1
    cells[7], a2 cells[8]). Read only cells and to_move; change nothing.
    """
    ...
'''
