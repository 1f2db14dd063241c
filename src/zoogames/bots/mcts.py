"""One Monte Carlo tree search for every game: single-observer information-set MCTS.

``mcts``, ``mcts:seconds=1``, ``mcts:iterations=5000`` in the bot registry. The design and
the measurements behind its defaults are in ``docs/bots.md``; in short:

- **Information sets, not one guess.** Every iteration draws a fresh determinization of
  the position the bot was handed (``state.determinize``: the unseen tiles reshuffled) and
  walks one shared tree with it (SO-ISMCTS). An action's statistics therefore average over
  many possible hidden orders, and an action that is legal in only some of them is judged
  by how often it was *available* (the availability count of ISMCTS).
- **Chance is keyed by what the table sees.** After a chance action (drawing a tile, a
  new card in the offer) the tree branches on the public outcome the game reports
  (``State.revealed``: which tile came up), so the decision that follows (where to load
  that tile) is searched per tile, not averaged over tiles.
- **Each seat maximises its own reward.** A playout ends in a vector with one reward per
  seat: ``sigmoid((value[seat] - best other value) / scale)``, a smooth stand-in for "I
  win" that still prefers winning by more; the seat to move at a node picks by its own
  entry.
- **Progressive widening ordered by the greedy bot.** A node considers only its best
  ``1 + widen * sqrt(visits - 1)`` actions, ranked by the game's greedy bot (its own choice
  first, then one-ply values of the whole turn). A long chain of same-seat decisions
  (taking a truck, then placing its tiles, offspring and coworkers) thus starts as the
  greedy bot's chain and branches only where the search keeps returning.
- **Short greedy playouts, then an evaluation.** From a new node the game's greedy bot
  finishes the turn in progress and plays on to the end of the round (at most ``rollout``
  decisions), then the greedy ``evaluate`` of every seat is the value (the exact scores
  once the game is over). Without a greedy bot for the game, uniformly random playouts
  run to the end. With ``leaf=learned`` a model trained on self-play judges the playout's
  end instead (``bots/value.py``): each seat's predicted final margin, blended with the
  greedy evaluation's margin by ``blend``.
- **Tree reuse.** The subtree under the actions played since the bot's last decision is
  kept when they can be followed in the tree: always within a chain of the bot's own
  decisions, and across a chance action when its outcome is visible now.
- **Repeatable.** All randomness comes from the bot's seeded :class:`~zoogames.core.rng.Rng`;
  with an ``iterations`` budget a game replays move for move.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import Any

from zoogames.bots import value as learned
from zoogames.bots.base import Bot
from zoogames.bots.greedy import GreedyBot
from zoogames.core.game import Action, State

Observation = Hashable | None
"""What the table saw of a chance action's outcome (``State.revealed``; ``None``: nothing)."""


C = 0.4
"""The default UCB exploration constant (rewards lie in [0, 1])."""
WIDEN = 1.0
"""The default progressive widening: ``1 + WIDEN * sqrt(visits - 1)`` actions per node."""
SCALE = 4.0
"""The default reward scale: points of margin that make a reward of about 0.73."""
# (Float defaults are named: mypyc cannot write a float literal into the signature of an
# __init__ that also takes **params.)


