"""Learn to play: start each game's tutorial from the home page, follow its first
three lessons by clicking what they say, in English and in Czech; leave one; audit the panel.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.conftest import INSTANT, LAPTOP, PHONE, serious_violations
from tests.e2e.player import ClickingPlayer, legal, status
from tests.e2e.server import ROOT, Server

CATALOGUES = {
    lang: json.loads((ROOT / "web" / "src" / "i18n" / f"ui.{lang}.json").read_text())
    for lang in ("en", "cs")
}
"""The client's texts: a lesson must show exactly its own."""

FIRST_LESSONS = {
    "aquaretto": [("draw", "tutorial.draw"), ("load", "tutorial.load"), ("take", "tutorial.take")],
    "zooloretto": [("draw", "tutorial.draw"), ("load", "tutorial.load"), ("take", "tutorial.take")],
    "aquaretto-zooloretto": [
        ("draw", "tutorial.combined.draw"),
        ("load", "tutorial.combined.load"),
        ("both", "tutorial.combined.both"),  # no truck may be taken yet
    ],
    "aquarium-designer": [
        ("card", "tutorial.designer.card"),
        ("areas", "tutorial.designer.areas"),
        ("preview", "tutorial.designer.preview"),
    ],
}
"""Each game's first three lessons in the order the tutorial's deal brings them: the
lesson's name and its text's catalogue id."""

PANEL = "section.tutorial-panel"


def start_tutorial(page: Page, server: Server, game: str) -> None:
    """Open the home page and click the game's "Learn to play" button."""
    page.goto(server.url + "/")
    page.locator(f'[data-tutorial="{game}"]').click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector("[data-board]")


def follow(page: Page, lessons: list[tuple[str, str]], lang: str = "en") -> None:
    """Wait for each lesson in turn, check its text, and do what it says (or "Got it")."""
    player = ClickingPlayer(page, seed=0)
    for n, (name, text_id) in enumerate(lessons):
        panel = page.locator(f'{PANEL}[data-lesson="{name}"]')
        expect(panel).to_be_visible(timeout=30_000)  # the bot may play first
        # The first lesson says what the game is won by; the later ones do not repeat it.
        expect(panel.locator("[data-lesson-goal]")).to_have_count(1 if n == 0 else 0)
        expect(panel.locator("[data-lesson-text]")).to_have_text(CATALOGUES[lang][text_id])
        action = panel.get_attribute("data-lesson-action") or ""
        if action:
            assert action in legal(page)
            player.play(action)
        else:
            panel.locator('[data-action="lesson-done"]').click()
        expect(page.locator(f'{PANEL}[data-lesson="{name}"]')).to_have_count(0)


@pytest.mark.parametrize("game", list(FIRST_LESSONS))
def test_the_first_three_lessons_come_in_order_and_are_followed(
    page: Page, server: Server, game: str
) -> None:
    start_tutorial(page, server, game)
    follow(page, FIRST_LESSONS[game])


def test_a_tutorial_shows_the_live_scores_from_the_start(page: Page, server: Server) -> None:
    start_tutorial(page, server, "aquaretto")
    expect(page.locator('[data-action="show-scores"]')).to_be_checked()
    expect(page.locator(".score-sheet")).to_be_visible()


def test_a_tutorial_in_czech(czech: Page, server: Server) -> None:
    czech.goto(server.url + "/")
    learn = czech.locator('[data-tutorial="zooloretto"]')
    expect(learn).to_have_text(CATALOGUES["cs"]["home.learn"])
    start_tutorial(czech, server, "zooloretto")
    follow(czech, FIRST_LESSONS["zooloretto"], lang="cs")


def test_leaving_hides_the_panel_for_good_and_the_game_goes_on(
    browser: Browser, server: Server
) -> None:
    # (a Content-Security-Policy that lets the test add axe's script: see test_table.py)
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)
    try:
        context.add_init_script(INSTANT)
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("[data-home-game] [data-about]:not(:empty)")
        assert serious_violations(page, ".home-games") == []
        start_tutorial(page, server, "aquaretto")
        expect(page.locator(f'{PANEL}[data-lesson="draw"]')).to_be_visible()
        assert serious_violations(page, PANEL) == []
        page.locator('[data-action="leave-tutorial"]').click()
        expect(page.locator(PANEL)).to_have_count(0)
        # A normal game from here: the learner plays on, and a reload keeps the panel away.
        ClickingPlayer(page, seed=0).play("draw")
        page.reload()
        page.wait_for_selector("[data-board]")
        assert legal(page) and all(a.startswith("load ") for a in legal(page))
        expect(page.locator(PANEL)).to_have_count(0)
    finally:
        context.close()


@pytest.mark.parametrize(("size", "viewport"), [("laptop", LAPTOP), ("phone", PHONE)])
def test_a_lesson_panel_screenshot(
    browser: Browser, server: Server, artifacts: Path, size: str, viewport: ViewportSize
) -> None:
    """Screenshots of Aquaretto's first lesson for people to look at (test-artifacts/)."""
    phone = size == "phone"
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    try:
        context.add_init_script(INSTANT)
        page = context.new_page()
        page.goto(server.url + "/")
        page.screenshot(path=str(artifacts / f"tutorial-home-{size}.png"))
        start_tutorial(page, server, "aquaretto")
        ClickingPlayer(page, seed=0).play("draw")
        expect(page.locator(f'{PANEL}[data-lesson="load"]')).to_be_visible()
        page.wait_for_timeout(1000)  # the drawn tile's flight ends
        page.screenshot(path=str(artifacts / f"tutorial-{size}.png"))
    finally:
        context.close()


LESSONS_BEFORE_THE_END = {
    "aquaretto": {"draw", "load", "take", "basins", "offspring", "coins", "money", "end"},
    "zooloretto": {"draw", "load", "take", "enclosures", "offspring", "coins", "money", "end"},
    "aquaretto-zooloretto": {
        *("draw", "load", "both", "take", "place", "offspring", "coins", "money", "end")
    },
    "aquarium-designer": {"card", "areas", "preview", "pass"},
}
"""The lessons the tutorial's deal must bring up in the first 40 turns of a learner who does
what the lessons say and otherwise takes a truck when it can: all but the scoring and the
coworkers (a basin of 5 tiles depends on the bot's choices, which its seed varies)."""


@pytest.mark.slow
@pytest.mark.parametrize("game", list(LESSONS_BEFORE_THE_END))
def test_the_deal_brings_every_rule_up_early(page: Page, server: Server, game: str) -> None:
    start_tutorial(page, server, game)
    player = ClickingPlayer(page, seed=0)
    seen: list[str] = []
    for _ in range(40):
        player.wait_for_turn()
        if status(page) == "over":
            break
        panel = page.locator(PANEL)
        lesson = panel.get_attribute("data-lesson") or ""
        if lesson and lesson not in seen:
            seen.append(lesson)
        action = panel.get_attribute("data-lesson-action") or ""
        if lesson and not action:
            panel.locator('[data-action="lesson-done"]').click()
            continue
        actions = legal(page)
        player.play(action or next((a for a in actions if a.startswith("take ")), actions[0]))
    assert seen[:3] == [name for name, _ in FIRST_LESSONS[game]]
    assert LESSONS_BEFORE_THE_END[game] <= set(seen), seen
