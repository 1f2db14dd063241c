"""The greedy bot of "Aquaretto with Zooloretto": both games' evaluations, added.

The evaluation of a seat's position is the Aquaretto bot's for its water zoo (score now,
room to grow, new basins, breeding, coins) plus the Zooloretto bot's for its zoo (score
now with the manager's smaller barn penalty, progress, room, breeding), exactly as the
game adds the two scores (C-R1).

Tactics are the truck round's (:class:`~zoogames.bots.greedy.trucks.TruckGreedy`), with
one addition for the truck rules of C-R1: a truck the rules forbid taking now is worth
nothing as a take. A draw comes from the first pile that may be drawn; valuing each
pile by the mean worth of its unseen tiles was tried and lost to this, at ten times the
cost.
"""

from __future__ import annotations

from zoogames.bots.greedy.aquaretto import AquarettoGreedy
from zoogames.bots.greedy.zooloretto import zoo_value
from zoogames.core.game import State
from zoogames.games.aquaretto_zooloretto import AquarettoZoolorettoState
from zoogames.games.trucks import TruckState


class AquarettoZoolorettoGreedy(AquarettoGreedy):
    """The greedy bot for "Aquaretto with Zooloretto" (see the module docstring)."""

    def evaluate(self, state: State, seat: int) -> float:
        """The water zoo's value (coins included) plus the zoo's."""
        assert isinstance(state, AquarettoZoolorettoState)
        penalty = 1 if state.zoos[seat].manager else 2
        return super().evaluate(state, seat) + zoo_value(state.boards[seat], penalty)

    def truck_gain(self, state: TruckState, seat: int, truck: int) -> float:
        """As in the other truck games, but 0 for a truck not to be taken now (C-R1)."""
        if truck not in state._takeable():
            return 0.0
        return super().truck_gain(state, seat, truck)


__all__ = ["AquarettoZoolorettoGreedy"]
