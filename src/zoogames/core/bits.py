"""Bitmasks as sets: the one helper every board of integer bitmasks shares."""

from __future__ import annotations

from typing import Final

FEW: Final = 6
"""Up to this many bits are found one by one; more are read byte by byte."""


def _byte_bits(b: int) -> tuple[int, ...]:
    return tuple(i for i in range(8) if b >> i & 1)


_BYTE_BITS: Final = tuple(_byte_bits(b) for b in range(256))
"""Per byte value, the indices of its bits set."""


def bits(m: int) -> list[int]:
    """The indices of the bits set in ``m`` (a non-negative integer), lowest first.

    A board is an integer of several hundred bits: taking its lowest bit off one at a
    time makes a new integer of that size per bit, so beyond a few bits the mask is read
    as bytes once (compiled, several times faster for a zoo's twenty legal cells).
    """
    out: list[int] = []
    if m < 1 << 62 or m.bit_count() <= FEW:
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out
    base = 0
    for byte in m.to_bytes((m.bit_length() + 7) >> 3, "little"):
        if byte:
            for i in _BYTE_BITS[byte]:
                out.append(base + i)
        base += 8
    return out
