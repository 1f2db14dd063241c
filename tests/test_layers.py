"""Data flows one way: ``core`` (the protocol, records, the registry) imports no game.

And in the server: the store's records (``server/store/records.py``) import no SQL, and
the modules that only need records take them from there, not from the persistence.
"""

from __future__ import annotations

import ast
from pathlib import Path

import zoogames

CORE = Path(zoogames.__file__).parent / "core"
SERVER = Path(zoogames.__file__).parent / "server"


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    found += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    return found


def test_core_imports_no_game_bot_or_tool() -> None:
    sources = sorted(CORE.glob("*.py"))
    assert {p.name for p in sources} >= {"game.py", "record.py", "registry.py"}
    for path in sources:
        upward = [
            m
            for m in imports(path)
            if m.startswith("zoogames.") and not m.startswith("zoogames.core")
        ]
        assert not upward, f"{path.name} imports {upward}"


def test_the_registry_is_the_games_registry() -> None:
    from zoogames.core import registry

    assert zoogames.games.get is registry.get and zoogames.games.ids is registry.ids
    assert registry.get("aquaretto").id == "aquaretto"


def test_the_store_records_import_no_persistence() -> None:
    found = imports(SERVER / "store" / "records.py")
    # (the API contract is declarations alone: what a record's ``to_json`` answers)
    ours = [m for m in found if m.startswith(("sqlalchemy", "zoogames"))]
    assert set(ours) <= {"zoogames.server.contract"}, found


def test_the_table_and_the_sockets_take_records_not_the_store() -> None:
    for name in ("table.py", "hub.py", "ws.py", "reviews.py"):
        store = [m for m in imports(SERVER / name) if m.startswith("zoogames.server.store")]
        assert store == ["zoogames.server.store.records"], f"{name} imports {store}"


def test_the_store_is_one_module_per_concern() -> None:
    modules = {p.stem: p for p in (SERVER / "store").glob("*.py")}
    assert {"__init__", "records", "engine", "games", "accounts"} <= set(modules)
    for name, path in modules.items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines < 800, f"store/{name}.py has {lines} lines: split it by concern"


def test_the_service_is_one_module_per_concern() -> None:
    parts = {p.stem for p in (SERVER / "service").glob("*.py")}
    assert {"__init__", "env", "round", "clocks", "accounts", "chat", "notify"} <= parts
    for path in [*SERVER.glob("*.py"), *SERVER.glob("*/*.py")]:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 800, f"{path.relative_to(SERVER)} has {lines} lines: split it by concern"


def test_the_service_knows_nothing_of_http() -> None:
    http = ("fastapi", "starlette", "zoogames.server.routes", "zoogames.server.ws")
    for path in (SERVER / "service").glob("*.py"):
        found = [m for m in imports(path) if m.startswith(http)]
        assert not found, f"service/{path.name} imports {found}"
