"""PettingZoo: play a game with masked random agents, log indices, replay them as a record.

Every seat picks uniformly among the legal indices of ``observation["action_mask"]``.
The indices played are logged, turned back into notation with the game's action space,
and the zoogames record of the game is replayed action by action with the engine. The
last line printed is JSON.

    python examples/pettingzoo_play.py [--game aquaretto] [--players 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import json

import numpy as np

import zoogames
from zoogames.rl.pettingzoo import env
from zoogames.rl.spaces import action_space


def main() -> None:
    """Play, replay, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aquaretto")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    e = env(args.game, players=args.players, reward="score")
    e.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed)
    logged: list[int] = []
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        logged.append(index)
        e.step(index)

    space = action_space(args.game, args.players)
    record = {
        "game": args.game,
        "options": e.unwrapped.game_state.options,
        "seed": args.seed,
        "actions": [space.notation(i) for i in logged],
    }
    replayed = zoogames.replay(record)
    print(f"first actions: {record['actions'][:6]}")
    print(
        json.dumps(
            {
                "example": "pettingzoo_play",
                "game": args.game,
                "players": args.players,
                "actions": len(logged),
                "observation_size": int(e.observation_space("player_0")["observation"].shape[0]),
                "action_space_size": space.n,
                "rewards": final,
                "replayed_scores": [s.total for s in replayed.scores()],
                "replay_matches": replayed == e.unwrapped.game_state,
            }
        )
    )


if __name__ == "__main__":
    main()
