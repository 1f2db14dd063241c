"""Aquaretto's actions and their text notation (see ``docs/notation.md``).

=====================================  ==============================================
``draw``                               draw the next tile; it is shown to everyone
``load B``                             put the drawn tile on truck B
``take B``                             take truck B (its coins go to your money)
``place dolphin/m 2,3``                put a tile of your truck on space (2,3)
``place dolphin/m depot``              … or on your depot
``offspring 2,3``                      put the offspring just born on (2,3)
``worker cashier``                     put the coworker just earned: ``cashier``,
                                       ``keeper``, ``manager`` or a space (trainer)
``move depot 2,3``                     1 coin: your top depot tile to (2,3)
``move 1,1 2,2``, ``move manager 3,3`` 1 coin: move a coworker
``buy 2 3,4``                          2 coins: seat 2's top depot tile to your (3,4)
``discard``                            2 coins: your top depot tile leaves the game
``expand small 5,1 5,2 6,2``           1 coin (small) or 2 (large): a board on those cells
=====================================  ==============================================

Cells are ``x,y`` with x to the right and y downward; the base board spans 0..4 (A-D1).
Seats are numbered from 0, trucks lettered from A.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from zoogames.core.bits import bits
from zoogames.core.errors import IllegalAction
from zoogames.core.game import Action
from zoogames.games.aquaretto import geometry as g
from zoogames.games.aquaretto.tiles import COIN, NAMES, name
from zoogames.games.aquaretto.zoo import CASHIER, DEPOT, KEEPER, MANAGER, SLOT_NAMES, place_name
from zoogames.games.notation import small_number, small_pair
from zoogames.games.trucks import parse_truck_action


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place one tile of the taken truck on a space or the depot (``where`` = DEPOT)."""

    tile: int
    where: int

    def __str__(self) -> str:
        return f"place {name(self.tile)} {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Offspring(Action):
    """Place the offspring just born on a space of its parents' basin."""

    where: int

    def __str__(self) -> str:
        return f"offspring {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Worker(Action):
    """Place the coworker just earned: a slot code or a space (a trainer)."""

    where: int

    def __str__(self) -> str:
        return f"worker {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Money action, 1 coin: the top depot tile to a space, or a coworker elsewhere."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {place_name(self.src)} {place_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Money action, 2 coins: another seat's top depot tile onto one of your spaces."""

    seller: int
    where: int

    def __str__(self) -> str:
        return f"buy {self.seller} {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Money action, 2 coins: your top depot tile leaves the game."""

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Expand(Action):
    """Money action: add a small (1 coin) or large (2 coins) board on ``cells`` (a mask)."""

    large: bool
    cells: int

    def __str__(self) -> str:
        size = "large" if self.large else "small"
        return f"expand {size} " + " ".join(place_name(c) for c in bits(self.cells))


# Interned constructors: legal-move generation asks for the same actions again and again.
# Bounded (far above the few thousand actions of a game's grid) so that no text read by
# ``parse`` can grow them for good; ``parse`` also interns only numbers in range.
CACHE: Final = 1 << 16
place: Final = lru_cache(maxsize=CACHE)(Place)
offspring: Final = lru_cache(maxsize=CACHE)(Offspring)
worker: Final = lru_cache(maxsize=CACHE)(Worker)
move: Final = lru_cache(maxsize=CACHE)(Move)
buy: Final = lru_cache(maxsize=CACHE)(Buy)
expand: Final = lru_cache(maxsize=CACHE)(Expand)
DISCARD: Final = Discard()
MAX_SEATS = 5
"""Seats of the largest game: a ``buy`` from a seat beyond it is read but never interned."""

_SLOTS = {v: k for k, v in SLOT_NAMES.items()}


def _where(word: str, *, slots: tuple[int, ...] = ()) -> int:
    """A cell ``x,y`` or, if allowed, one of the named slots."""
    if word in _SLOTS and _SLOTS[word] in slots:
        return _SLOTS[word]
    pair = small_pair(word)
    if pair is None:
        allowed = ", ".join(SLOT_NAMES[s] for s in slots)
        raise IllegalAction(
            f"{word!r} is not a cell x,y" + (f" or one of: {allowed}" if slots else "")
        )
    x, y = pair
    if not g.in_range(x, y):
        raise IllegalAction(f"{x},{y} is off the grid (cells run from {g.LO} to {g.HI})")
    return g.cell(x, y)


def parse(text: str) -> Action:
    """The action written as ``text``; :class:`IllegalAction` says what is wrong."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action")
    simple = parse_truck_action(" ".join(words))
    if simple is not None:
        return simple
    verb, args = words[0], words[1:]
    try:
        if verb == "place" and len(args) == 2:
            tile = NAMES.get(args[0])
            if tile is None or tile == COIN:
                raise IllegalAction(f"{args[0]!r} is not an animal tile (e.g. dolphin/m)")
            return place(tile, _where(args[1], slots=(DEPOT,)))
        if verb == "offspring" and len(args) == 1:
            return offspring(_where(args[0]))
        if verb == "worker" and len(args) == 1:
            return worker(_where(args[0], slots=(CASHIER, KEEPER, MANAGER)))
        if verb == "move" and len(args) == 2:
            return move(
                _where(args[0], slots=(DEPOT, CASHIER, KEEPER, MANAGER)),
                _where(args[1], slots=(CASHIER, KEEPER, MANAGER)),
            )
        if verb == "buy" and len(args) == 2:
            seller = small_number(args[0])
            if seller is None:
                raise IllegalAction(f"{args[0]!r} is not a seat number")
            where = _where(args[1])
            # A seat no game has is refused by check(), like any other seat's; not interned.
            return buy(seller, where) if seller < MAX_SEATS else Buy(seller, where)
        if verb == "discard" and not args:
            return DISCARD
        if verb == "expand" and len(args) >= 2 and args[0] in ("small", "large"):
            cells = 0
            for word in args[1:]:
                cells |= 1 << _where(word)
            large = args[0] == "large"
            if g.shape_of(cells) != args[0]:
                want = "a 2×2 square" if large else "an L of 3 cells"
                raise IllegalAction(f"a {args[0]} board covers {want}, not {' '.join(args[1:])}")
            return expand(large, cells)
    except IllegalAction as e:
        raise IllegalAction(f"cannot read {text.strip()!r}: {e.reason}") from None
    raise IllegalAction(
        f"cannot read {text.strip()!r}: expected draw, load X, take X, place TILE WHERE,"
        " offspring X,Y, worker SLOT, move FROM TO, buy SEAT X,Y, discard or expand SIZE CELLS"
    )
