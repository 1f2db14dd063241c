"""The games; their registry is :mod:`zoogames.core.registry` (``get(game_id)``, ``ids()``)."""

from zoogames.core.registry import get, ids

__all__ = ["get", "ids"]
