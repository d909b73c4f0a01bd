# Answers to 05-iterative-deepening, as students write them (see tests/test_grader_answers.py).

# --- right: a for loop, sorted best first, the clock read after each iteration
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        _, best_move, root_values = result
        reached = depth
        moves = [m for m, v in sorted(root_values, key=lambda mv: mv[1], reverse=True)]
        if clock() > deadline:
            break
    return best_move, reached


# --- right: a while loop, the clock read before each new iteration
def iterative_deepening(state, max_depth, deadline, clock, search):
    order = list(state.legal_moves())
    answer = (None, 0)
    depth = 1
    while depth <= max_depth and (depth == 1 or clock() <= deadline):
        found = search(state, depth, order)
        if found is None:
            break
        value, move, values = found
        answer = (move, depth)
        order = [m for m, _ in sorted(values, key=lambda pair: -pair[1])]
        depth += 1
    return answer


# --- right: the values kept in a dict, the moves sorted by them
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    done = []
    for depth in range(1, max_depth + 1):
        if done and clock() > deadline:
            break
        result = search(state, depth, moves)
        if result is None:
            break
        value_of = dict(result[2])
        moves = sorted(moves, key=lambda m: value_of[m], reverse=True)
        done.append((result[1], depth))
    return done[-1] if done else (None, 0)


# --- bug deadline_never_checked: every depth started, whatever the clock says
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        _, best_move, root_values = result
        reached = depth
        moves = [m for m, v in sorted(root_values, key=lambda mv: mv[1], reverse=True)]
    return best_move, reached


# --- bug search_after_timeout: an iteration that ran out of time is skipped, not the end
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            continue
        _, best_move, root_values = result
        reached = depth
        moves = [m for m, v in sorted(root_values, key=lambda mv: mv[1], reverse=True)]
    return best_move, reached


# --- bug no_reordering: the moves always in the order legal_moves gives
def iterative_deepening(state, max_depth, deadline, clock, search):
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, state.legal_moves())
        if result is None:
            break
        best_move, reached = result[1], depth
        if clock() > deadline:
            break
    return best_move, reached


# --- bug reordered_backwards: sorted from the worst value up
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        _, best_move, root_values = result
        reached = depth
        moves = [m for m, v in sorted(root_values, key=lambda mv: mv[1])]
        if clock() > deadline:
            break
    return best_move, reached


# --- bug unfinished_depth: the depth reported is the loop's, also when it ran out of time
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move = None
    depth = 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        best_move = result[1]
        moves = [m for m, v in sorted(result[2], key=lambda mv: mv[1], reverse=True)]
        if clock() > deadline:
            break
    return best_move, depth


# --- bug: the move of the first iteration is the one played
# says: that of the depth-1 search
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    first_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        if first_move is None:
            first_move = result[1]
        reached = depth
        moves = [m for m, v in sorted(result[2], key=lambda mv: mv[1], reverse=True)]
        if clock() > deadline:
            break
    return first_move, reached


# --- bug: the moves sorted by name instead of by value
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        _, best_move, root_values = result
        reached = depth
        moves = sorted(moves, key=str, reverse=True)
        if clock() > deadline:
            break
    return best_move, reached


# --- bug: the best move alone put first, the others left in their old order
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        _, best_move, _ = result
        reached = depth
        moves = [best_move] + [m for m in moves if m != best_move]
        if clock() > deadline:
            break
    return best_move, reached


# --- bug: the last depth searched twice, "to be sure"
# says: a second time
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(1, max_depth + 1):
        result = search(state, depth, moves)
        if result is None:
            break
        _, best_move, root_values = result
        reached = depth
        moves = [m for m, v in sorted(root_values, key=lambda mv: mv[1], reverse=True)]
        if clock() > deadline:
            break
    if reached:
        again = search(state, reached, moves)
        if again is not None:
            best_move = again[1]
    return best_move, reached


# --- unanswered: the skeleton
def iterative_deepening(state, max_depth, deadline, clock, search):
    """Return (move, depth)."""
    ...


# --- degenerate: one search at the deepest depth, no deepening
def iterative_deepening(state, max_depth, deadline, clock, search):
    result = search(state, max_depth, state.legal_moves())
    return (result[1], max_depth) if result else (None, 0)


# --- degenerate: starts at depth 0
# says: depth 1 or more
def iterative_deepening(state, max_depth, deadline, clock, search):
    moves = state.legal_moves()
    best_move, reached = None, 0
    for depth in range(max_depth):
        result = search(state, depth, moves)
        if result is None:
            break
        best_move, reached = result[1], depth
    return best_move, reached


# --- degenerate: the depth returned as a float
# says: a depth is a whole number
def iterative_deepening(state, max_depth, deadline, clock, search):
    result = search(state, 1, state.legal_moves())
    return (result[1] if result else None), 1.0


# --- degenerate: waits for the clock to pass the deadline, but nothing moves the clock
# says: reading the clock
def iterative_deepening(state, max_depth, deadline, clock, search):
    while True:
        if clock() > deadline + 10 ** 9:
            break
    return None, 0
