"""Random games for the adapter tests."""

from __future__ import annotations

from collections.abc import Iterator

import zoogames
from zoogames.core.game import State
from zoogames.core.rng import Rng
from zoogames.rl.games import ids


def cases() -> list[tuple[str, int]]:
    """Every game with an adapter, at every player count."""
    out = []
    for game_id in ids():
        game = zoogames.games.get(game_id)
        out += [(game_id, n) for n in range(game.min_players, game.max_players + 1)]
    return out


def random_states(game_id: str, players: int, games: int, seed: int = 0) -> Iterator[State]:
    """Every position of ``games`` uniformly random games."""
    game = zoogames.games.get(game_id)
    rng = Rng(seed, "rl-tests")
    for g in range(games):
        state = game.new_game(players=players, seed=seed * 1000 + g)
        while not state.is_terminal:
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state
