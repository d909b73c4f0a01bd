"""Notebook 09, the Othello study redone: its helpers and its exercises.

The study's experiments, redone: its match method, its self-play table, its
"strategic horizon" and its move-ordering table, each measured again, seeded and bounded. The
exercises: Othello's flips, written by the student and graded by ``course_lib.grader``
(``09-flips``), and an evaluation of the student's against the research map, decided by an
SPRT the student runs (``evaluation_sprt``, with notebook 02's ``paired_test``).

The study's figures are kept here as data (``STUDY_MATCHES``, ``STUDY_SELF_PLAY``,
``STUDY_ORDERING``), quoted from its report. Its agents are minimax searches of a fixed depth
with one evaluation each (disc count, the "arbitrary" map or the research map), scoring a
finished game, as its report says, as a win or a loss whatever the margin (``scoring='win'``);
its self-play games are reproduced with a finished game scored by the evaluation
(``scoring='heuristic'``), one ply deeper. They are deterministic.

Every search here is the compiled alpha-beta of ``_othello_kernels`` (negamax form, the first
best root move kept), but ``deepening`` (iterative deepening with a transposition table, in the
readable tier). Alpha-beta returns the minimax value, and a root move that only ties the
best value so far fails low (its value is at most alpha), so in board order it plays the same
move as minimax, the first best in board order; the tests check both against the readable
searches of ``course_lib.agents.search``.

>>> result = search(Othello(), 5, "research")
>>> result.move, result.value, result.stats.nodes
('d3', 7, 481)
>>> search(Othello(), 5, "research", order="position").value
7
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from statistics import mean
from typing import Any, Iterator, Sequence

import numpy as np

from ..agents.evaluation import Evaluation
from ..agents.evaluation import exact as exact_of
from ..agents.search import Searcher
from ..agents.stats import SearchResult, SearchStats, minimal_tree_nodes
from ..agents.transposition import TranspositionTable
from ..checks import choice, describe, whole
from ..errors import GameOverError, InvalidArgumentError
from ..games.othello import (BLACK, EVALUATIONS, PASS, RESEARCH_WEIGHTS, SQUARE_NAMES, WHITE,
                             Othello, research_map)
from ..games.othello_fast import _WEIGHTS, EVALUATION_CODES, _boards
from ..rng import SplitMix64, check_seed
from ..strength import Sprt
from ._othello_kernels import ORDER_CODES, SCORING_CODES, WIN, _root
from ..exercises import _is_stub, register
from ..i18n import N_
from .compare import whole_number
from .nb02 import MAX_PAIRS, accepted_h0, decided_against, paired_test

SCORINGS = tuple(SCORING_CODES)
"""How a finished game is scored: ``heuristic`` (the evaluation), ``margin`` (+-(1000 + disc
margin), the course's ``exact``), ``win`` (+-1000, the study's maximum reward)."""
ORDERS = tuple(ORDER_CODES)
"""The move orders: ``none`` (board order); the study's two, each at every node or at the root
only (board order below): ``position`` and ``position-root`` (the research map's weight of the
target square), ``intuition-all`` and ``intuition`` (the moves by a depth-3 search of each);
``gain`` (discs flipped), and the dynamic orders of the course's ``Searcher``: ``killers``,
``history``, ``killers-history``."""
_POSITION = np.array(RESEARCH_WEIGHTS, dtype=np.int64)

# --- the study's figures, as it reported them ---------------------------------------------------

STUDY_MATCHES: tuple[dict, ...] = (
    {"map": "arbitrary", "depth": 4, "games": 30, "weighted": 15, "discs": 15, "draws": 0,
     "reading": "white always wins, whatever the evaluation"},
    {"map": "arbitrary", "depth": 5, "games": 15, "weighted": 7, "discs": 8, "draws": 0,
     "reading": "white always wins; weighted loses by more"},
    {"map": "arbitrary", "depth": 6, "games": 8, "weighted": 8, "discs": 0, "draws": 0,
     "reading": "weighted wins with either colour"},
    {"map": "research", "depth": 4, "games": 30, "weighted": 30, "discs": 0, "draws": 0,
     "reading": "average margin 40.5 discs"},
    {"map": "research", "depth": 5, "games": 16, "weighted": 16, "discs": 0, "draws": 0,
     "reading": "average margin 5"},
    {"map": "research", "depth": 6, "games": 8, "weighted": 8, "discs": 0, "draws": 0,
     "reading": "average margin 33"},
)
"""The study's matches, weighted map against disc count, both minimax at the same depth."""

STUDY_SELF_PLAY: tuple[dict, ...] = tuple(
    {"depth": d, "winner": w, "black": b, "white": wh, "black_nodes": bn, "white_nodes": wn,
     "black_seconds": bs, "white_seconds": ws}
    for d, w, b, wh, bn, wn, bs, ws in (
        (3, "black", 45, 19, 1289, 1262, 0.004, 0.004),
        (4, "black", 39, 25, 4631, 4628, 0.013, 0.013),
        (5, "black", 42, 22, 20127, 19892, 0.053, 0.055),
        (6, "white", 30, 34, 119032, 139211, 0.327, 0.382),
        (7, "white", 15, 49, 258919, 285770, 0.685, 0.771),
        (8, "white", 29, 35, 656178, 1192426, 1.871, 3.303),
        (9, "black", 36, 28, 4475585, 4564706, 11.834, 12.483)))
