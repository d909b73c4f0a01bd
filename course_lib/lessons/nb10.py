"""Notebook 10, the Gomoku AI redone: its helpers and its exercises.

The project's experiments, redone on the project's own game (omok: 19x19, a double three
forbidden) with freestyle on the same board beside it where the rule changes the answer: its
evaluation, its candidate-move restriction, its search cost, tactics that need depth, and its
design questions settled by games (seeded openings, colour-swapped pairs, an SPRT).

The positions are the questions: ``middle_game`` (twelve stones around the centre, the
benchmark's position), seeded games (``seeded_game``) and the tactical positions of
``TACTICS``. Every search is the course's alpha-beta with the project's pattern evaluation
(``course_lib.games.gomoku.patterns``), readable or compiled (``course_lib.games.gomoku_fast``,
the same nodes); ``FastPlayer`` plays games with the compiled one.

>>> state = middle_game(radius=1)
>>> state.size, state.rule, len(state.legal_moves()), state.to_move
(19, 'omok', 28, 1)
"""

from __future__ import annotations

import contextlib
import io
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..agents.search import MAX_DEPTH
from ..agents.transposition import FAST_SLOT_BYTES
from ..checks import MAX_COUNT, MAX_NODES, check_memory, check_player, describe, flag, whole
from ..errors import CourseError, InvalidArgumentError
from ..exercises import register
from ..games.gomoku import (FEATURES, Gomoku, check_size, geometry, line_kind, line_runs,
                            pattern_counts)
from ..games.gomoku_fast import fast_gomoku_alphabeta, fast_gomoku_deepening
from ..i18n import N_, _
from ..rng import SplitMix64, check_seed
from ..strength import Sprt, sprt_elo_estimate
from .compare import whole_number

PROJECT_GAME = {"size": 19, "rule": "omok"}
"""The project's game: omok on 19x19."""

MIDDLE_GAME = ("h8", "h9", "i9", "g7", "j10", "i8", "g9", "k11", "f8", "g8", "i10", "f10")
"""Twelve stones around the centre of the 15x15 board (six each), black (x) to move: the
benchmark's position; ``middle_game`` shifts it to the centre of 19x19."""


def _shift(name: str, by: int) -> str:
    """A 15x15 point's name moved ``by`` columns right and rows down."""
    return f"{chr(ord(name[0]) + by)}{int(name[1:]) + by}"


def check_state(state: object, name: str = "state") -> Gomoku:
    """``state`` when it is a Gomoku position, else InvalidArgumentError in words.

    >>> check_state(middle_game()).size
    19
    """
    if not isinstance(state, Gomoku):
        raise InvalidArgumentError(f"{name} must be a Gomoku position (middle_game(), "
                                   f"position(...), Gomoku.from_text(...)), got "
                                   f"{describe(state)}")
    return state


def check_positions(positions: object) -> list[Gomoku]:
    """``positions`` as a list when it is a non-empty sequence of Gomoku positions (a seeded
    game, say), else InvalidArgumentError in words."""
    if isinstance(positions, (str, bytes, Gomoku)) or not isinstance(positions, Sequence) \
            or not positions:
        raise InvalidArgumentError(f"positions must be a non-empty list of Gomoku positions "
                                   f"(seeded_game(1), say), got {describe(positions)}")
    for k, state in enumerate(positions):
        check_state(state, f"positions[{k}]")
    return list(positions)


def _check_fast_player(player: object, name: str) -> None:
    if not isinstance(player, FastPlayer):
        raise InvalidArgumentError(f"{name} must be a FastPlayer (FastPlayer(depth=2), say), "
                                   f"got {describe(player)}")


def _stones(black: str, white: str, size: int = 19) -> list[int]:
    """The cells of a board with these stones (point names separated by spaces)."""
    board = geometry(check_size(size))
    cells = [0] * board.points
    for player, points in ((1, black), (2, white)):
        if not isinstance(points, str):
            raise InvalidArgumentError(f"the stones are point names separated by spaces "
                                       f"('j10 k10'), got {describe(points)}")
        for name in points.split():
            if name not in board.index:
                raise InvalidArgumentError(
                    f"{name!r} is not a point of the {size}x{size} board (a1 to "
                    f"{board.names[-1]}: a column letter, then a row number)")
            if cells[board.index[name]]:
                raise InvalidArgumentError(f"{name} is given two stones; a point holds one")
            cells[board.index[name]] = player
    return cells


def position(black: str, white: str, size: int = 19, rule: str = "omok",
             radius: int = 0) -> Gomoku:
    """The position with these stones (the side to move follows from the counts).

    >>> position("j10 k10", "a1").to_move
    2
    """
    return Gomoku(_stones(black, white, size), rule=rule, radius=radius)


