"""Aquaretto for the adapters: its action index space, its observation, its chance nodes.

Cells. A water zoo lives on the engine's 21×21 grid (x, y in -8..12), but only cells that
some legal sequence of expansion boards can cover ever hold anything (ruling A-R1: 2 small
and 2 large boards per player, each sharing an edge with the zoo, never on the base
board's 5×5 footprint). :func:`reachable` finds them once: the 19 base spaces and 350
cells around them, :data:`CELLS` (369 in all, row by row), and the 1,171 small and 298
large board placements that can ever be legal. Actions index cells within that set.

The index layout (T trucks: 3 with 2 players, else one per player; C = 369 cells;
W = 3 + C coworker places: ``cashier``, ``keeper``, ``manager``, then the cells):

==============  ======================  ==============================================
block           count                   index runs over
==============  ======================  ==============================================
draw            1
load X          T                       truck A, B, …
take X          T                       truck A, B, …
place T WHERE   32 × (1 + C)            tile kind (:data:`PLACE_TILES`), then
                                        ``depot`` and the cells
offspring X     C                       cells
worker X        W                       coworker places
move depot X    C                       cells
move SRC DST    W × (W − 1)             source place, then destination place (≠ source)
buy S X         P × C                   seller seat, then cell (own seat: never legal)
discard         1
expand small    1,171                   the small placements, by their cells' mask
expand large    298                     the large placements, by their cells' mask
==============  ======================  ==============================================

Moves of a trainer from cell to cell make up most of the space (372 × 371); see
``docs/rl.md`` for why the space stays flat and exact.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from zoogames.core.errors import IllegalAction
from zoogames.core.game import Action, State
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto import tiles as t
from zoogames.games.aquaretto.actions import (
    DISCARD,
    Buy,
    Discard,
    Expand,
    Move,
    Offspring,
    Place,
    Worker,
    buy,
    expand,
    move,
    offspring,
    place,
    worker,
)
from zoogames.games.aquaretto.state import AquarettoState
from zoogames.games.aquaretto.zoo import CASHIER, DEPOT, KEEPER, MANAGER, WaterZoo
from zoogames.games.trucks import (
    DRAW,
    LOADS,
    REMOVED_BY_PLAYERS,
    TAKES,
    Draw,
    Load,
    Take,
)
from zoogames.rl.games.trucks import (
    Chunks,
    TruckSpec,
    Unseen,
    write_round,
    write_table_head,
)
from zoogames.rl.spaces import ActionSpace, Block, ObservationEncoder, Vector, segments

# ----- tiles -------------------------------------------------------------------------------


def _kinds(marks_trainable: tuple[int, ...], marks_fish: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for s in range(8):
        for m in marks_trainable if s in t.TRAINABLE else marks_fish:
            out.append(t.kind(s, m))
    return tuple(sorted(out))


PLACE_TILES = _kinds((t.PLAIN, t.MALE, t.FEMALE, t.BOLT), (t.PLAIN, t.MALE, t.FEMALE, t.FISH))
"""The 32 tile kinds a truck can bring (no offspring), in kind order: dolphin, dolphin/m, …"""
DRAW_KINDS = (*PLACE_TILES, t.COIN)
"""The 33 kinds the pile holds; chance outcome ``i`` draws ``DRAW_KINDS[i]``."""
ANIMAL_KINDS = _kinds(
    (t.PLAIN, t.MALE, t.FEMALE, t.BOLT, t.YOUNG), (t.PLAIN, t.MALE, t.FEMALE, t.FISH, t.YOUNG)
)
"""The 40 animal kinds, offspring included (a depot may hold any)."""

_PLACE_ID = {k: i for i, k in enumerate(PLACE_TILES)}
_DRAW_ID = {k: i for i, k in enumerate(DRAW_KINDS)}
_ANIMAL_ID = {k: i for i, k in enumerate(ANIMAL_KINDS)}

# ----- cells: what expansion boards can reach (A-R1) ---------------------------------------


def _placements(shapes: tuple[tuple[tuple[int, int], ...], ...]) -> list[int]:
    """Every placement of ``shapes`` on the grid off the base footprint, as masks."""
    found = set()
    for shape in shapes:
        for oy in range(g.LO, g.HI):
            for ox in range(g.LO, g.HI):
                pts = [(ox + dx, oy + dy) for dx, dy in shape]
                if all(g.in_range(x, y) for x, y in pts):
                    m = g.mask_of(pts)
                    if not m & g.FOOTPRINT:
                        found.add(m)
    return sorted(found)


Node = tuple[int, int, int]
"""A board placed last, and the small and large boards still in hand."""


@lru_cache(maxsize=1)
def reachable() -> tuple[tuple[int, ...], tuple[int, ...], dict[Node, Node]]:
    """The small and large placements that can ever be legal, and a witness for each.

    A board can be placed in some game if and only if a chain of at most 4 boards (at
    most 2 of each size) leads to it from the base board, each sharing an edge with the
    one before and none overlapping another. The search below only keeps consecutive
    boards apart, so it could over-approximate; ``parents`` holds the chain it found to
    each node (``(board, small_left, large_left)`` → the node before), and the tests
    check that every board ends at least one chain that is a legal sequence (each board
    off all earlier ones and touching the zoo), which makes the set exact.
    """
    boards = [(m, False) for m in _placements(g.SMALL_SHAPES)]
    boards += [(m, True) for m in _placements(g.LARGE_SHAPES)]
    covering: dict[int, list[tuple[int, bool]]] = {}
    for m, large in boards:
        for c in g.bits(m):
            covering.setdefault(c, []).append((m, large))
    start: Node = (g.BASE, 2, 2)
    parents: dict[Node, Node] = {}
    small: set[int] = set()
    large_set: set[int] = set()
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            last, sl, ll = node
            touching = g.neighbors(last) & ~last & ~g.FOOTPRINT
            for c in g.bits(touching):
                for m, large in covering.get(c, ()):
                    if m & last or not (ll if large else sl):
                        continue
                    (large_set if large else small).add(m)
                    child = (m, sl - (not large), ll - large)
                    if child not in parents:
                        parents[child] = node
                        nxt.append(child)
        frontier = nxt
    return tuple(sorted(small)), tuple(sorted(large_set)), parents


def _cells() -> tuple[int, ...]:
    small, large, _ = reachable()
    union = g.BASE
    for m in small + large:
        union |= m
    return tuple(g.bits(union))


CELLS = _cells()
"""Every cell that can ever be a space (bit indices, row by row): base spaces and beyond."""
C = len(CELLS)
SMALL_BOARDS, LARGE_BOARDS, _ = reachable()

_CELL_ID = [-1] * (g.SIZE * g.W)
for _i, _c in enumerate(CELLS):
    _CELL_ID[_c] = _i
_SMALL_ID = {m: i for i, m in enumerate(SMALL_BOARDS)}
_LARGE_ID = {m: i for i, m in enumerate(LARGE_BOARDS)}
_SLOTS = (CASHIER, KEEPER, MANAGER)
W = 3 + C
"""Coworker places: the three slots, then the cells."""


def cell_id(where: int) -> int:
    """The position of a cell in :data:`CELLS`; ``IllegalAction`` if it can never be a space."""
    i = _CELL_ID[where] if 0 <= where < len(_CELL_ID) else -1
    if i < 0:
        x, y = g.xy(where) if where >= 0 else (None, None)
        raise IllegalAction(f"{x},{y} can never be a space of a water zoo")
    return i


def _place_id(where: int) -> int:
    """A coworker place: 0–2 the slots, 3 + cell id a space (a trainer)."""
    if where < 0:
        if where not in _SLOTS:
            raise IllegalAction("a coworker stands on cashier, keeper, manager or a space")
        return _SLOTS.index(where)
    return 3 + cell_id(where)


def _place_at(i: int) -> int:
    return _SLOTS[i] if i < 3 else CELLS[i - 3]


class AquarettoActions(ActionSpace):
    """Aquaretto's action index space (see the module docstring for the layout)."""

    pair_block = "move"  # coworker moves: see CompactMasks

    def __init__(self, players: int) -> None:
        from zoogames.games.aquaretto.state import AQUARETTO

        super().__init__(AQUARETTO, players)
        self.trucks = 3 if players == 2 else players
        sizes = [
            ("draw", 1, "draw", ""),
            ("load", self.trucks, "load X", "truck A, B, …"),
            ("take", self.trucks, "take X", "truck A, B, …"),
            ("place", len(PLACE_TILES) * (1 + C), "place TILE WHERE", "tile, then depot, cells"),
            ("offspring", C, "offspring CELL", "cell"),
            ("worker", W, "worker PLACE", "cashier, keeper, manager, cells"),
            ("move-depot", C, "move depot CELL", "cell"),
            ("move", W * (W - 1), "move SRC DST", "source place, then other destination place"),
            ("buy", players * C, "buy SEAT CELL", "seller seat, then cell"),
            ("discard", 1, "discard", ""),
            ("expand-small", len(SMALL_BOARDS), "expand small CELLS", "placement (by mask)"),
            ("expand-large", len(LARGE_BOARDS), "expand large CELLS", "placement (by mask)"),
        ]
        blocks = []
        first = 0
        for name, count, pattern, order in sizes:
            blocks.append(Block(name, first, count, pattern, order))
            first += count
        self.blocks = tuple(blocks)
        self.n = first
        self._starts = [b.first for b in blocks]
        self._first = {b.name: b.first for b in blocks}

    def _encode(self, action: Action) -> int:
        f = self._first
        kind = type(action)
        if kind is Draw:
            return 0
        if kind is Load or kind is Take:
            assert isinstance(action, Load | Take)
            if action.truck >= self.trucks:
                raise IllegalAction(f"there is no truck {action} with {self.players} players")
            return f["load" if kind is Load else "take"] + action.truck
        if kind is Place:
            assert isinstance(action, Place)
            w = 0 if action.where == DEPOT else 1 + cell_id(action.where)
            return f["place"] + _PLACE_ID[action.tile] * (1 + C) + w
        if kind is Offspring:
            assert isinstance(action, Offspring)
            return f["offspring"] + cell_id(action.where)
        if kind is Worker:
            assert isinstance(action, Worker)
            return f["worker"] + _place_id(action.where)
        if kind is Move:
            assert isinstance(action, Move)
            if action.src == DEPOT:
                return f["move-depot"] + cell_id(action.dst)
            s, d = _place_id(action.src), _place_id(action.dst)
            if s == d:
                raise IllegalAction("a coworker must move somewhere else")
            return f["move"] + s * (W - 1) + (d if d < s else d - 1)
        if kind is Buy:
            assert isinstance(action, Buy)
            if not 0 <= action.seller < self.players:
                raise IllegalAction(f"there is no seat {action.seller}")
            return f["buy"] + action.seller * C + cell_id(action.where)
        if kind is Discard:
            return f["discard"]
        if kind is Expand:
            assert isinstance(action, Expand)
            ids = _LARGE_ID if action.large else _SMALL_ID
            if action.cells not in ids:
                raise IllegalAction(f"{action} can never be legal (A-R1)")
            return f["expand-large" if action.large else "expand-small"] + ids[action.cells]
        raise IllegalAction(f"{action} is not an Aquaretto action")

    def factors(self) -> dict[str, npt.NDArray[np.int32]]:
        """Per index: its block number and two coordinates within the block.

        ``a``: tile (place), seller (buy), source place (move), truck (load, take);
        ``b``: the cell or coworker place, ``depot`` as 0 then cells from 1 (place),
        the destination place (move), the placement (expand). Unused coordinates are 0.
        A network can score an index from these small vocabularies instead of from
        ``n`` separate outputs.
        """
        block = np.zeros(self.n, np.int32)
        a = np.zeros(self.n, np.int32)
        b = np.zeros(self.n, np.int32)
        for number, blk in enumerate(self.blocks):
            i = np.arange(blk.count, dtype=np.int32)
            sl = slice(blk.first, blk.first + blk.count)
            block[sl] = number
            if blk.name == "place":
                a[sl], b[sl] = np.divmod(i, 1 + C)
            elif blk.name == "buy":
                a[sl], b[sl] = np.divmod(i, C)
            elif blk.name == "move":
                s, d = np.divmod(i, W - 1)
                a[sl], b[sl] = s, d + (d >= s)
            elif blk.name in ("load", "take"):
                a[sl] = i
            else:
                b[sl] = i
        return {"block": block, "a": a, "b": b}

    def _decode(self, index: int) -> Action:
        block = self.blocks[bisect_right(self._starts, index) - 1]
        i = index - block.first
        name = block.name
        if name == "draw":
            return DRAW
        if name == "load":
            return LOADS[i]
        if name == "take":
            return TAKES[i]
        if name == "place":
            tile, w = divmod(i, 1 + C)
            return place(PLACE_TILES[tile], DEPOT if w == 0 else CELLS[w - 1])
        if name == "offspring":
            return offspring(CELLS[i])
        if name == "worker":
            return worker(_place_at(i))
        if name == "move-depot":
            return move(DEPOT, CELLS[i])
        if name == "move":
            s, d = divmod(i, W - 1)
            return move(_place_at(s), _place_at(d if d < s else d + 1))
        if name == "buy":
            seller, c = divmod(i, C)
            return buy(seller, CELLS[c])
        if name == "discard":
            return DISCARD
        if name == "expand-small":
            return expand(False, SMALL_BOARDS[i])
        return expand(True, LARGE_BOARDS[i])


