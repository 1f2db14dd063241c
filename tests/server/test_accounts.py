"""Accounts: sign-up, sign-in, sessions, seats that follow an account.

Each test runs against a real server on SQLite and on PostgreSQL (``conftest.py``).
"""

from __future__ import annotations

import hashlib
import itertools
import os
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from sqlalchemy import create_engine, text

from zoogames.server import accounts

from .harness import Api, ServerProcess
from .play import human_game

PASSWORD = "correct horse battery"
_names = itertools.count()


def new_name() -> str:
    """An account name no other test uses (the server lives for the session)."""
    return f"p{os.getpid()}x{next(_names)}"


def signed_up(server: ServerProcess, name: str | None = None) -> tuple[Api, str]:
    """A client signed in to a new account: (client, name)."""
    api = Api(server.base)
    name = name or new_name()
    r = api.http.post("/api/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return api, name


def query(url: str, sql: str, **params: Any) -> list[Any]:
    """Rows of a query on the server's database."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            result = conn.execute(text(sql), params)
            return list(result.all()) if result.returns_rows else []
    finally:
        engine.dispose()


def test_sign_up_sign_in_sign_out(server: ServerProcess) -> None:
    api, name = signed_up(server)
    try:
        cookie = api.http.cookies.get("zoogames_session")
        assert cookie
        assert api.http.get("/api/me").json() == {"name": name}
        assert api.http.post("/api/signout").status_code == 200
        assert api.http.get("/api/me").status_code == 401
        r = api.http.post("/api/signin", json={"name": name.upper(), "password": PASSWORD})
        assert r.status_code == 200, r.text
        assert r.json() == {"name": name}  # as spelled at sign-up
        assert api.http.get("/api/me").json() == {"name": name}
        # the old cookie was ended: it signs nobody in any more
        stale = httpx.get(f"{server.base}/api/me", cookies={"zoogames_session": cookie})
        assert stale.status_code == 401
        assert stale.json()["detail"] == "sign in first (your session may have expired)"
    finally:
        api.close()


def test_the_cookie_is_httponly_samesite_lax_and_only_its_hash_is_stored(
    server: ServerProcess,
) -> None:
    name = new_name()
    r = httpx.post(f"{server.base}/api/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    header = next(h for h in r.headers.get_list("set-cookie") if h.startswith("zoogames_session="))
    parts = [p.strip().lower() for p in header.split(";")]
    assert "httponly" in parts and "samesite=lax" in parts and "path=/api" in parts
    assert "secure" not in parts  # ZOOGAMES_TLS is off on this test server
    assert f"max-age={30 * 86400}" in parts
    value = r.cookies["zoogames_session"]
    sessions = query(server.db_url, "SELECT sha256 FROM sessions")
    assert all(value not in s.sha256 for s in sessions)
    assert hashlib.sha256(value.encode()).hexdigest() in {s.sha256 for s in sessions}
    [(stored,)] = query(
        server.db_url, "SELECT password_hash FROM accounts WHERE name_key = :k", k=name.lower()
    )
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_names_are_unique_whatever_their_case_and_bad_input_is_a_sentence(
    server: ServerProcess,
) -> None:
    api, name = signed_up(server)
    api.close()

    def post(name: str, password: str) -> httpx.Response:
        return httpx.post(f"{server.base}/api/signup", json={"name": name, "password": password})

    r = post(name.upper(), PASSWORD)
    assert (r.status_code, r.json()["detail"]) == (409, "this name is taken: choose another")
    for bad in ("ab", "x" * 25, "Anna Lee", "Ánna", "a/b", ""):
        r = post(bad, PASSWORD)
        assert r.status_code == 422, bad
        assert r.json()["detail"].startswith("a name is 3 to 24 characters"), bad
    for bad in ("short", "y" * 257):
        r = post(new_name(), bad)
        assert r.status_code == 422
        assert r.json()["detail"] == "a password is 8 to 256 characters"
    fresh = new_name() + "long"
    r = post(fresh, fresh.upper())
    assert (r.status_code, r.json()["detail"]) == (422, "the password must not be the name")
    r = httpx.post(f"{server.base}/api/signup", json={"name": fresh})
    assert r.status_code == 422 and "password" in r.json()["detail"]


def test_a_wrong_name_and_a_wrong_password_get_the_same_answer(server: ServerProcess) -> None:
    api, name = signed_up(server)
    api.close()
    answers = [
        httpx.post(f"{server.base}/api/signin", json={"name": n, "password": p})
        for n, p in ((name, "wrong password"), (new_name(), PASSWORD), ("no such!", PASSWORD))
    ]
    assert [(r.status_code, r.json()) for r in answers] == [
        (
            401,
            {
                "detail": "wrong name or password",
                "message": {"id": "error.wrong_sign_in", "params": {}},
            },
        )
    ] * 3
    assert all("set-cookie" not in r.headers for r in answers)


def test_an_expired_session_signs_nobody_in(server: ServerProcess) -> None:
    api, _ = signed_up(server)
    try:
        assert api.http.get("/api/me").status_code == 200
        digest = (
            __import__("hashlib").sha256(api.http.cookies["zoogames_session"].encode()).hexdigest()
        )
        past = datetime.now(UTC) - timedelta(seconds=1)
        query(
            server.db_url,
            "UPDATE sessions SET expires_at = :t WHERE sha256 = :s",
            t=past,
            s=digest,
        )
        assert api.http.get("/api/me").status_code == 401
    finally:
        api.close()


def test_sign_out_everywhere_ends_every_session_and_device_token(server: ServerProcess) -> None:
    phone, name = signed_up(server)
    laptop = Api(server.base)
    try:
        r = laptop.http.post("/api/signin", json={"name": name, "password": PASSWORD})
        assert r.status_code == 200
        created = phone.create("aquaretto", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
        gid = created["id"]
        r = laptop.http.post(f"/api/me/games/{gid}/tokens")
        assert r.status_code == 200, r.text
        device = r.json()["tokens"]["0"]
        assert device != created["tokens"]["0"]
        assert laptop.snapshot(gid, device)["you"] == 0
        assert phone.snapshot(gid, created["tokens"]["0"])["you"] == 0  # both work
        assert phone.http.post("/api/signout-everywhere").status_code == 200
        assert laptop.http.get("/api/me").status_code == 401
        assert phone.http.get("/api/me").status_code == 401
        assert laptop.get(gid, device).status_code == 403
        assert phone.snapshot(gid, created["tokens"]["0"])["you"] == 0  # the seat's own token
    finally:
        phone.close()
        laptop.close()


def test_seats_taken_signed_in_follow_the_account_your_turn_first(server: ServerProcess) -> None:
    api, name = signed_up(server)
    try:
        waiting = api.create("aquaretto", [{"kind": "me"}, {"kind": "invite"}], start_player=1)
        mine = api.create("aquaretto", [{"kind": "me"}, {"kind": "invite"}], start_player=0)
        assert api.snapshot(mine["id"])["seats"][0]["name"] == name  # named after the account
        games = api.http.get("/api/me/games").json()["games"]
        assert [g["id"] for g in games] == [mine["id"], waiting["id"]]
        first = games[0]
        assert first["your_turn"] is True and first["you"] == [0] and first["to_move"] == 0
        assert games[1]["your_turn"] is False and games[1]["to_move"] == 1
        assert "token" not in str(games) and mine["tokens"]["0"] not in str(games)
        # an invitation accepted while signed in follows the account too
        other, _ = signed_up(server)
        r = other.join(waiting["id"], waiting["invitations"]["1"], "Guest")
        assert r.status_code == 200
        theirs = other.http.get("/api/me/games").json()["games"]
        assert [(g["id"], g["you"], g["your_turn"]) for g in theirs] == [(waiting["id"], [1], True)]
        other.close()
    finally:
        api.close()


def test_a_guest_claims_seats_and_a_seat_of_another_account_is_refused(
    server: ServerProcess,
) -> None:
    guest = Api(server.base)
    gid, tokens = human_game(guest)
    guest_game = guest.create("zooloretto", [{"kind": "me"}, {"kind": "me"}])
    api, _ = signed_up(server)
    rival, _ = signed_up(server)
    try:
        body = {
            "seats": [
                {"game": gid, "token": tokens[0]},
                {"game": gid, "token": tokens[1]},
                {"game": "nosuchgame", "token": tokens[0]},
                {"game": guest_game["id"], "token": tokens[0]},
            ]
        }
        r = api.http.post("/api/me/claim", json=body)
        assert r.status_code == 200, r.text
        answer = r.json()
        assert answer["claimed"] == [{"game": gid, "seat": 0}, {"game": gid, "seat": 1}]
        assert [x["game"] for x in answer["refused"]] == ["nosuchgame", guest_game["id"]]
        assert answer["refused"][0]["detail"] == "there is no game with this id"
        assert [g["you"] for g in api.http.get("/api/me/games").json()["games"]] == [[0, 1]]
        # the guest's tokens keep working exactly as before
        assert guest.snapshot(gid, tokens[0])["you"] == 0
        # another account cannot take the seats over with the same tokens
        r = rival.http.post("/api/me/claim", json={"seats": [{"game": gid, "token": tokens[0]}]})
        assert r.json()["refused"] == [{"game": gid, "detail": "this seat follows another account"}]
        assert rival.http.post(f"/api/me/games/{gid}/tokens").status_code == 403
        rows = query(server.db_url, "SELECT seat, account_id FROM seats WHERE game_id = :g", g=gid)
        assert len({a for _, a in rows}) == 1 and None not in {a for _, a in rows}
        r = guest.http.post("/api/me/claim", json=body)
        assert r.status_code == 401
    finally:
        guest.close()
        api.close()
        rival.close()


def test_a_foreign_origin_cannot_act_with_the_cookie(server: ServerProcess) -> None:
    api, _ = signed_up(server)
    try:
        r = api.http.post("/api/signout-everywhere", headers={"Origin": "https://evil.example"})
        assert (r.status_code, r.json()["detail"]) == (
            403,
            "this origin may not act for a signed-in player",
        )
        assert api.http.get("/api/me").status_code == 200
        own = server.base
        r = api.http.post("/api/me/claim", json={"seats": []}, headers={"Origin": own})
        assert r.status_code == 200
    finally:
        api.close()


def test_a_foreign_page_cannot_sign_a_browser_in(server: ServerProcess) -> None:
    """Login CSRF: another site's form must not sign the visitor in to an account of the
    attacker's (and so collect what the visitor then plays)."""
    evil = {"Origin": "https://evil.example"}
    for path in ("/api/signup", "/api/signin"):
        r = httpx.post(
            f"{server.base}{path}", json={"name": new_name(), "password": PASSWORD}, headers=evil
        )
        assert (r.status_code, r.json()["detail"]) == (403, "this origin may not sign in"), path
        assert "set-cookie" not in r.headers


def test_the_unknown_names_hash_costs_what_a_real_one_does() -> None:
    """The hash verified for a name nobody has is written out in the source: it must have
    the hasher's current parameters, or an unknown name would answer in another time."""
    assert not accounts._hasher.check_needs_rehash(accounts._DUMMY)
    assert accounts._hasher.verify(accounts._DUMMY, "a password nobody has")
