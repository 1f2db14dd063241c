"""Bring a database's schema up to date with the migrations shipped in the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).parent / "migrations"
"""Alembic's script directory, inside the installed package."""


def upgrade(engine: Engine) -> None:
    """Apply every migration the database lacks (``alembic upgrade head``), in one transaction."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
