"""One player's water zoo: spaces, basins, coworkers and depot (rulings A-R1, A-R5–A-R8, A-R12).

Everything the rules say about a single player's holdings lives here, so that the
combined game "Aquaretto with Zooloretto" uses the very same code. Money and the shared
supplies (bank, coworkers, offspring) belong to the game state, which turns the
:class:`Gain` that :meth:`WaterZoo.put` reports into coins, decisions and tiles.
"""

from __future__ import annotations

from typing import ClassVar, Final, NamedTuple

from zoogames.core.bits import bits
from zoogames.core.fields import LIST, SHARED, Fields, copy_of, fields, names_of, same_fields
from zoogames.core.game import Score
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto.tiles import (
    BOLT,
    FEMALE,
    FISH,
    MALE,
    SPECIES,
    TRAINABLE,
    YOUNG,
)

# Off-grid places a coworker or a tile can be; cells are bit indices (>= 0).
DEPOT: Final = -1
CASHIER: Final = -2
KEEPER: Final = -3
MANAGER: Final = -4
SLOT_NAMES = {DEPOT: "depot", CASHIER: "cashier", KEEPER: "keeper", MANAGER: "manager"}
SLOT_LIMITS: Final = {CASHIER: 2, KEEPER: 2, MANAGER: 1}

COIN_AT: Final = frozenset((3, 6, 9, 12))
WORKER_AT: Final = frozenset((5, 10))


class Gain(NamedTuple):
    """What adding one tile to a basin earned (ruling A-R8)."""

    coin: bool
    worker: bool
    offspring: bool


GAINS: Final = tuple(Gain(bool(i & 4), bool(i & 2), bool(i & 1)) for i in range(8))
"""Every :class:`Gain`, made once (``4 * coin + 2 * worker + offspring``): a tile placed
costs no new tuple, which compiled code would build through Python-level code."""


def place_name(where: int) -> str:
    """``depot``, ``cashier``, ``keeper``, ``manager`` or ``x,y``."""
    if where < 0:
        return SLOT_NAMES[where]
    x, y = g.xy(where)
    return f"{x},{y}"