# ----- observations ------------------------------------------------------------------------

PLANES = (
    "space",
    *(f"species:{s}" for s in t.SPECIES),
    "male",
    "female",
    "fish",
    "bolt",
    "young",
    "trainer",
)
"""The planes of a water zoo, each 21×21 (row y = -8..12, column x = -8..12)."""
_NBYTES = (g.SIZE * g.W + 7) // 8
DEPOT_TOP = 3
"""How many of a depot's top tiles the observation shows one by one."""
PLAYER_FEATURES = (
    "coins",
    "cashiers",
    "keepers",
    "manager",
    "small_left",
    "large_left",
    "allowance",
    "took_truck",
    "depot_size",
    *(f"depot_species:{s}" for s in t.SPECIES),
    *(f"depot_top{d}:{t.name(k)}" for d in range(DEPOT_TOP) for k in ANIMAL_KINDS),
)


_DEPOT = PLAYER_FEATURES.index("depot_size")
"""Where the features kept by contents begin (those before change most often)."""


def write_water(state: AquarettoState, seat: int, out: array[float], o: int, cache: Chunks) -> None:
    """Write ``seat``'s :data:`PLAYER_FEATURES` into ``out`` from ``o`` on (all 0 there).

    The first eight (coins, coworkers, boards, allowance, truck taken) change most often
    and are written as they are; the depot's features are kept by its tiles in ``cache``.
    """
    # Item writes into an array.array: each is a few tens of nanoseconds, where building a
    # temporary array from a tuple costs a microsecond or two.
    z = state.zoos[seat]
    out[o] = state.coins[seat]
    out[o + 1] = z.cashiers
    out[o + 2] = z.keepers
    out[o + 3] = z.manager
    out[o + 4] = z.small_left
    out[o + 5] = z.large_left
    out[o + 6] = z.allowance
    if state.took[seat] >= 0:
        out[o + 7] = 1
    depot = z.depot
    if depot:
        out[o + _DEPOT : o + len(PLAYER_FEATURES)] = cache.get(
            seat, tuple(depot), lambda: _depot_features(depot)
        )


