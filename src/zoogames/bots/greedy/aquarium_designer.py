"""Aquarium Designer's greedy bot: an evaluation of an aquarium and a simple pass rule.

The evaluation of a seat's aquarium is its score now plus what its open areas promise.
An area is *open* when it borders a section of a position that a card will still take
(nine cards always fill a 3×3 area, so every empty position of the current 3×3 box will
be filled). Then:

- ``score``: the points the game would give now (D-R1);
- an open area that already scores: ``GROW`` (0.2) per free section it borders, up to 2,
  since it will likely grow;
- an open area that does not score yet: its would-be points (sections + animals) times
  ``HOPE[missing]``: 0.8 if it lacks one animal, 0.2 if two, 0.1 if three (advanced
  rule), as later cards may complete it; a closed area that does not score is worth 0;
- late in the game hope fades: it is scaled by min(1, positions still to fill / 3), so
  by 1 until the last three cards, then by 2/3 and 1/3.

The weights were tuned on solo games of the default deck (benchmarks/designer_deck.py);
nearby weights change the mean score by less than a point.

Choosing: every card × position × turn of the offer is valued by the evaluation after it
(the first best in the listed order wins a tie). With ``lookahead=1`` (default in solo
play, where the preview card is sure to be offered next round) the best ``width`` of
them are valued instead after the greedy placement of the preview card as well.

Passing (2 or more players, once a round): the bot passes when the card it would take
now is as good to it (within ``keep``, 0.25 points) after every other player still to
draw has taken their own greedy choice — so it loses little and may start the next
round. It never passes in solo play or in round 8 (starting a round 9 is worth nothing).

For search bots (``mcts``): :meth:`DesignerGreedy.value` evaluates a draw on a copy of
the aquarium alone (no copy of the whole state), and :meth:`DesignerGreedy.playout_decide`
is the one-ply best draw, never a pass. A bot remembers the values it computed (per
aquarium, and per draw onto an aquarium): a search meets the same ones again and again.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

from zoogames.bots.greedy import GreedyBot
from zoogames.core.bits import bits
from zoogames.core.game import Action, State
from zoogames.games.aquarium_designer import layout as L
from zoogames.games.aquarium_designer.actions import Draw, Pass, draw
from zoogames.games.aquarium_designer.layout import Layout
from zoogames.games.aquarium_designer.state import ROUNDS, DesignerState, deck_masks

GROW: Final = 0.2
HOPE: Final = (0.0, 0.8, 0.2, 0.1)
KEEP = 0.25
"""Pass if the card kept for later is worth at least its value now less this."""
MEMO: Final = 1 << 16
"""At most this many evaluations remembered per bot (``DesignerGreedy.layout_value``)."""


def fillable_sections(lay: Layout) -> tuple[int, int]:
    """The sections of the positions still to fill, and how many positions those are."""
    free = lay.fillable()
    mask = 0
    for p in bits(free):
        mask |= L.POS_SECTIONS[p]
    return mask, free.bit_count()


AREAS_CACHED: Final = 1 << 16
"""At most this many colour masks' areas are remembered (:func:`areas_of`)."""

_AREAS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def areas_of(mask: int) -> tuple[tuple[int, int, int], ...]:
    """The connected areas of one colour's sections ``mask``, lowest section first.

    Each as ``(area, sections, neighbours)``: its mask, its size, and the sections
    sharing an edge with it. Remembered per mask (the last :data:`AREAS_CACHED`): the
    draws a bot weighs leave most colours of an aquarium as they were, and the flood
    fill is most of an evaluation.
    """
    found = _AREAS.get(mask)
    if found is None:
        out: list[tuple[int, int, int]] = []
        rest = mask
        while rest:
            area = L.grow(rest & -rest, rest)
            rest ^= area
            out.append((area, area.bit_count(), L.neighbours_of(area)))
        if len(_AREAS) >= AREAS_CACHED:
            _AREAS.clear()
        found = _AREAS[mask] = tuple(out)
    return found


