"""Ratings: rated games, profiles and leaderboards.

Each test runs against a real server on SQLite and on PostgreSQL (``conftest.py``).
"""

from __future__ import annotations

import time
from typing import Any

from zoogames.server.ratings import bot_ratings
from zoogames.server.store import Store, open_engine

from .harness import Api, ServerProcess
from .play import play_to_end
from .test_accounts import query, signed_up


def rated_game(api: Api, seats: list[dict[str, Any]], **body: Any) -> Any:
    """``POST /api/games`` for a rated two-player Aquaretto game; the response."""
    return api.http.post(
        "/api/games",
        json={"game": "aquaretto", "players": len(seats), "seats": seats, "rated": True, **body},
    )


def profile(api: Api, name: str) -> dict[str, Any]:
    """``GET /api/players/{name}`` (checked: 200)."""
    r = api.http.get(f"/api/players/{name}")
    assert r.status_code == 200, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_a_rated_game_updates_both_ratings_once_at_the_end(server: ServerProcess) -> None:
    anna, anna_name = signed_up(server)
    ben, ben_name = signed_up(server)
    try:
        r = rated_game(anna, [{"kind": "me"}, {"kind": "invite"}], options={"start_player": 0})
        assert r.status_code == 201, r.text
        created = r.json()
        gid = created["id"]
        joined = ben.join(gid, created["invitations"]["1"], "Ben")
        assert joined.status_code == 200
        tokens = [created["tokens"]["0"], joined.json()["token"]]
        assert profile(anna, anna_name)["ratings"] == {}
        final = play_to_end(anna, gid, tokens, seed=3)
        winners = final["result"]["winners"]
        deadline = time.monotonic() + 20
        while not profile(anna, anna_name)["ratings"]:
            assert time.monotonic() < deadline, "the ratings were never updated"
            time.sleep(0.1)
        a, b = profile(anna, anna_name), profile(ben, ben_name)
        assert a["games"] == {"aquaretto": {"played": 1, "won": int(0 in winners)}}
        assert b["games"] == {"aquaretto": {"played": 1, "won": int(1 in winners)}}
        ra, rb = a["ratings"]["aquaretto"], b["ratings"]["aquaretto"]
        assert ra["games"] == rb["games"] == 1
        assert ra["sigma"] < 25 / 3 and rb["sigma"] < 25 / 3
        if winners == [0]:
            assert ra["mu"] > 25 > rb["mu"]
        elif winners == [1]:
            assert rb["mu"] > 25 > ra["mu"]
        [recent] = a["recent"]
        assert recent["id"] == gid and recent["rated"] is True and recent["seat"] == 0
        # the end of the game shows each account's change, from its ordinal before to after
        shown = anna.snapshot(gid, tokens[0])["result"]["ratings"]
        assert [c["after"] for c in shown] == [ra["ordinal"], rb["ordinal"]]
        assert all(c["before"] == 0.0 for c in shown)  # a first rating: mu 25, sigma 25/3
        assert final["result"].get("ratings") is None  # not before the game counted
        assert "ratings" not in anna.http.get(recent["record"]).json().get("result", {})
        assert anna.http.get(recent["replay"]).status_code == 200
        assert anna.http.get(recent["record"]).status_code == 200
        rows = query(server.db_url, "SELECT games FROM ratings WHERE game = 'aquaretto'")
        assert sorted(r.games for r in rows if r.games) >= [1, 1]
        [(rated_at,)] = query(server.db_url, "SELECT rated_at FROM games WHERE id = :g", g=gid)
        assert rated_at is not None
        store = Store(open_engine(server.db_url))  # a second update is refused by the guard
        try:
            assert not store.rate_game(gid, "aquaretto", [None, None], final["result"], {})
        finally:
            store.engine.dispose()
        assert profile(anna, anna_name)["ratings"]["aquaretto"] == ra
        board = anna.http.get("/api/leaderboard/aquaretto").json()
        names = [p["name"] for p in board["players"]]
        assert anna_name in names and ben_name in names
        ordinals = [p["ordinal"] for p in board["players"]]
        assert ordinals == sorted(ordinals, reverse=True)
        bots = {b["bot"]: b for b in board["bots"]}
        fixed = bot_ratings("aquaretto")  # the measured results' ratings (ratings.py)
        assert {spec: b["mu"] for spec, b in bots.items()} == {
            spec: round(mu, 3) for spec, (mu, _) in fixed.items()
        }
        # the ladder's order: each level above the one below it
        order = ["random", "beginner", "casual", "strong", "expert", "master"]
        assert [bots[s]["mu"] for s in order] == sorted(bots[s]["mu"] for s in order)
    finally:
        anna.close()
        ben.close()


def test_rated_games_are_for_signed_in_players_and_rated_bots(
    api: Api, server: ServerProcess
) -> None:
    r = rated_game(api, [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}])
    assert (r.status_code, r.json()["detail"]) == (401, "sign in to create a rated game")
    player, name = signed_up(server)
    try:
        r = rated_game(player, [{"kind": "me"}, {"kind": "bot", "bot": "mcts:seconds=0.5"}])
        assert r.status_code == 422
        rated = ", ".join(sorted(bot_ratings("aquaretto")))
        assert r.json()["detail"] == f"seat 1: a rated game takes only rated bots ({rated})"
        assert "mcts:seconds=0.5" not in rated and "random" in rated
        r = rated_game(player, [{"kind": "me"}, {"kind": "open"}], listed=True)
        assert r.status_code == 201
        gid = r.json()["id"]
        guest = api.http.post(f"/api/games/{gid}/seats/1/join", json={"name": "Guest"})
        assert (guest.status_code, guest.json()["detail"]) == (
            403,
            "this game is rated: sign in to take a seat",
        )
        lobby = api.http.get("/api/lobby").json()["open"]
        assert [t["rated"] for t in lobby if t["id"] == gid] == [True]
        assert profile(player, name.upper())["name"] == name  # any case
        assert api.http.get("/api/players/nobody-here").status_code == 404
        # to others, an account with no game over is like a name nobody has
        assert api.http.get(f"/api/players/{name}").status_code == 404
        assert api.http.get("/api/leaderboard/chess").status_code == 422
    finally:
        player.close()
