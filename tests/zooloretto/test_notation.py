"""Zooloretto's text notation (docs/notation.md): every form round-trips; bad text is refused."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.zooloretto import ZOOLORETTO
from zoogames.i18n import english

EXAMPLES = [
    "draw",
    "load A",
    "take C",
    "place camel/m e5",
    "place chimpanzee/f x1",
    "place kiosk s4a",
    "place popcorn sx2",
    "place zebra barn",
    "place snacks barn",
    "move elephant e4",
    "move panda/young x2",
    "move leopard/m-bred e6",
    "move barrow s5",
    "move s4a s6",
    "exchange e4 e5",
    "exchange e6 x1",
    "exchange e4 barn camel",
    "buy 2 flamingo/f e6",
    "buy 1 kiosk s4b",
    "discard kangaroo",
    "discard popcorn",
    "expand",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_round_trip(text: str) -> None:
    action = ZOOLORETTO.parse_action(text)
    assert str(action) == text
    assert ZOOLORETTO.parse_action(str(action)) == action


def test_reading_is_forgiving_about_case_spaces_and_order() -> None:
    assert str(ZOOLORETTO.parse_action("  PLACE  Camel/M  E5 ")) == "place camel/m e5"
    assert str(ZOOLORETTO.parse_action("exchange e5 e4")) == "exchange e4 e5"
    assert str(ZOOLORETTO.parse_action("exchange barn camel e6")) == "exchange e6 barn camel"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("fly away", "expected draw, load X"),
        ("place unicorn e4", "not a Zooloretto animal or stall"),
        ("place coin e4", "not a Zooloretto animal or stall"),
        ("place camel e7", "not a place"),
        ("place camel 2,2", "not a place"),
        ("move e4 e5", "only by an exchange"),
        ("exchange e4 s5", "not an enclosure"),
        ("exchange e4 barn unicorn", "not a species"),
        ("exchange e4 stable camel", "exchange e4 barn camel"),
        ("buy one camel e4", "not a seat number"),
        ("discard", "expected draw"),
        ("expand small", "expected draw"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        ZOOLORETTO.parse_action(text)


def test_every_legal_action_is_described_in_words() -> None:
    from zoogames.core.rng import Rng

    state = ZOOLORETTO.new_game(players=3, seed=8)
    rng = Rng(8)
    seen = set()
    while not state.is_terminal:
        for action in state.legal_actions():
            words = english(state.describe(action))
            assert words and words != str(action)
            seen.add(type(action).__name__)
        state.apply(rng.choice(state.legal_actions()))
    assert {"Draw", "Load", "Take", "Place", "Move", "Exchange", "Discard"} <= seen
