"""python -m course_lib perft and search on every game: counts, divide, the move a search finds
(checked with the game's own rules and against the library called directly), and bad input
answered in one line with exit status 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from course_lib.__main__ import main
from course_lib.agents import make_agent
from course_lib.ataxx import State
from course_lib.games import Gomoku, Othello, TicTacToe
from course_lib.rng import SplitMix64

OTHELLO_COUNTS = [1, 4, 12, 56, 244, 1396]         # published Othello perft, depths 0..5
TICTACTOE_COUNTS = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]

FULL_OTHELLO = "/".join(["xxxxxxxx"] * 8) + " o"
GOMOKU_MIDDLE = ("/".join(["." * 15] * 6) + "/......xo......./.......xo....../......ox......./"
                 + "/".join(["." * 15] * 6) + " x")
GOMOKU_WON = ("/".join(["." * 15] * 7) + "/xxxxx........../oooo.........../"
              + "/".join(["." * 15] * 6) + " o")
GOMOKU_19 = ("/".join(["." * 19] * 8) + "/........xo........./.........xo......../"
             "........ox........./" + "/".join(["." * 19] * 8) + " x")
# x to move: h8 makes two open threes (row f8-h8, column h6-h8): a double three
GOMOKU_DOUBLE_THREE = "/".join(["." * 15] * 5 + [".......x.......", ".......x.......",
                                                 ".....xx........"] + ["." * 15] * 6
                               + ["o.o.o.o........"]) + " x"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    """Run the command line in-process: (exit status, stdout, stderr)."""
    try:
        code = main(argv)
    except SystemExit as exit_info:
        code = exit_info.code
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def othello_position_with_a_pass() -> Othello:
    """The first position of seeded random games where the side to move must pass."""
    rng = SplitMix64(11)
    for _ in range(200):
        state = Othello()
        while state.legal_moves():
            if state.legal_moves() == ["pass"]:
                return state
            moves = state.legal_moves()
            state = state.apply(moves[rng.below(len(moves))])
    raise AssertionError("no forced pass in 200 random games")


# -- perft ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_othello_perft_json_gives_the_published_counts(tier, capsys):
    code, out, err = run(["perft", "--game", "othello", "--depth", "5", "--tier", tier,
                          "--json"], capsys)
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["counts"] == OTHELLO_COUNTS
    assert result["game"] == "othello" and result["tier"] == tier
    assert Othello.from_text(result["position"]) == Othello()
    assert len(result["seconds"]) == 6


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_othello_perft_text_shows_each_depth(tier, capsys):
    code, out, _ = run(["perft", "--game", "othello", "--depth", "5", "--tier", tier], capsys)
    assert code == 0
    counts = [int(n.replace(",", "")) for n in re.findall(r"^depth \d+:\s+([\d,]+)", out, re.M)]
    assert counts == OTHELLO_COUNTS


def test_othello_is_the_default_start_and_position_and_fen_are_one_option(capsys):
    child = Othello().play("d3").text()
    answers = []
    for option in ("--position", "--fen"):
        code, out, _ = run(["perft", "--game", "othello", option, child, "--depth", "3",
                            "--json"], capsys)
        assert code == 0
        answers.append(json.loads(out)["counts"])
    assert answers[0] == answers[1] == [1, 3, 14, 61]     # 12 / 4, 56 / 4, 244 / 4 by symmetry


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_othello_divide_sums_to_the_count_and_names_squares(tier, capsys):
    code, out, _ = run(["perft", "--game", "othello", "--depth", "4", "--divide", "--tier",
                        tier, "--json"], capsys)
    assert code == 0
    result = json.loads(out)
    assert sum(result["divide"].values()) == result["counts"][-1] == 244
    assert set(result["divide"]) == {"d3", "c4", "f5", "e6"}


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_othello_divide_writes_a_forced_pass_as_pass(tier, capsys):
    state = othello_position_with_a_pass()
    code, out, _ = run(["perft", "--game", "othello", "--position", state.text(), "--depth",
                        "3", "--divide", "--tier", tier, "--json"], capsys)
    assert code == 0
    result = json.loads(out)
    assert list(result["divide"]) == ["pass"]
    assert result["divide"]["pass"] == result["counts"][3]
    from course_lib.games.othello import perft
    assert result["counts"] == [perft(state, d) for d in range(4)]


def test_othello_divide_text_lists_every_move(capsys):
    code, out, _ = run(["perft", "--game", "othello", "--depth", "3", "--divide"], capsys)
    assert code == 0
    parts = dict(re.findall(r"^  ([a-h][1-8]|pass)\s+([\d,]+)$", out, re.M))
    assert {move: int(n) for move, n in parts.items()} == {"d3": 14, "c4": 14, "f5": 14,
                                                          "e6": 14}
    assert "4 moves, 56 in all" in out


def test_tictactoe_perft_and_divide(capsys):
    code, out, _ = run(["perft", "--game", "tictactoe", "--depth", "9", "--json"], capsys)
    assert code == 0 and json.loads(out)["counts"] == TICTACTOE_COUNTS
    code, out, _ = run(["perft", "--game", "tictactoe", "--depth", "2", "--divide", "--json"],
                       capsys)
    result = json.loads(out)
    assert result["divide"] == {str(square): 8 for square in range(9)}
    assert sum(result["divide"].values()) == result["counts"][2] == 72


def test_ataxx_stays_the_default_with_its_own_json_keys(capsys):
    code, out, _ = run(["perft", "--depth", "2", "--json"], capsys)
    result = json.loads(out)
    assert code == 0 and set(result) == {"fen", "tier", "counts", "seconds"}
    assert result["counts"] == [1, 16, 256] and result["tier"] == "fast"
    code, out, _ = run(["perft", "--game", "ataxx", "--position", "x5o/7/7/7/7/7/o5x x 0 1",
                        "--depth", "2", "--json"], capsys)
    assert json.loads(out)["counts"] == [1, 16, 256]


# -- search --------------------------------------------------------------------------------------

def is_legal(game: str, state, move_text: str) -> bool:
    """Is ``move_text`` a legal move of ``state``, by the game's own rules?"""
    moves = state.legal_moves()
    if game == "ataxx":
        return move_text in {("pass" if m.is_pass else m.uai()) for m in moves}
    if game == "tictactoe":
        return move_text.isdigit() and int(move_text) in moves
    return move_text in moves


