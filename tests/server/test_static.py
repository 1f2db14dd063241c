"""The built client is served, with index.html for app routes; never a file outside it."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from starlette.applications import Starlette
from starlette.routing import Route

from zoogames.server.app import SecurityHeaders
from zoogames.server.static import CLIENT_ROUTES, Client

from .harness import run_async


class Site:
    """The static routes alone, called in-process through ASGI."""

    def __init__(self, root: Path) -> None:
        self.asgi = Starlette(routes=[Route("/{path:path}", Client(root).serve)])

    def get(self, path: str) -> httpx.Response:
        async def fetch() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.asgi)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
                r = await c.get(path)
                await r.aread()
                return r

        return run_async(fetch())


def test_without_a_build_a_page_says_how_to_build_it(tmp_path: Path) -> None:
    r = Site(tmp_path).get("/play/abc")
    assert r.status_code == 503 and "not built: run <code>make run</code>" in r.text


def test_files_app_routes_and_missing_assets(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<html>app</html>")
    (tmp_path / "assets" / "main-abc123.js").write_text("console.log(1)")
    (tmp_path.parent / "secret.txt").write_text("secret")
    client = Site(tmp_path)
    for path in ("/", "/play/k3J9xQ2mPa", "/lobby", "/players/Anna", "/leaderboard/aquaretto/"):
        r = client.get(path)
        assert r.status_code == 200 and r.text == "<html>app</html>", path
        assert r.headers["cache-control"] == "no-cache"
    js = client.get("/assets/main-abc123.js")
    assert js.text == "console.log(1)" and "immutable" in js.headers["cache-control"]
    assert client.get("/assets/gone.js").status_code == 404
    assert "secret" not in client.get("/..%2Fsecret.txt").text
    assert "secret" not in client.get("/assets/../../secret.txt").text


def test_the_service_worker_is_served_at_the_root_as_javascript_under_the_csp(
    tmp_path: Path,
) -> None:
    (tmp_path / "index.html").write_text("<html>app</html>")
    (tmp_path / "sw.js").write_text("self.addEventListener('push', () => {});")
    site = Site(tmp_path)
    site.asgi = SecurityHeaders(site.asgi)  # type: ignore[assignment]
    r = site.get("/sw.js")
    assert r.status_code == 200 and "addEventListener('push'" in r.text
    # a service worker must be JavaScript, and a new version must be found at once
    assert r.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert r.headers["cache-control"] == "no-cache"
    assert "worker-src 'self'" in r.headers["content-security-policy"]
    # the build puts it there: Vite copies web/public/ to the build's root
    source = Path(__file__).parents[2] / "web" / "public" / "sw.js"
    assert "showNotification" in source.read_text()


def test_an_unknown_path_answers_404_with_the_sites_page(tmp_path: Path) -> None:
    """A browser still gets the client (its "no such page" with the navigation)."""
    (tmp_path / "index.html").write_text("<html>app</html>")
    client = Site(tmp_path)
    for path in ("/newgame", "/play", "/play/a/b", "/wp-login", "/lobby/x", "/leaderboard/Aqua"):
        r = client.get(path)
        assert (r.status_code, r.text) == (404, "<html>app</html>"), path


def test_the_client_routes_are_main_tsxs() -> None:
    """Each path the client routes (web/src/main.tsx) is one the server serves it for."""
    source = (Path(__file__).parents[2] / "web" / "src" / "main.tsx").read_text()
    exact = re.findall(r'location\.pathname === "/([^"]*)"', source)
    patterns = re.findall(r"/\^\\/(.+?)\\/\?\$/\.exec\(location\.pathname\)", source)
    assert exact and patterns
    for path in exact:
        assert CLIENT_ROUTES.fullmatch(path), path
    for pattern in patterns:
        # each of the client's patterns ("play\\/([A-Za-z0-9_-]+)") is one of the server's
        plain = pattern.replace("\\/", "/").replace("(", "").replace(")", "")
        assert plain in CLIENT_ROUTES.pattern, pattern


def test_the_favicon_is_the_projects_own_at_both_addresses() -> None:
    """/favicon.ico (asked for by every browser) and /favicon.svg (the page's link)."""
    public = Path(__file__).parents[2] / "web" / "public"
    ico = (public / "favicon.ico").read_bytes()
    assert ico[:4] == b"\x00\x00\x01\x00"  # an ICO file's header
    assert "<svg" in (public / "favicon.svg").read_text()
