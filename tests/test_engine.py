"""The engine (course_lib.engine): legal moves everywhere, the value of plain alpha-beta with the
techniques that keep it, mate scores, the node limit, stop() from another thread, the spec
``engine:...`` and bad input answered in words.

Which switches keep the value of a fixed-depth search (checked below against the teaching fast
alpha-beta, ``fast_search(..., evaluation="exact-material")``):

- move ordering, killers, history, principal variation search and aspiration windows do: the
  root is searched with a full window (aspiration re-searches until the value is inside), and
  alpha-beta's root value does not depend on the order of the moves or on null-window
  re-searches done right;
- the transposition table does when every entry it uses was stored at the depth it is used at;
  used at greater depth (as the engine does), a deeper entry can change a value. On the seeded
  positions below no entry did (that is a fact about these positions, checked, not a theorem);
- late move reductions and null-move pruning do not: they search some moves less deeply.
  Null-move pruning acts only at null-window nodes, so only with PVS on.
"""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from course_lib.agents import make_agent
from course_lib.agents.fast_search import fast_search
from course_lib.ataxx import PASS, State
from course_lib.ataxx.fast import START, random_game, to_fast
from course_lib.engine import (MATE, MATE_BOUND, SWITCHES, Engine, EngineAgent, SearchInfo,
                               SearchLimits)
from course_lib.errors import (GameOverError, InvalidAgentSpecError, InvalidArgumentError)
from course_lib.search_cli import GAMES, search_position

BLOCKED_START = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"
MUST_PASS = "xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/7/7 x 0 1"   # x's stones are 3 rows away
WIN_IN_ONE = "xo5/7/7/7/7/7/7 x 0 1"            # a6 takes o's only stone


def seeded_positions(count: int, start: str | None = None, seed: int = 0) -> list[State]:
    """Positions from seeded random games: game ``k`` stopped after a seeded number of plies
    (any ply, the end game included), finished games left out."""
    positions = []
    origin = State.from_fen(start) if start else State.start()
    k = seed
    while len(positions) < count:
        moves = random_game(to_fast(origin), seed=k)
        stop = (k * 7919 + 13) % (len(moves) + 1)
        state = origin
        for move in moves[:stop]:
            state = state.apply(move)
        if not state.is_over():
            positions.append(state)
        k += 1
    return positions


def teaching_matches(engine_value: int, teaching_value: int) -> bool:
    """The engine's score (100 per stone; a finished game MATE - ply) against the teaching
    exact-material value (1 per stone; a finished game +-(1000 + margin), 0 for a draw): the
    same sign class, and equal (times 100) when no end of the game is in sight."""
    if abs(teaching_value) >= 1000:
        return abs(engine_value) >= MATE_BOUND and (engine_value > 0) == (teaching_value > 0)
    return engine_value == 100 * teaching_value


def all_off(**on: bool) -> dict[str, bool]:
    switches = {name: False for name in SWITCHES}
    switches.update(on)
    return switches


# --- legal moves ---------------------------------------------------------------------------

def test_the_engine_plays_a_legal_move_in_thousands_of_positions():
    engine = Engine(hash_mb=1)
    positions = seeded_positions(1500) + seeded_positions(500, BLOCKED_START, seed=10_000)
    for state in positions:
        move, info = engine.search(state, SearchLimits(depth=2))
        assert move in state.legal_moves(), (state.fen(), move)
        assert info.pv[0] == move.uai()


def test_node_limited_searches_also_play_legal_moves():
    engine = Engine(hash_mb=1)
    for state in seeded_positions(300, seed=50_000):
        move, _ = engine.search(state, SearchLimits(nodes=300))
        assert move in state.legal_moves(), (state.fen(), move)


def test_the_engine_passes_when_it_must_and_only_then():
    state = State.from_fen(MUST_PASS)
    assert state.legal_moves() == [PASS]
    move, info = Engine(hash_mb=1).search(state, SearchLimits(depth=4))
    assert move == PASS and info.pv[0] == "0000"
    agent = make_agent("engine:depth=3")
    assert agent.choose_move(state) == PASS


