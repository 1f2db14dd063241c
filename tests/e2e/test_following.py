"""Moves a person can follow: other seats' moves shown one by one at the chosen pace, their
tiles flying from where they were to where they land, and nothing flying for someone who
asked for reduced motion."""

from __future__ import annotations

from typing import TypedDict

from playwright.sync_api import Browser, Page

from tests.e2e.conftest import new_context
from tests.e2e.player import ClickingPlayer, legal
from tests.e2e.positions import store_game, to_move
from tests.e2e.server import Server

WATCH = """() => {
  const main = document.querySelector('main.play');
  window.shown = [Number(main.dataset.number)];
  window.held = false;
  window.flights = 0;
  new MutationObserver(() => {
    const shown = Number(main.dataset.number);
    if (Number(main.dataset.received) > shown) window.held = true;
    if (window.shown[window.shown.length - 1] !== shown) window.shown.push(shown);
  }).observe(main, {attributes: true, attributeFilter: ['data-number', 'data-received']});
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => {
    if (n.dataset && 'flying' in n.dataset) window.flights += 1;
  }))).observe(document.body, {childList: true});
}"""
"""Records, in the page, every position it shows, whether it ever held back a position it
had received (a queue: the pace at work), and how many tiles flew."""


class Watched(TypedDict):
    """What ``WATCH`` recorded."""

    shown: list[int]
    held: bool
    flights: int


def watched(page: Page) -> Watched:
    """What ``WATCH`` recorded."""
    result: Watched = page.evaluate(
        "() => ({shown: window.shown, held: window.held, flights: window.flights})"
    )
    return result


def test_other_seats_moves_are_shown_one_by_one_and_their_tiles_fly(
    browser: Browser, server: Server
) -> None:
    stored = store_game(server, "zooloretto", ["me", "greedy"], seed=8, moves=6, until=to_move(0))
    # The player, at the default pace ("normal"), and a spectator who asked for reduced motion.
    player_context = new_context(browser, paced=True)
    still_context = new_context(browser, paced=True)
    try:
        page = player_context.new_page()
        page.goto(stored.link(server))
        spectator = still_context.new_page()
        spectator.emulate_media(reduced_motion="reduce")
        spectator.goto(stored.link(server, None))
        for p in (page, spectator):
            p.wait_for_selector("[data-board]")
            p.evaluate(WATCH)
        start = int(page.locator("main.play").get_attribute("data-number") or "0")

        player = ClickingPlayer(page, seed=1)
        player.wait_for_turn()
        player.play("draw")
        player.play(next(a for a in legal(page) if a.startswith("load ")))
        # The bot plays its turn (its actions arrive within milliseconds of each other);
        # then it is the player's turn again.
        player.wait_for_turn()
        end = int(page.locator("main.play").get_attribute("data-number") or "0")
        assert end >= start + 4  # two actions of the player's, at least two of the bot's
        spectator.wait_for_function(f"() => window.shown.includes({end})")

        for p in (page, spectator):
            seen = watched(p)
            # Every position in between was shown, one after another, and one at least was
            # held back while the page showed the one before (other seats' moves paced).
            assert seen["shown"] == list(range(start, end + 1)), seen
            assert seen["held"] is True
        assert watched(page)["flights"] >= 3  # the draws from the pile, the loads
        assert watched(spectator)["flights"] == 0  # reduced motion: nothing flies
    finally:
        player_context.close()
        still_context.close()
