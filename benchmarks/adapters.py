"""Adapter speed: steps/s through PettingZoo, Gymnasium and OpenSpiel beside the raw engine.

Prints one JSON line. For every game with an adapter (or those named with --game), at
each player count asked (default: the smallest and 4, or the largest below 4), it plays
uniformly random games for about ``--seconds`` each way:

- ``engine``: ``legal_actions()``, a random choice, ``apply()``: the engine's own time;
- ``pettingzoo``: the AEC loop as its users write it: ``last()`` (observation and
  mask), a random legal index (from ``info["legal"]``), ``step()``;
- ``gymnasium``: ``step()`` with a random index of ``info["legal"]`` against ``random``
  bots (the observation and the mask come with every step);
- ``openspiel``: ``legal_actions()``, ``apply_action()``, chance outcomes sampled;
  ``openspiel_observed`` adds ``observation_tensor()`` at each decision.

Every rate counts engine actions (each seat's, the bots' included) per second, so they
compare directly; ``overhead`` is ``engine rate / adapter rate - 1``: the adapter's cost
as a fraction of the engine's own time. ``parts_us`` splits the cost of one step's
observation and mask (microseconds, over positions of random games).

    python benchmarks/adapters.py [--game aquaretto] [--players 2] [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import numpy as np

import zoogames
from zoogames.core.game import State
from zoogames.core.rng import Rng
from zoogames.rl.games import ids
from zoogames.rl.spaces import action_space, observation_encoder


def engine_rate(game_id: str, players: int, seconds: float) -> float:
    """Engine actions per second of random games, straight on the engine."""
    game = zoogames.games.get(game_id)
    rng = Rng(players, "bench")
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players=players, seed=games)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return actions / (time.perf_counter() - start)


def pettingzoo_rate(game_id: str, players: int, seconds: float) -> float:
    """Engine actions per second through the PettingZoo AEC loop."""
    from zoogames.rl.pettingzoo import env

    e = env(game_id, players=players)
    rng = np.random.default_rng(players)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        e.reset(seed=games)
        for _ in e.agent_iter():
            _, _, terminated, truncated, info = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            legal = info["legal"]
            e.step(legal[rng.integers(len(legal))])
            actions += 1
        games += 1
    return actions / (time.perf_counter() - start)


def gymnasium_rate(game_id: str, players: int, seconds: float) -> float:
    """Engine actions per second through Gymnasium, the other seats ``random`` bots."""
    from zoogames.rl.gymnasium import ZoogamesEnv

    e = ZoogamesEnv(game_id, opponents=["random"] * (players - 1))
    rng = np.random.default_rng(players)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, info = e.reset(seed=games)
        done = False
        while not done:
            legal = info["legal"]
            _, _, done, _, info = e.step(legal[rng.integers(len(legal))])
        assert e.game_state is not None
        actions += len(e.game_state.history)
        games += 1
    return actions / (time.perf_counter() - start)


def openspiel_rate(game_id: str, players: int, seconds: float, observe: bool) -> float:
    """Engine actions per second through OpenSpiel (chance outcomes sampled)."""
    import pyspiel

    from zoogames.rl.openspiel import short_name

    game = pyspiel.load_game(short_name(game_id), {"players": players})
    rng = np.random.default_rng(players)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(outcomes[rng.choice(len(outcomes), p=probs)]))
                continue
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
            actions += 1
    return actions / (time.perf_counter() - start)


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


def measure(game_id: str, players: int, seconds: float) -> dict[str, Any]:
    """Every figure for one game and player count."""
    rates = {
        "engine": engine_rate(game_id, players, seconds),
        "pettingzoo": pettingzoo_rate(game_id, players, seconds),
        "gymnasium": gymnasium_rate(game_id, players, seconds),
        "openspiel": openspiel_rate(game_id, players, seconds, observe=False),
        "openspiel_observed": openspiel_rate(game_id, players, seconds, observe=True),
    }
    space = action_space(game_id, players)
    enc = observation_encoder(game_id, players)
    sample = positions(game_id, players, 300)
    live = [s for s in sample if s.to_move is not None]
    part = seconds / 5
    masks = [space.mask(live[0])]
    parts = {
        "legal_actions": per_call_us(lambda s: s.legal_actions(), live, part),
        "legal_indices": per_call_us(space.legal_indices, live, part),
        "mask": per_call_us(lambda s: space.mask_of(space.legal_indices(s)), live, part),
        "observation": per_call_us(lambda s: enc.encode(s, s.to_move), live, part),
        "mask_flatnonzero_int8": per_call_us(lambda s: np.flatnonzero(masks[0]), live[:20], part),
        "mask_flatnonzero_bool": per_call_us(
            lambda s: np.flatnonzero(masks[0].view(bool)), live[:20], part
        ),
    }
    engine = rates["engine"]
    return {
        "players": players,
        "action_space": space.n,
        "observation_size": enc.size,
        "actions_per_second": {k: round(v) for k, v in rates.items()},
        "overhead": {k: round(engine / v - 1, 2) for k, v in rates.items() if k != "engine"},
        "parts_us": parts,
    }


def main() -> None:
    """Measure and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--players", type=int, action="append", help="player counts")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    out: dict[str, Any] = {}
    for game_id in args.game or ids():
        game = zoogames.games.get(game_id)
        counts = args.players or sorted({game.min_players, min(4, game.max_players)})
        out[game_id] = [measure(game_id, n, args.seconds) for n in counts]
    print(json.dumps({"benchmark": "adapters", "python": platform.python_version(), "games": out}))


if __name__ == "__main__":
    main()
