"""The arena: bots against bots over many games, with statistics, ratings and plots.

``zoogames arena aquaretto --players 2 --bot greedy --bot mcts:seconds=0.5 --games 100
--workers 2 --seed 1 --out runs/x`` (see ``docs/arena.md``). In Python::

    from zoogames.arena import ArenaConfig, run
    config = ArenaConfig.build("aquaretto", 2, ["greedy", "random"], games=4)
    run(config, Path("runs/x"), workers=2).results["bots"]["greedy"]["win_rate"]
"""

from __future__ import annotations

from zoogames.arena.runner import (
    ArenaConfig,
    ArenaError,
    RunResult,
    load_config,
    load_games,
    parse_share,
    play_game,
    run,
)
from zoogames.arena.stats import summarize, wilson

__all__ = [
    "ArenaConfig",
    "ArenaError",
    "RunResult",
    "load_config",
    "load_games",
    "parse_share",
    "play_game",
    "run",
    "summarize",
    "wilson",
]
