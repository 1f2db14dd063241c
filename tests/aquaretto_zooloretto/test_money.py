"""Money and placement in "Aquaretto with Zooloretto" (ruling C-R1: one money, one action)."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.aquaretto import tiles as at
from zoogames.games.zooloretto import tiles as zt

from .helpers import legal, new, play, truck


def test_c_r1_one_money_action_per_turn_in_either_zoo() -> None:
    state = new(3)
    state.coins[0] = 5
    state.boards[0].barn = [zt.kind(0, zt.PLAIN)]
    acts = legal(state)
    assert "discard camel" in acts and "expand small 5,1 6,1 5,2" in acts
    play(state, "discard camel")
    assert state.to_move == 1  # the turn is over: no second money action
    state.to_move = 0
    play(state, "expand small 5,1 6,1 5,2")
    assert state.to_move == 1
    assert state.coins[0] == 2


def test_c_r1_coins_earned_in_one_zoo_pay_in_the_other() -> None:
    state = truck("camel")
    state.boards[0].pens[1] = [zt.kind(0, zt.PLAIN)] * 4
    play(state, "place camel e5")  # fills e5: 2 coins from the one bank
    assert state.coins[0] == 4
    state.to_move = 0
    state.took[0] = -1
    play(state, "expand large 5,1 6,1 5,2 6,2")  # an Aquaretto action paid with them
    assert state.coins[0] == 2


def test_c_r1_each_game_s_tiles_go_to_its_own_zoo() -> None:
    state = truck("camel", "kiosk")
    assert all(a.split()[1] in ("camel", "kiosk") for a in legal(state))
    assert not any("," in a or "depot" in a for a in legal(state))
    with pytest.raises(IllegalAction, match="cannot read"):
        state.apply("place camel 2,2")
    water = truck("dolphin", "penguin/fish", game="aquaretto")
    assert {a.split()[-1] for a in legal(water)} >= {"depot", "2,2"}
    assert not any(a.endswith(("barn", "e4")) for a in legal(water))
    with pytest.raises(IllegalAction, match="cannot read"):
        water.apply("place dolphin e4")


def test_c_r1_the_water_zoo_earns_from_the_same_bank() -> None:
    state = truck("dolphin", game="aquaretto")
    z = state.zoos[0]
    z.put(at.kind(0, at.PLAIN), 22 * 9 + 10)  # dolphins on (2,1) and (2,2)
    z.put(at.kind(0, at.PLAIN), 22 * 10 + 10)
    bank, coins = state.bank, state.coins[0]
    play(state, "place dolphin 2,3")  # the third dolphin pays a coin (A-R8)
    assert (state.coins[0], state.bank) == (coins + 1, bank - 1)


def test_c_r1_buying_from_a_barn_pays_the_seller_from_the_one_money() -> None:
    state = new(3)
    state.boards[2].barn = [zt.kind(3, zt.PLAIN)]
    state.zoos[1].depot = [at.kind(0, at.PLAIN)]
    play(state, "buy 2 kangaroo e6")
    assert state.coins == [0, 2, 3]
    state.to_move, state.coins[0] = 0, 2
    play(state, "buy 1 2,2")
    assert state.coins == [0, 3, 3]
