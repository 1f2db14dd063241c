"""Zooloretto for the adapters: its action index space, its observation, its chance nodes.

Places: the enclosures ``e4 e5 e6 x1 x2``, the stall spaces ``s4a s4b s5 s6 sx1 sx2`` and
the ``barn`` (:data:`PLACES`, 12). Tile kinds: the 28 a truck can bring (8 species plain,
``/m``, ``/f``; 4 stalls: :data:`TRUCK_TILES`) and the 52 a barn can hold (offspring and
bred marks too: :data:`BARN_TILES`). With T trucks and P players:

==================  ============  ==================================================
block               count         index runs over
==================  ============  ==================================================
draw                1
load X, take X      T each        truck A, B, …
place TILE PLACE    28 × 12       truck tile, then place
move SRC DST        58 × 11       barn tile (52) or stall space (6), then enclosure or
                                  stall space
exchange A B        50            :data:`EXCHANGES`: two enclosures, or an enclosure and
                                  a species of the barn
buy S TILE PLACE    P × 52 × 11   seller, barn tile, enclosure or stall space
discard TILE        52            barn tile
expand              1
==================  ============  ==================================================
"""

from __future__ import annotations

from array import array
from bisect import bisect_right

import numpy as np

from zoogames.core.errors import IllegalAction
from zoogames.core.game import Action, State
from zoogames.games.trucks import (
    DRAW,
    LOADS,
    REMOVED_BY_PLAYERS,
    TAKES,
    Draw,
    Load,
    Take,
    truck_capacities,
)
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.actions import (
    EXPAND,
    Buy,
    Discard,
    Exchange,
    Expand,
    Move,
    Place,
    buy,
    discard,
    exchange,
    move,
    place,
)
from zoogames.games.zooloretto.state import ZoolorettoState, ZooRules
from zoogames.games.zooloretto.zoo import (
    BARN,
    ENCLOSURES,
    GROUP,
    OWNER,
    SPACE,
    STALL_SPACES,
    ZooBoard,
)
from zoogames.rl.games.trucks import (
    Chunks,
    TruckSpec,
    Unseen,
    write_round,
    write_table_head,
)
from zoogames.rl.spaces import ActionSpace, Block, ObservationEncoder, Vector, segments

ENCLOSURE_CODES = tuple(range(len(ENCLOSURES)))
SPACE_CODES = tuple(SPACE + i for i in range(len(STALL_SPACES)))
PLACES = (*ENCLOSURE_CODES, *SPACE_CODES, BARN)
"""Place codes: the 5 enclosures, the 6 stall spaces, the barn."""
ZOO_PLACES = PLACES[:-1]
"""Where a moved or bought tile can go: enclosures and stall spaces."""
_PLACE_ID = {p: i for i, p in enumerate(PLACES)}

STALL_KINDS = tuple(zt.stall(i) for i in range(len(zt.STALLS)))
TRUCK_TILES = (
    *(zt.kind(s, m) for s in range(8) for m in (zt.PLAIN, zt.MALE, zt.FEMALE)),
    *STALL_KINDS,
)
"""The 28 kinds a truck can bring, coins aside."""
DRAW_KINDS = (*TRUCK_TILES, zt.COIN)
"""The 29 kinds the pile holds; chance outcome ``i`` draws ``DRAW_KINDS[i]``."""
BARN_TILES = (*(zt.kind(s, m) for s in range(8) for m in range(6)), *STALL_KINDS)
"""The 52 kinds a barn can hold (offspring and bred animals too)."""
EXCHANGES = (
    *((a, b) for a in ENCLOSURE_CODES for b in ENCLOSURE_CODES if a < b),
    *((a, GROUP + s) for a in ENCLOSURE_CODES for s in range(8)),
)
"""Every exchange, as (enclosure, enclosure or ``GROUP`` + species)."""

