"""Setting up: rulings Z-R1 and Z-R5, and the options of new_game."""

from __future__ import annotations

import pytest

from zoogames import InvalidOptions
from zoogames.games.trucks import RESERVE
from zoogames.games.zooloretto import ZOOLORETTO as GAME
from zoogames.games.zooloretto import tiles as zt


@pytest.mark.parametrize(("players", "removed"), [(2, 3), (3, 2), (4, 1), (5, 0)])
def test_z_r1_species_removed_by_player_count(players: int, removed: int) -> None:
    for seed in range(20):
        state = GAME.new_game(players=players, seed=seed)
        assert len(state.options["removed"]) == removed
        assert len(state.species_in_play) == 8 - removed
        assert len(state.pile) == (8 - removed) * 11 + 12 + 12
        out = {zt.SPECIES.index(s) for s in state.options["removed"]}
        assert not any(zt.is_animal(x) and zt.species_of(x) in out for x in state.pile)
        assert [state.offspring_left[s] for s in out] == [0] * removed


def test_z_r1_any_species_may_be_removed() -> None:
    seen = {s for seed in range(60) for s in GAME.new_game(players=2, seed=seed).options["removed"]}
    assert seen == set(zt.SPECIES)


def test_z_r1_setup_coins_bank_boards_and_trucks() -> None:
    state = GAME.new_game(players=4, seed=9)
    assert state.coins == [2, 2, 2, 2]
    assert state.bank == 30 - 8
    assert len(state.trucks) == 4
    assert state.capacity == (3, 3, 3, 3)
    for b in state.boards:
        assert (b.built, b.boards_left) == (3, 1)  # one expansion board, face down
        assert b.barn == []
    assert state.offspring_left == [2 if s in state.species_in_play else 0 for s in range(8)]
    view = state.view(None)
    assert view["reserve"] == RESERVE
    assert view["pile"] == 7 * 11 + 24 - RESERVE


def test_z_r5_two_players_two_expansion_boards_and_three_trucks() -> None:
    state = GAME.new_game(players=2, seed=9)
    assert [b.boards_left for b in state.boards] == [2, 2]
    assert state.capacity == (3, 2, 1)
    assert len(state.options["removed"]) == 3


def test_z_r1_removed_species_can_be_named() -> None:
    state = GAME.new_game(players=3, seed=1, removed=["camel", "zebra"])
    assert state.species_in_play == (1, 2, 3, 4, 5, 6)
    assert not any(zt.is_animal(x) and zt.species_of(x) in (0, 7) for x in state.pile)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"removed": ["camel"]}, "exactly 2"),
        ({"removed": ["camel", "camel"]}, "exactly 2"),
        ({"removed": ["unicorn", "camel"]}, "unknown species"),
        ({"removed": "camel"}, "list of species names"),
        ({"start_player": 3}, "start_player"),
        ({"draw_order": ["camel/young"]}, "not a tile of the pile"),
        ({"draw_order": ["camel/m-bred"]}, "not a tile of the pile"),
        ({"draw_order": ["kiosk"] * 4}, "no kiosk is left"),
        ({"draw_order": "camel"}, "list of tile names"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        GAME.new_game(players=3, seed=1, **options)


@pytest.mark.parametrize("players", [1, 6, "3"])
def test_player_count_is_checked(players: object) -> None:
    with pytest.raises(InvalidOptions, match="2 to 5 players"):
        GAME.new_game(players=players, seed=1)


def test_start_player_from_the_seed_or_given() -> None:
    starts = {GAME.new_game(players=5, seed=s).to_move for s in range(40)}
    assert starts == {0, 1, 2, 3, 4}
    assert GAME.new_game(players=5, seed=1, start_player=3).to_move == 3


def test_the_seed_pins_the_game_down() -> None:
    a = GAME.new_game(players=3, seed=11)
    b = GAME.new_game(players=3, seed=11)
    c = GAME.new_game(players=3, seed=12)
    assert a == b
    assert a.pile != c.pile


def test_draw_order_gives_the_first_tiles() -> None:
    state = GAME.new_game(players=3, seed=1, draw_order=["coin", "camel/m", "popcorn"])
    drawn = []
    for seat in range(3):
        state.apply("draw")
        drawn.append(zt.name(state.drawn))
        state.apply(f"load {'ABC'[seat]}")
    assert drawn == ["coin", "camel/m", "popcorn"]
    assert state.options["draw_order"] == ["coin", "camel/m", "popcorn"]