"""The study's alpha-beta self-play (research map) from the start: the winner, the final
discs, mean nodes and mean seconds per move of each side (TypeScript)."""

STUDY_ORDERING: dict[int, dict[str, int]] = {
    3: {"none": 1075, "position": 825, "intuition": 817},
    4: {"none": 5726, "position": 5141, "intuition": 4752},
    5: {"none": 21912, "position": 17357, "intuition": 15724},
    6: {"none": 103834, "position": 89850, "intuition": 91879},
    7: {"none": 369598, "position": 320732, "intuition": 363748},
    8: {"none": 1987434, "position": 1974373, "intuition": 1751863},
}
"""The study's mean nodes searched by alpha-beta with each move order, by depth."""


# --- one search ---------------------------------------------------------------------------------

MAPS = ("arbitrary", "research")
"""The study's two weight maps."""


def _othello(state: Any, name: str = "state") -> Othello:
    """``state`` when it is an Othello position, else InvalidArgumentError."""
    if not isinstance(state, Othello):
        raise InvalidArgumentError(f"{name} must be an Othello position (Othello(), "
                                   f"Othello.from_text(...)), got {describe(state)} of type "
                                   f"{type(state).__name__}")
    return state


def _sequence(value: Any, name: str, what: str, kind: type | None = None) -> list:
    """``value`` as a list when it is a list, tuple or range (not text) whose items are of
    ``kind`` (any, if None), else InvalidArgumentError saying it is a sequence of ``what``."""
    if not isinstance(value, (list, tuple, range)):
        raise InvalidArgumentError(f"{name} must be a list or tuple of {what}, got "
                                   f"{describe(value)} of type {type(value).__name__}")
    for item in value:
        if kind is not None and not isinstance(item, kind):
            raise InvalidArgumentError(f"{name} must hold {what}, got {describe(item)} of type "
                                       f"{type(item).__name__}")
    return list(value)


def _moves(moves: Any, name: str = "moves") -> list[str]:
    """``moves`` when it is a sequence of move names ('d3', 'pass')."""
    return _sequence(moves, name, "move names such as 'd3' or 'pass'", str)


def _depths(depths: Any, high: int = 60) -> list[int]:
    """``depths`` when it is a non-empty sequence of depths from 1 to ``high``."""
    found = _sequence(depths, "depths", f"depths from 1 to {high}")
    if not found:
        raise InvalidArgumentError("depths must hold at least one depth")
    return [whole(depth, "a depth", 1, high) for depth in found]


def _positions(positions: Any) -> list[Othello]:
    """``positions`` when it is a non-empty sequence of Othello positions."""
    found = _sequence(positions, "positions", "Othello positions", Othello)
    if not found:
        raise InvalidArgumentError("positions must hold at least one position")
    return found


def search(state: Othello, depth: int, evaluation: str = "research", order: str = "none",
           scoring: str = "win") -> SearchResult:
    """Compiled alpha-beta of ``state`` to ``depth`` with a study evaluation (``discs``,
    ``arbitrary``, ``research``) and a move order (``ORDERS``). A finished game scores
    (``SCORINGS``): ``win``, +-1000 whatever the margin, as the study's "a win is the maximum
    reward"; ``margin``, +-(1000 + disc margin), as the course's ``exact``; ``heuristic``, the
    evaluation.

    ``stats.nodes`` counts every node visited, the intuition order's shallow searches
    included; ``stats.ordering_nodes`` is the part those took (as the readable ``Searcher``
    counts them).

    >>> r = search(Othello(), 4, "discs", order="intuition")
    >>> r.move, r.value, r.stats.nodes - r.stats.ordering_nodes, r.stats.ordering_nodes
    ('d3', -2, 137, 46)
    """
    _othello(state)
    whole(depth, "depth", 1, 60)
    choice(evaluation, "evaluation", tuple(EVALUATION_CODES))
    choice(order, "move order", ORDERS)
    choice(scoring, "scoring", SCORINGS)
    if not state.legal_moves():
        raise GameOverError("the game is over: there is no move to search")
    me, opp = _boards(state)
    kind = EVALUATION_CODES[evaluation]
    counts = np.zeros(4 + depth, dtype=np.int64)
    shallow = np.zeros(3 + 4, dtype=np.int64)     # the 3 counters, then plies 0 to 3
    started = time.perf_counter()
    square, value = _root(me, opp, depth, kind, _WEIGHTS[kind], SCORING_CODES[scoring],
                          ORDER_CODES[order], _POSITION, counts, shallow)
    seconds = time.perf_counter() - started
    per_ply = [int(n) for n in counts[3:3 + depth + 1]]
    while per_ply and per_ply[-1] == 0:
        per_ply.pop()
    stats = SearchStats(nodes=int(counts[0] + shallow[0]), leaves=int(counts[1]),
                        cutoffs=int(counts[2]), ordering_nodes=int(shallow[0]), depth=depth,
                        seconds=seconds, nodes_per_depth=per_ply)
    return SearchResult(move=PASS if square == -1 else SQUARE_NAMES[square], value=int(value),
                        depth=depth, stats=stats)


