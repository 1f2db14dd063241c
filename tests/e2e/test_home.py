"""The home page: a card per game of the server's catalog, and three ways into each."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.server import Server


def test_a_card_per_game_with_its_picture_players_length_and_goal(
    page: Page, server: Server
) -> None:
    page.goto(server.url + "/")
    games = [g["id"] for g in server.get("/api/catalog")["games"]]
    cards = page.locator("[data-home-game]")
    expect(cards).to_have_count(len(games))
    assert [cards.nth(i).get_attribute("data-home-game") for i in range(len(games))] == games
    for game in games:
        card = page.locator(f'[data-home-game="{game}"]')
        # The picture is drawn from the game's pieces: tiles, or a card's sections.
        assert card.locator("svg.home-picture image").count() >= 2
        expect(card.locator("[data-players]")).to_contain_text("players")
        length = "minutes" if "designer" not in game else "rounds"
        expect(card.locator("[data-length]")).to_contain_text(length)
        expect(card.locator("[data-about]")).not_to_be_empty()
        starts = (
            '[data-action="play-bot"]',
            '[data-action="friends"]',
            f'[data-tutorial="{game}"]',
        )
        for start in starts:
            expect(card.locator(start)).to_be_visible()


def test_play_a_bot_now_is_one_click_into_a_two_player_game(page: Page, server: Server) -> None:
    page.goto(server.url + "/")
    page.locator('[data-home-game="zooloretto"] [data-action="play-bot"]').click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector("[data-board]")
    game = server.get(f"/api/games/{page.url.rsplit('/', 1)[-1]}")
    assert game["game"] == "zooloretto"
    assert [s["kind"] for s in game["seats"]] == ["human", "bot"]
    assert game["seats"][1]["bot"] == "casual"
    assert page.locator("main").get_attribute("data-you") == "0"


def test_play_with_friends_opens_the_form_with_the_other_seat_open(
    page: Page, server: Server
) -> None:
    page.goto(server.url + "/")
    page.locator('[data-home-game="aquarium-designer"] [data-action="friends"]').click()
    page.wait_for_url("**/new?*")
    expect(page.locator('[data-game="aquarium-designer"]')).to_have_class("selected")
    expect(page.locator('[data-seat-kind="1"]')).to_have_value("open")


def test_on_a_phone_the_cards_fit_the_width(phone: Page, server: Server) -> None:
    phone.goto(server.url + "/")
    expect(phone.locator("[data-home-game]").first).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_form_offers_master_only_where_it_plays(page: Page, server: Server) -> None:
    page.goto(server.url + "/new")
    page.locator('[data-game="zooloretto"]').click()
    seat = page.locator('[data-seat-kind="1"]')
    levels = "os => os.map(o => o.value)"
    named = seat.locator("optgroup").first.locator("option")
    assert named.evaluate_all(levels) == ["beginner", "casual", "strong", "expert", "master"]
    seat.select_option("master")
    # Aquarium Designer has no master yet: its seat falls back to the default level
    page.locator('[data-game="aquarium-designer"]').click()
    expect(seat).to_have_value("casual")
    assert named.evaluate_all(levels) == ["beginner", "casual", "strong", "expert"]
    page.locator('[data-game="aquaretto"]').click()
    seat.select_option("master")
    # nor three players of Aquaretto, where it was not measured
    page.locator('[data-field="players"]').select_option("3")
    expect(seat).to_have_value("casual")
    page.locator('[data-field="players"]').select_option("2")
    seat.select_option("master")
    page.locator('[data-action="create"]').click()
    page.wait_for_selector("[data-board]")
    game = server.get(f"/api/games/{page.url.rsplit('/', 1)[-1]}")
    assert (game["game"], game["seats"][1]["bot"]) == ("aquaretto", "master")


def test_on_a_phone_the_longest_bot_label_never_widens_the_form(
    phone: Page, server: Server
) -> None:
    phone.goto(server.url + "/new")
    phone.locator('[data-game="zooloretto"]').click()
    phone.locator('[data-seat-kind="1"]').select_option("master")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
