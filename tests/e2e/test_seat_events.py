"""The move log tells what happened to a seat, and never rewrites who made a move.

Before seat events were kept, a player who left had every past move credited, in the log,
to the bot that took their seat, and the log said nothing of the leave.
"""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from tests.e2e.positions import NAMES, store_game
from tests.e2e.server import Server


def test_the_log_credits_a_leaver_and_says_a_bot_took_the_seat(page: Page, server: Server) -> None:
    stored = store_game(server, "aquaretto", ["me", "me"], seed=5, moves=6)
    leaver = NAMES[1]
    said = httpx.post(
        f"{server.url}/api/games/{stored.id}/chat",
        json={"text": "good luck"},
        headers={"Authorization": f"Bearer {stored.tokens[1]}"},
        timeout=30,
    )
    assert said.status_code == 200, said.text
    r = httpx.post(
        f"{server.url}/api/games/{stored.id}/leave",
        headers={"Authorization": f"Bearer {stored.tokens[1]}"},
        timeout=30,
    )
    assert r.status_code == 200, r.text
    page.goto(stored.link(server, 0))
    log = page.locator(".move-log")
    expect(log.locator(".log-event")).to_have_count(1)
    expect(log.locator(".log-event")).to_contain_text(f"{leaver} left the table;")
    expect(log.locator(".log-event")).to_contain_text("plays the seat")
    # every move seat 1 made before leaving is still the leaver's
    before = [e for e in server.get(f"/api/games/{stored.id}")["log"] if e["number"] < 6]
    for entry in before:
        who = log.locator(f'li[data-log="{entry["number"]}"] strong')
        expect(who).to_have_text(NAMES[entry["seat"]])
    # and the system line comes right after the last of them
    last = log.locator(f'li[data-log="{before[-1]["number"]}"] + li')
    expect(last).to_have_class("log-event")
    # the chat keeps the leaver's name on their line, then tells what happened
    chat = page.locator(".chat")
    expect(chat.locator("[data-chat]")).to_have_text([f"{leaver}: good luck"])
    expect(chat.locator(".chat-event")).to_have_text([re.compile(f"^{leaver} left the table;")])
    expect(chat.locator("[data-chat] + .chat-event")).to_have_count(1)  # after the line, by time
