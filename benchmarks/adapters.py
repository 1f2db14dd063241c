"""Adapter speed: steps/s through PettingZoo, Gymnasium and OpenSpiel beside the raw engine.

Prints one JSON line. For every game with an adapter (or those named with --game), at
each player count asked (default: the smallest, 2 and 4, or the largest below 4), it
plays uniformly random games for about ``--seconds`` each way:

- ``engine``: ``legal_actions()``, a random choice, ``apply()``: the engine's own time;
- ``pettingzoo``: the AEC loop as its users write it: ``last()`` (observation and
  mask), a random legal index (from ``info["legal"]``), ``step()``; ``pettingzoo_mask``
  the same loop picking from the mask the way PettingZoo's own utilities do
  (``np.flatnonzero(obs["action_mask"]).tolist()``); ``pettingzoo_reuse`` the first
  with ``copy=False`` (the environment's own arrays, rewritten in place) and
  ``pettingzoo_reuse_mask`` that one picking from the mask;
- ``connect_four``: PettingZoo's own ``classic/connect_four_v3`` through the same loop,
  picking from its mask (it has no ``info["legal"]``): the anchor, in every round beside
  the games (needs PettingZoo's ``classic`` extra; ``"missing"`` without it).
  ``vs_connect_four`` is each PettingZoo loop's steps per second over connect four's
  (the median of the rounds' ratios): the target is at least 1 for every game;
- ``gymnasium``: ``step()`` with a random index of ``info["legal"]`` against ``random``
  bots (the observation and the mask come with every step);
- ``openspiel``: ``legal_actions()``, ``apply_action()``, chance outcomes sampled;
  ``openspiel_observed`` adds the observation at each decision the way OpenSpiel's
  Python algorithms read it (``make_observation(game)``, ``obs.set_from(state, p)``),
  ``openspiel_tensor`` through ``state.observation_tensor(p)`` (a Python list).

``overhead_without_encoding`` runs the PettingZoo and Gymnasium loops again with an
observation and a mask that cost nothing (a copy of a constant array, a constant mask):
what the library and the adapter's bookkeeping (legal indices, rewards, infos) cost on
their own. Where it is above 0.5 no encoder, however fast, can meet the goal. The plain
``openspiel`` loop never observes, so it is its own such figure.

Every loop picks with the same generator (zoogames' ``Rng``: ``choice`` of the legal
actions or indices; a chance outcome by one ``random()`` and a walk over the
probabilities), so the picking costs the same everywhere and only the adapter differs.
Every rate counts engine actions (each seat's, the bots' included) per second, so they
compare directly; ``overhead`` is ``engine rate / adapter rate - 1``: the adapter's cost
as a fraction of the engine's own time. The loops run in interleaved rounds (5, or
``--rounds``; the machine's load drifts): rates are the rounds' medians, each
``overhead`` and ``vs_connect_four`` the median of the rounds' own ratios. ``parts_us``
splits the cost of one step's legal indices, observation and mask, and of reading the
legal indices off a mask (microseconds, over positions of random games).

``floors_us`` is what the libraries themselves cost per step, with a game that does
nothing (2 legal actions, no observation to speak of), in the same loops: PettingZoo's
AEC loop through its ``OrderEnforcingWrapper`` (and through the adapter's leaner
subclass of it), and a Python game in OpenSpiel. No
adapter can cost less than that; compare it with the engine's own time per action
(``engine_us``).

Builds: the figures are for the engine this process imports. When the compiled engine
is in use (``zoogames.compiled()``), the script runs itself again with
``ZOOGAMES_PURE=1`` and reports both under ``builds`` (``pure`` and ``compiled``), each
with its own anchor; otherwise ``builds`` holds ``pure`` only and ``compiled`` says why.

    python benchmarks/adapters.py [--game aquaretto] [--players 2] [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

import zoogames
from zoogames.core.game import State
from zoogames.core.rng import Rng
from zoogames.rl import spaces
from zoogames.rl.games import ids
from zoogames.rl.spaces import action_space, observation_encoder

ROUNDS = 5
"""Each rate is measured in this many interleaved slices by default (``--rounds``)."""


def engine_rate(game_id: str, players: int, seconds: float, first: int = 0) -> float:
    """Engine actions per second of random games, straight on the engine."""
    game = zoogames.games.get(game_id)
    rng = Rng(players, "bench")
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players=players, seed=first + games)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return actions / (time.perf_counter() - start)


def pettingzoo_rate(
    game_id: str,
    players: int,
    seconds: float,
    first: int = 0,
    copy: bool = True,
    from_mask: bool = False,
) -> float:
    """Engine actions per second through the PettingZoo AEC loop (see :func:`aec_loop`)."""
    from zoogames.rl.pettingzoo import env

    e = env(game_id, players=players, copy=copy)
    actions, elapsed = aec_loop(e, Rng(players, "bench"), seconds, first, from_mask)
    return actions / elapsed


def connect_four_rate(seconds: float, first: int = 0) -> float:
    """Steps per second of PettingZoo's ``connect_four_v3`` through the same AEC loop."""
    import pettingzoo

    e = pettingzoo.make("aec", "classic/connect_four_v3")
    actions, elapsed = aec_loop(e, Rng(2, "bench"), seconds, first, from_mask=True)
    return actions / elapsed


