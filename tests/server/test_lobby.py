"""The lobby: listed tables, open seats taken in one click, starting with bots.

Each test runs against a real server on SQLite and on PostgreSQL (``conftest.py``); the
race for the last seat also across two servers on one database, where only the
database's guard can decide.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import BACKENDS, Databases
from .harness import Api, ServerProcess
from .play import post_table
from .test_accounts import query, signed_up


def take(api: Api, gid: str, seat: int, name: str | None = "Taker") -> httpx.Response:
    """``POST /api/games/{gid}/seats/{seat}/join``."""
    body = {} if name is None else {"name": name}
    return api.http.post(f"/api/games/{gid}/seats/{seat}/join", json=body)


def listed_table(api: Api, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    """A listed two-player Aquaretto table whose seat 0 is the creator's; its answer."""
    r = post_table(api, seats, listed=True, **body)
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def in_lobby(api: Api, gid: str) -> tuple[str, dict[str, Any]] | None:
    """Where a game shows in the lobby (``open`` or ``playing``), and its entry."""
    lobby = api.http.get("/api/lobby").json()
    for part in ("open", "playing"):
        for entry in lobby[part]:
            if entry["id"] == gid:
                return part, entry
    return None


def test_an_open_table_is_listed_taken_in_one_click_and_starts_when_full(api: Api) -> None:
    created = listed_table(
        api, [{"kind": "me", "name": "Host"}, {"kind": "open"}, {"kind": "open"}], pace="turn-based"
    )
    gid, host = created["id"], created["tokens"]["0"]
    part, entry = in_lobby(api, gid) or ("", {})
    assert part == "open" and entry["free"] == 2 and entry["pace"] == "turn-based"
    assert entry["game"] == "aquaretto" and entry["players"] == 3
    assert [(s["name"], s["open"]) for s in entry["seats"]] == [
        ("Host", False),
        (None, True),
        (None, True),
    ]
    assert api.snapshot(gid, host)["open_seats"] == [1, 2]
    r = api.act(gid, host, "draw", 0)
    assert (r.status_code, r.json()["detail"]) == (
        409,
        "the table waits for players: it starts when every seat is taken",
    )
    guest = Api(api.base)
    r = take(guest, gid, 1, None)
    assert (r.status_code, r.json()["detail"]) == (422, "give a name")
    r = take(guest, gid, 1, "Guest")
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["you"] == 1 and joined["token"] and joined["open_seats"] == [2]
    assert take(guest, gid, 1, "Late").json()["detail"] == "this seat is taken; choose another"
    assert in_lobby(api, gid) is not None and (in_lobby(api, gid) or ("",))[0] == "open"
    assert take(guest, gid, 2, "Third").status_code == 200
    part, entry = in_lobby(api, gid) or ("", {})
    assert part == "playing" and entry["free"] == 0
    assert api.act(gid, host, "draw", 0).status_code == 200  # the game has started
    guest.close()


def test_unlisted_tables_stay_private_and_bad_tables_are_refused(api: Api) -> None:
    r = api.http.post(
        "/api/games",
        json={
            "game": "aquaretto",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "open"}],
        },
    )
    assert r.status_code == 201
    gid = r.json()["id"]
    assert in_lobby(api, gid) is None
    assert take(api, gid, 1).status_code == 200  # the link still lets a friend in
    bad = api.http.post(
        "/api/games",
        json={"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}] * 2, "pace": "fast"},
    )
    assert bad.status_code == 422
    bad = api.http.post(
        "/api/games",
        json={
            "game": "aquaretto",
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "open", "name": "X"}],
        },
    )
    assert (bad.status_code, bad.json()["detail"]) == (
        422,
        "seat 1 is open: whoever takes it names it",
    )
    assert take(api, gid, 5).status_code == 422


def test_a_signed_in_player_takes_a_seat_that_follows_the_account(
    api: Api, server: ServerProcess
) -> None:
    created = listed_table(api, [{"kind": "me"}, {"kind": "open"}])
    player, name = signed_up(server)
    try:
        r = take(player, created["id"], 1, None)
        assert r.status_code == 200, r.text
        assert r.json()["seats"][1]["name"] == name
        games = player.http.get("/api/me/games").json()["games"]
        assert [(g["id"], g["you"]) for g in games] == [(created["id"], [1])]
    finally:
        player.close()


