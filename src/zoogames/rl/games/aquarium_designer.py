"""Aquarium Designer for the adapters: action index space, observation, chance nodes.

Actions (the same 3,841 indices for 1 to 5 players):

==============  ===================  ================================================
block           count                index runs over
==============  ===================  ================================================
pass            1
draw C X,Y R    40 × 24 × 4          card 1–40, then position (the 5×5 grid row by
                                     row, without the entrance card's 0,0), then turn
                                     r0, r90, r180, r270
==============  ===================  ================================================

Chance (OpenSpiel): the set-up deals the start player, each seat's entrance card and the
first round's offer and preview one card at a time; a ``draw`` that ends a round deals
the next round's new offer cards and preview, one chance node per card, uniform over the
cards still in the deck.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from zoogames.core.errors import IllegalAction
from zoogames.core.game import JSON, Action, State
from zoogames.games.aquarium_designer import layout as L
from zoogames.games.aquarium_designer.actions import PASS, TURNS, Draw, Pass, draw
from zoogames.games.aquarium_designer.cards import COLOURS, ENTRANCE_CARDS, LAYOUT_CARDS, Card
from zoogames.games.aquarium_designer.state import ROUNDS, DesignerState, offer_size
from zoogames.rl.games import GameSpec, SetupStep
from zoogames.rl.spaces import ActionSpace, Block, ObservationEncoder, Vector, cached, segments

POSITIONS = tuple((x, y) for y in range(L.LO, L.HI + 1) for x in range(L.LO, L.HI + 1))
PLACES = tuple(p for p in POSITIONS if p != (0, 0))
"""The 24 positions a layout card can take, row by row (0,0 holds the entrance card)."""
_PLACE_ID = {p: i for i, p in enumerate(PLACES)}
PER_CARD = len(PLACES) * len(TURNS)


class DesignerActions(ActionSpace):
    """Aquarium Designer's action index space (see the module docstring)."""

    def __init__(self, players: int) -> None:
        from zoogames.games.aquarium_designer.state import AQUARIUM_DESIGNER

        super().__init__(AQUARIUM_DESIGNER, players)
        self.blocks = (
            Block("pass", 0, 1, "pass", ""),
            Block("draw", 1, LAYOUT_CARDS * PER_CARD, "draw CARD X,Y TURN", "card, place, turn"),
        )
        self.n = 1 + LAYOUT_CARDS * PER_CARD

    def _encode(self, action: Action) -> int:
        if type(action) is Pass:
            return 0
        if type(action) is not Draw:
            raise IllegalAction(f"{action} is not an Aquarium Designer action")
        assert isinstance(action, Draw)
        place = _PLACE_ID.get((action.x, action.y))
        if not 1 <= action.card <= LAYOUT_CARDS or place is None or not 0 <= action.turns < 4:
            raise IllegalAction(f"{action} can never be legal")
        return 1 + (action.card - 1) * PER_CARD + place * len(TURNS) + action.turns

    def _decode(self, index: int) -> Action:
        if index == 0:
            return PASS
        card, rest = divmod(index - 1, PER_CARD)
        place, turns = divmod(rest, len(TURNS))
        x, y = PLACES[place]
        return draw(card + 1, x, y, turns)

    def factors(self) -> dict[str, npt.NDArray[np.int32]]:
        """``block`` (0 pass, 1 draw), ``a`` the card (0–39), ``b`` place × 4 + turn."""
        i = np.arange(self.n, dtype=np.int32) - 1
        a, b = np.divmod(np.maximum(i, 0), PER_CARD)
        block = (i >= 0).astype(np.int32)
        return {"block": block, "a": a * block, "b": b * block}


_SECTION_BYTES = (L.SECTION_BITS + 7) // 8
LAYOUT_PLANES = (*(f"colour:{c}" for c in COLOURS), "animal")
"""Per aquarium, 10×10 section planes (row y, column x; the entrance card's sections are
rows and columns 4–5)."""
PLAYER_FEATURES = ("cards", "animals", "score", "drawn", "passed", "first")
CARD_FEATURES = 4 * (len(COLOURS) + 1)
"""A card's 4 sections TL, TR, BL, BR (unturned), each one-hot colour and an animal flag."""


def _card_features(card: Card) -> array[float]:
    """A card's :data:`CARD_FEATURES`: per section TL, TR, BL, BR, colour one-hot, animal."""
    out = array("f", bytes(4 * CARD_FEATURES))
    for i, (colour, animal) in enumerate(card.rotated(0)):
        out[5 * i + colour] = 1
        out[5 * i + 4] = animal
    return out


