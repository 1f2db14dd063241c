"""Placing animal tiles: ruling A-R7 (and A-R6 for trainers)."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto.zoo import WaterZoo

from .helpers import cells, lay, placements, truck


def test_a_r7_new_basin_keeps_one_space_from_every_basin() -> None:
    state = truck("orca")
    lay(state.zoos[0], ". . . . .\n. . D . .", origin=(0, 0))  # dolphin at (2,1)
    where = placements(state, "orca")
    assert "depot" in where
    # the dolphin's 4 edge neighbours and its own space are out; corners are fine
    for bad in ("2,0", "1,1", "3,1", "2,2", "2,1"):
        assert bad not in where
    for corner in ("1,0", "3,0", "1,2", "3,2"):
        assert corner in where
    assert len(where) == 19 - 5 + 1


def test_a_r7_corner_contact_does_not_count() -> None:
    z = lay(WaterZoo(), ". . . . .\n. D . . .")  # dolphin at (1,1)
    assert z.why_not(1, g.cell(2, 2)) is None  # orca diagonal to the dolphin
    assert z.why_not(1, g.cell(2, 1)) == ("a new orca basin at 2,1 would touch the dolphin basin")


def test_a_r7_growing_basin_must_touch_it_and_no_other() -> None:
    z = lay(WaterZoo(), ". D . O .\n. . . . .")  # dolphin (1,0), orca (3,0)
    legal = z.legal_cells(0)
    # (2,0) touches the orca; (0,0) is a notch; (0,1) meets the dolphin only at a corner
    assert legal == cells((1, 1))
    assert z.why_not(0, g.cell(2, 0)) == "2,0 touches the orca basin (basins keep one space apart)"
    assert z.why_not(0, g.cell(3, 2)) == "3,2 does not touch the dolphin basin"


def test_a_r7_one_basin_per_species() -> None:
    # a second dolphin basin is impossible: a dolphin must join the existing one
    z = lay(WaterZoo(), ". D . . .")
    assert not z.legal_cells(0) & cells((4, 3), (3, 4))


def test_a_r7_species_allowance_is_three_plus_large_boards() -> None:
    z = lay(WaterZoo(), ". D . O .\n. . . . .\n. . . . .\n. H . . .")
    assert z.nspecies == 3
    assert z.legal_cells(4) == 0  # a fourth species has no space
    assert "allowance 3" in (z.why_not(4, g.cell(3, 3)) or "")
    z.expand(cells((5, 1), (6, 1), (5, 2), (6, 2)), large=False)  # a small board adds nothing
    assert z.legal_cells(4) == 0
    z.expand(cells((-2, 1), (-1, 1), (-2, 2), (-1, 2)), large=True)
    assert z.allowance == 4
    assert z.legal_cells(4) & cells((3, 3))
    # existing species keep growing whatever the allowance
    assert z.legal_cells(0)


def test_a_r7_the_depot_always_accepts_a_truck_tile() -> None:
    state = truck("dolphin")
    assert "depot" in placements(state, "dolphin")
    state.apply("place dolphin depot")
    assert state.zoos[0].depot == [0]


def test_a_r6_trainer_blocks_its_space_but_not_spacing() -> None:
    z = lay(WaterZoo(), ". D @ . .")  # dolphin (1,0), trainer (2,0)
    assert not z.legal_cells(0) & cells((2, 0))
    assert z.why_not(0, g.cell(2, 0)) == "a trainer stands on 2,0"
    # a new basin may start right next to the trainer (it belongs to no basin)
    assert z.legal_cells(1) & cells((3, 0))


def test_illegal_placement_is_refused_with_reason_and_changes_nothing() -> None:
    state = truck("orca")
    lay(state.zoos[0], ". . . . .\n. . D . .")
    before = state.clone()
    with pytest.raises(IllegalAction, match="would touch the dolphin basin"):
        state.apply("place orca 2,2")
    assert state == before
    with pytest.raises(IllegalAction, match="not a space"):
        state.apply("place orca 0,0")  # a notch of the base board
    with pytest.raises(IllegalAction, match="has no dolphin to place"):
        state.apply("place dolphin 4,4")
    assert state == before
