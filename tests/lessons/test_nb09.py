"""The Othello study's experiments: the compiled searches with the study's move orders against
the readable searches, the study's match method against games played again by readable
minimax, the paired match and its SPRT, the horizon and ordering tables."""

from __future__ import annotations

import re

import pytest

from course_lib.agents import exact
from course_lib.agents.search import Searcher
from course_lib.lessons import nb09 as study
from course_lib.lessons import stored_measurement
from course_lib.errors import GameOverError, InvalidArgumentError
from course_lib.games.othello import (BLACK, EVALUATIONS, PASS, RESEARCH_WEIGHTS, SQUARE_INDEX,
                                      WHITE, Othello)
from course_lib.games.othello_fast import fast_alphabeta
from course_lib.rng import SplitMix64
from course_lib.strength import pentanomial_llr


def _random_positions(count: int, seed: int) -> list[Othello]:
    """Positions along seeded random games (independent of the module's own generators)."""
    rng, positions = SplitMix64(seed), []
    while len(positions) < count:
        state = Othello()
        while state.legal_moves() and len(positions) < count:
            if rng.below(4) == 0:
                positions.append(state)
            moves = state.legal_moves()
            state = state.apply(moves[rng.below(len(moves))])
    return positions


POSITIONS = _random_positions(14, 2026)


class _PositionOrder(Searcher):
    """The study's position order written out again: moves sorted by the research map's
    weight of the target square, largest first, ties in board order."""

    def ordered(self, state, moves, ply, table_move):
        if self.order != "static":
            return super().ordered(state, moves, ply, table_move)
        keyed = [(-RESEARCH_WEIGHTS[SQUARE_INDEX[m]] if m != PASS else 0, i, m)
                 for i, m in enumerate(moves)]
        return [m for _, _, m in sorted(keyed)]


READABLE_ORDER = {"none": "none", "position": "static", "gain": "gain",
                  "intuition": "intuition", "killers": "none", "history": "none",
                  "killers-history": "none", "position-root": "static",
                  "intuition-all": "intuition"}


class _StudyOrders(_PositionOrder):
    """The study's orders where they apply written out again: the position order at the root
    only (board order below); the intuition order at every node (each move scored by a
    full-window depth-2 search below it, best first, ties in board order; its nodes counted
    in ``nodes`` and ``ordering_nodes``; a forced pass is not ordered)."""

    def __init__(self, function, order):
        super().__init__("negamax-alphabeta", function, order=READABLE_ORDER[order],
                         killers=order in ("killers", "killers-history"),
                         history=order in ("history", "killers-history"))
        self.study_order = order

    def ordered(self, state, moves, ply, table_move):
        if self.study_order == "position-root" and ply > 0:
            return moves
        if self.study_order == "intuition-all" and moves != [PASS]:
            scores = []
            for move in moves:
                shallow = Searcher("negamax-alphabeta", self.evaluation)
                shallow.root_player = state.to_move
                scores.append(-shallow.negamax_alphabeta(state.apply(move), 2, float("-inf"),
                                                         float("inf"), 1, None, move))
                self.stats.nodes += shallow.stats.nodes
                self.stats.ordering_nodes += shallow.stats.nodes
            return [m for _, _, m in sorted(zip([-v for v in scores], range(len(moves)),
                                                moves))]
        return super().ordered(state, moves, ply, table_move)


def _readable(function, order):
    return _StudyOrders(function, order)


def _late_positions(count: int, seed: int) -> list[Othello]:
    """Positions 2 to 5 plies before the end of seeded random games: searches reach ends."""
    rng, positions = SplitMix64(seed), []
    while len(positions) < count:
        states = [Othello()]
        while states[-1].legal_moves():
            moves = states[-1].legal_moves()
            states.append(states[-1].apply(moves[rng.below(len(moves))]))
        positions.append(states[-3 - rng.below(4)])
    return positions


LATE = _late_positions(4, 77)


def test_the_late_positions_tell_the_scorings_apart():
    values = {scoring: [study.search(p, 3, "research", scoring=scoring).value for p in LATE]
              for scoring in study.SCORINGS}
    assert len({tuple(v) for v in values.values()}) == 3, values
SCORING_FUNCTIONS = {"heuristic": lambda f: f, "margin": exact, "win": study.win_scored}


@pytest.mark.parametrize("scoring", study.SCORINGS)
@pytest.mark.parametrize("order", study.ORDERS)
@pytest.mark.parametrize("evaluation", ["discs", "arbitrary", "research"])
def test_compiled_search_is_the_readable_search(order, evaluation, scoring):
    function = SCORING_FUNCTIONS[scoring](EVALUATIONS[evaluation])
    for depth in (1, 2, 3) if order == "intuition-all" else (1, 2, 4):
        for state in POSITIONS[:4] + LATE:
            ours = study.search(state, depth, evaluation, order, scoring)
            theirs = _readable(function, order).run(state, depth)
            assert (ours.move, ours.value) == (theirs.move, theirs.value), state.text()
            assert ours.stats.nodes == theirs.stats.nodes, (state.text(), depth)
            assert ours.stats.leaves == theirs.stats.leaves
            assert ours.stats.cutoffs == theirs.stats.cutoffs
            assert ours.stats.ordering_nodes == theirs.stats.ordering_nodes
            if order != "intuition":
                assert ours.stats.nodes_per_depth == theirs.stats.nodes_per_depth


