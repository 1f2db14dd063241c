"""The round of Aquaretto and Zooloretto: trucks, the piles and their reserves, and turns.

Both games share it word for word (rulings A-R3, A-R10–A-R12, Z-R1, Z-R5): on a turn a
player draws a tile and loads it on a truck, takes a truck, or does one money action. A
player who took a truck sits out the rest of the round; the round ends when every
player has one, and the player who took the last truck starts the next. Drawing the
first tile of the 15-tile reserve makes the current round the last.

"Aquaretto with Zooloretto" (C-R1) plays the same round with two piles, each with its own
reserve, and three more rules, all here so that one-pile games are the case n = 1:

- ``draw NAME`` names the pile; a truck carries the tiles of one pile per round, fixed by
  its first tile;
- every pile still open must reach a truck each round: a tile may not go on the last empty
  truck while another open pile is on no truck, and no truck is taken before every open
  pile is on a truck;
- the first reserve tile of a pile closes it at the end of the round (its other tiles
  leave the game, unseen) while another pile is open; the first reserve tile of the last
  open pile makes the round the last. Once a single pile is open the restrictions lapse.

:class:`TruckState` implements this; a game adds its zoos through a few hooks:
placing a truck's tiles, the decisions a placement leaves owed (``pending``), money
actions, and scoring.
"""

from __future__ import annotations

import json
import re
from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from zoogames.core.dispatch import Dispatch
from zoogames.core.errors import InvalidOptions
from zoogames.core.fields import LIST, NESTED, SHARED, Fields, fields
from zoogames.core.game import JSON, Action, Choices, Game, OptionSpec, Shuffler, State
from zoogames.core.message import N_
from zoogames.core.rng import Rng, fresh_seed

if TYPE_CHECKING:
    # The views' TypedDicts are for mypy only: the engine never imports them (they stay
    # plain Python, read by pydantic for `make views`; _engine.INTERPRETED).
    from zoogames.games.truck_view_types import (
        OnePilePart,
        PileState,
        PileView,
        TruckRoundPart,
        TruckView,
        TwoPilePart,
    )

TRUCK_NAMES: Final = "ABCDE"
RESERVE: Final = 15
TRUCK_SIZE = 3
TWO_PLAYER_CAPACITY = (3, 2, 1)
"""With 2 players, 3 trucks with 0, 1 and 2 spaces blocked by face-down tiles (A-R11, Z-R5)."""

PILE_NAMES = ("aquaretto", "zooloretto")
"""The piles of a game with several, by index: ``draw aquaretto``, ``draw zooloretto`` (C-R1)."""
AQUARETTO_PILE, ZOOLORETTO_PILE = 0, 1
"""The indices of the two piles in ``PILE_NAMES`` (the games themselves are ``AQUARETTO``…)."""

OPEN: Final = 0
CLOSING: Final = 1
CLOSED: Final = 2
"""A pile's state: drawn from; its reserve reached this round (it closes at the round's
end); closed (its remaining tiles left the game)."""
PILE_STATES: tuple[PileState, ...] = ("open", "closing", "closed")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the next tile of a pile; it is shown, then loaded.

    ``draw`` in a game with one pile (``pile`` = -1), ``draw zooloretto`` where there
    are several.
    """

    pile: int = -1

    def __str__(self) -> str:
        return "draw" if self.pile < 0 else f"draw {PILE_NAMES[self.pile]}"


@dataclass(frozen=True, slots=True)
class Load(Action):
    """Put the tile just drawn on a truck (``load B``)."""

    truck: int

    def __str__(self) -> str:
        return f"load {TRUCK_NAMES[self.truck]}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take a truck and sit out the rest of the round (``take B``)."""

    truck: int

    def __str__(self) -> str:
        return f"take {TRUCK_NAMES[self.truck]}"


DRAW: Final = Draw()
DRAWS: Final = tuple(Draw(p) for p in range(len(PILE_NAMES)))
LOADS: Final = tuple(Load(i) for i in range(len(TRUCK_NAMES)))
TAKES: Final = tuple(Take(i) for i in range(len(TRUCK_NAMES)))

