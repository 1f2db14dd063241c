"""Game records (docs/records.md): save, load, replay, and clear errors for bad ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import zoogames
from zoogames import IllegalAction, InvalidRecord
from zoogames.core import record as rec
from zoogames.core.rng import Rng


def finished(seed: int = 4, players: int = 3) -> zoogames.core.State:
    state = zoogames.games.get("aquaretto").new_game(players=players, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_record_fields_and_round_trip(tmp_path: Path) -> None:
    state = finished()
    record = state.record()
    assert set(record) == {"game", "options", "seed", "actions", "result"}
    assert record["options"]["players"] == 3
    assert record["result"] == state.result().to_json()
    path = tmp_path / "game.json"
    rec.save(record, path)
    assert json.loads(path.read_text()) == record
    assert zoogames.replay(path) == state
    assert zoogames.replay(path.read_text()) == state


def test_a_record_in_progress_has_no_result() -> None:
    state = zoogames.games.get("aquaretto").new_game(players=2, seed=1)
    state.apply("draw")
    record = state.record()
    assert record["result"] is None
    assert record["actions"] == ["draw"]
    assert zoogames.replay(record) == state


def test_the_record_never_needs_the_pile_to_replay() -> None:
    # the seed and the options are enough: the shuffle is stable (core/rng.py)
    record = finished(seed=77).record()
    assert "draw_order" not in record["options"]
    assert zoogames.replay(json.loads(json.dumps(record))).result() == finished(seed=77).result()


def test_an_illegal_action_is_reported_with_its_index_and_text() -> None:
    record = finished().record()
    record["actions"][5] = "take E"
    with pytest.raises(IllegalAction) as info:
        zoogames.replay(record)
    assert info.value.index == 5
    assert info.value.text == "take E"
    assert str(info.value).startswith("action 5 ('take E'): ")


def test_a_malformed_action_is_reported_with_its_index() -> None:
    record = finished().record()
    record["actions"][2] = "dance"
    with pytest.raises(IllegalAction, match=r"action 2 \('dance'\): cannot read"):
        zoogames.replay(record)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a JSON object"),
        ({"game": "aquaretto"}, "no 'options'"),
        ({"game": "chess", "options": {"players": 2}, "seed": 1, "actions": []}, "unknown game"),
        ({"game": "aquaretto", "options": {}, "seed": 1, "actions": []}, "no 'players'"),
        ({"game": "aquaretto", "options": {"players": 2}, "seed": "x", "actions": []}, "'seed'"),
        ({"game": "aquaretto", "options": {"players": 2}, "seed": 1, "actions": [3]}, "action 0"),
        (
            {"game": "aquaretto", "options": {"players": 9}, "seed": 1, "actions": []},
            "cannot start a game",
        ),
        (
            {
                "game": "aquaretto",
                "options": {"players": 2},
                "seed": 1,
                "actions": [],
                "forfeited": 2,
            },
            "'forfeited' must be a seat",
        ),
        (
            {
                "game": "aquaretto",
                "options": {"players": 2},
                "seed": 1,
                "actions": [],
                "forfeited": True,
            },
            "'forfeited' must be a seat",
        ),
    ],
)
def test_bad_records_are_refused(data: object, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        zoogames.replay(data)


def test_not_json_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("this is not json")
    with pytest.raises(InvalidRecord, match="not JSON"):
        rec.load(bad)
    with pytest.raises(InvalidRecord, match="cannot read"):
        rec.load(tmp_path / "missing.json")


def test_draw_order_in_options_replays() -> None:
    game = zoogames.games.get("aquaretto")
    state = game.new_game(players=2, seed=3, draw_order=["coin", "orca/f"])
    state.apply("draw")
    state.apply("load A")
    record = state.record()
    assert record["options"]["draw_order"] == ["coin", "orca/f"]
    assert zoogames.replay(record) == state
