"""The specs of benchmarks/network_ladder.py's rungs: A and B differ only in what the rung
tests, and both build agents."""

import argparse
import importlib.util
import sys
from pathlib import Path

import pytest

from course_lib.agents.spec import make_agent
from course_lib.engine.guided import PUCT_C

DATA = Path(__file__).resolve().parent.parent / "course_lib" / "data"
VALUE = str(DATA / "value_network.npz")
POLICY = str(DATA / "policy_network.npz")


@pytest.fixture(scope="module")
def ladder():
    path = Path(__file__).parent.parent / "benchmarks" / "network_ladder.py"
    spec = importlib.util.spec_from_file_location("network_ladder", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("network_ladder", module)
    spec.loader.exec_module(sys.modules["network_ladder"])
    return sys.modules["network_ladder"]


def _args(**given):
    values = dict(rung="data", player="mcts", net_a=VALUE, net_b=None, policy=POLICY,
                  policy_b=None, c=None, ms=50, nodes=20000, iterations=600, engine_b=None)
    return argparse.Namespace(**{**values, **given})


def test_the_policy_rung_differs_only_in_the_policy_network(ladder):
    a, b = ladder.specs(_args(rung="policy", policy="a.npz", policy_b="b.npz"))
    assert a.replace("policy=a.npz", "policy=b.npz") == b
    assert "iterations=600" in a and f"weights={VALUE}" in a


def test_the_puct_rung_differs_only_in_c_and_both_sides_build(ladder):
    a, b = ladder.specs(_args(rung="puct", c=0.25))
    assert a.replace(",c=0.25", "") == b
    assert "prior=policy" in b and "iterations=600" in b
    agent_a, agent_b = make_agent(a), make_agent(b)
    assert agent_a.c == 0.25 and agent_b.c == PUCT_C


def test_the_engine_rung_differs_only_in_the_switches_it_changes_and_both_sides_build(ladder):
    from course_lib.match.ladder import default_switches, spec_switches
    a, b = ladder.specs(_args(rung="engine", ms=100, engine_b="pvs=0,rfp=0"))
    assert spec_switches(a) == default_switches()
    assert spec_switches(b) == {**default_switches(), "pvs": False, "rfp": False}
    assert a.split(",pvs=")[0] == b.split(",pvs=")[0] == f"engine:time=100,eval=network,weights={VALUE}"
    assert make_agent(a).engine.switches == default_switches()
    assert not make_agent(b).engine.switches["rfp"]
    # the search rung's engine writes its switches out too
    assert spec_switches(ladder.specs(_args(rung="search"))[1]) == default_switches()


@pytest.mark.parametrize("argv, words", [
    (["--rung", "engine", "--net-a", VALUE], "give --engine-b"),
    (["--rung", "engine", "--net-a", VALUE, "--engine-b", "nmp=0"], "name=0 or name=1"),
    (["--rung", "engine", "--net-a", VALUE, "--engine-b", "pvs=2"], "name=0 or name=1"),
    (["--rung", "engine", "--net-a", VALUE, "--engine-b", "pvs=1"], "changes no switch"),
    (["--rung", "search", "--net-a", VALUE, "--engine-b", "pvs=0"],
     "--engine-b is read by rung engine only"),
    (["--rung", "policy", "--net-a", VALUE, "--policy", POLICY], "--policy-b"),
    (["--rung", "puct", "--net-a", VALUE, "--policy", POLICY], "--c"),
    (["--rung", "puct", "--c", "0", "--net-a", VALUE], "above 0"),
    (["--rung", "search", "--c", "0.3", "--net-a", VALUE, "--policy", POLICY],
     "--c is read by rung puct only"),
    (["--rung", "puct", "--c", "0.3", "--net-a", VALUE, "--policy-b", POLICY],
     "--policy-b is read by rung policy only"),
])
def test_a_rung_missing_its_networks_or_constant_is_refused_in_words(ladder, monkeypatch, capsys,
                                                                     argv, words):
    monkeypatch.setattr(sys, "argv", ["network_ladder.py", *argv])
    with pytest.raises(SystemExit) as stop:
        ladder.main()
    assert stop.value.code == 2
    assert words in capsys.readouterr().err
