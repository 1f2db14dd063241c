"""The table's faults a newcomer met: a dead-end unlisted seat, a stuck hot seat, a waiting
table "to move", chat and leaving at a table of bots, a bot's many names, "Me"."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_context
from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, legal
from tests.e2e.positions import store_game
from tests.e2e.server import Server


def test_an_unlisted_tables_open_seat_is_taken_from_its_link(
    browser: Browser, server: Server
) -> None:
    host_context = new_context(browser)
    guest_context = new_context(browser)
    try:
        host = host_context.new_page()
        create_game(host, server, "aquaretto", ["me", "open"], name="Anna")  # unlisted
        host.wait_for_selector('[data-waiting="1"]')
        # Waiting: nobody is to move, nobody to talk with; no pointer to a lobby it is not in.
        expect(host.locator(".seat-panel.to-move")).to_have_count(0)
        expect(host.locator("[data-to-move]")).to_have_count(0)
        expect(host.locator('.waiting a[href="/lobby"]')).to_have_count(0)
        expect(host.locator(".chat")).to_have_count(0)
        expect(host.locator('[data-action="mute"]')).to_have_count(0)
        # The host's Links hold the open seat's link: the table's own.
        link = host.locator('[data-link="open-1"]').input_value()

        guest = guest_context.new_page()
        guest.goto(link)
        guest.locator('[data-field="take-name"]').fill("Bea")
        guest.locator('[data-action="take-seat"][data-seat="1"]').click()
        guest.wait_for_selector('main.play[data-you="1"]')
        guest.wait_for_selector("[data-waiting]", state="detached")
        host.wait_for_selector("[data-waiting]", state="detached")
        # Two people now: a chat, and the other one to mute.
        expect(host.locator(".chat")).to_have_count(1)
        expect(host.locator('[data-action="mute"][data-seat="1"]')).to_have_count(1)
    finally:
        host_context.close()
        guest_context.close()


def test_a_hot_seat_follows_the_turn_and_unnamed_players_are_players(
    page: Page, server: Server
) -> None:
    create_game(page, server, "zooloretto", ["me", "me"], name="", start=0)
    page.wait_for_selector('main.play[data-you="0"]')
    names = [page.locator(f'[data-seat-panel="{i}"] header strong').inner_text() for i in (0, 1)]
    assert names == ["Player 1", "Player 2"]  # never "Me"
    player = ClickingPlayer(page, seed=1)
    player.play("draw")
    player.play(next(a for a in legal(page) if a.startswith("load ")))  # the turn ends
    page.wait_for_selector('main.play[data-you="1"]')  # the page plays the seat to move
    expect(page.locator('[data-banner="mine"]')).to_have_count(1)


def test_a_table_of_bots_has_no_chat_nor_leaving_and_bots_one_name(
    page: Page, server: Server
) -> None:
    create_game(page, server, "aquaretto", ["me", "beginner"], name="Anna")
    page.wait_for_selector('main.play[data-you="0"]')
    expect(page.locator('[data-seat-panel="1"] header strong')).to_have_text("Beginner bot")
    expect(page.locator(".chat")).to_have_count(0)
    expect(page.locator('[data-action="leave"]')).to_have_count(0)

    page.goto(server.url + "/leaderboard/aquaretto")
    bots = page.locator('[data-bot="yes"] th')
    expect(bots).to_have_count(7)  # random, greedy, the five levels
    assert all(not name.endswith("(bot)") for name in bots.all_inner_texts())
    assert {"Beginner bot", "Master bot"} <= set(bots.all_inner_texts())


def test_error_pages_and_the_game_page_have_the_sites_navigation(
    page: Page, server: Server
) -> None:
    answer = page.goto(server.url + "/no/such/page")
    assert answer is not None and answer.status == 404  # the server says so
    page.wait_for_selector('main[data-page="none"] .site-nav [data-link="lobby"]')
    page.goto(server.url + "/play/NoSuchGame1")  # a game that is not there
    page.wait_for_selector("main.play .site-nav [data-link=my-games]")
    page.wait_for_selector("[data-error]")
    create_game(page, server, "aquaretto", ["me", "beginner"], name="Anna")
    expect(page.locator("main.play .site-nav [data-link=lobby]")).to_have_count(1)
    icon = page.request.get(server.url + "/favicon.ico")
    assert icon.ok and icon.body()[:4] == b"\x00\x00\x01\x00"


def test_the_end_says_what_happened_and_offers_the_next_steps(page: Page, server: Server) -> None:
    stored = store_game(server, "aquaretto", ["me", "me"], seed=3, moves=10_000)
    page.goto(stored.link(server, 0))
    page.wait_for_selector('main.play[data-status="over"]')
    outcome = page.locator("[data-outcome]")
    expect(outcome).to_contain_text(re.compile(r"^You (won|finished|shared)"))
    expect(outcome).to_contain_text("Your points came most from:")
    expect(page.locator('[data-action="review"]')).to_have_class(re.compile(r"\bprimary\b"))
    rematch = page.locator('[data-action="rematch"]')
    expect(rematch).to_have_text("Play again")
    expect(rematch).to_have_class(re.compile(r"\bprimary\b"))

    solo = store_game(server, "aquarium-designer", ["me"], seed=3, moves=10_000)
    page.goto(solo.link(server, 0))
    page.wait_for_selector('main.play[data-status="over"]')
    expect(page.locator("[data-outcome]")).to_contain_text("designer rank")
    expect(page.locator("[data-outcome]")).to_contain_text("Each rank's least score: S 50, A 45")
