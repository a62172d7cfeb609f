"""docs/rules.md "Randomness: seeded deals": one seeded generator and shuffle, identical in both backends."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import quinza
import quinza.reference

# SplitMix64 known answers (docs/reference/game.md "The generator").
KNOWN = {
    0: [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F],
    1234567: [0x599ED017FB08FC85, 0x2C73F08458540FA5, 0x883EBCE5A3F27C77],
}


@pytest.mark.parametrize("seed", list(KNOWN))
def test_generator_known_answers(q, seed):
    r = q.Random(seed)
    assert [r.next_u64() for _ in range(3)] == KNOWN[seed]


def test_shuffle_known_answer(q):
    items = list(range(10))
    q.Random(42).shuffle(items)
    assert items == SHUFFLED_42


SHUFFLED_42 = [0, 9, 5, 8, 6, 4, 7, 2, 1, 3]


def test_below_rejects_bad_bounds(q):
    r = q.Random(1)
    for bad in (0, -1, 2**64):
        with pytest.raises(ValueError):
            r.below(bad)
    assert r.state == 1  # nothing was drawn


@pytest.mark.parametrize("bad", [-1, 2**64, "7", 1.5])
def test_seed_out_of_range_is_refused(q, bad):
    with pytest.raises(ValueError):
        q.Random(bad)


@given(seed=st.integers(0, 2**64 - 1), bounds=st.lists(st.integers(1, 2**64 - 1), max_size=20))
def test_both_backends_draw_alike(seed, bounds):
    rust, ref = quinza.Random(seed), quinza.reference.Random(seed)
    for n in bounds:
        x = rust.below(n)
        assert x == ref.below(n) and 0 <= x < n
    assert rust.next_u64() == ref.next_u64()
    assert rust.state == ref.state


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 60))
def test_both_backends_shuffle_alike(seed, size):
    a, b = list(range(size)), list(range(size))
    quinza.Random(seed).shuffle(a)
    quinza.reference.Random(seed).shuffle(b)
    assert a == b and sorted(a) == list(range(size))
