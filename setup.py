"""Refuse to build a wheel or an sdist without the built browser client.

Everything else about the package is declared in pyproject.toml. The client is built by
``make web`` into ``src/zoogames/server/static/`` (gitignored) and shipped as package data;
a package built without it would serve a "not built" page, so the build stops instead.
Editable installs (``pip install -e .``, what ``make install`` does) are not checked: they
serve whatever ``make web`` builds later.
"""

from __future__ import annotations

import re
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

STATIC = Path(__file__).resolve().parent / "src" / "zoogames" / "server" / "static"


def check_client_built(static: Path = STATIC) -> None:
    """Raise ``SystemExit`` with the reason unless ``static`` holds a complete client build."""
    index = static / "index.html"
    if not index.is_file():
        raise SystemExit(
            f"the browser client is not built ({index} is missing): run `make web` first"
        )
    assets = re.findall(r'(?:src|href)="/(assets/[^"]+)"', index.read_text())
    missing = [a for a in assets if not (static / a).is_file()]
    if not assets or missing:
        raise SystemExit(
            f"the browser client build in {static} is incomplete"
            f" ({', '.join(missing) or 'index.html names no assets'}): run `make web` again"
        )


class BuildPy(build_py):
    """build_py that checks the client first, except for editable installs."""

    def run(self) -> None:
        """Check the client, then build as usual."""
        if not self.editable_mode:
            check_client_built()
        super().run()


class Sdist(sdist):
    """sdist that checks the client first."""

    def run(self) -> None:
        """Check the client, then build as usual."""
        check_client_built()
        super().run()


if __name__ == "__main__":  # as the build backend runs it; tests import the check alone
    setup(cmdclass={"build_py": BuildPy, "sdist": Sdist})
