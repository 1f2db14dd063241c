"""Hints: ask for one on your turn, see it in words and on the board, follow it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.pages import create_game
from tests.e2e.player import number
from tests.e2e.server import Server


def test_ask_for_a_hint_and_follow_it(page: Page, server: Server) -> None:
    # Alone against a bot: hints are on. Zooloretto's first move is a draw: one button.
    create_game(page, server, "zooloretto", ["me", "greedy"], start=0)
    ask = page.locator('[data-action="hint"]')
    expect(ask).to_be_visible()
    ask.click()
    box = page.locator("[data-hint]")
    expect(box).to_have_attribute("data-hint", "draw")
    expect(page.locator('[data-hint-step="draw"]')).to_have_text("Anna draws a tile")
    before = number(page)
    page.locator('[data-action="draw"]').click()  # follow it
    expect(page.locator("main.play")).not_to_have_attribute("data-number", str(before))
    # A new position: the old hint is gone, and a new one can be asked for on my turn.
    expect(page.locator('[data-hint-step="draw"]')).to_have_count(0)


def test_no_hint_button_where_the_table_allows_none(page: Page, server: Server) -> None:
    create_game(page, server, "zooloretto", ["me", "me"], start=0)  # two people: off
    page.wait_for_selector('[data-action="draw"]')
    expect(page.locator('[data-action="hint"]')).to_have_count(0)
