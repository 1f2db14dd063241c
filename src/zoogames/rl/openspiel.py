"""OpenSpiel: every game registered as a Python game, ``zoogames_<game id>``.

>>> import pyspiel
>>> import zoogames.rl.openspiel  # registers the games
>>> game = pyspiel.load_game("zoogames_aquaretto", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # set-up: the species left out, then the start player
True

- Ids: ``zoogames_aquaretto`` (a ``-`` in a game id becomes ``_``). Parameters:
  ``players`` (default: the game's smallest count) and ``reward`` (``"win"``: +1 each
  winner, -1 the others; ``"score"``: final points), see :mod:`zoogames.rl.rewards`.
- Game type: sequential, explicit stochastic chance, imperfect information (so IS-MCTS
  and the information-state algorithms apply; in Aquaretto every tile is face up, so each
  information state holds exactly one state), general sum, terminal rewards.
- Chance nodes: the set-up choices (:meth:`GameSpec.setup`) and every random result of
  an action: a player's ``draw`` is a decision, then a chance node draws a tile kind with
  the probability of its share of the unseen tiles (pile and reserve).
- Player actions are the indices of :mod:`zoogames.rl.spaces`; ``action_to_string``
  gives their notation. Observation and information-state tensors are the seat's
  observation vector (the position is public, so it is also a sufficient information
  state); ``information_state_string`` is the public history (perfect recall),
  ``observation_string`` the seat's view as JSON.
- ``state.zoogames_record()`` is the game as a zoogames record (the draws become the
  ``draw_order`` option), which ``zoogames replay`` checks action by action.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pyspiel

from zoogames.core.game import JSON, State
from zoogames.rl import rewards
from zoogames.rl.games import GameSpec, SetupStep, spec
from zoogames.rl.games import ids as rl_ids
from zoogames.rl.spaces import ActionSpace, ObservationEncoder, action_space, observation_encoder

CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game_id: str) -> str:
    """The OpenSpiel name: ``zoogames_aquaretto``, ``zoogames_aquarium_designer``."""
    return "zoogames_" + game_id.replace("-", "_")


def game_type(game_id: str) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a game (see the module docstring)."""
    g = spec(game_id).game
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"zoogames {g.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": g.min_players, "reward": "win"},
    )


