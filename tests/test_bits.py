"""``core.bits.bits``: the indices of a mask's bits, lowest first, however the mask is read."""

from __future__ import annotations

from zoogames.core.bits import FEW, bits
from zoogames.core.rng import Rng


def one_by_one(m: int) -> list[int]:
    """The plain definition: every index whose bit is set, in order."""
    return [i for i in range(m.bit_length()) if m >> i & 1]


def test_small_and_sparse_and_dense_masks() -> None:
    cases = [0, 1, 2, 3, 255, 256, (1 << 62) - 1, 1 << 62, (1 << 64) - 1, 1 << 500]
    cases.append(sum(1 << i for i in range(0, 462, 23)))  # many bits, far apart
    cases.append((1 << 462) - 1)  # every bit of a water zoo's grid
    cases.append(sum(1 << i for i in range(400, 400 + FEW + 1)))  # just past FEW, high up
    rng = Rng(3, "bits")
    for _ in range(300):
        m = 0
        for _ in range(rng.below(40)):
            m |= 1 << rng.below(470)
        cases.append(m)
    for m in cases:
        assert bits(m) == one_by_one(m), m
