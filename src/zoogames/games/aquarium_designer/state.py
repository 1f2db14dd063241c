"""Aquarium Designer's rules (rulings D-D1, D-R1): rounds, the offer, drawing and scoring.

A round (8 in a game):

1. *Preparation.* The offer holds one face-up card per player (5 in solo play). In round
   1 they come from the deck; from round 2 the last round's preview card is one of them
   and the rest come from the deck. Then the deck's top card is turned face up as the
   *preview*: it stays on the deck and cannot be taken this round. No preview in round 8.
2. *Drawing.* From the round's first player in seat order, each player either draws (takes
   an offer card and places it at once) or passes. A player passes at most once a round,
   so after at most two laps everyone has drawn one card. The player who drew last is
   the first player of the next round.
3. *Placing.* A card goes on an empty position sharing a full side with a placed card,
   turned any of 4 ways, with all cards inside one 3×3 area (see ``layout.py``).

In solo play the 4 offer cards not chosen leave the game at the end of each round. With
5 players, or solo, all 40 layout cards are used by round 8.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self

from zoogames.core.bits import bits
from zoogames.core.errors import InvalidOptions
from zoogames.core.fields import LIST, SHARED, Fields, fields
from zoogames.core.game import (
    START_PLAYER,
    Action,
    Game,
    OptionSpec,
    Score,
    Shuffler,
    State,
)
from zoogames.core.message import N_, Message, msg
from zoogames.core.rng import Rng, fresh_seed
from zoogames.games.aquarium_designer import layout as L
from zoogames.games.aquarium_designer.actions import PASS, TURNS, Draw, Pass, parse, placements
from zoogames.games.aquarium_designer.cards import (
    COLOURS,
    DEFAULT_DECK_ID,
    ENTRANCE_CARDS,
    LAYOUT_CARDS,
    Deck,
    default_deck,
    load_deck,
    parse_deck,
)
from zoogames.games.aquarium_designer.layout import Layout, card_masks
from zoogames.games.aquarium_designer.render import render

if TYPE_CHECKING:
    # For mypy only, like every view's TypedDict (games/trucks.py says why).
    from zoogames.games.aquarium_designer.view_types import (
        AreaView,
        CardView,
        DesignerView,
        LayoutView,
        PlacedCardView,
    )

ROUNDS: Final = 8
SOLO_OFFER = 5
"""Solo play shows 5 face-up cards (and a preview) each round (D-R1)."""

BASIC_NEED, ADVANCED_NEED = 2, 3
"""Animals an area needs to score: 2 in the basic rule, 3 in the advanced rule (D-R1)."""

RANKS = (("S", 50), ("A", 45), ("B", 40), ("C", 35), ("D", -1))
"""The solo designer ranks and the least score of each (D-R1): S ≥ 50, A 45–49, B 40–44,
C 35–39, D ≤ 34."""


def rank(score: int) -> str:
    """The solo designer rank of a score (D-R1)."""
    return next(name for name, least in RANKS if score >= least)


def offer_size(players: int) -> int:
    """Face-up cards per round: one per player, 5 in solo play (D-R1)."""
    return SOLO_OFFER if players == 1 else players


class DeckMasks:
    """A deck's cards as local bitmasks, per rotation (computed once per deck)."""

    __slots__ = ("entrance", "layout")

    def __init__(self, deck: Deck) -> None:
        self.entrance = [card_masks(c) for c in deck.entrance]
        self.layout = [card_masks(c) for c in deck.layout]


_DECK_MASKS: Final[dict[str, DeckMasks]] = {}
DECK_MASKS_CACHED: Final = 64
"""Decks whose masks are kept (a server sees any number of decks: the oldest go first)."""


def deck_masks(deck: Deck) -> DeckMasks:
    """The bitmask tables of ``deck``, cached by its digest (the last :data:`DECK_MASKS_CACHED`)."""
    t = _DECK_MASKS.get(deck.digest)
    if t is None:
        if len(_DECK_MASKS) >= DECK_MASKS_CACHED:
            del _DECK_MASKS[next(iter(_DECK_MASKS))]
        t = _DECK_MASKS[deck.digest] = DeckMasks(deck)
    return t


