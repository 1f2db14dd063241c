"""Reviews on the server: asked for after the end, computed once, kept, resumed.

Each test of the ``api`` fixture runs against a real server on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from zoogames.bots.teach import review as cli_review

from .conftest import BACKENDS, Databases
from .harness import Api, ServerProcess, clear_of_a_window_edge
from .play import human_game, play_seat_to_end, play_to_end, step


def ask(api: Api, game_id: str) -> Any:
    """``POST /api/games/{id}/review`` (checked: 200); its answer."""
    r = api.http.post(f"/api/games/{game_id}/review")
    assert r.status_code == 200, r.text
    return r.json()


def wait_done(api: Api, game_id: str, timeout: float | None = 120) -> dict[str, Any]:
    """Poll ``GET /api/games/{id}/review`` until it is done; the progress seen on the way.

    ``timeout=None``: no deadline of its own, for a test that guards against a hang with
    its ``pytest.mark.timeout``.
    """
    deadline = None if timeout is None else time.monotonic() + timeout
    seen: list[int] = []
    while deadline is None or time.monotonic() < deadline:
        r = api.http.get(f"/api/games/{game_id}/review")
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        if body["status"] == "done":
            body["seen"] = seen
            return body
        assert body["status"] == "computing"
        assert 0 <= body["done"] < body["total"]
        seen.append(body["done"])
        time.sleep(0.2)
    raise AssertionError(f"the review of {game_id} did not finish in {timeout} s")


def same_as_the_command_line(body: dict[str, Any], record: dict[str, Any]) -> None:
    """The stored review is ``zoogames review``'s for the record, decision for decision."""
    expected = cli_review(record, iterations=body["iterations"], seats=set(body["seats"]))
    assert [d["number"] for d in body["decisions"]] == [d.number for d in expected.decisions]
    for got, want in zip(body["decisions"], expected.decisions, strict=True):
        assert got["seat"] == want.seat
        assert got["played"] == record["actions"][got["number"]] == want.played
        assert got["preferred"] == want.preferred
        assert got["loss"] == (None if want.loss is None else round(want.loss, 4))
        assert got["values"] == [None if v is None else round(v, 4) for v in want.values]
        assert got["played_message"]["id"] and got["preferred_message"]["id"]


def test_a_review_waits_for_the_end_of_the_game(api: Api) -> None:
    gid, _tokens = human_game(api, "aquarium-designer", 2)
    assert api.http.get(f"/api/games/{gid}/review").json() == {"status": "none"}
    r = api.http.post(f"/api/games/{gid}/review")
    assert r.status_code == 409
    assert r.json() == {
        "detail": "a game is reviewed once it is over",
        "message": {"id": "error.review_unfinished", "params": {}},
    }
    assert api.http.get(f"/api/games/{gid}/review").json() == {"status": "none"}
    assert api.http.post("/api/games/nosuchgame/review").status_code == 404
    assert api.http.get("/api/games/nosuchgame/review").status_code == 404


def test_a_finished_game_is_reviewed_once_as_the_command_line_reviews_it(api: Api) -> None:
    gid, tokens = human_game(api, "aquarium-designer", 2)
    play_to_end(api, gid, tokens, seed=4)
    first = ask(api, gid)
    assert first["status"] in ("computing", "done")
    assert first["seats"] == [0, 1] and first["iterations"] == 400
    body = wait_done(api, gid)
    record = api.http.get(f"/api/games/{gid}/record").json()
    assert body["total"] == body["done"] == len(body["decisions"]) > 0
    same_as_the_command_line(body, record)
    losses = {d["number"]: d["loss"] for d in body["decisions"]}
    assert all(loss is None or loss >= 0 for loss in losses.values())
    assert all(d["loss"] == 0 for d in body["decisions"] if d["played"] == d["preferred"])
    # the turning points: the costliest decisions, costliest first, none that lost nothing
    points = body["turning_points"]
    assert (
        points
        == sorted((n for n, loss in losses.items() if loss), key=lambda n: (-losses[n], n))[:5]
    )
    # asked again: the same review, nothing computed again
    again = ask(api, gid)
    del body["seen"]
    assert again == body


def test_only_the_human_seats_decisions_are_reviewed(api: Api) -> None:
    created = api.create(
        "aquarium-designer", [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}], start_player=0
    )
    gid, token = created["id"], created["tokens"]["0"]
    play_seat_to_end(api, gid, token, seed=1)
    assert ask(api, gid)["seats"] == [0]
    body = wait_done(api, gid)
    assert body["decisions"] and {d["seat"] for d in body["decisions"]} == {0}
    same_as_the_command_line(body, api.http.get(f"/api/games/{gid}/record").json())


@pytest.mark.slow
@pytest.mark.timeout(1800)  # only against a hang: the waits below are on events
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_review_cut_short_by_a_crash_goes_on_from_its_last_save(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    # a short lease: the restarted server takes the review up once the dead one's runs out
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_REVIEW_ITERATIONS": "20",
        "ZOOGAMES_REVIEW_LEASE": "4",
    }
    server = ServerProcess(databases.new(backend), tmp_path / "server.log", tmp_path, env=env)
    server.start()
    try:
        api = Api(server.base)
        gid, tokens = human_game(api, "aquaretto", 2, start_player=0)
        rng = random.Random(5)
        while api.snapshot(gid)["status"] != "over":
            step(api, gid, tokens, rng)
        assert ask(api, gid)["iterations"] == 20
        # Wait for the event (five decisions saved), however slow a loaded machine makes
        # the review: a fixed deadline failed under load. A dead server or a review that
        # stopped computing fails at once; a hang ends at the test's timeout.
        while (progress := api.http.get(f"/api/games/{gid}/review").json())["done"] < 5:
            assert progress["status"] == "computing", progress
            assert server.process is not None and server.process.poll() is None, server.output()
            time.sleep(0.1)
        server.kill()  # mid-review, its lease held
        api.close()

        server.start()
        api = Api(server.base)
        resumed = api.http.get(f"/api/games/{gid}/review").json()
        assert resumed["status"] == "computing"
        assert resumed["done"] >= progress["done"]  # nothing saved was lost
        body = wait_done(api, gid, timeout=None)  # after the dead process's lease ran out
        same_as_the_command_line(body, api.http.get(f"/api/games/{gid}/record").json())
        api.close()
    finally:
        server.stop()


def test_asking_for_reviews_is_limited_per_client_address(
    databases: Databases, tmp_path: Path
) -> None:
    env = {"ZOOGAMES_LIMIT_REVIEW": "2/hour"}
    clear_of_a_window_edge()  # (the three requests count in one window)
    server = ServerProcess(databases.new("sqlite"), tmp_path / "server.log", tmp_path, env=env)
    server.start()
    try:
        api = Api(server.base)
        gid, _tokens = human_game(api, "aquarium-designer", 2)
        codes = [api.http.post(f"/api/games/{gid}/review").status_code for _ in range(3)]
        assert codes == [409, 409, 429]  # refused before the end, then not even asked
        assert api.http.get(f"/api/games/{gid}/review").status_code == 200  # a read
        api.close()
    finally:
        server.stop()
