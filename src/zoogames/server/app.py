"""The application: ``create_app(db_url)`` builds it, ``serve(host, port, db_url)`` runs it.

At startup the database's schema is migrated (Alembic), games waiting for a bot are
resumed, and the built client is served beside the API (``static.py``). On PostgreSQL the
process also listens to the others on the same database (``bus.py``), so that any number
of processes may serve it.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from zoogames import __version__
from zoogames.server import guard, logs, migrate, routes, ws
from zoogames.server.bots import BotPool
from zoogames.server.bus import conninfo_of
from zoogames.server.errors import ApiError
from zoogames.server.hub import TRANSPORT, Hub
from zoogames.server.notify import Notifier, vapid_of
from zoogames.server.ratelimit import RateLimits
from zoogames.server.service import Service
from zoogames.server.settings import Settings, from_env
from zoogames.server.static import STATIC, Client
from zoogames.server.store import Store, describe_url, durability, open_engine

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


CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "media-src 'self' data: blob:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The client's Content-Security-Policy: its scripts and styles only from the server's own
files (Vite's ``index.html`` has no inline script), no framing, sockets to the same host;
the service worker (``/sw.js``, Web Push) from the server's own files too."""

DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net;"
    " style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:;"
    " frame-ancestors 'none'"
)
"""``/docs`` only (off unless ``ZOOGAMES_DOCS=on``): FastAPI's page loads Swagger UI from a
CDN with an inline script."""

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
]


class SecurityHeaders:
    """Add the CSP and the other security headers to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to its answer."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = DOCS_CSP if scope["path"] in ("/docs", "/redoc") else CSP

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += SECURITY_HEADERS
                headers.append((b"content-security-policy", csp.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class OneLineErrors:
    """The outermost layer: an unexpected exception is one log line and a 500.

    Never a traceback: a flood of bad requests must not flood the log.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app; turn an exception it lets out into a 500 and one line."""
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] in ("http.response.start", "websocket.accept"):
                started = True
            await send(message)

        http = scope["type"] == "http"
        if not http:  # the server's own socket, which a client that never reads must
            # not hold (``hub.Connection.abort``): the protocol object that ``send`` is of
            scope[TRANSPORT] = getattr(getattr(send, "__self__", None), "transport", None)
        try:  # a socket's messages go straight through: only HTTP can still answer 500
            await self.app(scope, receive, tracking_send if http else send)
        except Exception as e:
            frame = e.__traceback__
            while frame is not None and frame.tb_next is not None:
                frame = frame.tb_next
            where = (
                f"{Path(frame.tb_frame.f_code.co_filename).name}:{frame.tb_lineno}"
                if frame is not None
                else "?"
            )
            log.error("unexpected %s at %s (%s)", type(e).__name__, where, scope["type"])
            if http and not started:
                body = b'{"detail":"the server failed on this request"}'
                headers = [(b"content-type", b"application/json")]
                await send({"type": "http.response.start", "status": 500, "headers": headers})
                await send({"type": "http.response.body", "body": body})


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


def believed(settings: Settings) -> str:
    """One line for the log: what the server believes of TLS and hosts.

    How it knows a request came over HTTPS (so that its cookies get ``Secure``), and the
    ``Host`` names it answers.
    """
    if settings.tls:
        tls = "TLS: on (ZOOGAMES_TLS): every cookie is Secure"
    else:
        proxies = ", ".join(settings.trusted_proxies)
        tls = (
            "TLS: per request: cookies are Secure over HTTPS, or when a trusted proxy"
            f" ({proxies}) says X-Forwarded-Proto: https"
        )
    hosts = (
        "any"
        if "*" in settings.allowed_hosts
        else ", ".join(settings.allowed_hosts) + " (others get 400: ZOOGAMES_ALLOWED_HOSTS)"
    )
    return f"{tls}; allowed hosts: {hosts}"


def with_bound_host(settings: Settings, host: str) -> Settings:
    """``settings`` with the address the server listens on among its allowed hosts.

    ``--host 192.0.2.7`` means players reach it by that address; a wildcard (``0.0.0.0``,
    ``::``) names no host, and the loopback names are always allowed.
    """
    if host in ("", "0.0.0.0", "::") or "*" in settings.allowed_hosts:
        return settings
    name = f"[{host}]" if ":" in host else host.lower()
    if name in settings.allowed_hosts:
        return settings
    return replace(settings, allowed_hosts=(*settings.allowed_hosts, name))


BOTS = ("local", "external")
"""Where bots think: in this process's worker pool, or in bot workers (``zoogames bots``)."""
LISTEN_WAIT = 10.0
"""Seconds a start waits for its first connection to the other processes' notices."""


