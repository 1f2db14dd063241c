"""The HTTP API (``docs/api.md``): request bodies, routes, and their OpenAPI description."""

from __future__ import annotations

import functools
import logging
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from zoogames.core.message import msg
from zoogames.server import catalog, logs
from zoogames.server.accounts import COOKIE, DEVICE_COOKIE, DEVICE_DAYS, PASSWORD_MAX, Account
from zoogames.server.contract import Created, ErrorBody, Joined, Me, Snapshot
from zoogames.server.errors import ApiError
from zoogames.server.service import NewGame, SeatRequest, Service

bearer = HTTPBearer(auto_error=False, description="a seat's token")


def token_of(
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> str | None:
    """The bearer token of the request, if any."""
    return credentials.credentials if credentials is not None else None


Token = Annotated[str | None, Depends(token_of)]


def service_of(request: Request) -> Service:
    """The application's service."""
    service: Service = request.app.state.service
    return service


Games = Annotated[Service, Depends(service_of)]


def origin_allowed(request: Request) -> bool:
    """True if the request's ``Origin`` (if any) is the server's own or an allowed one."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    host = request.headers.get("host", "")
    allowed = service_of(request).settings.allowed_origins
    return origin in (f"http://{host}", f"https://{host}") or origin in allowed or "*" in allowed


async def account_of(request: Request) -> Account | None:
    """The signed-in account of the request's session cookie, if any.

    A change carried by the cookie must come from the server's own pages (or an allowed
    origin): the cookie is ambient, unlike tokens, so another site's form could send it
    (SameSite=Lax already stops most of them; this stops the rest).
    """
    cookie = request.cookies.get(COOKIE)
    if cookie is None:
        return None
    if request.method != "GET" and not origin_allowed(request):
        raise ApiError(403, msg("error.origin_act"))
    return await service_of(request).accounts.account_of(cookie)


def signed_in(account: Annotated[Account | None, Depends(account_of)]) -> Account:
    """The signed-in account; 401 if the request carries no live session."""
    if account is None:
        raise ApiError(401, msg("error.sign_in_first"))
    return account


Player = Annotated[Account | None, Depends(account_of)]
SignedIn = Annotated[Account, Depends(signed_in)]


def limited(kind: str) -> Any:
    """A dependency counting one ``kind`` request of the client (429 past its limits)."""

    def hit(request: Request) -> None:
        client = request.client.host if request.client is not None else ""
        service_of(request).limits.hit(kind, client)

    return Depends(hit)


class Strict(BaseModel):
    """A request body: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


class SeatBody(Strict):
    """One seat of a new game."""

    kind: Literal["me", "invite", "open", "bot"]
    name: str | None = Field(None, max_length=200)
    bot: str | None = Field(None, max_length=64)


class NewGameBody(Strict):
    """``POST /api/games``."""

    game: str = Field(max_length=64)
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatBody] = Field(max_length=8)
    listed: bool = False
    """Shown in the lobby: its open seats for anyone to take, then for anyone to watch."""
    pace: Literal["live", "turn-based"] = "live"
    leave_bot: str | None = Field(None, max_length=64)
    """The bot that plays the seat of a player who leaves (default: the catalog's first)."""
    rated: bool = False
    """Rated: signed-in players and rated bots only; the ratings change at the end."""
    clock: int | None = None
    """Seconds a human seat has for each action (on timeout the leave bot plays it)."""
    on_timeout: Literal["bot", "forfeit"] = "bot"
    """On a clock's timeout: the leave bot plays the action, or the seat forfeits."""
    on_leave: Literal["bot", "forfeit"] = "bot"
    """When a player leaves: the leave bot takes the seat, or the seat forfeits."""
    hints: bool | None = None
    """Hints allowed (``POST /api/games/{id}/hint``); default: on with at most one human
    seat, off with more (a hint would help one player against another)."""
    tutorial: bool = False
    """Learn to play: the game's tutorial table and fixed deal (``server/tutorials.py``);
    ``players``, ``options`` and ``seats`` are then ignored but for the learner's name."""


