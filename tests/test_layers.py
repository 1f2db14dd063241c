"""Data flows one way: ``core`` (the protocol, records, the registry) imports no game."""

from __future__ import annotations

import ast
from pathlib import Path

import zoogames

CORE = Path(zoogames.__file__).parent / "core"


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