def unbegun(state: DesignerState) -> bool:
    """Whether nobody has drawn or passed yet in the round (its starter still to move)."""
    return True not in state.drawn and True not in state.passed


def evaluate_layout(lay: Layout, need: int) -> float:
    """The score of ``lay`` plus what its open areas promise (see the module docstring)."""
    free, left = fillable_sections(lay)
    fade = min(1.0, left / 3)
    value = 0.0
    animals = lay.animals
    for mask in lay.colours:
        for area, s, neighbours in areas_of(mask):
            a = (area & animals).bit_count()
            border = (neighbours & free).bit_count() if free else 0
            if a >= need:
                value += s + a + GROW * min(border, 2)
            elif border:
                value += (s + a) * HOPE[min(need - a, 3)] * fade
    return value


class DesignerGreedy(GreedyBot):
    """The greedy bot for Aquarium Designer (see the module docstring)."""

    def __init__(
        self,
        seed: int = 0,
        lookahead: int = -1,
        width: int = 8,
        keep: float = KEEP,
        tempo: float = 0.0,
        **params: Any,
    ) -> None:
        super().__init__(seed, **params)
        self.lookahead = int(lookahead)
        self.width = int(width)
        self.keep = float(keep)
        self.tempo = float(tempo)
        self._values: dict[tuple[int, ...], float] = {}
        self._draws: dict[tuple[int, ...], dict[tuple[int, int, int, int], float]] = {}
        self._deck = ""

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's score now plus its aquarium's promise (and ``tempo``, see below).

        With ``tempo`` (``greedy:tempo=1``; a search's ``mcts:tempo=1``), a round not yet
        begun is worth that many points more to the seat that starts it: it takes its
        pick of the offer, or passes and sees what is left, which the aquarium alone
        cannot show (``benchmarks/designer_tempo.py`` measures it). A search that adds it
        won no more often (docs/bots.md): the other player can always take the start
        back by passing too.
        """
        assert isinstance(state, DesignerState)
        value = self.layout_value(state.layouts[seat], state.need)
        if self.tempo and seat == state.first and state.offer and unbegun(state):
            value += self.tempo
        return value

    def layout_value(self, lay: Layout, need: int) -> float:
        """:func:`evaluate_layout`, remembered per aquarium by this bot.

        A search meets the same aquariums again and again (the same cards tried at the
        same places in playout after playout), and the evaluation depends only on the
        colours, the animals and the positions still to fill. At most ``MEMO`` values are
        kept (then the memo starts afresh).
        """
        c = lay.colours
        key = (c[0], c[1], c[2], c[3], lay.animals, lay.fillable(), need)
        value = self._values.get(key)
        if value is None:
            if len(self._values) >= MEMO:
                self._values.clear()
            value = self._values[key] = evaluate_layout(lay, need)
        return value

    def options(
        self, state: DesignerState, seat: int, offer: list[int]
    ) -> list[tuple[float, Draw]]:
        """Every draw of ``offer`` for ``seat``, valued by the evaluation after it."""
        lay = state.layouts[seat]
        need = state.need
        masks = deck_masks(state.deck).layout
        where = [L.XY[p] for p in bits(lay.free())]
        known = self._known_draws(state, lay)
        out: list[tuple[float, Draw]] = []
        for card in sorted(offer):
            for x, y in where:
                for r in range(4):
                    key = (card, x, y, r)
                    value = known.get(key)
                    if value is None:
                        after = lay.copy()
                        after.place(card, x, y, r, masks[card - 1][r])
                        value = known[key] = self.layout_value(after, need)
                    out.append((value, draw(card, x, y, r)))
        return out

    def _known_draws(
        self, state: DesignerState, lay: Layout
    ) -> dict[tuple[int, int, int, int], float]:
        """The values this bot already knows of draws onto ``lay``, by card, place and turn.

        What a draw leads to depends only on the aquarium's colours, animals, cards laid
        and extent (and on the deck, whose cards the numbers name: a new deck forgets all).
        """
        if state.deck.digest != self._deck:
            self._deck = state.deck.digest
            self._draws.clear()
        c = lay.colours
        key: tuple[int, ...] = (c[0], c[1], c[2], c[3], lay.animals, lay.occupied)
        key += (lay.minx, lay.maxx, lay.miny, lay.maxy, state.need)
        known = self._draws.get(key)
        if known is None:
            if len(self._draws) >= MEMO:
                self._draws.clear()
            known = self._draws[key] = {}
        return known

    def best(self, state: DesignerState, seat: int, offer: list[int]) -> tuple[float, Draw]:
        """The best draw of ``offer`` for ``seat`` by one ply (ties: the first listed)."""
        best_value, best_action = float("-inf"), None
        for value, action in self.options(state, seat, offer):
            if value > best_value:
                best_value, best_action = value, action
        assert best_action is not None
        return best_value, best_action

    def decide(self, state: State, legal: list[Action]) -> Action:
        """Pass by the pass rule, else the best draw (with look-ahead if asked)."""
        assert isinstance(state, DesignerState)
        seat = state.to_move
        assert seat is not None
        if self.should_pass(state, seat, legal):
            return next(a for a in legal if isinstance(a, Pass))
        lookahead = self.lookahead if self.lookahead >= 0 else int(state.players == 1)
        if not lookahead or not state.preview:
            return self.best(state, seat, state.offer)[1]
        ranked = sorted(self.options(state, seat, state.offer), key=lambda va: -va[0])
        masks = deck_masks(state.deck).layout
        best_value, best_action = float("-inf"), ranked[0][1]
        for _, action in ranked[: self.width]:
            trial = state.clone()
            trial.layouts[seat].place(
                action.card, action.x, action.y, action.turns, masks[action.card - 1][action.turns]
            )
            value = self.best(trial, seat, [state.preview])[0]
            if value > best_value:
                best_value, best_action = value, action
        return best_action

    def value(self, state: State, action: Action, seat: int) -> float:
        """The evaluation after ``action`` (a pass leaves the aquarium as it is)."""
        assert isinstance(state, DesignerState)
        lay = state.layouts[seat]
        if isinstance(action, Draw):
            lay = lay.copy()
            masks = deck_masks(state.deck).layout[action.card - 1][action.turns]
            lay.place(action.card, action.x, action.y, action.turns, masks)
        return self.layout_value(lay, state.need)

    def kind(self, action: Action) -> Hashable:
        """The card a draw takes, or the pass: the choices the players contend over.

        Which card and whether to pass are what the players contend over; where and how
        a card is turned concerns its own aquarium alone. A pass leaves the aquarium as it
        is, so the evaluation ranks it below every draw, and a search widening by that
        ranking alone would try it last.
        """
        return action.card if isinstance(action, Draw) else "pass"

    def playout_decide(self, state: State, legal: list[Action]) -> Action:
        """A fast policy for search playouts: the best draw by one ply, never a pass."""
        assert isinstance(state, DesignerState)
        assert state.to_move is not None
        return self.best(state, state.to_move, state.offer)[1]

    def should_pass(self, state: DesignerState, seat: int, legal: list[Action]) -> bool:
        """True if passing now costs little (see the module docstring)."""
        if state.players == 1 or state.round == ROUNDS or not isinstance(legal[0], Pass):
            return False
        now = self.best(state, seat, state.offer)[0]
        offer = list(state.offer)
        n = state.players
        for step in range(1, n):
            other = (seat + step) % n
            if state.drawn[other]:
                continue
            taken = self.best(state, other, offer)[1].card
            offer.remove(taken)
        later = self.best(state, seat, offer)[0]
        return later >= now - self.keep


__all__ = ["DesignerGreedy", "evaluate_layout", "unbegun"]
