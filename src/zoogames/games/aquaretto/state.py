"""Aquaretto's rules on top of the shared truck round (rulings A-R2–A-R12).

:class:`AquarettoState` adds the water zoos, the coworker supply and the offspring to
:class:`~zoogames.games.trucks.TruckState`: how a truck's tiles are placed, what a
placement earns, the money actions, and the score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from zoogames.core.bits import bits
from zoogames.core.dispatch import Dispatch
from zoogames.core.fields import LIST, SHARED, Fields, fields
from zoogames.core.game import START_PLAYER, Action, Game, OptionSpec, Score
from zoogames.core.message import N_, Message, Param, SeatRef, msg
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
    parse,
    place,
    worker,
)
from zoogames.games.aquaretto.render import render
from zoogames.games.aquaretto.zoo import (
    CASHIER,
    DEPOT,
    KEEPER,
    MANAGER,
    Gain,
    WaterZoo,
    place_name,
)
from zoogames.games.trucks import (
    TRUCK_NAMES,
    Draw,
    Load,
    Take,
    TruckState,
    build_pile,
    check_options,
    check_seed,
    choose_start,
    removed_option,
)
from zoogames.games.trucks import choose_removed as remove_species

if TYPE_CHECKING:
    # For mypy only, like every view's TypedDict (games/trucks.py says why).
    from zoogames.games.aquaretto.view_types import AquarettoView, PlacedTileView, WaterZooView

WORKER: Final = 8
"""A pending coworker; a pending offspring is its species index (0–7)."""


class AquarettoState(TruckState):
    """A position of Aquaretto.

    Beyond the round (see :class:`TruckState`): ``zoos[seat]`` is each player's
    :class:`WaterZoo`, ``supply`` the coworkers left, ``young_left[s]`` the offspring
    tiles of species ``s`` still in the supply, ``in_play`` the species in the game.
    """

    COIN_TILES = frozenset((t.COIN,))
    CHECKS: ClassVar[Dispatch[Any, str | None]] = Dispatch(TruckState.CHECKS)
    APPLIES: ClassVar[Dispatch[Any, None]] = Dispatch(TruckState.APPLIES)
    FIELDS: ClassVar[Fields] = TruckState.FIELDS + fields(
        zoos=WaterZoo, supply=SHARED, young_left=LIST, in_play=SHARED
    )

    zoos: list[WaterZoo]
    supply: int
    young_left: list[int]
    in_play: tuple[int, ...]

    def tile_name(self, tile: int) -> str:
        """The notation of a tile kind."""
        return t.name(tile)

    # ----- placing the truck's tiles and what they earn (A-R7, A-R8) --------------------

    def _placement_actions(self, tile: int) -> list[Action]:
        z = self.zoos[self.to_move]  # type: ignore[index]
        acts: list[Action] = [place(tile, c) for c in bits(z.legal_cells(tile >> 3))]
        acts.append(place(tile, DEPOT))
        return acts

    def _earn(self, seat: int, s: int, gain: Gain) -> None:
        """Pay a placement's bonuses: a coin now; the offspring, then a coworker, owed."""
        if gain.coin and self.bank:  # A-R4: a coin owed by an empty bank is lost
            self.bank -= 1
            self.coins[seat] += 1
        if gain.offspring:
            self.pending.append(s)
        if gain.worker:
            self.pending.append(WORKER)

    def _pending_actions(self) -> list[Action]:
        z = self.zoos[self.to_move]  # type: ignore[index]
        head = self.pending[0]
        if head == WORKER:
            return [worker(w) for w in z.worker_slots()]
        return [offspring(c) for c in bits(z.legal_cells(head))]

    def _pending_text(self) -> str:
        head = self.pending[0]
        return "the coworker" if head == WORKER else f"the {t.SPECIES[head]} offspring"

    def _settle(self) -> None:
        """Resolve owed decisions that leave no choice (A-R5, A-R7)."""
        seat = self.to_move
        while self.pending:
            assert seat is not None
            z = self.zoos[seat]
            head = self.pending[0]
            if head == WORKER:
                if self.supply and (z.cashiers < 2 or z.keepers < 2 or not z.manager or z.empty()):
                    return
                # A-R5: none left in the supply, or no free slot: it stays in the supply
            elif z.legal_cells(head):
                return
            else:  # A-R7: no legal space in its basin, so the offspring goes to the depot
                self.young_left[head] -= 1
                z.depot.append(head * 8 + t.YOUNG)
            self.pending.pop(0)

    # ----- money actions (A-R9) ---------------------------------------------------------

    def _money_actions(self) -> list[Action]:
        seat = self.to_move
        assert seat is not None
        z = self.zoos[seat]
        coins = self.coins[seat]
        acts: list[Action] = []
        if coins < 1:
            return acts
        if z.depot:
            acts.extend(move(DEPOT, c) for c in bits(z.legal_cells(z.depot[-1] >> 3)))
        for src in dict.fromkeys(z.workers()):
            for dst in z.worker_slots():
                if dst != src:
                    acts.append(move(src, dst))
        acts.extend(expand(False, m) for m in z.expansion_sites(False))
        if coins < 2:
            return acts
        for seller, other in enumerate(self.zoos):
            if seller != seat and other.depot:
                cells = z.legal_cells(other.depot[-1] >> 3)
                acts.extend(buy(seller, c) for c in bits(cells))
        if z.depot:
            acts.append(DISCARD)
        acts.extend(expand(True, m) for m in z.expansion_sites(True))
        return acts

    # ----- checking and applying --------------------------------------------------------

    def _mover(self) -> tuple[int, WaterZoo]:
        """The seat to move and its water zoo."""
        seat = self.to_move
        assert seat is not None
        return seat, self.zoos[seat]

    def _check_place(self, action: Place) -> str | None:
        seat, z = self._mover()
        reason = self.why_not_unload(seat, action.tile)
        if reason or action.where == DEPOT:
            return reason
        return z.why_not(action.tile >> 3, action.where)

    def _check_offspring(self, action: Offspring) -> str | None:
        _, z = self._mover()
        if not self.pending or self.pending[0] == WORKER:
            return self.busy() or "there is no offspring to place"
        return z.why_not(self.pending[0], action.where)

    def _check_worker(self, action: Worker) -> str | None:
        _, z = self._mover()
        if not self.pending or self.pending[0] != WORKER:
            return self.busy() or "there is no coworker to place"
        return self._why_not_worker(z, action.where)

    def _check_move(self, action: Move) -> str | None:
        return self.why_not_pay(1) or self._why_not_move(self._mover()[1], action)

    def _check_buy(self, action: Buy) -> str | None:
        seat, z = self._mover()
        reason = self.why_not_pay(2)
        if reason:
            return reason
        if action.seller == seat:
            return "you cannot buy from your own depot (move costs 1 coin)"
        if action.seller >= self.players:
            return f"there is no seat {action.seller}"
        other = self.zoos[action.seller]
        if not other.depot:
            return f"seat {action.seller}'s depot is empty"
        return z.why_not(other.depot[-1] >> 3, action.where)

    def _check_discard(self, action: Discard) -> str | None:
        reason = self.why_not_pay(2)
        return reason or (None if self._mover()[1].depot else "your depot is empty")

    def _check_expand(self, action: Expand) -> str | None:
        return self.why_not_pay(2 if action.large else 1) or self._why_not_expand(
            self._mover()[1], action
        )

    @staticmethod
    def _why_not_worker(z: WaterZoo, where: int) -> str | None:
        if z.worker_fits(where):
            return None
        if where < 0:
            return f"the {place_name(where)} slots are full"
        return f"{place_name(where)} is not an empty space of the water zoo"

    def _why_not_move(self, z: WaterZoo, action: Move) -> str | None:
        src, dst = action.src, action.dst
        if src == DEPOT:
            if not z.depot:
                return "your depot is empty"
            if dst < 0:
                return "the depot's top tile can only move onto a space"
            return z.why_not(z.depot[-1] >> 3, dst)
        if not z.has_worker(src):
            return f"no coworker stands on {place_name(src)}"
        if dst == src:
            return "a coworker must move somewhere else"
        return self._why_not_worker(z, dst)

    @staticmethod
    def _why_not_expand(z: WaterZoo, action: Expand) -> str | None:
        size = "large" if action.large else "small"
        if not (z.large_left if action.large else z.small_left):
            return f"you have no {size} expansion board left"
        if action.cells in z.expansion_sites(action.large):
            return None
        if action.cells & g.FOOTPRINT:
            return "an expansion may not cover the base board's 5×5 area (A-R1)"
        if action.cells & z.spaces:
            return "an expansion may not overlap an earlier one (A-R1)"
        return "an expansion must share an edge with a space of the water zoo (A-R1)"

    def _apply_place(self, action: Place) -> None:
        seat, z = self._mover()
        self.unloading.remove(action.tile)
        if action.where == DEPOT:
            z.depot.append(action.tile)
        else:
            self._earn(seat, action.tile >> 3, z.put(action.tile, action.where))

    def _apply_offspring(self, action: Offspring) -> None:
        seat, z = self._mover()
        s = self.pending.pop(0)
        self.young_left[s] -= 1
        self._earn(seat, s, z.put(s * 8 + t.YOUNG, action.where))

    def _apply_worker(self, action: Worker) -> None:
        _, z = self._mover()
        self.pending.pop(0)
        self.supply -= 1
        z.add_worker(action.where)

    def _apply_move(self, action: Move) -> None:
        seat, z = self._mover()
        self._pay(seat, 1)
        if action.src == DEPOT:
            tile = z.depot.pop()
            self._earn(seat, tile >> 3, z.put(tile, action.dst))
        else:
            z.remove_worker(action.src)
            z.add_worker(action.dst)

    def _apply_buy(self, action: Buy) -> None:
        seat, z = self._mover()
        self._pay(seat, 1)
        self.coins[seat] -= 1
        self.coins[action.seller] += 1
        tile = self.zoos[action.seller].depot.pop()
        self._earn(seat, tile >> 3, z.put(tile, action.where))

    def _apply_discard(self, action: Discard) -> None:
        seat, z = self._mover()
        self._pay(seat, 2)
        self.discarded.append(z.depot.pop())

    def _apply_expand(self, action: Expand) -> None:
        seat, z = self._mover()
        self._pay(seat, 2 if action.large else 1)
        z.expand(action.cells, action.large)

    # ----- scores and views -------------------------------------------------------------

    def scores(self) -> list[Score]:
        """Points per seat with their breakdown (A-R12)."""
        return [z.score(self.coins[i]) for i, z in enumerate(self.zoos)]

    def view(self, seat: int | None) -> AquarettoView:
        """What ``seat`` sees at the table: everything but the order of the pile."""
        return {
            "game": "aquaretto",
            **self.base_view(seat),
            **self.round_view(),
            **self.one_pile_view(),
            "supply": self.supply,
            "species": [t.SPECIES[s] for s in self.in_play],
            "zoos": [self._zoo_view(i) for i in range(self.players)],
            "pending": self._pending_view(),
        }

    def _pending_view(self) -> str | None:
        """The owed decision in a view: ``worker``, ``offspring dolphin`` or ``None``."""
        if not self.pending:
            return None
        head = self.pending[0]
        return "worker" if head == WORKER else f"offspring {t.SPECIES[head]}"

    def _zoo_view(self, seat: int) -> WaterZooView:
        z = self.zoos[seat]
        # Every tile's kind in one pass over the species and mark masks (views are built
        # after every action of every game the server holds).
        kinds: dict[int, int] = {}
        for s, basin in enumerate(z.species):
            if basin:
                kinds.update(dict.fromkeys(bits(basin), s * 8))
        for mark, m in z.marks():
            for c in bits(m):
                kinds[c] += mark
        tiles: list[PlacedTileView] = []
        for c in sorted(kinds):
            x, y = g.xy(c)
            tiles.append({"x": x, "y": y, "tile": t.name(kinds[c])})
        return {
            "spaces": [[x, y] for x, y in g.cell_pairs(z.spaces)],
            "tiles": tiles,
            "trainers": [[x, y] for x, y in g.cells_of(z.trainers)],
            "cashiers": z.cashiers,
            "keepers": z.keepers,
            "manager": z.manager,
            "depot": [t.name(x) for x in z.depot],
            "expansions": [
                {
                    "size": "large" if m.bit_count() == 4 else "small",
                    "cells": [[x, y] for x, y in g.cell_pairs(m)],
                }
                for m in z.expansions
            ],
            "small_left": z.small_left,
            "large_left": z.large_left,
            "allowance": z.allowance,
            "truck": TRUCK_NAMES[self.took[seat]] if self.took[seat] >= 0 else None,
        }

    def describe(self, action: Action, seat: int | None = None) -> Message:
        """The action as a move log message; call it before applying the action."""
        return describe(self, action)

    def render_text(self, lang: str = "en") -> str:
        """The table as text, its words in ``lang`` (the notation stays as it is)."""
        return render(self, lang)

    def __str__(self) -> str:
        return render(self)