def test_readable_search_helper_reads_position_as_the_study_does():
    state = POSITIONS[5]
    ours = study.readable_search(state, 3, "research", "position")
    theirs = _PositionOrder("negamax-alphabeta", study.win_scored(EVALUATIONS["research"]),
                            order="static").run(state, 3)
    assert (ours.move, ours.value, ours.stats.nodes) == (theirs.move, theirs.value,
                                                         theirs.stats.nodes)
    # the plain Searcher scores string moves 0 under order='static': a different tree
    plain = Searcher("negamax-alphabeta", study.win_scored(EVALUATIONS["research"]),
                     order="static")
    assert plain.run(state, 3).stats.nodes == study.search(state, 3, "research").stats.nodes


@pytest.mark.parametrize("evaluation", ["discs", "research"])
def test_board_order_is_the_numba_tier_alphabeta(evaluation):
    for state in POSITIONS + LATE:
        for depth in (4, 5):
            ours = study.search(state, depth, evaluation, scoring="margin")
            theirs = fast_alphabeta(state, depth, evaluation, exact=True)
            assert (ours.move, ours.value) == (theirs.move, theirs.value)
            assert (ours.stats.nodes, ours.stats.leaves, ours.stats.cutoffs) == (
                theirs.stats.nodes, theirs.stats.leaves, theirs.stats.cutoffs)


@pytest.mark.parametrize("evaluation", ["discs", "arbitrary", "research"])
def test_alphabeta_plays_the_minimax_move(evaluation):
    """The study's agents are minimax: alpha-beta in board order gives the same move."""
    function = study.win_scored(EVALUATIONS[evaluation])
    for depth in (1, 2, 3):
        for state in POSITIONS[:10] + LATE:
            minimax = Searcher("minimax", function).run(state, depth)
            ours = study.search(state, depth, evaluation)
            assert (ours.move, ours.value) == (minimax.move, minimax.value), (state.text(), depth)
            assert ours.stats.nodes <= minimax.stats.nodes


def test_orders_never_change_the_value():
    for state in POSITIONS + LATE:
        for depth in (1, 3, 5):
            values = {order: study.search(state, depth, "research", order).value
                      for order in study.ORDERS}
            assert len(set(values.values())) == 1, (state.text(), depth, values)


def _readable_game(black_eval: str, white_eval: str, depth: int,
                   opening: tuple[str, ...] = ()) -> tuple[tuple[str, ...], int]:
    """A game of two readable minimax agents; (the moves, the winner)."""
    functions = {BLACK: study.win_scored(EVALUATIONS[black_eval]),
                 WHITE: study.win_scored(EVALUATIONS[white_eval])}
    state, moves = Othello(), []
    for move in opening:
        state = state.play(move)
        moves.append(move)
    while state.legal_moves():
        move = Searcher("minimax", functions[state.to_move]).run(state, depth).move
        moves.append(move)
        state = state.apply(move)
    return tuple(moves), state.winner()


def test_study_method_games_are_the_readable_minimax_games():
    match = study.study_method("arbitrary", 2, 5)
    expected = [_readable_game("arbitrary", "discs", 2), _readable_game("discs", "arbitrary", 2)]
    for i, game in enumerate(match.games):
        assert game.moves == expected[i % 2][0]
        assert game.winner == expected[i % 2][1]
    # counted independently: 5 games, but only as many sequences as colour arrangements
    assert match.distinct_games == len({expected[i % 2][0] for i in range(5)}) == 2
    assert match.weighted_wins + match.discs_wins + match.draws == 5
    assert match.weighted_black == [True, False, True, False, True]


def test_paired_match_pairs_and_llr():
    match = study.paired_match("research", 1, max_pairs=3, opening_plies=4, seed=11)
    assert len(match.pairs) == len(match.openings) <= 3
    positions = {study.replay(o).key() for o in match.openings}
    assert len(positions) == len(match.openings)
    counts = [0] * 5
    for opening, points in zip(match.openings, match.pairs):
        _, first = _readable_game("research", "discs", 1, opening)
        _, second = _readable_game("discs", "research", 1, opening)
        expected = {BLACK: 1.0, 0: 0.5, WHITE: 0.0}[first] + {WHITE: 1.0, 0: 0.5,
                                                               BLACK: 0.0}[second]
        assert points == expected
        counts[int(points * 2)] += 1
    assert match.test.counts == counts
    assert match.test.llr == pytest.approx(pentanomial_llr(counts, 0, 20, "normalized"))


def test_horizon_table_counts_the_self_play_winners():
    rows = study.horizon_table([1, 2], openings=3, opening_plies=4, seed=3)
    openings = study.distinct_openings(3, 4, 3)
    previous = None
    for row, depth in zip(rows, [1, 2]):
        winners = [_readable_game("research", "research", depth, o)[1] for o in openings]
        assert (row["black_wins"], row["white_wins"], row["draws"]) == (
            winners.count(BLACK), winners.count(WHITE), winners.count(0))
        assert row["black_share"] == pytest.approx(
            (winners.count(BLACK) + winners.count(0) / 2) / 3)
        if previous is not None:
            assert row["changed"] == sum(a != b for a, b in zip(previous, winners))
        previous = winners


