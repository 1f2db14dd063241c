"""The keys every game's view holds, as a ``TypedDict`` (docs/architecture.md, "Views").

Each game declares its whole view in ``games/<game>/view_types.py`` on top of these, and
writes them with ``State.base_view`` (one place for the five keys every view shares); the
browser client's types are generated from those declarations (``make views``). The engine
imports this module only for type checking: nothing of it runs when a game is played.
"""

from __future__ import annotations

# typing_extensions: pydantic reads TypedDicts from it before Python 3.12 (make views)
from typing_extensions import TypedDict

ScoreView = dict[str, int]
"""One seat's points: ``total`` and one number per category of the game (``Score``)."""


class BaseView(TypedDict):
    """What every view holds besides ``game``, which each game declares as its own id."""

    players: int
    seat: int | None
    """Who is looking; ``None`` for a spectator."""
    to_move: int | None
    """The seat to move; ``None`` once the game is over."""
    legal: list[str]
    """The notations of the legal actions if ``seat`` is to move, else empty."""
    scores: list[ScoreView]
