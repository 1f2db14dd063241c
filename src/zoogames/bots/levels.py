"""Named levels: ``beginner``, ``casual``, ``strong``, ``expert``, ``master``.

Each is a spec of the registry, for every game (``master`` where :data:`ONLY_IN` says;
``docs/bots.md``, Levels):

- ``beginner``: the game's greedy evaluation, but choosing like a newcomer: every legal
  action (a whole turn valued at once) is weighed by how good it looks, and the choice is
  drawn with probability ``exp(value / temperature)`` (a softmax, ``temperature`` 2
  points). A clearly better move is still taken most of the time; between moves a point
  or two apart it often takes the worse one: the mistakes of someone who sees the
  board but not yet what matters most, never a random move.
- ``casual``: ``greedy``, the best move now by the game's evaluation (in Aquarium
  Designer ``beginner:temperature=0.8``, :data:`BY_GAME`).
- ``strong``: ``mcts:iterations=40`` (in Zooloretto ``mcts:iterations=200``): the
  search, on a budget of a few hundredths of a second: it sees what a move sets up a
  round ahead, but not as surely. In Aquarium Designer ``greedy`` (:data:`BY_GAME`).
- ``expert``: ``mcts:iterations=2000,seconds=2``: the strongest search measured. Four and
  ten times its budget (8,000 to 20,000 iterations, up to the server's 5 s cap,
  ``ZOOGAMES_BOT_SECONDS``) won no more often against it (docs/bots.md, Levels).
- ``master``: the same search with a learned evaluation at its leaves
  (``leaf=learned,blend=0.5``, ``bots/value.py``), at no more CPU a decision than
  ``expert``: fewer iterations where the model costs more per iteration (1,650 in
  Aquaretto), and in Zooloretto and the combined game four greedy steps before the
  model reads a position (``rollout=4``). Offered only where a model ships and was
  measured above ``expert`` (:data:`ONLY_IN`; docs/bots.md, Learned evaluation).

The MCTS levels have iteration budgets, so they play the same on any machine unless the
time cap ends a search first (on a slow machine, or a busy one).
"""

from __future__ import annotations

import math
from typing import Any

from zoogames.bots.base import Bot
from zoogames.bots.greedy import GreedyBot
from zoogames.core.game import Action, State

LEVELS: dict[str, str] = {
    "beginner": "beginner",
    "casual": "greedy",
    "strong": "mcts:iterations=40",
    "expert": "mcts:iterations=2000,seconds=2",
    "master": "mcts:iterations=1650,seconds=2,leaf=learned,blend=0.5",
}
"""Each level's spec, weakest first, where :data:`BY_GAME` gives no other."""

TRUCKS_MASTER = "mcts:iterations=2000,seconds=2,leaf=learned,blend=0.5,rollout=4"
"""``master`` where the model reads the trucks still in play (:data:`BY_GAME`)."""

BY_GAME: dict[str, dict[str, str]] = {
    "zooloretto": {"strong": "mcts:iterations=200", "master": TRUCKS_MASTER},
    "aquaretto-zooloretto": {"master": TRUCKS_MASTER},
    "aquarium-designer": {"casual": "beginner:temperature=0.8", "strong": "greedy"},
}
"""A game's own spec for a level (docs/bots.md, Levels).

- Zooloretto's search is cheap per iteration and its ``greedy`` nearer the best move: 40
  iterations won only 11 of 16 against ``casual`` and none of 16 against ``expert``, so
  its ``strong`` searches more.
- In Aquarium Designer the search's whole edge over ``greedy`` is about two games in
  three, too little to hold two separate steps, while ``beginner`` loses nearly every
  game to ``greedy``. So there the steps lie lower: ``casual`` is the newcomer's choice
  at a temperature of 0.8 points, not 2 (fewer, smaller mistakes), ``strong`` the
  greedy evaluation without mistakes, and ``expert`` the search as everywhere.
- Zooloretto's ``master`` lets the model judge a playout after four greedy steps, not
  at the round's end: its model reads the trucks still in play, which a whole round's
  playout has emptied, and the shorter playouts pay for the model, so it keeps
  ``expert``'s 2,000 iterations (71.9% and 68.0% of two runs of 64 against ``expert``,
  where whole rounds won 44 of 64). The combined game's ``master`` is the same search,
  for the same reason: its model reads the trucks too.
"""

