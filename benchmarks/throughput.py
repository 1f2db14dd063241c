"""Engine speed: random playouts, clone() and legal_actions(), and the size of a state.

Prints one JSON line. For every game (or those named with --game): games/s and
actions/s of uniformly random playouts at each player count, clone() and
legal_actions() calls per second over positions from such games, and the pickled size
of a mid-game state at 4 players (or the largest count below 4), all with the engine
this process runs (``compiled``). Each game also says whether its 4-player playouts
reach the target every game shares, ``TARGET`` actions/s in a single process
(``target``, ``meets_target``); a machine busy with other work will show less.

``engines`` measures random playouts at 2 and 4 players again on both builds, each in
its own process in the same run: ``pure`` (``ZOOGAMES_PURE=1``) and ``compiled``, with
``speedup`` their ratio (``null`` where the compiled engine is not built), and
``hearts`` the same loop over OpenSpiel's C++ game ``hearts`` (``missing`` says why when
OpenSpiel is not installed) with each game's ``ratio_to_hearts`` per build. With
``--baseline SRC`` (another version's ``src/``, e.g. a ``git worktree`` of 0.1.0), the same
loops also run on that version's engine, in its own process with ``SRC`` first on
``PYTHONPATH``, and ``over_baseline`` gives each build's ratio to it.

    python benchmarks/throughput.py [--game aquaretto] [--seconds 3] [--no-engines]
    git worktree add /tmp/v0.1.0 adca4b8      # 0.1.0's sources
    python benchmarks/throughput.py --baseline /tmp/v0.1.0/src
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import subprocess
import sys
import time
from typing import Any

import zoogames
from zoogames.core.game import State
from zoogames.core.rng import Rng

TARGET = 50_000
"""Actions per second of random 4-player playouts every game must reach (the issues' target)."""


def playouts(
    game_id: str, players: int, seconds: float, clock: Any = time.perf_counter
) -> dict[str, float]:
    """Random games for about ``seconds`` of ``clock``: games/s and actions/s."""
    game = zoogames.games.get(game_id)
    rng = Rng(players, "bench")
    n_games = actions = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_game(players=players, seed=n_games)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        n_games += 1
    elapsed = clock() - start
    return {
        "games_per_second": round(n_games / elapsed, 2),
        "actions_per_second": round(actions / elapsed),
        "mean_actions": round(actions / n_games, 1),
    }


def positions(game_id: str, players: int, count: int) -> list[State]:
    """Positions met in random games, one every few actions."""
    game = zoogames.games.get(game_id)
    rng = Rng(7, "positions")
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = game.new_game(players=players, seed=seed)
        seed += 1
        i = 0
        while not state.is_terminal and len(out) < count:
            if i % 7 == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            i += 1
    return out


def rate(fn: Any, items: list[State], seconds: float) -> float:
    """Calls of ``fn(item)`` per second, cycling through ``items`` for about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for item in items:
            fn(item)
        calls += len(items)
    return round(calls / (time.perf_counter() - start))


def midgame(game_id: str, players: int) -> State:
    """The position halfway through a random game."""
    game = zoogames.games.get(game_id)
    state = game.new_game(players=players, seed=11)
    rng = Rng(11, "midgame")
    trail = []
    while not state.is_terminal:
        trail.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return trail[len(trail) // 2]


def measure(game_id: str, seconds: float) -> dict[str, Any]:
    """Every figure for one game."""
    game = zoogames.games.get(game_id)
    counts = range(game.min_players, game.max_players + 1)
    out: dict[str, Any] = {"playouts": {str(n): playouts(game_id, n, seconds) for n in counts}}
    n = min(4, game.max_players)
    sample = positions(game_id, n, 300)
    out["clone_per_second"] = rate(lambda s: s.clone(), sample, seconds)
    out["legal_actions_per_second"] = rate(lambda s: s.legal_actions(), sample, seconds)
    out["pickled_bytes_midgame"] = len(pickle.dumps(midgame(game_id, n)))
    out["midgame_players"] = n
    out["target"] = TARGET
    out["meets_target"] = out["playouts"][str(n)]["actions_per_second"] >= TARGET
    return out


ENGINE_PLAYERS = (2, 4)
"""The player counts measured on both builds (the player counts the targets name)."""


def engine_playouts(ids: list[str], seconds: float) -> dict[str, Any]:
    """Random-playout actions per CPU second at :data:`ENGINE_PLAYERS` with this process's
    engine (CPU time, not wall time: the two builds are compared fairly on a busy machine)."""
    clock = time.process_time
    return {
        "compiled": getattr(zoogames, "compiled", lambda: False)(),  # (0.1.0 had no builds)
        "games": {
            gid: {
                str(n): playouts(gid, n, seconds, clock)["actions_per_second"]
                for n in ENGINE_PLAYERS
            }
            for gid in ids
        },
    }


def in_process(
    engine: str, ids: list[str], seconds: float, baseline: str | None = None
) -> dict[str, Any]:
    """:func:`engine_playouts` in a new process running ``engine`` (``pure``/``compiled``;
    ``baseline``: the engine whose sources are in the directory ``baseline``)."""
    env = {k: v for k, v in os.environ.items() if k != "ZOOGAMES_PURE"}
    if engine == "pure":
        env["ZOOGAMES_PURE"] = "1"
    if engine == "baseline" and baseline is not None:
        env["PYTHONPATH"] = os.pathsep.join([baseline, *filter(None, [env.get("PYTHONPATH")])])
    args = [sys.executable, __file__, "--only-engine", "--seconds", str(seconds)]
    for gid in ids:
        args += ["--game", gid]
    run = subprocess.run(args, env=env, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(run.stdout)
    return result


def hearts(seconds: float) -> dict[str, Any]:
    """Random playouts of OpenSpiel's C++ ``hearts``: actions/s, chance outcomes included."""
    try:
        import pyspiel
    except ImportError as e:
        return {"missing": f"OpenSpiel is not installed ({e})"}
    game = pyspiel.load_game("hearts")
    rng = Rng(4, "hearts")
    actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.below(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
            actions += 1
    return {"actions_per_second": round(actions / (time.process_time() - start))}


def ratios(games: dict[str, Any], to: dict[str, Any] | float, digits: int = 2) -> dict[str, Any]:
    """Each game's rate per player count divided by ``to``'s (another run's games, or one
    rate for all)."""
    return {
        gid: {
            n: round(rate / (to if isinstance(to, int | float) else to[gid][n]), digits)
            for n, rate in counts.items()
        }
        for gid, counts in games.items()
    }


def engines(ids: list[str], seconds: float, baseline: str | None = None) -> dict[str, Any]:
    """Both builds, each in its own process, their speedup and the ratio to ``hearts``
    (and to the ``baseline`` sources' engine, when given)."""
    builds = ("pure", "compiled", "baseline") if baseline else ("pure", "compiled")
    out: dict[str, Any] = {e: in_process(e, ids, seconds, baseline) for e in builds}
    pure, comp = out["pure"], out["compiled"]
    if baseline:
        out["over_baseline"] = {
            build: ratios(out[build]["games"], out["baseline"]["games"])
            for build in ("pure", "compiled")
        }
    speedup = ratios(comp["games"], pure["games"])
    out["speedup"] = {  # null where the compiled engine is not built
        gid: {n: r if comp["compiled"] else None for n, r in counts.items()}
        for gid, counts in speedup.items()
    }
    out["hearts"] = hearts(seconds)
    anchor = out["hearts"].get("actions_per_second")
    if anchor:
        out["ratio_to_hearts"] = {
            build: ratios(out[build]["games"], anchor, 3) for build in ("pure", "compiled")
        }
    return out


def main() -> None:
    """Measure and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--no-engines", action="store_true", help="skip the two-build section")
    parser.add_argument("--only-engine", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--baseline", metavar="SRC", help="another version's src/ to compare the engines with"
    )
    args = parser.parse_args()
    ids = args.game or zoogames.games.ids()
    if args.only_engine:  # one build's playouts, for engines() in the parent process
        print(json.dumps(engine_playouts(ids, args.seconds)))
        return
    result: dict[str, Any] = {
        "benchmark": "throughput",
        "python": platform.python_version(),
        "compiled": zoogames.compiled(),
        "games": {gid: measure(gid, args.seconds) for gid in ids},
    }
    if not args.no_engines:
        result["engines"] = engines(ids, args.seconds, args.baseline)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