def test_ordering_table_means_and_intuition_cost():
    positions = study.study_positions(4, seed=5)
    (row,) = study.ordering_table(positions, [3])
    function = study.win_scored(EVALUATIONS["research"])
    for order in study.ORDERS:
        nodes = [_readable(function, order).run(p, 3).stats.nodes for p in positions]
        assert row[order] == pytest.approx(sum(nodes) / 4)
    shallow = []
    for p in positions:           # the intuition order's cost: a full-window depth-2 search
        total = 0                 # below each root move, every node counted
        for move in p.legal_moves():
            s = Searcher("negamax-alphabeta", function)
            s.root_player = p.to_move
            s.negamax_alphabeta(p.apply(move), 2, float("-inf"), float("inf"), 1, None, move)
            total += s.stats.nodes
        shallow.append(total)
    assert row["intuition_search"] == pytest.approx(sum(shallow) / 4)


def test_study_positions_are_from_games_and_searchable():
    positions = study.study_positions(6, seed=9)
    assert len(positions) == 6
    assert all(p.legal_moves() and p.legal_moves() != [PASS] for p in positions)
    assert positions == study.study_positions(6, seed=9)


def test_openings_are_seeded_and_distinct():
    assert study.random_opening(6, 4) == study.random_opening(6, 4)
    openings = study.distinct_openings(30, 4, 1)
    assert len({study.replay(o).key() for o in openings}) == 30
    assert all(len(o) == 4 for o in openings)


def test_study_figures_are_consistent():
    for row in study.STUDY_MATCHES:
        assert row["weighted"] + row["discs"] + row["draws"] == row["games"]
    for row in study.STUDY_SELF_PLAY:
        assert row["black"] + row["white"] == 64
        assert row["winner"] == ("black" if row["black"] > row["white"] else "white")
    assert sorted(study.STUDY_ORDERING) == list(range(3, 9))


BAD_CALLS = [
    (study.search, ("d3", 3), "state must be an Othello position"),
    (study.search, (Othello(), 2.5), "depth must be a whole number from 1 to 60"),
    (study.readable_search, (Othello(), 3, "research", "none", "win", "alpha-beta"),
     "algorithm must be one of"),
    (study.readable_search, (Othello(), 99), "depth must be a whole number from 1 to 20"),
    (study.deepening, (None, 3), "state must be an Othello position"),
    (study.win_scored, ("research",), "evaluation must be a function"),
    (study.study_evaluation, ("mobility",), "evaluation must be one of"),
    (study.Player, ("research", "4"), "depth must be a whole number"),
    (study.random_opening, (True, 1), "plies must be a whole number from 0 to 60"),
    (study.random_opening, (4, -1), "seed"),
    (study.distinct_openings, (3, 61, 1), "plies must be a whole number from 0 to 60"),
    (study.replay, ("d3",), "moves must be a list or tuple of move names"),
    (study.replay, ([19],), "moves must hold move names"),
    (study.replay, (["d4"],), "d4"),
    (study.play_game, ("research", study.Player()), "black must be a Player"),
    (study.play_game, (study.Player(), study.Player(), "d3"), "moves must be a list or tuple"),
    (study.study_method, ("research", 2, 0), "games must be a whole number from 1 to 1,000"),
    (study.study_method, ("research", 2, 2, -1), "opening_plies must be a whole number"),
    (study.parting_ply, ("d3c5", ("d3",)), "first must be a list or tuple"),
    (study.paired_match, ("research", 2, 0), "max_pairs must be a whole number"),
    (study.paired_match, ("weights", 2), "map must be one of arbitrary, research"),
    (study.self_play_row, (0,), "depth must be a whole number"),
    (study.horizon_table, (3,), "depths must be a list or tuple"),
    (study.horizon_table, ([],), "depths must hold at least one depth"),
    (study.horizon_table, ([1, 30],), "a depth must be a whole number from 1 to 20"),
    (study.study_positions, (0,), "count must be a whole number from 1 to 10,000"),
    (study.study_positions, (2, 1, 4, 3, 0), "stride must be a whole number from 1 to 60"),
    (study.mean_branching, ([],), "positions must hold at least one position"),
    (study.mean_branching, (Othello(),), "positions must be a list or tuple"),
    (study.mean_branching, (["x"],), "positions must hold Othello positions, got 'x'"),
    (study.ordering_table, ([Othello()], [2], ["best"]), "move order must be one of"),
    (study.ordering_table, ([Othello()], [2], "none"), "orders must be a list or tuple"),
    (study.deepening_nodes, ([Othello()], [0]), "a depth must be a whole number"),
    (study.fewer_nodes, ({"depth": 3}, "none", ["gain"]), "rows must be a list or tuple"),
    (study.fewer_nodes, ([{"depth": 3}], 1, ["gain"]), "order must be text"),
    (study.format_rows, ([[3]], ["depth"]), "rows must hold dicts"),
    (study.format_rows, ([{"depth": 3}], "depth"), "columns must be a list or tuple"),
    (study.format_rows, ([{"depth": 3}], ["depth"], 0), "widths must be a whole number"),
    (study.evaluation_sprt, ("research",), "evaluation must be a function"),
    (study.evaluation_sprt, (EVALUATIONS["research"], 0), "max_pairs must be a whole number"),
]


