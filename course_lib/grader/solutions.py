"""The reference solutions of the implement-it exercises, written as a student would.

Each is plain code against the game interface; the grader runs it through the same traced
state as the student's function, and the tests check that it visits the nodes, and returns the
values and moves, of the course's own searches (``course_lib.agents.search``, ``mcts``,
``strength``).

>>> from course_lib.games import GameTree, TEXTBOOK_TREE
>>> from course_lib.agents.evaluation import leaf_value
>>> minimax(GameTree(TEXTBOOK_TREE), 2, 1, leaf_value)
(3, 0)
"""

from __future__ import annotations

import math

from ..games.gomoku import line_scores


# --- 02: an evaluation ----------------------------------------------------------------------

def evaluate(state, player):
    """Material plus mobility (ATAXX), from ``player``'s view."""
    opponent = 3 - player
    material = state.stones(player) - state.stones(opponent)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(opponent))
    return 4 * material + mobility


# --- 03: minimax and negamax ----------------------------------------------------------------

def minimax(state, depth, player, evaluate):
    """The minimax value of ``state`` for ``player`` and the move to play (None at a leaf)."""
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best_move = None
    if state.to_move == player:                  # MAX
        best = -math.inf
        for move in moves:
            value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
            if value > best:
                best, best_move = value, move
    else:                                        # MIN
        best = math.inf
        for move in moves:
            value, _ = minimax(state.apply(move), depth - 1, player, evaluate)
            if value < best:
                best, best_move = value, move
    return best, best_move


def negamax(state, depth, evaluate):
    """The value of ``state`` for the player to move there, and the move to play."""
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value, _ = negamax(state.apply(move), depth - 1, evaluate)
        value = -value
        if value > best:
            best, best_move = value, move
    return best, best_move


# --- 04: alpha-beta -------------------------------------------------------------------------

def alphabeta(state, depth, alpha, beta, player, evaluate):
    """Minimax with the window (alpha, beta), MAX/MIN form, values for ``player``."""
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, player), None
    best_move = None
    if state.to_move == player:                  # MAX
        best = -math.inf
        for move in moves:
            value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
            if value > best:
                best, best_move = value, move
            if best >= beta:
                break                            # MIN above never lets the game come here
            alpha = max(alpha, best)
    else:                                        # MIN
        best = math.inf
        for move in moves:
            value, _ = alphabeta(state.apply(move), depth - 1, alpha, beta, player, evaluate)
            if value < best:
                best, best_move = value, move
            if best <= alpha:
                break                            # MAX above has something better already
            beta = min(beta, best)
    return best, best_move


def negamax_alphabeta(state, depth, alpha, beta, evaluate):
    """Alpha-beta in negamax form: values for the player to move, window (alpha, beta)."""
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for move in moves:
        value, _ = negamax_alphabeta(state.apply(move), depth - 1, -beta, -alpha, evaluate)
        value = -value
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- 05: iterative deepening, transposition table -------------------------------------------

def iterative_deepening(state, max_depth, deadline, clock, search):
    """Search depth 1, 2, ... until ``deadline``; the last finished iteration's move and depth."""
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:                       # ran out of time: this iteration is lost
            break
        value, move, root_values = result
        best_move, reached = move, depth
        ranked = sorted(root_values, key=lambda pair: pair[1], reverse=True)
        moves = [m for m, _ in ranked]
        if clock() > deadline:
            break
    return best_move, reached


