"""What an arena run measured: win rates with intervals, scores, seats and ratings.

:func:`summarize` turns the finished games (the records the arena wrote, in game order)
into the ``results.json`` object. Every number in it can be recomputed from the records
alone: a game's lineup is in the record's ``arena`` block and its outcome in ``result``.

Conventions:

- a bot's *games* are seat-games: a spec that sits in three seats of one game (``mcts``
  against three ``greedy``) counts three games for ``greedy``;
- a *win* is a seat among the game's winners after tie-breaks; a shared win counts
  ``1/k`` for each of the ``k`` winners, so the wins of one game add up to 1;
- the 95% interval of a win rate is Wilson's score interval;
- ratings are OpenSkill's Plackett–Luce model, updated game by game in game order from
  the final ranking (by points, then tie-break); a spec in several seats of one game
  rates each seat as a copy and keeps the mean of the copies' updates; solo games are not
  rated (``openskill`` is then ``null``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from zoogames.core.record import ranks

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``wins`` successes in ``n`` trials (``(0, 1)`` if ``n`` is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if not n:
        return (0.0, 0.0)
    m = sum(values) / n
    if n < 2:
        return (m, 0.0)
    return (m, math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)))


def win_shares(record: dict[str, Any]) -> list[float]:
    """Per seat: 1/k if the seat is one of the game's k winners, else 0."""
    result = record["result"]
    winners = result["winners"]
    return [
        (1.0 / len(winners) if seat in winners else 0.0) for seat in range(len(result["scores"]))
    ]


def turn_position(record: dict[str, Any], seat: int) -> int:
    """The seat's place in the turn order (0: the start player), or the seat if unknown."""
    start = record["options"].get("start_player")
    players = record["options"]["players"]
    return (seat - start) % players if isinstance(start, int) else seat


