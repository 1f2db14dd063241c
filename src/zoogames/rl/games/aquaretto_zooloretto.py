"""Aquaretto with Zooloretto for the adapters: both games' indices, observations and draws.

The index space is the two games' own, side by side (T trucks):

==========================  =========  ==============================================
block                       count      index runs over
==========================  =========  ==============================================
draw PILE                   2          ``draw aquaretto``, ``draw zooloretto``
load X, take X              T each     truck A, B, …
aquaretto:…                 …          Aquaretto's blocks from ``place`` on, in order
                                       (``zoogames.rl.games.aquaretto``)
zooloretto:…                …          Zooloretto's blocks from ``place`` on, in order
                                       (``zoogames.rl.games.zooloretto``)
==========================  =========  ==============================================

A ``draw`` is a chance node over the kinds left in that pile (:data:`DRAW_KINDS`: the
33 Aquaretto kinds, then the 29 Zooloretto kinds).
"""

from __future__ import annotations

from array import array

import numpy as np

from zoogames.core.errors import IllegalAction
from zoogames.core.game import JSON, Action, State
from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquaretto_zooloretto.state import (
    AQUARETTO_ZOOLORETTO,
    AquarettoZoolorettoState,
    tile_name,
)
from zoogames.games.trucks import (
    DRAWS,
    LOADS,
    PILE_NAMES,
    PILE_STATES,
    REMOVED_BY_PLAYERS,
    RESERVE,
    TAKES,
    Draw,
    Load,
    Take,
    truck_capacities,
)
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.actions import ACTIONS as ZOO_ACTIONS
from zoogames.rl.games import SetupStep
from zoogames.rl.games import aquaretto as aq
from zoogames.rl.games import zooloretto as zo
from zoogames.rl.games.trucks import (
    Chunks,
    TruckSpec,
    Unseen,
    removed_step,
    start_step,
    write_round,
)
from zoogames.rl.spaces import ActionSpace, Block, ObservationEncoder, Vector, segments

DRAW_KINDS = (*aq.DRAW_KINDS, *zo.DRAW_KINDS)
"""The 62 kinds the two piles hold; chance outcome ``i`` draws ``DRAW_KINDS[i]``."""
_DRAW_ID = {k: i for i, k in enumerate(DRAW_KINDS)}


def own_blocks(game: str, space: ActionSpace, start: int) -> list[Block]:
    """``space``'s blocks from its fourth on, a game's own (after draw, load and take).

    Named ``game:name`` and moved so that the first starts at index ``start``.
    """
    base = space.blocks[3].first
    return [
        Block(f"{game}:{b.name}", start + b.first - base, b.count, b.pattern, b.order)
        for b in space.blocks[3:]
    ]


class CombinedActions(ActionSpace):
    """The index space of Aquaretto with Zooloretto (see the module docstring)."""

    pair_block = "aquaretto:move"  # coworker moves: see CompactMasks

    def __init__(self, players: int) -> None:
        super().__init__(AQUARETTO_ZOOLORETTO, players)
        self.water = aq.AquarettoActions(players)
        self.land = zo.ZoolorettoActions(players)
        self.trucks = len(truck_capacities(players))
        t = self.trucks
        blocks = [
            Block("draw", 0, 2, "draw PILE", "aquaretto, zooloretto"),
            Block("load", 2, t, "load X", "truck A, B, …"),
            Block("take", 2 + t, t, "take X", "truck A, B, …"),
        ]
        first = 2 + 2 * t
        # each game's own blocks start at its fourth (place), after draw, load and take
        self._water_first = self.water.blocks[3].first
        self._water_at = first
        blocks += own_blocks("aquaretto", self.water, first)
        first += self.water.n - self._water_first
        self._land_first = self.land.blocks[3].first
        self._land_at = first
        blocks += own_blocks("zooloretto", self.land, first)
        self.blocks = tuple(blocks)
        self.n = first + self.land.n - self._land_first

    def _encode(self, action: Action) -> int:
        kind = type(action)
        if kind is Draw:
            assert isinstance(action, Draw)
            if action.pile < 0:
                raise IllegalAction("this game has 2 piles: draw aquaretto or draw zooloretto")
            return action.pile
        if kind is Load or kind is Take:
            assert isinstance(action, Load | Take)
            if action.truck >= self.trucks:
                raise IllegalAction(f"there is no truck {action} with {self.players} players")
            return (2 if kind is Load else 2 + self.trucks) + action.truck
        if kind in ZOO_ACTIONS:
            return self._land_at + self.land.index(action) - self._land_first
        return self._water_at + self.water.index(action) - self._water_first

    def _decode(self, index: int) -> Action:
        t = self.trucks
        if index < 2:
            return DRAWS[index]
        if index < 2 + t:
            return LOADS[index - 2]
        if index < 2 + 2 * t:
            return TAKES[index - 2 - t]
        if index < self._land_at:
            return self.water.action(index - self._water_at + self._water_first)
        return self.land.action(index - self._land_at + self._land_first)


