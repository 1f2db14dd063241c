"""Drawing and passing (ruling D-R1): laps, the next round's first player, the end."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.core.rng import Rng
from zoogames.games.aquarium_designer import DesignerState

from .helpers import any_draw, new, play


def draw_now(state: DesignerState) -> None:
    state.apply(any_draw(state))


def test_d_r1_the_rulebook_example_with_four_players() -> None:
    # Lap 1: player 1 draws, 2 passes, 3 passes, 4 draws. Lap 2: player 1 has drawn
    # (skipped), 2 draws, 3 draws, 4 has drawn. Player 3 drew last and starts round 2.
    state = new(4)
    draw_now(state)
    assert state.to_move == 1
    play(state, "pass")
    assert state.to_move == 2
    play(state, "pass")
    assert state.to_move == 3
    draw_now(state)
    assert state.to_move == 1  # seat 0 has drawn: lap 2 goes to the first passer
    assert "pass" not in [str(a) for a in state.legal_actions()]
    draw_now(state)
    assert state.to_move == 2 and state.round == 1
    draw_now(state)
    assert state.round == 2
    assert state.first == 2 and state.to_move == 2


def test_d_r1_with_no_pass_the_last_seat_in_order_starts_the_next_round() -> None:
    state = new(3, start_player=1)
    for seat in (1, 2, 0):
        assert state.to_move == seat
        draw_now(state)
    assert state.round == 2 and state.to_move == 0


def test_d_r1_a_player_passes_at_most_once_a_round() -> None:
    state = new(2)
    play(state, "pass")
    assert state.to_move == 1
    play(state, "pass")  # seat 1 may pass too
    assert state.to_move == 0
    before = state.clone()
    with pytest.raises(IllegalAction, match="passed once this round already"):
        state.apply("pass")
    assert state == before
    draw_now(state)
    draw_now(state)
    assert state.round == 2 and state.to_move == 1  # seat 1 drew last
    play(state, "pass")  # a new round: passing is allowed again
    assert state.passed == [False, True]


def test_d_r1_everyone_draws_within_two_laps() -> None:
    for seed in range(30):
        state = new(5, seed)
        rng = Rng(seed, "laps")
        turns = 0
        while state.round == 1:
            state.apply(rng.choice(state.legal_actions()))
            turns += 1
        assert turns <= 10  # at most 2 decisions per player
        assert state.first in range(5)


def test_passing_in_solo_play_changes_nothing_but_the_record() -> None:
    state = new(1)
    play(state, "pass")
    assert state.to_move == 0 and state.passed == [True]
    assert len(state.offer) == 5
    draw_now(state)
    assert state.round == 2 and state.to_move == 0


def test_d_r1_the_preview_cannot_be_taken() -> None:
    state = new(2)
    before = state.clone()
    with pytest.raises(IllegalAction, match=f"card {state.preview} is the preview"):
        state.apply(f"draw {state.preview} 1,0 r0")
    missing = next(c for c in range(1, 41) if c not in state.offer and c != state.preview)
    with pytest.raises(IllegalAction, match=f"card {missing} is not in the offer"):
        state.apply(f"draw {missing} 1,0 r0")
    assert state == before


def test_d_r1_a_drawn_card_leaves_the_offer() -> None:
    state = new(2)
    card = state.offer[0]
    play(state, f"draw {card} 1,0 r0")
    assert card not in state.offer
    with pytest.raises(IllegalAction, match=f"card {card} is not in the offer"):
        state.apply(f"draw {card} 0,1 r0")


def test_d_r1_the_game_ends_after_round_8() -> None:
    state = new(2, seed=4)
    rng = Rng(4)
    while state.round < 8:
        state.apply(rng.choice(state.legal_actions()))
    assert state.preview == 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == 8 and state.legal_actions() == []
    assert all(len(lay.cards) == 8 for lay in state.layouts)
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("pass")


def test_solo_the_cards_not_chosen_leave_the_game() -> None:
    state = new(1, deck_order=list(range(1, 41)))
    assert state.offer == [1, 2, 3, 4, 5] and state.preview == 6
    play(state, "draw 3 1,0 r0")
    assert state.left == [1, 2, 4, 5]
    assert state.offer == [6, 7, 8, 9, 10] and state.preview == 11
