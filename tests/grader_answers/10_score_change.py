# Answers to 10-score-change, as students write them (see tests/test_grader_answers.py).


# --- right: the player's own sum minus the opponent's, picked by index
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    me, other = player - 1, 2 - player
    point = state.geometry.index[move]
    cells = list(state.cells)
    total = 0
    for n in state.geometry.lines_through[point]:
        points = state.geometry.lines[n]
        old = line_scores([cells[p] for p in points])
        cells[point] = state.to_move
        new = line_scores([cells[p] for p in points])
        cells[point] = 0
        total += (new[me] - old[me]) - (new[other] - old[other])
    return total


# --- right: two sums, before and after, over the four lines
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    lines = [state.geometry.lines[n] for n in state.geometry.lines_through[point]]

    def score(cells):
        black = white = 0
        for line in lines:
            b, w = line_scores([cells[i] for i in line])
            black, white = black + b, white + w
        return black - white if player == 1 else white - black

    after = state.cells[:point] + (state.to_move,) + state.cells[point + 1:]
    return score(after) - score(state.cells)


# --- right: with numpy arrays (np.int64 comes back)
from course_lib.games.gomoku import line_scores
import numpy as np


def score_change(state, move, player):
    cells = np.array(state.cells)
    point = state.geometry.index[move]
    after = cells.copy()
    after[point] = state.to_move
    sign = 1 if player == 1 else -1
    change = np.int64(0)
    for n in state.geometry.lines_through[point]:
        line = list(state.geometry.lines[n])
        before_b, before_w = line_scores(cells[line].tolist())
        after_b, after_w = line_scores(after[line].tolist())
        change += sign * ((after_b - before_b) - (after_w - before_w))
    return change


# --- bug line_own_only: only the player's own runs
# says: only one side's patterns are counted
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in state.geometry.lines_through[point]:
        line = state.geometry.lines[n]
        before = line_scores([state.cells[j] for j in line])
        now = line_scores([after[j] for j in line])
        change += now[player - 1] - before[player - 1]
    return change


# --- bug line_stone_colour: the stone is the asked player's, not the mover's
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    after[point] = player
    change = 0
    for n in state.geometry.lines_through[point]:
        line = state.geometry.lines[n]
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 - w0)
    return change if player == 1 else -change


# --- bug line_wrong_view: black's view for both players
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in state.geometry.lines_through[point]:
        line = state.geometry.lines[n]
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 - w0)
    return change


# --- bug line_wrong_view: the mover's view, not the player's
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in state.geometry.lines_through[point]:
        line = state.geometry.lines[n]
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 - w0)
    return change if state.to_move == 1 else -change


# --- bug line_old_kept: the new lines' scores, the old ones never subtracted
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in state.geometry.lines_through[point]:
        black, white = line_scores([after[j] for j in state.geometry.lines[n]])
        change += black - white
    return change if player == 1 else -change


# --- bug line_too_few: the row and the column, no diagonal
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in state.geometry.lines_through[point][:2]:
        line = state.geometry.lines[n]
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 - w0)
    return change if player == 1 else -change


# --- bug line_stone_missing: a copy of the cells, the stone never put on it
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    change = 0
    for n in state.geometry.lines_through[point]:
        line = state.geometry.lines[n]
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 - w0)
    return change if player == 1 else -change


# --- bug: white's sum subtracted twice (a sign slip inside the bracket)
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in state.geometry.lines_through[point]:
        line = state.geometry.lines[n]
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 + w0)
    return change if player == 1 else -change


# --- bug: the move's point found as row * size + column, with row and column swapped
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    column = "abcdefghijklmnopqrs".index(move[0])
    row = int(move[1:]) - 1
    point = column * state.size + row
    after = list(state.cells)
    after[point] = state.to_move
    change = 0
    for n in state.geometry.lines_through[point]:
        line = state.geometry.lines[n]
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 - w0)
    return change if player == 1 else -change


# --- degenerate: the whole board rescanned (right numbers, not the exercise)
# says: read 112 lines of the board
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    after = list(state.cells)
    after[state.geometry.index[move]] = state.to_move
    change = 0
    for line in state.geometry.lines:
        b0, w0 = line_scores([state.cells[j] for j in line])
        b1, w1 = line_scores([after[j] for j in line])
        change += (b1 - b0) - (w1 - w0)
    return change if player == 1 else -change


# --- degenerate: the move played and the evaluation asked twice
# says: play is not available in this exercise
from course_lib.games.gomoku import patterns


def score_change(state, move, player):
    return patterns(state.play(move), player) - patterns(state, player)


# --- degenerate: the return forgotten
# says: it returned None
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    point = state.geometry.index[move]
    change = 0
    for n in state.geometry.lines_through[point]:
        change += sum(line_scores([state.cells[j] for j in state.geometry.lines[n]]))


# --- degenerate: a string
from course_lib.games.gomoku import line_scores


def score_change(state, move, player):
    return f"{move} for {player}"


# --- unanswered: the skeleton with pass
def score_change(state, move, player):
    """Return how much the pattern evaluation changes."""
    pass
