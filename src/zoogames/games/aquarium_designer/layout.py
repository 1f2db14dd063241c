"""One player's aquarium: cards on a grid, their sections as bitmasks, and its areas.

Card positions are ``(x, y)`` with the entrance card at ``(0, 0)``, x to the right and
y downward. All cards must fit in one 3×3 area that holds the entrance card (D-R1), so
``-2 <= x, y <= 2``: a 5×5 grid of positions, position ``p = (y + 2) * 5 + (x + 2)``.

Each position holds 2×2 sections, so the sections form a 10×10 grid; section ``(sx, sy)``
is bit ``sy * 11 + sx`` (one guard column: shifting a mask by one never wraps into the
next row). ``colours[c]`` is the mask of the sections of colour ``c`` and ``animals`` the
mask of sections showing an animal. An *area* is a connected set (through shared edges,
within and across cards) of sections of one colour (D-R1).
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar, Final, NamedTuple

from zoogames.core.bits import bits as bits  # noqa: PLC0414 (re-exported: layout.bits)
from zoogames.core.fields import LIST, SHARED, Fields, copy_of, fields, names_of, same_fields
from zoogames.games.aquarium_designer.cards import Card

LO: Final = -2
HI: Final = 2
SPAN: Final = 3
"""The aquarium is at most 3×3 cards (D-R1)."""

W: Final = 11
"""Row stride of the section grid (10 sections and a guard column)."""

POSITIONS: Final = 25
SECTION_BITS = 10 * W

_valid = 0
for _y in range(10):
    _valid |= ((1 << 10) - 1) << (_y * W)
VALID: Final = _valid


def pos(x: int, y: int) -> int:
    """The index of position ``(x, y)`` (both in -2..2)."""
    return (y - LO) * 5 + (x - LO)


XY: Final[tuple[tuple[int, int], ...]] = tuple((p % 5 + LO, p // 5 + LO) for p in range(POSITIONS))
"""Position index → ``(x, y)``."""

OFFSET: Final[tuple[int, ...]] = tuple(2 * (y - LO) * W + 2 * (x - LO) for x, y in XY)
"""Position index → the bit of its top-left section."""

LOCAL: Final = (0, 1, W, W + 1)
"""Bits of a card's sections TL, TR, BL, BR when its top-left section is bit 0."""

POS_SECTIONS: Final[tuple[int, ...]] = tuple(sum(1 << (o + b) for b in LOCAL) for o in OFFSET)
"""Position index → the mask of its four sections."""


def _neighbours(p: int) -> int:
    x, y = XY[p]
    m = 0
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if LO <= x + dx <= HI and LO <= y + dy <= HI:
            m |= 1 << pos(x + dx, y + dy)
    return m


NEIGHBOURS: Final[tuple[int, ...]] = tuple(_neighbours(p) for p in range(POSITIONS))
"""Position index → the mask of the positions sharing a side with it."""

_BOX: Final[dict[tuple[int, int, int, int], int]] = {}


def box(minx: int, maxx: int, miny: int, maxy: int) -> int:
    """The positions a card may still take without the layout outgrowing 3×3 cards."""
    key = (minx, maxx, miny, maxy)
    m = _BOX.get(key)
    if m is None:
        m = 0
        for p, (x, y) in enumerate(XY):
            if maxx - SPAN < x < minx + SPAN and maxy - SPAN < y < miny + SPAN:
                m |= 1 << p
        _BOX[key] = m
    return m


Masks = tuple[int, ...]
"""A card in one rotation at bit 0: the local masks of its 4 colours, then its animals.

(5 integers, typed as a tuple of any length: compiled, a fixed-length tuple would be
unpacked into C fields and packed again at every call that passes one on.)"""


@lru_cache(maxsize=1 << 12)
def card_masks(card: Card) -> tuple[Masks, ...]:
    """The local masks of ``card`` in each of its 4 rotations.

    Cached: there are only 8⁴ cards, and every deck's tables share their masks.
    """
    out: list[Masks] = []
    for r in range(4):
        col = [0, 0, 0, 0]
        animals = 0
        for bit, (colour, animal) in zip(LOCAL, card.rotated(r), strict=True):
            col[colour] |= 1 << bit
            if animal:
                animals |= 1 << bit
        out.append((col[0], col[1], col[2], col[3], animals))
    return tuple(out)


def grow(seed: int, within: int) -> int:
    """The part of ``within`` connected to ``seed`` through shared edges."""
    area = seed
    while True:
        nxt = (area | (area << 1) | (area >> 1) | (area << W) | (area >> W)) & within
        if nxt == area:
            return area
        area = nxt


def neighbours_of(mask: int) -> int:
    """The sections sharing an edge with ``mask`` (outside it, on the grid)."""
    return ((mask << 1) | (mask >> 1) | (mask << W) | (mask >> W)) & VALID & ~mask


class Area(NamedTuple):
    """A connected area of one colour: its sections (a mask) and their counts."""

    colour: int
    mask: int
    sections: int
    animals: int

    def points(self, need: int) -> int:
        """1 per section and 1 per animal if it holds at least ``need`` animals (D-R1)."""
        return self.sections + self.animals if self.animals >= need else 0