@pytest.mark.parametrize("function, args, words", BAD_CALLS,
                         ids=[f"{f.__name__}-{i}" for i, (f, _, _) in enumerate(BAD_CALLS)])
def test_a_bad_argument_to_a_public_helper_is_refused_in_words(function, args, words):
    from course_lib.errors import CourseError
    with pytest.raises(CourseError, match=re.escape(words)):
        result = function(*args)
        if hasattr(result, "__next__"):
            next(result)


def test_bad_arguments_are_refused_in_words():
    with pytest.raises(InvalidArgumentError, match="move order"):
        study.search(Othello(), 3, order="table")
    with pytest.raises(InvalidArgumentError, match="depth"):
        study.search(Othello(), 0)
    with pytest.raises(InvalidArgumentError, match="evaluation"):
        study.Player("mobility", 3)
    with pytest.raises(InvalidArgumentError, match="scoring"):
        study.search(Othello(), 3, scoring="exact")
    with pytest.raises(InvalidArgumentError, match="map"):
        study.study_method("discs", 3, 2)
    with pytest.raises(InvalidArgumentError, match="move order"):
        study.deepening(Othello(), 3, order="table")        # at the call, not at next()
    with pytest.raises(InvalidArgumentError, match="order 'none'"):
        study.readable_search(Othello(), 3, order="position", algorithm="minimax")
    finished = Othello.from_text("xxxxxxxx/" * 7 + "xxxxxxxx x")
    with pytest.raises(GameOverError):
        study.search(finished, 2)


def _pair_points(evaluation, opening):
    """The points of greedy with ``evaluation`` in the pair of games from ``opening`` against
    greedy with the research map, played here move by move."""
    from course_lib.games.othello import research_map
    points = 0.0
    for mine in (BLACK, WHITE):
        state = study.replay(opening)
        while state.legal_moves():
            evaluate = evaluation if state.to_move == mine else research_map
            mover = state.to_move
            moves = state.legal_moves()
            values = [evaluate(state.apply(m), mover) for m in moves]
            state = state.apply(moves[values.index(max(values))])    # the first best move
        winner = state.winner()
        points += 0.5 if winner == 0 else float(winner == mine)
    return points


def test_the_evaluation_test_plays_greedy_pairs_from_distinct_openings():
    from course_lib.exercises import verdict
    from course_lib.lessons import nb02

    def corners_first(state, player):
        return EVALUATIONS["research"](state, player) + 50 * sum(
            (state.cells[s] == player) - (state.cells[s] == 3 - player) for s in (0, 7, 56, 63))

    test = study.evaluation_sprt(corners_first, max_pairs=3, seed=5)
    openings = study.distinct_openings(3, study.TEST_OPENING_PLIES, 5)
    expected = [0] * 5
    for opening in openings:
        expected[int(2 * _pair_points(corners_first, opening))] += 1
    assert test.run.pentanomial == expected and test.run.games == 6
    assert test.run.spec_b == study.RESEARCH_NAME and test.against == "the research map"
    assert test.run.stopped_by == "max-games" and test.decision == "continue"
    assert "undecided" in nb02.reading(test)
    # the verdict says why it fails and what passes, not the test's repr
    assert verdict("09-better-evaluation", test).startswith(
        "09-better-evaluation: wrong: an undecided test, stopped at its cap of 3 pairs (only "
        "'accept H1' passes) is not it; hint 1 of 3: ")


def test_an_unwritten_evaluation_plays_nothing_and_a_failing_one_stops_the_test():
    from course_lib.exercises import verdict

    def unwritten(state, player):
        """The skeleton's docstring."""
        ...

    assert study.evaluation_sprt(unwritten) is ...
    assert verdict("09-better-evaluation", ...).endswith("not answered yet (replace ... with "
                                                         "your answer)")
    broken = study.evaluation_sprt(lambda state, player: state.mobility(player))
    assert broken.error.startswith("AttributeError") and broken.run.games == 0
    assert verdict("09-better-evaluation", broken).startswith("09-better-evaluation: wrong")


def _decided(points, against=None, **settings):
    """A test made from pair results alone, that decides: every pair scores ``points`` (2 or
    1), or, given a list of them, the pairs score the list's figures over and over."""
    from itertools import cycle
    from course_lib.lessons import nb02
    from course_lib.match.sprt import SprtRun
    from course_lib.strength import Sprt
    sprt = Sprt(kind="pentanomial", **{**nb02.TEST, **settings})
    run = SprtRun("greedy, mine", against or study.RESEARCH_NAME, "pentanomial", sprt, 120, 1)
    for pair in cycle(points if isinstance(points, list) else [points]):
        run.pentanomial[int(2 * pair)] += 1
        if sprt.add(pair) != "continue":
            break
    run.wins = 2 * run.pentanomial[4] + run.pentanomial[2]     # a pair of 1 point: +1 -1
    run.losses = run.pentanomial[2]
    run.stopped_by = "decision"
    return nb02.EvaluationTest(run, (1.0, 0.5), against="the research map")


