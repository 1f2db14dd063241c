"""Placing a truck's tiles: ruling Z-R1 (the rulebook's "Zvířata", "Stánky", "Stáj")."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.zooloretto import tiles as zt

from .helpers import lay, legal, placements, play, truck


def test_z_r1_an_animal_goes_into_an_empty_enclosure_or_its_own_or_the_barn() -> None:
    state = truck("camel")
    b = state.boards[0]
    assert placements(state, "camel") == {"e4", "e5", "e6", "barn"}
    lay(b, "e4", "E E")  # elephants in e4
    lay(b, "e5", "C")  # a camel in e5
    assert placements(state, "camel") == {"e5", "e6", "barn"}


def test_z_r1_one_species_per_enclosure() -> None:
    state = truck("camel")
    lay(state.boards[0], "e4", "E")
    with pytest.raises(IllegalAction, match="e4 holds elephants: one species per enclosure"):
        state.apply("place camel e4")


def test_z_r1_several_enclosures_may_hold_one_species() -> None:
    state = truck("camel", "camel")
    play(state, "place camel e4", "place camel e5")
    b = state.boards[0]
    assert (b.species(0), b.species(1)) == (0, 0)


def test_z_r1_a_full_enclosure_takes_no_more() -> None:
    state = truck("camel")
    lay(state.boards[0], "e4", "C C C C")
    assert placements(state, "camel") == {"e5", "e6", "barn"}
    with pytest.raises(IllegalAction, match="enclosure e4 is full"):
        state.apply("place camel e4")


def test_z_r1_the_barn_takes_a_tile_even_when_there_is_room() -> None:
    state = truck("camel", "kiosk")
    play(state, "place camel barn", "place kiosk barn")
    assert state.boards[0].barn == sorted([zt.kind(0, 0), zt.stall(0)])
    assert state.to_move == 1


def test_z_r1_an_animal_with_no_room_must_go_to_the_barn() -> None:
    state = truck("camel")
    b = state.boards[0]
    lay(b, "e4", "E")
    lay(b, "e5", "F")
    lay(b, "e6", "P")
    assert placements(state, "camel") == {"barn"}


def test_z_r1_a_stall_goes_on_a_free_stall_space_or_into_the_barn() -> None:
    state = truck("kiosk")
    assert placements(state, "kiosk") == {"s4a", "s4b", "s5", "s6", "barn"}
    lay(state.boards[0], "s4a", "Po")
    assert placements(state, "kiosk") == {"s4b", "s5", "s6", "barn"}
    with pytest.raises(IllegalAction, match="s4a already holds a popcorn stall"):
        state.apply("place kiosk s4a")
    with pytest.raises(IllegalAction, match="a stall goes on a stall space"):
        state.apply("place kiosk e4")


def test_z_r1_an_animal_never_goes_on_a_stall_space() -> None:
    state = truck("camel")
    with pytest.raises(IllegalAction, match="an animal goes in an enclosure"):
        state.apply("place camel s5")


def test_z_r1_a_stall_with_no_free_space_must_go_to_the_barn() -> None:
    state = truck("kiosk")
    for space in ("s4a", "s4b", "s5", "s6"):
        lay(state.boards[0], space, "Po")
    assert placements(state, "kiosk") == {"barn"}


def test_z_r1_the_expansion_is_not_in_play_until_turned_over() -> None:
    state = truck("camel", "kiosk")
    with pytest.raises(IllegalAction, match="x1 is on an expansion board not in play"):
        state.apply("place camel x1")
    with pytest.raises(IllegalAction, match="sx1 belongs to an expansion board not in play"):
        state.apply("place kiosk sx1")
    state.boards[0].built = 4
    assert "x1" in placements(state, "camel")
    assert "sx1" in placements(state, "kiosk")


def test_z_r1_coin_tiles_go_to_the_money_at_once() -> None:
    state = truck("coin", "camel")
    assert state.coins[0] == 3  # 2 to start, 1 coin tile
    assert state.unloading == [zt.kind(0, 0)]
    assert all(a.startswith("place camel") for a in legal(state))


def test_z_r1_only_the_truck_s_tiles_are_placed() -> None:
    state = truck("camel")
    with pytest.raises(IllegalAction, match="truck A has no elephant to place"):
        state.apply("place elephant e4")
    with pytest.raises(IllegalAction, match="first place the tiles of truck A: camel"):
        state.apply("draw")


def test_z_r1_tiles_are_placed_in_any_order_then_the_player_sits_out() -> None:
    state = truck("camel", "kiosk", "elephant")
    play(state, "place elephant e6", "place kiosk s5")
    assert state.to_move == 0
    play(state, "place camel e4")
    assert state.to_move == 1
    assert state.took[0] == 0
