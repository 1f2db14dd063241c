"""Ratings of rated games: OpenSkill's Plackett-Luce model, as the arena uses it.

A rated game (chosen at creation) seats signed-in players and, optionally, bots with a
fixed public rating. When it ends, each account's rating at that catalog game is updated
once from the final ranking (points, then the game's tie-break: ``core.record.ranks``);
the bots' ratings stay as they are. A new player starts at OpenSkill's defaults
(mu 25, sigma 25/3); leaderboards sort by the ordinal, mu - 3 sigma.

**The bots' fixed ratings** (:func:`bot_rating`) come from the measured two-player results
in docs/bots.md, per catalog game (:data:`MEASURED`): ``greedy`` against ``random`` (100
games, "Strength"), and the ladder of the named levels (``benchmarks/ladder.py``,
"Levels"): ``beginner`` against ``casual``, ``casual`` against ``strong``, ``strong``
against ``expert``, and ``greedy`` against ``expert`` (measured when ``expert``'s spec was
named ``strong``), a level that is ``greedy`` in a game under that name (:func:`aliases`);
and ``master`` against ``expert`` where it plays ("Learned evaluation").
Those results are fed to the same model from its defaults in :data:`ORDERS` fixed random
orders (OpenSkill rates game by game, so one order alone would weigh the last games most),
and a bot's rating is its mean mu and sigma over them. A bot with fewer than
:data:`MIN_GAMES` measured games in a game (the MCTS specs by seconds) has no rating there
and cannot sit at that game's rated tables.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from openskill.models import PlackettLuce

from zoogames.bots.levels import LEVELS, level_spec, offered
from zoogames.core.record import ranks

MODEL = PlackettLuce()

Result = tuple[str, str, int, int, int]
"""A measured two-player match-up: (a, b, a's wins, b's wins, draws)."""

GREEDY_RANDOM: Result = ("greedy", "random", 100, 0, 0)
"""docs/bots.md, "Strength": the same in every catalog game."""

MEASURED: dict[str, tuple[Result, ...]] = {
    "aquaretto": (
        GREEDY_RANDOM,
        ("beginner", "greedy", 2, 14, 0),
        ("greedy", "strong", 1, 15, 0),
        ("strong", "expert", 1, 14, 1),
        ("greedy", "expert", 0, 16, 0),
        ("master", "expert", 48, 15, 1),
    ),
    "zooloretto": (
        GREEDY_RANDOM,
        ("beginner", "greedy", 2, 62, 0),
        ("greedy", "strong", 10, 54, 0),
        ("strong", "expert", 10, 52, 2),
        ("greedy", "expert", 2, 14, 0),
        ("master", "expert", 45, 17, 2),
        ("master", "expert", 43, 20, 1),
    ),
    "aquaretto-zooloretto": (
        GREEDY_RANDOM,
        ("beginner", "greedy", 0, 48, 0),
        ("greedy", "strong", 4, 44, 0),
        ("strong", "expert", 8, 40, 0),
        ("greedy", "expert", 0, 16, 0),
        ("master", "expert", 51, 13, 0),
    ),
    "aquarium-designer": (  # its casual is beginner:temperature=0.8, its strong greedy
        GREEDY_RANDOM,
        ("beginner", "casual", 29, 131, 0),
        ("casual", "greedy", 29, 128, 3),
        ("greedy", "expert", 40, 119, 1),
        ("greedy", "expert", 14, 33, 1),
    ),
}
"""Each catalog game's measured results (module docstring; docs/bots.md, Levels)."""


def aliases(game: str, results: Sequence[Result] | None = None) -> dict[str, str]:
    """The named levels whose spec in ``game`` is measured under its own name there.

    They share its rating: ``casual`` is ``greedy`` in the truck games, ``strong`` in
    Aquarium Designer (``bots/levels.py``, ``BY_GAME``); the other levels are measured
    under their level's name. ``results``: the game's measured results (default
    :data:`MEASURED`'s).
    """
    if results is None:
        results = MEASURED.get(game, ())
    measured = {name for a, b, *_ in results for name in (a, b)}
    return {
        level: spec
        for level in LEVELS
        if offered(level, game) and (spec := level_spec(level, game)) != level and spec in measured
    }


MIN_GAMES = 16
"""The measured games a bot needs in a game to be rated there: fewer leave its rating
near the model's starting point whatever the results (with 8 games against the level
below it and level with it, a search level once got a rating below ``casual``, whom it
never met)."""

ORDERS = 20
"""Random orders of the measured games whose ratings are averaged (module docstring)."""


ABOVE = frozenset(("master",))
"""Levels rated after the others, against their ratings held fixed: a level added above
the ladder with many games against ``expert`` alone would otherwise move every level's
rating (sequential updates from a newcomer's 25 pull ``expert`` down, and the ladder
below with it), and with them what players were already rated against."""


