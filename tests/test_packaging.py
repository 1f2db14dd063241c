"""pyproject.toml declares ranges, constraints.txt pins them, and the two agree."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

import zoogames

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def requirements() -> list[Requirement]:
    """Every requirement of the bare install and of every extra, but the self-references."""
    project = PYPROJECT["project"]
    reqs = [Requirement(r) for r in project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        reqs += [Requirement(r) for r in extra]
    return [r for r in reqs if canonicalize_name(r.name) != "zoogames"]


def pins() -> dict[str, Version]:
    """constraints.txt as name → pinned version."""
    pinned: dict[str, Version] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            pin = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)", line)
            assert pin, f"constraints.txt: {line!r} is not name==version"
            pinned[canonicalize_name(pin[1])] = Version(pin[2])
    return pinned


def test_metadata_has_ranges_not_pins() -> None:
    for req in requirements():
        assert not any(s.operator == "==" for s in req.specifier), f"{req}: a pin, not a range"
        assert req.specifier, f"{req}: no lower bound"


def test_every_requirement_is_pinned_inside_its_range() -> None:
    pinned = pins()
    for req in requirements():
        name = canonicalize_name(req.name)
        assert name in pinned, f"{req.name} is not in constraints.txt: run make lock"
        assert req.specifier.contains(pinned[name], prereleases=True), (
            f"constraints.txt pins {req.name}=={pinned[name]}, outside {req.specifier}:"
            " run make lock"
        )


def test_the_version_is_written_once() -> None:
    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert "version" not in PYPROJECT["project"]
    attr = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "zoogames.__version__"
    assert Version(zoogames.__version__)  # a valid version
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## {zoogames.__version__} " in changelog, "CHANGELOG.md has no section for it"


def test_the_client_carries_the_same_version() -> None:
    # npm requires a version in web/package.json (and its lock); it must not drift from
    # the one place the version is decided, so a release sets all three (CONTRIBUTING.md).
    package = json.loads((ROOT / "web" / "package.json").read_text())
    lock = json.loads((ROOT / "web" / "package-lock.json").read_text())
    assert package["version"] == zoogames.__version__
    assert lock["version"] == lock["packages"][""]["version"] == zoogames.__version__


def test_python_3_11_and_newer_are_accepted() -> None:
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"
