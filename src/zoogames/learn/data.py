"""Self-play games and the training positions they hold (no PyTorch here).

Self-play is an arena run (:func:`zoogames.arena.run`): the same worker processes, or
the same Ray tasks with ``ray``, the same records in ``games/``, the same seeds. A
position is taken from a record between two turns (no turn in progress, the game not
over), where the search's playouts stop and its leaves are judged; each seat's
features (:func:`zoogames.bots.value.features`) are paired with that seat's final
margin, its final total less the best other seat's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zoogames.arena import ArenaConfig, RunResult, load_games
from zoogames.arena import run as run_arena
from zoogames.bots.value import every_seat
from zoogames.core.record import start, validate


def selfplay(
    game: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int,
    out: Path,
    workers: int = 1,
    ray: str | None = None,
    resume: bool = False,
) -> RunResult:
    """Play ``games`` self-play games into the arena run ``out`` (see the module docstring)."""
    config = ArenaConfig.build(game, players, bots, games, seed)
    return run_arena(config, out, workers=workers, resume=resume, plots=False, ray=ray)


@dataclass
class Positions:
    """Training positions, one per seat and position.

    ``x[k]`` is the features of one seat in one position, ``y[k]`` its final margin in
    points, ``game[k]`` the index of the record it came from (the fit holds out whole
    games: positions of one game are too alike to test each other) and ``seat[k]`` the
    seat; a game's positions follow each other in the order they were played, each
    position's seats in order. ``games`` counts the records.
    """

    x: list[list[float]] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    game: list[int] = field(default_factory=list)
    games: int = 0
    seat: list[int] = field(default_factory=list)


def final_margins(record: dict[str, Any]) -> list[float]:
    """Per seat, its final total less the best other seat's (from the record's result)."""
    totals = [float(s) for s in record["result"]["scores"]]
    n = len(totals)
    if n < 2:
        raise ValueError("a learned evaluation needs at least two seats")
    return [t - max(totals[j] for j in range(n) if j != i) for i, t in enumerate(totals)]


def positions_of(record: dict[str, Any], into: Positions) -> None:
    """Add the positions of one finished record to ``into``."""
    rec = validate(record)
    if rec.get("result") is None:
        raise ValueError("the record has no result: the game is not finished")
    targets = final_margins(rec)
    state = start(rec)
    actions: list[str] = list(rec["actions"])
    greedy: Any = None
    for k in range(len(actions) + 1):
        if not state.is_terminal and not state.turn_in_progress():
            if greedy is None:
                from zoogames import bots

                greedy = bots.make("greedy", seed=0, game=state.game.id)
            evals = [float(greedy.evaluate(state, i)) for i in range(state.players)]
            for seat, row in enumerate(every_seat(state, evals)):
                into.x.append(row)
                into.y.append(targets[seat])
                into.game.append(into.games)
                into.seat.append(seat)
        if k < len(actions):
            state.apply(actions[k])
    into.games += 1


def _positions_of_one(record: dict[str, Any]) -> Positions:
    one = Positions()
    positions_of(record, one)
    return one


def positions(records: Iterable[dict[str, Any]], workers: int = 1) -> Positions:
    """The positions of every finished record, in the order given.

    Replaying a record and evaluating each of its positions costs a few hundredths of a
    second of CPU per game (compiled; about ten times that as plain Python), so thousands
    of games are read on ``workers`` processes; the result is the same, in the same
    order, for any number of them.
    """
    records = list(records)
    if workers > 1 and len(records) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            parts = list(pool.map(_positions_of_one, records, chunksize=8))
    else:
        parts = [_positions_of_one(record) for record in records]
    out = Positions()
    for one in parts:  # each game's positions, numbered by their place in ``records``
        out.x.extend(one.x)
        out.y.extend(one.y)
        out.seat.extend(one.seat)
        out.game.extend(out.games for _ in one.y)
        out.games += 1
    return out


def load_runs(runs: Iterable[Path]) -> list[dict[str, Any]]:
    """The finished games of the arena runs ``runs``, each run's in game order."""
    records: list[dict[str, Any]] = []
    for run in runs:
        done = load_games(Path(run))
        if not done:
            raise ValueError(f"{run} holds no finished game of an arena run")
        records.extend(done[i] for i in sorted(done))
    return records


__all__ = ["Positions", "final_margins", "load_runs", "positions", "positions_of", "selfplay"]
