"""Masks: LegalMask's fast nonzero, the incremental MaskBuffer, the compact encoding."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
from gymnasium.spaces import Discrete
from hypothesis import given
from hypothesis import strategies as st

from tests.rl.helpers import random_states
from zoogames.core.errors import IllegalAction
from zoogames.rl.games import ids
from zoogames.rl.spaces import SCAN_BELOW, LegalMask, MaskBuffer, action_space, only_nonzero

# Every game at 2 and 4 players (the benchmark's counts; the spaces differ only in the
# trucks' and seats' blocks beyond that).
CASES = [(g, n) for g in ids() for n in (2, 4)]


def plain(mask: np.ndarray) -> np.ndarray:
    """A plain int8 array with the same entries: what NumPy answers without help."""
    return np.array(mask.view(np.ndarray), np.int8)


def readings(mask: np.ndarray) -> list[list[int]]:
    """The legal indices read off ``mask`` every usual way."""
    return [
        np.flatnonzero(mask).tolist(),
        np.nonzero(mask)[0].tolist(),
        mask.nonzero()[0].tolist(),
        np.where(mask)[0].tolist(),
        np.argwhere(mask)[:, 0].tolist(),
    ]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_incremental_mask_equals_a_fresh_one(game_id: str, players: int) -> None:
    """MaskBuffer (rewritten in place) equals mask_of (built anew), read every way."""
    space = action_space(game_id, players)
    buffer = MaskBuffer(space.n)
    kept = None
    for i, state in enumerate(random_states(game_id, players, games=2, seed=11)):
        legal = space.legal_indices(state)
        fresh = space.mask_of(legal)
        reused = buffer.set(legal)
        assert isinstance(fresh, LegalMask) and isinstance(reused, LegalMask)
        assert fresh.dtype == reused.dtype == np.int8
        assert np.array_equal(fresh, reused)
        assert np.array_equal(plain(fresh), plain(reused))
        expected = np.flatnonzero(plain(fresh)).tolist()
        assert expected == legal
        assert readings(fresh) == readings(reused) == [legal] * 5
        if kept is not None:  # a view kept from an earlier step shows the new entries
            assert readings(kept) == [legal] * 5
        if i % 7 == 0:
            kept = reused


def test_mask_nonzero_answers_from_its_indices_only_while_they_hold() -> None:
    space = action_space("aquaretto", 2)
    assert space.n >= SCAN_BELOW
    state = next(s for s in random_states("aquaretto", 2, games=1) if s.history)
    legal = space.legal_indices(state)
    mask = space.mask_of(legal)
    assert mask.legal is legal and mask.flags.writeable
    # The views NumPy's functions make keep the indices; results match NumPy's own.
    for view in (np.ravel(mask), mask.copy(), mask.view()):
        assert isinstance(view, LegalMask) and view.legal is legal
    assert readings(mask) == [np.flatnonzero(plain(mask)).tolist()] * 5
    # Entries written afterwards win over the indices, whatever they are.
    changed = space.mask_of(legal)
    changed[legal[0]] = 0
    changed[1] = 5
    assert changed.legal is legal
    assert readings(changed) == [sorted({1, *legal[1:]})] * 5
    moved = space.mask_of(legal)
    moved[legal[0]], moved[legal[0] - 1] = 0, 1
    assert readings(moved) == [np.flatnonzero(plain(moved)).tolist()] * 5
    # Indices that do not match from the start are no shortcut either.
    wrong = space.mask_of(legal)
    wrong.legal = legal[1:]
    assert readings(wrong) == [legal] * 5
    duplicated = space.mask_of(legal)
    duplicated.legal = [legal[0], *legal[:-1]]
    assert readings(duplicated) == [legal] * 5


@given(
    size=st.integers(0, 90),
    picks=st.lists(st.integers(-3, 95), max_size=80),
    writes=st.lists(st.tuples(st.integers(0, 89), st.integers(-128, 127)), max_size=3),
    stride=st.sampled_from([1, 2]),
)
def test_only_nonzero_answers_exactly_or_not_at_all(
    size: int, picks: list[int], writes: list[tuple[int, int]], stride: int
) -> None:
    """``only_nonzero`` (both ways: a few indices word by word, many by a count) returns
    the nonzero entries exactly, or None: whatever the indices (repeated, out of range,
    among the last ``size % 8`` entries) and whatever was written since."""
    base = np.zeros(size * stride, np.int8)
    plain = base[::stride]
    legal = [i for i in picks if 0 <= i < size] if writes else picks
    for i in legal:
        if 0 <= i < size:
            plain[i] = 1
    for i, value in writes:
        if i < size:
            plain[i] = value
    found = only_nonzero(plain, legal)
    truth = np.flatnonzero(plain).tolist()
    if found is not None:
        assert found.tolist() == truth
    # As legal_indices and mask_of make them (distinct, in range, nothing written since,
    # a contiguous array): an answer.
    distinct = len(set(legal)) == len(legal)
    if not writes and stride == 1 and distinct and all(0 <= i < size for i in legal):
        assert found is not None and found.tolist() == sorted(set(legal))


def test_mask_is_an_int8_array_in_every_other_respect() -> None:
    space = action_space("aquaretto", 4)
    state = next(s for s in random_states("aquaretto", 4, games=1) if s.history)
    legal = space.legal_indices(state)
    mask = space.mask_of(legal)
    # ufuncs give plain arrays and scalars: they are not masks any more.
    assert type(mask == 1) is np.ndarray and type(mask * 2) is np.ndarray
    assert int(mask.sum()) == len(legal) and not isinstance(mask.sum(), np.ndarray)
    assert np.flatnonzero(mask.view(bool)).tolist() == legal  # the free boolean view
    assert Discrete(space.n).sample(mask) in legal  # Gymnasium's masked sampling
    for other in (pickle.loads(pickle.dumps(mask)), copy.deepcopy(mask)):
        assert np.array_equal(other, mask) and np.flatnonzero(other).tolist() == legal
    # Views of another shape or dtype drop the indices (and answer correctly).
    two_rows = np.stack([mask, mask])
    assert np.flatnonzero(two_rows[1]).tolist() == legal
    for other_shape in (mask[: legal[-1]], mask.astype(bool)):
        assert isinstance(other_shape, LegalMask) and other_shape.legal is None
    assert np.flatnonzero(mask[: legal[-1]]).tolist() == legal[:-1]
    empty = space.mask_of([])
    assert readings(empty) == [[]] * 5


# ----- the compact encoding of coworker moves ---------------------------------------------

COMPACT = [(g, n) for g, n in CASES if action_space(g, n).compact() is not None]


def test_compact_encoding_exists_for_the_games_with_coworker_moves() -> None:
    assert {g for g, _ in COMPACT} == {"aquaretto", "aquaretto-zooloretto"}
    space = action_space("aquaretto", 2)
    compact = space.compact()
    assert compact is not None and compact is space.compact()
    assert compact.places == 372 and compact.size == 15_909
    assert action_space("zooloretto", 2).compact() is None


@pytest.mark.parametrize(("game_id", "players"), COMPACT)
def test_compact_positions_round_trip_over_the_flat_space(game_id: str, players: int) -> None:
    space = action_space(game_id, players)
    compact = space.compact()
    assert compact is not None
    seen_positions: set[int] = set()
    moves = 0
    for i in range(space.n):
        position, destination = compact.from_flat(i)
        assert compact.to_flat(position, destination) == i
        seen_positions.add(position)
        if destination is not None:
            moves += 1
            seen_positions.add(destination)
            # The move's source and destination are the notation's places, in order.
            src, dst = space.notation(i).split()[-2:]
            assert space.notation(compact.to_flat(position, destination)) == space.notation(i)
            assert src != dst
    assert moves == compact.pairs == compact.places * (compact.places - 1)
    assert seen_positions == set(range(compact.size))  # every position is used
    with pytest.raises(IllegalAction):
        compact.from_flat(space.n)
    with pytest.raises(IllegalAction):
        compact.to_flat(compact.first)  # a source needs a destination
    with pytest.raises(IllegalAction):
        compact.to_flat(compact.first, compact.first + compact.places)  # itself
    with pytest.raises(IllegalAction):
        compact.to_flat(compact.first + compact.places)  # a destination alone
    with pytest.raises(IllegalAction):
        compact.to_flat(0, compact.first + compact.places)
    with pytest.raises(IllegalAction):
        compact.to_flat(compact.size)


@pytest.mark.parametrize(("game_id", "players"), COMPACT)
def test_compact_mask_round_trips_over_random_games(game_id: str, players: int) -> None:
    space = action_space(game_id, players)
    compact = space.compact()
    assert compact is not None
    with_moves = 0
    for state in random_states(game_id, players, games=3, seed=5):
        legal = space.legal_indices(state)
        small = compact.mask(legal)
        assert small.dtype == np.int8 and small.shape == (compact.size,)
        assert compact.legal(small) == legal
        move_block = [i for i in legal if compact.first <= i < compact.first + compact.pairs]
        with_moves += bool(move_block)
    assert with_moves > 0  # the games reached positions with coworker moves
