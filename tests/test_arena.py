"""The arena: colour-swapped pairs on any executor, reproducible from a seed, with pentanomial
counts, callbacks that can stop a match, programs through the referee, and round robins."""

from __future__ import annotations

import concurrent.futures
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from course_lib.agents.evaluation import WIN_SCORE, exact, material
from course_lib.agents.search import Searcher
from course_lib.ataxx import State
from course_lib.errors import CourseError
from course_lib.match.arena import (Arena, GameTask, MatchReport, Program, RandomOpenings,
                                    derive_seed, is_decided_opening, play_task, round_robin,
                                    run_match, seeded_spec)

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
MIDGAME_FEN = "x5o/1x5/7/3o3/7/5x1/o5x o 3 2"
FAULT_AGENTS = Path(__file__).parent / "fault_agents"


def moves_of(report: MatchReport) -> list[list[str]]:
    return [game.moves for game in report.games]


def replay(game) -> State:
    """Play the recorded moves from the game's opening; check where they end."""
    state = State.from_fen(game.opening_fen)
    for move in game.moves:
        state = state.play(move)
    assert state.fen() == game.final_fen
    assert [state.stones(1), state.stones(2)] == game.stones
    return state


# --- reproducible on any executor -------------------------------------------------------------


def test_the_same_seed_gives_the_same_games_on_any_executor():
    args = ("alphabeta:depth=1", "random", 4)
    inline = run_match(*args, seed=11, workers=0, progress=False)
    one = run_match(*args, seed=11, workers=1, progress=False)
    two = run_match(*args, seed=11, workers=2, progress=False)
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        threads = run_match(*args, seed=11, executor=pool, progress=False)
    assert len(inline.games) == 8
    assert moves_of(inline) == moves_of(one) == moves_of(two) == moves_of(threads)
    for report in (one, two, threads):
        assert [g.seed for g in report.games] == [g.seed for g in inline.games]
        assert [g.first for g in report.games] == [g.first for g in inline.games]
        assert [g.index for g in report.games] == list(range(8))      # reported in game order
    other = run_match(*args, seed=12, workers=0, progress=False)
    assert moves_of(other) != moves_of(inline)


def test_a_game_replays_from_its_task_and_its_moves():
    report = run_match("greedy", "random", 3, seed=5, workers=0, progress=False)
    for game in report.games:
        assert play_task(game.task).moves == game.moves
        state = replay(game)
        assert state.is_over() and state.winner() == game.winner
        assert game.reason in ("no-stones", "board-full", "turn-limit", "no-moves")
        assert game.turns == len(game.moves) and game.time_used_ms[0] >= 0
    json.dumps(report.to_dict())                   # plain values all the way down


def test_seeds_follow_the_documented_rule():
    arena = Arena(seed=7, progress=False)
    tasks = arena.tasks("random", "random:seed=3", 2)
    assert [t.seed for t in tasks] == [derive_seed(7, "game", g) for g in range(4)]
    assert tasks[2].opening_fen == tasks[3].opening_fen == RandomOpenings(4).fen(1, 7)
    game = play_task(tasks[1])                     # B moves first in the second game
    assert game.first == "random:seed=3"
    assert game.second == f"random:seed={derive_seed(tasks[1].seed, 'A')}"
    assert seeded_spec("random: ", 9) == "random:seed=9"
    assert seeded_spec("alphabeta:depth=2", 9) == "alphabeta:depth=2"
    assert derive_seed(0) == 0 and derive_seed(0, 1) != derive_seed(1, 0)
    with pytest.raises(ValueError, match="8 bytes"):
        derive_seed(0, "much too long")


# --- pairs and openings ----------------------------------------------------------------------


