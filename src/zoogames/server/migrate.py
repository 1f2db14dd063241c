"""Bring a database's schema up to date with the migrations shipped in the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

MIGRATIONS = Path(__file__).parent / "migrations"
"""Alembic's script directory, inside the installed package."""


LOCK = 0x7A6F6F67
"""The PostgreSQL advisory lock migrations hold ("zoog"): several processes starting at
once on one database migrate one after the other (the second finds nothing to do)."""


def revisions(engine: Engine) -> tuple[str | None, str | None]:
    """The database's migration and the newest one shipped (equal: the schema is current)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision(), head


def upgrade(engine: Engine) -> None:
    """Apply every migration the database lacks (``alembic upgrade head``), in one transaction.

    On PostgreSQL the transaction first takes an advisory lock, released at its end:
    without it, two servers starting together on a new database both create the tables,
    and one fails.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:lock)"), {"lock": LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
