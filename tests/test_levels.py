"""Named levels: beginner, casual, strong, expert for every game; master where offered."""

from __future__ import annotations

import pytest

from zoogames import bots, games
from zoogames.bots.greedy import GreedyBot
from zoogames.bots.levels import LEVELS, ONLY_IN, BeginnerBot, level_spec, offered
from zoogames.bots.mcts import MctsBot
from zoogames.core.game import State

GAMES = ["aquaretto", "zooloretto", "aquaretto-zooloretto", "aquarium-designer"]


def winner_counts(game: str, lineup: list[str], n: int) -> dict[str, float]:
    """Wins per spec over ``n`` 2-player games, seats alternating, deals in pairs."""
    wins = dict.fromkeys(lineup, 0.0)
    for i in range(n):
        state: State = games.get(game).new_game(players=2, seed=i // 2)
        specs = lineup if i % 2 == 0 else lineup[::-1]
        players = [bots.make(s, seed=10 * i + k, game=game) for k, s in enumerate(specs)]
        while not state.is_terminal:
            seat = state.to_move
            assert seat is not None
            state.apply(players[seat].choose(state))
        winners = state.result().to_json()["winners"]
        assert isinstance(winners, list)
        for seat in winners:
            wins[specs[int(seat)]] += 1 / len(winners)
    return wins


def test_every_level_is_a_spec_of_every_game() -> None:
    assert list(LEVELS) == ["beginner", "casual", "strong", "expert", "master"]
    assert set(LEVELS) <= set(bots.names())
    for game in GAMES:
        assert isinstance(bots.make("beginner", seed=1, game=game), BeginnerBot)
        casual = bots.make("casual", game=game)
        assert casual.spec == "casual"
        expert = bots.make("expert", game=game)
        assert isinstance(expert, MctsBot)
        assert (expert.iterations, expert.seconds) == (2000, 2.0)
        if game == "aquarium-designer":
            continue  # its own steps below the search (the next test)
        assert isinstance(casual, GreedyBot)
        strong = bots.make("strong", game=game)
        assert isinstance(strong, MctsBot)
        budget = 200 if game == "zooloretto" else 40  # BY_GAME
        assert (strong.iterations, strong.seconds) == (budget, None)  # no clock: repeatable
        assert level_spec("strong", game) == f"mcts:iterations={budget}"
    with pytest.raises(ValueError, match="takes no parameters"):
        bots.make("strong:iterations=5", game="aquaretto")
    assert level_spec("expert") == level_spec("expert", "zooloretto") == LEVELS["expert"]
    with pytest.raises(ValueError, match="temperature"):
        bots.make("beginner:temperature=0", game="aquaretto")


def test_master_plays_where_a_learned_evaluation_ships_and_beat_expert() -> None:
    # docs/bots.md, Learned evaluation: measured above expert's in the three truck games
    # at two players and at four (Aquaretto's and the combined game's with weights of
    # their own there); not at three or five, nor in Aquarium Designer, whose models
    # played level with expert
    assert ONLY_IN["master"] == {
        "aquaretto": (2, 4),
        "zooloretto": (2, 4),
        "aquaretto-zooloretto": (2, 4),
    }
    for game in GAMES:
        for level in ("beginner", "casual", "strong", "expert"):
            assert offered(level, game) and offered(level, game, 4)
        assert offered("master", game) is (game in ONLY_IN["master"])
    assert offered("master", "zooloretto", 4) and offered("master", "aquaretto", 2)
    assert offered("master", "aquaretto", 4) and not offered("master", "aquaretto", 5)
    assert not offered("master", "zooloretto", 3) and not offered("master", "aquaretto", 3)
    assert offered("master", "aquaretto-zooloretto", 2)
    assert offered("master", "aquaretto-zooloretto", 4)
    assert not offered("master", "aquaretto-zooloretto", 3)
    aquaretto = bots.make("master", game="aquaretto")
    zooloretto = bots.make("master", game="zooloretto")
    assert isinstance(aquaretto, MctsBot) and isinstance(zooloretto, MctsBot)
    assert aquaretto.spec == zooloretto.spec == "master"
    # at no more CPU a decision than expert's 2,000 iterations: fewer where the model costs
    # more per iteration, and the same 2 s cap
    assert (aquaretto.iterations, aquaretto.seconds, aquaretto.leaf) == (1650, 2.0, "learned")
    assert (zooloretto.iterations, zooloretto.rollout, zooloretto.leaf) == (2000, 4, "learned")
    # the combined game's is Zooloretto's search: its model reads the trucks still in play
    assert level_spec("master", "aquaretto-zooloretto") == level_spec("master", "zooloretto")
    with pytest.raises(ValueError, match="does not play"):
        bots.make("master", game="aquarium-designer")
    with pytest.raises(ValueError, match="does not play"):
        level_spec("master", "aquarium-designer")
    with pytest.raises(KeyError):
        offered("grandmaster", "aquaretto")


def test_master_plays_a_legal_move_in_each_of_its_games() -> None:
    for game in ONLY_IN["master"]:
        state = games.get(game).new_game(players=2, seed=3)
        bot = bots.make("master", seed=1, game=game)
        assert isinstance(bot, MctsBot)
        bot.iterations = 30  # the level's search and evaluation, on a test's budget
        assert bot.choose(state) in state.legal_actions()


def test_aquarium_designers_levels_lie_lower() -> None:
    # BY_GAME: the search's edge over greedy holds one step there, not two, so casual is
    # the newcomer's choice at a lower temperature and strong is greedy itself
    casual = bots.make("casual", seed=1, game="aquarium-designer")
    beginner = bots.make("beginner", game="aquarium-designer")
    assert isinstance(casual, BeginnerBot) and casual.spec == "casual"
    assert isinstance(beginner, BeginnerBot) and casual.temperature < beginner.temperature
    strong = bots.make("strong", game="aquarium-designer")
    assert isinstance(strong, GreedyBot)
    assert level_spec("strong", "aquarium-designer") == "greedy"


def test_aquarium_designers_casual_sits_between_beginner_and_strong() -> None:
    # each won about 4 games in 5 of the ladder's 160 (docs/bots.md, Levels); here 16
    assert winner_counts("aquarium-designer", ["casual", "beginner"], 16)["casual"] >= 11
    assert winner_counts("aquarium-designer", ["strong", "casual"], 16)["strong"] >= 11


@pytest.mark.parametrize("game", GAMES)
def test_a_beginner_plays_whole_games_legally(game: str) -> None:
    wins = winner_counts(game, ["beginner", "random"], 2)
    assert sum(wins.values()) == pytest.approx(2)


def test_a_beginner_sits_between_random_and_casual() -> None:
    # Its mistakes are a newcomer's (a near-best move), not random: it beats random and
    # loses to greedy, casual in the truck games (more games: docs/bots.md, Levels).
    assert winner_counts("aquarium-designer", ["beginner", "random"], 8)["beginner"] >= 6
    assert winner_counts("aquarium-designer", ["beginner", "greedy"], 8)["greedy"] >= 6


def test_strong_beats_casual() -> None:
    # 40 iterations, no time cap: the same games on any machine (15 of 16 in the ladder,
    # docs/bots.md, Levels)
    assert winner_counts("aquaretto", ["strong", "casual"], 4)["strong"] >= 3


def test_a_beginner_is_repeatable_and_follows_its_temperature() -> None:
    state = games.get("aquaretto").new_game(players=2, seed=3)
    legal = state.legal_actions()
    picks = [bots.make("beginner", seed=s, game="aquaretto").choose(state) for s in range(20)]
    again = [bots.make("beginner", seed=s, game="aquaretto").choose(state) for s in range(20)]
    assert picks == again
    cold = [bots.make("beginner:temperature=0.01", seed=s, game="aquaretto") for s in range(5)]
    greedy = bots.make("greedy", game="aquaretto").choose(state)
    assert {str(b.choose(state)) for b in cold} == {str(greedy)}  # cold: greedy's move
    assert all(p in legal for p in picks)
