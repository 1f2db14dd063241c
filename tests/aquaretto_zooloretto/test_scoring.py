"""Scoring "Aquaretto with Zooloretto": ruling C-R1 and the variant's SCORING."""

from __future__ import annotations

from zoogames.games.aquaretto import tiles as at
from zoogames.games.zooloretto import tiles as zt

from .helpers import new


def test_c_r1_the_score_is_the_sum_of_both_games() -> None:
    state = new(3)
    z, b = state.zoos[0], state.boards[0]
    z.put(at.kind(0, at.PLAIN), 22 * 10 + 10)  # a dolphin on (2,2): 1 point
    b.pens[0] = [zt.kind(0, zt.PLAIN)] * 4  # a full e4: 5 points
    b.barn = [zt.kind(1, zt.PLAIN)]  # an elephant in the barn: -2
    z.depot = [at.kind(3, at.PLAIN)]  # a hippo in the depot: -2
    score = state.scores()[0]
    assert score.total == 1 + 5 - 2 - 2
    assert score.parts == {
        "animals": 1,
        "cashiers": 0,
        "keepers": 0,
        "trainers": 0,
        "depot": -2,
        "enclosures": 5,
        "stalls": 0,
        "barn_stalls": 0,
        "barn_animals": -2,
    }


def test_c_r1_cashiers_count_every_coin_whichever_game_it_came_from() -> None:
    state = new(3)
    state.zoos[0].cashiers = 2
    state.coins[0] = 7  # one money: coins earned in the zoo count as well
    assert state.scores()[0].parts["cashiers"] == 14


def test_c_r1_a_manager_halves_the_barn_penalty_too() -> None:
    state = new(3)
    z, b = state.zoos[0], state.boards[0]
    b.barn = sorted([zt.kind(0, zt.PLAIN), zt.kind(0, zt.MALE), zt.kind(1, zt.PLAIN), zt.stall(2)])
    z.depot = [at.kind(3, at.PLAIN)]
    parts = state.scores()[0].parts
    assert (parts["barn_animals"], parts["barn_stalls"], parts["depot"]) == (-4, -2, -2)
    z.manager = 1
    parts = state.scores()[0].parts
    # -1 per species in the barn; stall types keep their -2 (rules note); depot -1 (A-R12)
    assert (parts["barn_animals"], parts["barn_stalls"], parts["depot"]) == (-2, -2, -1)


def test_c_r1_ties_go_to_the_most_coins() -> None:
    state = new(3)
    state.to_move = None
    state.coins = [1, 3, 3]
    assert state.result().winners == (1, 2)
