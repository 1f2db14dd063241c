"""Perft-style counts: the number of legal actions in pinned positions, worked out by hand.

A draw is (offer card) × (free position) × (4 turns); ``pass`` adds 1 while the player has
not passed this round. Free positions share a side with a placed card and keep every card
within one 3×3 area around the entrance card (D-R1).
"""

from __future__ import annotations

from zoogames.games.aquarium_designer import DesignerState

from .helpers import new, play

ORDER = list(range(1, 41))


def count(state: DesignerState) -> int:
    return len(state.legal_actions())


def test_two_players_first_turn() -> None:
    # 2 offer cards × 4 sides of the entrance card × 4 turns, and pass
    assert count(new(2)) == 1 + 2 * 4 * 4  # 33


def test_two_players_second_seat_after_a_draw() -> None:
    # 1 card left × 4 positions × 4 turns, and pass
    state = new(2, deck_order=ORDER)
    play(state, "draw 1 1,0 r0")
    assert count(state) == 1 + 1 * 4 * 4  # 17


def test_a_player_who_passed_must_draw() -> None:
    state = new(2, deck_order=ORDER)
    play(state, "pass", "draw 1 1,0 r0")
    assert state.to_move == 0
    assert count(state) == 1 * 4 * 4  # 16: no second pass


def test_solo_first_turn() -> None:
    assert count(new(1)) == 1 + 5 * 4 * 4  # 81


def test_solo_beside_one_card() -> None:
    # entrance (0,0) and a card at (1,0): their free sides are (0,±1), (-1,0), (1,±1),
    # (2,0): 6 positions, every one inside some 3×3 area (x from -1..1 or 0..2)
    state = new(1, deck_order=ORDER)
    play(state, "draw 1 1,0 r0")
    assert count(state) == 1 + 5 * 6 * 4  # 121


def test_solo_three_in_a_row() -> None:
    # (0,0), (1,0), (2,0): x is full, so (-1,0) and (3,0) are out; free: the 3 above and
    # the 3 below
    state = new(1, deck_order=ORDER)
    play(state, "draw 1 1,0 r0", "draw 6 2,0 r0")
    assert count(state) == 1 + 5 * 6 * 4  # 121


def test_solo_an_l_of_three() -> None:
    # (0,0), (1,0), (1,1): neighbours (-1,0), (0,-1), (0,1), (1,-1), (2,0), (2,1), (1,2):
    # 7 positions; x and y span 2 each, so all fit in a 3×3 area
    state = new(1, deck_order=ORDER)
    play(state, "draw 1 1,0 r0", "draw 6 1,1 r0")
    assert count(state) == 1 + 5 * 7 * 4  # 141


def test_solo_last_card_has_one_place() -> None:
    # 8 cards in the 3×3 area: the 9th goes in the one gap
    state = new(1, deck_order=ORDER)
    places = ["1,0", "-1,0", "0,1", "0,-1", "1,1", "-1,1", "1,-1"]
    for r, where in enumerate(places):
        play(state, f"draw {5 * r + 1} {where} r0")
    assert state.round == 8
    assert count(state) == 1 + 5 * 1 * 4  # 21: the gap at (-1,-1)
