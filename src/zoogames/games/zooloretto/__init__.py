"""Zooloretto: enclosures, vending stalls and barns, for 2 to 5 players."""

from zoogames.games.zooloretto.state import ZOOLORETTO, Zooloretto, ZoolorettoState

__all__ = ["ZOOLORETTO", "Zooloretto", "ZoolorettoState"]
