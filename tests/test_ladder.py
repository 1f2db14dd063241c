"""The ladder's ratings (``benchmarks/ladder.py``) on made-up results.

A clear ladder is separated, a coin flip is not, a clean sweep of three games is not
(the bootstrap cannot move it, the win-rate interval can), and the order of the games
does not decide the ratings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.scripts import load_script
from zoogames.bots.levels import LEVELS, level_spec

ladder = load_script(Path(__file__).parents[1] / "benchmarks" / "ladder.py", "ladder")
names = {spec: level for level, spec in LEVELS.items()}


def games(a: str, b: str, a_wins: int, b_wins: int) -> list[dict[str, Any]]:
    """Made-up 2-player records of levels ``a`` and ``b``: the seats swap every game."""
    out = []
    for i in range(a_wins + b_wins):
        a_won = i < a_wins
        seats = [a, b] if i % 2 == 0 else [b, a]
        scores = [10, 5] if (seats[0] == a) == a_won else [5, 10]
        out.append(
            {
                "arena": {"bots": [LEVELS[s] for s in seats], "index": i},
                "result": {"scores": scores, "winners": [scores.index(10)]},
                "options": {"players": 2},
            }
        )
    return out


def test_a_clear_ladder_is_separated_and_ordered() -> None:
    runs = {
        "beginner-casual": games("beginner", "casual", 3, 17),
        "casual-strong": games("casual", "strong", 2, 18),
    }
    rated = ladder.rate(runs, ["beginner", "casual", "strong"], orders=5, bootstrap=100)
    levels = rated["levels"]
    assert levels["beginner"]["rating"] < levels["casual"]["rating"] < levels["strong"]["rating"]
    for r in levels.values():
        assert r["lo"] <= r["rating"] <= r["hi"]
    assert rated["separated"] == {"beginner<casual": True, "casual<strong": True}


def test_a_coin_flip_or_a_short_sweep_is_not_separated() -> None:
    flip = ladder.rate({"strong-expert": games("strong", "expert", 10, 10)}, ["strong", "expert"])
    assert flip["separated"] == {"strong<expert": False}
    sweep = ladder.rate({"strong-expert": games("strong", "expert", 0, 3)}, ["strong", "expert"])
    assert sweep["separated"] == {"strong<expert": False}  # 3 of 3: Wilson's 95% reaches 44%


def test_the_order_of_the_games_does_not_decide_the_ratings() -> None:
    runs = {"casual-strong": games("casual", "strong", 6, 14)}
    backwards = {"casual-strong": runs["casual-strong"][::-1]}
    a = ladder.rate(runs, ["casual", "strong"], orders=20, bootstrap=10)
    b = ladder.rate(backwards, ["casual", "strong"], orders=20, bootstrap=10)
    for level in ("casual", "strong"):
        assert abs(a["levels"][level]["rating"] - b["levels"][level]["rating"]) < 1.5


def test_a_game_with_its_own_spec_for_a_level_is_rated_by_it() -> None:
    # Zooloretto's strong is its own spec (levels.BY_GAME): its records name that spec
    runs = {"casual-strong": games("casual", "strong", 2, 14)}
    for rec in runs["casual-strong"]:
        rec["arena"]["bots"] = [level_spec(names[s], "zooloretto") for s in rec["arena"]["bots"]]
    assert "mcts:iterations=200" in runs["casual-strong"][0]["arena"]["bots"]
    rated = ladder.rate(runs, ["casual", "strong"], orders=5, bootstrap=20, game="zooloretto")
    assert rated["levels"]["casual"]["rating"] < rated["levels"]["strong"]["rating"]
    with pytest.raises(KeyError):  # the default specs name no Zooloretto record
        ladder.rate(runs, ["casual", "strong"], orders=5, bootstrap=20)


def test_four_players_with_three_levels_seat_the_weakest_twice() -> None:
    assert ladder.matchups(["beginner", "casual", "strong"], 4) == [
        ("beginner-casual-strong-beginner", ["beginner", "casual", "strong", "beginner"])
    ]
    assert [k for k, _ in ladder.matchups(list(LEVELS), 2)] == [
        "beginner-casual",
        "casual-strong",
        "strong-expert",
        "expert-master",
    ]


def test_five_levels_at_four_players_sit_at_two_tables() -> None:
    assert [k for k, _ in ladder.matchups(list(LEVELS), 4)] == [
        "beginner-casual-strong-expert",
        "casual-strong-expert-master",
    ]


def test_where_master_is_not_offered_the_ladder_ends_at_expert() -> None:
    below = ["beginner", "casual", "strong", "expert"]
    assert ladder.game_levels(list(LEVELS), "aquaretto", 2) == list(LEVELS)
    assert ladder.game_levels(list(LEVELS), "zooloretto", 4) == list(LEVELS)
    assert ladder.game_levels(list(LEVELS), "aquaretto", 4) == list(LEVELS)
    assert ladder.game_levels(list(LEVELS), "aquaretto", 3) == below
    assert ladder.game_levels(list(LEVELS), "zooloretto", 3) == below
    assert ladder.game_levels(list(LEVELS), "aquaretto-zooloretto", 2) == list(LEVELS)
    assert ladder.game_levels(list(LEVELS), "aquaretto-zooloretto", 4) == list(LEVELS)
    assert ladder.game_levels(list(LEVELS), "aquaretto-zooloretto", 3) == below
    assert ladder.game_levels(list(LEVELS), "aquarium-designer", 2) == below


def test_per_decision_means_weigh_each_decision_alike() -> None:
    recs = games("strong", "expert", 1, 1)
    for rec, stats in zip(
        recs, ([(10, 40, 0.5), (5, 20000, 9.0)], [(20, 10000, 6.0), (30, 1200, 0.6)]), strict=True
    ):
        rec["arena"]["stats"] = [
            {"decisions": d, "iterations": i, "seconds": t} for d, i, t in stats
        ]
    runs = {"strong-expert": recs}
    # game 0 seats strong then expert, game 1 expert then strong
    assert ladder.per_decision(runs, names, "iterations") == {
        "strong": 1240 / 40,
        "expert": 30000 / 25,
    }
    assert ladder.per_decision(runs, names, "seconds", 3) == {
        "strong": round(1.1 / 40, 3),
        "expert": 15 / 25,
    }


def test_a_run_played_by_hand_with_level_names_pools_and_separates() -> None:
    # `zoogames arena -b expert -b master`: the records name the levels, not their specs
    by_hand = games("expert", "master", 4, 28)
    for rec in by_hand:
        rec["arena"]["bots"] = [names[s] for s in rec["arena"]["bots"]]
    runs = {"strong-expert": games("strong", "expert", 2, 14), "master-32": by_hand}
    rated = ladder.rate(runs, ["strong", "expert", "master"], orders=5, bootstrap=20)
    assert rated["levels"]["expert"]["rating"] < rated["levels"]["master"]["rating"]
    # its win rate counts though the run is not named "expert-master"
    assert rated["separated"]["expert<master"] is True
    even = {"master-32": games("expert", "master", 16, 16)}
    level = ladder.rate(even, ["expert", "master"], orders=5, bootstrap=20)
    assert level["separated"] == {"expert<master": False}


def test_games_of_other_learned_weights_are_not_pooled() -> None:
    from zoogames.bots import value

    recs = games("expert", "master", 1, 1)
    assert ladder.played_with_shipped_weights(recs, "aquaretto", 2)  # no learned seat
    shipped = value.load("aquaretto").digest
    for rec in recs:
        rec["arena"]["weights"] = [None, shipped]
    assert ladder.played_with_shipped_weights(recs, "aquaretto", 2)
    four = value.load("aquaretto", 4).digest  # a count's own weights, where they ship
    assert ladder.played_with_shipped_weights(recs, "aquaretto", 4) is (four == shipped)
    recs[1]["arena"]["weights"] = ["0" * 64, None]  # a training round's weights
    assert not ladder.played_with_shipped_weights(recs, "aquaretto", 2)
    assert not ladder.played_with_shipped_weights(recs[:1], "aquarium-designer", 2)  # none ship


def test_results_keep_each_game_and_count_latest_line(tmp_path: Path) -> None:
    path = tmp_path / "ladder.jsonl"

    def line(game: str, players: int, mark: int) -> dict[str, Any]:
        return {"game": game, "players": players, "levels": {}, "mark": mark}

    ladder.merge_results(path, [line("zooloretto", 4, 1), line("aquaretto", 2, 1)])
    merged = ladder.merge_results(path, [line("zooloretto", 4, 2), line("zooloretto", 2, 2)])
    assert [(x["game"], x["players"], x["mark"]) for x in merged] == [
        ("aquaretto", 2, 1),
        ("zooloretto", 2, 2),
        ("zooloretto", 4, 2),
    ]
    assert [json.loads(t)["mark"] for t in path.read_text().splitlines()] == [1, 2, 2]


def test_master_is_rated_last_against_the_ladder_held_fixed() -> None:
    below = games("strong", "expert", 4, 12)
    above = games("expert", "master", 20, 44)
    alone = ladder._rate_once(below, names)
    pooled = ladder._rate_once(below + above, names)
    # many games against expert alone move neither expert nor the levels below it
    assert (pooled["strong"], pooled["expert"]) == (alone["strong"], alone["expert"])
    assert pooled["master"] > pooled["expert"]
