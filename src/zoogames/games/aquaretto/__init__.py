"""Aquaretto: water zoos, basins, coworkers and depots, for 2 to 5 players."""

from zoogames.games.aquaretto.state import AQUARETTO, Aquaretto, AquarettoState

__all__ = ["AQUARETTO", "Aquaretto", "AquarettoState"]
