"""Aquaretto's view (``AquarettoState.view``) declared key for key."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Len

# typing_extensions: pydantic reads TypedDicts from it before Python 3.12 (make views)
from typing_extensions import TypedDict

from zoogames.games.truck_view_types import OnePileView

Cell = Annotated[list[int], Len(2, 2)]
"""A space of the water zoo grid, ``[x, y]`` (ruling A-D1's coordinates).

A list, as the engine writes it (a tuple would not equal the JSON read back); ``Len``
makes it a pair for pydantic's validation and TypeScript (``[number, number]``)."""


class PlacedTileView(TypedDict):
    """An animal or offspring tile on a space."""

    x: int
    y: int
    tile: str


class ExpansionView(TypedDict):
    """An expansion board placed (A-D2, A-R1)."""

    size: Literal["small", "large"]
    cells: list[Cell]


class WaterZooView(TypedDict):
    """One player's water zoo, depot and coworkers; all public."""

    spaces: list[Cell]
    tiles: list[PlacedTileView]
    trainers: list[Cell]
    cashiers: int
    keepers: int
    manager: int
    depot: list[str]
    """Bottom to top."""
    expansions: list[ExpansionView]
    small_left: int
    large_left: int
    allowance: int
    """How many species the water zoo may hold (A-R7)."""
    truck: str | None
    """The truck taken this round, if any."""


class AquarettoView(OnePileView):
    """What a seat (or a spectator) sees of an Aquaretto game."""

    game: Literal["aquaretto"]
    supply: int
    """Coworkers left in the supply (A-R5)."""
    species: list[str]
    zoos: list[WaterZooView]
    pending: str | None
    """The decision owed now: ``worker``, ``offspring dolphin``, or none."""