def connect_four_missing() -> str | None:
    """Why the connect four anchor cannot run here, or ``None`` if it can."""
    import pettingzoo
    from pettingzoo.env_registry.exceptions import FailedToImport

    try:
        pettingzoo.make("aec", "classic/connect_four_v3")
    except (ImportError, FailedToImport) as error:
        cause = error.__cause__ or error
        return f"missing: PettingZoo's classic extra is not installed ({cause})"
    return None


def aec_loop(
    e: Any, rng: Rng, seconds: float, first: int = 0, from_mask: bool = False
) -> tuple[int, float]:
    """The actions played and the time taken by PettingZoo's AEC loop over ``e``.

    The loop as its users write it: ``last()``, a random legal index, ``step()``, game
    after game for about ``seconds``. The index comes from ``info["legal"]``, or with
    ``from_mask`` from the observation's mask as PettingZoo's own utilities read it
    (``np.flatnonzero(obs["action_mask"]).tolist()``).
    """
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=first + games)
        for _ in e.agent_iter():
            obs, _, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            if from_mask:
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            else:
                e.step(rng.choice(info["legal"]))
            actions += 1
        games += 1
    return actions, time.perf_counter() - start


def gymnasium_rate(game_id: str, players: int, seconds: float, first: int = 0) -> float:
    """Engine actions per second through Gymnasium, the other seats ``random`` bots."""
    from zoogames.rl.gymnasium import ZoogamesEnv

    e = ZoogamesEnv(game_id, opponents=["random"] * (players - 1))
    rng = Rng(players, "bench")
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, info = e.reset(seed=first + games)
        done = False
        while not done:
            _, _, done, _, info = e.step(rng.choice(info["legal"]))
        assert e.game_state is not None
        actions += len(e.game_state.history)
        games += 1
    return actions / (time.perf_counter() - start)


def sample(outcomes: list[tuple[int, float]], rng: Rng) -> int:
    """A chance outcome drawn with its probability."""
    r = rng.random()
    for outcome, p in outcomes:
        r -= p
        if r < 0:
            return outcome
    return outcomes[-1][0]


def openspiel_loop(game: Any, seconds: float, observe: str, rng: Rng) -> float:
    """Player actions per second of random games of an OpenSpiel ``game``.

    ``observe``: ``""`` (none), ``"observer"`` (``make_observation``, ``set_from``) or
    ``"tensor"`` (``state.observation_tensor``) at each decision.
    """
    from open_spiel.python.observation import make_observation

    obs = make_observation(game) if observe == "observer" else None
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            if obs is not None:
                obs.set_from(state, state.current_player())
            elif observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions / (time.perf_counter() - start)


def openspiel_rate(
    game_id: str, players: int, seconds: float, observe: str, first: int = 0
) -> float:
    """Engine actions per second through OpenSpiel (chance outcomes sampled)."""
    import pyspiel

    from zoogames.rl.openspiel import short_name

    game = pyspiel.load_game(short_name(game_id), {"players": players})
    return openspiel_loop(game, seconds, observe, Rng(players + first, "bench"))


