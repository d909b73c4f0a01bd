# Answers to 09-flips, as students write them (see tests/test_grader_answers.py).

# --- right: rows and columns, the 8 directions from two loops
def flips(state, square):
    col = "abcdefgh".index(square[0])
    row = int(square[1]) - 1
    me = state.to_move
    them = 3 - me
    result = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            line = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8:
                cell = state.cells[8 * r + c]
                if cell == them:
                    line.append("abcdefgh"[c] + str(r + 1))
                elif cell == me:
                    result.extend(line)
                    break
                else:
                    break
                r += dr
                c += dc
    return result


# --- right: the course's own square names, a set returned
from course_lib.games.othello import SQUARE_INDEX, SQUARE_NAMES


def flips(state, square):
    start = SQUARE_INDEX[square]
    row, col = divmod(start, 8)
    turned = set()
    for dr, dc in [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]:
        between = []
        r, c = row + dr, col + dc
        while 0 <= r <= 7 and 0 <= c <= 7 and state.cells[r * 8 + c] == 3 - state.to_move:
            between.append(SQUARE_NAMES[r * 8 + c])
            r, c = r + dr, c + dc
        if between and 0 <= r <= 7 and 0 <= c <= 7 and state.cells[r * 8 + c] == state.to_move:
            turned.update(between)
    return turned


# --- right: a flat index with the column checked at each step
def flips(state, square):
    names = [c + str(r) for r in range(1, 9) for c in "abcdefgh"]
    i = names.index(square)
    out = []
    for step, dc in ((-9, -1), (-8, 0), (-7, 1), (-1, -1), (1, 1), (7, -1), (8, 0), (9, 1)):
        run = []
        j, col = i + step, i % 8 + dc
        while 0 <= j < 64 and 0 <= col < 8 and state.cells[j] == 3 - state.to_move:
            run.append(names[j])
            j, col = j + step, col + dc
        if 0 <= j < 64 and 0 <= col < 8 and state.cells[j] == state.to_move:
            out += run
    return out


# --- right: one helper per direction, a tuple returned
def flips(state, square):
    def line(dr, dc):
        r = int(square[1]) - 1 + dr
        c = ord(square[0]) - ord("a") + dc
        seen = []
        while 0 <= r < 8 and 0 <= c < 8:
            v = state.cells[r * 8 + c]
            if v == 0:
                return []
            if v == state.to_move:
                return seen
            seen.append(chr(ord("a") + c) + str(r + 1))
            r, c = r + dr, c + dc
        return []

    directions = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
    return tuple(s for d in directions for s in line(*d))


# --- right: the board as a numpy 8x8 array
import numpy as np


def flips(state, square):
    board = np.array(state.cells).reshape(8, 8)
    r0, c0 = int(square[1]) - 1, "abcdefgh".find(square[0])
    me = state.to_move
    found = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if not (dr or dc):
                continue
            r, c, run = r0 + dr, c0 + dc, []
            while 0 <= r < 8 and 0 <= c < 8 and board[r, c] == 3 - me:
                run.append(f"{'abcdefgh'[c]}{r + 1}")
                r, c = r + dr, c + dc
            if run and 0 <= r < 8 and 0 <= c < 8 and board[r, c] == me:
                found += run
    return found


# --- right: recursion along a line
def flips(state, square):
    me = state.to_move

    def walk(r, c, dr, dc, acc):
        if not (0 <= r < 8 and 0 <= c < 8):
            return []
        cell = state.cells[8 * r + c]
        if cell == me:
            return acc
        if cell == 0:
            return []
        return walk(r + dr, c + dc, dr, dc, acc + ["abcdefgh"[c] + str(r + 1)])

    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    result = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        result += walk(row + dr, col + dc, dr, dc, [])
    return result


# --- bug flips_black_moves: black is always the one placing the disc
def flips(state, square):
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    flipped = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0:
                continue
            run = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 2:
                run.append("abcdefgh"[c] + str(r + 1))
                r, c = r + dr, c + dc
            if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 1:
                flipped += run
    return flipped


# --- bug flips_colours_swapped: to_move read as the player who just moved
def flips(state, square):
    opponent = state.to_move
    me = 3 - opponent
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


# --- bug flips_not_closed: every run of the opponent's discs turns over
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0):
                continue
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
                out.append("abcdefgh"[c] + str(r + 1))
                r, c = r + dr, c + dc
    return out


# --- bug flips_not_closed: a run ended by an empty square turns over too (only the edge stops it)
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    out = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] != 3 - me:
            out += run
    return out


