"""OpenSpiel: OpenSpiel's own MCTS bot against a uniform random bot.

Loads ``zoogames_<game>`` with ``pyspiel.load_game``, plays ``--games`` games with
OpenSpiel's ``MCTSBot`` (random-rollout evaluator) in seat 0 and a uniform random bot in
the others; chance nodes (set-up, draws) are sampled from ``chance_outcomes()``. The
last line printed is JSON: MCTS's wins and mean final points against random's.

    python examples/openspiel_mcts.py [--game aquaretto] [--games 4] [--simulations 20]
"""

from __future__ import annotations

import argparse
import json

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import zoogames.rl.openspiel  # noqa: F401 (registers the games)
from zoogames.rl.openspiel import short_name


def main() -> None:
    """Play, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aquaretto")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game(short_name(args.game), {"players": args.players, "reward": "score"})
    rs = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = mcts.MCTSBot(game, 2.0, args.simulations, evaluator, random_state=rs)
    wins = 0
    points: list[list[float]] = []
    for _ in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probs)))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rs.choice(state.legal_actions())))
        points.append(state.returns())
        wins += 0 in state.engine.result().winners
    print(
        json.dumps(
            {
                "example": "openspiel_mcts",
                "game": args.game,
                "players": args.players,
                "games": args.games,
                "simulations": args.simulations,
                "mcts_wins": wins,
                "mcts_mean_points": float(np.mean([p[0] for p in points])),
                "random_mean_points": float(np.mean([q for p in points for q in p[1:]])),
            }
        )
    )


if __name__ == "__main__":
    main()
