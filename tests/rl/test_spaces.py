"""The action index spaces and observation encodings (zoogames.rl.spaces)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import zoogames
from tests.hidden import assert_determinize_hides
from tests.rl.helpers import cases, random_states
from zoogames.core.errors import IllegalAction
from zoogames.core.rng import Rng
from zoogames.rl.games import ids, spec
from zoogames.rl.spaces import action_space, observation_encoder


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_every_legal_action_has_one_index_and_masks_match(game_id: str, players: int) -> None:
    space = action_space(game_id, players)
    for state in random_states(game_id, players, games=4):
        legal = state.legal_actions()
        idx = space.indices(legal)
        assert len(set(idx)) == len(legal)  # distinct actions, distinct indices
        for a, i in zip(legal, idx, strict=True):
            assert 0 <= i < space.n
            assert space.action(i) == a
            assert space.index(str(a)) == i
            assert space.notation(i) == str(a)
        mask = space.mask(state)
        assert mask.dtype == np.int8 and mask.shape == (space.n,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(idx) == space.legal_indices(state)


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_indices_decode_to_notation_that_encodes_back(game_id: str, players: int) -> None:
    space = action_space(game_id, players)
    sample = {0, space.n - 1}
    for b in space.describe():
        sample |= {b["first"], b["last"], (b["first"] + b["last"]) // 2}
    sample |= set(range(0, space.n, 997))
    game = zoogames.games.get(game_id)
    for i in sorted(sample):
        text = space.notation(i)
        assert game.parse_action(text) == space.action(i)
        assert space.index(text) == i
    with pytest.raises(IllegalAction):
        space.action(space.n)
    with pytest.raises(IllegalAction):
        space.action(-1)


def test_blocks_cover_the_space_without_gaps() -> None:
    for game_id, players in cases():
        space = action_space(game_id, players)
        nxt = 0
        for b in space.describe():
            assert b["first"] == nxt and b["count"] > 0
            nxt = b["last"] + 1
        assert nxt == space.n


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_observations_have_a_fixed_shape_and_bounds(game_id: str, players: int) -> None:
    enc = observation_encoder(game_id, players)
    for state in random_states(game_id, players, games=2):
        for seat in range(players):
            obs = enc.encode(state, seat)
            assert obs.dtype == np.float32 and obs.shape == enc.shape
            assert obs.min() >= 0.0 and obs.max() <= enc.high
    assert sum(s.size for s in enc.segments) == enc.size


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_observations_show_only_the_view(game_id: str, players: int) -> None:
    """Two states with the same views (the unseen order reshuffled) encode the same."""
    enc = observation_encoder(game_id, players)
    rng = Rng(5, "determinize")
    hiding = 0  # positions where equal encodings prove something: the twin hid tiles
    for i, state in enumerate(random_states(game_id, players, games=2, seed=3)):
        if i % 5:
            continue
        hiding += assert_determinize_hides(state) > 0
        other = state.determinize(rng)
        for seat in range(players):
            assert other.view(seat) == state.view(seat)
            assert np.array_equal(enc.encode(other, seat), enc.encode(state, seat))
    assert hiding > 0


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_encode_into_overwrites_a_reused_buffer(game_id: str, players: int) -> None:
    """A buffer reused from step to step (OpenSpiel's observer) holds exactly ``encode``."""
    enc = observation_encoder(game_id, players)
    buffer = np.full(enc.size, np.nan, np.float32)
    for i, state in enumerate(random_states(game_id, players, games=1, seed=9)):
        seat = i % players
        enc.encode_into(state, seat, buffer)
        assert np.array_equal(buffer, enc.encode(state, seat))
        buffer[::7] = 99.0  # leftovers must not survive the next write


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_cached_parts_encode_as_a_cold_encoder(game_id: str, players: int) -> None:
    """Encoders keep parts (zoo planes, a seat's features, the unseen counts) by their
    inputs: a warm encoder, fed positions of several games in turn, encodes exactly as
    a new one with nothing cached."""
    warm = observation_encoder(game_id, players)
    games = [[x.clone() for x in random_states(game_id, players, 1, seed=s)] for s in (21, 22)]
    for i, state in enumerate(s for pair in zip(*games, strict=False) for s in pair):
        if i % 3:
            continue
        cold = spec(game_id).observation_encoder(players)
        for seat in range(players):
            assert np.array_equal(warm.encode(state, seat), cold.encode(state, seat))


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_cached_parts_follow_a_game_step_by_step_its_twins_and_going_back(
    game_id: str, players: int
) -> None:
    """What the encoders keep from their last call (each zoo's planes, each seat's last
    features, the piles' counts updated draw by draw) never shows through: one game
    encoded at every step, in place, with a shuffled twin now and then (its piles in
    another order) and an earlier position after a later one (longer piles), encodes
    exactly as a new encoder."""
    warm = observation_encoder(game_id, players)
    early = None
    for i, state in enumerate(random_states(game_id, players, games=1, seed=31)):
        seat = i % players
        positions = [state]
        if i % 5 == 4:
            positions.append(state.determinize(Rng(i, "twin")))
        if i == 12:
            early = state.clone()
        if early is not None and i % 17 == 0:
            positions.append(early)
        for position in positions:
            cold = spec(game_id).observation_encoder(players)
            assert np.array_equal(warm.encode(position, seat), cold.encode(position, seat))


def test_spaces_and_encoders_pickle_by_name() -> None:
    for game_id, players in cases()[:2]:
        space = action_space(game_id, players)
        enc = observation_encoder(game_id, players)
        assert pickle.loads(pickle.dumps(space)) is space
        assert pickle.loads(pickle.dumps(enc)) is enc


def test_every_registered_game_has_an_adapter() -> None:
    missing = set(zoogames.games.ids()) - set(ids())
    assert not missing, f"add an RL adapter for {sorted(missing)}: see docs/rl.md, Adding a game"


def test_designer_card_features_follow_the_games_deck() -> None:
    """The offer's and preview's features come from the deck in play, not a cached one."""
    from tests.aquarium_designer.helpers import deck_with, new
    from zoogames.games.aquarium_designer.cards import LAYOUT_CARDS

    every_card = dict.fromkeys(range(1, LAYOUT_CARDS + 1), "A* A / A A")
    warm = observation_encoder("aquarium-designer", 1)
    default = new(1, seed=4)
    changed = new(1, seed=4, deck=deck_with(layout=every_card))
    fresh = spec("aquarium-designer").observation_encoder(1)
    before = warm.encode(default, 0)
    after = warm.encode(changed, 0)
    assert np.array_equal(after, fresh.encode(changed, 0))
    assert np.array_equal(warm.encode(default, 0), before)
    offer = warm.segment("offer").of(after)
    cards = len(changed.offer)
    # Every card of the changed deck: section TL is colour 0 with an animal, the rest colour 0.
    expected = np.zeros((4, 5), np.float32)
    expected[:, 0] = 1
    expected[0, 4] = 1
    for row in offer[:cards]:
        assert np.array_equal(row.reshape(4, 5), expected)
    assert not np.array_equal(warm.segment("offer").of(before), offer)
