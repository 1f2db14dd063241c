"""Money actions: ruling Z-R3 (move, exchange, purchase, discard, expand) and the FAQ."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.zooloretto import tiles as zt

from .helpers import kinds, lay, legal, new, play, truck


def test_z_r3_move_an_animal_from_the_barn_into_an_enclosure_for_one_coin() -> None:
    # the rulebook's example 1: Anna has 2 elephants in the barn and 3 in an enclosure
    state = new(3)
    b = lay(state.boards[0], "barn", "E E")
    lay(b, "e5", "E E E")
    bank = state.bank
    play(state, "move elephant e5")
    assert (b.pens[1], b.barn) == (kinds("E E E E"), kinds("E"))
    assert (state.coins[0], state.bank) == (1, bank + 1)
    assert state.to_move == 1  # one money action is the whole turn


def test_z_r3_a_moved_animal_breeds_and_can_earn_the_fill_bonus() -> None:
    state = new(3)
    b = lay(state.boards[0], "barn", "Em")
    lay(b, "e4", "Ef E")
    play(state, "move elephant/m e4")
    assert b.pens[0] == kinds("EF E EM Ey")
    assert state.coins[0] == 2  # paid 1, earned 1 for filling e4


def test_z_r3_a_moved_animal_follows_the_placement_rules() -> None:
    state = new(3)
    b = lay(state.boards[0], "barn", "E")
    lay(b, "e4", "C")
    assert "move elephant e4" not in legal(state)
    with pytest.raises(IllegalAction, match="one species per enclosure"):
        state.apply("move elephant e4")
    with pytest.raises(IllegalAction, match="never into it"):
        state.apply("move elephant barn")
    with pytest.raises(IllegalAction, match="your barn holds no camel"):
        state.apply("move camel e5")


def test_faq_animals_never_leave_an_enclosure_except_by_exchange() -> None:
    state = new(3)
    lay(state.boards[0], "e4", "C")
    assert not any(a.startswith("move") for a in legal(state))
    with pytest.raises(IllegalAction, match="only by an exchange"):
        state.apply("move e4 e5")
    with pytest.raises(IllegalAction, match="only by an exchange"):
        state.apply("move e4 barn")


def test_z_r3_move_a_stall_from_the_barn_or_a_stall_space_to_a_free_space() -> None:
    # the rulebook's example 2: Bert moves his stall to another free stall space
    state = new(3)
    b = lay(state.boards[0], "s4a", "Ki")
    lay(b, "barn", "Po")
    moves = {a for a in legal(state) if a.startswith("move")}
    assert moves == {
        f"move {src} {dst}" for src in ("s4a", "popcorn") for dst in ("s4b", "s5", "s6")
    }
    play(state, "move s4a s6")
    assert b.stalls[:4] == [-1, -1, -1, zt.stall(0)]
    state.to_move = 0
    play(state, "move popcorn s4a")
    assert b.stalls[0] == zt.stall(3) and b.barn == []


def test_z_r3_a_stall_never_moves_into_the_barn_or_onto_a_taken_space() -> None:
    state = new(3)
    b = lay(state.boards[0], "s4a", "Ki")
    lay(b, "s5", "Po")
    with pytest.raises(IllegalAction, match="never into the barn"):
        state.apply("move s4a barn")
    with pytest.raises(IllegalAction, match="s5 already holds a popcorn stall"):
        state.apply("move s4a s5")
    with pytest.raises(IllegalAction, match="another stall space"):
        state.apply("move s4a s4a")
    with pytest.raises(IllegalAction, match="no stall stands on s6"):
        state.apply("move s6 s4b")


def test_z_r3_exchange_the_barn_s_animals_with_an_enclosure() -> None:
    # the rulebook's example 1: 3 elephants in the barn, 1 panda in an enclosure
    state = new(3)
    b = lay(state.boards[0], "barn", "E E E Ki")
    lay(b, "e4", "P")
    bank = state.bank
    play(state, "exchange e4 barn elephant")
    assert b.pens[0] == kinds("E E E")
    assert b.barn == sorted(kinds("P Ki"))  # stalls are never exchanged
    assert (state.coins[0], state.bank) == (1, bank + 1)


def test_z_r3_exchange_two_enclosures() -> None:
    # the rulebook's example 2 and the FAQ: two enclosures, two different species
    state = new(3)
    b = lay(state.boards[0], "e5", "E E E")
    lay(b, "e4", "P P")
    assert "exchange e4 e5" in legal(state)
    play(state, "exchange e5 e4")  # either order reads the same
    assert b.pens[:2] == [kinds("E E E"), kinds("P P")]


def test_z_r3_an_exchange_must_fit_both_ways() -> None:
    state = new(3)
    b = lay(state.boards[0], "e5", "E E E E E")
    lay(b, "e4", "P")
    assert "exchange e4 e5" not in legal(state)
    with pytest.raises(IllegalAction, match="the 5 animals of e5 do not fit in e4"):
        state.apply("exchange e4 e5")
    lay(b, "barn", "C C C C C")
    with pytest.raises(IllegalAction, match="5 camels do not fit in enclosure e4"):
        state.apply("exchange e4 barn camel")
    assert "exchange e5 barn camel" in legal(state)


def test_z_r3_an_exchange_swaps_two_different_species_both_present() -> None:
    state = new(3)
    b = lay(state.boards[0], "e4", "E")
    lay(b, "e5", "E E")
    lay(b, "barn", "E")
    with pytest.raises(IllegalAction, match="two different species"):
        state.apply("exchange e4 e5")
    with pytest.raises(IllegalAction, match="two different species"):
        state.apply("exchange e4 barn elephant")
    with pytest.raises(IllegalAction, match="the barn holds no panda"):
        state.apply("exchange e4 barn panda")


def test_faq_an_exchange_cannot_fill_an_empty_enclosure_from_the_barn() -> None:
    # FAQ: "May I use the exchange to put 3 elephants from the barn in an enclosure? No."
    state = new(3)
    lay(state.boards[0], "barn", "E E E")
    assert not any(a.startswith("exchange") for a in legal(state))
    with pytest.raises(IllegalAction, match="e4 is empty: an exchange moves animals both ways"):
        state.apply("exchange e4 barn elephant")


def test_rulebook_exchange_example_flamingos_and_chimpanzees() -> None:
    """The rulebook's tactics example: Bert filled e4 with flamingos (bonus earned), e5 holds
    3 chimpanzees. He exchanges them: both enclosures are one short, which scores now and
    lets him fill e4 again, with a chimpanzee, for the bonus again."""
    state = new(3)
    b = lay(state.boards[0], "e4", "F F F F")
    lay(b, "e5", "H H H")
    play(state, "exchange e4 e5")
    assert b.pens[:2] == [kinds("H H H"), kinds("F F F F")]
    assert state.coins[0] == 1  # no bonus for an exchange
    assert b.enclosure_points(0) + b.enclosure_points(1) == 4 + 5  # both one short
    later = truck("chimpanzee")  # a later turn: Bert takes a truck with a chimpanzee
    later.boards[0] = b
    play(later, "place chimpanzee e4")
    assert b.is_full(0)
    assert later.coins[0] == 2 + 1  # e4 pays its coin again


def test_faq_exchange_breeds_an_offspring_that_fills_but_pays_no_bonus() -> None:
    """FAQ: 3 elephants in the barn, an unpaired pair among them; exchanged into e4, they
    breed at once and the offspring fills e4. No coin: an exchange never earns the bonus."""
    state = new(3)
    b = lay(state.boards[0], "barn", "Em Ef E")
    lay(b, "e4", "P")
    bank = state.bank
    play(state, "exchange e4 barn elephant")
    assert sorted(b.pens[0]) == sorted(kinds("EM EF E Ey"))
    assert b.is_full(0)
    assert (state.coins[0], state.bank) == (1, bank + 1)
    assert state.offspring_left[1] == 1


def test_faq_the_fill_bonus_again_after_an_exchange() -> None:
    """FAQ example: kangaroos fill e5 (2 coins). Exchanged for the 4 chimpanzees of the
    expansion enclosure, they fill x1: no coins. A chimpanzee then fills e5: 2 coins again."""
    state = truck("kangaroo", "chimpanzee")
    b = state.boards[0]
    b.built = 4
    lay(b, "e5", "K K K K")
    lay(b, "x1", "H H H H")
    play(state, "place kangaroo e5")
    assert state.coins[0] == 4  # 2, and 2 for filling e5
    state.unloading.clear()
    state.took[0] = -1
    state.to_move = 0
    play(state, "exchange e5 x1")
    assert b.pens[1] == kinds("H H H H") and b.pens[3] == kinds("K K K K K")
    assert state.coins[0] == 3  # paid 1; x1 filled by the exchange pays nothing
    state.to_move, state.took[0], state.unloading = 0, 0, kinds("H")
    play(state, "place chimpanzee e5")
    assert state.coins[0] == 5


def test_z_r3_an_exchange_of_bred_animals_breeds_no_more() -> None:
    state = new(3)
    b = lay(state.boards[0], "e4", "EM EF Ey")
    lay(b, "e5", "C")
    play(state, "exchange e4 e5")
    assert b.pens[1] == kinds("EM EF Ey")
    assert state.offspring_left[1] == 2


def test_z_r3_an_exchange_can_breed_two_pairs() -> None:
    state = new(3)
    b = lay(state.boards[0], "barn", "Em Em Ef Ef")
    lay(b, "e6", "C")
    play(state, "exchange e6 barn elephant")
    assert sorted(b.pens[2]) == sorted(kinds("EM EM EF EF Ey Ey"))
    assert state.offspring_left[1] == 0


def test_z_r3_purchase_any_tile_of_another_barn() -> None:
    state = new(3)
    lay(state.boards[2], "barn", "C Pm Ki")
    bank = state.bank
    play(state, "buy 2 panda/m e4")  # not only the top tile: any tile
    assert state.boards[0].pens[0] == kinds("Pm")
    assert state.boards[2].barn == sorted(kinds("C Ki"))
    assert (state.coins[0], state.coins[2], state.bank) == (0, 3, bank + 1)


def test_z_r3_a_bought_tile_goes_into_the_zoo_legally_never_the_barn() -> None:
    state = new(3)
    lay(state.boards[1], "barn", "C Ki")
    b = lay(state.boards[0], "e4", "E")
    lay(b, "e5", "E")
    lay(b, "e6", "E")
    buys = {a for a in legal(state) if a.startswith("buy")}
    assert buys == {f"buy 1 kiosk {s}" for s in ("s4a", "s4b", "s5", "s6")}
    with pytest.raises(IllegalAction, match="one species per enclosure"):
        state.apply("buy 1 camel e4")
    with pytest.raises(IllegalAction, match="never your barn"):
        state.apply("buy 1 camel barn")
    with pytest.raises(IllegalAction, match="your own barn"):
        state.apply("buy 0 camel e4")
    with pytest.raises(IllegalAction, match="seat 2's barn holds no camel"):
        state.apply("buy 2 camel e4")


def test_z_r3_a_bought_animal_breeds_and_earns_the_bonus() -> None:
    state = new(3)
    state.coins[0] = 3
    lay(state.boards[1], "barn", "Cf")
    lay(state.boards[0], "e4", "Cm C")
    play(state, "buy 1 camel/f e4")
    assert state.boards[0].pens[0] == kinds("CM C CF Cy")
    assert state.coins[0] == 2  # paid 2, earned 1


def test_z_r3_discard_any_tile_of_one_s_barn_for_two_coins() -> None:
    state = new(3)
    b = lay(state.boards[0], "barn", "C E Ki")
    bank = state.bank
    assert {a for a in legal(state) if a.startswith("discard")} == {
        "discard camel",
        "discard elephant",
        "discard kiosk",
    }
    play(state, "discard elephant")
    assert b.barn == sorted(kinds("C Ki"))
    assert state.discarded == kinds("E")
    assert (state.coins[0], state.bank) == (0, bank + 2)


def test_z_r3_expand_for_three_coins() -> None:
    state = new(3)
    assert "expand" not in legal(state)
    with pytest.raises(IllegalAction, match="costs 3 coins; you have 2"):
        state.apply("expand")
    state.coins[0] = 3
    bank = state.bank
    play(state, "expand")
    b = state.boards[0]
    assert (b.built, b.boards_left, state.coins[0], state.bank) == (4, 0, 0, bank + 3)
    state.to_move, state.coins[0] = 0, 3
    with pytest.raises(IllegalAction, match="no expansion board left"):
        state.apply("expand")


def test_z_r5_two_players_may_expand_twice() -> None:
    state = new(2)
    state.coins[0] = 6
    play(state, "expand")
    state.to_move = 0
    play(state, "expand")
    b = state.boards[0]
    assert (b.built, b.boards_left) == (5, 0)
    assert b.free_spaces() == [8, 9, 10, 11, 12, 13]


def test_z_r3_no_money_action_after_taking_a_truck() -> None:
    # FAQ: not even in the last round
    state = truck("camel")
    state.coins[0] = 5
    lay(state.boards[0], "barn", "C")
    assert all(a.startswith("place") for a in legal(state))
    with pytest.raises(IllegalAction, match="first place the tiles of truck A"):
        state.apply("discard camel")


def test_z_r3_money_actions_need_the_coins() -> None:
    state = new(3)
    state.coins[0] = 1
    lay(state.boards[1], "barn", "C")
    lay(state.boards[0], "barn", "C")
    with pytest.raises(IllegalAction, match="costs 2 coins; you have 1"):
        state.apply("buy 1 camel e4")
    with pytest.raises(IllegalAction, match="costs 2 coins; you have 1"):
        state.apply("discard camel")
    state.coins[0] = 0
    assert legal(state) == {"draw"}
