"""The variant "Aquaretto with Zooloretto" (ruling C-R1, the Aquaretto rulebook's last section).

Each player has a water zoo with its depot *and* a zoo with its barn; the money and the
truck round are shared. The game is built from the two games' own rules:
:class:`AquarettoZoolorettoState` is a subclass of both
:class:`~zoogames.games.aquaretto.AquarettoState` and
:class:`~zoogames.games.zooloretto.ZoolorettoState`, and each hook hands a tile or an
action to the game it belongs to. Placement, breeding, bonuses, money actions and
scoring are theirs, so a fix in either game is a fix here too. What is this game's own:

- two piles with their reserves and the truck rules of C-R1, which the shared truck round
  (:mod:`zoogames.games.trucks`) knows for any number of piles;
- tile kinds: Zooloretto's are all above Aquaretto's (see ``zooloretto/tiles.py``), so
  both games' tiles coexist unchanged; only the coin tiles get new names here
  (``aquaretto-coin``, ``zooloretto-coin``), the one name the two games share;
- the setup (2 coins each; one money supply holding both games' 60 coins) and the score:
  the two games' scores added, cashiers counting all coins (the money is shared anyway),
  a manager also halving the barn's species penalty.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from zoogames.core.dispatch import Dispatch
from zoogames.core.errors import IllegalAction, InvalidOptions
from zoogames.core.fields import Fields
from zoogames.core.game import START_PLAYER, Action, Game, OptionSpec, Score
from zoogames.core.message import N_, Message, msg
from zoogames.games.aquaretto import state as aq
from zoogames.games.aquaretto import tiles as at
from zoogames.games.aquaretto.actions import Place as WaterPlace
from zoogames.games.aquaretto.actions import parse as parse_aquaretto
from zoogames.games.aquaretto.state import AquarettoState
from zoogames.games.aquaretto_zooloretto.render import render
from zoogames.games.trucks import (
    AQUARETTO_PILE,
    PILE_NAMES,
    TRUCK_NAMES,
    ZOOLORETTO_PILE,
    Draw,
    Load,
    Take,
    TruckState,
    build_pile,
    check_options,
    check_seed,
    choose_start,
    parse_truck_action,
    removed_option,
)
from zoogames.games.zooloretto import state as zo
from zoogames.games.zooloretto import tiles as zt
from zoogames.games.zooloretto.actions import Place as ZooPlace
from zoogames.games.zooloretto.actions import parse as parse_zooloretto
from zoogames.games.zooloretto.state import ZOO_APPLIES, ZOO_CHECKS, ZoolorettoState, ZooRules
from zoogames.games.zooloretto.zoo import PLACES

if TYPE_CHECKING:
    # For mypy only, like every view's TypedDict (games/trucks.py says why).
    from zoogames.games.aquaretto_zooloretto.view_types import AquarettoZoolorettoView

COIN_NAMES = {at.COIN: "aquaretto-coin", zt.COIN: "zooloretto-coin"}
"""The coin tiles of the two piles; every other tile keeps its own game's name."""
PILE_IDS = (N_("game.aquaretto"), N_("game.zooloretto"))
"""Each pile's game, as a message (``PILE_NAMES``'s order): 'the Aquaretto pile'."""

PILE_TILES = (
    {**{n: k for n, k in aq.PILE_TILES.items() if k != at.COIN}, "aquaretto-coin": at.COIN},
    {**{n: k for n, k in zt.PILE_TILES.items() if k != zt.COIN}, "zooloretto-coin": zt.COIN},
)
"""Per pile: notation → kind of every tile it holds."""

START_COINS = 2
BANK = at.COINS_IN_GAME + zt.COINS_IN_GAME
"""The one money supply holds both games' coins (rules note)."""

_ZOO_WORDS = frozenset(PLACES) | {"exchange"}


def tile_name(tile: int) -> str:
    """A tile's notation in this game: its own game's, but for the two coin tiles."""
    if tile in COIN_NAMES:
        return COIN_NAMES[tile]
    return zt.name(tile) if tile >= zt.FIRST else at.name(tile)


def tile_message(tile: int) -> Message:
    """A tile as a message: its own game's, but a coin names its pile ('a coin from the …')."""
    if tile == at.COIN:
        return msg("tile.coin_pile", pile=msg(PILE_IDS[AQUARETTO_PILE]))
    if tile == zt.COIN:
        return msg("tile.coin_pile", pile=msg(PILE_IDS[ZOOLORETTO_PILE]))
    return zo.tile_message(tile) if tile >= zt.FIRST else aq.tile_message(tile)


