"""The view of the truck round that Aquaretto, Zooloretto and their union share (trucks.py)."""

from __future__ import annotations

from typing import Literal

# typing_extensions: pydantic reads TypedDicts from it before Python 3.12 (make views)
from typing_extensions import TypedDict

from zoogames.games.view_types import BaseView


class TruckView(TypedDict):
    """One truck: its face-up tiles and free spaces, and who took it this round."""

    name: str
    tiles: list[str]
    free: int
    blocked: int
    """Spaces blocked by face-down tiles for the whole game (2 players)."""
    taken_by: int | None


class TwoPileTruckView(TruckView):
    """A truck when there are two piles: also the game its tiles come from this round."""

    game: str | None


class PileView(TypedDict):
    """One of two piles: tiles above the disc, the reserve, whether it is still drawn."""

    name: str
    pile: int
    reserve: int
    state: Literal["open", "closing", "closed"]


class TruckRoundView(BaseView):
    """The round as everyone sees it (``TruckRound.truck_view``), but the trucks and piles.

    A game with one pile adds ``pile``, ``reserve`` and ``trucks`` as
    :class:`OnePileView`; the union of two games declares its own.
    """

    round: int
    final_round: bool
    bank: int
    coins: list[int]
    drawn: str | None
    """The tile drawn and shown, waiting to be loaded."""
    unloading: list[str]
    discarded: list[str]


class OnePileView(TruckRoundView):
    """The truck round with a single pile."""

    pile: int
    reserve: int
    trucks: list[TruckView]
