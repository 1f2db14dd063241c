"""Shared test settings: Hypothesis profiles (``HYPOTHESIS_PROFILE=thorough`` for more)."""

from __future__ import annotations

import os

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
