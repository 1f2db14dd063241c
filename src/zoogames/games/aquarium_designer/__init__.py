"""Aquarium Designer: lay 2×2 cards into a 3×3 aquarium, for 1 to 5 players.

Its rulings (``D-D1``, ``D-R1``) are in docs/rules/aquarium-designer.md.
"""

import zoogames.games.aquarium_designer.copies  # noqa: F401 (registers its compiled copies)
from zoogames.games.aquarium_designer.state import (
    AQUARIUM_DESIGNER,
    AquariumDesigner,
    DesignerState,
)

__all__ = ["AQUARIUM_DESIGNER", "AquariumDesigner", "DesignerState"]
