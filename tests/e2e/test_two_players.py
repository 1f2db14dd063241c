"""Two people in two browsers: the creator invites, the guest joins by name, both play."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from tests.e2e.conftest import new_context
from tests.e2e.pages import create_game, join
from tests.e2e.player import ClickingPlayer, legal, number, status
from tests.e2e.server import Server


def test_two_browsers_play_each_other_through_an_invitation(
    page: Page, browser: Browser, server: Server, artifacts: Path
) -> None:
    game_id = create_game(
        page, server, "aquarium-designer", ["me", "invite"], name="Anna", checks=("advanced",)
    )
    link = page.locator('[data-link="seat-1"]').input_value()
    assert link.startswith(f"{server.url}/play/{game_id}#invite=")
    spectator_link = page.locator('[data-link="spectator"]').input_value()
    assert spectator_link == f"{server.url}/play/{game_id}"

    guest_context = new_context(browser)
    try:
        guest = guest_context.new_page()
        join(guest, link, "Bea")
        assert "#invite" not in guest.url  # the fragment is cleared once it is read
        # Anna's page hears of the join: the seat now carries Bea's name.
        page.wait_for_selector('[data-seat-panel="1"] header >> text=Bea')
        guest.wait_for_selector('main.play[data-you="1"]')
        # The invitation was exchanged for the guest's own token: the creator's copy of it
        # no longer plays the seat.
        spent = page.context.new_page()
        spent.goto(link)
        spent.wait_for_selector("[data-seat-notice]")
        assert "used already" in spent.locator("[data-seat-notice]").inner_text()
        assert spent.locator("main.play").get_attribute("data-you") == "0"  # Anna's own seat
        spent.close()

        players = {"0": ClickingPlayer(page, seed=1), "1": ClickingPlayer(guest, seed=2)}
        for _ in range(5_000):  # polls: a page offers actions once the push has come
            if status(page) == "over":
                break
            mover = next((p for p in (page, guest) if legal(p)), None)
            if mover is None:
                page.wait_for_timeout(20)
                continue
            players[mover.locator("main.play").get_attribute("data-you") or ""].play_one()
        assert status(page) == "over"
        guest.wait_for_function(
            "() => document.querySelector('main.play').dataset.status === 'over'"
        )
        assert number(page) == number(guest) == server.get(f"/api/games/{game_id}")["number"]
        # Each sees the other's moves under the other's name, and the same final scores.
        assert "Bea draws" in page.locator(".move-log").inner_text().replace("\n", " ")
        assert "Anna draws" in guest.locator(".move-log").inner_text().replace("\n", " ")
        for i in range(2):
            ours = page.locator(f'[data-total="{i}"]').inner_text()
            assert ours == guest.locator(f'[data-total="{i}"]').inner_text()
        guest.screenshot(path=artifacts / "two-players-guest.png", full_page=True)
    finally:
        guest_context.close()