class CombinedObservation(ObservationEncoder):
    """What one seat sees of Aquaretto with Zooloretto; everything but the piles' order.

    Segments (P players, T trucks; seats from the observer on, in turn order):

    - ``zoos`` (P, 15, 21, 21) and ``water`` (P, 137): each water zoo as in Aquaretto's
      observation (its planes, then coins, coworkers, boards, depot);
    - ``land`` (P, 165): each zoo as in Zooloretto's (enclosures, stalls, barn);
    - ``turn`` (P): whose turn, one-hot;
    - ``table`` (46): round, last round, per pile its size, reserve and state (open,
      closing, closed one-hot), bank, coworker supply, offspring left and species in
      play of both games (8 each, Aquaretto's first);
    - ``drawn`` (62), ``unloading`` (62): over :data:`DRAW_KINDS`;
    - ``pending`` (9): Aquaretto's owed decision (offspring of species 0-7, or coworker);
    - ``trucks`` (T, 67 + P): tile counts (62), free, blocked, taken, its pile this round
      (one-hot, 2), who took it (one-hot);
    - ``unseen`` (62): tiles still in each pile and reserve, by kind.
    """

    def __init__(self, players: int) -> None:
        super().__init__(AQUARETTO_ZOOLORETTO, players)
        p = players
        k = len(DRAW_KINDS)
        self.trucks = len(truck_capacities(players))
        self.water = aq.AquarettoObservation(players)
        self.segments = segments(
            [
                ("zoos", (p, len(aq.PLANES), 21, 21), "water zoo planes (aquaretto.PLANES)"),
                ("water", (p, len(aq.PLAYER_FEATURES)), "aquaretto.PLAYER_FEATURES"),
                ("land", (p, len(zo.PLAYER_FEATURES)), "zooloretto.PLAYER_FEATURES"),
                ("turn", (p,), "seat to move, one-hot"),
                ("table", (46,), "round, final, piles, bank, supply, young, species in play"),
                ("drawn", (k,), "drawn tile, one-hot (DRAW_KINDS)"),
                ("unloading", (k,), "tiles left to place, counts"),
                ("pending", (9,), "owed: offspring of species 0-7, or coworker (8)"),
                ("trucks", (self.trucks, k + 5 + p), "counts, free, blocked, taken, pile, taker"),
                ("unseen", (k,), "tiles in piles and reserves, counts"),
            ]
        )
        last = self.segments[-1]
        self.size = last.offset + last.size
        self.high = 128.0
        self._planes = p * len(aq.PLANES) * 21 * 21
        self._at = {s.name: s.offset - self._planes for s in self.segments[1:]}
        self._zeros = bytes(4 * (self.size - self._planes))
        self._water = Chunks()
        self._land = Chunks()
        self._unseen = Unseen(_DRAW_ID)

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        """Write what ``seat`` sees of ``state`` into ``out`` (every entry)."""
        assert isinstance(state, AquarettoZoolorettoState)
        p = self.players
        at_ = self._at
        zs = self._planes // p
        for r in range(p):
            out[r * zs : (r + 1) * zs] = self.water.planes(state.zoos[(seat + r) % p])
        rest = array("f", self._zeros)  # item writes on an array.array are cheap
        nw, nl = len(aq.PLAYER_FEATURES), len(zo.PLAYER_FEATURES)
        for r in range(p):
            s = (seat + r) % p
            aq.write_water(state, s, rest, at_["water"] + r * nw, self._water)
            zo.write_board(state, s, rest, at_["land"] + r * nl, self._land)
        if state.to_move is not None:
            rest[at_["turn"] + (state.to_move - seat) % p] = 1
        o = at_["table"]
        rest[o] = state.round
        if state.final_round:
            rest[o + 1] = 1
        o += 2
        width = 2 + len(PILE_STATES)
        for pile, tiles in enumerate(state.piles):
            reserve = min(RESERVE, len(tiles))
            rest[o] = len(tiles) - reserve
            rest[o + 1] = reserve
            rest[o + 2 + state.pile_state[pile]] = 1
            o += width
        rest[o] = state.bank
        rest[o + 1] = state.supply
        o += 2
        for i, n in enumerate(state.young_left):
            rest[o + i] = n
        for sp in state.in_play:
            rest[o + 8 + sp] = 1
        o += 16
        for i, n in enumerate(state.offspring_left):
            rest[o + i] = n
        for sp in state.species_in_play:
            rest[o + 8 + sp] = 1
        if state.pending:
            rest[at_["pending"] + state.pending[0]] = 1
        write_round(state, seat, rest, at_, _DRAW_ID, piles=True, unseen=self._unseen)
        out[self._planes :] = np.frombuffer(rest, np.float32)


