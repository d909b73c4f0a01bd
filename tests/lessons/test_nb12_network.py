"""course_lib.lessons.nb12, the value network's section: records read as stored, a network
summarised from its own weights and training figures, its curve drawn from them."""

from __future__ import annotations

import json

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from course_lib.lessons.nb12 import (data_runs, draw_network_curve,  # noqa: E402
                                      ladder_networks, network_records, network_summary,
                                      record_text)
from course_lib.learn.network import N_INPUTS, NetworkWeights  # noqa: E402


def small_net() -> NetworkWeights:
    net = NetworkWeights.random(hidden=6, seed=2)
    net.meta = {"positions": 1234, "epochs": 3, "material_loss": 0.62, "score_loss": 0.56,
                "curve": [[1, 0.64, 0.63], [2, 0.61, 0.60], [3, 0.60, 0.59]]}
    return net


def test_the_summary_counts_the_weights_and_quotes_the_training():
    lines = network_summary(small_net()).splitlines()
    weights = N_INPUTS * 6 + 6 + 6 + 1                # W1, b1, w2, b2
    assert lines[0] == (f"2,916 inputs, 6 hidden units: {weights:,} weights, int16 "
                        f"({(N_INPUTS + 3) * 6 * 2:,} bytes in the searches)")
    assert "1,234 positions for 3 epochs" in lines[1]
    assert lines[2] == ("validation loss 0.5900: material alone 0.6200, the search score it "
                        "learns from 0.5600")


def test_the_curve_draws_the_stored_losses():
    ax = draw_network_curve(small_net())
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert list(lines["validation"].get_ydata()) == [0.63, 0.60, 0.59]
    assert list(lines["material alone"].get_ydata()) == [0.62, 0.62]
    assert ax.get_xlabel() == "epoch" and "1,234 positions" in ax.get_title()
    plt.close(ax.figure)


def test_records_are_read_as_stored_and_filtered_by_rung(tmp_path):
    net = {"path": "a.npz", "positions": 100, "hidden": 64, "validation_loss": 0.6}
    other = dict(net, path="b.npz", positions=25)
    records = [{"rung": "data", "net_a": net, "net_b": other},
               {"rung": "width", "net_a": net, "net_b": dict(net, path="c.npz", hidden=16)}]
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(records))
    assert network_records(path=path) == records
    assert network_records("width", path=path) == records[1:]
    assert ladder_networks(records) == [("a.npz", 100, 64, 0.6), ("b.npz", 25, 64, 0.6),
                                        ("c.npz", 100, 16, 0.6)]
    runs = tmp_path / "runs.json"
    runs.write_text(json.dumps([{"positions": 7}]))
    assert data_runs(runs) == [{"positions": 7}]


def test_a_record_with_a_node_budget_says_so():
    record = {"spec_a": "A", "spec_b": "B", "elo0": 0, "elo1": 40, "scale": "normalized",
              "llr_bounds": [-2.94, 2.94], "result": "rejected", "games": 4, "wins": 1,
              "draws": 0, "losses": 3, "pentanomial": [1, 0, 1, 0, 0], "llr": -3.0,
              "elo": -90.0, "elo_low": -300.0, "elo_high": 80.0, "time_per_move_ms": None,
              "nodes_per_move": 2000}
    assert record_text(record).splitlines()[2].endswith("2000 nodes a move")


def test_the_shipped_records_hold_together():
    for record in network_records():
        assert record["games"] == record["wins"] + record["draws"] + record["losses"]
        assert 2 * sum(record["pentanomial"]) == record["games"]
        assert record["result"] in ("accepted", "rejected", "undecided")
        assert (record["result"] == "undecided") == (record["stopped_by"] != "decision")
    for run in data_runs():
        assert run["positions"] > 0 and run["seconds"] > 0
        assert np.isclose(run["positions_per_second"], run["positions"] / run["seconds"],
                          rtol=0.01)
