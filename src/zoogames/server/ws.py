"""The WebSocket of a game (``/api/games/{id}/ws``): hello, then pushes; act, undo, chat.

Messages in: ``{"type": "hello", "token": …}`` (again at any time, to speak for another
seat), ``{"type": "act", "action": …, "number": …}``, ``{"type": "undo"}``,
``{"type": "chat", "text": …}``. Messages out: ``state`` (a snapshot), ``thinking``,
``chat`` (to the connections that have not muted its seat) and, to the sender only,
``error`` with the HTTP status the same request would get. An unknown game or a wrong
token in ``hello`` closes the socket with code 4000 + status (4404, 4403) after the error.

Abuse (``docs/server.md``, Security): a socket from another origin than the server's
(or one allowed by ``ZOOGAMES_ALLOWED_ORIGINS``) is refused before it opens; a client
over its rate limits, its number of open sockets, or silent for ``hello_timeout``
seconds after connecting is closed with 1008 and a reason; a binary frame is closed with
1003; a message that is not JSON (nesting deeper than 1,024 levels included) gets an
``error``. None of these writes more than one log line.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from zoogames.core.message import msg
from zoogames.server import logs, tokens
from zoogames.server.errors import ApiError
from zoogames.server.hub import Connection, dumps
from zoogames.server.ratelimit import client_key
from zoogames.server.service import Service
from zoogames.server.store.records import DeviceToken
from zoogames.server.table import Table

router = APIRouter()

MAX_ACTION = 200
"""The longest notation accepted (every real one is far shorter)."""

POLICY = 1008
"""Close code: the client broke a rule (a limit, an origin, no hello)."""
UNSUPPORTED = 1003
"""Close code: a binary frame (the protocol is JSON text)."""
REASON = 120
"""Close reasons are at most 123 bytes: sentences are cut to this."""


class Refused(Exception):
    """Close the socket with ``code`` and ``reason``."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _message(text: str) -> dict[str, Any]:
    try:
        message = orjson.loads(text)  # refuses nesting deeper than 1,024 (no RecursionError)
    except orjson.JSONDecodeError:
        raise ApiError(400, msg("error.ws_json")) from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ApiError(400, msg("error.ws_object"))
    return message


def _token(message: dict[str, Any]) -> str | None:
    token = message.get("token")
    if token is not None and (not isinstance(token, str) or len(token) > 200):
        raise ApiError(400, msg("error.ws_token"))
    return token


def _action(message: dict[str, Any]) -> tuple[str, int]:
    action, number = message.get("action"), message.get("number")
    if not isinstance(action, str) or len(action) > MAX_ACTION:
        raise ApiError(400, msg("error.ws_action"))
    if not isinstance(number, int) or isinstance(number, bool):
        raise ApiError(400, msg("error.ws_number"))
    return action, number


def _device(table: Table, token: str | None, seat: int | None) -> DeviceToken | None:
    """The device token ``token`` is, if it is how the socket holds ``seat``."""
    if token is None or seat is None:
        return None
    device = table.device_tokens.get(tokens.digest(token))
    return device if device is not None and device.seat == seat else None


def client_of(websocket: WebSocket) -> str:
    """The client's address (a trusted proxy's forwarded one: see ``settings.py``)."""
    return websocket.client.host if websocket.client is not None else ""