ONLY_IN: dict[str, dict[str, tuple[int, ...]]] = {
    "master": {"aquaretto": (2, 4), "zooloretto": (2, 4), "aquaretto-zooloretto": (2, 4)},
}
"""Where a level that is not offered everywhere is: its games, each with its player counts.

``master`` needs a learned evaluation shipped for the game, and is offered only where its
search, with the weights that ship, was measured stronger than ``expert`` (docs/bots.md,
Learned evaluation): not in Aquarium Designer, whose models played level with
``expert``. Aquaretto's and Zooloretto's models were fitted on 2-player games, yet at
four players against three ``expert``s Zooloretto's search won 43.8% (25% is level; 32
games) and Aquaretto's 39.1% with its own weights for four players
(``aquaretto-4p.json``: its weights with the trucks' features, better at two, won 28.1%
there). The combined game's search won 51 of 64 against ``expert`` at two players; at
four its 2-player weights won 28.1% of 32 tables, and it plays there with weights fitted
on 4-player self-play too, each seat reading its own margin
(``aquaretto-zooloretto-4p.json``: 15 of 32 tables, 46.9%). No game was measured at three
or five.
The registry plays the level's spec at any count (``zoogames arena``); the server's
catalog offers only these.
"""


def offered(level: str, game: str, players: int | None = None) -> bool:
    """Whether the named ``level`` is offered in ``game`` (at ``players``, if given).

    ``KeyError`` for no level.
    """
    if level not in LEVELS:
        raise KeyError(level)
    where = ONLY_IN.get(level)
    if where is None:
        return True
    return game in where and (players is None or players in where[game])


def level_spec(level: str, game: str | None = None) -> str:
    """The spec the named ``level`` stands for in ``game``.

    ``KeyError`` for no level; ``ValueError`` for a level not offered in ``game``
    (:data:`ONLY_IN`). Without a game, the level's spec where no game has its own.
    """
    if game is not None and not offered(level, game):
        where = ", ".join(ONLY_IN[level])
        raise ValueError(f"the level {level!r} does not play {game!r} yet (only {where})")
    return BY_GAME.get(game or "", {}).get(level, LEVELS[level])


TEMPERATURE = 2.0
"""The beginner's default temperature, in points of the greedy evaluation."""


class BeginnerBot(Bot):
    """The game's greedy evaluation with a newcomer's softmax choice (module docstring).

    ``beginner:temperature=3`` plays worse, ``temperature=0.5`` nearly as ``greedy``.
    """

    spec = "beginner"

    def __init__(self, seed: int = 0, temperature: float = TEMPERATURE, **params: Any) -> None:
        super().__init__(seed, **params)
        if float(temperature) <= 0:
            raise ValueError("beginner: temperature must be positive")
        self.temperature = float(temperature)
        self.greedy: GreedyBot | None = None

    def decide(self, state: State, legal: list[Action]) -> Action:
        """An action drawn by ``exp(value / temperature)`` over the greedy values."""
        from zoogames import bots

        if self.greedy is None:
            greedy = bots.make("greedy", seed=0, game=state.game.id)
            assert isinstance(greedy, GreedyBot)
            self.greedy = greedy
        seat = state.to_move
        assert seat is not None
        values = [self.greedy.value(state, a, seat) for a in legal]
        best = max(values)
        weights = [math.exp((v - best) / self.temperature) for v in values]
        pick = self.rng.random() * sum(weights)
        for action, weight in zip(legal, weights, strict=True):
            pick -= weight
            if pick <= 0:
                return action
        return legal[-1]
