"""Zooloretto: enclosures, vending stalls and barns, for 2 to 5 players.

The rulings the code cites (``Z-D1``, ``Z-R2``, …) are in docs/rules/zooloretto.md.
"""

import zoogames.games.zooloretto.copies  # noqa: F401 (registers its compiled copies)
from zoogames.games.zooloretto.state import ZOOLORETTO, Zooloretto, ZoolorettoState

__all__ = ["ZOOLORETTO", "Zooloretto", "ZoolorettoState"]
