"""The application: ``create_app(db_url)`` builds it, ``serve(host, port, db_url)`` runs it.

At startup the database's schema is migrated (Alembic), games waiting for a bot are
resumed, and the built client is served beside the API (``static.py``).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from zoogames import __version__
from zoogames.server import migrate, routes, ws
from zoogames.server.bots import BotPool
from zoogames.server.errors import ApiError
from zoogames.server.hub import Hub
from zoogames.server.service import Service
from zoogames.server.static import STATIC, Client
from zoogames.server.store import Store, describe_url, open_engine

log = logging.getLogger("zoogames.server")

MAX_BODY = 1 << 20
"""The largest request body accepted (a deck file is a few kB): 413 beyond it."""


def _validation_sentence(exc: RequestValidationError) -> tuple[int, str]:
    """400 for a body that is not JSON; else 422 naming the first wrong field."""
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return 400, "the body is not valid JSON"
    first = errors[0] if errors else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "the body"
    if first.get("type") == "missing" and where == "the body":
        return 400, "the body is missing: send a JSON object"
    if first.get("type") in ("model_attributes_type", "dict_type") and where == "the body":
        return 400, "the body must be a JSON object"
    return 422, f"{where}: {first.get('msg', 'is not valid')}"


class BodyLimit:
    """Refuse, with a JSON error and before reading it, a body larger than :data:`MAX_BODY`.

    uvicorn reads exactly the declared Content-Length, so the declared length is the
    body's size; a body streamed without one (chunked) is refused with 411.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, unless its body is too large or of unknown length."""
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            length = headers.get(b"content-length", b"0")
            refusal = None
            if b"transfer-encoding" in headers:
                refusal = 411, "send the body with a Content-Length"
            elif not length.isdigit() or int(length) > MAX_BODY:
                refusal = 413, f"the body is too large: at most {MAX_BODY} bytes"
            if refusal is not None:
                status, detail = refusal
                await JSONResponse({"detail": detail}, status_code=status)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(
    db_url: str | None = None, bot_workers: int | None = None, static: Path = STATIC
) -> FastAPI:
    """The web app on the database ``db_url`` (default: SQLite in ``./var/``)."""
    engine = open_engine(db_url)
    sqlite = engine.url.get_backend_name() == "sqlite"
    service = Service(Store(engine), BotPool(bot_workers), Hub(), db_threads=1 if sqlite else 4)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate.upgrade, engine)
        gc.collect()
        gc.freeze()  # what startup built lives for good: full collections need not walk it
        resume = asyncio.create_task(service.resume_bots())
        log.info("database: %s", describe_url(engine))
        try:
            yield
        finally:
            resume.cancel()
            service.close()
            engine.dispose()

    app = FastAPI(
        title="zoogames",
        version=__version__,
        description="Aquaretto, Zooloretto and Aquarium Designer in the browser (docs/api.md).",
        lifespan=lifespan,
    )
    app.state.service = service
    app.add_middleware(BodyLimit)
    app.include_router(routes.router)
    app.include_router(ws.router)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_request: Request, exc: RequestValidationError) -> JSONResponse:
        status, detail = _validation_sentence(exc)
        return JSONResponse({"detail": detail}, status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) else "the request was refused"
        return JSONResponse({"detail": detail}, status_code=exc.status_code)

    client = Client(static)

    @app.api_route("/api/{path:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"])
    async def no_such_api(path: str) -> JSONResponse:
        """Any other path under /api: a JSON 404."""
        return JSONResponse({"detail": "no such API path"}, status_code=404)

    app.add_api_route("/{path:path}", client.serve, methods=["GET"], include_in_schema=False)
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None) -> None:
    """Run the web app with uvicorn until interrupted; print its address first."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    app = create_app(db_url)
    shown = f"[{host}]" if ":" in host else host
    print(f"http://{shown}:{port}", flush=True)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        access_log=False,  # no request line is logged: nothing there can leak
        log_level="info",
        ws_max_size=1 << 16,
        ws_per_message_deflate=False,  # a state is a few kB: not worth its CPU per push
        lifespan="on",
    )
    server = uvicorn.Server(config)
    with suppress(KeyboardInterrupt):
        server.run()
    sys.exit(0 if server.started else 1)
