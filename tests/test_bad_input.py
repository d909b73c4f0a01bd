"""Bad input, as a careless or hostile user gives it: every public entry point answers with the
library's own error type (a ValueError subclass) and a message that says what was wrong, and
every command answers with one line on stderr and exit status 2. Nothing dies, nothing runs
without end.

The first part replays the inputs that once ended in a raw traceback or a dead process; the
second throws generated garbage (hypothesis) at the entry points and at the command line.
"""

from __future__ import annotations

import contextlib
import io
import math
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from course_lib.__main__ import main
from course_lib.agents import GreedyAgent, RandomAgent, SearchAgent, make_agent, search
from course_lib.agents.spec import check_agent_spec
from course_lib.ataxx import FIRST, Move, State, divide, fast, parse_square, perft
from course_lib.errors import (CourseError, EvaluationMismatchError, GameOverError,
                               InvalidArgumentError, InvalidFenError, InvalidMoveError,
                               InvalidPositionError)
from course_lib.games import TEXTBOOK_TREE, GameTree, TicTacToe
from course_lib.match.uai import parse_go, parse_position, serve_uai
from course_lib.strength import (Sprt, elo_estimate, elo_estimate_pairs, expected_score,
                                 likelihood_of_superiority, normalized_elo, pentanomial_llr,
                                 trinomial_llr, win_loss_llr)
from course_lib.strength.characteristic import (game_probabilities,
                                               win_loss_operating_characteristic)
from course_lib.strength.llr import gsprt_llr, win_loss_steps
from course_lib.strength.table import round_robin_elo

HUGE = 10 ** 400                     # beyond any float
NEAR_THE_CAP = "x5o/7/7/7/7/7/o5x x 0 200"
"""Turn 398: two turns are left, so any perft depth from here is quick."""
FINISHED = State.from_fen("xxxxxxx/7/7/7/7/7/7 o 0 1")          # o has no stones


