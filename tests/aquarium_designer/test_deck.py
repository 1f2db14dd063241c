"""The deck file (ruling D-D1): its format, its validation, and the default deck's balance."""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tests.scripts import load_script
from zoogames import InvalidOptions
from zoogames.games.aquarium_designer.cards import (
    COLOURS,
    DeckError,
    default_deck,
    load_deck,
    parse_card,
    parse_deck,
)

ROOT = Path(__file__).resolve().parents[2]
DECK_FILE = ROOT / "src/zoogames/games/aquarium_designer/deck.json"


def test_d_d1_the_default_deck_has_6_entrance_and_40_layout_cards() -> None:
    deck = default_deck()
    assert len(deck.entrance) == 6
    assert len(deck.layout) == 40
    for card in (*deck.entrance, *deck.layout):
        assert len(card.sections) == 4
        assert all(0 <= colour < 4 for colour, _ in card.sections)


def test_d_d1_every_layout_card_is_different_even_when_turned() -> None:
    deck = default_deck()
    assert len({card.canonical() for card in deck.layout}) == 40
    # and no card looks the same after a turn: its 4 turns are 4 different placements
    assert not any(card.symmetric() for card in (*deck.layout, *deck.entrance))


def test_the_default_deck_balances_colours_and_animals() -> None:
    deck = default_deck()
    sections = Counter(c for card in deck.layout for c, _ in card.sections)
    animals = Counter(c for card in deck.layout for c, a in card.sections if a)
    assert sections == {0: 40, 1: 40, 2: 40, 3: 40}
    assert animals == {0: 13, 1: 13, 2: 13, 3: 13}
    per_card = Counter(card.animals for card in deck.layout)
    assert per_card == {0: 1, 1: 27, 2: 11, 3: 1}
    # entrance cards: the 6 arrangements of 4 colours, 2 animals each, 3 per colour
    assert len({card.canonical() for card in deck.entrance}) == 6
    for card in deck.entrance:
        assert sorted(c for c, _ in card.sections) == [0, 1, 2, 3]
        assert card.animals == 2
    assert Counter(c for card in deck.entrance for c, a in card.sections if a) == {
        c: 3 for c in range(4)
    }


def test_the_shipped_deck_is_what_the_generator_makes() -> None:
    module = load_script(ROOT / "benchmarks/designer_deck.py", "designer_deck")
    assert module.generate() == json.loads(DECK_FILE.read_text())


def test_the_deck_file_is_packaged() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]["zoogames"]
    assert "games/aquarium_designer/deck.json" in data


def test_a_card_is_two_rows_of_two_sections() -> None:
    card, why = parse_card("A* s / d P*")
    assert why is None and card is not None
    assert card.sections == ((0, True), (1, False), (2, False), (3, True))
    assert card.text() == "A* S / D P*"
    assert card.animals == 2


def test_turning_a_card_clockwise() -> None:
    card, _ = parse_card("A* S / D P")
    assert card is not None
    # one quarter turn clockwise: top-left → top-right → bottom-right → bottom-left
    assert card.text(1) == "D A* / P S"
    assert card.text(2) == "P D / S A*"
    assert card.text(3) == "S P / A* D"
    assert card.text(4) == card.text()
    assert card.to_json(1)[1] == {"colour": "angelfish", "animal": True}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A S D P", "has 1 row"),
        ("A S / D", "row 2 has 1 section"),
        ("A S S / D P", "row 1 has 3 section"),
        ("A X / D P", "'X' is not a section"),
        ("A S** / D P", "'S\\*\\*' is not a section"),
        (7, "a card is a string"),
    ],
)
def test_bad_cards_are_refused_with_a_reason(text: object, message: str) -> None:
    card, why = parse_card(text)
    assert card is None and why is not None
    assert re.search(message, why)


def test_one_clear_error_per_bad_card() -> None:
    data = default_deck().to_json()
    data["layout"][4] = "A S / D"
    data["layout"][16] = "Q Q / Q Q"
    data["entrance"][1] = "A S D P"
    with pytest.raises(DeckError) as info:
        parse_deck(data, "my.json")
    problems = info.value.problems
    assert len(problems) == 3
    assert problems[0].startswith("entrance card E2: ")
    assert problems[1].startswith("layout card 5: ")
    assert problems[2].startswith("layout card 17: ")
    assert str(info.value).startswith("my.json is not a playable deck (3 problem(s)):")
    assert isinstance(info.value, InvalidOptions)  # new_game reports it as a bad option


def test_wrong_card_counts_and_keys_are_refused() -> None:
    data = default_deck().to_json()
    data["layout"] = data["layout"][:39]
    data["entrance"].append("A S / D P")
    data["colour"] = "red"
    with pytest.raises(DeckError) as info:
        parse_deck(data)
    text = "\n".join(info.value.problems)
    assert "'layout' has 39 cards; a deck has 40" in text
    assert "'entrance' has 7 cards; a deck has 6" in text
    assert "unknown key(s): colour" in text
    with pytest.raises(DeckError, match="a JSON object"):
        parse_deck(["A S / D P"])
    with pytest.raises(DeckError, match="'format' must be"):
        parse_deck({**default_deck().to_json(), "format": "zoo"})


def test_deck_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match="cannot read it"):
        load_deck(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(DeckError, match="not JSON"):
        load_deck(bad)


def test_a_deck_round_trips_through_its_file(tmp_path: Path) -> None:
    deck = default_deck()
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(deck.to_json()))
    copy = load_deck(path)
    assert copy == deck
    assert copy.digest == deck.digest


def test_the_digest_names_the_cards_not_the_name() -> None:
    data = default_deck().to_json()
    renamed = parse_deck({**data, "name": "my copy"})
    assert renamed.digest == default_deck().digest
    data["layout"][0], data["layout"][1] = data["layout"][1], data["layout"][0]
    assert parse_deck(data).digest != default_deck().digest


def test_colours_are_named_by_species() -> None:
    assert COLOURS == ("angelfish", "sea-lion", "dolphin", "penguin")
