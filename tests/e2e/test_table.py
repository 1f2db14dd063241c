"""The table as a person meets it: keyboard play, the links box, a missing game,
names, the tab's title, the pictures and their fallback, the About page."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, serious_violations
from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, KeyboardPlayer, legal, status
from tests.e2e.positions import store_game, to_move
from tests.e2e.server import Server
from zoogames.core.game import State

KEYBOARD = [  # the game, and what the keyboard must have placed on the board in its turn
    ("aquaretto", re.compile(r"^place \S+ -?\d+,-?\d+$")),
    ("zooloretto", re.compile(r"^place \S+ e\d$")),
    ("aquaretto-zooloretto", re.compile(r"^place \S+ (-?\d+,-?\d+|e\d)$")),
    ("aquarium-designer", re.compile(r"^draw \d+ -?\d+,-?\d+ r\d+$")),
]


MID_GAME = {"aquaretto": 30, "zooloretto": 30, "aquaretto-zooloretto": 40, "aquarium-designer": 8}
"""Actions into a 2-player game of each: tiles on every board, the game far from over."""


class Placer(KeyboardPlayer):
    """Takes a truck as soon as one is worth taking, and places tiles on the board rather than
    the depot or barn: a turn that reaches the spaces the keyboard must get to."""

    def pick(self, actions: list[str]) -> str:
        for prefix in ("draw ", "take ", "place "):
            board = [
                a for a in actions if a.startswith(prefix) and not a.endswith((" depot", " barn"))
            ]
            if board:
                return self.rng.choice(board)
        return "draw" if "draw" in actions else self.rng.choice(actions)


def takes_a_truck_with_animals(seat: int) -> Callable[[State], bool]:
    """A position where ``seat`` is to move and may take a truck with an animal on it (or,
    in Aquarium Designer, is to move): its turn will place something on its board."""

    def holds(state: State) -> bool:
        if state.to_move != seat:
            return False
        view = state.view(seat)
        if view["game"] == "aquarium-designer":
            return True
        species = {s for k in ("species", "water_species", "zoo_species") for s in view.get(k, [])}
        trucks = {t["name"]: t["tiles"] for t in view["trucks"]}
        takes = [str(a).split()[1] for a in state.legal_actions() if str(a).startswith("take ")]
        return any(tile.split("/")[0] in species for t in takes for tile in trucks[t])

    return holds


def turn_ended(page: Page, server: Server, game_id: str) -> bool:
    """Whether the action just played ended seat 0's turn: nothing is offered now, or the
    bot has moved after it already (a fast bot may move before the page is looked at)."""
    if not legal(page):
        return True
    log = server.get(f"/api/games/{game_id}")["log"]
    mine = max(e["number"] for e in log if e["seat"] == 0)
    return any(e["number"] > mine and e["seat"] != 0 for e in log)


@pytest.mark.parametrize(("game", "wanted"), KEYBOARD, ids=[g for g, _ in KEYBOARD])
def test_the_keyboard_alone_plays_a_whole_turn(
    page: Page, server: Server, game: str, wanted: re.Pattern[str]
) -> None:
    # From a stored position where the turn will reach the board (no clicks to get there).
    stored = store_game(
        server, game, ["me", "greedy"], seed=11, moves=8, until=takes_a_truck_with_animals(0)
    )
    page.goto(stored.link(server))
    page.wait_for_selector("[data-board]")
    player = Placer(page, seed=4)
    ended = False  # a turn that placed by keys was played to its end by keys
    for _ in range(40):  # until a turn has placed a tile (or card) by keys, and has ended
        player.wait_for_turn()
        assert status(page) == "playing"
        player.play_one()
        if any(wanted.match(a) for a in player.played) and turn_ended(page, server, stored.id):
            ended = True
            break
    assert any(wanted.match(a) for a in player.played), player.played
    assert ended, player.played


def test_the_links_box_never_widens_the_page(page: Page, server: Server) -> None:
    create_game(page, server, "aquaretto", ["me", "invite", "greedy"])
    assert page.locator('[data-link="seat-1"]').is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


PHONE_GAMES = [
    ("aquaretto", 3),
    ("zooloretto", 2),
    ("aquaretto-zooloretto", 2),
    ("aquarium-designer", 3),
]


@pytest.mark.parametrize(("game", "players"), PHONE_GAMES, ids=[g for g, _ in PHONE_GAMES])
def test_on_a_phone_the_trucks_and_your_zoo_come_first_and_another_zoo_is_one_tap_away(
    phone: Page, server: Server, game: str, players: int
) -> None:
    stored = store_game(
        server, game, ["me"] * players, seed=3, moves=MID_GAME[game], until=to_move(1)
    )
    phone.goto(stored.link(server))
    phone.wait_for_selector("[data-board]")

    def fits() -> bool:
        # The screen's width, not innerWidth: a phone widens its layout to what overflows.
        width = phone.evaluate("document.documentElement.scrollWidth")
        return bool(width <= PHONE["width"])

    def top(selector: str) -> float:
        box = phone.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not shown"
        return box["y"]

    assert fits()
    mine, other = phone.locator('[data-seat-panel="0"]'), phone.locator('[data-seat-panel="1"]')
    assert mine.is_visible() and not other.is_visible()
    middle = "[data-truck]" if game != "aquarium-designer" else "[data-card]"
    assert top(middle) < top('[data-seat-panel="0"]') < top(".move-log")
    # Another seat's zoo: one tap on its tab (marked: it is that seat's turn).
    tab = phone.locator('[data-seat-tab="1"]')
    assert "to-move" in (tab.get_attribute("class") or "")
    tab.tap()
    expect(other).to_be_visible()
    expect(mine).to_be_hidden()
    assert fits()


def test_on_a_phone_every_seat_of_five_has_its_tab_in_sight(phone: Page, server: Server) -> None:
    # Four bots of one kind have long names ("Greedy bot (seat 5)"): the tabs must wrap, not
    # run off the screen, so that every zoo is one tap away.
    stored = store_game(
        server, "zooloretto", ["me"] + ["greedy"] * 4, seed=5, moves=10, until=to_move(0)
    )
    phone.goto(stored.link(server))
    phone.wait_for_selector("[data-board]")
    for seat in range(5):
        box = phone.locator(f'[data-seat-tab="{seat}"]').bounding_box()
        assert box is not None, f"seat {seat} has no tab"
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (seat, box)


def test_on_a_phone_the_score_sheet_of_five_seats_never_widens_the_page(
    phone: Page, server: Server
) -> None:
    # Five seats, four of them bots with long names ("Greedy bot (seat 5)"), at the end.
    stored = store_game(server, "zooloretto", ["me"] + ["greedy"] * 4, seed=3, moves=10_000)
    phone.goto(stored.link(server))
    phone.wait_for_selector("main.play[data-status='over'] [data-score-sheet]")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert phone.locator("[data-total]").count() == 5


def test_on_a_phone_buying_from_another_seat_leads_back_to_your_zoo(
    phone: Page, server: Server
) -> None:
    def may_buy(state: State) -> bool:
        return state.to_move == 0 and any(
            str(a).startswith("buy 1 ") for a in state.legal_actions()
        )

    stored = store_game(server, "aquaretto", ["me", "me"], seed=21, moves=20, until=may_buy)
    phone.goto(stored.link(server))
    phone.wait_for_selector("[data-board]")
    phone.locator('[data-mode="buy"]').tap()
    tab = phone.locator('[data-seat-tab="1"]')
    expect(tab).to_have_class(re.compile(r"\bchoice\b"))  # Ben's depot may be bought from
    tab.tap()
    phone.locator('[data-place="depot"][data-seat="1"]').tap()
    # The rest of the purchase is on your own water zoo, shown again by itself.
    expect(phone.locator('[data-seat-panel="0"]')).to_be_visible()
    expect(phone.locator('rect.choice[data-seat="0"]').first).to_be_visible()


def test_a_game_that_does_not_exist_offers_the_way_home(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/play/NoSuchGame1")
    page.wait_for_selector("[data-error]")
    assert "no game NoSuchGame1" in page.locator("[data-error]").inner_text()
    assert page.locator('[data-action="watch"]').count() == 0
    page.locator('[data-action="home"]').click()
    page.wait_for_selector("[data-home-game]")  # the home page's game cards


def test_two_me_seats_have_two_names_and_the_page_follows_the_turn(
    page: Page, server: Server
) -> None:
    create_game(page, server, "zooloretto", ["me", "me"], name="Anna", start=0)
    names = [page.locator(f'[data-seat-panel="{i}"] header strong').inner_text() for i in (0, 1)]
    assert names == ["Anna", "Anna 2"]
    page.wait_for_function("() => document.title.startsWith('● Your turn')")
    assert page.title() == "● Your turn · Zooloretto"  # the name comes from the catalog
    player = ClickingPlayer(page, seed=1)
    player.play("draw")
    player.play(next(a for a in legal(page) if a.startswith("load ")))  # the turn ends
    # Hot seat: this browser holds the next seat too, so the page plays it now.
    page.wait_for_selector('main.play[data-you="1"]')
    page.wait_for_function("() => document.title === '● Your turn · Zooloretto'")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    with urllib.request.urlopen(server.url + (icon or "/missing.svg")) as r:
        assert r.headers["content-type"].startswith("image/svg")


def test_tiles_are_pictures_named_in_words_with_a_text_fallback(page: Page, server: Server) -> None:
    create_game(page, server, "zooloretto", ["me", "greedy"])
    page.locator('[data-action="draw"]').click()
    page.wait_for_selector('[data-role="drawn"] image.picture, [data-truck] image.picture')
    # The coins are coins, counted in words: "2 coins", never "1 coins".
    coins = page.locator('[data-seat-panel="0"] .coins')
    assert re.fullmatch(r"\d+ coins?", coins.get_attribute("aria-label") or "")
    # With the pictures refused, each tile writes its kind instead.
    page.route("**/*.svg", lambda route: route.abort())
    page.reload()
    page.wait_for_selector("[data-board]")
    page.wait_for_selector("[data-picture-text]")
    assert page.locator("image.picture").count() == 0


def test_live_scores_say_1_point_not_1_points(page: Page, server: Server) -> None:
    def one_point(state: State) -> bool:
        return state.to_move == 0 and 1 in [s["total"] for s in state.view(0)["scores"]]

    stored = store_game(server, "aquaretto", ["me", "me"], seed=4, moves=0, until=one_point)
    page.goto(stored.link(server))
    page.locator('[data-action="show-scores"]').check()
    points = page.locator("[data-points]").all_inner_texts()
    assert "1 point" in points, points
    assert "1 points" not in points, points


def test_the_about_page_credits_the_pictures_and_serves_their_licence(
    page: Page, server: Server
) -> None:
    # The first page leads there (a player must not have to start a game to find it).
    page.goto(server.url + "/")
    page.locator('[data-link="about"]').click()
    page.wait_for_url("**/about")
    assert "OpenMoji" in page.locator("main").inner_text()
    assert "CC BY-SA 4.0" in page.locator("main").inner_text()
    for which in ("openmoji", "font"):
        href = page.locator(f'[data-licence="{which}"]').get_attribute("href") or ""
        with urllib.request.urlopen(server.url + href) as r:
            assert len(r.read()) > 1000  # the licence's whole text


@pytest.mark.parametrize(("game", "moves"), MID_GAME.items(), ids=list(MID_GAME))
def test_axe_finds_no_serious_accessibility_violation(
    audited: Page, server: Server, game: str, moves: int
) -> None:
    # Mid-game, on the seat's turn: tiles on every board, choices offered.
    page = audited
    stored = store_game(server, game, ["me", "greedy"], seed=2, moves=moves, until=to_move(0))
    page.goto(stored.link(server))
    page.wait_for_selector("main.play:not([data-legal='[]'])")
    assert serious_violations(page) == []


def test_a_log_entry_of_an_expansion_outlines_its_spaces_on_the_board(
    page: Page, server: Server
) -> None:
    """An expansion puts no tile anywhere, so marking "where the move ended" showed
    nothing: hovering its log entry (as a hint or a lesson naming one) outlines the
    spaces it laid, on its owner's zoo only."""
    stored = store_game(
        server, "aquaretto", ["me", "greedy"], 3, 110, to_move(0), players_as=["builder", "greedy"]
    )
    assert stored.state is not None
    history = [str(a) for a in stored.state.history]
    number = next(i for i, a in enumerate(history) if a.startswith("expand "))
    cells = history[number].split()[2:]
    page.goto(stored.link(server, 0))
    entry = page.locator(f'[data-log="{number}"]')
    entry.hover()
    spot = page.locator(".expansion-spotlit")
    expect(spot).to_have_count(1)
    assert spot.get_attribute("data-spotlit") == " ".join(cells)
    # Only seat 0 buys expansions here (the builder; greedy bots never do).
    assert page.locator(".water-zoo", has=spot).get_attribute("data-seat") == "0"
    page.mouse.move(0, 0)
    expect(page.locator(".expansion-spotlit")).to_have_count(0)


def test_tapping_a_log_entry_on_a_phone_brings_its_mark_into_view(
    phone: Page, server: Server
) -> None:
    """On a phone the log lies below the board: a tapped entry's mark (here an
    expansion's outline) is scrolled into view instead of being drawn out of sight."""
    stored = store_game(
        server, "aquaretto", ["me", "greedy"], 3, 110, to_move(0), players_as=["builder", "greedy"]
    )
    assert stored.state is not None
    number = next(i for i, a in enumerate(stored.state.history) if str(a).startswith("expand "))
    phone.goto(stored.link(server, 0))
    entry = phone.locator(f'[data-log="{number}"]')
    entry.scroll_into_view_if_needed()
    below = phone.evaluate("window.scrollY")
    # the expansion's place, near the zoo's top, is above the screen's top edge
    zoo = phone.locator('.water-zoo[data-seat="0"]').bounding_box()
    assert zoo is not None and zoo["y"] < -100
    entry.tap()
    spot = phone.locator(".expansion-spotlit")
    expect(spot).to_have_count(1)
    # all of it (an instant scroll may leave it a fraction of a pixel off the edge)
    expect(spot).to_be_in_viewport(ratio=0.99)
    assert phone.evaluate("window.scrollY") < below
