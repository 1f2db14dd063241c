"""The arena's plots, as PNG files beside ``results.json`` (matplotlib, no screen needed).

- ``scores.png``: the distribution of final points per bot (box plot over every seat-game);
- ``win_rates.png``: each bot's win rate with its 95% interval, against an equal share;
- ``turn_order.png``: the win rate by place in the turn order (0: the start player), the
  start-seat advantage, with 95% intervals.

And a game review's ``winchance.png`` (``zoogames review``, :func:`plot_review`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _errors(entries: list[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    rates = [e["win_rate"] or 0.0 for e in entries]
    low = [r - e["win_rate_95"][0] for r, e in zip(rates, entries, strict=True)]
    high = [e["win_rate_95"][1] - r for r, e in zip(rates, entries, strict=True)]
    return rates, [[max(0.0, x) for x in low], [max(0.0, x) for x in high]]


def plot_all(records: list[dict[str, Any]], results: dict[str, Any], out: Path) -> list[Path]:
    """Write the three plots of a run into ``out``; the paths written."""
    plt = _pyplot()
    out = Path(out)
    title = f"{results['game']}, {results['players']} players, {results['games']} games"
    specs = list(results["bots"])
    paths = []

    scores: dict[str, list[float]] = {s: [] for s in specs}
    for rec in records:
        for seat, spec in enumerate(rec["arena"]["bots"]):
            scores.setdefault(spec, []).append(rec["result"]["scores"][seat])
    fig, ax = plt.subplots(figsize=(max(4.0, 1.6 * len(specs) + 2), 4))
    ax.boxplot([scores[s] for s in specs], showmeans=True)
    ax.set_xticks(range(1, len(specs) + 1), specs, rotation=15)
    ax.set_ylabel("final points")
    ax.set_title(f"Scores per bot: {title}", fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    paths.append(out / "scores.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

    entries = [results["bots"][s] for s in specs]
    rates, err = _errors(entries)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.6 * len(specs) + 2), 4))
    ax.bar(range(len(specs)), rates, yerr=err, capsize=6, color="#4c78a8")
    ax.axhline(1 / results["players"], color="grey", linestyle="--", label="equal share")
    ax.set_xticks(range(len(specs)), specs, rotation=15)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"Win rates: {title}", fontsize=10)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    paths.append(out / "win_rates.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

    order = results["turn_order"]
    rates, err = _errors(order)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(order) + 2), 4))
    ax.bar([str(o["position"]) for o in order], rates, yerr=err, capsize=6, color="#f58518")
    ax.axhline(1 / results["players"], color="grey", linestyle="--", label="equal share")
    ax.set_ylim(0, 1)
    ax.set_xlabel("place in the turn order (0: start player)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"Start-seat advantage: {title}", fontsize=10)
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    paths.append(out / "turn_order.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    return paths


__all__ = ["plot_all"]


def plot_review(review: Any, path: Path) -> Path:
    """``winchance.png`` of a game review (``zoogames.bots.teach.Review``).

    Each seat's estimate over the decisions; the turning points marked on the seat that
    lost there.
    """
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    for seat in range(review.players):
        points = [
            (d.number, d.values[seat]) for d in review.decisions if d.values[seat] is not None
        ]
        if points:
            xs, ys = zip(*points, strict=True)
            ax.plot(xs, ys, label=f"seat {seat}")
    turning = review.turning_points()
    if turning:
        ax.scatter(
            [d.number for d in turning],
            [d.values[d.seat] if d.values[d.seat] is not None else 0.5 for d in turning],
            marker="o",
            s=60,
            facecolors="none",
            edgecolors="red",
            label="turning points",
        )
    ax.set_xlabel("action")
    ax.set_ylabel("estimated chance to win (search)")
    ax.set_ylim(0, 1)
    ax.set_title(f"{review.game}: the search's estimate of each seat over the game")
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return Path(path)
