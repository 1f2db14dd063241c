"""What the invariant tests of the three truck games share: the tiles between the boards,
and a random game checked after every action."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from zoogames.games.trucks import TruckState

S = TypeVar("S", bound=TruckState)


def tiles_off_boards(s: TruckState) -> Counter[int]:
    """The tiles in the piles, on the trucks, drawn, still to place, or out of the game."""
    where: Counter[int] = Counter()
    for pile in s.piles:
        where.update(pile)
    for truck in s.trucks:
        where.update(truck)
    if s.drawn >= 0:
        where[s.drawn] += 1
    where.update(s.unloading)
    where.update(s.discarded)
    return where


def play_checked(state: S, choices: random.Random, check: Callable[[S], None]) -> None:
    """Play random actions to the end, ``check`` before each and at the end.

    Now and then the view of the seat to move is read for the next tiles of the pile, in
    order: a view holding them would reveal the draw order.
    """
    while not state.is_terminal:
        check(state)
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
        if choices.random() < 0.05:
            view = json.dumps(state.view(state.to_move))
            for pile in state.piles:
                upcoming = [state.tile_name(x) for x in reversed(pile)][:6]
                assert len(upcoming) < 6 or json.dumps(upcoming)[1:-1] not in view
    check(state)
