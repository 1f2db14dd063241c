"""Zooloretto's view (``ZoolorettoState.view``) declared key for key."""

from __future__ import annotations

from typing import Literal

# typing_extensions: pydantic reads TypedDicts from it before Python 3.12 (make views)
from typing_extensions import TypedDict

from zoogames.games.truck_view_types import OnePileView


class EnclosureView(TypedDict):
    """One enclosure as printed (Z-D1) and what it holds."""

    name: str
    size: int
    built: bool
    """False for an expansion board not yet turned over."""
    points_full: int
    points_short: int
    coins: int
    stall_spaces: list[str]
    species: str | None
    tiles: list[str]
    points: int
    """What it scores now (Z-R4)."""


class StallSpaceView(TypedDict):
    """A stall space, the enclosure it serves and the stall on it."""

    name: str
    enclosure: str
    built: bool
    stall: str | None


class ZooBoardView(TypedDict):
    """One player's zoo board, expansions and barn; all public."""

    enclosures: list[EnclosureView]
    stall_spaces: list[StallSpaceView]
    barn: list[str]
    expansions_left: int
    truck: str | None
    """The truck taken this round, if any."""


class ZoolorettoView(OnePileView):
    """What a seat (or a spectator) sees of a Zooloretto game."""

    game: Literal["zooloretto"]
    species: list[str]
    offspring_left: dict[str, int]
    zoos: list[ZooBoardView]