def _rate(
    games: list[tuple[str, str, list[float]]],
    rng: random.Random,
    fixed: dict[str, tuple[float, float]],
) -> dict[str, list[float]]:
    """Mean (mu, sigma) over :data:`ORDERS` shuffles of ``games``; ``fixed`` bots stay put."""
    total: dict[str, list[float]] = {}
    for _ in range(ORDERS):
        rng.shuffle(games)
        current: dict[str, Any] = {
            spec: MODEL.rating(mu=mu, sigma=sigma) for spec, (mu, sigma) in fixed.items()
        }
        for a, b, order in games:
            ra = current.setdefault(a, MODEL.rating())
            rb = current.setdefault(b, MODEL.rating())
            [[na], [nb]] = MODEL.rate([[ra], [rb]], ranks=order)
            current[a] = ra if a in fixed else na
            current[b] = rb if b in fixed else nb
        for spec, r in current.items():
            if spec not in fixed:
                mu_sigma = total.setdefault(spec, [0.0, 0.0])
                mu_sigma[0] += r.mu / ORDERS
                mu_sigma[1] += r.sigma / ORDERS
    return total


def rate_results(game: str, results: Sequence[Result]) -> dict[str, tuple[float, float]]:
    """(mu, sigma) per rated bot spec of ``game`` from its measured ``results``.

    The module docstring says how (and :data:`ABOVE` what is rated last);
    :data:`BOT_RATINGS_FILE` holds what it gives.
    """
    first: list[tuple[str, str, list[float]]] = []
    last: list[tuple[str, str, list[float]]] = []
    for a, b, a_wins, b_wins, draws in results:
        games = [(a, b, [0.0, 1.0])] * a_wins + [(a, b, [1.0, 0.0])] * b_wins
        games += [(a, b, [0.0, 0.0])] * draws
        (last if a in ABOVE or b in ABOVE else first).extend(games)
    rng = random.Random(f"bot-ratings:{game}")
    played: dict[str, int] = {}
    for a, b, _ in first + last:
        played[a] = played.get(a, 0) + 1
        played[b] = played.get(b, 0) + 1

    def rated(total: dict[str, list[float]]) -> dict[str, tuple[float, float]]:
        return {
            spec: (mu, sigma) for spec, (mu, sigma) in total.items() if played[spec] >= MIN_GAMES
        }

    out = rated(_rate(first, rng, {}))
    if last:
        out |= rated(_rate(last, rng, {s: r for s, r in out.items() if s not in ABOVE}))
    for alias, spec in aliases(game, results).items():
        if spec in out:
            out[alias] = out[spec]
    return out


def measured_ratings() -> dict[str, dict[str, tuple[float, float]]]:
    """:func:`rate_results` of every game in :data:`MEASURED`."""
    return {game: rate_results(game, results) for game, results in MEASURED.items()}


BOT_RATINGS_FILE = "bot-ratings.json"
""":func:`measured_ratings` written out, beside this module. Computing them costs about
half a second of CPU (27,000 OpenSkill updates), which every server start would pay at
its first catalog request; a test checks that the file is what they compute now, and
``scripts/bot_ratings.py`` writes it anew after :data:`MEASURED` changes."""


@cache
def _shipped_ratings() -> dict[str, dict[str, tuple[float, float]]]:
    text = resources.files(__package__).joinpath(BOT_RATINGS_FILE).read_text("utf-8")
    table: dict[str, dict[str, list[float]]] = json.loads(text)
    return {
        game: {spec: (mu, sigma) for spec, (mu, sigma) in bots.items()}
        for game, bots in table.items()
    }


def bot_ratings(game: str) -> dict[str, tuple[float, float]]:
    """(mu, sigma) per rated bot spec of ``game`` (from :data:`BOT_RATINGS_FILE`)."""
    return dict(_shipped_ratings().get(game, {}))


def bot_rating(game: str, spec: str | None) -> tuple[float, float] | None:
    """The fixed (mu, sigma) of bot ``spec`` at ``game``; ``None`` if it has none there."""
    return None if spec is None else _shipped_ratings().get(game, {}).get(spec)


def rated_games(spec: str) -> list[str]:
    """The catalog games at which bot ``spec`` has a fixed rating."""
    return [game for game in MEASURED if spec in bot_ratings(game)]


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


def ratings_json(table: dict[str, dict[str, tuple[float, float]]]) -> str:
    """:data:`BOT_RATINGS_FILE`'s text for ``table``: a line per bot, floats exact."""
    games = []
    for game in sorted(table):
        bots = ",\n".join(
            f"    {json.dumps(spec)}: [{mu!r}, {sigma!r}]"
            for spec, (mu, sigma) in sorted(table[game].items())
        )
        games.append(f"  {json.dumps(game)}: {{\n{bots}\n  }}")
    return "{\n" + ",\n".join(games) + "\n}\n"
