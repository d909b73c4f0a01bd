"""The arena on a Dask cluster's executor: the same games as on this machine's processes.

A local cluster of two worker processes stands in for a class's cluster; the arena only sees
``client.get_executor()``, a ``concurrent.futures`` executor like any other.
"""

from __future__ import annotations

import distributed
import pytest

from course_lib.match.arena import Program, run_match


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                       dashboard_address=None, silence_logs=40)
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def test_a_match_on_a_dask_cluster_plays_the_same_games(client):
    executor = client.get_executor()
    with distributed.get_task_stream(client) as stream:
        on_dask = run_match("alphabeta:depth=1", "random", 3, seed=8, executor=executor,
                            workers=2, progress=False)
    here = run_match("alphabeta:depth=1", "random", 3, seed=8, workers=0, progress=False)
    assert [g.moves for g in on_dask.games] == [g.moves for g in here.games]
    assert on_dask.pentanomial == here.pentanomial and sum(on_dask.pentanomial) == 3
    assert not executor._shutdown                   # the arena leaves a given executor alone
    played = [task for task in stream.data if "play_task" in task["key"]]
    assert len(played) == 6                         # every game ran on the cluster's workers
    assert {task["worker"] for task in played} <= set(client.scheduler_info()["workers"])


def test_a_match_on_dask_can_stop_early_and_play_programs(client):
    report = run_match(Program.from_spec("greedy"), "random", 20, executor=client.get_executor(),
                       workers=2, time_ms=8000, progress=False,
                       on_pair=lambda report, pair: True)
    assert report.stopped and len(report.games) == 2
    assert all(game.refereed and game.reason in ("no-stones", "board-full", "turn-limit")
               for game in report.games)
