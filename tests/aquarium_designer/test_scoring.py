"""Scoring (ruling D-R1): areas across card edges, the animal threshold, ties, solo ranks."""

from __future__ import annotations

from typing import Any

import pytest

from zoogames.games.aquarium_designer.cards import parse_card
from zoogames.games.aquarium_designer.state import DesignerState, rank

from .helpers import deck_with, new, play

# The rulebook's scoring example, as one 3×3 aquarium of 6×6 sections (the picture is in
# the Japanese rules only; this layout has exactly the areas the text lists):
#   1) 8 sections + 2 sea lions = 10      2) 5 sections + 2 angelfish = 7
#   3) 4 sections + 2 sea lions = 6       4) 3 sections + 2 angelfish = 5
#   5) 6 sections + 3 dolphins = 9
# The penguin chain at the top holds one penguin and scores nothing; the areas with no
# animal (the dolphins at the lower left, three lone penguins) score nothing either.
EXAMPLE = """
P  P* P  P  D  D*
S* S  S  P  D  D
S  S  S  A  D* D*
S* S  A* A  P  S*
D  D  P  A* A  S
A* A  A* P  S* S
"""
GRID = [row.split() for row in EXAMPLE.strip().splitlines()]
ORDER = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]


def card_at(x: int, y: int) -> str:
    """The example's card at position (x, y), -1..1, as deck text."""
    sx, sy = 2 * (x + 1), 2 * (y + 1)
    g = GRID
    return f"{g[sy][sx]} {g[sy][sx + 1]} / {g[sy + 1][sx]} {g[sy + 1][sx + 1]}"


def example(players: int = 1, **options: Any) -> DesignerState:
    """A solo game that builds the example: round r offers card 5r - 4, stored turned
    back by r quarter turns, and the player draws it turned r quarter turns."""
    layout = {}
    for r, (x, y) in enumerate(ORDER, 1):
        card, _ = parse_card(card_at(x, y))
        assert card is not None
        layout[5 * r - 4] = card.text((4 - r) % 4)
    deck = deck_with(layout=layout, entrance={1: card_at(0, 0)})
    state = new(players, deck=deck, deck_order=list(range(1, 41)), **options)
    for r, (x, y) in enumerate(ORDER, 1):
        play(state, f"draw {5 * r - 4} {x},{y} r{90 * (r % 4)}")
    return state


def test_d_r1_the_rulebook_scoring_example_scores_37() -> None:
    state = example()
    assert state.is_terminal
    score = state.scores()[0]
    assert score.total == 37
    assert dict(score.parts) == {"angelfish": 12, "sea-lion": 16, "dolphin": 9, "penguin": 0}
    areas = state.view(None)["layouts"][0]["areas"]
    scoring = sorted(
        (a["colour"], a["sections"], a["animals"], a["points"]) for a in areas if a["points"]
    )
    assert scoring == [
        ("angelfish", 3, 2, 5),
        ("angelfish", 5, 2, 7),
        ("dolphin", 6, 3, 9),
        ("sea-lion", 4, 2, 6),
        ("sea-lion", 8, 2, 10),
    ]
    top_penguins = next(a for a in areas if a["colour"] == "penguin" and a["sections"] == 5)
    assert top_penguins["animals"] == 1 and top_penguins["points"] == 0
    assert sum(a["sections"] for a in areas) == 36


def test_d_r1_the_entrance_card_counts() -> None:
    # the entrance card (S A / A* A at the centre) lies in areas 1 and 2 of the example
    state = example()
    areas = state.layouts[0].areas()
    entrance_bits = [1 << (4 * 11 + 4), 1 << (4 * 11 + 5), 1 << (5 * 11 + 4), 1 << (5 * 11 + 5)]
    touched = {
        (a.colour, a.sections, a.animals) for a in areas for b in entrance_bits if a.mask & b
    }
    assert touched == {(1, 8, 2), (0, 5, 2)}


def test_d_r1_advanced_rule_areas_need_3_animals() -> None:
    state = example(advanced=True)
    score = state.scores()[0]
    assert score.total == 9  # only the dolphins (6 sections, 3 animals)
    assert state.view(None)["rule"] == "advanced"


def test_d_r1_solo_ranks() -> None:
    assert [rank(s) for s in (60, 50, 49, 45, 44, 40, 39, 35, 34, 0)] == list("SSAABBCCDD")
    state = example()
    assert state.rank() == "C"  # 37 points
    assert state.view(0)["rank"] == "C"
    assert "rank C" in str(state)


def tie_game(first_card: str) -> DesignerState:
    """Two players, both entrance cards 'A* A* / A A' (6 points), penguin cards only."""
    layout = {n: "P P / P P" for n in range(1, 41)}
    layout[1] = first_card
    deck = deck_with(layout=layout, entrance={1: "A* A* / A A", 2: "A* A* / A A"})
    return new(2, deck=deck, deck_order=list(range(1, 41)))


def finish(state: DesignerState, first: str) -> DesignerState:
    play(state, first)
    while not state.is_terminal:
        state.apply(state.legal_actions()[-1])  # always a draw, never a pass
    return state


def test_d_r1_a_tie_on_points_goes_to_the_most_animals() -> None:
    # card 1 shows one penguin: it scores nothing but breaks the tie for seat 0
    state = finish(tie_game("P* P / P P"), "draw 1 1,0 r0")
    result = state.result()
    assert result.totals == (6, 6)
    assert result.tiebreak == (3, 2)
    assert result.winners == (0,)
    assert result.to_json() == {"winners": [0], "scores": [6, 6], "animals": [3, 2]}


def test_a_tie_on_points_and_animals_is_shared() -> None:
    state = finish(tie_game("P P / P P"), "draw 1 1,0 r0")
    assert state.result().winners == (0, 1)


def test_an_area_with_no_animal_or_one_scores_nothing() -> None:
    state = new(1, deck=deck_with(entrance={1: "A* S / D P"}))
    assert state.scores()[0].total == 0
    state = new(1, deck=deck_with(entrance={1: "A* A / D P"}))
    assert state.scores()[0].total == 0
    state = new(1, deck=deck_with(entrance={1: "A* A* / D P"}))
    assert state.scores()[0].total == 4  # 2 sections + 2 animals


@pytest.mark.parametrize("advanced", [False, True])
def test_areas_join_across_card_edges(advanced: bool) -> None:
    deck = deck_with(layout={1: "A* D / A* D"}, entrance={1: "A* A / A A"})
    state = new(1, deck=deck, deck_order=list(range(1, 41)), advanced=advanced)
    assert state.scores()[0].total == 0  # one animal only
    play(state, "draw 1 1,0 r0")  # its angelfish side meets the entrance's
    assert state.scores()[0].total == 6 + 3  # one area: 6 sections, 3 animals
    state = new(1, deck=deck, deck_order=list(range(1, 41)), advanced=advanced)
    play(state, "draw 1 1,0 r180")  # D A* / D A*: its dolphin side meets the angelfish
    # two angelfish areas: the entrance's (1 animal) and the card's (2 sections, 2 animals)
    assert state.scores()[0].total == (0 if advanced else 2 + 2)
