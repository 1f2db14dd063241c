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

Compiled (mypyc), SplitMix64 runs on native 64-bit integers (``i64``: two's complement,
wrapping), so drawing a number allocates nothing; as plain Python it runs on Python
integers masked to 64 bits. Both give the same sequences (``NATIVE`` says which runs;
``tests/test_rng.py`` compares both with a reference written from the definitions).
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import MutableSequence, Sequence
from typing import Any, Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)


def _signed(u: int) -> int:
    """A 64-bit unsigned value as the two's-complement ``i64`` with the same bits."""
    return u - (1 << 64) if u >> 63 else u


def _unsigned(z: i64) -> int:
    """The 64-bit unsigned value with the bits of ``z``."""
    return int(z) & _MASK


_GAMMA_I64: Final[i64] = -7046029254386353131  # _signed(_GAMMA)
_M1_I64: Final[i64] = -4658895280553007687  # _signed(_M1)
_M2_I64: Final[i64] = -7723592293110705685  # _signed(_M2)


def _mix_i64(z: i64) -> i64:
    """:func:`_mix` on native integers: products wrap, right shifts are made logical."""
    z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * _M1_I64
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _M2_I64
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _wraps() -> bool:
    """True where ``i64`` arithmetic is native (compiled), False as plain Python."""
    x: i64 = 1 << 62
    return x + x < 0


NATIVE: Final = _wraps()
"""Whether SplitMix64 runs on native 64-bit integers here (the compiled build)."""

_SMALL: Final = 1 << 30
"""Below this bound, :meth:`Rng.below` multiplies in halves on native integers."""


SECRET: Final = 1 << 128
"""Seeds from ``SECRET`` to ``2 * SECRET - 1`` are BLAKE2b keys (the marker bit and 128
bits of secret); every other seed is SplitMix64's."""

SPLITMIX64: Final = "splitmix64"
BLAKE2B: Final = "blake2b"
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
        # SplitMix64's 64 bits of state: compiled, the two's-complement i64 with those
        # bits; as plain Python (where i64 is int) the unsigned value, as before NATIVE
        self._state: i64 = 0
        if SECRET <= seed < 2 * SECRET:
            # The stream's name is hashed into the key: every stream is its own generator.
            secret = (seed - SECRET).to_bytes(16, "big")
            self._key = hashlib.blake2b(stream.encode(), key=secret, digest_size=32).digest()
        else:
            state = _mix((seed & _MASK) ^ _mix(zlib.crc32(stream.encode()) + 1))
            self._state = _signed(state) if NATIVE else state

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled and copied by its state (compiled, __init__ would want a seed)
        return _restored, (_unsigned(self._state),)

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        if self._key is not None:
            return self._next_secret()
        if NATIVE:
            self._state += _GAMMA_I64
            return _unsigned(_mix_i64(self._state))
        self._state = (self._state + _GAMMA) & _MASK
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
        if NATIVE and n < _SMALL and self._key is None:
            return self._below_small(n)
        m = self.next64() * n
        if (m & _MASK) < n:  # rare: reject the few values that would bias the result
            threshold = ((1 << 64) - n) % n
            while (m & _MASK) < threshold:
                m = self.next64() * n
        return m >> 64

    def _below_small(self, n: i64) -> i64:
        """:meth:`below` for ``0 < n < _SMALL`` on native integers (compiled only).

        The high word of the 128-bit product ``x * n`` from 32-bit halves of ``x``, each
        partial product below ``2**62``; the rare rejection runs on Python integers.
        """
        self._state += _GAMMA_I64
        x = _mix_i64(self._state)
        low = (x & 0xFFFFFFFF) * n
        mid = ((x >> 32) & 0xFFFFFFFF) * n + (low >> 32)
        if mid & 0xFFFFFFFF == 0 and low & 0xFFFFFFFF < n:  # the product's low word < n
            wide = int(n)
            threshold = ((1 << 64) - wide) % wide
            m = _unsigned(x) * wide
            while (m & _MASK) < threshold:
                m = self.next64() * wide
            return m >> 64
        return mid >> 32

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) / float(1 << 53)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        if NATIVE and self._key is None and len(items) < _SMALL:
            for i in range(len(items) - 1, 0, -1):
                k = self._below_small(i + 1)
                items[i], items[k] = items[k], items[i]
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        n = len(items)
        if NATIVE and 0 < n < _SMALL and self._key is None:
            return items[self._below_small(n)]
        return items[self.below(n)]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements of ``items`` in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def _restored(state: int) -> Rng:
    """A generator at ``state`` (see ``Rng.__reduce__``)."""
    rng = Rng(0)
    rng._state = _signed(state) if NATIVE else state
    return rng


def fresh_seed() -> int:
    """A new random seed for a game started without one (53 bits: exact in JSON and JavaScript)."""
    import secrets

    return secrets.randbits(53)


def secret_seed() -> int:
    """A new secret seed: the BLAKE2b generator keyed by 128 random bits (the server's)."""
    import secrets

    return SECRET | secrets.randbits(128)
