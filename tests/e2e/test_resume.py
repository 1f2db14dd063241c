"""A game survives a reload of the page and a crash of the server."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, legal, number
from tests.e2e.server import Server


def test_a_reload_in_mid_game_resumes_the_same_seat_and_position(
    page: Page, server: Server
) -> None:
    create_game(page, server, "zooloretto", ["me", "greedy"])
    player = ClickingPlayer(page, seed=5)
    for _ in range(6):
        player.wait_for_turn()
        player.play_one()
    player.wait_for_turn()
    before, actions, log = number(page), legal(page), page.locator("[data-log]").count()

    page.reload()
    page.wait_for_selector("[data-board]")
    player.wait_for_turn()
    assert page.locator("main.play").get_attribute("data-you") == "0"  # the token was kept
    assert number(page) == before
    assert legal(page) == actions
    assert page.locator("[data-log]").count() == log
    player.play_one()  # and the seat still plays
    assert number(page) > before


def test_a_server_killed_in_mid_game_comes_back_and_the_page_reconnects_by_itself(
    page: Page, own_server: Server
) -> None:
    game_id = create_game(page, own_server, "aquaretto", ["me", "greedy"])
    player = ClickingPlayer(page, seed=7)
    for _ in range(6):
        player.wait_for_turn()
        player.play_one()
    player.wait_for_turn()
    before = number(page)

    own_server.kill()
    page.wait_for_selector('[data-online="no"]')  # the page says it is offline
    own_server.start()  # the same port and database
    page.wait_for_selector('[data-online="yes"]', timeout=30_000)  # it reconnected alone
    player.wait_for_turn()
    assert number(page) == before == own_server.get(f"/api/games/{game_id}")["number"]
    player.play_one()
    assert own_server.get(f"/api/games/{game_id}")["number"] > before