def openspiel_floor_us(seconds: float) -> float:
    """Microseconds per step of OpenSpiel's own Python-game machinery (a game doing nothing)."""
    import pyspiel

    game_type = pyspiel.GameType(
        short_name="bench_nothing",
        long_name="bench nothing",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=2,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=100,
    )

    class Nothing(pyspiel.State):  # type: ignore[misc]
        """100 moves of two actions; nothing else."""

        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.moves = 0

        def current_player(self) -> int:
            return self.moves % 2 if self.moves < 100 else int(pyspiel.PlayerId.TERMINAL)

        def _legal_actions(self, player: int) -> list[int]:
            return [0, 1]

        def _apply_action(self, action: int) -> None:
            self.moves += 1

        def is_terminal(self) -> bool:
            return self.moves >= 100

        def returns(self) -> list[float]:
            return [0.0, 0.0]

    class NothingGame(pyspiel.Game):  # type: ignore[misc]
        """The game of :class:`Nothing`."""

        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> Nothing:
            return Nothing(self)

    return 1e6 / openspiel_loop(NothingGame(), seconds, "", Rng(0, "bench"))


def pettingzoo_floor_us(seconds: float, stock: bool) -> float:
    """Microseconds per step of PettingZoo's own AEC loop (a game doing nothing).

    ``stock``: through PettingZoo's ``OrderEnforcingWrapper``; else through the adapter's
    leaner subclass of it (:class:`zoogames.rl.pettingzoo.OrderEnforcing`).
    """
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    from zoogames.rl.pettingzoo import OrderEnforcing

    class Nothing(AECEnv):  # type: ignore[misc]
        """Two agents, 100 moves of two actions, a constant observation."""

        metadata = {"name": "nothing"}  # noqa: RUF012
        possible_agents = ["a", "b"]  # noqa: RUF012

        def observation_space(self, agent: str) -> Any:
            return spaces.Discrete(1)

        def action_space(self, agent: str) -> Any:
            return spaces.Discrete(2)

        def reset(self, seed: Any = None, options: Any = None) -> None:
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos = {a: {"legal": [0, 1]} for a in self.agents}
            self.agent_selection = "a"
            self.moves = 0

        def observe(self, agent: str) -> Any:
            return 0

        def step(self, action: Any) -> None:
            if self.terminations[self.agent_selection]:
                self._was_dead_step(action)
                return
            self._clear_rewards()
            self.moves += 1
            if self.moves >= 100:
                self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = "b" if self.agent_selection == "a" else "a"
            self._accumulate_rewards()

    e = wrappers.OrderEnforcingWrapper(Nothing()) if stock else OrderEnforcing(Nothing())
    actions, elapsed = aec_loop(e, Rng(0, "bench"), seconds)
    return 1e6 * elapsed / actions


def positions(game_id: str, players: int, count: int) -> list[State]:
    """Positions of random games, one every few actions."""
    game = zoogames.games.get(game_id)
    rng = Rng(7, "positions")
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = game.new_game(players=players, seed=seed)
        seed += 1
        i = 0
        while not state.is_terminal and len(out) < count:
            if i % 3 == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            i += 1
    return out


def per_call_us(fn: Any, items: list[State], seconds: float) -> float:
    """Microseconds per ``fn(item)``, cycling through ``items`` for about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for item in items:
            fn(item)
        calls += len(items)
    return round((time.perf_counter() - start) / calls * 1e6, 2)


class FreeEncoder:
    """An observation that costs nothing but a copy: a constant array of the real size."""

    def __init__(self, real: Any) -> None:
        self.size, self.shape, self.high = real.size, real.shape, real.high
        self.zeros = np.zeros(real.size, np.float32)

    def encode(self, state: State, seat: int) -> Any:
        """A copy of the constant array (an adapter hands out new data at every step)."""
        return self.zeros.copy()

    def encode_into(self, state: State, seat: int, out: Any) -> None:
        """Nothing: ``out`` keeps what it holds."""


@contextmanager
def free_encoding(game_id: str, players: int) -> Iterator[None]:
    """Adapters made inside see a :class:`FreeEncoder` and a constant mask."""
    key = (game_id, players)
    real = observation_encoder(game_id, players)
    space = action_space(game_id, players)
    mask = space.mask_of([])
    spaces._ENCODERS[key] = FreeEncoder(real)  # type: ignore[assignment]
    space.mask_of = lambda indices: mask  # type: ignore[method-assign]
    try:
        yield
    finally:
        spaces._ENCODERS[key] = real
        del space.mask_of


def without_encoding(run: Any, game_id: str, players: int) -> Any:
    """``run(t, k)``, an adapter's loop, with observation and mask free (see the docstring)."""

    def free_run(t: float, k: int) -> float:
        with free_encoding(game_id, players):
            return float(run(t, k))

    return free_run


