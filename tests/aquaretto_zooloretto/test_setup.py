"""Setting up "Aquaretto with Zooloretto": ruling C-R1 and the options of new_game."""

from __future__ import annotations

import pytest

from zoogames import InvalidOptions
from zoogames.games.aquaretto import AquarettoState
from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquaretto_zooloretto import AQUARETTO_ZOOLORETTO as GAME
from zoogames.games.aquaretto_zooloretto import AquarettoZoolorettoState
from zoogames.games.trucks import RESERVE
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.state import ZooRules


def test_c_r1_the_variant_is_built_from_both_games() -> None:
    # placement, money actions and scoring are inherited, not copied: a fix to either game
    # reaches the variant
    assert issubclass(AquarettoZoolorettoState, AquarettoState)
    assert issubclass(AquarettoZoolorettoState, ZooRules)  # Zooloretto's rules, as a trait


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_c_r1_trucks_coins_and_the_one_money_supply(players: int) -> None:
    state = GAME.new_game(players=players, seed=4)
    assert len(state.trucks) == max(players, 3)
    assert state.capacity == ((3, 2, 1) if players == 2 else (3,) * players)
    assert state.coins == [2] * players  # 2 coins each, in all
    assert state.bank == 60 - 2 * players  # both games' coins in one supply (rules note)


@pytest.mark.parametrize(("players", "removed"), [(2, 3), (3, 2), (4, 1), (5, 0)])
def test_c_r1_species_removed_from_both_games(players: int, removed: int) -> None:
    for seed in range(10):
        state = GAME.new_game(players=players, seed=seed)
        out = state.options["removed"]
        assert len([s for s in out if s in at.SPECIES]) == removed
        assert len([s for s in out if s in zt.SPECIES]) == removed
        assert not {"dolphin", "orca", "sea-lion"} & set(out)  # A-R2
        assert len(state.piles[0]) == (8 - removed) * 11 + 10
        assert len(state.piles[1]) == (8 - removed) * 11 + 24


def test_c_r1_each_player_has_both_games_boards() -> None:
    state = GAME.new_game(players=3, seed=2)
    for z, b in zip(state.zoos, state.boards, strict=True):
        assert z.spaces.bit_count() == 19 and (z.small_left, z.large_left) == (2, 2)
        assert z.depot == []
        assert (b.built, b.boards_left, b.barn) == (3, 1, [])
    assert [b.boards_left for b in GAME.new_game(players=2, seed=2).boards] == [2, 2]
    assert state.supply == 16


def test_c_r1_two_piles_each_with_its_reserve() -> None:
    state = GAME.new_game(players=4, seed=2)
    piles = state.view(None)["piles"]
    assert piles == [
        {"name": "aquaretto", "pile": 7 * 11 + 10 - RESERVE, "reserve": RESERVE, "state": "open"},
        {"name": "zooloretto", "pile": 7 * 11 + 24 - RESERVE, "reserve": RESERVE, "state": "open"},
    ]
    assert all(x < zt.FIRST for x in state.piles[0])
    assert all(x >= zt.FIRST for x in state.piles[1])


def test_options_name_removed_species_and_each_pile_s_first_tiles() -> None:
    state = GAME.new_game(
        players=4,
        seed=1,
        start_player=2,
        removed=["camel", "hippo"],
        draw_order={"zooloretto": ["zooloretto-coin", "kiosk"], "aquaretto": ["aquaretto-coin"]},
    )
    assert state.options["removed"] == ["hippo", "camel"]
    assert state.to_move == 2
    assert state.piles[0][-1] == at.COIN
    assert state.piles[1][-2:] == [zt.stall(0), zt.COIN]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"removed": ["camel"]}, "exactly 1"),
        ({"removed": ["camel", "dolphin"]}, "never removed"),
        ({"removed": ["camel", "unicorn"]}, "unknown species"),
        ({"draw_order": ["coin"]}, "draw_order must be"),
        ({"draw_order": {"water": []}}, "draw_order must be"),
        ({"draw_order": {"zooloretto": ["coin"]}}, "zooloretto.0.: 'coin' is not a tile"),
        ({"draw_order": {"aquaretto": ["camel"]}}, "aquaretto.0.: 'camel' is not a tile"),
        ({"start_player": 4}, "start_player"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        GAME.new_game(players=4, seed=1, **options)
