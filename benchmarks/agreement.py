"""Where a deeper search decides otherwise than a bot, and what it thinks that costs.

    python benchmarks/agreement.py [--game aquarium-designer] [--bot expert] \\
        [--deep mcts:iterations=16000] [--games 10] [--seed 2900]       # one JSON line

The bot plays ``--games`` games against itself (deals from ``--seed``). At every decision
with a choice, the bot decides twice with two seeds, and the ``--deep`` search once: how
often the bot agrees with itself is the noise of its own search, how often with the deep
search what more search would change. A disagreement is of *kind* where the two choices
differ in the greedy bot's :meth:`~zoogames.bots.greedy.GreedyBot.kind` (in Aquarium
Designer: which card, or the pass), else of *place* (the same card elsewhere, or turned).
Its *regret* is the deep search's mean reward for its own choice less for the bot's, as
its root saw them (rewards lie in 0–1: about 0.06 is a point of margin near level, at
the default ``scale``), over the choices it tried. The disagreements are counted per
round too, where the game counts rounds. Decisions are searched on the real position:
the search determinizes the hidden order itself, as in play.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Hashable
from typing import Any

import zoogames
from zoogames import bots
from zoogames.bots.greedy import GreedyBot
from zoogames.bots.mcts import MctsBot
from zoogames.core.game import Action


def compare(a: Action, b: Action, greedy: GreedyBot | None) -> str:
    """``same``, ``kind`` or ``place`` (see the module docstring)."""
    if a == b:
        return "same"
    kind: Any = greedy.kind if greedy is not None else (lambda _: None)
    first: Hashable = kind(a)
    return "kind" if first != kind(b) else "place"


def main(argv: list[str] | None = None) -> int:
    """Play the games, search every decision; print one JSON line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="aquarium-designer")
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--deep", default="mcts:iterations=16000")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2900)
    args = ap.parse_args(argv)
    game = zoogames.games.get(args.game)
    if not isinstance(bots.make(args.deep, seed=3, game=game.id), MctsBot):
        ap.error("--deep must be an mcts search: its root's rewards measure the regret")
    try:
        greedy = bots.make("greedy", seed=0, game=game.id)
    except ValueError:
        greedy = None
    kinds = greedy if isinstance(greedy, GreedyBot) else None
    start = time.perf_counter()
    counts = {
        "self": {"same": 0, "kind": 0, "place": 0},
        "deep": {"same": 0, "kind": 0, "place": 0},
    }
    regret: dict[str, list[float]] = {"kind": [], "place": []}
    by_round: dict[int, list[int]] = {}
    for i in range(args.games):
        state = game.new_game(2, seed=args.seed + i)
        players = [bots.make(args.bot, seed=seat, game=game.id) for seat in range(2)]
        while not state.is_terminal:
            legal = state.legal_actions()
            if len(legal) > 1:
                once = bots.make(args.bot, seed=1, game=game.id).choose(state)
                twice = bots.make(args.bot, seed=2, game=game.id).choose(state)
                deep = bots.make(args.deep, seed=3, game=game.id)
                assert isinstance(deep, MctsBot)
                best = deep.choose(state)
                counts["self"][compare(once, twice, kinds)] += 1
                verdict = compare(once, best, kinds)
                counts["deep"][verdict] += 1
                seen = {a: mean for a, _, mean in deep.root_stats()}
                if verdict != "same" and once in seen:  # else the deep search never tried it
                    regret[verdict].append(seen[best] - seen[once])
                rnd: Any = getattr(state, "round", 0)
                tally = by_round.setdefault(int(rnd), [0, 0])
                tally[0] += 1
                tally[1] += verdict != "same"
            assert state.to_move is not None
            state.apply(players[state.to_move].choose(state))
    decisions = sum(counts["deep"].values())
    line = {
        "benchmark": "agreement",
        "game": game.id,
        "bot": args.bot,
        "deep": args.deep,
        "games": args.games,
        "seed": args.seed,
        "decisions": decisions,
        "bot_with_itself": counts["self"],
        "bot_with_deep": counts["deep"],
        "mean_regret": {k: round(sum(v) / len(v), 4) if v else None for k, v in regret.items()},
        "differ_by_round": {
            str(r): {"decisions": n, "differ": d} for r, (n, d) in sorted(by_round.items())
        },
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(line))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
