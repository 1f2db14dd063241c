"""Helpers that play games through the API."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx

from .harness import Api


def human_game(api: Api, game: str = "aquaretto", players: int = 2, **options: Any) -> Any:
    """A game where every seat is a human of the test: (id, tokens by seat)."""
    created = api.create(game, [{"kind": "me", "name": f"P{i}"} for i in range(players)], **options)
    tokens = [created["tokens"][str(i)] for i in range(players)]
    return created["id"], tokens


def step(api: Api, game_id: str, tokens: list[str], rng: random.Random) -> dict[str, Any]:
    """Play one random legal action for the seat to move (checked: 200); the new snapshot."""
    spectator = api.snapshot(game_id)
    seat = spectator["view"]["to_move"]
    mine = api.snapshot(game_id, tokens[seat])
    action = rng.choice(mine["view"]["legal"])
    r = api.act(game_id, tokens[seat], action, mine["number"])
    assert r.status_code == 200, r.text
    snap: dict[str, Any] = r.json()
    assert snap["number"] == mine["number"] + 1
    return snap


def play_to_end(api: Api, game_id: str, tokens: list[str], seed: int = 0) -> dict[str, Any]:
    """Random legal actions until the game is over; the last snapshot."""
    rng = random.Random(seed)
    snap = api.snapshot(game_id)
    while snap["status"] != "over":
        snap = step(api, game_id, tokens, rng)
    return snap


def play_seat_to_end(
    api: Api, game_id: str, token: str, seat: int = 0, seed: int = 0, timeout: float = 60
) -> dict[str, Any]:
    """Random legal actions for ``seat`` while the server's bots play the others, until the
    game is over; the last snapshot."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    while (snap := api.snapshot(game_id, token))["status"] != "over":
        assert time.monotonic() < deadline, f"{game_id} not over in {timeout} s"
        if snap["view"]["to_move"] == seat:
            r = api.act(game_id, token, rng.choice(snap["view"]["legal"]), snap["number"])
            assert r.status_code == 200, r.text
        else:
            time.sleep(0.05)  # a bot thinks
    return snap


def post_table(api: Api | httpx.Client, seats: list[dict[str, Any]], **body: Any) -> httpx.Response:
    """``POST /api/games``: Aquaretto, one seat per entry of ``seats``, seat 0 to start."""
    http = api.http if isinstance(api, Api) else api
    return http.post(
        "/api/games",
        json={
            "game": "aquaretto",
            "players": len(seats),
            "options": {"start_player": 0},
            "seats": seats,
            **body,
        },
    )
