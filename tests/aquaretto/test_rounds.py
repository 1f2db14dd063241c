"""Turns, rounds, the 2-player rules and the end: rulings A-R10, A-R11 and A-R12."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.core.game import rank_winners
from zoogames.games.aquaretto import AquarettoState
from zoogames.games.trucks import RESERVE

from .helpers import new, play


def names(state: AquarettoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def step_simply(state: AquarettoState) -> None:
    """Draw and load when possible, else take the first truck; tiles go to the depot."""
    acts = [str(a) for a in state.legal_actions()]
    for prefix in ("load", "offspring", "worker", "place"):
        choice = [a for a in acts if a.startswith(prefix)]
        if choice:
            depot = [a for a in choice if a.endswith("depot")]
            state.apply((depot or choice)[0])
            return
    state.apply("draw" if "draw" in acts else next(a for a in acts if a.startswith("take")))


def test_a_r10_draw_shows_the_tile_then_any_truck_with_room() -> None:
    state = new(3, draw_order=["penguin/fish"])
    play(state, "draw")
    assert state.view(1)["drawn"] == "penguin/fish"
    assert names(state) == {"load A", "load B", "load C"}
    with pytest.raises(IllegalAction, match="first load the drawn penguin/fish"):
        state.apply("draw")
    play(state, "load B")
    assert state.to_move == 1


def test_a_r10_take_needs_a_face_up_tile_and_a_truck_holds_three() -> None:
    state = new(3, draw_order=["coin"] * 9)
    assert not any(a.startswith("take") for a in names(state))
    with pytest.raises(IllegalAction, match="has no face-up tile"):
        state.apply("take A")
    for _ in range(3):  # seats 0, 1, 2 each load truck A
        play(state, "draw", "load A")
    play(state, "draw")
    assert "load A" not in names(state)
    with pytest.raises(IllegalAction, match="truck A is full"):
        state.apply("load A")
    play(state, "load B")
    for load in ("load B", "load B", "load C", "load C", "load C"):
        play(state, "draw", load)
    assert "draw" not in names(state)  # every truck is full
    with pytest.raises(IllegalAction, match="every truck still in play is full"):
        state.apply("draw")
    with pytest.raises(IllegalAction, match="no drawn tile"):
        state.apply("load A")
    assert names(state) == {"take A", "take B", "take C"} | {
        a for a in names(state) if a.startswith("expand")
    }


def test_a_r10_a_player_who_took_a_truck_sits_out_and_the_last_plays_on() -> None:
    state = new(3, draw_order=["coin"] * 6)
    play(state, "draw", "load A")  # seat 0
    play(state, "take A")  # seat 1 takes: 1 coin, sits out
    assert state.coins[1] == 2
    assert state.to_move == 2
    play(state, "draw", "load B")  # seat 2
    assert state.to_move == 0  # seat 1 is skipped
    play(state, "take B")  # seat 0 takes
    # seat 2 is last: it keeps the turn as long as it likes (FAQ)
    for _ in range(3):
        assert state.to_move == 2
        play(state, "draw", "load C")
    assert state.to_move == 2
    assert "draw" not in names(state)  # truck C is full now
    play(state, "take C")
    # the round is over; the last taker starts the next one
    assert state.round == 2
    assert state.to_move == 2
    assert state.took == [-1, -1, -1]
    assert all(not tiles for tiles in state.trucks)


def test_a_r10_money_actions_are_turns_of_their_own() -> None:
    state = new(3)
    state.coins[0] = 2
    play(state, "expand small 5,1 6,1 5,2")
    assert state.to_move == 1  # not two money actions in one turn


def test_a_r11_two_players_three_trucks_with_blocked_spaces() -> None:
    state = new(2)
    assert state.capacity == (3, 2, 1)
    trucks = state.view(0)["trucks"]
    assert [(tr["free"], tr["blocked"]) for tr in trucks] == [(3, 0), (2, 1), (1, 2)]


def test_a_r11_round_ends_when_both_took_and_leftovers_leave_the_game() -> None:
    state = new(2, draw_order=["dolphin", "orca", "hippo", "coin"])
    play(state, "draw", "load A")  # seat 0: dolphin on A
    play(state, "draw", "load C")  # seat 1: orca on C (full: 2 of 3 blocked)
    play(state, "draw", "load B")  # seat 0: hippo on B
    play(state, "take A")  # seat 1 takes the dolphin
    play(state, "place dolphin depot")
    assert state.to_move == 0
    play(state, "take C")  # seat 0 takes the orca; the round ends
    play(state, "place orca 2,2")
    assert state.round == 2
    assert state.discarded == [3 * 8]  # the hippo on untaken truck B left the game
    assert state.to_move == 0
    assert state.capacity == (3, 2, 1)  # the blocked spaces stay for the whole game


def test_a_r12_the_game_ends_after_the_round_in_which_the_reserve_is_first_drawn() -> None:
    state = new(4, seed=3)
    start_round = None
    while not state.is_terminal:
        before = len(state.pile)
        was_final = state.final_round
        drawing = "draw" in names(state) and state.drawn < 0 and not state.pending
        step_simply(state)
        if drawing and len(state.pile) == before - 1 and before == RESERVE:
            assert not was_final
            assert state.final_round  # the first reserve tile
            start_round = state.round
        elif not was_final:
            assert not state.final_round
        if state.final_round and not state.is_terminal:
            assert state.round == start_round  # no further round starts
    assert start_round is not None
    assert state.round == start_round
    assert len(state.pile) < RESERVE
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("draw")


def test_a_r12_most_points_wins_then_most_coins_then_shared() -> None:
    assert rank_winners([10, 12, 12], [5, 1, 2]) == (2,)
    assert rank_winners([10, 12, 12], [5, 2, 2]) == (1, 2)
    assert rank_winners([13, 12, 12], [0, 9, 9]) == (0,)


def test_a_r12_result_of_a_finished_game_breaks_ties_on_coins() -> None:
    state = new(3, seed=5)
    while not state.is_terminal:
        step_simply(state)
    # make every seat score the same: points tie, then coins decide
    for z in state.zoos:
        z.depot.clear()
        z.animals = 0
        z.cashiers = 0
    state.coins = [3, 4, 4]
    assert state.result().winners == (1, 2)
    state.coins = [3, 5, 4]
    assert state.result().winners == (1,)
    assert state.result().to_json() == {"winners": [1], "scores": [0, 0, 0], "coins": [3, 5, 4]}
