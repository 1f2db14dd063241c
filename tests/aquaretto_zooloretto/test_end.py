"""The end of "Aquaretto with Zooloretto": two reserves (ruling C-R1, the variant's GAME END)."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.aquaretto_zooloretto import AquarettoZoolorettoState
from zoogames.games.trucks import CLOSED, CLOSING, OPEN, RESERVE

from .helpers import legal, new, play


def to_reserve(state: AquarettoZoolorettoState, pile: int, left: int = 0) -> None:
    """Drop tiles from the top of a pile (as if drawn in earlier rounds) so that ``left``
    tiles stand above its reserve."""
    del state.piles[pile][RESERVE + left :]


def finish_round(state: AquarettoZoolorettoState) -> None:
    """Play the round out: place tiles anywhere, take a truck whenever one may be taken."""
    start = state.round
    while state.round == start and not state.is_terminal:
        acts = sorted(legal(state))
        first = [a for a in acts if a.startswith(("load", "place", "offspring", "worker", "take"))]
        state.apply(first[0] if first else next(a for a in acts if a.startswith("draw")))


def test_c_r1_the_first_reserve_tile_of_a_pile_closes_it_at_the_end_of_the_round() -> None:
    state = new(3)
    to_reserve(state, 0)
    play(state, "draw aquaretto", "load A")  # the first tile of Aquaretto's reserve
    assert state.pile_state == [CLOSING, OPEN]
    assert not state.final_round
    play(state, "draw aquaretto", "load A")  # this round it may still be drawn
    play(state, "draw zooloretto", "load B")
    finish_round(state)
    assert state.pile_state == [CLOSED, OPEN]
    left = len(state.piles[0])
    assert 0 < left < RESERVE  # its other tiles left the game, unseen
    assert state.view(0)["piles"][0] == {
        "name": "aquaretto",
        "pile": 0,
        "reserve": 0,
        "state": "closed",
    }
    # from now on only the other pile, and the truck restrictions lapse
    assert not state.restricted
    assert "draw aquaretto" not in legal(state)
    with pytest.raises(IllegalAction, match="the aquaretto pile has left the game"):
        state.apply("draw aquaretto")
    play(state, "draw zooloretto", "load A")
    assert any(a.startswith("take") for a in legal(state))  # one game on trucks is enough
    finish_round(state)
    assert len(state.piles[0]) == left  # never drawn again


def test_c_r1_the_first_reserve_tile_of_the_second_pile_ends_the_game() -> None:
    state = new(3)
    state.pile_state, state.restricted = [CLOSED, OPEN], False  # as after an earlier round
    to_reserve(state, 1)
    play(state, "draw zooloretto", "load A")
    assert state.final_round
    finish_round(state)
    assert state.is_terminal
    assert state.round == 1


def test_c_r1_both_reserves_reached_in_one_round_end_the_game_after_it() -> None:
    state = new(3)
    to_reserve(state, 0)
    to_reserve(state, 1)
    play(state, "draw aquaretto", "load A")
    assert (state.pile_state, state.final_round) == ([CLOSING, OPEN], False)
    play(state, "draw zooloretto", "load B")  # the second pile's first reserve tile
    assert state.final_round
