"""Without PostgreSQL the server tests fail saying what to install: they never skip."""

from __future__ import annotations

import glob

import pytest

from . import postgres


def test_missing_binaries_are_a_clear_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(glob, "glob", lambda pattern: [])
    with pytest.raises(postgres.PostgresUnavailable, match=r"scripts/system-deps\.sh"):
        postgres.PrivatePostgres()
