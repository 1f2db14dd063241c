"""``zoogames train``: self-play games and the fit of the learned evaluation.

``zoogames train selfplay GAME`` plays self-play games as an arena run (the arena's
worker processes, or a Ray cluster with ``--ray``); ``zoogames train fit RUN...`` turns
the runs' positions into a weights file with PyTorch (``[train]``). docs/bots.md
(Learned evaluation) gives the commands that made the shipped weights.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    help="Self-play and training of the learned evaluation (docs/bots.md).",
    no_args_is_help=True,
)


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(1)


@app.command("selfplay")
def selfplay_command(
    game: Annotated[str, typer.Argument(help="game id, e.g. aquaretto")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="seats per game (default 2)")
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option("--bot", "-b", help="a bot spec per seat; the last one fills the rest"),
    ] = None,
    n_games: Annotated[
        int | None, typer.Option("--games", "-n", help="games to play (default 100)")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="seed of the first deal (default 0)")
    ] = None,
    out: Annotated[Path, typer.Option("--out", help="the run's directory")] = Path("selfplay-run"),
    workers: Annotated[int, typer.Option("--workers", "-w", help="worker processes")] = 1,
    resume: Annotated[
        bool, typer.Option("--resume", help="continue the run in --out (more --games)")
    ] = False,
    ray: Annotated[
        str | None,
        typer.Option("--ray", help="play the games as Ray tasks (as zoogames arena --ray)"),
    ] = None,
    models: Annotated[
        Path | None,
        typer.Option(
            "--models",
            help="a folder of weights files that leaf=learned plays with instead of the shipped",
        ),
    ] = None,
) -> None:
    """Self-play games, stored as an arena run (default bot: ``mcts:iterations=40``).

    With ``--resume``, as with ``zoogames arena --resume``, whatever is not given is taken
    from the run's arena.json, and whatever is given must match it (but ``--games`` may
    grow): ``--resume -n 3200 --out RUN`` plays a run on to 3,200 games.

    ``--models DIR`` plays ``leaf=learned`` with ``DIR/<game>.json`` (a model just fitted,
    not yet shipped): the next round of self-play, with the improved search.
    """
    from zoogames.cli import require_extra

    require_extra("arena", "train selfplay", skip=("matplotlib",))
    if ray is not None:
        require_extra("ray", "train selfplay --ray")
    if workers < 1:
        _fail("--workers must be at least 1")
    if models is not None:
        from zoogames.bots.value import MODELS_ENV, load

        # the environment reaches the worker processes (and Ray's tasks: runner.py)
        os.environ[MODELS_ENV] = str(models.resolve())
        try:
            load(game)  # a missing or malformed file: said now, not in every worker
        except (ValueError, OSError) as e:
            _fail(str(e))
    from zoogames.arena import ArenaError, load_config
    from zoogames.learn.data import selfplay

    stored = load_config(out) if resume else None
    if resume and stored is None:
        _fail(f"--resume: {out} holds no run (no arena.json)")
    try:
        outcome = selfplay(
            game,
            players if players is not None else (stored.players if stored else 2),
            list(bot) if bot else (stored.lineup if stored else ["mcts:iterations=40"]),
            n_games if n_games is not None else (stored.games if stored else 100),
            seed if seed is not None else (stored.seed if stored else 0),
            out,
            workers=workers,
            ray=ray,
            resume=resume,
        )
    except ArenaError as e:
        _fail(str(e))
        return
    typer.echo(f"{outcome.results['games']} games in {out}")
    if outcome.interrupted:
        raise typer.Exit(130)


def _hidden(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(v) for v in text.split(",") if v.strip())
    except ValueError:
        sizes = ()
    if not sizes or min(sizes) < 1:
        raise typer.BadParameter(f"{text!r}: give sizes like 64,64")
    return sizes


def _weights(path: Path) -> dict[str, object]:
    """A weights file's JSON (``ValueError`` if it cannot be read as one)."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"--init {path}: {e}") from None
    if not isinstance(data, dict):
        raise ValueError(f"--init {path}: not a weights file")
    return data


def _init_hidden(weights: dict[str, object]) -> tuple[int, ...]:
    """The hidden layer sizes of a weights file (``ValueError`` if it has none to read)."""
    layers = weights.get("layers")
    if not isinstance(layers, list) or not all(
        isinstance(layer, dict) and isinstance(layer.get("b"), list) for layer in layers
    ):
        raise ValueError("--init: a malformed weights file (its layers)")
    return tuple(len(layer["b"]) for layer in layers[:-1])