class ActionBody(Strict):
    """``POST /api/games/{id}/actions``: the notation, and the number of actions seen.

    ``number`` is required: an action sent twice (a retry) then lands at most once.
    """

    action: str = Field(max_length=200)
    number: int


class JoinBody(Strict):
    """``POST /api/games/{id}/join``."""

    name: str = Field(max_length=200)


class Credentials(Strict):
    """``POST /api/signup`` and ``/api/signin``: a name and a password."""

    name: str = Field(max_length=200)
    password: str = Field(max_length=PASSWORD_MAX * 4)


class HeldSeat(Strict):
    """A guest's seat to claim: its game and its token."""

    game: str = Field(max_length=200)
    token: str = Field(max_length=200)


class ClaimBody(Strict):
    """``POST /api/me/claim``: the guest seats the browser holds."""

    seats: list[HeldSeat] = Field(max_length=100)


class TakeSeatBody(Strict):
    """``POST /api/games/{id}/seats/{seat}/join``: a name (a signed-in player's by default)."""

    name: str | None = Field(None, max_length=200)


class StartBody(Strict):
    """``POST /api/games/{id}/start``: the bot that takes every seat still open."""

    bot: str = Field(max_length=64)


class ChatBody(Strict):
    """``POST /api/games/{id}/chat``: a message (1–300 characters once spaces are tidied)."""

    text: str = Field(max_length=2000)


class MuteBody(Strict):
    """``POST /api/games/{id}/mute``: stop (``muted``) or start again seeing a seat's chat."""

    seat: int
    muted: bool = True


class BotBody(Strict):
    """``POST /api/games/{id}/seats/{seat}/bot``: the bot that takes the seat."""

    bot: str = Field(max_length=64)


# The answers are documented by the contract's declarations (``contract.py``), the same the
# client's types are generated from: nothing here is a second copy of them.
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody} for code in (400, 401, 403, 404, 409, 422, 429, 503)
}


class Json(JSONResponse):
    """A JSON answer serialised once, compactly (no re-encoding of views by FastAPI)."""

    def render(self, content: Any) -> bytes:
        """Compact UTF-8 JSON."""
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)


def documented(model: type, status: int = 200) -> dict[str, Any]:
    """Route arguments that document ``model`` as the answer without validating it."""
    return {
        "status_code": status,
        "response_model": None,
        "response_class": Json,
        "responses": {status: {"model": model}},
    }


log = logging.getLogger("zoogames.server")


async def _bind_game(request: Request) -> None:
    """Name the game of a ``/api/games/{game_id}/…`` request in its log lines."""
    game_id = request.path_params.get("game_id")
    if isinstance(game_id, str):
        logs.bind_game(game_id)


# (an async dependency runs in the request's own task, so what it binds stays bound)
router = APIRouter(prefix="/api", responses=ERRORS, dependencies=[Depends(_bind_game)])


@router.get("/catalog", response_class=Json)
async def get_catalog() -> Json:
    """The games with their options, and the bots a seat may be given."""
    return Json(catalog.catalog())


@router.post("/games", **documented(Created, 201), dependencies=[limited("create")])
async def create_game(body: NewGameBody, games: Games, player: Player) -> Json:
    """Start a game; the answer holds a token for each human seat (shown only here)."""
    seats = [SeatRequest(s.kind, s.name, s.bot) for s in body.seats]
    request = NewGame(
        body.game,
        body.players,
        body.options,
        seats,
        body.listed,
        body.pace,
        body.leave_bot,
        body.rated,
        body.clock,
        body.on_timeout,
        body.on_leave,
        body.hints,
        body.tutorial,
    )
    created = await games.games.create(request, player)
    logs.bind_game(str(created["id"]))  # the request's own line names the new game
    return Json(created, status_code=201)


@router.get("/games/{game_id}", **documented(Snapshot), dependencies=[limited("read")])
async def get_game(game_id: str, games: Games, token: Token) -> Json:
    """The snapshot of the token's seat, or a spectator's without a token."""
    return Json(await games.snapshot(game_id, token))


