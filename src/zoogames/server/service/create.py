"""Creating games: a new game's request (``NewGame``), checked, dealt and stored.

``POST /api/games`` makes one ``NewGame`` of its body; the checks here turn it into
seats and a setup (``store.Setup``), and the round deals, stores and serves the game
(``Round.start_table``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from zoogames.core.errors import InvalidOptions
from zoogames.core.message import msg
from zoogames.server import catalog, contract, tokens, tutorials
from zoogames.server.accounts import Account
from zoogames.server.errors import ApiError
from zoogames.server.ratings import bot_rating, bot_ratings
from zoogames.server.service.env import Env
from zoogames.server.service.seats import ONE_SEAT, clean_name
from zoogames.server.store import Seat, Setup

if TYPE_CHECKING:
    from zoogames.server.service.round import Round

PACES = ("live", "turn-based")
ON_CHOICES = ("bot", "forfeit")
"""What a timeout or a leaving player does: the leave bot plays, or the seat forfeits."""
MIN_CLOCK = 1
MAX_CLOCK = 7 * 86400
"""A clock's bounds in seconds per action: from a blitz to a week (turn-based days)."""


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """One seat of a new game as asked for: ``me``, ``invite``, ``open`` or ``bot``."""

    kind: str
    name: str | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    """A new game as asked for (``POST /api/games``; see ``NewGames.create``)."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[SeatRequest] = field(default_factory=list)
    listed: bool = False
    pace: str = "live"
    leave_bot: str | None = None
    rated: bool = False
    clock: int | None = None
    on_timeout: str = "bot"
    on_leave: str = "bot"
    hints: bool | None = None
    tutorial: bool = False


class NewGames:
    """Creating games (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_

    async def create(self, request: NewGame, account: Account | None = None) -> contract.Created:
        """Start a game; its id, seats, and a token for each human seat.

        ``account``: the signed-in creator, if any, whose ``me`` seats follow the account
        (named after it if no name is given). ``open`` seats are for anyone to take
        (``Lobby.take_seat``); a ``listed`` game shows in the lobby. The creator's first
        ``me`` seat is the host, who may
        start the game with bots in the seats still open. ``leave_bot`` plays the seat
        of a player who leaves (the catalog's first bot if ``None``). A ``rated`` game is
        created signed in, seats only signed-in players and bots with a public rating,
        and updates its players' ratings at the end. ``clock``: seconds a human seat has
        for each action; on timeout the leave bot plays that action for it, or the seat
        forfeits the game if ``on_timeout`` is ``forfeit``. A player who leaves gives their
        seat to the leave bot, or forfeits if ``on_leave`` is ``forfeit`` (``forfeit``).
        ``hints``: a seated player may ask for a hint on their turn (``hint``); by default
        only at a table with at most one human seat. Never in a rated game. A ``tutorial``
        is the game's "Learn to play" table (``tutorials``): the learner's ``me`` seat (the
        first seat's name) against the tutorial's bot, on its fixed deal; never listed or
        rated, no clock.
        """
        game_id, players, options = request.game, request.players, request.options
        seats, listed, pace, rated = (
            list(request.seats),
            request.listed,
            request.pace,
            request.rated,
        )
        leave_bot, clock, hints = request.leave_bot, request.clock, request.hints
        on_timeout, on_leave, tutorial = request.on_timeout, request.on_leave, request.tutorial
        if tutorial:
            name = seats[0].name if seats else None
            players, options = tutorials.PLAYERS, tutorials.options(game_id)
            seats = [SeatRequest("me", name, None), SeatRequest("bot", None, tutorials.BOT)]
            listed, rated, clock = False, False, None
        for what, choice in (("on_timeout", on_timeout), ("on_leave", on_leave)):
            if choice not in ON_CHOICES:
                raise ApiError(
                    422,
                    msg("error.on_choice", what=what, choice=choice),
                    f"{what} must be bot or forfeit, not {choice!r}",
                )
        if clock is not None and not MIN_CLOCK <= clock <= MAX_CLOCK:
            raise ApiError(422, msg("error.clock_range", least=MIN_CLOCK, most=MAX_CLOCK))
        if rated:
            if account is None:
                raise ApiError(401, msg("error.rated_create"))
            for i, s in enumerate(seats):
                if s.kind == "bot" and bot_rating(game_id, s.bot) is None:
                    rated_bots = ", ".join(sorted(bot_ratings(game_id)))
                    raise ApiError(422, msg("error.rated_bots", index=i, bots=rated_bots))
            if leave_bot is not None and bot_rating(game_id, leave_bot) is None:
                raise ApiError(422, msg("error.rated_leave_bot"))
            if sum(s.kind == "me" for s in seats) > 1:
                raise ApiError(422, ONE_SEAT)
        if hints and rated:
            raise ApiError(422, msg("error.rated_hints"))
        # A hint is the bots' play: between two people (``me``, ``invite`` and ``open`` seats
        # alike, whoever ends up in them) it would be one player's bot against the other.
        if hints and sum(s.kind != "bot" for s in seats) >= 2:
            raise ApiError(
                422,
                msg("error.hints_humans"),
            )
        if pace not in PACES:
            raise ApiError(
                422, msg("error.pace", pace=pace), f"pace must be live or turn-based, not {pace!r}"
            )
        game = catalog.game_or_422(game_id)
        chosen = options if tutorial else catalog.check_options(game, options)
        try:
            game.check_players(players)
        except InvalidOptions as e:
            raise ApiError(422, msg("error.options", reason=str(e)), str(e)) from None
        if len(seats) != players:
            raise ApiError(422, msg("error.seat_count", players=players, seats=len(seats)))
        if leave_bot is not None:
            leave_bot = catalog.check_bot(leave_bot, game_id, players)
        table_seats: list[Seat] = []
        seat_tokens: dict[str, str] = {}
        invitations: dict[str, str] = {}
        for i, s in enumerate(seats):
            if s.kind == "bot":
                spec = catalog.check_bot(s.bot, game_id, players)
                table_seats.append(Seat(i, "bot", spec, clean_name(s.name, False), True, None))
            elif s.kind in ("me", "invite"):
                if s.bot is not None:
                    raise ApiError(422, msg("error.seat_no_bot", index=i, kind=s.kind))
                secret = tokens.new_token()
                name = clean_name(s.name, False)
                if s.kind == "me":
                    seat_tokens[str(i)] = secret
                    mine = account.id if account is not None else None
                    if name is None and account is not None:
                        name = account.name
                    table_seats.append(
                        Seat(i, "human", None, name, True, tokens.digest(secret), None, mine)
                    )
                else:  # the invited player exchanges it for a token of their own (join)
                    invitations[str(i)] = secret
                    table_seats.append(
                        Seat(i, "human", None, name, False, None, tokens.digest(secret))
                    )
            elif s.kind == "open":
                if s.bot is not None or s.name is not None:
                    raise ApiError(422, msg("error.open_seat_name", index=i))
                table_seats.append(Seat(i, "human", None, None, False, None))
            else:
                raise ApiError(
                    422,
                    msg("error.seat_kind", index=i, kind=s.kind),
                    f"seat {i}: kind must be me, invite, open or bot, not {s.kind!r}",
                )
        host = next((s.seat for s in table_seats if s.token_sha256 is not None), None)
        asked = {k: v for k, v in chosen.items() if k != "deck"}
        setup = Setup(
            listed,
            pace,
            host,
            asked,
            leave_bot,
            rated=rated,
            clock=clock,
            on_timeout=on_timeout,
            on_leave=on_leave,
            hints=not rated and sum(s.kind != "bot" for s in seats) <= 1
            if hints is None
            else hints,
        )
        table = await self.round.start_table(game.id, players, chosen, table_seats, setup)
        return {
            "id": table.id,
            "seats": [s.to_json() for s in table_seats],
            "tokens": seat_tokens,
            "invitations": invitations,
        }
