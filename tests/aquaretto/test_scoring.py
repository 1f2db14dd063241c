"""Scoring: ruling A-R12 with the coworker rules of A-R5/A-R6, and the rulebook's example."""

from __future__ import annotations

from zoogames.games.aquaretto import tiles as t
from zoogames.games.aquaretto.zoo import WaterZoo

from .helpers import cells, lay


def test_rulebook_scoring_example_is_30_points() -> None:
    """The rulebook's closing example, rebuilt as a legal water zoo.

    6 dolphins, 6 polar bears, 5 sea lions, 2 hippos (19); trainer A sees 4 dolphins and
    2 sea lions (6); trainer B sees the 2 other dolphins, 2 sea lions and the bolt sea
    lion (c) that cannot be trained (4); one keeper and 5 fish tiles (5); no cashier;
    an orca and a turtle in the depot (-4). Total 30.
    """
    z = WaterZoo()
    z.expand(cells((5, 2), (6, 2), (5, 3), (6, 3)), large=True)
    z.expand(cells((1, -2), (2, -2), (1, -1), (2, -1)), large=True)
    z.expand(cells((3, -2), (4, -2), (3, -1)), large=False)
    z.expand(cells((-2, 1), (-1, 1), (-2, 2)), large=False)
    lay(z, "B~ B~ B~ .\nB~ B~ Bm", origin=(1, -2))  # polar bears, row 0 stays empty
    lay(z, "H . D D D D D\nHm . D @ . . @", origin=(-2, 1))  # hippos, dolphins, A, B
    lay(z, "L L L L L!", origin=(1, 3))  # sea lions; (5,3) has the bolt
    z.keepers = 1
    z.depot = [t.kind(1, t.PLAIN), t.kind(4, t.FISH)]  # an orca and a turtle
    score = z.score(coins=3)
    assert score.parts == {
        "animals": 19,
        "cashiers": 0,
        "keepers": 5,
        "trainers": 10,
        "depot": -4,
    }
    assert score.total == 30
    # the water zoo is legal as it stands: no basin touches another
    for s in range(8):
        others = z.animals & ~z.species[s]
        from zoogames.games.aquaretto import geometry as g

        assert not g.neighbors(z.species[s]) & others


def test_a_r6_trainers_count_diagonals() -> None:
    z = lay(WaterZoo(), ". . . . .\n. D . . .\n. . @ . .", origin=(0, 0))
    assert z.score(0).parts["trainers"] == 1


def test_a_r6_bolt_tiles_score_no_trainer_points() -> None:
    z = lay(WaterZoo(), ". L! @ L .", origin=(0, 1))
    assert z.score(0).parts["trainers"] == 1


def test_a_r6_two_trainers_on_one_animal_score_twice() -> None:
    z = lay(WaterZoo(), ". @ O @ .", origin=(0, 1))
    assert z.score(0).parts["trainers"] == 2


def test_a_r6_only_dolphins_orcas_and_sea_lions_are_trained() -> None:
    z = lay(WaterZoo(), ". P~ @ H .", origin=(0, 1))
    assert z.score(0).parts["trainers"] == 0


def test_a_r6_offspring_of_a_trainable_species_can_be_trained() -> None:
    z = lay(WaterZoo(), ". Dy @ . .", origin=(0, 1))
    assert z.score(0).parts["trainers"] == 1


def test_a_r12_manager_halves_the_depot_penalty() -> None:
    z = WaterZoo()
    z.depot = [t.kind(0, 0), t.kind(0, 1), t.kind(3, 0), t.kind(5, 3)]  # 3 species
    assert z.score(0).parts["depot"] == -6
    z.manager = 1
    assert z.score(0).parts["depot"] == -3


def test_a_r12_two_cashiers_count_each_coin_twice() -> None:
    z = WaterZoo()
    assert z.score(5).parts["cashiers"] == 0
    z.cashiers = 1
    assert z.score(5).parts["cashiers"] == 5
    z.cashiers = 2
    assert z.score(5).parts["cashiers"] == 10


def test_a_r12_two_keepers_count_each_fish_tile_twice() -> None:
    z = lay(WaterZoo(), ". P~ P~ P .\n. . . . .\n. . H~ . .", origin=(0, 1))
    z.depot = [t.kind(5, t.FISH)]  # fish in the depot do not count
    z.keepers = 1
    assert z.score(0).parts["keepers"] == 3
    z.keepers = 2
    assert z.score(0).parts["keepers"] == 6


def test_a_r12_one_point_per_animal_tile_offspring_included() -> None:
    z = lay(WaterZoo(), ". D Dy . O", origin=(0, 1))
    assert z.score(0).parts["animals"] == 3


def test_points_are_the_score_total_in_played_games() -> None:
    """``WaterZoo.points``, the bots' shortcut, is ``score().total`` in every position met."""
    import zoogames
    from zoogames.core.rng import Rng
    from zoogames.games.aquaretto import AquarettoState

    met = 0
    for players in (2, 4):
        state = zoogames.games.get("aquaretto").new_game(players=players, seed=players)
        rng = Rng(players, "points")
        assert isinstance(state, AquarettoState)
        while not state.is_terminal:
            for seat, z in enumerate(state.zoos):
                for coins in (0, state.coins[seat], 7):
                    assert z.points(coins) == z.score(coins).total
                    met += 1
            state.apply(rng.choice(state.legal_actions()))
    assert met > 1000
