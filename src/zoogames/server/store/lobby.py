"""The lobby: open seats taken by players or filled with bots, and the listed games.

Taking an open seat is a guarded update (the row changes only while the seat is still
open), so of two players racing for one seat exactly one gets it.
"""

from __future__ import annotations

from sqlalchemy import select, update

from zoogames.server.models import GameRow, SeatRow
from zoogames.server.store.engine import StoreBase, _seat, seat_changes
from zoogames.server.store.events import write_event
from zoogames.server.store.records import Conflict, Listed, Seat, TableEvent, _now, _utc

_OPEN = (
    SeatRow.kind == "human",
    SeatRow.joined == False,  # noqa: E712  (SQL, not Python)
    SeatRow.token_sha256.is_(None),
    SeatRow.invite_sha256.is_(None),
)
"""The guard of an open seat: a human seat nobody holds nor is invited to (``Seat.open``)."""


class LobbyStore(StoreBase):
    """Open seats and listed games (``GET /api/lobby``)."""

    def take_open_seat(self, game_id: str, before: Seat, after: Seat) -> TableEvent:
        """Give an open seat to a player (``Seat.held``).

        The database's guard against two joiners racing for one seat: the row changes only
        while the seat is still open, so exactly one of them gets it; the other gets
        :class:`Conflict` and nothing changes. Answers the event ``joined``.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == before.seat, *_OPEN)
                .values(seat_changes(before, after))
            )
            if done.rowcount != 1:
                raise Conflict
            # (the clock of the first turn runs from the last seat filled, not the creation)
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(turn_from=_now()))
            return write_event(conn, game_id, "joined", after.seat, name=after.name, named=True)

    def fill_open_seats(self, game_id: str, changes: list[tuple[Seat, Seat]]) -> None:
        """Give open seats to a bot: each ``(before, after)`` (``Seat.to_bot``).

        :class:`Conflict` (and nothing changes) if one of them is no longer open.
        """
        with self.engine.begin() as conn:
            for before, after in changes:
                done = conn.execute(
                    update(SeatRow)
                    .where(SeatRow.game_id == game_id, SeatRow.seat == before.seat, *_OPEN)
                    .values(seat_changes(before, after))
                )
                if done.rowcount != 1:
                    raise Conflict  # leaving the block by an exception rolls it back
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(turn_from=_now()))

    def listed_games(self, limit: int) -> list[Listed]:
        """The newest ``limit`` listed games in play, with their seats."""
        with self.engine.connect() as conn:
            games = conn.execute(
                select(
                    GameRow.id,
                    GameRow.game,
                    GameRow.options,
                    GameRow.pace,
                    GameRow.created_at,
                    GameRow.rated,
                    GameRow.hints,
                    GameRow.clock,
                )
                .where(GameRow.listed == True, GameRow.status == "playing")  # noqa: E712
                .order_by(GameRow.created_at.desc())
                .limit(limit)
            ).all()
            seats: dict[str, list[Seat]] = {g.id: [] for g in games}
            if seats:
                for row in conn.execute(
                    select(SeatRow).where(SeatRow.game_id.in_(list(seats))).order_by(SeatRow.seat)
                ):
                    seats[row.game_id].append(_seat(row))
        return [
            Listed(
                g.id,
                g.game,
                g.options,
                g.pace,
                _utc(g.created_at),
                seats[g.id],
                g.rated,
                g.hints,
                g.clock,
            )
            for g in games
        ]
