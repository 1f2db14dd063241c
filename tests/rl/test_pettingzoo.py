"""The PettingZoo adapter: PettingZoo's own API and seed tests, and what they do not check."""

from __future__ import annotations

import copy
import pickle
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import zoogames
from tests.rl.helpers import cases
from zoogames.rl.pettingzoo import env, raw_env

# api_test warns about every dict observation unless the environment is one of its own
# classic games, though the classics return the very same {"observation", "action_mask"}.
EXPECTED = ("Observation is not a NumPy array", "Observation space for each agent probably")


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), cases())
def test_api_test_and_seed_test_pass(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players), num_cycles=1000)
        seed_test(lambda: env(game_id, players=players), num_cycles=100)
    other = {str(w.message) for w in caught} - {
        str(w.message) for w in caught if str(w.message).startswith(EXPECTED)
    }
    assert not other


def play_random(e: raw_env, seed: int) -> list[int]:
    rng = np.random.default_rng(seed)
    played = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        assert e.game_state is not None and e.game_state.to_move is not None
        assert agent == e.possible_agents[e.game_state.to_move]
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        played.append(action)
        e.step(action)
    return played


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_a_game_plays_to_the_end_and_replays_as_a_record(game_id: str, players: int) -> None:
    e = raw_env(game_id, players=players, reward="score")
    e.reset(seed=11)
    total = {a: 0.0 for a in e.possible_agents}
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] = reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() == len(e.game_state.legal_actions())  # type: ignore[union-attr]
        for other in e.agents:  # only the seat to move has legal actions
            if other != agent:
                assert e.observe(other)["action_mask"].sum() == 0
        e.step(int(rng.choice(np.flatnonzero(mask))))
    state = e.game_state
    assert state is not None and state.is_terminal
    assert [total[a] for a in e.possible_agents] == [s.total for s in state.scores()]
    record = state.record()
    assert record["seed"] == 11
    assert zoogames.replay(record) == state


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    e = env("aquaretto", players=3)
    e.reset(seed=1)
    mover = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[mover] == -1.0
    assert sum(e.rewards.values()) == -1.0
    assert "illegal" in e.infos[mover]


@pytest.mark.parametrize("how", ["clone", "deepcopy", "pickle"])
def test_copies_carry_on_like_the_original(how: str) -> None:
    e = raw_env("aquaretto", players=2)
    e.reset(seed=5)
    for _ in range(40):
        obs, *_ = e.last()
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    if how == "clone":
        copied = e.clone()
    elif how == "deepcopy":
        copied = copy.deepcopy(e)
    else:
        copied = pickle.loads(pickle.dumps(e))
    assert copied.game_state == e.game_state and copied.game_state is not e.game_state
    assert np.array_equal(copied.last()[0]["observation"], e.last()[0]["observation"])
    assert play_random(copied, 3) == play_random(e, 3)
    assert copied.game_state == e.game_state


def test_wrapped_environments_pickle_too() -> None:
    e = env("aquaretto", players=2)
    e.reset(seed=4)
    e.step(0)
    again = pickle.loads(pickle.dumps(e))
    assert again.unwrapped.game_state == e.unwrapped.game_state


@pytest.mark.parametrize(("game_id", "players"), [c for c in cases() if c[1] in (1, 2, 4)])
def test_reused_buffers_hold_what_new_arrays_would(game_id: str, players: int) -> None:
    """``copy=False`` (the environment's own arrays, rewritten in place) observes exactly
    as the default, and its arrays are read-only."""
    fresh, reused = raw_env(game_id, players), raw_env(game_id, players, copy=False)
    fresh.reset(seed=12)
    reused.reset(seed=12)
    rng = np.random.default_rng(3)
    for agent in fresh.agent_iter():
        assert reused.agent_selection == agent
        for other in fresh.possible_agents:  # a seat not to move too: all-0 mask
            a, b = fresh.observe(other), reused.observe(other)
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            assert not b["observation"].flags.writeable
            assert not b["action_mask"].flags.writeable
        _, _, terminated, truncated, info = fresh.last()
        action = None if terminated or truncated else int(rng.choice(info["legal"]))
        fresh.step(action)
        reused.step(action)
    assert reused.game_state == fresh.game_state
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the same expected warnings as above
        api_test(env(game_id, players=players, copy=False), num_cycles=200)


def test_reused_buffers_are_not_shared_by_clones() -> None:
    e = raw_env("aquaretto", 2, copy=False)
    e.reset(seed=2)
    before = e.last()[0]["action_mask"].copy()
    twin = e.clone()
    twin.step(twin.legal_indices()[0])
    twin.last()
    assert np.array_equal(e.last()[0]["action_mask"], before)