def table_search(state, depth, alpha, beta, evaluate, table):
    """Negamax alpha-beta with a transposition table ``table`` (a dict)."""
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    key = state.key()
    alpha_on_entry = alpha
    entry = table.get(key)
    if entry is not None:
        entry_depth, entry_value, entry_kind, entry_move = entry
        if entry_depth == depth:
            if entry_kind == "exact":
                alpha = beta = entry_value
            elif entry_kind == "lower":
                alpha = max(alpha, entry_value)
            else:
                beta = min(beta, entry_value)
            if alpha >= beta:
                return entry_value, entry_move
        if entry_move in moves:                  # try the stored move first
            moves = [entry_move] + [m for m in moves if m != entry_move]
    best, best_move = -math.inf, None
    for move in moves:
        value, _ = table_search(state.apply(move), depth - 1, -beta, -alpha, evaluate, table)
        value = -value
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    if best <= alpha_on_entry:
        kind = "upper"
    elif best >= beta:
        kind = "lower"
    else:
        kind = "exact"
    table[key] = (depth, best, kind, best_move)
    return best, best_move


# --- 11: principal variation search --------------------------------------------------------

def pvs(state, depth, alpha, beta, evaluate):
    """Alpha-beta in negamax form whose later moves are first asked a yes-or-no question: the
    engine's principal variation search (``course_lib.engine.readable`` with only ``pvs``)."""
    moves = state.legal_moves()
    if depth == 0 or not moves:
        return evaluate(state, state.to_move), None
    best, best_move = -math.inf, None
    for i, move in enumerate(moves):
        child = state.apply(move)
        if i == 0:
            value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        else:
            value = -pvs(child, depth - 1, -alpha - 1, -alpha, evaluate)[0]
            if alpha < value < beta:             # better than alpha: its exact value is needed
                value = -pvs(child, depth - 1, -beta, -alpha, evaluate)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move


# --- 06: MCTS ------------------------------------------------------------------------------

def ucb_select(node, c):
    """The child MCTS descends into: the first child never visited, else the highest UCB."""
    for child in node.children:
        if child.visits == 0:
            return child
    log_n = math.log(node.visits)
    best, best_score = None, -math.inf
    for child in node.children:
        score = child.wins / child.visits + c * math.sqrt(2 * log_n / child.visits)
        if score > best_score:
            best, best_score = child, score
    return best


def backpropagate(path, outcome):
    """One visit and the reward, for the player who moved into it, on every node of ``path``."""
    for node in path:
        node.visits += 1
        if node.player == 1:
            node.wins += outcome
        else:
            node.wins += 1 - outcome


# --- 07: the SPRT --------------------------------------------------------------------------

def sprt_step(llr, result, p0, p1, alpha, beta):
    """The LLR after one more game (1 win, 0.5 draw, 0 loss) and the test's decision."""
    if result == 1:
        llr += math.log(p1 / p0)
    elif result == 0:
        llr += math.log((1 - p1) / (1 - p0))
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    if llr >= upper:
        return llr, "accept H1"
    if llr <= lower:
        return llr, "accept H0"
    return llr, "continue"


# --- 10: Gomoku's incremental line score -----------------------------------------------------

def score_change(state, move, player):
    """How much ``patterns(state, player)`` changes when the side to move plays ``move``,
    from the 4 lines through the move."""
    board = state.geometry
    point = board.index[move]
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in board.lines_through[point]:
        line = board.lines[n]
        black_before, white_before = line_scores([state.cells[j] for j in line])
        black_after, white_after = line_scores([after[j] for j in line])
        change += (black_after - black_before) - (white_after - white_before)
    if player == 1:
        return change
    return -change
# --- 12: the n-tuple network's gradient step ---------------------------------------------------

def gradient_step(weights, lookups, target, learning_rate):
    """One step of gradient descent on one position's cross-entropy; the prediction before."""
    score = weights[-1]
    for i in lookups:
        score += weights[i]
    p = 1 / (1 + math.exp(-score))
    step = learning_rate * (p - target)
    for i in lookups:
        weights[i] -= step
    weights[-1] -= step
    return p
# --- 09: Othello's flips --------------------------------------------------------------------

def flips(state, square):
    """The squares whose discs turn over when the player to move puts a disc on ``square``."""
    me = state.to_move
    opponent = 3 - me
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    flipped = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == opponent:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            flipped += run
    return flipped
