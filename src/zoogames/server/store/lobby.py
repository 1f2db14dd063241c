"""The lobby: open seats taken by players or filled with bots, and the listed games.

Taking an open seat is a guarded update (the row changes only while the seat is still
open), so of two players racing for one seat exactly one gets it.
"""

from __future__ import annotations

from sqlalchemy import select, update

from zoogames.server.models import GameRow, SeatRow
from zoogames.server.store.engine import StoreBase, _seat
from zoogames.server.store.events import write_event
from zoogames.server.store.records import Conflict, Listed, Seat, TableEvent, _now, _utc


class LobbyStore(StoreBase):
    """Open seats and listed games (``GET /api/lobby``)."""

    def take_open_seat(
        self, game_id: str, seat: int, token: str, name: str, account: int | None
    ) -> TableEvent:
        """Give an open seat to a player (its token's digest ``token``).

        The database's guard against two joiners racing for one seat: the row changes only
        while the seat is still open, so exactly one of them gets it; the other gets
        :class:`Conflict` and nothing changes. Answers the event ``joined``.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.joined == False,  # noqa: E712  (SQL, not Python)
                    SeatRow.token_sha256.is_(None),
                    SeatRow.invite_sha256.is_(None),
                )
                .values(name=name, joined=True, token_sha256=token, account_id=account)
            )
            if done.rowcount != 1:
                raise Conflict
            # (the clock of the first turn runs from the last seat filled, not the creation)
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(turn_from=_now()))
            return write_event(conn, game_id, "joined", seat, name=name, named=True)

    def fill_open_seats(self, game_id: str, seats: list[int], bot: str, name: str) -> None:
        """Give every seat of ``seats`` to a bot.

        :class:`Conflict` (and nothing changes) if one of them is no longer open.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat.in_(seats),
                    SeatRow.kind == "human",
                    SeatRow.joined == False,  # noqa: E712
                    SeatRow.token_sha256.is_(None),
                    SeatRow.invite_sha256.is_(None),
                )
                .values(kind="bot", bot=bot, name=name, joined=True)
            )
            if done.rowcount != len(seats):
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