def test_a_finished_game_is_refused():
    with pytest.raises(GameOverError):
        Engine(hash_mb=1).search(State.from_fen("xxxxxxx/7/7/7/7/7/7 o 0 1"), SearchLimits(depth=2))


# --- values ---------------------------------------------------------------------------------

VALUE_POSITIONS = seeded_positions(60, seed=700) + seeded_positions(15, BLOCKED_START, seed=900)


def engine_value(state: State, depth: int, **switches: bool) -> int:
    engine = Engine(hash_mb=1, **switches)
    engine.search(state, SearchLimits(depth=depth))
    return engine.last_value


@pytest.mark.parametrize("on", [{}, {"order": True}, {"order": True, "killers": True},
                                {"order": True, "history": True}, {"pvs": True},
                                {"aspiration": True}, {"tt": True},
                                {"pvs": True, "aspiration": True, "order": True, "killers": True,
                                 "history": True}],
                         ids=lambda on: "+".join(on) or "none")
def test_value_preserving_switches_give_plain_alpha_beta_values(on):
    checked = 0
    for state in VALUE_POSITIONS:
        for depth in (1, 2, 3, 4):
            teaching = fast_search(state, depth, evaluation="exact-material").value
            value = engine_value(state, depth, **all_off(**on))
            assert teaching_matches(value, teaching), (state.fen(), depth, value, teaching)
            checked += 1
    assert checked == 4 * len(VALUE_POSITIONS)


def test_reductions_do_change_some_values():
    """LMR searches late moves less deeply: at depth 4 it misses some values (were it never to,
    this test would say the reductions never happen)."""
    differ = 0
    for state in VALUE_POSITIONS:
        teaching = fast_search(state, 4, evaluation="exact-material").value
        if not teaching_matches(engine_value(state, 4, **all_off(lmr=True)), teaching):
            differ += 1
    assert differ > 0


def test_null_move_is_never_tried_near_the_end_of_the_game():
    # 6 empty squares, no null move at or below 8. A null move is tried only off the principal
    # variation, at a node searched with a null window: with PVS on.
    state = State.from_fen("xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooo4/xxxx1o1 x 0 1")
    engine = Engine(hash_mb=1, nullmove=True, pvs=True)
    engine.search(state, SearchLimits(depth=6))
    assert engine.last_stats.null_tries == 0
    engine.search(State.start(), SearchLimits(depth=6))
    assert engine.last_stats.null_tries > 0


# --- mate scores ---------------------------------------------------------------------------

def test_a_win_in_one_is_reported_as_mate_1():
    state = State.from_fen(WIN_IN_ONE)
    move, info = Engine(hash_mb=1).search(state, SearchLimits(depth=5))
    assert state.apply(move).is_over() and state.apply(move).winner() == state.to_move
    assert info.mate == 1 and info.score_cp is None


def test_reported_mates_are_the_shortest_forced_wins():
    """Wherever the engine (fixed depth, all switches off) reports mate N, the teaching exact
    search proves the end within 2N - 1 plies (a win when N > 0, a loss when N < 0) and not
    within 2N - 3."""
    mates = 0
    for state in seeded_positions(400, seed=3000):
        if state.empty_squares > 12:
            continue
        _, info = Engine(hash_mb=1, **all_off()).search(state, SearchLimits(depth=5))
        if info.mate is None:
            continue
        mates += 1
        plies = 2 * abs(info.mate) - 1 if info.mate > 0 else 2 * abs(info.mate)
        proven = fast_search(state, plies, evaluation="exact-material").value
        assert (proven >= 1000) if info.mate > 0 else (proven <= -1000), (state.fen(), info)
        if plies > 2:
            shorter = fast_search(state, plies - 2, evaluation="exact-material").value
            assert abs(shorter) < 1000 or (shorter > 0) != (info.mate > 0), (state.fen(), info)
    assert mates >= 5


def test_mate_scores_count_from_the_root():
    engine = Engine(hash_mb=1)
    engine.search(State.from_fen(WIN_IN_ONE), SearchLimits(depth=3))
    assert engine.last_value == MATE - 1


# --- limits, the clock, stop ----------------------------------------------------------------