def middle_game(radius: int = 1, size: int = 19, rule: str = "omok") -> Gomoku:
    """The benchmark's middle-game position (``MIDDLE_GAME`` at the centre of the board) in
    the game of this size and rule, restricted to ``radius``."""
    state = Gomoku(size=size, rule=rule, radius=radius)
    for move in MIDDLE_GAME:
        state = state.play(_shift(move, (size - 15) // 2))
    return state


def seeded_game(seed: int, moves: int = 40, radius: int = 1, size: int = 19,
                rule: str = "omok") -> list[Gomoku]:
    """The first ``moves`` positions (the empty board first) of a game of random moves drawn
    among the candidate moves of ``radius`` (seeded); fewer when a five ends it sooner.

    >>> [p.last_move for p in seeded_game(1, 3)]
    [None, 'j10', 'k11']
    """
    state = Gomoku(size=check_size(size), rule=rule, radius=radius)
    moves = whole(moves, "moves", 1, size * size)
    rng = SplitMix64(check_seed(seed))
    positions = [state]
    while len(positions) < moves and not state.is_over():
        options = state.legal_moves()
        state = state.apply(options[rng.below(len(options))])
        positions.append(state)
    return positions


def branching(positions: list[Gomoku], radii: tuple[int, ...] = (1, 2)) -> list[dict[str, Any]]:
    """Per position still in play: the stones, the rules' moves (every empty point, less the
    forbidden ones in omok) and the candidate moves within each radius. A finished position
    (a five on the board) has no move to search and no row.

    >>> branching([Gomoku().play("h8")])
    [{'stones': 1, 'moves': 224, 'radius 1': 8, 'radius 2': 24}]
    """
    positions = check_positions(positions)
    if isinstance(radii, (str, bytes)) or not isinstance(radii, Sequence) or not radii:
        raise InvalidArgumentError(f"radii must be a tuple of distances (1, 2), got "
                                   f"{describe(radii)}")
    radii = tuple(whole(r, "each radius", 1, 18) for r in radii)
    rows = []
    for state in positions:
        if state.is_over():
            continue
        row: dict[str, Any] = {"stones": sum(1 for c in state.cells if c),
                               "moves": len(Gomoku(state.cells, rule=state.rule).legal_moves())}
        for r in radii:
            row[f"radius {r}"] = len(state.candidate_moves(r))
        rows.append(row)
    return rows


# --- 1. two open threes --------------------------------------------------------------------------

THREE_EXAMPLES = ("_X*X_", "_X*_X_", "O_X*X_O", "OX*X_", "_X*XX_")
"""Row patterns around a move ``*`` of black's (``X`` black, ``O`` white, ``_`` empty)."""


def three_readings(pattern: str) -> tuple[int, str]:
    """What the two "open threes" make of a row pattern around a move ``*`` of black's
    (``X`` black, ``O`` white, ``_`` empty; the pattern is placed in row 10 of 19x19): the
    pattern evaluation's count of f4 runs (exactly ``_XXX_``) in the row after the move, and
    what the omok rule calls the move's line (``gomoku.line_kind``: 'three', 'four', 'five'
    or '').

    >>> three_readings("_X*_X_"), three_readings("O_X*X_O")
    ((0, 'three'), (1, ''))
    """
    if not isinstance(pattern, str) or set(pattern) - set("XO_*") or pattern.count("*") != 1 \
            or len(pattern) > 19:
        raise InvalidArgumentError(f"a pattern is up to 19 of X, O, _ with one * (the move), "
                                   f"such as '_X*X_', got {describe(pattern)}")
    board = geometry(19)
    start = (19 - len(pattern)) // 2
    cells = [0] * board.points
    row = [9 * 19 + start + k for k in range(len(pattern))]
    for point, char in zip(row, pattern):
        cells[point] = {"X": 1, "O": 2}.get(char, 0)
    move = row[pattern.index("*")]
    kind = line_kind(cells, move, 1, 0)
    cells[move] = 1
    f4 = sum(1 for player, feature in line_runs([cells[9 * 19 + c] for c in range(19)])
             if player == 1 and FEATURES[feature] == "f4 open three")
    return f4, kind


DOUBLE_THREE = position("j8 j9 h10 i10", "a1 c1 e1 g1")
"""x to move: j10 makes two open threes at once (row h10-j10, column j8-j10), a double threat
o cannot answer both of in freestyle, and a forbidden move in omok."""


def rule_effects(positions: Sequence[Gomoku]) -> dict[str, Any]:
    """How much omok changes the game over the ``positions`` still in play (a finished one,
    with a five on the board, has no moves and is left out): how many there are, those with
    a forbidden point for the side to move, how many such points in all, and the mean number
    of moves with and without the rule.

    >>> rule_effects([DOUBLE_THREE])["forbidden points"]
    1
    """
    positions = [state for state in check_positions(positions) if not state.is_over()]
    if not positions:
        raise InvalidArgumentError("rule_effects needs a position still in play: every "
                                   "position given has a five on the board")
    with_points = forbidden = moves = 0
    for state in positions:
        omok = Gomoku(state.cells, rule="omok")
        free = len(Gomoku(state.cells).legal_moves())
        refused = free - len(omok.legal_moves())
        with_points += refused > 0
        forbidden += refused
        moves += free
    n = len(positions)
    return {"positions": n, "with a forbidden point": with_points,
            "forbidden points": forbidden, "mean moves, freestyle": round(moves / n, 2),
            "mean moves, omok": round((moves - forbidden) / n, 2)}


# --- 2. what the evaluation costs --------------------------------------------------------------

def seconds_per_evaluation(parents: Sequence[Gomoku], evaluate: Callable[[Gomoku, int], int],
                           repeats: int = 5) -> float:
    """The wall-clock seconds ``evaluate(child, 1)`` takes on a child of a position, the mean
    over one child of each of ``parents`` (the position after its middle legal move), best of
    ``repeats`` passes. The parents' own scores are computed first, as a search has them when
    it reaches a child; each pass makes its children afresh, since a state keeps its score once
    computed. The best pass is the one the rest of a shared machine disturbed least.

    >>> from course_lib.games.gomoku import patterns
    >>> seconds_per_evaluation(seeded_game(2, 10), patterns, repeats=2) > 0
    True
    """
    parents = [state for state in check_positions(parents) if not state.is_over()]
    if not parents:
        raise InvalidArgumentError("seconds_per_evaluation needs a position still in play: "
                                   "every position given has a five on the board")
    if not callable(evaluate):
        raise InvalidArgumentError(f"evaluate must be an evaluation (state, player) -> score, "
                                   f"such as patterns, got {describe(evaluate)}")
    repeats = whole(repeats, "repeats", 1, 100, "passes")
    for state in parents:
        state.pattern_totals()
    best = float("inf")
    for _ in range(repeats):
        children = [p.apply(p.legal_moves()[len(p.legal_moves()) // 2]) for p in parents]
        start = time.perf_counter()
        for child in children:
            evaluate(child, 1)
        best = min(best, (time.perf_counter() - start) / len(children))
    return best


# --- 3. what the radius saves, and where radius 1 misses ---------------------------------------

def minimax_nodes(state: Gomoku, depth: int) -> int:
    """The nodes minimax visits searching ``state`` to ``depth`` plies: every node of the tree
    (the root included; a finished position is a leaf), counted as the searches count them.

    >>> minimax_nodes(middle_game(radius=1), 1)         # the root and its 28 children
    29
    """
    check_state(state)
    depth = whole(depth, "depth", 0, 4, "plies")
    if depth == 0 or state.is_over():
        return 1
    return 1 + sum(minimax_nodes(state.apply(move), depth - 1) for move in state.legal_moves())


RADIUS_MISS = position("i9 j9 k9 m11 m12 m13", "h9 m14 b2 r2 b18 r18")
"""x to move (19x19, omok): m9, two points from every stone, makes two fours at once, each
with a gap (``XXX_X`` in row 9, ``X_XXX`` in column m): o can block only one. Within radius 1
m9 is not a candidate; within radius 2 it is."""


# --- 4. tactics that need depth -----------------------------------------------------------------

TACTICS: dict[str, tuple[str, tuple[str, ...]]] = {
    # m9 makes XX_XX in row 9 and X_XXX in column m: two fours, each with a gap, which the
    # evaluation does not see as fours; k9 (a four without a gap, closed by h9) looks better.
    "split double four": (position("i9 j9 l9 m11 m12 m13", "h9 m14 b2 r2 b18 r18").text(),
                          ("m9",)),
    # l10 makes the four XX_XX (o must take j10); then l14 makes two fours at once (row 14
    # and column l); or the same the other way round. j10 (a four without a gap, closed by
    # g10) looks better, and o's block at l10 ends both.
    "four, then a double four": (position("h10 i10 k10 l12 l13 h14 i14 k14 c3 d3 e3",
                                          "b3 l15 g10 g14 a19 c19 e19 g19 i19 k19 m19").text(),
                                 ("l10", "l14")),
}
"""Tactical positions (19x19 omok, x to move): name -> (text form, the moves that win by a
sequence of fours within 5 plies)."""


def tactic(name: str, radius: int = 1) -> tuple[Gomoku, tuple[str, ...]]:
    """The tactical position ``name`` (a key of ``TACTICS``) in omok restricted to
    ``radius``, and its winning moves."""
    if not isinstance(name, str) or name not in TACTICS:
        raise InvalidArgumentError(f"no tactical position {describe(name)}; they are "
                                   + ", ".join(repr(k) for k in TACTICS))
    text, right = TACTICS[name]
    return Gomoku.from_text(text, rule="omok", radius=radius), right


WIN = 40_000_000
"""A search value at least this large means a five at the end of its principal line: every
other feature together weighs far less than one five (50,000,000)."""


def principal_line(state: Gomoku, depth: int) -> list[str]:
    """The line the compiled alpha-beta expects from ``state`` at ``depth`` plies: its move,
    then the move a search of the position after it to ``depth - 1`` plies chooses, and so on,
    until the depth is spent or the game is over. Each search's value is exact, so when the
    line runs its whole depth, the position at its end scores (``patterns``, for the side to
    move at ``state``) the value of the search at ``depth``.

    >>> principal_line(middle_game(), 2)
    ['g9', 'i12']
    """
    check_state(state)
    depth = whole(depth, "depth", 1, MAX_DEPTH, "plies")
    line = []
    while depth > 0 and not state.is_over():
        move = fast_gomoku_alphabeta(state, depth).move
        line.append(move)
        state = state.play(move)
        depth -= 1
    return line


def depth_table(state: Gomoku, depths: Sequence[int] = (1, 2, 3, 4, 5)) -> list[dict[str, Any]]:
    """The compiled alpha-beta's move, value, nodes and seconds at each depth, and whether
    the value is a win (``WIN``)."""
    check_state(state)
    if isinstance(depths, (str, bytes)) or not isinstance(depths, Sequence) or not depths:
        raise InvalidArgumentError(f"depths must be a list of depths (1, 2, 3), got "
                                   f"{describe(depths)}")
    depths = [whole(d, "each depth", 1, MAX_DEPTH) for d in depths]
    rows = []
    for depth in depths:
        result = fast_gomoku_alphabeta(state, depth)
        rows.append({"depth": depth, "move": result.move, "value": result.value,
                     "wins": result.value >= WIN, "nodes": result.stats.nodes,
                     "seconds": result.stats.seconds})
    return rows


# --- 5. games ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FastPlayer:
    """A player that searches each position with the compiled alpha-beta and the pattern
    evaluation, in the game restricted to ``radius``: to a fixed ``depth``, or with
    iterative deepening under a budget of ``max_nodes`` nodes a move (the machine-independent
    stand-in for a time limit), with a transposition table of 2**``table_bits`` slots and the
    root reordered by the previous iteration (``reorder``) or not; ``name`` says which.

    >>> FastPlayer(depth=2).choose_move(middle_game())
    'g9'
    >>> FastPlayer(max_nodes=20_000, reorder=False).name
    'alpha-beta radius 1, 20,000 nodes, deepening, board order, no table'
    """

    radius: int = 1
    depth: int | None = None
    max_nodes: int | None = None
    table_bits: int | None = None
    reorder: bool = True

    def __post_init__(self) -> None:
        if (self.depth is None) == (self.max_nodes is None):
            raise InvalidArgumentError("a FastPlayer searches to a depth or within a node "
                                       "budget: give exactly one of depth and max_nodes")
        checked = {
            "radius": whole(self.radius, "radius (0: every empty point, else a distance)", 0,
                            18),
            "depth": whole(self.depth, "depth", 1, MAX_DEPTH, "plies", optional=True),
            "max_nodes": whole(self.max_nodes, "max_nodes", 1, MAX_NODES, "nodes a move",
                               optional=True),
            "table_bits": whole(self.table_bits, "table_bits (a table of 2**table_bits "
                                "slots; None: no table)", 1, 26, optional=True),
            "reorder": flag(self.reorder, "reorder")}
        for key, value in checked.items():          # numpy integers become ints
            object.__setattr__(self, key, value)
        if self.table_bits is not None:
            check_memory((1 << self.table_bits) * FAST_SLOT_BYTES,
                         f"table_bits={self.table_bits} (a table of 2**{self.table_bits} slots)")

    @property
    def name(self) -> str:
        """The player's settings in words, in the language the course speaks."""
        parts = [_("alpha-beta radius {radius}").format(radius=self.radius)]
        if self.depth is not None:
            parts += [_("depth {depth}").format(depth=self.depth), _("no deepening")]
            parts += [_("table")] if self.table_bits else []
        else:
            parts += [_("{nodes} nodes").format(nodes=f"{self.max_nodes:,}"), _("deepening"),
                      _("root reordered") if self.reorder else _("board order"),
                      _("table") if self.table_bits else _("no table")]
        return ", ".join(parts)

    def search(self, state: Gomoku):
        """The search of ``state`` (its cells and rule) restricted to this player's radius:
        a SearchResult whose stats count every iteration finished."""
        check_state(state)
        game = Gomoku(state.cells, rule=state.rule, radius=self.radius)
        if self.depth is not None:
            return fast_gomoku_alphabeta(game, self.depth, self.table_bits)
        return fast_gomoku_deepening(game, 64, self.table_bits, self.max_nodes,
                                     self.reorder)[-1]

    def choose_move(self, state: Gomoku) -> str:
        return self.search(state).move

    def spent(self, result: Any) -> int:
        """The nodes a search of this player spent, the abandoned iteration included: the
        compiled deepening abandons an iteration at the first node past the budget, so a
        search cut by its budget spent one node more than the budget (or than its finished
        iterations, if the first one alone went over)."""
        if self.max_nodes is None or result.depth == 64:
            return result.stats.nodes
        return max(self.max_nodes, result.stats.nodes) + 1


@dataclass
class Game:
    """One game: its opening, the moves played after it, the winner (0 a draw), and per
    player (1 black, 2 white) for each of its moves: the nodes spent (``FastPlayer.spent``),
    the seconds it took to choose the move (wall clock, the whole search) and the depth of
    the search that chose it."""

    opening: tuple[str, ...]
    moves: tuple[str, ...]
    winner: int
    nodes: dict[int, list[int]] = field(default_factory=dict)
    seconds: dict[int, list[float]] = field(default_factory=dict)
    depths: dict[int, list[int]] = field(default_factory=dict)


def play_game(black: FastPlayer, white: FastPlayer, opening: Sequence[str],
              size: int = 19, rule: str = "omok") -> Game:
    """Play ``opening`` on the empty board, then let the players move until five in a row or
    the end of the game; every move is checked by the rules (``Gomoku.play``).

    >>> game = play_game(FastPlayer(depth=1), FastPlayer(depth=1), ("j10", "k11"))
    >>> game.winner, len(game.moves) > 5
    (1, True)
    """
    _check_fast_player(black, "black")
    _check_fast_player(white, "white")
    state = Gomoku(size=check_size(size), rule=rule)
    if isinstance(opening, (str, bytes)) or not isinstance(opening, Sequence):
        raise InvalidArgumentError(f"opening must be a list of moves ('j10', 'k11'), got "
                                   f"{describe(opening)}")
    for move in opening:
        state = state.play(move)
    moves = []
    nodes: dict[int, list[int]] = {1: [], 2: []}
    seconds: dict[int, list[float]] = {1: [], 2: []}
    depths: dict[int, list[int]] = {1: [], 2: []}
    while not state.is_over():
        mover = state.to_move
        player = black if mover == 1 else white
        started = time.perf_counter()
        result = player.search(state)
        seconds[mover].append(time.perf_counter() - started)
        nodes[mover].append(player.spent(result))
        depths[mover].append(result.depth)
        moves.append(result.move)
        state = state.play(result.move)
    return Game(tuple(opening), tuple(moves), state.winner() or 0, nodes, seconds, depths)


def seeded_openings(count: int, plies: int = 4, seed: int = 1, size: int = 19,
                    rule: str = "omok") -> list[tuple[str, ...]]:
    """``count`` different openings of ``plies`` moves: the centre, then moves drawn at random
    (seeded) among the points next to the stones (radius 1); no two reach the same position.

    >>> seeded_openings(2, 3, seed=4)
    [('j10', 'i9', 'h9'), ('j10', 'j9', 'i10')]
    """
    count = whole(count, "count", 1, 10_000, "openings")
    plies = whole(plies, "plies", 1, 40)
    rng = SplitMix64(check_seed(seed))
    empty = Gomoku(size=check_size(size), rule=rule, radius=1)
    openings, seen = [], set()
    draws = 0
    while len(openings) < count:
        draws += 1
        if draws > 100 * count + 1000:
            raise InvalidArgumentError(
                f"only {len(openings)} different openings of {plies} plies turned up in "
                f"{draws - 1} draws, not {count}: ask for fewer, or for longer openings")
        state = empty
        moves = []
        for _ply in range(plies):
            if state.is_over():                      # a five already: not an opening
                break
            options = state.legal_moves()
            move = options[rng.below(len(options))]
            moves.append(move)
            state = state.play(move)
        if not state.is_over() and state.key() not in seen:
            seen.add(state.key())
            openings.append(tuple(moves))
    return openings


class _Labels(dict):
    """A dict of marked messages whose values are read in the language the course speaks."""

    def __getitem__(self, key: str) -> str:
        return _(super().__getitem__(key))


TEST_LABELS = _Labels({
    "radius 2 against radius 1, depth 3":
        N_("radius 2 against radius 1, both alpha-beta to depth 3 (no deepening, no table)"),
    "radius 1 against radius 2, equal nodes":
        N_("radius 1 against radius 2, both deepening with the root reordered and a table, "
           "20,000 nodes"),
    "deepening + table against plain alpha-beta, equal nodes":
        N_("root reordered + table against board order without a table, both deepening at "
           "radius 1, 20,000 nodes"),
    "deepening + table with fewer nodes against plain alpha-beta":
        N_("the same as 3, the player with the reordering and the table given 15,000 nodes")})
"""What each stored test of ``benchmarks/bench_gomoku_project.py`` compares, by its stored
name: the notebook prints these, as the stored names leave out settings the players had
(``TEST_LABELS[name]`` is in the language the course speaks)."""

SPRT_SETTINGS = {"elo0": 0.0, "elo1": 20.0, "alpha": 0.05, "beta": 0.05,
                 "kind": "pentanomial", "scale": "normalized"}
"""The tests of the paired matches: H0 A is 0 normalized Elo stronger than B, H1 20."""


@dataclass
class PairedSprt:
    """Colour-swapped pairs from seeded openings, fed to a pentanomial SPRT on normalized Elo.

    ``pairs[i]`` is A's points (0..2) in pair i, ``games[2 i]`` the game A played with black,
    ``games[2 i + 1]`` with white; ``max_pairs`` the test's cap."""

    a: str
    b: str
    pairs: list[float]
    games: list[Game]
    test: Sprt
    max_pairs: int

    @property
    def capped(self) -> bool:
        """Did the test reach its cap without a decision?"""
        return self.test.state == "continue" and len(self.pairs) >= self.max_pairs


def paired_sprt(a: FastPlayer, b: FastPlayer, max_pairs: int = 200, plies: int = 4,
                seed: int = 1, on_pair: Callable[[PairedSprt], None] | None = None
                ) -> PairedSprt:
    """A against B on the project's game: for each seeded opening (``seeded_openings``), two
    games with the colours swapped, each pair fed to ``Sprt(**SPRT_SETTINGS)`` until it
    decides or ``max_pairs`` pairs are played. ``on_pair(run)`` is called after every pair.

    >>> run = paired_sprt(FastPlayer(depth=1), FastPlayer(depth=1, radius=2), max_pairs=1)
    >>> len(run.pairs), len(run.games), run.capped
    (1, 2, True)
    """
    _check_fast_player(a, "a")
    _check_fast_player(b, "b")
    max_pairs = whole(max_pairs, "max_pairs", 1, 10_000, "pairs")
    if on_pair is not None and not callable(on_pair):
        raise InvalidArgumentError(f"on_pair must be a function run -> None, or None, got "
                                   f"{describe(on_pair)}")
    run = PairedSprt(a.name, b.name, [], [], Sprt(**SPRT_SETTINGS), max_pairs)
    for opening in seeded_openings(max_pairs, plies, seed, **PROJECT_GAME):
        first = play_game(a, b, opening, **PROJECT_GAME)
        second = play_game(b, a, opening, **PROJECT_GAME)
        points = sum(1.0 if game.winner == colour else 0.5 if game.winner == 0 else 0.0
                     for game, colour in ((first, 1), (second, 2)))
        run.games += [first, second]
        run.pairs.append(points)
        state = run.test.add(points)
        if on_pair is not None:
            on_pair(run)
        if state != "continue":
            break
    return run


def pair_counts(pairs: Sequence[float]) -> list[int]:
    """The pentanomial counts: how many pairs scored 0, 1/2, 1, 3/2, 2 points.

    >>> pair_counts([2, 1.5, 2, 0])
    [1, 0, 0, 1, 2]
    """
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Sequence):
        raise InvalidArgumentError(f"pairs must be a list of the points A scored in each pair, "
                                   f"got {describe(pairs)}")
    for p in pairs:
        if isinstance(p, bool) or not isinstance(p, (int, float)) or p not in (0, 0.5, 1, 1.5, 2):
            raise InvalidArgumentError(f"a pair scores 0, 0.5, 1, 1.5 or 2 points, got "
                                       f"{describe(p)}")
    return [sum(1 for p in pairs if p == k / 2) for k in range(5)]


def sprt_reading(test: Sprt, max_pairs: int) -> str:
    """What a paired SPRT says, in the words of notebook 07: the decision (accepting H1 is not
    "at least elo1"; accepting H0 is not "equal"; a test stopped at its cap is undecided), then
    the Elo difference with its unit named: the median-unbiased estimate after the stop
    (``course_lib.strength.sprt_elo_estimate``) with its 95 % interval, and beside it the
    naive figure from the score, said to be biased when the test stopped at a bound.

    >>> print(sprt_reading(Sprt.from_totals(pairs=[0, 1, 2, 1, 0], **{k: v for k, v in
    ...       SPRT_SETTINGS.items() if k != "kind"}), 4))   # doctest: +ELLIPSIS
    undecided: the test reached its cap of 4 pairs without a decision...
    """
    if not isinstance(test, Sprt) or test.kind != "pentanomial":
        raise InvalidArgumentError(f"test must be a pentanomial Sprt holding the pairs' results "
                                   f"(Sprt(**SPRT_SETTINGS)), got {describe(test)}")
    whole(max_pairs, "max_pairs (the test's cap)", 1, MAX_COUNT, "pairs")
    h0, h1 = f"{test.elo0:g}", f"{test.elo1:g}"
    if test.state == "accept H1":
        verdict = _("accept H1 after {pairs} pairs: the games are much likelier if A is "
                    "{h1} normalized Elo stronger than if it is {h0}, at the test's error "
                    "rates (5 % each); this is not a measure of the difference, and not 'at "
                    "least {h1}'.")
    elif test.state == "accept H0":
        verdict = _("accept H0 after {pairs} pairs: the games are likelier if A is "
                    "{h0} normalized Elo stronger than if it is {h1}: A is not shown to be "
                    "stronger (which is not 'equal').")
    elif test.played >= max_pairs:
        verdict = _("undecided: the test reached its cap of {cap} pairs without a "
                    "decision.")
    else:
        verdict = _("still running after {pairs} pairs: no decision yet.")
    verdict = verdict.format(pairs=test.played, h0=h0, h1=h1, cap=max_pairs)
    if not test.played:
        return verdict
    e = sprt_elo_estimate(test)
    why = {"accept H1": _("biased: the test stopped because its results ran high"),
           "accept H0": _("biased: the test stopped because its results ran low")}.get(
        test.state) or _("the test did not stop at a bound")
    if e.note:                          # every pair scored the same: no estimate to give
        return verdict + "\n" + _(
            "Elo of A against B: every pair scored the same, so there is no median-unbiased "
            "estimate; naive, from the score: {naive} logistic Elo ({why}).").format(
            naive=f"{e.naive_elo:+.1f}", why=why)
    return verdict + "\n" + _(
        "Elo of A against B, median-unbiased: {elo:+.1f} logistic Elo (95 % interval "
        "{low:+.1f} to {high:+.1f}), {nelo:+.1f} normalized Elo ({nlow:+.1f} to "
        "{nhigh:+.1f});\nnaive, from the score: {naive:+.1f} logistic Elo, {nnaive:+.1f} "
        "normalized Elo ({why}).").format(
        elo=e.elo, low=e.elo_low, high=e.elo_high, nelo=e.normalized_elo,
        nlow=e.normalized_low, nhigh=e.normalized_high, naive=e.naive_elo,
        nnaive=e.naive_normalized_elo, why=why)


# --- pictures ------------------------------------------------------------------------------------

def feature_runs(state: Gomoku) -> list[tuple[int, int, tuple[str, ...]]]:
    """Every run the pattern evaluation counts: (player, feature index 0..7 for f1..f8, the
    run's points), line by line, as ``gomoku.line_runs`` counts them.

    >>> feature_runs(Gomoku().play("h8"))[0]
    (1, 7, ('h8',))
    """
    board = check_state(state).geometry
    found = []
    for line in board.lines:
        values = [state.cells[j] for j in line]
        i = 0
        for player, feature in line_runs(values):
            while values[i] != player or (i > 0 and values[i - 1] == player):
                i += 1
            j = i
            while j < len(values) and values[j] == player:
                j += 1
            found.append((player, feature, tuple(board.names[line[k]] for k in range(i, j))))
            i = j
    return found


RUN_COLOURS = {0: "#6a1b9a", 1: "#b71c1c", 2: "#ad1457", 3: "#e53935", 4: "#2e7d32",
               5: "#1565c0"}
"""The colour of each feature's runs in ``draw_runs``, f1 to f6: purple, dark red, crimson,
red, green, blue, drawn opaque so that the board and the legend show the same colour."""
LAST_MOVE_COLOUR = "#d32f2f"          # the frame of the last move in draw_runs, as on the boards


def draw_runs(state: Gomoku, ax: Any = None, smallest: int = 5, title: str = "",
              window: int | None = None, centre: str | None = None) -> Any:
    """Draw the board (its axes the columns and the rows; a point is a crossing of the lines),
    its stones, the last move framed, and the runs of two stones or more that the pattern
    evaluation counts as features f1 to f``smallest + 1`` (``feature_runs``, at most f6), on
    ``ax`` or a new figure; return the axes. The legend names each feature drawn and the last
    move. ``window``: show only that many points around ``centre`` (a point's name; None: the
    middle of the stones), or all of the board if None.

    >>> state = middle_game()
    >>> ax = draw_runs(state)
    >>> len(ax.collections) == sum(1 for cell in state.cells if cell)    # a marker per stone
    True
    """
    import matplotlib.pyplot as plt

    board = check_state(state).geometry
    size = board.size
    smallest = whole(smallest, "smallest (the last feature drawn, 0 for f1 to 5 for f6)", 0, 5)
    window = whole(window, "window (points shown around the stones)", 1, size, optional=True)
    if not isinstance(title, str):
        raise InvalidArgumentError(f"title must be text, got {describe(title)}")
    if centre is not None and (not isinstance(centre, str) or centre not in board.index):
        raise InvalidArgumentError(f"centre must be a point of the {size}x{size} board "
                                   f"('j10'), got {describe(centre)}")
    if ax is None:
        ax = plt.subplots(figsize=(5.5, 5.5))[1]
    ax.set_facecolor("#e3b873")
    for k in range(size):
        ax.plot([0, size - 1], [k, k], color="#5a4020", lw=0.5)
        ax.plot([k, k], [0, size - 1], color="#5a4020", lw=0.5)
    drawn = set()
    for _player, feature, points in feature_runs(state):
        if feature <= smallest and len(points) > 1:
            xy = [divmod(board.index[p], size)[::-1] for p in points]
            ax.plot([x for x, _y in xy], [y for _x, y in xy], color=RUN_COLOURS[feature],
                    lw=9, solid_capstyle="round")
            drawn.add(feature)
    for i, cell in enumerate(state.cells):
        if cell:
            row, column = divmod(i, size)
            ax.scatter(column, row, s=140, color="#1a1a1a" if cell == 1 else "#f4f4f4",
                       edgecolors="black", zorder=3)
    ax.set_xticks(range(size), list(board.columns))
    ax.set_yticks(range(size), range(1, size + 1))
    ax.set_xlabel(_("column"))
    ax.set_ylabel(_("row (row 1 at the top)"))
    low, high = -0.7, size - 0.3
    if window is not None:
        if centre is not None:
            row, column = divmod(board.index[centre], size)
        else:                                # the middle of the stones
            stones = [divmod(i, size) for i, cell in enumerate(state.cells) if cell]
            rows, columns = zip(*stones) if stones else ((size // 2,), (size // 2,))
            row, column = (min(rows) + max(rows)) / 2, (min(columns) + max(columns)) / 2
        ax.set_xlim(column - window / 2, column + window / 2)
        ax.set_ylim(row + window / 2, row - window / 2)
    else:
        ax.set_xlim(low, high)
        ax.set_ylim(high, low)
    ax.set_aspect("equal")
    if state.last_move is not None:
        row, column = divmod(board.index[state.last_move], size)
        ax.plot(column, row, marker="s", ms=17, mfc="none", mec=LAST_MOVE_COLOUR, mew=2.2,
                ls="none", zorder=4, label=_("last move, {move}").format(move=state.last_move))
    for feature in sorted(drawn):
        ax.plot([], [], color=RUN_COLOURS[feature], lw=6, label=_(FEATURES[feature]))
    ax.legend(loc="lower left", fontsize=8)
    if title:
        ax.set_title(title)
    return ax


# --- The exercises of notebook 10 ----------------------------------------------------------------

def open_threes(state: Gomoku, player: int) -> int:
    """How many open threes (``_XXX_``: three stones of ``player`` in a row, both ends empty)
    the board holds, in rows, columns and diagonals: the pattern evaluation's f4 count.

    >>> open_threes(position("e8 f8 g8", "a1 o15", size=15), 1)
    1
    """
    check_state(state)
    check_player(player)
    return pattern_counts(state, player)["f4 open three"]


def _three_texts() -> tuple[str, ...]:
    return (DOUBLE_THREE.text(), RADIUS_MISS.text(), middle_game(0).text(),
            middle_game(0, size=15, rule="freestyle").text(),
            seeded_game(3, 40, radius=1)[-1].text(),
            seeded_game(8, 60, radius=1, size=15, rule="freestyle")[-1].text(),
            position("e1 e2 e3", "a4 a5 a6").text())


THREE_TEXTS = _three_texts()
"""10-open-threes: the student's counting function is checked on these positions (both
boards), for both players (the last has a three against the edge, which is not open)."""

BRANCHING_RADIUS = 2
"""10-candidates: how many candidate moves o has within this radius after x's first stone,
at the centre (j10) and in a corner (a1) of the empty 19x19 board."""


def _open_threes_values() -> list[int]:
    return [open_threes(Gomoku.from_text(text), player)
            for text in THREE_TEXTS for player in (1, 2)]


def _runs_of_three(state: Gomoku, player: int) -> int:
    """The likely mistake: every run of three with an open end, closed threes included."""
    counts = pattern_counts(state, player)
    return counts["f4 open three"] + counts["f5 closed three"]


OPEN_THREES_HINT = N_(
    "what closes a three? An opponent's stone does, and so does the edge of the board: does "
    "your count treat the end of a line the way it treats an opponent's stone? Does it refuse "
    "a run of four, and look along rows, columns and both diagonals?")
"""10-open-threes' hint: for the likely mistake, and after any other count that differs."""


def _three_case(k: int, player: int) -> str:
    """How the feedback names a case: the position of ``THREE_TEXTS`` and the player."""
    state = Gomoku.from_text(THREE_TEXTS[k])
    stones = sum(1 for cell in state.cells if cell)
    return _("Gomoku.from_text(study.THREE_TEXTS[{k}]) ({size}x{size}, {stones} stones) for "
             "player {player} ({name})").format(k=k, size=state.size, stones=stones,
                                                player=player, name="xo"[player - 1])


def _same_counts(answer: Any, expected: list[int]) -> bool:
    """Does the function ``answer`` give ``expected`` on the positions of ``THREE_TEXTS``, for
    both players? When it does not, CourseError says where and how, in words: not a function,
    an error raised, not a whole number, or the first count that differs; the likely mistake
    (closed threes counted too) is answered False, so that it gets the exercise's hints. What
    it prints is swallowed."""
    if not callable(answer) or isinstance(answer, type):
        raise CourseError(_("answer with the function itself, without parentheses "
                            "(threes_answer = count_open_threes), got {answer}").format(
                                answer=describe(answer)))
    cases = [(k, player) for k in range(len(THREE_TEXTS)) for player in (1, 2)]
    values = []
    with contextlib.redirect_stdout(io.StringIO()):
        for k, player in cases:
            try:
                value = answer(Gomoku.from_text(THREE_TEXTS[k]), player)
            except Exception as error:                    # noqa: BLE001 - the student's code
                raise CourseError(_("on {case} your function raised {error}: {words}").format(
                    case=_three_case(k, player), error=type(error).__name__,
                    words=error)) from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise CourseError(_("on {case} your function returned {value}; return the "
                                    "count, a whole number").format(
                                        case=_three_case(k, player), value=describe(value)))
            values.append(value)
    wrong = [i for i, (value, right) in enumerate(zip(values, expected)) if value != right]
    if not wrong:
        return True
    k, player = cases[wrong[0]]
    words = _("your count differs on {wrong} of the {cases} cases ({positions} positions, each "
              "for x and for o); the first: {case}: yours {yours}, the right count (the "
              "evaluation's f4) {right}. ").format(
                  wrong=len(wrong), cases=len(cases), positions=len(THREE_TEXTS),
                  case=_three_case(k, player), yours=values[wrong[0]], right=expected[wrong[0]])
    mistaken = [_runs_of_three(Gomoku.from_text(THREE_TEXTS[j]), who) for j, who in cases]
    if values == mistaken:          # the likely mistake: the exercise's graduated hints
        return False
    raise CourseError(words + _("Hint: {hint}").format(hint=_(OPEN_THREES_HINT)))


def _first_stone_candidates(radius: int) -> tuple[int, int]:
    return tuple(len(Gomoku(size=19, rule="omok").play(first).candidate_moves(radius))
                 for first in ("j10", "a1"))


def _same_pair(answer: Any, expected: tuple[int, int]) -> bool:
    """A pair (a tuple or list) of two whole numbers equal to ``expected``."""
    return (isinstance(answer, (tuple, list)) and len(answer) == 2
            and all(whole_number(a, e) for a, e in zip(answer, expected)))


register(
    "10-open-threes", _open_threes_values,
    mistake=_runs_of_three,
    hint=OPEN_THREES_HINT,
    compare=_same_counts)

register(
    "10-candidates", lambda: _first_stone_candidates(BRANCHING_RADIUS),
    mistake=_first_stone_candidates(1),
    hint=N_("(8, 3) would be the count within radius 1. Radius 2 keeps the empty points at most "
            "2 rows and 2 columns from a stone: which square of points around the stone is "
            "that, how many points does it hold, and which of them is not empty? In the corner, "
            "how much of that square is on the board? Answer with a pair, (centre, corner)."),
    compare=_same_pair)

__all__ = ["BRANCHING_RADIUS", "DOUBLE_THREE", "FastPlayer", "Game", "MIDDLE_GAME",
           "PROJECT_GAME", "PairedSprt", "RADIUS_MISS", "SPRT_SETTINGS", "TACTICS", "TEST_LABELS",
           "THREE_EXAMPLES", "WIN", "branching", "depth_table", "draw_runs", "feature_runs",
           "middle_game", "minimax_nodes", "open_threes", "pair_counts", "paired_sprt",
           "play_game", "position", "principal_line", "rule_effects", "seconds_per_evaluation",
           "seeded_game", "seeded_openings", "sprt_reading", "tactic", "three_readings"]
