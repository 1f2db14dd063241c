"""Money actions: ruling A-R9 (with A-R1 for expansions and A-R4 for the bank)."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t

from .helpers import lay, new, play


def legal(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {str(a) for a in state.legal_actions()}


def test_a_r9_move_the_top_depot_tile_costs_one_coin() -> None:
    state = new(3)
    z = state.zoos[0]
    z.depot = [t.kind(3, t.PLAIN), t.kind(0, t.MALE)]  # a hippo under a male dolphin
    bank = state.bank
    play(state, "move depot 2,2")
    assert z.tile_at(g.cell(2, 2)) == t.kind(0, t.MALE)
    assert z.depot == [t.kind(3, t.PLAIN)]
    assert (state.coins[0], state.bank) == (0, bank + 1)
    assert state.to_move == 1  # one money action is the whole turn


def test_a_r9_moved_tile_breeds_and_earns_bonuses() -> None:
    state = new(3)
    z = lay(state.zoos[0], ". Df D . .", origin=(0, 1))
    z.depot = [t.kind(0, t.MALE)]
    play(state, "move depot 3,1")  # the pair breeds; 3 tiles pay a coin
    assert state.pending == [0]
    assert state.coins[0] == 1  # paid 1, earned 1
    assert state.to_move == 0  # the offspring is still to place
    play(state, "offspring 0,1")
    assert state.to_move == 1


def test_a_r9_move_needs_a_legal_space() -> None:
    state = new(3)
    z = lay(state.zoos[0], ". D . O .\n. . . . .\n. H . . .", origin=(0, 0))
    z.depot = [t.kind(4, t.PLAIN)]  # a turtle: a 4th species, allowance 3
    assert not any(a.startswith("move depot") for a in legal(state))
    before = state.clone()
    with pytest.raises(IllegalAction, match="allowance 3"):
        state.apply("move depot 3,3")
    assert state == before


def test_a_r9_move_a_coworker_manager_becomes_trainer() -> None:
    state = new(3)
    z = state.zoos[0]
    z.manager = 1
    assert "move manager 2,2" in legal(state)
    assert "move manager cashier" in legal(state)
    play(state, "move manager 2,2")
    assert (z.manager, z.trainers) == (0, 1 << g.cell(2, 2))
    assert state.coins[0] == 0


def test_a_r9_move_a_trainer_to_another_space_but_not_onto_a_tile() -> None:
    state = new(3)
    z = lay(state.zoos[0], ". @ D . .", origin=(0, 1))
    assert "move 1,1 3,3" in legal(state)
    assert "move 1,1 2,1" not in legal(state)
    with pytest.raises(IllegalAction, match="not an empty space"):
        state.apply("move 1,1 2,1")
    with pytest.raises(IllegalAction, match="no coworker stands on 3,3"):
        state.apply("move 3,3 1,1")
    z.cashiers = 2
    with pytest.raises(IllegalAction, match="cashier slots are full"):
        state.apply("move 1,1 cashier")


def test_a_r9_purchase_pays_seller_and_bank() -> None:
    state = new(3)
    state.coins[0] = 3
    state.zoos[2].depot = [t.kind(5, t.FISH)]
    bank = state.bank
    play(state, "buy 2 2,2")
    assert state.zoos[0].tile_at(g.cell(2, 2)) == t.kind(5, t.FISH)
    assert state.zoos[2].depot == []
    assert (state.coins[0], state.coins[2], state.bank) == (1, 2, bank + 1)


def test_a_r9_purchase_needs_a_legal_space_and_never_goes_to_the_depot() -> None:
    state = new(3)
    state.coins[0] = 2
    lay(state.zoos[0], ". D . O .\n. . . . .\n. H . . .")
    state.zoos[1].depot = [t.kind(4, t.PLAIN)]  # a turtle: no space for a 4th species
    assert not any(a.startswith("buy") for a in legal(state))
    with pytest.raises(IllegalAction, match="allowance 3"):
        state.apply("buy 1 3,3")
    with pytest.raises(IllegalAction, match="is not a cell"):
        state.apply("buy 1 depot")
    with pytest.raises(IllegalAction, match="your own depot"):
        state.apply("buy 0 3,3")


def test_a_r9_purchase_costs_two_coins() -> None:
    state = new(3)
    state.zoos[1].depot = [t.kind(5, t.FISH)]
    assert state.coins[0] == 1
    with pytest.raises(IllegalAction, match="costs 2 coins; you have 1"):
        state.apply("buy 1 2,2")


def test_a_r9_discard_the_top_depot_tile_for_two_coins() -> None:
    state = new(3)
    state.coins[0] = 2
    state.zoos[0].depot = [t.kind(3, 0), t.kind(5, 3)]
    bank = state.bank
    play(state, "discard")
    assert state.zoos[0].depot == [t.kind(3, 0)]
    assert state.discarded == [t.kind(5, 3)]
    assert (state.coins[0], state.bank) == (0, bank + 2)


def test_a_r9_expand_small_for_one_coin_large_for_two() -> None:
    state = new(3)
    state.coins[0] = 2
    play(state, "expand large 5,1 6,1 5,2 6,2")
    z = state.zoos[0]
    assert (z.large_left, z.allowance, state.coins[0]) == (1, 4, 0)
    state = new(3)
    play(state, "expand small 5,1 6,1 5,2")
    z = state.zoos[0]
    assert (z.small_left, z.allowance, state.coins[0]) == (1, 3, 0)


def test_a_r1_expansions_avoid_the_footprint_and_its_notches() -> None:
    state = new(3)
    state.coins[0] = 2
    # covers the notch (4,0), part of the base board's cardboard
    with pytest.raises(IllegalAction, match="5×5 area"):
        state.apply("expand small 4,0 5,0 5,1")
    # touches only the notch (4,0), never a space
    with pytest.raises(IllegalAction, match="share an edge"):
        state.apply("expand small 4,-1 5,-1 5,0")
    with pytest.raises(IllegalAction, match="share an edge"):
        state.apply("expand large 7,1 8,1 7,2 8,2")
    assert not any("4,0" in a for a in legal(state) if a.startswith("expand"))


def test_a_r1_expansions_chain_but_never_overlap() -> None:
    state = new(3)
    state.coins[0] = 2
    play(state, "expand small 5,1 6,1 5,2")
    state.to_move = 0
    state.coins[0] = 2
    with pytest.raises(IllegalAction, match="overlap"):
        state.apply("expand large 6,1 7,1 6,2 7,2")
    play(state, "expand large 7,1 8,1 7,2 8,2")  # touches only the small board: legal
    assert state.zoos[0].spaces & (1 << g.cell(8, 2))


def test_a_r9_no_board_left() -> None:
    state = new(3)
    z = state.zoos[0]
    z.small_left = 0
    assert not any(a.startswith("expand small") for a in legal(state))
    with pytest.raises(IllegalAction, match="no small expansion board left"):
        state.apply("expand small 5,1 6,1 5,2")


def test_a_r9_no_money_action_after_taking_a_truck() -> None:
    from .helpers import truck

    state = truck("dolphin")
    state.coins[0] = 5
    state.zoos[0].depot = [t.kind(1, 0)]
    assert all(a.startswith("place") for a in legal(state))
    with pytest.raises(IllegalAction, match="first place the tiles of truck A"):
        state.apply("discard")
