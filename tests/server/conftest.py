"""Fixtures: a private PostgreSQL server, and real servers on SQLite and on PostgreSQL.

Every test that takes ``api`` runs twice, once per database. Each database gets its
own server process for the whole session (per xdist worker); tests make their own games.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import Api, ServerProcess
from .postgres import PostgresUnavailable, PrivatePostgres

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres() -> Iterator[PrivatePostgres]:
    """A private PostgreSQL server for the session; the tests fail if it cannot start."""
    try:
        server = PrivatePostgres()
    except PostgresUnavailable as e:
        pytest.fail(f"cannot start PostgreSQL for the API tests: {e}", pytrace=False)
    yield server
    server.stop()


class Databases:
    """Makes a fresh database of either kind for a server."""

    def __init__(self, tmp: Path, request: pytest.FixtureRequest) -> None:
        self.tmp = tmp
        self.request = request
        self.count = 0

    def new(self, backend: str) -> str:
        """The URL of a new, empty database."""
        self.count += 1
        if backend == "sqlite":
            return f"sqlite:///{self.tmp / f'db{self.count}' / 'zoogames.db'}"
        postgres: PrivatePostgres = self.request.getfixturevalue("postgres")
        return postgres.create_database(f"zoogames{self.count}")


@pytest.fixture(scope="session")
def databases(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Databases:
    """Fresh databases on demand."""
    return Databases(tmp_path_factory.mktemp("databases"), request)


@pytest.fixture(scope="session")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory servers run in."""
    return tmp_path_factory.mktemp("servers")


@pytest.fixture(scope="session", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, databases: Databases, workdir: Path
) -> Iterator[ServerProcess]:
    """A server for the session on a fresh database of each kind."""
    backend: str = request.param
    url = databases.new(backend)
    process = ServerProcess(url, workdir / f"server-{backend}.log", workdir).start()
    yield process
    process.stop()


@pytest.fixture
def api(server: ServerProcess) -> Iterator[Api]:
    """A client of the session's server."""
    client = Api(server.base)
    yield client
    client.close()
