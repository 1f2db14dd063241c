"""What a bot is: something that picks an action for the seat to move.

A bot sees only what its seat could see at the table. :meth:`Bot.choose` hands the
bot's own :meth:`Bot.decide` a *determinized* copy of the state (the unseen tiles or
cards reshuffled), so even a bot that simulates a draw cannot learn the real order.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from zoogames.core.game import Action, State
from zoogames.core.rng import Rng


# Not an ABC, for the reason zoogames.core.game gives above its Game.
class Bot:
    """A player program. ``spec`` is its registry name with parameters, e.g. ``mcts:seconds=1``."""

    spec: str = "bot"

    def __init__(self, seed: int = 0, **params: Any) -> None:
        if params:
            raise ValueError(f"{self.spec}: unknown parameter(s) {', '.join(sorted(params))}")
        self.rng = Rng(seed, self.spec)

    def choose(self, state: State) -> Action:
        """The action this bot plays for ``state.to_move``."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is nothing to choose")
        if len(legal) == 1:
            return legal[0]
        return self.decide(state.determinize(self.rng), legal)

    @abstractmethod
    def decide(self, state: State, legal: list[Action]) -> Action:
        """Pick one of ``legal`` in ``state``, a determinized copy the bot may change."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


class RandomBot(Bot):
    """Uniform over the legal actions; seeded, so a run can be repeated."""

    spec = "random"

    def choose(self, state: State) -> Action:
        """A uniformly random legal action (no copy needed: it looks at nothing)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the game is over: there is nothing to choose")
        return self.rng.choice(legal)

    def decide(self, state: State, legal: list[Action]) -> Action:
        """A uniformly random action of ``legal``."""
        return self.rng.choice(legal)