_TRUCK_ID = {k: i for i, k in enumerate(TRUCK_TILES)}
_DRAW_ID = {k: i for i, k in enumerate(DRAW_KINDS)}
_BARN_ID = {k: i for i, k in enumerate(BARN_TILES)}
_EXCHANGE_ID = {e: i for i, e in enumerate(EXCHANGES)}
_SOURCES = (*BARN_TILES, *SPACE_CODES)
"""Move sources: a barn tile (its kind) or a stall space."""
_SOURCE_ID = {s: i for i, s in enumerate(_SOURCES)}
_ZOO_ID = {p: i for i, p in enumerate(ZOO_PLACES)}


def _lookup(table: dict[int, int], key: int, what: str) -> int:
    found = table.get(key)
    if found is None:
        raise IllegalAction(f"{what} can never be legal")
    return found


class ZoolorettoActions(ActionSpace):
    """Zooloretto's action index space (see the module docstring)."""

    def __init__(self, players: int) -> None:
        from zoogames.games.zooloretto.state import ZOOLORETTO

        super().__init__(ZOOLORETTO, players)
        self.trucks = len(truck_capacities(players))
        z = len(ZOO_PLACES)
        sizes = [
            ("draw", 1, "draw", ""),
            ("load", self.trucks, "load X", "truck A, B, …"),
            ("take", self.trucks, "take X", "truck A, B, …"),
            ("place", len(TRUCK_TILES) * len(PLACES), "place TILE PLACE", "tile, then place"),
            ("move", len(_SOURCES) * z, "move SRC DST", "barn tile or stall space, then place"),
            ("exchange", len(EXCHANGES), "exchange A B", "EXCHANGES"),
            ("buy", players * len(BARN_TILES) * z, "buy SEAT TILE PLACE", "seller, tile, place"),
            ("discard", len(BARN_TILES), "discard TILE", "barn tile"),
            ("expand", 1, "expand", ""),
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
        z = len(ZOO_PLACES)
        if kind is Draw:
            assert isinstance(action, Draw)
            if action.pile >= 0:
                raise IllegalAction("Zooloretto has one pile: draw")
            return 0
        if kind is Load or kind is Take:
            assert isinstance(action, Load | Take)
            if action.truck >= self.trucks:
                raise IllegalAction(f"there is no truck {action} with {self.players} players")
            return f["load" if kind is Load else "take"] + action.truck
        if kind is Place:
            assert isinstance(action, Place)
            tile = _lookup(_TRUCK_ID, action.tile, str(action))
            return f["place"] + tile * len(PLACES) + _lookup(_PLACE_ID, action.where, str(action))
        if kind is Move:
            assert isinstance(action, Move)
            src = _lookup(_SOURCE_ID, action.src, str(action))
            return f["move"] + src * z + _lookup(_ZOO_ID, action.dst, str(action))
        if kind is Exchange:
            assert isinstance(action, Exchange)
            return f["exchange"] + _lookup(_EXCHANGE_ID, (action.a, action.b), str(action))  # type: ignore[arg-type]
        if kind is Buy:
            assert isinstance(action, Buy)
            if not 0 <= action.seller < self.players:
                raise IllegalAction(f"there is no seat {action.seller}")
            tile = _lookup(_BARN_ID, action.tile, str(action))
            where = _lookup(_ZOO_ID, action.where, str(action))
            return f["buy"] + (action.seller * len(BARN_TILES) + tile) * z + where
        if kind is Discard:
            assert isinstance(action, Discard)
            return f["discard"] + _lookup(_BARN_ID, action.tile, str(action))
        if kind is Expand:
            return f["expand"]
        raise IllegalAction(f"{action} is not a Zooloretto action")

    def _decode(self, index: int) -> Action:
        block = self.blocks[bisect_right(self._starts, index) - 1]
        i = index - block.first
        name = block.name
        z = len(ZOO_PLACES)
        if name == "draw":
            return DRAW
        if name == "load":
            return LOADS[i]
        if name == "take":
            return TAKES[i]
        if name == "place":
            tile, where = divmod(i, len(PLACES))
            return place(TRUCK_TILES[tile], PLACES[where])
        if name == "move":
            src, dst = divmod(i, z)
            return move(_SOURCES[src], ZOO_PLACES[dst])
        if name == "exchange":
            return exchange(*EXCHANGES[i])
        if name == "buy":
            rest, where = divmod(i, z)
            seller, tile = divmod(rest, len(BARN_TILES))
            return buy(seller, BARN_TILES[tile], ZOO_PLACES[where])
        if name == "discard":
            return discard(BARN_TILES[i])
        return EXPAND


# ----- observations ------------------------------------------------------------------------

MARK_NAMES = ("plain", "male", "female", "young", "male-bred", "female-bred")
ENCLOSURE_FEATURES = ("built", *(f"species:{s}" for s in zt.SPECIES), "tiles", *MARK_NAMES)
"""Per enclosure: in play, its species one-hot, its tile count, counts per mark."""
STALL_FEATURES = ("open", *(f"stall:{s}" for s in zt.STALLS))
PLAYER_FEATURES = (
    "coins",
    "boards_left",
    "took_truck",
    *(f"{e.name}:{f}" for e in ENCLOSURES for f in ENCLOSURE_FEATURES),
    *(f"{s}:{f}" for s in STALL_SPACES for f in STALL_FEATURES),
    *(f"barn:{zt.name(k)}" for k in BARN_TILES),
)


_BOARD = PLAYER_FEATURES.index("took_truck") + 1
"""Where the features kept by contents begin (those before change most often)."""


def write_board(state: ZooRules, seat: int, out: array[float], o: int, cache: Chunks) -> None:
    """Write ``seat``'s :data:`PLAYER_FEATURES` into ``out`` from ``o`` on (all 0 there).

    The first three (coins, boards left, truck taken) change most often and are written
    as they are; the rest, the board's, are kept in ``cache`` by everything they are
    made of.
    """
    # Item writes into an array.array: each is a few tens of nanoseconds, where building a
    # temporary array from a tuple costs a microsecond or two.
    b: ZooBoard = state.boards[seat]
    out[o] = state.coins[seat]
    out[o + 1] = b.boards_left
    if state.took[seat] >= 0:
        out[o + 2] = 1
    key = (b.built, tuple(map(tuple, b.pens)), tuple(b.stalls), tuple(b.barn))
    out[o + _BOARD : o + len(PLAYER_FEATURES)] = cache.get(seat, key, lambda: _board_features(b))


def _board_features(b: ZooBoard) -> array[float]:
    """The board's features: its enclosures, stalls and barn."""
    out = array("f", bytes(4 * (len(PLAYER_FEATURES) - _BOARD)))
    first = zt.FIRST
    built = b.built
    nf = len(ENCLOSURE_FEATURES)
    e = 0
    for i, pen in enumerate(b.pens):
        if i < built:
            out[e] = 1
        if pen:
            out[e + 1 + ((pen[0] - first) >> 3)] = 1
            out[e + 9] = len(pen)
            for x in pen:
                out[e + 10 + ((x - first) & 7)] += 1
        e += nf
    e = len(ENCLOSURES) * nf  # fixed offsets, whatever this board holds
    ns = len(STALL_FEATURES)
    for i, x in enumerate(b.stalls):
        if OWNER[i] < built:
            out[e + i * ns] = 1
        if x >= 0:
            out[e + i * ns + 1 + x - zt.STALL] = 1
    e += len(STALL_SPACES) * ns
    for x in b.barn:
        out[e + _BARN_ID[x]] += 1
    return out


class ZoolorettoObservation(ObservationEncoder):
    """What one seat sees of Zooloretto; everything but the order of the pile.

    Segments (P players, T trucks; seats from the observer on, in turn order):

    - ``players`` (P, 165): :data:`PLAYER_FEATURES`: coins, expansion boards left, took a
      truck this round; per enclosure :data:`ENCLOSURE_FEATURES`; per stall space
      whether it is in play and its stall; the barn's tile counts (:data:`BARN_TILES`);
    - ``turn`` (P): whose turn, one-hot (all 0 once the game is over);
    - ``table`` (21): round, last round, pile and reserve sizes, bank, offspring left per
      species, species in play;
    - ``drawn`` (29), ``unloading`` (29): the tile just drawn (one-hot) and the taken
      truck's tiles still to place (counts), over :data:`DRAW_KINDS`;
    - ``trucks`` (T, 32 + P): per truck, tile counts (29), free spaces, spaces blocked,
      taken, who took it (one-hot);
    - ``unseen`` (29): tiles still in pile and reserve, by kind.
    """

    def __init__(self, players: int) -> None:
        from zoogames.games.zooloretto.state import ZOOLORETTO

        super().__init__(ZOOLORETTO, players)
        p = players
        k = len(DRAW_KINDS)
        self.trucks = len(truck_capacities(players))
        self.segments = segments(
            [
                ("players", (p, len(PLAYER_FEATURES)), "per seat (PLAYER_FEATURES)"),
                ("turn", (p,), "seat to move, one-hot"),
                ("table", (21,), "round, final, pile, reserve, bank, young×8, play×8"),
                ("drawn", (k,), "drawn tile, one-hot (DRAW_KINDS)"),
                ("unloading", (k,), "tiles left to place, counts"),
                ("trucks", (self.trucks, k + 3 + p), "counts, free, blocked, taken, taker"),
                ("unseen", (k,), "tiles in pile and reserve, counts"),
            ]
        )
        last = self.segments[-1]
        self.size = last.offset + last.size
        self.high = 128.0
        self._at = {s.name: s.offset for s in self.segments}
        self._zeros = bytes(4 * self.size)
        self._players = Chunks()
        self._unseen = Unseen(_DRAW_ID)

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        """Write what ``seat`` sees of ``state`` into ``out`` (every entry)."""
        assert isinstance(state, ZoolorettoState)
        p = self.players
        at = self._at
        rest = array("f", self._zeros)  # item writes on an array.array are cheap
        nf = len(PLAYER_FEATURES)
        for r in range(p):
            write_board(state, (seat + r) % p, rest, r * nf, self._players)
        if state.to_move is not None:
            rest[at["turn"] + (state.to_move - seat) % p] = 1
        o = write_table_head(state, rest, at["table"])
        for i, n in enumerate(state.offspring_left):
            rest[o + i] = n
        for sp in state.species_in_play:
            rest[o + 8 + sp] = 1
        write_round(state, seat, rest, at, _DRAW_ID, unseen=self._unseen)
        out[:] = np.frombuffer(rest, np.float32)


# ----- the spec ----------------------------------------------------------------------------


class ZoolorettoSpec(TruckSpec):
    """Zooloretto for the adapters.

    Chance nodes: the species left out (Z-R1, Z-R5: any species), the start player, every
    draw (see :class:`TruckSpec`).
    """

    game_id = "zooloretto"
    gym_name = "Zooloretto"
    draw_kinds = DRAW_KINDS
    species = zt.SPECIES
    removable = tuple(range(8))

    def kind_name(self, kind: int) -> str:
        """``camel/m``, ``kiosk``, ``coin``."""
        return zt.name(kind)

    def action_space(self, players: int) -> ZoolorettoActions:
        """The index space (see the module docstring)."""
        return ZoolorettoActions(players)

    def observation_encoder(self, players: int) -> ZoolorettoObservation:
        """The observation (see :class:`ZoolorettoObservation`)."""
        return ZoolorettoObservation(players)

    def max_game_length(self, players: int) -> int:
        """A bound on the number of decisions in a game.

        Per tile a draw, a load, a take and a place; one money action per coin that can
        ever be spent (the start coins, 12 coin tiles, fill bonuses of at most 2 coins per
        enclosure).
        """
        tiles = (8 - REMOVED_BY_PLAYERS[players]) * 11 + 12 + 12
        coins = zt.START_COINS * players + zt.COIN_TILES + 2 * len(ENCLOSURES) * players
        return 4 * tiles + coins

    def score_bounds(self, players: int) -> tuple[float, float]:
        """Barn penalties of 2 per species and stall type; 5 enclosures of at most 10."""
        return (-24.0, 100.0)


SPEC = ZoolorettoSpec()
