"""Write dev/views.json: views of each game at a few moments, for dev/boards.html.

Run from web/: ``../.venv/bin/python dev/make_views.py``. Greedy bots play seeded games;
each chosen moment is saved as the view of the seat to move, so its legal list is full.
"""

import json
import sys
from pathlib import Path

import zoogames
from zoogames import bots

GAMES = [
    ("aquaretto", 3, [0, 1, 25, 60, 120, 160]),
    ("zooloretto", 2, [0, 1, 30, 80, 120]),
    ("aquaretto-zooloretto", 2, [0, 1, 40, 100]),
    ("aquarium-designer", 2, [0, 5, 12]),
    ("aquarium-designer", 1, [0, 10]),
]


def main(out: Path) -> None:
    """Play the games and write their views to ``out``."""
    views = {}
    for game, players, stops in GAMES:
        state = zoogames.games.get(game).new_game(players=players, seed=3)
        players_bots = [bots.make("greedy", seed=i, game=game) for i in range(players)]
        n = 0
        for stop in stops:
            while n < stop and not state.is_terminal:
                state.apply(players_bots[state.to_move].choose(state))
                n += 1
            views[f"{game}-{players}p@{n}"] = state.view(state.to_move)
        while not state.is_terminal:
            state.apply(players_bots[state.to_move].choose(state))
        views[f"{game}-{players}p@end"] = state.view(0)
    out.write_text(json.dumps(views))
    print(f"{len(views)} views in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "views.json")
