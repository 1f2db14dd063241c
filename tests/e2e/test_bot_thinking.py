"""A bot's seat shows that it is thinking, for as long as it thinks and no longer."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from tests.e2e.conftest import new_context
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


def test_at_the_paced_speed_only_the_seat_shown_to_move_is_shown_thinking(
    browser: Browser, server: Server
) -> None:
    # Two greedy bots play four actions at once; the MCTS bot after them then thinks while
    # the page still shows their moves one by one (the default pace). Meanwhile the seat the
    # page calls thinking must be the seat it shows to move, never a seat further on.
    context = new_context(browser, paced=True)
    page = context.new_page()
    create_game(page, server, "zooloretto", ["greedy", "greedy", "mcts:seconds=2", "me"], start=0)
    seen = False
    for _ in range(100):  # 10 s: the bot's first action, shown thinking for a while
        state = page.evaluate(
            """() => [[...document.querySelectorAll('[data-thinking]')]
                        .map(e => e.dataset.thinking),
                      document.querySelector('[data-to-move]')?.dataset.toMove ?? null]"""
        )
        thinking, to_move = state
        assert all(seat == to_move for seat in thinking), state
        seen = seen or bool(thinking)
        if seen and number(page) > 4:
            break
        page.wait_for_timeout(100)
    context.close()
    assert seen, "the bot was never shown thinking"
