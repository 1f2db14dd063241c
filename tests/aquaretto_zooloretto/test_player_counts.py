"""Each game's own player-count rules in "Aquaretto with Zooloretto": ruling C-R2."""

from __future__ import annotations

import pytest

from zoogames.games.aquaretto import tiles as at
from zoogames.games.zooloretto import tiles as zt

from .helpers import new


@pytest.mark.parametrize(("players", "boards"), [(2, 2), (3, 1), (4, 1), (5, 1)])
def test_c_r2_zooloretto_expansion_boards_follow_zooloretto_s_player_count(
    players: int, boards: int
) -> None:
    # "a zoo expansion board" in the variant's setup, but two with 2 players (Z-R5)
    state = new(players)
    assert [b.boards_left for b in state.boards] == [boards] * players
    # the water zoo's own material does not change with the player count (A-D2)
    assert all((z.small_left, z.large_left) == (2, 2) for z in state.zoos)


def test_c_r2_two_players_use_aquaretto_s_blocked_trucks() -> None:
    state = new(2)
    assert state.capacity == (3, 2, 1)  # A-R11: 3 trucks, 3 of their 9 spaces blocked
    assert [len(t) for t in state.trucks] == [0, 0, 0]


def test_c_r2_a_manager_halves_only_the_barn_s_species_penalty() -> None:
    state = new(3)
    z, b = state.zoos[0], state.boards[0]
    b.barn = sorted([zt.kind(0, zt.PLAIN), zt.kind(1, zt.PLAIN), zt.stall(0), zt.stall(1)])
    z.depot = [at.kind(3, at.PLAIN)]
    z.manager = 1
    parts = state.scores()[0].parts
    assert parts["barn_animals"] == -2  # 2 species at -1 each
    assert parts["barn_stalls"] == -4  # 2 stall types, still -2 each
