"""The ``zoogames`` command: one sub-command per job.

``games`` lists the games, ``play`` starts a game in the terminal, ``simulate`` runs random
playouts, ``replay`` checks a record and ``review`` finds its turning points (its plot
needs the ``[arena]`` extra); ``arena`` plays bots against bots (``[arena]``); ``serve``
starts the web app and ``bots`` a bot worker beside it, ``migrate``, ``backup`` and
``restore`` look after its database (``[server]``). The bare install
runs every command; one whose extra is missing says which to install. ``train`` plays
self-play games and fits the learned evaluation on them (``[arena]``, ``[train]``). Every
command reports bad input in one line and exits with code 1 rather than showing a traceback.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from zoogames import __version__, games
from zoogames.core.errors import IllegalAction, InvalidOptions, InvalidRecord, ZoogamesError
from zoogames.core.game import JSON, Game, State, forfeit_result
from zoogames.core.record import load as load_record
from zoogames.core.record import replay as replay_record
from zoogames.core.record import save
from zoogames.core.rng import Rng

app = typer.Typer(
    help="zoogames: Aquaretto and friends, exact simulators, bots and tools.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def show_version(value: bool) -> None:
    """Print the version and exit (``zoogames --version``)."""
    if value:
        typer.echo(f"zoogames {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    """zoogames: Aquaretto and friends, exact simulators, bots and tools."""


def fail(message: str) -> NoReturn:
    """Print a one-line error and exit with code 1."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


EXTRAS = {
    "arena": ("openskill", "matplotlib"),
    "ray": ("ray",),
    "server": ("fastapi", "uvicorn", "sqlalchemy", "alembic", "orjson", "argon2", "openskill"),
}
"""The importable packages each optional extra brings (pyproject.toml)."""


def require_extra(extra: str, command: str, skip: tuple[str, ...] = ()) -> None:
    """Fail in one line, naming the extra to install, when ``extra``'s packages are missing.

    The bare ``pip install zoogames`` has the rules, the bots and the CLI; a command that
    needs more checks here first rather than failing with an ImportError deep inside.
    """
    missing = [m for m in EXTRAS[extra] if m not in skip and importlib.util.find_spec(m) is None]
    if missing:
        fail(
            f"zoogames {command} needs the [{extra}] extra ({', '.join(missing)} not"
            f" installed): pip install 'zoogames[{extra}]'"
        )


def game_or_fail(game_id: str) -> Game:
    """The registered game, or a one-line error listing the known ids."""
    try:
        return games.get(game_id)
    except KeyError:
        fail(f"unknown game {game_id!r}; games: {', '.join(games.ids())}")


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; a value is read as JSON when it parses, else as a string."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            fail(f"option {pair!r} is not key=value")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def new_state(game_id: str, players: int, seed: int | None, options: dict[str, Any]) -> State:
    """A new game, with bad options reported as a one-line error."""
    game = game_or_fail(game_id)
    try:
        state: State = game.new_game(players=players, seed=seed, **options)
    except InvalidOptions as e:
        fail(str(e))
    return state


DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--db", help="database URL (default: $ZOOGAMES_DB, else sqlite:///var/zoogames.db)"
    ),
]
"""The ``--db`` of the commands on the server's database (``serve``, ``migrate``, backups)."""