def _depot_features(depot: list[int]) -> array[float]:
    """The depot's features: its size, its tiles per species, the top tiles one-hot."""
    out = array("f", bytes(4 * (len(PLAYER_FEATURES) - _DEPOT)))
    out[0] = len(depot)
    for k in depot:
        out[1 + (k >> 3)] += 1
    nk = len(ANIMAL_KINDS)
    o = 9 - nk
    for k in depot[: -DEPOT_TOP - 1 : -1]:
        o += nk
        out[o + _ANIMAL_ID[k]] = 1
    return out


def _zoo_planes(z: WaterZoo) -> Vector:
    masks = (z.spaces, *z.species, z.male, z.female, z.fish, z.bolt, z.young, z.trainers)
    raw = b"".join(m.to_bytes(_NBYTES, "little") for m in masks)
    bits = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little")
    grid = bits.reshape(len(PLANES), _NBYTES * 8)[:, : g.SIZE * g.W]
    return grid.reshape(len(PLANES), g.SIZE, g.W)[:, :, : g.SIZE].astype(np.float32).ravel()


_CELL_OF_BIT = [y * g.SIZE + x if x < g.SIZE else -1 for y in range(g.SIZE) for x in range(g.W)]
"""A grid bit's position in a plane (row y, column x), -1 for the row padding."""
_PLANE = g.SIZE * g.SIZE


