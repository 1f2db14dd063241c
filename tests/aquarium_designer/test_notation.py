"""Aquarium Designer's notation (docs/notation.md): every form round-trips; bad text is refused."""

from __future__ import annotations

import pytest

from zoogames import IllegalAction
from zoogames.games.aquarium_designer import AQUARIUM_DESIGNER
from zoogames.games.aquarium_designer.actions import PASS, Draw

EXAMPLES = ["pass", "draw 17 1,0 r90", "draw 1 -1,-1 r0", "draw 40 2,2 r180", "draw 3 0,-2 r270"]


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_round_trip(text: str) -> None:
    action = AQUARIUM_DESIGNER.parse_action(text)
    assert str(action) == text
    assert AQUARIUM_DESIGNER.parse_action(str(action)) == action


def test_what_the_words_mean() -> None:
    assert AQUARIUM_DESIGNER.parse_action("draw 17 1,0 r90") == Draw(17, 1, 0, 1)
    assert AQUARIUM_DESIGNER.parse_action("pass") is PASS


def test_reading_is_forgiving_about_case_spaces_and_turns() -> None:
    parse = AQUARIUM_DESIGNER.parse_action
    assert str(parse("  DRAW  17   1,0  R90 ")) == "draw 17 1,0 r90"
    assert str(parse("draw 17 1,0 270")) == "draw 17 1,0 r270"
    assert str(parse("draw 17 1,0")) == "draw 17 1,0 r0"
    assert str(parse("draw 017 1,0 r0")) == "draw 17 1,0 r0"
    assert str(parse("PASS")) == "pass"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("take 17", "expected 'draw CARD X,Y TURN'"),
        ("pass 1", "expected 'draw CARD X,Y TURN'"),
        ("draw seventeen 1,0 r0", "'seventeen' is not a card number"),
        ("draw 17 1;0 r0", "'1;0' is not a position"),
        ("draw 17 3,0 r0", "off the grid"),
        ("draw 17 1,0 r45", "'r45' is not a turn"),
    ],
)
def test_bad_text_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        AQUARIUM_DESIGNER.parse_action(text)


def test_another_game_s_action_is_refused_with_a_reason() -> None:
    from zoogames.games.trucks import DRAW

    from .helpers import new

    state = new(2)
    assert state.check(DRAW) == "draw is not an Aquarium Designer action"
    assert state.check(Draw(state.offer[0], 1, 0, 7)) == "a card turns r0, r90, r180 or r270"
