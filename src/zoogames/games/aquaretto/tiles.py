"""Aquaretto's tiles: species, marks, names and the manifest (ruling A-D3).

A tile kind is a small integer ``species * 8 + mark``; the coin tile is :data:`COIN`.
Two tiles of the same kind are interchangeable, so the engine counts kinds, not tiles.
"""

from __future__ import annotations

from typing import Final

from zoogames.core.message import N_

SPECIES: Final = (
    "dolphin",
    "orca",
    "sea-lion",
    "hippo",
    "turtle",
    "penguin",
    "polar-bear",
    "crocodile",
)
"""The 8 species; the first three can be trained."""

SPECIES_IDS = (
    N_("species.dolphin"),
    N_("species.orca"),
    N_("species.sea-lion"),
    N_("species.hippo"),
    N_("species.turtle"),
    N_("species.penguin"),
    N_("species.polar-bear"),
    N_("species.crocodile"),
)
"""Each species' catalogue id (one animal: 'a dolphin', 'samici delfína'), as SPECIES."""
ANIMALS_IDS = (
    N_("animals.dolphin"),
    N_("animals.orca"),
    N_("animals.sea-lion"),
    N_("animals.hippo"),
    N_("animals.turtle"),
    N_("animals.penguin"),
    N_("animals.polar-bear"),
    N_("animals.crocodile"),
)
"""Each species' catalogue id in the plural ('nádrž delfínů'), as SPECIES."""

TRAINABLE: Final = (0, 1, 2)
FISH_SPECIES = (3, 4, 5, 6, 7)
LETTERS = "DOLHTPBC"
"""One letter per species, for the text board."""

PLAIN: Final = 0
MALE: Final = 1
FEMALE: Final = 2
FISH: Final = 3
BOLT: Final = 4
YOUNG: Final = 5
MARKS = ("", "/m", "/f", "/fish", "/bolt", "/young")
MARK_CHARS = " mf~!y"

COIN: Final = 64
"""The coin tile's kind."""

COINS_IN_GAME = 30
COWORKERS = 16
YOUNG_PER_SPECIES = 2


def kind(species: int, mark: int) -> int:
    """The kind of a tile of ``species`` with ``mark``."""
    return species * 8 + mark


def species_of(tile: int) -> int:
    """The species index of an animal tile."""
    return tile >> 3


def mark_of(tile: int) -> int:
    """The mark of an animal tile (PLAIN, MALE, FEMALE, FISH, BOLT or YOUNG)."""
    return tile & 7


def name(tile: int) -> str:
    """The notation of a tile kind, e.g. ``dolphin/m``, ``penguin/fish``, ``coin``."""
    if tile == COIN:
        return "coin"
    return SPECIES[tile >> 3] + MARKS[tile & 7]


def short(tile: int) -> str:
    """Two characters for the text board, e.g. ``Dm``, ``P~``, ``$$``."""
    if tile == COIN:
        return "$$"
    return LETTERS[tile >> 3] + MARK_CHARS[tile & 7]


def species_manifest(species: int) -> list[int]:
    """The 11 animal tiles of one species (offspring not included)."""
    if species in TRAINABLE:
        marks = [MALE] * 2 + [FEMALE] * 2 + [BOLT] * 2 + [PLAIN] * 5
    else:
        marks = [MALE] * 2 + [FEMALE] * 2 + [FISH] * 6 + [PLAIN] * 1
    return [kind(species, m) for m in marks]


def manifest(in_play: list[int]) -> list[int]:
    """Every tile shuffled into the pile for the species in play, plus the 10 coin tiles."""
    tiles = [t for s in in_play for t in species_manifest(s)]
    return tiles + [COIN] * 10


def valid_tile(tile: int) -> bool:
    """True for a kind the manifest holds (coins, or an animal with a mark its species has)."""
    if tile == COIN:
        return True
    s, m = tile >> 3, tile & 7
    if not 0 <= s < 8 or m > YOUNG:
        return False
    return not (m == FISH and s in TRAINABLE) and not (m == BOLT and s in FISH_SPECIES)


_KINDS = [COIN, *(kind(s, m) for s in range(8) for m in range(6))]
NAMES = {name(k): k for k in _KINDS if valid_tile(k)}
"""Notation → kind, for every kind that exists."""