def test_pairs_swap_colours_from_the_same_opening():
    report = run_match("greedy", "alphabeta:depth=1", 3, seed=2, workers=0, progress=False)
    assert len(report.pairs) == 3 and len(report.games) == 6
    openings = set()
    for k, pair in enumerate(report.pairs):
        a_first, a_second = pair.games
        assert pair.index == k and (a_first.index, a_second.index) == (2 * k, 2 * k + 1)
        assert a_first.a_first and not a_second.a_first
        assert a_first.opening_fen == a_second.opening_fen == pair.opening_fen
        assert (a_first.first, a_first.second) == ("greedy", "alphabeta:depth=1")
        assert (a_second.first, a_second.second) == ("alphabeta:depth=1", "greedy")
        assert State.from_fen(pair.opening_fen).turns == 4         # four random plies
        openings.add(pair.opening_fen)
    assert len(openings) == 3


def test_pentanomial_counts_sum_to_the_pairs_and_agree_with_the_games():
    report = run_match("random", "random", 12, seed=3, workers=0, progress=False)
    assert sum(report.pentanomial) == len(report.pairs) == 12
    assert report.wins + report.draws + report.losses == len(report.games) == 24
    points = Counter(game.score_a for game in report.games)
    assert (report.wins, report.draws, report.losses) == (points[1.0], points[0.5], points[0.0])
    by_pair = Counter(report.games[2 * p].score_a + report.games[2 * p + 1].score_a
                      for p in range(12))
    assert report.pentanomial == [by_pair[k / 2] for k in range(5)]
    assert len([n for n in report.pentanomial if n]) >= 2         # random games do vary
    assert report.score == pytest.approx(report.points / 24)
    assert report.points == sum(pair.points for pair in report.pairs)
    for game in report.games:
        assert game.score_a == (0.5 if game.winner == 0 else
                                1.0 if game.winner == (1 if game.a_first else 2) else 0.0)


def test_openings_from_a_list_of_fens_are_cycled():
    report = run_match("greedy", "random", 3, openings=[GAP_FEN, MIDGAME_FEN], workers=0,
                       progress=False)
    assert [pair.opening_fen for pair in report.pairs] == [GAP_FEN, MIDGAME_FEN, GAP_FEN]
    for game in report.games:
        replay(game)
    single = run_match("greedy", "random", 1, openings=MIDGAME_FEN, workers=0, progress=False)
    assert single.games[0].opening_fen == MIDGAME_FEN
    start = run_match("greedy", "greedy", 1, openings=None, workers=0, progress=False)
    assert start.games[0].opening_fen == State.start().fen()
    assert start.games[0].moves == start.games[1].moves           # greedy mirrors itself


def test_random_openings_are_seeded():
    a = [RandomOpenings(6).fen(p, 1) for p in range(5)]
    assert a == [RandomOpenings(6).fen(p, 1) for p in range(5)]
    assert a != [RandomOpenings(6).fen(p, 2) for p in range(5)]
    gap = RandomOpenings(2, start=GAP_FEN).fen(0, 1)
    assert gap.split()[0].count("-") == 4 and State.from_fen(gap).turns == 2


WIPE_IN_3 = "7/1xx4/4o2/7/o6/7/6x x 3 3"
"""x to move takes o's last stones in 3 plies whatever o does."""
WIPE_IN_5 = "4o2/2x4/3x3/7/o6/7/6x x 1 3"
"""x to move takes o's last stones in 5 plies (a 4-ply search does not see it)."""


def forced_end_within(state: State, plies: int) -> bool:
    """The oracle: the readable alpha-beta with the readable ``exact(material)``. True when
    either side can force a finished game it wins within ``plies``."""
    searcher = Searcher("negamax-alphabeta", exact(material), order="gain")
    return abs(searcher.run(state, plies).value) >= WIN_SCORE


@pytest.mark.parametrize("fen, plies", [(WIPE_IN_3, 3), (WIPE_IN_5, 5)])
def test_a_decided_opening_is_told_apart_by_its_depth(fen, plies):
    state = State.from_fen(fen)
    assert forced_end_within(state, plies) and not forced_end_within(state, plies - 1)
    assert is_decided_opening(state, plies) and not is_decided_opening(state, plies - 1)
    assert is_decided_opening(state, 8) and not is_decided_opening(state, 0)
    assert not is_decided_opening(State.start(), 5)
    assert is_decided_opening(State.from_fen("7/7/7/7/7/7/x6 o 0 9"))      # finished: o gone


