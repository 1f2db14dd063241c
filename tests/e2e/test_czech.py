"""The client in Czech: one game per title played with the browser set to Czech,
and the language switcher, remembered across a reload.

A browser context's ``locale`` is what the page's ``navigator.language`` says; with nothing
remembered in localStorage the client takes it (web/src/i18n/index.ts)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import INSTANT, LAPTOP, serious_violations
from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, legal, status
from tests.e2e.positions import store_game, to_move
from tests.e2e.server import Server

GAMES = [  # the game, its seats, the title the page shows in Czech's sentence
    ("aquaretto", ["me", "greedy"]),
    ("zooloretto", ["me", "random"]),
    ("aquaretto-zooloretto", ["greedy", "me"]),
    ("aquarium-designer", ["me"]),
]

ENGLISH = re.compile(r"\b(Your turn|Moves|Round|No moves yet|live scores|settings|Seat \d)\b")
"""Words of the English page that must not be left on a Czech one."""


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_a_game_in_czech(czech: Page, server: Server, game: str, seats: list[str]) -> None:
    page = czech
    page.goto(server.url + "/new")
    # The new-game form in Czech, the page's language said to the browser.
    assert page.evaluate("document.documentElement.lang") == "cs"
    assert page.locator('[data-action="create"]').inner_text() == "Začít hru"
    assert page.locator('.language-switch [data-lang="cs"]').get_attribute("aria-pressed") == "true"
    create_game(page, server, game, seats)
    player = ClickingPlayer(page, seed=len(game))
    for _ in range(4):
        player.wait_for_turn()
        if status(page) == "over":
            break
        # On the seat's turn the banner says so, and what it may do, in Czech.
        banner = page.locator('[data-banner="mine"]').inner_text()
        assert banner.startswith("Jsi na tahu."), banner
        player.play(player.pick(legal(page)))

    main = page.locator("main").inner_text()
    assert not ENGLISH.search(main), ENGLISH.search(main)
    assert page.locator(".move-log h2").inner_text() == "Tahy"
    round_info = page.locator(".round-info").inner_text()
    assert re.match(r"Kolo \d", round_info), round_info
    log = page.locator(".move-log").inner_text()
    assert page.locator("[data-log]").count() >= 4
    assert "Anna" in log
    if game != "aquarium-designer":
        assert "Kolo 1" in log  # the log's round heading
        assert "Anna (hráč" not in log
    # A bot's name on its panel and in the log is the catalogue's short level name.
    bot = {"greedy": "Hladový bot", "random": "Náhodný bot"}
    for spec in seats:
        if spec in bot:
            assert bot[spec] in main, main
    # The server's messages, rendered in Czech: no English sentence of the log is left.
    assert not re.search(r"\b(loads|takes|draws|passes|moves|buys|places|gets)\b", log), log
    if game in ("aquaretto", "aquaretto-zooloretto"):
        # A load names the tile in the accusative (a coin, an animal: "samici delfína").
        assert re.search(r"nakládá \S.* na vůz [A-E]", log), log
    if game == "zooloretto":
        assert re.search(r"(nakládá \S.* na vůz [A-E]|bere vůz [A-E])", log), log
    if game == "aquarium-designer":
        assert re.search(r"bere kartu \d+ do akvária", log), log
        assert "výchozí balíček zoogames" in main
        # A card's tooltip names its sections in Czech, not by the English names' letters.
        title = page.locator(".offer-card").first.get_attribute("title") or ""
        assert re.fullmatch(r"karta \d+: nahoře [^/]+; dole [^/]+", title), title


def test_the_new_game_form_in_czech(czech: Page, server: Server) -> None:
    page = czech
    page.goto(server.url + "/new")
    page.locator('[data-game="aquaretto-zooloretto"]').click()
    page.locator('[data-field="players"]').select_option("2")
    page.locator('[data-option="removed:random"]').uncheck()
    form = page.locator("main").inner_text()
    for words in ("Začínající hráč", "Vyřazené druhy", "Aquaretto: vyber 3", "hroch", "velbloud"):
        assert words in form, words
    assert not re.search(r"Start player|Removed species|drawn at random", form), form
    page.locator('[data-game="aquarium-designer"]').click()
    form = page.locator("main").inner_text()
    assert "Pokročilé pravidlo" in form and "Soubor s balíčkem" in form, form
    assert not re.search(r"Advanced rule|Deck file|instead of", form), form


def test_the_switcher_changes_the_language_and_it_stays_after_a_reload(
    page: Page, server: Server
) -> None:
    # The test browser speaks English: the page starts in English.
    page.goto(server.url + "/new")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator('[data-action="create"]').inner_text() == "Start the game"
    # The browser's language is followed, not remembered: only a choice is.
    assert page.evaluate("localStorage.getItem('zoogames.lang')") is None
    # The switcher is reached and pressed by the keyboard alone, as any button.
    czech = page.locator('.language-switch [data-lang="cs"]')
    czech.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.documentElement.lang === 'cs'")
    assert page.locator('[data-action="create"]').inner_text() == "Začít hru"
    assert czech.get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('zoogames.lang')") == "cs"
    page.reload()
    page.wait_for_selector('[data-action="create"]')
    assert page.evaluate("document.documentElement.lang") == "cs"
    assert page.locator('[data-action="create"]').inner_text() == "Začít hru"
    # In a game too, and back to English.
    create_game(page, server, "zooloretto", ["me", "greedy"])
    assert page.locator(".move-log h2").inner_text() == "Tahy"
    page.locator('.language-switch [data-lang="en"]').click()
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator(".move-log h2").inner_text() == "Moves"
    page.reload()
    page.wait_for_selector("[data-board]")
    assert page.locator(".move-log h2").inner_text() == "Moves"


MID_GAME = {"aquaretto": 30, "zooloretto": 30, "aquaretto-zooloretto": 40, "aquarium-designer": 8}
"""Actions into a 2-player game of each (test_table.py's audit's positions)."""


@pytest.mark.parametrize(("game", "moves"), MID_GAME.items(), ids=list(MID_GAME))
def test_axe_finds_no_serious_violation_in_czech(
    browser: Browser, server: Server, game: str, moves: int
) -> None:
    # Longer words, another `lang`: the Czech table is audited as the English one is
    # (a Content-Security-Policy that lets the test add axe's script: see test_table.py).
    context = browser.new_context(viewport=LAPTOP, locale="cs-CZ", bypass_csp=True)
    try:
        context.add_init_script(INSTANT)
        page = context.new_page()
        stored = store_game(server, game, ["me", "greedy"], seed=2, moves=moves, until=to_move(0))
        page.goto(stored.link(server))
        page.wait_for_selector("main.play:not([data-legal='[]'])")
        assert page.evaluate("document.documentElement.lang") == "cs"
        assert serious_violations(page) == []
    finally:
        context.close()
