# Answers to 02-evaluation, as students write them (see tests/test_grader_answers.py).

# --- right: as the docstring writes it
def evaluate(state, player):
    opponent = 3 - player
    material = state.stones(player) - state.stones(opponent)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(opponent))
    return 4 * material + mobility


# --- right: the stones counted with numpy (np.int64 comes back)
import numpy as np


def evaluate(state, player):
    board = np.array(state.grid)
    material = np.count_nonzero(board == player) - np.count_nonzero(board == 3 - player)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    return 4 * material + mobility


# --- right: material from the state's own method, mobility from lists
def evaluate(state, player):
    mine = list(state.generate_moves(player))
    theirs = list(state.generate_moves(3 - player))
    return 4 * state.material(player) + len(mine) - len(theirs)


# --- right: as a float
def evaluate(state, player):
    other = 2 if player == 1 else 1
    return float(4 * (state.stones(player) - state.stones(other))
                 + len(state.generate_moves(player)) - len(state.generate_moves(other)))


# --- bug eval_wrong_view: from the view of the player to move
def evaluate(state, player):
    me, you = state.to_move, 3 - state.to_move
    return 4 * (state.stones(me) - state.stones(you)) + len(state.generate_moves(me)) \
        - len(state.generate_moves(you))


# --- bug eval_mobility_mover_only: generate_moves() without a player, twice
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    return 4 * material + len(state.generate_moves()) - len(state.generate_moves())


# --- bug eval_material_weight: a stone worth one move
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    return material + mobility


# --- bug eval_mobility_sign: the mobility subtracted
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    return 4 * material - mobility


# --- bug eval_opponent_mobility: the opponent's moves left out
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    return 4 * material + len(state.generate_moves(player))


# --- bug: the weight on the mobility instead of the material
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    return material + 4 * mobility


# --- bug: the mover's legal moves (a pass counted as a move) for the player's mobility
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    if state.to_move == player:
        mobility = len(state.legal_moves()) - len(state.generate_moves(3 - player))
    else:
        mobility = len(state.generate_moves(player)) - len(state.legal_moves())
    return 4 * material + mobility


# --- bug: the opponent's stones counted as the squares that are neither empty nor the player's
# says: x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1
def evaluate(state, player):
    mine = state.stones(player)
    theirs = 49 - state.empty_squares - mine
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    return 4 * (mine - theirs) + mobility


# --- bug: player 1's material whoever the player is
def evaluate(state, player):
    material = state.stones(1) - state.stones(2)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    return 4 * material + mobility


# --- bug: forgets the return
# says: returned None
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    score = 4 * material + mobility


# --- unanswered: the skeleton
def evaluate(state, player):
    """Material plus mobility for ATAXX, from player's view (larger is better for player)."""
    ...


# --- degenerate: material and mobility returned apart
# says: an evaluation is a number
def evaluate(state, player):
    material = state.stones(player) - state.stones(3 - player)
    mobility = len(state.generate_moves(player)) - len(state.generate_moves(3 - player))
    return material, mobility


# --- degenerate: writes on the board
# says: changed the position
def evaluate(state, player):
    state.grid[4][4] = player
    return 0


# --- degenerate: a bool for "good for the player"
# says: an evaluation is a number
def evaluate(state, player):
    return state.stones(player) > state.stones(3 - player)