class Edge:
    """An action at a node: its statistics and, per observed outcome, the node it leads to.

    ``total[seat]`` sums the rewards of ``seat`` over the ``visits``; ``avail`` counts the
    iterations in which the action was legal; ``chance`` says its outcome is revealed.
    """

    __slots__ = ("avail", "chance", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total: list[float] = []
        self.children: dict[Observation, Node] = {}
        self.chance = False


class Node:
    """A decision of seat ``seat``: its actions in the order the search widens through them.

    ``ranked`` is 0 while nothing is ranked, 1 once the greedy choice is first, 2 once
    every action is ranked.
    """

    __slots__ = ("edges", "order", "ranked", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.edges: dict[Action, Edge] = {}
        self.order: list[Action] = []
        self.ranked = 0


class MctsBot(Bot):
    """Information-set MCTS with greedy-ordered progressive widening (module docstring).

    Parameters (all optional, in the spec: ``mcts:iterations=2000,c=0.5``):

    - ``seconds``: thinking time per decision (default 1 unless ``iterations`` is given);
    - ``iterations``: iterations per decision (with ``seconds`` too, whichever ends first);
    - ``c``: the UCB exploration constant (rewards lie in [0, 1]);
    - ``widen``: progressive widening, ``1 + widen * sqrt(visits - 1)`` actions per node;
    - ``rollout``: at most this many greedy decisions in a playout, which otherwise ends
      with the round (``-1``: no limit);
    - ``scale``: points of margin that make a reward of about 0.73 (sigmoid of 1);
    - ``follow``: 1 to centre each seat's sigmoid nearer its margin at the root when that
      is more than ``2 * scale`` from level (see :func:`centres`), 0 to keep it at 0;
    - ``reuse``: 1 to keep the subtree between decisions, 0 to start afresh;
    - ``to_end``: 1 to play each playout past the round, on to the end of the game (still
      at most ``rollout`` decisions), 0 to stop it with the round;
    - ``leaf``: ``greedy`` (the default) to judge a playout's end by the greedy evaluation,
      ``learned`` by the game's shipped learned evaluation (``bots/value.py``; a game
      without one is refused at its first decision; solo play keeps ``greedy``);
    - ``blend``: with ``leaf=learned``, the learned margin's weight against the greedy
      margin's (1: the learned one alone);
    - ``kinds``: 1 to widen through the best action of each kind first (the greedy bot's
      :meth:`~zoogames.bots.greedy.GreedyBot.kind`: in Aquarium Designer each card of the
      offer, and the pass), then the rest by value; 0 to widen by value alone;
    - ``tempo``: points the game's greedy evaluation adds for starting a round not yet
      begun (``greedy:tempo``; Aquarium Designer only, 0 elsewhere);
    - ``rounds``: a playout plays to the end of its own round and of the ``rounds - 1``
      after it (still at most ``rollout`` decisions; ``to_end`` plays to the game's end);
    - ``pool``: 0 to draw a fresh determinization every iteration; ``K`` to draw ``K`` at
      the decision's start and take them in turn (common random numbers: two actions of
      a node are mostly judged on the same hidden orders).
    """

    spec = "mcts"

    def __init__(
        self,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
        c: float = C,
        widen: float = WIDEN,
        rollout: int = 16,
        scale: float = SCALE,
        follow: int = 0,
        reuse: int = 1,
        to_end: int = 0,
        leaf: str = "greedy",
        blend: float = 1.0,
        kinds: int = 0,
        tempo: float = 0.0,
        rounds: int = 1,
        pool: int = 0,
        **params: Any,
    ) -> None:
        super().__init__(seed, **params)
        if iterations is None and seconds is None:
            seconds = 1.0
        if iterations is not None and int(iterations) < 1:
            raise ValueError("mcts: iterations must be at least 1")
        if seconds is not None and float(seconds) <= 0:
            raise ValueError("mcts: seconds must be positive")
        self.seconds = None if seconds is None else float(seconds)
        self.iterations = None if iterations is None else int(iterations)
        self.c = float(c)
        self.widen = float(widen)
        self.rollout = int(rollout)
        self.scale = float(scale)
        self.follow = bool(int(follow))
        self.reuse = bool(int(reuse))
        self.to_end = bool(int(to_end))
        if leaf not in ("greedy", "learned"):
            raise ValueError(f"mcts: leaf must be greedy or learned, not {leaf!r}")
        if not 0.0 <= float(blend) <= 1.0:
            raise ValueError("mcts: blend must lie between 0 and 1")
        self.leaf = str(leaf)
        self.blend = float(blend)
        self.kinds = bool(int(kinds))
        self.tempo = float(tempo)
        if int(rounds) < 1:
            raise ValueError("mcts: rounds must be at least 1")
        if int(pool) < 0:
            raise ValueError("mcts: pool must be 0 or more")
        self.rounds = int(rounds)
        self.pool = int(pool)
        self.model: learned.Mlp | None = None
        self.greedy: GreedyBot | None = None
        self._game: tuple[str, int] | None = None
        self._root: Node | None = None
        self._root_history: list[Action] = []
        self._root_key: tuple[Any, ...] = ()
        self._baseline = 0.0
        self._centres: list[float] = []
        self.stats = {"decisions": 0, "iterations": 0, "seconds": 0.0, "reused": 0}
        """Totals over this bot's decisions: searches run, iterations, time spent, reuses."""

    # ----- the decision -----------------------------------------------------------------

    def decide(self, state: State, legal: list[Action]) -> Action:
        """Search from ``state`` (a determinized copy) and play the most visited action."""
        self._setup(state)
        root = self._find_root(state)
        if state.players == 1:  # solo: rewards are measured from where the search starts
            self._baseline = self._values(state)[0]
        self._centres = self._follow(state) if self.follow else []
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        n = 0
        # a pool makes the luck of the hidden order common to the actions a node compares
        pool = [state.determinize(self.rng) for _ in range(self.pool)]
        while True:
            guess = pool[n % len(pool)].clone() if pool else state.determinize(self.rng)
            self._iterate(root, guess)
            n += 1
            if self.iterations is not None and n >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.stats["decisions"] += 1
        self.stats["iterations"] += n
        self.stats["seconds"] += time.perf_counter() - start
        return self._best(root, legal, state)

    def _setup(self, state: State) -> None:
        gid = state.game.id
        if self._game == (gid, state.players):
            return
        from zoogames import bots

        try:
            greedy = bots.make("greedy", seed=0, game=gid)
        except ValueError:
            greedy = None  # no greedy bot for this game: random playouts to the end
        if self.tempo and greedy is not None:  # a game whose greedy has no tempo refuses it
            greedy = bots.make(f"greedy:tempo={self.tempo}", seed=0, game=gid)
        self.greedy = greedy if isinstance(greedy, GreedyBot) else None
        self.model = None
        if self.leaf == "learned" and state.players > 1:
            if self.greedy is None:
                raise ValueError(f"mcts: leaf=learned needs the greedy bot of {gid!r}")
            self.model = learned.load(gid, state.players)
        self._game = (gid, state.players)

    def _find_root(self, state: State) -> Node:
        """The subtree for ``state`` kept from the last search, or a new root."""
        key = (state.game.id, state.players, len(state.options))
        old, hist = self._root, self._root_history
        node: Node | None = None
        if (
            self.reuse
            and old is not None
            and key == self._root_key
            and len(state.history) >= len(hist)
            and state.history[: len(hist)] == hist
        ):
            node = old
            since = state.history[len(hist) :]
            for i, action in enumerate(since):
                edge = node.edges.get(action)
                if edge is None:
                    node = None
                    break
                if edge.chance:
                    # the outcome is visible only if the chance action was the last one
                    obs = state.revealed(action) if i == len(since) - 1 else None
                    node = edge.children.get(obs) if obs is not None else None
                else:
                    node = edge.children.get(None)
                if node is None:
                    break
        if node is None or node.seat != state.to_move:
            node = Node(seat=state.to_move if state.to_move is not None else -1)
        else:
            self.stats["reused"] += 1
        self._root, self._root_history, self._root_key = node, state.history[:], key
        return node

    def _best(self, root: Node, legal: list[Action], state: State) -> Action:
        """The most visited legal action at the root (ties: the better mean)."""
        best: Action | None = None
        best_key = (-1, -1.0)
        for action in legal:
            edge = root.edges.get(action)
            if edge is None or not edge.visits:
                continue
            k = (edge.visits, edge.total[root.seat] / edge.visits)
            if k > best_key:
                best, best_key = action, k
        if best is None:  # no iteration reached the root's actions: fall back on the prior
            return self._prior_first(state, legal)
        return best

    def root_stats(self) -> list[tuple[Action, int, float]]:
        """The last search's actions at its root, the most visited first.

        Each is (action, visits, mean reward of the seat to move): what a hint shows
        (``bots/teach.py``).
        """
        root = self._root
        if root is None:
            return []
        found = [
            (action, edge.visits, edge.total[root.seat] / edge.visits)
            for action, edge in root.edges.items()
            if edge.visits
        ]
        found.sort(key=lambda x: (-x[1], -x[2]))
        return found

    def root_value(self, seat: int) -> float | None:
        """The last search's mean reward for ``seat`` over every iteration at its root.

        How the search rates the position for that seat (``None`` before any search).
        """
        root = self._root
        if root is None:
            return None
        visits = 0
        total = 0.0
        for edge in root.edges.values():
            if edge.visits and seat < len(edge.total):
                visits += edge.visits
                total += edge.total[seat]
        return total / visits if visits else None

    # ----- one iteration ----------------------------------------------------------------

    def _iterate(self, root: Node, state: State) -> None:
        path: list[Edge] = []
        node = root
        while not state.is_terminal:
            node.visits += 1
            edge, action = self._select(node, state)
            path.append(edge)
            state.play(action)
            obs = state.revealed(action)
            if obs is not None:
                edge.chance = True
            child = edge.children.get(obs)
            if child is None:
                if not state.is_terminal:
                    edge.children[obs] = Node(seat=state.to_move)  # type: ignore[arg-type]
                    self._playout(state)
                break
            node = child
        rewards = self._rewards(state)
        for edge in path:
            edge.visits += 1
            tot = edge.total
            if not tot:
                edge.total = rewards[:]
            else:
                for i, r in enumerate(rewards):
                    tot[i] += r

    def _select(self, node: Node, state: State) -> tuple[Edge, Action]:
        """UCB over the node's widened candidates that are legal in this determinization."""
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
            edge = node.edges.get(action)
            if edge is None:
                edge = node.edges[action] = Edge()
            edge.avail += 1
            return edge, action
        width = 1 + int(self.widen * math.sqrt(node.visits - 1))
        self._rank(node, state, legal, full=width > 1)
        legal_set = set(legal)
        candidates: list[Action] = []
        for a in node.order:
            if a in legal_set:
                candidates.append(a)
                if len(candidates) >= width:
                    break
        if not candidates:
            candidates = legal[:width]
        seat = node.seat
        best_edge: Edge | None = None
        best_action = candidates[0]
        best_score = -math.inf
        for a in candidates:
            edge = node.edges.get(a)
            if edge is None:
                edge = node.edges[a] = Edge()
            edge.avail += 1
            if edge.visits == 0:
                score = math.inf
            else:
                score = edge.total[seat] / edge.visits + self.c * math.sqrt(
                    math.log(edge.avail) / edge.visits
                )
            if score > best_score:
                best_edge, best_action, best_score = edge, a, score
        assert best_edge is not None
        return best_edge, best_action

    def _rank(self, node: Node, state: State, legal: list[Action], full: bool) -> None:
        """Order the node's actions: the greedy choice first, then by greedy value."""
        if node.ranked == 0:
            node.order = [self._prior_first(state, legal)]
            node.ranked = 1
        if full and node.ranked == 1:
            first = node.order[0]
            rest = [a for a in legal if a != first]
            if self.greedy is not None:
                seat = node.seat
                values = {a: self.greedy.value(state, a, seat) for a in rest}
                rest.sort(key=lambda a: -values[a])
                if self.kinds:
                    rest = self._kinds_first(first, rest)
            else:
                self.rng.shuffle(rest)
            node.order = [first, *rest]
            node.ranked = 2
        elif node.ranked == 2 and len(node.order) < len(legal):
            known = set(node.order)
            node.order.extend(a for a in legal if a not in known)

    def _kinds_first(self, first: Action, ranked: list[Action]) -> list[Action]:
        """``ranked`` with the best of each kind not ``first``'s moved to the front."""
        greedy = self.greedy
        assert greedy is not None
        seen = {greedy.kind(first)}
        front: list[Action] = []
        back: list[Action] = []
        for a in ranked:
            k = greedy.kind(a)
            if k in seen:
                back.append(a)
            else:
                seen.add(k)
                front.append(a)
        return front + back

    def _prior_first(self, state: State, legal: list[Action]) -> Action:
        if self.greedy is None:
            return self.rng.choice(legal)
        choice: Action = self.greedy.decide(state.clone(), legal)
        return choice

    def _playout(self, state: State) -> None:
        """Play on from a new node (see the module docstring).

        With a greedy bot: finish the turn in progress (``GreedyBot.playout_turn``: its
        one-ply steps; a drawn tile on a random truck), then play greedy decisions
        (``GreedyBot.playout_decide``, each turn finished the same way) until the round is
        over (a game with a public ``round`` counter; solo or with ``to_end``, the game) or
        ``rollout`` decisions were made, so that the evaluation always sees whole turns and
        settled trucks: a truck taken but not yet unloaded, or loaded for someone else to
        take, is worth nothing to an evaluation of the zoos.
        Without a greedy bot: random actions to the end.
        """
        greedy = self.greedy
        rng = self.rng
        if greedy is None:
            while not state.is_terminal:
                state.play(rng.choice(state.legal_actions()))
            return
        # solo, nobody's trucks or offers wait to be settled: play to the end of the game
        rnd = getattr(state, "round", None) if state.players > 1 and not self.to_end else None
        decisions = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            if len(legal) == 1:
                state.play(legal[0])
            elif state.turn_in_progress():
                greedy.playout_turn(state, legal, rng)
            elif (rnd is not None and getattr(state, "round", rnd) - rnd >= self.rounds) or (
                0 <= self.rollout <= decisions
            ):
                return
            else:
                state.play(greedy.playout_decide(state.clone(), legal))
                decisions += 1

    def _values(self, state: State) -> list[float]:
        """Per seat: the greedy evaluation, or the exact score once the game is over.

        The exact score gets a hundredth of the tie-break added; without a greedy bot the
        exact score is the only value.
        """
        n = state.players
        if state.is_terminal or self.greedy is None:
            totals = [s.total for s in state.scores()]
            try:
                ties = [state.tiebreak(i) for i in range(n)]
            except NotImplementedError:
                ties = [0] * n
            return [t + 0.01 * b for t, b in zip(totals, ties, strict=True)]
        return [float(self.greedy.evaluate(state, i)) for i in range(n)]

    def _margins(self, state: State) -> list[float]:
        """Per seat, its margin over the best other seat (at least two seats).

        The greedy evaluation's, or the exact scores' once the game is over; with
        ``leaf=learned`` the model's prediction of the final margin
        (:func:`zoogames.bots.value.margins`), blended with the greedy one by ``blend``.
        """
        values = self._values(state)
        greedy_margins = margins(values)
        model = self.model
        if model is None or state.is_terminal:
            return greedy_margins
        predicted = learned.margins(model, state, values)
        w = self.blend
        if w >= 1.0:
            return predicted
        return [w * p + (1.0 - w) * g for p, g in zip(predicted, greedy_margins, strict=True)]

    def _follow(self, state: State) -> list[float]:
        """Per seat, where its sigmoid is centred (``follow``; :func:`centres`)."""
        if state.players < 2:
            return []
        return moved_towards_level(self._margins(state), 2.0 * self.scale)

    def _rewards(self, state: State) -> list[float]:
        """One reward in [0, 1] per seat (:func:`rewards`, :func:`sigmoid_rewards`)."""
        if state.players < 2:
            return rewards(self._values(state), self.scale, self._baseline, self._centres)
        return sigmoid_rewards(self._margins(state), self.scale, self._centres)


def margins(values: list[float]) -> list[float]:
    """Per seat: its value less the best of the others' (at least two seats)."""
    n = len(values)
    return [v - max(values[j] for j in range(n) if j != i) for i, v in enumerate(values)]


def centres(values: list[float], band: float) -> list[float]:
    """Per seat, where its reward's sigmoid is centred (``mcts:follow=1``).

    That is its margin at the root moved ``band`` towards level, or 0 within ``band`` of
    level. Far behind (or ahead), every playout's margin lies on the flat tail of a sigmoid
    centred on 0: every move earns about the same reward and the most visited one is
    close to chance. Centred near where the seat stands, the reward still tells a move
    that gains ten points from one that loses ten; near level nothing changes.
    """
    return moved_towards_level(margins(values), band)


def moved_towards_level(over: list[float], band: float) -> list[float]:
    """Each margin of ``over`` moved ``band`` towards level, or 0 within ``band`` of it."""
    return [m - max(-band, min(band, m)) for m in over]


def rewards(
    values: list[float], scale: float, baseline: float, centred: list[float]
) -> list[float]:
    """One reward in [0, 1] per seat: the sigmoid of its margin over the best other.

    The margin is in ``scale`` points, less the seat's centre in ``centred`` if any
    (:func:`centres`). Solo, the margin is over ``baseline``, the value where the search started.
    """
    over = margins(values) if len(values) > 1 else [values[0] - baseline]
    return sigmoid_rewards(over, scale, centred)


def sigmoid_rewards(over: list[float], scale: float, centred: list[float]) -> list[float]:
    """Per seat, the sigmoid of its margin ``over[i]`` less its centre, in ``scale`` points."""
    out = []
    for i, m in enumerate(over):
        x = (m - centred[i] if centred else m) / scale
        out.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x)))))
    return out


__all__ = ["Edge", "MctsBot", "Node", "centres", "margins", "rewards", "sigmoid_rewards"]
