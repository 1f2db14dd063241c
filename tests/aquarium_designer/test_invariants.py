"""Aquarium Designer's conservation laws and layout invariants over random games (Hypothesis).

Checked after every action of random games with 1 to 5 players (D-D1, D-R1):

- cards: deck + preview + offer + left the game + all aquariums = the 40 layout cards,
  each once;
- the offer holds one card per player still to draw (solo: 5 until the draw); the preview
  shows from round 1 to 7, never in round 8;
- each aquarium: the entrance card at 0,0; every card shares a side with an earlier one
  (so the cards are connected); all within one 3×3 area; one card per round so far; its
  colour masks split the sections of its positions exactly; animals only on them;
- every legal action applies; a sample of other actions is refused and changes nothing;
- the view never names a card of the unseen deck;
- at the end every aquarium fills a 3×3 area.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zoogames import IllegalAction
from zoogames.games.aquarium_designer import AQUARIUM_DESIGNER, DesignerState
from zoogames.games.aquarium_designer import layout as L
from zoogames.games.aquarium_designer.actions import Draw
from zoogames.games.aquarium_designer.state import offer_size


def check_invariants(s: DesignerState) -> None:
    placed = [n for lay in s.layouts for n, *_ in lay.cards]
    everywhere = s.pile + s.offer + s.left + placed + ([s.preview] if s.preview else [])
    assert sorted(everywhere) == list(range(1, 41)), "every layout card is somewhere, once"
    if s.to_move is not None:
        if s.players == 1:
            assert len(s.offer) == 5
        else:
            assert len(s.offer) == s.drawn.count(False)
        assert (s.preview != 0) == (s.round < 8)
        assert not s.drawn[s.to_move]
    for lay in s.layouts:
        drawn_now = s.drawn[s.layouts.index(lay)] if s.to_move is not None else True
        assert len(lay.cards) == s.round - 1 + drawn_now
        seen = {(0, 0)}
        for _, x, y, turns in lay.cards:
            assert (x, y) not in seen
            assert any((x + dx, y + dy) in seen for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            assert 0 <= turns <= 3
            seen.add((x, y))
        xs = [x for x, _ in seen]
        ys = [y for _, y in seen]
        assert max(xs) - min(xs) <= 2 and max(ys) - min(ys) <= 2, "within 3×3 cards"
        assert (lay.minx, lay.maxx, lay.miny, lay.maxy) == (min(xs), max(xs), min(ys), max(ys))
        assert lay.occupied == sum(1 << L.pos(x, y) for x, y in seen)
        sections = sum(L.POS_SECTIONS[L.pos(x, y)] for x, y in seen)
        union = 0
        for mask in lay.colours:
            assert mask & union == 0
            union |= mask
        assert union == sections
        assert lay.animals & ~sections == 0


def check_refusals(s: DesignerState, rng: random.Random) -> None:
    legal = set(s.legal_actions())
    before = s.clone()
    for _ in range(20):
        card = rng.choice([*s.offer, s.preview, rng.randint(0, 41)])
        action = Draw(card, rng.randint(-2, 2), rng.randint(-2, 2), rng.randint(0, 3))
        if action in legal:
            continue
        reason = s.check(action)
        assert reason, f"{action} is not listed as legal but check() accepts it"
        with pytest.raises(IllegalAction):
            s.apply(action)
    assert s == before
    for legal_action in rng.sample(sorted(legal, key=str), min(6, len(legal))):
        s.clone().apply(legal_action)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@settings(max_examples=25)
@given(
    seed=st.integers(0, 2**53 - 1),
    advanced=st.booleans(),
    play_seed=st.integers(0, 2**32 - 1),
)
def test_invariants_hold_in_random_games(
    players: int, seed: int, advanced: bool, play_seed: int
) -> None:
    choices = random.Random(play_seed)  # a whole game's choices: a seed, not drawn data
    state = AQUARIUM_DESIGNER.new_game(players=players, seed=seed, advanced=advanced)
    while not state.is_terminal:
        check_invariants(state)
        if choices.random() < 0.3:
            check_refusals(state, choices)
        if choices.random() < 0.2:
            view = state.view(state.to_move)
            text = json.dumps(view)
            shown = {c["card"] for c in [*view["offer"], *view["left_game"]]}
            assert shown == {*state.offer, *state.left}
            assert view["preview"] == (state.card_view(state.preview) if state.preview else None)
            assert view["deck"] == len(state.pile)
            assert '"pile"' not in text
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
    check_invariants(state)
    for lay in state.layouts:
        assert lay.occupied.bit_count() == 9
        assert lay.maxx - lay.minx == 2 and lay.maxy - lay.miny == 2
        assert lay.fillable() == 0
    assert len(state.left) == (32 if players == 1 else 0)
    assert len(state.pile) == 40 - 8 * offer_size(players)
