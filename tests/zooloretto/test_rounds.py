"""Turns, rounds, the 2-player rules and the end: rulings Z-R1 and Z-R5, and the FAQ."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.trucks import DRAWS, RESERVE
from zoogames.games.zooloretto import ZoolorettoState
from zoogames.games.zooloretto import tiles as zt

from .helpers import legal, new, play


def step_simply(state: ZoolorettoState) -> None:
    """Draw and load when possible, else take the first truck; tiles go to the barn."""
    acts = sorted(legal(state))
    for prefix in ("load", "place"):
        choice = [a for a in acts if a.startswith(prefix)]
        if choice:
            barn = [a for a in choice if a.endswith("barn")]
            state.apply((barn or choice)[0])
            return
    state.apply("draw" if "draw" in acts else next(a for a in acts if a.startswith("take")))


def test_z_r1_draw_shows_the_tile_then_any_truck_with_room() -> None:
    state = new(3, draw_order=["kiosk"])
    play(state, "draw")
    assert state.view(2)["drawn"] == "kiosk"
    assert legal(state) == {"load A", "load B", "load C"}
    play(state, "load C")
    assert state.to_move == 1


def test_faq_the_last_player_in_the_round_plays_on() -> None:
    state = new(3, draw_order=["coin"] * 6)
    play(state, "draw", "load A", "take A")  # seat 0 loads, seat 1 takes
    play(state, "draw", "load B", "take B")  # seat 2 loads, seat 0 takes
    for _ in range(3):  # seat 2 alone: as many turns as it likes
        assert state.to_move == 2
        play(state, "draw", "load C")
    assert "draw" not in legal(state)
    play(state, "take C")
    assert (state.round, state.to_move) == (2, 2)


def test_z_r5_two_players_round_ends_when_both_took_and_leftovers_leave() -> None:
    state = new(2, draw_order=["camel", "kiosk", "leopard"])
    assert state.capacity == (3, 2, 1)
    trucks = state.view(0)["trucks"]
    assert [(t["free"], t["blocked"]) for t in trucks] == [(3, 0), (2, 1), (1, 2)]
    play(state, "draw", "load A")  # seat 0: camel on A
    play(state, "draw", "load C")  # seat 1: kiosk on C (full: 2 of 3 blocked)
    play(state, "draw", "load B")  # seat 0: leopard on B
    play(state, "take A", "place camel e4")  # seat 1
    play(state, "take C", "place kiosk s5")  # seat 0; the round ends
    assert state.round == 2
    assert state.discarded == [zt.kind(4, 0)]  # the leopard on untaken truck B left the game
    assert state.capacity == (3, 2, 1)


def test_z_r1_the_game_ends_after_the_round_of_the_first_reserve_tile() -> None:
    state = new(4, seed=3)
    start_round = None
    while not state.is_terminal:
        before = len(state.pile)
        step_simply(state)
        if before == RESERVE and len(state.pile) == RESERVE - 1:
            assert state.final_round
            start_round = state.round
        if state.final_round and not state.is_terminal:
            assert state.round == start_round
    assert start_round is not None and state.round == start_round
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("draw")


def test_a_take_needs_a_face_up_tile_and_a_truck_holds_three() -> None:
    state = new(3, draw_order=["coin"] * 4)
    with pytest.raises(IllegalAction, match="has no face-up tile"):
        state.apply("take A")
    for _ in range(3):
        play(state, "draw", "load A")
    play(state, "draw")
    with pytest.raises(IllegalAction, match="truck A is full"):
        state.apply("load A")


def test_one_pile_only() -> None:
    state = new(3)
    with pytest.raises(IllegalAction, match="cannot read 'draw zooloretto'"):
        state.apply("draw zooloretto")
    with pytest.raises(IllegalAction, match="this game has one pile: draw"):
        state.apply(DRAWS[1])