def _changed_planes(old: Vector, old_masks: tuple[int, ...], masks: tuple[int, ...]) -> Vector:
    """The planes of ``masks`` (as :func:`_zoo_planes`), from those of ``old_masks``."""
    new = old.copy()
    for i, (was, now) in enumerate(zip(old_masks, masks, strict=True)):
        diff = was ^ now
        while diff:
            low = diff & -diff
            bit = low.bit_length() - 1
            diff ^= low
            if bit < len(_CELL_OF_BIT) and _CELL_OF_BIT[bit] >= 0:
                new[i * _PLANE + _CELL_OF_BIT[bit]] = 1.0 if now & low else 0.0
    return new


class AquarettoObservation(ObservationEncoder):
    """What one seat sees of Aquaretto; everything but the order of the pile.

    Segments (P players, T trucks; seats listed from the observer on, in turn order):

    - ``zoos`` (P, 15, 21, 21): per water zoo, the planes of :data:`PLANES`: spaces,
      the species of each tile, its mark, the trainers;
    - ``players`` (P, 137): :data:`PLAYER_FEATURES`: coins, coworkers on slots, boards
      left, allowance, whether the seat took a truck this round, the depot's size, its
      species counts and its top 3 tiles one-hot;
    - ``turn`` (P): one-hot, whose turn it is (all 0 once the game is over);
    - ``table`` (22): round, last round, pile and reserve sizes, bank, coworker supply,
      offspring left per species, species in play;
    - ``drawn`` (33): the tile just drawn, one-hot over :data:`DRAW_KINDS`;
    - ``unloading`` (33): counts of the taken truck's tiles still to place;
    - ``pending`` (9): the owed decision: offspring of species 0–7, or a coworker;
    - ``trucks`` (T, 36 + P): per truck, tile counts (33), free spaces, spaces blocked,
      taken or not, and who took it (one-hot, observer first);
    - ``unseen`` (33): counts of the tiles still in pile and reserve, by kind (what
      anyone can count from the table; never their order).
    """

    def __init__(self, players: int) -> None:
        from zoogames.games.aquaretto.state import AQUARETTO

        super().__init__(AQUARETTO, players)
        p = players
        self.trucks = 3 if p == 2 else p
        self.segments = segments(
            [
                ("zoos", (p, len(PLANES), g.SIZE, g.SIZE), "water zoo planes (PLANES)"),
                ("players", (p, len(PLAYER_FEATURES)), "per seat (PLAYER_FEATURES)"),
                ("turn", (p,), "seat to move, one-hot"),
                ("table", (22,), "round, final, pile, reserve, bank, supply, young×8, play×8"),
                ("drawn", (len(DRAW_KINDS),), "drawn tile, one-hot (DRAW_KINDS)"),
                ("unloading", (len(DRAW_KINDS),), "tiles left to place, counts"),
                ("pending", (9,), "owed: offspring of species 0-7, or coworker (8)"),
                ("trucks", (self.trucks, len(DRAW_KINDS) + 3 + p), "counts, free, blocked, …"),
                ("unseen", (len(DRAW_KINDS),), "tiles in pile and reserve, counts"),
            ]
        )
        last = self.segments[-1]
        self.size = last.offset + last.size
        self.high = 128.0
        self._zoo_size = len(PLANES) * g.SIZE * g.SIZE
        base = players * self._zoo_size
        self._at = {s.name: s.offset - base for s in self.segments[1:]}
        self._zeros = bytes(4 * (self.size - base))
        self._cache: dict[tuple[int, ...], Vector] = {}
        self._last: dict[int, tuple[WaterZoo, tuple[int, ...], Vector]] = {}
        self._players = Chunks()
        self._unseen = Unseen(_DRAW_ID)

    def planes(self, z: WaterZoo) -> Vector:
        """A water zoo's planes, flat (cached by every mask they are made of)."""
        # Every mask: keyed by the occupied cells alone, two zoos with the same cells but
        # other species or marks shared their planes (a wrong observation).
        key = (z.spaces, *z.species, z.male, z.female, z.fish, z.bolt, z.young, z.trainers)
        # Most steps leave a zoo as it was: its last key compares equal by identity, mask
        # by mask, where hashing fifteen masks of 441 bits would cost more.
        last = self._last.get(id(z))
        if last is not None and last[0] is z and last[1] == key:
            return last[2]
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= 64:  # 26 KB each: the last planes of each zoo do the rest
                self._cache.clear()
            # A zoo changes a cell or two per action: from this zoo's last planes, fixing
            # the bits that differ costs far less than unpacking all 15 masks again.
            if last is not None and last[0] is z:
                found = _changed_planes(last[2], last[1], key)
            else:
                found = _zoo_planes(z)
            self._cache[key] = found
        if len(self._last) >= 256:
            self._last.clear()
        self._last[id(z)] = (z, key, found)  # z kept alive: its id stays its own
        return found

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        """Write what ``seat`` sees of ``state`` into ``out`` (every entry)."""
        assert isinstance(state, AquarettoState)
        p = self.players
        zs = self._zoo_size
        for r in range(p):
            out[r * zs : (r + 1) * zs] = self.planes(state.zoos[(seat + r) % p])
        rest = array("f", self._zeros)  # item writes on an array.array are cheap
        at = self._at
        nf = len(PLAYER_FEATURES)
        o = at["players"]
        for r in range(p):
            write_water(state, (seat + r) % p, rest, o + r * nf, self._players)
        if state.to_move is not None:
            rest[at["turn"] + (state.to_move - seat) % p] = 1
        o = write_table_head(state, rest, at["table"])
        rest[o] = state.supply
        o += 1
        for i, n in enumerate(state.young_left):
            rest[o + i] = n
        o += 8
        for sp in state.in_play:
            rest[o + sp] = 1
        if state.pending:
            rest[at["pending"] + state.pending[0]] = 1
        write_round(state, seat, rest, at, _DRAW_ID, unseen=self._unseen)
        out[p * zs :] = np.frombuffer(rest, np.float32)


