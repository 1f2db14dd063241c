"""Greedy tactics for the truck round that Aquaretto and Zooloretto share.

:class:`TruckGreedy` decides draw, load and take with one ply of look-ahead over a game's
evaluation: a truck is taken when it is worth at least ``take_at`` to the bot (its tiles
placed greedily), or when nothing can be drawn; a drawn tile goes on the truck where it
helps the bot most and the next players least; a money action is played only when it
clearly pays. Each game's bot adds its :meth:`~zoogames.bots.greedy.GreedyBot.evaluate`.
"""

from __future__ import annotations

from typing import Any

from zoogames.bots.greedy import GreedyBot
from zoogames.core.game import Action, State
from zoogames.core.rng import Rng
from zoogames.games.trucks import TRUCK_NAMES, Draw, Load, Take, TruckState

TAKE_AT = 2.5
"""Take a truck worth at least this much to the bot (its tiles placed greedily)."""


class TruckGreedy(GreedyBot):
    """A greedy bot for a truck game (see the module docstring)."""

    def __init__(self, seed: int = 0, take_at: float = TAKE_AT, **params: Any) -> None:
        super().__init__(seed, **params)
        self.take_at = float(take_at)

    def decide(self, state: State, legal: list[Action]) -> Action:
        """Truck tactics for draw, load and take; one ply for everything else."""
        assert isinstance(state, TruckState)
        seat = state.to_move
        assert seat is not None
        if isinstance(legal[0], Load):
            return max(legal, key=lambda a: self.load_value(state, a, seat))
        takes = [a for a in legal if isinstance(a, Take)]
        if not takes and not any(isinstance(a, Draw) for a in legal):
            return super().decide(state, legal)
        now = self.evaluate(state, seat)
        best_take: Action | None = None
        take_gain = float("-inf")
        for take in takes:
            gain = self.value(state, take, seat) - now
            if gain > take_gain:
                best_take, take_gain = take, gain
        best_money: Action | None = None
        money_gain = 0.5  # a money action must clearly pay for itself
        for a in legal:
            if isinstance(a, Take | Draw):
                continue
            gain = self.value(state, a, seat) - now
            if gain > money_gain:
                best_money, money_gain = a, gain
        can_draw = any(isinstance(a, Draw) for a in legal)
        if best_money is not None and money_gain >= max(take_gain, 0.0):
            return best_money
        if best_take is not None and (take_gain >= self.take_at or not can_draw):
            return best_take
        if can_draw:
            return next(a for a in legal if isinstance(a, Draw))
        return best_take or legal[0]

    def value(self, state: State, action: Action, seat: int) -> float:
        """As :meth:`GreedyBot.value`; a take by the seat to move is tried on a copy for it.

        A take and the placements that follow change only the taker's holdings, so the
        trial copies its zoo alone (``State.clone_for``).
        """
        if not isinstance(action, Take) or seat != state.to_move:
            return super().value(state, action, seat)
        after = state.clone_for(seat)
        after.play(action)
        self.finish_turn(after, seat)
        return self.evaluate(after, seat)

    def playout_decide(self, state: State, legal: list[Action]) -> Action:
        """:meth:`decide` without the money actions, for search playouts.

        Valuing every money action (each expansion site, each coworker move) is most of what
        a greedy turn costs, so playouts leave them out. A playout looks only to the end of
        the round; the search itself still weighs every action where it branches.
        """
        core: list[Action] = [a for a in legal if isinstance(a, Draw | Take | Load)]
        if core and len(core) < len(legal):
            legal = core
        return self.decide(state, legal)

    def playout_turn(self, state: State, legal: list[Action], rng: Rng) -> None:
        """In a search playout a drawn tile goes on a random truck; other turns end greedily.

        One-ply steps cannot tell the trucks apart, and :meth:`decide`'s own choice, which
        weighs every player's gain from every truck, would cost more than the rest of the
        playout.
        """
        assert isinstance(state, TruckState) and state.to_move is not None
        if state.drawn >= 0:
            state.play(rng.choice(legal))
        else:
            self.finish_turn(state, state.to_move)

    def load_value(self, state: TruckState, action: Action, seat: int) -> float:
        """What the truck is worth to us with the tile, less its worth to the next taker."""
        assert isinstance(action, Load)
        after = state.clone_for(seat)  # a load changes no zoo: no zoo needs its own copy
        after.play(action)
        tiles = after.trucks[action.truck]
        mine = self.truck_gain(after, seat, action.truck)
        others = [
            self.truck_gain(after, p, action.truck)
            for p in range(state.players)
            if p != seat and state.took[p] < 0
        ]
        if not others:  # we are the last in the round: every truck is ours to take
            return mine
        full = len(tiles) >= after.capacity[action.truck]
        return mine - (1.0 if full else 0.6) * max(others)

    def truck_gain(self, state: TruckState, seat: int, truck: int) -> float:
        """How much taking ``truck`` now would raise ``seat``'s evaluation."""
        if state.took[seat] >= 0 or not state.trucks[truck]:
            return 0.0
        trial = state.clone_for(seat)  # taking and placing change only this seat's zoo
        trial.to_move = seat  # a what-if: as if it were that seat's turn
        trial.drawn = -1
        before = self.evaluate(trial, seat)
        trial.apply(trial.game.parse_action(f"take {TRUCK_NAMES[truck]}"))
        self.finish_turn(trial, seat)
        return self.evaluate(trial, seat) - before


__all__ = ["TruckGreedy"]