@app.command("games")
def list_games() -> None:
    """List the games and their player counts."""
    for gid in games.ids():
        g = games.get(gid)
        typer.echo(f"{gid:24} {g.name} ({g.min_players}–{g.max_players} players)")


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of text")] = False,
    allow_deck_path: Annotated[
        bool,
        typer.Option(
            "--allow-deck-path",
            help="let the record's deck option name a file to read (a record from someone"
            " else could name any file: off by default)",
        ),
    ] = False,
) -> None:
    """Check a record action by action; print the final position and the scores."""
    try:
        data = load_record(record)
        deck = data["options"].get("deck")
        if isinstance(deck, str) and not allow_deck_path:
            fail(
                f"{record}: the record names a deck file to read ({deck[:80]!r}); pass"
                " --allow-deck-path if you trust it"
            )
        state = replay_record(data)
    except InvalidRecord as e:
        cause = e.options_error
        if cause is not None and cause.summary is not None:  # a deck's lines quote any file
            fail(f"{record}: the record's deck is {cause.summary}")
        fail(f"{record}: {e}")
    except IllegalAction as e:
        fail(f"{record}: {e}")
    scores = [s.to_json() for s in state.scores()]
    forfeited = data.get("forfeited")  # a seat forfeited on a server: over where it stopped
    result: dict[str, JSON] | None = None
    if isinstance(forfeited, int):
        result = forfeit_result(state, forfeited)
    elif state.is_terminal:
        result = state.result().to_json()
    if as_json:
        out = {
            "game": state.game.id,
            "actions": len(state.history),
            "terminal": state.is_terminal,
            "scores": scores,
            "result": result,
            "forfeited": forfeited,
            "position": state.view(None),
        }
        typer.echo(json.dumps(out))
        return
    typer.echo(str(state))
    typer.echo("")
    status = "game over" if state.is_terminal else "in play"
    if isinstance(forfeited, int):
        status = f"seat {forfeited} forfeited"
    typer.echo(f"{len(state.history)} actions; {status}")
    for seat, s in enumerate(scores):
        parts = ", ".join(f"{k} {v}" for k, v in s.items() if k != "total")
        typer.echo(f"seat {seat}: {s['total']} points ({parts})")
    if result is not None and isinstance(winners := result["winners"], list) and winners:
        typer.echo("winner: " + " and ".join(f"seat {w}" for w in winners))


