"""The engine's ladder (course_lib.match.ladder) and its command, ``python -m course_lib
ladder``, on a local Dask cluster of two workers: started, killed mid-run, resumed, and the
same records as a run that was never interrupted. Tiny node budgets keep the games short."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from course_lib.errors import CourseError
from course_lib.match import ladder
from course_lib.strength import games_cap, games_still_running

ROOT = Path(__file__).resolve().parents[1]
NODES = 300
"""At 300 nodes a move the order rung decides in a few dozen pairs; the killers rung plays the
same moves with and without killers (a dead heat in every pair), so it runs to its cap."""
TRIAL = ["--nodes", str(NODES), "--only", "order,killers", "--bounds=-150,150", "--no-confirm",
         "--no-progress", "--workers", "2"]


def _pairs(records: list[dict]) -> dict[tuple[str, int], dict]:
    """Pair records by (rung, pair), without what depends on the machine."""
    return {(r["rung"], r["pair"]): {k: v for k, v in r.items() if k not in ("seconds", "host",
                                                                             "ms_a", "ms_b")}
            for r in records if r["kind"] == "pair"}


def _results(records: list[dict]) -> dict[str, dict]:
    """Result records by rung, without what depends on the machine or the moment."""
    keep = ("decision", "stopped_by", "llr", "pairs", "games", "pentanomial", "normalized_elo",
            "unbiased_normalized_elo", "unbiased_normalized_interval", "cap_games",
            "identical_pairs", "spec_a", "spec_b", "elo0", "elo1")
    return {r["rung"]: {k: r[k] for k in keep} for r in records if r["kind"] == "result"}


# --- rungs and plans -------------------------------------------------------------------------

def test_each_rung_changes_its_technique_only():
    rungs = ladder.technique_rungs(nodes=1000)
    base = ladder.default_switches()
    needs = ladder.untestable(base)
    assert [r.name for r in rungs] == list(base)
    for rung in rungs:
        a = dict(item.split("=") for item in rung.spec_a.split(":")[1].split(","))
        b = dict(item.split("=") for item in rung.spec_b.split(":")[1].split(","))
        assert {k for k in a if a[k] != b[k]} == {rung.name}
        assert a[rung.name] == "1" and b[rung.name] == "0"       # A has the technique
        # the rest as in the default, but what a technique needs, on in both when it is off
        needed = {ladder.REQUIRES[rung.name]} if rung.name in needs else set()
        assert {k for k in base if k != rung.name and a[k] != str(int(base[k]))} == needed
        assert all(a[k] == b[k] == "1" for k in needed)
        assert ("on in both A and B" in rung.why) == (rung.name in needs)
        assert a["nodes"] == "1000"
        assert (rung.elo0, rung.elo1) == ladder.TECHNIQUE_BOUNDS[rung.name][:2]
        assert rung.elo0 < rung.elo1 and rung.why.startswith(rung.name)
    # a technique off by default is tested by turning it on in A
    lmr = next(r for r in rungs if r.name == "lmr")
    assert not base["lmr"] and "lmr=0" in lmr.spec_b and "off in the default it is tested from" in lmr.why


def test_a_technique_that_cannot_act_alone_is_tested_with_what_it_needs():
    """Null-move pruning and reverse futility act only with PVS: from a default without PVS,
    the engine with either plays the same moves as without it, so their rungs turn PVS on in
    both A and B, and say so."""
    without_pvs = {**ladder.default_switches(), "pvs": False}
    for name in ("nullmove", "rfp"):
        rung, = ladder.technique_rungs(without_pvs, nodes=NODES, only=[name])
        assert "pvs=1" in rung.spec_a and "pvs=1" in rung.spec_b
        assert f"{name}=1" in rung.spec_a and f"{name}=0" in rung.spec_b
        assert "tested with pvs on in both A and B" in rung.why
        unable = ladder.Rung("x", rung.spec_a.replace("pvs=1", "pvs=0"),
                             rung.spec_b.replace("pvs=1", "pvs=0"), -100, 100, "")
        record = ladder.play_pair(unable, 0)
        assert record["moves"][0] == record["moves"][1]       # the same moves both ways
    plain, = ladder.technique_rungs({**without_pvs, "pvs": True}, nodes=NODES, only=["rfp"])
    assert "tested from" in plain.why and "on in both" not in plain.why


def test_the_plan_is_computed_before_and_its_cap_is_negligible():
    rung = ladder.technique_rungs(only=["history"])[0]
    plan = ladder.rung_plan(rung)
    test = rung.test()
    assert plan["cap_games"] == games_cap(test, ladder.CAP_PROBABILITY)
    middle = (rung.elo0 + rung.elo1) / 2
    assert games_still_running(test, plan["cap_games"], middle) <= ladder.CAP_PROBABILITY
    points = {p["elo"]: p for p in plan["points"]}
    assert points[rung.elo0]["accept_h1"] == pytest.approx(0.05, abs=0.005)
    assert points[rung.elo1]["accept_h1"] == pytest.approx(0.95, abs=0.005)
    assert points[middle]["expected_games"] == max(p["expected_games"] for p in plan["points"])


def test_the_default_follows_decided_tests_only():
    base = {"tt": True, "lmr": True, "nullmove": False}
    decided = [{"rung": "tt", "decision": "accept H1"}, {"rung": "lmr", "decision": "accept H0"},
               {"rung": "nullmove", "decision": "accept H1"}]
    assert ladder.implied_defaults(base, decided) == {"tt": True, "lmr": False,
                                                      "nullmove": True}
    assert ladder.implied_defaults(base, decided[:2] + [{"rung": "nullmove",
                                                         "decision": "undecided"}]) is None
    rung = ladder.confirmation_rung({"tt": True, "lmr": False}, {"tt": True, "lmr": True}, 500)
    assert rung.spec_a.endswith("tt=1,lmr=0") and rung.spec_b.endswith("tt=1,lmr=1")
    assert (rung.elo0, rung.elo1) == ladder.CONFIRM_BOUNDS[:2] and "lmr off" in rung.why


# --- running, in this process ---------------------------------------------------------------

def test_a_pair_is_a_pure_function_of_its_rung_and_number():
    rung = ladder.technique_rungs(nodes=NODES, only=["order"])[0]
    first, again = ladder.play_pair(rung, 3), ladder.play_pair(rung, 3)
    assert _pairs([first]) == _pairs([again])
    assert first["moves_a"] + first["moves_b"] == sum(first["turns"])
    assert set(first["scores"]) <= {0.0, 0.5, 1.0}


def test_a_rung_that_never_decides_stops_at_its_cap_undecided(tmp_path):
    rung = ladder.technique_rungs(nodes=NODES, only=["killers"], bounds=(-150, 150))[0]
    result, = ladder.run_ladder([rung], tmp_path / "cap.jsonl", progress=False)
    assert result["decision"] == "undecided" and result["stopped_by"] == "cap"
    assert result["games"] == result["cap_games"] == games_cap(rung.test())
    assert result["identical_pairs"] == result["pairs"]     # the same moves both ways
    assert "no decision" in result["estimates"]


def test_a_resumed_file_gives_the_same_results(tmp_path):
    rungs = ladder.technique_rungs(nodes=NODES, only=["order", "tt"], bounds=(-60, 60))
    whole = tmp_path / "whole.jsonl"
    ladder.run_ladder(rungs, whole, progress=False)
    lines = whole.read_text().splitlines(keepends=True)
    pair_lines = [k for k, line in enumerate(lines) if '"kind": "pair"' in line]
    cut = tmp_path / "cut.jsonl"                 # killed after 5 pairs, in the middle of a line
    cut.write_text("".join(lines[:pair_lines[5]]) + lines[pair_lines[5]][:40])
    kept = _pairs(ladder.load_records(cut)).keys()
    assert len(kept) == 5
    played = []
    ladder.run_ladder(rungs, cut, progress=False, on_pair=played.append)
    # only the missing pairs were played (one at a time here, so none beyond a decision)
    assert {(r["rung"], r["pair"]) for r in played} == \
        _pairs(ladder.load_records(whole)).keys() - kept
    assert _results(ladder.load_records(cut)) == _results(ladder.load_records(whole))
    assert _pairs(ladder.load_records(cut)) == _pairs(ladder.load_records(whole))
    # a result can be checked from its pairs
    records = ladder.load_records(cut)
    for name, result in _results(records).items():
        test = ladder.replay_rung(records, name)
        assert test.counts == result["pentanomial"] and round(test.llr, 4) == result["llr"]
        assert len(test.llr_history) == result["pairs"]


def test_a_file_with_another_rung_of_that_name_is_refused(tmp_path):
    path = tmp_path / "r.jsonl"
    rung = ladder.technique_rungs(nodes=NODES, only=["order"], bounds=(-100, 100))[0]
    ladder.run_ladder([rung], path, progress=False)
    other = ladder.technique_rungs(nodes=NODES + 1, only=["order"], bounds=(-100, 100))[0]
    with pytest.raises(CourseError, match="other settings.*spec_a"):
        ladder.run_ladder([other], path, progress=False)


def test_a_later_stage_tests_a_technique_again_under_its_stage_name(tmp_path):
    """A records file with a stage closed by its confirmation: the same technique tested from
    the confirmed default gets a rung of its own (``order (stage 2)``), the first keeps its
    records, and the file reads back as two stages, each from its own default."""
    path = tmp_path / "stages.jsonl"
    first = {**ladder.default_switches(), "killers": True}
    second = ladder.default_switches()
    wide = {"elo0": -150.0, "elo1": 150.0}
    rung, = ladder.technique_rungs(first, NODES, only=["order"], bounds=(-150, 150))
    ladder.run_ladder([rung], path, progress=False)
    confirm = replace(ladder.confirmation_rung(second, first, NODES), **wide)
    ladder.run_ladder([confirm], path, progress=False)
    again = ladder.technique_rungs(second, NODES, only=["order"], bounds=(-150, 150))
    named, = ladder.stage_rungs(again, ladder.load_records(path))
    assert named.name == "order (stage 2)" and named.spec_a == again[0].spec_a
    assert ladder.stage_rungs([rung], ladder.load_records(path))[0].name == "order"
    before = _pairs(ladder.load_records(path))
    result, = ladder.run_ladder([named], path, progress=False)
    assert result["rung"] == "order (stage 2)" and result["decision"] == "accept H1"
    assert {k: v for k, v in _pairs(ladder.load_records(path)).items()
            if k[0] != "order (stage 2)"} == before
    stages = ladder.ladder_stages(r for r in ladder.load_records(path) if r["kind"] == "result")
    assert [[t["rung"] for t in s.tests] for s in stages] == [["order"], ["order (stage 2)"]]
    assert stages[1].default == second           # what the first stage confirmed
    # the first stage's default is what its tests share outside their technique: all but order
    assert {k: v for k, v in stages[0].default.items() if k != "order"} == \
        {k: v for k, v in first.items() if k != "order"}
    assert stages[0].confirm["rung"] == "confirm: killers off" and stages[1].confirm is None
    assert ladder.implied_defaults(second, stages[1].tests) == second


def test_a_broken_records_file_is_named(tmp_path):
    with pytest.raises(CourseError, match="line 1: not a JSON record"):
        ladder.load_records(ROOT / "README.md")
    # JSON lines that are no ladder's records: said, line by line, before anything reads them
    for text, said in [("[1, 2]", "line 1: a JSON list, not an object"),
                       ('{"a": 1}', "line 1: no ladder record \\(kind None\\)"),
                       ('{"kind": "run"}\n{"kind": "rung", "name": "lmr"}',
                        "line 2: a 'rung' record without settings, plan")]:
        path = tmp_path / "other.jsonl"
        path.write_text(text + "\n")
        with pytest.raises(CourseError, match=said):
            ladder.load_records(path)


# --- the command, on a local Dask cluster of 2 workers ------------------------------------

def _command(records: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "course_lib", "ladder", *TRIAL, "--records", str(records),
            *extra]


def _environment() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_the_command_resumes_after_a_kill_with_the_same_records(tmp_path):
    interrupted, whole = tmp_path / "interrupted.jsonl", tmp_path / "whole.jsonl"
    # start, and kill the command and its cluster once some pairs are in the file
    process = subprocess.Popen(_command(interrupted), cwd=tmp_path, env=_environment(),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and process.poll() is None:
            if interrupted.exists() and interrupted.read_text().count('"kind": "pair"') >= 12:
                break
            time.sleep(0.2)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    before = ladder.load_records(interrupted)
    assert process.returncode == -signal.SIGKILL
    assert len(_pairs(before)) >= 12
    assert len(_results(before)) < 2, "the run finished before it could be interrupted"
    assert not any(r["kind"] == "run" for r in before)      # it never got to say goodbye

    # resume: only the missing pairs are played
    done = subprocess.run(_command(interrupted), cwd=tmp_path, env=_environment(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    after = ladder.load_records(interrupted)
    run, = [r for r in after if r["kind"] == "run"]
    assert run["pairs_played"] == len(_pairs(after)) - len(_pairs(before))
    assert "order" in done.stdout and "accept H1" in done.stdout

    # and the same records as a run never interrupted
    done = subprocess.run(_command(whole), cwd=tmp_path, env=_environment(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    reference = ladder.load_records(whole)
    assert _results(after) == _results(reference)
    assert set(_results(after)) == {"order", "killers"}
    common = _pairs(after).keys() & _pairs(reference).keys()
    assert {key: _pairs(after)[key] for key in common} == \
        {key: _pairs(reference)[key] for key in common}
    # every pair the tests read is in both files
    for name, result in _results(reference).items():
        assert {(name, p) for p in range(result["pairs"])} <= common

    # --show prints the table from the file
    shown = subprocess.run([sys.executable, "-m", "course_lib", "ladder", "--show", "--records",
                            str(whole)], env=_environment(), capture_output=True, text=True)
    assert shown.returncode == 0 and "killers" in shown.stdout and "undecided" in shown.stdout


def test_the_command_says_what_is_wrong(tmp_path):
    def run(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "course_lib", "ladder", *argv],
                              env=_environment(), capture_output=True, text=True, cwd=tmp_path)

    done = run("--only", "lmr,speed", "--plan")
    assert done.returncode == 2 and "no technique 'speed'" in done.stderr
    done = run("--only", ",", "--plan")
    assert done.returncode == 2 and "expected technique names" in done.stderr
    done = run("--only", "lmr,tt,lmr", "--plan")
    assert done.returncode == 2 and "lmr named twice" in done.stderr
    # the plan names the rungs as a run on that records file would
    done = run("--only", "lmr,tt", "--plan", "--records", str(STORED))
    assert done.returncode == 0, done.stderr
    assert "lmr (stage 3): " in done.stdout and "tt (stage 3): " in done.stdout
    done = run("--bounds=5,1", "--plan")
    assert done.returncode == 2 and "ELO0 must be below ELO1" in done.stderr
    done = run("--show", "--records", "missing.jsonl")
    assert done.returncode == 2 and "missing.jsonl: no such file" in done.stderr
    (tmp_path / "empty.jsonl").write_text("")
    done = run("--show", "--records", "empty.jsonl")
    assert done.returncode == 2 and "no finished test" in done.stderr
    done = run("--scheduler", "tcp://127.0.0.1:9", "--records", "x.jsonl")
    assert done.returncode == 2 and "no Dask scheduler answers" in done.stderr


# --- the stored ladder and the engine's default ----------------------------------------------

STORED = ROOT / "course_lib" / "data" / "engine_ladder_nodes.jsonl"


def test_the_engines_default_follows_the_stored_ladder():
    """The stored ladder, stage by stage: each stage's rungs were played from one default (each
    rung's A and B are that default but for its technique, and what the technique needs, on in
    both where the default has it off); the default its decided rungs imply, where it differs,
    was confirmed against it, and is the next stage's; the last is the engine's default, and
    every technique of the engine has a decided rung. Each stored result is what its stored
    pairs give."""
    records = ladder.load_records(STORED)
    results = {r["rung"]: r for r in records if r["kind"] == "result"}
    stages = ladder.ladder_stages(r for r in records if r["kind"] == "result")
    assert len(stages) >= 2
    default, decided = stages[0].default, set()
    for stage in stages:
        assert stage.default == default
        assert all(r["decision"] in ("accept H0", "accept H1") for r in stage.tests)
        needs = ladder.untestable(default)
        for r in stage.tests:
            technique = ladder.rung_technique(r["rung"])
            for side, on in (("spec_a", True), ("spec_b", False)):
                expected = {**default, technique: on}
                if technique in needs:
                    expected[ladder.REQUIRES[technique]] = True
                assert ladder.spec_switches(r[side]) == expected, (r["rung"], side)
            assert ("on in both A and B" in r["why"]) == (technique in needs)
        implied = ladder.implied_defaults(default, stage.tests)
        decided |= {ladder.rung_technique(r["rung"]) for r in stage.tests}
        if implied != default:
            confirm = stage.confirm
            assert confirm is not None and confirm["decision"] == "accept H1"
            assert (ladder.spec_switches(confirm["spec_a"]),
                    ladder.spec_switches(confirm["spec_b"])) == (implied, default)
        default = implied
    assert default == ladder.default_switches()
    assert decided == set(ladder.default_switches())
    for name, result in results.items():
        test = ladder.replay_rung(records, name)
        assert test.counts == result["pentanomial"] and round(test.llr, 4) == result["llr"]
        assert test.games <= result["cap_games"]


def test_the_earlier_ladders_figures_in_the_why_texts_are_read_with_their_decisions():
    """Each technique's reason quotes the earlier ladder at 20 ms a move (engine_ladder.json):
    its Elo as stored, "undecided at its cap" exactly where that test ran to its cap, and the
    one test that stopped early (the table) with its bias said; the stored ladder's records carry
    the same reasons."""
    earlier = {r["technique"]: r for r in
               json.loads((ROOT / "course_lib" / "data" / "engine_ladder.json").read_text())}
    for name, (_, _, why) in ladder.TECHNIQUE_BOUNDS.items():
        if name not in earlier:                 # a technique younger than that ladder
            assert "in no earlier ladder" in why
            continue
        record = earlier[name]
        assert "the earlier ladder at 20 ms a move" in why
        assert f"{round(record['elo']):+d} logistic Elo" in why
        capped = record["stopped_by"] == "max-games"
        assert ("undecided at its cap of 300 games" in why) == capped
        if not capped:
            assert record["result"] == "accepted" and "biased by the early stop" in why
    stored = [r for r in ladder.load_records(ROOT / "course_lib" / "data" /
                                             "engine_ladder_nodes.jsonl") if r["kind"] == "result"]
    for r in stored:
        if r["rung"] in ladder.TECHNIQUE_BOUNDS:
            assert r["why"].endswith(ladder.TECHNIQUE_BOUNDS[r["rung"]][2])
            assert "in the default it is tested from" in r["why"]


def test_every_bound_in_the_why_texts_names_its_unit():
    """The reasons quote the earlier ladder in logistic Elo and give the bounds in normalized
    Elo: every bracketed pair of bounds says its unit, so that the two are not set side by
    side as one unit; the stored records carry the same texts."""
    import re
    texts = [why for _, _, why in ladder.TECHNIQUE_BOUNDS.values()] + [ladder.CONFIRM_BOUNDS[2]]
    stored = [r["why"] for r in ladder.load_records(ROOT / "course_lib" / "data" /
                                                    "engine_ladder_nodes.jsonl")
              if r["kind"] == "result"]
    for why in texts + stored:
        for bounds in re.finditer(r"\[-?[\d.]+, -?[\d.]+\]", why):
            assert why[bounds.end():].startswith(" normalized Elo"), why
        assert "a gain of that size" not in why
    for name, (_, _, why) in ladder.TECHNIQUE_BOUNDS.items():
        assert re.search(r"\[0, \d+\] normalized Elo", why), name
