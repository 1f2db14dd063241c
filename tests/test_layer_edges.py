"""Which layer may import which: one table, checked over every module's imports.

A layer is a package (or a top-level module) right under ``zoogames``. :data:`ALLOWED`
names, for each, the other layers its modules may import, at the top of a module or
inside a function alike (a lazy import is still a dependency). The imports are read from
the sources' syntax trees, relative ones resolved, so nothing is imported to check. A new
package needs its own row, and a new edge a changed row: the failure names the module
and the import. ``tests/test_layers.py`` checks finer rules within a layer (the server's
store and service).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import zoogames

PACKAGE = Path(zoogames.__file__).resolve().parent

ENGINE = {"core", "i18n"}
"""What the rules may use: the protocol and the message catalogues (``render.py``)."""

ALLOWED: dict[str, set[str]] = {
    "_engine": set(),  # picks the compiled or the plain engine: imports no other layer
    "core": set(),  # the protocol, records and the registry: no game, no tool
    "i18n": {"core"},
    "games": ENGINE,
    "bots": {"core", "games"},
    "play": {"core", "games", "bots", "i18n"},
    "arena": {"core", "games", "bots"},
    "rl": {"core", "games", "bots"},
    "learn": {"core", "games", "bots", "arena", "cli"},
    # the server plays games with bots; it rates with core.record.ranks, not the arena
    "server": {"zoogames", "core", "games", "bots", "i18n"},
    "cli": {"zoogames", "core", "games", "bots", "i18n", "play", "arena", "rl", "learn", "server"},
    "zoogames": {"_engine", "core", "games"},  # __init__.py: the version and the engine
}
"""Layer → the layers it may import (``zoogames``: the package's ``__init__``)."""


def module_name(path: Path) -> str:
    """``zoogames.core.record`` for ``.../zoogames/core/record.py``."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer(module: str) -> str | None:
    """The layer of a ``zoogames`` module (``None`` for any other package)."""
    parts = module.split(".")
    if parts[0] != "zoogames":
        return None
    return parts[1] if len(parts) > 1 else "zoogames"


def imported(text: str, here: str, is_package: bool = False) -> list[str]:
    """Every module the source ``text`` of module ``here`` imports, relative imports
    resolved; ``from zoogames import x`` counts as ``zoogames.x`` when ``x`` is a layer,
    else as ``zoogames`` itself."""
    package = here if is_package else here.rpartition(".")[0]
    found: list[str] = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            if base == "zoogames":
                found += [
                    f"zoogames.{a.name}" if a.name in ALLOWED else "zoogames" for a in node.names
                ]
            else:
                found.append(base)
    return found


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


def edges() -> list[tuple[str, str, str]]:
    """(module, its layer, an imported module of another layer), over every source."""
    out = []
    for path in SOURCES:
        here = module_name(path)
        mine = layer(here)
        assert mine is not None
        text = path.read_text(encoding="utf-8")
        for target in imported(text, here, path.name == "__init__.py"):
            theirs = layer(target)
            if theirs is not None and theirs != mine:
                out.append((here, mine, target))
    return out


def test_every_layer_has_a_row() -> None:
    layers = {layer(module_name(p)) for p in SOURCES}
    missing = sorted(str(x) for x in layers - set(ALLOWED))
    assert not missing, f"no row in ALLOWED for the layers {missing}: say what they may import"


def test_every_import_is_an_allowed_edge() -> None:
    found = edges()
    assert len(found) > 50  # the walk did read the imports
    wrong = [
        f"{module} ({mine}) imports {target}"
        for module, mine, target in found
        if layer(target) not in ALLOWED.get(mine, set())
    ]
    assert not wrong, "imports across layers that ALLOWED does not list:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("here", "target"),
    [
        ("zoogames.core.record", "zoogames.games.aquaretto"),
        ("zoogames.server.ratings", "zoogames.arena.stats"),
        ("zoogames.games.aquaretto.state", "zoogames.bots"),
    ],
)
def test_a_forbidden_import_is_found_even_inside_a_function(here: str, target: str) -> None:
    text = f"def later() -> None:\n    import {target}\n"
    found = imported(text, here)
    assert found == [target]
    mine = layer(here)
    assert mine is not None and layer(found[0]) not in ALLOWED[mine]


def test_relative_imports_are_resolved() -> None:
    text = "from . import records\nfrom ..table import Table\nfrom .engine import make\n"
    found = imported(text, "zoogames.server.store", is_package=True)
    assert found == [
        "zoogames.server.store",
        "zoogames.server.table",
        "zoogames.server.store.engine",
    ]
    found = imported("from ..bits import bits\n", "zoogames.core.sub.mod")
    assert found == ["zoogames.core.bits"]
