"""``zoogames backup`` while a server plays games; ``zoogames restore``; every game replayed.

The backup runs while games are being played through a real server. Restored into a
fresh database, every game must be one the server showed at some moment: each game is
replayed by the engine from the restored database's rows alone (options, seed, actions)
and compared with what the server answered after that many actions, and a server on the
restored database shows the same and plays on.
"""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from zoogames.core.record import replay
from zoogames.server import migrate
from zoogames.server.backup import BackupError, backup, restore

from .conftest import BACKENDS, Databases
from .harness import Api, ServerProcess, zoogames_command
from .play import human_game, step

SECRET = 1 << 128
"""A BLAKE2b seed is ``2**128`` plus its secret bits (``games.secret``)."""


def zoogames(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the ``zoogames`` command; its result (not checked)."""
    return subprocess.run(
        [*zoogames_command(), *args], capture_output=True, text=True, timeout=120, check=False
    )


def replayed_views(url: str) -> dict[str, tuple[int, Any]]:
    """Each game of the database: (actions played, the spectator's view), by the engine.

    Built from the rows alone, as a record (docs/records.md) replayed from its seed.
    """
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT id, game, options, seed, secret FROM games")).all()
            games: dict[str, tuple[int, Any]] = {}
            for game_id, game, options, seed, secret in rows:
                if isinstance(options, str):  # SQLite's JSON comes back as text
                    options = json.loads(options)
                actions = conn.execute(
                    text("SELECT notation FROM actions WHERE game_id = :id ORDER BY number"),
                    {"id": game_id},
                ).scalars()
                record = {
                    "game": game,
                    "options": options,
                    "seed": SECRET + int(secret, 16) if secret else seed,
                    "generator": "blake2b" if secret else "splitmix64",
                    "actions": list(actions),
                }
                state = replay(record)
                games[game_id] = (len(record["actions"]), state.view(None))
    finally:
        engine.dispose()
    return games


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_backup_taken_during_play_restores_every_game_as_the_server_showed_it(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    source = databases.new(backend)
    server = ServerProcess(source, tmp_path / "server.log", tmp_path).start()
    api = Api(server.base)
    shown: dict[str, dict[int, dict[str, Any]]] = {}  # game -> number -> spectator snapshot
    try:
        tables = [
            human_game(api, "aquaretto", 2, start_player=0),
            human_game(api, "zooloretto", 3, start_player=0),
        ]
        for gid, _ in tables:
            shown[gid] = {0: api.snapshot(gid)}
        rng = random.Random(7)

        def play_round() -> None:
            for gid, tokens in tables:
                if shown[gid][max(shown[gid])]["status"] == "over":
                    continue
                snap = step(api, gid, tokens, rng)
                shown[gid][snap["number"]] = api.snapshot(gid)

        for _ in range(4):
            play_round()
        backup_file = tmp_path / "zoogames.backup"
        result: list[subprocess.CompletedProcess[str]] = []
        backing_up = threading.Thread(
            target=lambda: result.append(
                zoogames("backup", "--db", source, "--out", str(backup_file))
            )
        )
        backing_up.start()
        while backing_up.is_alive():  # the games go on while the backup runs
            play_round()
        backing_up.join()
        for _ in range(4):
            play_round()
        assert result[0].returncode == 0, result[0].stderr
        assert "backed up to" in result[0].stdout
    finally:
        api.close()
        server.stop()

    restored_url = databases.new(backend)
    done = zoogames("restore", "--db", restored_url, "--in", str(backup_file))
    assert done.returncode == 0, done.stderr
    assert "restored 2 games" in done.stdout and "(current)" in done.stdout

    # Replayed from the restored rows by the engine: each game as the server showed it
    # after that many actions, none later than the last action played (so the backup is
    # a moment during play, not a copy made after it).
    again = zoogames("restore", "--db", restored_url, "--in", str(backup_file))
    assert again.returncode == 1
    assert "holds games (2)" in again.stderr and "--force" in again.stderr
    assert restore(restored_url, backup_file, force=True).games == 2

    replayed = replayed_views(restored_url)
    assert set(replayed) == set(shown)
    for gid, (number, view) in replayed.items():
        assert number in shown[gid], (gid, number)
        assert view == shown[gid][number]["view"], gid
        assert 4 <= number < max(shown[gid]), (gid, number)

    # A server on the restored database shows the same, and the games play on.
    server = ServerProcess(restored_url, tmp_path / "restored.log", tmp_path).start()
    api = Api(server.base)
    try:
        for gid, tokens in tables:
            snap = api.snapshot(gid)
            number = snap["number"]
            assert snap["view"] == shown[gid][number]["view"]
            assert snap["log"] == shown[gid][number]["log"]
            assert step(api, gid, tokens, rng)["number"] == number + 1
    finally:
        api.close()
        server.stop()


def test_bad_backups_and_targets_are_refused_and_change_nothing(tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'source.db'}"
    engine = create_engine(source)
    try:
        migrate.upgrade(engine)
    finally:
        engine.dispose()
    good = tmp_path / "good.backup"
    backup(source, good)
    target = tmp_path / "target.db"
    url = f"sqlite:///{target}"

    junk = tmp_path / "junk"
    junk.write_text("not a backup")
    with pytest.raises(BackupError, match="not a backup"):
        restore(url, junk)
    junk.write_bytes(b"PGDMP" + bytes(100))
    with pytest.raises(BackupError, match="a PostgreSQL backup"):
        restore(url, junk)
    # The wrong kind is refused before any connection: no server need answer there.
    with pytest.raises(BackupError, match="a SQLite backup"):
        restore("postgresql+psycopg://zoo@127.0.0.1:1/none", good)
    with pytest.raises(BackupError, match="no backup file"):
        restore(url, tmp_path / "none.backup")

    newer = tmp_path / "newer.backup"
    newer.write_bytes(good.read_bytes())
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    conn.close()
    with pytest.raises(BackupError, match="migration 9999, newer than this version"):
        restore(url, newer)
    assert not target.exists()  # nothing was made of any of them

    with pytest.raises(BackupError, match="no SQLite database"):
        backup(f"sqlite:///{tmp_path / 'none.db'}", tmp_path / "x")
    with pytest.raises(BackupError, match="cannot back up a mysql database"):
        backup("mysql://u@h/db", tmp_path / "x")
    assert not (tmp_path / "x").exists()
    assert restore(url, good).games == 0


def test_the_postgresql_tools_missing_is_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    url = "postgresql+psycopg://u@127.0.0.1:1/x"
    with pytest.raises(BackupError, match="pg_dump is not on PATH: install PostgreSQL's client"):
        backup(url, tmp_path / "x")
    assert list(tmp_path.iterdir()) == []  # no partial file left behind
