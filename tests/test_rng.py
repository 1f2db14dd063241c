"""SplitMix64 gives the same numbers on native 64-bit integers (compiled) and on Python's.

``make test`` runs this file on both builds (``test-pure``). Each test compares the
generator with a reference written here from the definitions (SplitMix64, Lemire's
multiply-shift with rejection, Fisher–Yates), so a difference in either path fails.
"""

from __future__ import annotations

import pickle

import pytest

from zoogames.core import rng as rng_module
from zoogames.core.rng import Rng, _restored

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
M1, M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def unxorshift(z: int, s: int) -> int:
    y = z
    for _ in range(64 // s + 1):
        y = z ^ (y >> s)
    return y


def unmix(z: int) -> int:
    """The inverse of :func:`mix` (each of its steps is a bijection on 64 bits)."""
    z = unxorshift(z, 31)
    z = (z * pow(M2, -1, 1 << 64)) & MASK
    z = unxorshift(z, 27)
    z = (z * pow(M1, -1, 1 << 64)) & MASK
    return unxorshift(z, 30)


class Reference:
    """The generator from its definition, on Python integers."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK
        return mix(self.state)

    def below(self, n: int) -> int:
        m = self.next64() * n
        if (m & MASK) < n:
            threshold = ((1 << 64) - n) % n
            while (m & MASK) < threshold:
                m = self.next64() * n
        return m >> 64


def state_of(rng: Rng) -> int:
    restored: tuple[int] = rng.__reduce__()[1]
    return restored[0]


def test_unmix_inverts_mix() -> None:
    for z in (0, 1, GAMMA, MASK, 1 << 63, 0x0123456789ABCDEF):
        assert unmix(mix(z)) == z


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 80, 1000, 153_177, (1 << 30) - 1, 1 << 30, 10**12])
def test_below_matches_the_definition(n: int) -> None:
    """Bounds on both sides of the native path's limit (``_SMALL``), in both builds."""
    for seed in range(50):
        rng = Rng(seed, "below")
        ref = Reference(state_of(rng))
        assert [rng.below(n) for _ in range(40)] == [ref.below(n) for _ in range(40)]
        assert state_of(rng) == ref.state


@pytest.mark.parametrize("n", [3, 7, 1001, (1 << 30) - 1, 10**12 + 1])
def test_the_rare_low_products_are_handled_as_the_definition_does(n: int) -> None:
    """States whose next number makes the product's low word fall below ``n``.

    Below the threshold (``x = 0``: the low word is 0) the number is rejected and drawn
    again; at the threshold (odd ``n``: ``x = threshold / n`` mod 2**64) it is kept.
    """
    threshold = ((1 << 64) - n) % n
    assert 0 < threshold < n
    for x, draws in ((0, 2), ((threshold * pow(n, -1, 1 << 64)) & MASK, 1)):
        assert ((x * n) & MASK) == (0 if draws == 2 else threshold)
        state = (unmix(x) - GAMMA) & MASK
        rng, ref = _restored(state), Reference(state)
        assert rng.below(n) == ref.below(n)
        assert state_of(rng) == ref.state == (state + draws * GAMMA) & MASK


def test_shuffle_choice_and_random_match_the_definition() -> None:
    for seed in range(30):
        rng = Rng(seed, "shuffle")
        ref = Reference(state_of(rng))
        items = list(range(40))
        rng.shuffle(items)
        expected = list(range(40))
        for i in range(39, 0, -1):
            j = ref.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert items == expected
        assert rng.choice(items) == items[ref.below(40)]
        assert rng.random() == (ref.next64() >> 11) / float(1 << 53)
        assert rng.next64() == ref.next64()


def test_a_generator_pickles_and_copies_by_its_state() -> None:
    rng = Rng(99, "pickle")
    rng.below(5)
    twin = pickle.loads(pickle.dumps(rng))
    assert [twin.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]
    assert 0 <= state_of(rng) <= MASK


def test_native_is_what_the_build_says() -> None:
    import zoogames

    assert zoogames.compiled() == rng_module.NATIVE
