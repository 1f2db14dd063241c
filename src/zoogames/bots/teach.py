"""Bots that teach: a hint for the seat to move, and a review of a finished game.

``hint(state, seat)`` runs the MCTS bot (``bots/mcts.py``) on the position with an
iteration budget (the same position and seed give the same hint on any machine; a time
cap may end it sooner on a slow one), judging its playouts as ``master`` does where that
level plays (its learned evaluation, measured stronger than ``expert``'s: :func:`search`),
and reports:

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

``review(record)`` searches every decision of a finished game the same way and reports,
per decision, the action played, the search's preferred action and the estimated loss
between them; the largest losses are the turning points (``docs/bots.md``, Reviews).

Hidden information: the search only ever sees determinized copies
(``State.determinize``, which depends on public information only), exactly as the bots
do, so two positions that look the same to the table get the same hint whatever their
hidden draw order (``tests/bots/test_teach.py`` checks it on shuffled twins).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from zoogames.bots import parse_spec
from zoogames.bots.levels import level_spec, offered
from zoogames.bots.mcts import MctsBot
from zoogames.core.game import JSON, Action, State
from zoogames.core.record import start
from zoogames.core.rng import Rng

STEPS = 12
"""The most steps of one turn a hint suggests."""

JUDGING = ("leaf", "blend", "rollout")
"""The parameters of ``master``'s spec that say how a playout is judged (not its budget)."""


def search(state: State, seed: int, iterations: int, seconds: float | None = None) -> MctsBot:
    """The search a hint or a review of ``state`` runs on ``iterations`` (``seconds``: a cap).

    Where ``master`` is offered (its game and number of players), it judges its playouts
    as ``master`` does (the learned evaluation: stronger than the greedy one at the same
    iterations, docs/bots.md); elsewhere as ``expert`` does. The budget stays the caller's.
    """
    game = state.game.id
    judging: dict[str, Any] = {}
    if offered("master", game, state.players):
        _, params = parse_spec(level_spec("master", game))
        judging = {k: v for k, v in params.items() if k in JUDGING}
    return MctsBot(seed=seed, iterations=iterations, seconds=seconds, **judging)


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
    bot = search(state, seed, iterations, seconds)
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


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed game: what was played, what the search preferred."""

    number: int
    """The action's number in the record (0 is the first)."""
    seat: int
    played: str
    preferred: str
    loss: float | None
    """The search's estimate of the preferred action less the played one's (0 when they
    are the same; ``None`` when the played action could not be rated)."""
    values: list[float | None]
    """Each seat's estimate of the position before the decision (about its chance to win)."""

    def to_json(self) -> dict[str, JSON]:
        """``{number, seat, played, preferred, loss, values}``."""
        return {
            "number": self.number,
            "seat": self.seat,
            "played": self.played,
            "preferred": self.preferred,
            "loss": None if self.loss is None else round(self.loss, 4),
            "values": [None if v is None else round(v, 4) for v in self.values],
        }


TURNING_POINTS = 5
"""How many of the costliest decisions a review lists as its turning points."""


def worst(losses: list[tuple[int, float | None]], n: int = TURNING_POINTS) -> list[int]:
    """Of ``(decision number, loss)`` pairs, the numbers of the ``n`` costliest decisions.

    Largest loss first (then the earlier decision); a decision that lost nothing, or was
    not rated, is never a turning point.
    """
    rated = [(number, loss) for number, loss in losses if loss is not None and loss > 0]
    rated.sort(key=lambda d: (-d[1], d[0]))
    return [number for number, _ in rated[:n]]


def step_seed(number: int, seed: int) -> int:
    """The search seed of decision ``number`` in a review seeded ``seed``."""
    return Rng(seed, f"review:{number}").next64() >> 11


def decisions(state: State, actions: list[Action], seats: set[int] | None = None) -> list[int]:
    """The numbers of the actions from ``state`` that were decisions of ``seats``.

    A decision is a position with two legal actions or more; ``seats`` ``None``: every seat.
    """
    probe = state.clone()
    out: list[int] = []
    for number, action in enumerate(actions):
        if (seats is None or probe.to_move in seats) and len(probe.legal_actions()) > 1:
            out.append(number)
        probe.apply(action)
    return out


@dataclass(frozen=True)
class Review:
    """A finished game's decisions, searched one by one (``review``)."""

    game: str
    players: int
    iterations: int
    decisions: list[Decision]

    def turning_points(self, n: int = TURNING_POINTS) -> list[Decision]:
        """The ``n`` decisions that lost the most (largest first; none that lost nothing)."""
        by_number = {d.number: d for d in self.decisions}
        return [by_number[k] for k in worst([(d.number, d.loss) for d in self.decisions], n)]

    def to_json(self) -> dict[str, JSON]:
        """``{game, players, iterations, decisions, turning_points}`` (the points by number)."""
        return {
            "game": self.game,
            "players": self.players,
            "iterations": self.iterations,
            "decisions": [d.to_json() for d in self.decisions],
            "turning_points": [d.number for d in self.turning_points()],
        }


def review_decision(
    state: State, played: Action, iterations: int, seed: int
) -> tuple[str, float | None, list[float | None]]:
    """The search's view of one decision: (preferred action, loss of ``played``, values).

    The values are each seat's estimate of the position. The played action's estimate
    is its own at the root if the search tried it; otherwise a search of the position
    after it (from the same seat's point of view) rates it.
    """
    seat = state.to_move
    assert seat is not None
    bot = search(state, seed, iterations)
    preferred = bot.choose(state.clone())
    values = [bot.root_value(s) for s in range(state.players)]
    rated = {a: v for a, _, v in bot.root_stats()}
    best = rated.get(preferred)
    if played == preferred:
        return str(preferred), 0.0, values
    mine = rated.get(played)
    if mine is None:
        after = state.clone()
        after.apply(played)
        if not after.is_terminal:
            other = search(state, seed, iterations)
            other.choose(after)
            mine = other.root_value(seat)
    loss = None if best is None or mine is None else max(0.0, best - mine)
    return str(preferred), loss, values


def review(
    record: dict[str, JSON],
    iterations: int = 400,
    seed: int = 0,
    seats: set[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Search every decision of ``seats`` (default: all) in a finished game's ``record``.

    A decision is a position with a choice (two legal actions or more). Each is searched
    with ``iterations`` and a seed of its own from ``seed``: the same record gives the same
    review. ``progress(done, total)`` is called after each decision.
    """
    state, actions = replay(record)
    todo = decisions(state, actions, seats)
    found: list[Decision] = []
    wanted = set(todo)
    for number, action in enumerate(actions):
        if number in wanted:
            seat = state.to_move
            assert seat is not None
            own_seed = step_seed(number, seed)
            preferred, loss, values = review_decision(state, action, iterations, own_seed)
            found.append(Decision(number, seat, str(action), preferred, loss, values))
            if progress is not None:
                progress(len(found), len(todo))
        state.apply(action)
    return Review(state.game.id, state.players, iterations, found)


def replay(record: dict[str, JSON]) -> tuple[State, list[Action]]:
    """The starting position of a game's ``record`` and its actions, parsed."""
    state = start(record)
    return state, [state.game.parse_action(str(a)) for a in cast(list[str], record["actions"])]