CASES = [
    ("ataxx", None, State.start(), "alphabeta:depth=3,order=gain", []),
    ("ataxx", None, State.start(), "alphabeta:depth=3,order=gain,tier=fast", []),
    ("othello", None, Othello(), "alphabeta:depth=4,eval=research,order=static", []),
    ("othello", Othello().play("d3").text(), Othello().play("d3"), "negamax:depth=3", []),
    ("gomoku", GOMOKU_MIDDLE, Gomoku.from_text(GOMOKU_MIDDLE, radius=2),
     "alphabeta:depth=2,order=gain", ["--radius", "2"]),
    ("gomoku", GOMOKU_MIDDLE, Gomoku.from_text(GOMOKU_MIDDLE, radius=1, rule="omok"),
     "greedy", ["--radius", "1", "--rule", "omok"]),
    ("gomoku", GOMOKU_19, Gomoku.from_text(GOMOKU_19, radius=1, rule="omok"),
     "alphabeta:depth=2", ["--radius", "1", "--rule", "omok", "--size", "19"]),
    ("gomoku", None, Gomoku(size=19, rule="omok", radius=2), "alphabeta:depth=2",
     ["--radius", "2", "--rule", "omok", "--size", "19"]),
    ("tictactoe", "XX./OO./...", TicTacToe.from_string("XX./OO./..."), "minimax:depth=9", []),
    ("tictactoe", None, TicTacToe(), "alphabeta:depth=9,tt=1", []),
]


@pytest.mark.parametrize("game, text, state, spec, extra", CASES)
def test_search_plays_a_legal_move_and_agrees_with_the_library(game, text, state, spec, extra,
                                                               capsys):
    argv = ["search", "--game", game, spec, "--json", *extra]
    if text is not None:
        argv += ["--position", text]
    code, out, err = run(argv, capsys)
    assert code == 0 and err == ""
    result = json.loads(out)
    assert is_legal(game, state, result["move"])
    agent = make_agent(spec)
    move = agent.choose_move(state)
    expected_move = ("pass" if move.is_pass else move.uai()) if game == "ataxx" else str(move)
    assert result["move"] == expected_move
    assert result["value"] == agent.last_result.value
    assert result["nodes"] == agent.last_result.stats.nodes
    assert result["leaves"] == agent.last_result.stats.leaves
    assert result["depth"] == agent.last_result.stats.depth


def test_search_json_keys(capsys):
    code, out, _ = run(["search", "--game", "othello", "alphabeta:depth=3,tt=1", "--json"],
                       capsys)
    result = json.loads(out)
    assert code == 0
    assert {"game", "position", "spec", "move", "value", "nodes", "leaves", "cutoffs",
            "depth", "tt_hits", "seconds"} <= set(result)
    assert result["game"] == "othello" and result["spec"] == "alphabeta:depth=3,tt=1"
    assert Othello.from_text(result["position"]) == Othello()


def test_search_text_output_names_the_move_value_and_counters(capsys):
    code, out, _ = run(["search", "--game", "tictactoe", "--position", "XX./OO./...",
                        "alphabeta:depth=9"], capsys)
    assert code == 0
    assert re.search(r"^move\s+2$", out, re.M)           # X completes the top row
    assert re.search(r"^value\s+1$", out, re.M)
    assert re.search(r"^nodes\s+\d+$", out, re.M) and re.search(r"^cutoffs\s+\d+$", out, re.M)


