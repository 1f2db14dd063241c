"""Zooloretto's tiles: species, marks, vending stalls, names and the manifest (ruling Z-D2).

A tile kind is a small integer. Animals are ``FIRST + species * 8 + mark``, the four stall
types ``STALL + type``, the coin tile :data:`COIN`. Every kind is at least :data:`FIRST`
(128), above every Aquaretto kind, so that "Aquaretto with Zooloretto" can hold the tiles
of both games in one game without renaming any.

A fertile animal breeds once (Z-R2); one that has bred carries the mark ``MALE_BRED`` or
``FEMALE_BRED`` from then on, wherever it goes (an exchange can take it to the barn, a
purchase to another zoo). Two tiles of the same kind are interchangeable.
"""

from __future__ import annotations

from typing import Final

from zoogames.core.message import N_

SPECIES = ("camel", "elephant", "flamingo", "kangaroo", "leopard", "chimpanzee", "panda", "zebra")
"""The 8 species (Z-D2)."""

SPECIES_IDS = (
    N_("species.camel"),
    N_("species.elephant"),
    N_("species.flamingo"),
    N_("species.kangaroo"),
    N_("species.leopard"),
    N_("species.chimpanzee"),
    N_("species.panda"),
    N_("species.zebra"),
)
"""Each species' catalogue id (one animal: 'a camel', 'samce velblouda'), as SPECIES."""
ANIMALS_IDS = (
    N_("animals.camel"),
    N_("animals.elephant"),
    N_("animals.flamingo"),
    N_("animals.kangaroo"),
    N_("animals.leopard"),
    N_("animals.chimpanzee"),
    N_("animals.panda"),
    N_("animals.zebra"),
)
"""Each species' catalogue id in the plural ('the barn's camels'), as SPECIES."""

LETTERS = "CEFKLHPZ"
"""One letter per species, for the text board (H: chimpanzee)."""

STALLS = ("kiosk", "barrow", "snacks", "popcorn")
"""The 4 types of vending stall. The rules only tell them apart; the names are labels."""
STALL_IDS = (N_("stall.kiosk"), N_("stall.barrow"), N_("stall.snacks"), N_("stall.popcorn"))
"""Each stall type's catalogue id, as STALLS."""

STALL_SHORT = ("Ki", "Ba", "Sn", "Po")

PLAIN: Final = 0
MALE: Final = 1
FEMALE: Final = 2
YOUNG: Final = 3
MALE_BRED: Final = 4
FEMALE_BRED: Final = 5
MARKS = ("", "/m", "/f", "/young", "/m-bred", "/f-bred")
MARK_CHARS = " mfyMF"
BRED: Final = MALE_BRED - MALE
"""Adding this to a fertile kind gives the same tile after it has bred."""

FIRST: Final = 128
"""The smallest Zooloretto kind."""
STALL: Final = FIRST + 64
"""The first stall kind; the four types are ``STALL`` to ``STALL + 3``."""
COIN: Final = STALL + 4
"""The coin tile's kind."""

COINS_IN_GAME = 30
COIN_TILES = 12
STALLS_PER_TYPE = 3
YOUNG_PER_SPECIES = 2
START_COINS = 2


def kind(species: int, mark: int) -> int:
    """The kind of an animal tile of ``species`` with ``mark``."""
    return FIRST + species * 8 + mark


def stall(kind_index: int) -> int:
    """The kind of a stall of type ``kind_index`` (0–3)."""
    return STALL + kind_index


def is_animal(tile: int) -> bool:
    """True for an animal or offspring tile."""
    return FIRST <= tile < STALL


def is_stall(tile: int) -> bool:
    """True for a vending stall."""
    return STALL <= tile < COIN


def species_of(tile: int) -> int:
    """The species index of an animal tile."""
    return (tile - FIRST) >> 3


def mark_of(tile: int) -> int:
    """The mark of an animal tile (PLAIN, MALE, FEMALE, YOUNG, MALE_BRED or FEMALE_BRED)."""
    return (tile - FIRST) & 7


def name(tile: int) -> str:
    """The notation of a tile kind: ``camel/m``, ``panda/young``, ``kiosk``, ``coin``."""
    if tile == COIN:
        return "coin"
    if is_stall(tile):
        return STALLS[tile - STALL]
    return SPECIES[species_of(tile)] + MARKS[mark_of(tile)]


def short(tile: int) -> str:
    """Two characters for the text board, e.g. ``Cm``, ``Py``, ``Ki``, ``$$``."""
    if tile == COIN:
        return "$$"
    if is_stall(tile):
        return STALL_SHORT[tile - STALL]
    return LETTERS[species_of(tile)] + MARK_CHARS[mark_of(tile)]


def species_manifest(species: int) -> list[int]:
    """The 11 animal tiles of one species: 2 fertile males, 2 fertile females, 7 plain."""
    marks = [MALE] * 2 + [FEMALE] * 2 + [PLAIN] * 7
    return [kind(species, m) for m in marks]


def manifest(in_play: list[int]) -> list[int]:
    """Every tile shuffled into the pile: the animals in play, 12 stalls, 12 coin tiles."""
    tiles = [x for s in in_play for x in species_manifest(s)]
    tiles += [stall(i) for i in range(len(STALLS)) for _ in range(STALLS_PER_TYPE)]
    return tiles + [COIN] * COIN_TILES


def unbred(tile: int) -> int:
    """The kind as it came out of the box: a bred fertile tile is a fertile tile again."""
    if is_animal(tile) and mark_of(tile) >= MALE_BRED:
        return tile - BRED
    return tile


_KINDS = [COIN, *(stall(i) for i in range(4)), *(kind(s, m) for s in range(8) for m in range(6))]
NAMES = {name(k): k for k in _KINDS}
"""Notation → kind, for every kind that exists."""
PILE_TILES = {n: k for n, k in NAMES.items() if unbred(k) == k and (k >= STALL or k & 7 != YOUNG)}
"""Notation → kind of every tile the pile holds (no offspring, nothing bred)."""
