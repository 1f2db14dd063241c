"""The variant "Aquaretto with Zooloretto": both games at once, for 2 to 5 players.

Its rulings (``C-R1``, ``C-R2``) are in docs/rules/aquaretto-zooloretto.md.
"""

import zoogames.games.aquaretto_zooloretto.copies  # noqa: F401 (registers its compiled copies)
from zoogames.games.aquaretto_zooloretto.state import (
    AQUARETTO_ZOOLORETTO,
    AquarettoZooloretto,
    AquarettoZoolorettoState,
)

__all__ = ["AQUARETTO_ZOOLORETTO", "AquarettoZooloretto", "AquarettoZoolorettoState"]