# ----- the spec ----------------------------------------------------------------------------


class AquarettoSpec(TruckSpec):
    """Aquaretto for the adapters.

    Chance nodes: the fish species left out (A-R2), the start player, every draw (see
    :class:`TruckSpec`).
    """

    game_id = "aquaretto"
    gym_name = "Aquaretto"
    draw_kinds = DRAW_KINDS
    species = t.SPECIES
    removable = t.FISH_SPECIES

    def kind_name(self, kind: int) -> str:
        """``dolphin/m``, ``coin``."""
        return t.name(kind)

    def action_space(self, players: int) -> AquarettoActions:
        """The index space (see the module docstring)."""
        return AquarettoActions(players)

    def observation_encoder(self, players: int) -> AquarettoObservation:
        """The observation (see :class:`AquarettoObservation`)."""
        return AquarettoObservation(players)

    def max_game_length(self, players: int) -> int:
        """A bound on the number of decisions in a game.

        Per tile a draw, a load, a take and a place; the owed offspring and coworkers; and
        one money action per coin that can ever be spent (each costs at least one to the
        bank: the start coins, 10 coin tiles, and at most 4 basin bonuses per basin, 5
        basins per zoo).
        """
        tiles = (8 - REMOVED_BY_PLAYERS[players]) * 11 + 10
        coins = players + 10 + 4 * 5 * players
        return 4 * tiles + 2 * 8 * t.YOUNG_PER_SPECIES + t.COWORKERS + coins

    def score_bounds(self, players: int) -> tuple[float, float]:
        """At worst 2 points lost per species in the depot; at best far below 400."""
        return (-16.0, 400.0)


SPEC = AquarettoSpec()
