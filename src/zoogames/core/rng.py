"""Seeded randomness whose sequences never change.

Records store a seed, not a shuffled pile, so a record replays only if the same seed
always gives the same shuffle. Python's :mod:`random` promises that for ``random()``
alone, not for ``shuffle`` or ``randrange``; SplitMix64 with Fisher–Yates is a few
lines and stays the same on every Python version and platform.
"""

from __future__ import annotations

import zlib
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A SplitMix64 generator.

    ``Rng(seed, stream)`` gives an independent sequence per stream name, so that
    drawing the start player does not shift the shuffle of the pile.

    >>> Rng(7, "pile").below(10) == Rng(7, "pile").below(10)
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int, stream: str = "") -> None:
        self._state = _mix((seed & _MASK) ^ _mix(zlib.crc32(stream.encode()) + 1))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied by its state (compiled, __init__ would want a seed)
        return _restored, (self._state,)

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        return _mix(self._state)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (Lemire's multiply-shift with rejection: no bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        m = self.next64() * n
        if (m & _MASK) < n:  # rare: reject the few values that would bias the result
            threshold = ((1 << 64) - n) % n
            while (m & _MASK) < threshold:
                m = self.next64() * n
        return m >> 64

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) / float(1 << 53)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements of ``items`` in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def _restored(state: int) -> Rng:
    """A generator at ``state`` (see ``Rng.__reduce__``)."""
    rng = Rng(0)
    rng._state = state
    return rng


def fresh_seed() -> int:
    """A new random seed for a game started without one (53 bits: exact in JSON and JavaScript)."""
    import secrets

    return secrets.randbits(53)
