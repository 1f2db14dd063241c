"""A bot's seat shows that it is thinking, for as long as it thinks and no longer."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, legal, number
from tests.e2e.server import Server

BOTS_TURN_OR_MINE = """() => document.querySelector('[data-to-move="1"]')
    || document.querySelector('main.play').dataset.legal !== '[]'"""


def test_a_thinking_bot_is_shown_thinking_until_it_has_moved(page: Page, server: Server) -> None:
    # MCTS at 2 s a move: long enough to be seen, short enough for a test.
    create_game(page, server, "aquarium-designer", ["me", "mcts:seconds=2"])
    player = ClickingPlayer(page, seed=3)
    thinking = page.locator('[data-thinking="1"]')
    for _ in range(2):  # two of the bot's turns; turns need not alternate (passes)
        page.wait_for_function(BOTS_TURN_OR_MINE)
        while legal(page):
            assert thinking.count() == 0  # nobody thinks on my turn
            player.play_one()
            page.wait_for_function(BOTS_TURN_OR_MINE)
        # The bot's seat panel and the status line both say it, before it has played.
        before = number(page)
        thinking.first.wait_for(state="visible")
        assert thinking.all_inner_texts() == ["MCTS bot (2 s) is thinking…", "thinking…"]
        assert number(page) == before
        page.wait_for_function("() => !document.querySelector('[data-thinking]')", timeout=30_000)
        assert number(page) > before  # and gone once its action has arrived