class DesignerState(State):
    """A position of Aquarium Designer.

    - ``deck``: the cards in play (:class:`~.cards.Deck`); ``need``: animals an area
      needs to score (2 basic, 3 advanced);
    - ``pile``: the unseen layout cards, the next one last (never shown);
    - ``preview``: the face-up top card of the deck (0: none); ``offer``: the face-up
      cards that may be drawn; ``left``: solo cards that left the game;
    - ``layouts[seat]``: each player's :class:`~.layout.Layout`;
    - ``round`` (1–8), ``first`` (the round's first player), ``drawn[seat]`` and
      ``passed[seat]`` for this round.
    """

    FIELDS: ClassVar[Fields] = State.FIELDS + fields(
        deck=SHARED,
        need=SHARED,
        pile=LIST,
        preview=SHARED,
        offer=LIST,
        left=LIST,
        layouts=Layout,
        round=SHARED,
        first=SHARED,
        drawn=LIST,
        passed=LIST,
    )

    deck: Deck
    need: int
    pile: list[int]
    preview: int
    offer: list[int]
    left: list[int]
    layouts: list[Layout]
    round: int
    first: int
    drawn: list[bool]
    passed: list[bool]

    tiebreak_name: ClassVar[str] = "animals"

    # ----- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """``pass`` (if not passed yet this round), then every card × position × turn."""
        seat = self.to_move
        if seat is None:
            return []
        acts: list[Action] = [] if self.passed[seat] else [PASS]
        free = bits(self.layouts[seat].free())
        for card in sorted(self.offer):
            draws = placements(card)
            for p in free:
                acts.extend(draws[p])
        return acts

    def check(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else why not."""
        seat = self.to_move
        if seat is None:
            return "the game is over"
        if type(action) is Pass:
            if self.passed[seat]:
                return "you passed once this round already: now you must draw a card"
            return None
        if not isinstance(action, Draw):
            return f"{action} is not an Aquarium Designer action"
        if action.card not in self.offer:
            if action.card == self.preview:
                return (
                    f"card {action.card} is the preview: it joins the offer next round and"
                    " cannot be taken now"
                )
            offer = ", ".join(str(c) for c in sorted(self.offer))
            return f"card {action.card} is not in the offer (the offer: {offer})"
        if not 0 <= action.turns <= 3:
            return "a card turns r0, r90, r180 or r270"
        return self.layouts[seat].why_not(action.x, action.y)

    def _apply(self, action: Action) -> None:
        seat = self.to_move
        assert seat is not None
        if not isinstance(action, Draw):  # a pass, the only other action check() lets by
            self.passed[seat] = True
            self._next(seat)
            return
        self.offer.remove(action.card)
        masks = deck_masks(self.deck).layout[action.card - 1][action.turns]
        self.layouts[seat].place(action.card, action.x, action.y, action.turns, masks)
        self.drawn[seat] = True
        if False not in self.drawn:  # (all() is a generic call, compiled)
            self._end_round(seat)
        else:
            self._next(seat)

    def _next(self, seat: int) -> None:
        """The next seat in order that has not drawn; it may be ``seat`` itself."""
        n = self.players
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not self.drawn[nxt]:
                self.to_move = nxt
                return

    def _end_round(self, last: int) -> None:
        """Round over: the last drawer starts the next, whose offer is dealt (D-R1)."""
        self.left.extend(self.offer)  # solo: the 4 cards not chosen leave the game
        self.offer = []
        if self.round == ROUNDS:
            self.to_move = None
            return
        self.round += 1
        self._deal()
        self.first = last
        self.to_move = last
        self.drawn = [False] * self.players
        self.passed = [False] * self.players

    def _deal(self) -> None:
        """The offer (the preview first, then cards from the deck) and the next preview."""
        want = offer_size(self.players)
        self.offer = [self.preview] if self.preview else []
        while len(self.offer) < want:
            self.offer.append(self.pile.pop())
        self.preview = self.pile.pop() if self.round < ROUNDS else 0

    # ----- scores -----------------------------------------------------------------------

    def reveals(self, action: Action) -> bool:
        """True for the action that ends a round before the last: new cards are dealt."""
        after = self.clone()
        after._apply(action)
        return after.round != self.round and after.to_move is not None

    def revealed(self, action: Action) -> tuple[tuple[int, ...], int]:
        """The offer and the preview after ``action``: all that chance ever shows here.

        A round's end deals them from the deck; within a round they only lose the card
        drawn, the same in every determinization. (Equal keys exactly when the public
        views are equal, as the protocol asks, at the cost of two small tuples instead of
        the whole view as JSON.)
        """
        return tuple(sorted(self.offer)), self.preview

    def scores(self) -> list[Score]:
        """Points per seat, per colour (the sum of that colour's scoring areas; D-R1)."""
        out = []
        for lay in self.layouts:
            total, per = lay.score(self.need)
            out.append(Score(total, dict(zip(COLOURS, per, strict=True))))
        return out

    def tiebreak(self, seat: int) -> int:
        """Ties on points go to the most animals on the player's cards (D-R1)."""
        return self.layouts[seat].animal_count

    def rank(self, seat: int = 0) -> str:
        """The solo designer rank of ``seat``'s score now (D-R1)."""
        return rank(self.layouts[seat].score(self.need)[0])

    # ----- views and copies -------------------------------------------------------------

    def card_view(self, number: int, turns: int = 0) -> CardView:
        """A layout card as JSON: its number and its sections TL, TR, BL, BR."""
        card = self.deck.layout[number - 1]
        return {"card": number, "text": card.text(turns), "sections": card.to_json(turns)}

    def layout_view(self, seat: int) -> LayoutView:
        """One aquarium as JSON: its cards, areas, free positions and animals."""
        lay = self.layouts[seat]
        entrance = self.deck.entrance[lay.entrance - 1]
        cards: list[PlacedCardView] = [
            {
                "card": f"E{lay.entrance}",
                "x": 0,
                "y": 0,
                "turn": "r0",
                "text": entrance.text(),
                "sections": entrance.to_json(),
            }
        ]
        for number, x, y, turns in lay.cards:
            cards.append({**self.card_view(number, turns), "x": x, "y": y, "turn": TURNS[turns]})
        areas: list[AreaView] = []
        for a in lay.areas():
            cells = []
            for b in bits(a.mask):
                sy, sx = divmod(b, L.W)
                cells.append([sx - 4, sy - 4])  # sections of the entrance card: 0..1
            areas.append(
                {
                    "colour": COLOURS[a.colour],
                    "sections": a.sections,
                    "animals": a.animals,
                    "points": a.points(self.need),
                    "cells": cells,
                }
            )
        return {
            "entrance": f"E{lay.entrance}",
            "cards": cards,
            "areas": areas,
            "animals": lay.animal_count,
            "free": [list(L.XY[p]) for p in bits(lay.free())],
        }

    def view(self, seat: int | None) -> DesignerView:
        """What ``seat`` sees: everything but the order of the deck under the preview."""
        v: DesignerView = {
            "game": "aquarium-designer",
            **self.base_view(seat),
            "round": self.round,
            "rounds": ROUNDS,
            "rule": "advanced" if self.need == ADVANCED_NEED else "basic",
            "first_player": self.first,
            "offer": [self.card_view(c) for c in sorted(self.offer)],
            "preview": self.card_view(self.preview) if self.preview else None,
            "deck": len(self.pile),
            "left_game": [self.card_view(c) for c in self.left],
            "drawn": self.drawn[:],
            "passed": self.passed[:],
            "layouts": [self.layout_view(i) for i in range(self.players)],
            "deck_name": self.deck.name,
            "deck_name_id": DEFAULT_DECK_ID if self.is_default_deck() else "",
            "rank": self.rank(0) if self.players == 1 else None,
        }
        return v

    def is_default_deck(self) -> bool:
        """Whether the deck is the one that ships with zoogames, cards and name alike."""
        default = default_deck()
        return self.deck.digest == default.digest and self.deck.name == default.name

    def determinize(self, rng: Shuffler) -> Self:
        """A copy whose unseen cards (the deck under the preview) are reshuffled.

        The deck is sorted before it is shuffled, so the guess depends only on which cards
        are unseen (public) and on ``rng``, never on their real order.
        """
        new = self.clone()
        new.pile.sort()
        rng.shuffle(new.pile)
        return new

    def describe(self, action: Action, seat: int | None = None) -> Message:
        """The action as a move log message; call it before applying the action.

        The card drawn is one of the open offer's, never the deck's next one.
        """
        if isinstance(action, Draw):
            return msg("designer.draw", card=action.card)
        if isinstance(action, Pass):
            return msg("designer.pass")
        return msg("log.notation", action=str(action))

    def render_text(self, lang: str = "en") -> str:
        """The table as text, its words in ``lang`` (the notation stays as it is)."""
        return render(self, lang)

    def __str__(self) -> str:
        return render(self)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class AquariumDesigner(Game):
    """Aquarium Designer for 1 to 5 players (``zoogames.games.get("aquarium-designer")``).

    Options of :meth:`new_game`:

    - ``advanced``: ``true`` for the advanced rule (an area needs 3 animals, not 2);
    - ``deck``: another deck, as the path of a deck file or its content (a JSON object;
      see ``docs/aquarium-designer.md``); the record keeps its content;
    - ``deck_hash``: the digest the deck must have (records carry it: a record is never
      replayed against another deck);
    - ``start_player``: the seat that starts (default: drawn from the seed; 0 in solo);
    - ``entrances``: the entrance card of each seat, by number 1–6 (default: dealt at
      random from the seed);
    - ``deck_order``: layout card numbers the deck yields first, in order (round 1's
      offer, then its preview, then round 2's new cards, …); the rest of the deck follows
      in shuffled order. A list of all 40 pins the whole game down.
    """

    id = "aquarium-designer"
    name = "Aquarium Designer"
    min_players = 1
    max_players = 5

    OPTIONS = frozenset(
        {"advanced", "deck", "deck_hash", "start_player", "entrances", "deck_order"}
    )

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (see ``docs/notation.md``)."""
        return parse(text)

    OPTION_IDS = (
        N_("option.advanced"),
        N_("option.advanced.help"),
        N_("option.deck"),
        N_("option.deck.help"),
    )
    """The options' labels and help in the catalogue, as ``START_PLAYER_IDS``."""

    def option_specs(self) -> list[OptionSpec]:
        """The advanced rule, another deck (its content) and the start player."""
        advanced = OptionSpec(
            "advanced",
            "bool",
            "Advanced rule",
            "An area needs 3 animals instead of 2 to score.",
            default=False,
        )
        deck = OptionSpec(
            "deck",
            "json",
            "Deck file",
            "Another deck: a deck file's content (see docs/aquarium-designer.md);"
            " left out, the standard deck.",
        )
        start = OptionSpec(
            START_PLAYER.name,
            START_PLAYER.kind,
            START_PLAYER.label,
            START_PLAYER.description,
            players=(2, 3, 4, 5),
        )
        return [advanced, deck, start]

    def new_game(self, players: Any, seed: Any = None, **options: Any) -> DesignerState:
        """A new game at its first decision; see the class docstring for the options."""
        self.check_players(players)
        unknown = set(options) - self.OPTIONS
        if unknown:
            raise InvalidOptions(
                f"unknown option(s) for Aquarium Designer: {', '.join(sorted(unknown))};"
                f" options: {', '.join(sorted(self.OPTIONS))}"
            )
        if seed is None:
            seed = fresh_seed()
        if not _int(seed) or seed < 0:
            raise InvalidOptions(f"the seed must be a non-negative integer, not {seed!r}")
        advanced = options.get("advanced", False)
        if not isinstance(advanced, bool):
            raise InvalidOptions(f"advanced must be true or false, not {advanced!r}")
        deck = choose_deck(options.get("deck"))
        want = options.get("deck_hash")
        if want is not None and want != deck.digest:
            raise InvalidOptions(
                f"deck_hash {want!r} does not match the deck given ({deck.digest}): this game"
                " was played with another deck; pass it with deck=PATH"
            )
        start = options.get("start_player")
        if start is None:
            start = Rng(seed, "start").below(players)
        if not _int(start) or not 0 <= start < players:
            raise InvalidOptions(f"start_player must be a seat from 0 to {players - 1}")
        entrances = choose_entrances(players, seed, options.get("entrances"))
        pile = build_pile(seed, options.get("deck_order"))

        state = DesignerState.__new__(DesignerState)
        state.game = self
        state.players = players
        state.seed = seed
        state.options = {
            "players": players,
            "start_player": start,
            "entrances": entrances,
            "advanced": advanced,
            "deck_hash": deck.digest,
        }
        if deck.digest != default_deck().digest:
            state.options["deck"] = deck.to_json()
        if options.get("deck_order") is not None:
            state.options["deck_order"] = list(options["deck_order"])
        state.history = []
        state.to_move = start
        state.deck = deck
        state.need = ADVANCED_NEED if advanced else BASIC_NEED
        state.pile = pile
        state.preview = 0
        state.left = []
        t = deck_masks(deck)
        state.layouts = [Layout.with_entrance(e, t.entrance[e - 1][0]) for e in entrances]
        state.round = 1
        state.first = start
        state.drawn = [False] * players
        state.passed = [False] * players
        state._deal()
        return state


def choose_deck(given: Any) -> Deck:
    """The default deck, a deck file's path, or a deck file's content (a dict)."""
    if given is None:
        return default_deck()
    if isinstance(given, str | Path):
        return load_deck(given)
    if isinstance(given, dict):
        return parse_deck(given, "the deck option")
    raise InvalidOptions(f"deck must be a path or a deck object, not {json.dumps(given)}")


def choose_entrances(players: int, seed: int, given: Any) -> list[int]:
    """Each seat's entrance card number: given, or dealt from the seed's stream."""
    if given is None:
        return Rng(seed, "entrances").sample(range(1, ENTRANCE_CARDS + 1), players)
    ok = (
        isinstance(given, list | tuple)
        and len(given) == players
        and all(_int(e) and 1 <= e <= ENTRANCE_CARDS for e in given)
        and len(set(given)) == players
    )
    if not ok:
        raise InvalidOptions(
            f"entrances must list {players} different entrance card numbers from 1 to"
            f" {ENTRANCE_CARDS}, one per seat, not {given!r}"
        )
    return list(given)


def build_pile(seed: int, deck_order: Any) -> list[int]:
    """The layout deck as a stack (next card last): ``deck_order`` first, the rest shuffled."""
    rest = list(range(1, LAYOUT_CARDS + 1))
    first: list[int] = []
    if deck_order is not None:
        if not isinstance(deck_order, list | tuple):
            raise InvalidOptions("deck_order must be a list of layout card numbers")
        for i, n in enumerate(deck_order):
            if not _int(n) or not 1 <= n <= LAYOUT_CARDS:
                raise InvalidOptions(
                    f"deck_order[{i}]: {n!r} is not a layout card number (1 to {LAYOUT_CARDS})"
                )
            if n not in rest:
                raise InvalidOptions(f"deck_order[{i}]: card {n} is listed twice")
            rest.remove(n)
            first.append(n)
    Rng(seed, "deck").shuffle(rest)
    order = first + rest
    order.reverse()
    return order


AQUARIUM_DESIGNER = AquariumDesigner()
"""The registered game object."""
