"""The notebooks' own code: one module per notebook, in the course's order, as a textbook's
library holds its chapters' helpers. A reader of notebook NN finds its machinery in
``course_lib.lessons.nbNN``: the helpers its cells call (experiments, tables, pictures made for
that notebook only) and its exercises, registered with ``course_lib.exercises`` so that its
check cells can say right, wrong or not answered yet. The algorithms they use live in the
library's packages (``ataxx``, ``games``, ``agents``, ``engine``, ``learn``, ``match``,
``strength``, ``viz``), which hold no notebook-only code.

| module | notebook |
|---|---|
| ``nb01`` | 01 Rules and moves: random games measured ply by ply, a stopwatch |
| ``nb02`` | 02 Greedy play and evaluation functions: the exchanges a greedy move walks into, an evaluation's SPRT against material |
| ``nb03`` | 03 Minimax and negamax |
| ``nb04`` | 04 Alpha-beta: middle-game positions, random trees, skipped leaves, a window search |
| ``nb05`` | 05 Iterative deepening, transposition tables and time control |
| ``nb06`` | 06 Monte Carlo tree search: the children's table, a traced playout, a recorded SPRT, c's effect |
| ``nb07`` | 07 Measuring strength |
| ``nb08`` | 08 Tournament: the entry test of a student's agent, the class tournament |
| ``nb09`` | 09 The Othello study, redone |
| ``nb10`` | 10 The Gomoku AI, redone |
| ``nb11`` | 11 From alpha-beta to an engine |
| ``nb12`` | 12 Learning to evaluate |

A later notebook may call an earlier one's helpers (``nb11`` uses ``nb04.middle_game``).
``stored_measurement`` reads the long runs that scripts in ``benchmarks/`` keep in
``course_lib/data/`` for the notebooks to show; ``stored_sprt_estimate`` gives the Elo after one
of their stored SPRTs as notebook 07 teaches it (median-unbiased, beside the naive figure).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..errors import CourseError

__all__ = ["stored_measurement", "stored_sprt_estimate"]


def stored_measurement(name: str) -> dict:
    """The measurement ``name`` kept in ``course_lib/data/<name>.json``: figures from a long
    run of a script in ``benchmarks/`` (the file's ``script`` key says which, ``date`` and
    ``machine`` where), for the notebooks to show without running it again.

    >>> stored_measurement("mcts_c")["script"].split()[0]
    'benchmarks/bench_mcts_c.py'
    """
    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise CourseError(f"a stored measurement is named by letters, digits and _, got {name!r}")
    path = resources.files("course_lib").joinpath("data", f"{name}.json")
    if not path.is_file():
        known = sorted(p.name[:-5] for p in resources.files("course_lib").joinpath("data")
                       .iterdir() if p.name.endswith(".json"))
        raise CourseError(f"no stored measurement {name!r}; there are: {', '.join(known)}")
    return json.loads(path.read_text())


def stored_sprt_estimate(run: dict, elo0: float, elo1: float, scale: str = "logistic") -> Any:
    """The Elo after a stored pentanomial SPRT (a record with its ``pentanomial`` pair counts)
    with bounds ``elo0`` and ``elo1`` in ``scale`` Elo: the median-unbiased estimate beside the
    naive one, which a test stopped at a bound biases (``course_lib.strength.sprt_elo_estimate``).

    >>> run = stored_measurement("time_vs_depth")["match"]
    >>> print(stored_sprt_estimate(run, 0, 50))    # doctest: +ELLIPSIS
    H1 accepted after 70 games: median-unbiased +137.5 logistic Elo ...
    """
    from ..strength import Sprt, sprt_elo_estimate

    if not isinstance(run, dict) or "pentanomial" not in run:
        raise CourseError(f"a stored SPRT record holds its pentanomial pair counts, got "
                          f"{str(run)[:60]!r}")
    test = Sprt.from_totals(pairs=run["pentanomial"], elo0=elo0, elo1=elo1, kind="pentanomial",
                            scale=scale)
    return sprt_elo_estimate(test)
