"""Alembic's environment: migrate the connection the server hands over (see ``migrate.py``).

Run by :func:`zoogames.server.migrate.upgrade` at startup with a connection in
``config.attributes["connection"]``. With ``alembic`` on the command line, the URL comes
from ``-x db=URL``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from zoogames.server.models import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    """Run the migrations on the given connection, or on ``-x db=URL``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("db")
    if not url:
        raise SystemExit("give the database: alembic -x db=URL upgrade head")
    engine = create_engine(url)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
