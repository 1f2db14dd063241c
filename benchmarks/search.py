"""Search speed: MCTS iterations per second per game and player count, pure and compiled.

Prints one JSON line. Each game is searched from a fixed position (a seeded game, then
greedy moves until a real choice is open) by ``mcts`` in batches of 50 iterations (the
default parameters, no tree kept) for ``--seconds`` of CPU time; the figure is its
iterations per CPU second. The same positions are searched by the plain-Python engine
(``ZOOGAMES_PURE=1``) and by the compiled one, each in its own process, in the same run;
``speedup`` is their ratio (``null`` where the compiled engine is not built). ``--spec``
searches with other parameters (``mcts:leaf=learned``: the learned evaluation's cost).

    python benchmarks/search.py [--game aquaretto] [--seconds 3] [--engine both|pure|compiled]
        [--spec mcts:leaf=learned]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from typing import Any

PLAYERS = {"aquarium-designer": (1, 2, 4)}
"""Player counts per game (default: 2 and 4)."""
STEPS = 12
"""The position searched is the STEPS-th real choice of a greedy game (or its last)."""


def position(game_id: str, players: int) -> Any:
    """The fixed position searched: a seeded game after ``STEPS`` greedy actions."""
    import zoogames
    from zoogames import bots

    state = zoogames.games.get(game_id).new_game(players=players, seed=17)
    greedy = [bots.make("greedy", seed=i, game=game_id) for i in range(players)]
    choices: list[Any] = []  # the positions met with a real choice open
    while state.to_move is not None and len(choices) < STEPS:
        if len(state.legal_actions()) >= 2:
            choices.append(state.clone())
        state.apply(greedy[state.to_move].choose(state))
    return choices[-1]


def iterations_per_second(game_id: str, players: int, seconds: float, spec: str = "mcts") -> float:
    """Iterations per CPU second of ``mcts`` searching :func:`position` for ``seconds``.

    CPU time, not wall time, so that the two builds compare fairly on a busy machine: the
    search runs fixed batches of iterations (repeatable) until ``seconds`` of CPU.
    """
    from zoogames import bots

    state = position(game_id, players)
    iterations = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        sep = "," if ":" in spec else ":"
        bot = bots.make(f"{spec}{sep}iterations=50,reuse=0", seed=iterations, game=game_id)
        bot.choose(state)
        iterations += 50
    return round(iterations / (time.process_time() - start), 1)


def measure(games: list[str], seconds: float, spec: str = "mcts") -> dict[str, Any]:
    """Every figure of this process's engine."""
    import zoogames

    out: dict[str, Any] = {"compiled": zoogames.compiled(), "games": {}}
    for gid in games:
        counts = PLAYERS.get(gid, (2, 4))
        out["games"][gid] = {str(n): iterations_per_second(gid, n, seconds, spec) for n in counts}
    return out


def in_process(engine: str, games: list[str], seconds: float, spec: str) -> dict[str, Any]:
    """:func:`measure` in a new process running ``engine`` (``pure`` or ``compiled``)."""
    env = {k: v for k, v in os.environ.items() if k != "ZOOGAMES_PURE"}
    if engine == "pure":
        env["ZOOGAMES_PURE"] = "1"
    args = [sys.executable, __file__, "--engine", "here", "--seconds", str(seconds)]
    args += ["--spec", spec]
    for gid in games:
        args += ["--game", gid]
    run = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(run.stdout)["engines"]["here"]
    return result


def main() -> None:
    """Measure and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="search time per position")
    parser.add_argument("--engine", default="both", choices=("both", "pure", "compiled", "here"))
    parser.add_argument("--spec", default="mcts", help="the search's spec (default mcts)")
    args = parser.parse_args()
    import zoogames

    games = args.game or zoogames.games.ids()
    engines: dict[str, Any] = {}
    if args.engine == "here":
        engines["here"] = measure(games, args.seconds, args.spec)
    else:
        for engine in ("pure", "compiled") if args.engine == "both" else (args.engine,):
            engines[engine] = in_process(engine, games, args.seconds, args.spec)
    result: dict[str, Any] = {
        "benchmark": "search",
        "python": platform.python_version(),
        "seconds": args.seconds,
        "spec": args.spec,
        "engines": engines,
    }
    pure, comp = engines.get("pure"), engines.get("compiled")
    if pure and comp:
        result["speedup"] = {
            gid: {
                n: round(comp["games"][gid][n] / rate, 2) if comp["compiled"] else None
                for n, rate in counts.items()
            }
            for gid, counts in pure["games"].items()
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
