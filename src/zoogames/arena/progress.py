"""The arena's live display: a Rich progress bar with time left and the standings so far."""

from __future__ import annotations

from collections.abc import Collection
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from zoogames.arena.runner import ArenaConfig
from zoogames.arena.stats import wilson, win_shares


class ArenaProgress:
    """Games done out of planned, elapsed and remaining time, and each bot's win rate."""

    def __init__(
        self,
        config: ArenaConfig,
        console: Console | None = None,
        only: Collection[int] | None = None,
    ) -> None:
        self.config = config
        self.only = only
        """The share of the run this process plays (``--only``), or ``None`` for all of it."""
        self.console = console or Console(stderr=True)
        self.out = Console()
        self.wins: dict[str, float] = {s: 0.0 for s in dict.fromkeys(config.lineup)}
        self.games: dict[str, int] = dict.fromkeys(self.wins, 0)
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[standings]}"),
            console=self.console,
        )
        self.task = self.progress.add_task(
            f"{config.game} ×{config.players}", total=config.games, standings=""
        )

    def __enter__(self) -> ArenaProgress:
        self.progress.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.progress.stop()

    def _add(self, record: dict[str, Any]) -> None:
        shares = win_shares(record)
        for seat, spec in enumerate(record["arena"]["bots"]):
            self.wins[spec] = self.wins.get(spec, 0.0) + shares[seat]
            self.games[spec] = self.games.get(spec, 0) + 1

    def standings(self) -> str:
        """``mcts 64% · greedy 36%``: win rates so far, best first."""
        rates = [(self.wins[s] / self.games[s], s) for s in self.wins if self.games.get(s)]
        return " · ".join(f"{s} {r:.0%}" for r, s in sorted(rates, reverse=True))

    def start_with(self, done: dict[int, dict[str, Any]]) -> None:
        """Count the games a resumed run already has."""
        for record in done.values():
            self._add(record)
        # a share ends with the games it found and its own, not with the whole run
        total = self.config.games if self.only is None else len(set(done) | set(self.only))
        self.progress.update(
            self.task, total=total, completed=len(done), standings=self.standings()
        )

    def update(self, record: dict[str, Any], done: dict[int, dict[str, Any]]) -> None:
        """One more game finished."""
        self._add(record)
        self.progress.update(self.task, completed=len(done), standings=self.standings())

    def report(self, results: dict[str, Any]) -> None:
        """The final standings as a table on standard output."""
        table = Table(
            title=f"{results['game']}, {results['players']} players, {results['games']} games"
        )
        for col in ("bot", "games", "wins", "win rate (95%)", "mean score", "rating"):
            table.add_column(col, justify="left" if col == "bot" else "right")
        for spec, b in sorted(results["bots"].items(), key=lambda kv: -(kv[1]["win_rate"] or 0.0)):
            lo, hi = b["win_rate_95"] if b["games"] else wilson(0, 0)
            rate = "–" if b["win_rate"] is None else f"{b['win_rate']:.1%}"
            rating = b.get("openskill") or {}
            table.add_row(
                spec,
                str(b["games"]),
                f"{b['wins']:g}",
                f"{rate} [{lo:.1%}, {hi:.1%}]",
                f"{b['mean_score']:.1f} ± {b['score_sd']:.1f}",
                f"{rating.get('ordinal', 0.0):.1f}",
            )
        self.out.print(table)
        for spec, b in results["bots"].items():
            if b.get("weights"):  # which file a learned evaluation was, as the model card lists it
                self.out.print(f"{spec}: learned weights SHA-256 {', '.join(b['weights'])}")


__all__ = ["ArenaProgress"]
