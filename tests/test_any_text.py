"""Any text given to ``State.apply`` is an action or an ``IllegalAction``: never a crash.

Unicode digits passed ``str.isdigit()`` and crashed ``int()``;
numbers read from the text were interned without bound. Hypothesis writes arbitrary
text, and text shaped like each game's notation with odd numbers in it, for every game
in a position mid-game (where every kind of action is possible).
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zoogames
from zoogames.core.errors import IllegalAction
from zoogames.core.game import State
from zoogames.core.rng import Rng
from zoogames.games.aquaretto import actions as aquaretto_actions
from zoogames.games.aquarium_designer import actions as designer_actions
from zoogames.games.zooloretto import actions as zooloretto_actions

GAMES = ["aquaretto", "zooloretto", "aquaretto-zooloretto", "aquarium-designer"]

VERBS = ["draw", "load", "take", "place", "offspring", "worker", "move", "buy", "discard"]
WORDS = [*VERBS, "expand", "exchange", "small", "large", "depot", "barn", "e4", "pass"]
NUMBERS = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(["²", "①", "١", "٣,٢", "1_0", "+1", "0x1", "9" * 5000, "1,1,1", "-", ","]),
    st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
)
WORD = st.one_of(
    st.sampled_from(WORDS),
    NUMBERS,
    st.tuples(NUMBERS, NUMBERS).map(",".join),
    st.sampled_from(["dolphin/m", "camel/f", "kiosk", "r90", "r0", "A", "z"]),
)
NOTATION_LIKE = st.lists(WORD, min_size=1, max_size=6).map(" ".join)


@cache
def midgame(game: str) -> State:
    """A position some way into a random 3-player game (every kind of action is possible)."""
    state = zoogames.games.get(game).new_game(players=3, seed=11)
    rng = Rng(5, "any-text")
    for _ in range(60):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _apply_only_refuses(game: str, text: str) -> None:
    state = midgame(game).clone()
    try:
        state.apply(text)
    except IllegalAction:
        assert state == midgame(game)  # a refused action changes nothing


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=60))
def test_apply_of_any_text_raises_only_illegal_action(game: str, text: str) -> None:
    _apply_only_refuses(game, text)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=NOTATION_LIKE)
def test_apply_of_notation_with_odd_numbers_raises_only_illegal_action(
    game: str, text: str
) -> None:
    _apply_only_refuses(game, text)


@pytest.mark.parametrize(
    "game, text",
    [
        ("aquarium-designer", "draw ² 1,0 r0"),
        ("aquaretto", "buy ① 1,1"),
        ("zooloretto", "buy ① camel/m e4"),
        ("aquaretto", "place dolphin/m ١,٢"),
        ("aquarium-designer", "draw " + "9" * 5000 + " 0,0 r0"),
    ],
)
def test_unicode_digits_and_huge_numbers_are_refused(game: str, text: str) -> None:
    with pytest.raises(IllegalAction, match="is not a"):
        midgame(game).clone().apply(text)


def test_refused_numbers_are_never_interned() -> None:
    """Thousands of refused ``buy``/``draw`` numbers leave the action caches as they were."""
    caches = [
        aquaretto_actions.buy,
        zooloretto_actions.buy,
        designer_actions.draw,
    ]
    before = [c.cache_info().currsize for c in caches]
    for game, template in [
        ("aquaretto", "buy {} 1,1"),
        ("zooloretto", "buy {} camel/m e4"),
        ("aquarium-designer", "draw {} 1,0 r0"),
    ]:
        state = midgame(game)
        for n in range(50, 3000):
            with pytest.raises(IllegalAction):
                state.apply(template.format(n))
    assert [c.cache_info().currsize for c in caches] == before
    assert all(c.cache_info().maxsize is not None for c in caches)
