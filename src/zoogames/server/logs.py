"""The servers' log: one JSON line per event, or readable text on a terminal (structlog).

:func:`configure` routes the standard library's ``logging`` (every module's
``logging.getLogger(...)``, uvicorn's own loggers) through structlog's formatter, so every
line has the same shape: ``timestamp`` (UTC, ISO 8601), ``level``, ``logger``, ``event``
(the message), and what the request bound: ``request_id`` and, for a request or socket
about a game, ``game_id``. ``ZOOGAMES_LOG_FORMAT`` chooses ``json``, ``text`` or ``auto``
(text when stderr is a terminal, else JSON: a container's or systemd's log collector gets
one JSON object a line).

:class:`RequestIds` gives each HTTP request and each socket an id: the ``X-Request-ID`` a
trusted proxy sent (nginx's ``$request_id``: ``deploy/zoogames-locations.conf``), else a new
one; an HTTP answer carries it back in ``X-Request-ID``. Each message of a socket gets its
own, ``<socket's id>.<n>`` (:func:`bind_message`). After each ``/api`` request, one line
(``event: request``) gives its method, its route (the template, never the path itself or
its query), its status and its milliseconds; a socket's last line (``socket closed``), its
messages and seconds.

What a log line holds is chosen so that nothing hidden is in it: messages name games,
seats, accounts and exception types, never a seed, a token, a deck or a tile drawn.
"""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from typing import Any, TextIO

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from structlog.contextvars import bind_contextvars, clear_contextvars
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

FORMATS = ("json", "text", "auto")
"""The values of ``ZOOGAMES_LOG_FORMAT``."""

REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
"""An ``X-Request-ID`` kept as it is (nginx's ``$request_id`` is 32 hex digits); any other
value is replaced by a new id, so a log line never carries what a client chose to write."""

REQUEST_FIELDS = ("method", "route", "status", "ms", "messages", "seconds")
"""The fields of the request line (:class:`RequestIds`) and the socket's (:func:`socket_closed`)."""

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A game id named in the log as it is (real ones are ten letters and digits); a path's
segment of any other form is not a game's id, and is not written."""

log = logging.getLogger("zoogames.server")


def configure(
    log_format: str = "auto", level: int = logging.INFO, stream: TextIO | None = None
) -> str:
    """Send every log record to ``stream`` (stderr) in ``log_format``; the format chosen.

    ``auto`` is ``text`` when ``stream`` is a terminal, else ``json``.
    """
    if log_format not in FORMATS:
        raise ValueError(f"ZOOGAMES_LOG_FORMAT must be json, text or auto, not {log_format!r}")
    stream = stream if stream is not None else sys.stderr
    tty = stream.isatty()
    chosen = ("text" if tty else "json") if log_format == "auto" else log_format
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    # the fields a standard library call adds (``extra=``): only the request line's, since
    # uvicorn adds colour codes to some of its messages that way
    foreign = [*shared, structlog.stdlib.ExtraAdder(allow=REQUEST_FIELDS)]
    renderer: Any
    if chosen == "json":
        renderer = structlog.processors.JSONRenderer(sort_keys=False)
        last: list[Any] = [structlog.processors.format_exc_info, _ordered, renderer]
    else:
        renderer = structlog.dev.ConsoleRenderer(colors=tty)
        last = [renderer]
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=foreign,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, *last],
    )
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)
    # structlog's own loggers (structlog.get_logger) go the same way as the library's.
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    return chosen


FIRST_KEYS = ("timestamp", "level", "logger", "event", "request_id", "game_id")
"""The keys a JSON line starts with, in this order; the others follow as they came."""


def _ordered(_logger: Any, _name: str, event: dict[str, Any]) -> dict[str, Any]:
    """The same keys, the usual ones first: a person reading the JSON finds them in place."""
    first = {key: event.pop(key) for key in FIRST_KEYS if key in event}
    return {**first, **event}


def new_id() -> str:
    """A new request id: 32 hex digits, as nginx's ``$request_id``."""
    return uuid.uuid4().hex


def bind_game(game_id: str) -> None:
    """Name ``game_id`` in every log line of this request or socket message from here on.

    The routes and the socket call it; so may anything else that works for one game (a
    bot's turn) in a task of its own.
    """
    if GAME_ID.fullmatch(game_id):
        bind_contextvars(game_id=game_id)


def bind_message(socket_id: str, number: int) -> None:
    """Give a socket's ``number``-th message its own request id, ``<socket's id>.<n>``."""
    bind_contextvars(request_id=f"{socket_id}.{number}")


def socket_closed(socket_id: str, messages: int, seconds: float) -> None:
    """One line as a socket that was accepted closes: its id, messages and seconds open."""
    bind_contextvars(request_id=socket_id)
    log.info("socket closed", extra={"messages": messages, "seconds": round(seconds, 1)})


def current_request_id() -> str:
    """The request id bound for this request or socket (a new one if none is)."""
    bound = structlog.contextvars.get_contextvars().get("request_id")
    return bound if isinstance(bound, str) else new_id()


class RequestIds:
    """Bind a request id to each request and socket; believe the proxy's, send it back.

    It wraps uvicorn's handling of ``X-Forwarded-*`` (``ProxyHeadersMiddleware``, which it
    runs itself, with the same trusted proxies) because only outside it is the peer the
    proxy itself: ``X-Request-ID`` is believed from exactly the peers ``X-Forwarded-For``
    is (``ZOOGAMES_TRUSTED_PROXIES``).
    """

    def __init__(self, app: ASGIApp, trusted_proxies: tuple[str, ...]) -> None:
        proxied = ProxyHeadersMiddleware(app, trusted_hosts=list(trusted_proxies))  # type: ignore[arg-type]
        self.app: ASGIApp = proxied  # type: ignore[assignment]
        self.trusted = proxied.trusted_hosts

    def request_id(self, scope: Scope) -> str:
        """The proxy's ``X-Request-ID`` if the peer is trusted and the id is plain, else new."""
        peer = scope.get("client")
        if peer and peer[0] in self.trusted:
            for name, value in scope["headers"]:
                if name == b"x-request-id":
                    text: str = value.decode("latin-1")
                    if REQUEST_ID.fullmatch(text):
                        return text
        return new_id()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Bind the id; for HTTP, answer it in ``X-Request-ID`` and log one line under /api."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        clear_contextvars()  # a connection's task may serve several requests (keep-alive)
        rid = self.request_id(scope)
        bind_contextvars(request_id=rid)
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = (b"x-request-id", rid.encode())
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            if scope["path"].startswith("/api/"):
                route = getattr(scope.get("route"), "path", None)
                log.info(
                    "request",
                    extra={
                        "method": scope["method"],
                        "route": route or "(none)",
                        "status": status,
                        "ms": round((time.perf_counter() - started) * 1000, 1),
                    },
                )
