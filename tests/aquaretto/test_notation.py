"""Aquaretto's text notation (docs/notation.md): every form round-trips; bad text is refused."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.aquaretto import AQUARETTO

EXAMPLES = [
    "draw",
    "load A",
    "take E",
    "place dolphin/m 2,3",
    "place penguin/fish depot",
    "place sea-lion/bolt -2,1",
    "place polar-bear 12,-8",
    "offspring 2,3",
    "worker cashier",
    "worker keeper",
    "worker manager",
    "worker 4,4",
    "move depot 2,3",
    "move cashier keeper",
    "move 1,1 2,2",
    "move manager 3,3",
    "buy 2 3,4",
    "discard",
    "expand small 5,1 6,1 5,2",
    "expand large 5,1 6,1 5,2 6,2",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_round_trip(text: str) -> None:
    action = AQUARETTO.parse_action(text)
    assert str(action) == text
    assert AQUARETTO.parse_action(str(action)) == action


def test_reading_is_forgiving_about_case_spaces_and_cell_order() -> None:
    assert str(AQUARETTO.parse_action("  LOAD  b ")) == "load B"
    a = AQUARETTO.parse_action("expand large 6,2 5,1 6,1 5,2")
    assert str(a) == "expand large 5,1 6,1 5,2 6,2"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("fly away", "expected draw, load X"),
        ("load F", "expected draw"),
        ("place unicorn 1,1", "not an animal tile"),
        ("place dolphin/fish 1,1", "not an animal tile"),
        ("place coin 1,1", "not an animal tile"),
        ("place dolphin 1;1", "not a cell"),
        ("place dolphin 40,1", "off the grid"),
        ("worker depot", "not a cell"),
        ("move keeper depot", "not a cell"),
        ("buy one 1,1", "not a seat number"),
        ("expand small 5,1 6,1", "covers an L of 3 cells"),
        ("expand large 5,1 6,1 5,2 7,2", "covers a 2×2 square"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        AQUARETTO.parse_action(text)