@pytest.mark.parametrize("limit", [1_000, 20_000, 200_000])
def test_the_node_limit_is_kept_within_600_nodes(limit):
    """The count is looked at in every node; the last ply is counted in one go (at most 529
    moves), so the search stops between ``limit`` and ``limit + 600``."""
    engine = Engine(hash_mb=1)
    _, info = engine.search(seeded_positions(1, seed=5)[0], SearchLimits(nodes=limit))
    assert limit <= info.nodes <= limit + 600


def test_stop_from_another_thread_ends_an_infinite_search():
    engine = Engine(hash_mb=1)
    engine.warm_up()
    result: list = []
    worker = threading.Thread(
        target=lambda: result.append(engine.search(State.start(),
                                                   SearchLimits(infinite=True))))
    worker.start()
    time.sleep(0.3)
    assert worker.is_alive()                  # an infinite search does not end by itself
    engine.stop()
    worker.join(timeout=5)
    assert not worker.is_alive()
    move, info = result[0]
    assert move in State.start().legal_moves() and info.depth >= 1


def test_on_info_reports_each_iteration_with_its_whole_line():
    infos: list[SearchInfo] = []
    Engine(hash_mb=1).search(State.start(), SearchLimits(depth=6), on_info=infos.append)
    assert [info.depth for info in infos] == [1, 2, 3, 4, 5, 6]
    assert all(len(info.pv) == info.depth for info in infos)
    assert all(info.nodes > 0 and info.score_cp is not None for info in infos)
    state = State.start()
    for text in infos[-1].pv:                 # the line is playable
        state = state.play(text)


def test_new_game_and_set_hash_empty_the_table():
    engine = Engine(hash_mb=1)
    engine.search(State.start(), SearchLimits(depth=5))
    assert np.count_nonzero(engine.tt_data) > 0
    engine.new_game()
    assert np.count_nonzero(engine.tt_data) == 0
    engine.set_hash(2)
    assert engine.tt_data.shape[0] == 2 * (1 << 20) // 16


def test_a_new_game_forgets_a_large_table_without_touching_its_memory():
    # Clearing a table in place writes every page of it: at Hash 1024, 0.5 to 0.7 s after a
    # search on a quiet machine (benchmarks/bench_new_game.py), up to 3.8 s under load, in the
    # first move's time when a manager sends uainewgame, position and go together. A new game
    # now gives a table above CLEAR_IN_PLACE_MB a new one, whose pages the system gives as the
    # search writes them.
    import mmap

    def resident_mb() -> float:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * mmap.PAGESIZE / (1 << 20)

    from course_lib.engine.engine import CLEAR_IN_PLACE_MB
    assert 256 > CLEAR_IN_PLACE_MB
    engine = Engine(hash_mb=256)
    before = resident_mb()
    engine.new_game()                              # in place: every page of 256 MB written
    assert resident_mb() - before < 8
    first = engine.search(State.start(), SearchLimits(depth=5))
    engine.new_game()
    for table in (engine.tt_keys, engine.tt_data):
        memory = table.base                        # a mapping of its own, not malloc's heap
        assert isinstance(getattr(memory, "obj", memory), mmap.mmap)
        assert table.shape[0] == 256 * (1 << 20) // 16 and np.count_nonzero(table) == 0
    again = engine.search(State.start(), SearchLimits(depth=5))
    assert (str(again[0]), again[1].nodes) == (str(first[0]), first[1].nodes)  # all forgotten


# --- the agent, the spec, bad input ---------------------------------------------------------

def test_the_switches_its_ladder_rejected_are_off_by_default():
    engine = Engine(hash_mb=1)
    engine.search(State.start(), SearchLimits(depth=6))
    assert [name for name, on in engine.switches.items() if on] == ["pvs", "tt", "order", "rfp",
                                                                    "lmp"]
    stats = engine.last_stats
    assert stats.null_tries == stats.reductions == 0 and stats.tt_hits > 0
    assert stats.futility_cuts > 0 and stats.late_moves_pruned > 0
    # the spec's help says the same, without loading the engine
    from course_lib.agents.spec import _ENGINE_OFF_BY_DEFAULT
    from course_lib.engine.engine import OFF_BY_DEFAULT
    assert _ENGINE_OFF_BY_DEFAULT == OFF_BY_DEFAULT


