"""Which engine runs: the compiled modules (mypyc) or the same modules as plain Python.

The rules and the bots (``zoogames.core``, ``zoogames.games``, ``zoogames.bots``) may be
compiled into C extensions that sit beside their sources (``make install``, or a wheel
built where a C compiler was found; see ``setup.py``). Python would load such an
extension before the source of the same name, module by module; compiled modules must
all come from one build, so the choice is made once, here, when ``zoogames`` is first
imported, and holds for every engine module:

- ``ZOOGAMES_PURE=1`` in the environment: plain Python;
- no compiled module, or not all of them: plain Python;
- a source edited since the build (its digest differs from the one the build wrote in
  ``_compiled.txt``): plain Python, with a warning (``make install`` rebuilds);
- otherwise the compiled modules.

Plain Python is chosen by putting a finder first on ``sys.meta_path`` that loads the
engine's modules from their ``.py`` files. :func:`zoogames.compiled` says which is in use.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGES = ("core", "games", "bots")
"""The compiled packages, under ``zoogames``."""

ROOT = Path(__file__).resolve().parent
STAMP = "_compiled.txt"
"""Written by the build beside this file: the :func:`digest` of the sources it compiled."""
_PREFIXES = tuple(f"zoogames.{p}" for p in PACKAGES)


INTERPRETED = ("view_types.py", "truck_view_types.py")
"""Modules of those packages left as Python: the views' TypedDicts, read by pydantic, which
does not recognise a compiled TypedDict (and they are no hot path)."""


def sources(root: Path | None = None) -> list[Path]:
    """The source files compiled: every module of :data:`PACKAGES` but the INTERPRETED."""
    base = ROOT if root is None else root
    found = (p for pkg in PACKAGES for p in (base / pkg).rglob("*.py"))
    return sorted(p for p in found if p.name not in INTERPRETED)


def digest(root: Path | None = None) -> str:
    """A digest of the compiled packages' sources under ``root`` (paths and contents)."""
    base = ROOT if root is None else root
    h = hashlib.sha256()
    for path in sources(base):
        h.update(path.relative_to(base).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def extension_of(source: Path) -> Path | None:
    """The compiled module built from ``source``, if there is one."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


def why_pure() -> str | None:
    """Why the engine runs as plain Python (``None``: it runs compiled)."""
    if os.environ.get("ZOOGAMES_PURE") == "1":
        return "ZOOGAMES_PURE=1"
    built = [(src, extension_of(src)) for src in sources()]
    missing = [src for src, ext in built if ext is None]
    if len(missing) == len(built):
        return "no compiled modules"
    if missing:
        return f"{len(missing)} of {len(built)} modules are not compiled"
    stamp = ROOT / STAMP
    if not stamp.exists() or stamp.read_text(encoding="utf-8").strip() != digest():
        return "sources changed since the build: `make install` rebuilds"
    return None


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the engine's modules as ``.py`` sources, never as compiled extensions."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The source module's spec for an engine module; ``None`` for any other."""
        if not fullname.startswith(_PREFIXES) or path is None:
            return None
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *loaders).find_spec(fullname)
            if spec is not None:
                return spec
        return None


REASON: str | None = None
"""Why the engine is plain Python (``None`` when compiled); set by :func:`choose`."""


def choose() -> None:
    """Decide compiled or plain Python, before any engine module is imported."""
    global REASON  # noqa: PLW0603 (decided once per process)
    REASON = why_pure()
    if REASON is None:
        return
    if not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())
    if REASON.startswith("sources changed") or "are not compiled" in REASON:
        warnings.warn(f"zoogames runs as plain Python: {REASON}", RuntimeWarning, stacklevel=3)


def compiled() -> bool:
    """True if the engine's modules in use are the compiled ones."""
    module = sys.modules.get("zoogames.core.game")
    file = getattr(module, "__file__", None) or ""
    return file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
