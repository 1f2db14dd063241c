"""Seeded randomness whose sequences never change.

Records store a seed, not a shuffled pile, so a record replays only if the same seed
always gives the same shuffle. Python's :mod:`random` promises that for ``random()``
alone, not for ``shuffle`` or ``randrange``; SplitMix64 with Fisher–Yates is a few
lines and stays the same on every Python version and platform.

Two generators, chosen by the seed (``docs/records.md``, *Generators*):

- ``splitmix64`` (every seed below ``2**128``, and what a record without a
  ``generator`` field means): fast, for research, tests and the command line; its state
  is 64 bits, so a patient player could search a pile's seed from the tiles seen.
- ``blake2b`` (seeds from ``2**128`` to ``2**129 - 1``: :func:`secret_seed`, what the
  server uses): the 128 bits below the marker bit key BLAKE2b, which hashes a counter
  per stream; no search over 2**128 keys is possible. Published at the end of a game
  like any seed, it replays the same.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


SECRET = 1 << 128
"""Seeds from ``SECRET`` to ``2 * SECRET - 1`` are BLAKE2b keys (the marker bit and 128
bits of secret); every other seed is SplitMix64's."""

SPLITMIX64 = "splitmix64"
BLAKE2B = "blake2b"
GENERATORS = (SPLITMIX64, BLAKE2B)
"""The generators' names, as records write them."""


def generator_of(seed: int) -> str:
    """The name of the generator ``seed`` selects."""
    return BLAKE2B if SECRET <= seed < 2 * SECRET else SPLITMIX64


class Rng:
    """A SplitMix64 generator, or a BLAKE2b one for a secret seed (module docstring).

    ``Rng(seed, stream)`` gives an independent sequence per stream name, so that
    drawing the start player does not shift the shuffle of the pile.

    >>> Rng(7, "pile").below(10) == Rng(7, "pile").below(10)
    True
    """

    __slots__ = ("_block", "_counter", "_key", "_state")

    def __init__(self, seed: int, stream: str = "") -> None:
        self._key: bytes | None = None
        self._block: list[int] = []
        self._counter = 0
        if SECRET <= seed < 2 * SECRET:
            # The stream's name is hashed into the key: every stream is its own generator.
            secret = (seed - SECRET).to_bytes(16, "big")
            self._key = hashlib.blake2b(stream.encode(), key=secret, digest_size=32).digest()
            self._state = 0
        else:
            self._state = _mix((seed & _MASK) ^ _mix(zlib.crc32(stream.encode()) + 1))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied by its state (compiled, __init__ would want a seed)
        return _restored, (self._state,)

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        if self._key is not None:
            return self._next_secret()
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        return _mix(self._state)

    def _next_secret(self) -> int:
        """BLAKE2b keyed by the stream's key over a counter: eight 64-bit words a block."""
        if not self._block:
            assert self._key is not None
            digest = hashlib.blake2b(
                self._counter.to_bytes(16, "big"), key=self._key, digest_size=64
            ).digest()
            self._counter += 1
            self._block = [int.from_bytes(digest[i : i + 8], "little") for i in range(56, -8, -8)]
        return self._block.pop()

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


def secret_seed() -> int:
    """A new secret seed: the BLAKE2b generator keyed by 128 random bits (the server's)."""
    import secrets

    return SECRET | secrets.randbits(128)
