"""The "your turn" service worker registers in Chromium under the server's CSP.

A push itself needs the browser's push service (Google's, for Chromium), which a test
cannot reach; ``tests/server/test_push.py`` checks the server's pushes against a local
stand-in and decrypts them. Here: ``/sw.js`` is served where the build puts it, the
browser accepts it as a service worker for the whole site, and nothing is refused.
"""

from __future__ import annotations

from playwright.sync_api import Page

from tests.e2e.server import Server


def test_the_service_worker_registers_for_the_whole_site(page: Page, server: Server) -> None:
    errors: list[str] = []  # a CSP refusal or a failed registration would show here
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server.url + "/")
    scope = page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
            await navigator.serviceWorker.ready;
            return reg.scope;
        }"""
    )
    assert scope == server.url + "/"
    state = page.evaluate(
        "async () => (await navigator.serviceWorker.getRegistration('/')).active.state"
    )
    assert state in ("activating", "activated")
    assert errors == []
