"""Every kind of bad input gets a clear error (status and sentence) and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from zoogames.core.message import Message
from zoogames.i18n import english

from .db import count_games, stored
from .harness import Api, ServerProcess
from .play import human_game

Request = Callable[[Api, dict[str, Any]], httpx.Response]


def _post_raw(path: str, content: str, token_seat: int | None = 0) -> Request:
    def send(api: Api, g: dict[str, Any]) -> httpx.Response:
        token = g["tokens"][token_seat] if token_seat is not None else None
        headers = {"Content-Type": "application/json", **api.auth(token)}
        return api.http.post(path.format(id=g["id"]), content=content, headers=headers)

    return send


def _act(seat: int | None, action: str, number: int | None = None, token: str = "") -> Request:
    def send(api: Api, g: dict[str, Any]) -> httpx.Response:
        who = token or (g["tokens"][seat] if seat is not None else None)
        if token == "other game":
            who = g["other"]
        return api.act(g["id"], who, action, number)

    return send


CASES: list[tuple[str, Request, int, str]] = [
    (
        "malformed JSON",
        _post_raw("/api/games/{id}/actions", '{"action": "dra'),
        400,
        "the body is not valid JSON",
    ),
    (
        "a body that is not an object",
        _post_raw("/api/games/{id}/actions", '["draw"]'),
        400,
        "the body must be a JSON object",
    ),
    (
        "a body of the wrong shape",
        _post_raw("/api/games/{id}/actions", '{"move": "draw"}'),
        422,
        "action: Field required",
    ),
    (
        "a number that is not a number",
        _post_raw("/api/games/{id}/actions", '{"action": "draw", "number": "two"}'),
        422,
        "number:",
    ),
    (
        "an unknown game",
        lambda api, g: api.act("NoSuchGame", g["tokens"][1], "draw", 2),
        404,
        "there is no game with this id",
    ),
    ("an unparsable action", _act(1, "fly away", 2), 422, "'fly away' is not an action"),
    ("an illegal action", _act(1, "take C", 2), 422, "'take C' is not legal now: "),
    ("an out-of-turn action", _act(0, "draw", 2), 409, "it is not your turn"),
    ("a stale number", _act(1, "draw", 1), 409, "the game has moved on"),
    ("a number from the future", _act(1, "draw", 3), 409, "the game has moved on"),
    ("no token", _act(None, "draw", 2), 401, "this needs a seat's token"),
    ("a wrong token", _act(None, "draw", 2, token="x" * 32), 403, "not a seat's token"),
    ("another game's token", _act(None, "draw", 2, token="other game"), 403, "not a seat's token"),
    (
        "undo of another seat's action",
        lambda api, g: api.undo(g["id"], g["tokens"][1]),
        409,
        "nothing to take back",
    ),
    ("undo without a token", lambda api, g: api.undo(g["id"], None), 401, "needs a seat's token"),
    (
        "the record before the end",
        lambda api, g: api.http.get(f"/api/games/{g['id']}/record"),
        409,
        "the game is not over",
    ),
    (
        "the replay before the end",
        lambda api, g: api.http.get(f"/api/games/{g['id']}/replay/1"),
        409,
        "the game is not over",
    ),
    (
        "a join with an empty name",
        lambda api, g: api.join(g["id"], g["tokens"][1], "  "),
        422,
        "give a name",
    ),
    (
        "a join with a control character",
        lambda api, g: api.join(g["id"], g["tokens"][1], "a\x07b"),
        422,
        "printable",
    ),
    (
        "a join without a token",
        lambda api, g: api.join(g["id"], None, "Bob"),
        401,
        "needs a seat's token",
    ),
    (
        "a GET with a wrong token",
        lambda api, g: api.get(g["id"], "nope"),
        403,
        "not a seat's token",
    ),
    (
        "an unknown API path",
        lambda api, g: api.http.get(f"/api/games/{g['id']}/nothing"),
        404,
        "no such API path",
    ),
]


@pytest.fixture
def table(api: Api) -> dict[str, Any]:
    """A game where seat 0 drew and loaded: seat 1 is to move, seat 0 may undo."""
    gid, tokens = human_game(api, start_player=0)
    drawn = api.act(gid, tokens[0], "draw", 0).json()
    assert api.act(gid, tokens[0], drawn["view"]["legal"][0], 1).status_code == 200
    _, other = human_game(api)
    return {"id": gid, "tokens": tokens, "other": other[0]}


def everything(api: Api, server: ServerProcess, g: dict[str, Any]) -> Any:
    """What a request could change: every seat's snapshot and the stored rows."""
    snaps = [api.snapshot(g["id"], t) for t in [*g["tokens"], None]]
    return snaps, stored(server.db_url, g["id"]), count_games(server.db_url)


