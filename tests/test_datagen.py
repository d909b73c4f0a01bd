"""Self-play data in chunks: seeded, the same on a Dask cluster of two workers as in this
process, resumable, and the ``network`` command that makes it and trains on it."""

from __future__ import annotations

import os
import warnings
from concurrent.futures import ThreadPoolExecutor

import distributed
import numpy as np
import pytest

from course_lib.__main__ import main
from course_lib.errors import InvalidArgumentError
from course_lib.learn.datagen import DataSpec, chunk_path, generate, load_data, play_chunk
from course_lib.learn.network import load_network
from course_lib.learn.selfplay import GameRecords

SPEC = DataSpec(seed=5, games=4, nodes=300, opening_plies=(2, 4), chunk_games=1)


def same(a: GameRecords, b: GameRecords) -> bool:
    return all(np.array_equal(getattr(a, name), getattr(b, name))
               for name in ("me", "opp", "result", "score", "game", "ply", "empty", "move"))


@pytest.fixture(scope="module")
def client():
    with warnings.catch_warnings():       # its HTTP server moves to another port if 8787 is taken
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                           dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def test_a_chunk_is_the_same_every_time_and_its_records_fit_together():
    first = play_chunk(SPEC, 1)
    assert same(first, play_chunk(SPEC, 1))
    assert set(first.game.tolist()) == {1}
    assert first.ply.tolist() == list(range(len(first)))  # counted from the opening's end
    assert set(first.result.tolist()) <= {0.0, 0.5, 1.0}
    occupied = [int(a | b).bit_count() for a, b in zip(first.me, first.opp)]
    assert (first.empty == 49 - np.array(occupied)).all()
    assert not any(int(a) & int(b) for a, b in zip(first.me, first.opp))
    other = play_chunk(DataSpec(seed=6, games=4, nodes=300, opening_plies=(2, 4),
                                chunk_games=1), 1)
    assert not same(first, other)                   # another seed, other games


def test_a_data_run_plays_with_its_own_switches_whatever_the_engines_default():
    """A chunk is the same games on any day: the engine of a data run has every switch as
    DATA_SWITCHES sets it (the table and the ordering), and self-play's as SELF_PLAY_SWITCHES
    does, each naming every switch the engine has."""
    from course_lib.engine import SWITCHES
    from course_lib.learn import datagen
    from course_lib.learn.selfplay import SELF_PLAY_SWITCHES

    assert set(datagen.DATA_SWITCHES) == set(SWITCHES) == set(SELF_PLAY_SWITCHES)
    play_chunk(SPEC, 0)
    engine = datagen._ENGINES[(SPEC.evaluation, SPEC.hash_mb)]
    assert engine.switches == datagen.DATA_SWITCHES
    assert [n for n, on in datagen.DATA_SWITCHES.items() if on] == ["tt", "order"]


def test_two_dask_workers_write_the_same_data_as_one_process(tmp_path, client):
    on_dask = generate(SPEC, str(tmp_path / "dask"), executor=client.get_executor())
    here = generate(SPEC, str(tmp_path / "here"), executor=ThreadPoolExecutor(1))
    assert on_dask.played == here.played == 4 and on_dask.positions == here.positions > 0
    for i in range(SPEC.chunks):
        assert same(GameRecords.load(chunk_path(str(tmp_path / "dask"), i)),
                    GameRecords.load(chunk_path(str(tmp_path / "here"), i)))
    records = load_data(str(tmp_path / "dask"))
    assert len(records) == on_dask.positions and sorted(set(records.game.tolist())) == [0, 1,
                                                                                          2, 3]


def test_a_run_goes_on_where_it_stopped(tmp_path):
    folder = str(tmp_path / "run")
    generate(SPEC, folder, executor=ThreadPoolExecutor(1))
    kept = GameRecords.load(chunk_path(folder, 2))
    os.remove(chunk_path(folder, 2))
    with pytest.raises(InvalidArgumentError, match="1 of 4 chunks are missing"):
        load_data(folder)
    assert len(load_data(folder, chunks=2)) > 0           # the first two are there
    again = generate(SPEC, folder, executor=ThreadPoolExecutor(1))
    assert (again.played, again.skipped) == (1, 3)
    assert same(GameRecords.load(chunk_path(folder, 2)), kept)
    with pytest.raises(InvalidArgumentError, match="holds the chunks of another run"):
        generate(DataSpec(seed=6, games=4, nodes=300, chunk_games=1), folder,
                 executor=ThreadPoolExecutor(1))


