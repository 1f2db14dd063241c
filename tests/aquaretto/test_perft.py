"""Perft-style counts: the number of legal actions in pinned positions, worked out by hand."""

from __future__ import annotations

from zoogames.games.aquaretto import geometry as g

from .helpers import lay, new, truck

# Small boards around the bare base board (A-R1), counted by hand. The cells outside
# the 5×5 footprint that share an edge with a space are: (1..3,-1) above, (-1,1..2) on
# the left, (5,1..3) on the right and (2..3,5) below. A small board is a 2×2 box less
# one cell. Boxes at the footprint's corners would need a notch cell to touch a space,
# so they give none. A box holding k of those touching cells gives 4 boards if k ≥ 2,
# 3 if k = 1 (the board missing the touching cell touches nothing):
#   above:  boxes at x=0,1,2,3 (rows -2..-1): k = 1,2,2,1 → 3+4+4+3 = 14
#   left:   boxes at y=0,1,2 (columns -2..-1): k = 1,2,1  → 3+4+3   = 10
#   right:  boxes at y=0,1,2,3 (columns 5..6): k = 1,2,2,1 → 14
#   below:  boxes at x=1,2,3 (rows 5..6): k = 1,2,1        → 10
SMALL_AROUND_BASE = 14 + 10 + 14 + 10  # 48
# Large boards: a 2×2 box that holds at least one touching cell: 4 above, 3 left,
# 4 right, 3 below.
LARGE_AROUND_BASE = 4 + 3 + 4 + 3  # 14


def test_opening_with_one_coin_draw_or_a_small_board() -> None:
    state = new(3)
    assert len(state.legal_actions()) == 1 + SMALL_AROUND_BASE  # 49


def test_opening_with_two_coins_adds_the_large_boards() -> None:
    state = new(3)
    state.coins[0] = 2
    assert len(state.legal_actions()) == 1 + SMALL_AROUND_BASE + LARGE_AROUND_BASE  # 63


def test_opening_with_no_coin_only_draw() -> None:
    state = new(3)
    state.coins[0] = 0
    assert [str(a) for a in state.legal_actions()] == ["draw"]


def test_two_tiles_into_an_empty_zoo() -> None:
    # each of two different tiles may go on any of the 19 spaces or the depot
    state = truck("dolphin/m", "penguin/fish")
    assert len(state.legal_actions()) == 2 * (19 + 1)  # 40


def test_two_tiles_beside_one_dolphin() -> None:
    # a dolphin on (2,2): another dolphin on its 4 neighbours or the depot (5); an orca
    # anywhere but the dolphin's space and its 4 neighbours (19 - 5 = 14) or the depot (15)
    state = truck("dolphin", "orca")
    lay(state.zoos[0], "D", origin=(2, 2))
    assert len(state.legal_actions()) == 5 + 15  # 20


def test_loading_in_a_two_player_game() -> None:
    # the three trucks all have a free space at the start
    state = new(2)
    state.apply("draw")
    assert [str(a) for a in state.legal_actions()] == ["load A", "load B", "load C"]


def test_a_fourth_species_with_the_allowance_full() -> None:
    # three basins (allowance 3): a turtle can only go to the depot
    state = truck("turtle")
    lay(state.zoos[0], ". D . O .\n. . . . .\n. H . . .")
    assert [str(a) for a in state.legal_actions()] == ["place turtle depot"]


def test_the_base_board_has_19_spaces() -> None:
    assert g.BASE.bit_count() == 19
