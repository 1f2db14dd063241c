"""The migrations build exactly the schema of the models, on SQLite and on PostgreSQL."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from zoogames.server.migrate import upgrade
from zoogames.server.models import Base
from zoogames.server.store import open_engine

from .conftest import BACKENDS, Databases


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_migrations_build_the_models_schema_and_run_twice(
    databases: Databases, backend: str
) -> None:
    engine = open_engine(databases.new(backend))
    try:
        upgrade(engine)
        upgrade(engine)  # every start runs them: the second time does nothing
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            head = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one()
        assert head == "0015"
        assert {"games", "seats", "actions"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


@pytest.mark.postgres
def test_servers_starting_together_on_a_new_database_migrate_one_after_the_other(
    databases: Databases,
) -> None:
    url = databases.new("postgresql")
    # (a lock waited for longer than 20 s fails: without the advisory lock, the concurrent
    # CREATE TABLEs fail or wait for each other)
    options = {"options": "-c lock_timeout=20s"}
    engines = [create_engine(url, connect_args=options) for _ in range(4)]
    try:
        with ThreadPoolExecutor(4) as pool:
            list(pool.map(upgrade, engines))
        with engines[0].connect() as conn:
            head = conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar_one()
        assert head == "0015"
    finally:
        for engine in engines:
            engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_0002_moves_invitations_and_decks_out_of_the_rows_of_0001(
    databases: Databases, backend: str
) -> None:
    """A database of 0001: an unjoined invited seat keeps working as an invitation, and a
    game's own deck moves into ``decks`` (and back into the options on a downgrade)."""
    import json
    from datetime import UTC, datetime

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from zoogames.server.migrate import MIGRATIONS

    engine = open_engine(databases.new(backend))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))

    def to(revision: str, down: bool = False) -> None:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)

    deck = {"format": "aquarium-designer-deck", "name": "Mine", "entrance": [], "layout": []}
    try:
        to("0001")
        with engine.begin() as conn:
            for gid, game, options in (
                ("g1", "zooloretto", {"players": 2}),
                ("g2", "aquarium-designer", {"players": 1, "deck": deck}),
            ):
                conn.execute(
                    text(
                        "INSERT INTO games (id, game, options, seed, created_at, revision,"
                        " status) VALUES (:id, :game, :options, 1, :now, 0, 'playing')"
                    ),
                    {
                        "id": gid,
                        "game": game,
                        "options": json.dumps(options),
                        "now": datetime.now(UTC),
                    },
                )
            for seat, kind, joined in ((0, "human", True), (1, "human", False)):
                conn.execute(
                    text(
                        "INSERT INTO seats (game_id, seat, kind, joined, token_sha256)"
                        " VALUES ('g1', :seat, :kind, :joined, :token)"
                    ),
                    {"seat": seat, "kind": kind, "joined": joined, "token": f"digest{seat}"},
                )
        to("head")
        with engine.connect() as conn:
            seats = conn.execute(
                text("SELECT seat, token_sha256, invite_sha256 FROM seats ORDER BY seat")
            ).all()
            options = conn.execute(text("SELECT options FROM games WHERE id = 'g2'")).scalar_one()
            sha = conn.execute(text("SELECT deck_sha256 FROM games WHERE id = 'g2'")).scalar_one()
            stored = conn.execute(text("SELECT content FROM decks")).scalars().all()
        assert [tuple(s) for s in seats] == [(0, "digest0", None), (1, None, "digest1")]
        options = json.loads(options) if isinstance(options, str) else options
        assert "deck" not in options and sha is not None
        assert [json.loads(c) if isinstance(c, str) else c for c in stored] == [deck]
        to("0001", down=True)
        with engine.connect() as conn:
            back = conn.execute(text("SELECT options FROM games WHERE id = 'g2'")).scalar_one()
            token = conn.execute(text("SELECT token_sha256 FROM seats WHERE seat = 1")).scalar_one()
        assert (json.loads(back) if isinstance(back, str) else back)["deck"] == deck
        assert token == "digest1"
    finally:
        engine.dispose()