AquarettoState.CHECKS.add(Place, AquarettoState._check_place)
AquarettoState.CHECKS.add(Offspring, AquarettoState._check_offspring)
AquarettoState.CHECKS.add(Worker, AquarettoState._check_worker)
AquarettoState.CHECKS.add(Move, AquarettoState._check_move)
AquarettoState.CHECKS.add(Buy, AquarettoState._check_buy)
AquarettoState.CHECKS.add(Discard, AquarettoState._check_discard)
AquarettoState.CHECKS.add(Expand, AquarettoState._check_expand)
AquarettoState.APPLIES.add(Place, AquarettoState._apply_place)
AquarettoState.APPLIES.add(Offspring, AquarettoState._apply_offspring)
AquarettoState.APPLIES.add(Worker, AquarettoState._apply_worker)
AquarettoState.APPLIES.add(Move, AquarettoState._apply_move)
AquarettoState.APPLIES.add(Buy, AquarettoState._apply_buy)
AquarettoState.APPLIES.add(Discard, AquarettoState._apply_discard)
AquarettoState.APPLIES.add(Expand, AquarettoState._apply_expand)


TILE_IDS = {
    t.PLAIN: N_("tile.animal"),
    t.MALE: N_("tile.male"),
    t.FEMALE: N_("tile.female"),
    t.FISH: N_("tile.fish"),
    t.BOLT: N_("tile.bolt"),
    t.YOUNG: N_("tile.young"),
}
"""The message of an animal tile per mark; its ``species`` param names the species."""


