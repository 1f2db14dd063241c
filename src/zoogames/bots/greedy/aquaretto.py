"""Aquaretto's greedy bot: an evaluation of a water zoo and simple truck tactics.

The evaluation of a seat's position is its score now plus what its water zoo promises:

- ``score``: the points the game would give now (animals, coworkers, depot penalty);
- ``room``: per basin, up to 3 legal spaces left to grow into (0.4 each), since a basin
  with no room sends the next tiles of its species to the depot;
- ``new basins``: 0.6 per species the allowance still admits, while empty spaces last;
- ``breeding``: 0.5 per fertile tile in a basin still waiting for a partner;
- ``coins``: 0.7 per coin beyond what cashiers already count, for money actions later.

The tactics on top of one ply (draw, load, take: :class:`TruckGreedy`) belong to the truck
round, which Zooloretto shares: a truck is taken when it is worth at least ``take_at`` to
the bot (its tiles placed greedily), or when nothing can be drawn; a drawn tile goes on
the truck where it helps the bot most and the next players least.
"""

from __future__ import annotations

from typing import Final

from zoogames.bots.greedy.trucks import TruckGreedy
from zoogames.core.game import State
from zoogames.games.aquaretto.state import AquarettoState

ROOM: Final = 0.4
NEW_BASIN: Final = 0.6
BREEDING: Final = 0.5
COIN: Final = 0.7


class AquarettoGreedy(TruckGreedy):
    """The greedy bot for Aquaretto (see the module docstring)."""

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's score now plus its water zoo's promise."""
        assert isinstance(state, AquarettoState)
        z = state.zoos[seat]
        value = float(z.points(state.coins[seat]))
        for s in range(8):
            if z.species[s]:
                value += ROOM * min(3, z.legal_cells(s).bit_count())
                value += BREEDING * (z.unpaired_m[s] + z.unpaired_f[s])
        if z.empty():
            value += NEW_BASIN * (z.allowance - z.nspecies)
        return value + COIN * state.coins[seat]


__all__ = ["AquarettoGreedy"]
