"""The table's "?" opens the game's rules summary (docs/summaries/) in a dialog."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.conftest import serious_violations
from tests.e2e.pages import create_game
from tests.e2e.server import Server

DIALOG = "dialog.rules-dialog"


def open_rules(page: Page) -> None:
    """Click the header's "?" and wait until the summary (not "Loading…") is shown."""
    page.locator('[data-action="rules"]').click()
    page.wait_for_selector(f"{DIALOG}[open] .rules-body h3")


def test_the_rules_dialog_shows_the_games_summary_and_esc_closes_it(
    page: Page, server: Server
) -> None:
    blocked: list[str] = []  # a CSP refusal would show here (script-src 'self')
    page.on("console", lambda m: blocked.append(m.text) if m.type == "error" else None)
    create_game(page, server, "aquaretto", ["me", "greedy"])
    assert page.locator(DIALOG).is_hidden()
    open_rules(page)
    dialog = page.locator(DIALOG)
    assert dialog.get_attribute("data-rules") == "aquaretto"
    heading = dialog.get_by_role("heading", level=2)
    assert heading.inner_text() == "Aquaretto in brief"
    assert page.get_by_role("dialog", name="Aquaretto in brief").is_visible()
    assert "basin" in dialog.inner_text()
    # Focus moved in (to the close button); Esc closes and gives it back to the "?".
    assert page.evaluate("document.activeElement.closest('dialog') !== null")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{DIALOG}:not([open])", state="attached")
    assert dialog.is_hidden()
    assert page.evaluate("document.activeElement.dataset.action") == "rules"
    # Open again: the close button closes it too.
    open_rules(page)
    page.locator('[data-action="close-rules"]').click()
    assert dialog.is_hidden()
    assert [m for m in blocked if "Content Security Policy" in m] == []


def test_the_summary_follows_the_language_switcher(page: Page, server: Server) -> None:
    create_game(page, server, "zooloretto", ["me", "greedy"])
    page.locator('.language-switch [data-lang="cs"]').click()
    assert page.locator('[data-action="rules"]').get_attribute("aria-label") == "Shrnutí pravidel"
    open_rules(page)
    dialog = page.locator(DIALOG)
    assert dialog.get_attribute("lang") == "cs"
    assert dialog.get_by_role("heading", level=2).inner_text() == "Zooloretto ve zkratce"
    assert "výběh" in dialog.inner_text() and "stáj" in dialog.inner_text()
    assert page.locator('[data-action="close-rules"]').inner_text() == "Zavřít"
    page.keyboard.press("Escape")
    # The dialog is modal (the switcher is inert while it is open): switch back once closed.
    page.locator('.language-switch [data-lang="en"]').click()
    open_rules(page)
    assert dialog.get_attribute("lang") == "en"
    assert dialog.get_by_role("heading", level=2).inner_text() == "Zooloretto in brief"
    assert page.locator('[data-action="close-rules"]').inner_text() == "Close"


def test_on_a_phone_the_dialog_fits_the_screen_and_its_text_scrolls(
    phone: Page, server: Server
) -> None:
    create_game(phone, server, "aquaretto-zooloretto", ["me", "greedy"])
    open_rules(phone)
    box = phone.locator(DIALOG).bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    body = phone.locator(".rules-body")
    assert body.evaluate("b => b.scrollHeight > b.clientHeight")
    body.evaluate("b => b.scrollTo(0, b.scrollHeight)")
    assert body.evaluate("b => b.scrollTop > 0")
    # The title and the close button stay in view while the text scrolls.
    assert phone.locator('[data-action="close-rules"]').is_visible()


def test_axe_finds_no_serious_violation_in_the_open_dialog(audited: Page, server: Server) -> None:
    create_game(audited, server, "aquarium-designer", ["me", "greedy"])
    open_rules(audited)
    assert serious_violations(audited, "dialog[open]") == []
