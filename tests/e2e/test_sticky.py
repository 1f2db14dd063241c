"""On a phone the banner stays in sight with the action bar, and choosing a tile brings the
places it may go into view."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.conftest import PHONE
from tests.e2e.positions import store_game
from tests.e2e.server import Server
from zoogames.core.game import State


def places(state: State) -> bool:
    """Seat 0 is to place a tile it took (a water zoo space may be chosen for it)."""
    return state.to_move == 0 and any(str(a).startswith("place ") for a in state.legal_actions())


def in_sight(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_banner_and_the_actions_stay_in_sight_and_a_chosen_tile_shows_its_places(
    phone: Page, server: Server
) -> None:
    stored = store_game(server, "zooloretto", ["me", "greedy"], seed=3, moves=30, until=places)
    phone.goto(stored.link(server))
    phone.wait_for_selector("[data-board]")
    # Scrolled to the end of the page (the log and the chat below the zoo)...
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    phone.wait_for_timeout(300)
    assert in_sight(phone, "[data-banner]")
    assert in_sight(phone, ".action-bar")
    # ... a tile chosen there scrolls the board back to where it may go.
    tile = phone.locator('[data-role="unloading"]:not([disabled])').first
    tile.click()
    phone.wait_for_timeout(800)  # the smooth scroll
    assert in_sight(phone, '[data-seat-panel="0"] .choice')