def tile_message(tile: int) -> Message:
    """A tile as a message: 'a dolphin', 'a female dolphin', 'a penguin with a fish', 'a coin'."""
    if tile == t.COIN:
        return msg("tile.coin")
    return Message(TILE_IDS[tile & 7], {"species": msg(t.SPECIES_IDS[tile >> 3])})


SLOT_IDS = {
    CASHIER: N_("aquaretto.cashier"),
    KEEPER: N_("aquaretto.keeper"),
    MANAGER: N_("aquaretto.manager"),
}
"""Where a coworker stands, as messages (a trainer stands on a space of the water zoo)."""


def basin_message(zoo: WaterZoo, species: int) -> Message:
    """The basin a tile of ``species`` joins: 'its dolphin basin' or 'a new dolphin basin'."""
    params: dict[str, Param] = {
        "species": msg(t.SPECIES_IDS[species]),
        "animals": msg(t.ANIMALS_IDS[species]),
    }
    if zoo.species[species]:
        return Message(N_("aquaretto.basin_own"), params)
    return Message(N_("aquaretto.basin_new"), params)


def describe(state: AquarettoState, action: Action) -> Message:
    """``action`` as a move log message, as seen before it is applied to ``state``.

    Places are named as a player sees them (a basin, the depot, a feeding station), never
    by coordinates; another seat by a :class:`SeatRef`. The draw names no tile: the tile is
    seen only once it is drawn, and then only by the load that follows.
    """
    seat = state.to_move if state.to_move is not None else 0
    z = state.zoos[seat]
    kind = type(action)
    if kind is Draw:
        return msg("aquaretto.draw")
    if isinstance(action, Load):
        return msg(
            "aquaretto.load", tile=tile_message(state.drawn), truck=TRUCK_NAMES[action.truck]
        )
    if isinstance(action, Take):
        return msg("aquaretto.take", truck=TRUCK_NAMES[action.truck])
    if isinstance(action, Place):
        if action.where == DEPOT:
            where = msg("aquaretto.depot")
        else:
            where = basin_message(z, t.species_of(action.tile))
        return msg("aquaretto.place", tile=tile_message(action.tile), where=where)
    if isinstance(action, Offspring):
        species = state.pending[0]
        where = msg("aquaretto.depot") if action.where == DEPOT else basin_message(z, species)
        return msg("aquaretto.offspring", species=msg(t.SPECIES_IDS[species]), where=where)
    if isinstance(action, Worker):
        if action.where in SLOT_IDS:
            return msg("aquaretto.worker", slot=msg(SLOT_IDS[action.where]))
        return msg("aquaretto.trainer")
    if isinstance(action, Move):
        if action.src == DEPOT:
            top = z.depot[-1]
            return msg(
                "aquaretto.move_depot",
                tile=tile_message(top),
                basin=basin_message(z, t.species_of(top)),
            )
        src = (
            msg(SLOT_IDS[action.src]) if action.src in SLOT_IDS else msg("aquaretto.trainer_space")
        )
        if action.dst in SLOT_IDS:
            dst = msg(SLOT_IDS[action.dst])
        else:
            dst = msg("aquaretto.trainer_space_zoo")
        return msg("aquaretto.move_worker", src=src, dst=dst)
    if isinstance(action, Buy):
        top = state.zoos[action.seller].depot[-1]
        if action.where == DEPOT:
            where = msg("aquaretto.depot")
        else:
            where = basin_message(z, t.species_of(top))
        return msg(
            "aquaretto.buy", tile=tile_message(top), seller=SeatRef(action.seller), where=where
        )
    if isinstance(action, Discard):
        return msg("aquaretto.discard", tile=tile_message(z.depot[-1]))
    if isinstance(action, Expand):
        return msg("aquaretto.expand_large") if action.large else msg("aquaretto.expand_small")
    return msg("log.notation", action=str(action))


