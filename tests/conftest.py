"""Shared test settings: Hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for more)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=False,
    print_blob=True,
)
settings.register_profile(
    "thorough",
    parent=settings.get_profile("ci"),
    max_examples=500,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tests ``browser`` and the PostgreSQL half of the server tests
    ``postgres``, so that ``make test-fast`` can leave them out (CONTRIBUTING.md); and run
    the browser tests last.

    Playwright's sync API, opened once per session (tests/e2e/conftest.py), leaves its
    event loop registered as running in the main thread until the session ends; a test
    after it on the same worker cannot call ``asyncio.run`` ("cannot be called from a
    running event loop"). Last in the collection, they are last on every xdist worker too:
    the load scheduler hands each worker its tests in collection order.
    """
    browser: list[pytest.Item] = []
    others: list[pytest.Item] = []
    for item in items:
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        if "postgresql" in params or "postgres" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.browser)
            browser.append(item)
        else:
            others.append(item)
    items[:] = others + browser
