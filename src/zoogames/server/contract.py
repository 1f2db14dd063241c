"""The API's answers, declared once: what the server sends and the client reads.

Each HTTP answer and socket message of ``docs/api.md`` is a ``TypedDict`` here. The
client's types are generated from these (``web/src/api/api.gen.ts``, by ``make views``
through ``scripts/gen_views.py``, as the games' views are), so the two cannot drift
apart: ``tests/test_view_types.py`` fails when the generated file is stale, and
``tests/server/test_contract.py`` checks real answers of a real server against these
declarations strictly, key for key.

A game's ``view`` is the engine's own typed view (``zoogames.games.view_types``, generated
into ``views.gen.ts``): here it is declared as that type by name (``ts_type``), not
copied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import WithJsonSchema

# typing_extensions: pydantic reads TypedDicts from it before Python 3.12 (make views)
from typing_extensions import TypedDict


def ts_type(name: str) -> WithJsonSchema:
    """Declare a key as the TypeScript type ``name`` (json-schema-to-typescript's ``tsType``)."""
    return WithJsonSchema({"tsType": name})


GameViewJson = Annotated[Mapping[str, Any], ts_type("GameView")]
"""A game's view (``State.view``), typed per game in ``views.gen.ts``."""

MessageParams = Annotated[
    dict[str, Any], ts_type("Record<string, string | number | { seat: number } | Message>")
]
"""A message's params: text, numbers, a seat (``{"seat": n}``) or a nested message."""


class Message(TypedDict):
    """A catalogue id with its params (docs/i18n.md): a line in any language."""

    id: str
    params: MessageParams


class SeatInfo(TypedDict):
    """A seat as snapshots show it (never its token)."""

    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    """The player's name, the bot's label, or null: an unnamed seat."""
    joined: bool
    bot: str | None
    """The bot's spec (a level or ``mcts:seconds=2``), or null for a person."""


class LogEntry(TypedDict):
    """One line of the move log: action ``number`` by ``seat``."""

    number: int
    seat: int
    text: str
    """The English phrase, another seat as ``{n}`` (the client fills in its name)."""
    message: Message
    """The line as a message, rendered in the reader's language."""
    action: str
    """The action's notation (what the client highlights)."""
    round: int | None
    """The round it was played in; null in a game without rounds."""
    by: NotRequired[str | None]
    """Present where the seat has changed hands since: the player who made it (null: an
    unnamed seat)."""


EventKind = Literal["joined", "left", "timed_out", "forfeited", "rematch"]
"""What can happen to a seat (``store.records.EVENT_KINDS``)."""


class TableEvent(TypedDict):
    """Something that happened to a seat: a system line of the log and the chat."""

    kind: EventKind
    number: int
    """How many actions had been played: the log shows it after the action before."""
    seat: int | None
    name: str | None
    """The seat's player at that moment; null: an unnamed seat."""
    bot: str | None
    """The bot that plays the seat from then on (left) or played the move (timed_out)."""
    game: str | None
    """The other game (a rematch)."""
    at: str
    """When (ISO 8601, UTC)."""


class RatingChange(TypedDict):
    """An account's rating (its ordinal) before and after a rated game."""

    before: float
    after: float


class GameResult(TypedDict):
    """A finished game's outcome (``Result.to_json``)."""

    winners: list[int]
    scores: list[int]
    coins: NotRequired[list[int]]
    """The tie-break's counts, in a game whose tie-break is coins (the truck games)."""
    animals: NotRequired[list[int]]
    """The tie-break's counts, in a game whose tie-break is animals (Aquarium Designer)."""
    forfeited: NotRequired[int]
    """The seat that forfeited (out of time, or it left), ranked last."""
    ratings: NotRequired[list[RatingChange | None]]
    """A rated game, once it counted: each account's rating change (null: a bot, a guest,
    or an account that played several seats)."""


OnChoice = Literal["bot", "forfeit"]
"""What a timeout or a leaving player does: the fallback bot plays, or the seat forfeits."""


class Snapshot(TypedDict):
    """``GET /api/games/{id}`` and every socket ``state``: what one seat is shown."""

    id: str
    game: str
    status: Literal["playing", "over"]
    number: int
    """How many actions have been played."""
    seats: list[SeatInfo]
    you: int | None
    """The seat the token acts for; null for a spectator."""
    view: GameViewJson
    log_from: int
    """Where ``log`` starts: a client replaces its log from that number on."""
    log: list[LogEntry]
    events: list[TableEvent]
    """What happened to the seats, oldest first."""
    can_undo: bool
    thinking: int | None
    """The seat of a bot now choosing its action, or null."""
    result: GameResult | None
    forfeited: int | None
    on_timeout: OnChoice
    on_leave: OnChoice
    invited: int | None
    """The seat of the invitation the page holds (it joins to play), else null."""
    open_seats: list[int]
    """The seats anyone may still take: the table waits while there is one."""
    rematch: str | None
    """The rematch's game id once someone asked for it."""
    deadline: str | None
    """When the seat to move runs out of time (ISO 8601, UTC); null: no clock runs."""
    hints: bool
    """A seated player may ask for a hint on their turn."""


class Joined(Snapshot):
    """Joining a seat: its snapshot, and its token when an invitation or open seat was taken."""

    token: NotRequired[str]
    """The seat's token, shown only here (an invitation is exchanged for it)."""


class ReplayStep(TypedDict):
    """``GET /api/games/{id}/replay/{n}``: the spectator's view after ``number`` actions."""

    number: int
    view: GameViewJson
    log: list[LogEntry]


class ChatMessage(TypedDict):
    """A chat line as pushed and as ``GET …/chat`` lists it (``text`` is text, not markup)."""

    type: Literal["chat"]
    id: int
    seat: int
    name: str | None
    """The speaker's name when they said it."""
    text: str
    at: str


class Me(TypedDict):
    """The signed-in player (sign-up, sign-in, ``GET /api/me``)."""

    name: str


class ErrorBody(TypedDict):
    """Every refusal: the English sentence, and the message for other languages."""

    detail: str
    message: NotRequired[Message]


class OptionGroup(TypedDict):
    """A group of names a ``subset`` option picks from: ``count[players]`` of them."""

    label: str
    label_id: str
    """The label's catalogue id (``game.aquaretto``); "" when there is no label."""
    names: list[str]
    count: dict[str, int]


class OptionSpec(TypedDict):
    """One option of a game, as the catalog describes it (``Game.option_specs()``)."""

    name: str
    kind: Literal["bool", "seat", "subset", "json"]
    label: str
    description: str
    default: Any
    """Null: the game draws it from its seed (or uses its standard setup)."""
    groups: list[OptionGroup]
    players: list[int]
    """The player counts the option makes sense for; empty: every count."""


class CatalogGame(TypedDict):
    """A game of ``GET /api/catalog``."""

    id: str
    name: str
    min_players: int
    max_players: int
    two_player_rules: bool
    """Two players play by rules of their own (the truck games' trucks of 3, 2 and 1)."""
    options: list[OptionSpec]


class BotSpec(TypedDict):
    """A bot of ``GET /api/catalog``."""

    spec: str
    label: str
    level: str
    """The label's catalogue id (``level.greedy``)."""
    named: bool
    """One of the named levels: the form lists them first."""
    games: dict[str, list[int]]
    """The games it plays, each with its numbers of players (``master`` only where its
    learned evaluation was measured above ``expert``, docs/bots.md)."""
    rated_in: list[str]
    """The games in which it has a fixed public rating, so that a rated game may seat it."""


class Catalog(TypedDict):
    """``GET /api/catalog``: the games, their options, the bots."""

    games: list[CatalogGame]
    bots: list[BotSpec]


class Created(TypedDict):
    """``POST /api/games`` and a rematch: the new game and the seats' secrets."""

    id: str
    seats: list[SeatInfo]
    tokens: dict[str, str]
    """A token for each "me" seat, by seat number."""
    invitations: dict[str, str]
    """An invitation for each invited seat (joining exchanges it for a token)."""


class HintStep(TypedDict):
    """One step of a hint in words."""

    action: str
    message: Message


class HintAlternative(TypedDict):
    """An action the search considered at a hint's first step."""

    action: str
    visits: int
    value: float
    message: NotRequired[Message]


class Hint(TypedDict):
    """``POST /api/games/{id}/hint``: the bots' suggestion for a seat's turn."""

    number: int
    """The position it is for (the number of actions played then)."""
    seat: int
    actions: list[str]
    """The whole turn the search suggests, as notations; the first is legal now."""
    steps: NotRequired[list[HintStep]]
    """The steps in words, up to the first that reveals something."""
    value: NotRequired[float | None]
    """The search's estimate for the suggestion in [0, 1]; null with nothing to choose."""
    alternatives: NotRequired[list[HintAlternative]]
    """The actions the search considered at the first step, the most visited first."""
    iterations: NotRequired[int]
    """The search's iterations."""


class ReviewDecision(TypedDict):
    """One decision of a reviewed game."""

    number: int
    seat: int
    played: str
    preferred: str
    loss: float | None
    """What the played action lost against the preferred one, in [0, 1]; null: unrated."""
    values: list[float | None]
    """Each seat's estimate of the position before the decision."""
    played_message: Message
    preferred_message: Message


class Review(TypedDict):
    """``GET /api/games/{id}/review``: never asked, being computed, or done."""

    status: Literal["none", "computing", "done"]
    done: NotRequired[int]
    total: NotRequired[int]
    iterations: NotRequired[int]
    seats: NotRequired[list[int]]
    """The seats whose decisions are reviewed."""
    decisions: NotRequired[list[ReviewDecision]]
    turning_points: NotRequired[list[int]]
    """The numbers of the costliest decisions, costliest first."""


class TableSeat(SeatInfo):
    """A seat of a lobby table: ``open`` if anyone may take it."""

    open: bool


class ListedTable(TypedDict):
    """A listed table (``GET /api/lobby``)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    pace: Literal["live", "turn-based"]
    clock: int | None
    """Seconds a seat has for each move; null: no clock (a "live" table without one is untimed)."""
    rated: bool
    hints: bool
    seats: list[TableSeat]
    free: int
    created_at: str


class Lobby(TypedDict):
    """``GET /api/lobby``: tables with open seats, and games in play to watch."""

    open: list[ListedTable]
    playing: list[ListedTable]


class MyGame(TypedDict):
    """One game of the signed-in account (``GET /api/me/games``)."""

    id: str
    game: str
    status: Literal["playing", "over"]
    to_move: int | None
    your_turn: bool
    you: list[int]
    seats: list[TableSeat]
    created_at: str


class MyGames(TypedDict):
    """``GET /api/me/games``."""

    games: list[MyGame]


class ChatLog(TypedDict):
    """``GET /api/games/{id}/chat``: the last lines, and the seats the asker muted."""

    messages: list[ChatMessage]
    muted: list[int]


class Rating(TypedDict):
    """An OpenSkill rating as the API shows it."""

    mu: float
    sigma: float
    ordinal: float


class AccountRating(Rating):
    """A player's rating at one game, with the games it counts."""

    games: int


class PlayedWon(TypedDict):
    """A profile's count of one game."""

    played: int
    won: int


class RecentGame(TypedDict):
    """A game of a profile's page."""

    id: str
    game: str
    status: Literal["playing", "over"]
    seat: int
    won: bool | None
    """Null while the game is played."""
    rated: bool
    created_at: str
    replay: str | None
    record: str | None


class Profile(TypedDict):
    """``GET /api/players/{name}``: counts, ratings and a page of games."""

    name: str
    games: dict[str, PlayedWon]
    ratings: dict[str, AccountRating]
    recent: list[RecentGame]
    more: str | None
    """The ``created_at`` to ask the next (older) page with; null on the last page."""


class LeaderboardPlayer(AccountRating):
    """A player of a leaderboard."""

    name: str


class LeaderboardBot(Rating):
    """A bot of a leaderboard, with its fixed public rating."""

    bot: str
    label: str


class Leaderboard(TypedDict):
    """``GET /api/leaderboard/{game}``."""

    game: str
    players: list[LeaderboardPlayer]
    bots: list[LeaderboardBot]


class NotifySettings(TypedDict):
    """``GET /api/me/notify``: what the account turned on."""

    push: int
    """Push subscriptions the account has (its browsers)."""
    email: str | None
    """The confirmed address "your turn" e-mails go to, or null."""
    email_pending: str | None
    """An address waiting for its owner to open the link sent to it, or null."""
    email_available: bool
    """Whether this server sends e-mail at all."""


ANSWERS: tuple[type, ...] = (
    Snapshot,
    Joined,
    ReplayStep,
    Created,
    Catalog,
    Hint,
    Review,
    Lobby,
    MyGames,
    ChatLog,
    ChatMessage,
    Profile,
    Leaderboard,
    NotifySettings,
    Me,
    ErrorBody,
)
"""The answers the client's types are generated from (``scripts/gen_views.py``)."""
