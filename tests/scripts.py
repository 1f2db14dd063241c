"""A file of the project that is not a package module (setup.py, scripts/, benchmarks/),
loaded as a module by a test."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def load_script(path: Path, name: str) -> ModuleType:
    """The file at ``path`` run as the module ``name`` (not as ``__main__``, so a script's
    ``main()`` is not called)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