def run(argv: list[str]) -> tuple[int, str, str]:
    """``python -m course_lib ARGV`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as done:                   # argparse refuses a command line
            code = done.code
    return code, out.getvalue(), err.getvalue()


def assert_one_line_refusal(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, err


def command(argv: list[str], stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "course_lib", *argv], input=stdin,
                          capture_output=True, text=True, timeout=120)


# --- The inputs that used to end in a traceback or a dead process -----------------------------


def test_a_fen_with_huge_move_numbers_is_refused_in_words():
    digits = "9" * 500
    with pytest.raises(InvalidFenError, match="fullmove number has 500 digits; expected a "
                                              "whole number of at most 40 digits"):
        State.from_fen(f"x5o/7/7/7/7/7/o5x x 0 {digits}")
    with pytest.raises(InvalidFenError, match="halfmove clock has 500 digits"):
        State.from_fen(f"x5o/7/7/7/7/7/o5x x {digits} 1")
    with pytest.raises(InvalidFenError, match="too long; a FEN is at most 1000 characters"):
        State.from_fen("x5o/7/7/7/7/7/o5x x 0 " + "9" * 5000)
    # 40 digits are still read, and mean a game long over
    assert State.from_fen("x5o/7/7/7/7/7/o5x x 0 " + "9" * 40).is_over()


def test_perft_command_refuses_a_huge_fen_number_and_a_huge_depth():
    code, _, err = run(["perft", "--fen", "x5o/7/7/7/7/7/o5x x 0 " + "9" * 5000])
    assert_one_line_refusal(code, err, "FEN", "too long")
    code, _, err = run(["perft", "--fen", "x5o/7/7/7/7/7/o5x x 0 " + "9" * 500])
    assert_one_line_refusal(code, err, "fullmove number has 500 digits")
    code, out, err = run(["perft", "--depth", "99999999999999999999"])
    assert_one_line_refusal(code, err, "--depth", "from 0 to 400", "99999999999999999999")
    assert out == ""


@pytest.mark.parametrize("move", [123, None, b"b6", (1, 1, 2, 2), 1.5, ["b6"]])
def test_play_refuses_what_is_not_a_move(move):
    with pytest.raises(InvalidMoveError, match="a move is a Move or text") as error:
        State.start().play(move)
    assert type(move).__name__ in str(error.value)


@pytest.mark.parametrize("spec", [
    "greedy:eval=openlines", "greedy:eval=leaf", "greedy:eval=exact-leaf",
    "alphabeta:eval=openlines", "alphabeta:depth=2,eval=exact-leaf", "minimax:depth=1,eval=leaf",
    "negamax:depth=1,eval=exact-openlines", "alphabeta:time=50,eval=openlines",
])
def test_an_evaluation_for_another_game_is_refused_when_the_agent_meets_ataxx(spec):
    agent = make_agent(spec)                   # the spec is fine: tic-tac-toe could use it
    with pytest.raises(EvaluationMismatchError) as error:
        agent.choose_move(State.start())
    message = str(error.value)
    assert "not ATAXX" in message and "for ATAXX choose material or weights" in message
    with pytest.raises(EvaluationMismatchError, match="not ATAXX"):
        check_agent_spec(spec, State.start())


def test_an_ataxx_evaluation_is_refused_on_tic_tac_toe_and_a_fitting_one_plays():
    with pytest.raises(EvaluationMismatchError, match="for TicTacToe choose openlines"):
        make_agent("greedy:eval=weights").choose_move(TicTacToe())
    assert make_agent("greedy:eval=openlines").choose_move(TicTacToe()) in range(9)
    assert make_agent("alphabeta:depth=3,eval=leaf").choose_move(GameTree(TEXTBOOK_TREE)) == 0


@pytest.mark.parametrize("program", ["agent", "uai"])
def test_the_agent_and_uai_commands_refuse_such_a_spec_at_start(program):
    done = command([program, "greedy:eval=openlines"], stdin="READY FIRST\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "'openlines' is for tic-tac-toe" in done.stderr


@pytest.mark.parametrize("call", [
    lambda n: elo_estimate(n, 0, 1), lambda n: likelihood_of_superiority(n, 0, 1),
    lambda n: normalized_elo(1, n, 1), lambda n: elo_estimate_pairs([1, 1, n, 1, 1]),
    lambda n: win_loss_llr(n, 1), lambda n: trinomial_llr(n, 1, 1, 0, 10),
    lambda n: pentanomial_llr([1, 1, 1, 1, n], 0, 10), lambda n: gsprt_llr([1, 1, n], 0, 10),
    lambda n: Sprt.from_totals(wins=n, losses=1),
    lambda n: Sprt.from_totals(pairs=[n, 0, 0, 0, 1]),
])
def test_counts_beyond_a_trillion_are_refused(call):
    with pytest.raises(CourseError, match="at most 1,000,000,000,000") as error:
        call(HUGE)
    assert "401 digits" in str(error.value)
    with pytest.raises(CourseError, match="at most 1,000,000,000,000"):
        call(10 ** 12 + 1)


def test_elo_command_refuses_a_count_of_400_digits():
    code, out, err = run(["elo", "--wins", "1" + "0" * 400, "--losses", "1"])
    assert_one_line_refusal(code, err, "--wins", "from 0 to 1,000,000,000,000",
                            "a number of 401 digits")
    assert out == ""


@pytest.mark.parametrize("call", [
    lambda: win_loss_steps(-1e9, 1e9), lambda: Sprt(elo0=-1e9, elo1=1e9),
    lambda: Sprt(elo0=0, elo1=10000), lambda: win_loss_llr(5, 3, 0, 10000),
    lambda: trinomial_llr(5, 1, 3, -2001, 0), lambda: Sprt(elo0=0, elo1=HUGE),
    lambda: Sprt(elo0=math.nan, elo1=5), lambda: Sprt(elo0=0, elo1=math.inf),
])
def test_elo_bounds_outside_the_stated_range_are_refused(call):
    with pytest.raises(CourseError, match="must be a number of Elo from -2000 to 2000"):
        call()


def test_the_widest_elo_bounds_still_compute():
    low, high = win_loss_steps(-2000, 2000)
    assert low > 0 > high and math.isfinite(low) and math.isfinite(high)
    assert Sprt.from_totals(wins=5, losses=3, elo0=-2000, elo1=2000).state in (
        "continue", "accept H0", "accept H1")


def test_elo_and_sprt_commands_refuse_bounds_out_of_range():
    code, _, err = run(["elo", "--wins", "5", "--losses", "3", "--elo0", "0", "--elo1",
                        "10000", "--test", "win-loss"])
    assert_one_line_refusal(code, err, "--elo1", "from -2000 to 2000 Elo", "10000")
    code, out, err = run(["sprt", "greedy", "random", "--elo0", "0", "--elo1", "9000",
                          "--workers", "0"])
    assert_one_line_refusal(code, err, "elo1", "from -2000 to 2000")
    assert out == ""                                 # refused before a game was played


def test_the_uai_program_survives_every_bad_line():
    bad = ["go depth 1e400", "go btime 1e400", "go depth 0", "go movetime -1",
           "position fen \u2603", "position startpos moves a7a7", "\u00e9\u00e9\u00e9", "go " * 3]
    done = command(["uai", "greedy"], stdin="\n".join(bad + ["isready", "quit"]) + "\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert "readyok" in lines                # at once, even while a search runs
    infos = [line for line in lines if line.startswith("info string ")]
    assert sum("must be a whole number" in line for line in infos) == 4
    assert len([line for line in lines if line.startswith("bestmove ")]) == 5


@pytest.mark.parametrize("depth", [2**63, 401, -1])
def test_fast_perft_and_divide_refuse_depths_past_400(depth):
    with pytest.raises(InvalidArgumentError, match="from 0 to 400"):
        fast.perft(fast.START, depth)
    with pytest.raises(InvalidArgumentError, match="from 1 to 400"):
        fast.divide(fast.START, depth)
    with pytest.raises(InvalidArgumentError, match="from 0 to 400"):
        perft(State.start(), depth)
    with pytest.raises(InvalidArgumentError, match="from 1 to 400"):
        divide(State.start(), depth)


def exact_lower_bound(games: int) -> float:
    """The Elo that a score of 0.025**(1/games) means: the 95% Clopper-Pearson bound after
    winning every one of ``games`` games, from the formulas themselves."""
    score = 0.025 ** (1 / games)
    return -400 * math.log10(1 / score - 1)


def test_elo_of_a_perfect_score_says_what_it_can_and_cannot_tell():
    code, out, err = run(["elo", "--wins", "10"])
    assert code == 0 and err == ""
    assert "inf +-" not in out and "interval inf" not in out
    assert "no finite Elo estimate" in out
    assert f"at least {exact_lower_bound(10):.2f}" in out


def test_elo_of_all_draws_gives_an_exact_bound_not_a_zero_width_interval():
    code, out, err = run(["elo", "--draws", "10"])
    assert code == 0 and err == ""
    assert "0.00 to 0.00" not in out and "+- 0.00" not in out
    assert "every game was drawn" in out and "the LOS means nothing" in out
    # Every result a draw: decisive games have a share u <= 1 - 0.025**(1/10), so the score
    # lies within 1/2 -+ u/2.
    u = 1 - 0.025 ** (1 / 10)
    high = -400 * math.log10(1 / (0.5 + u / 2) - 1)
    assert f"from {-high:.2f} to {high:.2f}" in out
    estimate = elo_estimate(0, 10, 0)
    assert estimate.elo_low == pytest.approx(-high) and estimate.elo_high == pytest.approx(high)
    assert "every game was drawn" in estimate.note


def test_library_errors_replace_plain_value_and_type_errors():
    grid = State.start().grid
    with pytest.raises(InvalidPositionError, match="to_move must be FIRST"):
        State(grid, to_move=7)
    with pytest.raises(InvalidPositionError, match="grid holds the 7x7 board"):
        State("not a grid")
    with pytest.raises(InvalidPositionError, match="turns must be a whole number >= 0"):
        State(grid, turns="3")
    with pytest.raises(InvalidPositionError, match="overlap"):
        fast.from_fast(fast.FastState(1, 1, 0, 1, 0, 0))
    with pytest.raises(InvalidPositionError, match="first player"):
        fast.from_fast(fast.START._replace(to_move=2))
    with pytest.raises(InvalidArgumentError, match="seed must be between 0 and 2\\*\\*64 - 1"):
        RandomAgent(seed=-1)
    with pytest.raises(InvalidArgumentError, match="seed"):
        fast.random_game(fast.START, -1)
    with pytest.raises(InvalidArgumentError, match="depth must be a whole number from 1 to 64"):
        SearchAgent(depth=-1)
    with pytest.raises(InvalidArgumentError, match="depth must be a whole number from 1 to 64"):
        search(State.start(), depth=-2)
    with pytest.raises(CourseError, match="keyed by pairs of player names"):
        round_robin_elo({("a",): (1, 1, 1)})
    assert State.start()["a7"] == FIRST == State.start()[1, 1]
    with pytest.raises(InvalidMoveError, match="not a square name"):
        State.start()["z9"]
    with pytest.raises(InvalidMoveError, match="a square name is text"):
        parse_square(5)


@pytest.mark.parametrize("spec", ["random", "greedy", "alphabeta:depth=2",
                                  "alphabeta:depth=2,tier=fast", "alphabeta:time=20",
                                  "minimax:depth=1", "mcts:iterations=20",
                                  "mcts:iterations=20,tier=fast"])
def test_agents_asked_to_move_in_a_finished_game_say_so(spec):
    with pytest.raises(GameOverError, match="the game is over \\(a player has no stones left\\)"):
        make_agent(spec).choose_move(FINISHED)
    capped = State.from_fen("x5o/7/7/7/7/7/o5x x 0 201")        # 400 turns played
    with pytest.raises(GameOverError, match="400 turns have been played"):
        make_agent(spec).choose_move(capped)


# --- Generated garbage -------------------------------------------------------------------------

GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**62, max_value=2**200),
    st.integers(max_value=-1), st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.binary(max_size=10), st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
    st.lists(st.integers(-3, 10**13), max_size=6), st.just(HUGE), st.just("9" * 5000),
    st.just(object()), st.just({}),
)
"""Anything at all: wrong types, huge and negative numbers, NaN, infinities, unicode."""

# derandomize: the same examples on every run, as every random choice of the course is seeded.
QUICK = settings(max_examples=40, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def small_or_garbage(largest: int) -> st.SearchStrategy:
    """Garbage, where a whole number in 0..largest is the only kind of valid value (a larger
    valid one could run long, so none is drawn)."""
    return st.one_of(GARBAGE.filter(lambda v: not (type(v) is int and largest < v <= 10**7)),
                     st.integers(0, largest))


ENTRY_POINTS = {
    "State.from_fen": (lambda v: State.from_fen(v), GARBAGE),
    "State.play": (lambda v: State.start().play(v), GARBAGE),
    "State[...]": (lambda v: State.start()[v], GARBAGE),
    "State(grid)": (lambda v: State(v), GARBAGE),
    "State(turns)": (lambda v: State(State.start().grid, turns=v, to_move=FIRST), GARBAGE),
    "State.stones": (lambda v: State.start().stones(v), GARBAGE),
    "State.check_move": (lambda v: State.start().check_move(v), GARBAGE),
    "parse_square": (lambda v: parse_square(v), GARBAGE),
    "Move": (lambda v: Move(v, 1, 2, 2), GARBAGE),
    "perft": (lambda v: perft(State.from_fen(NEAR_THE_CAP), v), small_or_garbage(500)),
    "divide": (lambda v: divide(State.from_fen(NEAR_THE_CAP), v), small_or_garbage(500)),
    "perft(position)": (lambda v: perft(v, 1), GARBAGE),
    "fast.perft": (lambda v: fast.perft(NEAR_THE_CAP, v, bulk=True), small_or_garbage(500)),
    "fast.divide": (lambda v: fast.divide(NEAR_THE_CAP, v), small_or_garbage(500)),
    "fast.perft(position)": (lambda v: fast.perft(v, 1), GARBAGE),
    "fast.legal_moves": (lambda v: fast.legal_moves(v), GARBAGE),
    "fast.apply": (lambda v: fast.apply(fast.START, v), GARBAGE),
    "fast.decode_move": (lambda v: fast.decode_move(v), GARBAGE),
    "fast.FastState": (lambda v: fast.is_over(fast.FastState(v, 0, 0, 1, 0, 0)), GARBAGE),
    "fast.random_game": (lambda v: fast.random_game(NEAR_THE_CAP, v), GARBAGE),
    "fast.random_playouts": (lambda v: fast.random_playouts(NEAR_THE_CAP, v, 1),
                             small_or_garbage(20)),
    "make_agent": (lambda v: make_agent(v), GARBAGE),
    "check_agent_spec": (lambda v: check_agent_spec(v, State.start()), GARBAGE),
    "make_agent(text)": (lambda v: make_agent(v), st.text(max_size=40)),
    "RandomAgent": (lambda v: RandomAgent(seed=v), GARBAGE),
    "SearchAgent": (lambda v: SearchAgent(depth=v), GARBAGE),
    "greedy.choose_move": (lambda v: GreedyAgent().choose_move(v), GARBAGE),
    "mcts.choose_move": (lambda v: make_agent("mcts:iterations=5").choose_move(v), GARBAGE),
    "mcts fast.choose_move": (lambda v: make_agent("mcts:iterations=5,tier=fast").choose_move(v),
                              GARBAGE),
    "search(depth)": (lambda v: search(GameTree(TEXTBOOK_TREE), depth=v), small_or_garbage(64)),
    "search(state)": (lambda v: search(v, depth=1), GARBAGE),
    "TicTacToe.apply": (lambda v: TicTacToe().apply(v), GARBAGE),
    "GameTree": (lambda v: GameTree(v), GARBAGE),
    "elo_estimate": (lambda v: elo_estimate(v, 2, 1), GARBAGE),
    "elo_estimate(confidence)": (lambda v: elo_estimate(3, 2, 1, confidence=v), GARBAGE),
    "elo_estimate_pairs": (lambda v: elo_estimate_pairs(v), GARBAGE),
    "expected_score": (lambda v: expected_score(v), GARBAGE),
    "win_loss_llr": (lambda v: win_loss_llr(7, 3, v, 50), GARBAGE),
    "trinomial_llr": (lambda v: trinomial_llr(7, 2, 3, -10, v, "normalized"), GARBAGE),
    "gsprt_llr": (lambda v: gsprt_llr(v, 0, 10), GARBAGE),
    "Sprt": (lambda v: Sprt(elo0=0, elo1=v), GARBAGE),
    "Sprt(alpha)": (lambda v: Sprt(alpha=v), GARBAGE),
    "Sprt.add": (lambda v: Sprt().add(v), GARBAGE),
    "Sprt.from_totals": (lambda v: Sprt.from_totals(wins=v, draws=1, losses=2,
                                                    kind="trinomial"), GARBAGE),
    "round_robin_elo": (lambda v: round_robin_elo(v), GARBAGE),
    "round_robin_elo(prior_draws)": (
        lambda v: round_robin_elo({("a", "b"): (3, 2, 1)}, prior_draws=v), GARBAGE),
    "game_probabilities": (lambda v: game_probabilities(v, 0.2), GARBAGE),
    "win_loss_operating_characteristic": (
        lambda v: win_loss_operating_characteristic([v], max_games=200), GARBAGE),
    "round_robin_elo(record)": (lambda v: round_robin_elo({("a", "b"): v}), GARBAGE),
    "parse_go": (lambda v: parse_go(["go", "depth", v]), GARBAGE),
    "parse_position": (lambda v: parse_position(["position", "fen", v]), GARBAGE),
}


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_an_entry_point_answers_garbage_with_a_result_or_the_library_error(name):
    call, values = ENTRY_POINTS[name]

    @QUICK
    @given(value=values)
    def check(value):
        try:
            call(value)
        except CourseError as error:
            assert str(error).strip(), f"{name}({value!r:.60}) raised an empty message"
        # any other exception fails the test, naming the input

    check()


OPTION_VALUES = st.one_of(
    st.text(max_size=12), st.integers(-10**30, 10**30).map(str),
    st.sampled_from(["nan", "inf", "-inf", "1e400", "-0", "", " ", "\u0663", "\u00b2", "1_0",
                     "0x10", "9" * 5000, "--", "\u2603"]),
)

COMMAND_LINES = st.one_of(
    st.builds(lambda v: ["perft", "--fen", NEAR_THE_CAP, "--depth", v], OPTION_VALUES),
    st.builds(lambda v: ["perft", "--fen", v, "--depth", "1"], OPTION_VALUES),
    st.builds(lambda v: ["perft", "--depth", "2", "--divide", "--tier", v], OPTION_VALUES),
    st.builds(lambda k, v: ["elo", k, v], st.sampled_from(
        ["--wins", "--draws", "--losses", "--pairs", "--confidence", "--alpha"]), OPTION_VALUES),
    st.builds(lambda k, v: ["elo", "--wins", "5", "--losses", "3", "--elo0", "0", k, v],
              st.sampled_from(["--elo1", "--beta", "--scale", "--test"]), OPTION_VALUES),
    st.builds(lambda k, v: ["sprt", "random", "greedy", "--workers", "0", "--max-games", "2",
                            "--decided-depth", "0", k, v],
              st.sampled_from(["--elo0", "--elo1", "--seed", "--openings-plies", "--alpha",
                               "--model", "--every", "--time-ms"]), OPTION_VALUES),
    st.builds(lambda a, b: ["sprt", a, b, "--workers", "0", "--max-games", "2"],
              OPTION_VALUES, OPTION_VALUES),
    st.lists(OPTION_VALUES, max_size=4),
)


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(argv=COMMAND_LINES)
def test_commands_answer_garbage_with_exit_0_or_one_line_and_exit_2(argv):
    code, _, err = run(argv)
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1 and err.strip(), (argv, err)


@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(argv=st.one_of(
    st.builds(lambda v: ["perft", "--fen", NEAR_THE_CAP, "--depth", v], OPTION_VALUES),
    st.builds(lambda v: ["elo", "--wins", v, "--losses", "1"], OPTION_VALUES),
    st.builds(lambda v: ["agent", v], OPTION_VALUES),
))
def test_the_real_program_answers_garbage_with_exit_0_or_one_line_and_exit_2(argv):
    done = command(argv)                             # agent: empty input, so it stops at once
    assert done.returncode in (0, 2), (argv, done.stderr)
    assert "Traceback" not in done.stderr
    if done.returncode == 2:
        assert done.stderr.count("\n") == 1, done.stderr


UAI_LINES = st.lists(st.one_of(
    st.text(max_size=20).filter(lambda t: "\n" not in t and "\r" not in t),
    st.builds(lambda k, v: f"go {k} {v}", st.sampled_from(
        ["depth", "btime", "wtime", "binc", "movetime", "movestogo", "nodes", "mate"]),
        OPTION_VALUES.filter(lambda t: "\n" not in t and len(t) < 100)),
    st.builds(lambda v: f"position fen {v}", st.text(max_size=30).filter(lambda t: "\n" not in t)),
    st.builds(lambda v: f"position startpos moves {v}",
              st.text(max_size=12).filter(lambda t: "\n" not in t)),
    st.sampled_from(["uai", "isready", "uainewgame", "stop", "go", "position startpos"]),
), max_size=8)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(lines=UAI_LINES)
def test_the_uai_engine_never_dies_and_keeps_reading(lines):
    lines = [line for line in lines if line.split()[:1] != ["quit"]]
    script = "\n".join(lines + ["isready"]) + "\n"
    out, log = io.StringIO(), io.StringIO()
    code = serve_uai("greedy", io.StringIO(script), out, log=log)
    answers = out.getvalue().splitlines()
    assert code == 0 and "Traceback" not in log.getvalue()
    readies = sum(1 for line in lines if line.split()[:1] == ["isready"])
    assert answers.count("readyok") == readies + 1       # it read every line to the end
    gos = sum(1 for line in lines if line.split()[:1] == ["go"])
    assert sum(1 for a in answers if a.startswith("bestmove ")) == gos


def test_tournament_helpers_refuse_bad_commands_and_counts_in_words():
    from course_lib.match.tournament import logged, round_robin_games
    with pytest.raises(CourseError, match="cannot be split into words: No closing quotation"):
        logged("'unbalanced", "log.txt")
    with pytest.raises(CourseError, match="the command is empty"):
        logged("   ", "log.txt")
    with pytest.raises(CourseError, match="players must be a whole number >= 0"):
        round_robin_games(-1, 3)
