"""One player's zoo: enclosures, stall spaces, expansion boards and the barn.

Rulings Z-D1 (the boards), Z-R1 (placement), Z-R2 (offspring), Z-R3 (what exchanges and
moves do to a zoo) and Z-R4 (scoring). Everything the rules say about a single player's
holdings lives here, so that "Aquaretto with Zooloretto" uses the very same code. Money
and the shared supplies (bank, offspring) belong to the game state.

Places are small integers: an enclosure is its index (0 ``e4``, 1 ``e5``, 2 ``e6``,
3 ``x1``, 4 ``x2``), a stall space is ``SPACE + i`` (``s4a``, ``s4b``, ``s5``, ``s6``,
``sx1``, ``sx2``), the barn is :data:`BARN`. In an exchange, the barn's animals of species
``s`` are ``GROUP + s``.
"""

from __future__ import annotations

from bisect import insort
from typing import ClassVar, Final, NamedTuple

from zoogames.core.fields import (
    LIST,
    NESTED,
    SHARED,
    Fields,
    copy_of,
    fields,
    names_of,
    same_fields,
)
from zoogames.core.game import Score
from zoogames.core.words import with_article
from zoogames.games.zooloretto.tiles import (
    BRED,
    FEMALE,
    FIRST,
    MALE,
    SPECIES,
    STALL,
    YOUNG,
    is_animal,
    is_stall,
    kind,
    name,
)


class Enclosure(NamedTuple):
    """One enclosure as printed (Z-D1): spaces, points full and one short, fill bonus."""

    name: str
    size: int
    full: int
    short: int
    coins: int
    spaces: tuple[int, ...]
    """Its stall spaces (indices into ``ZooBoard.stalls``)."""


ENCLOSURES: Final = (
    Enclosure("e4", 4, 5, 4, 1, (0, 1)),
    Enclosure("e5", 5, 8, 5, 2, (2,)),
    Enclosure("e6", 6, 10, 6, 0, (3,)),
    Enclosure("x1", 5, 9, 5, 1, (4,)),
    Enclosure("x2", 5, 9, 5, 1, (5,)),
)
"""Z-D1: the zoo board's three enclosures, then the expansion boards' (one each)."""
BASE: Final = 3
"""Enclosures printed on the zoo board; the others are on expansion boards."""
SIZE = tuple(e.size for e in ENCLOSURES)
STALL_SPACES = ("s4a", "s4b", "s5", "s6", "sx1", "sx2")
OWNER: Final = (0, 0, 1, 2, 3, 4)
"""The enclosure each stall space belongs to (Z-D1)."""

BARN: Final = -1
SPACE: Final = 8
GROUP: Final = 16
PLACE_NAMES = {
    BARN: "barn",
    **{i: e.name for i, e in enumerate(ENCLOSURES)},
    **{SPACE + i: n for i, n in enumerate(STALL_SPACES)},
}
"""Place code → notation."""
PLACES = {v: k for k, v in PLACE_NAMES.items()}


def place_name(where: int) -> str:
    """``e5``, ``s4a``, ``barn``, or ``barn camel`` for the barn's camels (an exchange)."""
    if where >= GROUP:
        return f"barn {SPECIES[where - GROUP]}"
    return PLACE_NAMES[where]


def a_species(s: int) -> str:
    """'a camel', 'an elephant'."""
    return with_article(SPECIES[s])


