"""What the learned evaluation computes, printed as JSON: run under each build and compared.

``python -c "from tests.learn.value_fingerprint import main; main()"`` prints, for each
shipped weights file, the model's margins on a few positions of a game (2 players, or the
file's own count; as exact float reprs) and the moves ``mcts:leaf=learned`` chooses there
with an ``iterations`` budget; then whether the compiled engine ran, and whether PyTorch
was imported on the way (it must not be).
"""

from __future__ import annotations

import json
import sys


def main() -> None:
    """Print the fingerprint (see the module docstring)."""
    import zoogames
    from zoogames import bots, games
    from zoogames.bots import value

    margins: dict[str, list[list[str]]] = {}
    moves: dict[str, list[str]] = {}
    for name in value.shipped_files():
        key = name.removesuffix(".json")
        game, count = value.parse_model_file(name)
        players = count or 2
        state = games.get(game).new_game(players=players, seed=11)
        greedy = bots.make("greedy", seed=0, game=game)
        search = bots.make("mcts:iterations=60,leaf=learned", seed=5, game=game)
        model = value.load(game, players)
        margins[key], moves[key] = [], []
        for step in range(40):
            if state.is_terminal:
                break
            if not state.turn_in_progress():
                evals = [greedy.evaluate(state, i) for i in range(players)]  # type: ignore[attr-defined]
                margins[key].append([repr(m) for m in value.margins(model, state, evals)])
            bot = search if step % 8 == 0 else greedy
            action = bot.choose(state)
            if bot is search:
                moves[key].append(str(action))
            state.apply(action)
    print(
        json.dumps(
            {
                "compiled": zoogames.compiled(),
                "margins": margins,
                "moves": moves,
                "torch": "torch" in sys.modules,
            }
        )
    )
