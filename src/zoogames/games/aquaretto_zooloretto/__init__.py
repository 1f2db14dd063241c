"""The variant "Aquaretto with Zooloretto": both games at once, for 2 to 5 players."""

from zoogames.games.aquaretto_zooloretto.state import (
    AQUARETTO_ZOOLORETTO,
    AquarettoZooloretto,
    AquarettoZoolorettoState,
)

__all__ = ["AQUARETTO_ZOOLORETTO", "AquarettoZooloretto", "AquarettoZoolorettoState"]
