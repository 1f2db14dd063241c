"""Fitting the learned evaluation with PyTorch, and writing its weights file.

A multilayer perceptron (ReLU, ``hidden`` units per layer) regresses each position's
final margin on its features, both standardised (the means and spreads are kept in the
file), with Adam (AdamW with ``weight_decay``) on the mean squared error. Everything
random is seeded: the validation split, the initial weights and the order of the
minibatches; on the CPU a run is repeatable bit for bit
(``torch.use_deterministic_algorithms``). On a machine with CUDA
(``torch.cuda.is_available()``) the same code runs there.

PyTorch is the ``[train]`` extra: this module imports it, nothing that plays does.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zoogames.bots.value import COMMON, FORMAT, SEATS, combine, feature_names, from_json
from zoogames.learn.data import Positions


@dataclass
class FitResult:
    """What a fit gives: the weights file's JSON, and its losses per epoch.

    ``train_loss[e]`` and ``val_loss[e]`` are the mean squared errors (standardised
    margins) after epoch ``e``; index 0 is before the first epoch. With held-out games
    the weights are those of ``best_epoch``, the epoch with the lowest held-out loss
    (early stopping: past it the model learns its training games, not the game); with
    none, the last epoch's.
    """

    weights: dict[str, Any]
    train_loss: list[float] = field(default_factory=list)
    val_loss: list[float] = field(default_factory=list)
    seconds: float = 0.0
    device: str = "cpu"
    best_epoch: int = 0
    stages: list[dict[str, Any]] = field(default_factory=list)
    """The kept weights against the greedy evaluation, per stage of the game (:func:`stages`)."""
    seat_errors: dict[str, float] = field(default_factory=dict)
    """The held-out error of the margins the search reads, per reading (:func:`seat_errors`)."""


def _stats(columns: list[list[float]]) -> tuple[list[float], list[float]]:
    mean = [sum(c) / len(c) for c in columns]
    std = []
    for c, m in zip(columns, mean, strict=True):
        var = sum((v - m) ** 2 for v in c) / len(c)
        std.append(math.sqrt(var) if var > 1e-12 else 1.0)  # a constant feature: left as is
    return mean, std


def held_games(data: Positions, val_share: float) -> int:
    """How many whole games a fit holds out: ``val_share`` of them, at least one if any."""
    if data.games < 2 or val_share <= 0:
        return 0
    return min(data.games - 1, max(1, int(data.games * val_share)))


def _split(data: Positions, val_share: float, gen: Any) -> tuple[Any, Any]:
    """The held-out and the training positions' indices: ``val_share`` of the games, whole.

    Positions of one game share its deal and its players' habits, so a model tested on
    positions of the games it learned from is flattered; the held-out games are unseen.
    With a single game (a tiny run) a share of its positions is held out instead.
    """
    import torch

    if data.games < 2:
        order = torch.randperm(len(data.y), generator=gen)
        n_val = int(len(order) * val_share)
        return order[:n_val], order[n_val:]
    games = torch.randperm(data.games, generator=gen).tolist()
    held = set(games[: held_games(data, val_share)])
    val = [k for k, g in enumerate(data.game) if g in held]
    train = [k for k, g in enumerate(data.game) if g not in held]
    return torch.tensor(val, dtype=torch.long), torch.tensor(train, dtype=torch.long)


def successors(data: Positions) -> list[int]:
    """For each position of a seat, the index of that seat's next position in its game.

    ``-1`` where the game ends after it (its last position). Positions are read in the
    order :class:`~zoogames.learn.data.Positions` keeps them: a game's in play order.
    """
    if len(data.seat) != len(data.y):
        raise ValueError("the positions do not say whose they are (no seats)")
    nxt = [-1] * len(data.y)
    later: dict[tuple[int, int], int] = {}
    for k in range(len(data.y) - 1, -1, -1):
        key = (data.game[k], data.seat[k])
        nxt[k] = later.get(key, -1)
        later[key] = k
    return nxt


def lambda_returns(
    values: list[float], finals: list[float], nxt: list[int], lam: float
) -> list[float]:
    """TD(λ) targets: each position's λ-return (Sutton and Barto, chapter 12).

    ``G[k] = (1 − λ)·values[n] + λ·G[n]`` for the seat's next position ``n``, and
    ``finals[k]`` (the final margin) at its game's last position. ``λ = 1`` is the final
    margin itself (Monte Carlo); smaller ``λ`` leans on the model's own prediction a
    few turns on: one game's luck then weighs less on the targets of its early
    positions, which 800 deals otherwise teach as if it were the game's.
    """
    out = list(finals)
    for k in range(len(out) - 1, -1, -1):
        n = nxt[k]
        if n >= 0:
            out[k] = (1.0 - lam) * values[n] + lam * out[n]
    return out


STAGES = 4
"""Stages of the game (equal numbers of held-out positions, by ``progress``) of :func:`stages`."""


def stages(
    x: Any, y: Any, progress: Any, train_idx: Any, val_idx: Any, predicted: Any
) -> list[dict[str, Any]]:
    """The held-out error of a model and of the greedy evaluation, stage by stage.

    The greedy evaluation's prediction of the final margin is the straight line through
    its margin (``eval_margin``) that fits the training positions best: a model that
    only rescales that margin does no better than this line, however low its loss.
    ``x`` and ``y`` are the standardised features and margins, ``progress`` each
    position's ``progress`` feature as it was read, ``predicted`` the model's outputs on
    ``val_idx``. The held-out positions are cut by progress into :data:`STAGES` stages
    of equal numbers; each gets its range of progress, its number of positions and both
    mean squared errors (standardised margins, as the fit's losses).
    """
    import torch

    if len(val_idx) < STAGES or len(train_idx) < 2:
        return []
    col = COMMON.index("eval_margin")
    train_x = x[train_idx, col].double().cpu()
    a = torch.stack([train_x, torch.ones_like(train_x)], 1)
    line = torch.linalg.lstsq(a, y[train_idx].double().cpu().unsqueeze(1)).solution
    slope, icpt = float(line[0, 0]), float(line[1, 0])
    val_x, val_y = x[val_idx].double().cpu(), y[val_idx].double().cpu()
    model_err = (predicted.double().cpu() - val_y) ** 2
    greedy_err = (slope * val_x[:, col] + icpt - val_y) ** 2
    held_progress = progress[val_idx.cpu()]
    order = torch.argsort(held_progress, stable=True)
    out = []
    for k in range(STAGES):
        part = order[len(order) * k // STAGES : len(order) * (k + 1) // STAGES]
        out.append(
            {
                "progress": [round(float(held_progress[part[0]]), 4),
                             round(float(held_progress[part[-1]]), 4)],
                "positions": len(part),
                "model": round(float(model_err[part].mean()), 6),
                "greedy_line": round(float(greedy_err[part].mean()), 6),
            }
        )  # fmt: skip
    return out


def seat_errors(data: Positions, rows: list[int], predicted: list[float]) -> dict[str, float]:
    """The mean squared error, in points², of the margins a search would read.

    ``predicted[k]`` is the model's margin in points for position row ``rows[k]``; the
    rows are whole positions, each position's seats in order (:class:`Positions`). For
    each way of :data:`~zoogames.bots.value.SEATS` the seats' predictions are combined as
    the search combines them (:func:`~zoogames.bots.value.combine`) and compared with the
    final margins; ``mean`` is the error of predicting the mean margin everywhere, the
    mark any reading must beat. At two players the two ways differ only in averaging;
    at four, ``averaged`` misreads every seat behind the second.
    """
    if not rows:
        return {}
    mean = sum(data.y) / len(data.y)
    sums = dict.fromkeys((*SEATS, "mean"), 0.0)
    start = 0
    while start < len(rows):
        end = start + 1
        while end < len(rows) and data.seat[rows[end]] != 0:
            end += 1
        truth = [data.y[k] for k in rows[start:end]]
        for way in SEATS:
            got = combine(predicted[start:end], way)
            sums[way] += sum((g - t) ** 2 for g, t in zip(got, truth, strict=True))
        sums["mean"] += sum((mean - t) ** 2 for t in truth)
        start = end
    return {way: total / len(rows) for way, total in sums.items()}


def fit(
    data: Positions,
    game: str,
    hidden: tuple[int, ...] = (64, 64),
    epochs: int = 30,
    lr: float = 1e-3,
    batch: int = 256,
    seed: int = 0,
    val_share: float = 0.1,
    device: str | None = None,
    meta: dict[str, Any] | None = None,
    weight_decay: float = 0.0,
    features: int | None = None,
    td_lambda: float = 1.0,
    seats: str = "averaged",
    init: dict[str, Any] | None = None,
) -> FitResult:
    """Fit an MLP on ``data`` (see the module docstring); its weights and losses.

    ``features``: fit on the first that many of the game's features only, as a model
    fitted before the later ones were added (features are only ever added at the end of
    a game's list, and a file of a shorter list reads its beginning): an older round of
    training is reproduced exactly.

    ``td_lambda`` below 1 trains on :func:`lambda_returns` instead of the final margins:
    the first epoch on the margins, each later one on the λ-returns of the model as it
    stood after the epoch before. The losses and the held-out error are always measured
    against the final margins, so fits of any ``λ`` compare.

    ``seats``: how the search is to combine the seats' predictions
    (:data:`~zoogames.bots.value.SEATS`), written into the file where it is not the
    default; :attr:`FitResult.seat_errors` measures each way on the held-out games.

    ``init``: a weights file's JSON of the same game to start from instead of random
    weights (a warm start: the next round of self-play fine-tunes the model it played
    with, and the earlier rounds' games need not be kept). Its layer sizes and features
    are the fit's (``hidden`` and ``features`` must agree with them), and so is its
    standardisation: the new games are read as the model was fitted, so epoch 0's
    held-out loss is the old model's own on the new games, and early stopping never
    writes a model worse than that on them.
    """
    import torch
    from torch import nn

    if len(data.x) < 2:
        raise ValueError("too few positions to fit (at least 2)")
    if any(h < 1 for h in hidden):
        raise ValueError("every hidden layer needs at least one unit")
    if epochs < 0 or batch < 1 or lr <= 0 or not 0 <= val_share < 1 or weight_decay < 0:
        raise ValueError("epochs ≥ 0, batch ≥ 1, lr > 0, 0 ≤ val_share < 1 and weight_decay ≥ 0")
    if seats not in SEATS:
        raise ValueError(f"seats is one of {', '.join(SEATS)}")
    if not 0 <= td_lambda <= 1:
        raise ValueError("td_lambda is between 0 and 1 (1: the final margins)")
    nxt = successors(data) if td_lambda < 1 else []
    dev = device or ("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True, warn_only=dev != "cpu")
    started = time.perf_counter()

    names = feature_names(game)
    if any(len(row) != len(names) for row in data.x):
        raise ValueError(f"the positions are not {game}'s: it has {len(names)} features")
    if features is not None:
        if not len(COMMON) <= features <= len(names):
            raise ValueError(
                f"features: {game} has {len(names)}, of which at least the first"
                f" {len(COMMON)} (the common ones) are read"
            )
        names = names[:features]
    if init is not None:
        names = _check_init(init, game, names, hidden, features)
    rows = [row[: len(names)] for row in data.x]
    if init is None:
        mean, std = _stats([list(c) for c in zip(*rows, strict=True)])
        shift = sum(data.y) / len(data.y)
        spread = math.sqrt(sum((v - shift) ** 2 for v in data.y) / len(data.y)) or 1.0
    else:
        norm = init["norm"]
        mean, std = [float(v) for v in norm["mean"]], [float(v) for v in norm["std"]]
        shift, spread = float(norm["shift"]), float(norm["scale"])
    x = torch.tensor(rows, dtype=torch.float64)
    x = (x - torch.tensor(mean, dtype=torch.float64)) / torch.tensor(std, dtype=torch.float64)
    y = (torch.tensor(data.y, dtype=torch.float64) - shift) / spread
    x, y = x.float().to(dev), y.float().to(dev)

    gen = torch.Generator().manual_seed(seed)
    val_idx, train_idx = (t.to(dev) for t in _split(data, val_share, gen))

    sizes = [len(mean), *hidden, 1]
    layers: list[nn.Module] = []
    for k in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[k], sizes[k + 1]))
        if k < len(sizes) - 2:
            layers.append(nn.ReLU())
    model = nn.Sequential(*layers)
    if init is not None:
        linears = [m for m in model if isinstance(m, nn.Linear)]
        with torch.no_grad():
            for m, layer in zip(linears, init["layers"], strict=True):
                m.weight.copy_(torch.tensor(layer["w"], dtype=torch.float32))
                m.bias.copy_(torch.tensor(layer["b"], dtype=torch.float32))
    model = model.to(dev)
    # decoupled weight decay (AdamW) pulls the weights towards 0 at every step: with few
    # games the fit otherwise learns its training games within an epoch or two
    opt = (
        torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=weight_decay)
        if weight_decay
        else torch.optim.Adam(model.parameters(), lr=lr)
    )
    loss_fn = nn.MSELoss()

    def loss_on(idx: Any) -> float:
        if len(idx) == 0:
            return float("nan")
        with torch.no_grad():
            return float(loss_fn(model(x[idx]).squeeze(1), y[idx]))

    result = FitResult(weights={}, device=dev)
    best = copy.deepcopy(model.state_dict()) if len(val_idx) else None
    result.train_loss.append(loss_on(train_idx))
    result.val_loss.append(loss_on(val_idx))
    target = y
    finals = y.double().cpu().tolist() if nxt else []  # the margins, standardised once
    for epoch in range(epochs):
        if nxt and epoch > 0:
            with torch.no_grad():
                values = model(x).squeeze(1).double().cpu().tolist()
            returns = lambda_returns(values, finals, nxt, td_lambda)
            target = torch.tensor(returns, dtype=torch.float32, device=dev)
        model.train()
        perm = train_idx[torch.randperm(len(train_idx), generator=gen).to(dev)]
        for i in range(0, len(perm), batch):
            idx = perm[i : i + batch]
            opt.zero_grad()
            loss = loss_fn(model(x[idx]).squeeze(1), target[idx])
            loss.backward()
            opt.step()
        model.eval()
        result.train_loss.append(loss_on(train_idx))
        result.val_loss.append(loss_on(val_idx))
        if len(val_idx) and result.val_loss[-1] < result.val_loss[result.best_epoch]:
            result.best_epoch = len(result.val_loss) - 1
            best = copy.deepcopy(model.state_dict())
    result.seconds = time.perf_counter() - started
    if best is not None and result.best_epoch < epochs:
        model.load_state_dict(best)
    if len(val_idx):
        model.eval()
        with torch.no_grad():
            predicted = model(x[val_idx]).squeeze(1)
        progress = torch.tensor([row[COMMON.index("progress")] for row in data.x])
        result.stages = stages(x, y, progress, train_idx, val_idx, predicted)
        if data.games > 1:  # whole games held out, so whole positions (else some rows)
            points = (predicted.double().cpu() * spread + shift).tolist()
            result.seat_errors = seat_errors(data, val_idx.cpu().tolist(), points)

    linears = [m for m in model if isinstance(m, nn.Linear)]
    result.weights = {
        "format": FORMAT,
        "game": game,
        "target": "final margin in points (own total less the best other's)",
        "features": list(names),
        **({"seats": seats} if seats != "averaged" else {}),
        "norm": {"mean": mean, "std": std, "scale": spread, "shift": shift},
        "layers": [
            {
                "w": m.weight.detach().cpu().double().tolist(),
                "b": m.bias.detach().cpu().double().tolist(),
            }
            for m in linears
        ],
        "training": {
            "positions": len(data.y),
            "games": data.games,
            "hidden": list(hidden),
            "epochs": epochs,
            "lr": lr,
            **({"weight_decay": weight_decay} if weight_decay else {}),
            **({"td_lambda": td_lambda} if td_lambda < 1 else {}),
            **({"init": _init_note(init)} if init is not None else {}),
            "batch": batch,
            "seed": seed,
            "val_share": val_share,
            "val_games": held_games(data, val_share),
            "train_loss": [round(v, 6) for v in result.train_loss],
            "val_loss": [round(v, 6) for v in result.val_loss],
            "best_epoch": result.best_epoch,
            "stages": result.stages,
            **(meta or {}),
        },
    }
    from_json(result.weights)  # what the players read back must load
    return result


def _check_init(
    init: dict[str, Any],
    game: str,
    names: tuple[str, ...],
    hidden: tuple[int, ...],
    features: int | None,
) -> tuple[str, ...]:
    """The features a warm start reads (``init``'s), or ``ValueError`` if it cannot start one."""
    from_json(init)  # a weights file at all, of a known game and a beginning of its list
    if init.get("game") != game:
        raise ValueError(f"init: the weights are {init.get('game')}'s, the positions {game}'s")
    trained = tuple(init["features"])
    if features is not None and len(trained) != len(names):
        raise ValueError(f"init: the weights read {len(trained)} features, not {len(names)}")
    sizes = [len(layer["b"]) for layer in init["layers"]]
    if tuple(sizes[:-1]) != tuple(hidden):
        shape = ",".join(str(v) for v in sizes[:-1])
        raise ValueError(f"init: the weights' hidden layers are {shape}, not the fit's")
    return trained


def _init_note(init: dict[str, Any]) -> dict[str, Any]:
    """What a warm-started file records of the weights it started from."""
    return {"sha256": digest(init), "games": init.get("training", {}).get("games")}


def digest(weights: dict[str, Any]) -> str:
    """The SHA-256 of the file :func:`write` makes of ``weights``."""
    return hashlib.sha256(_text(weights).encode()).hexdigest()


def _text(weights: dict[str, Any]) -> str:
    return json.dumps(weights, sort_keys=True, separators=(",", ":")) + "\n"


def write(weights: dict[str, Any], path: Path) -> str:
    """Write the weights file and return its SHA-256 (keys sorted: one fit, one file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_text(weights), encoding="utf-8")
    return digest(weights)


__all__ = [
    "STAGES",
    "FitResult",
    "digest",
    "fit",
    "held_games",
    "lambda_returns",
    "seat_errors",
    "stages",
    "successors",
    "write",
]
