"""PettingZoo: an AEC environment per game, like PettingZoo's classic board games.

>>> from zoogames.rl.pettingzoo import env
>>> e = env("aquaretto", players=2)
>>> e.reset(seed=7)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)
>>> e.unwrapped.game_state.is_terminal
True

- Agents are ``player_0`` … ``player_{n-1}``, the engine's seats; the same agent often
  acts several times in a row (``draw`` then ``load``; ``take`` then each ``place``).
- ``observation["observation"]`` is the seat's ``float32`` vector
  (:mod:`zoogames.rl.spaces`), ``observation["action_mask"]`` an ``int8`` 0/1 vector over
  the game's action index space, all 0 for a seat not to move.
- ``info["legal"]`` (from ``last()``) lists the legal indices of the agent to move.
  Reading them off the mask, ``np.flatnonzero(obs["action_mask"])`` as PettingZoo's
  own utilities do, is cheap too: the mask is a :class:`~zoogames.rl.spaces.LegalMask`,
  which knows the indices it was built from (NumPy's own scan of Aquaretto's 153,177
  ``int8`` entries would take 0.3–0.7 ms).
- Rewards come at the end (see :mod:`zoogames.rl.rewards`). An illegal action ends the
  game, as PettingZoo's classic environments do: the seat that played it gets
  ``illegal_reward``, the others 0.
- ``reset(seed=S)`` starts the engine's game with seed ``S``, so ``env.unwrapped
  .game_state.record()`` replays with ``zoogames replay``. ``reset(options={"game":
  {...}})`` passes game options; other keys of ``options`` are ignored.
- The environment pickles and deep-copies with its position (``raw_env.clone()`` is the
  fast copy), unlike environments that pickle only their constructor's arguments.
- ``copy=False`` hands out the environment's own arrays instead of new ones: each
  seat's observation buffer and one mask, rewritten in place (read-only views). That
  saves allocating and zeroing about 200 KB per step with Aquaretto's index space, but
  an observation kept across a ``step()`` changes under you: copy what you store (a
  replay buffer that keeps ``obs`` and then ``next_obs`` needs copies). PettingZoo's
  API test passes either way; the Gymnasium environment has no such option, since
  Gymnasium's checker requires new observation data from every call.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from zoogames import games
from zoogames.core.game import State
from zoogames.rl import rewards
from zoogames.rl.spaces import Mask, MaskBuffer, action_space, observation_encoder, read_only

ObsDict = dict[str, np.ndarray[Any, Any]]
Last = tuple[ObsDict | None, float, bool, bool, dict[str, Any]]


def env(game: str = "aquaretto", players: int = 2, **kwargs: Any) -> AECEnv[str, ObsDict, int]:
    """The environment for ``game`` and ``players``, wrapped as PettingZoo's classics are.

    Keyword arguments go to :class:`raw_env`.
    """
    return OrderEnforcing(raw_env(game, players, **kwargs))


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, with the same checks, minus most of its cost.

    The stock wrapper reaches each attribute of the environment through two
    ``__getattr__`` layers: ``last()`` and the ``agent_iter()`` loop make about ten such
    look-ups per step, which cost as much as a step of the game. Here ``last``, ``step``
    and the iterator go to the wrapped environment directly, after the same checks
    (nothing before ``reset()``; ``step()`` between two agents of the loop).
    """

    def last(self, observe: bool = True) -> Last:
        """As ``AECEnv.last``; an ``AttributeError`` before ``reset()``, as the stock wrapper."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        """As the stock wrapper: an error before ``reset()``, a warning once all are done."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable[str, ObsDict, int]:
        """The agent to act, until all are done (an error before ``reset()``)."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Iterable(self, max_iter)


class _Iterable(AECOrderEnforcingIterable[str, ObsDict, int]):  # type: ignore[misc]
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class _Iterator(AECOrderEnforcingIterator[str, ObsDict, int]):  # type: ignore[misc]
    """The stock iterator, reading the environment's attributes without the wrapper."""

    def __init__(self, env: OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self.inner = env.env

    def __next__(self) -> str:
        inner = self.inner
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        wrapper = self.env
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return inner.agent_selection  # type: ignore[no-any-return]


class raw_env(AECEnv[str, ObsDict, int]):  # type: ignore[misc]
    """A zoogames game as a PettingZoo AEC environment (see the module docstring).

    Arguments: ``game`` (a game id), ``players``, ``reward`` (``"win"`` or ``"score"``),
    ``illegal_reward`` (-1), ``render_mode`` (``"human"`` prints the table, ``"ansi"``
    returns it), ``options`` (game options for every reset, e.g. ``{"start_player": 0}``),
    ``copy`` (``True``: new arrays in every observation; ``False``: the environment's
    own buffers, see the module docstring).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "zoogames_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "aquaretto",
        players: int = 2,
        reward: str = "win",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        options: dict[str, Any] | None = None,
        copy: bool = True,
    ) -> None:
        super().__init__()
        self.game = games.get(game)
        self.game.check_players(players)
        self.players = players
        self.reward_kind = rewards.check(reward)
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game_options = dict(options or {})
        self.space = action_space(game, players)
        self.encoder = observation_encoder(game, players)
        self.metadata = {**self.metadata, "name": f"zoogames_{game.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.space.n) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, self.encoder.high, self.encoder.shape, np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (self.space.n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._np_random: np.random.Generator | None = None
        self.game_state: State | None = None
        self._legal: list[int] | None = None
        self.copy = bool(copy)
        self._buffers()

    def _buffers(self) -> None:
        """Make the arrays handed out with ``copy=False`` (new ones for each clone)."""
        if self.copy:
            return
        self._mask = MaskBuffer(self.space.n)
        self._no_mask = read_only(self.space.mask_of([]))
        self._obs = [np.zeros(self.encoder.size, np.float32) for _ in range(self.players)]

    # ----- the PettingZoo API -----------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(n)`` over the game's action index space."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed`` the engine's game of that seed, else one drawn."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random()
            game_seed = int(self._np_random.integers(2**53))
        opts = {**self.game_options, **dict((options or {}).get("game", {}))}
        self.game_state = self.game.new_game(self.players, seed=game_seed, **opts)
        self._legal = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def observe(self, agent: str) -> ObsDict:
        """The agent's observation and its action mask (all 0 unless it is to move)."""
        state = self._state()
        seat = self._seat[agent]
        moves = agent == self.agent_selection and not self.terminations.get(agent, True)
        if self.copy:
            fresh = self.space.mask_of(self.legal_indices() if moves else [])
            return {"observation": self.encoder.encode(state, seat), "action_mask": fresh}
        obs = self._obs[seat]
        self.encoder.encode_into(state, seat, obs)
        mask = self._mask.set(self.legal_indices()) if moves else self._no_mask
        return {"observation": read_only(obs), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index) for ``agent_selection``; ``None`` for a finished agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        self._clear_rewards()
        legal = self.legal_indices()
        try:
            index = int(action)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            index = -1
        if index not in legal:
            EnvLogger.warn_on_illegal_move()
            self.rewards[agent] = self.illegal_reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.truncations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal": f"{action!r} is not a legal action index"}
        else:
            state.apply(self.space.action(index))
            self._legal = None
            if state.is_terminal:
                for a, r in zip(self.agents, rewards.final(state, self.reward_kind), strict=True):
                    self.rewards[a] = r
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        text = str(self._state())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

    # ----- beyond the API ---------------------------------------------------------------

    def legal_indices(self) -> list[int]:
        """The legal action indices of the seat to move (cached until the next step)."""
        if self._legal is None:
            self._legal = self.space.legal_indices(self._state())
        return self._legal

    def action_mask(self) -> Mask:
        """The mask of the agent to move."""
        return self.space.mask_of(self.legal_indices())

    def clone(self) -> raw_env:
        """An independent copy with the same position (faster than ``copy.deepcopy``)."""
        new = copy.copy(self)
        new.game_state = self._state().clone()
        new._np_random = copy.deepcopy(self._np_random)
        new._buffers()
        new.agents = self.agents[:]
        for name in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
            setattr(new, name, dict(getattr(self, name)))
        new.infos = {a: dict(i) for a, i in self.infos.items()}
        return new

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state

    def _select(self) -> None:
        seat = self._state().to_move
        assert seat is not None
        agent = self.agent_selection = self.possible_agents[seat]
        self.infos = {a: {} for a in self.agents}
        self.infos[agent]["legal"] = self.legal_indices()[:]

    def __str__(self) -> str:
        return str(self.metadata["name"])
