"""Train a small masked policy with PyTorch (CPU) and measure that it beats ``random``.

Aquarium Designer solo, through Gymnasium: ``zoogames/AquariumDesigner-v0`` with no
opponents (or another game with ``--game`` and ``--opponents``, e.g. ``--game aquaretto
--opponents random``). The policy reads the observation vector and scores only the legal
actions: an index's logit is the product of a hidden layer with embeddings of its factors
(``space.factors()``: block, first and second coordinate), so a large index space costs a
few small tables, not one output per index. Training is plain REINFORCE on the final
points (solo) or the final point margin over the best opponent, with a running baseline.

Then the trained policy (its most likely legal action) plays ``--eval-games`` new games,
and uniform ``random`` plays the same seats of the same seeds (so does the policy before
training, for comparison). The last line printed is JSON: the mean results, on how many
seeds the policy did better and worse, a one-sided sign-test p-value, and
``beats_random``: a higher mean and p < 0.01.

    python examples/gymnasium_train.py                 # 2 minutes of training
    python examples/gymnasium_train.py --quick         # a few seconds (what the tests run)
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from torch import nn

from zoogames.core.rng import Rng
from zoogames.rl.gymnasium import env_id
from zoogames.rl.spaces import action_space, observation_encoder


class Policy(nn.Module):  # type: ignore[misc]  # mypy reads no torch (pyproject.toml)
    """Observation → hidden layer; legal index → embeddings of its factors; logit = dot."""

    def __init__(self, obs_size: int, factors: dict[str, np.ndarray[Any, Any]], hidden: int = 64):
        super().__init__()
        self.block = torch.as_tensor(factors["block"], dtype=torch.long)
        blocks = int(self.block.max()) + 1
        self.key_a = self.block * (int(factors["a"].max()) + 1) + torch.as_tensor(factors["a"])
        self.key_b = self.block * (int(factors["b"].max()) + 1) + torch.as_tensor(factors["b"])
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.Tanh())
        self.e_block = nn.Embedding(blocks, hidden + 1)
        self.e_a = nn.Embedding(int(self.key_a.max()) + 1, hidden + 1)
        self.e_b = nn.Embedding(int(self.key_b.max()) + 1, hidden + 1)
        for e in (self.e_block, self.e_a, self.e_b):
            nn.init.normal_(e.weight, std=0.01)

    def logits(self, obs: np.ndarray[Any, Any], legal: list[int]) -> torch.Tensor:
        """One logit per legal index."""
        h = self.body(torch.as_tensor(obs).log1p())
        h = torch.cat([h, torch.ones(1)])  # the last column is a bias
        idx = torch.as_tensor(legal)
        emb = self.e_block(self.block[idx]) + self.e_a(self.key_a[idx]) + self.e_b(self.key_b[idx])
        logits: torch.Tensor = emb @ h
        return logits


def outcome(env: gymnasium.Env[Any, Any]) -> float:
    """Seat 0's final points (solo), or its margin over the best other seat."""
    totals = env.unwrapped.game_state.result().totals  # type: ignore[attr-defined]
    return float(totals[0] - (max(totals[1:]) if len(totals) > 1 else 0))


def make(args: argparse.Namespace) -> gymnasium.Env[Any, Any]:
    """The environment: seat 0 against ``args.opponents``."""
    return gymnasium.make(env_id(args.game), opponents=args.opponents, reward="score")


def train(policy: Policy, args: argparse.Namespace) -> dict[str, float]:
    """REINFORCE for ``args.seconds``."""
    env = make(args)
    opt = torch.optim.Adam(policy.parameters(), lr=3e-3)
    baseline = 0.0
    episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        obs, info = env.reset(seed=args.seed * 1_000_003 + episodes)
        logps = []
        done = False
        while not done:
            legal = info["legal"]
            if len(legal) == 1:
                action = legal[0]
            else:
                dist = torch.distributions.Categorical(logits=policy.logits(obs, legal))
                choice = dist.sample()
                logps.append(dist.log_prob(choice))
                action = legal[int(choice)]
            obs, _, done, _, info = env.step(action)
        ret = outcome(env) / 10.0
        if logps:
            loss = -(ret - baseline) * torch.stack(logps).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
        baseline += 0.05 * (ret - baseline)
        episodes += 1
    return {"episodes": episodes}


def evaluate(policy: Policy | None, args: argparse.Namespace) -> list[float]:
    """Seat 0's result in each evaluation game: the policy's, or random's if ``None``."""
    env = make(args)
    rng = Rng(args.seed, "eval")
    results = []
    for g in range(args.eval_games):
        obs, info = env.reset(seed=10**9 + args.seed * 10_007 + g)
        done = False
        while not done:
            legal = info["legal"]
            if policy is None or len(legal) == 1:
                action = rng.choice(legal)
            else:
                with torch.no_grad():
                    action = legal[int(policy.logits(obs, legal).argmax())]
            obs, _, done, _, info = env.step(action)
        results.append(outcome(env))
    return results


def p_value(better: int, trials: int) -> float:
    """One-sided sign test: P(X >= better) for X ~ Binomial(trials, 1/2)."""
    return float(sum(math.comb(trials, k) for k in range(better, trials + 1)) / 2**trials)


def main() -> None:
    """Train, evaluate, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="aquarium-designer")
    parser.add_argument("--opponents", nargs="*", default=[], help="bot specs, one per seat")
    parser.add_argument("--seconds", type=float, default=120.0, help="training time")
    parser.add_argument("--eval-games", type=int, default=400, help="games to evaluate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="3 s of training, 20 games")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.eval_games = 3.0, 20
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    players = 1 + len(args.opponents)
    space = action_space(args.game, players)
    policy = Policy(observation_encoder(args.game, players).size, space.factors())
    untrained = evaluate(policy, args)
    stats = train(policy, args)
    mine = evaluate(policy, args)
    theirs = evaluate(None, args)
    better = sum(a > b for a, b in zip(mine, theirs, strict=True))
    worse = sum(a < b for a, b in zip(mine, theirs, strict=True))
    p = p_value(better, better + worse)
    mean, random_mean = sum(mine) / len(mine), sum(theirs) / len(theirs)
    print(
        json.dumps(
            {
                "example": "gymnasium_train",
                "game": args.game,
                "players": players,
                "opponents": args.opponents,
                "result": "points" if players == 1 else "margin over the best opponent",
                "train_seconds": args.seconds,
                **stats,
                "eval_games": args.eval_games,
                "untrained_mean": round(sum(untrained) / len(untrained), 2),
                "policy_mean": round(mean, 2),
                "random_mean": round(random_mean, 2),
                "policy_better": better,
                "policy_worse": worse,
                "p_value": p,
                "beats_random": mean > random_mean and p < 0.01,
            }
        )
    )


if __name__ == "__main__":
    main()