def test_a_run_grows_with_more_games_and_keeps_every_chunk_it_had(tmp_path):
    folder = str(tmp_path / "run")
    small = DataSpec(seed=5, games=4, nodes=300, opening_plies=(2, 4), chunk_games=2)
    generate(small, folder, executor=ThreadPoolExecutor(1))
    before = [GameRecords.load(chunk_path(folder, i)) for i in range(2)]
    grown = DataSpec(seed=5, games=8, nodes=300, opening_plies=(2, 4), chunk_games=2)
    report = generate(grown, folder, executor=ThreadPoolExecutor(1))
    assert (report.played, report.skipped) == (2, 2)
    for i in range(2):
        assert same(GameRecords.load(chunk_path(folder, i)), before[i])
    fresh = str(tmp_path / "fresh")                       # the grown run played from nothing
    generate(grown, fresh, executor=ThreadPoolExecutor(1))
    assert same(load_data(folder), load_data(fresh))
    assert sorted(set(load_data(folder).game.tolist())) == list(range(8))
    with pytest.raises(InvalidArgumentError, match="can grow .* but not shrink: give --games 8"):
        generate(small, folder, executor=ThreadPoolExecutor(1))
    with pytest.raises(InvalidArgumentError, match="holds the chunks of another run"):
        generate(DataSpec(seed=5, games=10, nodes=400, opening_plies=(2, 4), chunk_games=2),
                 folder, executor=ThreadPoolExecutor(1))
    odd = str(tmp_path / "odd")                           # its last chunk holds one game
    generate(DataSpec(seed=5, games=3, nodes=300, opening_plies=(2, 4), chunk_games=2), odd,
             executor=ThreadPoolExecutor(1))
    with pytest.raises(InvalidArgumentError, match="last chunk is not whole"):
        generate(grown, odd, executor=ThreadPoolExecutor(1))


def test_a_spec_out_of_range_is_refused_in_words():
    with pytest.raises(InvalidArgumentError, match="nodes must be a whole number >= 1"):
        DataSpec(seed=1, games=4, nodes=0)
    with pytest.raises(InvalidArgumentError, match="opening_plies"):
        DataSpec(seed=1, games=4, opening_plies=(5, 2))
    with pytest.raises(InvalidArgumentError, match="chunks 0 to 3"):
        play_chunk(SPEC, 4)


def test_the_network_command_makes_data_then_a_network(tmp_path, capsys):
    folder, out = str(tmp_path / "data"), str(tmp_path / "net.npz")
    command = ["network", "data", "--out", folder, "--seed", "5", "--games", "4", "--nodes",
               "300", "--opening-low", "2", "--opening-high", "4", "--chunk-games", "2",
               "--workers", "1"]
    assert main(command) == 0
    assert "played 2 chunks (0 already done)" in capsys.readouterr().out
    assert main(command) == 0
    assert "played 0 chunks (2 already done)" in capsys.readouterr().out
    assert main(["network", "train", "--data", folder, "--seed", "1", "--hidden", "8",
                 "--epochs", "2", "--batch", "64", "--out", out]) == 0
    printed = capsys.readouterr().out
    assert "epoch  2:" in printed and "wrote the network (8 hidden units" in printed
    net = load_network(out)
    assert net.hidden == 8 and net.meta["positions"] > 0 and len(net.meta["curve"]) == 2
    assert main(["network", "train", "--data", str(tmp_path / "none"), "--seed", "1",
                 "--out", out]) == 2
    assert "holds no data run" in capsys.readouterr().err


def test_the_network_commands_never_write_the_shipped_networks(tmp_path, capsys):
    from course_lib.learn.network import DEFAULT_NETWORK

    before = os.path.getmtime(DEFAULT_NETWORK)
    for step in ("train", "policy"):
        assert main(["network", step, "--data", str(tmp_path), "--seed", "1", "--out",
                     DEFAULT_NETWORK]) == 2
        assert "shipped data" in capsys.readouterr().err
        with pytest.raises(SystemExit):                  # --out is required
            main(["network", step, "--data", str(tmp_path), "--seed", "1"])
        assert "--out" in capsys.readouterr().err
    assert main(["network", "train", "--data", str(tmp_path), "--seed", "1", "--out",
                 str(tmp_path / "net.txt")]) == 2
    assert "ending in .npz" in capsys.readouterr().err
    assert os.path.getmtime(DEFAULT_NETWORK) == before