def test_mcts_prints_the_chosen_childs_visits_and_value(capsys):
    spec = "mcts:iterations=300,seed=5"
    code, out, _ = run(["search", "--game", "othello", spec, "--json"], capsys)
    result = json.loads(out)
    agent = make_agent(spec)
    move = agent.choose_move(Othello())
    chosen = next(child for child in agent.root.children if child.move == move)
    assert code == 0 and result["move"] == move
    assert result["visits"] == chosen.visits and result["iterations"] == 300
    assert result["value"] == pytest.approx(chosen.wins / chosen.visits)


def test_gomoku_rule_and_size_are_the_games(capsys):
    text = GOMOKU_DOUBLE_THREE
    assert Gomoku.from_text(text, rule="omok").forbidden("h8")
    moves = {}
    for rule in ("freestyle", "omok"):
        code, out, _ = run(["search", "--game", "gomoku", "--position", text, "--rule", rule,
                            "--radius", "1", "greedy", "--json"], capsys)
        assert code == 0
        moves[rule] = json.loads(out)["move"]
    assert moves["freestyle"] == "h8"                  # the double three: two open threes
    assert moves["omok"] != "h8"
    assert moves["omok"] in Gomoku.from_text(text, rule="omok").legal_moves()
    code, out, _ = run(["search", "--game", "gomoku", "--size", "19", "random:seed=1",
                        "--json"], capsys)
    result = json.loads(out)
    assert code == 0 and Gomoku.from_text(result["position"]).size == 19
    assert result["move"] in Gomoku(size=19).legal_moves()


def test_random_has_no_value(capsys):
    code, out, _ = run(["search", "--game", "gomoku", "random:seed=4", "--json"], capsys)
    result = json.loads(out)
    assert code == 0 and result["value"] is None and result["nodes"] == 0
    assert result["move"] == make_agent("random:seed=4").choose_move(Gomoku())


# -- bad input: one line on stderr, exit status 2, no traceback -----------------------------------

BAD = [
    (["perft", "--game", "othello", "--position", "......../........ x", "--depth", "1"],
     "not a position of Othello: the board has 2 rows; expected 8 rows"),
    (["perft", "--game", "tictactoe", "--position", "XXXX/OO./...", "--depth", "1"],
     "expected 9 squares"),
    (["perft", "--game", "chess"], "invalid choice"),
    (["perft", "--game", "othello", "--depth", "121"], "0 to 120"),
    (["perft", "--game", "tictactoe", "--depth", "10"], "0 to 9"),
    (["perft", "--game", "tictactoe", "--tier", "fast", "--depth", "2"], "readable tier"),
    (["perft", "--game", "gomoku", "--depth", "1"], "not offered for Gomoku"),
    (["perft", "--game", "othello", "--position", FULL_OTHELLO, "--depth", "2", "--divide"],
     "game is over"),
    (["search", "--game", "othello", "--position", "x" * 64 + " x", "greedy"],
     "not a position of Othello: the board has 1 rows; expected 8 rows"),
    (["search", "--game", "gomoku", "--position", "xo/ox x", "greedy"],
     "not a position of Gomoku: the board has 2 rows; a Gomoku board has 15 or 19 rows"),
    (["search", "--game", "gomoku", "--position", GOMOKU_MIDDLE, "--size", "19", "greedy"],
     "--size 19, but the position's text has 15 rows"),
    (["search", "--game", "gomoku", "--size", "17", "greedy"], "invalid choice: 17"),
    (["search", "--game", "gomoku", "--rule", "renju", "greedy"], "invalid choice: 'renju'"),
    (["search", "--game", "othello", "--rule", "omok", "greedy"], "Gomoku's options"),
    (["search", "--game", "chess", "greedy"], "invalid choice"),
    (["search", "--game", "othello", "greedy:eval=patterns"], "not Othello"),
    (["search", "--game", "gomoku", "alphabeta:depth=1,eval=research"], "not Gomoku"),
    (["search", "--game", "othello", "--position", FULL_OTHELLO, "greedy"], "game is over"),
    (["search", "--game", "gomoku", "--position", GOMOKU_WON, "greedy"], "game is over"),
    (["search", "--game", "tictactoe", "--position", "XXX/OO./...", "negamax"], "game is over"),
    (["search", "--game", "othello", "alphabeta:depth=2,tier=fast"], "ATAXX only"),
    (["search", "--game", "gomoku", "mcts:iterations=10,tier=fast"], "ATAXX"),
    (["search", "--game", "othello", "--radius", "2", "greedy"], "Gomoku's options"),
    (["search", "--game", "gomoku", "--radius", "19", "greedy"], "0 to 18"),
    (["search", "--game", "gomoku", "--radius", "15", "greedy"], "from 0 to 14, got 15"),
    (["search", "--game", "othello", "alphabeta:depth=0"], "from 1 to 64"),
]


@pytest.mark.parametrize("argv, words", BAD)
def test_bad_input_is_one_line_and_exit_2(argv, words, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert words in err


def test_bad_input_from_a_real_process_has_no_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "course_lib", "search", "--game", "othello", "--position",
         FULL_OTHELLO, "alphabeta:depth=3"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "game is over" in done.stderr
