"""Game reviews: ask for a finished game's review from the score sheet, watch its
progress, read the chart and the turning points, and step to one in the replay."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import APIRequestContext, Browser, Page, ViewportSize, expect

from tests.e2e.conftest import LAPTOP, PHONE, serious_violations
from tests.e2e.server import Server


def finished_game(request: APIRequestContext, server: Server, seed: int) -> str:
    """A 2-player Aquarium Designer game of two people, played to the end at random; its id.

    Played through the API (only the setting-up; the review is then all clicks).
    """
    created = request.post(
        server.url + "/api/games",
        data={
            "game": "aquarium-designer",
            "players": 2,
            "options": {"start_player": 0},
            "seats": [{"kind": "me", "name": "Anna"}, {"kind": "me", "name": "Ben"}],
        },
    ).json()
    gid, tokens = created["id"], created["tokens"]
    rng = random.Random(seed)
    while True:
        snap: dict[str, Any] = request.get(server.url + f"/api/games/{gid}").json()
        if snap["status"] == "over":
            return str(gid)
        seat = snap["view"]["to_move"]
        auth = {"Authorization": f"Bearer {tokens[str(seat)]}"}
        mine = request.get(server.url + f"/api/games/{gid}", headers=auth).json()
        body = {"action": rng.choice(mine["view"]["legal"]), "number": mine["number"]}
        r = request.post(server.url + f"/api/games/{gid}/actions", data=body, headers=auth)
        assert r.ok, r.text()
        time.sleep(0.1)  # well under the server's read limit


def test_review_a_finished_game_and_step_to_a_turning_point(page: Page, server: Server) -> None:
    gid = finished_game(page.request, server, seed=3)
    page.goto(server.url + f"/play/{gid}")
    box = page.locator("[data-review]")
    expect(box).to_have_attribute("data-review", "none")
    page.locator('[data-action="review"]').click()
    # the progress while the bots work (it may be over before the page looks), then the review
    expect(box).to_have_attribute("data-review", "done", timeout=120_000)
    expect(page.locator("[data-review-chart] polyline")).to_have_count(2)
    points = page.locator("[data-turning-point]")
    expect(points.first).to_be_visible()
    first = int(points.first.get_attribute("data-turning-point") or "-1")
    text = page.locator(".review-points li").first.inner_text()
    assert "Anna" in text or "Ben" in text
    assert "The bots' choice" in text and "Estimated cost" in text
    points.first.click()
    # the replay opens at the position of that decision, and says what the review found
    page.wait_for_selector(f'[data-replay="{first}"] [data-board]')
    decision = page.locator(f"[data-replay-decision='{first}']")
    expect(decision).to_be_visible()
    # brought into view: the replay is below the review, where the board was
    expect(page.locator(f'[data-replay="{first}"]')).to_be_in_viewport()
    # the position before the decision: "move n of N" played so far, the next one reviewed
    assert decision.inner_text().startswith(f"Move {first + 1}, reviewed:")
    # the keys step on from there (the turning point may be the game's first move)
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f'[data-replay="{first + 1}"] [data-board]')
    # a reload keeps the review: it is stored with the game, not computed again
    page.reload()
    expect(page.locator("[data-review]")).to_have_attribute("data-review", "done")


@pytest.mark.parametrize(("size", "viewport"), [("laptop", LAPTOP), ("phone", PHONE)])
def test_a_review_screenshot(
    browser: Browser, server: Server, artifacts: Path, size: str, viewport: ViewportSize
) -> None:
    """Screenshots of a reviewed game for people to look at (test-artifacts/)."""
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        gid = finished_game(page.request, server, seed=8)
        page.goto(server.url + f"/play/{gid}")
        page.locator('[data-action="review"]').click()
        expect(page.locator("[data-review]")).to_have_attribute(
            "data-review", "done", timeout=120_000
        )
        page.locator(".game-review").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"review-{size}.png"))
        page.locator("[data-turning-point]").first.click()
        page.wait_for_selector("[data-replay] [data-board]")
        page.locator("[data-replay-decision]").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"review-replay-{size}.png"))
    finally:
        context.close()


def test_axe_finds_no_serious_violation_in_a_review(audited: Page, server: Server) -> None:
    gid = finished_game(audited.request, server, seed=5)
    audited.goto(server.url + f"/play/{gid}")
    audited.locator('[data-action="review"]').click()
    expect(audited.locator("[data-review]")).to_have_attribute(
        "data-review", "done", timeout=120_000
    )
    audited.locator("[data-turning-point]").first.click()
    audited.wait_for_selector("[data-replay-decision]")
    assert serious_violations(audited, "main") == []