class DesignerObservation(ObservationEncoder):
    """What one seat sees of Aquarium Designer: everything but the deck's order.

    Segments (P players; seats from the observer on, in turn order):

    - ``layouts`` (P, 5, 10, 10): per aquarium, :data:`LAYOUT_PLANES`;
    - ``positions`` (P, 2, 5, 5): per aquarium, the card positions taken and those a card
      may take now;
    - ``players`` (P, 6): :data:`PLAYER_FEATURES` (cards placed, animals, points now,
      drew this round, passed this round, first player of the round);
    - ``turn`` (P): one-hot, whose turn it is (all 0 once the game is over);
    - ``table`` (3): round, advanced rule, cards left in the deck;
    - ``cards`` (4, 40): per layout card, whether it is in the offer, the preview, out
      of the game (solo), or still unseen in the deck;
    - ``offer`` (5, 20): the offer's cards in number order, their sections
      (:data:`CARD_FEATURES`); ``preview`` (20): the preview card's.
    """

    def __init__(self, players: int) -> None:
        from zoogames.games.aquarium_designer.state import AQUARIUM_DESIGNER

        super().__init__(AQUARIUM_DESIGNER, players)
        p = players
        self.segments = segments(
            [
                ("layouts", (p, len(LAYOUT_PLANES), 10, 10), "section planes (LAYOUT_PLANES)"),
                ("positions", (p, 2, 5, 5), "positions taken, positions free"),
                ("players", (p, len(PLAYER_FEATURES)), "per seat (PLAYER_FEATURES)"),
                ("turn", (p,), "seat to move, one-hot"),
                ("table", (3,), "round, advanced, deck size"),
                ("cards", (4, LAYOUT_CARDS), "in offer, preview, out of the game, unseen"),
                ("offer", (5, CARD_FEATURES), "offer cards' sections"),
                ("preview", (CARD_FEATURES,), "preview card's sections"),
            ]
        )
        last = self.segments[-1]
        self.size = last.offset + last.size
        self.high = 128.0
        self._at = {s.name: s.offset for s in self.segments}
        self._planes = p * len(LAYOUT_PLANES) * 100
        self._zeros = bytes(4 * (self.size - self._planes))
        self._layouts: dict[Any, tuple[Vector, array[float], array[float]]] = {}
        self._cards: dict[str, list[array[float]]] = {}

    def _layout(self, lay: L.Layout, need: int) -> tuple[Vector, array[float], array[float]]:
        """:func:`_layout_parts`, cached: an aquarium changes once a round at most.

        The entrance and the cards placed (number, position, turns, in order) make the
        whole layout, so with the scoring rule (``need``) they key everything derived.
        """
        key = (lay.entrance, *lay.cards, need)
        return cached(self._layouts, key, lambda: _layout_parts(lay, need))

    def encode_into(self, state: State, seat: int, out: Vector) -> None:
        """Write what ``seat`` sees of ``state`` into ``out`` (every entry)."""
        assert isinstance(state, DesignerState)
        p = self.players
        at = self._at
        order = [(seat + i) % p for i in range(p)]
        base = self._planes
        size = len(LAYOUT_PLANES) * 100
        rest = array("f", self._zeros)  # item writes on an array.array are cheap
        for r, s in enumerate(order):
            planes, positions, features = self._layout(state.layouts[s], state.need)
            out[r * size : (r + 1) * size] = planes
            o = at["positions"] - base + r * 50
            rest[o : o + 50] = positions
            o = at["players"] - base + r * len(PLAYER_FEATURES)
            rest[o : o + 3] = features
            rest[o + 3] = state.drawn[s]
            rest[o + 4] = state.passed[s]
            if state.first == s:
                rest[o + 5] = 1
        if state.to_move is not None:
            rest[at["turn"] - base + (state.to_move - seat) % p] = 1
        o = at["table"] - base
        rest[o] = state.round
        if state.need == 3:
            rest[o + 1] = 1
        rest[o + 2] = len(state.pile)
        o = at["cards"] - base
        for c in state.offer:
            rest[o + c - 1] = 1
        # Each layout card's features, once per deck (the deck's digest names its cards).
        deck = state.deck
        rows = cached(self._cards, deck.digest, lambda: [_card_features(c) for c in deck.layout])
        if state.preview:
            rest[o + LAYOUT_CARDS + state.preview - 1] = 1
            f = at["preview"] - base
            rest[f : f + CARD_FEATURES] = rows[state.preview - 1]
        for c in state.left:
            rest[o + 2 * LAYOUT_CARDS + c - 1] = 1
        for c in state.pile:
            rest[o + 3 * LAYOUT_CARDS + c - 1] = 1
        f = at["offer"] - base
        for c in sorted(state.offer):
            rest[f : f + CARD_FEATURES] = rows[c - 1]
            f += CARD_FEATURES
        out[base:] = np.frombuffer(rest, np.float32)


