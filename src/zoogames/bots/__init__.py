"""The bot registry: ``make("greedy", seed=1)``, ``make("mcts:seconds=0.5")``, ``names()``.

A spec is a name, optionally followed by ``:`` and comma-separated ``key=value``
parameters. The same specs work in the CLI, the arena and the server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zoogames.bots.base import Bot, RandomBot
from zoogames.core.message import N_
from zoogames.core.registry import load

_BOTS: dict[str, str] = {
    "random": "zoogames.bots.base:RandomBot",
    "mcts": "zoogames.bots.mcts:MctsBot",
    "beginner": "zoogames.bots.levels:BeginnerBot",
}

_GREEDY: dict[str, str] = {
    "aquaretto": "zoogames.bots.greedy.aquaretto:AquarettoGreedy",
    "zooloretto": "zoogames.bots.greedy.zooloretto:ZoolorettoGreedy",
    "aquaretto-zooloretto": "zoogames.bots.greedy.aquaretto_zooloretto:AquarettoZoolorettoGreedy",
    "aquarium-designer": "zoogames.bots.greedy.aquarium_designer:DesignerGreedy",
}
"""Game id → the greedy bot of that game (each game has its own evaluation)."""


NAME_IDS = {
    "random": N_("level.random.name"),
    "greedy": N_("level.greedy.name"),
    "mcts": N_("level.mcts.name"),
    "beginner": N_("level.beginner.name"),
    "casual": N_("level.casual.name"),
    "strong": N_("level.strong.name"),
    "expert": N_("level.expert.name"),
    "master": N_("level.master.name"),
}
"""Each bot's short name as a catalogue id (docs/i18n.md): a seat panel's "Greedy bot"
("Hladový bot"). The server catalog's ``level.*`` labels are the new-game form's longer
ones ("Greedy (the best move now)")."""


def names() -> list[str]:
    """The registered bot names, then the named levels (``bots/levels.py``)."""
    from zoogames.bots.levels import LEVELS

    return [*_BOTS, "greedy", *(level for level in LEVELS if level not in _BOTS)]


def _value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:seconds=1,iterations=50"`` → ``("mcts", {"seconds": 1, "iterations": 50})``."""
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise ValueError(f"bad bot parameter {part!r} in {spec!r}: expected key=value")
        params[key.strip()] = _value(value.strip())
    return name.strip(), params


def _load(path: str) -> Callable[..., Bot]:
    factory: Callable[..., Bot] = load(path)
    return factory


def make(spec: str, seed: int = 0, game: str | None = None) -> Bot:
    """A bot from its spec; ``greedy`` needs the game id. ``ValueError`` for a bad spec."""
    name, params = parse_spec(spec)
    from zoogames.bots.levels import LEVELS, level_spec

    if name in LEVELS and name not in _BOTS:  # a named level is its spec (in this game)
        level = level_spec(name, game)
        if params:
            raise ValueError(f"the level {name!r} takes no parameters (it is {level})")
        bot = make(level, seed=seed, game=game)
        bot.spec = spec
        return bot
    if name == "greedy":
        if game is None or game not in _GREEDY:
            known = ", ".join(_GREEDY) or "none yet"
            raise ValueError(f"no greedy bot for game {game!r} (games with one: {known})")
        bot = _load(_GREEDY[game])(seed=seed, **params)
    elif name in _BOTS:
        bot = _load(_BOTS[name])(seed=seed, **params)
    else:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(names())}")
    bot.spec = spec
    return bot


__all__ = ["Bot", "RandomBot", "make", "names", "parse_spec"]
