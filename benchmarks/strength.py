"""How strong the bots are: the targets set for them, measured with the arena.

Prints one JSON line per game: for each match-up the win rate with its 95% interval (or,
for Aquarium Designer solo, the mean score and rank), the target and whether it was met,
and the MCTS iterations per second.

    python benchmarks/strength.py [--game aquaretto] [--games 100] [--games-4p 40]
        [--seconds 1] [--iterations N] [--workers 2] [--out /tmp/zoogames-strength]
        [--only mcts-greedy-2p] [--verbose]

Match-ups (targets set for the levels; a game without a target is still measured):

- ``greedy-random-2p``: ``greedy`` against ``random``, 2 players: greedy wins ≥ 95%;
- ``mcts-greedy-2p``: ``mcts`` against ``greedy``, 2 players: mcts wins ≥ 70% (Aquaretto,
  Zooloretto);
- ``mcts-3greedy-4p``: ``mcts`` against three ``greedy``: mcts wins ≥ 45% (Aquaretto,
  Zooloretto); 25% is an equal share;
- ``mcts-solo``: Aquarium Designer solo on the default deck: mean rank A or better
  (mean score ≥ 45); ``greedy-solo`` is measured on the same deals for reference.

Each match-up is an arena run under ``--out``: rerunning the same command continues it
(finished games are kept), so a long measurement can be stopped and picked up again.
``met`` compares the point estimate with the target; ``separated`` says whether the 95%
interval lies wholly on one side of it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import zoogames
from zoogames.arena import ArenaConfig, run

TARGETS: dict[str, dict[str, float]] = {
    "greedy-random-2p": {"*": 0.95},
    "mcts-greedy-2p": {"aquaretto": 0.70, "zooloretto": 0.70},
    "mcts-3greedy-4p": {"aquaretto": 0.45, "zooloretto": 0.45},
    "mcts-solo": {"aquarium-designer": 45.0},
}
SOLO_RANKS = (("S", 50), ("A", 45), ("B", 40), ("C", 35), ("D", -(10**9)))
"""Aquarium Designer's solo ranks by least score (D-R1)."""


def matchups(game: str, mcts: str) -> list[tuple[str, int, list[str]]]:
    """(name, players, bots) for ``game``, as far as its player counts allow."""
    g = zoogames.games.get(game)
    out = []
    if g.min_players <= 2 <= g.max_players:
        out.append(("greedy-random-2p", 2, ["greedy", "random"]))
        out.append(("mcts-greedy-2p", 2, [mcts, "greedy"]))
    if g.min_players <= 4 <= g.max_players:
        out.append(("mcts-3greedy-4p", 4, [mcts, "greedy"]))
    if g.min_players == 1:
        out.append(("greedy-solo", 1, ["greedy"]))  # the reference, on the same deals
        out.append(("mcts-solo", 1, [mcts]))
    return out


def rank_of(score: float) -> str:
    """The solo rank of a (mean) score."""
    return next(name for name, least in SOLO_RANKS if score >= least)


def measure(
    game: str,
    name: str,
    players: int,
    bots: list[str],
    args: argparse.Namespace,
) -> dict[str, Any]:
    """Run (or continue) one match-up; its line of the report."""
    n_games = args.games_4p if players >= 4 and args.games_4p else args.games
    if players > 1:  # whole blocks: each bot plays each seat on the same deals
        n_games = max(players, n_games - n_games % players)
    safe = "_".join(b.replace(":", "-").replace("=", "").replace(",", "-") for b in bots)
    out = Path(args.out) / game / f"{name}-{safe}"
    config = ArenaConfig.build(game, players, bots, n_games, seed=args.seed)
    started = time.perf_counter()

    def tick(record: dict[str, Any], done: dict[int, Any]) -> None:
        if args.verbose:
            a = record["arena"]
            print(
                f"{game} {name}: game {a['index']} scores {record['result']['scores']}"
                f" bots {a['bots']} ({len(done)}/{n_games})",
                file=sys.stderr,
                flush=True,
            )

    outcome = run(config, out, workers=args.workers, resume=True, on_game=tick)
    if outcome.interrupted:  # Ctrl-C: the finished games are kept; stop the whole benchmark
        print(f"interrupted: rerun the same command to continue ({out})", file=sys.stderr)
        raise SystemExit(130)
    res = outcome.results
    first = res["bots"][bots[0]]
    line: dict[str, Any] = {
        "matchup": name,
        "players": players,
        "bots": config.lineup,
        "games": res["games"],
        "run": str(out),
        "seconds": round(time.perf_counter() - started, 1),
    }
    target = TARGETS.get(name, {}).get(game, TARGETS.get(name, {}).get("*"))
    if players == 1:
        mean, sd, n = first["mean_score"], first["score_sd"], max(1, first["games"])
        half = 1.96 * sd / n**0.5
        line.update(
            {
                "bot": bots[0],
                "mean_score": mean,
                "mean_score_95": [round(mean - half, 2), round(mean + half, 2)],
                "score_sd": sd,
                "rank": rank_of(mean),
            }
        )
        line["ranks"] = {}
        for rec in _records(out):
            r = rank_of(rec["result"]["scores"][0])
            line["ranks"][r] = line["ranks"].get(r, 0) + 1
        line["target"] = None if target is None else f"mean score ≥ {target:g} (rank A)"
        line["met"] = None if target is None else mean >= target
    else:
        lo, hi = first["win_rate_95"]
        line.update(
            {
                "bot": bots[0],
                "win_rate": first["win_rate"],
                "win_rate_95": first["win_rate_95"],
                "mean_score": first["mean_score"],
                "opponent_mean_score": res["bots"][bots[-1]]["mean_score"],
                "target": target,
                "met": None if target is None else first["win_rate"] >= target,
                "separated": None if target is None else (lo >= target or hi < target),
            }
        )
    search = first.get("search")
    if search:
        line["mcts_iterations_per_second"] = search["iterations_per_second"]
        line["mcts_iterations_per_decision"] = search["iterations_per_decision"]
    return line


def _records(out: Path) -> list[dict[str, Any]]:
    from zoogames.arena import load_games

    return list(load_games(out).values())


def main() -> None:
    """Parse the options, run the match-ups, print one JSON line per game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--games", type=int, default=100, help="games per match-up")
    parser.add_argument(
        "--games-4p", type=int, help="games per 4-player match-up (default: --games)"
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="MCTS time per decision")
    parser.add_argument("--iterations", type=int, help="MCTS iterations instead of time")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="/tmp/zoogames-strength")
    parser.add_argument("--only", action="append", help="run only these match-ups")
    parser.add_argument("--verbose", action="store_true", help="a line per finished game")
    args = parser.parse_args()
    mcts = (
        f"mcts:iterations={args.iterations}"
        if args.iterations
        else f"mcts:seconds={args.seconds:g}"
    )
    for game in args.game or zoogames.games.ids():
        lines = [
            measure(game, name, players, bots, args)
            for name, players, bots in matchups(game, mcts)
            if not args.only or name in args.only
        ]
        ips = [x["mcts_iterations_per_second"] for x in lines if "mcts_iterations_per_second" in x]
        report = {
            "benchmark": "strength",
            "game": game,
            "mcts": mcts,
            "workers": args.workers,
            "matchups": lines,
            "mcts_iterations_per_second": round(sum(ips) / len(ips), 1) if ips else None,
        }
        print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
