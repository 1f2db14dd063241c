"""``Game.option_specs()``: every option a game lists starts a game with the value chosen."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

import pytest

import zoogames
from zoogames.core.game import OptionSpec
from zoogames.games.aquarium_designer.cards import default_deck, parse_deck

CASES = [
    (gid, n)
    for gid in zoogames.games.ids()
    for n in range(zoogames.games.get(gid).min_players, zoogames.games.get(gid).max_players + 1)
]


def pick(spec: OptionSpec, players: int) -> Any:
    """A value of ``spec`` other than its default, for ``players`` players."""
    if spec.kind == "bool":
        return not spec.default
    if spec.kind == "seat":
        return players - 1
    if spec.kind == "subset":
        return [name for g in spec.groups for name in g.names[-g.count[players] :]]
    if spec.kind == "json":
        deck = json.loads(
            files("zoogames.games.aquarium_designer").joinpath("deck.json").read_text("utf-8")
        )
        deck["name"] = "another deck"
        deck["layout"] = deck["layout"][::-1]  # the same cards in another order: another digest
        return deck
    raise AssertionError(f"unknown kind {spec.kind}")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_listed_option_starts_a_game_with_the_value_chosen(
    game_id: str, players: int
) -> None:
    game = zoogames.games.get(game_id)
    specs = [s for s in game.option_specs() if not s.players or players in s.players]
    options = {s.name: pick(s, players) for s in specs}
    state = game.new_game(players=players, seed=1, **options)
    for spec in specs:
        if spec.kind in ("bool", "seat"):
            assert state.options[spec.name] == options[spec.name]
        elif spec.kind == "subset":
            assert sorted(state.options[spec.name]) == sorted(options[spec.name])
        elif spec.kind == "json":  # a deck: the game keeps its digest, not the deck
            chosen = parse_deck(options[spec.name]).digest
            assert chosen != default_deck().digest
            assert state.options[f"{spec.name}_hash"] == chosen
        else:
            raise AssertionError(f"option {spec.name} of kind {spec.kind} is not compared")
    json.dumps([s.to_json() for s in game.option_specs()])  # the catalog serves them as JSON


def test_every_game_lists_its_options_with_known_kinds() -> None:
    for gid in zoogames.games.ids():
        specs = zoogames.games.get(gid).option_specs()
        assert specs, gid
        for spec in specs:
            assert spec.kind in ("bool", "seat", "subset", "json")
            assert spec.label and spec.description
            for group in spec.groups:
                assert set(group.count) >= set(spec.players)
