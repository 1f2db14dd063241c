"""What a person does on the pages outside a game: fill in the new-game form, join."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from tests.e2e.server import Server


def create_game(
    page: Page,
    server: Server,
    game: str,
    seats: list[str],
    name: str = "Anna",
    checks: tuple[str, ...] = (),
    removed: tuple[str, ...] = (),
    deck: Path | None = None,
    start: int | None = None,
) -> str:
    """Start a game from the form; ``seats`` are "me", "invite" or a bot spec. Its id.

    ``checks`` are option checkboxes to tick (their ``data-option``, e.g. ``advanced``),
    ``removed`` the species to leave out instead of random ones, ``deck`` a deck file
    to upload, ``start`` the seat that starts (else it is drawn at random).
    """
    page.goto(server.url + "/new")
    page.locator(f'[data-game="{game}"]').click()
    page.locator('[data-field="players"]').select_option(str(len(seats)))
    for seat, kind in enumerate(seats):
        page.locator(f'[data-seat-kind="{seat}"]').select_option(kind)
    if start is not None:
        page.locator('[data-option="start_player"]').select_option(str(start))
    for option in checks:
        page.locator(f'[data-option="{option}"]').check()
    if removed:
        page.locator('[data-option="removed:random"]').uncheck()
        for species in removed:
            page.locator(f'[data-option="removed:{species}"]').check()
    if deck is not None:
        page.locator('[data-option="deck"]').set_input_files(deck)
        page.wait_for_selector(f"text={deck.name} read")
    if "me" in seats:
        page.locator('[data-field="name"]').fill(name)
    page.locator('[data-action="create"]').click()
    page.wait_for_url("**/play/*")
    page.wait_for_selector("[data-board]")
    return page.url.rsplit("/", 1)[-1]


def join(page: Page, link: str, name: str) -> None:
    """Open an invitation link and take the seat under ``name``."""
    page.goto(link)
    page.locator('[data-field="join-name"]').fill(name)
    page.locator('[data-action="join"]').click()
    page.wait_for_selector('[data-field="join-name"]', state="detached")
