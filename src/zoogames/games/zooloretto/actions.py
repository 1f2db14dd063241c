"""Zooloretto's actions and their text notation (see ``docs/notation.md``).

=====================================  ==============================================
``draw``, ``load B``, ``take B``       the truck round, as in Aquaretto
``place camel/m e5``                   put a tile of your truck in enclosure e5
``place kiosk s4a``                    … a stall on stall space s4a
``place camel barn``                   … or into your barn (always allowed)
``move camel/m e5``                    1 coin: an animal from your barn to enclosure e5
``move kiosk s5``, ``move s4a s5``     1 coin: a stall from the barn, or from a stall
                                       space, to a free stall space
``exchange e4 e5``                     1 coin: swap the animals of two enclosures
``exchange e4 barn camel``             1 coin: swap e4's animals with the barn's camels
``buy 2 camel/m e5``                   2 coins: a tile of seat 2's barn to your e5
``discard camel/m``                    2 coins: a tile of your barn leaves the game
``expand``                             3 coins: turn over an expansion board
=====================================  ==============================================

Enclosures are ``e4``, ``e5``, ``e6`` (the zoo board) and ``x1``, ``x2`` (expansion
boards); stall spaces ``s4a``, ``s4b`` (by e4), ``s5``, ``s6``, ``sx1``, ``sx2``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from zoogames.core.errors import IllegalAction
from zoogames.core.game import Action
from zoogames.games.notation import small_number
from zoogames.games.trucks import parse_truck_action
from zoogames.games.zooloretto.tiles import COIN, FIRST, NAMES, SPECIES, name
from zoogames.games.zooloretto.zoo import BARN, GROUP, PLACES, SPACE, place_name


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place one tile of the taken truck: an enclosure, a stall space or the barn."""

    tile: int
    where: int

    def __str__(self) -> str:
        return f"place {name(self.tile)} {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Money action, 1 coin: an animal from the barn to an enclosure, or a stall elsewhere.

    A tile of the barn has its kind as ``src``; a stall on a stall space, the space.
    """

    src: int
    dst: int

    def __str__(self) -> str:
        src = name(self.src) if self.src >= FIRST else place_name(self.src)
        return f"move {src} {place_name(self.dst)}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Money action, 1 coin: swap the animals of enclosure ``a`` and of ``b``.

    ``b`` is another enclosure (``a < b``) or the barn's animals of one species
    (``b = GROUP + species``).
    """

    a: int
    b: int

    def __str__(self) -> str:
        return f"exchange {place_name(self.a)} {place_name(self.b)}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Money action, 2 coins: any tile of another seat's barn, placed in the buyer's zoo."""

    seller: int
    tile: int
    where: int

    def __str__(self) -> str:
        return f"buy {self.seller} {name(self.tile)} {place_name(self.where)}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Money action, 2 coins: a tile of the player's barn leaves the game."""

    tile: int

    def __str__(self) -> str:
        return f"discard {name(self.tile)}"


@dataclass(frozen=True, slots=True)
class Expand(Action):
    """Money action, 3 coins: turn over an expansion board."""

    def __str__(self) -> str:
        return "expand"


# Interned constructors: legal-move generation asks for the same actions again and again.
# Bounded (far above the actions a game has) so that no text read by ``parse`` can grow
# them for good; ``parse`` also interns only seats in range.
CACHE = 1 << 16
place = lru_cache(maxsize=CACHE)(Place)
move = lru_cache(maxsize=CACHE)(Move)
buy = lru_cache(maxsize=CACHE)(Buy)
discard = lru_cache(maxsize=CACHE)(Discard)
EXPAND = Expand()
MAX_SEATS = 5
"""Seats of the largest game: a ``buy`` from a seat beyond it is read but never interned."""


@lru_cache(maxsize=CACHE)
def exchange(a: int, b: int) -> Exchange:
    """The exchange of ``a`` and ``b``, written canonically (two enclosures in board order)."""
    if b < a:
        a, b = b, a
    return Exchange(a, b)


ACTIONS = frozenset((Place, Move, Exchange, Buy, Discard, Expand))
"""Zooloretto's own action classes (the truck round's are shared)."""


def _tile(word: str, *, coin: bool = False) -> int:
    tile = NAMES.get(word)
    if tile is None or (tile == COIN and not coin):
        raise IllegalAction(f"{word!r} is not a Zooloretto animal or stall (e.g. camel/m, kiosk)")
    return tile


def _place(word: str, *, barn: bool = False) -> int:
    where = PLACES.get(word)
    if where is None or (where == BARN and not barn):
        allowed = "e4, e5, e6, x1, x2, s4a, s4b, s5, s6, sx1, sx2" + (", barn" if barn else "")
        raise IllegalAction(f"{word!r} is not a place ({allowed})")
    return where


def _species(word: str) -> int:
    if word not in SPECIES:
        raise IllegalAction(f"{word!r} is not a species ({', '.join(SPECIES)})")
    return SPECIES.index(word)


def _enclosure(word: str) -> int:
    where = PLACES.get(word)
    if where is None or not 0 <= where < SPACE:
        raise IllegalAction(f"{word!r} is not an enclosure (e4, e5, e6, x1, x2)")
    return where


def parse_words(words: list[str]) -> Action:
    """The action of lower-case ``words``; :class:`IllegalAction` says what is wrong."""
    verb, args = words[0], words[1:]
    n = len(args)
    if verb == "place" and n == 2:
        return place(_tile(args[0]), _place(args[1], barn=True))
    if verb == "move" and n == 2:
        src = PLACES.get(args[0])
        if src is not None and 0 <= src < SPACE:
            raise IllegalAction("animals leave an enclosure only by an exchange (Z-R3)")
        if src is None or src < SPACE:
            src = _tile(args[0])
        return move(src, _place(args[1], barn=True))
    if verb == "exchange" and n in (2, 3):
        if args[0] == "barn" and n == 3:  # exchange barn camel e4
            return exchange(_enclosure(args[2]), GROUP + _species(args[1]))
        if n == 3:
            if args[1] != "barn":
                raise IllegalAction("write an exchange with the barn as: exchange e4 barn camel")
            return exchange(_enclosure(args[0]), GROUP + _species(args[2]))
        return exchange(_enclosure(args[0]), _enclosure(args[1]))
    if verb == "buy" and n == 3:
        seller = small_number(args[0])
        if seller is None:
            raise IllegalAction(f"{args[0]!r} is not a seat number")
        tile, where = _tile(args[1]), _place(args[2], barn=True)
        # A seat no game has is refused by check(), like any other seat's; not interned.
        return buy(seller, tile, where) if seller < MAX_SEATS else Buy(seller, tile, where)
    if verb == "discard" and n == 1:
        return discard(_tile(args[0]))
    if verb == "expand" and n == 0:
        return EXPAND
    raise IllegalAction(
        "expected draw, load X, take X, place TILE WHERE, move FROM TO, exchange E1 E2,"
        " exchange E barn SPECIES, buy SEAT TILE WHERE, discard TILE or expand"
    )


def parse(text: str) -> Action:
    """The action written as ``text``; :class:`IllegalAction` says what is wrong."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action")
    simple = parse_truck_action(" ".join(words))
    if simple is not None:
        return simple
    try:
        return parse_words(words)
    except IllegalAction as e:
        raise IllegalAction(f"cannot read {text.strip()!r}: {e.reason}") from None
