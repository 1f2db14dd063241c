"""Zooloretto's conservation laws and board invariants over random games (Hypothesis).

Checked after every action of random 2-, 3-, 4- and 5-player games:

- tiles: pile + trucks + drawn + still to place + enclosures + stall spaces + barns + left
  the game = the manifest of the species in play (Z-D2, Z-R1), bred tiles counted as the
  fertile tiles they are;
- offspring: supply + placed = 2 per species in play (Z-R2);
- coins: bank + players = 30 + coin tiles taken (Z-R1, Z-R2);
- an enclosure holds one species, at most its size, and no unpaired fertile couple
  (Z-R1, Z-R2); stall spaces hold stalls only; boards face down hold nothing;
- the view never holds the pile.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.truck_games import play_checked, tiles_off_boards
from zoogames.games.zooloretto import ZOOLORETTO, ZoolorettoState
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.state import ZooRules
from zoogames.games.zooloretto.zoo import OWNER, SIZE


def where_tiles(s: ZooRules) -> Counter[int]:
    """Every tile of the game by kind, wherever it is (bred tiles as fertile ones)."""
    where = tiles_off_boards(s)
    for b in s.boards:
        for pen in b.pens:
            where.update(pen)
        where.update(x for x in b.stalls if x >= 0)
        where.update(b.barn)
    out: Counter[int] = Counter()
    for k, n in where.items():
        out[zt.unbred(k)] += n
    return out


def check_board_invariants(s: ZooRules) -> None:
    for b in s.boards:
        for e, pen in enumerate(b.pens):
            assert len(pen) <= SIZE[e]
            assert all(zt.is_animal(x) for x in pen)
            assert len({zt.species_of(x) for x in pen}) <= 1, "one species per enclosure"
            marks = Counter(zt.mark_of(x) for x in pen)
            assert not (marks[zt.MALE] and marks[zt.FEMALE]), "an unpaired couple would breed"
            if e >= b.built:
                assert not pen
        for i, x in enumerate(b.stalls):
            assert x < 0 or zt.is_stall(x), "stall spaces hold stalls only"
            if OWNER[i] >= b.built:
                assert x < 0
        assert all(zt.is_animal(x) or zt.is_stall(x) for x in b.barn)
        assert b.barn == sorted(b.barn)
        assert b.built + b.boards_left == 3 + (2 if s.players == 2 else 1)


def check_invariants(s: ZoolorettoState) -> None:
    where = where_tiles(s)
    young = Counter(
        {k: n for k, n in where.items() if zt.is_animal(k) and zt.mark_of(k) == zt.YOUNG}
    )
    where -= young
    coin_tiles_left = where.pop(zt.COIN, 0)
    expected = Counter(zt.manifest(list(s.species_in_play)))
    expected.pop(zt.COIN)
    assert where == expected
    for sp in range(8):
        placed = young[zt.kind(sp, zt.YOUNG)]
        in_play = zt.YOUNG_PER_SPECIES if sp in s.species_in_play else 0
        assert placed + s.offspring_left[sp] == in_play
    assert s.bank + sum(s.coins) == zt.COINS_IN_GAME + (zt.COIN_TILES - coin_tiles_left)
    assert s.bank >= 0 and min(s.coins) >= 0
    check_board_invariants(s)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=8)
@given(seed=st.integers(0, 2**53 - 1), choices=st.randoms(use_true_random=False))
def test_invariants_hold_in_random_games(players: int, seed: int, choices: random.Random) -> None:
    state = ZOOLORETTO.new_game(players=players, seed=seed)
    play_checked(state, choices, check_invariants)