@router.post("/games/{game_id}/join", **documented(Joined), dependencies=[limited("join")])
async def join_game(
    game_id: str, body: JoinBody, games: Games, token: Token, player: Player
) -> Json:
    """Accept an invitation (the answer holds the seat's new token), or rename a seat."""
    return Json(await games.seats.join(game_id, token, body.name, player))


@router.post(
    "/games/{game_id}/seats/{seat}/bot",
    **documented(Snapshot),
    dependencies=[limited("join")],
)
async def seat_to_bot(game_id: str, seat: int, body: BotBody, games: Games, token: Token) -> Json:
    """Give an invited seat nobody joined to a bot (any seated player of the game may)."""
    return Json(await games.seats.hand_to_bot(game_id, token, seat, body.bot))


@router.post(
    "/games/{game_id}/seats/{seat}/join",
    **documented(Joined),
    dependencies=[limited("join")],
)
async def take_seat(
    game_id: str, seat: int, body: TakeSeatBody, games: Games, player: Player
) -> Json:
    """Take an open seat (the answer holds its token); the game starts when none is open."""
    return Json(await games.lobby.take_seat(game_id, seat, body.name, player))


@router.post("/games/{game_id}/start", **documented(Snapshot), dependencies=[limited("join")])
async def start_with_bots(game_id: str, body: StartBody, games: Games, token: Token) -> Json:
    """The host starts the game now, bots taking the seats still open."""
    return Json(await games.lobby.start_with_bots(game_id, token, body.bot))


@router.post("/games/{game_id}/chat", response_class=Json, dependencies=[limited("chat")])
async def say(game_id: str, body: ChatBody, games: Games, token: Token) -> Json:
    """Send a chat message to the table (a seated player only); the message as pushed."""
    table, seat = await games.seat(game_id, token)
    return Json(await games.chat.say(table, seat, body.text))


@router.get("/games/{game_id}/chat", response_class=Json, dependencies=[limited("read")])
async def read_chat(game_id: str, games: Games, token: Token) -> Json:
    """The table's last 100 messages, without those of seats the token's seat muted."""
    return Json(await games.chat.history(game_id, token))


@router.post("/games/{game_id}/mute", response_class=Json, dependencies=[limited("chat")])
async def mute(game_id: str, body: MuteBody, games: Games, token: Token) -> Json:
    """Stop (or start again) seeing another seat's chat messages, for this seat only."""
    return Json(await games.chat.mute(game_id, token, body.seat, body.muted))


@router.post("/games/{game_id}/leave", **documented(Snapshot), dependencies=[limited("join")])
async def leave(game_id: str, games: Games, token: Token) -> Json:
    """Leave the table: the game's leave bot plays the seat from now on."""
    return Json(await games.seats.leave(game_id, token))


@router.post(
    "/games/{game_id}/rematch",
    **documented(Created, 201),
    dependencies=[limited("create")],
)
async def rematch(game_id: str, games: Games, token: Token) -> Json:
    """A new deal with the same seats and options (the game must be over)."""
    return Json(await games.seats.rematch(game_id, token), status_code=201)


@router.get("/players/{name}", response_class=Json, dependencies=[limited("read")])
async def player(
    name: str,
    games: Games,
    viewer: Player,
    before: Annotated[str | None, Query(max_length=40)] = None,
) -> Json:
    """A player's profile: games played and won per game, ratings, a page of games.

    Others see the player's listed games and games over only; ``before`` (the previous
    page's ``more``) pages back.
    """
    return Json(await games.profiles.profile(name, viewer, before))


@router.get("/leaderboard/{game}", response_class=Json, dependencies=[limited("lobby")])
async def leaderboard(game: str, games: Games) -> Json:
    """The best 100 rated players at a catalog game, and the bots' fixed ratings."""
    return Json(await games.profiles.leaderboard(game))