def test_random_openings_skip_the_decided_ones_and_say_so_when_none_is_left():
    kept = [RandomOpenings(4).fen(p, 7) for p in range(50)]
    raw = [RandomOpenings(4, decided_depth=0).fen(p, 7) for p in range(50)]
    redrawn = [p for p in range(50) if kept[p] != raw[p]]
    assert redrawn, "seed 7 has decided openings among its first 50"
    assert all(is_decided_opening(State.from_fen(raw[p])) for p in redrawn)
    assert not any(is_decided_opening(State.from_fen(fen)) for fen in kept)
    assert all(State.from_fen(fen).turns == 4 for fen in kept)
    with pytest.raises(CourseError, match="decided_depth=0"):
        RandomOpenings(0, start=WIPE_IN_3).fen(0, 1)
    assert RandomOpenings(0, start=WIPE_IN_3, decided_depth=0).fen(0, 1) == WIPE_IN_3
    finished = "7/7/7/7/7/7/x6 o 0 9"
    for plies, depth in ((0, 0), (0, 5), (4, 0)):
        with pytest.raises(CourseError, match="finished game"):
            RandomOpenings(plies, start=finished, decided_depth=depth).fen(0, 1)
    for bad in (-1, 9, 2.0, True, "5"):
        with pytest.raises(CourseError, match="decided_depth"):
            RandomOpenings(4, decided_depth=bad)
    with pytest.raises(CourseError, match="not a FEN"):
        RandomOpenings(4, start="x5o/7 x")


# --- clocks and programs ---------------------------------------------------------------------


def test_in_process_games_keep_a_clock_when_given_one():
    report = run_match("alphabeta:depth=3", "alphabeta:depth=3", 1, time_ms=1, workers=0,
                       progress=False)
    for game in report.games:                      # nobody searches depth 3 in 1 ms
        assert game.reason == "timeout" and game.turns == 0 and game.winner == 2
        assert game.time_used_ms[0] > 1
    timed = run_match("alphabeta:game=300", "greedy", 1, time_ms=1000, workers=0,
                      progress=False)
    for game in timed.games:
        assert game.reason != "timeout"
        assert max(game.time_used_ms) <= 1000


def test_a_program_plays_through_the_referee_the_same_game_as_in_process():
    in_process = run_match("greedy", "random", 1, seed=4, workers=0, progress=False)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        refereed = run_match(Program.from_spec("greedy"), "random", 1, seed=4, executor=pool,
                             time_ms=8000, progress=False)
    assert refereed.name_a == "greedy"
    for game, twin in zip(refereed.games, in_process.games):
        assert game.refereed and not twin.refereed
        assert game.moves == twin.moves and game.winner == twin.winner
        assert game.reason == twin.reason
        assert "-m course_lib agent" in game.first + game.second
        assert "random:seed=" in (game.second if game.a_first else game.first)
        assert max(game.time_used_ms) < 8000
        replay(game)


def test_a_crashing_program_loses_and_the_match_goes_on():
    crasher = Program([sys.executable, str(FAULT_AGENTS / "crash_midgame.py")], name="crasher")
    report = run_match(crasher, "greedy", 1, openings=None, time_ms=5000, workers=2,
                       progress=False)
    assert report.name_a == "crasher" and report.losses == 2
    assert {game.reason for game in report.games} == {"crash"}
    assert "deliberate crash" in "".join(report.games[0].stderr)


def test_an_agent_that_raises_in_process_loses_by_crash(monkeypatch):
    from course_lib.agents.players import GreedyAgent
    play = GreedyAgent.choose_move

    def fragile(self, state):
        if state.turns >= 6:
            raise RuntimeError("deliberate")
        return play(self, state)

    monkeypatch.setattr(GreedyAgent, "choose_move", fragile)
    report = run_match("greedy", "random", 1, openings=None, workers=0, progress=False)
    assert report.losses == 2
    for game in report.games:
        assert game.reason == "crash" and "RuntimeError: deliberate" in game.detail
        assert game.turns in (6, 7)             # the crash came at greedy's first move from turn 6
        replay(game)