def test_two_players_racing_for_the_last_seat_exactly_one_gets_it(
    api: Api, server: ServerProcess
) -> None:
    created = listed_table(api, [{"kind": "me"}, {"kind": "open"}])
    gid = created["id"]
    racers = [Api(server.base) for _ in range(6)]
    with ThreadPoolExecutor(len(racers)) as pool:
        answers = list(pool.map(lambda c, i: take(c, gid, 1, f"R{i}"), racers, range(6)))
    for c in racers:
        c.close()
    assert sorted(r.status_code for r in answers) == [200] + [409] * 5
    winner = next(r.json() for r in answers if r.status_code == 200)
    rows = query(
        server.db_url, "SELECT name, joined FROM seats WHERE game_id = :g AND seat = 1", g=gid
    )
    assert [tuple(r) for r in rows] == [(winner["seats"][1]["name"], True)]
    assert api.snapshot(gid, winner["token"])["you"] == 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_servers_on_one_database_never_give_one_seat_twice(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    url = databases.new(backend)
    first = ServerProcess(url, tmp_path / "first.log", tmp_path).start()
    second = ServerProcess(url, tmp_path / "second.log", tmp_path).start()
    a, b = Api(first.base), Api(second.base)
    try:
        gid = listed_table(a, [{"kind": "me"}, {"kind": "open"}])["id"]
        assert b.snapshot(gid)["open_seats"] == [1]  # the second server caches it open
        assert take(a, gid, 1, "First").status_code == 200
        late = take(b, gid, 1, "Second")  # its cache still says open: the database decides
        assert (late.status_code, late.json()["detail"]) == (
            409,
            "this seat is taken; choose another",
        )
        assert b.snapshot(gid)["open_seats"] == []  # it reloaded the game
        rows = query(url, "SELECT name FROM seats WHERE game_id = :g AND seat = 1", g=gid)
        assert [r.name for r in rows] == ["First"]
    finally:
        a.close()
        b.close()
        first.stop()
        second.stop()


def test_the_host_starts_with_bots_in_the_open_seats(api: Api) -> None:
    created = listed_table(api, [{"kind": "open"}, {"kind": "me"}, {"kind": "open"}])
    gid, host = created["id"], created["tokens"]["1"]
    guest = Api(api.base)
    token = take(guest, gid, 0, "Guest").json()["token"]
    start = "/api/games/{}/start"
    r = guest.http.post(
        start.format(gid), json={"bot": "random"}, headers={"Authorization": f"Bearer {token}"}
    )
    assert (r.status_code, r.json()["detail"]) == (
        403,
        "only the table's host (its creator) may start it",
    )
    r = api.http.post(
        f"/api/games/{gid}/seats/2/bot",
        json={"bot": "random"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 409
    r = api.http.post(
        start.format(gid), json={"bot": "random"}, headers={"Authorization": f"Bearer {host}"}
    )
    assert r.status_code == 200, r.text
    snap = r.json()
    assert snap["open_seats"] == [] and snap["seats"][2]["kind"] == "bot"
    assert snap["seats"][2]["bot"] == "random"
    r = api.http.post(
        start.format(gid), json={"bot": "random"}, headers={"Authorization": f"Bearer {host}"}
    )
    assert (r.status_code, r.json()["detail"]) == (409, "no seat is open: the game has started")
    assert guest.act(gid, token, "draw", 0).status_code == 200  # seat 0 starts
    guest.close()


def test_the_lobby_says_each_tables_clock(api: Api) -> None:
    """A "live" table may have no clock: the lobby sends it, so that it is not called live."""
    seats = [{"kind": "me", "name": "Host"}, {"kind": "open"}]
    untimed = listed_table(api, seats)["id"]
    timed = listed_table(api, seats, clock=120)["id"]
    clocks = {
        gid: (in_lobby(api, gid) or ("", {}))[1].get("clock", "absent") for gid in (untimed, timed)
    }
    assert clocks == {untimed: None, timed: 120}
