"""A server killed with SIGKILL loses no acknowledged action; games and bots carry on."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from .conftest import BACKENDS, Databases
from .db import stored
from .harness import Api, ServerProcess
from .play import human_game, step


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_kill_9_and_restart_keeps_every_acknowledged_action_and_resumes_bots(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    server = ServerProcess(databases.new(backend), tmp_path / "server.log", tmp_path).start()
    try:
        api = Api(server.base)
        gid, tokens = human_game(api, "aquaretto", 3)
        rng = random.Random(3)
        for _ in range(15):
            step(api, gid, tokens, rng)
        before = [api.snapshot(gid, t) for t in [*tokens, None]]

        created = api.create(
            "zooloretto",
            [{"kind": "me"}, {"kind": "bot", "bot": "mcts:seconds=2"}],
            start_player=0,
        )
        bot_game, token = created["id"], created["tokens"]["0"]
        drawn = api.act(bot_game, token, "draw", 0).json()
        r = api.act(bot_game, token, drawn["view"]["legal"][0], 1)
        assert r.status_code == 200 and r.json()["thinking"] == 1
        server.kill()  # at once after the acknowledgement, while the bot thinks
        api.close()
        assert len(stored(server.db_url, bot_game)["actions"]) == 2  # the bot had not played

        server.start()
        api = Api(server.base)
        assert [api.snapshot(gid, t) for t in [*tokens, None]] == before
        step(api, gid, tokens, rng)  # the game plays on
        with api.socket(bot_game) as ws:
            snap = ws.hello(token)
            if snap["number"] == 2:
                assert snap["thinking"] == 1
                snap = ws.receive_state(3, timeout=60)
        played = api.snapshot(bot_game)["log"][2]
        assert played["seat"] == 1  # the bot played its turn after the restart
        api.close()
    finally:
        server.stop()
