"""The numeric results the course prints do not depend on which OpenBLAS kernel numpy uses.

numpy picks an OpenBLAS kernel for the processor at hand, and ``OPENBLAS_CORETYPE`` overrides
the choice. Kernels round differently in the last bits: on an AMD EPYC the sum of three
round-robin ratings was -2.8e-14 with the ``SkylakeX`` kernel (and the default there) and
exactly 0.0 with ``Haswell``, so a doctest printing it showed ``-0.0`` on one machine and
``0.0`` on another. These tests run the Elo code under two kernels that differ that way, in
fresh processes (the kernel is chosen when numpy loads), and check that the doctests pass and
that everything printed is the same under both.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KERNELS = ("SkylakeX", "Haswell")   # on an AMD EPYC these give -2.8e-14 and 0.0 for the same sum

PRINTED = r"""
import json, numpy
from course_lib.strength import round_robin_elo
tables = [
    {("greedy", "random"): (15, 2, 3), ("minimax", "random"): (18, 1, 1),
     ("minimax", "greedy"): (12, 3, 5)},
    {("a", "b"): (30, 40, 30)},
    {("a", "b"): (10, 0, 10), ("b", "c"): (10, 0, 10), ("c", "a"): (10, 0, 10)},
    {("p", "q"): (7, 3, 2), ("q", "r"): (4, 4, 4), ("r", "s"): (1, 2, 9), ("s", "p"): (3, 3, 3),
     ("p", "r"): (6, 0, 6)},
]
printed = [str(round_robin_elo(results, prior_draws=1)) for results in tables]
printed += [f"{row.elo:.1f} {row.elo_low:.1f} {row.elo_high:.1f}"
            for results in tables for row in round_robin_elo(results).rows]
print(json.dumps(printed))
"""


def _run(kernel: str, *command: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, OPENBLAS_CORETYPE=kernel)
    return subprocess.run([sys.executable, *command], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("kernel", KERNELS)
def test_strength_doctests_pass_under_kernel(kernel):
    done = _run(kernel, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules",
                "course_lib/strength")
    assert done.returncode == 0, f"under OPENBLAS_CORETYPE={kernel}:\n{done.stdout}\n{done.stderr}"


def test_printed_ratings_are_the_same_under_every_kernel():
    outputs = {}
    for kernel in KERNELS:
        done = _run(kernel, "-c", PRINTED)
        assert done.returncode == 0, done.stderr
        outputs[kernel] = json.loads(done.stdout)
    first, second = (outputs[kernel] for kernel in KERNELS)
    assert len(first) > 4
    assert first == second
    assert not any("-0.0 " in line or line.startswith("-0.0") for line in first)
