"""Bring a database's schema up to date with the migrations shipped in the package."""

from __future__ import annotations

import logging
import time
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text
from sqlalchemy.exc import OperationalError

log = logging.getLogger("zoogames.server")

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


def newer_than_code(revision: str | None) -> bool:
    """Whether ``revision`` is a migration this code does not know: a newer release's.

    Every migration only adds (docs/deploy.md, Upgrades), so this code serves such a
    database as it is: an old server stays in service while a rolling upgrade replaces it.
    """
    if revision is None:
        return False
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return revision not in {
        s.revision for s in ScriptDirectory.from_config(config).walk_revisions()
    }


def upgrade(engine: Engine, target: str = "head") -> None:
    """Apply every migration the database lacks (``alembic upgrade head``), in one transaction.

    On PostgreSQL the transaction first takes an advisory lock, released at its end:
    without it, two servers starting together on a new database both create the tables,
    and one fails.

    A database at a migration this code does not know is newer than the code (a rolling
    upgrade migrated it, docs/deploy.md, Upgrades): every migration only adds, so the
    code runs on it as it is, and nothing is done (Alembic would refuse to start).
    ``target``: a migration short of the newest (the upgrade tests step through them).
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    scripts = ScriptDirectory.from_config(config)
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:lock)"), {"lock": LOCK})
        current = MigrationContext.configure(connection).get_current_revision()
        if newer_than_code(current):
            log.warning(
                "the database is at migration %s, newer than this code's %s: running on it"
                " unchanged (docs/deploy.md, Upgrades)",
                current,
                scripts.get_current_head(),
            )
            return
        config.attributes["connection"] = connection
        command.upgrade(config, target)


def wait_for(engine: Engine, seconds: float) -> None:
    """Return once the database answers; after ``seconds`` of refusals, raise the last one.

    A container started beside its database (docs/deploy.md, The container image) starts
    before PostgreSQL accepts connections: waiting here spares it a failed start.
    """
    deadline = time.monotonic() + seconds
    while True:
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
            return
        except OperationalError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.5)
