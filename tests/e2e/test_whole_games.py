"""A whole game of each game against bots, played by clicking, with screenshots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import LAPTOP, PHONE
from tests.e2e.pages import create_game
from tests.e2e.player import ClickingPlayer, number, status
from tests.e2e.server import ROOT, Server

GAMES = [  # the game, its seats, how many of the seat's actions before the screenshot
    ("aquaretto", ["me", "greedy"], 20),
    ("zooloretto", ["me", "random"], 20),
    ("aquaretto-zooloretto", ["greedy", "me"], 20),
    ("aquarium-designer", ["me"], 5),
]

DECK = ROOT / "src" / "zoogames" / "games" / "aquarium_designer" / "deck.json"


def screenshots(page: Page, artifacts: Path, name: str) -> None:
    """The page as a laptop and as a phone shows it."""
    page.screenshot(path=artifacts / f"{name}-laptop.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=artifacts / f"{name}-phone.png", full_page=True)
    page.set_viewport_size(LAPTOP)


@pytest.mark.parametrize(("game", "seats", "warm_up"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_whole_game_against_bots_played_by_clicking(
    page: Page, server: Server, artifacts: Path, game: str, seats: list[str], warm_up: int
) -> None:
    game_id = create_game(page, server, game, seats)
    player = ClickingPlayer(page, seed=len(game))
    for _ in range(warm_up):  # into the game, for a board with things on it
        player.wait_for_turn()
        player.play_one()
    assert status(page) == "playing"
    page.locator('[data-action="show-scores"]').check()
    screenshots(page, artifacts, f"{game}-board")
    player.play_to_end()

    assert status(page) == "over"
    snapshot = server.get(f"/api/games/{game_id}")
    assert snapshot["status"] == "over"
    assert number(page) == snapshot["number"]
    # Every kind of action the seat had was played by clicks (e.g. money actions, expansions).
    kinds = {a.split()[0] for a in player.played}
    assert len(kinds) >= 2, kinds
    # The score sheet: every seat's total as the server counted it, the winners marked.
    totals = [int(page.locator(f'[data-total="{i}"]').inner_text()) for i in range(len(seats))]
    assert totals == snapshot["result"]["scores"]
    categories = page.locator("[data-score-sheet] tbody tr").count()
    assert categories >= 3  # categories, total (and the tie-break)
    # The log holds every action, in words with the seat's name.
    assert page.locator("[data-log]").count() == snapshot["number"]
    assert "Anna" in page.locator(".move-log").inner_text()
    screenshots(page, artifacts, f"{game}-end")

    # The replay steps through the game.
    page.locator('[data-action="replay"]').click()
    page.wait_for_selector(f'[data-replay="{snapshot["number"]}"] [data-board]')
    page.locator('[data-action="replay-prev"]').click()
    page.wait_for_selector(f'[data-replay="{snapshot["number"] - 1}"] [data-board]')
    page.locator('[data-action="replay-first"]').click()
    page.wait_for_selector('[data-replay="0"] [data-board]')
    assert page.locator(".replay-move").count() == 0  # nothing played yet at 0
    page.locator('[data-action="replay-next"]').click()
    page.wait_for_selector('[data-replay="1"] .replay-move')


def test_the_form_sends_chosen_species_to_leave_out(page: Page, server: Server) -> None:
    create_game(
        page, server, "aquaretto", ["me", "greedy"], removed=("hippo", "crocodile", "turtle")
    )
    legend = (page.locator("[data-legend]").get_attribute("data-legend") or "").split()
    assert sorted(legend) == ["dolphin", "orca", "penguin", "polar-bear", "sea-lion"]


def test_the_form_uploads_a_deck_file_and_the_game_uses_it(
    page: Page, server: Server, tmp_path: Path
) -> None:
    deck = json.loads(DECK.read_text())
    deck["name"] = "the e2e deck"
    deck["layout"] = deck["layout"][1:] + deck["layout"][:1]  # other cards than the default
    path = tmp_path / "my-deck.json"
    path.write_text(json.dumps(deck))
    create_game(page, server, "aquarium-designer", ["me"], deck=path, checks=("advanced",))
    assert page.locator(".round-info").inner_text().count("the e2e deck") == 1
    assert "advanced rule" in page.locator(".round-info").inner_text()