@router.get("/lobby", response_class=Json, dependencies=[limited("lobby")])
async def lobby(games: Games) -> Json:
    """Listed tables with open seats to join, and listed games in play to watch."""
    return Json(await games.lobby.listed())


@router.post("/games/{game_id}/actions", **documented(Snapshot), dependencies=[limited("act")])
async def play_action(game_id: str, body: ActionBody, games: Games, token: Token) -> Json:
    """Play an action for the token's seat; ``number`` guards against a stale view."""
    return Json(await games.act(game_id, token, body.action, body.number))


@router.post("/games/{game_id}/undo", **documented(Snapshot), dependencies=[limited("act")])
async def undo_action(game_id: str, games: Games, token: Token) -> Json:
    """Take back the token's seat's last action, if nothing was revealed since."""
    return Json(await games.undo(game_id, token))


@router.post("/games/{game_id}/hint", response_class=Json, dependencies=[limited("hint")])
async def hint(game_id: str, games: Games, token: Token) -> Json:
    """The bots' suggestion for the token's seat, on its turn, where the table allows hints."""
    return Json(await games.hints.hint(game_id, token))


@router.post("/games/{game_id}/review", response_class=Json, dependencies=[limited("review")])
async def request_review(game_id: str, games: Games) -> Json:
    """Ask for the review of a finished game (computed once, then kept); where it stands."""
    return Json(await games.reviews.request(game_id))


@router.get("/games/{game_id}/review", response_class=Json, dependencies=[limited("read")])
async def review(game_id: str, games: Games) -> Json:
    """The review of a game: ``none``, ``computing`` (done of total) or ``done``."""
    return Json(await games.reviews.review(game_id))


@router.get("/games/{game_id}/replay/{number}", response_class=Json, dependencies=[limited("read")])
async def replay(game_id: str, number: int, games: Games) -> Json:
    """The spectator's view after the first ``number`` actions; once the game is over."""
    return Json(await games.replay(game_id, number))


@router.get("/games/{game_id}/record", response_class=JSONResponse, dependencies=[limited("read")])
async def record(game_id: str, games: Games) -> JSONResponse:
    """The game record (docs/records.md); once the game is over."""
    # The standard JSON encoder: a secret seed has 129 bits, more than orjson writes.
    return JSONResponse(await games.record(game_id))


# ----- accounts ----------------------------------------------------------------------------


def secure(request: Request) -> bool:
    """Whether cookies get ``Secure``: the browser reached the server over HTTPS.

    ``ZOOGAMES_TLS=on`` says so for every request; otherwise the request's own scheme,
    which is ``https`` when the server itself was reached over TLS or when a trusted
    proxy says ``X-Forwarded-Proto: https`` (uvicorn believes the header only from
    ``ZOOGAMES_TRUSTED_PROXIES``, as ``X-Forwarded-For``).
    """
    https = request.url.scheme == "https"
    if service_of(request).settings.tls and not https:
        _plain_http_warning()
    return service_of(request).settings.tls or https


@functools.cache
def _plain_http_warning() -> None:
    """Say once, in the log, that ``ZOOGAMES_TLS=on`` meets plain HTTP.

    The browser drops a Secure cookie it got over HTTP: before TLS exists, nobody can stay
    signed in, and nothing else would say why.
    """
    log.warning(
        "ZOOGAMES_TLS=on, but a cookie was set over plain HTTP (no X-Forwarded-Proto: https"
        " from a trusted proxy): the browser drops a Secure cookie there; sign-in fails"
    )


def client_of(request: Request) -> str:
    """The client's address (a trusted proxy's forwarded one: see ``settings.py``)."""
    return request.client.host if request.client is not None else ""


DEVICE_PATH = "/api/signin"
"""The device cookie's path: only sign-in reads it (a browser sends it nowhere else)."""