# --- bug flips_few_directions: rows and columns only
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    result = []
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            result += run
    return result


# --- bug flips_few_directions: the two anti-diagonals forgotten
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    result = []
    for dr, dc in ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)):
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            result += run
    return result


# --- bug flips_first_line_only: returns as soon as one line turns over
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            return run
    return []


# --- bug flips_run_not_reset: one list for the discs seen in every direction
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    flipped = []
    run = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            flipped += run
    return flipped


# --- bug flips_wraps_around: steps of -9, -8, -7, -1, 1, 7, 8, 9 on the index, only 0..63 checked
def flips(state, square):
    index = 8 * (int(square[1]) - 1) + "abcdefgh".index(square[0])
    me = state.to_move
    result = []
    for step in (-9, -8, -7, -1, 1, 7, 8, 9):
        run = []
        i = index + step
        while 0 <= i < 64 and state.cells[i] == 3 - me:
            run.append("abcdefgh"[i % 8] + str(i // 8 + 1))
            i += step
        if 0 <= i < 64 and state.cells[i] == me:
            result += run
    return result


# --- bug flips_square_included: the new disc's square listed first
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    turned = [square]
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            turned += run
    return turned


# --- bug flips_closing_disc_included: the line up to and with the closing disc
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    turned = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            run.append("abcdefgh"[c] + str(r + 1))
            turned += run
    return turned


# --- bug flips_transposed: cells indexed by column first
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    turned = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * c + r] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * c + r] == me:
            turned += run
    return turned


# --- bug: rows counted from the bottom, as in chess (a1 taken for the bottom-left corner)
def flips(state, square):
    me = state.to_move
    row, col = 8 - int(square[1]), "abcdefgh".index(square[0])
    turned = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(8 - r))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            turned += run
    return turned


# --- bug: a line that reaches the edge wraps, and a run is not emptied between directions
def flips(state, square):
    index = 8 * (int(square[1]) - 1) + "abcdefgh".index(square[0])
    me = state.to_move
    result, run = [], []
    for step in (-9, -8, -7, -1, 1, 7, 8, 9):
        i = index + step
        while 0 <= i < 64 and state.cells[i] == 3 - me:
            run.append("abcdefgh"[i % 8] + str(i // 8 + 1))
            i += step
        if 0 <= i < 64 and state.cells[i] == me:
            result += run
    return result


# --- bug flips_colours_swapped: the colours tested backwards in the loop (own discs as the run)
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    turned = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            turned += run
    return turned


# --- bug: the line is walked one square too far before it is read (the neighbour skipped)
def flips(state, square):
    me = state.to_move
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    turned = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + 2 * dr, col + 2 * dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - me:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if run and 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == me:
            turned += run
    return turned


# --- degenerate: returns how many discs turn over, not which
def flips(state, square):
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    count = 0
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        n = 0
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - state.to_move:
            n += 1
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == state.to_move:
            count += n
    return count
# says: flips returns a list of square names


# --- degenerate: the squares' indices instead of their names
def flips(state, square):
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    out = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - state.to_move:
            run.append(8 * r + c)
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == state.to_move:
            out += run
    return out
# says: is not a square name


# --- degenerate: asks the position for its flips, which the grader does not hand over
def flips(state, square):
    return state.flips(square)
# says: AttributeError


# --- degenerate: the result built but not returned
def flips(state, square):
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    flipped = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - state.to_move:
            run.append("abcdefgh"[c] + str(r + 1))
            r, c = r + dr, c + dc
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == state.to_move:
            flipped += run
# says: returned None


# --- degenerate: the walk never moves on (r, c never change): the loop never ends
def flips(state, square):
    row, col = int(square[1]) - 1, "abcdefgh".index(square[0])
    flipped = []
    for dr, dc in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]:
        run = []
        r, c = row + dr, col + dc
        while 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == 3 - state.to_move:
            last = "abcdefgh"[c] + str(r + 1)
        if 0 <= r < 8 and 0 <= c < 8 and state.cells[8 * r + c] == state.to_move:
            flipped += run
    return flipped
# seconds: 3


# --- degenerate: the square read as (row letter, column digit): ValueError on 'a'
def flips(state, square):
    row = int(square[0])
    col = int(square[1]) - 1
    return [row, col]


# --- unanswered: the skeleton as handed out
def flips(state, square):
    """Return the squares whose discs turn over when the player to move puts a disc there."""
    ...
