"""Build the compiled engine: the rules (``core``, ``games``) and the bots, through mypyc.

Everything else (name, dependencies, entry points) is in ``pyproject.toml``; this file only
adds the C extensions, and only when it can: with ``ZOOGAMES_PURE=1``, without mypy, or
without a C compiler, the package installs as plain Python and runs the same code.
``docs/architecture.md`` (Speed) says why mypyc and how the build is kept short.

    pip install .                               # compiled where possible
    ZOOGAMES_PURE=1 pip install .               # plain Python
    python setup.py build_ext --inplace -j 2    # what `make install` runs for src/
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
COMPILED = ("zoogames/core", "zoogames/games", "zoogames/bots")
"""The packages compiled: every module in them (the rules and the bots' search)."""


def modules() -> list[str]:
    """The source files mypyc compiles, relative to ``src/`` (sorted: a stable build)."""
    found = [p for d in COMPILED for p in (SRC / d).rglob("*.py")]
    return sorted(str(p.relative_to(SRC)) for p in found)


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


def extensions() -> list:  # type: ignore[type-arg]
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
        return mypycify(
            ["--config-file", str(ROOT / "pyproject.toml"), *modules()],
            opt_level=os.environ.get("ZOOGAMES_OPT", "2"),
            multi_file=True,
            target_dir=str(ROOT / "build" / "mypyc"),
        )
    finally:
        os.chdir(cwd)


class BuildExt(build_ext):
    """``build_ext`` that also writes the digest of the sources it compiled.

    ``zoogames._engine`` runs the compiled modules only while the sources still match it.
    """

    def run(self) -> None:
        """Build the extensions, then stamp the sources' digest beside them."""
        super().run()
        if not self.extensions:
            return
        sys.path.insert(0, str(SRC / "zoogames"))
        try:
            import _engine  # the package's own digest, read without importing zoogames
        finally:
            sys.path.pop(0)
        stamp = _engine.digest(SRC / "zoogames") + "\n"
        targets = [SRC / "zoogames"] if self.inplace else []
        targets.append(Path(self.build_lib) / "zoogames")
        for target in targets:
            target.mkdir(parents=True, exist_ok=True)
            (target / _engine.STAMP).write_text(stamp, encoding="utf-8")


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
