"""Zooloretto's greedy bot: registered, legal in every seat count, better than random."""

from __future__ import annotations

import zoogames
from zoogames import bots
from zoogames.bots.greedy.zooloretto import ZoolorettoGreedy, zoo_value
from zoogames.core.game import State
from zoogames.core.record import replay
from zoogames.games.zooloretto.zoo import ZooBoard

from .helpers import lay

GAME = "zooloretto"


def play(specs: list[str], seed: int) -> State:
    state = zoogames.games.get(GAME).new_game(players=len(specs), seed=seed)
    players = [bots.make(s, seed=seed * 7 + i, game=GAME) for i, s in enumerate(specs)]
    while not state.is_terminal:
        assert state.to_move is not None
        state.apply(players[state.to_move].choose(state))
    return state


def test_the_greedy_bot_is_registered() -> None:
    assert isinstance(bots.make("greedy", game=GAME), ZoolorettoGreedy)


def test_the_evaluation_prefers_a_fuller_enclosure_and_an_empty_barn() -> None:
    one, two = lay(ZooBoard(), "e5", "C"), lay(ZooBoard(), "e5", "C C C")
    assert zoo_value(two) > zoo_value(one)
    assert zoo_value(lay(ZooBoard(), "barn", "C")) < zoo_value(ZooBoard())


def test_greedy_beats_random_in_two_player_games() -> None:
    # a 200-game duel won all 200 (docs/rules-notes.md); here a quick one
    for seed in range(6):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        result = play(specs, seed).result()
        assert result.winners == (specs.index("greedy"),)


def test_bots_never_play_an_illegal_action_in_any_seat_count() -> None:
    for n in (3, 4, 5):
        state = play(["greedy"] + ["random"] * (n - 1), seed=n)
        assert replay(state.record()) == state  # every action checked again on a fresh game