def origin_allowed(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """True if the socket's ``Origin`` may open it.

    Without an ``Origin`` (not a browser), for the server's own origin (the ``Host`` it
    was reached at) and for the origins allowed in the settings.
    """
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    host = websocket.headers.get("host", "")
    own = {f"http://{host}", f"https://{host}"}
    return origin in own or origin in allowed or "*" in allowed


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    """One client's connection to one game (see the module docstring)."""
    service: Service = websocket.app.state.service
    settings = service.settings
    logs.bind_game(game_id)
    client = client_key(client_of(websocket))  # an IPv6 client by its /64, as the limits
    if not origin_allowed(websocket, settings.allowed_origins):
        await websocket.close(POLICY, "this origin may not open game sockets")
        return
    try:
        service.limits.hit("connect", client)
    except ApiError as e:
        await websocket.close(POLICY, e.detail[:REASON])
        return
    if service.open_sockets[client] >= settings.max_sockets:
        await websocket.close(POLICY, f"at most {settings.max_sockets} open sockets per address")
        return
    service.open_sockets[client] += 1
    conn: Connection | None = None
    try:
        await websocket.accept()
        conn = await _serve(service, websocket, game_id, client)
    except Refused as e:
        with contextlib.suppress(Exception):
            if websocket.application_state != WebSocketState.DISCONNECTED:
                await websocket.close(e.code, e.reason[:REASON])
    except WebSocketDisconnect:
        pass
    finally:
        service.open_sockets[client] -= 1
        if service.open_sockets[client] <= 0:
            del service.open_sockets[client]
        if conn is not None:
            service.disconnected(conn)
            await conn.stop()


async def _receive_text(websocket: WebSocket, timeout: float | None) -> str:
    """The next text message; :class:`Refused` for a binary one or a silent client."""
    try:
        async with asyncio.timeout(timeout):  # (wait_for may swallow a cancel)
            message = await websocket.receive()
    except TimeoutError:
        raise Refused(POLICY, "say hello within a few seconds of connecting") from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise Refused(UNSUPPORTED, "messages are JSON text, not binary")
    return str(text)


async def _serve(
    service: Service, websocket: WebSocket, game_id: str, client: str
) -> Connection | None:
    """Read messages until the client goes; the connection (after its first good hello).

    The connection leaves the hub however this ends (the client gone, a refusal): the
    caller never sees it when an exception ends the loop, so it is forgotten here, or a
    closed page would count as watching its game, and as its seat's open page, for good.
    """
    conn: Connection | None = None
    socket_id, number = logs.current_request_id(), 0
    opened = time.monotonic()
    try:
        while True:
            number += 1
            timeout = service.settings.hello_timeout if conn is None else None
            text = await _receive_text(websocket, timeout)
            logs.bind_message(socket_id, number)  # each message's lines: <socket's id>.<n>
            kind = None
            try:
                service.limits.hit("message", client)
                message = _message(text)
                kind = message["type"]
                conn = await _handle(service, websocket, game_id, conn, kind, message, client)
            except ApiError as e:
                if e.status == 429:
                    raise Refused(POLICY, e.detail) from None
                error = dumps({"type": "error", "status": e.status, **e.to_json()})
                if conn is not None:
                    conn.send(error)
                    continue
                await websocket.send_text(error)
                if kind == "hello" and e.status in (403, 404):
                    await websocket.close(4000 + e.status)
                    return None
    finally:
        logs.socket_closed(socket_id, number - 1, time.monotonic() - opened)
        if conn is not None:
            service.disconnected(conn)
            await conn.stop()


async def _handle(
    service: Service,
    websocket: WebSocket,
    game_id: str,
    conn: Connection | None,
    kind: str,
    message: dict[str, Any],
    client: str,
) -> Connection | None:
    """Carry out one message; the connection (registered by the first good hello)."""
    if kind == "hello":
        service.limits.hit("hello", client)
        table = await service.table(game_id)
        token = _token(message)
        seat, invited = table.identify(token)
        fresh = conn is None
        if conn is None:
            conn = Connection(websocket, game_id, seat, client, service.settings.send_timeout)
            service.hub.add(conn)
        conn.seat, conn.invited = seat, invited
        conn.device = _device(table, token, seat)
        conn.send_state(table, 0)
        if fresh:
            try:
                service.watching(table, client)
            except ApiError:
                service.hub.remove(conn)
                await conn.stop()
                raise
        return conn
    if conn is None:
        raise ApiError(401, msg("error.ws_hello"))
    if kind not in ("act", "undo", "chat"):
        raise ApiError(
            400,
            msg("error.ws_type", type=str(kind)),
            f"unknown message type {kind!r}: hello, act, undo or chat",
        )
    if conn.seat is None:
        if conn.invited is not None:
            raise ApiError(403, msg("error.invitation_join"))
        raise ApiError(401, msg("error.spectator"))
    if kind == "chat":
        service.limits.hit("chat", client)
        text = message.get("text")
        if not isinstance(text, str) or len(text) > 2000:
            raise ApiError(400, msg("error.ws_chat"))
        await service.chat.say(await service.table(game_id), conn.seat, text)
        return conn
    service.limits.hit("act", client)
    table = await service.table(game_id)
    if kind == "act":
        action, number = _action(message)
        await service.act_as(table, conn.seat, action, number)
    else:
        await service.undo_as(table, conn.seat)
    return conn
