"""The truck rules of "Aquaretto with Zooloretto" (ruling C-R1, rules A and B of the variant)."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction

from .helpers import legal, new, play


def test_c_r1_the_draw_names_the_pile() -> None:
    state = new(3)
    assert {"draw aquaretto", "draw zooloretto"} <= legal(state)
    assert "draw" not in legal(state)
    with pytest.raises(IllegalAction, match="draw aquaretto or draw zooloretto"):
        state.apply("draw")


def test_c_r1_a_truck_s_first_tile_fixes_its_game_for_the_round() -> None:
    state = new(3, draw_order={"zooloretto": ["camel"], "aquaretto": ["dolphin"]})
    play(state, "draw zooloretto", "load A")
    assert state.view(None)["trucks"][0]["game"] == "zooloretto"
    play(state, "draw aquaretto")
    assert legal(state) == {"load B", "load C"}
    with pytest.raises(IllegalAction, match="truck A carries zooloretto tiles this round"):
        state.apply("load A")


def test_c_r1_the_last_empty_truck_is_kept_for_the_missing_game() -> None:
    # the rulebook: if all trucks but one have Zooloretto tiles, only Aquaretto tiles may
    # go on the last one
    state = new(3, draw_order={"zooloretto": ["camel", "leopard"] + ["kangaroo"] * 4})
    play(state, "draw zooloretto", "load A", "draw zooloretto", "load B")
    play(state, "draw zooloretto")
    assert legal(state) == {"load A", "load B"}
    with pytest.raises(IllegalAction, match="truck C must stay free for the game"):
        state.apply("load C")
    play(state, "load A")
    for load in ("load A", "load B", "load B"):  # fill A and B with zoo tiles
        play(state, "draw zooloretto", load)
    assert "draw zooloretto" not in legal(state)  # no truck may take one now
    with pytest.raises(IllegalAction, match="no truck may take a zooloretto tile now"):
        state.apply("draw zooloretto")
    play(state, "draw aquaretto")
    assert legal(state) == {"load C"}


def test_c_r1_no_truck_is_taken_before_both_games_are_on_trucks() -> None:
    state = new(3)
    play(state, "draw zooloretto", "load A")
    assert not any(a.startswith("take") for a in legal(state))
    with pytest.raises(IllegalAction, match="before the tiles of both games are on trucks"):
        state.apply("take A")
    play(state, "draw aquaretto", "load B")
    assert {"take A", "take B"} <= legal(state)


def test_c_r1_after_the_first_take_the_other_trucks_may_be_taken_freely() -> None:
    state = new(
        3, draw_order={"zooloretto": ["zooloretto-coin"] * 3, "aquaretto": ["aquaretto-coin"]}
    )
    play(state, "draw zooloretto", "load A")  # seat 0
    play(state, "draw aquaretto", "load B")  # seat 1
    play(state, "take B")  # seat 2 takes the only Aquaretto truck
    play(state, "take A")  # seat 0 may take too: the round had both games
    assert state.to_move == 1
    play(state, "draw zooloretto", "load C")  # the last truck: either game now
    assert "take C" in legal(state)


def test_c_r1_two_players_three_trucks_with_blocked_spaces() -> None:
    state = new(2)
    assert state.capacity == (3, 2, 1)
    assert [t["blocked"] for t in state.view(0)["trucks"]] == [0, 1, 2]


def test_c_r1_two_players_with_a_one_space_truck_and_the_missing_game() -> None:
    state = new(2)
    play(state, "draw zooloretto", "load C")  # C (1 space) is full with a zoo tile
    play(state, "draw zooloretto", "load B")  # B: zoo; A is the last empty truck
    play(state, "draw zooloretto")
    assert legal(state) == {"load B"}  # A stays for Aquaretto
