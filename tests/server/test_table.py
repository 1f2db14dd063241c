"""At the table: chat and mutes, leaving, rematch.

Each test runs against a real server on SQLite and on PostgreSQL (``conftest.py``).
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from .harness import Api, ServerProcess
from .play import human_game, play_to_end


def post(api: Api, path: str, token: str | None, body: dict[str, Any] | None = None) -> Any:
    """POST ``path`` with ``token``; the response."""
    return api.http.post(path, json=body or {}, headers=Api.auth(token))


def next_chat(socket: Any) -> dict[str, Any]:
    """The next ``chat`` message on a socket, skipping states."""
    while True:
        message: dict[str, Any] = socket.receive(10)
        if message["type"] == "chat":
            return message


def test_chat_is_pushed_as_json_text_stored_and_muted_per_seat(api: Api) -> None:
    gid, tokens = human_game(api)
    markup = "<script>alert(1)</script> &amp; hi"
    with api.socket(gid) as zero, api.socket(gid) as one, api.socket(gid) as watcher:
        zero.hello(tokens[0])
        one.hello(tokens[1])
        watcher.hello(None)
        zero.send({"type": "chat", "text": f"  {markup}  "})
        for socket in (zero, one, watcher):
            message = next_chat(socket)
            assert message["text"] == markup  # as text: the client shows it, never parses it
            assert (message["seat"], message["name"]) == (0, "P0")
        r = post(api, f"/api/games/{gid}/mute", tokens[1], {"seat": 0})
        assert r.status_code == 200 and r.json() == {"muted": [0]}
        r = post(api, f"/api/games/{gid}/chat", tokens[0], {"text": "you will not see this"})
        assert r.status_code == 200, r.text
        r = post(api, f"/api/games/{gid}/chat", tokens[1], {"text": "from one"})
        assert r.status_code == 200
        assert next_chat(one)["text"] == "from one"  # zero's second message never came
        assert next_chat(zero)["text"] == "you will not see this"
        assert next_chat(watcher)["text"] == "you will not see this"
    heard = api.http.get(f"/api/games/{gid}/chat", headers=Api.auth(tokens[1])).json()
    assert [m["text"] for m in heard["messages"]] == ["from one"]  # none of seat 0's
    assert heard["muted"] == [0]
    everyone = api.http.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [m["text"] for m in everyone] == [markup, "you will not see this", "from one"]
    assert post(api, f"/api/games/{gid}/mute", tokens[1], {"seat": 0, "muted": False}).json() == {
        "muted": []
    }
    assert post(api, f"/api/games/{gid}/mute", tokens[1], {"seat": 1}).status_code == 422


def test_bad_chat_is_refused_with_a_sentence(api: Api) -> None:
    gid, tokens = human_game(api)
    for text, detail in (
        ("x" * 301, "a chat message is 1 to 300 characters"),
        ("   ", "a chat message is 1 to 300 characters"),
        ("bell\x07", "a chat message may hold printable characters only"),
        ("evil\u202eolleh", "a chat message may hold printable characters only"),
    ):
        r = post(api, f"/api/games/{gid}/chat", tokens[0], {"text": text})
        assert (r.status_code, r.json()["detail"]) == (422, detail), text
    r = post(api, f"/api/games/{gid}/chat", None, {"text": "a spectator"})
    assert r.status_code == 401
    assert api.http.get(f"/api/games/{gid}/chat").json()["messages"] == []


def test_a_player_who_leaves_is_replaced_by_the_creators_bot(api: Api) -> None:
    body = {
        "game": "aquaretto",
        "players": 2,
        "options": {"start_player": 0},
        "seats": [{"kind": "me", "name": "Stays"}, {"kind": "me", "name": "Goes"}],
        "leave_bot": "greedy",
    }
    created = api.http.post("/api/games", json=body).json()
    gid, tokens = created["id"], created["tokens"]
    r = post(api, f"/api/games/{gid}/leave", tokens["1"])
    assert r.status_code == 200, r.text
    snap = r.json()
    assert snap["you"] is None and snap["seats"][1]["kind"] == "bot"
    assert snap["seats"][1]["bot"] == "greedy"
    assert api.get(gid, tokens["1"]).status_code == 403  # the token is gone
    rng = random.Random(1)
    snap = api.snapshot(gid, tokens["0"])
    while snap["view"]["to_move"] == 0:  # seat 0's turn, to its end
        r = api.act(gid, tokens["0"], rng.choice(snap["view"]["legal"]), snap["number"])
        assert r.status_code == 200, r.text
        snap = r.json()
    handed = snap["number"]
    deadline = time.monotonic() + 30
    while api.snapshot(gid)["number"] == handed:  # the greedy bot plays seat 1
        assert time.monotonic() < deadline, "the bot never played the seat left to it"
        time.sleep(0.1)
    assert post(api, f"/api/games/{gid}/leave", tokens["1"]).status_code == 403


def test_a_rematch_deals_anew_for_the_same_seats_once(api: Api, server: ServerProcess) -> None:
    gid, tokens = human_game(api, start_player=0)
    assert post(api, f"/api/games/{gid}/rematch", tokens[0]).status_code == 409  # not over
    play_to_end(api, gid, tokens)
    clients = [Api(server.base) for _ in range(4)]
    with ThreadPoolExecutor(4) as pool:
        answers: list[httpx.Response] = list(
            pool.map(lambda c: post(c, f"/api/games/{gid}/rematch", tokens[1]), clients)
        )
    for c in clients:
        c.close()
    assert sorted(r.status_code for r in answers) == [201, 409, 409, 409]
    created = next(r.json() for r in answers if r.status_code == 201)
    new = created["id"]
    assert new != gid and list(created["tokens"]) == ["1"]
    assert api.snapshot(gid)["rematch"] == new
    again = post(api, f"/api/games/{gid}/rematch", tokens[0])
    assert (again.status_code, again.json()["detail"]) == (
        409,
        f"a rematch was made already: game {new}",
    )
    snap = api.snapshot(new, created["tokens"]["1"])
    assert snap["number"] == 0 and snap["you"] == 1
    assert [s["name"] for s in snap["seats"]] == ["P0", "P1"]
    assert snap["seats"][0]["joined"] is False  # offered to seat 0's player
    # seat 0's player takes it with the old game's token, exchanged for a new one
    r = api.join(new, tokens[0], "P0")
    assert r.status_code == 200, r.text
    fresh = r.json()["token"]
    assert fresh != tokens[0] and api.snapshot(new, fresh)["you"] == 0
    assert api.get(new, tokens[0]).status_code == 403  # the old token does not act here
