"""Aquarium Designer's cards and the deck file (ruling D-D1).

Every card is a square of 2×2 *sections*. A section has one of four colours, each tied
to one species, and may show one animal of that species. A card is written as text, its
two rows separated by ``/`` and each row naming its two sections from left to right::

    "A* S / D P*"      top: angelfish with an animal, sea lion;
                       bottom: dolphin, penguin with an animal

A section is a colour letter — ``A`` angelfish, ``S`` sea lion, ``D`` dolphin,
``P`` penguin — followed by ``*`` when it shows an animal.

A deck file is JSON (see ``docs/aquarium-designer.md``)::

    {"format": "aquarium-designer-deck", "version": 1, "name": "…",
     "entrance": ["A* S / D P", …6 cards],
     "layout": ["A* A / S S*", …40 cards]}

Layout cards are numbered 1–40 and entrance cards E1–E6 in the order of the file; the
numbers are how the notation names them. :func:`parse_deck` checks every card and
reports every bad one, one line each, in a single :class:`DeckError`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zoogames.core.errors import InvalidOptions
from zoogames.core.fields import rebuilt
from zoogames.core.message import N_

if TYPE_CHECKING:
    # For mypy only, like every view's TypedDict (games/trucks.py says why).
    from zoogames.games.aquarium_designer.view_types import SectionView

COLOURS = ("angelfish", "sea-lion", "dolphin", "penguin")
"""The four colours, each named by its species (D-D1)."""

COLOUR_IDS = (
    N_("species.angelfish"),
    N_("species.sea-lion"),
    N_("species.dolphin"),
    N_("species.penguin"),
)
"""Each colour's species in the catalogue (the client's card and area titles), as COLOURS."""

DEFAULT_DECK_ID = N_("designer.default-deck")
"""The name of the deck that ships with zoogames, in the catalogue (the view's
``deck_name_id``); a deck from a file keeps its own name."""

LETTERS = "ASDP"
"""One letter per colour, in the order of :data:`COLOURS`."""

ENTRANCE_CARDS = 6
LAYOUT_CARDS = 40
FORMAT = "aquarium-designer-deck"
VERSION = 1

TL, TR, BL, BR = range(4)
"""Section indices of a card: top-left, top-right, bottom-left, bottom-right."""

Section = tuple[int, bool]
"""A section: its colour index and whether it shows an animal."""


class DeckError(InvalidOptions):
    """A deck file that cannot be played; the message has one line per problem."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        lines = "\n".join(f"  {p}" for p in problems)
        summary = f"not a playable deck ({len(problems)} problem(s))"
        super().__init__(f"{source} is {summary}:\n{lines}", summary=summary)


@dataclass(frozen=True, slots=True)
class Card:
    """One card as printed (rotation 0): its four sections TL, TR, BL, BR."""

    sections: tuple[Section, Section, Section, Section]

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)

    def rotated(self, quarter_turns: int) -> tuple[Section, ...]:
        """The sections TL, TR, BL, BR after turning the card clockwise ``quarter_turns`` times.

        One clockwise quarter turn moves TL → TR → BR → BL → TL.
        """
        s: tuple[Section, ...] = self.sections
        for _ in range(quarter_turns % 4):
            s = (s[BL], s[TL], s[BR], s[TR])
        return s

    @property
    def animals(self) -> int:
        """How many animals the card shows."""
        return sum(1 for _, a in self.sections if a)

    def text(self, quarter_turns: int = 0) -> str:
        """The card as deck text, e.g. ``"A* S / D P*"``, turned ``quarter_turns`` clockwise."""
        words = [section_text(s) for s in self.rotated(quarter_turns)]
        return f"{words[0]} {words[1]} / {words[2]} {words[3]}"

    def canonical(self) -> tuple[Section, ...]:
        """The same for every rotation of this card: its least rotation."""
        return min(self.rotated(r) for r in range(4))

    def symmetric(self) -> bool:
        """True if some turn (90° or 180°) leaves the card looking the same."""
        return self.rotated(2) == self.sections or self.rotated(1) == self.sections

    def to_json(self, quarter_turns: int = 0) -> list[SectionView]:
        """The sections TL, TR, BL, BR as ``{"colour": …, "animal": …}``."""
        return [{"colour": COLOURS[c], "animal": a} for c, a in self.rotated(quarter_turns)]


def section_text(section: Section) -> str:
    """``A*``, ``S`` …: the colour letter, then ``*`` for an animal."""
    colour, animal = section
    return LETTERS[colour] + ("*" if animal else "")


