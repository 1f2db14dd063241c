"""Placing a card (ruling D-R1): a full shared side, 4 turns, a 3×3 area, no moving."""

from __future__ import annotations

from typing import Any

import pytest

from zoogames import IllegalAction
from zoogames.games.aquarium_designer import DesignerState
from zoogames.games.aquarium_designer import layout as L

from .helpers import deck_with, new, play

ORDER = list(range(1, 41))


def solo(**options: Any) -> DesignerState:
    return new(1, deck_order=ORDER, **options)


def free(state: DesignerState) -> set[tuple[int, int]]:
    assert state.to_move is not None
    return {L.XY[p] for p in L.bits(state.layouts[state.to_move].free())}


def test_d_r1_a_card_shares_a_full_side_with_a_placed_card() -> None:
    state = solo()
    assert free(state) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    with pytest.raises(IllegalAction, match="would share no full side"):
        state.apply("draw 1 1,1 r0")  # only a corner touches the entrance card
    with pytest.raises(IllegalAction, match="would share no full side"):
        state.apply("draw 1 2,0 r0")
    with pytest.raises(IllegalAction, match="0,0 already holds a card"):
        state.apply("draw 1 0,0 r0")


def test_d_r1_cards_stay_within_3_by_3() -> None:
    state = solo()
    play(state, "draw 1 1,0 r0", "draw 6 2,0 r0")
    assert free(state) == {(0, -1), (0, 1), (1, -1), (1, 1), (2, -1), (2, 1)}
    with pytest.raises(IllegalAction, match="larger than 3×3 cards"):
        state.apply("draw 11 -1,0 r0")
    play(state, "draw 11 2,1 r0", "draw 16 2,2 r0")
    # x spans 0..2 and y 0..2 now: the 3×3 area is fixed, the entrance card in a corner
    assert free(state) == {(0, 1), (1, 1), (1, 2)}
    with pytest.raises(IllegalAction, match="larger than 3×3 cards"):
        state.apply("draw 21 2,-1 r0")


def test_d_r1_the_entrance_card_may_end_in_a_corner() -> None:
    state = solo()
    for card, where in zip(
        range(1, 41, 5), ["1,0", "2,0", "0,1", "1,1", "2,1", "0,2", "1,2", "2,2"], strict=True
    ):
        play(state, f"draw {card} {where} r0")
    assert state.is_terminal
    lay = state.layouts[0]
    assert (lay.minx, lay.maxx, lay.miny, lay.maxy) == (0, 2, 0, 2)


def test_positions_off_the_grid_are_no_action() -> None:
    state = solo()
    with pytest.raises(IllegalAction, match="off the grid"):
        state.apply("draw 1 3,0 r0")


def test_d_r1_a_card_goes_in_any_of_4_turns() -> None:
    data = deck_with(layout={1: "A* S / D P"})
    for turns, text in enumerate(["A* S / D P", "D A* / P S", "P D / S A*", "S P / A* D"]):
        state = new(1, deck=data, deck_order=ORDER)
        play(state, f"draw 1 1,0 r{90 * turns}")
        lay = state.layouts[0]
        off = L.OFFSET[L.pos(1, 0)]
        sections = []
        for bit in L.LOCAL:
            b = 1 << (off + bit)
            colour = next(c for c in range(4) if lay.colours[c] & b)
            sections.append("ASDP"[colour] + ("*" if lay.animals & b else ""))
        assert f"{sections[0]} {sections[1]} / {sections[2]} {sections[3]}" == text


def test_d_r1_colours_need_not_match_across_edges() -> None:
    # every free position takes every card in every turn, whatever the colours
    state = solo()
    assert len(state.legal_actions()) == 1 + 5 * 4 * 4


def test_d_r1_cards_never_move() -> None:
    state = solo()
    play(state, "draw 1 1,0 r0")
    with pytest.raises(IllegalAction, match="1,0 already holds a card"):
        state.apply("draw 6 1,0 r90")
    assert state.layouts[0].cards == [(1, 1, 0, 0)]


def test_a_card_may_go_on_either_side_of_the_entrance() -> None:
    state = solo()
    play(state, "draw 1 -1,0 r0", "draw 6 0,-1 r270")
    assert state.layouts[0].cards == [(1, -1, 0, 0), (6, 0, -1, 3)]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_d_r1_check_allows_exactly_the_legal_placements(players: int) -> None:
    """``check`` (with its fast path) and ``legal_actions`` agree at every position.

    Over whole random games: every card in the offer, at every position of the grid and
    one beyond it, in every turn; a refusal always gives ``why_not``'s reason.
    """
    from zoogames.core.rng import Rng
    from zoogames.games.aquarium_designer.actions import draw

    for seed in range(3):
        state = new(players, seed=seed)
        rng = Rng(seed, "check")
        while not state.is_terminal:
            seat = state.to_move
            assert seat is not None
            legal = set(state.legal_actions())
            for card in state.offer:
                for x in range(L.LO - 1, L.HI + 2):
                    for y in range(L.LO - 1, L.HI + 2):
                        for turns in range(4):
                            action = draw(card, x, y, turns)
                            why = state.check(action)
                            assert (why is None) == (action in legal), (action, why)
                            if why is not None:
                                assert why == state.layouts[seat].why_not(x, y)
            state.apply(rng.choice(state.legal_actions()))