def create_app(
    db_url: str | None = None,
    bot_workers: int | None = None,
    static: Path = STATIC,
    settings: Settings | None = None,
    bots: str = "local",
) -> FastAPI:
    """The web app on the database ``db_url`` (default: SQLite in ``./var/``).

    ``bots="external"`` leaves the bots to bot workers (PostgreSQL only).
    """
    settings = settings or from_env()
    engine = open_engine(db_url)
    sqlite = engine.url.get_backend_name() == "sqlite"
    if bots not in BOTS:
        raise ValueError(f"--bots must be {' or '.join(BOTS)}, not {bots!r}")
    if bots == "external" and sqlite:
        raise ValueError(
            "--bots external needs a PostgreSQL database (--db postgresql+psycopg://…)"
        )
    service = Service(
        Store(engine),
        BotPool(bot_workers, settings),
        Hub(),
        db_threads=1 if sqlite else 4,
        settings=settings,
        external_bots=bots == "external",
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(migrate.upgrade, engine)
        if engine.dialect.name == "postgresql":
            bus = service.start_bus(conninfo_of(engine.url))
            with suppress(TimeoutError):
                async with asyncio.timeout(LISTEN_WAIT):  # (wait_for may swallow a cancel)
                    await bus.listening.wait()
        await service.notify.start()
        gc.collect()
        gc.freeze()  # what startup built lives for good: full collections need not walk it
        resume = asyncio.create_task(service.resume_bots())
        commits, safe = await asyncio.to_thread(durability, engine)
        log.info("database: %s (%s)", describe_url(engine), commits)
        if not safe:
            log.warning(
                "%s: a power loss may lose the last acknowledged actions (docs/server.md,"
                " Durability)",
                commits,
            )
        log.info("%s", believed(settings))
        try:
            yield
        finally:
            resume.cancel()
            await service.stop_bus()
            await service.notifier.close()
            service.close()
            engine.dispose()

    app = FastAPI(
        title="zoogames",
        version=__version__,
        description="Aquaretto, Zooloretto and Aquarium Designer in the browser (docs/api.md).",
        lifespan=lifespan,
        # Swagger UI and ReDoc load their scripts from a CDN: off unless asked for.
        docs_url="/docs" if settings.docs else None,
        redoc_url=None,
    )
    app.state.service = service
    app.add_middleware(BodyLimit)
    # Another Host is a request meant for another site (DNS rebinding, a misrouted proxy):
    # refused with 400 before anything else, inside the security headers.
    app.add_middleware(
        TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts), www_redirect=False
    )
    app.add_middleware(SecurityHeaders)
    app.include_router(routes.router)
    app.include_router(ws.router)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_request: Request, exc: RequestValidationError) -> JSONResponse:
        status, detail = _validation_sentence(exc)
        return JSONResponse({"detail": detail}, status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) else "the request was refused"
        return JSONResponse({"detail": detail}, status_code=exc.status_code)

    client = Client(static)

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        """Liveness: the process answers (nothing else is asked of it)."""
        return JSONResponse({"status": "ok", "version": __version__})

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> Response:
        """The process's metrics in Prometheus' text format, if ``ZOOGAMES_METRICS=on``."""
        if not settings.metrics:
            return JSONResponse(
                {"detail": "metrics are off (ZOOGAMES_METRICS=on serves them)"}, status_code=404
            )
        return Response(generate_latest(service.metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.get("/readyz", include_in_schema=False, dependencies=[routes.limited("read")])
    async def readyz() -> JSONResponse:
        """Readiness: the database answers, its schema is current, the bus listens."""
        ready, parts = await service.readiness()
        return JSONResponse(
            {"status": "ready" if ready else "not ready", **parts},
            status_code=200 if ready else 503,
        )

    @app.api_route(
        "/api/{path:path}",
        methods=["GET", "POST", "PUT", "DELETE", "PATCH"],
        include_in_schema=False,
    )
    async def no_such_api(path: str) -> JSONResponse:
        """Any other path under /api: a JSON 404."""
        return JSONResponse({"detail": "no such API path"}, status_code=404)

    app.add_api_route("/{path:path}", client.serve, methods=["GET"], include_in_schema=False)
    return app


def serve(
    host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None, bots: str = "local"
) -> None:
    """Run the web app with uvicorn until interrupted; print its address first."""
    import uvicorn

    try:
        settings = with_bound_host(from_env(), host)
        logs.configure(settings.log_format)  # uvicorn's loggers too (log_config=None)
        RateLimits(settings)  # a limit that does not parse is said now, in one line
        Notifier(settings)  # so is an SMTP URL
        if settings.vapid_private_key is not None:
            vapid_of(settings.vapid_private_key)
        app = create_app(db_url, settings=settings, bots=bots)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    shown = f"[{host}]" if ":" in host else host
    print(f"http://{shown}:{port}", flush=True)
    config = uvicorn.Config(
        # The request ids wrap uvicorn's X-Forwarded-* handling (which they run, with the
        # same trusted proxies): outside it, the peer is still the proxy itself.
        OneLineErrors(logs.RequestIds(app, settings.trusted_proxies)),
        host=host,
        port=port,
        access_log=False,  # logs.RequestIds logs the route, not the path: nothing can leak
        log_level="info",
        log_config=None,  # uvicorn's loggers go through logs.configure's handler
        # SIGTERM: stop accepting, close the sockets (1012), let the requests in flight
        # finish for up to this long, then cancel them (docs/deploy.md, Stopping)
        timeout_graceful_shutdown=settings.stop_seconds,
        # h11 bounds a request's line and headers; the guard adds a deadline (guard.py).
        http=guard.protocol(settings.request_timeout),
        h11_max_incomplete_event_size=settings.max_header_bytes,
        timeout_keep_alive=settings.keep_alive,
        proxy_headers=False,  # run inside logs.RequestIds, with settings.trusted_proxies
        ws_max_size=1 << 16,
        # A socket whose client stops reading answers no ping: dropped within two
        # periods, its kernel buffers (megabytes) freed, not after uvicorn's 20 + 20 s.
        ws_ping_interval=settings.ping_seconds,
        ws_ping_timeout=settings.ping_seconds,
        ws_per_message_deflate=False,  # a state is a few kB: not worth its CPU per push
        lifespan="on",
    )
    server = uvicorn.Server(config)
    with suppress(KeyboardInterrupt):
        server.run()
    sys.exit(0 if server.started else 1)
