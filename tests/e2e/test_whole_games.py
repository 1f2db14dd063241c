"""A whole game of each game against bots, played by clicking."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import new_context
from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, number, status
from tests.e2e.positions import store_game
from tests.e2e.server import ROOT, Server

GAMES = [  # the game, its seats, the browser's language
    ("aquaretto", ["me", "greedy"], "cs"),
    ("zooloretto", ["me", "random"], "cs"),
    ("aquaretto-zooloretto", ["greedy", "me"], "en"),
    ("aquarium-designer", ["me"], "cs"),
]
"""Three whole games with the browser set to Czech, the longest in English."""

CATALOGUES = ROOT / "web" / "src" / "i18n"


def words(lang: str) -> dict[str, str]:
    """The client's catalogues in ``lang``: its own words (``ui.*.json``) and the games'
    (``game.*.json``, generated from the gettext catalogues), keyed ``ui:…`` and ``game:…``."""
    found: dict[str, str] = {}
    for ns in ("ui", "game"):
        entries = json.loads((CATALOGUES / f"{ns}.{lang}.json").read_text(encoding="utf-8"))
        found.update({f"{ns}:{key}": text for key, text in entries.items()})
    return found


DECK = ROOT / "src" / "zoogames" / "games" / "aquarium_designer" / "deck.json"


@pytest.fixture
def page_in(browser: Browser) -> Iterator[Callable[[str], Page]]:
    """Pages of browsers set to a language (``cs`` → ``cs-CZ``), each its own profile."""
    contexts: list[BrowserContext] = []

    def make(lang: str) -> Page:
        context = new_context(browser, locale="cs-CZ" if lang == "cs" else "en-US")
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize(("game", "seats", "lang"), GAMES, ids=[f"{g}-{la}" for g, _, la in GAMES])
def test_a_whole_game_against_bots_played_by_clicking(
    page_in: Callable[[str], Page], server: Server, game: str, seats: list[str], lang: str
) -> None:
    page = page_in(lang)
    said = words(lang)
    game_id = create_game(page, server, game, seats)
    assert page.evaluate("document.documentElement.lang") == lang
    page.locator('[data-action="show-scores"]').check()  # live scores on, for the whole game
    player = ClickingPlayer(page, seed=len(game))
    player.play_to_end()

    assert status(page) == "over"
    snapshot = server.get(f"/api/games/{game_id}")
    assert snapshot["status"] == "over"
    assert number(page) == snapshot["number"]
    # Every kind of action the seat had was played by clicks (e.g. money actions, expansions).
    kinds = {a.split()[0] for a in player.played}
    assert len(kinds) >= 2, kinds
    # The score sheet: every seat's total as the server counted it, the winners marked.
    totals = [int(page.locator(f'[data-total="{i}"]').inner_text()) for i in range(len(seats))]
    assert totals == snapshot["result"]["scores"]
    categories = page.locator("[data-score-sheet] tbody tr").count()
    assert categories >= 3  # categories, total (and the tie-break)
    # The log holds every action, in words with the seat's name (other seats named too,
    # never "seat 2" or coordinates), under a heading for each round.
    assert page.locator("[data-log]").count() == snapshot["number"]
    log = page.locator(".move-log").inner_text()
    assert "Anna" in log
    assert not re.search(r"\b(seat|hráč) \d|-?\d+,-?\d+|\{\d\}|\{\{", log), log
    if game != "aquarium-designer" or len(seats) > 1:
        assert page.locator(".move-log [data-round]").count() >= 2
    assert not re.search(r"\b1 (coins|mincí|bodů|body)\b", page.locator("main").inner_text())
    if lang == "cs":  # the log in Czech: its round headings, and no English verb left
        assert re.search(r"\bKolo \d", log) or game == "aquarium-designer", log
        assert not re.search(r"\b(loads|takes|puts|draws|buys|moves) ", log), log
    if game == "aquarium-designer":
        designer_end(page, said, solo=len(seats) == 1)

    # The replay opens at the start; named buttons, and the arrow keys, step through it,
    # and the move list marks the move shown.
    page.locator('[data-action="replay"]').click()
    page.wait_for_selector('[data-replay="0"] [data-board]')
    # The log shows its start, and → works at once: the button that was clicked is gone,
    # and the replay's text says to press → (no click into the replay first).
    assert page.evaluate("document.querySelector('.move-log ol').scrollTop") == 0
    page.keyboard.press("ArrowRight")
    page.wait_for_selector('[data-replay="1"] .replay-move')
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('[data-replay="0"] [data-board]')
    for action in ("first", "prev", "next", "last"):
        label = page.locator(f'[data-action="replay-{action}"]').get_attribute("aria-label")
        assert label == said[f"ui:replay.{action}"]
    page.locator('[data-action="replay-next"]').click()
    page.wait_for_selector('[data-replay="1"] .replay-move')
    assert page.locator(".move-log li.current").get_attribute("data-log") == "0"
    page.locator(".replay").focus()
    page.keyboard.press("End")
    page.wait_for_selector(f'[data-replay="{snapshot["number"]}"] [data-board]')
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'[data-replay="{snapshot["number"] - 1}"] [data-board]')
    current = page.locator(".move-log li.current").get_attribute("data-log")
    assert current == str(snapshot["number"] - 2)
    page.keyboard.press("Home")
    page.wait_for_selector('[data-replay="0"] [data-board]')


def landed(page: Page) -> None:
    """Waits until no tile is flying: a flying copy of the last card placed (a whole game's
    last moves arrive while the one before still flies, on a loaded machine) is drawn over
    the board for 420 ms, and is not the board."""
    expect(page.locator("[data-flying]")).to_have_count(0)


def area_points_beside_animals(page: Page) -> int:
    """Asserts that no area's points are drawn over an animal; the number
    of area-points badges checked."""
    landed(page)
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('[data-area-points], [data-animal]')]
             .map(e => { const r = e.getBoundingClientRect();
                         return [e.hasAttribute('data-animal'),
                                 r.left, r.top, r.right, r.bottom]; })"""
    )
    points = [b[1:] for b in boxes if not b[0]]
    animals = [b[1:] for b in boxes if b[0]]
    assert animals
    for p in points:
        for a in animals:
            overlap = min(p[2], a[2]) - max(p[0], a[0]), min(p[3], a[3]) - max(p[1], a[1])
            assert overlap[0] <= 0.5 or overlap[1] <= 0.5, (p, a)
    return len(points)