class _StudySearcher(Searcher):
    """The readable ``Searcher`` with the study's move orders (``ORDERS``) and, optionally, a
    transposition table: its move is tried first at every node below the root, and the value
    it holds for a position already searched to the same depth narrows the window or cuts the
    node short (the ``Searcher``'s table)."""

    _BASE = {"intuition": "intuition", "intuition-all": "intuition", "gain": "gain"}

    def __init__(self, algorithm: str, evaluation: Evaluation, order: str = "none",
                 table: TranspositionTable | None = None) -> None:
        super().__init__(algorithm, evaluation, order=self._BASE.get(order, "none"),
                         killers=order in ("killers", "killers-history"),
                         history=order in ("history", "killers-history"), table=table)
        self.study_order = order

    def ordered(self, state: Any, moves: list[Any], ply: int, table_move: Any) -> list[Any]:
        order = self.study_order
        if order == "intuition-all" and moves != [PASS]:
            return self._intuition_order(state, moves)
        if order == "position" or (order == "position-root" and ply == 0):
            return sorted(moves, key=lambda m: (m == table_move, state.static_score(m)),
                          reverse=True)
        return super().ordered(state, moves, ply, table_move)


def win_scored(evaluation: Evaluation) -> Evaluation:
    """``evaluation`` with a finished game scored +-1000 for the winner whatever the margin,
    0 for a draw (the study's "a win is the maximum reward").

    >>> from course_lib.games.othello import disc_count
    >>> win_scored(disc_count)(Othello.from_text("xxxxxxxx/" * 7 + "xxxxxxxx o"), 2)
    -1000
    """
    if not callable(evaluation):
        raise InvalidArgumentError(f"evaluation must be a function evaluate(state, player), got "
                                   f"{describe(evaluation)} of type {type(evaluation).__name__}")

    def evaluate(state: Othello, player: int) -> float:
        if not state.is_terminal():
            return evaluation(state, player)
        winner = state.winner()
        return 0 if winner == 0 else WIN if winner == player else -WIN

    evaluate.__name__ = f"win_scored({getattr(evaluation, '__name__', 'evaluation')})"
    return evaluate


def study_evaluation(evaluation: str, scoring: str = "win") -> Evaluation:
    """The readable evaluation function that ``search(..., evaluation, scoring=scoring)`` uses."""
    choice(evaluation, "evaluation", tuple(EVALUATION_CODES))
    choice(scoring, "scoring", SCORINGS)
    function = EVALUATIONS[evaluation]
    if scoring == "margin":
        return exact_of(function)
    return win_scored(function) if scoring == "win" else function


def readable_search(state: Othello, depth: int, evaluation: str = "research",
                    order: str = "none", scoring: str = "win",
                    algorithm: str = "negamax-alphabeta") -> SearchResult:
    """The same search in the readable tier (``course_lib.agents.search.Searcher``): slow, for
    checking ``search`` and for small depths. ``algorithm="minimax"`` takes order ``none``.

    >>> readable_search(Othello(), 3, "research", algorithm="minimax").move
    'd3'
    """
    _othello(state)
    whole(depth, "depth", 1, 20)
    choice(order, "move order", ORDERS)
    choice(algorithm, "algorithm", ("minimax", "negamax", "alphabeta", "negamax-alphabeta"))
    if algorithm in ("minimax", "negamax") and order != "none":
        raise InvalidArgumentError(f"{algorithm} visits every node: it takes order 'none'")
    return _StudySearcher(algorithm, study_evaluation(evaluation, scoring), order).run(state,
                                                                                      depth)


def deepening(state: Othello, max_depth: int, evaluation: str = "research",
              order: str = "position", scoring: str = "win") -> Iterator[SearchResult]:
    """Iterative deepening with a transposition table, in the readable tier: depth 1, 2, ...,
    ``max_depth``, the root's moves in the order of the previous iteration's values, below the
    root the table's move first, then ``order``; one table for all the iterations, whose value
    for a position already searched to the same depth also narrows the window or cuts the
    node short (so not all of the saving is order). Yields
    each iteration's result, its ``stats`` summed over the iterations so far (the nodes it
    took to get there).

    >>> [r.stats.nodes for r in deepening(Othello(), 3)]
    [5, 16, 70]
    """
    _othello(state)
    whole(max_depth, "max_depth", 1, 20)
    choice(order, "move order", ORDERS)
    searcher = _StudySearcher("negamax-alphabeta", study_evaluation(evaluation, scoring), order,
                              table=TranspositionTable())
    return _iterations(searcher, state, max_depth)