class WaterZoo:
    """A player's water zoo and depot, on integer bitmasks.

    ``species[s]`` is the mask of the basin of species ``s`` (at most one per species);
    ``animals`` is their union. ``unpaired_m[s]`` / ``unpaired_f[s]`` count the fertile
    tiles in that basin that have not bred yet (each breeds once).
    """

    FIELDS: ClassVar[Fields] = fields(
        spaces=SHARED,
        animals=SHARED,
        trainers=SHARED,
        species=LIST,
        nspecies=SHARED,
        male=SHARED,
        female=SHARED,
        fish=SHARED,
        bolt=SHARED,
        young=SHARED,
        unpaired_m=LIST,
        unpaired_f=LIST,
        depot=LIST,
        cashiers=SHARED,
        keepers=SHARED,
        manager=SHARED,
        small_left=SHARED,
        large_left=SHARED,
        allowance=SHARED,
        expansions=LIST,
    )
    __slots__ = names_of(FIELDS)

    def __init__(self, *, blank: bool = False) -> None:
        """A new water zoo: the base board, empty.

        ``blank``: no field set at all, for the generated copies, which set every one
        (compiled, a class's ``__new__`` runs its ``__init__``: a copy cannot skip it).
        """
        if blank:
            return
        self.spaces = g.BASE
        self.animals = 0
        self.trainers = 0
        self.species = [0] * 8
        self.nspecies = 0
        self.male = self.female = self.fish = self.bolt = self.young = 0
        self.unpaired_m = [0] * 8
        self.unpaired_f = [0] * 8
        self.depot: list[int] = []
        self.cashiers = self.keepers = self.manager = 0
        self.small_left = self.large_left = 2
        self.allowance = 3
        self.expansions: list[int] = []

    def copy(self) -> WaterZoo:
        """An independent copy."""
        return copy_of(self)

    def __eq__(self, other: object) -> bool:
        return same_fields(self, other)

    __hash__ = None  # type: ignore[assignment]

    # ----- placement (A-R7) -------------------------------------------------------------

    def empty(self) -> int:
        """Spaces with neither a tile nor a trainer."""
        return self.spaces & ~self.animals & ~self.trainers

    def legal_cells(self, s: int) -> int:
        """Mask of the spaces where a tile of species ``s`` may go (ruling A-R7)."""
        basin = self.species[s]
        if basin:
            return g.neighbors(basin) & self.empty() & ~g.neighbors(self.animals & ~basin)
        if self.nspecies >= self.allowance:
            return 0
        return self.empty() & ~g.neighbors(self.animals)

    def why_not(self, s: int, where: int) -> str | None:
        """Why a tile of species ``s`` may not go on cell ``where`` (``None`` if it may)."""
        b = 1 << where
        at = place_name(where)
        name = SPECIES[s]
        if not b & self.spaces:
            return f"{at} is not a space of the water zoo"
        if b & self.animals:
            other = next(i for i in range(8) if self.species[i] & b)
            return f"{at} already holds a {SPECIES[other]}"
        if b & self.trainers:
            return f"a trainer stands on {at}"
        touching = [SPECIES[i] for i in range(8) if i != s and self.species[i] & g.neighbors(b)]
        if self.species[s]:
            if not g.neighbors(self.species[s]) & b:
                return f"{at} does not touch the {name} basin"
            if touching:
                return f"{at} touches the {touching[0]} basin (basins keep one space apart)"
            return None
        if self.nspecies >= self.allowance:
            return (
                f"no room for a new {name} basin: the water zoo already holds"
                f" {self.nspecies} species (allowance {self.allowance})"
            )
        if touching:
            return f"a new {name} basin at {at} would touch the {touching[0]} basin"
        return None

    def put(self, tile: int, where: int) -> Gain:
        """Add an animal or offspring tile to cell ``where``; breeding and bonuses follow."""
        s, mark = tile >> 3, tile & 7
        b = 1 << where
        if not self.species[s]:
            self.nspecies += 1
        self.species[s] |= b
        self.animals |= b
        offspring = False
        if mark == MALE:
            self.male |= b
            if self.unpaired_f[s]:
                self.unpaired_f[s] -= 1
                offspring = True
            else:
                self.unpaired_m[s] += 1
        elif mark == FEMALE:
            self.female |= b
            if self.unpaired_m[s]:
                self.unpaired_m[s] -= 1
                offspring = True
            else:
                self.unpaired_f[s] += 1
        elif mark == FISH:
            self.fish |= b
        elif mark == BOLT:
            self.bolt |= b
        elif mark == YOUNG:
            self.young |= b
        size = self.species[s].bit_count()
        return GAINS[4 * (size in COIN_AT) + 2 * (size in WORKER_AT) + offspring]

    def marks(self) -> tuple[tuple[int, int], ...]:
        """Each mark with the mask of the tiles bearing it (a tile bears one at most)."""
        return (
            (MALE, self.male),
            (FEMALE, self.female),
            (FISH, self.fish),
            (BOLT, self.bolt),
            (YOUNG, self.young),
        )

    def tile_at(self, where: int) -> int | None:
        """The kind of the tile on cell ``where``, or ``None``."""
        b = 1 << where
        if not b & self.animals:
            return None
        s = next(i for i in range(8) if self.species[i] & b)
        for mark, m in self.marks():
            if m & b:
                return s * 8 + mark
        return s * 8

    # ----- coworkers (A-R5, A-R6) -------------------------------------------------------

    def worker_slots(self) -> list[int]:
        """Where a new coworker may go: free booths and stations, the manager, empty spaces."""
        slots = []
        if self.cashiers < 2:
            slots.append(CASHIER)
        if self.keepers < 2:
            slots.append(KEEPER)
        if not self.manager:
            slots.append(MANAGER)
        slots.extend(bits(self.empty()))
        return slots

    def workers(self) -> list[int]:
        """Where this zoo's coworkers stand (one entry per coworker)."""
        return (
            [CASHIER] * self.cashiers
            + [KEEPER] * self.keepers
            + [MANAGER] * self.manager
            + list(bits(self.trainers))
        )

    def add_worker(self, where: int) -> None:
        """Put a coworker on ``where`` (a slot code or an empty cell)."""
        if where == CASHIER:
            self.cashiers += 1
        elif where == KEEPER:
            self.keepers += 1
        elif where == MANAGER:
            self.manager += 1
        else:
            self.trainers |= 1 << where

    def remove_worker(self, where: int) -> None:
        """Take the coworker off ``where``."""
        if where == CASHIER:
            self.cashiers -= 1
        elif where == KEEPER:
            self.keepers -= 1
        elif where == MANAGER:
            self.manager -= 1
        else:
            self.trainers &= ~(1 << where)

    def has_worker(self, where: int) -> bool:
        """True if a coworker stands on ``where``."""
        if where == CASHIER:
            return self.cashiers > 0
        if where == KEEPER:
            return self.keepers > 0
        if where == MANAGER:
            return self.manager > 0
        return where >= 0 and bool(self.trainers >> where & 1)

    def worker_fits(self, where: int) -> bool:
        """True if a coworker may be put on ``where`` now."""
        if where < DEPOT:
            return {CASHIER: self.cashiers, KEEPER: self.keepers, MANAGER: self.manager}[
                where
            ] < SLOT_LIMITS[where]
        return where >= 0 and bool(self.empty() >> where & 1)

    # ----- expansions (A-R1) ------------------------------------------------------------

    def expansion_sites(self, large: bool) -> tuple[int, ...]:
        """Legal placements of a board of that size, if the player still has one."""
        if not (self.large_left if large else self.small_left):
            return ()
        return g.expansion_sites(self.spaces, large)

    def expand(self, cells: int, large: bool) -> None:
        """Add a board on ``cells``; a large board raises the basin allowance by one."""
        self.spaces |= cells
        self.expansions.append(cells)
        if large:
            self.large_left -= 1
            self.allowance += 1
        else:
            self.small_left -= 1

    # ----- scoring (A-R12) --------------------------------------------------------------

    def _trained(self) -> int:
        """Animals next to a trainer that can be trained (A-R12), counted per trainer."""
        trainable = 0
        for s in TRAINABLE:
            trainable |= self.species[s]
        trainable &= ~self.bolt
        trained = 0
        for t in bits(self.trainers):
            trained += (g.AROUND[t] & trainable).bit_count()
        return trained

    def _depot_points(self) -> int:
        """The depot's (negative) points: per species in it, 2, or 1 with a manager."""
        return -len({t >> 3 for t in self.depot}) * (1 if self.manager else 2)

    def score(self, coins: int) -> Score:
        """Points of this water zoo and depot, given the player's coins."""
        parts = {
            "animals": self.animals.bit_count(),
            "cashiers": coins * self.cashiers,
            "keepers": (self.fish & self.animals).bit_count() * self.keepers,
            "trainers": self._trained(),
            "depot": self._depot_points(),
        }
        return Score(sum(parts.values()), parts)

    def points(self, coins: int) -> int:
        """``score(coins).total`` without the breakdown (for the bots' evaluations)."""
        return (
            self.animals.bit_count()
            + coins * self.cashiers
            + (self.fish & self.animals).bit_count() * self.keepers
            + self._trained()
            + self._depot_points()
        )
