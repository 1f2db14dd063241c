"""The ladder of named levels: how strong ``beginner`` to ``expert`` and ``master`` are.

For every game and for 2 and 4 players, the levels play each other in the arena, and each
level gets an OpenSkill (Plackett–Luce) rating with a 95% interval. Prints one JSON line per
game and player count, and writes one plot of every rating (``--plot``).

    python benchmarks/ladder.py [--game aquaretto ...] [--players 2 --players 4]
        [--levels beginner,casual,strong,expert,master] [--games 20] [--games-4p 8]
        [--workers 2] [--seed 1] [--out /tmp/zoogames-ladder] [--report]
        [--bootstrap 400] [--plot docs/plots/ladder.png] [--results docs/plots/ladder.jsonl]

What is played:

- 2 players: each pair of adjacent levels (``beginner``–``casual``, ``casual``–``strong``,
  ``strong``–``expert``, ``expert``–``master``), ``--games`` games each, the seats
  swapped every other game on the same deal (the arena's rotation);
- 4 players: the levels together at one table, ``--games-4p`` games, rotated through
  the seats; with five levels a table of the weakest four and one of the strongest
  four; with fewer than four levels the weakest fill the remaining seats (three
  levels: ``beginner``, ``casual``, ``strong``, ``beginner``).

Only the levels offered in a game at that count are played there: ``master`` where its
learned evaluation was measured above ``expert`` (``levels.ONLY_IN``), so elsewhere the
ladder ends at ``expert``.

A level plays as its spec in that game (``levels.level_spec``: Zooloretto's ``strong``
searches 200 iterations, elsewhere 40; Aquarium Designer's ``casual`` is
``beginner:temperature=0.8`` and its ``strong`` ``greedy``), and each searching level's
mean iterations and seconds per decision are reported beside its rating.

Each match-up is an arena run under ``--out`` (``<game>-<n>p/<a>-<b>``), so rerunning the
same command continues it. The ratings pool every match-up found there among ``--levels``,
from this command or earlier ones (a cheap run of three levels, then ``strong``–``expert``
on its own); ``--report`` only rates what is there. An arena run put there by hand pools too (say
``zoogames arena aquaretto -b master -b expert -n 64 --out <out>/aquaretto-2p/master-64``,
more games than the ladder's own pair), unless its learned seats used other weights than
this process's (a training round's games): those are left out, with a note.

``--results FILE`` keeps every game and count's latest line in one JSON-lines file (this
command's lines replace those of the same game and count there) and ``--plot`` then draws
all of them: replaying one game's ladder redraws the whole plot. A time-capped level (the
MCTS ones) plays fewer iterations on a busy machine, so measure with nothing else running.

How the ratings are computed, and why not just OpenSkill's own ``mu ± 2 sigma``: OpenSkill
updates game by game, so its result depends on the order of the games, and its ``sigma``
is a belief that shrinks slowly by design (after 20 games won 18 to 2, both sides still
have ``sigma`` 6.2: a ``± 2 sigma`` interval 25 points wide, which tens of games can never
separate). Here a level's rating is the mean ``mu`` over ``--orders`` random orders of the
games, and its interval is the 2.5–97.5 percentile of that rating over ``--bootstrap``
resamples of the games (drawn with replacement within each match-up): how far the rating
would move on other deals. Adjacent levels are *separated* when their intervals do not
overlap and, where they met in a 2-player match-up, the stronger one's win rate has a 95%
(Wilson) interval above 50% (a bootstrap cannot move a clean sweep of three games).
``master``'s games (``ratings.ABOVE``) are rated after the others', against their
ratings held fixed, as the server rates its bots.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import zoogames
from zoogames.arena import ArenaConfig, run
from zoogames.arena.runner import load_games, played_weights
from zoogames.arena.stats import ratings
from zoogames.bots.levels import LEVELS, level_spec, offered
from zoogames.server.ratings import ABOVE


def matchups(levels: list[str], players: int) -> list[tuple[str, list[str]]]:
    """(folder name, levels per seat) of each arena run for ``players`` players."""
    if players == 2:
        return [(f"{a}-{b}", [a, b]) for a, b in itertools.pairwise(levels)]
    if len(levels) > players:  # a table of each run of adjacent levels, the weakest first
        tables = [levels[i : i + players] for i in range(len(levels) - players + 1)]
        return [("-".join(seats), seats) for seats in tables]
    # fewer levels than seats: the weakest fill the rest (the cheapest to play)
    seats = [*levels, *levels][:players]
    return [("-".join(seats), seats)]


def game_levels(levels: list[str], game: str, players: int) -> list[str]:
    """Those of ``levels`` offered in ``game`` at ``players`` (``levels.ONLY_IN``)."""
    return [level for level in levels if offered(level, game, players)]


def specs_to_levels(levels: list[str], game: str | None) -> dict[str, str]:
    """Each level's spec in ``game``, and its name, to the level's name.

    The ladder's own runs name each seat's spec; an arena run played by hand with
    ``-b master`` names the level itself, and pools as well.
    """
    names = {level_spec(level, game): level for level in levels}
    names.update({level: level for level in levels})
    return names


def played_with_shipped_weights(recs: list[dict[str, Any]], game: str, players: int) -> bool:
    """Whether every learned seat of ``recs`` judged with this process's weights.

    The weights are ``game``'s at ``players`` players (a count may have its own file:
    ``value.model_file``).

    ``master`` in records of other weights (a training round's) is another bot: pooling
    them would rate the shipped level on games it did not play.
    """
    used = played_weights(recs)
    if not used:
        return True
    from zoogames.bots import value

    try:
        return used == {value.load(game, players).digest}
    except ValueError:
        return False


def _rate_once(records: list[dict[str, Any]], names: dict[str, str]) -> dict[str, float]:
    """Each level's OpenSkill ``mu`` after rating ``records`` in the order given.

    The games of a level rated last (``ratings.ABOVE``: ``master``) are rated after the
    others, against their ratings held fixed, as the server rates its bots: sequential
    updates from a newcomer's 25 over many games against ``expert`` alone would pull
    ``expert`` down, and the ladder below it with it.
    """
    first: list[dict[str, Any]] = []
    last: list[dict[str, Any]] = []
    for rec in records:
        above_it = any(names[spec] in ABOVE for spec in rec["arena"]["bots"])
        (last if above_it else first).append(rec)
    below = ratings(first, names.__getitem__)
    held = {level: (r["mu"], r["sigma"]) for level, r in below.items()}
    above = ratings(last, names.__getitem__, fixed=held) if last else {}
    return {level: r["mu"] for level, r in (below | above).items()}


def _mean_rating(
    records: list[dict[str, Any]], names: dict[str, str], orders: int, rng: random.Random
) -> dict[str, float]:
    """The mean ``mu`` per level over ``orders`` random orders of ``records``."""
    total: dict[str, float] = {}
    for _ in range(orders):
        shuffled = records[:]
        rng.shuffle(shuffled)
        for level, mu in _rate_once(shuffled, names).items():
            total[level] = total.get(level, 0.0) + mu / orders
    return total


def rate(
    runs: dict[str, list[dict[str, Any]]],
    levels: list[str],
    orders: int = 20,
    bootstrap: int = 400,
    seed: int = 0,
    game: str | None = None,
) -> dict[str, Any]:
    """Ratings with 95% intervals per level, and which adjacent levels are separated.

    ``runs`` holds the records of each match-up (of ``game``, whose levels may be their own
    specs); resamples are drawn within each, so a resample keeps every match-up's share of
    the games.
    """
    names = specs_to_levels(levels, game)
    rng = random.Random(seed)
    everything = [rec for recs in runs.values() for rec in recs]
    point = _mean_rating(everything, names, orders, rng)
    samples: dict[str, list[float]] = {level: [] for level in point}
    for _ in range(bootstrap):
        resample = [rec for recs in runs.values() for rec in rng.choices(recs, k=len(recs))]
        for level, mu in _mean_rating(resample, names, 1, rng).items():
            samples[level].append(mu)
    out: dict[str, Any] = {}
    for level in levels:
        if level not in point:
            continue
        s = sorted(samples[level])
        lo = s[int(0.025 * (len(s) - 1))] if s else None
        hi = s[round(0.975 * (len(s) - 1))] if s else None
        out[level] = {
            "rating": round(point[level], 2),
            "lo": None if lo is None else round(lo, 2),
            "hi": None if hi is None else round(hi, 2),
        }
    rated = [level for level in levels if level in out]
    separated = {
        f"{a}<{b}": _apart(out[a], out[b]) and _beats(_pair(runs, names, a, b), names, b)
        for a, b in itertools.pairwise(rated)
    }
    return {"levels": out, "separated": separated}


def _pair(
    runs: dict[str, list[dict[str, Any]]], names: dict[str, str], a: str, b: str
) -> list[dict[str, Any]]:
    """Every 2-player game of ``a`` against ``b``, whichever run it was played in."""
    return [
        rec
        for recs in runs.values()
        for rec in recs
        if sorted(names[spec] for spec in rec["arena"]["bots"]) == sorted([a, b])
    ]


def _apart(low: dict[str, Any], high: dict[str, Any]) -> bool:
    return low["hi"] is not None and high["lo"] is not None and low["hi"] < high["lo"]


def _beats(recs: list[dict[str, Any]] | None, names: dict[str, str], level: str) -> bool:
    """Whether ``level`` wins its 2-player match-up: the 95% Wilson interval above 50%.

    A bootstrap cannot move a clean sweep, so 3 games won of 3 would give two point
    intervals; this asks for enough games too. True when there is no 2-player match-up.
    """
    from zoogames.arena.stats import wilson, win_shares

    if not recs:
        return True
    wins = sum(
        share
        for rec in recs
        for spec, share in zip(rec["arena"]["bots"], win_shares(rec), strict=True)
        if names[spec] == level
    )
    return wilson(wins, len(recs))[0] > 0.5


def win_rates(runs: dict[str, list[dict[str, Any]]], names: dict[str, str]) -> dict[str, Any]:
    """Per match-up: games, and each level's share of the wins."""
    from zoogames.arena.stats import win_shares

    out: dict[str, Any] = {}
    for key, recs in runs.items():
        wins: dict[str, float] = {}
        for rec in recs:
            for spec, share in zip(rec["arena"]["bots"], win_shares(rec), strict=True):
                level = names[spec]
                wins[level] = wins.get(level, 0.0) + share
        out[key] = {"games": len(recs), **{k: round(v / len(recs), 3) for k, v in wins.items()}}
    return out


def per_decision(
    runs: dict[str, list[dict[str, Any]]], names: dict[str, str], key: str, digits: int = 0
) -> dict[str, float]:
    """Each searching level's mean ``key`` (``iterations``, ``seconds``) per decision.

    A level capped in seconds (``expert``) searches less on a busy machine: the iterations
    say how much of its budget it had, the seconds what a move costs.
    """
    totals: dict[str, list[float]] = {}
    for recs in runs.values():
        for rec in recs:
            for spec, stats in zip(rec["arena"]["bots"], rec["arena"]["stats"], strict=True):
                if stats and stats.get("decisions"):
                    t = totals.setdefault(names[spec], [0.0, 0.0])
                    t[0] += float(stats[key])
                    t[1] += int(stats["decisions"])
    return {level: round(i / d, digits) for level, (i, d) in totals.items() if d}


def plot(lines: list[dict[str, Any]], path: Path, levels: list[str]) -> None:
    """One panel per game: each level's rating and interval, 2 and 4 players side by side."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = list(dict.fromkeys(line["game"] for line in lines))
    fig, axes = plt.subplots(1, len(games), figsize=(3.4 * len(games), 3.6), squeeze=False)
    for ax, game in zip(axes[0], games, strict=True):
        for line in (x for x in lines if x["game"] == game):
            shift = -0.12 if line["players"] == 2 else 0.12
            xs: list[float] = []
            ys: list[float] = []
            err: list[list[float]] = [[], []]
            for i, level in enumerate(levels):
                r = line["levels"].get(level)
                if r is None or r["lo"] is None:
                    continue
                xs.append(i + shift)
                ys.append(r["rating"])
                err[0].append(max(0.0, r["rating"] - r["lo"]))
                err[1].append(max(0.0, r["hi"] - r["rating"]))
            ax.errorbar(xs, ys, yerr=err, fmt="o", capsize=4, label=f"{line['players']} players")
        ax.set_xticks(range(len(levels)), levels, rotation=20)
        ax.set_title(zoogames.games.get(game).name, fontsize=10)
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=8)
    axes[0][0].set_ylabel("OpenSkill rating (mean mu, 95% interval)")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    """Play (or with ``--report`` only rate) the ladder; one JSON line per game and count."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a game id (repeatable; default: all)")
    ap.add_argument("--players", action="append", type=int, help="2 and/or 4 (default both)")
    ap.add_argument("--levels", default=",".join(LEVELS), help="comma-separated, weakest first")
    ap.add_argument("--games", type=int, default=20, help="games per 2-player match-up")
    ap.add_argument("--games-4p", type=int, default=8, help="games at the 4-player table")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("/tmp/zoogames-ladder"))
    ap.add_argument("--report", action="store_true", help="rate the games there, play none")
    ap.add_argument("--orders", type=int, default=20)
    ap.add_argument("--bootstrap", type=int, default=400)
    ap.add_argument("--plot", type=Path, help="write the ratings' plot (PNG) here")
    ap.add_argument(
        "--results",
        type=Path,
        help="merge the lines into this JSON-lines file (one per game and count), and plot"
        " all of its lines",
    )
    args = ap.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    unknown = [x for x in levels if x not in LEVELS]
    if unknown or len(levels) < 2:
        ap.error(f"--levels: give two or more of {', '.join(LEVELS)}")
    lines = []
    asked = levels
    for game in args.game or zoogames.games.ids():
        g = zoogames.games.get(game)
        for players in args.players or [2, 4]:
            levels = game_levels(asked, game, players)
            if not g.min_players <= players <= g.max_players or len(levels) < 2:
                continue
            names = specs_to_levels(levels, game)
            runs: dict[str, list[dict[str, Any]]] = {}
            start = time.perf_counter()
            folder = args.out / f"{game}-{players}p"
            for key, seats in [] if args.report else matchups(levels, players):
                games = args.games if players == 2 else args.games_4p
                config = ArenaConfig.build(
                    game, players, [level_spec(x, game) for x in seats], games, seed=args.seed
                )
                run(config, folder / key, workers=args.workers, resume=True, plots=False)
            # every match-up there among these levels, from this command or an earlier one
            for out in sorted(folder.iterdir()) if folder.is_dir() else []:
                recs = sorted(load_games(out).values(), key=lambda r: r["arena"]["index"])
                if not recs or any(s not in names for rec in recs for s in rec["arena"]["bots"]):
                    continue
                if played_with_shipped_weights(recs, game, players):
                    runs[out.name] = recs
                else:
                    print(f"{out}: played with other learned weights, not pooled", file=sys.stderr)
            if not runs:
                continue
            line = {
                "benchmark": "ladder",
                "game": game,
                "players": players,
                **rate(runs, levels, args.orders, args.bootstrap, args.seed, game),
                "matchups": win_rates(runs, names),
                "iterations_per_decision": per_decision(runs, names, "iterations"),
                "seconds_per_decision": per_decision(runs, names, "seconds", 3),
                "specs": {level: level_spec(level, game) for level in levels},
                "seconds": round(time.perf_counter() - start, 1),
                "measured": datetime.date.today().isoformat(),
            }
            lines.append(line)
            print(json.dumps(line), flush=True)
    if args.results:
        lines = merge_results(args.results, lines)
    if args.plot and lines:
        plot(lines, args.plot, asked)
    return 0


def merge_results(path: Path, lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``path``'s lines with ``lines`` in place of those of the same game and count.

    Written back in the games' order, 2 players before 4: one file keeps every pool's
    latest ratings, so replaying one game's ladder redraws the whole plot.
    """
    kept = {}
    if path.exists():
        for text in path.read_text("utf-8").splitlines():
            if text.strip():
                line = json.loads(text)
                kept[line["game"], line["players"]] = line
    kept.update({(line["game"], line["players"]): line for line in lines})
    order = {game: i for i, game in enumerate(zoogames.games.ids())}
    merged = [kept[key] for key in sorted(kept, key=lambda k: (order.get(k[0], len(order)), k))]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(line) + "\n" for line in merged), "utf-8")
    return merged


if __name__ == "__main__":
    sys.exit(main())
