"""Gymnasium: one seat of a game against zoogames bots, as ``zoogames/<Game>-v0``.

>>> import gymnasium
>>> import zoogames.rl.gymnasium  # registers the ids
>>> env = gymnasium.make("zoogames/Aquaretto-v0", opponents=["greedy", "random"])
>>> obs, info = env.reset(seed=3)
>>> action = env.action_space.sample(info["action_mask"])
>>> obs, reward, terminated, truncated, info = env.step(action)

- The observation is the seat's ``float32`` vector (:mod:`zoogames.rl.spaces`); the action
  mask (``int8`` 0/1 over the action index space) is ``info["action_mask"]``, as in
  Gymnasium's own Taxi, and ``env.unwrapped.action_masks()`` (what sb3-contrib's
  ``MaskablePPO`` calls). ``info["legal"]`` lists the legal indices. With
  ``mask_in_info=False`` the info holds ``legal`` alone: a mask of 150,000 entries
  (Aquaretto's) costs a new array at every step, and a vector environment's pipe
  carries it too.
- ``opponents`` are bot specs (``"random"``, ``"greedy"``, ``"mcts:seconds=0.1"``, …),
  one per other seat; the game has ``1 + len(opponents)`` players. ``seat`` is where
  the agent sits (0 by default): the bots play from the other seats, in turn order.
- A step plays the agent's action and then every bot move until the agent is to move
  again or the game ends. The reward is 0 until the end (see :mod:`zoogames.rl.rewards`).
- An illegal action ends the episode with ``illegal_reward`` (-1) and
  ``info["illegal"]`` saying why; nothing is applied.
- ``reset(seed=S)`` plays the engine's game of seed ``S`` (bots seeded from it too);
  ``env.unwrapped.game_state.record()`` is the zoogames record of the episode.
"""

from __future__ import annotations

import copy
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from zoogames import games
from zoogames.bots import Bot
from zoogames.bots import make as make_bot
from zoogames.core.game import State
from zoogames.rl import rewards
from zoogames.rl.games import ids as rl_ids
from zoogames.rl.games import spec
from zoogames.rl.spaces import Mask, Vector, action_space, observation_encoder


class ZoogamesEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of a zoogames game; the others are bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str = "aquaretto",
        opponents: list[str] | tuple[str, ...] = ("random",),
        seat: int = 0,
        reward: str = "win",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        options: dict[str, Any] | None = None,
        mask_in_info: bool = True,
    ) -> None:
        self.game = games.get(game)
        if isinstance(opponents, str):
            raise ValueError("opponents is a list of bot specs, e.g. ['greedy', 'random']")
        self.opponents = list(opponents)
        self.players = 1 + len(self.opponents)
        self.game.check_players(self.players)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}, not {seat!r}")
        for bot in self.opponents:
            make_bot(bot, game=game)  # fail now on a bad spec, not at reset
        self.seat = seat
        self.reward_kind = rewards.check(reward)
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.game_options = dict(options or {})
        self.mask_in_info = bool(mask_in_info)
        self.space = action_space(game, self.players)
        self.encoder = observation_encoder(game, self.players)
        self.action_space = spaces.Discrete(self.space.n)
        self.observation_space = spaces.Box(0.0, self.encoder.high, self.encoder.shape, np.float32)
        self.game_state: State | None = None
        self.bots: dict[int, Bot] = {}
        self._legal: list[int] = []
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """A new game (seed ``seed``, else one drawn); bots move until the agent's turn."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**53))
        opts = {**self.game_options, **dict((options or {}).get("game", {}))}
        self.game_state = self.game.new_game(self.players, seed=game_seed, **opts)
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_bot(b, seed=game_seed * 8 + s, game=self.game.id)
            for s, b in zip(others, self.opponents, strict=True)
        }
        self._done = False
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: int | np.int64) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """The agent's action (an index), then the bots' moves until its next turn."""
        state = self._state()
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        try:
            index = int(action)
        except (TypeError, ValueError):
            index = -1
        if index not in self._legal:
            info = self._info()
            info["illegal"] = f"{action!r} is not a legal action index here"
            self._done = True
            return self._observe(), self.illegal_reward, True, False, info
        state.apply(self.space.action(index))
        self._play_bots()
        reward = 0.0
        self._done = state.is_terminal
        if state.is_terminal:
            reward = rewards.final(state, self.reward_kind)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, state.is_terminal, False, self._info()

    def action_masks(self) -> Mask:
        """The mask of the legal actions now (all 0 once the game is over)."""
        return self.space.mask_of(self._legal)

    def render(self) -> str | None:
        """The table as text: printed (``human``) or returned (``ansi``)."""
        if self.render_mode is None:
            return None
        text = str(self._state())
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def clone(self) -> ZoogamesEnv:
        """An independent copy with the same position, bots and random state."""
        new = copy.copy(self)
        new.game_state = self._state().clone()
        new.bots = copy.deepcopy(self.bots)
        new._legal = self._legal[:]
        new._np_random = copy.deepcopy(self._np_random)
        return new

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state

    def _play_bots(self) -> None:
        state = self._state()
        while state.to_move is not None and state.to_move != self.seat:
            state.apply(self.bots[state.to_move].choose(state))
        self._legal = self.space.legal_indices(state) if state.to_move is not None else []

    def _observe(self) -> Vector:
        return self.encoder.encode(self._state(), self.seat)

    def _info(self) -> dict[str, Any]:
        if not self.mask_in_info:
            return {"legal": self._legal[:]}
        return {"action_mask": self.action_masks(), "legal": self._legal[:]}


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``zoogames/Aquaretto-v0``."""
    return f"zoogames/{spec(game_id).gym_name}-v0"


def register() -> None:
    """Register ``zoogames/<Game>-v0`` for every game with an adapter (done on import)."""
    for game_id in rl_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                name,
                entry_point="zoogames.rl.gymnasium:ZoogamesEnv",
                kwargs={"game": game_id},
                disable_env_checker=False,
            )


register()
