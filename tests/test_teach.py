"""Hints: the bots' suggestion for a seat's turn, from what the table sees."""

from __future__ import annotations

import pytest

from zoogames import bots, games
from zoogames.bots import teach
from zoogames.bots.levels import offered
from zoogames.bots.mcts import MctsBot
from zoogames.bots.teach import hint
from zoogames.core.game import State
from zoogames.core.rng import Rng

GAMES = ["aquaretto", "zooloretto", "aquaretto-zooloretto", "aquarium-designer"]
ITERATIONS = 60


def position(game: str, moves: int = 9, seed: int = 5) -> State:
    """A 2-player position a few random moves in, with a choice to make."""
    state = games.get(game).new_game(players=2, seed=seed)
    rng = Rng(seed, "walk")
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:  # a choice, so that the search runs
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_is_what_the_bot_would_play_and_is_repeatable(game: str) -> None:
    state = position(game)
    seat = state.to_move
    assert seat is not None
    found = hint(state, seat, iterations=ITERATIONS, seed=7)
    # the search master plays, where it plays (its learned evaluation), else expert's
    bot_choice = teach.search(state, seed=7, iterations=ITERATIONS).choose(state.clone())
    assert found.actions[0] == str(bot_choice)
    assert found.to_json() == hint(state, seat, iterations=ITERATIONS, seed=7).to_json()
    assert found.actions[0] in {str(a) for a in state.legal_actions()}
    assert found.alternatives and found.alternatives[0].visits >= found.alternatives[-1].visits
    assert found.value is not None and 0.0 <= found.value <= 1.0


@pytest.mark.parametrize("game", GAMES)
def test_hints_and_reviews_judge_as_master_where_it_plays(game: str) -> None:
    for players in (2, 4):
        state = games.get(game).new_game(players=players, seed=1)
        bot = teach.search(state, seed=1, iterations=ITERATIONS, seconds=1.5)
        assert isinstance(bot, MctsBot) and (bot.iterations, bot.seconds) == (ITERATIONS, 1.5)
        if not offered("master", game, players):
            assert bot.leaf == MctsBot().leaf  # expert's greedy evaluation
            continue
        master = bots.make("master", game=game)
        assert isinstance(master, MctsBot) and bot.leaf == "learned"
        assert (bot.leaf, bot.blend, bot.rollout) == (master.leaf, master.blend, master.rollout)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_never_depends_on_the_hidden_order(game: str) -> None:
    state = position(game, moves=14)
    seat = state.to_move
    assert seat is not None
    expected = hint(state, seat, iterations=ITERATIONS, seed=3).to_json()
    for k in range(3):  # twins: the same table, the unseen tiles or cards in another order
        twin = state.determinize(Rng(k, "twin"))
        assert hint(twin, seat, iterations=ITERATIONS, seed=3).to_json() == expected


def test_a_hint_suggests_the_whole_turn_until_something_hidden_comes_up() -> None:
    state = position("aquaretto", moves=30, seed=2)
    seat = state.to_move
    assert seat is not None
    found = hint(state, seat, iterations=ITERATIONS, seed=1)
    replay = state.clone()
    for i, text in enumerate(found.actions):  # each step legal where it is suggested
        action = replay.game.parse_action(text)
        assert replay.check(action) is None
        last = i == len(found.actions) - 1
        assert not replay.reveals(action) or last  # nothing is suggested beyond a draw
        replay.apply(action)
        assert replay.to_move == seat or last or replay.is_terminal


def test_a_hint_is_only_for_the_seat_to_move() -> None:
    state = position("zooloretto")
    other = 1 - (state.to_move or 0)
    with pytest.raises(ValueError, match="not to move"):
        hint(state, other, iterations=5)