def test_only_a_test_against_the_research_map_that_accepts_h1_passes():
    from course_lib.exercises import verdict
    from course_lib.lessons import nb02
    assert verdict("09-better-evaluation", _decided(2.0)) == "09-better-evaluation: right"
    h0 = _decided(1.0)                         # every pair 1-1, as between equals
    assert h0.decision == "accept H0"
    assert verdict("09-better-evaluation", h0).startswith(
        f"09-better-evaluation: wrong: a test that accepted H0 after {sum(h0.run.pentanomial)} "
        "pairs (only 'accept H1' passes) is not it; hint 1 of 3: ")
    against_material = _decided(2.0, against=nb02.MATERIAL_NAME)   # notebook 02's exercise
    assert verdict("09-better-evaluation", against_material).startswith(
        "09-better-evaluation: wrong")
    assert verdict("02-better-evaluation", against_material) == "02-better-evaluation: right"
    easier = _decided(2.0, elo1=10)
    assert verdict("09-better-evaluation", easier).startswith("09-better-evaluation: wrong")


def test_the_reading_gives_the_median_unbiased_elo_beside_the_naive_one_with_units():
    from course_lib.lessons import nb02
    from course_lib.strength import sprt_elo_estimate
    test = _decided([2.0, 2.0, 1.0])          # pairs that vary: the model has a variance
    words = nb02.reading(test)
    estimate = sprt_elo_estimate(test.run.test)
    assert not estimate.note
    assert f"{estimate.elo:+.1f} logistic Elo" in words
    assert f"naive {estimate.naive_elo:+.1f} logistic Elo" in words
    assert estimate.elo < estimate.naive_elo                  # stopped high: the naive is above
    for line in words.splitlines()[2:]:
        assert "biased" in line and "median-unbiased" in line
    for line in words.splitlines():
        assert "Elo" not in line or "logistic Elo" in line, line
    assert "It does not say 'at least 50 logistic Elo stronger'" in words
    assert "than the research map" in nb02.reading(_decided(1.0))
    assert "the research map 0.50 ms" in nb02.time_words(test)
    # every pair won: no median-unbiased figure, the score's exact bound instead, said so
    all_won = nb02.reading(_decided(2.0))
    assert "every result the same" in all_won and "exact bound" in all_won
    assert "+inf" not in all_won


@pytest.mark.parametrize("name", ["09-intuition-cost", "09-distinct-games",
                                  "09-better-evaluation"])
def test_the_hints_go_from_a_question_to_the_line(name):
    from course_lib.exercises import _EXERCISES, registered, verdict
    registered("09")
    exercise = _EXERCISES[name]
    question, place, line = exercise.hints
    assert question.endswith("?")
    assert "(" not in question
    code = [w for w in ("ordering_nodes", "random_opening(", "moves_for(") if w in line]
    assert code and not any(w in question or w in place for w in code)
    first = verdict(name, exercise.mistake)
    assert "hint 1 of 3" in first and question in first and line not in first


def test_the_notebook_asks_for_the_flips_and_shows_the_skeleton_as_the_grader_has_it():
    import json
    from pathlib import Path
    from course_lib.grader import skeleton
    path = Path(study.__file__).parents[2] / "notebooks" / "solutions" / "09_othello_study.ipynb"
    cells = json.loads(path.read_text())["cells"]
    answer = next(c for c in cells if c["metadata"].get("nbgrader", {}).get("grade_id")
                  == "09-flips")
    signature = skeleton("09-flips").splitlines()[0]
    assert "".join(answer["source"]).startswith(signature)


def test_exercise_intuition_cost_counted_again():
    from course_lib.lessons import nb09
    from course_lib.exercises import verdict
    state = Othello.from_text(nb09.INTUITION_TEXT)
    function = study.win_scored(EVALUATIONS["research"])
    total = 0
    for move in state.legal_moves():
        s = Searcher("negamax-alphabeta", function)
        s.root_player = state.to_move
        s.negamax_alphabeta(state.apply(move), 2, float("-inf"), float("inf"), 1, None, move)
        total += s.stats.nodes
    assert verdict("09-intuition-cost", total) == "09-intuition-cost: right"


def test_a_forced_pass_that_fails_high_enters_the_tables_in_both_tiers():
    passes = []

    class Spy(_PositionOrder):
        def _fail_high(self, move, ply, depth):
            if move == PASS:
                passes.append((ply, depth))
            super()._fail_high(move, ply, depth)

    function = study.win_scored(EVALUATIONS["research"])
    for state in _late_positions(3, 200):
        for depth in (3, 4, 5):
            for order in ("killers", "history", "killers-history"):
                theirs = Spy("negamax-alphabeta", function, killers=order != "history",
                             history=order != "killers").run(state, depth)
                ours = study.search(state, depth, "research", order)
                assert (ours.move, ours.value, ours.stats.nodes, ours.stats.cutoffs) == (
                    theirs.move, theirs.value, theirs.stats.nodes, theirs.stats.cutoffs)
    assert passes


# --- the orders on equal terms, the table move and iterative deepening ----------------------


def test_position_root_is_the_position_order_given_to_the_root():
    """Checked a second way: the readable search told the root's order, board order below."""
    function = study.win_scored(EVALUATIONS["research"])
    for state in POSITIONS[:6]:
        root = sorted(state.legal_moves(), key=state.static_score, reverse=True)
        for depth in (2, 3, 4):
            theirs = Searcher("negamax-alphabeta", function).run(state, depth, root_order=root)
            ours = study.search(state, depth, "research", "position-root")
            assert (ours.move, ours.value, ours.stats.nodes) == (
                theirs.move, theirs.value, theirs.stats.nodes), (state.text(), depth)


