"""Games put straight into a test server's database at a chosen position.

A seeded game and the actions seeded greedy bots chose in it, written by the server's own
store as if they had been played (the server rebuilds the game from this record when a
page asks for it). A test then opens the page at that position without clicking its way
there or waiting for bots: fast, and the same position every run (the screenshots rely
on it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tests.e2e.server import Server
from zoogames import bots, games
from zoogames.bots import Bot
from zoogames.core.game import Action, State
from zoogames.server import tokens
from zoogames.server.store import Seat, Store, open_engine
from zoogames.server.table import position_of

NAMES = ["Anna", "Ben", "Chloé", "Dev", "Emil"]
"""The names of the human seats, in seat order."""


class Builder:
    """A greedy bot that buys every expansion board it may (greedy bots never do): a record
    whose boards show them."""

    def __init__(self, game: str, seed: int) -> None:
        self.greedy = bots.make("greedy", seed=seed, game=game)

    def choose(self, state: State) -> Action:
        """An expansion if one may be bought, else the greedy bot's choice."""
        expand = [a for a in state.legal_actions() if str(a).startswith("expand")]
        return expand[0] if expand else self.greedy.choose(state)


def player(spec: str, game: str, seed: int) -> Builder | Bot:
    """The bot of ``spec`` for a record: a registered bot's spec, or ``builder``."""
    return Builder(game, seed) if spec == "builder" else bots.make(spec, seed=seed, game=game)


@dataclass
class StoredGame:
    """A game in the server's database, and the tokens of its human seats."""

    id: str
    tokens: dict[int, str] = field(default_factory=dict)
    state: State | None = None

    def link(self, server: Server, seat: int | None = 0) -> str:
        """The page of the game for ``seat`` (its token in the fragment), or a spectator's."""
        url = f"{server.url}/play/{self.id}"
        return url if seat is None else f"{url}#token={self.tokens[seat]}"


def to_move(seat: int) -> Callable[[State], bool]:
    """A position where ``seat`` is to move (for ``store_game``'s ``until``)."""
    return lambda state: state.to_move == seat


def store_game(
    server: Server,
    game: str,
    seats: list[str],
    seed: int,
    moves: int,
    until: Callable[[State], bool] | None = None,
    options: dict[str, object] | None = None,
    players_as: list[str] | None = None,
) -> StoredGame:
    """A ``game`` on ``server`` after ``moves`` actions of greedy bots (fewer if it ends).

    ``seats`` are "me" (a joined human seat with a token, named from ``NAMES``) or a bot
    spec (which the server then plays). After ``moves`` the bots go on until ``until``
    holds of the state, if given (e.g. "seat 0 is to move"). ``players_as`` names the bot
    that chooses each seat's actions of the record instead of ``greedy`` (``builder`` buys
    every expansion it may). Deterministic for a seed.
    """
    state = games.get(game).new_game(players=len(seats), seed=seed, **(options or {}))
    options_stored = dict(state.options)
    specs = players_as or ["greedy"] * len(seats)
    players = [player(spec, game, seed + i) for i, spec in enumerate(specs)]
    played: list[tuple[str, int]] = []
    while not state.is_terminal and (len(played) < moves or (until and not until(state))):
        seat = state.to_move
        assert seat is not None
        action = players[seat].choose(state)
        state.apply(action)
        played.append((str(action), seat))

    stored = StoredGame(id=tokens.new_game_id())
    seat_rows = []
    for i, kind in enumerate(seats):
        if kind == "me":
            stored.tokens[i] = tokens.new_token()
            digest = tokens.digest(stored.tokens[i])
            seat_rows.append(Seat(i, "human", None, NAMES[i], True, digest))
        else:
            seat_rows.append(Seat(i, "bot", kind, None, True, None))
    # The record is replayed from the start to write each action with its position, as
    # the server does when the actions are played.
    replay = games.get(game).new_game(players=len(seats), seed=seed, **(options or {}))
    engine = open_engine(f"sqlite:///{server.db}")
    try:
        store = Store(engine)
        store.create_game(stored.id, game, options_stored, seed, seat_rows, position_of(replay, 0))
        for number, (notation, seat) in enumerate(played):
            replay.apply(notation)
            store.add_action(
                stored.id, number, notation, seat, number, position_of(replay, number + 1)
            )
    finally:
        engine.dispose()
    stored.state = state
    return stored