class AquarettoZoolorettoState(AquarettoState, ZooRules):
    """A position of "Aquaretto with Zooloretto".

    Aquaretto's fields (``zoos``: the water zoos, ``supply``, ``young_left``,
    ``in_play``) and Zooloretto's (``boards``: the zoos with their barns,
    ``offspring_left``, ``species_in_play``) side by side, on one truck round with two
    piles (``piles[0]`` Aquaretto's, ``piles[1]`` Zooloretto's). Owed decisions
    (``pending``) are only ever Aquaretto's: Zooloretto owes none.
    """

    COIN_TILES = frozenset(COIN_NAMES)
    FIELDS: ClassVar[Fields] = (
        AquarettoState.FIELDS + ZoolorettoState.FIELDS[len(TruckState.FIELDS) :]
    )
    """Aquaretto's fields, then Zooloretto's own."""
    CHECKS: ClassVar[Dispatch[Any, str | None]] = Dispatch(AquarettoState.CHECKS, ZOO_CHECKS)
    """Both games' actions, each checked by its own game's rules (see below for places)."""
    APPLIES: ClassVar[Dispatch[Any, None]] = Dispatch(AquarettoState.APPLIES, ZOO_APPLIES)

    def tile_name(self, tile: int) -> str:
        """The notation of a tile kind."""
        return tile_name(tile)

    def pile_of(self, tile: int) -> int:
        """Zooloretto's tiles come from the second pile."""
        return ZOOLORETTO_PILE if tile >= zt.FIRST else AQUARETTO_PILE

    # ----- each tile and action to its own game (C-R1) -----------------------------------

    def _placement_actions(self, tile: int) -> list[Action]:
        if tile >= zt.FIRST:
            return self._zoo_placement_actions(tile)
        return AquarettoState._placement_actions(self, tile)

    def _money_actions(self) -> list[Action]:
        """One money action per turn, in the water zoo or in the zoo."""
        acts = AquarettoState._money_actions(self)
        acts.extend(self._zoo_money_actions())
        return acts

    def _wrong_zoo(self, tile: int, zoo: bool) -> str | None:
        """Why ``tile`` may not be placed by the ``zoo`` (or water zoo) game's action."""
        if (tile >= zt.FIRST) == zoo:
            return None
        game = PILE_NAMES[self.pile_of(tile)]
        return f"{tile_name(tile)} is a {game} tile: it goes to that game's zoo"

    def _check_water_place(self, action: WaterPlace) -> str | None:
        return self._wrong_zoo(action.tile, False) or self._check_place(action)

    def _check_zoo_place(self, action: ZooPlace) -> str | None:
        return self._wrong_zoo(action.tile, True) or self._zoo_check_place(action)

    # ----- scores and views -------------------------------------------------------------

    def scores(self) -> list[Score]:
        """The water zoo's score plus the zoo's (C-R1).

        Cashiers count every coin the player has (there is one money anyway); with a
        manager, each species in the barn costs 1 point instead of 2.
        """
        out = []
        for seat, z in enumerate(self.zoos):
            water = z.score(self.coins[seat])
            land = self.boards[seat].score(barn_penalty=1 if z.manager else 2)
            out.append(Score(water.total + land.total, {**water.parts, **land.parts}))
        return out

    # The union reuses Aquaretto's rules (one base class, for mypyc), not its view.
    def view(self, seat: int | None) -> AquarettoZoolorettoView:  # type: ignore[override]
        """What ``seat`` sees at the table: everything but the order of the piles."""
        return {
            "game": "aquaretto-zooloretto",
            **self.base_view(seat),
            **self.round_view(),
            **self.two_pile_view(),
            "supply": self.supply,
            "water_species": [at.SPECIES[s] for s in self.in_play],
            "water_offspring_left": {at.SPECIES[s]: self.young_left[s] for s in self.in_play},
            "zoo_species": self._zoo_species_view(),
            "offspring_left": self._offspring_left_view(),
            "water_zoos": [self._zoo_view(i) for i in range(self.players)],
            "zoos": [self._zoo_board_view(i) for i in range(self.players)],
            "pending": self._pending_view(),
        }

    def describe(self, action: Action, seat: int | None = None) -> Message:
        """The action as a move log message; call it before applying the action."""
        if isinstance(action, Draw):
            if action.pile < 0:
                return msg("combined.draw")
            return msg("combined.draw_pile", pile=msg(PILE_IDS[action.pile]))
        if isinstance(action, Load):
            return msg(
                "combined.load", tile=tile_message(self.drawn), truck=TRUCK_NAMES[action.truck]
            )
        if isinstance(action, Take):
            return msg("combined.take", truck=TRUCK_NAMES[action.truck])
        if type(action) in ZOO_CHECKS:
            return self._zoo_describe(action)
        return aq.describe(self, action)

    def render_text(self, lang: str = "en") -> str:
        """The table as text, its words in ``lang`` (the notation stays as it is)."""
        return render(self, lang)

    def __str__(self) -> str:
        return render(self)


AquarettoZoolorettoState.CHECKS.add(WaterPlace, AquarettoZoolorettoState._check_water_place)
AquarettoZoolorettoState.CHECKS.add(ZooPlace, AquarettoZoolorettoState._check_zoo_place)


def _zooloretto_words(words: list[str]) -> bool:
    """True if ``words`` read as a Zooloretto action: a tile decides, else a place."""
    for word in words:
        if word in at.NAMES:
            return False
        if word in zt.NAMES:
            return True
    return bool(_ZOO_WORDS.intersection(words)) or words == ["expand"]


