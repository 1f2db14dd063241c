"""The Gymnasium adapter: Gymnasium's check_env, bots as opponents, masks, copies."""

from __future__ import annotations

import copy
import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import zoogames
from tests.rl.helpers import cases
from zoogames.rl.games import ids, spec
from zoogames.rl.gymnasium import ZoogamesEnv, env_id


def opponents(players: int) -> list[str]:
    return ["greedy", "random", "random", "random"][: players - 1]


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_check_env_passes(game_id: str, players: int) -> None:
    e = gymnasium.make(env_id(game_id), opponents=opponents(players))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(e.unwrapped)
    assert not [str(w.message) for w in caught]


def test_every_game_is_registered() -> None:
    for game_id in ids():
        assert env_id(game_id) == f"zoogames/{spec(game_id).gym_name}-v0"
        assert env_id(game_id) in gymnasium.registry
    assert env_id("aquaretto") == "zoogames/Aquaretto-v0"


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_an_episode_against_bots(game_id: str, players: int) -> None:
    e = gymnasium.make(env_id(game_id), opponents=opponents(players), seat=players - 1)
    _, info = e.reset(seed=9)
    rng = np.random.default_rng(1)
    done = False
    reward: float = 0.0
    while not done:
        inner = e.unwrapped
        assert isinstance(inner, ZoogamesEnv)
        assert inner.game_state is not None and inner.game_state.to_move == players - 1
        mask = info["action_mask"]
        assert np.array_equal(mask, inner.action_masks())
        assert np.flatnonzero(mask).tolist() == info["legal"]
        _, r, done, truncated, info = e.step(int(rng.choice(info["legal"])))
        reward = float(r)
        assert not truncated
    state = e.unwrapped.game_state  # type: ignore[attr-defined]
    assert state.is_terminal
    assert reward == (1.0 if players - 1 in state.result().winners else -1.0)
    assert zoogames.replay(state.record()) == state
    assert info["action_mask"].sum() == 0


def test_an_illegal_action_ends_the_episode() -> None:
    e = gymnasium.make("zoogames/Aquaretto-v0", opponents=["random"])
    _, info = e.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = e.unwrapped.game_state.clone()  # type: ignore[attr-defined]
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == -1.0 and "illegal" in info
    assert e.unwrapped.game_state == before  # type: ignore[attr-defined]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="bot"):
        ZoogamesEnv("aquaretto", opponents=["nobody"])
    with pytest.raises(ValueError, match="list"):
        ZoogamesEnv("aquaretto", opponents="random")  # type: ignore[arg-type]
    with pytest.raises(zoogames.InvalidOptions):
        ZoogamesEnv("aquaretto", opponents=["random"] * 5)
    with pytest.raises(ValueError, match="reward"):
        ZoogamesEnv("aquaretto", reward="points")


@pytest.mark.parametrize("how", ["clone", "deepcopy", "pickle"])
def test_copies_carry_on_like_the_original(how: str) -> None:
    e = ZoogamesEnv("aquaretto", opponents=["greedy", "random"])
    _, info = e.reset(seed=8)
    for _ in range(10):
        _, _, _, _, info = e.step(info["legal"][0])
    if how == "clone":
        copied = e.clone()
    elif how == "deepcopy":
        copied = copy.deepcopy(e)
    else:
        copied = pickle.loads(pickle.dumps(e))

    def finish(env: ZoogamesEnv, legal: list[int]) -> list[int]:
        seen = []
        done = False
        while not done:
            _, _, done, _, inf = env.step(legal[len(legal) // 2])
            legal = inf["legal"]
            seen.append(len(legal))
        return seen

    assert finish(copied, info["legal"]) == finish(e, info["legal"])
    assert copied.game_state == e.game_state


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_environments_play_whole_episodes(mode: str) -> None:
    """``gymnasium.make_vec``: each sub-environment seeded in turn, reset after its end."""
    envs = gymnasium.make_vec(
        env_id("zooloretto"), num_envs=2, vectorization_mode=mode, opponents=["random"]
    )
    try:
        obs, info = envs.reset(seed=11)
        single = ZoogamesEnv("zooloretto", opponents=["random"])
        for i in range(2):
            first, _ = single.reset(seed=11 + i)
            assert np.array_equal(obs[i], first)
        assert obs.shape == (2, single.encoder.size)
        assert info["action_mask"].shape == (2, single.space.n)
        rng = np.random.default_rng(0)
        ended = [0, 0]
        for _ in range(2000):
            masks = info["action_mask"]
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
            obs, _, terminated, truncated, info = envs.step(actions)
            assert "illegal" not in info
            assert not truncated.any()
            for i in np.flatnonzero(terminated).tolist():
                assert not info["action_mask"][i].any()  # the game is over
                ended[i] += 1
            if min(ended) >= 2:
                break
        assert min(ended) >= 2  # each sub-environment finished, restarted and finished again
    finally:
        envs.close()


def test_mask_in_info_false_leaves_only_the_legal_indices() -> None:
    lean = ZoogamesEnv("aquaretto", opponents=["random"], mask_in_info=False)
    full = ZoogamesEnv("aquaretto", opponents=["random"])
    (obs_lean, info_lean), (obs_full, info_full) = lean.reset(seed=5), full.reset(seed=5)
    for _ in range(30):
        assert set(info_lean) == {"legal"}
        assert info_lean["legal"] == info_full["legal"]
        assert np.flatnonzero(info_full["action_mask"]).tolist() == info_full["legal"]
        assert np.array_equal(lean.action_masks(), info_full["action_mask"])
        assert np.array_equal(obs_lean, obs_full)
        action = info_lean["legal"][-1]
        obs_lean, _, done, _, info_lean = lean.step(action)
        obs_full, _, _, _, info_full = full.step(action)
        if done:
            break
