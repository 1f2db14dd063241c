"""Aquarium Designer: lay 2×2 cards into a 3×3 aquarium, for 1 to 5 players."""

from zoogames.games.aquarium_designer.state import (
    AQUARIUM_DESIGNER,
    AquariumDesigner,
    DesignerState,
)

__all__ = ["AQUARIUM_DESIGNER", "AquariumDesigner", "DesignerState"]