@pytest.mark.parametrize(("name", "request_", "status", "detail"), CASES, ids=[c[0] for c in CASES])
def test_bad_http_input_is_refused_and_changes_nothing(
    api: Api,
    server: ServerProcess,
    table: dict[str, Any],
    name: str,
    request_: Request,
    status: int,
    detail: str,
) -> None:
    before = everything(api, server, table)
    r = request_(api, table)
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) <= {"detail", "message"} and isinstance(body["detail"], str)
    assert detail in body["detail"]
    if "message" in body:  # the same sentence in the reader's language (docs/i18n.md)
        assert english(Message.from_json(body["message"])) in body["detail"]
    assert everything(api, server, table) == before


ME = {"kind": "me"}


def new_game(
    game: str = "aquaretto", players: int = 2, seats: list[Any] | None = None, **options: Any
) -> dict[str, Any]:
    """A new-game body (two "me" seats unless told)."""
    body = {"game": game, "players": players, "seats": seats or [ME] * players}
    return {**body, "options": options} if options else body


NEW_GAME_CASES: list[tuple[str, Any, int, str]] = [
    ("malformed JSON", '{"game": ', 400, "the body is not valid JSON"),
    ("no body", "", 400, "the body"),
    ("an unknown catalog game", new_game("chess"), 422, "unknown game 'chess'"),
    (
        "too many players",
        new_game(players=9, seats=[ME] * 2),
        422,
        "Aquaretto is for 2 to 5 players",
    ),
    ("seats that do not match", new_game(players=3, seats=[ME] * 2), 422, "one seat per player"),
    ("an unknown seat kind", new_game(seats=[ME, {"kind": "robot"}]), 422, "seats.1.kind"),
    (
        "an unknown bot",
        new_game(seats=[ME, {"kind": "bot", "bot": "mcts:seconds=999"}]),
        422,
        "unknown bot",
    ),
    ("a bot seat without a bot", new_game(seats=[ME, {"kind": "bot"}]), 422, "unknown bot None"),
    (
        "a human seat with a bot",
        new_game(seats=[{"kind": "me", "bot": "greedy"}, ME]),
        422,
        "takes no bot",
    ),
    ("a name too long", new_game(seats=[{"kind": "me", "name": "x" * 40}, ME]), 422, "at most 32"),
    ("an unknown option", new_game(draw_order=["coin"]), 422, "unknown option 'draw_order'"),
    ("an option of the wrong kind", new_game(start_player="1"), 422, "must be a seat number"),
    (
        "an option the engine refuses",
        new_game(removed=["dolphin", "orca", "hippo"]),
        422,
        "never removed",
    ),
    (
        "a seat out of range",
        new_game("zooloretto", start_player=2),
        422,
        "start_player must be a seat from 0 to 1",
    ),
    (
        "a deck given as a path",
        new_game("aquarium-designer", 1, deck="/etc/passwd"),
        422,
        "must be a JSON object",
    ),
    ("a deck that is no deck", new_game("aquarium-designer", 1, deck={"cards": 3}), 422, "deck"),
    ("a body too large", '{"game": "' + "x" * (2 << 20) + '"}', 413, "the body is too large"),
]


