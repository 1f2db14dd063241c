"""The round of Aquaretto and Zooloretto: trucks, the pile and its reserve, and turns.

Both games share it word for word (rulings A-R3, A-R10–A-R12, Z-R1, Z-R5): on a turn a
player draws a tile and loads it on a truck, takes a truck, or does one money action. A
player who took a truck sits out the rest of the round; the round ends when every
player has one, and the player who took the last truck starts the next. Drawing the
first tile of the 15-tile reserve makes the current round the last.

:class:`TruckState` implements this; a game adds its zoos through a few hooks:
placing a truck's tiles, the decisions a placement leaves owed (``pending``), money
actions, and scoring.
"""

from __future__ import annotations

import re
from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from zoogames.core.game import JSON, Action, Shuffler, State

TRUCK_NAMES = "ABCDE"
RESERVE = 15
TRUCK_SIZE = 3
TWO_PLAYER_CAPACITY = (3, 2, 1)
"""With 2 players, 3 trucks with 0, 1 and 2 spaces blocked by face-down tiles (A-R11, Z-R5)."""


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw the next tile of the pile; it is shown, then loaded (notation ``draw``)."""

    def __str__(self) -> str:
        return "draw"


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


DRAW = Draw()
LOADS = tuple(Load(i) for i in range(len(TRUCK_NAMES)))
TAKES = tuple(Take(i) for i in range(len(TRUCK_NAMES)))

_TRUCK_RE = re.compile(r"^(load|take)\s+([A-Ea-e])$")


def parse_truck_action(text: str) -> Action | None:
    """``draw``, ``load X`` or ``take X`` as an action; ``None`` for other text."""
    if text == "draw":
        return DRAW
    m = _TRUCK_RE.match(text)
    if not m:
        return None
    t = TRUCK_NAMES.index(m.group(2).upper())
    return LOADS[t] if m.group(1) == "load" else TAKES[t]


def truck_capacities(players: int) -> tuple[int, ...]:
    """Free spaces per truck: one truck per player, or (3, 2, 1) with two players."""
    return TWO_PLAYER_CAPACITY if players == 2 else (TRUCK_SIZE,) * players


class TruckState(State):
    """A position of a truck game (see the module docstring).

    Attributes shared by every truck game:

    - ``trucks[t]``: the face-up tiles on truck ``t``; ``capacity[t]`` its free spaces;
      ``taker[t]`` the seat that took it this round (-1 if none);
    - ``took[seat]``: the truck that seat took this round (-1 if none);
    - ``pile``: the unseen tiles, the next one last; its first ``RESERVE`` are the
      reserve under the disc. Never shown to anyone.
    - ``drawn``: the tile just drawn and not yet loaded (-1 if none);
    - ``unloading``: tiles of the truck just taken that are still to be placed;
    - ``pending``: decisions owed after a placement, resolved before anything else;
    - ``coins[seat]``, ``bank``; ``discarded``: face-up tiles that left the game.
    """

    COIN_TILE: ClassVar[int]

    trucks: list[list[int]]
    capacity: tuple[int, ...]
    taker: list[int]
    took: list[int]
    pile: list[int]
    drawn: int
    unloading: list[int]
    pending: list[int]
    coins: list[int]
    bank: int
    discarded: list[int]
    final_round: bool
    round: int

    def _init_trucks(self, players: int, start: int, pile: list[int]) -> None:
        self.players = players
        self.capacity = truck_capacities(players)
        self.trucks = [[] for _ in self.capacity]
        self.taker = [-1] * len(self.capacity)
        self.took = [-1] * players
        self.pile = pile
        self.drawn = -1
        self.unloading = []
        self.pending = []
        self.discarded = []
        self.final_round = False
        self.round = 1
        self.to_move = start
        self.history = []

    # ----- hooks a game provides --------------------------------------------------------

    @abstractmethod
    def tile_name(self, tile: int) -> str:
        """The notation of a tile kind."""

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

    @abstractmethod
    def _check_own(self, action: Action) -> str | None:
        """Check an action that is not draw, load or take."""

    @abstractmethod
    def _apply_own(self, action: Action) -> None:
        """Carry out a checked action that is not draw, load or take."""

    def _settle(self) -> None:
        """Resolve owed decisions that leave no choice, until one needs the player."""

    def _clone_extra(self, new: Any) -> None:
        """Copy the game's own fields into ``new`` (a fresh object of the same class)."""

    # ----- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move, in a stable order."""
        if self.to_move is None:
            return []
        if self.drawn >= 0:
            return [LOADS[t] for t in self._loadable()]
        if self.pending:
            return self._pending_actions()
        if self.took[self.to_move] >= 0:
            acts: list[Action] = []
            for tile in sorted(set(self.unloading)):
                acts.extend(self._placement_actions(tile))
            return acts
        acts = [DRAW] if self._can_draw() else []
        acts.extend(TAKES[t] for t in self._takeable())
        acts.extend(self._money_actions())
        return acts

    def turn_in_progress(self) -> bool:
        """True after ``draw`` until ``load``, and while a take or a money action is unfinished."""
        return self.to_move is not None and (
            self.drawn >= 0 or bool(self.pending) or self.took[self.to_move] >= 0
        )

    def _loadable(self) -> list[int]:
        """Untaken trucks with a free space."""
        return [
            t
            for t, tiles in enumerate(self.trucks)
            if self.taker[t] < 0 and len(tiles) < self.capacity[t]
        ]

    def _takeable(self) -> list[int]:
        """Untaken trucks with at least one face-up tile."""
        return [t for t, tiles in enumerate(self.trucks) if self.taker[t] < 0 and tiles]

    def _can_draw(self) -> bool:
        return bool(self.pile) and bool(self._loadable())

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

    def check(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else why not."""
        kind = type(action)
        if kind is Load:
            assert isinstance(action, Load)
            if self.drawn < 0:
                return "there is no drawn tile to load"
            return self._why_not_load(action.truck)
        if kind is Draw:
            return self.busy() or self._why_not_draw()
        if kind is Take:
            assert isinstance(action, Take)
            return self.busy() or self._why_not_take(action.truck)
        return self._check_own(action)

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
        return reason

    def _why_not_draw(self) -> str | None:
        if not self.pile:
            return "there are no tiles left to draw"
        if not self._loadable():
            return "every truck still in play is full: take a truck or do a money action"
        return None

    def _why_not_take(self, t: int) -> str | None:
        reason = self._truck_reason(t)
        if reason is None and not self.trucks[t]:
            reason = f"truck {TRUCK_NAMES[t]} has no face-up tile"
        return reason

    # ----- applying ---------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Draw:
            self.drawn = self.pile.pop()
            if len(self.pile) < RESERVE:
                self.final_round = True  # the first reserve tile ends the game after this round
        elif kind is Load:
            assert isinstance(action, Load)
            self.trucks[action.truck].append(self.drawn)
            self.drawn = -1
        elif kind is Take:
            assert isinstance(action, Take)
            self._take(action.truck)
        else:
            self._apply_own(action)
        self._settle()
        if self.drawn < 0 and not self.pending and not self.unloading:
            self._end_turn()

    def _take(self, t: int) -> None:
        seat = self.to_move
        assert seat is not None
        self.taker[t] = seat
        self.took[seat] = t
        tiles = self.trucks[t]
        self.trucks[t] = []
        coin = self.COIN_TILE
        self.coins[seat] += tiles.count(coin)
        self.unloading = [x for x in tiles if x != coin]

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
        self.took = [-1] * self.players
        if self.final_round:
            self.to_move = None
        else:
            self.round += 1
            self.to_move = last

    # ----- copies -----------------------------------------------------------------------

    def clone(self) -> Self:
        """An independent copy."""
        new = self.__class__.__new__(self.__class__)
        new.game, new.players, new.seed, new.options = (
            self.game,
            self.players,
            self.seed,
            self.options,
        )
        new.history = self.history[:]
        new.to_move = self.to_move
        new.trucks = [t[:] for t in self.trucks]
        new.capacity = self.capacity
        new.taker = self.taker[:]
        new.took = self.took[:]
        new.pile = self.pile[:]
        new.drawn = self.drawn
        new.unloading = self.unloading[:]
        new.pending = self.pending[:]
        new.coins = self.coins[:]
        new.bank = self.bank
        new.discarded = self.discarded[:]
        new.final_round = self.final_round
        new.round = self.round
        self._clone_extra(new)
        return new

    def _key(self) -> tuple[Any, ...]:
        """Everything that makes up the position, for ``==``."""
        return (
            self.game.id,
            self.players,
            self.seed,
            self.options,
            self.history,
            self.to_move,
            self.trucks,
            self.capacity,
            self.taker,
            self.took,
            self.pile,
            self.drawn,
            self.unloading,
            self.pending,
            self.coins,
            self.bank,
            self.discarded,
            self.final_round,
            self.round,
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TruckState)
            and type(other) is type(self)
            and self._key() == other._key()
        )

    __hash__ = None  # type: ignore[assignment]

    def determinize(self, rng: Shuffler) -> Self:
        """A copy whose unseen tiles (pile and reserve) are reshuffled."""
        new = self.clone()
        rng.shuffle(new.pile)
        return new

    def tiebreak(self, seat: int) -> int:
        """Ties on points go to the most coins (A-R12, Z-R4)."""
        return self.coins[seat]

    # ----- the public part of a view ----------------------------------------------------

    def truck_view(self) -> dict[str, JSON]:
        """The round as everyone sees it: trucks, pile and reserve sizes, money, turn."""
        reserve = min(RESERVE, len(self.pile))
        return {
            "round": self.round,
            "final_round": self.final_round,
            "to_move": self.to_move,
            "pile": len(self.pile) - reserve,
            "reserve": reserve,
            "bank": self.bank,
            "coins": self.coins[:],
            "trucks": [
                {
                    "name": TRUCK_NAMES[t],
                    "tiles": [self.tile_name(x) for x in tiles],
                    "free": self.capacity[t] - len(tiles) if self.taker[t] < 0 else 0,
                    "blocked": TRUCK_SIZE - self.capacity[t],
                    "taken_by": self.taker[t] if self.taker[t] >= 0 else None,
                }
                for t, tiles in enumerate(self.trucks)
            ],
            "drawn": self.tile_name(self.drawn) if self.drawn >= 0 else None,
            "unloading": [self.tile_name(x) for x in sorted(self.unloading)],
            "discarded": [self.tile_name(x) for x in self.discarded],
        }
