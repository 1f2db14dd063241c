"""The keyboard: a skip link to the board, and shortcuts (D, A–E, U, H) listed under "?"."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.pages import create_game
from tests.e2e.player import legal, number
from tests.e2e.positions import store_game
from tests.e2e.server import Server


def open_game(page: Page, server: Server, game: str = "aquaretto") -> None:
    """A new game of ``game``, seat 0 (this page's) to move first, against a bot.

    The bot thinks 2 s before it moves, so that an action of seat 0 can still be taken
    back (a fast bot could move first, and nothing would be left to undo).
    """
    stored = store_game(
        server, game, ["me", "mcts:seconds=2"], seed=3, moves=0, options={"start_player": 0}
    )
    page.goto(stored.link(server))
    page.wait_for_selector("[data-board]")


def test_the_first_tab_offers_to_skip_to_the_board(page: Page, server: Server) -> None:
    open_game(page, server)
    page.keyboard.press("Tab")
    skip = page.locator('[data-link="skip"]')
    expect(skip).to_be_focused()
    expect(skip).to_have_text("Skip to the board")
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0  # on screen once focused
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "board"


def test_d_draws_a_loads_truck_a_and_u_undoes(page: Page, server: Server) -> None:
    open_game(page, server)
    start = number(page)
    page.keyboard.press("d")
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.number) > {start}")
    assert any(a.startswith("load ") for a in legal(page))
    page.keyboard.press("a")
    expect(page.locator(".move-log")).to_contain_text("onto truck A")
    after = number(page)
    page.keyboard.press("u")
    page.wait_for_function(f"() => Number(document.querySelector('main').dataset.number) < {after}")


def test_a_key_typed_in_a_field_plays_nothing(page: Page, server: Server) -> None:
    open_game(page, server)
    start = number(page)
    page.locator(".settings summary").click()
    page.locator('[data-field="pace"]').press("d")
    page.wait_for_timeout(500)
    assert number(page) == start


def test_h_asks_for_a_hint_and_the_question_mark_lists_the_keys(page: Page, server: Server) -> None:
    # A table made from the form, one person against a bot: it allows hints.
    create_game(page, server, "aquaretto", ["me", "greedy"], start=0)
    page.keyboard.press("h")
    expect(page.locator("[data-hint]")).not_to_have_attribute("data-hint", "", timeout=30_000)
    page.keyboard.press("?")
    keys = page.locator("dialog[open] [data-shortcuts]")
    expect(keys).to_be_visible()
    for key in ("D", "A – E", "U", "H"):
        expect(keys.locator("kbd", has_text=key).first).to_be_visible()
