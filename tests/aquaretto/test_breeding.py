"""Offspring, basin bonuses and coworker bonuses: rulings A-R4, A-R5, A-R7 and A-R8."""

from __future__ import annotations

from zoogames.core.game import State
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t
from zoogames.games.aquaretto.state import WORKER

from .helpers import lay, play, truck


def offspring_cells(state: State) -> set[str]:
    return {str(a).split()[1] for a in state.legal_actions() if str(a).startswith("offspring")}


def test_a_r8_a_fertile_pair_in_one_basin_breeds_at_once() -> None:
    state = truck("dolphin/f")
    lay(state.zoos[0], ". Dm . . .")  # a male dolphin at (1,0)
    play(state, "place dolphin/f 1,1")
    assert state.pending == [0]  # the dolphin offspring is owed
    assert offspring_cells(state) == {"2,0", "0,1", "2,1", "1,2"}
    play(state, "offspring 2,1")
    z = state.zoos[0]
    assert z.tile_at(g.cell(2, 1)) == t.kind(0, t.YOUNG)
    assert z.species[0].bit_count() == 3
    assert state.young_left[0] == 1


def test_a_r8_the_pair_need_not_be_adjacent() -> None:
    state = truck("dolphin/f")
    lay(state.zoos[0], ". Dm D D .")
    play(state, "place dolphin/f 3,1")
    assert state.pending == [0]


def test_a_r8_each_fertile_tile_breeds_once_a_second_pair_breeds_again() -> None:
    state = truck("dolphin/m", "dolphin/f")
    z = lay(state.zoos[0], ". Dm Df . .")  # this pair has bred already
    assert (z.unpaired_m[0], z.unpaired_f[0]) == (0, 0)
    play(state, "place dolphin/m 1,1")  # a third fertile tile: no offspring
    assert state.pending == []
    assert z.unpaired_m[0] == 1
    play(state, "place dolphin/f 2,1")  # the fourth completes a second pair
    assert state.pending == [0]


def test_a_r8_fertile_tiles_in_the_depot_never_breed() -> None:
    state = truck("dolphin/f")
    state.zoos[0].depot.append(t.kind(0, t.MALE))
    play(state, "place dolphin/f 2,2")
    assert state.pending == []


def test_a_r7_offspring_goes_to_the_depot_when_its_basin_has_no_space() -> None:
    state = truck("hippo/f")
    # a male hippo boxed in by trainers; the female takes its only free neighbour
    lay(state.zoos[0], "@ @ @ @ @\n@ Hm . @ @\n. @ @ @ @", origin=(0, 1))
    play(state, "place hippo/f 2,2")
    z = state.zoos[0]
    assert z.depot == [t.kind(3, t.YOUNG)]
    assert state.young_left[3] == 1
    assert state.pending == []
    assert state.to_move == 1  # nothing left to decide: the turn is over


def test_a_r8_offspring_counts_for_the_bonus_thresholds() -> None:
    state = truck("hippo/f")
    lay(state.zoos[0], ". Hm . . .")
    bank, coins = state.bank, state.coins[0]
    play(state, "place hippo/f 1,1")  # 2 tiles
    assert (state.bank, state.coins[0]) == (bank, coins)
    play(state, "offspring 1,2")  # the offspring is the 3rd tile → 1 coin
    assert (state.bank, state.coins[0]) == (bank - 1, coins + 1)


def test_a_r8_several_tiles_of_one_truck_reach_several_thresholds() -> None:
    state = truck("turtle", "turtle/fish", "turtle/fish")
    lay(state.zoos[0], ". T T . .")  # a basin of 2
    bank, coins = state.bank, state.coins[0]
    play(state, "place turtle 3,0")  # 3 tiles → 1 coin
    assert (state.bank, state.coins[0]) == (bank - 1, coins + 1)
    play(state, "place turtle/fish 1,1")  # 4 tiles → nothing
    assert state.coins[0] == coins + 1 and not state.pending
    play(state, "place turtle/fish 2,1")  # 5 tiles → a coworker
    assert state.pending == [WORKER]
    play(state, "worker keeper")
    assert state.zoos[0].keepers == 1
    assert state.supply == 15
    assert state.to_move == 1


def test_a_r8_the_sixth_tile_pays_and_the_seventh_does_not() -> None:
    state = truck("orca", "orca", "orca/m")
    lay(state.zoos[0], "O O O O O", origin=(0, 1))  # 5 orcas
    coins = state.coins[0]
    play(state, "place orca 0,2")  # 6 → coin
    assert state.coins[0] == coins + 1
    play(state, "place orca 1,2", "place orca/m 2,2")  # 7, 8 → nothing
    assert state.coins[0] == coins + 1


def test_a_r8_offspring_then_coworker_when_one_tile_earns_both() -> None:
    state = truck("turtle/f")
    lay(state.zoos[0], ". Tm T T .")  # 3 turtles, one a male
    play(state, "place turtle/f 1,1")  # 4 tiles and a pair
    assert state.pending == [4]  # the offspring first (docs/rules-notes.md)
    play(state, "offspring 2,1")  # 5 tiles → coworker
    assert state.pending == [WORKER]


def test_a_r4_a_coin_owed_by_an_empty_bank_is_lost() -> None:
    state = truck("turtle")
    lay(state.zoos[0], ". T T . .")
    state.bank = 0
    coins = state.coins[0]
    play(state, "place turtle 3,0")
    assert (state.coins[0], state.bank) == (coins, 0)


def test_a_r5_a_coworker_with_no_free_slot_returns_to_the_supply() -> None:
    state = truck("turtle")
    z = state.zoos[0]
    # 4 turtles, one empty space beside them, a trainer on every other space
    lay(z, ". T T T .\n@ @ @ T .\n@ @ @ @ @\n. @ @ @ @\n. . @ @ .")
    z.cashiers = z.keepers = 2
    z.manager = 1
    supply = state.supply
    play(state, "place turtle 4,1")  # the 5th turtle fills the zoo
    assert state.pending == []
    assert state.supply == supply
    assert state.to_move == 1


def test_a_r5_a_coworker_owed_by_an_empty_supply_is_lost() -> None:
    state = truck("turtle/fish", "turtle")
    lay(state.zoos[0], ". T T T .")
    state.supply = 0
    play(state, "place turtle/fish 1,1")  # 4
    play(state, "place turtle 2,1")  # 5 → a coworker, but none is left
    assert state.pending == []
    assert state.zoos[0].workers() == []


def test_a_r5_where_a_new_coworker_may_go() -> None:
    state = truck("turtle")
    lay(state.zoos[0], ". T T T T", origin=(0, 1))
    play(state, "place turtle 2,2")
    legal = {str(a) for a in state.legal_actions()}
    assert {"worker cashier", "worker keeper", "worker manager"} <= legal
    assert "worker 3,4" in legal  # a trainer on any empty space
    assert "worker 2,2" not in legal  # not on a tile
    assert len(legal) == 3 + state.zoos[0].empty().bit_count()
