"""Bitmasks as sets: the one helper every board of integer bitmasks shares."""

from __future__ import annotations


def bits(m: int) -> list[int]:
    """The indices of the bits set in ``m`` (a non-negative integer), lowest first."""
    out: list[int] = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out
