"""Ratings of rated games: OpenSkill's Plackett-Luce model, as the arena uses it.

A rated game (chosen at creation) seats signed-in players and, optionally, bots with a
fixed public rating. When it ends, each account's rating at that catalog game is updated
once from the final ranking (points, then the game's tie-break: ``arena.stats.ranks``);
the bots' ratings stay as they are. A new player starts at OpenSkill's defaults
(mu 25, sigma 25/3); leaderboards sort by the ordinal, mu - 3 sigma.

**The bots' fixed ratings** (:data:`BOT_RATINGS`) come from the arena figures in
docs/bots.md ("Strength", "Measured"): in each catalog game, ``greedy`` won all 100
two-player games against ``random``. Those 100 results are fed, in turn, to the same
model from the defaults (:func:`bot_ratings`), which gives ``greedy`` mu 46.15 and
``random`` mu 3.85 (sigma 5.32 each) in every game. The MCTS specs the catalog offers
(0.5, 2 and 5 seconds) were not measured head to head in a way that fits (docs/bots.md
measures ``mcts:seconds=1``), so they have no rating and cannot sit at rated tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from zoogames.arena.stats import ranks

MODEL = PlackettLuce()

MEASURED: tuple[tuple[str, str, int, int], ...] = (("greedy", "random", 100, 0),)
"""Two-player results from docs/bots.md, the same in every catalog game: (a, b, a's wins,
b's wins)."""


def bot_ratings() -> dict[str, tuple[float, float]]:
    """(mu, sigma) per bot spec from :data:`MEASURED`, each game rated in turn."""
    current = {spec: MODEL.rating(name=spec) for a, b, _, _ in MEASURED for spec in (a, b)}
    for a, b, a_wins, b_wins in MEASURED:
        for winner, loser in [(a, b)] * a_wins + [(b, a)] * b_wins:
            [[won], [lost]] = MODEL.rate([[current[winner]], [current[loser]]], ranks=[0, 1])
            current[winner], current[loser] = won, lost
    return {spec: (r.mu, r.sigma) for spec, r in current.items()}


BOT_RATINGS = bot_ratings()
"""The bots' fixed public ratings (module docstring), the same at every catalog game."""


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate a leaderboard sorts by: mu - 3 sigma."""
    return mu - 3 * sigma


def rating_json(mu: float, sigma: float) -> dict[str, float]:
    """A rating as the API shows it."""
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(ordinal(mu, sigma), 3)}


def update(
    seats: Sequence[tuple[float, float, bool]], result: dict[str, Any]
) -> list[tuple[float, float]]:
    """The new (mu, sigma) of every seat after a game with ``result``.

    ``seats`` holds each seat's (mu, sigma, fixed); a fixed seat (a bot) keeps its rating.
    """
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in seats]
    rated = MODEL.rate(teams, ranks=ranks({"result": result}))
    return [
        (mu, sigma) if fixed else (team[0].mu, team[0].sigma)
        for (mu, sigma, fixed), team in zip(seats, rated, strict=True)
    ]
