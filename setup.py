"""The package's build steps beyond pyproject.toml: the compiled engine and the client check.

1. The compiled engine: the rules (``core``, ``games``) and the bots compiled by mypyc,
   only when it can: with ``ZOOGAMES_PURE=1``, without mypy, or without a C compiler,
   the package installs as plain Python and runs the same code. ``docs/architecture.md``
   (Speed) says why mypyc and how the build is kept short.

       pip install .                               # compiled where possible
       ZOOGAMES_PURE=1 pip install .               # plain Python
       python setup.py build_ext --inplace -j 2    # what `make install` runs for src/

2. Refuse to build a wheel or an sdist without the built browser client. The client is
   built by ``make web`` into ``src/zoogames/server/static/`` (gitignored) and shipped as
   package data; a package built without it would serve a "not built" page, so the build
   stops instead. Editable installs (``pip install -e .``, what ``make install`` does) are
   not checked: they serve whatever ``make web`` builds later.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
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


ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"


def engine() -> ModuleType:
    """``zoogames/_engine.py``, loaded from its file without importing zoogames.

    It is the one place that says which modules are compiled and how a build is stamped.
    """
    spec = importlib.util.spec_from_file_location("_engine", SRC / "zoogames" / "_engine.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def modules() -> list[str]:
    """The source files mypyc compiles, relative to ``src/`` (sorted: a stable build)."""
    return [str(p.relative_to(SRC)) for p in engine().sources(SRC / "zoogames")]


def can_compile() -> str | None:
    """``None`` if the compiled modules can be built here, else why not."""
    if os.environ.get("ZOOGAMES_PURE") == "1":
        return "ZOOGAMES_PURE=1"
    try:
        import mypyc.build  # noqa: F401  (installed with mypy)
    except ImportError:
        return "mypy (mypyc) is not installed"
    compiler = os.environ.get("CC", "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    include = sysconfig.get_paths()["include"]
    if not (Path(include) / "Python.h").exists():
        return f"no Python headers in {include}"
    return None


def extensions() -> list[Extension]:
    """The C extensions, or none (plain Python) if they cannot be built here."""
    why_not = can_compile()
    if why_not is not None:
        print(f"zoogames: installing plain Python ({why_not})", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    # One compilation unit: calls between the engine's modules bind early, and it builds
    # in less than half the time of one unit per module (separate=True: 7 min against
    # 3 on a busy 2-core machine); see docs/architecture.md for the figures.
    cwd = os.getcwd()
    os.chdir(SRC)  # module names come from paths relative to src/
    try:
        built = mypycify(
            ["--config-file", str(ROOT / "pyproject.toml"), *modules()],
            opt_level=os.environ.get("ZOOGAMES_OPT", "2"),
            multi_file=True,
            target_dir=str(ROOT / "build" / "mypyc"),
        )
    finally:
        os.chdir(cwd)
    if sysconfig.get_platform().startswith("win"):
        return built
    # Native i64 arithmetic must wrap (SplitMix64 in core/rng.py): CPython builds with
    # -fwrapv and extensions inherit it; say so here too rather than rely on it.
    for ext in built:
        ext.extra_compile_args = [*ext.extra_compile_args, "-fwrapv"]
    return built


class BuildExt(build_ext):
    """``build_ext`` that also writes the digest of the sources it compiled.

    ``zoogames._engine`` runs the compiled modules only while the sources still match it.
    """

    def run(self) -> None:
        """Build the extensions, then stamp the sources' digest beside them."""
        super().run()
        if not self.extensions:
            return
        stamped = engine()
        stamp = stamped.digest(SRC / "zoogames") + "\n"
        targets = [SRC / "zoogames"] if self.inplace else []
        targets.append(Path(self.build_lib) / "zoogames")
        for target in targets:
            target.mkdir(parents=True, exist_ok=True)
            (target / stamped.STAMP).write_text(stamp, encoding="utf-8")


if __name__ == "__main__":  # as the build backend runs it; tests import the check alone
    setup(
        ext_modules=extensions(),
        cmdclass={"build_py": BuildPy, "sdist": Sdist, "build_ext": BuildExt},
    )
