"""Conservation laws and board invariants of "Aquaretto with Zooloretto" (Hypothesis).

Checked after every action of random 2-, 3-, 4- and 5-player games:

- tiles, pile by pile: each pile's manifest is found in that pile, on trucks, drawn, to be
  placed, in the zoos of its game or out of the game; the two coin tiles stay apart;
- offspring of both games and coworkers: supply + placed = what the box holds;
- coins: bank + players = 60 + coin tiles taken of either pile (C-R1: one money);
- Zooloretto's zoo invariants (tests/zooloretto/test_invariants.py) and Aquaretto's water
  zoo invariants: one connected basin per species, basins apart, tiles on spaces;
- the truck rules of C-R1: a truck holds one game's tiles; no truck is taken in a round
  until both open piles are on trucks; closed piles are never drawn again.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.aquaretto.test_invariants import connected
from tests.truck_games import tiles_off_boards
from tests.zooloretto.test_invariants import check_board_invariants
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquaretto_zooloretto import AQUARETTO_ZOOLORETTO, AquarettoZoolorettoState
from zoogames.games.trucks import CLOSED
from zoogames.games.zooloretto import tiles as zt


def all_tiles(s: AquarettoZoolorettoState) -> Counter[int]:
    """Every tile of both games by kind (bred Zooloretto tiles as the fertile ones)."""
    where = tiles_off_boards(s)
    for z in s.zoos:
        where.update(z.tile_at(c) or 0 for c in g.bits(z.animals))
        where.update(z.depot)
    for b in s.boards:
        for pen in b.pens:
            where.update(pen)
        where.update(x for x in b.stalls if x >= 0)
        where.update(b.barn)
    out: Counter[int] = Counter()
    for k, n in where.items():
        out[zt.unbred(k)] += n
    return out


def check_invariants(s: AquarettoZoolorettoState) -> None:
    where = all_tiles(s)
    water_young = sum(
        n for k, n in where.items() if k < zt.FIRST and k != at.COIN and k & 7 == at.YOUNG
    )
    zoo_young = sum(n for k, n in where.items() if zt.is_animal(k) and zt.mark_of(k) == zt.YOUNG)
    where = Counter(
        {
            k: n
            for k, n in where.items()
            if not (k < zt.FIRST and k != at.COIN and k & 7 == at.YOUNG)
            and not (zt.is_animal(k) and zt.mark_of(k) == zt.YOUNG)
        }
    )
    water_coins, zoo_coins = where.pop(at.COIN, 0), where.pop(zt.COIN, 0)
    expected = Counter(at.manifest(list(s.in_play)) + zt.manifest(list(s.species_in_play)))
    assert (expected.pop(at.COIN), expected.pop(zt.COIN)) == (10, 12)
    assert where == expected
    assert all(x < zt.FIRST for x in s.piles[0]) and all(x >= zt.FIRST for x in s.piles[1])
    assert water_young + sum(s.young_left) == 2 * len(s.in_play)
    assert zoo_young + sum(s.offspring_left) == 2 * len(s.species_in_play)
    assert s.supply + sum(len(z.workers()) for z in s.zoos) == at.COWORKERS
    taken = (10 - water_coins) + (12 - zoo_coins)
    assert s.bank + sum(s.coins) == 60 + taken
    assert s.bank >= 0 and min(s.coins) >= 0
    check_board_invariants(s)
    for z in s.zoos:
        assert z.animals & ~z.spaces == 0 and z.animals & z.trainers == 0
        for sp in range(8):
            basin = z.species[sp]
            assert connected(basin)
            assert not g.neighbors(basin) & (z.animals & ~basin)
        assert all(x < zt.FIRST for x in z.depot)
    for t, tiles in enumerate(s.trucks):
        assert all(s.pile_of(x) == s.truck_pile[t] for x in tiles), "one game per truck"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=5)
@given(seed=st.integers(0, 2**53 - 1), choices=st.randoms(use_true_random=False))
def test_invariants_hold_in_random_games(players: int, seed: int, choices: random.Random) -> None:
    state = AQUARETTO_ZOOLORETTO.new_game(players=players, seed=seed)
    closed_before: list[int] = []
    while not state.is_terminal:
        check_invariants(state)
        if state.restricted and any(t >= 0 for t in state.taker):
            assert set(state.truck_pile) >= {0, 1}, "a truck was taken before both games"
        sizes = [len(p) for p in state.piles]
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
        for p in closed_before:
            assert len(state.piles[p]) == sizes[p], "a closed pile is never drawn"
        closed_before = [p for p, x in enumerate(state.pile_state) if x == CLOSED]
    check_invariants(state)