def _iterations(searcher: Searcher, state: Othello, max_depth: int) -> Iterator[SearchResult]:
    """``deepening``'s iterations (apart, so that its arguments are checked when it is
    called, not when its first iteration is asked for)."""
    total, root_order = SearchStats(), None
    for depth in range(1, max_depth + 1):
        searcher.stats = SearchStats()
        result = searcher.run(state, depth, root_order)
        total.add(result.stats)
        result.stats = replace(total, depth=depth,
                               nodes_per_depth=list(total.nodes_per_depth))
        ranked = sorted(result.root_values, key=lambda pair: pair[1], reverse=True)
        root_order = [move for move, _ in ranked]
        yield result


# --- games --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Player:
    """A deterministic study agent: alpha-beta (= minimax's move) to ``depth`` with
    ``evaluation``, moves tried in ``order``."""

    evaluation: str = "research"
    depth: int = 4
    order: str = "none"
    scoring: str = "win"

    def __post_init__(self) -> None:
        choice(self.scoring, "scoring", SCORINGS)
        choice(self.evaluation, "evaluation", tuple(EVALUATION_CODES))
        whole(self.depth, "depth", 1, 20)
        choice(self.order, "move order", ORDERS)


@dataclass
class Game:
    """One finished game: the moves from the start (the opening's random moves included), the
    final discs, and each side's searched moves' nodes and seconds (forced passes are played
    without a search)."""

    moves: tuple[str, ...]
    black: int
    white: int
    opening_plies: int = 0
    nodes: dict[int, list[int]] = field(default_factory=lambda: {BLACK: [], WHITE: []})
    seconds: dict[int, list[float]] = field(default_factory=lambda: {BLACK: [], WHITE: []})

    @property
    def winner(self) -> int:
        """1 (black), 2 (white) or 0 (a draw)."""
        return BLACK if self.black > self.white else WHITE if self.white > self.black else 0


def random_opening(plies: int, seed: int) -> tuple[str, ...]:
    """``plies`` random moves from the start, each drawn uniformly from the legal moves with a
    seeded SplitMix64 (fewer if the game ends).

    >>> random_opening(4, 1)
    ('c4', 'e3', 'f2', 'e2')
    """
    check_seed(seed)
    whole(plies, "plies", 0, 60)
    rng, state, moves = SplitMix64(seed), Othello(), []
    for _ in range(plies):
        legal = state.legal_moves()
        if not legal:
            break
        move = legal[rng.below(len(legal))]
        moves.append(move)
        state = state.apply(move)
    return tuple(moves)


def distinct_openings(count: int, plies: int, seed: int) -> list[tuple[str, ...]]:
    """``count`` random openings of ``plies`` moves leading to different positions, drawn with
    seeds ``seed``, ``seed + 1``, ... (a seed whose position was already drawn is skipped).

    >>> len(set(distinct_openings(20, 4, 7)))
    20
    """
    whole(count, "count", 1, 100_000)
    whole(plies, "plies", 0, 60)
    openings, seen, s = [], set(), check_seed(seed)
    while len(openings) < count:
        moves = random_opening(plies, s)
        s += 1
        position = replay(moves)
        if position.key() in seen:
            if s - seed > 50 * count:
                raise InvalidArgumentError(f"fewer than {count} different positions after "
                                           f"{plies} random moves")
            continue
        seen.add(position.key())
        openings.append(moves)
    return openings


def replay(moves: Sequence[str]) -> Othello:
    """The position after ``moves`` (move names such as 'd3') from the start; an illegal move
    is refused, saying why.

    >>> replay(["d3", "c5"]).discs(1)
    3
    """
    state = Othello()
    for move in _moves(moves):
        state = state.play(move)
    return state


def play_game(black: Player, white: Player, opening: Sequence[str] = ()) -> Game:
    """Play ``opening`` from the start, then ``black`` and ``white`` to the end.

    >>> game = play_game(Player("discs", 1), Player("discs", 1))
    >>> len(game.moves), game.black + game.white <= 64
    (60, True)
    """
    for who, player in (("black", black), ("white", white)):
        if not isinstance(player, Player):
            raise InvalidArgumentError(f"{who} must be a Player (Player('research', 4)), got "
                                       f"{describe(player)} of type {type(player).__name__}")
    state = replay(opening)
    moves = list(opening)
    players = {BLACK: black, WHITE: white}
    nodes: dict[int, list[int]] = {BLACK: [], WHITE: []}
    seconds: dict[int, list[float]] = {BLACK: [], WHITE: []}
    while True:
        legal = state.legal_moves()
        if not legal:
            break
        if legal == [PASS]:
            move = PASS
        else:
            player = players[state.to_move]
            result = search(state, player.depth, player.evaluation, player.order, player.scoring)
            move = result.move
            nodes[state.to_move].append(result.stats.nodes)
            seconds[state.to_move].append(result.stats.seconds)
        moves.append(move)
        state = state.apply(move)
    return Game(tuple(moves), state.discs(BLACK), state.discs(WHITE), len(opening), nodes,
                seconds)


# --- 1. the study's method, and the same question decided properly ------------------------------

