"""The maps in docstrings stay true: each names every part it maps, and nothing gone.

``zoogames.cli`` lists its sub-commands and ``zoogames.server`` its modules for a reader
new to the code; a command or a module added without a line there, or removed and still
named, fails here rather than misleading that reader.
"""

from __future__ import annotations

import re
from pathlib import Path

import typer.main

import zoogames.cli
import zoogames.server

SERVER = Path(zoogames.server.__file__).parent


def named(doc: str | None) -> set[str]:
    """The ``literal`` names of a docstring."""
    return set(re.findall(r"``([\w/.-]+)``", doc or ""))


def test_the_cli_docstring_names_every_command() -> None:
    group = typer.main.get_command(zoogames.cli.app)
    commands = set(getattr(group, "commands", {}))
    assert commands, "no sub-commands found"
    listed = named(zoogames.cli.__doc__)
    assert sorted(commands - listed) == []  # a command the docstring does not mention


def test_the_server_docstring_names_every_module_and_package() -> None:
    parts = {
        p.stem if p.is_file() else p.name
        for p in SERVER.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__")
        or (p.is_dir() and (p / "__init__.py").exists())
    }
    listed = named(zoogames.server.__doc__)
    assert sorted(parts - listed) == []  # on disk, not in the map
    modules = {n for n in listed if re.fullmatch(r"[a-z_]+", n)} - {"migrations"}
    assert sorted(modules - parts - {"zoogames"}) == []  # in the map, not on disk