def test_the_search_command_reports_the_engine(capsys):
    out = search_position(GAMES["ataxx"], State.start(), "engine:depth=4,hash=1")
    assert out["depth"] == 4 and out["nodes"] > 0 and "seldepth" in out
    assert State.start().play(out["move"]) is not None


def test_the_engine_plays_whole_games_in_the_arena():
    from course_lib.match.arena import run_match
    report = run_match("engine:depth=2,hash=1", "greedy", pairs=1, workers=0, progress=False)
    assert all(game.reason not in ("illegal", "illegal-pass", "crash", "timeout")
               for game in report.games)


def test_a_game_clock_agent_counts_its_time():
    agent = make_agent("engine:game=2000,hash=1")
    agent.choose_move(State.start())
    assert 0 < agent.clock.used_ms < 2000


@pytest.mark.parametrize("spec, words", [
    ("engine:foo=1", "engine has no key 'foo'; its keys are time, game"),
    ("engine:lmr=2", "lmr: expected 0 (off) or 1 (on)"),
    ("engine:time=10,game=100", "not both"),
    ("engine:hash=0", "hash: expected a whole number from 1 to 65,536 MB"),
    ("engine:depth=200", "depth: expected a whole number from 1 to 126"),
])
def test_bad_specs_are_answered_in_words(spec, words):
    with pytest.raises(InvalidAgentSpecError, match=words.replace("(", r"\(").replace(")", r"\)")):
        make_agent(spec)


def test_bad_engine_arguments_are_answered_in_words():
    with pytest.raises(InvalidArgumentError, match="no switch 'lmrr'; its switches are pvs"):
        Engine(lmrr=True)
    with pytest.raises(InvalidArgumentError, match="hash_mb .MB of transposition table. must be a "
                                                   "whole number from 1 to 65,536"):
        Engine(hash_mb=0)
    with pytest.raises(InvalidArgumentError, match="SearchLimits.nodes must be None or"):
        Engine(hash_mb=1).search(State.start(), SearchLimits(nodes=0))
    with pytest.raises(InvalidArgumentError, match="the engine plays ATAXX"):
        EngineAgent(depth=1).engine.search(42, SearchLimits(depth=1))


def test_a_bad_spec_on_the_command_line_is_one_line_and_status_2(capsys):
    from course_lib.__main__ import main
    try:
        code = main(["search", "engine:nullmove=yes"])
    except SystemExit as exit_info:
        code = exit_info.code
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "nullmove: expected 0 (off) or 1 (on)" in err


def test_a_stop_just_before_the_search_begins_still_stops_it():
    engine = Engine(hash_mb=1)
    engine.stop()                              # "go infinite" at once followed by "stop"
    move, info = engine.search(State.start(), SearchLimits(infinite=True))
    assert move in State.start().legal_moves()
    _, info = engine.search(State.start(), SearchLimits(depth=5))   # the flag was cleared
    assert info.depth == 5


def test_a_search_to_depth_1_plays_the_best_move_not_the_first():
    # depth 1 is scored in one loop over the children (no call per child): the root's move
    # must still be the best child, here the clone c5 that fills the board and wins
    won = "ooxxoxx/ooxoooo/oo1oooo/xxooooo/xxooxoo/ooxxxxx/ooxooxx x 0 46"
    for depth in (1, 2, 3):
        move, info = Engine(hash_mb=1).search(won, SearchLimits(depth=depth))
        after = State.from_fen(won).apply(move)
        assert after.is_over() and after.winner() == 1, (depth, move)
        assert info.mate == 1
    # a middle game: the depth-1 move is the one with the most stones after it
    state = State.from_fen("x1o3o/2xx3/1oxo3/2x1x2/3o3/7/o5x x 0 8")
    move, _ = Engine(hash_mb=1).search(state, SearchLimits(depth=1))
    best = max(state.legal_moves(), key=lambda m: material_after(state, m))
    assert material_after(state, move) == material_after(state, best)


def material_after(state, move) -> int:
    from course_lib.ataxx import fast
    fs = fast.apply(fast.to_fast(state), fast.encode_move(move))
    return bin(int(fs.first)).count("1") - bin(int(fs.second)).count("1")
