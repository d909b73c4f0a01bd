# Answers to 06-backpropagate, as students write them (see tests/test_grader_answers.py).

# --- right: one visit each, the reward of the player who moved into the node
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += outcome if node.player == 1 else 1 - outcome


# --- right: from the leaf up, the reward worked out once per player
def backpropagate(path, outcome):
    reward = {1: outcome, 2: 1 - outcome}
    for node in reversed(path):
        node.visits = node.visits + 1
        node.wins = node.wins + reward[node.player]


# --- right: up the parent links from the leaf
def backpropagate(path, outcome):
    node = path[-1]
    while node is not None:
        node.visits += 1
        if node.player == 2:
            node.wins += 1 - outcome
        else:
            node.wins += outcome
        node = node.parent


# --- right: numpy adds the rewards (np.float64 comes back)
import numpy as np


def backpropagate(path, outcome):
    rewards = np.array([outcome, 1 - outcome])
    for node in path:
        node.visits += 1
        node.wins = node.wins + rewards[node.player - 1]


# --- right: the players alternate along the path, so the depth tells whose reward it is
def backpropagate(path, outcome):
    first = path[0].player
    for depth, node in enumerate(path):
        player = first if depth % 2 == 0 else 3 - first
        node.visits += 1
        node.wins += outcome if player == 1 else 1 - outcome
    return path


# --- bug reward_wrong_player: the reward of the player to move at the node
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += outcome if node.to_move == 1 else 1 - outcome


# --- bug reward_player_one_only: player 1's reward everywhere
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += outcome


# --- bug root_not_updated: the root left out
def backpropagate(path, outcome):
    for node in path[1:]:
        node.visits += 1
        node.wins += outcome if node.player == 1 else 1 - outcome


# --- bug leaf_only: only the new leaf updated
def backpropagate(path, outcome):
    leaf = path[-1]
    leaf.visits += 1
    leaf.wins += outcome if leaf.player == 1 else 1 - outcome


# --- bug draw_not_half: a draw is worth nothing to either player
def backpropagate(path, outcome):
    winner = 1 if outcome == 1 else 2 if outcome == 0 else None
    for node in path:
        node.visits += 1
        if node.player == winner:
            node.wins += 1


# --- bug draw_not_half: a draw counted as a win for both
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1
        if outcome == 0.5 or (outcome == 1) == (node.player == 1):
            node.wins += 1


# --- bug: visits and wins updated in local copies, so no node changes
# says: changed no node
def backpropagate(path, outcome):
    for node in path:
        visits, wins = node.visits, node.wins
        visits += 1
        wins += outcome if node.player == 1 else 1 - outcome


# --- bug: player 2's reward written as minus the outcome
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += outcome if node.player == 1 else -outcome


# --- bug: only the visits are counted
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1


# --- bug: the leaf counted twice (once when it is made, once in the loop)
def backpropagate(path, outcome):
    path[-1].visits += 1
    for node in path:
        node.visits += 1
        node.wins += outcome if node.player == 1 else 1 - outcome


# --- unanswered: the skeleton
def backpropagate(path, outcome):
    """Update every node of path (root first, the new leaf last) after a playout."""
    ...


# --- degenerate: the visits made a string
# says: something other than a number
def backpropagate(path, outcome):
    for node in path:
        node.visits = f"{node.visits + 1}"


# --- degenerate: a new child appended to the leaf
# says: changed more than visits and wins
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += outcome if node.player == 1 else 1 - outcome
    path[-1].children.append(path[-1])


# --- degenerate: the outcome used as an index
# says: IndexError
def backpropagate(path, outcome):
    for node in path:
        node.visits += 1
        node.wins += [0, 1][int(outcome * 2)]