# --- callbacks and stopping early ------------------------------------------------------------


def test_callbacks_see_games_in_order_and_true_stops_the_match():
    seen_games, seen_pairs = [], []

    def on_game(report, game):
        seen_games.append((game.index, len(report.games)))
        return "continue"                          # truthy but not True: plays on

    def on_pair(report, pair):
        seen_pairs.append((pair.index, sum(report.pentanomial)))
        return len(report.pairs) == 2

    report = run_match("greedy", "random", 10, workers=2, progress=False, on_game=on_game,
                       on_pair=on_pair)
    assert report.stopped and "stopped after 4 of 20 games" in str(report)
    assert len(report.games) == 4 and len(report.pairs) == 2 and sum(report.pentanomial) == 2
    assert seen_games == [(g, g + 1) for g in range(4)]
    assert seen_pairs == [(0, 1), (1, 2)]
    full = run_match("greedy", "random", 10, workers=0, progress=False)
    assert moves_of(report) == moves_of(full)[:4]


def test_stopping_inside_a_pair_counts_only_complete_pairs():
    report = run_match("greedy", "random", 5, workers=0, progress=False,
                       on_game=lambda report, game: game.index == 2)
    assert report.stopped and len(report.games) == 3 and len(report.pairs) == 1
    assert sum(report.pentanomial) == 1