@pytest.mark.parametrize(
    ("name", "body", "status", "detail"), NEW_GAME_CASES, ids=[c[0] for c in NEW_GAME_CASES]
)
def test_a_bad_new_game_is_refused_and_stores_nothing(
    api: Api, server: ServerProcess, name: str, body: Any, status: int, detail: str
) -> None:
    before = count_games(server.db_url)
    if isinstance(body, str):
        r = api.http.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    else:
        r = api.http.post("/api/games", json=body)
    assert r.status_code == status, r.text
    assert detail in r.json()["detail"]
    assert count_games(server.db_url) == before


SOCKET_CASES: list[tuple[str, Any, int, str]] = [
    ("malformed JSON", '{"type": "act", ', 400, "the message is not valid JSON"),
    ("a message that is not an object", "[1, 2]", 400, 'a JSON object with a "type"'),
    ("an unknown type", {"type": "cheat"}, 400, "unknown message type 'cheat'"),
    ("an act without an action", {"type": "act", "number": 2}, 400, 'act needs "action"'),
    ("an act without a number", {"type": "act", "action": "draw"}, 400, 'act needs "number"'),
    (
        "an unparsable action",
        {"type": "act", "action": "fly", "number": 2},
        422,
        "'fly' is not an action",
    ),
    ("an illegal action", {"type": "act", "action": "take C", "number": 2}, 422, "not legal now"),
    ("a stale number", {"type": "act", "action": "draw", "number": 0}, 409, "has moved on"),
    ("a token that is not a string", {"type": "hello", "token": 5}, 400, "must be a string"),
]


@pytest.mark.parametrize(
    ("name", "message", "status", "detail"), SOCKET_CASES, ids=[c[0] for c in SOCKET_CASES]
)
def test_bad_socket_input_gets_an_error_and_changes_nothing(
    api: Api,
    server: ServerProcess,
    table: dict[str, Any],
    name: str,
    message: Any,
    status: int,
    detail: str,
) -> None:
    before = everything(api, server, table)
    with api.socket(table["id"]) as ws:
        ws.hello(table["tokens"][1])
        ws.send(message)
        error = ws.receive()
        assert error["type"] == "error" and error["status"] == status, error
        assert detail in error["detail"]
        ws.send({"type": "hello", "token": table["tokens"][1]})  # the socket still works
        assert ws.receive()["type"] == "state"
    assert everything(api, server, table) == before


def test_socket_act_before_hello_and_as_spectator_are_refused(
    api: Api, server: ServerProcess, table: dict[str, Any]
) -> None:
    before = everything(api, server, table)
    with api.socket(table["id"]) as ws:
        ws.send({"type": "act", "action": "draw", "number": 2})
        assert ws.receive()["status"] == 401
        ws.hello(None)
        ws.send({"type": "undo"})
        error = ws.receive()
        assert error["status"] == 401 and "spectator" in error["detail"]
        ws.hello(table["tokens"][0])
        ws.send({"type": "act", "action": "draw", "number": 2})
        assert ws.receive() == {
            "type": "error",
            "status": 409,
            "detail": "it is not your turn",
            "message": {"id": "error.not_your_turn", "params": {}},
        }
    assert everything(api, server, table) == before


@pytest.mark.parametrize(("game", "token", "code"), [("NoSuchGame", None, 4404), ("", "x", 4403)])
def test_a_hello_for_no_game_or_with_a_wrong_token_closes_the_socket(
    api: Api, table: dict[str, Any], game: str, token: str | None, code: int
) -> None:
    with api.socket(game or table["id"]) as ws:
        ws.send({"type": "hello", "token": token})
        error = ws.receive()
        assert error["status"] == code - 4000
        with pytest.raises(ConnectionClosed) as closed:
            ws.receive(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def test_a_body_of_unknown_length_is_refused(api: Api, server: ServerProcess) -> None:
    before = count_games(server.db_url)
    chunks = iter([json.dumps(new_game()).encode()])  # httpx streams it chunked
    r = api.http.post("/api/games", content=chunks, headers={"Content-Type": "application/json"})
    assert r.status_code == 411 and r.json() == {"detail": "send the body with a Content-Length"}
    assert count_games(server.db_url) == before
