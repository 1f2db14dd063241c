"""The migrations build exactly the schema of the models, on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

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
        assert head == "0002"
        assert {"games", "seats", "actions"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
