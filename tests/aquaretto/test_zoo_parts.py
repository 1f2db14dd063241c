"""A water zoo's parts one by one: coworker slots, tile marks, reasons, scoring's sum.

Written against the mutants that ``make mutation`` found surviving in ``zoo.py``
(CONTRIBUTING.md, Mutation testing): each test pins a behaviour the whole-game tests
reached without checking.
"""

from __future__ import annotations

import random

import pytest

from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t
from zoogames.games.aquaretto.zoo import (
    CASHIER,
    DEPOT,
    KEEPER,
    MANAGER,
    SLOT_LIMITS,
    WaterZoo,
    place_name,
)

from .helpers import new

DOLPHIN, ORCA, SEA_LION = 0, 1, 2


@pytest.mark.parametrize("slot", [CASHIER, KEEPER, MANAGER])
def test_a_r5_each_booth_holds_its_limit_and_no_more(slot: int) -> None:
    z = WaterZoo()
    limit = SLOT_LIMITS[slot]
    assert not z.has_worker(slot)
    for placed in range(1, limit + 1):
        assert z.worker_fits(slot) and slot in z.worker_slots()
        z.add_worker(slot)
        assert z.has_worker(slot)
        assert z.workers().count(slot) == placed
    assert not z.worker_fits(slot) and slot not in z.worker_slots()
    for left in range(limit - 1, -1, -1):
        z.remove_worker(slot)
        assert z.workers().count(slot) == left
        assert z.has_worker(slot) == (left > 0)
    assert z.worker_fits(slot)


def test_a_r5_booths_count_apart() -> None:
    z = WaterZoo()
    z.add_worker(CASHIER)
    assert not z.has_worker(KEEPER) and not z.has_worker(MANAGER)
    z.add_worker(KEEPER)
    z.add_worker(KEEPER)
    z.remove_worker(KEEPER)
    assert z.workers() == [CASHIER, KEEPER]
    assert (z.cashiers, z.keepers, z.manager) == (1, 1, 0)


def test_a_r6_trainers_stand_on_empty_cells_one_each() -> None:
    z = WaterZoo()
    a, b = g.cell(1, 1), g.cell(3, 2)
    assert z.worker_fits(a) and a in z.worker_slots()
    z.add_worker(a)
    z.add_worker(b)
    assert z.has_worker(a) and z.has_worker(b)
    assert not z.worker_fits(a) and a not in z.worker_slots()
    z.remove_worker(a)
    assert not z.has_worker(a) and z.has_worker(b)
    assert z.workers() == [b]
    # the depot takes tiles, never a coworker; a cell off the zoo takes none either
    assert not z.worker_fits(DEPOT) and not z.has_worker(DEPOT)
    assert not z.worker_fits(g.cell(0, 0))


def test_place_names() -> None:
    assert [place_name(p) for p in (DEPOT, CASHIER, KEEPER, MANAGER)] == [
        "depot",
        "cashier",
        "keeper",
        "manager",
    ]
    assert place_name(g.cell(3, 2)) == "3,2"


def test_each_tile_keeps_its_own_mark() -> None:
    """Every kind put on a cell reads back as itself; earlier tiles keep their marks."""
    z = WaterZoo()
    rows = {  # one basin per row, placed without the placement rules
        DOLPHIN: ([(x, 1) for x in range(5)], (t.MALE, t.FEMALE, t.FEMALE, t.YOUNG, t.YOUNG)),
        SEA_LION: ([(x, 3) for x in range(1, 5)], (t.BOLT, t.BOLT, t.PLAIN, t.MALE)),
        5: ([(x, 0) for x in range(1, 4)], (t.FISH, t.FISH, t.PLAIN)),
    }
    placed = {
        g.cell(x, y): t.kind(species, mark)
        for species, (where, marks) in rows.items()
        for (x, y), mark in zip(where, marks, strict=True)
    }
    for where, tile in placed.items():
        z.put(tile, where)
    assert {w: z.tile_at(w) for w in placed} == placed
    assert z.tile_at(g.cell(3, 4)) is None
    counts = [m.bit_count() for _, m in z.marks()]
    assert counts == [2, 2, 2, 2, 2]  # male, female, fish, bolt, young
    assert z.nspecies == 3


def test_a_r8_the_fifth_tile_brings_a_coworker_and_its_offspring() -> None:
    z = WaterZoo()
    gains = [
        z.put(t.kind(DOLPHIN, mark), g.cell(x, 1))
        for x, mark in enumerate((t.PLAIN, t.PLAIN, t.PLAIN, t.MALE, t.FEMALE))
    ]
    assert [(x.coin, x.worker, x.offspring) for x in gains] == [
        (False, False, False),
        (False, False, False),
        (True, False, False),
        (False, False, False),
        (False, True, True),
    ]


