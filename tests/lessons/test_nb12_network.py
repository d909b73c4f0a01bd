"""course_lib.lessons.nb12, the value network's section: records read as stored, a network
summarised from its own weights and training figures, its curve drawn from them."""

from __future__ import annotations

import json

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from course_lib.lessons.nb12 import (data_runs, draw_network_curve,  # noqa: E402
                                      ladder_networks, ladder_policies, network_records,
                                      network_summary, record_networks, record_text)
from course_lib.errors import CourseError  # noqa: E402
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
                        f"({(N_INPUTS + 3) * 6 * 2:,} bytes in the searches: 2,919 rows of 6, "
                        f"the last holding b2 and the scale)")
    assert lines[1].startswith("trained on 1,234 positions; 3 epochs (win_scale")
    assert lines[2] == ("validation loss against the target 0.5900: material alone 0.6200, "
                        "the search score it learns from 0.5600")
    assert lines[3] == "against the games' results: not measured by the stored run"


def test_the_summary_says_the_validation_positions_and_the_settings_when_stored():
    net = small_net()
    net.meta = dict(net.meta, validation_positions=56, batch=4096, lam=0.3)
    assert network_summary(net).splitlines()[1].startswith(
        "trained on 1,234 positions, 56 more held out for validation; 3 epochs, "
        "mini-batches of 4,096, λ 0.3 (win_scale")


def test_the_summary_quotes_the_losses_against_the_results_when_they_were_stored():
    net = small_net()
    net.meta = dict(net.meta, curve=[[1, 0.64, 0.63, 0.61]], material_result_loss=0.66,
                    score_result_loss=0.62)
    assert network_summary(net).splitlines()[3] == (
        "against the games' results 0.6100: material alone 0.6600, the search score 0.6200")


def test_the_curve_draws_the_stored_losses():
    ax = draw_network_curve(small_net())
    lines = {line.get_label().split("\n")[0]: line for line in ax.get_lines()}
    assert list(lines["training positions"].get_ydata()) == [0.64, 0.61, 0.60]
    assert list(lines["validation positions"].get_ydata()) == [0.63, 0.60, 0.59]
    assert list(lines["material alone"].get_ydata()) == [0.62, 0.62]
    assert list(lines["the search score"].get_ydata()) == [0.56, 0.56]
    assert ax.get_xlabel() == "epoch" and "1,234 positions" in ax.get_title()
    assert "against the training target" in ax.get_title()
    plt.close(ax.figure)


def test_the_curve_keeps_every_line_off_the_axes_edges_and_the_legend_off_the_lines():
    ax = draw_network_curve(small_net())
    low, high = ax.get_ylim()
    values = [y for line in ax.get_lines() for y in line.get_ydata()]
    margin = 0.05 * (high - low)
    assert low + margin < min(values) and max(values) < high - margin
    ax.figure.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1           # beside the axes, not on them
    plt.close(ax.figure)


def test_records_are_read_as_stored_and_filtered_by_rung(tmp_path):
    net = {"path": "a.npz", "positions": 100, "hidden": 64, "epochs": 10,
           "validation_loss": 0.6}
    other = dict(net, path="b.npz", positions=25)
    records = [{"rung": "data", "net_a": net, "net_b": other},
               {"rung": "width", "net_a": net, "net_b": dict(net, path="c.npz", hidden=16)}]
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(records))
    assert network_records(path=path) == records
    assert network_records("width", path=path) == records[1:]
    assert ladder_networks(records) == [("a.npz", 100, 64, 10, 0.6),
                                        ("b.npz", 25, 64, 10, 0.6),
                                        ("c.npz", 100, 16, 10, 0.6)]
    policy = {"path": "p.npz", "positions": 100, "epochs": 6, "validation_loss": 1.6,
              "top_move": 0.5}
    older = dict(policy, path="q.npz", positions=25, top_move=0.45)
    assert ladder_policies([{"rung": "priors", "policy": policy},
                            {"rung": "policy", "policy": older, "policy_b": policy},
                            {"rung": "data", "policy": None}]) == [
        ("p.npz", 100, 6, 1.6, 0.5), ("q.npz", 25, 6, 1.6, 0.45)]
    later = dict(net, positions=400)                  # the same file, a network on more data
    assert ladder_networks([records[0], {"rung": "data", "net_a": net, "net_b": later}]) == [
        ("a.npz", 100, 64, 10, 0.6), ("b.npz", 25, 64, 10, 0.6), ("a.npz", 400, 64, 10, 0.6)]
    runs = tmp_path / "runs.json"
    runs.write_text(json.dumps([{"positions": 7}]))
    assert data_runs(runs) == [{"positions": 7}]


