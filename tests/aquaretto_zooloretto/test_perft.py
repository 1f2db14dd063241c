"""Perft-style counts for "Aquaretto with Zooloretto", worked out by hand."""

from __future__ import annotations

from tests.aquaretto.test_perft import LARGE_AROUND_BASE, SMALL_AROUND_BASE

from .helpers import legal, new, play, truck


def test_opening_both_draws_and_aquaretto_s_boards() -> None:
    # 2 coins: draw from either pile (2), every small and large water zoo board around the
    # bare base board (48 + 14, counted in tests/aquaretto/test_perft.py); nothing to do in
    # the empty zoo, and its expansion costs 3
    state = new(3)
    assert len(state.legal_actions()) == 2 + SMALL_AROUND_BASE + LARGE_AROUND_BASE  # 64
    state.coins[0] = 3
    assert "expand" in legal(state)
    assert len(state.legal_actions()) == 64 + 1


def test_loading_the_first_tile_any_truck() -> None:
    state = new(3)
    state.coins[0] = 0
    play(state, "draw zooloretto")
    assert legal(state) == {"load A", "load B", "load C"}


def test_loading_with_one_empty_truck_left() -> None:
    # zoo tiles on A and B: a zoo tile may go on A or B (2), an Aquaretto tile only on C (1)
    state = new(3)
    for seat in range(3):
        state.coins[seat] = 0
    play(state, "draw zooloretto", "load A", "draw zooloretto", "load B", "draw zooloretto")
    assert len(state.legal_actions()) == 2
    state = new(3)
    for seat in range(3):
        state.coins[seat] = 0
    play(state, "draw zooloretto", "load A", "draw zooloretto", "load B", "draw aquaretto")
    assert legal(state) == {"load C"}


def test_a_zoo_truck_is_placed_as_in_zooloretto() -> None:
    # as tests/zooloretto/test_perft.py: camel 4, camel/m 4, kiosk 5
    state = truck("camel", "camel/m", "kiosk")
    assert len(state.legal_actions()) == 13


def test_a_water_truck_is_placed_as_in_aquaretto() -> None:
    # as tests/aquaretto/test_perft.py: two different tiles, 19 spaces or the depot each
    state = truck("dolphin/m", "penguin/fish", game="aquaretto")
    assert len(state.legal_actions()) == 2 * (19 + 1)
