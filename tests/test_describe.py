"""Move log messages (``State.describe``) in English: places as a player names them, other
seats by name (Czech and the catalogues: tests/test_i18n.py)."""

from __future__ import annotations

import re

import pytest

from zoogames import games
from zoogames.core.rng import Rng
from zoogames.i18n import english

COORDINATES = re.compile(r"-?\d+,-?\d+")


@pytest.mark.parametrize("game_id", games.ids())
def test_descriptions_name_places_and_seats_not_coordinates_or_numbers(game_id: str) -> None:
    state = games.get(game_id).new_game(players=3, seed=11)
    rng = Rng(11)
    names = ["{0}", "{1}", "{2}"]
    sellers = 0
    for _ in range(400):
        if state.is_terminal:
            break
        for action in state.legal_actions():
            text = english(state.describe(action, state.to_move), names)
            assert not COORDINATES.search(text), text
            assert "seat" not in text, text
            if str(action).startswith("buy "):
                seller = int(str(action).split()[1])
                assert f"from {{{seller}}}'s " in text, text
                assert f"from seat {seller}'s " in english(state.describe(action))  # numbers
                sellers += 1
        state.apply(rng.choice(state.legal_actions()))
    if game_id in ("aquaretto", "zooloretto", "aquaretto-zooloretto"):
        assert sellers > 0  # a purchase was described


def test_an_aquaretto_tile_goes_into_a_basin_in_words() -> None:
    state = games.get("aquaretto").new_game(players=2, seed=1, draw_order=["dolphin/m"])
    state.apply("draw")
    state.apply("load A")
    state.apply("take A")  # the other seat's turn does not come: the truck is the only one
    place = next(a for a in state.legal_actions() if str(a).startswith("place dolphin/m 0,"))
    assert english(state.describe(place)) == "puts a male dolphin in a new dolphin basin"
