"""The registry of games: ``get(game_id)`` and ``ids()`` (also as ``zoogames.games``).

A new game is a folder under ``games/`` and one entry in :data:`_GAMES`. The registry
names each game's module as text and imports it on first use, so ``core`` depends on no
game (``record.py`` replays any of them through here).
"""

from __future__ import annotations

from importlib import import_module

from zoogames.core.game import Game

_GAMES = {
    "aquaretto": "zoogames.games.aquaretto:AQUARETTO",
    "zooloretto": "zoogames.games.zooloretto:ZOOLORETTO",
    "aquaretto-zooloretto": "zoogames.games.aquaretto_zooloretto:AQUARETTO_ZOOLORETTO",
    "aquarium-designer": "zoogames.games.aquarium_designer:AQUARIUM_DESIGNER",
}


def ids() -> list[str]:
    """The id of every registered game."""
    return list(_GAMES)


def get(game_id: str) -> Game:
    """The game registered as ``game_id``; ``KeyError`` names the known ids otherwise."""
    try:
        module, name = _GAMES[game_id].split(":")
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(_GAMES)}") from None
    game: Game = getattr(import_module(module), name)
    return game
