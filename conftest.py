"""Doctests of the engine's modules are collected only where those modules are Python.

When the engine runs compiled (``zoogames.compiled()``), ``zoogames.core.rng`` and the
rest of ``core/``, ``games/`` and ``bots/`` are C extensions: pytest's doctest collector,
which imports a module by its ``.py`` path, would find the extension instead ("import
file mismatch"), and a compiled function keeps no docstring examples to run anyway.
Their doctests run in ``make test-pure`` (``ZOOGAMES_PURE=1``), where they are sources.
"""

from __future__ import annotations

import zoogames
from zoogames import _engine

collect_ignore = [str(p) for p in _engine.sources()] if zoogames.compiled() else []