def test_a_record_says_which_network_each_of_its_files_held():
    record = {"net_a": {"path": "/x/net_c1600.npz", "chunks": 1600},
              "net_b": {"path": "course_lib/data/value_network.npz", "chunks": 800},
              "policy": {"path": "p.npz", "chunks": 199}, "policy_b": {"path": "p.npz",
                                                                       "chunks": 199}}
    assert record_networks(record) == ("net_c1600.npz: the value network of 1,600 chunks; "
                                       "value_network.npz: the value network of 800 chunks; "
                                       "p.npz: the policy network of 199 chunks")
    assert record_networks({"net_a": None}) == ""
    with pytest.raises(CourseError, match="not a record of benchmarks/network_ladder.py"):
        record_networks({"net_a": {"path": "a.npz"}})
    with pytest.raises(CourseError, match="one of the ladder's records"):
        record_networks(["net_a"])


def test_a_record_with_a_node_budget_says_so():
    record = {"spec_a": "A", "spec_b": "B", "elo0": 0, "elo1": 40, "scale": "normalized",
              "llr_bounds": [-2.94, 2.94], "result": "rejected", "games": 4, "wins": 1,
              "draws": 0, "losses": 3, "pentanomial": [1, 0, 1, 0, 0], "llr": -3.0,
              "elo": -90.0, "elo_low": -300.0, "elo_high": 80.0, "time_per_move_ms": None,
              "nodes_per_move": 2000}
    assert record_text(record).splitlines()[2].endswith("2000 nodes a move")
    mcts = dict(record, spec_a="mcts:tier=fast,iterations=600", nodes_per_move=600)
    assert record_text(mcts).splitlines()[2].endswith("600 iterations a move")


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


# --- the accumulator, one move at a time -----------------------------------------------------


def test_the_updated_accumulator_equals_the_full_one_move_by_move():
    from course_lib.ataxx import State
    from course_lib.lessons.nb12 import accumulator_step
    from course_lib.learn.network import evaluate_readable
    from course_lib.lessons.nb12 import mover_boards

    net = NetworkWeights.random(hidden=8, seed=4)
    state = State.start()
    rng = np.random.default_rng(7)
    kinds = set()
    for _ in range(30):                          # a random game: clones, jumps, captures
        moves = state.legal_moves()
        if state.is_over() or not moves:
            break
        move = moves[int(rng.integers(len(moves)))]
        step = accumulator_step(state, move.uai(), net)
        state = state.apply(move)
        me, opp, _ = mover_boards(state)
        assert step.same_as_full
        assert step.score == evaluate_readable(me, opp, net)
        assert 1 <= step.windows_changed <= 16 and step.rows_updated == 2 * step.windows_changed
        kinds.add((len(move.uai()) == 4, step.squares_changed > 2))
    assert len(kinds) >= 3                      # jumps and clones, with and without captures


def test_a_clone_beside_a_corner_changes_the_two_windows_that_hold_its_square():
    from course_lib.ataxx import State
    from course_lib.lessons.nb12 import accumulator_step

    step = accumulator_step(State.start(), "b7", NetworkWeights.random(hidden=4, seed=1))
    assert (step.squares_changed, step.windows_changed, step.rows_updated) == (1, 2, 4)
    jump = accumulator_step(State.start(), "a7c5", NetworkWeights.random(hidden=4, seed=1))
    assert jump.squares_changed == 2             # the source empties, the destination fills
    assert jump.windows_changed == 1 + 4         # a7 in one window, c5 in four