def playout(state: State, rng: Rng) -> int:
    """Play uniformly random legal actions to the end; the number of actions played."""
    n = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return n


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id, e.g. aquaretto")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")] = 4,
    n_games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="seed of the first game")] = 0,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option key=value")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
) -> None:
    """Random playouts: speed, mean score and win rate per seat, game length."""
    options = parse_options(option or [])
    if n_games < 1:
        fail("--games must be at least 1")
    rng = Rng(seed, "simulate")
    totals = [0.0] * players
    wins = [0.0] * players
    actions = 0
    show = sys.stderr.isatty() and not as_json
    start = time.perf_counter()
    progress = None
    if show:
        from rich.progress import Progress

        progress = Progress(transient=True)
        progress.start()
        task = progress.add_task(f"{game}, {players} players", total=n_games)
    try:
        for i in range(n_games):
            state = new_state(game, players, seed + i, options)
            actions += playout(state, rng)
            result = state.result()
            for seat, total in enumerate(result.totals):
                totals[seat] += total
            for w in result.winners:
                wins[w] += 1 / len(result.winners)
            if progress is not None:
                progress.advance(task)
    finally:
        if progress is not None:
            progress.stop()
    seconds = time.perf_counter() - start
    out = {
        "game": game,
        "games": n_games,
        "players": players,
        "seconds": round(seconds, 3),
        "games_per_second": round(n_games / seconds, 2),
        "actions_per_second": round(actions / seconds, 1),
        "mean_scores": [round(x / n_games, 3) for x in totals],
        "win_rates": [round(x / n_games, 4) for x in wins],
        "mean_actions": round(actions / n_games, 2),
    }
    if as_json:
        typer.echo(json.dumps(out))
        return
    typer.echo(
        f"{n_games} games of {game} with {players} players in {out['seconds']} s:"
        f" {out['games_per_second']} games/s, {out['actions_per_second']} actions/s,"
        f" {out['mean_actions']} actions per game"
    )
    for seat in range(players):
        typer.echo(
            f"seat {seat}: mean score {out['mean_scores'][seat]:7.2f},"  # type: ignore[index]
            f" win rate {out['win_rates'][seat]:.1%}"  # type: ignore[index]
        )


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id, e.g. aquaretto")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")] = 3,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", "-s", help="who plays each seat: human or a bot spec"),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="game seed")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option key=value")
    ] = None,
    save_to: Annotated[
        Path | None, typer.Option("--save", help="write the game record here at the end")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="language of the move log and prompts: en or cs (default: from LANGUAGE,"
            " LC_ALL, LC_MESSAGES or LANG, as gettext picks it)",
        ),
    ] = None,
) -> None:
    """Play in the terminal: you against bots, or bots against each other."""
    from zoogames.i18n import LANGUAGES, from_environment
    from zoogames.play import TerminalGame

    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang {lang}: languages are {', '.join(LANGUAGES)}")

    seats = list(seat or ["human"])
    if len(seats) > players:
        fail(f"{len(seats)} --seat options for {players} players")
    seats += ["random"] * (players - len(seats))
    state = new_state(game, players, seed, parse_options(option or []))
    try:
        TerminalGame(state, seats, lang=lang or from_environment()).run()
    except ValueError as e:
        fail(str(e))
    except (EOFError, KeyboardInterrupt):
        typer.echo("\nbye")
    finally:
        if save_to is not None:
            save(state.record(), save_to)
            typer.echo(f"record saved to {save_to}")


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="game id, e.g. aquaretto")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="number of players (default 2)")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", "-b", help="a bot spec per seat; the last one fills the rest"),
    ] = None,
    n_games: Annotated[
        int | None, typer.Option("--games", "-n", help="number of games (default 100)")
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    seed: Annotated[int | None, typer.Option("--seed", help="seed of the first deal")] = None,
    out: Annotated[Path, typer.Option("--out", help="the run's directory")] = Path("arena-run"),
    resume: Annotated[
        bool, typer.Option("--resume", help="continue the run in --out (its arena.json)")
    ] = False,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="a game option key=value")
    ] = None,
    no_plots: Annotated[bool, typer.Option("--no-plots", help="skip the PNG plots")] = False,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            help="play the games as tasks on a Ray cluster: --ray alone starts a local one,"
            " --ray auto joins the one running here, --ray ADDRESS another (zoogames[ray])",
        ),
    ] = None,
    only: Annotated[
        str | None,
        typer.Option(
            "--only",
            help="play only these games of the run, e.g. 48-63 or 0-15,32 (a share for"
            " another machine)",
        ),
    ] = None,
) -> None:
    """Bots against bots: seats rotated, games in parallel, results.json, records and plots.

    With --resume, whatever is not given is taken from the run's arena.json; whatever is
    given must match it (but --games may grow). With --ray the games run on a Ray cluster
    instead of --workers processes (docs/arena.md, On a Ray cluster). With --only, this
    machine plays a share of the run (docs/arena.md, A run shared between machines).
    """
    require_extra("arena", "arena", skip=("matplotlib",) if no_plots else ())
    if ray is not None:
        require_extra("ray", "arena --ray")
        if workers != 1:
            fail("--workers and --ray: a Ray cluster runs a game on each of its CPUs; give one")
    from zoogames.arena import ArenaConfig, ArenaError, load_config

    stored = load_config(out) if resume else None
    if resume and stored is None:
        fail(f"--resume: {out} holds no arena run (no arena.json)")
    try:
        config = ArenaConfig.build(
            game,
            players if players is not None else (stored.players if stored else 2),
            list(bot) if bot else (stored.lineup if stored else []),
            n_games if n_games is not None else (stored.games if stored else 100),
            seed if seed is not None else (stored.seed if stored else 0),
            parse_options(option) if option else (stored.options if stored else {}),
        )
    except ArenaError as e:
        fail(str(e))
    if workers < 1:
        fail("--workers must be at least 1")
    from zoogames.arena import parse_share
    from zoogames.arena import run as run_arena
    from zoogames.arena.progress import ArenaProgress

    try:
        share = parse_share(only, config.games) if only is not None else None
    except ArenaError as e:
        fail(str(e))
    display = ArenaProgress(config, only=share)
    try:
        with display:
            outcome = run_arena(
                config,
                out,
                workers=workers,
                resume=resume,
                on_game=display.update,
                plots=not no_plots,
                on_start=display.start_with,
                ray=ray,
                only=share,
            )
    except ArenaError as e:
        fail(str(e))
    display.report(outcome.results)
    if outcome.interrupted:
        typer.echo(
            f"interrupted: {outcome.results['games']} finished game(s) kept in {out};"
            f" continue with: {continue_command(game, out, workers, ray, only)}",
            err=True,
        )
        raise typer.Exit(130)
    typer.echo(f"results: {out / 'results.json'}")


