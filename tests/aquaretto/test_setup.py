"""Setting up: rulings A-R2 and A-R3, and the options of new_game."""

from __future__ import annotations

import pytest

from zoogames import InvalidOptions
from zoogames.games.aquaretto import AQUARETTO as GAME
from zoogames.games.aquaretto import tiles as t
from zoogames.games.trucks import RESERVE


@pytest.mark.parametrize(("players", "removed"), [(2, 3), (3, 2), (4, 1), (5, 0)])
def test_a_r2_species_removed_by_player_count(players: int, removed: int) -> None:
    for seed in range(20):
        state = GAME.new_game(players=players, seed=seed)
        assert len(state.options["removed"]) == removed
        assert not {"dolphin", "orca", "sea-lion"} & set(state.options["removed"])
        assert len(state.in_play) == 8 - removed
        assert len(state.pile) == (8 - removed) * 11 + 10


def test_a_r2_removed_species_vary_with_the_seed() -> None:
    seen = {tuple(GAME.new_game(players=4, seed=s).options["removed"]) for s in range(40)}
    assert len(seen) == 5


def test_a_r2_removed_species_can_be_named() -> None:
    state = GAME.new_game(players=3, seed=1, removed=["hippo", "penguin"])
    assert state.in_play == (0, 1, 2, 4, 6, 7)
    assert not any(x >> 3 in (3, 5) for x in state.pile if x != t.COIN)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"removed": ["dolphin", "hippo"]}, "never removed"),
        ({"removed": ["hippo"]}, "exactly 2"),
        ({"removed": ["hippo", "hippo"]}, "exactly 2"),
        ({"removed": ["unicorn", "hippo"]}, "unknown species"),
        ({"start_player": 3}, "start_player"),
        ({"draw_order": ["dolphin/young"]}, "not a tile of the pile"),
        ({"draw_order": ["dolphin/m"] * 3}, "no dolphin/m is left"),
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


def test_a_r3_setup() -> None:
    state = GAME.new_game(players=4, seed=9)
    assert state.coins == [1, 1, 1, 1]
    assert state.bank == 26
    assert state.supply == 16
    assert len(state.trucks) == 4
    assert state.capacity == (3, 3, 3, 3)
    view = state.view(None)
    assert view["reserve"] == RESERVE
    assert view["pile"] == 7 * 11 + 10 - RESERVE


def test_a_r3_start_player_from_the_seed_or_given() -> None:
    starts = {GAME.new_game(players=5, seed=s).to_move for s in range(40)}
    assert starts == {0, 1, 2, 3, 4}
    assert GAME.new_game(players=5, seed=1, start_player=3).to_move == 3


def test_the_seed_pins_the_game_down() -> None:
    a = GAME.new_game(players=3, seed=11)
    b = GAME.new_game(players=3, seed=11)
    c = GAME.new_game(players=3, seed=12)
    assert a.pile == b.pile
    assert a.pile != c.pile


def test_draw_order_gives_the_first_tiles() -> None:
    state = GAME.new_game(
        players=3,
        seed=1,
        removed=["polar-bear", "crocodile"],
        draw_order=["coin", "dolphin/m", "penguin/fish"],
    )
    drawn = []
    for seat in range(3):
        assert state.to_move is not None
        state.apply("draw")
        drawn.append(t.name(state.drawn))
        state.apply(f"load {'ABC'[seat]}")
    assert drawn == ["coin", "dolphin/m", "penguin/fish"]


def test_a_full_draw_order_fixes_the_pile_whatever_the_seed() -> None:
    tiles = [t.name(x) for x in t.manifest([0, 1, 2, 3, 4, 5])]
    a = GAME.new_game(players=3, seed=1, removed=["polar-bear", "crocodile"], draw_order=tiles)
    b = GAME.new_game(players=3, seed=2, removed=["polar-bear", "crocodile"], draw_order=tiles)
    assert a.pile == b.pile
    assert [t.name(x) for x in reversed(a.pile)] == tiles
