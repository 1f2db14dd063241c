"""The notation of "Aquaretto with Zooloretto" (docs/notation.md): both games' actions, named
piles; every form round-trips and no text means two things."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.aquaretto_zooloretto import AQUARETTO_ZOOLORETTO as GAME
from zoogames.games.aquaretto_zooloretto.state import PILE_TILES, tile_name
from zoogames.games.zooloretto.actions import ACTIONS as ZOO_ACTIONS
from zoogames.i18n import english, render

WATER = [
    "place dolphin/m 2,3",
    "place penguin/fish depot",
    "offspring 2,3",
    "worker cashier",
    "move depot 2,3",
    "move manager 3,3",
    "buy 2 3,4",
    "discard",
    "expand small 5,1 6,1 5,2",
]
ZOO = [
    "place camel/m e5",
    "place kiosk s4a",
    "place zebra barn",
    "move elephant e4",
    "move s4a s6",
    "exchange e4 e5",
    "exchange e4 barn camel",
    "buy 2 flamingo/f e6",
    "discard kangaroo",
    "expand",
]


@pytest.mark.parametrize("text", ["draw aquaretto", "draw zooloretto", "load C", "take A"])
def test_truck_actions_round_trip(text: str) -> None:
    assert str(GAME.parse_action(text)) == text


@pytest.mark.parametrize("text", WATER + ZOO)
def test_each_game_s_actions_round_trip_and_belong_to_their_game(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert (type(action) in ZOO_ACTIONS) == (text in ZOO)


def test_tile_names_never_clash_and_the_coins_are_named_by_pile() -> None:
    water, zoo = PILE_TILES
    assert not set(water) & set(zoo)
    assert "aquaretto-coin" in water and "zooloretto-coin" in zoo and "coin" not in water
    for names in PILE_TILES:
        assert all(tile_name(k) == n for n, k in names.items())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("place camel 2,2", "'2,2' is not a place"),  # a Zooloretto tile: its game's error
        ("place dolphin e4", "'e4' is not a cell"),  # an Aquaretto tile: its game's error
        ("draw water", "expected draw"),
        ("fly", "expected draw"),
    ],
)
def test_bad_text_gets_the_likely_game_s_reason(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        GAME.parse_action(text)


def test_every_legal_action_is_described_in_words() -> None:
    from zoogames.core.rng import Rng

    state = GAME.new_game(players=3, seed=8)
    rng = Rng(8)
    seen = set()
    while not state.is_terminal:
        for action in state.legal_actions():
            words = english(state.describe(action))
            assert words and words != str(action)
            seen.add(type(action).__module__.split(".")[-2] + "." + type(action).__name__)
        state.apply(rng.choice(state.legal_actions()))
    assert {
        "zooloretto.Place",
        "aquaretto.Place",
        "zooloretto.Exchange",
        "aquaretto.Expand",
    } <= seen


def test_a_coin_tile_in_words_names_its_pile() -> None:
    # The log reads "loads a coin from the Aquaretto pile onto truck A", not the notation's name.
    from zoogames.games.aquaretto import tiles as at
    from zoogames.games.aquaretto_zooloretto.state import tile_message
    from zoogames.games.zooloretto import tiles as zt

    assert english(tile_message(at.COIN)) == "a coin from the Aquaretto pile"
    assert english(tile_message(zt.COIN)) == "a coin from the Zooloretto pile"
    assert render(tile_message(zt.COIN), "cs", case="acc") == "minci z hromádky hry Zooloretto"