class Layout:
    """The cards one player has placed (see the module docstring).

    ``cards`` lists ``(number, x, y, quarter_turns)`` of each layout card in the order
    placed; the entrance card (number ``entrance``) lies at ``(0, 0)`` unturned.
    """

    FIELDS: ClassVar[Fields] = fields(
        entrance=SHARED,
        cards=LIST,
        occupied=SHARED,
        touch=SHARED,
        minx=SHARED,
        maxx=SHARED,
        miny=SHARED,
        maxy=SHARED,
        colours=LIST,
        animals=SHARED,
    )
    __slots__ = names_of(FIELDS)

    entrance: int
    cards: list[tuple[int, int, int, int]]
    occupied: int
    touch: int
    minx: int
    maxx: int
    miny: int
    maxy: int
    colours: list[int]
    animals: int

    def __init__(self, *, blank: bool = False) -> None:
        """No card yet (a new aquarium starts with :meth:`with_entrance`).

        ``blank``: no field set at all (for the generated copies, which set every one).
        """
        if blank:
            return
        self.entrance = 0
        self.cards = []
        self.occupied = 0
        self.touch = 0
        self.minx = self.maxx = self.miny = self.maxy = 0
        self.colours = [0, 0, 0, 0]
        self.animals = 0

    @staticmethod
    def with_entrance(entrance: int, masks: Masks) -> Layout:
        """A new aquarium: entrance card ``entrance`` (``masks``: its sections) at 0,0."""
        lay = Layout()
        lay.entrance = entrance
        lay._lay(pos(0, 0), masks)
        return lay

    def copy(self) -> Layout:
        """An independent copy."""
        return copy_of(self)

    def __eq__(self, other: object) -> bool:
        return same_fields(self, other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Layout(entrance={self.entrance}, cards={self.cards})"

    def _lay(self, p: int, masks: Masks) -> None:
        off = OFFSET[p]
        c = self.colours
        c[0] |= masks[0] << off
        c[1] |= masks[1] << off
        c[2] |= masks[2] << off
        c[3] |= masks[3] << off
        self.animals |= masks[4] << off
        self.occupied |= 1 << p
        self.touch |= NEIGHBOURS[p]

    def place(self, number: int, x: int, y: int, turns: int, masks: Masks) -> None:
        """Lay layout card ``number`` at ``(x, y)``; ``masks`` its rotation's local masks."""
        self._lay(pos(x, y), masks)
        self.cards.append((number, x, y, turns))
        self.minx, self.maxx = min(self.minx, x), max(self.maxx, x)
        self.miny, self.maxy = min(self.miny, y), max(self.maxy, y)

    def free(self) -> int:
        """The positions (a mask) where a card may go now (D-R1).

        A free position is empty, shares a side with a card, and keeps all cards within
        one 3×3 area.
        """
        return self.touch & ~self.occupied & box(self.minx, self.maxx, self.miny, self.maxy)

    def why_not(self, x: int, y: int) -> str | None:
        """``None`` if a card may go at ``(x, y)`` now, else the reason."""
        if not (LO <= x <= HI and LO <= y <= HI):
            return f"{x},{y} lies outside every 3×3 area that holds the entrance card at 0,0"
        p = pos(x, y)
        if self.occupied >> p & 1:
            return f"{x},{y} already holds a card"
        if not box(self.minx, self.maxx, self.miny, self.maxy) >> p & 1:
            return f"a card at {x},{y} would make the aquarium larger than 3×3 cards"
        if not self.touch >> p & 1:
            return f"a card at {x},{y} would share no full side with a placed card"
        return None

    def fillable(self) -> int:
        """The empty positions that some 3×3 area around the cards still holds.

        Nine cards always fill a 3×3 area, so once the cards span 3×3 these are exactly
        the positions still to fill; before that, the positions that may yet be filled.
        """
        return box(self.minx, self.maxx, self.miny, self.maxy) & ~self.occupied

    def areas(self) -> list[Area]:
        """Every connected area of one colour, colour by colour."""
        out: list[Area] = []
        animals = self.animals
        for colour, mask in enumerate(self.colours):
            while mask:
                area = grow(mask & -mask, mask)
                mask ^= area
                out.append(Area(colour, area, area.bit_count(), (area & animals).bit_count()))
        return out

    def score(self, need: int) -> tuple[int, list[int]]:
        """The total and the points per colour, areas needing ``need`` animals (D-R1)."""
        per = [0, 0, 0, 0]
        animals = self.animals
        for colour, mask in enumerate(self.colours):
            while mask:
                area = grow(mask & -mask, mask)
                mask ^= area
                a = (area & animals).bit_count()
                if a >= need:
                    per[colour] += area.bit_count() + a
        return sum(per), per

    @property
    def animal_count(self) -> int:
        """Every animal on the player's cards, scoring or not (the tie-break, D-R1)."""
        return self.animals.bit_count()

    def positions(self) -> list[tuple[int, int, int, int]]:
        """``(number, x, y, turns)`` of every card, the entrance card first as number 0."""
        return [(0, 0, 0, 0), *self.cards]