_TRUCK_RE = re.compile(r"^(load|take)\s+([A-Ea-e])$")


def parse_truck_action(text: str, piles: bool = False) -> Action | None:
    """``draw``, ``load X`` or ``take X`` as an action; ``None`` for other text.

    With ``piles`` (a game with several piles), ``draw PILE`` too.
    """
    if text == "draw":
        return DRAW
    words = text.split()
    if piles and len(words) == 2 and words[0] == "draw" and words[1] in PILE_NAMES:
        return DRAWS[PILE_NAMES.index(words[1])]
    m = _TRUCK_RE.match(text)
    if not m:
        return None
    t = TRUCK_NAMES.index(m.group(2).upper())
    return LOADS[t] if m.group(1) == "load" else TAKES[t]


def truck_capacities(players: int) -> tuple[int, ...]:
    """Free spaces per truck: one truck per player, or (3, 2, 1) with two players."""
    return TWO_PLAYER_CAPACITY if players == 2 else (TRUCK_SIZE,) * players


# ----- setting up (shared by every truck game) ---------------------------------------------

OPTIONS = frozenset(("start_player", "removed", "draw_order"))
"""The options every truck game takes (see each game's docstring)."""


def check_options(game: Game, options: Mapping[str, Any]) -> None:
    """Refuse options the truck games do not know, naming them."""
    unknown = set(options) - OPTIONS
    if unknown:
        raise InvalidOptions(f"unknown option(s) for {game.name}: {', '.join(sorted(unknown))}")


def check_seed(seed: Any) -> int:
    """The game's seed: the one given (a non-negative integer) or a fresh one."""
    if seed is None:
        return fresh_seed()
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InvalidOptions(f"the seed must be a non-negative integer, not {seed!r}")
    return seed


def choose_start(players: int, seed: int, given: Any) -> int:
    """The start player: given, or drawn from the seed's 'start' stream (A-R3)."""
    start = Rng(seed, "start").below(players) if given is None else given
    if not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < players:
        raise InvalidOptions(f"start_player must be a seat from 0 to {players - 1}")
    return start


REMOVED_BY_PLAYERS = {2: 3, 3: 2, 4: 1, 5: 0}
"""How many species leave the game by player count, in both games (A-R2, Z-R1, Z-R5)."""


REMOVED_IDS = (N_("option.removed"), N_("option.removed.help"))
"""The ``removed`` option's label and help in the catalogue (as ``START_PLAYER_IDS``)."""


def removed_option(*groups: tuple[str, str, tuple[str, ...]]) -> OptionSpec:
    """The ``removed`` option's description: per (label, label id, removable species) group.

    A group's label id is a catalogue id (a game's name, ``game.aquaretto``), "" for none.
    """
    return OptionSpec(
        "removed",
        "subset",
        "Removed species",
        "The species left out of the game, as many as the player count requires;"
        " left out, they are drawn at random.",
        groups=tuple(
            Choices(names, REMOVED_BY_PLAYERS, label, label_id) for label, label_id, names in groups
        ),
        players=(2, 3, 4),
    )


def choose_removed(
    players: int,
    seed: int,
    given: Any,
    species: tuple[str, ...],
    removable: tuple[int, ...],
    never: str = "",
    stream: str = "removed",
) -> set[int]:
    """The species left out: given by name, or drawn from the seed among ``removable``.

    ``species`` names the game's species by index; ``never`` is the reason given when a
    named species is not removable.
    """
    k = REMOVED_BY_PLAYERS[players]
    if given is None:
        return set(Rng(seed, stream).sample(removable, k))
    if not isinstance(given, list | tuple) or not all(isinstance(x, str) for x in given):
        raise InvalidOptions("removed must be a list of species names")
    try:
        chosen = {species.index(x) for x in given}
    except ValueError:
        raise InvalidOptions(
            f"removed: unknown species among {list(given)}; species: {', '.join(species)}"
        ) from None
    if chosen - set(removable):
        raise InvalidOptions(never)
    if len(chosen) != k or len(given) != k:
        raise InvalidOptions(f"with {players} players, exactly {k} distinct species are removed")
    return chosen