def area_points_off_the_door(page: Page) -> int:
    """Asserts that no area's points are drawn over the entrance card's door (the circles
    may not overlap); the number of area-points badges checked."""
    landed(page)
    circles = page.evaluate(
        """() => [...document.querySelectorAll('[data-area-points] circle, [data-entrance] circle')]
             .map(e => { const r = e.getBoundingClientRect();
                         return [!!e.closest('[data-entrance]'),
                                 r.left + r.width / 2, r.top + r.height / 2, r.width / 2]; })"""
    )
    doors = [c[1:] for c in circles if c[0]]
    points = [c[1:] for c in circles if not c[0]]
    assert doors
    for x, y, r in points:
        for dx, dy, dr in doors:
            assert ((x - dx) ** 2 + (y - dy) ** 2) ** 0.5 >= r + dr - 0.5, ((x, y, r), (dx, dy, dr))
    return len(points)


def designer_end(page: Page, said: dict[str, str], solo: bool) -> None:
    """Aquarium Designer's end: area points beside, not over, the animals and the door (where
    a game of random clicks scored any area); a solo rank; the categories in the page's
    words (``said``: the catalogues of its language)."""
    area_points_beside_animals(page)
    area_points_off_the_door(page)
    sheet = page.locator("[data-score-sheet]").inner_text()
    if solo:
        assert said["ui:score.won"] not in sheet and said["ui:score.rank"] in sheet
        assert page.locator("[data-rank-cell]").inner_text() in {"S", "A", "B", "C", "D"}
    assert said["game:score.sea-lion"] in sheet and "sea-lion" not in sheet


def test_aquarium_designer_area_points_sit_beside_the_animals(page: Page, server: Server) -> None:
    # A seeded game played to its end by greedy bots: areas that score, animals in them.
    stored = store_game(server, "aquarium-designer", ["me", "me"], seed=1, moves=10_000)
    page.goto(stored.link(server))
    page.wait_for_selector("main.play[data-status='over'] [data-area-points]")
    assert area_points_beside_animals(page) >= 2


def test_aquarium_designer_area_points_leave_the_door_free(page: Page, server: Server) -> None:
    # Seed 4: the second seat has an area whose every section holds an animal, the first of
    # them the entrance card's lower right section: its points went on that section's top
    # left corner, the card's centre, where the door is.
    stored = store_game(server, "aquarium-designer", ["me", "me"], seed=4, moves=10_000)
    page.goto(stored.link(server))
    page.wait_for_selector("main.play[data-status='over'] [data-area-points]")
    assert area_points_off_the_door(page) >= 2
    assert area_points_beside_animals(page) >= 2


def test_the_form_sends_chosen_species_to_leave_out(page: Page, server: Server) -> None:
    create_game(
        page, server, "aquaretto", ["me", "greedy"], removed=("hippo", "crocodile", "turtle")
    )
    legend = (page.locator("[data-legend]").get_attribute("data-legend") or "").split()
    assert sorted(legend) == ["dolphin", "orca", "penguin", "polar-bear", "sea-lion"]


def test_the_form_uploads_a_deck_file_and_the_game_uses_it(
    page: Page, server: Server, tmp_path: Path
) -> None:
    deck = json.loads(DECK.read_text())
    deck["name"] = "the e2e deck"
    deck["layout"] = deck["layout"][1:] + deck["layout"][:1]  # other cards than the default
    path = tmp_path / "my-deck.json"
    path.write_text(json.dumps(deck))
    create_game(page, server, "aquarium-designer", ["me"], deck=path, checks=("advanced",))
    assert page.locator(".round-info").inner_text().count("the e2e deck") == 1
    assert "advanced rule" in page.locator(".round-info").inner_text()