@dataclass
class StudyMatch:
    """The study's method: ``games`` games from the start, the weighted agent black in the
    even-numbered ones (0, 2, ...), white in the others."""

    map: str
    depth: int
    games: list[Game]
    weighted_black: list[bool]

    @property
    def weighted_wins(self) -> int:
        return sum(g.winner == (BLACK if wb else WHITE)
                   for g, wb in zip(self.games, self.weighted_black))

    @property
    def discs_wins(self) -> int:
        return sum(g.winner == (WHITE if wb else BLACK)
                   for g, wb in zip(self.games, self.weighted_black))

    @property
    def draws(self) -> int:
        return sum(g.winner == 0 for g in self.games)

    @property
    def distinct_games(self) -> int:
        """How many different move sequences were played."""
        return len({g.moves for g in self.games})

    def distinct_results(self) -> list[tuple[str, str]]:
        """(the weighted agent's colour, the winner: "black", "white" or "draw") of each
        different game, in the order first played.

        >>> study_method("research", 2, 4).distinct_results()
        [('black', 'black'), ('white', 'black')]
        """
        names = {BLACK: "black", WHITE: "white", 0: "draw"}
        seen, out = set(), []
        for game, weighted_black in zip(self.games, self.weighted_black):
            if game.moves not in seen:
                seen.add(game.moves)
                out.append(("black" if weighted_black else "white", names[game.winner]))
        return out

    def margins(self) -> list[int]:
        """The weighted agent's final disc margin in each game."""
        return [(g.black - g.white) * (1 if wb else -1)
                for g, wb in zip(self.games, self.weighted_black)]


def study_method(weights: str, depth: int, games: int, opening_plies: int = 0,
                 scoring: str = "win") -> StudyMatch:
    """Replay the study's match: the ``weights`` map (``arbitrary`` or ``research``) against
    disc count, both at ``depth``, ``games`` games from the standard start, colours alternating,
    a finished game scored by both as ``scoring`` says (see ``SCORINGS``). With
    ``opening_plies``, game i starts after ``random_opening(opening_plies, seed=i)``.

    >>> match = study_method("research", 2, 6)
    >>> match.distinct_games, match.weighted_wins + match.discs_wins + match.draws
    (2, 6)
    """
    choice(weights, "map", MAPS)
    whole(games, "games", 1, 1000)
    whole(opening_plies, "opening_plies", 0, 60)
    weighted, discs = Player(weights, depth, scoring=scoring), Player("discs", depth,
                                                                      scoring=scoring)
    played, colours = [], []
    for i in range(games):
        weighted_black = i % 2 == 0
        opening = random_opening(opening_plies, i)
        played.append(play_game(weighted, discs, opening) if weighted_black
                      else play_game(discs, weighted, opening))
        colours.append(weighted_black)
    return StudyMatch(weights, depth, played, colours)


