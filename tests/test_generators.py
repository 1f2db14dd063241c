"""Server games draw from 128 secret bits through BLAKE2b; every
SplitMix64 seed and record replays as before, and a record names its generator."""

from __future__ import annotations

import json
import random

import pytest

import zoogames
from zoogames.core.errors import InvalidRecord
from zoogames.core.record import replay
from zoogames.core.rng import BLAKE2B, SECRET, Rng, generator_of, secret_seed


def test_splitmix64_sequences_are_the_ones_records_were_made_with() -> None:
    # Values of the generator before the secret one was added (a change breaks records).
    assert Rng(7, "pile").next64() == 2708481483245068509
    assert Rng(421).below(1000) == 56
    seq = Rng(2024, "start")
    assert [seq.below(100) for _ in range(5)] == [32, 52, 86, 20, 55]


def test_a_secret_seed_has_128_secret_bits_and_selects_blake2b() -> None:
    seeds = {secret_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(SECRET <= s < 2 * SECRET for s in seeds)
    assert all(generator_of(s) == BLAKE2B for s in seeds)
    assert generator_of(2**53) == generator_of(2**64) == generator_of(2**129) == "splitmix64"
    seed = secret_seed()
    a, b = Rng(seed, "pile"), Rng(seed, "pile")
    assert [a.next64() for _ in range(20)] == [b.next64() for _ in range(20)]
    assert Rng(seed, "pile").next64() != Rng(seed, "deck").next64()
    assert Rng(seed, "pile").next64() != Rng(seed + 1, "pile").next64()
    # Not SplitMix64 of the seed's low bits: the secret changes everything.
    assert Rng(seed, "pile").next64() != Rng(seed & (2**64 - 1), "pile").next64()


@pytest.mark.parametrize("game", ["aquaretto", "zooloretto", "aquarium-designer"])
def test_a_game_from_a_secret_seed_is_recorded_with_its_generator_and_replays(game: str) -> None:
    state = zoogames.games.get(game).new_game(players=2, seed=secret_seed())
    rng = random.Random(3)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.record()))
    assert record["generator"] == BLAKE2B and record["seed"] >= SECRET
    assert replay(record) == state
    plain = zoogames.games.get(game).new_game(players=2, seed=7).record()
    assert "generator" not in plain  # a record without it means SplitMix64, as before


def test_a_record_without_a_generator_means_splitmix64_whatever_its_seed() -> None:
    big = SECRET + 12345  # a seed SplitMix64 reads by its low 64 bits, as it always did
    old = zoogames.games.get("zooloretto").new_game(players=2, seed=big & (2**64 - 1))
    record = {**old.record(), "seed": big}
    assert replay(record) == old


@pytest.mark.parametrize(
    ("change", "reason"),
    [({"generator": "mt19937"}, "generator must be one of"), ({"generator": BLAKE2B}, r"2\*\*128")],
)
def test_a_record_with_a_wrong_generator_is_refused(change: dict[str, str], reason: str) -> None:
    record = {**zoogames.games.get("aquaretto").new_game(players=2, seed=5).record(), **change}
    with pytest.raises(InvalidRecord, match=reason):
        replay(record)
