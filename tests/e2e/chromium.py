"""The test worker's Playwright and Chromium: started by a browser test, stopped before any
other test.

While Playwright's sync API is open it keeps its event loop registered as running in the
main thread, and a test there that calls ``asyncio.run`` fails ("cannot be called from a
running event loop"). xdist's work stealing hands a worker tests in any order, so a worker
that goes from browser tests to others stops Playwright first (``tests/conftest.py``) and
the next browser test starts it again, a second or two each time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = "/usr/bin/chromium-headless-shell"
"""Debian's headless shell of Chromium: the same engine without the desktop browser's
layers, as Playwright itself runs headless. It took about half the CPU time of the full
``chromium --headless=new`` for the same browser tests (151 s against 286 s)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

_open: dict[str, Any] = {}
"""``playwright`` (its manager and the driver) and ``browser``, while they run."""


def browser() -> Browser:
    """Chromium, started with Playwright if it is not running; raises if it cannot start."""
    if "browser" not in _open:
        from playwright.sync_api import sync_playwright

        manager = sync_playwright()
        playwright = manager.start()
        _open["playwright"] = playwright
        _open["browser"] = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return _open["browser"]  # type: ignore[no-any-return]


def stop() -> None:
    """Close Chromium and stop Playwright, if they run (they start again when needed)."""
    browser = _open.pop("browser", None)
    playwright = _open.pop("playwright", None)
    try:
        if browser is not None:
            browser.close()
    finally:
        if playwright is not None:
            playwright.stop()
