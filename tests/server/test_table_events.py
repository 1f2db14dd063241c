"""Who made a move or said a line never changes, and what happens to seats is told.

A player who leaves hands the seat to a bot, but the moves and the chat lines before stay
theirs: the snapshot credits them (``by``), ``GET …/chat`` names the speaker as they were,
and the log and the chat get system lines (``events``): joined, left, ran out of time,
forfeited, a rematch made. Before these were kept, every past move and line of a leaver
was credited to the bot that took the seat.
"""

from __future__ import annotations

from typing import Any

from .harness import Api, ServerProcess
from .test_accounts import query
from .test_forfeit import play_some


def post(api: Api, path: str, token: str, body: dict[str, Any] | None = None) -> Any:
    """POST ``path`` with ``token`` (checked: 200 or 201); the answer."""
    r = api.http.post(path, json=body or {}, headers=api.auth(token))
    assert r.status_code in (200, 201), r.text
    return r.json()


def test_a_leaver_keeps_their_moves_and_lines_and_the_table_says_what_happened(
    api: Api, server: ServerProcess
) -> None:
    created = api.create(
        "aquaretto", [{"kind": "me", "name": "Ann"}, {"kind": "invite"}], start_player=0
    )
    gid = created["id"]
    bob = api.join(gid, created["invitations"]["1"], "Bob").json()["token"]
    tokens = {"0": created["tokens"]["0"], "1": bob}
    play_some(api, gid, tokens, 4)
    post(api, f"/api/games/{gid}/chat", bob, {"text": "good luck"})
    before = api.snapshot(gid)
    assert [e["kind"] for e in before["events"]] == ["joined"]
    assert before["events"][0] | {"at": None} == {
        "kind": "joined",
        "number": 0,
        "seat": 1,
        "name": "Bob",
        "bot": None,
        "game": None,
        "at": None,
    }
    assert all("by" not in e for e in before["log"])  # nobody has left: no credits needed

    post(api, f"/api/games/{gid}/leave", bob)
    after = api.snapshot(gid)
    assert after["seats"][1]["kind"] == "bot"
    left = after["events"][-1]
    assert (left["kind"], left["seat"], left["name"], left["number"]) == ("left", 1, "Bob", 4)
    assert left["bot"]  # the level that plays on
    bobs = [e for e in after["log"] if e["seat"] == 1]
    assert bobs and all(e["by"] == "Bob" for e in bobs if e["number"] < 4)
    assert all("by" not in e for e in after["log"] if e["seat"] == 0)
    # the bot's own moves, after the leave, are the bot's
    assert all("by" not in e for e in after["log"] if e["number"] >= 4)

    chat = api.http.get(f"/api/games/{gid}/chat", headers=api.auth(tokens["0"])).json()
    assert [(m["name"], m["text"]) for m in chat["messages"]] == [("Bob", "good luck")]
    stored = query(server.db_url, "SELECT name FROM chat WHERE game_id = :g", g=gid)
    assert [tuple(row) for row in stored] == [("Bob",)]
    kinds = query(
        server.db_url, "SELECT kind, name FROM table_events WHERE game_id = :g ORDER BY id", g=gid
    )
    assert [tuple(row) for row in kinds] == [("joined", "Bob"), ("left", "Bob")]


def test_a_forfeit_and_a_rematch_are_lines_of_the_table(api: Api) -> None:
    body = {
        "game": "aquaretto",
        "players": 2,
        "options": {"start_player": 0},
        "seats": [{"kind": "me", "name": "Ann"}, {"kind": "me", "name": "Cleo"}],
        "on_leave": "forfeit",
    }
    r = api.http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    gid, tokens = created["id"], created["tokens"]
    play_some(api, gid, tokens, 2)
    post(api, f"/api/games/{gid}/leave", tokens["1"])
    over = api.snapshot(gid)
    assert [(e["kind"], e["seat"], e["name"], e["number"]) for e in over["events"]] == [
        ("forfeited", 1, "Cleo", 2)
    ]
    again = post(api, f"/api/games/{gid}/rematch", tokens["0"])
    events = api.snapshot(gid)["events"]
    assert [(e["kind"], e["game"]) for e in events] == [
        ("forfeited", None),
        ("rematch", again["id"]),
    ]
