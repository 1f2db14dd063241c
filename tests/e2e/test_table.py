"""The table as a person meets it (issue 14): keyboard play, the links box, a missing game,
names, the tab's title, the pictures and their fallback, the About page."""

from __future__ import annotations

import re
import urllib.request

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import PHONE
from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, KeyboardPlayer, legal, status
from tests.e2e.server import ROOT, Server

KEYBOARD = [  # the game, and what the keyboard must have placed on the board in its turn
    ("aquaretto", re.compile(r"^place \S+ -?\d+,-?\d+$")),
    ("zooloretto", re.compile(r"^place \S+ e\d$")),
    ("aquaretto-zooloretto", re.compile(r"^place \S+ (-?\d+,-?\d+|e\d)$")),
    ("aquarium-designer", re.compile(r"^draw \d+ -?\d+,-?\d+ r\d+$")),
]


class Placer(KeyboardPlayer):
    """Takes a truck as soon as one is worth taking, and places tiles on the board rather than
    the depot or barn: a turn that reaches the spaces the keyboard must get to."""

    def pick(self, actions: list[str]) -> str:
        for prefix in ("draw ", "take ", "place "):
            board = [
                a for a in actions if a.startswith(prefix) and not a.endswith((" depot", " barn"))
            ]
            if board:
                return self.rng.choice(board)
        return "draw" if "draw" in actions else self.rng.choice(actions)


@pytest.mark.parametrize(("game", "wanted"), KEYBOARD, ids=[g for g, _ in KEYBOARD])
def test_the_keyboard_alone_plays_a_whole_turn(
    page: Page, server: Server, game: str, wanted: re.Pattern[str]
) -> None:
    create_game(page, server, game, ["me", "greedy"])
    player = Placer(page, seed=4)
    for _ in range(40):  # until a turn has placed a tile (or card) by keys, and has ended
        player.wait_for_turn()
        assert status(page) == "playing"
        player.play_one()
        if any(wanted.match(a) for a in player.played) and not legal(page):
            break
    assert any(wanted.match(a) for a in player.played), player.played
    assert not legal(page)  # the turn is over: it was played to its end by keys


def test_the_links_box_never_widens_the_page(page: Page, server: Server) -> None:
    create_game(page, server, "aquaretto", ["me", "invite", "greedy"])
    assert page.locator('[data-link="seat-1"]').is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_game_that_does_not_exist_offers_the_way_home(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/play/NoSuchGame1")
    page.wait_for_selector("[data-error]")
    assert "no game NoSuchGame1" in page.locator("[data-error]").inner_text()
    assert page.locator('[data-action="watch"]').count() == 0
    page.locator('[data-action="home"]').click()
    page.wait_for_selector('[data-action="create"]')


def test_two_me_seats_have_two_names_and_the_tab_title_follows_the_turn(
    page: Page, server: Server
) -> None:
    create_game(page, server, "zooloretto", ["me", "me"], name="Anna", start=0)
    names = [page.locator(f'[data-seat-panel="{i}"] header strong').inner_text() for i in (0, 1)]
    assert names == ["Anna", "Anna 2"]
    page.wait_for_function("() => document.title.startsWith('● Your turn')")
    assert page.title() == "● Your turn · Zooloretto"  # the name comes from the catalog
    player = ClickingPlayer(page, seed=1)
    player.play("draw")
    player.play(next(a for a in legal(page) if a.startswith("load ")))  # the turn ends
    page.wait_for_function("() => document.title === 'Anna 2 to move · Zooloretto'")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    with urllib.request.urlopen(server.url + (icon or "/missing.svg")) as r:
        assert r.headers["content-type"].startswith("image/svg")


def test_tiles_are_pictures_named_in_words_with_a_text_fallback(page: Page, server: Server) -> None:
    create_game(page, server, "zooloretto", ["me", "greedy"])
    page.locator('[data-action="draw"]').click()
    page.wait_for_selector('[data-role="drawn"] image.picture, [data-truck] image.picture')
    # The coins are coins, counted in words: "2 coins", never "1 coins".
    coins = page.locator('[data-seat-panel="0"] .coins')
    assert re.fullmatch(r"\d+ coins?", coins.get_attribute("aria-label") or "")
    # With the pictures refused, each tile writes its kind instead.
    page.route("**/*.svg", lambda route: route.abort())
    page.reload()
    page.wait_for_selector("[data-board]")
    page.wait_for_selector("[data-picture-text]")
    assert page.locator("image.picture").count() == 0


def test_the_about_page_credits_the_pictures_and_serves_their_licence(
    page: Page, server: Server
) -> None:
    page.goto(server.url + "/about")
    assert "OpenMoji" in page.locator("main").inner_text()
    assert "CC BY-SA 4.0" in page.locator("main").inner_text()
    for which in ("openmoji", "font"):
        href = page.locator(f'[data-licence="{which}"]').get_attribute("href") or ""
        with urllib.request.urlopen(server.url + href) as r:
            assert len(r.read()) > 1000  # the licence's whole text


AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize(
    "game", ["aquaretto", "zooloretto", "aquaretto-zooloretto", "aquarium-designer"]
)
def test_axe_finds_no_serious_accessibility_violation(
    page: Page, server: Server, game: str
) -> None:
    create_game(page, server, game, ["me", "greedy"])
    player = ClickingPlayer(page, seed=2)
    for _ in range(4):
        player.wait_for_turn()
        player.play_one()
    player.wait_for_turn()
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
             .filter(v => v.impact === 'serious' || v.impact === 'critical')
             .map(v => v.id + ': ' + v.nodes.map(n => n.html.slice(0, 80)).join(' | '))"""
    )
    assert found == []
