"""Scoring: ruling Z-R4, the rulebook's example and the FAQ answers about stalls."""

from __future__ import annotations

from zoogames.games.zooloretto.zoo import ZooBoard

from .helpers import lay, new


def test_rulebook_scoring_example_is_16_points() -> None:
    """The rulebook's example (p. 6): 9 + 5 + 2 + 0 + 4 − 4 = 16.

    Zebras fill the expansion enclosure (9); the elephants of e5 are one short (5); the
    chimpanzees of e4 are two short but a stall stands by them (1 each: 2); the pandas of
    e6 are two short with no stall (0); two stall types stand on stall spaces (4); two
    species in the barn (-4).
    """
    b = ZooBoard(expansions=1)
    b.built = 4
    lay(b, "x1", "Z Z Zm Z Zf")
    lay(b, "e5", "E E E E")
    lay(b, "e4", "H H")
    lay(b, "e6", "P P P P")
    lay(b, "s4a", "Ki")  # by the chimpanzees
    lay(b, "s5", "Po")  # by the elephants
    lay(b, "barn", "C L L")
    score = b.score()
    assert [b.enclosure_points(e) for e in (3, 1, 0, 2)] == [9, 5, 2, 0]
    assert score.parts == {"enclosures": 16, "stalls": 4, "barn_stalls": 0, "barn_animals": -4}
    assert score.total == 16


def test_z_r4_full_one_short_and_two_short() -> None:
    b = ZooBoard()
    lay(b, "e4", "C C C C")  # full: 5
    lay(b, "e5", "E E E E")  # one short: 5
    lay(b, "e6", "F F F F")  # two short, no stall: 0
    assert [b.enclosure_points(e) for e in range(3)] == [5, 5, 0]
    lay(b, "s6", "Ki")  # two short with a stall: 1 per animal
    assert b.enclosure_points(2) == 4


def test_faq_one_stall_is_enough_for_an_enclosure_two_short() -> None:
    # FAQ: 1 elephant in e4 at the end: one stall or two for its point? One is enough,
    # and a second gives no more ("not more than 1 point per animal").
    b = lay(ZooBoard(), "e4", "E")
    assert b.enclosure_points(0) == 0
    lay(b, "s4b", "Ki")
    assert b.enclosure_points(0) == 1
    lay(b, "s4a", "Po")
    assert b.enclosure_points(0) == 1


def test_faq_a_stall_that_unlocks_an_enclosure_also_earns_its_two_points() -> None:
    b = lay(ZooBoard(), "e6", "P P")
    assert b.score().total == 0
    lay(b, "s6", "Sn")
    assert b.score().parts == {"enclosures": 2, "stalls": 2, "barn_stalls": 0, "barn_animals": 0}
    assert b.score().total == 4


def test_z_r4_a_stall_of_another_enclosure_unlocks_nothing() -> None:
    b = lay(ZooBoard(), "e6", "P P")
    lay(b, "s5", "Sn")
    assert b.enclosure_points(2) == 0


def test_z_r4_an_empty_enclosure_scores_nothing_even_with_a_stall() -> None:
    b = lay(ZooBoard(), "s4a", "Ki")
    assert b.enclosure_points(0) == 0
    assert b.score().total == 2


def test_z_r4_stall_types_count_once_on_spaces_and_in_the_barn() -> None:
    b = ZooBoard()
    lay(b, "s4a", "Ki")
    lay(b, "s5", "Ki")
    lay(b, "s6", "Po")
    lay(b, "barn", "Sn Sn Ba Ki")
    parts = b.score().parts
    assert (parts["stalls"], parts["barn_stalls"]) == (4, -6)


def test_z_r4_each_species_in_the_barn_costs_two_whatever_the_number() -> None:
    # the rulebook: Claus has 3 elephants in his barn and loses 2 points for them
    b = lay(ZooBoard(), "barn", "E E E")
    assert b.score().total == -2
    lay(b, "barn", "Ey C")
    assert b.score().total == -4


def test_z_r4_an_expansion_board_face_down_scores_nothing() -> None:
    b = ZooBoard()
    b.pens[3] = []  # face down: not an enclosure of the zoo yet
    assert b.score().parts["enclosures"] == 0
    b.built = 4
    lay(b, "x1", "C C C C C")
    assert b.score().parts["enclosures"] == 9


def test_z_r4_ties_go_to_the_most_coins_then_are_shared() -> None:
    state = new(3)
    state.to_move = None  # the game is over, every zoo empty: a tie on points
    state.coins = [3, 4, 4]
    assert state.result().winners == (1, 2)
    state.coins = [3, 5, 4]
    assert state.result().to_json() == {"winners": [1], "scores": [0, 0, 0], "coins": [3, 5, 4]}


def test_points_beside_enclosures_are_the_score_less_the_enclosures() -> None:
    """``ZooBoard.points_beside_enclosures``, the bots' shortcut, in every position met."""
    import zoogames
    from zoogames.core.rng import Rng
    from zoogames.games.zooloretto import ZoolorettoState

    met = 0
    for players in (2, 4):
        state = zoogames.games.get("zooloretto").new_game(players=players, seed=players)
        rng = Rng(players, "points")
        assert isinstance(state, ZoolorettoState)
        while not state.is_terminal:
            for b in state.boards:
                for penalty in (1, 2):
                    score = b.score(penalty)
                    beside = b.points_beside_enclosures(penalty)
                    assert beside == score.total - score.parts["enclosures"]
                    met += 1
            state.apply(rng.choice(state.legal_actions()))
    assert met > 500