def test_stopping_cancels_the_games_not_yet_started():
    submitted = []

    class Recording(concurrent.futures.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            submitted.append(args[0].index)
            return super().submit(fn, *args, **kwargs)

    with Recording(1) as pool:
        report = run_match("greedy", "random", 50, executor=pool, workers=1, progress=False,
                           on_game=lambda report, game: True)
    assert len(report.games) == 1 and len(submitted) <= 3         # two in flight per worker


def test_progress_bar_shows_in_a_terminal_and_can_be_turned_off(capsys):
    run_match("greedy", "random", 2, workers=0, progress=True)
    assert "greedy vs random" in capsys.readouterr().err
    run_match("greedy", "random", 2, workers=0, progress=False)
    assert capsys.readouterr().err == ""


# --- round robin ------------------------------------------------------------------------------


def test_round_robin_fills_a_score_matrix():
    players = ["greedy", "random", "alphabeta:depth=2"]
    report = round_robin(players, 2, seed=1, workers=2, progress=False)
    assert report.names == players and sorted(report.matches) == [(0, 1), (0, 2), (1, 2)]
    games, points = report.games_matrix(), report.points_matrix()
    assert games.tolist() == [[0, 4, 4], [4, 0, 4], [4, 4, 0]]
    assert (points + points.T == games).all()
    scores = report.score_matrix()
    assert scores[0, 1] == points[0, 1] / 4 and scores[1, 1] != scores[1, 1]    # NaN
    assert report.standings()[-1][0] == "random"
    assert report.results()[("greedy", "random")] == (
        report.matches[(0, 1)].wins, report.matches[(0, 1)].draws,
        report.matches[(0, 1)].losses)
    # every pairing plays the same openings
    assert len({tuple(p.opening_fen for p in m.pairs) for m in report.matches.values()}) == 1
    assert "alphabeta:depth=2" in str(report)
    json.dumps(report.to_dict())
    again = round_robin(players, 2, seed=1, workers=0, progress=False)
    assert [moves_of(m) for m in again.matches.values()] == \
        [moves_of(m) for m in report.matches.values()]


def test_round_robin_results_feed_the_elo_table():
    from course_lib.strength import round_robin_elo
    report = round_robin(["greedy", "random", "alphabeta:depth=1"], 2, workers=0,
                         progress=False)
    table = round_robin_elo(report.results(), prior_draws=1)
    assert {row.name for row in table.rows} == set(report.names)
    assert table.rows[-1].name == "random"


def test_round_robin_can_be_stopped():
    report = round_robin(["greedy", "random", "alphabeta:depth=1"], 2, workers=0,
                         progress=False, on_game=lambda match, game: match.name_b == "random"
                         and game.index == 1)
    assert report.stopped and report.games_matrix().sum() == 2 * 2
    assert report.matches[(0, 1)].stopped and len(report.matches[(0, 2)].games) == 0


# --- errors -----------------------------------------------------------------------------------


class _NoGames(concurrent.futures.Executor):
    def submit(self, fn, /, *args, **kwargs):
        raise AssertionError("no game may start")


@pytest.mark.parametrize("player, message", [
    ("grody", "unknown agent 'grody'"),
    ("alphabeta:depht=3", "no key 'depht'"),
    ("alphabeta:time=100,game=900", "not both"),
    ("alphabeta:tt=27", "from 0 to 26"),
    (42, "a player is a spec string"),
    (Program("no-such-program-anywhere --fast"), "cannot find the program"),
])
def test_a_bad_player_is_refused_before_any_game(player, message):
    with pytest.raises(CourseError, match=message) as caught:
        run_match("greedy", player, 1, executor=_NoGames(), progress=False)
    assert "player B" in str(caught.value)


@pytest.mark.parametrize("pairs", [0, -1, 1.5, True, "3"])
def test_pairs_must_be_a_whole_number_of_at_least_one(pairs):
    with pytest.raises(CourseError, match="pairs must be a whole number from 1 to 500,000"):
        run_match("greedy", "random", pairs, executor=_NoGames(), progress=False)


@pytest.mark.parametrize("settings, message", [
    ({"openings": ["not a fen"]}, "not a FEN"),
    ({"openings": []}, "empty list"),
    ({"openings": ["7/7/7/7/7/7/7 x 0 1"]}, "finished game"),
    ({"workers": -1}, "workers must be"),
    ({"seed": -3}, "seed"),
    ({"time_ms": 0}, "time_ms"),
    ({"executor": object()}, "submit"),
])
def test_bad_settings_are_refused(settings, message):
    with pytest.raises(CourseError, match=message):
        run_match("greedy", "random", 1, progress=False, **settings)


def test_round_robin_refuses_twins_and_loners():
    with pytest.raises(CourseError, match="two players are named 'greedy'"):
        round_robin(["greedy", " greedy"], 1, executor=_NoGames(), progress=False)
    with pytest.raises(CourseError, match="at least two players"):
        round_robin(["greedy"], 1, executor=_NoGames(), progress=False)


def test_a_game_that_fails_in_a_worker_says_which_game():
    bad = GameTask(0, "greedy", "random", True, "not a fen", 0)
    with pytest.raises(ValueError) as caught:
        Arena(workers=0, progress=False)._run([bad], "x", lambda position, game: False)
    assert "while playing game 0" in "".join(getattr(caught.value, "__notes__", []))


def test_an_arena_keeps_its_pool_across_matches():
    with Arena(workers=2, progress=False) as arena:
        first = arena.match("greedy", "random", 2)
        pool = arena._pool
        second = arena.match("greedy", "random", 2)
        assert arena._pool is pool is not None
    assert arena._pool is None
    assert moves_of(first) == moves_of(second)


def test_a_saved_notebook_shows_the_progress_bar_where_it_ended():
    """The bar's stored text is its last count: a student opening a saved notebook must not
    read 0/6 for a match that was played to the end."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell(
        "from course_lib.match import run_match\n"
        "report = run_match('greedy', 'random', pairs=3, workers=0)"))
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    texts = ["".join(output.get("data", {}).get("text/plain", ""))
             for output in notebook.cells[0].outputs]
    bars = [text for text in texts if "greedy vs random" in text]
    assert len(bars) == 1, texts
    assert "6/6" in bars[0] and "100%" in bars[0]
