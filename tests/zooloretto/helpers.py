"""Building Zooloretto positions for rule tests."""

from __future__ import annotations

from zoogames.core.game import State
from zoogames.games.zooloretto import ZOOLORETTO, ZoolorettoState
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.zoo import PLACES, ZooBoard

_SHORT = {zt.short(k): k for k in zt.NAMES.values() if k != zt.COIN}
for _s, _letter in enumerate(zt.LETTERS):
    _SHORT[_letter] = zt.kind(_s, zt.PLAIN)  # a bare letter is the plain tile


def new(players: int = 3, seed: int = 1, **options: object) -> ZoolorettoState:
    """A new game with seat 0 to start and the last species removed, unless told."""
    options.setdefault("start_player", 0)
    k = {2: 3, 3: 2, 4: 1, 5: 0}[players]
    options.setdefault("removed", list(zt.SPECIES[8 - k :]))
    return ZOOLORETTO.new_game(players=players, seed=seed, **options)


def play(state: State, *actions: str) -> State:
    """Apply each action's notation in turn."""
    for a in actions:
        state.apply(a)
    return state


def kinds(text: str) -> list[int]:
    """Tiles from the text board's tokens: ``C`` a plain camel, ``Cm``, ``Hy``, ``Ki``."""
    return [_SHORT[token] for token in text.split()]


def lay(board: ZooBoard, where: str, text: str) -> ZooBoard:
    """Put tiles in an enclosure, on a stall space or into the barn, without the rules.

    ``where`` is an enclosure (``e4``), a stall space (``s4a``) or ``barn``.
    """
    code = PLACES[where]
    tiles = kinds(text)
    if where == "barn":
        board.barn = sorted(board.barn + tiles)
    elif where.startswith("s"):
        (board.stalls[code - 8],) = tiles
    else:
        board.pens[code].extend(tiles)
    return board


def legal(state: State) -> set[str]:
    """The notations of the legal actions."""
    return {str(a) for a in state.legal_actions()}


def placements(state: State, tile: str) -> set[str]:
    """Where the legal actions let ``tile`` go (``barn`` included)."""
    prefix = f"place {tile} "
    return {a[len(prefix) :] for a in legal(state) if a.startswith(prefix)}


def truck(*tiles: str, players: int = 3, seed: int = 1, **options: object) -> ZoolorettoState:
    """A game where seat 0 has just taken truck A holding ``tiles`` (up to 3).

    The other seats draw coin tiles onto the other trucks in between, so nothing else
    changes but their money: the state is seat 0's placement phase of round 1.
    """
    order: list[str] = []
    for name in tiles:
        order.append(name)
        order.extend(["coin"] * (players - 1))
    state = new(players, seed, draw_order=order, **options)
    for _ in tiles:
        play(state, "draw", "load A")
        for _ in range(players - 1):
            state.apply("draw")
            loads = [a for a in sorted(legal(state)) if a != "load A"]
            state.apply(loads[0])
    play(state, "take A")
    return state