class CombinedSpec(TruckSpec):
    """Aquaretto with Zooloretto for the adapters (chance: see :class:`TruckSpec`)."""

    game_id = "aquaretto-zooloretto"
    gym_name = "AquarettoZooloretto"
    draw_kinds = DRAW_KINDS

    def kind_name(self, kind: int) -> str:
        """``dolphin/m``, ``camel``, ``aquaretto-coin``."""
        return tile_name(kind)

    def action_space(self, players: int) -> CombinedActions:
        """The index space (see the module docstring)."""
        return CombinedActions(players)

    def observation_encoder(self, players: int) -> CombinedObservation:
        """The observation (see :class:`CombinedObservation`)."""
        return CombinedObservation(players)

    def setup_step(self, players: int, options: dict[str, JSON]) -> SetupStep | None:
        """The fish species left out (A-R2), then the land species (Z-R1), then the start."""
        step = removed_step(players, options, at.SPECIES, at.FISH_SPECIES)
        if step is not None:
            return step
        water = list(options["removed"])
        if len(water) < 2 * REMOVED_BY_PLAYERS[players]:
            land = removed_step(players, {}, zt.SPECIES, tuple(range(8)))
            assert land is not None
            return SetupStep("removed", tuple(water + v for v in land.values), land.labels)
        return start_step(players, options)

    def max_chance_outcomes(self, players: int) -> int:
        """The 62 kinds of both piles (the set-up's choices need at most 56)."""
        return len(DRAW_KINDS)

    def forced_options(self, options: dict[str, JSON], outcomes: list[int]) -> dict[str, JSON]:
        """``draw_order`` per pile: the drawn tiles' names."""
        order: dict[str, list[str]] = {name: [] for name in PILE_NAMES}
        for o in outcomes:
            kind = DRAW_KINDS[o]
            order[PILE_NAMES[1 if kind >= zt.FIRST else 0]].append(tile_name(kind))
        return {"draw_order": order}

    def max_game_length(self, players: int) -> int:
        """Both games' bounds together (one truck round, one money)."""
        return aq.SPEC.max_game_length(players) + zo.SPEC.max_game_length(players)

    def score_bounds(self, players: int) -> tuple[float, float]:
        """Both games' bounds added."""
        w, land = aq.SPEC.score_bounds(players), zo.SPEC.score_bounds(players)
        return (w[0] + land[0], w[1] + land[1])


SPEC = CombinedSpec()
