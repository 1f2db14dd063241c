"""Fixtures of the browser tests: Debian's Chromium driven by Playwright, a real server.

Chromium is never downloaded: Playwright launches Debian's headless shell,
``/usr/bin/chromium-headless-shell`` (``scripts/system-deps.sh`` installs it).
If it cannot start, every browser test fails saying why.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
)

from tests.e2e import chromium
from tests.e2e.server import ROOT, Server

ARTIFACTS = ROOT / "test-artifacts"
LAPTOP = ViewportSize(width=1280, height=900)
PHONE = ViewportSize(width=390, height=844)


@pytest.fixture
def browser() -> Browser:
    """This worker's Chromium (``tests/e2e/chromium.py``: it outlives the test)."""
    try:
        return chromium.browser()
    except Exception as e:  # any reason at all: the test must fail and say it
        chromium.stop()
        pytest.fail(
            f"Chromium cannot start ({chromium.CHROMIUM}; install it with"
            f" scripts/system-deps.sh): {e}",
            pytrace=False,
        )


def running_server(folder: Path) -> Iterator[Server]:
    """A server on a database in ``folder``, killed afterwards; a failed start fails."""
    srv = Server(folder / "games.db", folder / "server.log")
    try:
        srv.start()
    except RuntimeError as e:
        pytest.fail(str(e), pytrace=False)
    yield srv
    srv.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests of this worker that do not restart it."""
    yield from running_server(tmp_path_factory.mktemp("server"))


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of one test alone, for a test that kills it."""
    yield from running_server(tmp_path)


INSTANT = "localStorage.setItem('zoogames:pace', '0')"
"""Other seats' moves shown at once (web/src/play/usePaced.ts): the tests keep their speed."""


def new_context(
    browser: Browser,
    paced: bool = False,
    phone: bool = False,
    bypass_csp: bool = False,
    locale: str = "en-US",
) -> BrowserContext:
    """A fresh browser profile (its own localStorage) with the laptop's screen size, or a
    phone's (touch, its viewport meta tag obeyed); the moves of other seats shown at once
    unless ``paced``; the page's Content-Security-Policy ignored only if ``bypass_csp``;
    the browser's language ``locale`` (what the page picks its language from); and, unless
    ``paced``, reduced motion: no tile flies, as nobody watches (the flights are tested paced)."""
    motion: Literal["reduce", "no-preference"] = "no-preference" if paced else "reduce"
    if phone:
        context = browser.new_context(
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            bypass_csp=bypass_csp,
            locale=locale,
            reduced_motion=motion,
        )
    else:
        context = browser.new_context(
            viewport=LAPTOP, bypass_csp=bypass_csp, locale=locale, reduced_motion=motion
        )
    context.set_default_timeout(15_000)
    if not paced:
        context.add_init_script(INSTANT)
    return context


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = new_context(browser)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A page on a phone (390 × 844, touch)."""
    context = new_context(browser, phone=True)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (gitignored): kept after the run for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core's script, from the client's dev dependencies."""

SERIOUS = """async (selector) => (await axe.run(document.querySelector(selector),
       {resultTypes: ['violations']})).violations
     .filter(v => v.impact === 'serious' || v.impact === 'critical')
     .map(v => v.id + ': ' + v.nodes.map(n => n.html.slice(0, 80)).join(' | '))"""


def serious_violations(page: Page, selector: str = "html") -> list[str]:
    """axe's serious and critical violations inside ``selector`` (each id and its places).

    The page's context must bypass the Content-Security-Policy (``audited``): the server's
    policy (script-src 'self') rightly refuses the script the test adds.
    """
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(SERIOUS, selector)
    return found


@pytest.fixture
def audited(browser: Browser) -> Iterator[Page]:
    """A laptop page whose Content-Security-Policy lets the test add axe's script."""
    context = new_context(browser, bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def czech(browser: Browser) -> Iterator[Page]:
    """A laptop page in a browser whose language is Czech."""
    context = browser.new_context(viewport=LAPTOP, locale="cs-CZ")
    context.set_default_timeout(15_000)
    context.add_init_script(INSTANT)
    yield context.new_page()
    context.close()
