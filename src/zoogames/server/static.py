"""Serving the built browser client: files from ``static/``, ``index.html`` for app routes.

The client's build (``npm run build`` in ``web/``) writes into ``static/``. Paths that
name a file get that file; the client's own routes (:data:`CLIENT_ROUTES`: ``/``,
``/play/{id}``, …) get ``index.html`` and the client routes them. Any other path answers
404, with ``index.html`` as its body, so that a browser still shows the site's page
("no such page", with its navigation) while a crawler or a script learns that nothing is
there. Without a build, a plain page says so.
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response

STATIC = Path(__file__).parent / "static"
"""Where the client's build lands (gitignored)."""

CLIENT_ROUTES = re.compile(
    r"(|new|about|lobby|games|account"
    r"|play/[A-Za-z0-9_-]+|players/[A-Za-z0-9_-]+|leaderboard/[a-z0-9-]+)/?"
)
"""The paths (without the leading ``/``) the client routes: web/src/main.tsx's list, kept
in step with it by tests/server/test_static.py."""

MAX_PATH = 200
"""The longest path a build file has (Vite's names are short)."""

NOT_BUILT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>zoogames</title></head>
<body><h1>zoogames</h1>
<p>The client is not built: run <code>make run</code>.</p>
<p>The API is up: <a href="/docs">/docs</a>.</p></body></html>
"""


class Client:
    """The files of one client build (a directory holding ``index.html``)."""

    def __init__(self, root: Path = STATIC) -> None:
        self.root = root.resolve()

    def file(self, path: str) -> Path | None:
        """The file ``path`` names inside the build, or ``None`` (never outside it).

        A path no build file could have (a NUL byte, a name too long for the file system,
        anything not printable) is ``None`` too, without asking the file system.
        """
        if len(path) > MAX_PATH or not path.isprintable():
            return None
        try:
            candidate = (self.root / path).resolve()
            if candidate.is_relative_to(self.root) and candidate.is_file():
                return candidate
        except (OSError, ValueError):  # e.g. a path component longer than NAME_MAX
            return None
        return None

    async def serve(self, request: Request) -> Response:
        """A GET of any path outside ``/api``."""
        path = request.path_params.get("path", "")
        found = self.file(path) if path else None
        if found is not None:
            immutable = path.startswith("assets/")  # Vite's hashed names never change
            cache = "public, max-age=31536000, immutable" if immutable else "no-cache"
            return FileResponse(found, headers={"Cache-Control": cache})
        index = self.file("index.html")
        if index is None:
            return HTMLResponse(NOT_BUILT, status_code=503)
        if len(path) > MAX_PATH or not path.isprintable():
            return Response("not found", status_code=404, media_type="text/plain")
        if "." in path.rsplit("/", 1)[-1]:  # a missing asset, not an app route
            return Response("not found", status_code=404, media_type="text/plain")
        status = 200 if CLIENT_ROUTES.fullmatch(path) else 404
        return FileResponse(index, status_code=status, headers={"Cache-Control": "no-cache"})