def ratings(
    records: Sequence[dict[str, Any]],
    name: Callable[[str], str] | None = None,
    fixed: dict[str, tuple[float, float]] | None = None,
) -> dict[str, dict[str, float]]:
    """OpenSkill (Plackett–Luce) rating per bot spec after every game, in order.

    ``name`` rates the specs under other names (the ladder's levels: ``greedy`` is
    ``casual`` in the truck games); a name on several seats of one game gets their mean.
    ``fixed`` names keep that ``(mu, sigma)`` throughout: the others are rated against
    them, and they are not in the result.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    held = fixed or {}
    current: dict[str, Any] = {
        spec: model.rating(mu=mu, sigma=sigma, name=spec) for spec, (mu, sigma) in held.items()
    }
    for rec in records:
        lineup: list[str] = [name(s) if name else s for s in rec["arena"]["bots"]]
        if len(lineup) < 2:  # solo: nobody to be ranked against
            continue
        for spec in lineup:
            current.setdefault(spec, model.rating(name=spec))
        teams = [[model.rating(mu=current[s].mu, sigma=current[s].sigma)] for s in lineup]
        new = model.rate(teams, ranks=ranks(rec))
        updates: dict[str, list[Any]] = {}
        for spec, team in zip(lineup, new, strict=True):
            updates.setdefault(spec, []).append(team[0])
        for spec, rs in updates.items():
            if spec in held:
                continue
            current[spec] = model.rating(
                mu=sum(r.mu for r in rs) / len(rs),
                sigma=sum(r.sigma for r in rs) / len(rs),
                name=spec,
            )
    return {
        spec: {
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "ordinal": round(r.ordinal(), 3),
        }
        for spec, r in current.items()
        if spec not in held
    }


def _rate(wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {
        "games": n,
        "wins": round(wins, 4),
        "win_rate": round(wins / n, 4) if n else None,
        "win_rate_95": [round(lo, 4), round(hi, 4)],
    }


def summarize(records: Sequence[dict[str, Any]], config: dict[str, Any]) -> dict[str, Any]:
    """The ``results.json`` object for the finished ``records`` of an arena run."""
    records = sorted(records, key=lambda r: r["arena"]["index"])
    players = int(config["players"])
    specs: list[str] = list(dict.fromkeys(config["lineup"]))
    wins = {s: 0.0 for s in specs}
    scores: dict[str, list[float]] = {s: [] for s in specs}
    seat_wins = {s: [0.0] * players for s in specs}
    seat_games = {s: [0] * players for s in specs}
    seat_scores: dict[str, list[list[float]]] = {s: [[] for _ in range(players)] for s in specs}
    search: dict[str, dict[str, float]] = {}
    weights: dict[str, set[str]] = {}
    pos_wins = [0.0] * players
    pos_games = [0] * players
    pos_scores: list[list[float]] = [[] for _ in range(players)]
    seconds = 0.0
    for rec in records:
        lineup = rec["arena"]["bots"]
        shares = win_shares(rec)
        seconds += float(rec["arena"].get("seconds", 0.0))
        for seat, spec in enumerate(lineup):
            if spec not in wins:  # a spec not in the config's lineup (should not happen)
                specs.append(spec)
                wins[spec], scores[spec] = 0.0, []
                seat_wins[spec], seat_games[spec] = [0.0] * players, [0] * players
                seat_scores[spec] = [[] for _ in range(players)]
            points = float(rec["result"]["scores"][seat])
            wins[spec] += shares[seat]
            scores[spec].append(points)
            seat_wins[spec][seat] += shares[seat]
            seat_games[spec][seat] += 1
            seat_scores[spec][seat].append(points)
            pos = turn_position(rec, seat)
            pos_wins[pos] += shares[seat]
            pos_games[pos] += 1
            pos_scores[pos].append(points)
            stats = (rec["arena"].get("stats") or [None] * players)[seat]
            if stats and stats.get("iterations"):
                acc = search.setdefault(spec, {"iterations": 0.0, "seconds": 0.0, "decisions": 0.0})
                for k in acc:
                    acc[k] += float(stats.get(k, 0.0))
            digest = (rec["arena"].get("weights") or [None] * players)[seat]
            if digest:
                weights.setdefault(spec, set()).add(digest)
    rated = ratings(records) if records else {}
    bots: dict[str, Any] = {}
    for spec in specs:
        n = len(scores[spec])
        mean, sd = mean_sd(scores[spec])
        entry: dict[str, Any] = _rate(wins[spec], n)
        entry.update(
            {
                "mean_score": round(mean, 3),
                "score_sd": round(sd, 3),
                "score_min": min(scores[spec]) if n else None,
                "score_max": max(scores[spec]) if n else None,
                "seats": [
                    {
                        "seat": seat,
                        **_rate(seat_wins[spec][seat], seat_games[spec][seat]),
                        "mean_score": round(mean_sd(seat_scores[spec][seat])[0], 3),
                    }
                    for seat in range(players)
                ],
                "openskill": rated.get(spec),
            }
        )
        if spec in search and search[spec]["seconds"] > 0:
            acc = search[spec]
            entry["search"] = {
                "decisions": int(acc["decisions"]),
                "iterations_per_decision": round(acc["iterations"] / max(1.0, acc["decisions"]), 1),
                "iterations_per_second": round(acc["iterations"] / acc["seconds"], 1),
            }
        if spec in weights:
            entry["weights"] = sorted(weights[spec])
        bots[spec] = entry
    return {
        "game": config["game"],
        "players": players,
        "lineup": config["lineup"],
        "seed": config["seed"],
        "options": config.get("options", {}),
        "games": len(records),
        "planned": config["games"],
        "game_seconds": round(seconds, 2),
        "bots": bots,
        "turn_order": [
            {
                "position": p,
                **_rate(pos_wins[p], pos_games[p]),
                "mean_score": round(mean_sd(pos_scores[p])[0], 3),
            }
            for p in range(players)
        ],
    }


__all__ = ["mean_sd", "ratings", "summarize", "turn_position", "wilson", "win_shares"]