def test_intuition_at_every_node_orders_below_the_root_too():
    for state in POSITIONS[:6]:
        root_only = study.search(state, 4, "research", "intuition")
        every = study.search(state, 4, "research", "intuition-all")
        assert every.value == root_only.value
        assert every.stats.ordering_nodes > root_only.stats.ordering_nodes > 0
        # at depth 1 there is nothing below the root to order: the same search
        one = [study.search(state, 1, "research", o).stats for o in ("intuition", "intuition-all")]
        assert (one[0].nodes, one[0].ordering_nodes) == (one[1].nodes, one[1].ordering_nodes)


def test_deepening_finds_the_search_values_and_orders_the_root_by_the_last_iteration():
    for state in POSITIONS[:4]:
        results = list(study.deepening(state, 4))
        assert [r.depth for r in results] == [1, 2, 3, 4]
        moves = state.legal_moves()
        # depth 1: the root and each of its children, nothing cut at the root
        assert results[0].stats.nodes == 1 + len(moves)
        for previous, result in zip(results, results[1:]):
            assert result.value == study.search(state, result.depth, "research").value
            assert result.stats.nodes > previous.stats.nodes       # every iteration counted
            ranked = sorted(previous.root_values, key=lambda pair: pair[1], reverse=True)
            assert [m for m, _ in result.root_values] == [m for m, _ in ranked]


def test_deepening_nodes_means_the_iterations_totals():
    positions = study.study_positions(3, seed=6)
    means = study.deepening_nodes(positions, [2, 3])
    for depth in (2, 3):
        totals = [list(study.deepening(p, depth))[-1].stats.nodes for p in positions]
        assert means[depth] == pytest.approx(sum(totals) / 3)


def test_fewer_nodes_reads_the_rows():
    rows = [{"depth": 3, "none": 10, "position": 9, "gain": 9, "intuition": 8},
            {"depth": 4, "none": 10, "position": 7, "gain": 9, "intuition": 8},
            {"depth": 5, "none": 10}]
    assert study.fewer_nodes(rows, "intuition", ["none", "position", "gain"]) == [3]
    assert study.fewer_nodes(rows, "intuition", ["none"]) == [3, 4]


# --- the claims notebook 09 makes ------------------------------------------------------------


def _winner_of(moves):
    """The winner's colour, from the final discs of the moves replayed with the rules."""
    state = study.replay(moves)
    assert state.is_terminal()
    black, white = state.cells.count(BLACK), state.cells.count(WHITE)
    return "black" if black > white else "white" if white > black else "draw"


@pytest.mark.parametrize("weights, depth, winner", [("arbitrary", 5, "white"),
                                                    ("research", 4, "black")])
def test_a_15_15_match_is_one_game_won_by_each_agent_both_by_one_colour(weights, depth,
                                                                         winner):
    """The two 15-15 scores of the stored run: each agent wins one of the two games, and
    both games are won by the same colour (the weighted agent's colour changes)."""
    match = study.study_method(weights, depth, 30)
    assert (match.weighted_wins, match.discs_wins, match.distinct_games) == (15, 15, 2)
    first, second = match.games[0], match.games[1]
    assert {_winner_of(first.moves), _winner_of(second.moves)} == {winner}
    assert match.distinct_results() == [("black", winner), ("white", winner)]


def test_the_studys_self_play_games_are_ours_one_ply_deeper_scored_by_the_evaluation():
    """The study's depth d is our depth d + 1 with a finished game scored by the evaluation:
    the same final discs, and its mean nodes are ours without the root (to its rounding)."""
    for row in study.STUDY_SELF_PLAY[:3]:                       # its depths 3, 4, 5
        ours = study.self_play_row(row["depth"] + 1, scoring="heuristic")
        assert (ours["black"], ours["white"]) == (row["black"], row["white"])
        for side in ("black", "white"):
            assert abs(ours[f"{side}_nodes"] - 1 - row[f"{side}_nodes"]) <= 0.5


def test_scored_as_a_win_the_games_part_late():
    for depth in (5, 6):
        study_game = study.self_play_row(depth, scoring="heuristic")["played"]
        win_game = study.self_play_row(depth, scoring="win")["played"]
        ply = study.parting_ply(study_game, win_game)
        assert ply is not None and ply > 50, (depth, ply)


def test_parting_ply():
    assert study.parting_ply(["d3", "c5"], ["d3", "c5"]) is None
    assert study.parting_ply(["d3", "c5"], ["d3", "c5", "f6"]) is None
    assert study.parting_ply(["d3", "c5"], ["c4", "c5"]) == 1


def test_study_method_with_openings_starts_game_i_after_opening_i():
    match = study.study_method("research", 2, 6, opening_plies=1)
    for i, game in enumerate(match.games):
        assert game.moves[:1] == study.random_opening(1, i)
        assert game.opening_plies == 1
    expected = {(study.random_opening(1, i), i % 2) for i in range(6)}
    assert match.distinct_games == len(expected)


