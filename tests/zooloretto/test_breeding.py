"""Offspring and the fill bonus: ruling Z-R2 (the rulebook's "Dvě zvláštní situace")."""

from __future__ import annotations

from zoogames.games.zooloretto import tiles as zt

from .helpers import kinds, lay, play, truck


def test_z_r2_a_fertile_pair_in_one_enclosure_has_an_offspring_at_once() -> None:
    state = truck("camel/f")
    b = lay(state.boards[0], "e5", "Cm C")
    play(state, "place camel/f e5")
    assert b.pens[1] == kinds("CM C CF Cy")  # both parents have bred; the offspring is in
    assert state.offspring_left[0] == 1


def test_z_r2_each_fertile_animal_breeds_once() -> None:
    # a third fertile animal finds no partner: the pair has bred already
    state = truck("camel/m", "camel/f")
    b = lay(state.boards[0], "e6", "CM CF Cy")
    play(state, "place camel/m e6")
    assert state.offspring_left[0] == 2 and len(b.pens[2]) == 4
    # its own partner arrives: a second offspring
    play(state, "place camel/f e6")
    assert b.pens[2] == kinds("CM CF Cy CM CF Cy")
    assert state.offspring_left[0] == 1


def test_z_r2_the_offspring_goes_to_the_barn_when_the_enclosure_is_full() -> None:
    state = truck("camel/f")
    b = lay(state.boards[0], "e4", "Cm C C")
    play(state, "place camel/f e4")
    assert b.pens[0] == kinds("CM C C CF")
    assert b.barn == kinds("Cy")


def test_z_r2_no_offspring_in_the_barn() -> None:
    state = truck("camel/f")
    b = lay(state.boards[0], "barn", "Cm")
    play(state, "place camel/f barn")
    assert b.barn == kinds("Cm Cf")
    assert state.offspring_left[0] == 2


def test_z_r2_pairs_of_other_species_do_not_breed() -> None:
    state = truck("elephant/f")
    b = lay(state.boards[0], "e4", "Cm")
    play(state, "place elephant/f e5")
    assert b.pens[:2] == [kinds("Cm"), kinds("Ef")]


def test_z_r2_filling_the_last_space_pays_the_enclosure_s_coins() -> None:
    for enclosure, tiles, coins in (("e4", "C C C", 1), ("e5", "C C C C", 2), ("x1", "C C C C", 1)):
        state = truck("camel")
        b = state.boards[0]
        b.built = 4
        lay(b, enclosure, tiles)
        bank = state.bank
        play(state, f"place camel {enclosure}")
        assert (state.coins[0] - 2, bank - state.bank) == (coins, coins)


def test_z_r2_the_six_enclosure_pays_nothing() -> None:
    state = truck("camel")
    lay(state.boards[0], "e6", "C C C C C")
    bank = state.bank
    play(state, "place camel e6")
    assert (state.coins[0], state.bank) == (2, bank)


def test_z_r2_an_offspring_that_fills_the_last_space_pays() -> None:
    # ruling Z-R2: the offspring is a tile placed on the last space
    state = truck("camel/f")
    lay(state.boards[0], "e4", "Cm C")
    play(state, "place camel/f e4")
    assert state.boards[0].pens[0] == kinds("CM C CF Cy")
    assert state.coins[0] == 3


def test_z_r2_an_empty_bank_pays_nothing_and_a_poor_one_what_it_has() -> None:
    state = truck("camel")
    lay(state.boards[0], "e5", "C C C C")
    state.bank = 0
    play(state, "place camel e5")
    assert (state.coins[0], state.bank) == (2, 0)
    state = truck("camel")
    lay(state.boards[0], "e5", "C C C C")
    state.bank = 1  # rules note: the bonus is paid as far as the bank goes
    play(state, "place camel e5")
    assert (state.coins[0], state.bank) == (3, 0)


def test_z_r2_bred_fertile_tiles_keep_their_mark() -> None:
    assert zt.name(kinds("CM")[0]) == "camel/m-bred"
    assert zt.unbred(kinds("CM")[0]) == kinds("Cm")[0]