def measure(
    game_id: str,
    players: int,
    seconds: float,
    anchor: bool,
    only: list[str] | None = None,
    rounds: int = ROUNDS,
) -> dict[str, Any]:
    """Every figure for one game and player count (``anchor``: connect four beside it).

    ``only``: the loops to run (by name, e.g. ``pettingzoo``), besides the engine and the
    anchor; the figures that need the others are left out. ``rounds``: how many
    interleaved slices each loop's ``seconds`` are cut into.
    """
    runs: dict[str, Any] = {
        "engine": lambda t, k: engine_rate(game_id, players, t, k),
        "pettingzoo": lambda t, k: pettingzoo_rate(game_id, players, t, k),
        "pettingzoo_mask": lambda t, k: pettingzoo_rate(game_id, players, t, k, from_mask=True),
        "pettingzoo_reuse": lambda t, k: pettingzoo_rate(game_id, players, t, k, copy=False),
        "pettingzoo_reuse_mask": lambda t, k: pettingzoo_rate(
            game_id, players, t, k, copy=False, from_mask=True
        ),
        "gymnasium": lambda t, k: gymnasium_rate(game_id, players, t, k),
        "openspiel": lambda t, k: openspiel_rate(game_id, players, t, "", k),
        "openspiel_observed": lambda t, k: openspiel_rate(game_id, players, t, "observer", k),
        "openspiel_tensor": lambda t, k: openspiel_rate(game_id, players, t, "tensor", k),
    }
    if anchor:
        runs["connect_four"] = connect_four_rate
    runs["pettingzoo_free"] = without_encoding(runs["pettingzoo"], game_id, players)
    runs["gymnasium_free"] = without_encoding(runs["gymnasium"], game_id, players)
    if only:  # the engine and the anchor always run: every figure is relative to them
        runs = {k: v for k, v in runs.items() if k in {"engine", "connect_four", *only}}
    # Interleaved rounds: the machine's load drifts, so each round measures every loop
    # within a few seconds of the others, and the figures are the medians of the rounds'.
    per_round: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(rounds):
        for name, run in runs.items():
            per_round[name].append(run(seconds / rounds, 1000 * r))
    rates = {name: statistics.median(v) for name, v in per_round.items()}
    ratios = {
        name: round(
            statistics.median(e / a - 1 for e, a in zip(per_round["engine"], v, strict=True)), 2
        )
        for name, v in per_round.items()
        if name not in ("engine", "connect_four")
    }
    overhead = {k: v for k, v in ratios.items() if not k.endswith("_free")}
    free = {
        name: ratios[loop]
        for name, loop in (
            ("pettingzoo", "pettingzoo_free"),
            ("gymnasium", "gymnasium_free"),
            ("openspiel", "openspiel"),
        )
        if loop in ratios
    }
    versus: Any = "missing"
    if anchor:
        versus = {
            name: round(
                statistics.median(
                    a / c for a, c in zip(per_round[name], per_round["connect_four"], strict=True)
                ),
                2,
            )
            for name in runs
            if name.startswith("pettingzoo") and not name.endswith("_free")
        }
    space = action_space(game_id, players)
    enc = observation_encoder(game_id, players)
    sample = positions(game_id, players, 300)
    live = [s for s in sample if s.to_move is not None]
    part = seconds / 5
    masks = [space.mask_of(space.legal_indices(s)) for s in live]
    plain = [np.array(m.view(np.ndarray)) for m in masks]
    nth = {id(s): i for i, s in enumerate(live)}
    parts = {
        "legal_actions": per_call_us(lambda s: s.legal_actions(), live, part),
        "legal_indices": per_call_us(space.legal_indices, live, part),
        "mask": per_call_us(lambda s: space.mask_of(space.legal_indices(s)), live, part),
        "observation": per_call_us(lambda s: enc.encode(s, s.to_move), live, part),
        # Reading the legal indices off a mask, as PettingZoo's utilities do: the
        # adapter's masks (which know their indices), a plain int8 array with the same
        # entries, and that array's bool view; the same 20 masks each way (Aquaretto's
        # take 3 MB: a longer cycle would measure the memory rather than the reading).
        "mask_flatnonzero": per_call_us(
            lambda s: np.flatnonzero(masks[nth[id(s)]]).tolist(), live[:20], part
        ),
        "mask_flatnonzero_int8": per_call_us(
            lambda s: np.flatnonzero(plain[nth[id(s)]]).tolist(), live[:20], part
        ),
        "mask_flatnonzero_bool": per_call_us(
            lambda s: np.flatnonzero(plain[nth[id(s)]].view(bool)).tolist(), live[:20], part
        ),
    }
    engine = rates["engine"]
    return {
        "players": players,
        "engine_us": round(1e6 / engine, 2),
        "action_space": space.n,
        "observation_size": enc.size,
        "actions_per_second": {k: round(v) for k, v in rates.items()},
        "vs_connect_four": versus,
        "overhead": overhead,
        "overhead_without_encoding": free,
        "parts_us": parts,
    }