def _layout_parts(lay: L.Layout, need: int) -> tuple[Vector, array[float], array[float]]:
    """An aquarium's planes, its positions (taken, free) and its first 3 player features."""
    masks = [*lay.colours, lay.animals]
    raw = b"".join(m.to_bytes(_SECTION_BYTES, "little") for m in masks)
    bits = np.unpackbits(np.frombuffer(raw, np.uint8), bitorder="little")
    grid = bits.reshape(len(masks), _SECTION_BYTES * 8)[:, : L.SECTION_BITS]
    planes = grid.reshape(len(masks), 10, L.W)[:, :, :10].astype(np.float32).ravel()
    positions = array("f", bytes(4 * 50))
    for q in L.bits(lay.occupied):
        positions[q] = 1
    for q in L.bits(lay.free()):
        positions[25 + q] = 1
    features = array("f", (1 + len(lay.cards), lay.animal_count, lay.score(need)[0]))
    return planes, positions, features


def _deal_size(state: DesignerState) -> int:
    """Cards the next round's deal takes from the deck: new offer cards and a preview."""
    new_round = state.round + 1
    offer = offer_size(state.players) - (1 if state.preview else 0)
    return offer + (1 if new_round < ROUNDS else 0)


class DesignerSpec(GameSpec):
    """Aquarium Designer for the adapters."""

    game_id = "aquarium-designer"
    gym_name = "AquariumDesigner"

    def action_space(self, players: int) -> DesignerActions:
        """The index space (see the module docstring)."""
        return DesignerActions(players)

    def observation_encoder(self, players: int) -> DesignerObservation:
        """The observation (see :class:`DesignerObservation`)."""
        return DesignerObservation(players)

    def setup_step(self, players: int, options: dict[str, JSON]) -> SetupStep | None:
        """The start player, each seat's entrance card, then round 1's offer and preview."""
        if "start_player" not in options:
            return SetupStep(
                "start_player",
                tuple(range(players)),
                tuple(f"seat {i} starts" for i in range(players)),
            )
        entrances = list(options.get("entrances", []))
        if len(entrances) < players:
            left = tuple(e for e in range(1, ENTRANCE_CARDS + 1) if e not in entrances)
            seat = len(entrances)
            return SetupStep(
                "entrances", left, tuple(f"seat {seat} gets entrance E{e}" for e in left), True
            )
        order = list(options.get("deck_order", []))
        if len(order) < offer_size(players) + 1:
            left = tuple(c for c in range(1, LAYOUT_CARDS + 1) if c not in order)
            return SetupStep("deck_order", left, tuple(f"deals card {c}" for c in left), True)
        return None

    def chance(
        self, state: State, action: Action, chosen: tuple[int, ...]
    ) -> list[tuple[int, float]] | None:
        """A draw that ends a round (not the last): the deal, card by card, from the deck."""
        assert isinstance(state, DesignerState)
        seat = state.to_move
        if type(action) is not Draw or state.round == ROUNDS or seat is None:
            return None
        if not all(d for s, d in enumerate(state.drawn) if s != seat):
            return None
        if len(chosen) == _deal_size(state):
            return None
        left = [c - 1 for c in sorted(state.pile) if c - 1 not in chosen]
        return [(o, 1.0 / len(left)) for o in left]

    def apply_chance(self, state: State, action: Action, chosen: tuple[int, ...]) -> None:
        """Put the chosen cards on top of the deck, in deal order, then draw."""
        assert isinstance(state, DesignerState)
        cards = [o + 1 for o in chosen]
        state.pile[:] = [c for c in state.pile if c not in cards] + cards[::-1]
        state.apply(action)

    def chance_label(self, outcome: int) -> str:
        """``deals card 17``."""
        return f"deals card {outcome + 1}"

    def max_chance_outcomes(self, players: int) -> int:
        """40 layout cards (set-up outcomes: seats, entrance cards and cards, use fewer)."""
        return LAYOUT_CARDS

    def forced_options(self, options: dict[str, JSON], outcomes: list[int]) -> dict[str, JSON]:
        """``deck_order``: the set-up's cards, then every card dealt after, in order."""
        return {"deck_order": [*options.get("deck_order", []), *(o + 1 for o in outcomes)]}

    def max_game_length(self, players: int) -> int:
        """8 rounds; each seat passes at most once and draws once a round."""
        return ROUNDS * 2 * players

    def score_bounds(self, players: int) -> tuple[float, float]:
        """Points are never negative; 9 cards hold 36 sections and at most 36 animals."""
        return (0.0, 72.0)


SPEC = DesignerSpec()