@app.command("fit")
def fit_command(
    runs: Annotated[list[Path], typer.Argument(help="self-play runs (arena run directories)")],
    out: Annotated[Path, typer.Option("--out", help="the weights file to write")] = Path(
        "model.json"
    ),
    hidden: Annotated[
        str | None,
        typer.Option("--hidden", help="hidden layer sizes (default 64,64, or the --init file's)"),
    ] = None,
    epochs: Annotated[int, typer.Option("--epochs", help="passes over the positions")] = 30,
    lr: Annotated[float, typer.Option("--lr", help="Adam's learning rate")] = 1e-3,
    weight_decay: Annotated[
        float, typer.Option("--weight-decay", help="AdamW's decoupled weight decay (0: Adam)")
    ] = 0.0,
    batch: Annotated[int, typer.Option("--batch", help="minibatch size")] = 256,
    seed: Annotated[int, typer.Option("--seed", help="seed of the split and the weights")] = 0,
    device: Annotated[
        str | None, typer.Option("--device", help="cpu or cuda (default: cuda if present)")
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", "-w", help="processes that read the games' positions")
    ] = 1,
    features: Annotated[
        int | None,
        typer.Option(
            "--features", help="fit on the game's first N features only (an older model's)"
        ),
    ] = None,
    td_lambda: Annotated[
        float,
        typer.Option(
            "--td-lambda", help="train on TD(λ) returns (1: the final margins, Monte Carlo)"
        ),
    ] = 1.0,
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="how the search combines the seats' predictions: averaged, or own"
            " (each seat's own; for more than two players)",
        ),
    ] = "averaged",
    init: Annotated[
        Path | None,
        typer.Option(
            "--init",
            help="start from this weights file (a warm start: its layer sizes, features"
            " and standardisation) instead of random weights",
        ),
    ] = None,
) -> None:
    """Fit the learned evaluation on the runs' positions and write its weights file."""
    if importlib.util.find_spec("torch") is None:
        _fail("zoogames train fit needs the [train] extra (torch): pip install 'zoogames[train]'")
    sizes = _hidden(hidden) if hidden is not None else None
    from zoogames.learn.data import load_runs, positions
    from zoogames.learn.fit import fit, write

    try:
        start = _weights(init) if init is not None else None
        if sizes is None:
            sizes = _init_hidden(start) if start is not None else (64, 64)
        records = load_runs(runs)
        games = {r["game"] for r in records}
        if len(games) != 1:
            _fail(f"the runs mix games ({', '.join(sorted(games))}): fit one game at a time")
        data = positions(records, workers=max(1, workers))
        result = fit(
            data,
            games.pop(),
            hidden=sizes,
            epochs=epochs,
            lr=lr,
            batch=batch,
            seed=seed,
            device=device,
            weight_decay=weight_decay,
            features=features,
            td_lambda=td_lambda,
            seats=seats,
            init=start,
        )
    except ValueError as e:
        _fail(str(e))
        return
    digest = write(result.weights, out)
    held = result.weights["training"]["val_games"]
    validation = (
        f" (on {held} held-out games {result.val_loss[0]:.4f} -> {result.val_loss[-1]:.4f},"
        f" lowest {result.val_loss[result.best_epoch]:.4f} after epoch {result.best_epoch}:"
        " those weights are kept)"
        if held
        else ""
    )
    typer.echo(
        f"{len(data.y)} positions from {data.games} games; loss {result.train_loss[0]:.4f}"
        f" -> {result.train_loss[-1]:.4f}{validation}; {result.seconds:.1f} s on {result.device}"
    )
    if result.stages:
        typer.echo(
            "held-out error by stage of the game (mean squared error of the standardised"
            " margin), the model against the greedy evaluation's margin on a straight line:"
        )
        for stage in result.stages:
            lo, hi = stage["progress"]
            typer.echo(
                f"  progress {lo:.2f}-{hi:.2f}: {stage['positions']} positions,"
                f" model {stage['model']:.4f}, greedy line {stage['greedy_line']:.4f}"
            )
    if result.seat_errors:
        errors = result.seat_errors
        typer.echo(
            "held-out error of the margins the search reads, in points²: averaged"
            f" {errors['averaged']:.2f}, each seat's own {errors['own']:.2f};"
            f" the mean margin everywhere {errors['mean']:.2f} (--seats {seats})"
        )
    typer.echo(f"wrote {out} (sha256 {digest})")


__all__ = ["app"]
