"""The bots' fixed public ratings follow from the measured results (ratings.py)."""

from __future__ import annotations

from importlib import resources

import pytest

from zoogames.server import ratings


@pytest.mark.parametrize("game", list(ratings.MEASURED))
def test_the_levels_are_rated_in_the_order_the_ladder_measured(game: str) -> None:
    fixed = ratings.bot_ratings(game)
    order = ["random", "beginner", "casual", "strong", "expert", "master"]
    mus = [fixed[spec][0] for spec in order if spec in fixed]
    assert ("master" in fixed) is (game != "aquarium-designer")  # where it plays
    assert mus == sorted(mus) and len(set(mus)) == len(mus)
    # one bot under two names: casual is greedy in the truck games, strong in Designer
    shared = "strong" if game == "aquarium-designer" else "casual"
    assert ratings.aliases(game) == {shared: "greedy"}
    assert fixed[shared] == fixed["greedy"]
    assert ratings.bot_rating(game, "mcts:seconds=2") is None  # never measured
    assert ratings.bot_rating(game, None) is None


def test_the_shipped_ratings_are_the_measured_results_rated_now() -> None:
    """The server reads the ratings from a file instead of computing them at every start;
    the file must be what the measured results give (scripts/bot_ratings.py writes it)."""
    shipped = resources.files("zoogames.server").joinpath(ratings.BOT_RATINGS_FILE).read_text()
    assert shipped == ratings.ratings_json(ratings.measured_ratings())
    for game in ratings.MEASURED:
        assert ratings.bot_ratings(game) == ratings.rate_results(game, ratings.MEASURED[game])


def test_the_rating_of_the_same_results_is_the_same_every_time() -> None:
    results = ratings.MEASURED["aquaretto"]
    assert ratings.rate_results("aquaretto", results) == ratings.rate_results("aquaretto", results)


def test_a_bot_with_few_measured_games_is_not_rated(monkeypatch: pytest.MonkeyPatch) -> None:
    measured = (ratings.GREEDY_RANDOM, ("greedy", "expert", 1, 5, 0))
    rated = ratings.rate_results("aquaretto", measured)
    assert set(rated) == {"greedy", "casual", "random"}
    monkeypatch.setattr(ratings, "_shipped_ratings", lambda: {"aquaretto": rated})
    assert ratings.rated_games("expert") == []
    assert ratings.rated_games("casual") == ["aquaretto"]


def test_master_is_rated_against_the_ladder_held_fixed() -> None:
    """Its many games against expert alone would otherwise pull expert, and the ladder below
    it, away from what players were rated against (ratings.ABOVE)."""
    results = ratings.MEASURED["zooloretto"]
    without = tuple(r for r in results if "master" not in r[:2])
    rated = ratings.rate_results("zooloretto", results)
    before = ratings.rate_results("zooloretto", without)
    assert {spec: r for spec, r in rated.items() if spec != "master"} == before
    # it won about 69% against expert: rated above it, by less than expert above strong
    assert before["expert"][0] < rated["master"][0] < 2 * before["expert"][0] - before["strong"][0]
    # a run it lost would rate it below expert: the result is read, not assumed
    lost = ratings.rate_results("zooloretto", (*without, ("master", "expert", 20, 44, 0)))
    assert lost["master"][0] < before["expert"][0]