class ZoogamesGame(pyspiel.Game):  # type: ignore[misc]
    """A zoogames game as an OpenSpiel game (``pyspiel.load_game(short_name)``).

    Each game registers a subclass that sets ``game_id`` (see :func:`register`).
    """

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        params = dict(params or {})
        self.spec: GameSpec = spec(game_id)
        g = self.spec.game
        self.players = int(params.get("players", g.min_players))
        g.check_players(self.players)
        self.reward = rewards.check(str(params.get("reward", "win")))
        self.space: ActionSpace = action_space(game_id, self.players)
        self.encoder: ObservationEncoder = observation_encoder(game_id, self.players)
        if self.reward == "win":
            low, high = -1.0, 1.0
        else:
            low, high = self.spec.score_bounds(self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.n,
            max_chance_outcomes=self.spec.max_chance_outcomes(self.players),
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=self.spec.max_game_length(self.players),
        )
        super().__init__(game_type(game_id), info, params)

    def new_initial_state(self) -> ZoogamesState:
        """The first set-up chance node."""
        return ZoogamesState(self)

    def make_py_observer(
        self,
        iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> Observer:
        """Information-state (perfect recall) or observation tensors and strings."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.encoder, perfect_recall)


class _Play:
    """Everything a state holds, in one object that clones fast.

    OpenSpiel clones a Python state by deep-copying each of its attributes; this one
    copies itself with the engine's ``clone``, which is much faster.
    """

    __slots__ = (
        "chance",
        "chosen",
        "engine",
        "events",
        "game",
        "legal",
        "options",
        "outcomes",
        "pending",
        "setup",
    )

    def __init__(self, game: ZoogamesGame) -> None:
        self.game = game
        self.options: dict[str, JSON] = {}
        self.setup: SetupStep | None = None
        self.engine: State | None = None
        self.pending: int | None = None
        self.chosen: list[int] = []
        self.outcomes: list[int] = []
        # What happened, for the information string: a set-up label, (seat, action index)
        # or (CHANCE, outcome); put in words only when asked, not at every step.
        self.events: list[str | tuple[int, int]] = []
        self.legal: list[int] | None = None  # computed once per position: MCTS asks often
        self.chance: list[tuple[int, float]] | None = None  # the same, at a chance node
        self._next_setup()

    def _next_setup(self) -> None:
        g = self.game
        step = g.spec.setup_step(g.players, self.options)
        while step is not None and len(step.values) == 1:  # a choice of one is no chance
            step.apply(self.options, 0)
            step = g.spec.setup_step(g.players, self.options)
        self.setup = step
        if step is None:
            self.engine = g.spec.game.new_game(g.players, seed=0, **self.options)

    def choose_setup(self, outcome: int) -> None:
        """Apply a set-up chance outcome."""
        step = self.setup
        assert step is not None
        step.apply(self.options, outcome)
        self.events.append(step.labels[outcome])
        self._next_setup()

    def play(self, index: int) -> None:
        """Apply a player's action, or wait for its chance outcomes."""
        engine = self.engine
        assert engine is not None
        move = self.game.space.action(index)
        self.legal = None
        self.events.append((engine.to_move, index))  # type: ignore[arg-type]
        if self.game.spec.has_chance(engine, move):
            self.pending = index
        else:
            engine.apply(move)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node this is."""
        if self.chance is not None:
            return self.chance[:]  # a copy: the caller may change it
        if self.setup is not None:
            n = len(self.setup.values)
            return [(i, 1.0 / n) for i in range(n)]
        assert self.engine is not None and self.pending is not None
        move = self.game.space.action(self.pending)
        outcomes = self.game.spec.chance(self.engine, move, tuple(self.chosen))
        assert outcomes is not None
        self.chance = outcomes
        return outcomes[:]

    def choose(self, outcome: int) -> None:
        """Apply a chance outcome of a pending action; apply the action once complete."""
        assert self.engine is not None and self.pending is not None
        spec_ = self.game.spec
        move = self.game.space.action(self.pending)
        self.chance = None
        self.chosen.append(outcome)
        self.outcomes.append(outcome)
        self.events.append((CHANCE, outcome))
        chosen = tuple(self.chosen)
        if spec_.chance(self.engine, move, chosen) is None:
            self.legal = None
            spec_.apply_chance(self.engine, move, chosen)
            self.pending = None
            self.chosen = []

    def event_text(self, event: str | tuple[int, int]) -> str:
        """An event of ``events`` in words: ``0:draw``, ``draws dolphin/m``, a set-up label."""
        if isinstance(event, str):
            return event
        who, what = event
        if who == CHANCE:
            return self.game.spec.chance_label(what)
        return f"{who}:{self.game.space.notation(what)}"

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        new = copy.copy(self)
        new.options = copy.deepcopy(self.options)
        new.engine = self.engine.clone() if self.engine is not None else None
        new.chosen = self.chosen[:]
        new.outcomes = self.outcomes[:]
        new.events = self.events[:]
        return new

    def __getstate__(self) -> dict[str, Any]:
        state = {k: getattr(self, k) for k in self.__slots__ if k != "game"}
        g = self.game
        state["game"] = (g.game_id, {"players": g.players, "reward": g.reward})
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        game_id, params = state.pop("game")
        self.game = pyspiel.load_game(short_name(game_id), params)
        self.chance = None  # absent from states pickled before it was kept
        for k, v in state.items():
            setattr(self, k, v)


class ZoogamesState(pyspiel.State):  # type: ignore[misc]
    """A position: set-up chance nodes, then the engine's game with draws as chance nodes."""

    def __init__(self, game: ZoogamesGame) -> None:
        super().__init__(game)
        self.z = _Play(game)

    # ----- the OpenSpiel API ------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` or ``TERMINAL``."""
        z = self.z
        engine = z.engine
        if engine is None or z.pending is not None:
            return CHANCE
        if engine.to_move is None:
            return TERMINAL
        return engine.to_move

    def _legal_actions(self, player: int) -> list[int]:
        """The legal action indices of the seat to move, ascending."""
        z = self.z
        engine = z.engine
        if engine is None or player != engine.to_move or z.pending is not None:
            return []
        if z.legal is None:
            z.legal = z.game.space.legal_indices(engine)
        return z.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcomes and probabilities of this chance node."""
        return self.z.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        z = self.z
        if z.engine is None:
            z.choose_setup(int(action))
        elif z.pending is not None:
            z.choose(int(action))
        else:
            z.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """A player's action as notation; a chance outcome in words."""
        z = self.z
        if player == CHANCE:
            if z.setup is not None:
                return z.setup.labels[action]
            return z.game.spec.chance_label(action)
        return z.game.space.notation(action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        engine = self.z.engine
        return engine is not None and engine.is_terminal

    def returns(self) -> list[float]:
        """The rewards of a finished game (see :mod:`zoogames.rl.rewards`); 0 before."""
        z = self.z
        if z.engine is None or not z.engine.is_terminal:
            return [0.0] * z.game.players
        return rewards.final(z.engine, z.game.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ZoogamesState:
        """A state of the same information state: this one (nothing on the table is hidden)."""
        clone: ZoogamesState = self.clone()
        return clone

    def __str__(self) -> str:
        z = self.z
        if z.engine is None:
            return "set-up: " + "; ".join(map(z.event_text, z.events))
        if z.pending is None:
            return str(z.engine)
        return f"{z.engine}\n(waiting for the result of {z.game.space.notation(z.pending)})"

    # ----- beyond the API ---------------------------------------------------------------

    @property
    def engine(self) -> State | None:
        """The engine's state (``None`` during set-up). Do not change it."""
        return self.z.engine

    def zoogames_record(self) -> dict[str, JSON]:
        """The game so far as a zoogames record that replays the same draws."""
        z = self.z
        if z.engine is None:
            raise ValueError("the set-up is not finished: there is no game yet")
        record = z.engine.record()
        forced = z.game.spec.forced_options(z.options, z.outcomes)
        record["options"] = {**record["options"], **forced}
        return record

    def information_string(self, player: int) -> str:
        """The public history as ``player`` saw it: set-up, actions, draws."""
        z = self.z
        return f"seat {player} | " + " | ".join(map(z.event_text, z.events))


class Observer:
    """OpenSpiel's Python observer: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, encoder: ObservationEncoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {s.name: s.of(self.tensor) for s in encoder.segments}

    def set_from(self, state: ZoogamesState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees (all 0 during set-up)."""
        engine = state.z.engine
        if engine is None:
            self.tensor.fill(0.0)
        else:
            self.encoder.encode_into(engine, player, self.tensor)

    def string_from(self, state: ZoogamesState, player: int) -> str:
        """The public history (information state) or the seat's view as JSON."""
        if self.perfect_recall:
            return state.information_string(player)
        engine = state.z.engine
        if engine is None:
            return str(state)
        return json.dumps(engine.view(player), separators=(",", ":"))


GAMES: dict[str, type[ZoogamesGame]] = {}
"""Game id → the registered game class."""


def register() -> None:
    """Register every game with an adapter (done on import).

    The creator OpenSpiel keeps is a class per game, not a closure: OpenSpiel's registry
    outlives the interpreter, and a class (always in a reference cycle) is never freed
    then, where freeing a closure at exit aborts the process.
    """
    known = set(pyspiel.registered_names())
    for game_id in rl_ids():
        name = short_name(game_id)
        if name not in known:
            cls = type(f"Game_{name}", (ZoogamesGame,), {"game_id": game_id})
            GAMES[game_id] = cls
            pyspiel.register_game(game_type(game_id), cls)


register()