def continue_command(
    game: str, out: Path, workers: int, ray: str | None, only: str | None = None
) -> str:
    """The command that resumes an interrupted run on the same processes or cluster.

    ``--resume`` takes the run's settings from its ``arena.json``, but how many processes
    play it (or which Ray cluster), and which share of it (``--only``), is this machine's
    choice, not the run's: so the command repeats them, or a run started with ``-w 2``
    would go on with one.
    """
    where = f" --ray {ray}" if ray is not None else (f" -w {workers}" if workers > 1 else "")
    share = f" --only {only.replace(' ', '')}" if only is not None else ""
    return f"zoogames arena {game} --resume{where}{share} --out {out}"


@app.command()
def review(
    record: Annotated[Path, typer.Argument(help="a finished game's record (JSON)")],
    out: Annotated[
        Path, typer.Option("--out", help="where review.json and winchance.png go")
    ] = Path("review"),
    iterations: Annotated[
        int, typer.Option("--iterations", help="search iterations per decision")
    ] = 400,
    seat: Annotated[
        list[int] | None, typer.Option("--seat", help="review only this seat (repeatable)")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="the searches' seed")] = 0,
    no_plot: Annotated[bool, typer.Option("--no-plot", help="skip winchance.png")] = False,
) -> None:
    """Search every decision of a finished game (docs/bots.md, Reviews).

    For each: the bots' preferred action and the estimated loss of the one played; the
    largest losses are the turning points.
    """
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from zoogames.bots.teach import review as review_game

    if iterations < 1:
        fail("--iterations must be at least 1")
    try:
        data = load_record(record)
        if isinstance(data["options"].get("deck"), str):
            fail(f"{record}: the record names a deck file; review a record with its deck inside")
        final = replay_record(data)
    except (InvalidRecord, IllegalAction) as e:
        fail(f"{record}: {e}")
    if not final.is_terminal:
        fail(f"{record}: the game is not over: a review is of a finished game")
    if seat and any(not 0 <= s < final.players for s in seat):
        fail(f"--seat: the game has seats 0 to {final.players - 1}")
    console = Console(stderr=True)
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("reviewing", total=None)
        done = review_game(
            data,
            iterations=iterations,
            seed=seed,
            seats=set(seat) if seat else None,
            progress=lambda n, total: bar.update(task, completed=n, total=total),
        )
    out.mkdir(parents=True, exist_ok=True)
    (out / "review.json").write_text(json.dumps(done.to_json(), indent=1) + "\n")
    table = Table(title=f"Turning points ({len(done.decisions)} decisions searched)")
    for column in ("action", "seat", "played", "the bots preferred", "estimated loss"):
        table.add_column(column)
    for d in done.turning_points():
        table.add_row(str(d.number), str(d.seat), d.played, d.preferred, f"{d.loss:.3f}")
    Console().print(table)
    if not no_plot:
        require_extra("arena", "review's plot (or --no-plot)", skip=("openskill",))
        from zoogames.arena.plots import plot_review

        plot_review(done, out / "winchance.png")
    typer.echo(f"review: {out / 'review.json'}")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port to listen on")] = 8000,
    db: DatabaseUrl = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="local: bots think in this process's workers; external: `zoogames bots`"
            " workers play them (PostgreSQL; default $ZOOGAMES_BOTS, else local)",
        ),
    ] = "",
) -> None:
    """Start the web app: the API, the game sockets and the browser client (docs/server.md).

    Any number of processes may serve one PostgreSQL database (docs/server.md, Several
    processes).
    """
    import os

    require_extra("server", "serve")
    from zoogames.server import serve as run_server

    where = bots or os.environ.get("ZOOGAMES_BOTS", "local")
    run_server(host, port, db or os.environ.get("ZOOGAMES_DB"), where)


def database_url(db: str | None) -> str:
    """``--db``, else ``$ZOOGAMES_DB``, else the default SQLite file (as ``serve`` reads it)."""
    import os

    return db or os.environ.get("ZOOGAMES_DB") or "sqlite:///var/zoogames.db"


