"""A game in memory: its state rebuilt from its record, its seats, its log, its revision.

Everything here is synchronous and changes nothing until :meth:`Table.commit`, which the
service calls only after the database has committed the same change: a refused or failed
request leaves the table as it was.
"""

from __future__ import annotations

import asyncio
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final, cast

from zoogames.core.errors import IllegalAction
from zoogames.core.game import JSON, Action, State, forfeit_result
from zoogames.core.message import Message, msg
from zoogames.core.record import start
from zoogames.core.rng import generator_of
from zoogames.i18n import english
from zoogames.server import contract, tokens
from zoogames.server.errors import ApiError
from zoogames.server.store.records import (
    DeviceToken,
    GameData,
    Position,
    Seat,
    Setup,
    TableEvent,
)

MAX_TIMEOUTS = 3
"""Clock timeouts in a row after which a game's clock stops: its players are gone, and a
fallback bot playing for absent humans must not keep the bot workers busy for nobody."""
WAITS = msg("error.table_waits")
"""The refusal of an action while a seat is open: the table starts when every seat is taken."""
PLAYING: Final = "playing"
OVER: Final = "over"


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the move log: action ``number`` by ``seat`` in plain words.

    ``message`` is the line as a message (``core.message``: an id and its params), which
    each client renders in its reader's language; ``text`` is its English rendering, for
    old clients and the API, naming another seat as ``{n}`` (seat n), which each client
    fills in with the seat's current name; ``action`` is the notation (what the client
    highlights), ``round`` the round it was played in (``None`` in a game without
    rounds). ``reveals`` says the action showed something hidden: an undo never goes back
    past it.
    """

    number: int
    seat: int
    text: str
    reveals: bool
    action: str = ""
    round: int | None = None
    message: Message | None = None

    @classmethod
    def of(cls, state: State, number: int, seat: int, action: Action) -> Entry:
        """The entry of ``action`` by ``seat``, from ``state`` before the action."""
        names = [f"{{{i}}}" for i in range(state.players)]
        played_in = getattr(state, "round", None)
        message = state.describe(action, seat)
        return cls(
            number,
            seat,
            english(message, names),
            state.reveals(action),
            str(action),
            played_in if isinstance(played_in, int) else None,
            message,
        )

    def to_json(self) -> contract.LogEntry:
        """``{number, seat, text, message, action, round}``."""
        message = (
            self.message if self.message is not None else msg("log.notation", action=self.action)
        )
        return {
            "number": self.number,
            "seat": self.seat,
            "text": self.text,
            "message": cast(contract.Message, message.to_json()),
            "action": self.action,
            "round": self.round,
        }


@dataclass(frozen=True, slots=True)
class Planned:
    """A checked change, not yet applied: the state after it and the log after it."""

    state: State
    log: list[Entry]
    revision: int

    def position(self) -> Position:
        """What the database caches of the position after the change."""
        return position_of(self.state, self.revision)


def position_of(state: State, revision: int) -> Position:
    """Whose turn, status and result of ``state``, at ``revision``."""
    over = state.is_terminal
    return Position(
        revision=revision,
        to_move=state.to_move,
        status=OVER if over else PLAYING,
        result=state.result().to_json() if over else None,
    )


def start_record(game: str, options: dict[str, Any], seed: int) -> dict[str, JSON]:
    """The record of a game before its first action (naming the seed's generator)."""
    return {
        "game": game,
        "options": options,
        "seed": seed,
        "generator": generator_of(seed),
        "actions": [],
    }


def replay_log(state: State, moves: list[tuple[str, int]]) -> list[Entry]:
    """Play ``moves`` (notation, seat) on ``state``, returning their log entries."""
    log: list[Entry] = []
    for number, (text, seat) in enumerate(moves):
        action = state.game.parse_action(text)
        log.append(Entry.of(state, number, seat, action))
        state.apply(action)
    return log


def described_steps(state: State, seat: int, actions: list[str]) -> list[dict[str, JSON]]:
    """``actions`` (a hint's turn, from ``state``) in words: each ``{action, message}``.

    Stops at the first action that is not legal in ``state`` as it unfolds, and after the
    first that reveals something (a draw): what follows was searched on a guess of the
    hidden tiles, and describing it on the real state would name what nobody has seen.
    """
    state = state.clone()
    steps: list[dict[str, JSON]] = []
    for text in actions:
        try:
            action = state.game.parse_action(text)
        except IllegalAction:
            break
        if state.check(action) is not None:
            break
        steps.append({"action": text, "message": state.describe(action, seat).to_json()})
        if state.reveals(action):
            break
        state.apply(action)
    return steps


def described_alternatives(state: State, seat: int, alternatives: JSON) -> list[JSON]:
    """A hint's alternatives (``[{action, visits, value}]``), each with its ``message``.

    They are the first step's alternatives, all legal now: each is described on the real
    position (what any seat would read in the log once played). One that is not (a stale
    answer) is left out.
    """
    out: list[JSON] = []
    for alt in alternatives if isinstance(alternatives, list) else []:
        if not isinstance(alt, dict):
            continue
        try:
            action = state.game.parse_action(str(alt.get("action")))
        except IllegalAction:
            continue
        if state.check(action) is None:
            out.append({**alt, "message": state.describe(action, seat).to_json()})
    return out


class Table:
    """One game being played (see the module docstring)."""

    def __init__(
        self,
        game_id: str,
        options: dict[str, Any],
        seed: int,
        created_at: datetime,
        revision: int,
        seats: list[Seat],
        state: State,
        log: list[Entry],
    ) -> None:
        self.id = game_id
        self.options = options
        self.seed = seed
        self.created_at = created_at
        self.revision = revision
        self.seats = seats
        self.state = state
        self.log = log
        self.lock = asyncio.Lock()
        self.thinking: int | None = None
        self.bot_task: asyncio.Task[None] | None = None
        self.played_at: list[datetime] = []
        """When each action of the log was played (``commit`` keeps it in step)."""
        self.seats_filled_at = created_at
        """When the last open seat was filled: no clock runs from before it."""
        self.timed_out: int | None = None
        """The last revision whose clock ran out (``Clocks._timeout``): its timeout is
        handled once, however often the clock is armed again."""
        self.timeouts = 0
        self.notified: int | None = state.to_move
        """The seat last told it is its turn (``Notifications.turn_passed``): once per turn, and
        never for the turn a game was loaded in (a restart does not notify again)."""
        """Clock timeouts in a row: past a few, nobody is playing and the clock stops."""
        self.setup = Setup()
        """The lobby's settings, the creator's choices, mutes, the rematch (``store.Setup``)."""
        self.hint: tuple[tuple[int, int], dict[str, JSON]] | None = None
        """The last hint found, by (seat, revision) (``Hints.hint``): asked again, it is
        not searched again."""
        self.device_tokens: dict[str, DeviceToken] = {}
        """Further tokens of account-bound seats (``GET /api/me/games/{id}/tokens``), by
        their SHA-256."""
        self.events: list[TableEvent] = []
        """What happened to the seats, oldest first (``store.TableEvent``): the log's and
        the chat's system lines, and who held a seat when each move was made."""

    @classmethod
    def rebuild(cls, data: GameData) -> Table:
        """The table of a stored game, its state rebuilt by replaying its actions.

        Raises ``InvalidRecord`` or ``IllegalAction`` if the stored record does not replay
        (a database edited by hand, or an engine that changed its rules).
        """
        options = data.options if data.deck is None else {**data.options, "deck": data.deck}
        state = start(start_record(data.game, options, data.seed))
        log = replay_log(state, data.actions)
        seats = list(data.seats)
        table = cls(data.id, options, data.seed, data.created_at, data.revision, seats, state, log)
        table.device_tokens = {d.sha256: d for d in data.device_tokens}
        table.setup = data.setup or Setup()
        table.played_at = list(data.played_at)
        table.seats_filled_at = data.seats_filled_at or data.created_at
        table.timeouts = data.timeouts
        table.events = list(data.events)
        return table

    # ----- reading ---------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The catalog game id."""
        return self.state.game.id

    @property
    def number(self) -> int:
        """How many actions have been played."""
        return len(self.log)

    @property
    def own_deck(self) -> bool:
        """True if the game was started with a deck of its own (Aquarium Designer)."""
        return "deck" in self.options

    @property
    def all_bots(self) -> bool:
        """True if no seat is or was a human's (such a game is played only while watched).

        A game whose players all left is not: it is played out, so that it ends (and is
        rated) like any game of people.
        """
        return all(s.kind == "bot" and not s.left for s in self.seats)

    @property
    def unattended(self) -> bool:
        """True if no person plays at the table now: its bots think the short time."""
        return all(s.kind == "bot" for s in self.seats)

    @property
    def turn_from(self) -> datetime:
        """When the action now awaited began to be awaited: the clock runs from here.

        The time of the last action still in the log, so an undo gives the clock back the
        moment the undone action's turn began, never a fresh start: taking an action back
        and playing again cannot reset a clock.
        """
        last = self.played_at[-1] if self.played_at else self.seats_filled_at
        return max(last, self.seats_filled_at)

    def deadline(self) -> datetime | None:
        """When the seat to move runs out of time (``None``: no clock runs now).

        A clock runs for a human seat to move in a game in play with no open seat, until
        nobody has played for :data:`MAX_TIMEOUTS` timeouts in a row.
        """
        seat = self.state.to_move
        if (
            self.setup.clock is None
            or seat is None
            or self.over
            or self.seats[seat].kind != "human"
            or self.open_seats
            or self.timeouts >= MAX_TIMEOUTS
        ):
            return None
        return self.turn_from + timedelta(seconds=self.setup.clock)

    @property
    def open_seats(self) -> list[int]:
        """The seats still open (anyone may take them): the game waits until none is."""
        return [s.seat for s in self.seats if s.open]

    @property
    def over(self) -> bool:
        """True once the game is over: played to its end, or forfeited by a seat."""
        return self.state.is_terminal or self.setup.forfeited is not None

    def result(self) -> dict[str, JSON] | None:
        """The result, JSON-ready, once the game is over (``None`` before).

        A forfeited game's is scored from the position where it stopped
        (``core.game.forfeit_result``): the forfeiting seat last, ``forfeited`` naming it.
        """
        if self.setup.forfeited is not None:
            return forfeit_result(self.state, self.setup.forfeited)
        return self.state.result().to_json() if self.state.is_terminal else None

    def shown_result(self) -> contract.GameResult | None:
        """The result as snapshots show it, with each account's rating change.

        The changes come once a rated game counted; the record keeps the result alone.
        """
        found = self.result()
        if found is None:
            return None
        result = cast(contract.GameResult, found)  # (``Result.to_json``: the engine's form)
        if any(s.rating is not None for s in self.seats):
            result["ratings"] = [
                None if s.rating is None else {"before": s.rating[0], "after": s.rating[1]}
                for s in self.seats
            ]
        return result

    def record(self) -> dict[str, JSON]:
        """The game's record; a forfeited game's has ``forfeited`` beside its actions."""
        record = self.state.record()
        if self.setup.forfeited is not None:
            record["result"] = self.result()
            record["forfeited"] = self.setup.forfeited
        return record

    def identify(self, token: str | None) -> tuple[int | None, int | None]:
        """Who a token is: ``(seat, None)`` for a seat's token, ``(None, seat)`` for an invitation.

        ``(None, None)`` without a token (a spectator); 403 for any other token.
        """
        if token is None:
            return None, None
        digest = tokens.digest(token)
        seat = invited = None
        for s in self.seats:  # every seat compared, in constant time each
            if s.token_sha256 is not None and hmac.compare_digest(digest, s.token_sha256):
                seat = s.seat
            if s.invite_sha256 is not None and hmac.compare_digest(digest, s.invite_sha256):
                invited = s.seat
        device = self.device_tokens.get(digest)  # a dictionary of digests: nothing to time
        if (
            seat is None
            and invited is None
            and device is not None
            and self.seats[device.seat].account == device.account  # still that account's
            and self.seats[device.seat].kind == "human"  # (not a seat left to a bot)
        ):
            seat = device.seat
        if seat is None and invited is None:
            raise ApiError(403, msg("error.bad_token"))
        return seat, invited

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` acts for; ``None`` for no token (a spectator).

        403 for any other token, and for an invitation not yet accepted.
        """
        seat, invited = self.identify(token)
        if invited is not None:
            raise ApiError(
                403,
                msg("error.invitation_join"),
            )
        return seat

    def can_undo(self, seat: int | None) -> bool:
        """True if ``seat`` may take back its last action now (see docs/api.md, Undo)."""
        if seat is None or self.over or not self.log:
            return False
        last = self.log[-1]
        return last.seat == seat and not last.reveals and self.seats[seat].kind == "human"

    def snapshot(
        self, seat: int | None, log_from: int = 0, invited: int | None = None
    ) -> contract.Snapshot:
        """What ``seat`` (``None``: a spectator) is shown, with the log from ``log_from``.

        ``invited`` names the seat of an invitation shown to its holder (as a spectator).
        """
        over = self.over
        return {
            "id": self.id,
            "game": self.game,
            "status": OVER if over else PLAYING,
            "number": self.number,
            "seats": [s.to_json() for s in self.seats],
            "you": seat,
            "view": self.state.view(seat),
            "log_from": log_from,
            "log": [self.entry_json(e) for e in self.log[log_from:]],
            "events": [e.to_json() for e in self.events],
            "can_undo": self.can_undo(seat),
            "thinking": self.thinking,
            "result": self.shown_result(),
            "forfeited": self.setup.forfeited,
            "on_timeout": cast(contract.OnChoice, self.setup.on_timeout),
            "on_leave": cast(contract.OnChoice, self.setup.on_leave),
            "invited": invited,
            "open_seats": self.open_seats,
            "rematch": self.setup.rematch,
            "deadline": deadline.isoformat() if (deadline := self.deadline()) else None,
            "hints": self.setup.hints,
        }

    def held_by(self, seat: int, number: int) -> tuple[bool, str | None]:
        """Whether ``seat`` was someone else's when action ``number`` was made, and who.

        A seat whose player left is played by a bot from then on; the moves before stay
        the player's (the name the event ``left`` kept). ``(False, None)``: the seat's
        holder then is its holder now.
        """
        for event in self.events:
            if event.kind == "left" and event.seat == seat and event.number > number:
                return True, event.name
        return False, None

    def entry_json(self, entry: Entry) -> contract.LogEntry:
        """A log entry as sent: ``Entry.to_json``, and who made it where it matters.

        ``by`` is the name of the player who made it, where the seat has changed hands
        since (``None``: an unnamed seat).
        """
        data = entry.to_json()
        other, name = self.held_by(entry.seat, entry.number)
        if other:
            data["by"] = name
        return data

    def chat_name(self, seat: int, stored: str | None, at: datetime) -> str | None:
        """Who said a chat line by ``seat`` at ``at``.

        The name kept with it, else (a line from before names were kept) the name of
        the seat's holder at ``at``.
        """
        if stored is not None:
            return stored
        for event in self.events:
            if event.kind == "left" and event.seat == seat and event.at > at:
                return event.name
        return self.seats[seat].name

    def position(self) -> Position:
        """What the database caches of the current position."""
        return position_of(self.state, self.revision)

    # ----- changing --------------------------------------------------------------------

    def plan_action(self, seat: int, text: str, number: int) -> Planned:
        """Check ``text`` played by ``seat`` now; the change, or the ApiError refusing it."""
        if self.over:
            raise ApiError(409, msg("error.over"))
        if number != self.number:
            moved_on = msg("error.moved_on", count=self.number, number=number)
            raise ApiError(409, moved_on)  # '1 action played', '2 actions'

        if self.state.to_move != seat:
            raise ApiError(409, msg("error.not_your_turn"))
        if self.open_seats:
            raise ApiError(409, WAITS)
        try:
            action: Action = self.state.game.parse_action(text)
        except IllegalAction as e:
            raise ApiError(
                422,
                msg("error.not_action", action=text, reason=str(e)),
                f"{text!r} is not an action: {e}",
            ) from None
        reason = self.state.check(action)
        if reason is not None:
            raise ApiError(
                422,
                msg("error.illegal", action=text),
                f"{text!r} is not legal now: {reason}",
            )
        entry = Entry.of(self.state, self.number, seat, action)
        after = self.state.clone()
        after.apply(action)
        return Planned(after, [*self.log, entry], self.revision + 1)

    def plan_undo(self, seat: int) -> Planned:
        """Take back ``seat``'s last action; the change, or the ApiError refusing it."""
        if not self.can_undo(seat):
            if self.over:
                raise ApiError(
                    409,
                    msg("error.over_undo"),
                )
            raise ApiError(
                409,
                msg("error.no_undo"),
            )
        return Planned(self.replayed(self.number - 1), self.log[:-1], self.revision + 1)

    def replayed(self, number: int) -> State:
        """The state after the first ``number`` actions, rebuilt from the start."""
        state = start(start_record(self.game, self.options, self.seed))
        for action in self.state.history[:number]:
            state.apply(action)
        return state

    def commit(self, planned: Planned) -> None:
        """Make a planned change the table's state (after the database committed it)."""
        self.state = planned.state
        self.log = planned.log
        self.revision = planned.revision
        kept = self.played_at[: len(planned.log)]
        self.played_at = kept + [datetime.now(UTC)] * (len(planned.log) - len(kept))

    def replay(self, number: int) -> contract.ReplayStep:
        """The spectator's view after the first ``number`` actions, and their log."""
        return {
            "number": number,
            "view": self.replayed(number).view(None),
            "log": [self.entry_json(e) for e in self.log[:number]],
        }