def parse_card(text: Any) -> tuple[Card | None, str | None]:
    """A card from its text, or ``(None, why not)``."""
    if not isinstance(text, str):
        return None, f"a card is a string like 'A* S / D P', not {text!r}"
    rows = text.split("/")
    if len(rows) != 2:
        return None, f"{text!r} has {len(rows)} row(s); a card has 2 rows separated by '/'"
    sections: list[Section] = []
    for r, row in enumerate(rows, 1):
        words = row.split()
        if len(words) != 2:
            return None, f"{text!r}: row {r} has {len(words)} section(s), a card row has 2"
        for word in words:
            letter, mark = word[:1].upper(), word[1:]
            if not letter or letter not in LETTERS or mark not in ("", "*"):
                return None, (
                    f"{text!r}: {word!r} is not a section (a colour letter A, S, D or P,"
                    " then * for an animal)"
                )
            sections.append((LETTERS.index(letter), mark == "*"))
    return _card(sections[0], sections[1], sections[2], sections[3]), None


@lru_cache(maxsize=1 << 12)
def _card(tl: Section, tr: Section, bl: Section, br: Section) -> Card:
    """The one :class:`Card` of these sections: decks share their cards (8⁴ exist)."""
    return Card((tl, tr, bl, br))


@dataclass(frozen=True, slots=True)
class Deck:
    """The 6 entrance and 40 layout cards of one deck file (D-D1).

    ``layout[n - 1]`` is layout card ``n`` and ``entrance[n - 1]`` entrance card ``En``.
    ``digest`` identifies the cards (not the name): records keep it, so that a record is
    never replayed against another deck.
    """

    name: str
    entrance: tuple[Card, ...]
    layout: tuple[Card, ...]
    digest: str

    def __reduce__(self) -> tuple[Any, ...]:
        return rebuilt(self)

    def to_json(self) -> dict[str, Any]:
        """The deck file's content, canonical (one space between sections)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": self.name,
            "entrance": [c.text() for c in self.entrance],
            "layout": [c.text() for c in self.layout],
        }


def digest_of(entrance: tuple[Card, ...], layout: tuple[Card, ...]) -> str:
    """The first 16 hex digits of the SHA-256 of the cards' canonical text."""
    text = json.dumps([[c.text() for c in entrance], [c.text() for c in layout]])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def parse_deck(data: Any, source: str = "the deck") -> Deck:
    """A deck from a deck file's JSON content; :class:`DeckError` lists every problem."""
    if not isinstance(data, dict):
        raise DeckError(source, ["a deck file is a JSON object with 'entrance' and 'layout'"])
    problems: list[str] = []
    if data.get("format", FORMAT) != FORMAT:
        problems.append(f"'format' must be {FORMAT!r}, not {data.get('format')!r}")
    if data.get("version", VERSION) != VERSION:
        problems.append(f"'version' {data.get('version')!r} is not known (this is version 1)")
    name = data.get("name", "unnamed deck")
    if not isinstance(name, str):
        problems.append("'name' must be a string")
        name = "unnamed deck"
    unknown = set(data) - {"format", "version", "name", "entrance", "layout", "comment"}
    if unknown:
        problems.append(f"unknown key(s): {', '.join(sorted(unknown))}")
    parts: dict[str, tuple[Card, ...]] = {}
    for key, want, label in (
        ("entrance", ENTRANCE_CARDS, "entrance card E{}"),
        ("layout", LAYOUT_CARDS, "layout card {}"),
    ):
        cards = data.get(key)
        if not isinstance(cards, list):
            problems.append(f"'{key}' must be a list of {want} cards")
            continue
        if len(cards) != want:
            problems.append(f"'{key}' has {len(cards)} cards; a deck has {want} (D-D1)")
        good: list[Card] = []
        for i, text in enumerate(cards, 1):
            card, why = parse_card(text)
            if card is None:
                problems.append(f"{label.format(i)}: {why}")
            else:
                good.append(card)
        parts[key] = tuple(good)
    if problems:
        raise DeckError(source, problems)
    entrance, layout = parts["entrance"], parts["layout"]
    return Deck(name, entrance, layout, digest_of(entrance, layout))


def load_deck(path: str | Path) -> Deck:
    """The deck in a JSON file; :class:`DeckError` if it cannot be read or played."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise DeckError(str(p), [f"cannot read it: {e}"]) from None
    except json.JSONDecodeError as e:
        raise DeckError(str(p), [f"not JSON: {e}"]) from None
    return parse_deck(data, str(p))


@cache
def default_deck() -> Deck:
    """The deck that ships with zoogames (``deck.json`` beside this module)."""
    text = (
        resources.files("zoogames.games.aquarium_designer")
        .joinpath("deck.json")
        .read_text(encoding="utf-8")
    )
    return parse_deck(json.loads(text), "the default deck")
