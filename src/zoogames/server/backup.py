"""Back up a server's database to one file, and restore it (``zoogames backup``/``restore``).

The database is all the state there is (games, accounts, ratings), so a backup is one
consistent copy of it, taken while the servers run:

- **SQLite**: SQLite's online backup API (``sqlite3.Connection.backup``) copies every
  page in one step, inside one read transaction: in WAL mode (which the servers use) the
  servers keep writing meanwhile, and the copy is the database as of one commit. The file
  is a SQLite database itself.
- **PostgreSQL**: ``pg_dump --format=custom``, which reads everything in one repeatable-read
  snapshot (one commit's state, the servers writing on); ``pg_restore`` reads it back.

A restore refuses to overwrite a database that holds games unless ``force`` is given,
checks the backup's migration before touching anything (one newer than this code knows
is refused), and brings the restored schema up to date (``migrate.upgrade``), so the
servers start on it at once. Every failure raises :class:`BackupError` with the reason.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import URL, Engine, inspect, make_url, text

from zoogames.server import migrate
from zoogames.server.store.engine import open_engine

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""

PG_DUMP_MAGIC = b"PGDMP"
"""The first bytes of a ``pg_dump --format=custom`` archive."""


class BackupError(RuntimeError):
    """A backup or a restore could not be done (the message says why); nothing was changed."""


@dataclass(frozen=True)
class Restored:
    """What a restore did: the backup's migration, the schema's now, and the games restored."""

    backup_revision: str | None
    revision: str | None
    games: int


def tool(name: str) -> str:
    """The path of PostgreSQL's ``name`` (``pg_dump``, ``pg_restore``) on ``PATH``."""
    found = shutil.which(name)
    if found is None:
        raise BackupError(
            f"{name} is not on PATH: install PostgreSQL's client programs"
            " (Debian: apt-get install postgresql-client), of the server's major version or newer"
        )
    return found


def libpq(url: URL) -> tuple[str, dict[str, str]]:
    """A libpq connection string for the PostgreSQL tools, and their environment.

    The password goes in ``PGPASSWORD``, not on the command line, where any user of the
    machine could read it in the process list.
    """
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    plain = url.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def sqlite_path(url: URL) -> Path:
    """The file of a SQLite URL; in-memory databases cannot be backed up."""
    if not url.database or url.database == ":memory:":
        raise BackupError("an in-memory SQLite database has nothing to back up or restore")
    return Path(url.database)


def parse(db_url: str) -> URL:
    """The SQLAlchemy URL, checked to be SQLite or PostgreSQL."""
    try:
        url = make_url(db_url)
    except Exception as e:  # SQLAlchemy raises ArgumentError, a bare Exception's kin
        raise BackupError(f"not a database URL: {db_url!r} ({e})") from None
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise BackupError(
            f"cannot back up a {url.get_backend_name()} database: the server runs on"
            " sqlite:///… or postgresql+psycopg://…"
        )
    return url


# ----- backup ----------------------------------------------------------------------------


def backup(db_url: str, out: Path) -> None:
    """Write a consistent copy of the database ``db_url`` to ``out`` (replaced if it exists).

    The copy is written beside ``out`` and renamed onto it at the end: a failed backup
    leaves no half file where the last good one was.
    """
    url = parse(db_url)
    out = out.resolve()
    if not out.parent.is_dir():
        raise BackupError(f"the folder of {out} does not exist")
    fd, name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
    os.close(fd)
    partial = Path(name)
    try:
        if url.get_backend_name() == "sqlite":
            _backup_sqlite(sqlite_path(url), partial)
        else:
            _backup_postgres(url, partial)
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)


def _backup_sqlite(source: Path, out: Path) -> None:
    if not source.is_file():
        raise BackupError(f"no SQLite database at {source}")
    # Read-only: a backup never creates or changes the database it copies.
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    dst = sqlite3.connect(out)
    try:
        # pages=-1 (every page in one step): one read transaction, so the copy is one
        # commit's state however busy the writers are. Step by step, SQLite would start
        # over after every write of another process and might never finish.
        src.backup(dst, pages=-1)
        # The copy is one file on its own (no -wal beside it), whatever it is copied to.
        dst.execute("PRAGMA journal_mode=DELETE")
        checked = dst.execute("PRAGMA quick_check").fetchone()
        if checked != ("ok",):
            raise BackupError(f"the copy of {source} fails SQLite's check: {checked}")
    except sqlite3.Error as e:
        raise BackupError(f"cannot back up {source}: {e}") from None
    finally:
        dst.close()
        src.close()


