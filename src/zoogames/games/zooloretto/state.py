"""Zooloretto's rules on top of the shared truck round (rulings Z-R1–Z-R5).

:class:`ZoolorettoState` adds the zoos (:class:`ZooBoard`) and the offspring supply to
:class:`~zoogames.games.trucks.TruckState`: how a truck's tiles are placed, what a
placement earns, the money actions, and the score. Nothing is ever owed after a
placement: an offspring goes into its parents' enclosure if it has room, else into the
barn, with no choice to make (Z-R2).

The rules live in :class:`ZooRules`, a trait on the truck round whose every name starts
with ``_zoo_``, so that "Aquaretto with Zooloretto" (a subclass of Aquaretto's state and
of this trait) has them next to Aquaretto's; each action's check and effect is found in
:data:`ZOO_CHECKS` and :data:`ZOO_APPLIES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import trait

from zoogames.core.dispatch import Dispatch
from zoogames.core.fields import LIST, SHARED, Fields, fields
from zoogames.core.game import START_PLAYER, Action, Game, OptionSpec, Score
from zoogames.core.message import N_, Message, SeatRef, msg
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
    parse,
    place,
)
from zoogames.games.zooloretto.render import render
from zoogames.games.zooloretto.zoo import (
    BARN,
    ENCLOSURES,
    GROUP,
    OWNER,
    SPACE,
    STALL_SPACES,
    ZooBoard,
    place_name,
)

if TYPE_CHECKING:
    # For mypy only, like every view's TypedDict (games/trucks.py says why).
    from zoogames.games.zooloretto.view_types import EnclosureView, ZooBoardView, ZoolorettoView


def expansions_for(players: int) -> int:
    """Expansion boards per player: 1, or 2 with two players (Z-R1, Z-R5)."""
    return 2 if players == 2 else 1


@trait
class ZooRules(TruckState):
    """Zooloretto's rules on the truck round, for Zooloretto and "Aquaretto with Zooloretto".

    ``boards[seat]`` is each player's :class:`ZooBoard` (enclosures, stall spaces,
    expansion boards, barn), ``offspring_left[s]`` the offspring tiles of species ``s``
    still in the supply, ``species_in_play`` the species in the game. Everything here is
    named ``_zoo_…`` so that the variant can have it beside Aquaretto's rules. A trait (for
    mypyc, which compiles single inheritance only, plus traits): never instantiated.
    """

    boards: list[ZooBoard]
    offspring_left: list[int]
    species_in_play: tuple[int, ...]

    # ----- placing the truck's tiles and what they earn (Z-R1, Z-R2) --------------------

    def _zoo_placement_actions(self, tile: int) -> list[Action]:
        b = self.boards[self.to_move]  # type: ignore[index]
        acts: list[Action] = [place(tile, w) for w in b.destinations(tile)]
        acts.append(place(tile, BARN))
        return acts

    def _zoo_put(self, seat: int, tile: int, where: int) -> None:
        """Put ``tile`` on ``where`` in the zoo proper; offspring and the fill bonus follow."""
        b = self.boards[seat]
        if where >= SPACE:
            b.stalls[where - SPACE] = tile
            return
        self._zoo_births(b, where, b.put(tile, where))
        if b.is_full(where):  # the tile, or the offspring it bred, filled the last space
            self._zoo_bonus(seat, ENCLOSURES[where].coins)

    def _zoo_births(self, b: ZooBoard, e: int, pairs: int) -> None:
        """Each new pair in enclosure ``e`` has an offspring: there if room, else the barn."""
        s = b.species(e)
        for _ in range(pairs):
            if self.offspring_left[s]:  # always: 2 per species, at most 2 pairs (Z-D2)
                self.offspring_left[s] -= 1
                b.add_young(s, e)

    def _zoo_bonus(self, seat: int, coins: int) -> None:
        """The fill bonus, from the bank as far as it goes (Z-R2)."""
        paid = min(coins, self.bank)
        self.bank -= paid
        self.coins[seat] += paid

    # ----- money actions (Z-R3) ---------------------------------------------------------

    def _zoo_money_actions(self) -> list[Action]:
        seat = self.to_move
        assert seat is not None
        coins = self.coins[seat]
        if coins < 1:
            return []
        b = self.boards[seat]
        kinds = list(dict.fromkeys(b.barn))
        acts: list[Action] = []
        for k in kinds:
            acts.extend(move(k, w) for w in b.destinations(k))
        free = b.free_spaces()
        for i, x in enumerate(b.stalls):
            if x >= 0:
                acts.extend(move(SPACE + i, w) for w in free)
        acts.extend(exchange(a, c) for a, c in b.exchanges())
        if coins >= 2:
            for seller, other in enumerate(self.boards):
                if seller != seat:
                    for k in dict.fromkeys(other.barn):
                        acts.extend(buy(seller, k, w) for w in b.destinations(k))
            acts.extend(discard(k) for k in kinds)
            if coins >= 3 and b.boards_left:
                acts.append(EXPAND)
        return acts

    # ----- checking and applying (the handlers of ZOO_CHECKS and ZOO_APPLIES) -----------

    def _zoo_mover(self) -> tuple[int, ZooBoard]:
        """The seat to move and its zoo."""
        seat = self.to_move
        assert seat is not None
        return seat, self.boards[seat]

    def _zoo_check_place(self, action: Place) -> str | None:
        seat, b = self._zoo_mover()
        reason = self.why_not_unload(seat, action.tile)
        if reason or action.where == BARN:
            return reason
        return b.why_not(action.tile, action.where)

    def _zoo_check_move(self, action: Move) -> str | None:
        return self.why_not_pay(1) or self._zoo_why_not_move(self._zoo_mover()[1], action)

    def _zoo_check_exchange(self, action: Exchange) -> str | None:
        reason = self.why_not_pay(1)
        if reason:
            return reason
        a, c = action.a, action.b
        if not 0 <= a < SPACE or not (a < c < SPACE or GROUP <= c < GROUP + 8):
            return "an exchange swaps an enclosure's animals with another's or the barn's"
        return self._zoo_mover()[1].why_not_exchange(a, c)

    def _zoo_check_buy(self, action: Buy) -> str | None:
        seat, b = self._zoo_mover()
        reason = self.why_not_pay(2)
        if reason:
            return reason
        if action.seller == seat:
            return "you cannot buy from your own barn (a move costs 1 coin)"
        if action.seller >= self.players:
            return f"there is no seat {action.seller}"
        if action.tile not in self.boards[action.seller].barn:
            return f"seat {action.seller}'s barn holds no {zt.name(action.tile)}"
        if action.where == BARN:
            return "a bought tile goes into your zoo, never your barn (Z-R3)"
        return b.why_not(action.tile, action.where)

    def _zoo_check_discard(self, action: Discard) -> str | None:
        reason = self.why_not_pay(2)
        if reason:
            return reason
        if action.tile in self._zoo_mover()[1].barn:
            return None
        return f"your barn holds no {zt.name(action.tile)}"

    def _zoo_check_expand(self, action: Expand) -> str | None:
        reason = self.why_not_pay(3)
        if reason:
            return reason
        return None if self._zoo_mover()[1].boards_left else "you have no expansion board left"

    @staticmethod
    def _zoo_why_not_move(b: ZooBoard, action: Move) -> str | None:
        src, dst = action.src, action.dst
        if src >= zt.FIRST:  # a tile of the barn
            if src not in b.barn:
                return f"your barn holds no {zt.name(src)}"
            if dst == BARN:
                return "a move takes a tile out of the barn, never into it (Z-R3)"
            return b.why_not(src, dst)
        if not SPACE <= src < SPACE + len(STALL_SPACES):
            return "animals leave an enclosure only by an exchange (Z-R3)"
        i = src - SPACE
        if not b.space_open(i) or b.stalls[i] < 0:
            return f"no stall stands on {place_name(src)}"
        if dst == src:
            return "a stall must move to another stall space"
        if dst < SPACE:
            return "a stall moves onto a free stall space, never into the barn (Z-R3)"
        return b.why_not(b.stalls[i], dst)

    def _zoo_apply_place(self, action: Place) -> None:
        seat, b = self._zoo_mover()
        self.unloading.remove(action.tile)
        if action.where == BARN:
            b.to_barn(action.tile)
        else:
            self._zoo_put(seat, action.tile, action.where)

    def _zoo_apply_move(self, action: Move) -> None:
        seat, b = self._zoo_mover()
        self._pay(seat, 1)
        if action.src >= zt.FIRST:
            b.from_barn(action.src)
            self._zoo_put(seat, action.src, action.dst)
        else:
            i, j = action.src - SPACE, action.dst - SPACE
            b.stalls[i], b.stalls[j] = -1, b.stalls[i]

    def _zoo_apply_exchange(self, action: Exchange) -> None:
        seat, b = self._zoo_mover()
        self._pay(seat, 1)
        for e, pairs in b.exchange(action.a, action.b):  # no bonus for an exchange
            self._zoo_births(b, e, pairs)

    def _zoo_apply_buy(self, action: Buy) -> None:
        seat, _ = self._zoo_mover()
        self._pay(seat, 1)
        self.coins[seat] -= 1
        self.coins[action.seller] += 1
        self.boards[action.seller].from_barn(action.tile)
        self._zoo_put(seat, action.tile, action.where)

    def _zoo_apply_discard(self, action: Discard) -> None:
        seat, b = self._zoo_mover()
        self._pay(seat, 2)
        b.from_barn(action.tile)
        self.discarded.append(action.tile)

    def _zoo_apply_expand(self, action: Expand) -> None:
        seat, b = self._zoo_mover()
        self._pay(seat, 3)
        b.built += 1
        b.boards_left -= 1

    # ----- views and words --------------------------------------------------------------

    def _zoo_species_view(self) -> list[str]:
        return [zt.SPECIES[s] for s in self.species_in_play]

    def _offspring_left_view(self) -> dict[str, int]:
        return {zt.SPECIES[s]: self.offspring_left[s] for s in self.species_in_play}

    def _zoo_board_view(self, seat: int) -> ZooBoardView:
        b = self.boards[seat]
        enclosures: list[EnclosureView] = []
        for e, pen in enumerate(b.pens):
            spec = ENCLOSURES[e]
            s = b.species(e)
            enclosures.append(
                {
                    "name": spec.name,
                    "size": spec.size,
                    "built": e < b.built,
                    "points_full": spec.full,
                    "points_short": spec.short,
                    "coins": spec.coins,
                    "stall_spaces": [STALL_SPACES[i] for i in spec.spaces],
                    "species": zt.SPECIES[s] if s >= 0 else None,
                    "tiles": [zt.name(x) for x in pen],
                    "points": b.enclosure_points(e) if e < b.built else 0,
                }
            )
        return {
            "enclosures": enclosures,
            "stall_spaces": [
                {
                    "name": STALL_SPACES[i],
                    "enclosure": ENCLOSURES[e].name,
                    "built": b.space_open(i),
                    "stall": zt.name(x) if x >= 0 else None,
                }
                for i, (x, e) in enumerate(zip(b.stalls, OWNER, strict=False))
            ],
            "barn": [zt.name(x) for x in b.barn],
            "expansions_left": b.boards_left,
            "truck": TRUCK_NAMES[self.took[seat]] if self.took[seat] >= 0 else None,
        }

    def _zoo_describe(self, action: Action) -> Message:
        seat = self.to_move if self.to_move is not None else 0
        b = self.boards[seat]
        if isinstance(action, Place):
            if action.where >= SPACE:
                where = place_message(OWNER[action.where - SPACE])
                return msg("zooloretto.place_space", tile=tile_message(action.tile), where=where)
            where = place_message(action.where)
            return msg("zooloretto.place", tile=tile_message(action.tile), where=where)
        if isinstance(action, Move):
            if action.src >= zt.FIRST:
                tile = tile_message(action.src)
                if action.dst >= SPACE:
                    where = place_message(OWNER[action.dst - SPACE])
                    return msg("zooloretto.move_barn_space", tile=tile, where=where)
                where = place_message(action.dst)
                return msg("zooloretto.move_barn", tile=tile, where=where)
            stall = tile_message(b.stalls[action.src - SPACE])
            if action.dst >= SPACE:
                where = place_message(OWNER[action.dst - SPACE])
                return msg("zooloretto.move_stall", tile=stall, where=where)
            return msg("zooloretto.move_stall_to", tile=stall, where=place_message(action.dst))
        if isinstance(action, Exchange):
            if action.b >= GROUP:
                what = msg("zooloretto.barn_animals", animals=msg(zt.ANIMALS_IDS[action.b - GROUP]))
            else:
                what = msg("zooloretto.animals_of", where=place_message(action.b))
            return msg("zooloretto.exchange", where=place_message(action.a), other=what)
        if isinstance(action, Buy):
            tile, seller = tile_message(action.tile), SeatRef(action.seller)
            if action.where >= SPACE:
                where = place_message(OWNER[action.where - SPACE])
                return msg("zooloretto.buy_space", tile=tile, seller=seller, where=where)
            where = place_message(action.where)
            return msg("zooloretto.buy", tile=tile, seller=seller, where=where)
        if isinstance(action, Discard):
            return msg("zooloretto.discard", tile=tile_message(action.tile))
        if isinstance(action, Expand):
            return msg("zooloretto.expand")
        return msg("log.notation", action=str(action))


ZOO_CHECKS: Dispatch[ZooRules, str | None] = Dispatch()
"""How each Zooloretto action is checked (Z-R1, Z-R3)."""
ZOO_CHECKS.add(Place, ZooRules._zoo_check_place)
ZOO_CHECKS.add(Move, ZooRules._zoo_check_move)
ZOO_CHECKS.add(Exchange, ZooRules._zoo_check_exchange)
ZOO_CHECKS.add(Buy, ZooRules._zoo_check_buy)
ZOO_CHECKS.add(Discard, ZooRules._zoo_check_discard)
ZOO_CHECKS.add(Expand, ZooRules._zoo_check_expand)
ZOO_APPLIES: Dispatch[ZooRules, None] = Dispatch()
"""How each Zooloretto action is carried out (Z-R1–Z-R3)."""
ZOO_APPLIES.add(Place, ZooRules._zoo_apply_place)
ZOO_APPLIES.add(Move, ZooRules._zoo_apply_move)
ZOO_APPLIES.add(Exchange, ZooRules._zoo_apply_exchange)
ZOO_APPLIES.add(Buy, ZooRules._zoo_apply_buy)
ZOO_APPLIES.add(Discard, ZooRules._zoo_apply_discard)
ZOO_APPLIES.add(Expand, ZooRules._zoo_apply_expand)


class ZoolorettoState(ZooRules):
    """A position of Zooloretto: the truck round with the zoos of :class:`ZooRules`.

    Nothing is ever owed after a placement (Z-R2).
    """

    COIN_TILES = frozenset((zt.COIN,))
    CHECKS: ClassVar[Dispatch[Any, str | None]] = Dispatch(TruckState.CHECKS, ZOO_CHECKS)
    APPLIES: ClassVar[Dispatch[Any, None]] = Dispatch(TruckState.APPLIES, ZOO_APPLIES)
    FIELDS: ClassVar[Fields] = TruckState.FIELDS + fields(
        boards=ZooBoard, offspring_left=LIST, species_in_play=SHARED
    )

    def tile_name(self, tile: int) -> str:
        """The notation of a tile kind."""
        return zt.name(tile)

    def _placement_actions(self, tile: int) -> list[Action]:
        return self._zoo_placement_actions(tile)

    def _pending_actions(self) -> list[Action]:
        return []  # Zooloretto never leaves a decision owed

    def _pending_text(self) -> str:
        return "nothing"

    def _money_actions(self) -> list[Action]:
        return self._zoo_money_actions()

    # ----- scores and views -------------------------------------------------------------

    def scores(self) -> list[Score]:
        """Points per seat with their breakdown (Z-R4)."""
        return [b.score() for b in self.boards]

    def view(self, seat: int | None) -> ZoolorettoView:
        """What ``seat`` sees at the table: everything but the order of the pile."""
        return {
            "game": "zooloretto",
            **self.base_view(seat),
            **self.round_view(),
            **self.one_pile_view(),
            "species": self._zoo_species_view(),
            "offspring_left": self._offspring_left_view(),
            "zoos": [self._zoo_board_view(i) for i in range(self.players)],
        }

    def describe(self, action: Action, seat: int | None = None) -> Message:
        """The action as a move log message; call it before applying the action."""
        if isinstance(action, Load):
            return msg(
                "zooloretto.load", tile=tile_message(self.drawn), truck=TRUCK_NAMES[action.truck]
            )
        if isinstance(action, Draw):
            return msg("zooloretto.draw")
        if isinstance(action, Take):
            return msg("zooloretto.take", truck=TRUCK_NAMES[action.truck])
        return self._zoo_describe(action)

    def render_text(self, lang: str = "en") -> str:
        """The table as text, its words in ``lang`` (the notation stays as it is)."""
        return render(self, lang)

    def __str__(self) -> str:
        return render(self)


ENCLOSURE_IDS = (
    N_("zooloretto.enclosure4"),
    N_("zooloretto.enclosure5"),
    N_("zooloretto.enclosure6"),
    N_("zooloretto.expansion"),
    N_("zooloretto.expansion2"),
)
"""Each enclosure's message, as ``ENCLOSURES``: 'the 5-space enclosure', 'pětkový výběh'."""
MARK_IDS = {
    zt.PLAIN: N_("tile.animal"),
    zt.MALE: N_("tile.male"),
    zt.FEMALE: N_("tile.female"),
    zt.YOUNG: N_("tile.young"),
    zt.MALE_BRED: N_("tile.male_bred"),
    zt.FEMALE_BRED: N_("tile.female_bred"),
}
"""The message of an animal tile per mark; its ``species`` param names the species."""


