"""What the engine does, as one JSON line, to compare the compiled and the plain build.

Run in a subprocess by ``tests/test_engine_builds.py``, once as installed and once with
``ZOOGAMES_PURE=1``: the counts of legal actions along random games of every game and
player count (perft-style), the scores they end with, and a whole game of an
``iterations`` MCTS against greedy, move for move.
"""

from __future__ import annotations

import json

import zoogames
from zoogames import bots
from zoogames.core.rng import Rng


def counts() -> dict[str, list[int]]:
    """Per game and player count: the legal action counts along a seeded random game."""
    out: dict[str, list[int]] = {}
    for gid in zoogames.games.ids():
        game = zoogames.games.get(gid)
        for players in range(game.min_players, game.max_players + 1):
            state = game.new_game(players=players, seed=players)
            rng = Rng(players, "fingerprint")
            seen = []
            while not state.is_terminal:
                legal = state.legal_actions()
                seen.append(len(legal))
                state.apply(rng.choice(legal))
            seen.extend(s.total for s in state.scores())
            out[f"{gid} {players}"] = seen
    return out


def mcts_game(gid: str, players: int, moves: int) -> list[str]:
    """The first ``moves`` actions of an ``iterations`` MCTS (seat 0) against greedy."""
    state = zoogames.games.get(gid).new_game(players=players, seed=3)
    seats = [
        bots.make("mcts:iterations=6,rollout=4" if i == 0 else "greedy", seed=i, game=gid)
        for i in range(players)
    ]
    while not state.is_terminal and len(state.history) < moves:
        assert state.to_move is not None
        state.apply(seats[state.to_move].choose(state))
    return [str(a) for a in state.history]


def main() -> None:
    """Print the fingerprint."""
    result = {
        "compiled": zoogames.compiled(),
        "counts": counts(),
        "mcts": {
            "aquaretto 2": mcts_game("aquaretto", 2, 1000),  # the whole game
            "zooloretto 3": mcts_game("zooloretto", 3, 40),
            "aquaretto-zooloretto 2": mcts_game("aquaretto-zooloretto", 2, 40),
            "aquarium-designer 2": mcts_game("aquarium-designer", 2, 1000),
        },
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
