"""Aquaretto's conservation laws and board invariants over random games (Hypothesis).

Checked after every action of random 2-, 3-, 4- and 5-player games:

- tiles: pile + trucks + drawn + still to place + water zoos + depots + left the game
  + removed species = the manifest (A-D3, A-R2);
- offspring: supply + placed = 2 per species in play;
- coins: bank + players = 30 + coin tiles taken (A-R4);
- coworkers: supply + placed = 16 (A-R5);
- one basin per species, connected; no two basins share an edge; tiles and trainers
  only on spaces and never on one another (A-R6, A-R7);
- booths, stations and the manager within their limits (A-R5);
- the view never holds the pile.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.truck_games import play_checked, tiles_off_boards
from zoogames.games.aquaretto import AQUARETTO, AquarettoState
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t


def connected(mask: int) -> bool:
    if not mask:
        return True
    seen = mask & -mask
    while True:
        grown = seen | (g.neighbors(seen) & mask)
        if grown == seen:
            return seen == mask
        seen = grown


def check_invariants(s: AquarettoState) -> None:
    # tiles (offspring apart)
    where = tiles_off_boards(s)
    for z in s.zoos:
        for c in g.bits(z.animals):
            where[z.tile_at(c) or 0] += 1
        where.update(z.depot)
    young = sum(n for k, n in where.items() if k != t.COIN and k & 7 == t.YOUNG)
    for k in [k for k in where if k != t.COIN and k & 7 == t.YOUNG]:
        del where[k]
    coin_tiles_left = where.pop(t.COIN, 0)
    expected = Counter(t.manifest(list(s.in_play)))
    expected.pop(t.COIN)
    assert where == expected
    assert young + sum(s.young_left) == t.YOUNG_PER_SPECIES * len(s.in_play)
    # coins
    assert s.bank + sum(s.coins) == t.COINS_IN_GAME + (10 - coin_tiles_left)
    assert s.bank >= 0 and min(s.coins) >= 0
    # coworkers
    placed = sum(len(z.workers()) for z in s.zoos)
    assert s.supply + placed == t.COWORKERS
    # the water zoos
    for z in s.zoos:
        assert z.animals & ~z.spaces == 0
        assert z.trainers & ~z.spaces == 0
        assert z.animals & z.trainers == 0
        union = 0
        for sp in range(8):
            basin = z.species[sp]
            assert basin & union == 0
            union |= basin
            assert connected(basin), "one basin per species"
            assert not g.neighbors(basin) & (z.animals & ~basin), "basins never touch"
        assert union == z.animals
        assert z.nspecies == sum(1 for b in z.species if b) <= z.allowance
        assert z.allowance == 3 + (2 - z.large_left)
        assert 0 <= z.cashiers <= 2 and 0 <= z.keepers <= 2 and 0 <= z.manager <= 1
        assert all(x != t.COIN for x in z.depot)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=8)
@given(seed=st.integers(0, 2**53 - 1), choices=st.randoms(use_true_random=False))
def test_invariants_hold_in_random_games(players: int, seed: int, choices: random.Random) -> None:
    state = AQUARETTO.new_game(players=players, seed=seed)
    play_checked(state, choices, check_invariants)
