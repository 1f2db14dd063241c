"""Setup and card counts (rulings D-D1, D-R1): offer, preview, and the whole deck's flow."""

from __future__ import annotations

import pytest

from zoogames import InvalidOptions
from zoogames.core.rng import Rng
from zoogames.games.aquarium_designer import AQUARIUM_DESIGNER, DesignerState
from zoogames.games.aquarium_designer.state import offer_size

from .helpers import deck_with, new


@pytest.mark.parametrize(("players", "offer"), [(1, 5), (2, 2), (3, 3), (4, 4), (5, 5)])
def test_d_r1_round_one_offers_a_card_per_player_and_shows_a_preview(
    players: int, offer: int
) -> None:
    state = new(players)
    assert offer_size(players) == offer
    assert len(state.offer) == offer
    assert state.preview not in state.offer and state.preview > 0
    assert len(state.pile) == 40 - offer - 1
    assert state.round == 1 and state.to_move == 0


def test_d_r1_each_player_gets_an_entrance_card_at_the_centre() -> None:
    state = AQUARIUM_DESIGNER.new_game(players=5, seed=9)
    entrances = state.options["entrances"]
    assert len(set(entrances)) == 5 and set(entrances) <= set(range(1, 7))
    for seat, lay in enumerate(state.layouts):
        assert lay.entrance == entrances[seat]
        assert lay.cards == [] and lay.occupied == 1 << 12  # position (0,0)


def cards_seen(players: int, seed: int) -> tuple[list[list[int]], list[int], DesignerState]:
    """Play a random game; every round's offer (as dealt) and preview."""
    state = new(players, seed)
    rng = Rng(seed, "cards")
    offers, previews = [], []
    while not state.is_terminal:
        if not any(state.drawn) and not any(state.passed):
            offers.append(sorted(state.offer))
            previews.append(state.preview)
        state.apply(rng.choice(state.legal_actions()))
    return offers, previews, state


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_d_r1_the_preview_joins_the_next_offer_and_round_8_has_none(players: int) -> None:
    offers, previews, state = cards_seen(players, seed=players)
    assert len(offers) == 8
    for r in range(7):
        assert previews[r] in offers[r + 1]
        assert previews[r] not in offers[r]
    assert previews[7] == 0
    used = {c for offer in offers for c in offer}
    assert len(used) == 8 * offer_size(players)
    assert len(state.pile) == 40 - 8 * offer_size(players)


@pytest.mark.parametrize("players", [1, 5])
def test_d_r1_solo_and_five_players_use_all_40_cards(players: int) -> None:
    offers, _, state = cards_seen(players, seed=11)
    assert sorted(c for offer in offers for c in offer) == list(range(1, 41))
    assert state.pile == [] and state.preview == 0
    if players == 1:
        assert len(state.left) == 32  # 4 cards a round leave the game
        assert len(state.layouts[0].cards) == 8
    else:
        assert state.left == []
        assert all(len(lay.cards) == 8 for lay in state.layouts)


def test_deck_order_pins_offer_and_preview() -> None:
    order = [40, 39, 38, 37, 36, 35]
    state = new(1, deck_order=order)
    assert state.offer == [40, 39, 38, 37, 36]
    assert state.preview == 35
    full = list(range(1, 41))
    a = new(3, seed=1, deck_order=full)
    b = new(3, seed=2, deck_order=full)
    assert a.pile == b.pile  # the whole order given: the seed no longer matters


def test_the_start_player_and_entrances_come_from_the_seed_unless_given() -> None:
    a = AQUARIUM_DESIGNER.new_game(players=4, seed=5)
    b = AQUARIUM_DESIGNER.new_game(players=4, seed=5)
    assert a == b
    assert a.options["start_player"] == a.to_move == a.first
    c = AQUARIUM_DESIGNER.new_game(players=4, seed=5, start_player=2, entrances=[6, 5, 4, 3])
    assert c.to_move == 2 and [lay.entrance for lay in c.layouts] == [6, 5, 4, 3]
    assert c.pile == a.pile  # naming them does not change the shuffle


def test_solo_starts_with_seat_0() -> None:
    state = AQUARIUM_DESIGNER.new_game(players=1, seed=123)
    assert state.to_move == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "unknown option"),
        ({"advanced": "yes"}, "advanced must be true or false"),
        ({"start_player": 3}, "start_player must be a seat from 0 to 2"),
        ({"entrances": [1, 1, 2]}, "3 different entrance card numbers"),
        ({"entrances": [1, 2]}, "3 different entrance card numbers"),
        ({"entrances": [1, 2, 7]}, "from 1 to 6"),
        ({"deck_order": [0]}, "deck_order\\[0\\]: 0 is not a layout card number"),
        ({"deck_order": [3, 3]}, "deck_order\\[1\\]: card 3 is listed twice"),
        ({"deck_order": "1,2"}, "deck_order must be a list"),
        ({"deck_hash": "0123456789abcdef"}, "does not match the deck given"),
        ({"deck": 5}, "deck must be a path or a deck object"),
        ({"deck": {"layout": []}}, "not a playable deck"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        AQUARIUM_DESIGNER.new_game(players=3, seed=1, **options)


@pytest.mark.parametrize("players", [0, 6])
def test_d_r1_one_to_five_players(players: int) -> None:
    with pytest.raises(InvalidOptions, match="1 to 5 players"):
        AQUARIUM_DESIGNER.new_game(players=players, seed=1)


def test_a_deck_given_as_content() -> None:
    data = deck_with(layout={1: "A A / A A*"})
    state = new(2, deck=data, deck_order=[1])
    assert 1 in state.offer
    assert state.deck.layout[0].text() == "A A / A A*"
    assert state.options["deck"]["layout"][0] == "A A / A A*"
    assert state.options["deck_hash"] == state.deck.digest
