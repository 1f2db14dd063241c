"""Bots that teach: a hint for the seat to move, searched the way the bots search.

``hint(state, seat)`` runs the MCTS bot (``bots/mcts.py``) on the position with an
iteration budget (the same position and seed give the same hint on any machine; a time
cap may end it sooner on a slow one) and reports:

- ``actions``: the whole turn it suggests, as notations: its choice, then, while the same
  seat is still to move and nothing hidden has come up, its next choice on the position
  after that one. A turn of several steps (take a truck, then place each tile) is
  suggested whole; after a step that reveals something (a draw), what follows depends on
  what comes up, so the suggestion stops there.
- ``value``: the search's estimate for its choice, a mean reward in [0, 1] (with several
  seats, ``sigmoid(margin over the best other seat / 4 points)``: near 1 a clear win,
  0.5 level); an estimate, not a calibrated probability.
- ``alternatives``: the actions the search considered at the first step, the most visited
  first, each with its visits and estimate: how much better the suggestion is.

Hidden information: the search only ever sees determinized copies
(``State.determinize``, which depends on public information only), exactly as the bots
do, so two positions that look the same to the table get the same hint whatever their
hidden draw order (``tests/bots/test_teach.py`` checks it on shuffled twins).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zoogames.bots.mcts import MctsBot
from zoogames.core.game import JSON, State

STEPS = 12
"""The most steps of one turn a hint suggests."""
ALTERNATIVES = 5
"""The alternatives a hint lists at most."""


@dataclass(frozen=True)
class Alternative:
    """An action the search considered: its visits and its estimate."""

    action: str
    visits: int
    value: float


@dataclass(frozen=True)
class Hint:
    """The suggestion for one seat's turn (see the module docstring)."""

    seat: int
    actions: list[str]
    value: float | None
    alternatives: list[Alternative] = field(default_factory=list)
    iterations: int = 0

    def to_json(self) -> dict[str, JSON]:
        """``{seat, actions, value, alternatives: [{action, visits, value}], iterations}``."""
        return {
            "seat": self.seat,
            "actions": list(self.actions),
            "value": None if self.value is None else round(self.value, 4),
            "alternatives": [
                {"action": a.action, "visits": a.visits, "value": round(a.value, 4)}
                for a in self.alternatives
            ],
            "iterations": self.iterations,
        }


def hint(
    state: State, seat: int, iterations: int = 2000, seed: int = 0, seconds: float | None = None
) -> Hint:
    """The bots' suggestion for ``seat``, which must be to move in ``state``.

    ``iterations`` per step (``seconds``, if given, caps each step's time too).
    """
    if state.is_terminal or state.to_move != seat:
        raise ValueError(f"seat {seat} is not to move")
    bot = MctsBot(seed=seed, iterations=iterations, seconds=seconds)
    position = state.clone()
    actions: list[str] = []
    value: float | None = None
    alternatives: list[Alternative] = []
    while len(actions) < STEPS:
        searched_before = bot.stats["iterations"]
        action = bot.choose(position)
        if not actions:
            stats = bot.root_stats() if bot.stats["iterations"] > searched_before else []
            alternatives = [Alternative(str(a), v, r) for a, v, r in stats[:ALTERNATIVES]]
            value = next((r for a, _, r in stats if a == action), None)
        actions.append(str(action))
        if position.reveals(action):
            break  # what comes next depends on what comes up
        position.apply(action)
        if position.is_terminal or position.to_move != seat:
            break
    return Hint(seat, actions, value, alternatives, int(bot.stats["iterations"]))