class ZooBoard:
    """A player's zoo board with its expansion boards and barn.

    ``pens[e]``: the tiles in enclosure ``e`` (one species each); ``stalls[i]``: the stall
    on stall space ``i`` or -1; ``barn``: the barn's tiles, sorted; ``built``: enclosures in
    play (3 plus the expansion boards turned over); ``boards_left``: boards still face down.
    """

    FIELDS: ClassVar[Fields] = fields(
        pens=NESTED, stalls=LIST, barn=LIST, built=SHARED, boards_left=SHARED
    )
    __slots__ = names_of(FIELDS)

    def __init__(self, expansions: int = 1, *, blank: bool = False) -> None:
        """A new zoo board with ``expansions`` boards face down.

        ``blank``: no field set at all (for the generated copies, which set every one).
        """
        if blank:
            return
        self.pens: list[list[int]] = [[] for _ in range(BASE + expansions)]
        self.stalls = [-1] * (BASE + 1 + expansions)
        self.barn: list[int] = []
        self.built = BASE
        self.boards_left = expansions

    def copy(self) -> ZooBoard:
        """An independent copy."""
        return copy_of(self)

    def __eq__(self, other: object) -> bool:
        return same_fields(self, other)

    __hash__ = None  # type: ignore[assignment]

    # ----- what is where ----------------------------------------------------------------

    def species(self, e: int) -> int:
        """The species in enclosure ``e``, or -1 if it is empty."""
        pen = self.pens[e]
        return (pen[0] - FIRST) >> 3 if pen else -1

    def space_open(self, i: int) -> bool:
        """True if stall space ``i`` is in play (its enclosure is built)."""
        return i < len(self.stalls) and OWNER[i] < self.built

    def barn_group(self, s: int) -> list[int]:
        """The barn's animals of species ``s``."""
        lo = FIRST + s * 8
        return [x for x in self.barn if lo <= x < lo + 8]

    # ----- placement (Z-R1) -------------------------------------------------------------

    def enclosures_for(self, s: int) -> list[int]:
        """Built enclosures an animal of species ``s`` may join: empty or its own, not full."""
        out = []
        for e in range(self.built):
            pen = self.pens[e]
            if not pen or ((pen[0] - FIRST) >> 3 == s and len(pen) < SIZE[e]):
                out.append(e)
        return out

    def free_spaces(self) -> list[int]:
        """Stall spaces in play with no stall, as place codes."""
        return [SPACE + i for i, x in enumerate(self.stalls) if x < 0 and OWNER[i] < self.built]

    def destinations(self, tile: int) -> list[int]:
        """Where ``tile`` may go in the zoo proper (the barn, always allowed, aside)."""
        if tile >= STALL:
            return self.free_spaces()
        return self.enclosures_for((tile - FIRST) >> 3)

    def why_not(self, tile: int, where: int) -> str | None:
        """Why ``tile`` may not go on ``where`` (an enclosure or stall space), or ``None``."""
        if where == BARN or where >= GROUP:
            return f"{place_name(where)} is not a place in the zoo proper"
        label = place_name(where)
        if is_stall(tile):
            if where < SPACE:
                return f"a stall goes on a stall space, not in enclosure {label}"
            i = where - SPACE
            if not self.space_open(i):
                return f"stall space {label} belongs to an expansion board not in play"
            if self.stalls[i] >= 0:
                return f"stall space {label} already holds a {name(self.stalls[i])} stall"
            return None
        if where >= SPACE:
            return f"an animal goes in an enclosure, not on stall space {label}"
        if where >= self.built:
            return f"enclosure {label} is on an expansion board not in play"
        s, other = (tile - FIRST) >> 3, self.species(where)
        if other >= 0 and other != s:
            return f"enclosure {label} holds {SPECIES[other]}s: one species per enclosure (Z-R1)"
        if len(self.pens[where]) >= SIZE[where]:
            return f"enclosure {label} is full"
        return None

    def put(self, tile: int, e: int) -> int:
        """Add an animal to enclosure ``e``; the number of offspring it breeds (Z-R2)."""
        self.pens[e].append(tile)
        return self.breed(e) if (tile - FIRST) & 7 in (MALE, FEMALE) else 0

    def breed(self, e: int) -> int:
        """Pair the fertile animals of enclosure ``e`` that have not bred; each pair counts.

        Each male and each female breeds once (Z-R2): a paired tile becomes its bred kind.
        Returns the number of pairs, i.e. the offspring owed to this enclosure.
        """
        pen = self.pens[e]
        males = [i for i, x in enumerate(pen) if (x - FIRST) & 7 == MALE]
        females = [i for i, x in enumerate(pen) if (x - FIRST) & 7 == FEMALE]
        pairs = min(len(males), len(females))
        for i in males[:pairs] + females[:pairs]:
            pen[i] += BRED
        return pairs

    def add_young(self, s: int, e: int) -> bool:
        """Put an offspring of ``s`` into enclosure ``e`` if it has room, else into the barn.

        Returns True if it went into the enclosure (Z-R2).
        """
        young = kind(s, YOUNG)
        if len(self.pens[e]) < SIZE[e]:
            self.pens[e].append(young)
            return True
        insort(self.barn, young)
        return False

    def is_full(self, e: int) -> bool:
        """True if every space of enclosure ``e`` holds an animal."""
        return len(self.pens[e]) == SIZE[e]

    # ----- the barn ----------------------------------------------------------------------

    def to_barn(self, tile: int) -> None:
        """Put a tile into the barn (always allowed)."""
        insort(self.barn, tile)

    def from_barn(self, tile: int) -> None:
        """Take one tile of kind ``tile`` out of the barn."""
        self.barn.remove(tile)

    # ----- exchanges (Z-R3) -------------------------------------------------------------

    def exchanges(self) -> list[tuple[int, int]]:
        """Every legal exchange ``(a, b)``.

        Enclosure ``a`` with enclosure ``b > a``, or with the barn's animals of one
        species (``b = GROUP + s``).
        """
        out = []
        built = self.built
        pens = self.pens
        barn_species = sorted({(x - FIRST) >> 3 for x in self.barn if x < STALL})
        for a in range(built):
            pa = pens[a]
            if not pa:
                continue
            sa = (pa[0] - FIRST) >> 3
            for b in range(a + 1, built):
                pb = pens[b]
                if pb and (pb[0] - FIRST) >> 3 != sa and len(pa) <= SIZE[b] and len(pb) <= SIZE[a]:
                    out.append((a, b))
            for s in barn_species:
                if s != sa and len(self.barn_group(s)) <= SIZE[a]:
                    out.append((a, GROUP + s))
        return out

    def why_not_exchange(self, a: int, b: int) -> str | None:
        """Why exchange ``(a, b)`` is not possible, or ``None``."""
        for e in (a, b):
            if e < GROUP and e >= self.built:
                return f"enclosure {place_name(e)} is not in play"
        if not self.pens[a]:
            return f"enclosure {place_name(a)} is empty: an exchange moves animals both ways"
        sa = self.species(a)
        if b >= GROUP:
            s = b - GROUP
            group = self.barn_group(s)
            if not group:
                return f"the barn holds no {SPECIES[s]}"
            if s == sa:
                return "an exchange swaps two different species"
            if len(group) > SIZE[a]:
                return (
                    f"the barn's {len(group)} {SPECIES[s]}s do not fit in enclosure"
                    f" {place_name(a)} ({SIZE[a]} spaces)"
                )
            return None
        if a == b:
            return "an exchange needs two different places"
        if not self.pens[b]:
            return f"enclosure {place_name(b)} is empty: an exchange moves animals both ways"
        if self.species(b) == sa:
            return "an exchange swaps two different species"
        for src, dst in ((a, b), (b, a)):
            if len(self.pens[src]) > SIZE[dst]:
                return (
                    f"the {len(self.pens[src])} animals of {place_name(src)} do not fit in"
                    f" {place_name(dst)} ({SIZE[dst]} spaces)"
                )
        return None

    def exchange(self, a: int, b: int) -> list[tuple[int, int]]:
        """Swap the animals of enclosure ``a`` with enclosure ``b`` or a barn group.

        Returns ``(enclosure, pairs)`` for each enclosure that received animals: the
        offspring they breed (Z-R2). Nothing else is paid: an exchange earns no bonus.
        """
        pens = self.pens
        if b >= GROUP:
            group = self.barn_group(b - GROUP)
            for x in group:
                self.barn.remove(x)
            for x in pens[a]:
                insort(self.barn, x)
            pens[a] = group
            return [(a, self.breed(a))]
        pens[a], pens[b] = pens[b], pens[a]
        return [(a, self.breed(a)), (b, self.breed(b))]

    # ----- scoring (Z-R4) ---------------------------------------------------------------

    def enclosure_points(self, e: int) -> int:
        """Points of enclosure ``e``: full, one short, or 1 per animal next to a stall."""
        n = len(self.pens[e])
        spec = ENCLOSURES[e]
        if n == spec.size:
            return spec.full
        if n == spec.size - 1:
            return spec.short
        if n and any(self.stalls[i] >= 0 for i in spec.spaces):
            return n
        return 0

    def score(self, barn_penalty: int = 2) -> Score:
        """Points of this zoo (Z-R4).

        ``barn_penalty`` is lost per species in the barn: 2, or 1 in "Aquaretto with
        Zooloretto" with a manager (C-R1).
        """
        stall_types = len({x for x in self.stalls if x >= 0})
        barn_stalls = len({x for x in self.barn if x >= STALL})
        barn_species = len({(x - FIRST) >> 3 for x in self.barn if x < STALL})
        parts = {
            "enclosures": sum(self.enclosure_points(e) for e in range(self.built)),
            "stalls": 2 * stall_types,
            "barn_stalls": -2 * barn_stalls,
            "barn_animals": -barn_penalty * barn_species,
        }
        return Score(sum(parts.values()), parts)

    def points_beside_enclosures(self, barn_penalty: int = 2) -> int:
        """``score(barn_penalty).total`` less the enclosures' points (for the bots).

        A bot's evaluation adds each enclosure's points itself, as it weighs them.
        """
        stall_types = len({x for x in self.stalls if x >= 0})
        barn_stalls = len({x for x in self.barn if x >= STALL})
        barn_species = len({(x - FIRST) >> 3 for x in self.barn if x < STALL})
        return 2 * stall_types - 2 * barn_stalls - barn_penalty * barn_species


__all__ = [
    "BARN",
    "BASE",
    "ENCLOSURES",
    "GROUP",
    "OWNER",
    "PLACES",
    "PLACE_NAMES",
    "SIZE",
    "SPACE",
    "STALL_SPACES",
    "Enclosure",
    "ZooBoard",
    "a_species",
    "is_animal",
    "place_name",
]
