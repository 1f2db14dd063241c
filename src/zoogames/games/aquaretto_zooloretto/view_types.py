"""The view of "Aquaretto with Zooloretto" (``AquarettoZoolorettoState.view``)."""

from __future__ import annotations

from typing import Literal

from zoogames.games.aquaretto.view_types import WaterZooView
from zoogames.games.truck_view_types import TruckRoundView, TwoPilePart
from zoogames.games.zooloretto.view_types import ZooBoardView


class AquarettoZoolorettoView(TruckRoundView, TwoPilePart):
    """Both games' boards per seat, two piles, trucks bound to a game (C-R1)."""

    game: Literal["aquaretto-zooloretto"]
    supply: int
    water_species: list[str]
    water_offspring_left: dict[str, int]
    zoo_species: list[str]
    offspring_left: dict[str, int]
    water_zoos: list[WaterZooView]
    zoos: list[ZooBoardView]
    pending: str | None
