"""Greedy bots: a game's evaluation of a position, and a one-ply choice.

:class:`GreedyBot` values each legal action by the position it leads to. When the action
starts a turn of several steps (a drawn tile to load, a truck's tiles to place), the rest
of the turn is played greedily first, so the action is valued by the whole turn, not by
its first step. A game's greedy bot supplies :meth:`GreedyBot.evaluate` and may override
:meth:`GreedyBot.decide` where one ply is not enough.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable

from zoogames.bots.base import Bot
from zoogames.core.game import Action, State
from zoogames.core.rng import Rng


class GreedyBot(Bot):
    """One-ply search over a game-specific evaluation (see the module docstring)."""

    spec = "greedy"

    @abstractmethod
    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (higher is better)."""

    def decide(self, state: State, legal: list[Action]) -> Action:
        """The legal action with the best value (ties: the first listed)."""
        seat = state.to_move
        assert seat is not None
        return max(legal, key=lambda a: self.value(state, a, seat))

    def value(self, state: State, action: Action, seat: int) -> float:
        """The evaluation after ``action`` (legal in ``state``) and the greedy rest of the turn."""
        after = state.clone()
        after.play(action)
        self.finish_turn(after, seat)
        return self.evaluate(after, seat)

    def finish_turn(self, state: State, seat: int) -> None:
        """Play the rest of ``seat``'s turn, each step the best by one ply."""
        while state.to_move == seat and state.turn_in_progress():
            legal = state.legal_actions()
            if len(legal) == 1:
                state.play(legal[0])
                continue
            state.play(max(legal, key=lambda a: self.step_value(state, a, seat)))

    def step_value(self, state: State, action: Action, seat: int) -> float:
        """The evaluation right after one step of ``seat``'s turn in progress (no look-ahead).

        ``action`` is legal in ``state``, and ``seat`` is to move inside its turn: such a
        step (placing a tile, an offspring, a coworker) changes no other seat's holdings,
        so the trial copies only ``seat``'s (``State.clone_for``).
        """
        after = state.clone_for(seat)
        after.play(action)
        return self.evaluate(after, seat)

    # ----- for search bots (``mcts``) ---------------------------------------------------

    def kind(self, action: Action) -> Hashable:
        """What sort of choice ``action`` is, for a search that tries each sort early.

        ``mcts:kinds=1`` widens through the best action of every kind before the second
        best of any: where one kind's variants fill the top of the greedy ranking (one
        card at every place and turn), another kind would otherwise wait behind them all.
        The default puts every action in one kind.
        """
        return None

    def playout_decide(self, state: State, legal: list[Action]) -> Action:
        """The decision of a search playout: :meth:`decide`, unless a game makes it cheaper."""
        return self.decide(state, legal)

    def playout_turn(self, state: State, legal: list[Action], rng: Rng) -> None:
        """Finish the turn in progress in a search playout (``legal``: the actions now)."""
        assert state.to_move is not None
        self.finish_turn(state, state.to_move)
