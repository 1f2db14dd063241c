"""Hints: who may ask, when, and what the answer is.

Each test runs against a real server on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import itertools
import os
import random

import httpx

from .harness import Api
from .play import post_table


def new_table(api: Api, seats: list[dict[str, str]], **body: object) -> dict[str, object]:
    """A new Aquaretto table (checked: 201); its answer."""
    r = post_table(api, seats, **body)
    assert r.status_code == 201, r.text
    created: dict[str, object] = r.json()
    return created


def ask(api: Api, game_id: str, token: str | None) -> httpx.Response:
    """``POST /api/games/{id}/hint``."""
    return api.http.post(f"/api/games/{game_id}/hint", headers=api.auth(token))


def test_hints_are_on_against_bots_and_never_between_people(api: Api) -> None:
    solo = new_table(api, [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    assert api.snapshot(str(solo["id"]))["hints"] is True
    two = new_table(api, [{"kind": "me"}, {"kind": "me"}])
    gid, tokens = str(two["id"]), two["tokens"]
    assert isinstance(tokens, dict)
    assert api.snapshot(gid)["hints"] is False
    r = ask(api, gid, tokens["0"])
    assert r.status_code == 403
    assert r.json() == {
        "detail": "hints are off at this table",
        "message": {"id": "error.hints_off", "params": {}},
    }
    # asked for between people: refused (tests/server/test_notify_security.py)
    r = post_table(api, [{"kind": "me"}, {"kind": "me"}], hints=True)
    assert r.status_code == 422 and r.json()["message"]["id"] == "error.hints_humans"
    off = new_table(api, [{"kind": "me"}, {"kind": "bot", "bot": "random"}], hints=False)
    assert api.snapshot(str(off["id"]))["hints"] is False


def test_a_hint_is_for_the_seat_to_move_with_a_token(api: Api) -> None:
    # the bot starts, thinking for 2 s: meanwhile it is not the player's turn
    slow = {"kind": "bot", "bot": "mcts:seconds=2"}
    created = new_table(api, [{"kind": "me"}, slow], options={"start_player": 1})
    gid, tokens = str(created["id"]), created["tokens"]
    assert isinstance(tokens, dict)
    r = ask(api, gid, tokens["0"])  # seat 1 (the bot) is to move
    assert r.status_code == 409
    assert r.json()["detail"] == "a hint is for your own turn"
    assert ask(api, gid, None).status_code == 401
    assert ask(api, gid, "not-a-token").status_code == 403
    assert ask(api, "nosuchgame", tokens["0"]).status_code == 404


def test_a_hint_suggests_a_legal_action_and_is_kept_for_the_position(api: Api) -> None:
    created = new_table(api, [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    tokens = created["tokens"]
    assert isinstance(tokens, dict)
    gid, token = str(created["id"]), tokens["0"]
    rng = random.Random(2)
    snap = api.snapshot(gid, token)
    for _ in range(3):  # a little way into the game
        if snap["view"]["to_move"] != 0:
            break
        snap = api.act(gid, token, rng.choice(snap["view"]["legal"]), snap["number"]).json()
    while api.snapshot(gid)["view"]["to_move"] != 0:  # the bot moves
        pass
    snap = api.snapshot(gid, token)
    r = ask(api, gid, token)
    assert r.status_code == 200, r.text
    found = r.json()
    assert found["number"] == snap["number"] and found["seat"] == 0
    assert found["actions"][0] in snap["view"]["legal"]
    assert ask(api, gid, token).json() == found
    # where there is a choice: the alternatives the search weighed, each legal and in words
    while len(snap["view"]["legal"]) < 2:
        snap = api.act(gid, token, snap["view"]["legal"][0], snap["number"]).json()
        while api.snapshot(gid)["view"]["to_move"] != 0:  # the bot moves
            pass
        snap = api.snapshot(gid, token)
    found = ask(api, gid, token).json()
    assert found["alternatives"] and found["value"] is not None
    for alt in found["alternatives"]:
        assert alt["action"] in snap["view"]["legal"]
        assert alt["message"]["id"] and 0 <= alt["value"] <= 1


_names = itertools.count()


def test_a_rated_game_allows_no_hints(api: Api) -> None:
    name = f"hinter{os.getpid()}x{next(_names)}"
    r = api.http.post("/api/signup", json={"name": name, "password": "a long password"})
    assert r.status_code == 201, r.text
    body = {
        "game": "aquaretto",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}],
        "rated": True,
    }
    r = api.http.post("/api/games", json={**body, "hints": True})
    assert r.status_code == 422
    assert r.json()["detail"] == "a rated game allows no hints"
    rated = api.http.post("/api/games", json=body).json()  # alone against a bot: still off
    assert api.snapshot(rated["id"])["hints"] is False


def test_a_hints_steps_are_described_up_to_the_first_that_reveals() -> None:
    from zoogames import games
    from zoogames.server.table import described_steps

    state = games.get("aquaretto").new_game(players=2, seed=4, start_player=0)
    steps = described_steps(state, 0, ["draw", "load A", "pass"])
    assert [s["action"] for s in steps] == ["draw"]  # what follows a draw is a guess
    assert steps[0]["message"] == state.describe(state.game.parse_action("draw"), 0).to_json()
    assert described_steps(state, 0, ["no such action"]) == []
    assert described_steps(state, 0, ["take A"]) == []  # not legal: nothing is described
