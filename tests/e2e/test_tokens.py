"""Tokens: a forged one is refused; a link without one watches; undo is the seat's own."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, legal, number
from tests.e2e.server import Server


def test_a_forged_token_is_refused_and_offers_nothing(page: Page, server: Server) -> None:
    game_id = create_game(page, server, "aquaretto", ["me", "invite"])
    assert page.context.browser is not None
    stranger = page.context.browser.new_context()  # holds no seat of the game
    other = stranger.new_page()
    other.goto(f"{server.url}/play/{game_id}#token=forged-token-0123456789abcdef")
    other.wait_for_selector("[data-error]")
    assert "token" in other.locator("[data-error]").inner_text().lower()
    assert other.locator("[data-action], [data-mode]").filter(has_text="Draw").count() == 0
    if other.locator("main.play").count():
        assert legal(other) == []
    # The refused page offers to watch instead, and watching shows the board and no action.
    other.locator('[data-action="watch"]').click()
    other.wait_for_selector("[data-board]")
    assert other.locator(".spectator").inner_text() == "watching"
    assert legal(other) == []
    assert other.locator('[data-action="draw"]').count() == 0
    stranger.close()


def test_a_spectator_link_shows_the_game_without_choices(page: Page, server: Server) -> None:
    game_id = create_game(page, server, "zooloretto", ["me", "greedy"])
    watcher = page.context.browser.new_context() if page.context.browser else None
    assert watcher is not None
    try:
        spectator = watcher.new_page()
        spectator.goto(f"{server.url}/play/{game_id}")
        spectator.wait_for_selector("[data-board]")
        assert spectator.locator(".spectator").inner_text() == "watching"
        assert legal(spectator) == []
        assert spectator.locator("button.choice").count() == 0
    finally:
        watcher.close()


def test_undo_takes_back_the_seats_own_action_that_revealed_nothing(
    page: Page, server: Server
) -> None:
    game_id = create_game(page, server, "aquaretto", ["me", "greedy"])
    player = ClickingPlayer(page, seed=3)

    def takes_with_animals() -> set[str]:
        # A truck of coins alone would end the turn at once (nothing to place): the bot
        # would then act, and undo rightly be refused. The deal is random, so look.
        trucks = server.get(f"/api/games/{game_id}")["view"]["trucks"]
        return {f"take {t['name']}" for t in trucks if set(t["tiles"]) - {"coin"}}

    for _ in range(60):  # draw and load until a truck may be taken (and a tile drawn)
        player.wait_for_turn()
        actions = legal(page)
        # Undo must not be on offer yet: after a round where this seat took the last
        # truck, it starts the next round with its own last placement still undoable.
        undoable = page.locator('[data-action="undo"]').count() > 0
        if "draw" in actions and takes_with_animals() & set(actions) and not undoable:
            break
        player.play("draw" if "draw" in actions else actions[0])
    actions = legal(page)
    take = next(a for a in actions if a in takes_with_animals())
    before = number(page)
    assert page.locator('[data-action="undo"]').count() == 0

    # Taking a truck reveals nothing, and the turn goes on: it may be taken back.
    player.play(take)
    page.locator('[data-action="undo"]').click()
    page.wait_for_function(
        "n => Number(document.querySelector('main.play').dataset.number) === n", arg=before
    )
    assert legal(page) == actions
    # A draw reveals a tile: it cannot be taken back.
    player.play("draw")
    assert page.locator('[data-action="undo"]').count() == 0


def you(page: Page) -> str:
    return page.locator("main.play").get_attribute("data-you") or ""


def test_a_browser_keeps_every_seat_it_holds_and_switches_between_them(
    page: Page, server: Server
) -> None:
    """Another seat's link, or a broken one, never loses a seat."""
    # (an open seat: the table waits, so the page does not follow a turn to the other seat)
    create_game(page, server, "zooloretto", ["me", "me", "open"])
    page.wait_for_selector('main.play[data-you="0"]')
    assert page.locator('[data-action="switch-seat"]').count() == 2
    second = page.locator('[data-link="seat-1"]').input_value()
    assert "#token=" in second

    page.goto(second)  # the second seat's link, in the same browser
    page.wait_for_selector('main.play[data-you="1"]')
    page.reload()
    page.wait_for_selector('main.play[data-you="1"]')
    page.locator('[data-action="switch-seat"][data-seat="0"]').click()
    page.wait_for_selector('main.play[data-you="0"]')

    page.goto(second[:-6])  # a truncated link: refused, and the seat held is kept
    page.wait_for_selector("[data-seat-notice]")
    page.wait_for_selector('main.play[data-you="0"]')
    page.reload()
    page.wait_for_selector('main.play[data-you="0"]')
    assert page.locator('[data-action="switch-seat"]').count() == 2
    assert page.locator("[data-error]").count() == 0


def test_an_invited_player_joins_before_moving_with_the_servers_name_limit(
    page: Page, server: Server
) -> None:
    """The join form takes what the server takes; no move before joining."""
    from zoogames.server.service import NAME_LENGTH

    game_id = create_game(page, server, "aquaretto", ["invite", "me"])
    link = page.locator('[data-link="seat-0"]').input_value()
    guest_context = page.context.browser.new_context() if page.context.browser else None
    assert guest_context is not None
    try:
        guest = guest_context.new_page()
        guest.goto(link)
        field = guest.locator('[data-field="join-name"]')
        field.wait_for()
        assert field.get_attribute("maxlength") == str(NAME_LENGTH)
        assert you(guest) == "" and legal(guest) == []  # an invitation plays no seat
        field.fill("B" * NAME_LENGTH)
        guest.locator('[data-action="join"]').click()
        guest.wait_for_selector('main.play[data-you="0"]')
        page.wait_for_selector(f'[data-seat-panel="0"] header >> text={"B" * NAME_LENGTH}')
    finally:
        guest_context.close()
    assert server.get(f"/api/games/{game_id}")["seats"][0]["joined"] is True


def test_the_creator_hands_a_seat_nobody_joined_to_a_bot(page: Page, server: Server) -> None:
    """A guest who never comes does not stop the game."""
    game_id = create_game(page, server, "zooloretto", ["me", "invite"])
    player = ClickingPlayer(page, seed=5)
    page.locator('[data-action="seat-to-bot"][data-seat="1"]').click()
    page.wait_for_selector('[data-link="seat-1"]', state="detached")
    assert server.get(f"/api/games/{game_id}")["seats"][1]["kind"] == "bot"
    for _ in range(4):  # the bot answers our moves
        player.wait_for_turn()
        player.play_one()
    player.wait_for_turn()
    assert any(e["seat"] == 1 for e in server.get(f"/api/games/{game_id}")["log"])
