"""Perft-style counts: the number of legal actions in pinned positions, worked out by hand."""

from __future__ import annotations

from .helpers import lay, legal, new, play, truck


def test_opening_with_two_coins_only_draw() -> None:
    # nothing in any barn, no stall placed, every enclosure empty: no move, exchange,
    # purchase or discard exists; expanding costs 3
    assert legal(new(3)) == {"draw"}


def test_opening_with_three_coins_draw_or_expand() -> None:
    state = new(3)
    state.coins[0] = 3
    assert legal(state) == {"draw", "expand"}


def test_loading_in_a_two_player_game_and_in_a_five_player_game() -> None:
    state = new(2)
    play(state, "draw")
    assert len(state.legal_actions()) == 3  # trucks A, B, C all have a free space
    state = new(5)
    play(state, "draw")
    assert len(state.legal_actions()) == 5


def test_three_tiles_into_an_empty_zoo() -> None:
    # camel: e4, e5, e6 or barn (4); camel/m: the same (4); kiosk: 4 stall spaces or barn (5)
    state = truck("camel", "camel/m", "kiosk")
    assert len(state.legal_actions()) == 4 + 4 + 5  # 13


def test_two_equal_tiles_are_one_choice_each_place() -> None:
    # two plain camels on the truck: the same 4 actions, not 8
    state = truck("camel", "camel")
    assert len(state.legal_actions()) == 4


def test_a_money_position_counted_by_hand() -> None:
    """Seat 0 has 2 coins; e4 holds 2 camels, e5 1 panda; a kiosk stands on s5; the barn
    holds an elephant and a popcorn stall. Other barns are empty.

    draw (1); move the elephant to e6, the only enclosure free for it (1); move the popcorn
    to s4a, s4b or s6 (3); move the kiosk from s5 to s4a, s4b or s6 (3); exchange e4↔e5,
    e4↔barn elephants, e5↔barn elephants (3); discard the elephant or the popcorn (2);
    nothing to buy; expanding costs 3. Total 13.
    """
    state = new(3)
    b = lay(state.boards[0], "e4", "C C")
    lay(b, "e5", "P")
    lay(b, "s5", "Ki")
    lay(b, "barn", "E Po")
    assert len(state.legal_actions()) == 1 + 1 + 3 + 3 + 3 + 2  # 13
    # a third coin adds the expansion (1); a tile in seat 1's barn that may go to e6,
    # s4a, s4b or s6: a zebra may go only to e6 (1)
    state.coins[0] = 3
    lay(state.boards[1], "barn", "Z")
    assert len(state.legal_actions()) == 13 + 1 + 1


def test_purchases_of_every_kind_of_every_other_barn() -> None:
    """4 players; seat 0 has 2 coins and an empty zoo. Seat 1's barn: 2 camels and a
    kiosk; seat 3's: a male camel. Purchases: camel to e4/e5/e6 (3), kiosk to 4 spaces (4),
    camel/m to e4/e5/e6 (3); with draw, 11."""
    state = new(4)
    lay(state.boards[1], "barn", "C C Ki")
    lay(state.boards[3], "barn", "Cm")
    assert len(state.legal_actions()) == 1 + 3 + 4 + 3