def test_exercise_distinct_games_counted_from_the_openings():
    from course_lib.exercises import verdict
    from course_lib.lessons import nb09
    settings = nb09.STUDY_MATCH
    games = settings["games"]
    answer = len({(study.random_opening(settings["opening_plies"], i), i % 2)
                  for i in range(games)})
    assert answer < games
    assert verdict("09-distinct-games", answer) == "09-distinct-games: right"
    assert verdict("09-distinct-games", games).startswith("09-distinct-games: wrong")
    assert verdict("09-distinct-games", 2).startswith("09-distinct-games: wrong")
    # every opening drawn, with both colours: not every opening comes up with both, and the
    # place hint says so (a student who knows a game is its opening and colours answers this)
    every_pair = 2 * len({study.random_opening(settings["opening_plies"], i)
                          for i in range(games)})
    assert every_pair != answer
    words = verdict("09-distinct-games", every_pair, hint_level=2)
    assert "wrong" in words and "count the pairs that occur" in words


def test_the_stored_run_holds_what_notebook_09_reads_from_it():
    """The notebook's sentences about the stored run of benchmarks/bench_othello_study.py."""
    stored = stored_measurement("othello_study")
    # its self-play games are ours one ply deeper, scored by the evaluation, root not counted
    games = {(r["depth"], r["scoring"]): r for r in stored["self_play"]}
    for row in study.STUDY_SELF_PLAY:
        ours = games[row["depth"] + 1, "heuristic"]
        assert (ours["black"], ours["white"]) == (row["black"], row["white"])
        for side in ("black", "white"):
            assert abs(ours[f"{side}_nodes"] - 1 - row[f"{side}_nodes"]) <= 0.5
        win = games[row["depth"] + 1, "win"]
        ply = study.parting_ply(ours["played"], win["played"])
        assert ply is None or ply > 50
    # the SPRTs ran at the matching depth and all accepted H1; the 15-15 matches
    for match in stored["matches"]:
        assert match["sprt_depth"] == match["depth"] + 1 and match["state"] == "accept H1"
        for column in ("method", "deeper"):
            if (match[f"{column}_weighted"], match[f"{column}_discs"]) == (15, 15):
                winners = {winner for _, winner in match[f"{column}_results"]}
                assert len(winners) == 1                  # both games won by one colour
    # the move orders
    rows = stored["ordering"]
    assert study.fewer_nodes(rows, "killers-history", ["position"]) == []
    assert study.fewer_nodes(rows, "intuition-all", ["position"]) == []
    assert study.fewer_nodes(rows, "intuition", ["position-root"]) == [5, 6, 7, 8, 9]
    assert study.fewer_nodes(rows, "position-deepening", ["position"]) == [4, 5, 6, 7, 8]
    assert all(r["position"] < min(r[o] for o in study.ORDERS if o in r and o != "position")
               for r in rows)


def test_study_score_counts_the_two_games_as_often_as_the_match_plays_them():
    for weights, depth, games in (("research", 2, 7), ("arbitrary", 3, 4)):
        match = study.study_method(weights, depth, games, scoring="heuristic")
        assert study.study_score(weights, depth, games, scoring="heuristic") == (
            match.weighted_wins, match.discs_wins, match.draws)


def test_no_scoring_and_no_depth_gives_the_studys_six_match_scores():
    """Notebook 09, section 3: scored as a win or by the evaluation, at the study's depth or
    one ply deeper, at most 4 of its 6 match scores come out; by the evaluation, 3 and 3."""
    for extra, expected in ((0, 3), (1, 3)):
        same = sum(study.study_score(m["map"], m["depth"] + extra, m["games"], "heuristic")[:2]
                   == (m["weighted"], m["discs"]) for m in study.STUDY_MATCHES)
        assert same == expected, extra
    stored = stored_measurement("othello_study")
    for column in ("method", "deeper"):
        same = sum((ours[column + "_weighted"], ours[column + "_discs"])
                   == (theirs["weighted"], theirs["discs"])
                   for ours, theirs in zip(stored["matches"], study.STUDY_MATCHES))
        assert same < 6, column


def test_scored_as_a_win_the_mean_nodes_hardly_move_but_at_depth_10():
    """Notebook 09, section 5: the stored self-play games' mean nodes per move, scored as a
    win, are within 0.05 % of those scored by the evaluation at depths 3 to 9."""
    games = {(r["depth"], r["scoring"]): r for r in stored_measurement("othello_study")
             ["self_play"]}
    for depth in range(3, 11):
        moved = max(abs(games[depth, "win"][side] / games[depth, "heuristic"][side] - 1)
                    for side in ("black_nodes", "white_nodes"))
        assert (moved < 0.0005) == (depth < 10), (depth, moved)


def test_the_disc_counts_self_play_is_won_by_white_at_depth_4_only():
    """Notebook 09, section 6: the study's version 1 ("white won regardless") is one game: white
    wins it at depth 4 under both scorings, black one ply deeper."""
    for scoring in ("heuristic", "win"):
        assert study.self_play_row(4, evaluation="discs", scoring=scoring)["winner"] == "white"
        assert study.self_play_row(5, evaluation="discs", scoring=scoring)["winner"] == "black"
    rows = study.horizon_table([4, 5], openings=20, seed=3, evaluation="discs")
    assert all(0 < row["white_wins"] < row["openings"] / 2 for row in rows)


