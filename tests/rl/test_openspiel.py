"""The OpenSpiel adapter: OpenSpiel's random simulation test, its MCTS and IS-MCTS bots,
chance nodes, tensors, records and copies."""

from __future__ import annotations

import pickle
from collections import Counter

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import zoogames
from tests.rl.helpers import cases
from zoogames.rl.games import ids, spec
from zoogames.rl.games.aquaretto import DRAW_KINDS
from zoogames.rl.openspiel import ZoogamesState, short_name
from zoogames.rl.spaces import action_space, observation_encoder


def load(game_id: str, players: int, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game_id), {"players": players, **params})


def play(game: pyspiel.Game, seed: int, bots: list[object] | None = None) -> ZoogamesState:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif bots is None:
            state.apply_action(int(rng.choice(state.legal_actions())))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert isinstance(state, ZoogamesState)
    return state


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), cases())
def test_random_sim_test_passes(game_id: str, players: int) -> None:
    """OpenSpiel's own checks: clones, serialization, masks, returns, game length.

    One game per case: each checks every position of a whole game (5 s of CPU at five
    players); the score rewards, which do not depend on the number of seats, once per game.
    """
    pyspiel.random_sim_test(load(game_id, players), num_sims=1, serialize=True, verbose=False)
    if players == zoogames.games.get(game_id).min_players:
        pyspiel.random_sim_test(
            load(game_id, players, reward="score"), num_sims=1, serialize=False, verbose=False
        )


def test_game_type_and_registration() -> None:
    for game_id in ids():
        assert short_name(game_id) in pyspiel.registered_names()
    game = load("aquaretto", 3)
    t = game.get_type()
    assert t.short_name == "zoogames_aquaretto"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 3
    assert game.num_distinct_actions() == action_space("aquaretto", 3).n
    assert game.observation_tensor_size() == observation_encoder("aquaretto", 3).size
    assert game.information_state_tensor_size() == observation_encoder("aquaretto", 3).size
    assert pyspiel.load_game("zoogames_aquaretto").num_players() == 2


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ids())
def test_mcts_and_ismcts_bots_play_to_the_end(game_id: str) -> None:
    game = load(game_id, 2)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rs),
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rs),
    ]
    state = play(game, seed=0, bots=bots)
    assert state.is_terminal()
    assert sorted(state.returns()) in ([-1.0, 1.0], [1.0, 1.0])


def test_draws_are_chance_nodes_over_the_unseen_tiles() -> None:
    game = load("aquaretto", 3)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 10  # removed species
    state.apply_action(4)
    assert len(state.chance_outcomes()) == 3  # start player
    state.apply_action(1)
    assert state.current_player() == 1
    space = action_space("aquaretto", 3)
    state.apply_action(space.index("draw"))
    assert state.is_chance_node()
    engine = state.engine
    assert engine is not None
    counts = Counter(engine.pile)
    probs = dict(state.chance_outcomes())
    assert sum(probs.values()) == pytest.approx(1.0)
    assert {DRAW_KINDS[o]: p * len(engine.pile) for o, p in probs.items()} == pytest.approx(
        dict(counts)
    )
    coin = DRAW_KINDS.index(64)
    state.apply_action(coin)
    assert state.current_player() == 1
    assert state.engine.drawn == 64
    assert state.action_to_string(1, space.index("load A")) == "load A"


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_a_game_is_a_zoogames_record(game_id: str, players: int) -> None:
    state = play(load(game_id, players), seed=players)
    record = state.zoogames_record()
    assert record["options"]["players"] == players
    final = zoogames.replay(record)
    assert final.history == state.engine.history  # type: ignore[union-attr]
    assert final.view(None) == state.engine.view(None)  # type: ignore[union-attr]


def test_tensors_and_strings() -> None:
    game = load("aquaretto", 2)
    state = play(game, seed=3)
    enc = observation_encoder("aquaretto", 2)
    for p in range(2):
        obs = np.asarray(state.observation_tensor(p), np.float32)
        assert np.array_equal(obs, enc.encode(state.engine, p))  # type: ignore[arg-type]
        assert np.array_equal(np.asarray(state.information_state_tensor(p), np.float32), obs)
        assert state.information_state_string(p).startswith(f"seat {p} | removed ")
        assert '"seat":' in state.observation_string(p)
    first = game.new_initial_state()
    assert not any(first.observation_tensor(0))


def test_clones_and_pickles_carry_on_like_the_original() -> None:
    game = load("aquaretto", 2)
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    for _ in range(60):
        if state.is_chance_node():
            state.apply_action(int(state.chance_outcomes()[0][0]))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for make in (state.clone, lambda: pickle.loads(pickle.dumps(state))):
        copy = make()
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.engine is not state.engine
        for s in (copy, state):
            s.apply_action(
                s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0]
            )
        assert str(copy) == str(state)
    resampled = state.resample_from_infostate(
        state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
    )
    assert str(resampled) == str(state)


def test_max_game_length_bounds_random_games() -> None:
    for players in (2, 5):
        game = load("aquaretto", players)
        state = play(game, seed=1)
        decisions = sum(1 for step in state.full_history() if step.player >= 0)
        assert decisions <= game.max_game_length()
        assert decisions > game.max_game_length() / 4
    assert spec("aquaretto").max_chance_outcomes(2) == len(DRAW_KINDS)


def test_aquarium_designer_deals_are_chance_nodes_card_by_card() -> None:
    game = load("aquarium-designer", 1)
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 6  # solo: the entrance card (start player: 0)
    state.apply_action(2)
    for left in range(40, 34, -1):  # round 1: 5 offer cards and the preview
        assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / left] * left)
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0
    engine = state.engine
    assert engine is not None and engine.offer == [1, 2, 3, 4, 5] and engine.preview == 6
    state.apply_action(state.legal_actions()[-1])  # a draw ends the solo round: a deal
    assert state.is_chance_node() and len(state.chance_outcomes()) == 34
    for _ in range(5):  # 4 new offer cards and the next preview
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.current_player() == 0 and engine.round == 2
    assert sorted(engine.offer) == [6, 37, 38, 39, 40] and engine.preview == 36
