"""The "Learn to play" table: a tutorial table is the project's fixed deal against a bot.

Each test runs against a real server on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from typing import Any

import pytest

from zoogames import games
from zoogames.server import tutorials

from .harness import Api


def new_tutorial(api: Api, game: str, **body: Any) -> dict[str, Any]:
    """``POST /api/games`` with ``tutorial: true`` (checked: 201); its answer."""
    request = {"game": game, "players": 2, "seats": [{"kind": "me", "name": "Anna"}]}
    r = api.http.post("/api/games", json={**request, "tutorial": True, **body})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


FIRST_DRAWS = {
    "aquaretto": ("draw", "dolphin/m"),
    "zooloretto": ("draw", "camel/m"),
    "aquaretto-zooloretto": ("draw zooloretto", "camel/m"),
}


@pytest.mark.parametrize("game", sorted(FIRST_DRAWS))
def test_a_truck_tutorial_deals_its_fixed_first_tile_to_the_learner(api: Api, game: str) -> None:
    created = new_tutorial(api, game)
    gid, token = created["id"], created["tokens"]["0"]
    assert [(s["kind"], s["name"], s["bot"]) for s in created["seats"]] == [
        ("human", "Anna", None),
        ("bot", None, "greedy"),
    ]
    snap = api.snapshot(gid, token)
    assert (snap["status"], snap["view"]["to_move"], snap["hints"]) == ("playing", 0, True)
    action, tile = FIRST_DRAWS[game]
    assert api.act(gid, token, action).status_code == 200
    assert api.snapshot(gid, token)["view"]["drawn"] == tile


def test_the_designer_tutorial_offers_its_fixed_cards(api: Api) -> None:
    created = new_tutorial(api, "aquarium-designer")
    view = api.snapshot(created["id"], created["tokens"]["0"])["view"]
    assert [c["card"] for c in view["offer"]] == [3, 4]
    assert view["preview"]["card"] == 20
    assert view["to_move"] == 0


def test_a_tutorial_ignores_the_form_and_is_never_listed_or_rated(api: Api) -> None:
    created = new_tutorial(
        api,
        "zooloretto",
        players=4,
        seats=[{"kind": "me"}, {"kind": "me"}, {"kind": "me"}, {"kind": "me"}],
        options={"start_player": 3},
        listed=True,
        clock=60,
    )
    snap = api.snapshot(created["id"])
    assert len(snap["seats"]) == 2
    assert snap["view"]["to_move"] == 0
    assert snap["deadline"] is None
    lobby = api.http.get("/api/lobby").json()
    assert all(e["id"] != created["id"] for part in lobby.values() for e in part)


def test_a_draw_order_is_still_refused_outside_a_tutorial(api: Api) -> None:
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]
    body = {"game": "aquaretto", "players": 2, "seats": seats}
    r = api.http.post("/api/games", json={**body, "options": {"draw_order": ["coin"]}})
    assert r.status_code == 422
    assert "unknown option 'draw_order'" in r.json()["detail"]
    r = api.http.post("/api/games", json={**body, "game": "chess", "tutorial": True})
    assert r.status_code == 422


def test_every_catalog_game_has_a_tutorial_the_engine_accepts() -> None:
    for gid in games.ids():
        state = games.get(gid).new_game(players=tutorials.PLAYERS, seed=1, **tutorials.options(gid))
        assert state.to_move == tutorials.LEARNER
