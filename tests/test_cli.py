"""python -m course_lib perft: counts, divide, JSON, and errors, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from course_lib.__main__ import main

GAP_FEN = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_perft_json_reproduces_the_spec(tier, capsys):
    assert main(["perft", "--depth", "3", "--tier", tier, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"] == [1, 16, 256, 6460]
    assert out["fen"] == "x5o/7/7/7/7/7/o5x x 0 1"


def test_perft_of_a_fen_with_blocked_squares(capsys):
    assert main(["perft", "--fen", GAP_FEN, "--depth", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"] == [1, 14, 196, 4184, 86528]


@pytest.mark.parametrize("tier", ["fast", "reference"])
def test_divide_sums_to_perft_and_names_every_move(tier, capsys):
    assert main(["perft", "--depth", "2", "--divide", "--tier", tier, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(out["divide"].values()) == 256
    assert len(out["divide"]) == 16 and set(out["divide"].values()) == {16}


def test_text_output_shows_each_depth(capsys):
    assert main(["perft", "--depth", "2"]) == 0
    text = capsys.readouterr().out
    assert "depth 2:" in text and "256" in text


def test_a_bad_fen_is_an_error_that_names_the_field(capsys):
    assert main(["perft", "--fen", "x5o/7/7/7/7/o5x x 0 1", "--depth", "1"]) == 2
    err = capsys.readouterr().err
    assert "6 ranks" in err and "expected 7" in err


@pytest.mark.parametrize("depth", ["-1", "401", "99999999999999999999", "x", "", "1e3", "٣"])
def test_a_depth_outside_0_to_400_is_refused_in_one_line(depth, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["perft", "--depth", depth])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "expected a whole number from 0 to 400" in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_runs_as_a_module():
    done = subprocess.run([sys.executable, "-m", "course_lib", "perft", "--depth", "2", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["counts"] == [1, 16, 256]