def build_pile(
    tiles: list[int],
    seed: int,
    draw_order: Any,
    names: Mapping[str, int],
    stream: str = "pile",
    option: str = "draw_order",
) -> list[int]:
    """A pile as a stack (next tile last): ``draw_order`` first, the rest shuffled.

    ``names`` maps the notation of every kind a pile can hold to the kind; ``stream`` names
    the seed's random stream, ``option`` the option in error messages.
    """
    rest = tiles[:]
    first: list[int] = []
    if draw_order is not None:
        if not isinstance(draw_order, list | tuple):
            raise InvalidOptions(f"{option} must be a list of tile names")
        for i, word in enumerate(draw_order):
            tile = names.get(word) if isinstance(word, str) else None
            if tile is None:
                raise InvalidOptions(f"{option}[{i}]: {word!r} is not a tile of the pile")
            if tile not in rest:
                raise InvalidOptions(
                    f"{option}[{i}]: no {word} is left in the pile (too many, or removed)"
                )
            rest.remove(tile)
            first.append(tile)
    Rng(seed, stream).shuffle(rest)
    order = first + rest
    order.reverse()
    return order


class TruckState(State):
    """A position of a truck game (see the module docstring).

    Attributes shared by every truck game:

    - ``trucks[t]``: the face-up tiles on truck ``t``; ``capacity[t]`` its free spaces;
      ``taker[t]`` the seat that took it this round (-1 if none); ``truck_pile[t]`` the
      pile its tiles came from this round (-1 if none yet);
    - ``took[seat]``: the truck that seat took this round (-1 if none);
    - ``piles``: the unseen tiles of each pile, the next one last; the first ``RESERVE``
      of each are its reserve under the disc. Never shown to anyone. ``pile`` is the
      only pile of a one-pile game; ``pile_state[p]`` is OPEN, CLOSING or CLOSED;
      ``restricted``: True while several piles are open, i.e. the truck rules of C-R1
      hold (they lapse from the round after a pile closes);
    - ``drawn``: the tile just drawn and not yet loaded (-1 if none);
    - ``unloading``: tiles of the truck just taken that are still to be placed;
    - ``pending``: decisions owed after a placement, resolved before anything else;
    - ``coins[seat]``, ``bank``; ``discarded``: face-up tiles that left the game.
    """

    COIN_TILES: ClassVar[frozenset[int]]
    """The coin tiles: they go to the taker's money as a truck is taken."""

    CHECKS: ClassVar[Dispatch[Any, str | None]] = Dispatch()
    """Per action class, the method that checks it (a game adds its own actions)."""
    APPLIES: ClassVar[Dispatch[Any, None]] = Dispatch()
    """Per action class, the method that carries it out once checked."""

    FIELDS: ClassVar[Fields] = State.FIELDS + fields(
        trucks=NESTED,
        capacity=SHARED,
        taker=LIST,
        truck_pile=LIST,
        took=LIST,
        piles=NESTED,
        pile_state=LIST,
        restricted=SHARED,
        drawn=SHARED,
        unloading=LIST,
        pending=LIST,
        coins=LIST,
        bank=SHARED,
        discarded=LIST,
        final_round=SHARED,
        round=SHARED,
    )

    SHARED_FOR_SEAT: ClassVar[tuple[str, ...]] = ("piles",)
    """A copy for one seat (``clone_for``) shares the piles: only a draw changes them."""

    trucks: list[list[int]]
    capacity: tuple[int, ...]
    taker: list[int]
    truck_pile: list[int]
    took: list[int]
    piles: list[list[int]]
    pile_state: list[int]
    restricted: bool
    drawn: int
    unloading: list[int]
    pending: list[int]
    coins: list[int]
    bank: int
    discarded: list[int]
    final_round: bool
    round: int

    def _begin(
        self,
        game: Game,
        seed: int,
        start: int,
        removed: list[str],
        draw_order: JSON,
        players: int,
        *piles: list[int],
    ) -> None:
        """Record the setup as the options a record replays, then lay out the round."""
        self.game = game
        self.seed = seed
        self.options = {"players": players, "start_player": start, "removed": removed}
        if draw_order is not None:
            self.options["draw_order"] = json.loads(json.dumps(draw_order))  # a copy, as JSON
        self._init_trucks(players, start, *piles)

    def _init_trucks(self, players: int, start: int, *piles: list[int]) -> None:
        self.players = players
        self.capacity = truck_capacities(players)
        self.trucks = [[] for _ in self.capacity]
        self.taker = [-1] * len(self.capacity)
        self.truck_pile = [-1] * len(self.capacity)
        self.took = [-1] * players
        self.piles = list(piles)
        self.pile_state = [OPEN] * len(piles)
        self.restricted = len(piles) > 1
        self.drawn = -1
        self.unloading = []
        self.pending = []
        self.discarded = []
        self.final_round = False
        self.round = 1
        self.to_move = start
        self.history = []

    @property
    def pile(self) -> list[int]:
        """The pile of a one-pile game (the first pile otherwise)."""
        return self.piles[0]

    # ----- hooks a game provides --------------------------------------------------------

    @abstractmethod
    def tile_name(self, tile: int) -> str:
        """The notation of a tile kind."""

    def pile_of(self, tile: int) -> int:
        """The pile a tile kind comes from (games with several piles say which)."""
        return 0

    @abstractmethod
    def _placement_actions(self, tile: int) -> list[Action]:
        """Every way the seat to move may place one ``tile`` of the truck it took."""

    @abstractmethod
    def _pending_actions(self) -> list[Action]:
        """The choices for the first owed decision (``pending[0]``)."""

    @abstractmethod
    def _pending_text(self) -> str:
        """What ``pending[0]`` is, in words, e.g. 'the dolphin offspring'."""

    @abstractmethod
    def _money_actions(self) -> list[Action]:
        """Every money action the seat to move can afford and carry out."""

    def _settle(self) -> None:
        """Resolve owed decisions that leave no choice, until one needs the player."""

    # ----- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move, in a stable order."""
        if self.to_move is None:
            return []
        if self.drawn >= 0:
            return [LOADS[t] for t in self._loadable(self.pile_of(self.drawn))]
        if self.pending:
            return self._pending_actions()
        if self.took[self.to_move] >= 0:
            acts: list[Action] = []
            for tile in sorted(set(self.unloading)):
                acts.extend(self._placement_actions(tile))
            return acts
        acts = self._draw_actions()
        acts.extend(TAKES[t] for t in self._takeable())
        acts.extend(self._money_actions())
        return acts

    def reveals(self, action: Action) -> bool:
        """Only a draw shows a hidden tile; every other action plays with what is face up."""
        return isinstance(action, Draw)

    def revealed(self, action: Action) -> int | None:
        """The tile a draw showed; no other action shows anything."""
        return self.drawn if type(action) is Draw else None

    def turn_in_progress(self) -> bool:
        """True after ``draw`` until ``load``, and while a take or a money action is unfinished."""
        return self.to_move is not None and (
            self.drawn >= 0 or bool(self.pending) or self.took[self.to_move] >= 0
        )

    def _missing(self, p: int) -> int:
        """How many open piles other than ``p`` are on no truck yet this round."""
        on_trucks = self.truck_pile
        n = 0
        for q, s in enumerate(self.pile_state):
            if q != p and s != CLOSED and q not in on_trucks:
                n += 1
        return n

    def _free_trucks(self) -> list[int]:
        """Untaken trucks with a free space."""
        taker, capacity = self.taker, self.capacity
        return [
            t for t, tiles in enumerate(self.trucks) if taker[t] < 0 and len(tiles) < capacity[t]
        ]

    def _loadable(self, p: int = 0, free: list[int] | None = None) -> list[int]:
        """Trucks that may take a tile of pile ``p`` now (``free``: :meth:`_free_trucks`)."""
        if free is None:
            free = self._free_trucks()
        if not self.restricted:
            return free
        bound = self.truck_pile
        if self._empty_reserved(p):
            return [t for t in free if bound[t] == p]
        return [t for t in free if bound[t] == p or bound[t] < 0]

    def _empty_reserved(self, p: int) -> bool:
        """True if no empty truck may take a tile of pile ``p`` now (C-R1).

        Each empty truck must stay for an open pile on no truck yet. An untaken truck with
        no tile this round is the only kind bound to no pile, so ``truck_pile`` counts the
        empty trucks.
        """
        empty = self.truck_pile.count(-1)
        return empty < len(self.piles) and empty - 1 < self._missing(p)

    def _draw_actions(self) -> list[Action]:
        """``draw``, or one ``draw PILE`` per pile that may be drawn from now."""
        free = self._free_trucks()
        if not free:
            return []
        if len(self.piles) == 1:
            return [DRAW] if self.piles[0] else []
        state = self.pile_state
        if not self.restricted:
            return [DRAWS[p] for p, pile in enumerate(self.piles) if pile and state[p] != CLOSED]
        bound = [self.truck_pile[t] for t in free]
        return [
            DRAWS[p]
            for p, pile in enumerate(self.piles)
            if pile
            and state[p] != CLOSED
            and (p in bound or (-1 in bound and not self._empty_reserved(p)))
        ]

    def _takeable(self) -> list[int]:
        """Untaken trucks with at least one face-up tile (C-R1: once every pile is on one)."""
        trucks = [t for t, tiles in enumerate(self.trucks) if self.taker[t] < 0 and tiles]
        if trucks and self.restricted and self._missing(-1):
            return []
        return trucks

    # ----- checking ---------------------------------------------------------------------

    def busy(self) -> str | None:
        """Why the seat to move cannot start a new turn action now (``None`` if it can)."""
        if self.drawn >= 0:
            return f"first load the drawn {self.tile_name(self.drawn)} onto a truck"
        if self.pending:
            return f"first place {self._pending_text()}"
        if self.to_move is not None and self.took[self.to_move] >= 0:
            return (
                f"first place the tiles of truck {TRUCK_NAMES[self.took[self.to_move]]}:"
                f" {', '.join(self.tile_name(t) for t in sorted(self.unloading))}"
            )
        return None

    def why_not_pay(self, cost: int) -> str | None:
        """Why the seat to move cannot start a money action of ``cost`` coins now.

        A turn action under way, or too few coins (A-R9, Z-R3). Aquaretto's money actions
        and Zooloretto's, and so the combined game's, all ask here.
        """
        seat = self.to_move
        assert seat is not None
        reason = self.busy()
        if reason:
            return reason
        if self.coins[seat] < cost:
            return f"that costs {cost} coin{'s' * (cost > 1)}; you have {self.coins[seat]}"
        return None

    def why_not_unload(self, seat: int, tile: int) -> str | None:
        """Why ``seat`` cannot place ``tile`` from its truck now, wherever it goes."""
        if self.drawn >= 0 or self.pending:
            return self.busy()
        if self.took[seat] < 0:
            return "take a truck first: there is nothing to place"
        if tile not in self.unloading:
            truck = TRUCK_NAMES[self.took[seat]]
            return f"truck {truck} has no {self.tile_name(tile)} to place"
        return None

    def check(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else why not (the game's ``CHECKS``)."""
        handler = self.CHECKS.get(type(action))
        if handler is None:
            name = self.game.name
            return (
                self.busy()
                or f"{action} is not {'an' if name[0] in 'AEIOU' else 'a'} {name} action"
            )
        return handler(self, action)

    def _check_load(self, action: Load) -> str | None:
        if self.drawn < 0:
            return "there is no drawn tile to load"
        return self._why_not_load(action.truck)

    def _check_draw(self, action: Draw) -> str | None:
        return self.busy() or self._why_not_draw(action.pile)

    def _check_take(self, action: Take) -> str | None:
        return self.busy() or self._why_not_take(action.truck)

    def _truck_reason(self, t: int) -> str | None:
        if t >= len(self.trucks):
            return f"there is no truck {TRUCK_NAMES[t]} in this game"
        if self.taker[t] >= 0:
            return f"truck {TRUCK_NAMES[t]} was taken this round"
        return None

    def _why_not_load(self, t: int) -> str | None:
        reason = self._truck_reason(t)
        if reason is None and len(self.trucks[t]) >= self.capacity[t]:
            reason = f"truck {TRUCK_NAMES[t]} is full"
        if reason is None and self.restricted:
            p, bound = self.pile_of(self.drawn), self.truck_pile[t]
            if bound >= 0 and bound != p:
                reason = (
                    f"truck {TRUCK_NAMES[t]} carries {PILE_NAMES[bound]} tiles this round (C-R1)"
                )
            elif bound < 0 and t not in self._loadable(p):
                reason = (
                    f"truck {TRUCK_NAMES[t]} must stay free for the game that is on no truck"
                    " yet: every round has a truck of each game (C-R1)"
                )
        return reason

    def _why_not_draw(self, p: int = -1) -> str | None:
        several = len(self.piles) > 1
        if p < 0 and several:
            names = " or ".join(f"draw {PILE_NAMES[q]}" for q in range(len(self.piles)))
            return f"this game has {len(self.piles)} piles: {names}"
        if p >= 0 and not several:
            return "this game has one pile: draw"
        if p >= len(self.piles):
            return f"there is no pile {p}"
        p = max(p, 0)
        if self.pile_state[p] == CLOSED:
            return f"the {PILE_NAMES[p]} pile has left the game (C-R1)"
        if not self.piles[p]:
            return "there are no tiles left to draw"
        if not self._loadable(p):
            if several and self._free_trucks():
                return f"no truck may take a {PILE_NAMES[p]} tile now (C-R1)"
            return "every truck still in play is full: take a truck or do a money action"
        return None

    def _why_not_take(self, t: int) -> str | None:
        reason = self._truck_reason(t)
        if reason is None and not self.trucks[t]:
            reason = f"truck {TRUCK_NAMES[t]} has no face-up tile"
        if reason is None and t not in self._takeable():
            reason = "no truck may be taken before the tiles of both games are on trucks (C-R1)"
        return reason

    # ----- applying ---------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        handler = self.APPLIES.get(type(action))
        assert handler is not None  # check() found one
        handler(self, action)
        self._settle()
        if self.drawn < 0 and not self.pending and not self.unloading:
            self._end_turn()

    def _apply_draw(self, action: Draw) -> None:
        self._draw(max(action.pile, 0))

    def _apply_load(self, action: Load) -> None:
        t = action.truck
        if not self.trucks[t]:
            self.truck_pile[t] = self.pile_of(self.drawn)
        self.trucks[t].append(self.drawn)
        self.drawn = -1

    def _apply_take(self, action: Take) -> None:
        self._take(action.truck)

    def _draw(self, p: int) -> None:
        pile = self.piles[p]
        self.drawn = pile.pop()
        if len(pile) < RESERVE and self.pile_state[p] == OPEN:  # a tile of the reserve
            if OPEN in self.pile_state[:p] + self.pile_state[p + 1 :]:
                self.pile_state[p] = CLOSING  # C-R1: it leaves the game at the round's end
            else:
                self.final_round = True  # the last open pile: the game ends after this round

    def _take(self, t: int) -> None:
        seat = self.to_move
        assert seat is not None
        self.taker[t] = seat
        self.took[seat] = t
        tiles = self.trucks[t]
        self.trucks[t] = []
        coin = self.COIN_TILES
        unloading = [x for x in tiles if x not in coin]
        self.coins[seat] += len(tiles) - len(unloading)
        self.unloading = unloading

    def _pay(self, seat: int, amount: int) -> None:
        """``seat`` pays ``amount`` coins to the bank."""
        self.coins[seat] -= amount
        self.bank += amount

    def _end_turn(self) -> None:
        seat = self.to_move
        assert seat is not None
        n = self.players
        if sum(1 for t in self.took if t >= 0) == n:
            self._end_round(seat)
            return
        for step in range(1, n + 1):  # the next seat still in the round; maybe the same one
            nxt = (seat + step) % n
            if self.took[nxt] < 0:
                self.to_move = nxt
                return

    def _end_round(self, last: int) -> None:
        for t, tiles in enumerate(self.trucks):
            if self.taker[t] < 0:  # two players: the untaken truck's face-up tiles go
                self.discarded.extend(tiles)
        self.trucks = [[] for _ in self.capacity]
        self.taker = [-1] * len(self.capacity)
        self.truck_pile = [-1] * len(self.capacity)
        self.took = [-1] * self.players
        for p, s in enumerate(self.pile_state):
            if s == CLOSING:  # C-R1: the rest of this pile leaves the game, unseen
                self.pile_state[p] = CLOSED
        # C-R1: the truck restrictions hold while several piles are open
        self.restricted = len(self.piles) - self.pile_state.count(CLOSED) > 1
        if self.final_round:
            self.to_move = None
        else:
            self.round += 1
            self.to_move = last

    # ----- copies -----------------------------------------------------------------------

    def determinize(self, rng: Shuffler) -> Self:
        """A copy whose unseen tiles (each pile with its reserve) are reshuffled, pile by pile.

        Each pile is sorted before it is shuffled, so the guess depends only on which tiles
        are unseen (public) and on ``rng``, never on their real order.
        """
        new = self.clone()
        for pile in new.piles:
            pile.sort()
            rng.shuffle(pile)
        return new

    def tiebreak(self, seat: int) -> int:
        """Ties on points go to the most coins (A-R12, Z-R4)."""
        return self.coins[seat]

    # ----- the public part of a view ----------------------------------------------------

    def pile_view(self, p: int) -> PileView:
        """One pile as everyone sees it: tiles above the disc, reserve, state."""
        n = len(self.piles[p])
        if self.pile_state[p] == CLOSED:
            return {"name": PILE_NAMES[p], "pile": 0, "reserve": 0, "state": "closed"}
        reserve = min(RESERVE, n)
        return {
            "name": PILE_NAMES[p],
            "pile": n - reserve,
            "reserve": reserve,
            "state": PILE_STATES[self.pile_state[p]],
        }

    def round_view(self) -> TruckRoundPart:
        """The round as everyone sees it but its piles and trucks: round, money, tiles out.

        A game's view adds :meth:`one_pile_view` or, with several piles,
        :meth:`two_pile_view`.
        """
        return {
            "round": self.round,
            "final_round": self.final_round,
            "bank": self.bank,
            "coins": self.coins[:],
            "drawn": self.tile_name(self.drawn) if self.drawn >= 0 else None,
            "unloading": [self.tile_name(x) for x in sorted(self.unloading)],
            "discarded": [self.tile_name(x) for x in self.discarded],
        }

    def truck_view(self, t: int) -> TruckView:
        """Truck ``t``: its face-up tiles, free and blocked spaces, who took it."""
        return {
            "name": TRUCK_NAMES[t],
            "tiles": [self.tile_name(x) for x in self.trucks[t]],
            "free": self.capacity[t] - len(self.trucks[t]) if self.taker[t] < 0 else 0,
            "blocked": TRUCK_SIZE - self.capacity[t],
            "taken_by": self.taker[t] if self.taker[t] >= 0 else None,
        }

    def one_pile_view(self) -> OnePilePart:
        """The single pile (tiles above the disc), its reserve, and the trucks."""
        reserve = min(RESERVE, len(self.piles[0]))
        return {
            "pile": len(self.piles[0]) - reserve,
            "reserve": reserve,
            "trucks": [self.truck_view(t) for t in range(len(self.trucks))],
        }

    def two_pile_view(self) -> TwoPilePart:
        """Every pile (:meth:`pile_view`), whether C-R1's restrictions hold, and the trucks.

        Each truck also names the pile it carries this round (``None`` before its first tile).
        """
        return {
            "piles": [self.pile_view(p) for p in range(len(self.piles))],
            "restricted": self.restricted,
            "trucks": [
                {
                    **self.truck_view(t),
                    "game": PILE_NAMES[self.truck_pile[t]] if self.truck_pile[t] >= 0 else None,
                }
                for t in range(len(self.trucks))
            ],
        }


TruckState.CHECKS.add(Draw, TruckState._check_draw)
TruckState.CHECKS.add(Load, TruckState._check_load)
TruckState.CHECKS.add(Take, TruckState._check_take)
TruckState.APPLIES.add(Draw, TruckState._apply_draw)
TruckState.APPLIES.add(Load, TruckState._apply_load)
TruckState.APPLIES.add(Take, TruckState._apply_take)
