"""Building Aquarium Designer positions for rule tests."""

from __future__ import annotations

from typing import Any

from zoogames.games.aquarium_designer import AQUARIUM_DESIGNER, DesignerState
from zoogames.games.aquarium_designer.cards import default_deck


def new(players: int = 2, seed: int = 1, **options: Any) -> DesignerState:
    """A new game; seat 0 starts and seat i holds entrance card i + 1, unless told."""
    options.setdefault("start_player", 0)
    options.setdefault("entrances", list(range(1, players + 1)))
    return AQUARIUM_DESIGNER.new_game(players=players, seed=seed, **options)


def play(state: DesignerState, *actions: str) -> DesignerState:
    """Apply each action's notation in turn."""
    for a in actions:
        state.apply(a)
    return state


def deck_with(
    layout: dict[int, str] | None = None, entrance: dict[int, str] | None = None
) -> dict[str, Any]:
    """The default deck's content with some cards replaced (by number: 1–40, E1–E6 as 1–6)."""
    data = default_deck().to_json()
    for n, text in (layout or {}).items():
        data["layout"][n - 1] = text
    for n, text in (entrance or {}).items():
        data["entrance"][n - 1] = text
    return data


def any_draw(state: DesignerState) -> str:
    """The first legal draw (not pass) of the seat to move, as notation."""
    return next(str(a) for a in state.legal_actions() if str(a) != "pass")
