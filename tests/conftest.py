"""Shared test settings: Hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for more)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.e2e import chromium

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
    the browser tests last, together, so that a worker seldom stops and starts Chromium
    (:func:`pytest_runtest_setup`).
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


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before a test that is not a browser test, stop this worker's Playwright, if it runs:
    open, it keeps an event loop running in the main thread (tests/e2e/chromium.py)."""
    if item.get_closest_marker("browser") is None:
        chromium.stop()


def pytest_sessionfinish() -> None:
    """Close this worker's Chromium and Playwright, if they still run."""
    chromium.stop()
