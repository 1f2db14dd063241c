"""Zooloretto's greedy bot: an evaluation of a zoo, and the truck round's tactics.

The evaluation of a seat's position is its score now plus what its zoo promises:

- ``score``: the points the game would give now (Z-R4: enclosures, stalls, barn);
- ``progress``: an enclosure on its way counts for ``PROGRESS`` × its full value × the
  share of spaces filled, when that beats its points now, since a filled enclosure is
  worth far more than its animals one by one;
- ``room``: ``ROOM`` per empty enclosure, a home for the next species;
- ``breeding``: ``BREEDING`` per fertile animal in an enclosure still waiting for a partner;
- ``coins``: ``COIN`` per coin, for money actions later.

The tactics on top (draw, load, take; a money action only when it clearly pays) are those
of the truck round both games share (:class:`~zoogames.bots.greedy.trucks.TruckGreedy`).
"""

from __future__ import annotations

from typing import Final

from zoogames.bots.greedy.trucks import TruckGreedy
from zoogames.core.game import State
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.state import ZoolorettoState
from zoogames.games.zooloretto.zoo import ENCLOSURES, ZooBoard

PROGRESS: Final = 0.7
ROOM: Final = 0.5
BREEDING: Final = 0.4
COIN: Final = 0.6


def zoo_value(board: ZooBoard, barn_penalty: int = 2) -> float:
    """A zoo's score now plus its promise (see the module docstring; coins aside)."""
    # the score's total (Z-R4), each enclosure's points computed once for both uses
    now = [board.enclosure_points(e) for e in range(board.built)]
    value = float(board.points_beside_enclosures(barn_penalty) + sum(now))
    for e in range(board.built):
        pen = board.pens[e]
        if not pen:
            value += ROOM
            continue
        spec = ENCLOSURES[e]
        value += max(0.0, PROGRESS * spec.full * len(pen) / spec.size - now[e])
        fertile = 0
        for x in pen:
            mark = zt.mark_of(x)
            if mark in (zt.MALE, zt.FEMALE):
                fertile += 1
        value += BREEDING * fertile
    return value


class ZoolorettoGreedy(TruckGreedy):
    """The greedy bot for Zooloretto (see the module docstring)."""

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's score now plus its zoo's promise and its coins."""
        assert isinstance(state, ZoolorettoState)
        return zoo_value(state.boards[seat]) + COIN * state.coins[seat]


__all__ = ["ZoolorettoGreedy", "zoo_value"]
