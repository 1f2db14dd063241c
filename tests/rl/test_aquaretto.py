"""Aquaretto's index space: reachable cells and boards (A-R1), factors, observation layout."""

from __future__ import annotations

import itertools

import numpy as np

import zoogames
from tests.rl.helpers import random_states
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto.state import AquarettoState
from zoogames.games.aquaretto.zoo import WaterZoo
from zoogames.rl.games import aquaretto as A
from zoogames.rl.spaces import action_space, observation_encoder


def test_a_r1_reachable_boards_are_exact() -> None:
    """Every board the search found has a witness chain that is a legal sequence (A-R1)."""
    small, large, parents = A.reachable()
    assert (len(small), len(large)) == (1171, 298)
    assert len(A.CELLS) == 369
    assert all(m & g.BASE == 0 and m & g.FOOTPRINT == 0 for m in small + large)
    start = (g.BASE, 2, 2)

    def legal_chain(node: tuple[int, int, int]) -> bool:
        chain = []
        while node != start:
            chain.append(node)
            node = parents[node]
        spaces = g.BASE
        for board, small_left, large_left in reversed(chain):
            if board & spaces or not g.neighbors(spaces) & board:
                return False  # overlaps an earlier board, or does not touch the zoo
            assert small_left >= 0 and large_left >= 0 and len(chain) <= 4
            spaces |= board
        return True

    witnessed = {node[0] for node in parents if legal_chain(node)}
    assert witnessed == set(small) | set(large)


def test_a_r1_no_cell_beyond_the_reachable_set() -> None:
    """Far corners of the grid and the base board's notches can never be spaces."""
    cells = set(A.CELLS)
    assert g.cell(-8, -8) not in cells and g.cell(12, 12) not in cells
    assert g.cell(0, 0) not in cells  # a notch of the base board (A-D1)
    assert g.cell(-8, 2) in cells  # four boards straight out to the left
    assert all(c in cells for c in g.bits(g.BASE))


def test_the_layout_has_the_documented_sizes() -> None:
    space = action_space("aquaretto", 4)
    sizes = {b["name"]: b["count"] for b in space.describe()}
    assert sizes == {
        "draw": 1,
        "load": 4,
        "take": 4,
        "place": 32 * 370,
        "offspring": 369,
        "worker": 372,
        "move-depot": 369,
        "move": 372 * 371,
        "buy": 4 * 369,
        "discard": 1,
        "expand-small": 1171,
        "expand-large": 298,
    }
    assert action_space("aquaretto", 2).describe()[1]["count"] == 3  # 3 trucks with 2 players
    assert space.notation(0) == "draw"
    first_place = space.describe()[3]["first"]
    assert space.notation(first_place) == "place dolphin depot"
    assert space.notation(first_place + 1) == "place dolphin " + ",".join(
        map(str, g.xy(A.CELLS[0]))
    )


def test_factors_describe_each_index() -> None:
    space = action_space("aquaretto", 3)
    f = space.factors()
    rng = np.random.default_rng(0)
    for i in [*rng.integers(0, space.n, 300).tolist(), 0, space.n - 1]:
        block = space.blocks[f["block"][i]]
        assert block.first <= i < block.first + block.count
        action = space.action(i)
        if block.name == "move":
            assert A._place_at(int(f["a"][i])) == action.src  # type: ignore[attr-defined]
            assert A._place_at(int(f["b"][i])) == action.dst  # type: ignore[attr-defined]
        if block.name == "place":
            assert A.PLACE_TILES[f["a"][i]] == action.tile  # type: ignore[attr-defined]


def test_the_observation_puts_the_observer_first() -> None:
    state = zoogames.games.get("aquaretto").new_game(players=3, seed=2)
    for text in ("draw", "load A", "take A"):
        state.apply(text)
    seat = state.to_move
    assert seat is not None
    legal = [a for a in state.legal_actions() if "depot" not in str(a)]
    state.apply(legal[0])
    enc = observation_encoder("aquaretto", 3)
    zoos = enc.segment("zoos")
    for viewer in range(3):
        planes = zoos.of(enc.encode(state, viewer))
        animals = planes[:, 1:9].sum(axis=(1, 2, 3))
        assert animals[(seat - viewer) % 3] == 1  # the placed tile, in the mover's zoo
        assert animals.sum() == 1
        turn = enc.segment("turn").of(enc.encode(state, viewer))
        assert turn[(state.to_move - viewer) % 3] == 1  # type: ignore[operator]


def test_planes_updated_from_other_planes_are_exact() -> None:
    """The encoder derives a zoo's planes from its last ones by fixing the differing bits:
    from the zoo a step before and from an unrelated zoo, the result is the full unpack."""

    def masks(z: WaterZoo) -> tuple[int, ...]:
        return (z.spaces, *z.species, z.male, z.female, z.fish, z.bolt, z.young, z.trainers)

    states: list[AquarettoState] = []
    for state in random_states("aquaretto", 3, games=1, seed=5):
        assert isinstance(state, AquarettoState)
        states.append(state.clone())
    pairs = [
        (za, zb)
        for a, b in itertools.pairwise(states)
        for za, zb in zip(a.zoos, b.zoos, strict=True)
    ]
    pairs += [(a.zoos[0], b.zoos[2]) for a, b in zip(states[::5], states[3::5], strict=False)]
    for old, new in pairs:
        got = A._changed_planes(A._zoo_planes(old), masks(old), masks(new))
        assert np.array_equal(got, A._zoo_planes(new))
