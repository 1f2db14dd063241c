"""Component data: rulings Z-D1 (the boards) and Z-D2 (the tiles)."""

from __future__ import annotations

from collections import Counter

from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.zoo import ENCLOSURES, OWNER, STALL_SPACES, ZooBoard


def test_z_d1_enclosure_table() -> None:
    table = [(e.name, e.size, e.full, e.short, e.coins, len(e.spaces)) for e in ENCLOSURES]
    assert table == [
        ("e4", 4, 5, 4, 1, 2),
        ("e5", 5, 8, 5, 2, 1),
        ("e6", 6, 10, 6, 0, 1),
        ("x1", 5, 9, 5, 1, 1),
        ("x2", 5, 9, 5, 1, 1),
    ]


def test_z_d1_each_stall_space_belongs_to_one_enclosure() -> None:
    assert len(STALL_SPACES) == 6
    for e, spec in enumerate(ENCLOSURES):
        assert [OWNER[i] for i in spec.spaces] == [e] * len(spec.spaces)
    # the zoo board: 3 enclosures with 4 stall spaces; an expansion: 1 enclosure, 1 space
    board = ZooBoard(expansions=1)
    assert (len(board.pens), len(board.stalls), board.built) == (4, 5, 3)
    assert board.free_spaces() == [8, 9, 10, 11]


def test_z_d2_manifest() -> None:
    tiles = zt.manifest(list(range(8)))
    assert len(tiles) == 112
    count = Counter(tiles)
    assert count[zt.COIN] == 12
    assert {count[zt.stall(i)] for i in range(4)} == {3}
    for s in range(8):
        marks = Counter(zt.mark_of(x) for x in zt.species_manifest(s))
        assert marks == {zt.MALE: 2, zt.FEMALE: 2, zt.PLAIN: 7}
    assert (zt.COINS_IN_GAME, zt.YOUNG_PER_SPECIES, zt.START_COINS) == (30, 2, 2)


def test_tile_names_are_unique_and_above_aquaretto() -> None:
    assert len(zt.NAMES) == len(set(zt.NAMES.values())) == 1 + 4 + 8 * 6
    assert min(zt.NAMES.values()) >= 128  # above every Aquaretto kind (at most 64)
    assert zt.NAMES["chimpanzee/f-bred"] == zt.kind(5, zt.FEMALE_BRED)
    assert zt.unbred(zt.kind(5, zt.FEMALE_BRED)) == zt.kind(5, zt.FEMALE)
    assert set(zt.PILE_TILES) == {"coin", *zt.STALLS} | {
        s + m for s in zt.SPECIES for m in ("", "/m", "/f")
    }
