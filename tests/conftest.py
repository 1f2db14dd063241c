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
    ``postgres``, so that ``make test-fast`` can leave them out (CONTRIBUTING.md)."""
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        if "postgresql" in params or "postgres" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)
