"""The API's answers are what ``zoogames.server.contract`` declares, key for key.

The client's types are generated from the contract (``web/src/api/api.gen.ts``), so an
answer that drifted from it would be a client reading keys that are not there. Each answer
here comes from a real server, in the states a player meets (a seat and a spectator, an
invitation, a game over, a review never asked, a refusal), and must validate strictly
(no ``"1"`` for an int, no null where none is declared) and survive the round trip
unchanged (a key the contract does not declare is dropped by validation, so the round
trip catches it).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from zoogames.server import contract

from .harness import Api, ServerProcess
from .play import play_seat_to_end
from .test_accounts import signed_up
from .test_forfeit import play_some
from .test_ratings import profile


def check(answer_type: type, answer: Any) -> None:
    """``answer`` validates strictly as ``answer_type`` and round-trips unchanged."""
    adapter: TypeAdapter[Any] = TypeAdapter(answer_type)
    raw = json.dumps(answer)
    validated = adapter.validate_json(raw, strict=True)
    assert json.loads(adapter.dump_json(validated)) == json.loads(raw)


def test_a_game_s_answers_match_the_contract(api: Api) -> None:
    check(contract.Catalog, api.http.get("/api/catalog").json())
    r = api.http.post(
        "/api/games",
        json={
            "game": "aquaretto",
            "players": 3,
            "options": {"start_player": 0},
            "seats": [
                {"kind": "me", "name": "Ann"},
                {"kind": "invite"},
                {"kind": "bot", "bot": "random"},
            ],
        },
    )
    assert r.status_code == 201, r.text
    created = r.json()
    check(contract.Created, created)
    gid = created["id"]
    check(contract.Snapshot, api.snapshot(gid, created["invitations"]["1"]))  # invited
    joined = api.join(gid, created["invitations"]["1"], "Bob").json()
    tokens = {"0": created["tokens"]["0"], "1": joined["token"]}
    play_some(api, gid, tokens, 3)
    check(contract.Snapshot, api.snapshot(gid, tokens["0"]))
    check(contract.Snapshot, api.snapshot(gid))  # a spectator
    said = api.http.post(
        f"/api/games/{gid}/chat", json={"text": "hi"}, headers=api.auth(tokens["1"])
    )
    check(contract.ChatMessage, said.json())
    check(contract.ChatLog, api.http.get(f"/api/games/{gid}/chat").json())
    api.http.post(f"/api/games/{gid}/leave", headers=api.auth(tokens["1"]))
    check(contract.Snapshot, api.snapshot(gid, tokens["0"]))  # a leaver's moves carry ``by``
    refused = api.act(gid, tokens["0"], "not an action")
    assert refused.status_code in (409, 422)
    check(contract.ErrorBody, refused.json())
    check(contract.Review, api.http.get(f"/api/games/{gid}/review").json())  # never asked


def test_hints_results_and_reviews_match_the_contract(api: Api) -> None:
    # One person against a bot: hints are on. Not solo: a solo game's hint and review are
    # the dearest there are (9 s of CPU for the review), left running on the shared server.
    created = api.create(
        "aquarium-designer", [{"kind": "me"}, {"kind": "bot", "bot": "random"}], start_player=0
    )
    gid, token = created["id"], created["tokens"]["0"]
    hint = api.http.post(f"/api/games/{gid}/hint", headers=api.auth(token))
    assert hint.status_code == 200, hint.text
    check(contract.Hint, hint.json())
    over = play_seat_to_end(api, gid, token)
    assert over["status"] == "over"
    check(contract.Snapshot, over)
    check(contract.ReplayStep, api.http.get(f"/api/games/{gid}/replay/2").json())
    asked = api.http.post(f"/api/games/{gid}/review")
    check(contract.Review, asked.json())


def test_accounts_lobby_and_ratings_match_the_contract(server: ServerProcess) -> None:
    anna, name = signed_up(server)
    try:
        r = anna.http.post(
            "/api/games",
            json={
                "game": "zooloretto",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "open"}],
                "listed": True,
            },
        )
        assert r.status_code == 201, r.text
        check(contract.Lobby, anna.http.get("/api/lobby").json())
        check(contract.MyGames, anna.http.get("/api/me/games").json())
        check(contract.NotifySettings, anna.http.get("/api/me/notify").json())
        check(contract.Profile, profile(anna, name))
        check(contract.Leaderboard, anna.http.get("/api/leaderboard/aquaretto").json())
    finally:
        anna.close()
