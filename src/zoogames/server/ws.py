"""The WebSocket of a game (``/api/games/{id}/ws``): hello, then pushes; act and undo.

Messages in: ``{"type": "hello", "token": …}`` (again at any time, to speak for another
seat), ``{"type": "act", "action": …, "number": …}``, ``{"type": "undo"}``. Messages
out: ``state`` (a snapshot), ``thinking`` and, to the sender only, ``error`` with the
HTTP status the same request would get. An unknown game or a wrong token in ``hello``
closes the socket with code 4000 + status (4404, 4403) after the error.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from zoogames.server.errors import ApiError
from zoogames.server.hub import Connection, dumps
from zoogames.server.service import Service

router = APIRouter()

MAX_ACTION = 200
"""The longest notation accepted (every real one is far shorter)."""


def _message(text: str) -> dict[str, Any]:
    try:
        message = json.loads(text)
    except ValueError:
        raise ApiError(400, "the message is not valid JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ApiError(400, 'a message is a JSON object with a "type"')
    return message


def _token(message: dict[str, Any]) -> str | None:
    token = message.get("token")
    if token is not None and not isinstance(token, str):
        raise ApiError(400, "hello's token must be a string or null")
    return token


def _action(message: dict[str, Any]) -> tuple[str, int | None]:
    action, number = message.get("action"), message.get("number")
    if not isinstance(action, str) or len(action) > MAX_ACTION:
        raise ApiError(400, 'act needs "action": the notation of an action')
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise ApiError(400, 'act\'s "number" must be an integer')
    return action, number


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    """One client's connection to one game (see the module docstring)."""
    service: Service = websocket.app.state.service
    await websocket.accept()
    conn: Connection | None = None
    try:
        while True:
            text = await websocket.receive_text()
            kind = None
            try:
                message = _message(text)
                kind = message["type"]
                conn = await _handle(service, websocket, game_id, conn, kind, message)
            except ApiError as e:
                error = dumps({"type": "error", "status": e.status, "detail": e.detail})
                if conn is not None:
                    conn.send(error)
                    continue
                await websocket.send_text(error)
                if kind == "hello" and e.status in (403, 404):
                    await websocket.close(4000 + e.status)
                    return
    except WebSocketDisconnect:
        pass
    finally:
        if conn is not None:
            service.hub.remove(conn)
            await conn.stop()


async def _handle(
    service: Service,
    websocket: WebSocket,
    game_id: str,
    conn: Connection | None,
    kind: str,
    message: dict[str, Any],
) -> Connection | None:
    """Carry out one message; the connection (registered by the first good hello)."""
    if kind == "hello":
        table = await service.table(game_id)
        seat = table.seat_of(_token(message))
        if conn is None:
            conn = Connection(websocket, game_id, seat)
            service.hub.add(conn)
        conn.seat = seat
        conn.send_state(table, 0)
        return conn
    if conn is None:
        raise ApiError(401, 'say hello first: {"type": "hello", "token": …}')
    if kind not in ("act", "undo"):
        raise ApiError(400, f"unknown message type {kind!r}: hello, act or undo")
    if conn.seat is None:
        raise ApiError(401, "a spectator cannot play: say hello with a seat's token")
    table = await service.table(game_id)
    if kind == "act":
        action, number = _action(message)
        await service.act_as(table, conn.seat, action, number)
    else:
        await service.undo_as(table, conn.seat)
    return conn
