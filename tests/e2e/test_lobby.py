"""Playing with people in two browsers: one signed in, one a guest. They find
each other through the lobby, chat, and play a turn-based game with a reload between
turns while the tab's title marks whose turn it is. The new pages pass axe."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_context, serious_violations
from tests.e2e.player import ClickingPlayer, legal
from tests.e2e.positions import store_game
from tests.e2e.server import Server

PASSWORD = "a long enough password"
MARK = "(your turn)"


def sign_up(page: Page, server: Server, name: str) -> None:
    """Create an account from the account page; the header then names it."""
    page.goto(server.url + "/account")
    page.locator('[data-field="signup-name"]').fill(name)
    page.locator('[data-field="signup-password"]').fill(PASSWORD)
    page.locator('[data-action="signup"]').click()
    page.wait_for_url("**/games")
    page.wait_for_selector(f'[data-signed-in="{name}"]')


def turn_mark_on(page: Page) -> None:
    """Open the table's settings and ask for the title's turn mark."""
    page.locator("details.settings summary").click()
    page.locator('[data-action="title-mark"]').check()
    page.locator("details.settings summary").click()


def test_a_member_and_a_guest_meet_in_the_lobby_chat_and_play_turn_based(
    browser: Browser, server: Server
) -> None:
    anna_context = new_context(browser)
    bea_context = new_context(browser)
    try:
        anna = anna_context.new_page()
        sign_up(anna, server, "Anna_lobby")

        # Anna sets up a turn-based table in the lobby with a seat open to anyone.
        anna.goto(server.url + "/new")
        anna.locator('[data-game="zooloretto"]').click()
        anna.locator('[data-field="players"]').select_option("2")
        anna.locator('[data-seat-kind="0"]').select_option("me")
        anna.locator('[data-seat-kind="1"]').select_option("open")
        anna.locator('[data-field="clock"]').select_option("day")
        anna.locator('[data-field="listed"]').check()
        assert anna.locator('[data-field="name"]').count() == 0  # her account names her seat
        anna.locator('[data-action="create"]').click()
        anna.wait_for_url("**/play/*")
        game_id = anna.url.rsplit("/", 1)[-1]
        anna.wait_for_selector('[data-waiting="1"]')  # who is still missing
        assert anna.locator('[data-action="start-with-bots"]').is_visible()  # she hosts
        assert legal(anna) == []  # the table waits
        turn_mark_on(anna)

        # Bea, a guest, finds the table in the lobby and takes the seat with one click.
        bea = bea_context.new_page()
        bea.goto(server.url + "/lobby")
        table = bea.locator(f'[data-table="{game_id}"]')
        assert "Anna_lobby" in table.inner_text()
        assert table.locator('[data-pace="turn-based"]').count() == 1
        table.locator('[data-action="take-seat"][data-seat="1"]').click()
        assert "name" in bea.locator("[data-error]").inner_text()  # a guest names herself
        bea.locator('[data-field="lobby-name"]').fill("Bea")
        table.locator('[data-action="take-seat"][data-seat="1"]').click()
        bea.wait_for_url(f"**/play/{game_id}")
        bea.wait_for_selector('main.play[data-you="1"]')
        turn_mark_on(bea)

        # The table is full: the waiting notice goes, the day's clock runs.
        anna.wait_for_selector("[data-waiting]", state="detached")
        anna.wait_for_selector("[data-clock]")
        assert int(anna.locator("[data-clock]").get_attribute("data-clock") or "0") > 86_000
        assert server.get("/api/lobby")["open"] == []

        # Chat: text is shown as text, never as markup.
        anna.locator('[data-field="chat"]').fill("hello <b>Bea</b>")
        assert anna.locator("[data-chat-count]").get_attribute("data-chat-count") == "16"
        anna.locator('[data-action="chat-send"]').click()
        bea.wait_for_selector(".chat-text >> text=hello <b>Bea</b>")
        assert bea.locator(".chat-messages b").count() == 1  # only the sender's name is bold
        # Both browsers share one address: its chat limit is a message a second.
        bea.wait_for_timeout(1_100)
        bea.locator('[data-field="chat"]').fill("hi Anna")
        bea.locator('[data-action="chat-send"]').click()
        anna.wait_for_selector(".chat-text >> text=hi Anna")

        # Turn by turn, each mover's page reloaded after its action; the other's title
        # gets the mark when the turn comes to it.
        pages = {"0": anna, "1": bea}
        players = {"0": ClickingPlayer(anna, seed=1), "1": ClickingPlayer(bea, seed=2)}
        handovers = 0
        for _ in range(40):
            anna.wait_for_function(
                "() => document.querySelector('main.play')?.dataset.toMove !== undefined"
                " || document.querySelector('[data-to-move]') !== null"
            )
            mover = anna.locator("[data-to-move]").get_attribute("data-to-move") or ""
            other = "1" if mover == "0" else "0"
            page = pages[mover]
            players[mover].wait_for_turn()
            page.wait_for_function(f"() => document.title.startsWith('{MARK}')")
            assert not pages[other].title().startswith(MARK)
            players[mover].play_one()
            page.reload()
            page.wait_for_selector("main.play")
            now = page.locator("[data-to-move]").get_attribute("data-to-move")
            if now != mover:
                handovers += 1
                pages[other].wait_for_function(f"() => document.title.startsWith('{MARK}')")
                if handovers >= 3:
                    break
        assert handovers >= 3

        # Anna's games follow her account; Bea's live in her browser.
        anna.goto(server.url + "/games")
        anna.wait_for_selector(f'[data-game-id="{game_id}"]')
        bea.goto(server.url + "/games")
        bea.wait_for_selector(f'[data-game-id="{game_id}"]')
    finally:
        anna_context.close()
        bea_context.close()


def test_a_guest_host_starts_with_bots_signs_up_and_plays_on_from_another_device(
    browser: Browser, server: Server
) -> None:
    first_context = new_context(browser)
    second_context = new_context(browser)
    try:
        # A guest sets up a table with an open seat, then starts it with a bot in that seat.
        first = first_context.new_page()
        first.goto(server.url + "/new")
        first.locator('[data-game="zooloretto"]').click()
        first.locator('[data-field="players"]').select_option("2")
        first.locator('[data-seat-kind="1"]').select_option("open")
        first.locator('[data-field="name"]').fill("Cleo")
        first.locator('[data-action="create"]').click()
        first.wait_for_url("**/play/*")
        game_id = first.url.rsplit("/", 1)[-1]
        first.wait_for_selector('[data-waiting="1"]')
        # "start now with bots" offers the named levels that play Zooloretto, beginner to master
        levels = first.locator('[data-field="start-bot"] option')
        expect(levels).to_have_count(5)
        assert levels.evaluate_all("os => os.map(o => o.value)") == [
            "beginner",
            "casual",
            "strong",
            "expert",
            "master",
        ]
        first.locator('[data-field="start-bot"]').select_option("beginner")
        first.locator('[data-action="start-with-bots"]').click()
        first.wait_for_selector("[data-waiting]", state="detached")
        assert server.get(f"/api/games/{game_id}")["seats"][1]["bot"] == "beginner"

        # She signs up: the browser's guest seat is claimed by her new account.
        sign_up(first, server, "Cleo_lobby")
        first.wait_for_selector(f'[data-game-id="{game_id}"]')

        # On another device she signs in and finds the game; opening it fetches this
        # device's token for her seat.
        second = second_context.new_page()
        second.goto(server.url + "/account")
        second.locator('[data-field="signin-name"]').fill("cleo_LOBBY")  # any case
        second.locator('[data-field="signin-password"]').fill(PASSWORD)
        second.locator('[data-action="signin"]').click()
        second.wait_for_url("**/games")
        second.wait_for_selector('[data-signed-in="Cleo_lobby"]')
        # The game's page opened straight away (a link sent from the other device) plays
        # her seat too.
        second.goto(f"{server.url}/play/{game_id}")
        second.wait_for_selector('main.play[data-you="0"]')
        second.evaluate(f"localStorage.removeItem('zoogames:seats:{game_id}')")
        second.goto(server.url + "/games")
        second.locator(f'[data-game-id="{game_id}"] a').click()
        second.wait_for_url(f"**/play/{game_id}")
        second.wait_for_selector('main.play[data-you="0"]')

        # Her profile lists the game.
        profile = second_context.new_page()
        profile.goto(server.url + "/players/Cleo_lobby")
        profile.wait_for_selector(f'[data-list="recent"] [data-game-id="{game_id}"]')
        profile.close()

        # A table of her and a bot: nobody to leave waiting.
        expect(second.locator('[data-action="leave"]')).to_have_count(0)

    finally:
        first_context.close()
        second_context.close()


def test_a_player_who_leaves_forfeits_where_the_creator_chose_so(
    browser: Browser, server: Server
) -> None:
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(server.url + "/new")
        page.locator('[data-game="aquaretto"]').click()
        page.locator('[data-field="players"]').select_option("2")
        # the choices show where they apply: a clock runs, another player could be left
        assert page.locator('[data-field="on_timeout"]').count() == 0
        assert page.locator('[data-field="on_leave"]').count() == 0
        page.locator('[data-field="clock"]').select_option("live")
        page.locator('[data-field="on_timeout"]').select_option("forfeit")
        page.locator('[data-seat-kind="1"]').select_option("invite")
        page.locator('[data-field="on_leave"]').select_option("forfeit")
        page.locator('[data-field="name"]').fill("Dana")
        page.locator('[data-action="create"]').click()
        page.wait_for_url("**/play/*")
        game_id = page.url.rsplit("/", 1)[-1]
        snap = server.get(f"/api/games/{game_id}")
        assert (snap["on_timeout"], snap["on_leave"]) == ("forfeit", "forfeit")
        page.wait_for_selector('main.play[data-you="0"]')
        # She leaves: the game ends at once, her seat stays hers, the sheet says she forfeited.
        page.once("dialog", lambda dialog: dialog.accept())
        page.locator('[data-action="leave"]').click()
        page.wait_for_selector('main.play[data-status="over"][data-you="0"]')
        page.wait_for_selector('[data-forfeited="0"]')
        assert server.get(f"/api/games/{game_id}")["forfeited"] == 0
    finally:
        context.close()


def test_a_rematch_at_the_end_deals_anew_for_both_players(browser: Browser, server: Server) -> None:
    stored = store_game(server, "aquarium-designer", ["me", "me"], seed=5, moves=10_000)
    assert server.get(f"/api/games/{stored.id}")["status"] == "over"
    first_context = new_context(browser)
    second_context = new_context(browser)
    try:
        first = first_context.new_page()
        first.goto(stored.link(server, 0))
        first.wait_for_selector('main.play[data-status="over"][data-you="0"]')
        assert first.locator('[data-action="leave"]').count() == 0  # over: nothing to leave
        first.locator('[data-action="rematch"]').click()
        first.wait_for_url(lambda url: stored.id not in url)
        first.wait_for_selector('main.play[data-status="playing"][data-you="0"]')
        rematch = first.url.rsplit("/", 1)[-1]
        assert server.get(f"/api/games/{stored.id}")["rematch"] == rematch

        # The other player is offered the new game: the old seat's token joins it.
        second = second_context.new_page()
        second.goto(stored.link(server, 1))
        second.wait_for_selector('[data-action="rematch"] >> text=Play again: join the new game')
        second.locator('[data-action="rematch"]').click()
        second.wait_for_url(f"**/play/{rematch}")
        second.wait_for_selector('main.play[data-status="playing"][data-you="1"]')
        seats = server.get(f"/api/games/{rematch}")["seats"]
        assert [s["joined"] for s in seats] == [True, True]
    finally:
        first_context.close()
        second_context.close()


def test_the_new_pages_pass_axe(audited: Page, server: Server) -> None:
    page = audited
    sign_up(page, server, "Axel_lobby")
    for path, ready in [
        ("/account", ".notify-settings input[type=checkbox]"),  # signed in: notifications
        ("/lobby", "[data-empty=open], [data-list=open]"),
        ("/games", "[data-empty=games], [data-list=games]"),
        ("/players/Axel_lobby", "[data-player]"),
        ("/leaderboard/aquaretto", "[data-leaderboard]"),
    ]:
        page.goto(server.url + path)
        page.wait_for_selector(ready)
        assert (path, serious_violations(page)) == (path, [])
