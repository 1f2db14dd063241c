"""Fixed action index spaces and observation encodings, per game and player count.

Every adapter (PettingZoo, Gymnasium, OpenSpiel) speaks integers: an action is an index
in ``range(space.n)``, an observation a fixed-shape ``float32`` array. This module holds
the two conversions they share, and nothing library-specific:

>>> from zoogames.rl.spaces import action_space, observation_encoder
>>> import zoogames
>>> state = zoogames.games.get("aquaretto").new_game(players=2, seed=1)
>>> space = action_space("aquaretto", 2)
>>> space.index("draw"), space.notation(0)
(0, 'draw')
>>> [space.notation(i) for i in space.legal_indices(state)] == [
...     str(a) for a in state.legal_actions()]
True
>>> observation_encoder("aquaretto", 2).encode(state, seat=0).dtype
dtype('float32')

An :class:`ActionSpace` is exact: every legal action of any position has exactly one
index, and every index decodes to exactly one action (most are never legal together).
A game provides one subclass with ``_encode`` and ``_decode``; this base class caches
both ways, so that building a mask costs a dictionary look-up per legal action.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from zoogames.core.errors import IllegalAction
from zoogames.core.game import Action, Game, State

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]
T = TypeVar("T")


@dataclass(frozen=True)
class Block:
    """A run of consecutive indices of one kind, for the documentation and ``describe``.

    ``first`` is the first index; ``count`` how many; ``pattern`` the notation with the
    varying parts named (e.g. ``place TILE WHERE``); ``order`` how the index runs over them.
    """

    name: str
    first: int
    count: int
    pattern: str
    order: str


class ActionSpace(ABC):
    """One game and player count's fixed action index space (see the module docstring).

    Subclasses set ``n`` and ``blocks`` and implement :meth:`_encode` and :meth:`_decode`.
    Instances are shared (``action_space`` caches them) and pickle by name.
    """

    game: Game
    players: int
    n: int
    blocks: tuple[Block, ...]
    pair_block: str | None = None
    """The block of ``SRC DST`` pairs that :meth:`compact` encodes, if the game has one."""

    def __init__(self, game: Game, players: int) -> None:
        game.check_players(players)
        self.game = game
        self.players = players
        # id(action) -> index. Actions are interned by the games, and ``_kept`` keeps
        # every action seen alive, so an id found here can only be that action's: no
        # other live object can have it. The look-up is then one dictionary probe.
        self._index_of: dict[int, int] = {}
        self._kept: list[Action] = []
        self._by_index: dict[int, Action] = {}
        self._compact: CompactMasks | None = None

    @abstractmethod
    def _encode(self, action: Action) -> int:
        """The index of ``action``; ``IllegalAction`` if it has none (not this game's)."""

    @abstractmethod
    def _decode(self, index: int) -> Action:
        """The action of ``index`` (``0 <= index < n``)."""

    def index(self, action: Action | str) -> int:
        """The index of an action or of its notation."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        found = self._index_of.get(id(action))
        if found is None:
            found = self._learn(action)
        return found

    def _learn(self, action: Action) -> int:
        """Encode an action not seen before and remember it (kept alive, see ``__init__``)."""
        index = self._encode(action)
        self._kept.append(action)
        self._index_of[id(action)] = index
        return index

    def action(self, index: int) -> Action:
        """The action of an index; ``IllegalAction`` outside ``range(n)``."""
        found = self._by_index.get(index)
        if found is None:
            i = int(index)
            if not 0 <= i < self.n:
                raise IllegalAction(f"action index {index!r} is outside 0..{self.n - 1}")
            found = self._by_index[i] = self._decode(i)
        return found

    def notation(self, index: int) -> str:
        """The notation of an index, e.g. ``place dolphin/m 2,3``."""
        return str(self.action(index))

    def indices(self, actions: list[Action]) -> list[int]:
        """The indices of ``actions``, in the same order."""
        try:  # every action seen before: the common case once a few games have run
            return list(map(self._index_of.__getitem__, map(id, actions)))
        except KeyError:
            return [self.index(a) for a in actions]

    def legal_indices(self, state: State) -> list[int]:
        """The indices of the legal actions of the seat to move, ascending."""
        try:
            out = list(map(self._index_of.__getitem__, map(id, state.legal_actions())))
        except KeyError:
            out = self.indices(state.legal_actions())
        out.sort()
        return out

    def mask(self, state: State) -> Mask:
        """``int8`` 0/1 of length ``n``: 1 at the index of each legal action."""
        return self.mask_of(self.indices(state.legal_actions()))

    def mask_of(self, indices: list[int]) -> LegalMask:
        """``int8`` 0/1 of length ``n`` with a 1 at each of ``indices`` (a new array).

        The array is a :class:`LegalMask`: it also knows ``indices``, so that
        ``np.flatnonzero(mask)`` costs microseconds rather than a scan of ``n`` entries.
        """
        m = np.zeros(self.n, np.int8).view(LegalMask)
        set_entries(m, indices, 1)
        m.legal = indices
        return m

    def factors(self) -> dict[str, npt.NDArray[np.int32]]:
        """Per index: ``block`` (its block's number) and coordinates ``a`` and ``b``.

        A network can score an index from embeddings of these small vocabularies instead
        of from ``n`` separate outputs. Here ``a`` is 0 and ``b`` the offset in the block;
        games refine it (Aquaretto: tile and cell, source and destination, …).
        """
        block = np.zeros(self.n, np.int32)
        b = np.zeros(self.n, np.int32)
        for number, blk in enumerate(self.blocks):
            block[blk.first : blk.first + blk.count] = number
            b[blk.first : blk.first + blk.count] = np.arange(blk.count, dtype=np.int32)
        return {"block": block, "a": np.zeros(self.n, np.int32), "b": b}

    def compact(self) -> CompactMasks | None:
        """The compact encoding of this space's masks, if it has a pair block (see there)."""
        if self.pair_block is not None and self._compact is None:
            self._compact = CompactMasks(self, self.pair_block)
        return self._compact

    def describe(self) -> list[dict[str, Any]]:
        """The layout, block by block: name, first and last index, pattern, order."""
        return [
            {
                "name": b.name,
                "first": b.first,
                "last": b.first + b.count - 1,
                "count": b.count,
                "pattern": b.pattern,
                "order": b.order,
            }
            for b in self.blocks
        ]

    def __reduce__(self) -> tuple[Any, ...]:
        return (action_space, (self.game.id, self.players))

    def __repr__(self) -> str:
        return f"<ActionSpace {self.game.id} players={self.players} n={self.n}>"


class CompactMasks:
    """A smaller, exact encoding of a space's masks: its pair block as two vectors.

    Aquaretto's ``move SRC DST`` (a coworker from one place to another) takes 138,012 of
    its 153,177 indices, one per ordered pair of the W = 372 places. Its legal moves are
    always every pair of a place where one of the player's coworkers stands (a source)
    and a place where a coworker may go (a destination), but the same place. So the
    block's part of a mask is exactly two vectors of W entries, the sources and the
    destinations; the compact mask has ``n - W (W - 1) + 2 W`` entries (15,909 for
    Aquaretto with 2 players):

    - positions ``[0, first)``: the indices before the block, unchanged;
    - ``[first, first + W)``: 1 where a legal move starts (source place ``s``);
    - ``[first + W, first + 2 W)``: 1 where a legal move ends (destination place ``d``);
    - ``[first + 2 W, size)``: the indices after the block, shifted down by
      ``W (W - 1) - 2 W``.

    :meth:`mask` and :meth:`legal` convert between the two (exactly, in both directions,
    for every position of a game: the tests check it over random games), :meth:`to_flat`
    and :meth:`from_flat` between a flat index and a compact position (with, for a move,
    its destination). A policy can score the compact positions (a source's score plus a
    destination's for a move) instead of 153,177 outputs, and play ``to_flat``'s index.
    """

    def __init__(self, space: ActionSpace, block: str) -> None:
        found = [b for b in space.blocks if b.name == block]
        if len(found) != 1:
            raise ValueError(f"{space!r} has no block {block!r}")
        pairs = found[0]
        places = (1 + math.isqrt(1 + 4 * pairs.count)) // 2
        if places * (places - 1) != pairs.count:
            raise ValueError(f"block {block!r} is not every ordered pair of distinct places")
        self.space = space
        self.block = block
        self.first = pairs.first
        self.places = places
        self.pairs = pairs.count
        self.after = pairs.first + pairs.count  # the first flat index after the block
        self.shift = pairs.count - 2 * places  # how far the later indices move down
        self.size = space.n - self.shift

    def from_flat(self, index: int) -> tuple[int, int | None]:
        """The compact position of a flat index, and for a move its destination's position."""
        i = int(index)
        if not 0 <= i < self.space.n:
            raise IllegalAction(f"action index {index!r} is outside 0..{self.space.n - 1}")
        if i < self.first:
            return i, None
        if i >= self.after:
            return i - self.shift, None
        s, r = divmod(i - self.first, self.places - 1)
        d = r + (r >= s)  # the destinations skip the source itself
        return self.first + s, self.first + self.places + d

    def to_flat(self, position: int, destination: int | None = None) -> int:
        """The flat index of a compact position (a source needs its destination's position)."""
        p, w = int(position), self.places
        if not 0 <= p < self.size:
            raise IllegalAction(f"compact position {position!r} is outside 0..{self.size - 1}")
        if self.first <= p < self.first + w:
            if destination is None:
                raise IllegalAction(f"a {self.block} from a source needs a destination")
            s, d = p - self.first, int(destination) - self.first - w
            if not 0 <= d < w:
                raise IllegalAction(f"compact position {destination!r} is not a destination")
            if d == s:
                raise IllegalAction(f"a {self.block} needs a destination other than its source")
            return self.first + s * (w - 1) + d - (d > s)
        if destination is not None:
            raise IllegalAction(f"compact position {position!r} is not a source: no destination")
        if p < self.first:
            return p
        if p < self.first + 2 * w:
            raise IllegalAction(f"compact position {position!r} is a destination, not an action")
        return p + self.shift

    def mask(self, indices: list[int]) -> Mask:
        """The compact mask (``int8`` 0/1 of length ``size``) of a position's legal indices."""
        m = np.zeros(self.size, np.int8)
        for i in indices:
            p, d = self.from_flat(i)
            m[p] = 1
            if d is not None:
                m[d] = 1
        return m

    def legal(self, compact: Mask) -> list[int]:
        """The legal flat indices (ascending) of a compact mask: the inverse of :meth:`mask`."""
        on = np.flatnonzero(np.not_equal(compact, 0))
        w, first = self.places, self.first
        sources = on[(on >= first) & (on < first + w)]
        destinations = on[(on >= first + w) & (on < first + 2 * w)]
        out = [int(p) for p in on[on < first]]
        out += [self.to_flat(s, d) for s in sources for d in destinations if d - w != s]
        out += [int(p) + self.shift for p in on[on >= first + 2 * w]]
        return out


class MaskBuffer:
    """One mask, rewritten in place from step to step (an environment's ``copy=False``).

    A fresh mask of 150,000 entries costs microseconds to allocate and zero at every
    step, as much as a step of the game; this one clears the entries it set last time
    and sets the new ones. :meth:`set` hands out a read-only view of the one array: it
    changes at the next call, so copy it to keep it.
    """

    def __init__(self, n: int) -> None:
        self.array: Mask = np.zeros(n, np.int8).view(LegalMask)
        self._on: list[int] = []

    def set(self, indices: list[int]) -> Mask:
        """The mask with a 1 at each of ``indices`` only (a read-only view, see above)."""
        set_entries(self.array, self._on, 0)
        set_entries(self.array, indices, 1)
        self._on = indices[:]
        view = read_only(self.array)
        assert isinstance(view, LegalMask)
        view.legal = self._on
        return view


class LegalMask(np.ndarray[Any, np.dtype[np.int8]]):
    """An action mask (``int8`` 0/1) that also knows its legal indices, for a fast ``nonzero``.

    ``np.flatnonzero(mask)``, ``np.nonzero``, ``np.argwhere``, ``np.where(mask)`` and
    ``mask.nonzero()``, the usual ways to read the legal actions off a mask, scan every
    entry, and NumPy's scan of ``int8`` is slow: about 0.3–0.7 ms for Aquaretto's 153,177
    entries, several steps of the game. A mask made by :meth:`ActionSpace.mask_of` or
    :class:`MaskBuffer` carries the indices it was built from (``legal``) and answers
    with them, after checking that its entries still say exactly that: as many nonzero
    entries as distinct indices, each of them nonzero (one ``count_nonzero``, which NumPy
    vectorises). An array written to since, or a kept view of a buffer rewritten in
    place, fails the check and answers from its entries, through a ``bool`` comparison
    (ten to twenty times faster than ``int8``'s own scan); so do masks of fewer than
    :data:`SCAN_BELOW` entries, where that is the cheaper way. Either way the result is
    exactly NumPy's.

    In every other respect it is an ``np.ndarray`` of ``int8`` (Gymnasium's
    ``Discrete.sample(mask)`` and ``Box.contains`` accept it); arithmetic and comparisons
    give plain arrays, views (``ravel``, ``view``) and copies keep ``legal``.
    """

    legal: list[int] | None = None

    def __array_finalize__(self, obj: Any) -> None:
        # Views and copies of the same shape and dtype keep the indices; nonzero checks
        # them against the entries anyway.
        legal = getattr(obj, "legal", None)
        if legal is not None and (obj.shape != self.shape or obj.dtype != self.dtype):
            legal = None
        self.legal = legal

    def __array_wrap__(self, array: Any, context: Any = None, return_scalar: bool = False) -> Any:
        # What ufuncs compute from a mask (mask == 1, mask * x, mask.sum()) is a plain
        # array or scalar: it is not a mask any more.
        if return_scalar:
            return array[()]
        return array.view(np.ndarray)

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        # np.where(mask) with one argument is np.asarray(mask).nonzero() in C, which would
        # bypass the method below; np.nonzero and np.flatnonzero (a 1-D mask's
        # nonzero()[0]) would reach it, through a view and two more calls. Every other
        # function is NumPy's own.
        if len(args) == 1 and not kwargs and args[0] is self:
            if func is np.flatnonzero and self.ndim == 1:
                return self.nonzero()[0]
            if func is np.where or func is np.nonzero:
                return self.nonzero()
        return _ndarray_function(self, func, types, args, kwargs)

    def nonzero(self) -> tuple[npt.NDArray[np.intp], ...]:
        """The indices of the nonzero entries, as ``np.ndarray.nonzero`` (see the class)."""
        plain = self.view(np.ndarray)
        legal = self.legal
        if legal is not None and self.ndim == 1 and self.size >= SCAN_BELOW:
            found = only_nonzero(plain, legal)
            if found is not None:
                return (found,)
        return np.not_equal(plain, 0).nonzero()


def only_nonzero(plain: npt.NDArray[np.int8], legal: list[int]) -> npt.NDArray[np.intp] | None:
    """``legal`` sorted and distinct if they are exactly ``plain``'s nonzero entries, else None.

    ``plain`` is a 1-D ``int8`` array; the check reads each of its entries once. With a
    few indices (the usual case) it reads the array eight entries at a time: NumPy counts
    the nonzero ``int64`` words of an array about twice as fast as its nonzero bytes.
    Then the answer is exact because the words holding the indices are exactly as
    ``mask_of`` writes them (a 1 at each index, 0 around it), every other word is 0, and
    so are the last ``size % 8`` entries. Otherwise (many indices, or one among those last
    entries): as many nonzero entries as distinct indices, each on a nonzero entry.
    """
    n = plain.size
    whole = n - n % 8
    distinct = sorted(set(legal)) if len(legal) <= _FEW and plain.flags.c_contiguous else None
    if distinct is None or (distinct and (distinct[0] < 0 or distinct[-1] >= whole)):
        found = np.sort(np.array(legal, np.intp))
        if found.size and (found[0] < 0 or found[-1] >= n):
            return None
        if (
            np.count_nonzero(plain) == found.size
            and plain[found].all()
            and (found[1:] != found[:-1]).all()
        ):
            return found
        return None
    expected: dict[int, int] = {}
    for i in distinct:  # each word's value, little-endian: byte i & 7 of word i >> 3 is 1
        expected[i >> 3] = expected.get(i >> 3, 0) | 1 << ((i & 7) << 3)
    words = plain[:whole].view(_WORD)
    if (
        np.count_nonzero(words) == len(expected)
        and not plain[whole:].tobytes().strip(b"\0")
        and words[list(expected)].tolist() == list(expected.values())
    ):
        return np.array(distinct, np.intp)
    return None


_FEW = 64
"""Up to this many indices, :func:`only_nonzero` checks them word by word in Python."""
_WORD = np.dtype("<i8")

_ndarray_function = np.ndarray.__array_function__
SCAN_BELOW = 32_768
"""Below this many entries, scanning a mask's ``bool`` comparison beats checking ``legal``."""


def set_entries(m: Mask, indices: list[int], value: int) -> None:
    """``m[i] = value`` for each of ``indices``, the faster way for their number."""
    if len(indices) < 24:  # item writes beat converting a short list to an index array
        for i in indices:
            m[i] = value
    else:  # fromiter converts a list of ints about twice as fast as m[list] does
        m[np.fromiter(indices, np.intp, len(indices))] = value


def read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A read-only view of ``array``: what an environment hands out of its own buffers."""
    view = array.view()
    view.flags.writeable = False
    return view


@dataclass(frozen=True)
class Segment:
    """A named part of an observation vector: ``vector[offset:offset+size].reshape(shape)``."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """How many floats the segment holds."""
        return int(np.prod(self.shape))

    def of(self, vector: Vector) -> Vector:
        """The segment's part of an observation vector, reshaped."""
        return vector[self.offset : self.offset + self.size].reshape(self.shape)


class ObservationEncoder(ABC):
    """What one seat sees, as a flat ``float32`` vector of fixed length ``size``.

    ``segments`` document the layout; ``high`` bounds every entry (``low`` is 0).
    Subclasses implement :meth:`encode_into` from the seat's perspective: the seat itself
    comes first wherever seats are listed, then the next seats in turn order.
    """

    game: Game
    players: int
    size: int
    segments: tuple[Segment, ...]
    high: float

    def __init__(self, game: Game, players: int) -> None:
        game.check_players(players)
        self.game = game
        self.players = players

    @property
    def shape(self) -> tuple[int]:
        """``(size,)``."""
        return (self.size,)

    def encode(self, state: State, seat: int) -> Vector:
        """A new array: what ``seat`` sees of ``state``."""
        out = np.empty(self.size, np.float32)
        self.encode_into(state, seat, out)
        return out

    @abstractmethod
    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        """Write what ``seat`` sees of ``state`` into ``out`` (every entry, whatever was there).

        ``out`` is a ``float32`` array of length ``size``: a buffer reused from step to
        step (OpenSpiel's observer) saves allocating and copying a new array.
        """

    def segment(self, name: str) -> Segment:
        """The segment called ``name``."""
        for s in self.segments:
            if s.name == name:
                return s
        raise KeyError(name)

    def describe(self) -> list[dict[str, Any]]:
        """The layout, segment by segment."""
        return [
            {"name": s.name, "offset": s.offset, "shape": list(s.shape), "meaning": s.meaning}
            for s in self.segments
        ]

    def __reduce__(self) -> tuple[Any, ...]:
        return (observation_encoder, (self.game.id, self.players))

    def __repr__(self) -> str:
        return f"<ObservationEncoder {self.game.id} players={self.players} size={self.size}>"


def cached(cache: dict[Any, T], key: Hashable, make: Callable[[], T], limit: int = 1024) -> T:
    """``cache[key]``, made by ``make()`` the first time; the cache is emptied when full.

    An encoder's caches are keyed by everything a part of the observation is computed
    from, so equal keys mean equal parts. Emptying at ``limit`` entries bounds the memory;
    the common case, each seat's last position, is soon cached again.
    """
    found = cache.get(key)
    if found is None:
        if len(cache) >= limit:
            cache.clear()
        found = cache[key] = make()
    return found


def segments(parts: list[tuple[str, tuple[int, ...], str]]) -> tuple[Segment, ...]:
    """Consecutive segments from ``(name, shape, meaning)`` triples."""
    out = []
    offset = 0
    for name, shape, meaning in parts:
        seg = Segment(name, offset, shape, meaning)
        out.append(seg)
        offset += seg.size
    return tuple(out)


_SPACES: dict[tuple[str, int], ActionSpace] = {}
_ENCODERS: dict[tuple[str, int], ObservationEncoder] = {}


def action_space(game_id: str, players: int) -> ActionSpace:
    """The action index space of a game at a player count (built once, then shared)."""
    key = (game_id, players)
    space = _SPACES.get(key)
    if space is None:
        from zoogames.rl.games import spec

        space = _SPACES[key] = spec(game_id).action_space(players)
    return space


def observation_encoder(game_id: str, players: int) -> ObservationEncoder:
    """The observation encoding of a game at a player count (built once, then shared)."""
    key = (game_id, players)
    enc = _ENCODERS.get(key)
    if enc is None:
        from zoogames.rl.games import spec

        enc = _ENCODERS[key] = spec(game_id).observation_encoder(players)
    return enc
