"""The bots' fixed public ratings follow from the measured results (ratings.py)."""

from __future__ import annotations

import pytest

from zoogames.server import ratings


@pytest.mark.parametrize("game", list(ratings.MEASURED))
def test_the_levels_are_rated_in_the_order_the_ladder_measured(game: str) -> None:
    fixed = ratings.bot_ratings(game)
    order = ["random", "beginner", "casual", "strong", "expert"]
    mus = [fixed[spec][0] for spec in order]
    assert mus == sorted(mus) and len(set(mus)) == len(mus)
    # one bot under two names: casual is greedy in the truck games, strong in Designer
    shared = "strong" if game == "aquarium-designer" else "casual"
    assert ratings.aliases(game) == {shared: "greedy"}
    assert fixed[shared] == fixed["greedy"]
    assert ratings.bot_rating(game, "mcts:seconds=2") is None  # never measured
    assert ratings.bot_rating(game, None) is None


def test_the_ratings_are_the_same_on_every_start() -> None:
    first = ratings.bot_ratings("aquaretto")
    ratings.bot_ratings.cache_clear()
    assert ratings.bot_ratings("aquaretto") == first


def test_a_bot_with_few_measured_games_is_not_rated(monkeypatch: pytest.MonkeyPatch) -> None:
    measured = {"aquaretto": (ratings.GREEDY_RANDOM, ("greedy", "expert", 1, 5, 0))}
    monkeypatch.setattr(ratings, "MEASURED", measured)
    ratings.bot_ratings.cache_clear()
    try:
        assert set(ratings.bot_ratings("aquaretto")) == {"greedy", "casual", "random"}
        assert ratings.rated_games("expert") == []
        assert ratings.rated_games("casual") == ["aquaretto"]
    finally:
        ratings.bot_ratings.cache_clear()
