"""Rolling upgrades: the code before a migration keeps working on the migrated database.

docs/deploy.md, Upgrades: migrations only add (expand, then contract in a later release),
so during an upgrade the old servers and the new ones run side by side on the migrated
database. Here the *old* server is the code of the commit before each migration since
:data:`BASELINE` was added, exported from git (``git archive``) and run as plain Python
with ``PYTHONPATH`` pointing at it; the new one is this working tree.

The old code comes from the repository's history: in a shallow clone, which lacks it,
the tests fail saying how to fetch it (a skipped test would hide a broken upgrade).
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import tarfile
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from zoogames.server import migrate

from .conftest import Databases
from .harness import Api, ServerProcess
from .play import human_game, step
from .postgres import PrivatePostgres

ROOT = Path(__file__).resolve().parents[2]
VERSIONS = Path(migrate.MIGRATIONS) / "versions"
BASELINE = "0013"
"""Every migration after this one is checked against the code from before it."""


def migrations_after(baseline: str) -> list[str]:
    """The revisions shipped after ``baseline``, oldest first (``v0014_….py`` is 0014)."""
    found = sorted(
        m.group(1) for p in VERSIONS.glob("v*.py") if (m := re.match(r"v(\d+)_", p.name))
    )
    return [r for r in found if r > baseline]


def git(*args: str) -> str:
    """A git command in the repository; its output (failing the test if git fails)."""
    done = subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"git {' '.join(args)} failed: {done.stderr.strip()}", pytrace=False)
    return done.stdout.strip()


def code_before(revision: str) -> str:
    """The commit whose code is the last before migration ``revision`` was added.

    A migration not committed yet: the last commit (HEAD) has none of it.
    """
    shallow = subprocess.run(
        ["git", "rev-parse", "--is-shallow-repository"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if shallow.returncode != 0:
        pytest.fail(
            "the upgrade tests need the git history, and this is no git repository"
            f" ({shallow.stderr.strip()}): run them in a clone",
            pytrace=False,
        )
    if shallow.stdout.strip() == "true":
        pytest.fail(
            "the upgrade tests need the git history, and this clone is shallow: run"
            " `git fetch --unshallow` (or clone without --depth)",
            pytrace=False,
        )
    (path,) = VERSIONS.glob(f"v{revision}_*.py")
    added = git("log", "--diff-filter=A", "--format=%H", "--", str(path.relative_to(ROOT)))
    return f"{added.splitlines()[-1]}^" if added else "HEAD"


def export(commit: str, into: Path) -> Path:
    """``src/`` of ``commit`` (``git archive``) under ``into``; the folder for PYTHONPATH."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "src/zoogames"],
        cwd=ROOT,
        capture_output=True,
        timeout=60,
        check=False,
    )
    if archive.returncode != 0:
        pytest.fail(f"git archive {commit} failed: {archive.stderr.decode()}", pytrace=False)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def old_server(db_url: str, code: Path, tmp: Path) -> ServerProcess:
    """A server of the old code (plain Python: its compiled modules are not built)."""
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_PURE": "1", "PYTHONPATH": str(code)}
    return ServerProcess(db_url, tmp / "old.log", tmp, env=env)


@pytest.mark.parametrize("revision", migrations_after(BASELINE))
def test_the_code_before_a_migration_plays_on_the_migrated_database(
    postgres: PrivatePostgres, tmp_path: Path, revision: str
) -> None:
    code = export(code_before(revision), tmp_path / "old")
    url = postgres.create_database(f"upgrade{revision}")
    old = old_server(url, code, tmp_path).start()  # migrates to the revision before
    new: ServerProcess | None = None
    api = Api(old.base)
    try:
        gid, tokens = human_game(api, "aquaretto", 2, start_player=0)
        rng = random.Random(int(revision))
        step(api, gid, tokens, rng)

        # The upgrade's first step: the migration, while the old server runs.
        engine = create_engine(url)
        try:
            migrate.upgrade(engine, revision)
            assert migrate.revisions(engine)[0] == revision
        finally:
            engine.dispose()
        step(api, gid, tokens, rng)
        other, _ = human_game(api, "zooloretto", 2, start_player=0)  # new rows, too
        assert api.snapshot(other)["number"] == 0

        heads = migrations_after(BASELINE)[-1:]
        if revision in heads:
            # The newest migration: the new server beside the old one, the one game
            # played through each in turn, each seeing every move of the other.
            # A move made on one reaches the other's sockets (the bus between processes
            # speaks the same notices in both versions).
            new = ServerProcess(url, tmp_path / "new.log", tmp_path).start()
            new_api = Api(new.base)
            try:
                with api.socket(gid) as old_ws, new_api.socket(gid) as new_ws:
                    old_ws.hello(None)
                    new_ws.hello(None)
                    for turn in range(8):
                        mover, watcher = (api, new_api) if turn % 2 else (new_api, api)
                        played = step(mover, gid, tokens, rng)
                        number = played["number"]
                        pushed = (old_ws if watcher is api else new_ws).receive_state(number)
                        assert pushed["view"] == mover.snapshot(gid)["view"]
                        assert watcher.snapshot(gid)["view"] == pushed["view"]
                        (new_ws if watcher is api else old_ws).receive_state(number)
            finally:
                new_api.close()
    finally:
        api.close()
        old.stop()
        if new is not None:
            new.stop()
    assert "Traceback" not in old.output(), old.output()[-3000:]


def test_a_server_starts_on_a_database_migrated_past_its_code(
    databases: Databases, tmp_path: Path
) -> None:
    """A server restarted mid-upgrade (the database already newer) serves; it does not stop."""
    url = databases.new("sqlite")
    Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True)
    engine = create_engine(url)
    try:
        migrate.upgrade(engine)
        with engine.begin() as conn:
            conn.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    finally:
        engine.dispose()
    server = ServerProcess(url, tmp_path / "server.log", tmp_path).start()
    api = Api(server.base)
    try:
        gid, tokens = human_game(api)
        step(api, gid, tokens, random.Random(1))
        ready = api.http.get("/readyz")  # nginx's checks keep it in service meanwhile
        assert ready.status_code == 200, ready.text
        assert ready.json()["migration"] == "9999"
    finally:
        api.close()
        server.stop()
    assert "newer than this code's" in server.output()