def parse(text: str) -> Action:
    """The action written as ``text`` in either game's notation (see ``docs/notation.md``).

    The two notations share no action: ``draw`` names the pile, and every other action is
    read by either game's parser. Text that neither reads gets the reason of the game it
    looks like: the game of the tile it names, else Zooloretto for its places (enclosures,
    stall spaces, barn), ``exchange`` and a bare ``expand``, else Aquaretto.
    """
    words = text.strip().lower().split()
    draw = parse_truck_action(" ".join(words), piles=True)
    if draw is not None:
        return draw
    zoo = _zooloretto_words(words)
    first, second = (
        (parse_zooloretto, parse_aquaretto) if zoo else (parse_aquaretto, parse_zooloretto)
    )
    try:
        return first(text)
    except IllegalAction as e:
        try:
            return second(text)
        except IllegalAction:
            raise e from None


class AquarettoZooloretto(Game):
    """The variant "Aquaretto with Zooloretto", 2 to 5 players (id ``aquaretto-zooloretto``).

    Options of :meth:`new_game`:

    - ``start_player``: the seat that starts (default: drawn from the seed);
    - ``removed``: the species to leave out, by name, of both games (their names differ):
      as many of each as each game's rules require for the player count (A-R2, Z-R1);
      default: drawn from the seed;
    - ``draw_order``: ``{"aquaretto": [...], "zooloretto": [...]}``, tile names each pile
      yields first, in order (coins are ``aquaretto-coin`` and ``zooloretto-coin``); the
      rest of each pile follows in shuffled order.
    """

    id = "aquaretto-zooloretto"
    name = "Aquaretto with Zooloretto"
    min_players = 2
    max_players = 5

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (see ``docs/notation.md``)."""
        return parse(text)

    def option_specs(self) -> list[OptionSpec]:
        """The start player and the removed species of each game, in one list."""
        fish = tuple(at.SPECIES[s] for s in at.FISH_SPECIES)
        return [
            START_PLAYER,
            removed_option(
                ("Aquaretto", N_("game.aquaretto"), fish),
                ("Zooloretto", N_("game.zooloretto"), zt.SPECIES),
            ),
        ]

    def two_player_rules(self) -> bool:
        """Yes: with two players the trucks hold 3, 2 and 1 tiles (``trucks.capacity``)."""
        return True

    def new_game(self, players: Any, seed: Any = None, **options: Any) -> AquarettoZoolorettoState:
        """A new game; see the class docstring for the options."""
        self.check_players(players)
        check_options(self, options)
        seed = check_seed(seed)
        water_out, zoo_out = split_removed(options.get("removed"))
        removed_water = aq.choose_removed(players, seed, water_out)
        removed_zoo = zo.choose_removed(players, seed, zoo_out, stream="removed zoo")
        start = choose_start(players, seed, options.get("start_player"))
        orders = split_draw_order(options.get("draw_order"))
        water = tuple(s for s in range(8) if s not in removed_water)
        zoo = tuple(s for s in range(8) if s not in removed_zoo)
        piles = [
            build_pile(
                manifest,
                seed,
                orders[p],
                PILE_TILES[p],
                stream=f"pile {PILE_NAMES[p]}",
                option=f"draw_order.{PILE_NAMES[p]}",
            )
            for p, manifest in enumerate((at.manifest(list(water)), zt.manifest(list(zoo))))
        ]

        order = options.get("draw_order")
        state = AquarettoZoolorettoState.__new__(AquarettoZoolorettoState)
        names = [at.SPECIES[s] for s in sorted(removed_water)]
        names += [zt.SPECIES[s] for s in sorted(removed_zoo)]
        state._begin(self, seed, start, names, order, players, *piles)
        aq.init_water_zoos(state, players, water)
        zo.init_zoos(state, players, zoo)
        state.coins = [START_COINS] * players  # C-R1: 2 coins each, in all
        state.bank = BANK - START_COINS * players
        return state


def split_removed(given: Any) -> tuple[Any, Any]:
    """A list of removed species of both games, as (Aquaretto's, Zooloretto's)."""
    if given is None:
        return None, None
    if not isinstance(given, list | tuple) or not all(isinstance(x, str) for x in given):
        raise InvalidOptions("removed must be a list of species names")
    unknown = [x for x in given if x not in at.SPECIES and x not in zt.SPECIES]
    if unknown:
        raise InvalidOptions(
            f"removed: unknown species {unknown}; species: {', '.join(at.SPECIES + zt.SPECIES)}"
        )
    return [x for x in given if x in at.SPECIES], [x for x in given if x in zt.SPECIES]


def split_draw_order(given: Any) -> tuple[Any, Any]:
    """``{"aquaretto": [...], "zooloretto": [...]}`` as one draw order per pile."""
    if given is None:
        return None, None
    if not isinstance(given, dict) or set(given) - set(PILE_NAMES):
        raise InvalidOptions(
            'draw_order must be {"aquaretto": [tile names], "zooloretto": [tile names]}'
        )
    return given.get(PILE_NAMES[AQUARETTO_PILE]), given.get(PILE_NAMES[ZOOLORETTO_PILE])


AQUARETTO_ZOOLORETTO = AquarettoZooloretto()
"""The registered game object."""