def study_score(weights: str, depth: int, games: int,
                scoring: str = "win") -> tuple[int, int, int]:
    """The score (weighted wins, disc-count wins, draws) of ``study_method(weights, depth,
    games, scoring=scoring)``, played from its two different games only: from the standard
    start both agents are deterministic, so every even-numbered game is game 0 again and every
    odd-numbered one game 1.

    >>> match = study_method("research", 2, 7)
    >>> study_score("research", 2, 7) == (match.weighted_wins, match.discs_wins, match.draws)
    True
    """
    whole(games, "games", 1, 1000)
    two = study_method(weights, depth, min(games, 2), scoring=scoring)
    score = [0, 0, 0]
    for repeats, game, weighted_black in zip(((games + 1) // 2, games // 2), two.games,
                                             two.weighted_black):
        weighted = BLACK if weighted_black else WHITE
        score[0 if game.winner == weighted else 2 if game.winner == 0 else 1] += repeats
    return tuple(score)


def parting_ply(first: Sequence[str], second: Sequence[str]) -> int | None:
    """The ply (1 for the first move) at which two games from the same start first play
    different moves; None if one game is the other (or its beginning).

    >>> parting_ply(("d3", "c5", "f6"), ("d3", "e3"))
    2
    """
    first, second = _moves(first, "first"), _moves(second, "second")
    return next((ply for ply, (a, b) in enumerate(zip(first, second), 1) if a != b), None)


@dataclass
class PairedMatch:
    """Colour-swapped pairs from seeded openings, fed to a pentanomial SPRT on normalized Elo.

    ``pairs[i]`` is the weighted agent's points (0..2) in pair i; ``test`` the SPRT."""

    map: str
    depth: int
    openings: list[tuple[str, ...]]
    pairs: list[float]
    test: Sprt
    margins: list[int]

    @property
    def games(self) -> int:
        return 2 * len(self.pairs)

    @property
    def score(self) -> float:
        """The weighted agent's share of the points."""
        return sum(self.pairs) / (2 * len(self.pairs))


SPRT_SETTINGS = {"elo0": 0.0, "elo1": 20.0, "alpha": 0.05, "beta": 0.05,
                 "kind": "pentanomial", "scale": "normalized"}
"""The test of the paired matches: H0 the weighted agent is 0 normalized Elo stronger, H1 20."""


def paired_match(weights: str, depth: int, max_pairs: int = 200, opening_plies: int = 6,
                 seed: int = 1) -> PairedMatch:
    """The same question decided properly: for each of up to ``max_pairs`` seeded openings
    (different positions after ``opening_plies`` random moves), two games with the colours
    swapped, the pairs fed to ``Sprt(**SPRT_SETTINGS)`` until it decides.

    >>> m = paired_match("research", 2, max_pairs=3, seed=5)
    >>> len(m.pairs), m.test.kind
    (3, 'pentanomial')
    """
    choice(weights, "map", MAPS)
    whole(max_pairs, "max_pairs", 1, 10_000)
    whole(opening_plies, "opening_plies", 0, 60)
    weighted, discs = Player(weights, depth), Player("discs", depth)
    test = Sprt(**SPRT_SETTINGS)
    openings = distinct_openings(max_pairs, opening_plies, seed)
    used, pairs, margins = [], [], []
    for opening in openings:
        first = play_game(weighted, discs, opening)
        second = play_game(discs, weighted, opening)
        points = 0.0
        for game, colour in ((first, BLACK), (second, WHITE)):
            points += 1.0 if game.winner == colour else 0.5 if game.winner == 0 else 0.0
            margins.append((game.black - game.white) * (1 if colour == BLACK else -1))
        used.append(opening)
        pairs.append(points)
        if test.add(points) != "continue":
            break
    return PairedMatch(weights, depth, used, pairs, test, margins)


# --- 2. the self-play table and the strategic horizon -------------------------------------------

def self_play_row(depth: int, opening: Sequence[str] = (), evaluation: str = "research",
                  order: str = "none", scoring: str = "win") -> dict:
    """One self-play game at ``depth`` (both sides alike) from the start or ``opening``: the
    winner, the final discs, mean nodes and mean seconds per searched move of each side.

    >>> row = self_play_row(3)
    >>> row["winner"], row["black"], row["white"], row["black_nodes"]
    ('white', 21, 43, 255.2)
    """
    player = Player(evaluation, depth, order, scoring)
    game = play_game(player, player, opening)
    names = {BLACK: "black", WHITE: "white", 0: "draw"}
    return {"depth": depth, "winner": names[game.winner], "black": game.black,
            "white": game.white,
            "black_nodes": round(mean(game.nodes[BLACK]), 1),
            "white_nodes": round(mean(game.nodes[WHITE]), 1),
            "black_seconds": mean(game.seconds[BLACK]),
            "white_seconds": mean(game.seconds[WHITE]),
            "moves": len(game.moves), "scoring": scoring, "played": list(game.moves)}


def horizon_table(depths: Sequence[int], openings: int = 50, opening_plies: int = 6,
                  seed: int = 1, evaluation: str = "research") -> list[dict]:
    """The "strategic horizon" over many openings: for each depth, self-play from each of
    ``openings`` seeded openings; the share black wins (draws half), and how many openings
    change winner from the previous depth.

    >>> [row["black_wins"] + row["white_wins"] + row["draws"]
    ...  for row in horizon_table([1, 2], openings=4)]
    [4, 4]
    """
    depths = _depths(depths, 20)
    starts = distinct_openings(openings, opening_plies, seed)
    rows, previous = [], None
    for depth in depths:
        player = Player(evaluation, depth)
        winners = [play_game(player, player, opening).winner for opening in starts]
        row = {"depth": depth, "openings": len(starts),
               "black_wins": winners.count(BLACK), "white_wins": winners.count(WHITE),
               "draws": winners.count(0),
               "black_share": (winners.count(BLACK) + winners.count(0) / 2) / len(starts),
               "changed": None if previous is None else sum(
                   a != b for a, b in zip(previous, winners))}
        rows.append(row)
        previous = winners
    return rows


# --- 3. the move-ordering table -----------------------------------------------------------------

def study_positions(count: int, seed: int = 1, opening_plies: int = 4, depth: int = 3,
                    stride: int = 6, evaluation: str = "research") -> list[Othello]:
    """Positions from seeded self-play games, the kind the study searched: after a seeded
    random opening, alpha-beta at ``depth`` plays both sides; every ``stride``-th position of
    each game with a move to search (no forced pass) is taken, until there are ``count``.

    >>> [p.empty_squares for p in study_positions(3, seed=2)]
    [56, 50, 44]
    """
    whole(count, "count", 1, 10_000)
    whole(opening_plies, "opening_plies", 0, 60)
    whole(stride, "stride", 1, 60)
    positions: list[Othello] = []
    s = check_seed(seed)
    player = Player(evaluation, depth)
    while len(positions) < count:
        state = replay(random_opening(opening_plies, s))
        s += 1
        ply = 0
        while state.legal_moves() and len(positions) < count:
            if ply % stride == 0 and state.legal_moves() != [PASS]:
                positions.append(state)
            move = PASS if state.legal_moves() == [PASS] else search(
                state, player.depth, player.evaluation).move
            state = state.apply(move)
            ply += 1
    return positions


def mean_branching(positions: Sequence[Othello]) -> float:
    """The mean number of legal moves of ``positions``.

    >>> mean_branching([Othello()])
    4
    """
    positions = _positions(positions)
    return mean(len(p.legal_moves()) for p in positions)


def ordering_table(positions: Sequence[Othello], depths: Sequence[int],
                   orders: Sequence[str] = ORDERS, evaluation: str = "research") -> list[dict]:
    """Mean nodes of alpha-beta over ``positions`` for each depth and order (the intuition
    orders' shallow searches counted in, and also given apart as ``intuition_search`` and
    ``intuition-all_search``); the minimal tree of a uniform tree with the positions' mean
    branching factor (``minimal_tree_nodes``, Knuth and Moore) beside them. Raises if an order
    changes a value.

    >>> row = ordering_table(study_positions(2), [2], ["none", "gain"])[0]
    >>> row["depth"], row["none"] >= row["minimal"]
    (2, True)
    """
    positions, depths = _positions(positions), _depths(depths, 20)
    orders = [choice(order, "move order", ORDERS) for order in _sequence(orders, "orders",
                                                                         "move orders")]
    choice(evaluation, "evaluation", tuple(EVALUATION_CODES))
    b = mean_branching(positions)
    rows = []
    for depth in depths:
        row: dict[str, Any] = {"depth": depth, "positions": len(positions)}
        values = None
        for order in orders:
            results = [search(p, depth, evaluation, order) for p in positions]
            found = [r.value for r in results]
            if values is None:
                values = found
            elif found != values:
                raise AssertionError(f"order {order} changed a value at depth {depth}")
            row[order] = mean(r.stats.nodes for r in results)
            if order in ("intuition", "intuition-all"):
                row[f"{order}_search"] = mean(r.stats.ordering_nodes for r in results)
        row["minimal"] = minimal_tree_nodes(b, depth)
        rows.append(row)
    return rows


def deepening_nodes(positions: Sequence[Othello], depths: Sequence[int],
                    order: str = "position", evaluation: str = "research") -> dict[int, float]:
    """Mean nodes over ``positions`` of ``deepening`` to each of ``depths``, every iteration
    counted (the readable tier: slow). Raises if it finds another value than ``search``.

    >>> deepening_nodes(study_positions(2), [2, 3])
    {2: 36.5, 3: 157.5}
    """
    positions, depths = _positions(positions), _depths(depths, 20)
    totals: dict[int, list[int]] = {depth: [] for depth in depths}
    for state in positions:
        for result in deepening(state, max(depths), evaluation, order):
            if result.depth in totals:
                if result.value != search(state, result.depth, evaluation).value:
                    raise AssertionError(f"deepening changed a value at depth {result.depth}")
                totals[result.depth].append(result.stats.nodes)
    return {depth: mean(nodes) for depth, nodes in totals.items()}


def fewer_nodes(rows: Sequence[dict], order: str, others: Sequence[str]) -> list[int]:
    """The depths at which ``order`` searched fewer mean nodes (its own shallow searches
    counted) than every order of ``others`` in the rows.

    >>> fewer_nodes([{"depth": 3, "none": 10, "position": 9, "intuition": 8},
    ...              {"depth": 4, "none": 10, "position": 7, "intuition": 8}],
    ...             "intuition", ["none", "position"])
    [3]
    """
    rows = _sequence(rows, "rows", "dicts (one per table row)", dict)
    if not isinstance(order, str):
        raise InvalidArgumentError(f"order must be text, got {describe(order)} of type "
                                   f"{type(order).__name__}")
    others = _sequence(others, "others", "move orders (text)", str)
    return [row["depth"] for row in rows if order in row
            and all(row[order] < row[o] for o in others if o in row)]


def format_rows(rows: Sequence[dict], columns: Sequence[str], widths: int = 11) -> str:
    """A plain-text table of ``rows`` (numbers with thousands separators), each column at
    least ``widths`` wide, 2 wider than its name and 1 wider than its widest cell.

    >>> print(format_rows([{"depth": 3, "nodes": 1289.5}], ["depth", "nodes"], widths=8))
       depth   nodes
           3 1,289.5
    """
    rows = _sequence(rows, "rows", "dicts (one per table row)", dict)
    columns = _sequence(columns, "columns", "column names (text)", str)
    whole(widths, "widths", 1, 100)

    def cell(value: Any) -> str:
        if isinstance(value, float) and not value.is_integer():
            return f"{value:,.1f}" if abs(value) >= 1 else f"{value:.4f}"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f"{int(value):,}"
        return str(value)
    sizes = [max(widths, len(c) + 2, *(len(cell(row.get(c, ""))) + 1 for row in rows))
             for c in columns]
    lines = ["".join(f"{c:>{w}}" for c, w in zip(columns, sizes))]
    for row in rows:
        lines.append("".join(f"{cell(row.get(c, '')):>{w}}" for c, w in zip(columns, sizes)))
    return "\n".join(lines)


__all__ = ["ORDERS", "STUDY_MATCHES", "STUDY_ORDERING", "STUDY_SELF_PLAY", "SPRT_SETTINGS",
           "Game", "PairedMatch", "Player", "StudyMatch", "deepening", "deepening_nodes",
           "distinct_openings", "fewer_nodes", "format_rows", "horizon_table", "mean_branching",
           "ordering_table", "paired_match", "parting_ply", "play_game", "random_opening",
           "readable_search", "replay", "search", "self_play_row", "study_evaluation",
           "study_method", "study_score", "study_positions", "win_scored", "SCORINGS", "MAPS",
           "evaluation_sprt"]


# --- An evaluation against the research map, decided by games (the open-ended exercise) ---------

RESEARCH_NAME = "greedy, the research map"
TEST_OPENING_PLIES = 4
"""The random moves before each pair of ``evaluation_sprt``'s games."""


def evaluation_sprt(evaluation: Any, max_pairs: int = MAX_PAIRS, seed: int = 1) -> Any:
    """Greedy with ``evaluation`` (A) against greedy with the research map (B), in
    colour-swapped pairs from ``distinct_openings(max_pairs, TEST_OPENING_PLIES, seed)``, until
    the pentanomial SPRT of notebook 02's ``TEST`` (H0 0, H1 50 logistic Elo, alpha = beta =
    0.05) decides or ``max_pairs`` pairs are played (``nb02.paired_test``). Both sides make
    the same search per move, one ply, every child of the position they move in; the time each
    used is measured, not equalised. Returns ``...`` when ``evaluation`` is still a skeleton;
    an error raised by it stops the test and is kept in ``error``. ``nb02.reading`` says what
    the result means.

    >>> test = evaluation_sprt(research_map, max_pairs=2)
    >>> test.run.games, test.decision, test.run.pentanomial
    (4, 'continue', [0, 0, 2, 0, 0])
    """
    if _is_stub(evaluation):
        return ...
    if not callable(evaluation):
        raise InvalidArgumentError(f"evaluation must be a function evaluate(state, player), got "
                                   f"{describe(evaluation)} of type {type(evaluation).__name__}")
    whole(max_pairs, "max_pairs", 1, 10_000)
    openings = distinct_openings(max_pairs, TEST_OPENING_PLIES, seed)
    return paired_test(evaluation, research_map, N_("the research map"),
                       lambda pair: replay(openings[pair]), max_pairs, seed)


# --- The exercises of notebook 09 ----------------------------------------------------------------

INTUITION_TEXT = "......../......../..o...../..ooox../..xxx.../...x..../......../........ o"
"""09-intuition-cost: how many nodes the intuition order's own searches cost here."""
INTUITION_DEPTH = 5

STUDY_MATCH = {"weights": "arbitrary", "depth": 5, "games": 15, "opening_plies": 1}
"""09-distinct-games: how many different games the study's method plays when game i starts
after ``random_opening(1, seed=i)``."""


def _intuition_cost() -> int:
    result = search(Othello.from_text(INTUITION_TEXT), INTUITION_DEPTH, "research",
                    order="intuition")
    return result.stats.ordering_nodes


def _intuition_one_ply_too_deep() -> int:
    """The likely wrong answer: each root move's position searched 3 plies deep, not 2."""
    state = Othello.from_text(INTUITION_TEXT)
    return sum(search(state.play(move), 3, "research").stats.nodes
               for move in state.legal_moves())


def _distinct_games() -> int:
    return study_method(**STUDY_MATCH).distinct_games


register(
    "09-intuition-cost", _intuition_cost,
    mistake=_intuition_one_ply_too_deep(),
    hint=(
        N_("the order searches each root move to depth 3, the move included: from which positions "
           "do those searches start, and how many plies does each look below its start?"),
        N_("the move is the first of the 3 plies: each of the order's searches starts at the "
           "position after one root move and looks 2 plies below it, and its node count (that "
           "position included) is what the order pays for that move."),
        N_("sum(search(state.play(move), 2, \"research\").stats.nodes for move in "
           "state.legal_moves()), with state the position shown; stats.ordering_nodes of the "
           "search with order=\"intuition\" gives the same figure.")),
    compare=whole_number)

register(
    "09-distinct-games", _distinct_games,
    mistake=STUDY_MATCH["games"],
    hint=(
        N_("both agents are deterministic: what decides a game, and can two of the 15 be the "
           "same game played twice?"),
        N_("a game is decided by its opening and by who plays black: two games with the same "
           "opening and the same colours are one game played twice; and an opening drawn only "
           "in even-numbered games (or only in odd ones) is played with one colour arrangement "
           "only, so count the pairs that occur, not every opening with both colours."),
        N_("count the different pairs (random_opening(1, i), i % 2) for i in range(15), without "
           "playing any game.")),
    compare=whole_number)

register(
    "09-better-evaluation", lambda: "accept H1",
    mistake=accepted_h0("the research map"),
    hint=(
        N_("greedy with the research map looks one move ahead: after its move, what can the "
           "opponent do that the map does not see?"),
        N_("Othello players count mobility: after your move it is the opponent's turn, and the "
           "fewer moves the opponent has there, the better for you; and a finished game is won or "
           "lost, whatever the map says of its squares."),
        N_("for example research_map(state, player) - 15 * len(state.moves_for(3 - player)), and "
           "10000 * state.material(player) when state.is_terminal(); then run the test cell "
           "again.")),
    compare=decided_against(RESEARCH_NAME))
