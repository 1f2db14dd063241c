"""Component data: rulings A-D1 (the base board), A-D2 (expansions), A-D3 (the tiles)."""

from __future__ import annotations

from collections import Counter

from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t
from zoogames.games.aquaretto.zoo import WaterZoo
from zoogames.games.trucks import RESERVE


def test_a_d1_base_board_rows() -> None:
    rows = {y: sorted(x for x, yy in g.cells_of(g.BASE) if yy == y) for y in range(5)}
    assert rows == {
        0: [1, 2, 3],
        1: [0, 1, 2, 3, 4],
        2: [0, 1, 2, 3, 4],
        3: [1, 2, 3, 4],
        4: [2, 3],
    }
    assert g.BASE.bit_count() == 19
    assert g.FOOTPRINT.bit_count() == 25


def test_a_d2_expansion_shapes_and_stock() -> None:
    assert len(g.SMALL_SHAPES) == 4  # an L in 4 orientations
    assert all(len(s) == 3 for s in g.SMALL_SHAPES)
    assert len(g.LARGE_SHAPES) == 1 and len(g.LARGE_SHAPES[0]) == 4
    z = WaterZoo()
    assert (z.small_left, z.large_left, z.allowance) == (2, 2, 3)


def test_a_d3_manifest_of_a_trainable_species() -> None:
    for s in t.TRAINABLE:
        marks = Counter(x & 7 for x in t.species_manifest(s))
        assert marks == {t.MALE: 2, t.FEMALE: 2, t.BOLT: 2, t.PLAIN: 5}


def test_a_d3_manifest_of_a_fish_species() -> None:
    for s in t.FISH_SPECIES:
        marks = Counter(x & 7 for x in t.species_manifest(s))
        assert marks == {t.MALE: 2, t.FEMALE: 2, t.FISH: 6, t.PLAIN: 1}


def test_a_d3_full_manifest_and_supplies() -> None:
    tiles = t.manifest(list(range(8)))
    assert len(tiles) == 88 + 10
    assert tiles.count(t.COIN) == 10
    assert (t.COINS_IN_GAME, t.COWORKERS, t.YOUNG_PER_SPECIES, RESERVE) == (30, 16, 2, 15)


def test_a_d3_marks_are_exclusive_and_names_unique() -> None:
    assert not t.valid_tile(t.kind(0, t.FISH))  # no fish on a dolphin
    assert not t.valid_tile(t.kind(5, t.BOLT))  # no bolt on a penguin
    assert len(t.NAMES) == len(set(t.NAMES.values()))
    assert t.NAMES["sea-lion/bolt"] == t.kind(2, t.BOLT)
