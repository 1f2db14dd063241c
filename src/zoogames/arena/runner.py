"""Running an arena: the schedule, the worker processes, the files, interruption and resume.

A run is a directory:

- ``arena.json``: the configuration (game, players, the lineup of bot specs, games, seed,
  options), written first, read back by ``--resume``;
- ``games/000123.json``: each finished game as a replayable record
  (:func:`zoogames.core.record.save` format) with an ``arena`` block: the game's index,
  the bot spec of every seat, the bots' seeds, the seconds it took, the bots' search
  statistics and the SHA-256 of the learned weights each seat used. A game is written
  the moment it finishes (to a temporary name, then renamed), so an interrupted run
  keeps every finished game and never a half-written one;
- ``results.json`` and the plots, written at the end of a run, interrupted or not.

The games run on this machine's worker processes, or as tasks on a Ray cluster (``ray``):
the loop, the files and the results are the same either way.

A run can be shared out between machines that cannot reach each other (``only``): each
plays its share of the same ``arena.json`` into a folder of its own, the game files are
copied into one folder, and ``--resume`` there plays whatever is still missing and
summarizes them all, as one machine would have.

The schedule: the lineup has one spec per seat. Game ``i`` is played with the lineup
rotated by ``i % players`` seats, on the deal of seed ``seed + i // players``: each block
of ``players`` consecutive games deals the same tiles to every rotation, so each bot plays
each seat equally often, on the same deals.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import time
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from zoogames.core.record import dumps
from zoogames.core.rng import Rng


class ArenaError(Exception):
    """A run that cannot start: a bad lineup, or a directory that does not match."""


@dataclass
class ArenaConfig:
    """What an arena run plays (stored as ``arena.json``)."""

    game: str
    players: int
    lineup: list[str]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def build(
        game: str,
        players: int,
        bots: list[str],
        games: int,
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> ArenaConfig:
        """A config from the command line's bots: one spec per seat, the last one filling up.

        ``--bot mcts --bot greedy`` with 4 players is ``mcts`` against three ``greedy``.
        """
        from zoogames import bots as registry
        from zoogames import games as game_registry

        if game not in game_registry.ids():
            raise ArenaError(f"unknown game {game!r}; games: {', '.join(game_registry.ids())}")
        g = game_registry.get(game)
        if not g.min_players <= players <= g.max_players:
            raise ArenaError(f"{g.name} is for {g.min_players} to {g.max_players} players")
        if not bots:
            raise ArenaError("give at least one --bot")
        if len(bots) > players:
            raise ArenaError(f"{len(bots)} bots for {players} seats: give at most one per seat")
        if games < 1:
            raise ArenaError("--games must be at least 1")
        lineup = [*bots, *[bots[-1]] * (players - len(bots))]
        for spec in dict.fromkeys(lineup):
            try:
                registry.make(spec, seed=0, game=game)
            except (ValueError, TypeError) as e:
                raise ArenaError(f"bot {spec!r}: {e}") from None
        return ArenaConfig(game, players, lineup, games, seed, dict(options or {}))

    def seats(self, index: int) -> list[str]:
        """The bot spec of each seat in game ``index`` (the lineup rotated)."""
        n = self.players
        r = index % n
        return [self.lineup[(s - r) % n] for s in range(n)]

    def game_seed(self, index: int) -> int:
        """The deal of game ``index``: one per block of ``players`` games."""
        return self.seed + index // self.players

    def bot_seeds(self, index: int) -> list[int]:
        """A seed per seat for the bots of game ``index``."""
        return [Rng(self.seed, f"bot:{index}:{s}").next64() >> 11 for s in range(self.players)]

    def compatible(self, other: ArenaConfig) -> str | None:
        """Why ``other`` cannot continue this run (``None`` if it can; games may differ)."""
        for name in ("game", "players", "lineup", "seed", "options"):
            a, b = getattr(self, name), getattr(other, name)
            if a != b:
                return f"{name} differs: the run has {a!r}, the command {b!r}"
        return None


def play_game(config: ArenaConfig, index: int) -> dict[str, Any]:
    """Play game ``index`` of ``config``; its record with the ``arena`` block."""
    from zoogames import bots as registry
    from zoogames import games as game_registry

    seats = config.seats(index)
    seeds = config.bot_seeds(index)
    state = game_registry.get(config.game).new_game(
        players=config.players, seed=config.game_seed(index), **config.options
    )
    players = [
        registry.make(spec, seed=seed, game=config.game)
        for spec, seed in zip(seats, seeds, strict=True)
    ]
    start = time.perf_counter()
    while not state.is_terminal:
        seat = state.to_move
        assert seat is not None
        state.apply(players[seat].choose(state))
    record = state.record()
    record["arena"] = {
        "index": index,
        "bots": seats,
        "bot_seeds": seeds,
        "seconds": round(time.perf_counter() - start, 3),
        "stats": [dict(getattr(p, "stats", None) or {}) or None for p in players],
        "weights": [_weights_of(p) for p in players],
    }
    return record


def _weights_of(player: object) -> str | None:
    """The SHA-256 of the learned weights ``player`` judged positions with (``None``: none).

    A spec such as ``leaf=learned`` names no file: the weights are the shipped ones or
    ``ZOOGAMES_MODELS``'s, and only this digest tells later which it was.
    """
    digest = getattr(getattr(player, "model", None), "digest", None)
    return digest if isinstance(digest, str) and digest else None


def played_weights(records: Iterable[dict[str, Any]]) -> set[str]:
    """Every learned-weights digest the finished games ``records`` were played with."""
    return {w for rec in records for w in (rec["arena"].get("weights") or []) if w is not None}


def _worker_init() -> None:
    # Ctrl-C is the parent's to handle: it stops the run and keeps what is finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _StopOnCtrlC:
    """While active, Ctrl-C (SIGINT) sets ``requested`` instead of raising mid-write."""

    def __init__(self) -> None:
        self.requested = False
        self._old: Any = None

    def _handle(self, signum: int, frame: Any) -> None:
        self.requested = True

    def __enter__(self) -> _StopOnCtrlC:
        try:
            self._old = signal.signal(signal.SIGINT, self._handle)
        except ValueError:  # not the main thread: Ctrl-C raises KeyboardInterrupt as usual
            self._old = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._old is not None:
            signal.signal(signal.SIGINT, self._old)


def parse_share(text: str, games: int) -> frozenset[int]:
    """The game indices of a share such as ``48-63`` or ``0-15,32`` (ranges inclusive).

    :class:`ArenaError` for anything else, or an index outside the run's ``games``.
    """
    indices: set[int] = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            lo = int(first)
            hi = int(last) if dash else lo
        except ValueError:
            raise ArenaError(
                f"--only {text!r}: give game numbers and ranges, such as 48-63 or 0-15,32"
            ) from None
        if not 0 <= lo <= hi < games:
            raise ArenaError(
                f"--only {text!r}: {part.strip()} is not a range of game numbers 0 to {games - 1}"
            )
        indices.update(range(lo, hi + 1))
    return frozenset(indices)


def _write_json(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def game_path(out: Path, index: int) -> Path:
    """Where game ``index`` of a run in ``out`` is stored."""
    return out / "games" / f"{index:06d}.json"


def load_games(out: Path) -> dict[int, dict[str, Any]]:
    """The finished games of the run in ``out``, by index (unreadable files are skipped)."""
    done: dict[int, dict[str, Any]] = {}
    folder = out / "games"
    if not folder.is_dir():
        return done
    for path in sorted(folder.glob("*.json")):
        try:
            rec = json.loads(path.read_text(encoding="utf-8"))
            index = int(rec["arena"]["index"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if rec.get("result") is not None:
            done[index] = rec
    return done


def load_config(out: Path) -> ArenaConfig | None:
    """The configuration stored in ``out`` (``None`` if there is none)."""
    path = out / "arena.json"
    if not path.exists():
        return None
    return ArenaConfig(**json.loads(path.read_text(encoding="utf-8")))


def prepare(out: Path, config: ArenaConfig, resume: bool) -> dict[int, dict[str, Any]]:
    """Check ``out`` against ``config``, write ``arena.json``; the games already finished."""
    old = load_config(out)
    done = load_games(out)
    if not resume and done:
        raise ArenaError(
            f"{out} already holds {len(done)} game(s) of a run: add --resume to continue it,"
            " or choose another --out"
        )
    if old is not None and resume:
        reason = old.compatible(config)
        if reason:
            raise ArenaError(f"cannot resume {out}: {reason}")
    played = played_weights(done.values()) if resume else set()
    if played:
        # the same spec with other weights is another bot: its games would not add up
        from zoogames.bots import value

        try:
            current = value.load(config.game, config.players).digest
        except ValueError as e:
            raise ArenaError(f"cannot resume {out}: its games used learned weights; {e}") from None
        if current not in played:
            raise ArenaError(
                f"cannot resume {out}: its games used the learned weights"
                f" {', '.join(sorted(w[:12] for w in played))}, this process has {current[:12]}"
                f" (set {value.MODELS_ENV} to the folder they came from)"
            )
    if not resume:
        done = {}
    (out / "games").mkdir(parents=True, exist_ok=True)
    _write_json(out / "arena.json", json.dumps(asdict(config), indent=2) + "\n")
    return {i: r for i, r in done.items() if i < config.games}


Listener = Callable[[dict[str, Any], dict[int, dict[str, Any]]], None]


@dataclass
class RunResult:
    """The outcome of :func:`run`: the summary written, and whether Ctrl-C cut it short."""

    results: dict[str, Any]
    interrupted: bool
    played: int


class _Processes:
    """Games on this machine's worker processes (``concurrent.futures``)."""

    def __init__(self, workers: int) -> None:
        self.slots = max(1, workers)
        self.pool = ProcessPoolExecutor(max_workers=self.slots, initializer=_worker_init)

    def submit(self, config: ArenaConfig, index: int) -> Future[dict[str, Any]]:
        """Start game ``index``."""
        return self.pool.submit(play_game, config, index)

    def wait(self, pending: set[Any]) -> tuple[list[dict[str, Any]], set[Any]]:
        """The records of the games that finished within a moment, and those still on."""
        finished, still = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
        return [f.result() for f in finished], still

    def stop(self, pending: set[Any], interrupted: bool) -> None:
        """Shut the pool down; interrupted, drop the games still being played."""
        if interrupted:
            for fut in pending:
                fut.cancel()
            # the workers ignore SIGINT: stop the games they are still playing
            for proc in list((getattr(self.pool, "_processes", None) or {}).values()):
                proc.terminate()
        self.pool.shutdown(wait=not interrupted, cancel_futures=True)