@app.command("migrate")
def migrate_command(
    db: DatabaseUrl = None,
    wait: Annotated[
        float, typer.Option("--wait", help="seconds to wait for the database to answer")
    ] = 0,
) -> None:
    """Bring the database's schema up to date, as a server does at its start.

    The first step of an upgrade (docs/deploy.md, Upgrades), and of the container's start.
    """
    require_extra("server", "migrate")
    from sqlalchemy.exc import OperationalError

    from zoogames.server import migrate
    from zoogames.server.store.engine import open_engine

    if wait < 0:
        fail("--wait must be 0 or more seconds")
    try:
        engine = open_engine(database_url(db))
    except Exception as e:  # a malformed URL or a missing driver: one line, not a traceback
        fail(f"cannot open {db!r}: {e}")
    try:
        migrate.wait_for(engine, wait)
        migrate.upgrade(engine)
        current, head = migrate.revisions(engine)
    except OperationalError as e:
        fail(f"the database did not answer within {wait:g} s: {' '.join(str(e.orig).split())}")
    finally:
        engine.dispose()
    typer.echo(f"database at migration {current} (this code's newest: {head})")


@app.command("backup")
def backup_command(
    out: Annotated[Path, typer.Option("--out", help="the backup file to write (replaced)")],
    db: DatabaseUrl = None,
) -> None:
    """Copy the database to one file while the servers run (docs/deploy.md, Backups).

    SQLite: SQLite's online backup, itself a database file; PostgreSQL: pg_dump
    --format=custom. Either is the database as of one commit.
    """
    require_extra("server", "backup")
    from zoogames.server.backup import BackupError, backup

    try:
        backup(database_url(db), out)
    except BackupError as e:
        fail(str(e))
    typer.echo(f"backed up to {out} ({out.stat().st_size} bytes)")


@app.command("restore")
def restore_command(
    source: Annotated[Path, typer.Option("--in", help="the backup file to restore")],
    db: DatabaseUrl = None,
    force: Annotated[
        bool, typer.Option("--force", help="replace a database that holds games")
    ] = False,
) -> None:
    """Replace a database with a backup, then migrate it (docs/deploy.md, Backups).

    Stop the servers first. A database that holds games is replaced only with --force.
    """
    require_extra("server", "restore")
    from zoogames.server.backup import BackupError, restore

    try:
        done = restore(database_url(db), source, force)
    except BackupError as e:
        fail(str(e))
    typer.echo(
        f"restored {done.games} games from {source}; migration {done.backup_revision}"
        f" -> {done.revision} (current)"
    )


@app.command("bots")
def bot_workers(
    db: Annotated[
        str | None,
        typer.Option("--db", help="the servers' PostgreSQL database URL (default: $ZOOGAMES_DB)"),
    ] = None,
    workers: Annotated[
        int,
        typer.Option("--workers", help="bots thinking at once (default: one per core)"),
    ] = 0,
) -> None:
    """Play the bot turns of servers started with --bots external (docs/server.md, Bot workers).

    Run any number of these, on any machine that reaches the database; each claims
    waiting turns, thinks and plays them through the same checks as a player's action.
    """
    import os

    require_extra("server", "bots")
    from zoogames.server.bot_workers import run_workers

    url = db or os.environ.get("ZOOGAMES_DB")
    if workers < 0:
        fail("--workers must be at least 1")
    if not url:
        fail("give the servers' database: --db postgresql+psycopg://… (or $ZOOGAMES_DB)")
    run_workers(url, workers or None)


def _add_train() -> None:
    """``zoogames train``: self-play and the learned evaluation's fit (``zoogames.learn``)."""
    from zoogames.learn.cli import app as train_app

    app.add_typer(train_app, name="train")


_add_train()


def with_optional_values(argv: list[str]) -> list[str]:
    """The command line with ``--ray`` given no value read as ``--ray local``.

    Typer has no option whose value may be left out (Click's ``flag_value``).
    """
    out: list[str] = []
    for i, word in enumerate(argv):
        out.append(word)
        if word == "--ray" and (i + 1 == len(argv) or argv[i + 1].startswith("-")):
            out.append("local")
    return out


def main() -> None:
    """Entry point of the ``zoogames`` script."""
    try:
        app(with_optional_values(sys.argv[1:]))
    except ZoogamesError as e:  # a last guard: one line, never a traceback
        typer.echo(f"error: {e}", err=True)
        sys.exit(1)
