"""What starting a round is worth in 2-player Aquarium Designer, in points of final margin.

    python benchmarks/designer_tempo.py [--games 400] [--seed 10000]   # one JSON line

The greedy evaluation reads each aquarium alone, so it cannot say what the seat that
starts a round gains: the first pick of the offer, or a pass that sees what is left. This
measures it: ``greedy`` plays ``--games`` games against itself; at the start of every
round from the second on, before anyone has moved, the position is played out twice by
``greedy``, once as it is and once with the other seat starting, and the difference in
the starter's final margin is that round's sample. Prints each round's mean with its
standard error, and the mean over all rounds: the ``tempo`` a search may add for the
starter (``mcts:tempo=T``, ``bots/greedy/aquarium_designer.py``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import zoogames
from zoogames import bots
from zoogames.bots.greedy.aquarium_designer import unbegun
from zoogames.games.aquarium_designer.state import DesignerState


def starter_gain(state: DesignerState, players: list[bots.Bot]) -> float:
    """The starter's final margin as things are, less with the other seat starting."""
    starter = state.first
    margins = []
    for swap in (False, True):
        trial = state.clone()
        if swap:
            trial.first = trial.to_move = 1 - starter
        while not trial.is_terminal:
            assert trial.to_move is not None
            trial.apply(players[trial.to_move].choose(trial))
        totals = [s.total for s in trial.scores()]
        margins.append(totals[starter] - totals[1 - starter])
    return margins[0] - margins[1]


def main(argv: list[str] | None = None) -> int:
    """Play the games; print one JSON line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=10_000)
    args = ap.parse_args(argv)
    game = zoogames.games.get("aquarium-designer")
    start = time.perf_counter()
    gains: dict[int, list[float]] = {}
    for i in range(args.games):
        state = game.new_game(2, seed=args.seed + i)
        assert isinstance(state, DesignerState)
        players = [bots.make("greedy", seed=seat, game=game.id) for seat in range(2)]
        while not state.is_terminal:
            if state.round > 1 and unbegun(state) and state.offer:
                gains.setdefault(state.round, []).append(starter_gain(state, players))
            assert state.to_move is not None
            state.apply(players[state.to_move].choose(state))
    every = [g for round_gains in gains.values() for g in round_gains]

    def summary(values: list[float]) -> dict[str, float]:
        error = statistics.stdev(values) / len(values) ** 0.5
        return {"mean": round(statistics.mean(values), 2), "stderr": round(error, 2)}

    line = {
        "benchmark": "designer_tempo",
        "games": args.games,
        "seed": args.seed,
        "by_round": {str(r): summary(v) for r, v in sorted(gains.items())},
        "all": summary(every),
        "compiled": zoogames.compiled(),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(line))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
