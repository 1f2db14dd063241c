"""Records, views, copies and the command line for Aquarium Designer (docs/records.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import zoogames
from zoogames import IllegalAction, InvalidRecord
from zoogames.cli import app
from zoogames.core import record as rec
from zoogames.core.rng import Rng
from zoogames.games.aquarium_designer import AQUARIUM_DESIGNER, DesignerState
from zoogames.games.aquarium_designer.cards import default_deck
from zoogames.i18n import english, render

from .helpers import deck_with

runner = CliRunner()


def finished(players: int = 3, seed: int = 4, **options: object) -> DesignerState:
    state = AQUARIUM_DESIGNER.new_game(players=players, seed=seed, **options)
    rng = Rng(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def deck_file(tmp_path: Path, **changes: str) -> Path:
    data = deck_with(layout={int(k[1:]): v for k, v in changes.items()})
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    return path


def test_a_record_states_its_setup_and_replays() -> None:
    state = finished()
    record = state.record()
    assert record["game"] == "aquarium-designer"
    options = record["options"]
    assert set(options) == {"players", "start_player", "entrances", "advanced", "deck_hash"}
    assert options["deck_hash"] == default_deck().digest
    assert record["result"] == state.result().to_json()
    assert set(record["result"]) == {"winners", "scores", "animals"}
    assert zoogames.replay(json.loads(json.dumps(record))) == state


def test_a_record_of_another_deck_carries_the_deck(tmp_path: Path) -> None:
    path = deck_file(tmp_path, n1="A* A* / A* A")
    state = finished(2, deck=str(path))
    record = state.record()
    assert record["options"]["deck"]["layout"][0] == "A* A* / A* A"
    path.unlink()  # the record no longer needs the file
    assert zoogames.replay(record) == state


def test_a_record_never_replays_silently_against_another_deck(tmp_path: Path) -> None:
    record = finished(2).record()
    record["options"]["deck"] = str(deck_file(tmp_path, n1="A* A* / A* A"))
    with pytest.raises(InvalidRecord, match="does not match the deck given"):
        zoogames.replay(record)
    record = finished(2).record()
    record["options"]["deck_hash"] = "0" * 16  # a record made with a deck we do not have
    with pytest.raises(InvalidRecord, match="was played with another deck"):
        zoogames.replay(record)


def test_an_illegal_action_in_a_record_is_reported_with_its_index() -> None:
    record = finished().record()
    record["actions"][1] = "draw 99 1,0 r0"
    with pytest.raises(IllegalAction, match=r"action 1 \('draw 99 1,0 r0'\): card 99 is not"):
        zoogames.replay(record)


def test_the_view_shows_the_preview_but_never_the_deck() -> None:
    state = AQUARIUM_DESIGNER.new_game(players=3, seed=2)
    view = state.view(1)
    assert view["preview"] is not None and view["preview"]["card"] == state.preview
    assert [c["card"] for c in view["offer"]] == sorted(state.offer)
    assert view["deck"] == 40 - 3 - 1  # 3 offered, 1 preview
    assert view["legal"] == [] and view["seat"] == 1
    assert state.view(state.to_move)["legal"] == [str(a) for a in state.legal_actions()]
    assert view["offer"][0]["sections"][0].keys() == {"colour", "animal"}
    other = state.determinize(Rng(5))
    assert other.pile != state.pile and other.preview == state.preview
    for seat in (None, 0, 1, 2):
        assert other.view(seat) == state.view(seat)
    text = json.dumps(view)
    for card in state.pile:
        assert f'"card": {card},' not in text


def test_views_of_a_finished_game_hold_every_card_placed() -> None:
    state = finished(2)
    for lay_view in state.view(None)["layouts"]:
        assert len(lay_view["cards"]) == 9
        entrance = lay_view["cards"][0]["card"]
        assert isinstance(entrance, str) and entrance.startswith("E")
        assert lay_view["free"] == []


def test_clone_is_independent() -> None:
    state = AQUARIUM_DESIGNER.new_game(players=2, seed=3)
    copy = state.clone()
    copy.apply(copy.legal_actions()[-1])
    assert copy != state
    assert state.layouts[state.to_move or 0].cards == []


def test_describe_in_plain_words() -> None:
    state = AQUARIUM_DESIGNER.new_game(players=2, seed=3, deck_order=[7])
    # No coordinates or notation in a move log: the board shows where the card went.
    draw = state.describe(state.game.parse_action("draw 7 1,0 r90"))
    assert english(draw) == "draws card 7 for the aquarium"
    assert render(draw, "cs") == "bere kartu 7 do akvária"  # a Designer placement
    assert english(state.describe(state.game.parse_action("pass"))) == "passes"
    assert render(state.describe(state.game.parse_action("pass")), "cs") == "pasuje"


# ----- the command line ------------------------------------------------------------------


def test_cli_simulate_solo_and_five_players() -> None:
    for players in ("1", "5"):
        out = runner.invoke(
            app, ["simulate", "aquarium-designer", "-p", players, "-n", "5", "--json"]
        )
        assert out.exit_code == 0, out.output
        data = json.loads(out.output)
        assert data["players"] == int(players) and data["games"] == 5


def test_cli_play_replay_and_another_deck(tmp_path: Path) -> None:
    deck = deck_file(tmp_path, n1="A* A* / A* A")
    path = tmp_path / "g.json"
    out = runner.invoke(
        app,
        [
            "play",
            "aquarium-designer",
            "-p",
            "1",
            "-s",
            "greedy",
            "--seed",
            "3",
            "-o",
            f"deck={deck}",
            "-o",
            "advanced=true",
            "--save",
            str(path),
        ],
    )
    assert out.exit_code == 0, out.output
    assert "Game over." in out.output and "rank " in out.output
    record = rec.load(path)
    assert record["options"]["advanced"] is True
    assert record["options"]["deck"]["layout"][0] == "A* A* / A* A"
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 0, out.output
    assert "game over" in out.output and "seat 0: " in out.output
    out = runner.invoke(
        app, ["simulate", "aquarium-designer", "-p", "2", "-n", "2", "-o", f"deck={deck}"]
    )
    assert out.exit_code == 0, out.output


def test_cli_a_bad_deck_file_names_every_bad_card(tmp_path: Path) -> None:
    data = default_deck().to_json()
    data["layout"][2] = "A S / D"
    data["layout"][9] = "A S / D X"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = runner.invoke(app, ["simulate", "aquarium-designer", "-p", "2", "-o", f"deck={path}"])
    assert out.exit_code == 1
    assert "is not a playable deck (2 problem(s))" in out.output
    assert "layout card 3: " in out.output and "layout card 10: " in out.output
    assert "Traceback" not in out.output


def test_cli_play_as_a_human_draws_the_aquarium() -> None:
    out = runner.invoke(
        app,
        [
            "play",
            "aquarium-designer",
            "-p",
            "2",
            "-s",
            "human",
            "-s",
            "random",
            "--seed",
            "1",
            "-o",
            "start_player=0",
            "-o",
            "deck_order=[1,2,3]",
        ],
        input="draw 3 1,0 r0\npass\npass\ndraw 1 5,0 r0\ndraw 1 1,0 r90\ndraw 2 1,0 r90\nq\n",
    )
    assert out.exit_code == 0, out.output
    assert "Offer, each card in its 4 turns:" in out.output
    assert "Preview (joins next round's offer):" in out.output
    assert "y=0" in out.output and "E1" in out.output
    assert "not allowed: card 3 is the preview" in out.output
    assert "seat 0 (you) passes" in out.output
    assert "not allowed: you passed once this round already" in out.output
    assert "off the grid" in out.output
    assert "seat 0 (you) draws card " in out.output  # 1 or 2: the one seat 1 left
