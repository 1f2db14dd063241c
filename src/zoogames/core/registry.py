"""The registry of games: ``get(game_id)`` and ``ids()`` (also as ``zoogames.games``).

A new game is a folder under ``games/`` and one entry in :data:`_GAMES`. The registry
names each game's module as text and imports it on first use, so ``core`` depends on no
game (``record.py`` replays any of them through here).

:func:`load` is the one ``"module:attr"`` loader of every such registry (games, view
types, bots, the research adapters, ``scripts/gen_copies.py``): lazy, so that a registry
imports nothing until asked, and with an error that names what is missing.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from zoogames.core.game import Game

_GAMES = {
    "aquaretto": "zoogames.games.aquaretto:AQUARETTO",
    "zooloretto": "zoogames.games.zooloretto:ZOOLORETTO",
    "aquaretto-zooloretto": "zoogames.games.aquaretto_zooloretto:AQUARETTO_ZOOLORETTO",
    "aquarium-designer": "zoogames.games.aquarium_designer:AQUARIUM_DESIGNER",
}


def load(target: str) -> Any:
    """The attribute that ``target`` (``"package.module:attr"``) names, its module imported.

    ``ValueError`` for a target not of that form; ``ImportError`` naming the target when
    its module does not exist, or does not define ``attr``.

    >>> load("zoogames.core.registry:load") is load
    True
    """
    module, colon, attr = target.partition(":")
    if not colon or not module or not attr or ":" in attr:
        raise ValueError(f"{target!r} is not of the form 'package.module:attr'")
    try:
        found = import_module(module)
    except ModuleNotFoundError as e:
        if e.name is not None and (module == e.name or module.startswith(e.name + ".")):
            raise ImportError(f"{target!r}: there is no module {e.name!r}") from e
        raise  # the module exists but imports something missing: that error says what
    try:
        return getattr(found, attr)
    except AttributeError:
        raise ImportError(f"{target!r}: module {module!r} has no attribute {attr!r}") from None


def ids() -> list[str]:
    """The id of every registered game."""
    return list(_GAMES)


def package(game_id: str) -> str:
    """The package of ``game_id`` (``zoogames.games.aquaretto``); ``KeyError`` if unknown."""
    try:
        return _GAMES[game_id].partition(":")[0]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(_GAMES)}") from None


def get(game_id: str) -> Game:
    """The game registered as ``game_id``; ``KeyError`` names the known ids otherwise."""
    try:
        target = _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(_GAMES)}") from None
    game: Game = load(target)
    return game
