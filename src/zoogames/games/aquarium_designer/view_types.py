"""Aquarium Designer's view (``DesignerState.view``) declared key for key."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Len

# typing_extensions: pydantic reads TypedDicts from it before Python 3.12 (make views)
from typing_extensions import TypedDict

from zoogames.games.view_types import BaseView

Cell = Annotated[list[int], Len(2, 2)]
"""A position ``[x, y]``; the entrance card is at ``0,0`` (its sections 0..1).

A list of two, as in Aquaretto's view (``aquaretto/view_types.py``, ``Cell``)."""


Turn = Literal["r0", "r90", "r180", "r270"]
"""A card's clockwise quarter turns as the notation writes them (``actions.TURNS``)."""


class SectionView(TypedDict):
    """One of a card's 4 sections (D-D1)."""

    colour: str
    animal: bool


class CardView(TypedDict):
    """A layout card: its number, its text, its sections TL, TR, BL, BR."""

    card: int
    text: str
    sections: list[SectionView]


class PlacedCardView(TypedDict):
    """A card in an aquarium, turned as placed (the entrance card's ``card`` is ``E1``, …)."""

    card: int | str
    text: str
    sections: list[SectionView]
    x: int
    y: int
    turn: Turn


class AreaView(TypedDict):
    """A connected area of one colour and what it scores (D-R1)."""

    colour: str
    sections: int
    animals: int
    points: int
    cells: list[Cell]


class LayoutView(TypedDict):
    """One player's aquarium."""

    entrance: str
    cards: list[PlacedCardView]
    areas: list[AreaView]
    animals: int
    free: list[Cell]
    """Where the next card may go."""


class DesignerView(BaseView):
    """What a seat (or a spectator) sees of an Aquarium Designer game."""

    game: Literal["aquarium-designer"]
    round: int
    rounds: int
    rule: Literal["basic", "advanced"]
    first_player: int
    offer: list[CardView]
    preview: CardView | None
    deck: int
    left_game: list[CardView]
    drawn: list[bool]
    passed: list[bool]
    layouts: list[LayoutView]
    deck_name: str
    deck_name_id: str
    """The deck name's catalogue id for the deck that ships with zoogames
    ("designer.default-deck"); "" for a deck from a file, whose name is its own."""
    rank: str | None
    """The solo designer rank of the score so far; ``None`` with several players."""
