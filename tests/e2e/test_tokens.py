"""Tokens: a forged one is refused; a link without one watches; undo is the seat's own."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, legal, number
from tests.e2e.server import Server


def test_a_forged_token_is_refused_and_offers_nothing(page: Page, server: Server) -> None:
    game_id = create_game(page, server, "aquaretto", ["me", "invite"])
    other = page.context.new_page()
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
        if "draw" in actions and takes_with_animals() & set(actions):
            break
        player.play("draw" if "draw" in actions else actions[0])
    actions = legal(page)
    take = next(a for a in actions if a in takes_with_animals())
    before = number(page)
    assert page.locator('[data-action="undo"]').count() == 0  # the bot acted last

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