def build() -> str:
    """Which engine this process runs: ``compiled`` or ``pure`` (``zoogames.compiled()``)."""
    compiled = getattr(zoogames, "compiled", None)
    if not callable(compiled):
        return "pure"
    found = compiled()
    if isinstance(found, dict):  # a report per module: compiled if any module is
        found = any(found.values())
    return "compiled" if found else "pure"


def measure_build(
    games: list[str] | None,
    players: list[int] | None,
    seconds: float,
    only: list[str] | None = None,
    rounds: int = ROUNDS,
) -> Any:
    """Every figure for the engine this process runs (``only``, ``rounds``: see ``measure``)."""
    missing = connect_four_missing()
    out: dict[str, Any] = {}
    floors = {
        "pettingzoo": round(pettingzoo_floor_us(seconds, stock=True), 2),
        "pettingzoo_zoogames_wrapper": round(pettingzoo_floor_us(seconds, stock=False), 2),
        "openspiel": round(openspiel_floor_us(seconds), 2),
    }
    for game_id in games or ids():
        game = zoogames.games.get(game_id)
        counts = players or sorted(
            {game.min_players, max(game.min_players, 2), min(4, game.max_players)}
        )
        out[game_id] = [measure(game_id, n, seconds, missing is None, only, rounds) for n in counts]
    return {
        "connect_four_steps_per_second": missing
        or round(statistics.median(connect_four_rate(seconds / rounds) for _ in range(rounds))),
        "floors_us": floors,
        "games": out,
    }


def main() -> None:
    """Measure and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--players", type=int, action="append", help="player counts")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument(
        "--only", action="append", help="run only these loops (and the engine and anchor)"
    )
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="interleaved slices")
    parser.add_argument(
        "--this-build-only", action="store_true", help="measure the engine in use only"
    )
    args = parser.parse_args()
    this = build()
    builds = {this: measure_build(args.game, args.players, args.seconds, args.only, args.rounds)}
    result: dict[str, Any] = {"benchmark": "adapters", "python": platform.python_version()}
    if this == "compiled" and not args.this_build_only:
        # The pure engine is chosen when zoogames is imported: measure it in a child.
        argv = [a for a in sys.argv[1:] if a != "--this-build-only"]
        child = subprocess.run(
            [sys.executable, __file__, *argv, "--this-build-only"],
            env={**os.environ, "ZOOGAMES_PURE": "1"},
            capture_output=True,
            text=True,
            check=True,
        )
        builds["pure"] = json.loads(child.stdout)["builds"]["pure"]
    elif this == "pure":
        result["compiled"] = (
            "absent: zoogames.compiled() reports the pure engine"
            if callable(getattr(zoogames, "compiled", None))
            else "absent: this zoogames has no compiled engine (no zoogames.compiled())"
        )
    result["builds"] = builds
    print(json.dumps(result))


if __name__ == "__main__":
    main()