def _signed_in(
    request: Request, account: Account, cookie: str, device: str, status: int = 200
) -> Json:
    """The answer that signs a browser in: the account's name and the cookies.

    The session cookie, and the device cookie that marks the browser as one that signed
    in to the account (``accounts.DEVICE_COOKIE``).
    """
    settings = service_of(request).settings
    answer = Json({"name": account.name}, status_code=status)
    answer.set_cookie(
        COOKIE,
        cookie,
        max_age=settings.session_days * 86400,
        path="/api",
        httponly=True,  # never readable by a page's scripts
        samesite="lax",
        secure=secure(request),
    )
    answer.set_cookie(
        DEVICE_COOKIE,
        device,
        max_age=DEVICE_DAYS * 86400,
        path=DEVICE_PATH,
        httponly=True,
        samesite="strict",  # only the server's own sign-in form sends it
        secure=secure(request),
    )
    return answer


def _signed_out(request: Request) -> Json:
    """An empty answer that makes the browser forget the session cookie."""
    answer = Json({}, status_code=200)
    answer.delete_cookie(COOKIE, path="/api", httponly=True, samesite="lax", secure=secure(request))
    return answer


@router.post("/signup", **documented(Me, 201), dependencies=[limited("signup")])
async def sign_up(body: Credentials, request: Request, games: Games) -> Json:
    """Make an account (a name, unique whatever its case, and a password) and sign in."""
    if not origin_allowed(request):  # a foreign page must not sign a browser in as anyone
        raise ApiError(403, msg("error.origin_sign_in"))
    account, cookie, device = await games.accounts.sign_up(
        body.name, body.password, client_of(request)
    )
    return _signed_in(request, account, cookie, device, 201)


@router.post("/signin", **documented(Me), dependencies=[limited("signin")])
async def sign_in(body: Credentials, request: Request, games: Games) -> Json:
    """Sign in with a name and a password; the answer sets the session cookie."""
    if not origin_allowed(request):  # a foreign page must not sign a browser in as someone
        raise ApiError(403, msg("error.origin_sign_in"))
    account, cookie, device = await games.accounts.sign_in(
        body.name, body.password, client_of(request), request.cookies.get(DEVICE_COOKIE)
    )
    return _signed_in(request, account, cookie, device)


@router.post("/signout", response_class=Json, dependencies=[limited("read")])
async def sign_out(request: Request, games: Games) -> Json:
    """End this browser's session (nothing if it has none)."""
    if origin_allowed(request):
        await games.accounts.sign_out(request.cookies.get(COOKIE))
    return _signed_out(request)


@router.post("/signout-everywhere", response_class=Json, dependencies=[limited("read")])
async def sign_out_everywhere(request: Request, games: Games, me: SignedIn) -> Json:
    """End every session of the account and revoke its device tokens."""
    await games.accounts.sign_out_everywhere(me)
    return _signed_out(request)


@router.get("/me", **documented(Me), dependencies=[limited("read")])
async def get_me(me: SignedIn) -> Json:
    """The signed-in player (401 if none)."""
    return Json({"name": me.name})


class PasswordBody(Strict):
    """``POST /api/me/password``: the current password and the new one."""

    current: str = Field(max_length=PASSWORD_MAX * 4)
    new: str = Field(max_length=PASSWORD_MAX * 4)


class PasswordCheck(Strict):
    """``DELETE /api/me``: the password, asked again."""

    password: str = Field(max_length=PASSWORD_MAX * 4)


@router.post("/me/password", response_class=Json, dependencies=[limited("signin")])
async def change_password(body: PasswordBody, request: Request, games: Games, me: SignedIn) -> Json:
    """Change the password (403 if ``current`` is wrong); every other session ends."""
    cookie = request.cookies.get(COOKIE)
    await games.accounts.change_password(me, cookie, body.current, body.new, client_of(request))
    return Json({})


@router.delete("/me", response_class=Json, dependencies=[limited("signin")])
async def delete_me(body: PasswordCheck, request: Request, games: Games, me: SignedIn) -> Json:
    """Delete the account (403 if the password is wrong); the browser is signed out.

    The games stay, its seats as guests' seats; the name is free again (docs/server.md).
    """
    cookie = request.cookies.get(COOKIE)
    await games.accounts.delete_account(me, cookie, body.password, client_of(request))
    answer = _signed_out(request)
    answer.delete_cookie(
        DEVICE_COOKIE, path=DEVICE_PATH, httponly=True, samesite="strict", secure=secure(request)
    )
    return answer