class Aquaretto(Game):
    """Aquaretto for 2 to 5 players (``zoogames.games.get("aquaretto")``).

    Options of :meth:`new_game`:

    - ``start_player``: the seat that starts (default: drawn from the seed);
    - ``removed``: the fish species to leave out, by name (default: drawn from the seed);
      as many as the player count requires (A-R2);
    - ``draw_order``: tile names the pile yields first, in order (e.g. ``["coin",
      "dolphin/m"]``); the rest of the pile follows in shuffled order. A full list pins
      the whole game down.
    """

    id = "aquaretto"
    name = "Aquaretto"
    min_players = 2
    max_players = 5

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (see ``docs/notation.md``)."""
        return parse(text)

    def option_specs(self) -> list[OptionSpec]:
        """The start player and the removed fish species (dolphins, orcas, sea lions stay)."""
        fish = tuple(t.SPECIES[s] for s in t.FISH_SPECIES)
        return [START_PLAYER, removed_option(("", "", fish))]

    def two_player_rules(self) -> bool:
        """Yes: with two players the trucks hold 3, 2 and 1 tiles (``trucks.capacity``)."""
        return True

    def new_game(self, players: Any, seed: Any = None, **options: Any) -> AquarettoState:
        """A new game; see the class docstring for the options."""
        self.check_players(players)
        check_options(self, options)
        seed = check_seed(seed)
        removed = choose_removed(players, seed, options.get("removed"))
        start = choose_start(players, seed, options.get("start_player"))
        in_play = tuple(s for s in range(8) if s not in removed)
        order = options.get("draw_order")
        pile = build_pile(t.manifest(list(in_play)), seed, order, PILE_TILES)
        state = AquarettoState.__new__(AquarettoState)
        names = [t.SPECIES[s] for s in sorted(removed)]
        state._begin(self, seed, start, names, order, players, pile)
        state.coins = [1] * players  # A-R3
        state.bank = t.COINS_IN_GAME - players
        init_water_zoos(state, players, in_play)
        return state


def init_water_zoos(state: AquarettoState, players: int, in_play: tuple[int, ...]) -> None:
    """Give every player a water zoo; fill the coworker and offspring supplies (A-D3)."""
    state.zoos = [WaterZoo() for _ in range(players)]
    state.supply = t.COWORKERS
    state.young_left = [t.YOUNG_PER_SPECIES if s in in_play else 0 for s in range(8)]
    state.in_play = in_play


def choose_removed(players: int, seed: int, given: Any) -> set[int]:
    """The species left out (A-R2): given by name, or drawn from the seed's 'removed' stream."""
    never = "dolphins, orcas and sea lions are never removed (A-R2)"
    return remove_species(players, seed, given, t.SPECIES, t.FISH_SPECIES, never)


PILE_TILES = {n: k for n, k in t.NAMES.items() if k == t.COIN or k & 7 != t.YOUNG}
"""Notation → kind of every tile the pile holds (offspring are never shuffled in)."""


AQUARETTO = Aquaretto()
"""The registered game object."""
