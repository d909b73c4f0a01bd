"""SplitMix64 against published reference outputs and an independent implementation.

Reference outputs (not taken from the code under test):
- seed 1234567, first five outputs: the Rosetta Code task "Pseudo-random numbers/Splitmix64"
  (https://rosettacode.org/wiki/Pseudo-random_numbers/Splitmix64).
- seed 1477776061723855037, first ten of the fifty outputs in the ``reference`` test of the
  rand_xoshiro crate (rust-random/rngs, rand_xoshiro/src/splitmix64.rs), which says they were
  produced with Vigna's reference splitmix64.c (https://prng.di.unimi.it/splitmix64.c).
Both agree with ``reference_splitmix64`` below, written from the published algorithm.
"""

from __future__ import annotations

import pytest

from course_lib.errors import InvalidArgumentError
from course_lib.agents import RandomAgent
from course_lib.rng import SplitMix64, check_seed

ROSETTA_1234567 = [6457827717110365317, 3203168211198807973, 9817491932198370423,
                   4593380528125082431, 16408922859458223821]
RAND_XOSHIRO_1477776061723855037 = [
    1985237415132408290, 2979275885539914483, 13511426838097143398, 8488337342461049707,
    15141737807933549159, 17093170987380407015, 16389528042912955399, 13177319091862933652,
    10841969400225389492, 17094824097954834098,
]


def reference_splitmix64(seed: int, count: int) -> list[int]:
    """splitmix64.c (Vigna, 2015), in plain integers: x += 0x9e3779b97f4a7c15; z = x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9; z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31); all arithmetic modulo 2**64."""
    out, x, m = [], seed, 2 ** 64
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) % m
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % m
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % m
        out.append(z ^ (z >> 31))
    return out


def test_independent_implementation_reproduces_the_published_outputs():
    assert reference_splitmix64(1234567, 5) == ROSETTA_1234567
    assert reference_splitmix64(1477776061723855037, 10) == RAND_XOSHIRO_1477776061723855037


@pytest.mark.parametrize("seed, expected", [(1234567, ROSETTA_1234567),
                                            (1477776061723855037,
                                             RAND_XOSHIRO_1477776061723855037)])
def test_published_reference_outputs(seed, expected):
    rng = SplitMix64(seed)
    assert [rng.next_u64() for _ in expected] == expected


@pytest.mark.parametrize("seed", [0, 1, 7, 2 ** 32 - 1, 2 ** 63, 2 ** 64 - 1,
                                  2 ** 64 - 0x9E3779B97F4A7C15])
def test_matches_the_independent_implementation(seed):
    rng = SplitMix64(seed)
    got = [rng.next_u64() for _ in range(200)]
    assert got == reference_splitmix64(seed, 200)
    assert all(0 <= v < 2 ** 64 for v in got)


def test_determinism_and_independence_of_generators():
    a, b = SplitMix64(42), SplitMix64(42)
    assert [a.next_u64() for _ in range(50)] == [b.next_u64() for _ in range(50)]
    c = SplitMix64(43)
    assert [SplitMix64(42).next_u64() for _ in range(1)] != [c.next_u64()]
    # two generators do not share state
    d, e = SplitMix64(5), SplitMix64(5)
    d.next_u64()
    assert e.next_u64() == reference_splitmix64(5, 1)[0]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 49, 1000, 2 ** 40 + 3])
def test_below_is_in_range_and_is_the_output_modulo_n(n):
    rng, ref = SplitMix64(99), reference_splitmix64(99, 500)
    draws = [rng.below(n) for _ in range(500)]
    assert all(0 <= v < n and isinstance(v, int) for v in draws)
    assert draws == [v % n for v in ref]
    if 1 < n <= 10:
        assert set(draws) == set(range(n))        # 500 draws hit every value


def test_below_is_roughly_uniform():
    rng = SplitMix64(2024)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_500 < c < 10_500 for c in counts), counts      # about 5 sigma


def test_doctest_numbers():
    rng = SplitMix64(7)
    assert [rng.below(10) for _ in range(5)] == [v % 10 for v in reference_splitmix64(7, 5)]


@pytest.mark.parametrize("n", [0, -1, -10])
def test_below_rejects_n_below_one(n):
    with pytest.raises(InvalidArgumentError, match="n >= 1"):
        SplitMix64(1).below(n)


@pytest.mark.parametrize("n", [2.5, 3.0, "3", None])
def test_below_rejects_n_that_is_not_a_whole_number(n):
    with pytest.raises(InvalidArgumentError, match="whole number"):
        SplitMix64(1).below(n)


def test_random_is_in_the_unit_interval_and_uses_the_top_53_bits():
    rng, ref = SplitMix64(3), reference_splitmix64(3, 1000)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert values == [(v >> 11) / 2 ** 53 for v in ref]
    assert 0.45 < sum(values) / len(values) < 0.55


@pytest.mark.parametrize("seed", [-1, 2 ** 64, 2 ** 70])
def test_seed_out_of_range(seed):
    with pytest.raises(InvalidArgumentError, match="between 0 and 2\\*\\*64 - 1"):
        SplitMix64(seed)
    with pytest.raises(InvalidArgumentError):
        check_seed(seed)


@pytest.mark.parametrize("seed", [True, False, 1.0, "1", None, 1 + 0j])
def test_seed_must_be_a_whole_number(seed):
    with pytest.raises(InvalidArgumentError, match="whole number"):
        SplitMix64(seed)
    with pytest.raises(InvalidArgumentError):
        RandomAgent(seed=seed)


def test_check_seed_returns_valid_seeds():
    assert [check_seed(s) for s in (0, 1, 2 ** 64 - 1)] == [0, 1, 2 ** 64 - 1]


def test_random_agent_uses_splitmix64_and_reset_restarts_it():
    from course_lib.ataxx import State
    state = State.start()
    moves = state.legal_moves()
    agent = RandomAgent(seed=11)
    first = [agent.choose_move(state) for _ in range(20)]
    assert first == [moves[v % len(moves)] for v in reference_splitmix64(11, 20)]
    agent.reset()
    assert [agent.choose_move(state) for _ in range(20)] == first
    assert agent.name == "random:seed=11"