@router.post("/me/claim", response_class=Json, dependencies=[limited("join")])
async def claim_seats(body: ClaimBody, games: Games, me: SignedIn) -> Json:
    """Make guest seats (by game and token) follow the signed-in account."""
    held = [(s.game, s.token) for s in body.seats]
    return Json(await games.accounts.claim(me, held))


@router.get("/me/games", response_class=Json, dependencies=[limited("read")])
async def my_games(games: Games, me: SignedIn) -> Json:
    """The games the account holds a seat in, the player's turn first."""
    return Json(await games.accounts.my_games(me))


@router.post("/me/games/{game_id}/tokens", response_class=Json, dependencies=[limited("join")])
async def device_tokens(game_id: str, games: Games, me: SignedIn) -> Json:
    """Fresh tokens for the account's seats in a game, for this device."""
    return Json(await games.accounts.device_tokens(me, game_id))


# ----- notifications ----------------------------------------------------------------------


class PushKeys(Strict):
    """A push subscription's keys, as ``PushSubscription.toJSON()`` gives them."""

    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class PushBody(Strict):
    """``POST /api/me/push``: a browser's push subscription."""

    endpoint: str = Field(max_length=4096)
    keys: PushKeys
    expirationTime: float | None = None  # the browser's spelling
    """Sent by some browsers; unused (a push service says 410 once it has expired)."""


class UnpushBody(Strict):
    """``DELETE /api/me/push``: one browser's subscription (``None``: every one)."""

    endpoint: str | None = Field(None, max_length=4096)


class EmailBody(Strict):
    """``POST /api/me/email``: the address for "your turn" e-mails (``None``: none)."""

    email: str | None = Field(None, max_length=1000)


class ConfirmBody(Strict):
    """``POST /api/email/confirm``: the secret of the link e-mailed to the address."""

    token: str = Field(max_length=200)


@router.get("/push/key", response_class=Json, dependencies=[limited("read")])
async def push_key(games: Games) -> Json:
    """The server's VAPID public key (``applicationServerKey``), base64url."""
    return Json(games.notify.push_key())


@router.get("/me/notify", response_class=Json, dependencies=[limited("read")])
async def notify_settings(games: Games, me: SignedIn) -> Json:
    """The account's notifications: its push subscriptions, its e-mail address."""
    return Json(await games.notify.settings_of(me))


@router.post("/me/push", response_class=Json, status_code=201, dependencies=[limited("notify")])
async def subscribe(body: PushBody, games: Games, me: SignedIn) -> Json:
    """Send this browser a push when it becomes the account's turn."""
    answer = await games.notify.subscribe(me, body.endpoint, body.keys.p256dh, body.keys.auth)
    return Json(answer, status_code=201)


@router.delete("/me/push", response_class=Json, dependencies=[limited("notify")])
async def unsubscribe(body: UnpushBody, games: Games, me: SignedIn) -> Json:
    """Stop pushing to this browser (or, without an endpoint, to every one)."""
    return Json(await games.notify.unsubscribe(me, body.endpoint))


@router.post("/me/email", response_class=Json, dependencies=[limited("notify")])
async def set_email(body: EmailBody, games: Games, me: SignedIn) -> Json:
    """Ask for "your turn" e-mails (turn-based games) at an address, or opt out.

    The address gets a link to confirm it first, and nothing else until it is opened.
    """
    return Json(await games.notify.set_email(me, body.email))


@router.post("/email/confirm", response_class=Json, dependencies=[limited("notify")])
async def confirm_email(body: ConfirmBody, games: Games) -> Json:
    """Confirm an address by its link's secret (no sign-in needed: the secret is the proof)."""
    return Json(await games.notify.confirm_email(body.token))
