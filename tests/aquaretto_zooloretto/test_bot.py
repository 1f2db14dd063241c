"""The greedy bot of "Aquaretto with Zooloretto": registered, legal, better than random."""

from __future__ import annotations

import pytest

import zoogames
from zoogames import bots
from zoogames.bots.greedy.aquaretto_zooloretto import AquarettoZoolorettoGreedy
from zoogames.core.game import State
from zoogames.core.record import replay

from .helpers import new, play

GAME = "aquaretto-zooloretto"


def duel(specs: list[str], seed: int) -> State:
    state = zoogames.games.get(GAME).new_game(players=len(specs), seed=seed)
    players = [bots.make(s, seed=seed * 7 + i, game=GAME) for i, s in enumerate(specs)]
    while not state.is_terminal:
        assert state.to_move is not None
        state.apply(players[state.to_move].choose(state))
    return state


def test_the_greedy_bot_is_registered() -> None:
    assert isinstance(bots.make("greedy", game=GAME), AquarettoZoolorettoGreedy)


def test_a_truck_that_may_not_be_taken_yet_is_worth_nothing() -> None:
    # C-R1: only zoo tiles on trucks, so no truck may be taken; the bot must not try
    state = new(3, draw_order={"zooloretto": ["camel"]})
    play(state, "draw zooloretto", "load A")
    bot = AquarettoZoolorettoGreedy()
    assert bot.truck_gain(state, 1, 0) == 0.0
    assert str(bot.choose(state)).startswith(("draw", "expand"))


@pytest.mark.slow
def test_greedy_beats_random_in_two_player_games() -> None:
    for seed in range(2):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        assert duel(specs, seed).result().winners == (specs.index("greedy"),)


def test_greedy_plays_legally_with_five_players() -> None:
    state = duel(["greedy"] + ["random"] * 4, seed=5)
    assert replay(state.record()) == state  # every action checked again on a fresh game
