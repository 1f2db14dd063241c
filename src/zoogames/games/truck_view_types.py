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


PileState = Literal["open", "closing", "closed"]
"""Whether a pile is still drawn from: open; closing at the round's end; closed (C-R1)."""


class PileView(TypedDict):
    """One of two piles: tiles above the disc, the reserve, whether it is still drawn."""

    name: str
    pile: int
    reserve: int
    state: PileState


class TruckRoundPart(TypedDict):
    """The round as everyone sees it but its piles and trucks (``TruckState.round_view``)."""

    round: int
    final_round: bool
    bank: int
    coins: list[int]
    drawn: str | None
    """The tile drawn and shown, waiting to be loaded."""
    unloading: list[str]
    discarded: list[str]


class OnePilePart(TypedDict):
    """The single pile, its reserve and the trucks (``TruckState.one_pile_view``)."""

    pile: int
    reserve: int
    trucks: list[TruckView]


class TwoPilePart(TypedDict):
    """Both piles and the trucks, each bound to a pile (``TruckState.two_pile_view``)."""

    piles: list[PileView]
    restricted: bool
    """Whether the truck restrictions of C-R1 still apply (both piles open)."""
    trucks: list[TwoPileTruckView]


class TruckRoundView(BaseView, TruckRoundPart):
    """A game with a truck round, but its piles and trucks.

    A game with one pile adds those as :class:`OnePileView`; the union of two games adds
    :class:`TwoPilePart` itself.
    """


class OnePileView(TruckRoundView, OnePilePart):
    """The truck round with a single pile."""