def _backup_postgres(url: URL, out: Path) -> None:
    conninfo, env = libpq(url)
    command = [tool("pg_dump"), "--format=custom", "--no-owner", "--file", str(out), conninfo]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise BackupError(f"pg_dump failed: {done.stderr.strip()}")


# ----- restore ---------------------------------------------------------------------------


def shipped_revisions() -> set[str]:
    """Every migration this code ships."""
    config = Config()
    config.set_main_option("script_location", str(migrate.MIGRATIONS))
    return {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}


def restore(db_url: str, source: Path, force: bool = False) -> Restored:
    """Replace the database ``db_url`` with the backup ``source``; what was restored.

    Stop the servers first: they keep games in memory, and would not see the change.
    """
    url = parse(db_url)
    if not source.is_file():
        raise BackupError(f"no backup file at {source}")
    with source.open("rb") as f:
        magic = f.read(16)
    sqlite = url.get_backend_name() == "sqlite"
    if sqlite and not magic.startswith(SQLITE_MAGIC):
        what = (
            "a PostgreSQL backup (pg_dump)" if magic.startswith(PG_DUMP_MAGIC) else "not a backup"
        )
        raise BackupError(f"{source} is {what}: a SQLite database restores SQLite backups")
    if not sqlite and not magic.startswith(PG_DUMP_MAGIC):
        what = "a SQLite backup" if magic.startswith(SQLITE_MAGIC) else "no pg_dump archive"
        raise BackupError(f"{source} is {what}: PostgreSQL restores pg_dump --format=custom files")

    revision = _sqlite_revision(source) if sqlite else _archive_revision(source)
    if revision is not None and revision not in shipped_revisions():
        raise BackupError(
            f"the backup is at migration {revision}, newer than this version of zoogames"
            " knows: restore it with the version that made it (or a newer one)"
        )
    if sqlite:
        target = sqlite_path(url)
        target.parent.mkdir(parents=True, exist_ok=True)
    engine = open_engine(db_url)
    try:
        held = games_in(engine)
        if held and not force:
            raise BackupError(
                f"the database holds games ({held}): restoring would replace them"
                " (give --force to replace them anyway)"
            )
        if sqlite:
            engine.dispose()
            _restore_sqlite(source, target)
        else:
            _restore_postgres(engine, url, source)
        engine.dispose()
        migrate.upgrade(engine)
        current, _ = migrate.revisions(engine)
        return Restored(revision, current, games_in(engine))
    finally:
        engine.dispose()


def games_in(engine: Engine) -> int:
    """How many games the database holds (0 without a ``games`` table)."""
    with engine.connect() as conn:
        if not inspect(conn).has_table("games"):
            return 0
        return int(conn.execute(text("SELECT count(*) FROM games")).scalar_one())


def _sqlite_revision(source: Path) -> str | None:
    try:
        conn = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()
            if check != ("ok",):
                raise BackupError(f"{source} fails SQLite's check: {check}")
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
            if "games" not in tables:
                raise BackupError(f"{source} is a SQLite database, but not a zoogames one")
            if "alembic_version" not in tables:
                return None
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            return str(row[0]) if row else None
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise BackupError(f"cannot read {source}: {e}") from None


def _archive_revision(source: Path) -> str | None:
    """The migration recorded in a pg_dump archive (its ``alembic_version`` row)."""
    command = [
        tool("pg_restore"), "--data-only", "--table=alembic_version", "--file=-", str(source),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{source} is not a readable pg_dump archive: {done.stderr.strip()}")
    lines = done.stdout.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("COPY ") and "alembic_version" in line and i + 1 < len(lines):
            row = lines[i + 1]
            return None if row == "\\." else row.strip()
    raise BackupError(f"{source} is a pg_dump archive, but not of a zoogames database")


def _restore_sqlite(source: Path, target: Path) -> None:
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    dst = sqlite3.connect(target, timeout=30)
    try:
        # The backup API writes the whole target in one transaction: a reader sees the
        # old database or the restored one, never a mix.
        src.backup(dst, pages=-1)
    except sqlite3.Error as e:
        raise BackupError(f"cannot restore into {target}: {e}") from None
    finally:
        dst.close()
        src.close()


def _restore_postgres(engine: Engine, url: URL, source: Path) -> None:
    conninfo, env = libpq(url)
    command = [
        tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--no-acl",
        "--single-transaction", "--exit-on-error", "--dbname", conninfo, str(source),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        # --single-transaction: nothing of the restore stayed.
        raise BackupError(f"pg_restore failed, the database is unchanged: {done.stderr.strip()}")