def test_the_studys_order_savings_lie_nearer_ours_at_the_root_than_at_every_node():
    """Notebook 09, section 7: at each of the study's depths its position order's saving is
    nearer our root-only position order's, one ply deeper, than our every-node one's."""
    ordering = {r["depth"]: r for r in stored_measurement("othello_study")["ordering"]}
    for depth, theirs in study.STUDY_ORDERING.items():
        ours = ordering[depth + 1]
        saving = theirs["position"] / theirs["none"]
        root, every = (ours[order] / ours["none"] for order in ("position-root", "position"))
        assert abs(saving - root) < abs(saving - every), depth


def test_where_intuition_crosses_position_at_the_root_depends_on_the_positions():
    """Notebook 09, section 7: at the root only, intuition (its searches counted) visits fewer
    nodes than position from depth 5 on the stored 30 positions, but not at depth 5 on the 10
    live ones: the crossing depth is not a property of the orders alone."""
    stored = stored_measurement("othello_study")["ordering"]
    assert study.fewer_nodes(stored, "intuition", ["position-root"]) == [5, 6, 7, 8, 9]
    live = study.ordering_table(study.study_positions(10, seed=4), [5],
                                ["position-root", "intuition"])
    assert study.fewer_nodes(live, "intuition", ["position-root"]) == []


def test_the_intuition_orders_searches_are_two_ply_searches_of_each_child():
    """Exercise 2's reasoning: the order's cost is a 2-ply search below each root move, the
    same whatever the main search's depth."""
    for text in (study.INTUITION_TEXT, Othello().text()):
        state = Othello.from_text(text)
        children = sum(study.search(state.play(move), 2, "research").stats.nodes
                       for move in state.legal_moves())
        for depth in (3, 5):
            result = study.search(state, depth, "research", order="intuition")
            assert result.stats.ordering_nodes == children, (text, depth)


def _half_turn(move: str) -> str:
    """A move's square on the board turned half round (a1 <-> h8); the pass stays."""
    if move == PASS:
        return PASS
    return "abcdefgh"[7 - "abcdefgh".index(move[0])] + str(9 - int(move[1]))


def _last_best_game(black: tuple[str, int], white: tuple[str, int]) -> tuple[list[str], int]:
    """A game of minimax agents (evaluation, depth) that keep the last of equal moves in board
    order, a finished game scored as a win: each root move's value is the search of the
    position after it. Returns the moves and how many choices had equal best moves."""
    state, moves, ties = Othello(), [], 0
    agents = {BLACK: black, WHITE: white}
    while state.legal_moves():
        legal = state.legal_moves()
        if legal == [PASS]:
            move = PASS
        else:
            evaluation, depth = agents[state.to_move]
            leaf = study.study_evaluation(evaluation, "win")
            values = []
            for m in legal:
                child = state.apply(m)
                if depth == 1 or not child.legal_moves():
                    values.append(leaf(child, state.to_move))
                else:
                    values.append(-study.search(child, depth - 1, evaluation).value)
            best = max(values)
            ties += values.count(best) > 1
            move = legal[len(values) - 1 - values[::-1].index(best)]
        moves.append(move)
        state = state.apply(move)
    return moves, ties


def test_keeping_the_last_of_equal_moves_plays_the_first_game_turned_half_round():
    """Notebook 09, section 5: the start and the maps look the same turned half round, so
    minimax keeping the last of equal moves plays the games of the one keeping the first,
    turned half round, with the same score: tie-breaking cannot explain the study's matches."""
    match = study.study_method("arbitrary", 4, 2)
    for game, weighted_black in zip(match.games, match.weighted_black):
        agents = (("arbitrary", 4), ("discs", 4))
        moves, ties = _last_best_game(*(agents if weighted_black else agents[::-1]))
        assert ties > 0 and moves != list(game.moves)
        assert moves == [_half_turn(m) for m in game.moves]


def test_the_deepening_table_cuts_positions_met_again_not_only_orders():
    """Notebook 09, section 7: position-deepening's table does more than give its move: its
    values cut short positions met again at the same depth."""
    positions = study.study_positions(10, seed=4)
    cutoffs = [list(study.deepening(p, 5))[-1].stats.tt_cutoffs for p in positions]
    assert sum(cutoffs) > 0


def test_the_one_game_from_the_start_has_the_same_winner_under_both_scorings():
    """Notebook 09, section 6: the crosses of the horizon figure (scored by the evaluation)
    and the shares over openings (scored as a win) may be read together."""
    stored = {(r["depth"], r["scoring"]): r["winner"]
              for r in stored_measurement("othello_study")["self_play"]}
    depths = sorted({d for d, _ in stored})
    assert depths == list(range(3, 11))
    assert all(stored[d, "heuristic"] == stored[d, "win"] for d in depths)


def test_intuition_at_every_node_searches_deeper_than_a_node_with_one_ply_left():
    """Notebook 09, section 7: the literal intuition-all runs its 3-ply searches also where the
    main search has one ply left, so there they look deeper than the search they order."""
    for state in POSITIONS[2:6]:
        if state.legal_moves() == [PASS]:
            continue
        children = sum(study.search(state.play(m), 2, "research").stats.nodes
                       for m in state.legal_moves())
        result = study.search(state, 1, "research", order="intuition-all")
        assert result.stats.ordering_nodes == children
        assert children > result.stats.nodes - children == 1 + len(state.legal_moves())