def test_a_copy_is_equal_and_independent() -> None:
    z = WaterZoo()
    z.put(t.kind(DOLPHIN, t.MALE), g.cell(1, 1))
    c = z.copy()
    assert c == z and c is not z
    c.put(t.kind(DOLPHIN, t.FEMALE), g.cell(2, 1))
    c.add_worker(KEEPER)
    assert c != z and z.tile_at(g.cell(2, 1)) is None and z.keepers == 0


def test_a_r8_a_pair_breeds_once() -> None:
    z = WaterZoo()
    first = z.put(t.kind(DOLPHIN, t.MALE), g.cell(1, 1))
    second = z.put(t.kind(DOLPHIN, t.FEMALE), g.cell(2, 1))
    third = z.put(t.kind(DOLPHIN, t.MALE), g.cell(3, 1))
    assert (first.offspring, second.offspring, third.offspring) == (False, True, False)
    assert z.unpaired_m[DOLPHIN] == 1 and z.unpaired_f[DOLPHIN] == 0


def test_a_r8_unpaired_tiles_wait_in_number() -> None:
    """Three females wait; each male that follows pairs with one of them."""
    z = WaterZoo()
    for x in (0, 1, 2):
        assert not z.put(t.kind(DOLPHIN, t.FEMALE), g.cell(x, 1)).offspring
    assert z.unpaired_f[DOLPHIN] == 3
    assert z.put(t.kind(DOLPHIN, t.MALE), g.cell(3, 1)).offspring
    assert z.unpaired_f[DOLPHIN] == 2
    for x in (0, 1, 2):
        z.put(t.kind(SEA_LION, t.MALE), g.cell(x + 1, 3))
    assert z.unpaired_m[SEA_LION] == 3
    assert z.put(t.kind(SEA_LION, t.FEMALE), g.cell(4, 2)).offspring
    assert z.unpaired_m[SEA_LION] == 2


def test_a_r7_why_not_names_the_reason() -> None:
    z = WaterZoo()
    z.put(t.kind(DOLPHIN, t.PLAIN), g.cell(1, 1))
    z.add_worker(g.cell(3, 1))
    assert z.why_not(ORCA, g.cell(1, 1)) == "1,1 already holds a dolphin"
    assert z.why_not(ORCA, g.cell(3, 1)) == "a trainer stands on 3,1"
    assert z.why_not(ORCA, g.cell(0, 0)) == "0,0 is not a space of the water zoo"
    assert z.why_not(DOLPHIN, g.cell(4, 3)) == "4,3 does not touch the dolphin basin"
    assert z.why_not(ORCA, g.cell(2, 1)) == "a new orca basin at 2,1 would touch the dolphin basin"
    assert z.why_not(DOLPHIN, g.cell(2, 1)) is None
    assert z.why_not(ORCA, g.cell(3, 3)) is None  # a second species: allowance 3
    z.put(t.kind(SEA_LION, t.PLAIN), g.cell(3, 3))
    assert z.why_not(ORCA, g.cell(3, 3)) == "3,3 already holds a sea-lion"


def test_a_r12_trainers_train_only_the_three_species() -> None:
    z = WaterZoo()
    z.put(t.kind(5, t.PLAIN), g.cell(1, 1))  # a fish species beside the trainer
    z.add_worker(g.cell(2, 1))
    assert z.score(coins=0).parts["trainers"] == 0
    z2 = WaterZoo()
    z2.put(t.kind(DOLPHIN, t.PLAIN), g.cell(1, 1))
    z2.add_worker(g.cell(2, 1))
    assert z2.score(coins=0).parts["trainers"] == 1
    assert z2.points(coins=2) == z2.score(coins=2).total == 2


def test_a_r1_expansions_use_up_their_boards() -> None:
    z = WaterZoo()
    large = z.expansion_sites(large=True)[0]
    z.expand(large, large=True)
    assert (z.large_left, z.small_left, z.allowance) == (1, 2, 4)
    assert z.spaces & large == large and z.expansions == [large]
    small = z.expansion_sites(large=False)[0]
    z.expand(small, large=False)
    assert (z.large_left, z.small_left, z.allowance) == (1, 1, 4)
    z.expand(z.expansion_sites(large=True)[0], large=True)
    assert z.expansion_sites(large=True) == ()
    z.expand(z.expansion_sites(large=False)[0], large=False)
    assert z.small_left == 0 and z.expansion_sites(large=False) == ()


def test_points_is_the_score_total_along_random_games() -> None:
    """The bots' quick sum and the scoring breakdown agree at every step of real games."""
    rng = random.Random(7)
    for seed in range(3):
        state = new(players=3, seed=seed)
        while not state.is_terminal:
            for i, z in enumerate(state.zoos):
                coins = state.coins[i]
                assert z.points(coins) == z.score(coins).total
            state.apply(rng.choice(state.legal_actions()))
