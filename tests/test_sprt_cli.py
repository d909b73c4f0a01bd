"""``run_sprt`` and the ``sprt`` command: real games fed to a sequential test until it decides.

The oracles: the lecture's check values (23 straight wins accept H1, 20 straight losses accept
H0), the LLR formulas of ``course_lib.strength`` applied to the counts the run reports, and the
games of ``run_match`` with the same seed.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys

import pytest

from course_lib.errors import CourseError
from course_lib.match import run_match, run_sprt
from course_lib.match.arena import RandomOpenings
from course_lib.match.sprt import FIRST_BLOCK_PAIRS, _block_openings, sprt_test
from course_lib.match.sprt_cli import JSON_KEYS, progress_marks, register
from course_lib.strength import (elo_estimate, elo_estimate_pairs, elo_from_score,
                                 pentanomial_llr, trinomial_llr, win_loss_llr)

DOCUMENTED_KEYS = ["decision", "stopped_by", "llr", "lower_bound", "upper_bound", "games",
                   "wins", "draws", "losses", "pentanomial", "score", "elo", "elo_low",
                   "elo_high", "los", "llr_history", "reasons", "spec_a", "spec_b", "model",
                   "scale", "elo0", "elo1", "alpha", "beta", "seed", "max_games", "seconds",
                   "unbiased_elo", "unbiased_elo_low", "unbiased_elo_high",
                   "unbiased_normalized_elo", "unbiased_normalized_low",
                   "unbiased_normalized_high"]


def run_command(argv: list[str], capsys) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["sprt", *argv])
    code = args.run(args)
    return code, capsys.readouterr().out


# --- Decisions on real games ---------------------------------------------------------------------


def test_greedy_against_random_takes_the_lectures_23_straight_wins():
    run = run_sprt("greedy", "random", workers=0)
    assert (run.decision, run.stopped_by) == ("accept H1", "decision")
    assert (run.games, run.wins, run.draws, run.losses) == (23, 23, 0, 0)
    assert len(run.llr_history) == 23
    assert run.llr == pytest.approx(win_loss_llr(23, 0)) and run.llr >= run.upper_bound
    assert win_loss_llr(22, 0) < run.upper_bound          # it stopped at the first crossing


def test_random_against_greedy_takes_20_straight_losses():
    run = run_sprt("random:seed=3", "greedy", workers=0)
    assert (run.decision, run.games, run.losses) == ("accept H0", 20, 20)
    assert run.llr == pytest.approx(win_loss_llr(0, 20)) and run.llr <= run.lower_bound


def test_the_text_output_reports_progress_and_the_decision(capsys):
    code, out = run_command(["greedy", "random", "--workers", "0"], capsys)
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == ("SPRT greedy vs random: H0 0 Elo, H1 50 Elo (logistic), alpha 0.05, "
                        "beta 0.05")
    assert lines[1] == "model: binomial, the lecture's win/loss test, draws ignored"
    assert lines[2] == "accept H0 at LLR <= -2.944, accept H1 at LLR >= 2.944"
    assert lines[3:5] == ["   10 games: +10 =0 -0, LLR 1.336", "   20 games: +20 =0 -0, LLR 2.672"]
    assert lines[5].startswith("accept H1 after 23 games: +23 =0 -0, LLR 3.073")
    assert lines[6].startswith("logistic Elo: +inf")
    # the test stopped at its bound: the bias-aware figure follows, and says the naive one is
    assert lines[7].startswith("after the stop: H1 accepted after 23 games: median-unbiased +")
    assert "naive +inf logistic Elo (biased" in lines[7]


def test_every_progress_line_and_a_finite_elo(capsys):
    _, out = run_command(["random:seed=1", "random:seed=2", "--workers", "0", "--max-games",
                          "30", "--every", "7", "--seed", "4"], capsys)
    progress = [line for line in out.splitlines() if line.lstrip()[:1].isdigit()]
    assert [int(line.split()[0]) for line in progress] == [7, 14, 21, 28]
    assert "no decision after 30 games (the cap)" in out
    assert re.search(r"^logistic Elo: [+-]\d+\.\d \+- \d+\.\d \(95% interval", out,
                     re.MULTILINE)
    assert re.search(r"^after the stop: no decision after 30 games: median-unbiased [+-]\d", out,
                     re.MULTILINE)


def test_the_llr_is_the_strength_librarys_for_the_counts_played():
    binomial = run_sprt("random:seed=1", "random:seed=2", max_games=60, workers=0, seed=7)
    assert binomial.llr == pytest.approx(win_loss_llr(binomial.wins, binomial.losses))
    trinomial = run_sprt("random:seed=1", "random:seed=2", model="trinomial", elo0=-20,
                         elo1=20, max_games=60, workers=0, seed=7)
    assert (trinomial.wins, trinomial.losses) == (binomial.wins, binomial.losses)  # same games
    assert trinomial.llr == pytest.approx(
        trinomial_llr(trinomial.wins, trinomial.draws, trinomial.losses, -20, 20))
    pairs = run_sprt("random:seed=1", "random:seed=2", model="pentanomial", scale="normalized",
                     elo0=-20, elo1=20, max_games=60, workers=0, seed=7)
    assert pairs.games == 60 and len(pairs.llr_history) == 30 == sum(pairs.pentanomial)
    assert pairs.llr == pytest.approx(pentanomial_llr(pairs.pentanomial, -20, 20, "normalized"))
    assert pairs.estimate().elo == pytest.approx(elo_estimate_pairs(pairs.pentanomial).elo)


def test_the_first_block_plays_run_matchs_games():
    run = run_sprt("random:seed=1", "random:seed=2", max_games=20, workers=0, seed=11)
    match = run_match("random:seed=1", "random:seed=2", pairs=10, workers=0, progress=False,
                      seed=11)
    assert (run.wins, run.draws, run.losses) == (match.wins, match.draws, match.losses)
    assert run.pentanomial == match.pentanomial
    assert run.reasons == match.reasons


def test_games_beyond_the_first_block_and_the_same_games_on_two_workers():
    settings = dict(model="trinomial", elo0=-5, elo1=5, max_games=4 * FIRST_BLOCK_PAIRS + 3,
                    seed=2)
    alone = run_sprt("random:seed=1", "random:seed=2", workers=0, **settings)
    pooled = run_sprt("random:seed=1", "random:seed=2", workers=2, **settings)
    assert alone.games == settings["max_games"] == pooled.games           # into block 2
    assert alone.stopped_by == "max-games" and alone.decision == "continue"
    assert alone.llr_history == pooled.llr_history
    assert alone.pentanomial == pooled.pentanomial
    assert sum(alone.pentanomial) == alone.games // 2


def test_the_same_seed_gives_the_same_test_and_another_seed_another():
    first = run_sprt("random:seed=1", "random:seed=2", max_games=40, workers=0, seed=5)
    again = run_sprt("random:seed=1", "random:seed=2", max_games=40, workers=0, seed=5)
    other = run_sprt("random:seed=1", "random:seed=2", max_games=40, workers=0, seed=6)
    assert first.llr_history == again.llr_history
    assert first.llr_history != other.llr_history


def test_a_pair_model_stops_only_between_pairs():
    run = run_sprt("greedy", "random:seed=1", model="pentanomial", workers=0)
    assert run.decision == "accept H1" and run.games % 2 == 0
    assert len(run.llr_history) == run.games // 2 == sum(run.pentanomial)
    capped = run_sprt("random:seed=1", "random:seed=2", model="pentanomial", max_games=7,
                      workers=0)
    assert capped.games == 6 and capped.stopped_by == "max-games"


def test_a_decision_on_the_second_game_of_a_pair_counts_that_pair():
    run = run_sprt("greedy", "random", workers=0)               # decides at game 23 (odd count)
    assert run.games % 2 == 1 and sum(run.pentanomial) == run.games // 2
    run = run_sprt("random:seed=3", "greedy", workers=0)        # decides at game 20
    assert run.pentanomial == [10, 0, 0, 0, 0]


def test_callbacks_see_the_run_and_can_stop_it():
    started, seen = [], []

    def on_update(run):
        seen.append((run.games, run.llr))
        return run.games == 5

    run = run_sprt("random:seed=1", "random:seed=2", workers=0, on_start=started.append,
                   on_update=on_update)
    assert started == [run]
    assert (run.stopped_by, run.decision, run.games) == ("caller", "continue", 5)
    assert [games for games, _ in seen] == [1, 2, 3, 4, 5]
    assert [llr for _, llr in seen] == run.llr_history
    assert "stopped after 5 games, no decision" in run.summary()
    # a truthy answer that is not True (an SPRT state, say) does not stop it
    run = run_sprt("greedy", "random", workers=0, on_update=lambda run: "continue")
    assert run.decision == "accept H1"


def test_fen_openings_continue_their_cycle_from_block_to_block():
    fens = ["a", "b", "c"]
    assert _block_openings(fens, 0) == fens
    assert _block_openings(fens, 16) == ["b", "c", "a"]             # pair 16 gets fens[1]
    openings = RandomOpenings(plies=2)
    assert _block_openings(openings, 48) is openings and _block_openings(None, 16) is None
    run = run_sprt("greedy", "random", openings=[RandomOpenings(3).fen(0, 1)], workers=0)
    assert run.decision == "accept H1"


# --- JSON ---------------------------------------------------------------------------------------


def test_json_has_every_documented_key(capsys):
    code, out = run_command(["greedy", "random", "--workers", "0", "--json"], capsys)
    result = json.loads(out)
    assert code == 0 and sorted(result) == sorted(DOCUMENTED_KEYS)
    assert result["decision"] == "accept H1" and result["games"] == 23
    assert (result["wins"], result["draws"], result["losses"]) == (23, 0, 0)
    assert result["elo"] is None and result["elo_high"] is None        # a perfect score
    assert "Infinity" not in out and result["los"] == pytest.approx(1.0)
    assert len(result["llr_history"]) == 23
    assert result["llr_history"][-1] == pytest.approx(result["llr"], abs=1e-6)
    assert round(result["upper_bound"], 3) == 2.944 == -round(result["lower_bound"], 3)
    assert result["pentanomial"] == [0, 0, 0, 0, 11] and result["reasons"]
    # after 23 straight wins the median-unbiased Elo is finite, its lower end the exact bound
    assert result["unbiased_elo_low"] == pytest.approx(elo_from_score(0.025 ** (1 / 23)))
    assert result["unbiased_elo_low"] < result["unbiased_elo"]
    assert result["unbiased_elo_high"] is None
    assert result["unbiased_normalized_elo"] is None                   # the win/loss test


def test_json_of_a_capped_trinomial_test(capsys):
    _, out = run_command(["random:seed=1", "random:seed=2", "--model", "trinomial",
                          "--scale", "normalized", "--elo0", "-10", "--elo1", "10",
                          "--max-games", "25", "--openings-plies", "6", "--seed", "9",
                          "--workers", "0", "--json"], capsys)
    result = json.loads(out)
    assert result["decision"] == "continue" and result["stopped_by"] == "max-games"
    assert result["games"] == 25 and result["model"] == "trinomial"
    assert result["scale"] == "normalized" and (result["elo0"], result["elo1"]) == (-10, 10)
    estimate = elo_estimate(result["wins"], result["draws"], result["losses"])
    assert result["elo"] == pytest.approx(estimate.elo)
    assert result["elo_low"] < result["elo"] < result["elo_high"]
    assert result["llr"] == pytest.approx(trinomial_llr(
        result["wins"], result["draws"], result["losses"], -10, 10, "normalized"))
    # a test stopped by its cap is not stopped by its results: both estimates are close
    assert result["unbiased_normalized_low"] < result["unbiased_normalized_elo"] \
        < result["unbiased_normalized_high"]
    assert result["unbiased_elo"] == pytest.approx(result["elo"], abs=5)


@pytest.mark.parametrize("given, expected", [([], 5), (["--decided-depth", "0"], 0),
                                             (["--decided-depth", "3"], 3)])
def test_the_openings_skip_decided_ones_unless_told_otherwise(given, expected, capsys,
                                                              monkeypatch):
    from course_lib.match import sprt_cli
    seen = []

    def fake_run_sprt(spec_a, spec_b, **options):
        seen.append(options["openings"])
        return run_sprt(spec_a, spec_b, **{**options, "max_games": 2})
    monkeypatch.setattr(sprt_cli, "run_sprt", fake_run_sprt)
    run_command(["greedy", "random", "--workers", "0", "--openings-plies", "6", *given], capsys)
    assert seen == [RandomOpenings(plies=6, decided_depth=expected)]


@pytest.mark.parametrize("bad", ["9", "-1", "two"])
def test_a_decided_depth_out_of_range_is_refused(bad, capsys):
    with pytest.raises(SystemExit):
        run_command(["greedy", "random", "--decided-depth", bad], capsys)
    assert "--decided-depth" in capsys.readouterr().err


def test_help_documents_every_json_key(capsys):
    with pytest.raises(SystemExit):
        run_command(["--help"], capsys)
    help_text = capsys.readouterr().out
    for key in DOCUMENTED_KEYS:
        assert re.search(rf"(^|[ ,]){key}(,| {{2,}})", help_text, re.MULTILINE), key
        assert key in JSON_KEYS


# --- Errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, words", [
    (dict(model="quadrinomial"), "model must be binomial"),
    (dict(scale="normalized"), "logistic Elo bounds only"),
    (dict(elo0=50, elo1=0), "elo0 must be below elo1"),
    (dict(alpha=0), "alpha must be a probability"),
    (dict(max_games=0), "max_games must be a whole number from 1 to 10,000,000"),
    (dict(max_games=1, model="pentanomial"), "at least 2"),
    (dict(workers=-1), "workers must be None or a whole number from 0 to 256"),
    (dict(seed=-3), "seed"),
    (dict(openings=[]), "empty list"),
])
def test_bad_settings_are_refused_before_any_game(kwargs, words):
    calls = []
    with pytest.raises(CourseError, match=words):
        run_sprt("greedy", "random", on_start=calls.append, **kwargs)
    assert calls == []


@pytest.mark.parametrize("a, b, words", [
    ("greedyy", "random", "player A: unknown agent 'greedyy'"),
    ("greedy", "minimax:depth=0", "player B"),
    ("greedy", 42, "player B: a player is a spec string"),
])
def test_bad_players_are_named(a, b, words):
    with pytest.raises(CourseError, match=words):
        run_sprt(a, b, workers=0)


def test_command_errors_in_plain_words(capsys):
    with pytest.raises(CourseError, match="logistic Elo bounds only"):
        run_command(["greedy", "random", "--scale", "normalized", "--workers", "0"], capsys)
    assert capsys.readouterr().out == ""                    # nothing printed before the error


@pytest.mark.parametrize("argv, words", [
    (["greedy"], "SPEC_B"),
    (["greedy", "random", "--alpha", "1.5"], "strictly between 0 and 1"),
    (["greedy", "random", "--max-games", "0"], "from 1 to 10,000,000"),
    (["greedy", "random", "--model", "binary"], "invalid choice"),
    (["greedy", "random", "--workers", "-2"], "from 0 to 256"),
    (["greedy", "random", "--seed", "-1"], "from 0 to 2**64 - 1"),
    (["greedy", "random", "--seed", "9" * 5000], "a number of 5000 digits"),
])
def test_command_refuses_bad_arguments(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        run_command(argv, capsys)
    assert exit_info.value.code == 2 and words in capsys.readouterr().err


# --- Small parts ---------------------------------------------------------------------------------


def test_progress_marks():
    marks = progress_marks()
    assert [next(marks) for _ in range(21)] == [*range(10, 101, 10), *range(200, 1001, 100),
                                                 2000, 3000]
    marks = progress_marks(25)
    assert [next(marks) for _ in range(3)] == [25, 50, 75]


def test_sprt_test_maps_the_models_to_sprt_kinds():
    assert sprt_test().kind == "win_loss"
    assert sprt_test(model="trinomial", scale="normalized").scale == "normalized"
    assert sprt_test(model="pentanomial").kind == "pentanomial"


def test_imports_stay_light():
    code = ("import sys; import course_lib.match, course_lib.match.sprt_cli; "
            "heavy = [m for m in ('numpy', 'matplotlib', 'numba', 'ipywidgets') "
            "if m in sys.modules]; assert not heavy, heavy")
    subprocess.run([sys.executable, "-c", code], check=True)