# --- boundary checks of the public helpers ------------------------------------------------------


def test_the_helpers_refuse_bad_arguments_in_words(tmp_path):
    import pytest

    from course_lib.ataxx import State
    from course_lib.errors import CourseError
    from course_lib.learn.selfplay import self_play
    from course_lib.lessons.nb12 import accumulator_step, by_ply, game_lengths, search_with

    games = self_play(games=2, seed=3, depth=1)
    with pytest.raises(CourseError, match="records must be self-play records"):
        game_lengths([1, 2, 3])
    with pytest.raises(CourseError, match="no positions"):
        game_lengths(games.select(np.zeros(len(games), dtype=bool)))
    with pytest.raises(CourseError, match="width must be a whole number from 1 to 400 plies"):
        by_ply(games, width=0)
    with pytest.raises(CourseError, match="last must be a whole number"):
        by_ply(games, last=10**9)
    with pytest.raises(CourseError, match="records must be self-play records"):
        by_ply("games")
    with pytest.raises(CourseError, match="depth must be a whole number"):
        search_with([State.start()], 10**6, "learned")
    with pytest.raises(CourseError, match="evaluation must be one of material, learned, "
                                          "network"):
        search_with([State.start()], 2, "materiel")
    with pytest.raises(CourseError, match="hash_mb must be a whole number"):
        search_with([State.start()], 2, "material", hash_mb=0)
    with pytest.raises(CourseError, match="expected a State or a FEN"):
        search_with([State.start(), 3], 2, "material")
    with pytest.raises(CourseError, match="rung must be one of data, width, network"):
        network_records("speed")
    with pytest.raises(CourseError, match="path must be the path of a JSON file"):
        data_runs(3)
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(CourseError, match="cannot read SPRT records"):
        network_records(path=broken)
    broken.write_text('{"rung": "data"}')
    with pytest.raises(CourseError, match="should hold a JSON list of data runs"):
        data_runs(broken)
    with pytest.raises(CourseError, match="net must be a value network"):
        network_summary("value_network.npz")
    with pytest.raises(CourseError, match="carries no training figures"):
        network_summary(NetworkWeights.random(hidden=4))
    with pytest.raises(CourseError, match="records must be a list of the ladder's records"):
        ladder_networks({"net_a": None})
    with pytest.raises(CourseError, match="lacks 'hidden'"):
        ladder_networks([{"net_a": {"path": "a.npz", "positions": 1}}])
    with pytest.raises(CourseError, match="no stone of the player to move is next to d4"):
        accumulator_step(State.start(), "d4")
    with pytest.raises(CourseError, match="move must be a move in UAI text"):
        accumulator_step(State.start(), 12)
    with pytest.raises(CourseError, match="expected a State or a FEN"):
        accumulator_step(None, "b7")


def test_both_forms_of_the_network_score_agree_and_refuse_what_is_no_network():
    import pytest

    from course_lib.errors import CourseError
    from course_lib.lessons.nb11 import middle_games
    from course_lib.lessons.nb12 import network_scores_both_ways
    from course_lib.learn.network import QA, QB, forward_float
    from course_lib.lessons.nb12 import mover_boards

    net = NetworkWeights.random(hidden=16, seed=5, win_scale=300.0)
    exact = net.dequantized()
    for position in middle_games(4):
        readable, compiled = network_scores_both_ways(position, net)
        assert readable == compiled
        me, opp, _ = mover_boards(position)
        y = forward_float(me, opp, exact) * net.scale
        assert y - net.scale / (QA * QB) - 1 < readable <= y + 1e-6     # the two floors
    with pytest.raises(CourseError, match="net must be a value network"):
        network_scores_both_ways(middle_games(1)[0], "net")

