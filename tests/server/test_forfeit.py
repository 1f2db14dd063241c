"""Forfeits: a seat out of time, or a player leaving, ends the game if the
creator chose so (``on_timeout`` / ``on_leave``: ``forfeit``).

Each test runs against a real server on SQLite and on PostgreSQL; the timeout also across
a server killed with SIGKILL and started again after the deadline.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from zoogames.core.record import ranks, replay

from .conftest import BACKENDS, Databases
from .harness import Api, ServerProcess
from .test_accounts import query, signed_up
from .test_clocks import clocked, wait_for
from .test_ratings import profile, rated_game


def play_some(api: Api, gid: str, tokens: dict[str, str], count: int) -> None:
    """Play the first legal action of whoever is to move, ``count`` times."""
    for _ in range(count):
        spectator = api.snapshot(gid)
        seat = spectator["view"]["to_move"]
        mine = api.snapshot(gid, tokens[str(seat)])
        r = api.act(gid, tokens[str(seat)], mine["view"]["legal"][0], mine["number"])
        assert r.status_code == 200, r.text


def check_forfeited(api: Api, gid: str, seat: int) -> dict[str, Any]:
    """The snapshot and record of a game ``seat`` forfeited say so; the snapshot."""
    snap = api.snapshot(gid)
    assert snap["status"] == "over" and snap["forfeited"] == seat
    result = snap["result"]
    assert result["forfeited"] == seat
    assert seat not in result["winners"] and result["winners"]
    # the others by the live scores of the position, the forfeiting seat last
    scores = [s["total"] for s in snap["view"]["scores"]]
    assert result["scores"] == scores
    assert ranks({"result": result})[seat] == len(scores) - 1
    assert snap["deadline"] is None and snap["thinking"] is None
    r = api.http.get(f"/api/games/{gid}/record")
    assert r.status_code == 200, r.text
    record = r.json()
    # (the snapshot shows a rated game's rating changes beside the result; the record
    # keeps the result alone)
    shown = {k: v for k, v in result.items() if k != "ratings"}
    assert record["forfeited"] == seat and record["result"] == shown
    state = replay(record)  # the record replays: the actions up to the forfeit
    assert not state.is_terminal and len(state.history) == snap["number"]
    return snap


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_seat_out_of_time_forfeits_across_a_server_killed_and_restarted(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    server = ServerProcess(databases.new(backend), tmp_path / "server.log", tmp_path).start()
    try:
        api = Api(server.base)
        r = clocked(api, 3, on_timeout="forfeit")
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], r.json()["tokens"]
        play_some(api, gid, tokens, 2)
        to_move = api.snapshot(gid)["view"]["to_move"]
        server.kill()  # before the deadline
        api.close()
        time.sleep(3.5)  # the deadline passes while no server runs
        server.start()
        api = Api(server.base)
        wait_for(lambda: api.snapshot(gid)["status"] == "over", 20, "the seat never forfeited")
        snap = check_forfeited(api, gid, to_move)
        assert snap["number"] == 2  # no bot played for the seat out of time
        # over for good: no action, no leave; the stored row agrees
        mine = api.snapshot(gid, tokens[str(to_move)])
        assert api.act(gid, tokens[str(to_move)], "draw", mine["number"]).status_code == 409
        rows = query(server.db_url, "SELECT status, forfeited FROM games WHERE id = :g", g=gid)
        assert [tuple(row) for row in rows] == [("over", to_move)]
        api.close()
    finally:
        server.stop()


def test_a_player_who_leaves_forfeits_if_the_creator_chose_so(api: Api) -> None:
    r = clocked(api, 600, on_leave="forfeit")
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], r.json()["tokens"]
    play_some(api, gid, tokens, 3)
    r = api.http.post(f"/api/games/{gid}/leave", headers=api.auth(tokens["1"]))
    assert r.status_code == 200, r.text
    assert r.json()["you"] == 1 and r.json()["forfeited"] == 1  # the seat stays its player's
    snap = check_forfeited(api, gid, 1)
    assert snap["seats"][1]["kind"] == "human" and snap["number"] == 3
    assert (snap["on_leave"], snap["on_timeout"]) == ("forfeit", "bot")  # as chosen
    r = api.http.post(f"/api/games/{gid}/leave", headers=api.auth(tokens["0"]))
    assert r.status_code == 409
    # a rematch forgets the forfeit
    r = api.http.post(f"/api/games/{gid}/rematch", headers=api.auth(tokens["0"]))
    assert r.status_code in (200, 201), r.text
    again = api.snapshot(r.json()["id"])
    assert again["status"] == "playing" and again["forfeited"] is None


def test_the_default_is_still_the_bot_and_bad_choices_are_refused(api: Api) -> None:
    r = clocked(api, 600)
    gid, tokens = r.json()["id"], r.json()["tokens"]
    r = api.http.post(f"/api/games/{gid}/leave", headers=api.auth(tokens["1"]))
    assert r.status_code == 200, r.text
    snap = api.snapshot(gid)
    assert snap["status"] == "playing" and snap["forfeited"] is None
    assert snap["seats"][1]["kind"] == "bot"
    assert clocked(api, 600, on_timeout="resign").status_code == 422
    assert clocked(api, 600, on_leave="resign").status_code == 422


def test_a_rated_game_forfeited_rates_the_leaver_last(server: ServerProcess) -> None:
    anna, anna_name = signed_up(server)
    ben, ben_name = signed_up(server)
    try:
        r = rated_game(
            anna,
            [{"kind": "me"}, {"kind": "invite"}],
            options={"start_player": 0},
            on_leave="forfeit",
        )
        assert r.status_code == 201, r.text
        created = r.json()
        gid = created["id"]
        joined = ben.join(gid, created["invitations"]["1"], "Ben")
        assert joined.status_code == 200
        tokens = {"0": created["tokens"]["0"], "1": joined.json()["token"]}
        play_some(anna, gid, tokens, 2)
        r = anna.http.post(f"/api/games/{gid}/leave", headers=anna.auth(tokens["0"]))
        assert r.status_code == 200, r.text
        result = check_forfeited(anna, gid, 0)["result"]
        assert result["winners"] == [1]
        wait_for(lambda: bool(profile(anna, anna_name)["ratings"]), 20, "never rated")
        a, b = profile(anna, anna_name), profile(ben, ben_name)
        assert a["ratings"]["aquaretto"]["mu"] < 25 < b["ratings"]["aquaretto"]["mu"]
        assert a["games"] == {"aquaretto": {"played": 1, "won": 0}}
        assert b["games"] == {"aquaretto": {"played": 1, "won": 1}}
    finally:
        anna.close()
        ben.close()