RAY_CONNECT_SECONDS = 10.0
"""How long ``--ray ADDRESS`` waits for the cluster's port to answer."""


def reachable(address: str) -> None:
    """:class:`ArenaError` naming ``address`` unless a TCP connection to it opens in time.

    ``ray.init`` on an address with no cluster behind it retries for good, deaf to Ctrl-C:
    a connection tried first, with a timeout, says so at once.
    """
    where = address.removeprefix("ray://")
    host, _, port = where.rpartition(":")
    if not host or not port.isdigit():
        raise ArenaError(
            f"--ray {address!r}: give HOST:PORT (the head's GCS port, 6379) or"
            " ray://HOST:PORT (Ray Client, 10001), or local or auto"
        )
    try:
        with socket.create_connection((host.strip("[]"), int(port)), RAY_CONNECT_SECONDS):
            pass
    except OSError as e:
        raise ArenaError(
            f"--ray {address}: no Ray cluster answers there ({e.strerror or type(e).__name__});"
            " is its head running (ray start --head), and the port open?"
        ) from None


class _Ray:
    """Games as Ray tasks on a Ray cluster (``zoogames[ray]``; docs/arena.md).

    ``address``: ``local`` starts a Ray of this machine's cores (unless this process has
    started one already: a test's with 2 CPUs, say), ``auto`` joins the cluster running
    here, anything else is a cluster's address (``ray://head:10001``). Only a Ray this
    run started is shut down at the end.
    """

    def __init__(self, address: str) -> None:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no reporting home
        import ray

        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started and address not in ("local", "auto"):
            reachable(address)
        if self.started:
            ray.init(
                address=None if address == "local" else address,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        from zoogames.bots.value import MODELS_ENV

        # a folder of weights to play with (zoogames train selfplay --models) travels with
        # the tasks, as it does to worker processes; it must be readable on every node
        folder = os.environ.get(MODELS_ENV)
        options: dict[str, Any] = {"num_cpus": 1}
        if folder:
            options["runtime_env"] = {"env_vars": {MODELS_ENV: folder}}
        self.task = ray.remote(**options)(play_game)
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        self.slots = max(1, int(resources.get("CPU", 1)))

    def submit(self, config: ArenaConfig, index: int) -> Any:
        """Start game ``index`` as a task."""
        return self.task.remote(config, index)

    def wait(self, pending: set[Any]) -> tuple[list[dict[str, Any]], set[Any]]:
        """The records of the games that finished within a moment, and those still on."""
        ready, _ = self.ray.wait(list(pending), num_returns=len(pending), timeout=0.2)
        return [self.ray.get(ref) for ref in ready], pending - set(ready)

    def stop(self, pending: set[Any], interrupted: bool) -> None:
        """Cancel the tasks still running when interrupted; leave the cluster as found."""
        if interrupted:
            for ref in pending:
                self.ray.cancel(ref, force=True)
        if self.started:
            self.ray.shutdown()


def run(
    config: ArenaConfig,
    out: Path,
    workers: int = 1,
    resume: bool = False,
    on_game: Listener | None = None,
    plots: bool = True,
    on_start: Callable[[dict[int, dict[str, Any]]], None] | None = None,
    ray: str | None = None,
    only: Collection[int] | None = None,
) -> RunResult:
    """Play the games of ``config`` not yet in ``out`` on ``workers`` processes.

    With ``only`` (a share of the run, :func:`parse_share`), just the missing games among
    those indices; the summary counts every game in ``out`` all the same.

    With ``ray`` (``local``, ``auto`` or an address) the games are Ray tasks on that
    cluster instead (``_Ray``): the same games, records and results. ``on_game(record,
    done)`` is called in this process after each finished game (the progress display),
    and ``on_start(done)`` once with the games kept from before. Ctrl-C
    (``KeyboardInterrupt``) stops the run: games still being played are dropped, the
    finished ones stay, and the summary is written all the same.
    """
    from zoogames.arena.stats import summarize

    out = Path(out)
    done = prepare(out, config, resume)
    if on_start is not None:
        on_start(done)
    todo = [i for i in range(config.games) if i not in done and (only is None or i in only)]
    interrupted = False
    played = 0
    if todo:
        stop = _StopOnCtrlC()
        backend: _Processes | _Ray = _Ray(ray) if ray is not None else _Processes(workers)
        pending: set[Any] = set()
        queue = iter(todo)
        try:
            with stop:
                for index in queue:  # a short queue, so that Ctrl-C leaves little to cancel
                    pending.add(backend.submit(config, index))
                    if len(pending) >= 2 * backend.slots:
                        break
                while pending and not stop.requested:
                    records, pending = backend.wait(pending)
                    for record in records:
                        index = record["arena"]["index"]
                        _write_json(game_path(out, index), dumps(record))
                        done[index] = record
                        played += 1
                        if on_game is not None:
                            on_game(record, done)
                        nxt = next(queue, None)
                        if nxt is not None and not stop.requested:
                            pending.add(backend.submit(config, nxt))
        except KeyboardInterrupt:
            stop.requested = True
        finally:
            interrupted = stop.requested
            backend.stop(pending, interrupted)
    results = summarize(list(done.values()), asdict(config))
    results["interrupted"] = interrupted
    _write_json(out / "results.json", json.dumps(results, indent=2) + "\n")
    if plots and done:
        from zoogames.arena.plots import plot_all

        plot_all(list(done.values()), results, out)
    return RunResult(results, interrupted, played)


__all__ = [
    "ArenaConfig",
    "ArenaError",
    "RunResult",
    "game_path",
    "load_config",
    "load_games",
    "parse_share",
    "play_game",
    "prepare",
    "run",
]
