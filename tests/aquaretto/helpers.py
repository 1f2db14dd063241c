"""Building Aquaretto positions for rule tests."""

from __future__ import annotations

from zoogames.games.aquaretto import AQUARETTO, AquarettoState
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t
from zoogames.games.aquaretto.zoo import WaterZoo

_SHORT = {t.short(k): k for k in t.NAMES.values() if k != t.COIN}
for _s, _letter in enumerate(t.LETTERS):
    _SHORT[_letter] = _s * 8  # a bare letter is the plain tile


def new(players: int = 3, seed: int = 1, **options: object) -> AquarettoState:
    """A new game with seat 0 to start and the last fish species removed, unless told."""
    options.setdefault("start_player", 0)
    k = {2: 3, 3: 2, 4: 1, 5: 0}[players]
    options.setdefault("removed", list(t.SPECIES[8 - k :]))
    return AQUARETTO.new_game(players=players, seed=seed, **options)


def play(state: AquarettoState, *actions: str) -> AquarettoState:
    """Apply each action's notation in turn."""
    for a in actions:
        state.apply(a)
    return state


def lay(zoo: WaterZoo, grid: str, origin: tuple[int, int] = (0, 0)) -> WaterZoo:
    """Put tiles and trainers on a zoo without the placement rules, from a text grid.

    Tokens, separated by spaces: ``.`` nothing, ``@`` a trainer, or a tile as on the text
    board (``D``, ``Dm``, ``P~``, ``L!``, ``Hy``). Breeding counters follow the tiles as
    if each fertile tile had arrived in turn.
    """
    ox, oy = origin
    for dy, line in enumerate(row for row in grid.strip("\n").splitlines() if row.strip()):
        for dx, token in enumerate(line.split()):
            if token == ".":
                continue
            c = g.cell(ox + dx, oy + dy)
            assert (1 << c) & zoo.spaces, f"{ox + dx},{oy + dy} is not a space"
            if token == "@":
                zoo.add_worker(c)
            else:
                zoo.put(_SHORT[token], c)
    return zoo


def cells(*pts: tuple[int, int]) -> int:
    """The mask of several cells."""
    return g.mask_of(list(pts))


def at(x: int, y: int) -> str:
    """A cell's notation."""
    return f"{x},{y}"


def placements(state: AquarettoState, tile: str) -> set[str]:
    """Where the legal actions let ``tile`` go, as notations (``depot`` included)."""
    prefix = f"place {tile} "
    return {str(a)[len(prefix) :] for a in state.legal_actions() if str(a).startswith(prefix)}


def truck(*tiles: str, players: int = 3, seed: int = 1, **options: object) -> AquarettoState:
    """A game where seat 0 has just taken truck A holding ``tiles`` (up to 3).

    The other seats draw coin tiles onto the other trucks in between, so nothing else
    changes: the state is seat 0's placement phase of round 1.
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
            loads = [str(a) for a in state.legal_actions() if str(a) != "load A"]
            state.apply(loads[0])
    return play(state, "take A")