def place_message(where: int) -> Message:
    """An enclosure or the barn as a player names it: 'the 5-space enclosure', 'the barn'.

    A stall space is named by its enclosure, in the phrase of the action (``*_space``).
    """
    if where == BARN:
        return msg("zooloretto.barn")
    return msg(ENCLOSURE_IDS[where])


def tile_message(tile: int) -> Message:
    """A tile as a message: 'a camel', 'a male camel', 'a camel offspring', 'a kiosk stall'."""
    if tile == zt.COIN:
        return msg("tile.coin")
    if zt.is_stall(tile):
        return msg("tile.stall", stall=msg(zt.STALL_IDS[tile - zt.STALL]))
    species = msg(zt.SPECIES_IDS[zt.species_of(tile)])
    return Message(MARK_IDS[zt.mark_of(tile)], {"species": species})


class Zooloretto(Game):
    """Zooloretto for 2 to 5 players (``zoogames.games.get("zooloretto")``).

    Options of :meth:`new_game`:

    - ``start_player``: the seat that starts (default: drawn from the seed);
    - ``removed``: the species to leave out, by name (default: drawn from the seed); as
      many as the player count requires (Z-R1, Z-R5);
    - ``draw_order``: tile names the pile yields first, in order (e.g. ``["coin",
      "camel/m", "kiosk"]``); the rest of the pile follows in shuffled order.
    """

    id = "zooloretto"
    name = "Zooloretto"
    min_players = 2
    max_players = 5

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (see ``docs/notation.md``)."""
        return parse(text)

    def option_specs(self) -> list[OptionSpec]:
        """The start player and the removed species (any of the eight)."""
        return [START_PLAYER, removed_option(("", "", zt.SPECIES))]

    def two_player_rules(self) -> bool:
        """Yes: with two players the trucks hold 3, 2 and 1 tiles (``trucks.capacity``)."""
        return True

    def new_game(self, players: Any, seed: Any = None, **options: Any) -> ZoolorettoState:
        """A new game; see the class docstring for the options."""
        self.check_players(players)
        check_options(self, options)
        seed = check_seed(seed)
        removed = choose_removed(players, seed, options.get("removed"))
        start = choose_start(players, seed, options.get("start_player"))
        in_play = tuple(s for s in range(8) if s not in removed)
        order = options.get("draw_order")
        pile = build_pile(zt.manifest(list(in_play)), seed, order, zt.PILE_TILES)
        state = ZoolorettoState.__new__(ZoolorettoState)
        names = [zt.SPECIES[s] for s in sorted(removed)]
        state._begin(self, seed, start, names, order, players, pile)
        init_zoos(state, players, in_play)
        state.coins = [zt.START_COINS] * players  # Z-R1
        state.bank = zt.COINS_IN_GAME - zt.START_COINS * players
        return state


def init_zoos(state: ZooRules, players: int, in_play: tuple[int, ...]) -> None:
    """Give every player a zoo board with its expansion boards; fill the offspring supply."""
    state.boards = [ZooBoard(expansions_for(players)) for _ in range(players)]
    state.offspring_left = [zt.YOUNG_PER_SPECIES if s in in_play else 0 for s in range(8)]
    state.species_in_play = in_play


def choose_removed(players: int, seed: int, given: Any, stream: str = "removed") -> set[int]:
    """The species left out (Z-R1): given by name, or drawn from the seed (any species)."""
    return remove_species(players, seed, given, zt.SPECIES, tuple(range(8)), stream=stream)


ZOOLORETTO = Zooloretto()
"""The registered game object."""
