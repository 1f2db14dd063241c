"""Candidate actions per game: a broad superset of the legal ones, to test refusals.

For a state, ``CANDIDATES[game_id](state)`` lists many actions, legal or not, built
from the game's notation. The protocol tests check that ``check`` accepts exactly those
in ``legal_actions()``; each game adds its generator here.
"""

from __future__ import annotations

from collections.abc import Callable

from zoogames.core.game import Action, State
from zoogames.core.rng import Rng


def aquaretto(state: State, rng: Rng) -> list[Action]:
    """Draw/load/take, placements, coworkers, money actions on and around the zoos."""
    from zoogames.games.aquaretto import actions as A
    from zoogames.games.aquaretto import geometry as g
    from zoogames.games.aquaretto import tiles as t
    from zoogames.games.aquaretto.state import AquarettoState
    from zoogames.games.aquaretto.zoo import CASHIER, DEPOT, KEEPER, MANAGER
    from zoogames.games.trucks import DRAW, LOADS, TAKES

    assert isinstance(state, AquarettoState)
    seat = state.to_move
    assert seat is not None
    z = state.zoos[seat]
    pts = g.cells_of(z.spaces)
    x0 = min(x for x, _ in pts) - 2
    x1 = max(x for x, _ in pts) + 2
    y0 = min(y for _, y in pts) - 2
    y1 = max(y for _, y in pts) + 2
    window = [
        g.cell(x, y)
        for y in range(max(y0, g.LO), min(y1, g.HI) + 1)
        for x in range(max(x0, g.LO), min(x1, g.HI) + 1)
    ]
    slots = [CASHIER, KEEPER, MANAGER]
    out: list[Action] = [DRAW, *LOADS, *TAKES, A.DISCARD]
    tiles = set(state.unloading) | {rng.choice(list(t.NAMES.values())) for _ in range(2)}
    tiles.discard(t.COIN)
    for tile in tiles:
        out.append(A.place(tile, DEPOT))
        out.extend(A.place(tile, c) for c in window)
    out.extend(A.offspring(c) for c in window)
    out.extend(A.worker(w) for w in [*slots, *window])
    sources = [DEPOT, *slots, *g.bits(z.trainers), *rng.sample(window, 3)]
    for src in sources:
        out.extend(A.move(src, d) for d in [*slots, *window])
    for seller in range(state.players + 1):
        out.extend(A.buy(seller, c) for c in window)
    for c in window:
        x, y = g.xy(c)
        if x + 1 <= g.HI and y + 1 <= g.HI:
            square = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
            out.append(A.expand(True, g.mask_of(square)))
            for missing in square:
                out.append(A.expand(False, g.mask_of([p for p in square if p != missing])))
    return out


def zooloretto(state: State, rng: Rng) -> list[Action]:
    """Draw/load/take, every placement, move, exchange, purchase and discard of any tile."""
    from zoogames.games.trucks import DRAW, DRAWS, LOADS, TAKES
    from zoogames.games.zooloretto import actions as Z
    from zoogames.games.zooloretto import tiles as zt
    from zoogames.games.zooloretto.state import ZooRules
    from zoogames.games.zooloretto.zoo import BARN, GROUP, SPACE, STALL_SPACES

    assert isinstance(state, ZooRules)
    places = [BARN, *range(5), *(SPACE + i for i in range(len(STALL_SPACES)))]
    groups = [GROUP + s for s in range(8)]
    kinds = list(zt.NAMES.values())
    tiles = set(state.unloading) | {rng.choice(kinds) for _ in range(3)}
    for b in state.boards:
        tiles.update(b.barn)
    out: list[Action] = [DRAW, *DRAWS, *LOADS, *TAKES, Z.EXPAND]
    for tile in tiles:
        out.extend(Z.place(tile, w) for w in places)
        out.extend(Z.move(tile, w) for w in places)
        out.append(Z.discard(tile))
        for seller in range(state.players + 1):
            out.extend(Z.buy(seller, tile, w) for w in places)
    for src in (*range(5), *(SPACE + i for i in range(len(STALL_SPACES)))):
        out.extend(Z.move(src, w) for w in places)
    for a in range(5):
        out.extend(Z.Exchange(a, c) for c in [*range(5), *groups])
        out.extend(Z.Exchange(c, a) for c in range(5))
    return out


def aquaretto_zooloretto(state: State, rng: Rng) -> list[Action]:
    """Both games' candidates on the one state, which holds both games' zoos."""
    return aquaretto(state, rng) + zooloretto(state, rng)


def aquarium_designer(state: State, rng: Rng) -> list[Action]:
    """Pass, and drawing offer, preview and other cards onto every position ±3, 4 turns."""
    from zoogames.games.aquarium_designer.actions import PASS, Draw
    from zoogames.games.aquarium_designer.state import DesignerState

    assert isinstance(state, DesignerState)
    cards = {*state.offer, state.preview, 0, 41, rng.below(40) + 1, rng.below(40) + 1}
    out: list[Action] = [PASS]
    for card in sorted(cards):
        for y in range(-3, 4):
            for x in range(-3, 4):
                out.extend(Draw(card, x, y, r) for r in range(4))
    return out


CANDIDATES: dict[str, Callable[[State, Rng], list[Action]]] = {
    "aquaretto": aquaretto,
    "zooloretto": zooloretto,
    "aquaretto-zooloretto": aquaretto_zooloretto,
    "aquarium-designer": aquarium_designer,
}
