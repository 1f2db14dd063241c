"""The store's records: what the rest of the server reads and hands back, without SQL.

Plain frozen dataclasses (a seat, a game as stored and its setup, a listed game, a bot
turn, a review, the position a write leaves), the one error a write raises
(:class:`Conflict`) and the few pure helpers they need (``winners``, ``_now``, ``_utc``).
Nothing here imports SQLAlchemy or the models: the game in memory (``table.py``), the
sockets (``hub.py``, ``ws.py``) and the reviews (``reviews.py``) import their records from
here and depend on no code of the persistence behind them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, cast

from zoogames.server.contract import EventKind, SeatInfo
from zoogames.server.contract import TableEvent as TableEventJson


class Conflict(Exception):
    """A write lost a race: another write changed the game first (nothing was written)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table, as stored and as the table holds it (``kind``: human or bot).

    Frozen: a change (joining) replaces the record once the database has it.
    """

    seat: int
    kind: str
    bot: str | None
    name: str | None
    joined: bool
    token_sha256: str | None
    invite_sha256: str | None = None
    account: int | None = None
    """The account the seat follows (``None``: a guest's seat, held by its token alone)."""
    left: bool = False
    """Its player left it to a bot (``leave``): the account stays, for the game's rating."""
    rating: tuple[float, float] | None = None
    """The account's rating (ordinal) before and after this game, once a rated game counted."""

    # What can happen to a seat, each written once: the store writes the columns a change
    # changed (``engine.seat_changes``) and the table holds the new record.

    def named(self, name: str) -> Seat:
        """The seat's holder names it (and has joined)."""
        return replace(self, name=name, joined=True)

    def held(self, token: str, name: str, account: int | None) -> Seat:
        """A player takes the seat: an invitation accepted, or an open seat taken.

        The seat's token is ``token``'s digest; the invitation is spent.
        """
        return replace(
            self, name=name, joined=True, token_sha256=token, invite_sha256=None, account=account
        )

    def to_bot(self, bot: str, label: str | None) -> Seat:
        """A bot plays a seat nobody joined (an invited or an open seat), from the start."""
        return replace(
            self,
            kind="bot",
            bot=bot,
            name=label,
            joined=True,
            token_sha256=None,
            invite_sha256=None,
        )

    def left_to(self, bot: str, label: str) -> Seat:
        """Its player leaves: the bot plays on, the account stays (for the game's rating)."""
        return replace(self, kind="bot", bot=bot, name=label, token_sha256=None, left=True)

    @property
    def open(self) -> bool:
        """An open seat: a human seat nobody holds nor is invited to, which anyone may take."""
        return (
            self.kind == "human"
            and not self.joined
            and self.token_sha256 is None
            and self.invite_sha256 is None
        )

    def to_json(self) -> SeatInfo:
        """The seat as snapshots show it (never its token)."""
        return {
            "seat": self.seat,
            "kind": "bot" if self.kind == "bot" else "human",
            "name": self.name,
            "joined": self.joined,
            "bot": self.bot,
        }


@dataclass(frozen=True, slots=True)
class GameData:
    """One game as stored: its row, its seats and its actions' (notation, seat) in order."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created_at: datetime
    revision: int
    status: str
    seats: list[Seat]
    actions: list[tuple[str, int]]
    deck: dict[str, Any] | None = None
    """The game's own deck (put back into the options to replay it), if it has one."""
    device_tokens: tuple[DeviceToken, ...] = ()
    """The further tokens of its account-bound seats (``device_tokens``)."""
    setup: Setup | None = None
    """How the game was set up beyond its record (``None``: the defaults)."""
    turn_from: datetime | None = None
    """When the turn now running began (the last action, or the last seat filled)."""
    played_at: tuple[datetime, ...] = ()
    """When each action was played: an undo gives the clock back the time its turn began."""
    seats_filled_at: datetime | None = None
    """When the last open seat was filled (no clock runs from before it)."""
    timeouts: int = 0
    """The clock's timeouts in a row (``Table.timeouts``)."""
    events: tuple[TableEvent, ...] = ()
    """What happened to its seats, oldest first (``TableEvent``)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A game's setup beyond its record: its place in the lobby, and what its creator chose."""

    listed: bool = False
    pace: str = "live"
    host: int | None = None
    """The host's seat (the creator's): who may start with bots in open seats."""
    asked: dict[str, Any] | None = None
    """The options as asked for (a rematch asks again); ``None``: unknown (an old game)."""
    leave_bot: str | None = None
    """The bot that plays a leaving player's seat; ``None``: the catalog's first."""
    rematch: str | None = None
    """The id of the game's rematch, if one was made."""
    mutes: frozenset[tuple[int, int]] = frozenset()
    """(seat, muted seat): who no longer sees whose chat messages."""
    rated: bool = False
    """Rated: signed-in players (and rated bots) only; ratings change at the end."""
    clock: int | None = None
    """Seconds a human seat has for each action (``None``: no clock)."""
    on_timeout: str = "bot"
    """On a clock's timeout: ``bot`` (the leave bot plays for the seat) or ``forfeit``."""
    on_leave: str = "bot"
    """When a player leaves: ``bot`` (the leave bot takes the seat) or ``forfeit``."""
    forfeited: int | None = None
    """The seat that forfeited, ending the game (``Round.forfeit``)."""
    hints: bool = False
    """Hints allowed: a seated player may ask for the bots' suggestion on their turn."""


@dataclass(frozen=True, slots=True)
class Listed:
    """One listed game as ``GET /api/lobby`` shows it."""

    id: str
    game: str
    options: dict[str, Any]
    pace: str
    created_at: datetime
    seats: list[Seat]
    rated: bool = False
    hints: bool = False
    """Hints allowed at the table (a player joining sees it before taking a seat)."""
    clock: int | None = None
    """Seconds a human seat has for each action (``None``: no clock: never "live")."""


@dataclass(frozen=True, slots=True)
class DeviceToken:
    """A further token of an account's seat: its SHA-256, the seat, the account."""

    sha256: str
    seat: int
    account: int


@dataclass(frozen=True, slots=True)
class MyGame:
    """One game an account holds a seat in, as ``GET /api/me/games`` lists it."""

    id: str
    game: str
    status: str
    to_move: int | None
    created_at: datetime
    seats: list[Seat]


@dataclass(frozen=True, slots=True)
class BotTurn:
    """Work in the queue of the bot workers (``models.BotTurnRow``): a move or a hint."""

    game_id: str
    seat: int
    revision: int
    spec: str
    attended: bool
    kind: str = "move"

    @property
    def priority(self) -> int:
        """The order workers take work in (:data:`PRIORITY`)."""
        return (
            PRIORITY["move" if self.attended else "unattended"]
            if self.kind == "move"
            else PRIORITY[self.kind]
        )


PRIORITY = {"move": 0, "hint": 1, "unattended": 2, "review": 3}
"""A move of a game with a human seat first, then a hint (a player waits for it), then a
move of a game of bots alone (only watched), then a game's review (``reviews.py``)."""


@dataclass(frozen=True, slots=True)
class ReviewData:
    """A game's review as stored (``models.ReviewRow``)."""

    game_id: str
    iterations: int
    seats: list[int]
    total: int
    done: int
    decisions: list[dict[str, Any]]
    lease_until: datetime | None

    @property
    def finished(self) -> bool:
        """Every decision has been searched."""
        return self.done >= self.total

    def leased(self) -> bool:
        """A process is computing it now (its lease has not run out)."""
        return self.lease_until is not None and _utc(self.lease_until) > _now()


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A chat message as stored.

    ``name`` is the speaker's name when it was said (``None`` in lines from before names
    were kept: the seat's name stands in).
    """

    id: int
    seat: int
    text: str
    at: datetime
    name: str | None = None


EVENT_KINDS = ("joined", "left", "timed_out", "forfeited", "rematch")
"""What can happen to a table's seats, each a system line of its log and chat."""


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Something that happened to a seat, as the log and the chat tell it.

    ``number`` is how many actions had been played when it happened (the log shows it
    after the action before it), ``name`` the seat's player at that moment (``None``: an
    unnamed seat), ``bot`` the level that plays the seat from then on (a player who
    left), ``game`` the other game a rematch made. Events are never changed: who held a
    seat when a move was made or a line was said stays written.
    """

    kind: str
    number: int
    seat: int | None
    name: str | None
    at: datetime
    bot: str | None = None
    game: str | None = None

    def to_json(self) -> TableEventJson:
        """``{kind, number, seat, name, bot, game, at}``."""
        return {
            "kind": cast(EventKind, self.kind),
            "number": self.number,
            "seat": self.seat,
            "name": self.name,
            "bot": self.bot,
            "game": self.game,
            "at": self.at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class Position:
    """What a write leaves cached in the game's row: whose turn it is and how it stands."""

    revision: int
    to_move: int | None
    status: str
    result: dict[str, Any] | None
    timeouts: int | None = None
    """The clock's timeouts in a row after the write (``None``: unchanged)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time: SQLite gives them back without their zone."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def winners(result: dict[str, Any] | None) -> list[int]:
    """The winning seats of a game's result (none before the end)."""
    found = result.get("winners", []) if isinstance(result, dict) else []
    return [int(seat) for seat in found]
