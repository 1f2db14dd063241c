"""Aquarium Designer's two actions and their text notation (see ``docs/notation.md``).

=====================  =========================================================
``draw 17 1,0 r90``    take layout card 17 from the offer and place it at (1,0),
                       turned a quarter clockwise (``r0``, ``r90``, ``r180``, ``r270``)
``pass``               let the others draw first; draw later this round (once a round)
=====================  =========================================================

Positions are ``x,y`` with the entrance card at ``0,0``, x to the right, y downward.
Drawing a face-up card reveals nothing, so taking it and placing it (which D-R1 says
happens at once) is one action.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from zoogames.core.errors import IllegalAction
from zoogames.core.game import Action
from zoogames.games.aquarium_designer.cards import LAYOUT_CARDS
from zoogames.games.aquarium_designer.layout import HI, LO, XY
from zoogames.games.notation import small_number, small_pair

if TYPE_CHECKING:
    # For mypy only, like every view's TypedDict (games/trucks.py says why).
    from zoogames.games.aquarium_designer.view_types import Turn

TURNS: tuple[Turn, ...] = ("r0", "r90", "r180", "r270")
"""Notation of 0–3 clockwise quarter turns."""


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take layout card ``card`` from the offer and place it at ``(x, y)``.

    The card is turned clockwise ``turns`` quarter turns (0–3).
    """

    card: int
    x: int
    y: int
    turns: int

    def __str__(self) -> str:
        return f"draw {self.card} {self.x},{self.y} {TURNS[self.turns % 4]}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: draw later in this round (at most once per round)."""

    def __str__(self) -> str:
        return "pass"


PASS: Final = Pass()

draw: Final = lru_cache(maxsize=1 << 16)(Draw)
"""The interned constructor: legal-move generation asks for the same actions again.

Bounded (far above the 40 cards × 25 positions × 4 turns there are), and ``parse``
interns only card numbers in range, so no text can grow it for good."""

Placements = tuple[tuple[Draw, Draw, Draw, Draw], ...]
"""Position index (``layout.pos``) → the 4 draws placing one card there, r0 to r270."""

PLACEMENTS: Final[dict[int, Placements]] = {}
"""Card number → its :data:`Placements` (interned draws: made once per card)."""


def placements(card: int) -> Placements:
    """Every draw of ``card``, by position index and then turn (legal-move generation)."""
    out = PLACEMENTS.get(card)
    if out is None:
        out = PLACEMENTS[card] = tuple(
            (draw(card, x, y, 0), draw(card, x, y, 1), draw(card, x, y, 2), draw(card, x, y, 3))
            for x, y in XY
        )
    return out


_TURN_WORDS = {
    "r0": 0,
    "r90": 1,
    "r180": 2,
    "r270": 3,
    "0": 0,
    "90": 1,
    "180": 2,
    "270": 3,
}


def parse(text: str) -> Action:
    """The action written as ``text``; :class:`IllegalAction` says what is wrong."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action")
    if words == ["pass"]:
        return PASS
    if words[0] == "draw" and len(words) in (3, 4):
        card, where = words[1], words[2]
        turn = words[3] if len(words) == 4 else "r0"
        number = small_number(card)
        if number is None:
            raise IllegalAction(f"cannot read {text.strip()!r}: {card!r} is not a card number")
        pair = small_pair(where)
        if pair is None:
            raise IllegalAction(f"cannot read {text.strip()!r}: {where!r} is not a position x,y")
        x, y = pair
        if not (LO <= x <= HI and LO <= y <= HI):
            raise IllegalAction(
                f"cannot read {text.strip()!r}: {x},{y} is off the grid (x and y run from"
                f" {LO} to {HI} around the entrance card at 0,0)"
            )
        if turn not in _TURN_WORDS:
            raise IllegalAction(
                f"cannot read {text.strip()!r}: {turn!r} is not a turn (r0, r90, r180, r270)"
            )
        turns = _TURN_WORDS[turn]
        # A card no deck has is refused by check(), like any card not on offer; not interned.
        return draw(number, x, y, turns) if number <= LAYOUT_CARDS else Draw(number, x, y, turns)
    raise IllegalAction(
        f"cannot read {text.strip()!r}: expected 'draw CARD X,Y TURN' (e.g. draw 17 1,0 r90)"
        " or 'pass'"
    )
