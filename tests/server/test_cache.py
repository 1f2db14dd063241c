"""Games leave the in-memory cache when it is full and come back from the database intact."""

from __future__ import annotations

import random
from pathlib import Path

from zoogames.server.bots import BotPool
from zoogames.server.hub import Hub
from zoogames.server.migrate import upgrade
from zoogames.server.service import NewGame, SeatRequest, Service
from zoogames.server.store import Store, open_engine

from .harness import run_async


def test_an_evicted_game_is_rebuilt_from_its_record(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'games.db'}")
    upgrade(engine)
    service = Service(Store(engine), BotPool(1), Hub(), db_threads=1, cache_size=2)

    async def scenario() -> None:
        rng = random.Random(2)
        games = []
        for _ in range(4):
            created = await service.games.create(
                NewGame("zooloretto", 2, {}, [SeatRequest("me"), SeatRequest("invite")])
            )
            invitation = created["invitations"]["1"]
            joined = await service.seats.join(str(created["id"]), invitation, "Invited")
            tokens = [created["tokens"]["0"], joined["token"]]
            for _ in range(20):
                table = await service.table(str(created["id"]))
                seat = table.state.to_move
                assert seat is not None
                legal = table.snapshot(seat)["view"]["legal"]
                await service.act(table.id, tokens[seat], rng.choice(legal), table.number)
            games.append((str(created["id"]), tokens, await service.snapshot(table.id, None)))
        assert len(service.tables) == 2
        await service.seats.join(games[0][0], games[0][1][1], "Bea")
        for game_id, tokens, spectator in games:
            snap = await service.snapshot(game_id, None)
            assert snap["view"] == spectator["view"] and snap["log"] == spectator["log"]
            assert snap["number"] == 20
            assert (await service.snapshot(game_id, tokens[0]))["you"] == 0
        assert (await service.snapshot(games[0][0], None))["seats"][1]["name"] == "Bea"

    try:
        run_async(scenario())
    finally:
        service.close()
        engine.dispose()
