"""Aquaretto: water zoos, basins, coworkers and depots, for 2 to 5 players.

The rulings the code cites (``A-D1``, ``A-R7``, …) are in docs/rules/aquaretto.md.
"""

import zoogames.games.aquaretto.copies  # noqa: F401 (registers its compiled copies)
from zoogames.games.aquaretto.state import AQUARETTO, Aquaretto, AquarettoState

__all__ = ["AQUARETTO", "Aquaretto", "AquarettoState"]
