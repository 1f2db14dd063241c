"""The games' views: which ``TypedDict`` declares each (docs/architecture.md, "Views").

Each game declares its whole view in ``games/<game>/view_types.py`` on top of
``BaseView`` (``core/view_types.py``); the browser client's types are generated from those
declarations (``make views``, writing ``web/src/api/views.gen.ts``), and
``tests/test_view_types.py`` checks real views against them key for key.
"""

from __future__ import annotations

from zoogames.core.registry import load
from zoogames.core.view_types import BaseView, ScoreView

__all__ = ["BaseView", "ScoreView", "view_ids", "view_type"]


_VIEWS = {
    "aquaretto": "zoogames.games.aquaretto.view_types:AquarettoView",
    "zooloretto": "zoogames.games.zooloretto.view_types:ZoolorettoView",
    "aquaretto-zooloretto": (
        "zoogames.games.aquaretto_zooloretto.view_types:AquarettoZoolorettoView"
    ),
    "aquarium-designer": "zoogames.games.aquarium_designer.view_types:DesignerView",
}
"""Game id → its view's ``TypedDict``, as ``module:name`` (imported when asked for)."""


def view_ids() -> list[str]:
    """The games whose view is declared."""
    return list(_VIEWS)


def view_type(game_id: str) -> type:
    """The ``TypedDict`` of ``game_id``'s view; ``KeyError`` names the games that have one."""
    try:
        target = _VIEWS[game_id]
    except KeyError:
        raise KeyError(
            f"no view type for game {game_id!r}; games with one: {', '.join(_VIEWS)}"
        ) from None
    found: type = load(target)
    return found
